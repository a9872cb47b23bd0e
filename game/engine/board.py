"""Board topology and layouts (B-1.1 … B-1.3, B-2; X-1.2 … X-1.4).

A `Board` is the topology of one island: its land hexes, the intersections
(nodes) and paths (edges) between them and the harbor spots on its coast,
computed once at import from integer coordinates and never changed.  There
are two: `STANDARD`, the base game's 19 hexes in rows of 3-4-5-4-3, and
`LARGE`, the 5–6 player extension's 30 hexes in rows of 3-4-5-6-5-4-3
(X-1.2).  The seat count chooses it: `board_of(state)` (a state of 5 or 6
seats plays the large island), the one way to ask.

A *layout* says what lies where for one game: terrain per hex, number token
per hex and harbor kind per harbor spot.  Ids are small integers in a fixed
order so that states serialize compactly and deterministically; the standard
board's ids are the same as they ever were, so old games replay.

Geometry: pointy-top hexes in rows, axial coordinates (q, r).  A hex centre
sits at integer point (2q + r, 3r); its corners are at (x, y-2), (x+1, y-1),
(x+1, y+1), (x, y+2), (x-1, y+1), (x-1, y-1) — the x unit is half a hex
width, the y unit a quarter of the hex height.
"""

import functools

from .constants import (
    BRICK, DESERT, FIELDS, FOREST, GENERIC_HARBOR, GRAIN, HILLS, MOUNTAINS,
    ORE, PASTURE, WOOD, WOOL,
)

_AXIAL_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
RED_NUMBERS = (6, 8)


