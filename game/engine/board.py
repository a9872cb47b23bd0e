"""Board topology and layouts (B-1.1 … B-1.3, B-2).

The topology (19 land hexes, 54 intersections, 72 paths, 9 harbor spots) is
computed once at import from integer coordinates and never changes.  A
*layout* says what lies where for one game: terrain per hex, number token per
hex and harbor kind per harbor spot.  Ids are small integers in a fixed order
so that states serialize compactly and deterministically.

Geometry: pointy-top hexes in rows of 3-4-5-4-3, axial coordinates (q, r).
A hex centre sits at integer point (2q + r, 3r); its corners are at
(x, y-2), (x+1, y-1), (x+1, y+1), (x, y+2), (x-1, y+1), (x-1, y-1) — the
x unit is half a hex width, the y unit a quarter of the hex height.
"""

import functools

from .constants import (
    BRICK, DESERT, FIELDS, FOREST, GENERIC_HARBOR, GRAIN, HILLS, MOUNTAINS,
    ORE, PASTURE, WOOD, WOOL,
)

# --- hexes -----------------------------------------------------------------
HEX_COORDS = tuple(
    (q, r)
    for r in range(-2, 3)
    for q in range(-2, 3)
    if -2 <= q + r <= 2
)
NUM_HEXES = len(HEX_COORDS)                      # 19
_HEX_INDEX = {c: i for i, c in enumerate(HEX_COORDS)}
_AXIAL_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

HEX_CENTER = tuple((2 * q + r, 3 * r) for q, r in HEX_COORDS)
HEX_NEIGHBORS = tuple(
    tuple(_HEX_INDEX[(q + dq, r + dr)] for dq, dr in _AXIAL_DIRS if (q + dq, r + dr) in _HEX_INDEX)
    for q, r in HEX_COORDS
)

_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))

# --- intersections (nodes) and paths (edges) --------------------------------
_corner_points = sorted(
    {(x + dx, y + dy) for x, y in HEX_CENTER for dx, dy in _CORNER_OFFSETS},
    key=lambda p: (p[1], p[0]),
)
NODE_POINT = tuple(_corner_points)               # integer (x, y) of each node
NUM_NODES = len(NODE_POINT)                      # 54
_NODE_INDEX = {p: i for i, p in enumerate(NODE_POINT)}

HEX_NODES = tuple(
    tuple(_NODE_INDEX[(x + dx, y + dy)] for dx, dy in _CORNER_OFFSETS)
    for x, y in HEX_CENTER
)

_edge_set = set()
for _nodes in HEX_NODES:
    for _k in range(6):
        _a, _b = _nodes[_k], _nodes[(_k + 1) % 6]
        _edge_set.add((min(_a, _b), max(_a, _b)))
EDGE_NODES = tuple(sorted(_edge_set))
NUM_EDGES = len(EDGE_NODES)                      # 72
_EDGE_INDEX = {e: i for i, e in enumerate(EDGE_NODES)}


def edge_between(a: int, b: int) -> int:
    """The path id joining two adjacent intersections."""
    return _EDGE_INDEX[(min(a, b), max(a, b))]


NODE_HEXES = tuple(
    tuple(h for h in range(NUM_HEXES) if n in HEX_NODES[h]) for n in range(NUM_NODES)
)
NODE_EDGES = tuple(
    tuple(e for e in range(NUM_EDGES) if n in EDGE_NODES[e]) for n in range(NUM_NODES)
)
NODE_NEIGHBORS = tuple(
    tuple(EDGE_NODES[e][0] if EDGE_NODES[e][1] == n else EDGE_NODES[e][1] for e in NODE_EDGES[n])
    for n in range(NUM_NODES)
)
# For each node, (edge, other end) pairs: the inner loop of road searches.
NODE_LINKS = tuple(
    tuple(zip(NODE_EDGES[n], NODE_NEIGHBORS[n])) for n in range(NUM_NODES)
)
EDGE_HEXES = tuple(
    tuple(h for h in range(NUM_HEXES) if a in HEX_NODES[h] and b in HEX_NODES[h])
    for a, b in EDGE_NODES
)
HEX_EDGES = tuple(
    tuple(edge_between(ns[k], ns[(k + 1) % 6]) for k in range(6)) for ns in HEX_NODES
)


def _coast_cycle() -> tuple:
    """Coastal paths (touching one land hex) in clockwise order around the island,
    starting at the top corner of the top-left hex."""
    coastal = [e for e in range(NUM_EDGES) if len(EDGE_HEXES[e]) == 1]
    by_node = {}
    for e in coastal:
        for n in EDGE_NODES[e]:
            by_node.setdefault(n, []).append(e)
    start = HEX_NODES[0][0]
    # Clockwise on screen (y down) from the top corner means heading right first.
    first = max(by_node[start], key=lambda e: NODE_POINT[sum(EDGE_NODES[e]) - start][0])
    cycle, node, edge = [], start, first
    while True:
        cycle.append(edge)
        node = EDGE_NODES[edge][0] + EDGE_NODES[edge][1] - node
        nxt = [e for e in by_node[node] if e != edge][0]
        if nxt == first:
            return tuple(cycle)
        edge = nxt


COAST_EDGES = _coast_cycle()                     # 30 paths

