"""Pure translation tables between catanatron's board and ours (no catanatron import).

catanatron names tiles by cube coordinates (x, y, z) with x + y + z = 0 and
corners N, NE, SE, S, SW, NW; we use axial (q, r) hexes (game/engine/board.py)
with the same corner order.  Both grids are pointy-top and agree on
directions when hex (q, r) = tile (x = q, y = -q - r, z = r): our east step
(q + 1, r) is catanatron's EAST unit (1, -1, 0), our up-left step (q, r - 1)
its NORTHWEST unit (0, 1, -1).  catanatron numbers its 54 corners and names
paths by their two corners; `node_map` and `edge_map` turn those into our ids
and refuse any layout on which a shared corner would land on two of ours.

Card orders agree already: catanatron's RESOURCES are WOOD, BRICK, SHEEP,
WHEAT, ORE, which are our WOOD, BRICK, WOOL, GRAIN, ORE (0..4), and our
producing terrain t yields resource t.
"""

from game.engine.board import STANDARD
from game.engine.constants import (
    DESERT, KNIGHT, MONOPOLY, ROAD_BUILDING, VICTORY_POINT, YEAR_OF_PLENTY,
)

CORNERS = ("NORTH", "NORTHEAST", "SOUTHEAST", "SOUTH", "SOUTHWEST", "NORTHWEST")
RESOURCE_NAMES = ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")     # index = our card kind
DEV_NAMES = {KNIGHT: "KNIGHT", ROAD_BUILDING: "ROAD_BUILDING", YEAR_OF_PLENTY: "YEAR_OF_PLENTY",
             MONOPOLY: "MONOPOLY", VICTORY_POINT: "VICTORY_POINT"}   # our dev kind -> name

_HEX_OF_AXIAL = {c: h for h, c in enumerate(STANDARD.hex_coords)}


def cube_of_hex(h: int) -> tuple:
    q, r = STANDARD.hex_coords[h]
    return (q, -q - r, r)


def hex_of_cube(cube) -> int | None:
    """Our hex id for a catanatron land coordinate, or None off our island."""
    x, y, z = cube
    if x + y + z != 0:
        raise ValueError(f"not a cube coordinate: {cube!r}")
    return _HEX_OF_AXIAL.get((x, z))


def resource_index(name) -> int:
    """Our card kind (and terrain) for a catanatron resource name; DESERT for None."""
    return DESERT if name is None else RESOURCE_NAMES.index(name)


def node_map(tile_corners: dict) -> dict:
    """catanatron node id -> our node id, from {cube: {corner name: node id}}
    of the 19 land tiles.  Raises ValueError if the tiles do not form our
    island or a corner shared by tiles would map to two different nodes."""
    out = {}
    hexes = set()
    for cube, corners in tile_corners.items():
        h = hex_of_cube(cube)
        if h is None:
            raise ValueError(f"land tile {cube!r} is off our island")
        hexes.add(h)
        for k, name in enumerate(CORNERS):
            theirs, ours = corners[name], STANDARD.hex_nodes[h][k]
            if out.setdefault(theirs, ours) != ours:
                raise ValueError(f"corner {theirs} maps to nodes {out[theirs]} and {ours}")
    if len(hexes) != len(STANDARD.hex_coords) or sorted(out.values()) != list(range(STANDARD.num_nodes)):
        raise ValueError("the land tiles do not cover our 19 hexes and 54 corners exactly")
    return out


def edge_map(nodes: dict, their_edges) -> dict:
    """catanatron path (a, b) -> our edge id, for both orders of each path."""
    out = {}
    for a, b in their_edges:
        e = STANDARD.edge_between(nodes[a], nodes[b])       # KeyError if not adjacent for us
        out[(a, b)] = out[(b, a)] = e
    return out


def harbor_layout(nodes: dict, ports) -> tuple:
    """(harbor paths in our coast order, harbor kind per path) from catanatron
    ports given as (resource name or None for 3:1, (node a, node b)).
    catanatron's frame puts its 9 harbors on other coastal paths than our
    STANDARD.harbor_edges (6 coast paths further round), so the arena plays with this
    frame in place of ours (see `bridged_rules` in tools/arena/vs_catanatron.py)."""
    from game.engine.constants import GENERIC_HARBOR
    by_edge = {}
    for resource, (a, b) in ports:
        e = STANDARD.edge_between(nodes[a], nodes[b])
        if e not in STANDARD.coast_edges:
            raise ValueError(f"catanatron port on path {e} is not on our coast")
        by_edge[e] = GENERIC_HARBOR if resource is None else resource_index(resource)
    edges = tuple(e for e in STANDARD.coast_edges if e in by_edge)
    if len(edges) != len(STANDARD.harbor_edges):
        raise ValueError(f"expected {len(STANDARD.harbor_edges)} ports, found {len(edges)}")
    return edges, [by_edge[e] for e in edges]
