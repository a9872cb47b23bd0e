"""Pure translation tables between JSettlers' classic 4-player board and ours
(no JSettlers code, no network).

JSettlers (soc.game.SOCBoard, "v1 encoding", doc/hexcoord.gif in its
repository) names a hex by one byte 0xXY on a slanted grid: the centre
land hex is 0x77, east of a hex is +0x22, north-west -0x20, north-east
+0x02.  Both boards are pointy-top, so our axial hex (q, r) (east (q+1, r),
north-west (q, r-1); game/engine/board.py) is JSettlers hex
0x77 + 0x22 q + 0x20 r.  A hex's corners, from the top clockwise, are hex
+0x01, +0x12, +0x21, +0x10, -0x01, -0x10 -- the same order as our hex_nodes
(N, NE, SE, S, SW, NW).  A road between corners a < b is named a when
b - a = 0x11 and a - 0x01 when b - a = 0x0F.  `node_map` checks that
corners shared by neighbouring hexes land on one of our nodes each, so a
wrong assumption here fails loudly instead of playing on a scrambled board.

Resource kinds: JSettlers CLAY 1, ORE 2, SHEEP 3, WHEAT 4, WOOD 5 are our
BRICK, ORE, WOOL, GRAIN, WOOD; its land hex of a kind yields that kind, as
our terrain t yields resource t.  Development cards: JSettlers ROADS 1,
DISC(overy) 2, MONO 3, the five VP cards 4-8 and KNIGHT 9.

The board message (BOARDLAYOUT) lists 37 hexes (land and the sea ring) in
JSettlers' own order, numbers coded 0-9 for 2-6, 8-12, and the robber hex.
The sea ring holds the 9 harbors at fixed places (SOCBoard4p.PORTS_*_V1)
with their kinds shuffled: 7-12 a 3:1 harbor, 16+ a 2:1 harbor whose low
four bits are the kind.
"""

from game.engine.board import STANDARD
from game.engine.constants import (
    BRICK, DESERT, GENERIC_HARBOR, GRAIN, KNIGHT, MONOPOLY, ORE, ROAD_BUILDING, VICTORY_POINT, WOOD,
    WOOL, YEAR_OF_PLENTY,
)

# Our card kind for a JSettlers resource type (1..5), and back.
KIND_OF_JS = {1: BRICK, 2: ORE, 3: WOOL, 4: GRAIN, 5: WOOD}
JS_OF_KIND = {kind: js for js, kind in KIND_OF_JS.items()}
JS_UNKNOWN_RESOURCE = 6

# Our development kind for a JSettlers card type (0 is "unknown": another seat's card).
DEV_OF_JS = {1: ROAD_BUILDING, 2: YEAR_OF_PLENTY, 3: MONOPOLY, 4: VICTORY_POINT, 5: VICTORY_POINT,
             6: VICTORY_POINT, 7: VICTORY_POINT, 8: VICTORY_POINT, 9: KNIGHT}
JS_OF_DEV = {KNIGHT: 9, ROAD_BUILDING: 1, YEAR_OF_PLENTY: 2, MONOPOLY: 3}     # the ones a seat plays

# SOCBoard.numToHexID: the 37 hexes of the board message, in its order.
HEX_IDS = (0x17, 0x39, 0x5B, 0x7D,
           0x15, 0x37, 0x59, 0x7B, 0x9D,
           0x13, 0x35, 0x57, 0x79, 0x9B, 0xBD,
           0x11, 0x33, 0x55, 0x77, 0x99, 0xBB, 0xDD,
           0x31, 0x53, 0x75, 0x97, 0xB9, 0xDB,
           0x51, 0x73, 0x95, 0xB7, 0xD9,
           0x71, 0x93, 0xB5, 0xD7)
CORNER_OFFSETS = (0x01, 0x12, 0x21, 0x10, -0x01, -0x10)     # N, NE, SE, S, SW, NW
# SOCBoard4p: where the 9 harbors lie (index in the board message, the road
# between its two corners on land), clockwise from the upper left.
HARBOR_SPOTS = ((0, 0x27), (2, 0x5A), (8, 0x9C), (21, 0xCC), (32, 0xC9),
                (35, 0xA5), (33, 0x72), (22, 0x42), (9, 0x24))
SENT_NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)     # the board message's codes 0-9
SENT_WATER, SENT_DESERT = 6, 0


def js_hex(h: int) -> int:
    """JSettlers' hex id for our land hex h."""
    q, r = STANDARD.hex_coords[h]
    return 0x77 + 0x22 * q + 0x20 * r