# 9 harbor spots on the coast: harbor and plain sea frame pieces alternate
# (B-1.3), which on the 30 coastal paths gives gaps of 3, 3, 4 repeated.
HARBOR_EDGES = tuple(COAST_EDGES[i] for i in (0, 3, 6, 10, 13, 16, 20, 23, 26))
NUM_HARBORS = len(HARBOR_EDGES)

# --- the number-token spiral (B-2.3) -----------------------------------------
NUMBER_SEQUENCE = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)  # letters A..R
RED_NUMBERS = (6, 8)


def _ring(radius: int, start_dir: int) -> list:
    """Hexes at `radius` from the centre, starting at the corner in direction
    `start_dir`, walking counter-clockwise as seen on screen."""
    q, r = (_AXIAL_DIRS[start_dir][0] * radius, _AXIAL_DIRS[start_dir][1] * radius)
    out = []
    for side in range(6):
        # Walking direction for this side: two steps further round the compass.
        dq, dr = _AXIAL_DIRS[(start_dir + 2 + side) % 6]
        for _ in range(radius):
            out.append(_HEX_INDEX[(q, r)])
            q, r = q + dq, r + dr
    return out


@functools.cache            # six corners; every random board asks for one
def spiral(start_corner: int) -> tuple:
    """All 19 hexes: outer ring, inner ring, centre, from corner `start_corner` (0..5)
    counter-clockwise, outside in (almanac 'Opbouw, variabele')."""
    return tuple(_ring(2, start_corner) + _ring(1, start_corner) + [_HEX_INDEX[(0, 0)]])


def _check_spiral_turns_counter_clockwise() -> None:
    # Screen y grows downward, so a counter-clockwise turn has a negative cross product.
    a, b, c = (HEX_CENTER[h] for h in spiral(0)[:3])
    cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
    assert cross <= 0 and spiral(0)[0] != spiral(0)[1]


_check_spiral_turns_counter_clockwise()


def reds_adjacent(numbers) -> bool:
    """True if two red number tokens (6/8) lie on neighbouring hexes (B-2.4)."""
    for h in range(NUM_HEXES):
        if numbers[h] in RED_NUMBERS:
            for g in HEX_NEIGHBORS[h]:
                if numbers[g] in RED_NUMBERS:
                    return True
    return False


def lay_numbers(terrain, start_corner: int):
    """Lay NUMBER_SEQUENCE along the spiral, skipping the desert (B-2.3).  When a
    red token would touch an already laid red one, it is swapped with the next
    token in the sequence that fits (B-2.4).  Returns the numbers per hex (0 on
    the desert), or None if no swap can separate the reds from this corner."""
    numbers = [0] * NUM_HEXES
    seq = list(NUMBER_SEQUENCE)
    order = [h for h in spiral(start_corner) if terrain[h] != DESERT]
    for i, h in enumerate(order):
        if seq[i] in RED_NUMBERS and any(numbers[g] in RED_NUMBERS for g in HEX_NEIGHBORS[h]):
            for j in range(i + 1, len(seq)):
                if seq[j] not in RED_NUMBERS:
                    seq[i], seq[j] = seq[j], seq[i]
                    break
            else:
                return None
        numbers[h] = seq[i]
    return None if reds_adjacent(numbers) else numbers


# --- layouts -----------------------------------------------------------------
TERRAIN_BAG = (FOREST,) * 4 + (PASTURE,) * 4 + (FIELDS,) * 4 + (HILLS,) * 3 + (MOUNTAINS,) * 3 + (DESERT,)
HARBOR_BAG = (GENERIC_HARBOR,) * 4 + (WOOD, BRICK, WOOL, GRAIN, ORE)

# The beginner board (B-2.6): a fixed, balanced island, rows top to bottom.
BEGINNER_TERRAIN = (
    MOUNTAINS, PASTURE, FOREST,
    FIELDS, HILLS, PASTURE, HILLS,
    FIELDS, FOREST, DESERT, FOREST, MOUNTAINS,
    FOREST, MOUNTAINS, FIELDS, PASTURE,
    HILLS, FIELDS, PASTURE,
)
BEGINNER_NUMBERS = (
    10, 2, 9,
    12, 6, 4, 10,
    9, 11, 0, 3, 8,
    8, 3, 4, 5,
    5, 6, 11,
)
BEGINNER_HARBORS = (GENERIC_HARBOR, WOOL, GENERIC_HARBOR, GENERIC_HARBOR, BRICK,
                    WOOD, GENERIC_HARBOR, GRAIN, ORE)


def beginner_layout():
    return list(BEGINNER_TERRAIN), list(BEGINNER_NUMBERS), list(BEGINNER_HARBORS)


def random_layout(rng):
    """Variable setup (B-2.2 … B-2.5): shuffled land hexes, numbers laid along the
    spiral from a random corner, shuffled harbors."""
    while True:
        terrain = list(TERRAIN_BAG)
        rng.shuffle(terrain)
        first = rng.below(6)
        for k in range(6):   # another corner if the swap rule cannot help
            numbers = lay_numbers(terrain, (first + k) % 6)
            if numbers is not None:
                harbors = list(HARBOR_BAG)
                rng.shuffle(harbors)
                return terrain, numbers, harbors


def harbor_nodes(harbors):
    """Map node -> harbor kind for a layout's harbor list."""
    out = {}
    for spot, kind in enumerate(harbors):
        for n in EDGE_NODES[HARBOR_EDGES[spot]]:
            out[n] = kind
    return out
