"""Facts about a position that every computer player reads: production in
pips, where a seat could build, what a hand is short of.

Everything here reads only what a seat's view holds (the board, public
counts, and the seat's own hand); nothing draws randomness.
"""

from game.engine.board import board_of
from game.engine.constants import COMMODITY_OF_TERRAIN, DESERT, GENERIC_HARBOR
from game.engine.state import is_ck

# Ways to roll each number with two dice: a hex's expected yield is pips / 36 per roll.
PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)


def node_pips(state, node, skip_robber=False) -> list:
    """Pips per resource kind (5) of the hexes around an intersection."""
    board = board_of(state)
    out = [0] * 5
    for h in board.node_hexes[node]:
        t = state.terrain[h]
        if t != DESERT and not (skip_robber and h == state.robber):
            out[t] += PIPS[state.numbers[h]]
    return out


def seat_production(state, seat, skip_robber=True) -> list:
    """Expected cards per 36 rolls, per card kind, from a seat's buildings
    (cities in Cities & Knights take a commodity on forest, pasture and mountains)."""
    board = board_of(state)
    ck = is_ck(state)
    out = [0] * len(state.bank)
    owner, level, terrain, numbers = state.node_owner, state.node_level, state.terrain, state.numbers
    robber = state.robber if skip_robber else -1
    for node in range(len(owner)):
        if owner[node] != seat:
            continue
        lv = level[node]
        for h in board.node_hexes[node]:
            t = terrain[h]
            if t == DESERT or h == robber:
                continue
            p = PIPS[numbers[h]]
            if lv == 2 and ck:
                out[t] += p
                out[COMMODITY_OF_TERRAIN.get(t, t)] += p
            else:
                out[t] += p * lv
    return out


_HARBOR_CACHE = {}


def harbor_at(state) -> dict:
    board = board_of(state)
    key = tuple(state.harbors)
    found = _HARBOR_CACHE.get(key)
    if found is None:
        if len(_HARBOR_CACHE) > 256:
            _HARBOR_CACHE.clear()
        found = _HARBOR_CACHE[key] = board.harbor_nodes(state.harbors)
    return found


def free_for_settlement(state, node) -> bool:
    """B-3.3 distance rule, and no knight standing there (CK)."""
    board = board_of(state)
    owner = state.node_owner
    if owner[node] != -1:
        return False
    if state.knight_owner[node] != -1:
        return False
    for m in board.node_neighbors[node]:
        if owner[m] != -1:
            return False
    return True


def network_nodes(state, seat) -> set:
    """Intersections the seat's road network reaches (and its buildings)."""
    board = board_of(state)
    nodes = set()
    eo = state.edge_owner
    for e in range(len(eo)):
        if eo[e] == seat:
            a, b = board.edge_nodes[e]
            nodes.add(a)
            nodes.add(b)
    for n in range(len(state.node_owner)):
        if state.node_owner[n] == seat:
            nodes.add(n)
    return nodes


def _passable(state, seat, node):
    o, k = state.node_owner[node], state.knight_owner[node]
    return (o == -1 or o == seat) and (k == -1 or k == seat)


_SPOTS_CACHE = {}


def spots_by_distance(state, seat, reach=2) -> dict:
    """Free settlement spots by how many new roads they need (0 = buildable now,
    up to `reach`): node -> roads needed.  Remembered by the pieces on the
    board: a search meets the same board in many of its positions."""
    key = (seat, reach, tuple(state.edge_owner), tuple(state.node_owner), tuple(state.knight_owner))
    found = _SPOTS_CACHE.get(key)
    if found is None:
        if len(_SPOTS_CACHE) > 4096:
            _SPOTS_CACHE.clear()
        found = _SPOTS_CACHE[key] = _spots_by_distance(state, seat, reach)
    return dict(found)          # a copy: callers may change theirs


def _spots_by_distance(state, seat, reach) -> dict:
    board = board_of(state)
    eo = state.edge_owner
    frontier = {n for n in network_nodes(state, seat) if _passable(state, seat, n)}
    # Nodes touching own road at distance 0.
    dist = {}
    for n in frontier:
        if any(eo[e] == seat for e in board.node_edges[n]):
            dist[n] = 0
    seen = set(frontier)
    layer = set(frontier)
    for d in range(1, reach + 1):
        nxt = set()
        for n in layer:
            if not _passable(state, seat, n):
                continue
            for e in board.node_edges[n]:
                if eo[e] != -1:
                    continue
                a, b = board.edge_nodes[e]
                m = b if a == n else a
                if m not in seen:
                    seen.add(m)
                    nxt.add(m)
                    dist[m] = d
        layer = nxt
    return {n: d for n, d in dist.items() if free_for_settlement(state, n)}


def missing(hand, cost) -> int:
    """Cards a hand lacks for a cost."""
    short = 0
    for kind, k in cost:
        if hand[kind] < k:
            short += k - hand[kind]
    return short


def surplus(hand, cost) -> list:
    """Counts per kind beyond what a cost needs."""
    out = list(hand)
    for kind, k in cost:
        out[kind] = max(0, out[kind] - k)
    return out


def about_to_win(state, seat) -> bool:
    """Whether `seat` is within 2 points of the target (hidden VP cards may
    close the gap): a player nobody should help."""
    return state.vp_public[seat] + 2 >= state.config["vp_target"]


GENERIC = GENERIC_HARBOR