def js_edge(a: int, b: int) -> int:
    """JSettlers' road id between its adjacent corners a and b."""
    lo, hi = min(a, b), max(a, b)
    if hi - lo == 0x11:
        return lo
    if hi - lo == 0x0F:
        return lo - 0x01
    raise ValueError(f"corners {a:#x} and {b:#x} are not adjacent")


def node_map() -> dict:
    """JSettlers corner id -> our node id.  Raises ValueError when a corner
    shared by two hexes would map to two of our nodes."""
    out = {}
    for h in range(STANDARD.num_hexes):
        for k, offset in enumerate(CORNER_OFFSETS):
            theirs, ours = js_hex(h) + offset, STANDARD.hex_nodes[h][k]
            if out.setdefault(theirs, ours) != ours:
                raise ValueError(f"corner {theirs:#x} maps to nodes {out[theirs]} and {ours}")
    if sorted(out.values()) != list(range(54)):
        raise ValueError("the corners do not cover our 54 nodes exactly")
    return out


NODE_OF_JS = node_map()
JS_OF_NODE = {ours: theirs for theirs, ours in NODE_OF_JS.items()}
EDGE_OF_JS = {}
for _h in range(STANDARD.num_hexes):
    for _k in range(6):
        _a, _b = STANDARD.hex_nodes[_h][_k], STANDARD.hex_nodes[_h][(_k + 1) % 6]
        EDGE_OF_JS[js_edge(JS_OF_NODE[_a], JS_OF_NODE[_b])] = STANDARD.edge_between(_a, _b)
JS_OF_EDGE = {ours: theirs for theirs, ours in EDGE_OF_JS.items()}
HEX_OF_JS = {js_hex(h): h for h in range(STANDARD.num_hexes)}
JS_OF_HEX = {h: js for js, h in HEX_OF_JS.items()}


class Layout:
    """One game's board from the BOARDLAYOUT message, in our ids."""

    def __init__(self, hexes, numbers, robber):
        if len(hexes) != len(HEX_IDS) or len(numbers) != len(HEX_IDS):
            raise ValueError(f"expected {len(HEX_IDS)} hexes and numbers, got {len(hexes)} and {len(numbers)}")
        self.terrain = [DESERT] * STANDARD.num_hexes
        self.numbers = [0] * STANDARD.num_hexes
        for i, js in enumerate(HEX_IDS):
            h = HEX_OF_JS.get(js)
            if h is None:
                continue                                # the sea ring
            value = hexes[i]
            if value == SENT_DESERT:
                self.terrain[h] = DESERT
            elif value in KIND_OF_JS:
                self.terrain[h] = KIND_OF_JS[value]       # terrain t yields resource t
            else:
                raise ValueError(f"land hex {js:#x} has type {value}")
            code = numbers[i]
            self.numbers[h] = 0 if code < 0 else SENT_NUMBERS[code]
        if robber not in HEX_OF_JS:
            raise ValueError(f"robber on {robber:#x}, not a land hex")
        self.robber = HEX_OF_JS[robber]
        by_edge = {}
        for index, road in HARBOR_SPOTS:
            value = hexes[index]
            if 7 <= value <= 12:
                kind = GENERIC_HARBOR
            elif value >= 16 and (value & 0x0F) in KIND_OF_JS:
                kind = KIND_OF_JS[value & 0x0F]
            else:
                raise ValueError(f"no harbor at hex {HEX_IDS[index]:#x} (type {value})")
            e = EDGE_OF_JS[road]
            if e not in STANDARD.coast_edges:
                raise ValueError(f"harbor road {road:#x} is not on our coast")
            by_edge[e] = kind
        # Our harbor spots in our coast order: JSettlers' frame, which the
        # arena plays in our engine's place (vs_catanatron.bridged_rules).
        self.harbor_edges = tuple(e for e in STANDARD.coast_edges if e in by_edge)
        if len(self.harbor_edges) != len(STANDARD.harbor_edges):
            raise ValueError("expected 9 harbors")
        self.harbors = [by_edge[e] for e in self.harbor_edges]


def resources_js(counts) -> list:
    """Our five card counts as JSettlers' order clay, ore, sheep, wheat, wood."""
    return [counts[KIND_OF_JS[js]] for js in range(1, 6)]


def resources_ours(js_counts) -> list:
    """JSettlers' clay, ore, sheep, wheat, wood counts as our five card counts."""
    out = [0] * 5
    for js, n in zip(range(1, 6), js_counts):
        out[KIND_OF_JS[js]] += n
    return out

