"""Cities & Knights: facts about a position that rules, bots and the client
ask (cities, knights and where they reach, strengths, bank ratios, what may
be improved or promoted)."""

from ...board import board_of
from ...constants import POLITICS, TRACK_COMMODITY, TRADE
from ...helpers import positions
from ...state import State

MAX_LEVEL = 5


def cities(state: State, seat: int) -> list:
    """Own cities on the board (a city reduced to a settlement is not one)."""
    level = state.node_level            # hot: asked many times a turn
    return [n for n in positions(state.node_owner, seat) if level[n] == 2]


def metropolis_nodes(state: State) -> set:
    return {n for n in state.metropolis if n != -1}


def plain_cities(state: State, seat: int, own_cities=None) -> list:
    """Own cities without a metropolis: the ones barbarians can pillage (CK-8.3)
    and the ones that can take a new metropolis (CK-6.5).  `own_cities`:
    cities(state, seat), when the caller has it already."""
    metro = metropolis_nodes(state)
    return [n for n in (cities(state, seat) if own_cities is None else own_cities) if n not in metro]


def knights_of(state: State, seat: int) -> list:
    return positions(state.knight_owner, seat)


def node_is_free(state: State, node: int) -> bool:
    return state.node_owner[node] == -1 and state.knight_owner[node] == -1


def touches_own_road(state: State, seat: int, node: int) -> bool:
    board = board_of(state)
    return any(state.edge_owner[e] == seat for e in board.node_edges[node])


def can_act(state: State, node: int) -> bool:
    """CK-7: an active knight that was not activated this turn."""
    return state.knight_active[node] == 1 and not state.knight_fresh[node]


def knight_reach(state: State, seat: int, start: int):
    """Intersections a knight of `seat` at `start` can reach along its own roads
    without passing other players' pieces (CK-7.1).  Returns (free nodes,
    nodes holding another player's knight)."""
    board = board_of(state)
    free, foreign = [], []
    seen = {start}
    frontier = [start]
    edge_owner, knight_owner, node_owner = state.edge_owner, state.knight_owner, state.node_owner
    while frontier:
        node = frontier.pop()
        for e, other in board.node_links[node]:
            if edge_owner[e] != seat or other in seen:
                continue
            seen.add(other)
            k = knight_owner[other]
            o = node_owner[other]
            if k != -1 and k != seat:
                foreign.append(other)            # may be displaced, never passed
            elif o != -1 and o != seat:
                continue                         # the road is broken here
            else:
                if o == -1 and k == -1:
                    free.append(other)
                frontier.append(other)
    return sorted(free), sorted(foreign)


def effective_ratio(state: State, seat: int, kind: int) -> int:
    """Best bank ratio for giving `kind` (B-7.2, CK-4): harbors, the trading
    house for commodities, the merchant's hex, and a Merchant Fleet."""
    return effective_ratios(state, seat)[kind]


def effective_ratios(state: State, seat: int) -> list:
    """effective_ratio for every card kind."""
    ratios = state.ratios[seat][:]
    if state.improvements[seat][TRADE] >= 3:
        for kind in range(5, len(ratios)):
            ratios[kind] = 2
    hex_, owner = state.merchant
    if owner == seat and state.terrain[hex_] < 5:
        ratios[state.terrain[hex_]] = 2
    fleet = state.fleet
    if fleet:
        for kind in range(len(ratios)):
            if fleet >> kind & 1:
                ratios[kind] = 2
    return ratios


def knight_strength(state: State, seat: int) -> int:
    """The strength of a player's active knights (CK-8.1)."""
    strength, active = state.knight_strength, state.knight_active
    return sum(strength[n] for n in positions(state.knight_owner, seat) if active[n])


def barbarian_strength(state: State) -> int:
    """CK-8.1: one per city on the board, metropolises included (a city reduced
    to a settlement does not count)."""
    return sum(1 for level in state.node_level if level == 2)


def robber_free(state) -> bool:
    """CK-3.5: the robber leaves the desert only after the first attack."""
    return state.barb_attacks > 0


def wall_spots(state, seat):
    return [n for n in cities(state, seat) if not state.wall[n]]


def recruit_spots(state, seat):
    """Free intersections at an end of an own road (CK-5.2)."""
    board = board_of(state)
    ends = {n for e in positions(state.edge_owner, seat) for n in board.edge_nodes[e]}
    return [n for n in sorted(ends) if node_is_free(state, n)]


def own_knight(state, seat, node):
    return state.knight_owner[node] == seat


def can_promote(state, seat, node, fortress_needed=True) -> bool:
    """CK-5.4: own knight, not promoted this turn, a stronger one in supply,
    mighty only with the fortress (politics level 3)."""
    if not own_knight(state, seat, node) or state.knight_promoted[node]:
        return False
    strength = state.knight_strength[node]
    if strength >= 3 or not state.knights_left[seat][strength]:
        return False
    return not (fortress_needed and strength == 2 and state.improvements[seat][POLITICS] < 3)


def improvement_cost(state, seat, track) -> int:
    """Commodities the next level of a track costs (CK-6.1; a Crane takes one off)."""
    return improvement_costs(state, seat)[track]


def improvement_costs(state, seat) -> list:
    """improvement_cost of the three tracks."""
    off = 1 if state.crane else 0
    return [max(0, level + 1 - off) for level in state.improvements[seat]]


def can_improve(state, seat, track, own_cities=None) -> str | None:
    """Reason the seat cannot take the next level of a track now, or None (CK-6).
    `own_cities`: cities(state, seat), when the caller has it already."""
    level = state.improvements[seat][track]
    if level >= MAX_LEVEL:
        return "this track is complete"
    if own_cities is None:
        own_cities = cities(state, seat)
    if not own_cities:
        return "improvements need a city on the board (CK-6.6)"
    if level >= 3:
        holder_node = state.metropolis[track]
        holds_it = holder_node != -1 and state.node_owner[holder_node] == seat
        if not holds_it and not plain_cities(state, seat, own_cities):
            return "levels 4 and 5 need a city without a metropolis (CK-6.5)"
    if state.hands[seat][TRACK_COMMODITY[track]] < improvement_cost(state, seat, track):
        return "not enough commodities for the next level (CK-6.1)"
    return None