def _row_coords(row_lengths) -> tuple:
    """Axial coordinates of an island given by its rows' lengths, top to
    bottom, each row centred (rows of even and odd length alternate half a
    hex), in the order of the ids: row by row, left to right."""
    middle = len(row_lengths) // 2
    coords = []
    for i, length in enumerate(row_lengths):
        r = i - middle
        q0 = -((length - 1 + r) // 2)
        coords.extend((q, r) for q in range(q0, q0 + length))
    return tuple(coords)


def _cross(o, a, b) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _counter_clockwise(points, centre, start) -> list:
    """Indices of `points` in counter-clockwise order on screen (y grows
    downward) around `centre`, from the first at or after direction `start`.
    Exact: integer half-planes and cross products, no angles."""
    def half(p):
        # Upper half first (screen y smaller), then lower: a turn of 360 degrees
        # counter-clockwise from due east.
        dx, dy = p[0] - centre[0], p[1] - centre[1]
        return 0 if dy < 0 or (dy == 0 and dx > 0) else 1

    def before(i, j):
        a, b = points[i], points[j]
        if half(a) != half(b):
            return half(a) - half(b)
        return _cross(centre, a, b)       # negative: a comes first (b lies further counter-clockwise)

    ordered = sorted(range(len(points)), key=functools.cmp_to_key(before))
    keys = [(half(points[i]), i) for i in ordered]
    start_half = half(start)
    for k, i in enumerate(ordered):
        h = keys[k][0]
        if h > start_half or (h == start_half and _cross(centre, start, points[i]) <= 0):
            return ordered[k:] + ordered[:k]
    return ordered


class Board:
    """One island's topology and the pieces of its layouts.

    Attributes (all tuples, indexed by id): `hex_coords`, `hex_center`,
    `hex_neighbors`, `hex_nodes` (each hex's six corners, top then clockwise),
    `hex_edges` (side k joins corners k and k+1), `node_point`, `node_hexes`,
    `node_edges`, `node_neighbors`, `node_links` ((edge, other end) pairs),
    `edge_nodes`, `edge_hexes`, `coast_edges` (clockwise from the top corner of
    hex 0), `harbor_edges` (the coast paths harbors lie on), and the counts
    `num_hexes`, `num_nodes`, `num_edges`, `num_harbors`.  The layouts' pieces:
    `terrain_bag`, `number_sequence` (the tokens in letter order),
    `harbor_bag` and the fixed beginner layout (`beginner` is its terrain,
    numbers and harbors; numbers None lays the tokens in letter order from the
    first corner)."""

    def __init__(self, name: str, row_lengths: tuple, harbor_spots: tuple, terrain_bag: tuple,
                 number_sequence: tuple, harbor_bag: tuple, beginner: tuple):
        self.name = name
        self.row_lengths = tuple(row_lengths)
        self.hex_coords = _row_coords(row_lengths)
        self.num_hexes = len(self.hex_coords)
        index = {c: i for i, c in enumerate(self.hex_coords)}
        self.hex_center = tuple((2 * q + r, 3 * r) for q, r in self.hex_coords)
        self.hex_neighbors = tuple(
            tuple(index[(q + dq, r + dr)] for dq, dr in _AXIAL_DIRS if (q + dq, r + dr) in index)
            for q, r in self.hex_coords)
        points = sorted({(x + dx, y + dy) for x, y in self.hex_center for dx, dy in _CORNER_OFFSETS},
                        key=lambda p: (p[1], p[0]))
        self.node_point = tuple(points)
        self.num_nodes = len(points)
        node_index = {p: i for i, p in enumerate(points)}
        self.hex_nodes = tuple(tuple(node_index[(x + dx, y + dy)] for dx, dy in _CORNER_OFFSETS)
                               for x, y in self.hex_center)
        edges = {(min(ns[k], ns[(k + 1) % 6]), max(ns[k], ns[(k + 1) % 6]))
                 for ns in self.hex_nodes for k in range(6)}
        self.edge_nodes = tuple(sorted(edges))
        self.num_edges = len(self.edge_nodes)
        self._edge_index = {e: i for i, e in enumerate(self.edge_nodes)}
        hexes_of = [[] for _ in range(self.num_nodes)]
        for h, ns in enumerate(self.hex_nodes):
            for n in ns:
                hexes_of[n].append(h)
        self.node_hexes = tuple(tuple(hs) for hs in hexes_of)
        edges_of = [[] for _ in range(self.num_nodes)]
        for e, (a, b) in enumerate(self.edge_nodes):
            edges_of[a].append(e)
            edges_of[b].append(e)
        self.node_edges = tuple(tuple(es) for es in edges_of)
        self.node_neighbors = tuple(
            tuple(sum(self.edge_nodes[e]) - n for e in self.node_edges[n]) for n in range(self.num_nodes))
        self.node_links = tuple(tuple(zip(self.node_edges[n], self.node_neighbors[n]))
                                for n in range(self.num_nodes))
        self.edge_hexes = tuple(tuple(h for h in self.node_hexes[a] if h in self.node_hexes[b])
                                for a, b in self.edge_nodes)
        self.hex_edges = tuple(tuple(self.edge_between(ns[k], ns[(k + 1) % 6]) for k in range(6))
                               for ns in self.hex_nodes)
        self.coast_edges = self._coast_cycle()
        self.harbor_edges = tuple(self.coast_edges[i] for i in harbor_spots)
        self.num_harbors = len(self.harbor_edges)
        self.terrain_bag = tuple(terrain_bag)
        self.number_sequence = tuple(number_sequence)
        self.harbor_bag = tuple(harbor_bag)
        self._rings = self._layers()
        terrain, numbers, harbors = beginner
        if numbers is None:     # the tokens in letter order from the first corner
            numbers = self.lay_numbers(terrain, 0)
        self._beginner = (tuple(terrain), tuple(numbers), tuple(harbors))
        self._check()

    def __repr__(self):
        return f"Board({self.name!r})"

    def edge_between(self, a: int, b: int) -> int:
        """The path id joining two adjacent intersections."""
        return self._edge_index[(min(a, b), max(a, b))]

    # --- the coast ----------------------------------------------------------------

    def _coast_cycle(self) -> tuple:
        """Coastal paths (touching one land hex) in clockwise order around the
        island, starting at the top corner of the top-left hex."""
        coastal = [e for e in range(self.num_edges) if len(self.edge_hexes[e]) == 1]
        by_node = {}
        for e in coastal:
            for n in self.edge_nodes[e]:
                by_node.setdefault(n, []).append(e)
        start = self.hex_nodes[0][0]
        # Clockwise on screen (y down) from the top corner means heading right first.
        first = max(by_node[start], key=lambda e: self.node_point[sum(self.edge_nodes[e]) - start][0])
        cycle, node, edge = [], start, first
        while True:
            cycle.append(edge)
            node = sum(self.edge_nodes[edge]) - node
            nxt = [e for e in by_node[node] if e != edge][0]
            if nxt == first:
                return tuple(cycle)
            edge = nxt

    # --- the number-token spiral (B-2.3, X-1.3) ------------------------------------

    def _layers(self) -> list:
        """The island peeled like an onion: the hexes of each ring, outside in."""
        left, layers = set(range(self.num_hexes)), []
        while left:
            ring = sorted(h for h in left if sum(g in left for g in self.hex_neighbors[h]) < 6)
            layers.append(ring)
            left -= set(ring)
        return layers

    @functools.cache        # six corners; every random board asks for one
    def spiral(self, start_corner: int) -> tuple:
        """All hexes: the outer ring from corner `start_corner` (0..5, counter-
        clockwise from the east corner), then each inner ring from the hex in
        the same direction, counter-clockwise, outside in (almanac 'Opbouw,
        variabele')."""
        outer = self._rings[0]
        corners = [h for h in outer if len(self.hex_neighbors[h]) == 3]
        xs = [x for x, _ in self.hex_center]
        ys = [y for _, y in self.hex_center]
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        east = (centre[0] + 1, centre[1])
        corner_order = _counter_clockwise([self.hex_center[h] for h in corners], centre, east)
        start = self.hex_center[corners[corner_order[start_corner]]]
        order = []
        for ring in self._rings:
            points = [self.hex_center[h] for h in ring]
            order += [ring[i] for i in _counter_clockwise(points, centre, start)]
        return tuple(order)

    def reds_adjacent(self, numbers) -> bool:
        """True if two red number tokens (6/8) lie on neighbouring hexes (B-2.4)."""
        for h in range(self.num_hexes):
            if numbers[h] in RED_NUMBERS:
                for g in self.hex_neighbors[h]:
                    if numbers[g] in RED_NUMBERS:
                        return True
        return False

    def lay_numbers(self, terrain, start_corner: int):
        """Lay the number sequence along the spiral, skipping the deserts (B-2.3).
        When a red token would touch an already laid red one, it is swapped
        with the next token in the sequence that fits (B-2.4).  Returns the
        numbers per hex (0 on a desert), or None if no swap can separate the
        reds from this corner."""
        numbers = [0] * self.num_hexes
        seq = list(self.number_sequence)
        order = [h for h in self.spiral(start_corner) if terrain[h] != DESERT]
        for i, h in enumerate(order):
            if seq[i] in RED_NUMBERS and any(numbers[g] in RED_NUMBERS for g in self.hex_neighbors[h]):
                for j in range(i + 1, len(seq)):
                    if seq[j] not in RED_NUMBERS:
                        seq[i], seq[j] = seq[j], seq[i]
                        break
                else:
                    return None
            numbers[h] = seq[i]
        return None if self.reds_adjacent(numbers) else numbers

    # --- layouts --------------------------------------------------------------------

    def beginner_layout(self):
        terrain, numbers, harbors = self._beginner
        return list(terrain), list(numbers), list(harbors)

    def random_layout(self, rng):
        """Variable setup (B-2.2 … B-2.5): shuffled land hexes, numbers laid along
        the spiral from a random corner, shuffled harbors."""
        while True:
            terrain = list(self.terrain_bag)
            rng.shuffle(terrain)
            first = rng.below(6)
            for k in range(6):   # another corner if the swap rule cannot help
                numbers = self.lay_numbers(terrain, (first + k) % 6)
                if numbers is not None:
                    harbors = list(self.harbor_bag)
                    rng.shuffle(harbors)
                    return terrain, numbers, harbors

    def harbor_nodes(self, harbors) -> dict:
        """Map node -> harbor kind for a layout's harbor list."""
        out = {}
        for spot, kind in enumerate(harbors):
            for n in self.edge_nodes[self.harbor_edges[spot]]:
                out[n] = kind
        return out

    def _check(self) -> None:
        assert len(self.terrain_bag) == self.num_hexes
        assert len(self.number_sequence) == self.num_hexes - self.terrain_bag.count(DESERT)
        assert len(self.harbor_bag) == self.num_harbors
        terrain, numbers, harbors = self._beginner
        assert sorted(terrain) == sorted(self.terrain_bag) and len(harbors) == self.num_harbors
        assert sorted(x for x in numbers if x) == sorted(self.number_sequence)
        assert not self.reds_adjacent(numbers)
        assert sum(len(ring) for ring in self._rings) == self.num_hexes


# --- the base game's island (B-1, B-2) --------------------------------------------------------

# The 30 coastal paths carry 9 harbors: harbor and plain sea frame pieces
# alternate (B-1.3), which gives gaps of 3, 3, 4 repeated.
_STANDARD_HARBOR_SPOTS = (0, 3, 6, 10, 13, 16, 20, 23, 26)
_STANDARD_TERRAIN = (FOREST,) * 4 + (PASTURE,) * 4 + (FIELDS,) * 4 + (HILLS,) * 3 + (MOUNTAINS,) * 3 + (DESERT,)
_STANDARD_NUMBERS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)   # letters A..R
_STANDARD_HARBORS = (GENERIC_HARBOR,) * 4 + (WOOD, BRICK, WOOL, GRAIN, ORE)
# The beginner board (B-2.6): a fixed, balanced island, rows top to bottom.
_STANDARD_BEGINNER = (
    (MOUNTAINS, PASTURE, FOREST,
     FIELDS, HILLS, PASTURE, HILLS,
     FIELDS, FOREST, DESERT, FOREST, MOUNTAINS,
     FOREST, MOUNTAINS, FIELDS, PASTURE,
     HILLS, FIELDS, PASTURE),
    (10, 2, 9,
     12, 6, 4, 10,
     9, 11, 0, 3, 8,
     8, 3, 4, 5,
     5, 6, 11),
    (GENERIC_HARBOR, WOOL, GENERIC_HARBOR, GENERIC_HARBOR, BRICK, WOOD, GENERIC_HARBOR, GRAIN, ORE),
)

STANDARD = Board("standard", (3, 4, 5, 4, 3), _STANDARD_HARBOR_SPOTS, _STANDARD_TERRAIN, _STANDARD_NUMBERS,
                 _STANDARD_HARBORS, _STANDARD_BEGINNER)


# --- the 5–6 player extension's island (X-1.2 …) -----------------------------------------

# 30 land hexes: the base game's 19 and the extension's 11.
_LARGE_TERRAIN = (FOREST,) * 6 + (PASTURE,) * 6 + (FIELDS,) * 6 + (HILLS,) * 5 + (MOUNTAINS,) * 5 + (DESERT,) * 2
# The extension's 28 tokens in letter order A … Y, Za, Zb, Zc: 2 and 12 twice,
# every other number three times.
_LARGE_NUMBERS = (2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6)
# 11 harbors: the base game's 9, one more 3:1 and one more wool 2:1.
_LARGE_HARBORS = (GENERIC_HARBOR,) * 5 + (WOOD, BRICK, WOOL, WOOL, GRAIN, ORE)
# The 38 coastal paths carry the 11 harbors, a harbor and plain sea alternating
# as on the base frame, with the extension's pieces between (gaps of 3 and 4).
_LARGE_HARBOR_SPOTS = (0, 3, 7, 10, 14, 17, 21, 24, 28, 31, 35)
# The rule book has no fixed first-game island for five and six (its additions
# are the larger board and the Special Building Phase only): this fixed island
# keeps every resource on a spread of numbers, each desert apart, the tokens in
# letter order along the spiral from the east corner.
_LARGE_BEGINNER_TERRAIN = (
    MOUNTAINS, PASTURE, FOREST,
    FIELDS, HILLS, FOREST, PASTURE,
    PASTURE, FOREST, MOUNTAINS, FIELDS, HILLS,
    HILLS, FIELDS, DESERT, FOREST, PASTURE, MOUNTAINS,
    FOREST, MOUNTAINS, FIELDS, DESERT, FIELDS,
    PASTURE, HILLS, FIELDS, FOREST,
    MOUNTAINS, PASTURE, HILLS,
)
_LARGE_BEGINNER_HARBORS = (GENERIC_HARBOR, WOOL, GENERIC_HARBOR, BRICK, GENERIC_HARBOR, WOOD,
                           GENERIC_HARBOR, GRAIN, WOOL, GENERIC_HARBOR, ORE)


LARGE = Board("large", (3, 4, 5, 6, 5, 4, 3), _LARGE_HARBOR_SPOTS, _LARGE_TERRAIN, _LARGE_NUMBERS,
              _LARGE_HARBORS, (_LARGE_BEGINNER_TERRAIN, None, _LARGE_BEGINNER_HARBORS))

# The island of each seat count: the extension's for five and six.
BOARD_BY_SEATS = (STANDARD,) * 5 + (LARGE, LARGE)
BOARDS = (STANDARD, LARGE)


def board_of(game) -> Board:
    """The island a game is played on: `game` is a State (any copy) or a config."""
    n = game["players"] if isinstance(game, dict) else game.n
    return BOARD_BY_SEATS[n]


_BY_PATHS = {board.num_edges: board for board in BOARDS}


def board_of_paths(edge_owner) -> Board:
    """The island a list with an entry per path (a state's `edge_owner`) belongs to."""
    return _BY_PATHS[len(edge_owner)]
