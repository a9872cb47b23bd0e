"""Base rules: placing and building roads, settlements and cities (B-3, B-6),
where each may go, and the Longest Road (B-8.2 … B-8.4)."""

from ...board import board_of
from ...constants import (
    BRICK, COST_CITY, COST_ROAD, COST_SETTLEMENT, DESERT, GENERIC_HARBOR, GRAIN, LONGEST_ROAD_MIN, ORE,
    WOOD, WOOL,
)
from ...helpers import IllegalCommand, afford, need_turn, pay, positions, take_from_bank
from ...longest_road import road_length
from ...ruleset import resume
from ...state import MAIN, ROAD_BUILDING, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, State


# --- where pieces may go ---------------------------------------------------------------

def distance_ok(state: State, node: int) -> bool:
    """B-3.3: the intersection and its neighbours hold no settlement or city."""
    board = board_of(state)
    owner = state.node_owner
    if owner[node] != -1:
        return False
    for m in board.node_neighbors[node]:
        if owner[m] != -1:
            return False
    return True


def passable(state: State, seat: int, node: int) -> bool:
    """Can seat's road network continue through this intersection (B-6.2)?  Another
    player's building breaks it, and so does another player's knight where a rule
    set has knights."""
    o = state.node_owner[node]
    k = state.knight_owner[node]
    return (o == -1 or o == seat) and (k == -1 or k == seat)


def road_spot_ok(state: State, seat: int, edge: int) -> bool:
    board = board_of(state)
    if state.edge_owner[edge] != -1:
        return False
    eo = state.edge_owner
    for n in board.edge_nodes[edge]:
        if state.node_owner[n] == seat:
            return True
        if passable(state, seat, n):
            for e in board.node_edges[n]:
                if eo[e] == seat:
                    return True
    return False


def road_spots(state: State, seat: int) -> list:
    board = board_of(state)
    eo, owner, knight = state.edge_owner, state.node_owner, state.knight_owner
    ends = set()
    for e in positions(eo, seat):
        ends.update(board.edge_nodes[e])
    spots = set()
    for n in ends:
        o, k = owner[n], knight[n]
        if (o == -1 or o == seat) and (k == -1 or k == seat):      # passable, asked inline
            for f in board.node_edges[n]:
                if eo[f] == -1:
                    spots.add(f)
    for n in positions(owner, seat):
        for f in board.node_edges[n]:
            if eo[f] == -1:
                spots.add(f)
    return sorted(spots)


def settlement_spot_ok(state: State, seat: int, node: int) -> bool:
    board = board_of(state)
    if state.knight_owner[node] != -1 or not distance_ok(state, node):
        return False
    eo = state.edge_owner
    for e in board.node_edges[node]:
        if eo[e] == seat:
            return True
    return False


def settlement_spots(state: State, seat: int) -> list:
    # Only the ends of the seat's roads can qualify (settlement_spot_ok).
    board = board_of(state)
    ends = {n for e in positions(state.edge_owner, seat) for n in board.edge_nodes[e]}
    return [n for n in sorted(ends) if settlement_spot_ok(state, seat, n)]


def setup_settlement_spots(state: State) -> list:
    board = board_of(state)
    return [n for n in range(board.num_nodes) if distance_ok(state, n)]


def city_spots(state: State, seat: int) -> list:
    return [n for n in positions(state.node_owner, seat) if state.node_level[n] == 1]


def city_spot_ok(state, seat, node):
    return state.node_owner[node] == seat and state.node_level[node] == 1


# --- checks ----------------------------------------------------------------------------

def check_place_settlement(state, cmd):
    err = need_turn(state, cmd[1], SETUP_SETTLEMENT)
    if err is None and not distance_ok(state, cmd[2]):
        err = IllegalCommand("bad_spot", "intersection taken or too close to a building (B-3.3)")
    return err


def check_place_road(state, cmd):
    board = board_of(state)
    seat, edge = cmd[1], cmd[2]
    err = need_turn(state, seat, SETUP_ROAD, ROAD_BUILDING)
    if err:
        return err
    if state.phase == SETUP_ROAD:
        ok = state.edge_owner[edge] == -1 and state.last_setup_node in board.edge_nodes[edge]
    else:
        ok = road_spot_ok(state, seat, edge)
    return None if ok else IllegalCommand("bad_spot", "a road must join your own network on a free path")


def check_build(cost, pieces_attr, spot_ok, what):
    def check(state, cmd):
        seat = cmd[1]
        err = need_turn(state, seat, MAIN)
        if err:
            return err
        if getattr(state, pieces_attr)[seat] == 0:
            return IllegalCommand("no_pieces", f"no {what} left in your supply (B-6.6)")
        if not afford(state.hands[seat], cost):
            return IllegalCommand("cannot_afford", f"you cannot pay for a {what} (B-6.1)")
        if not spot_ok(state, seat, cmd[2]):
            return IllegalCommand("bad_spot", f"a {what} cannot go there")
        return None
    return check


# --- changes ---------------------------------------------------------------------------

def place_building(state: State, seat: int, node: int, events: list) -> None:
    board = board_of(state)
    state.node_owner[node] = seat
    state.node_level[node] = 1
    state.settlements_left[seat] -= 1
    state.vp_public[seat] += 1
    kind = board.harbor_nodes(state.harbors).get(node)
    if kind is not None:
        ratios = state.ratios[seat]
        if kind == GENERIC_HARBOR:          # 3:1 for every card kind (B-7.2)
            for r in range(len(ratios)):
                if ratios[r] > 3:
                    ratios[r] = 3
        else:
            ratios[kind] = 2
    # The new building may cut other players' roads (B-8.4).
    others = sorted({state.edge_owner[e] for e in board.node_edges[node]} - {-1, seat})
    if others:
        update_longest_road(state, others, events)


def apply_place_settlement(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    place_building(state, seat, node, events)
    events.append(("built", seat, "settlement", node))
    state.last_setup_node = node
    state.phase = SETUP_ROAD
    if state.setup_step >= state.n:
        starting_resources(state, seat, node, events)


def starting_resources(state: State, seat: int, node: int, events: list) -> None:
    """1 resource per land hex touching the second building (B-3.4)."""
    board = board_of(state)
    gains = [0] * len(state.bank)
    for h in board.node_hexes[node]:
        if state.terrain[h] != DESERT:
            gains[state.terrain[h]] += 1
    for kind, k in enumerate(gains):
        if k:
            take_from_bank(state, seat, kind, k)
    nothing = (0,) * len(gains)
    events.append(("produced", tuple(tuple(gains) if s == seat else nothing
                                     for s in range(state.n))))


def setup_order(n: int, first: int) -> list:
    """Seats in setup order: clockwise, then counter-clockwise (B-3.1, B-3.2)."""
    round1 = [(first + i) % n for i in range(n)]
    return round1 + round1[::-1]


def apply_place_road(state, cmd, out, events):
    seat, edge = cmd[1], cmd[2]
    state.edge_owner[edge] = seat
    state.roads_left[seat] -= 1
    events.append(("built", seat, "road", edge))
    update_longest_road(state, [seat], events)
    if state.phase == SETUP_ROAD:
        state.setup_step += 1
        if state.setup_step == 2 * state.n:
            state.current = state.first_player      # B-3.5
            state.turn = 1
            state.phase = ROLL
            events.append(("turn", state.current, state.turn))
        else:
            state.current = setup_order(state.n, state.first_player)[state.setup_step]
            state.phase = SETUP_SETTLEMENT
        return
    state.free_roads -= 1
    if state.free_roads == 0 or state.roads_left[seat] == 0 or not road_spots(state, seat):
        state.free_roads = 0
        resume(state, out, events)


def apply_build_road(state, cmd, out, events):
    seat, edge = cmd[1], cmd[2]
    pay(state, seat, COST_ROAD)
    state.built = True
    state.edge_owner[edge] = seat
    state.roads_left[seat] -= 1
    events.append(("built", seat, "road", edge))
    update_longest_road(state, [seat], events)


def apply_build_settlement(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    pay(state, seat, COST_SETTLEMENT)
    state.built = True
    place_building(state, seat, node, events)
    events.append(("built", seat, "settlement", node))


def apply_build_city(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    pay(state, seat, COST_CITY)
    state.built = True
    state.node_level[node] = 2
    state.cities_left[seat] -= 1
    state.settlements_left[seat] += 1
    state.vp_public[seat] += 1
    events.append(("built", seat, "city", node))


def update_longest_road(state: State, seats, events: list) -> None:
    """Recompute road lengths of `seats` and move the Longest Road card
    (B-8.2 … B-8.4, with the almanac's set-aside rule)."""
    holder = state.longest_road
    holder_cut = False
    for s in seats:
        new = road_length(state.edge_owner, state.node_owner, state.knight_owner, s)
        if s == holder and new < state.road_len[s]:
            holder_cut = True
        state.road_len[s] = new
    lengths = state.road_len
    best = max(lengths)
    leaders = [s for s in range(state.n) if lengths[s] == best]
    new_holder = holder
    if holder != -1 and not holder_cut:
        if best > lengths[holder] and len(leaders) == 1:
            new_holder = leaders[0]                       # strictly longer (B-8.3)
    else:
        new_holder = leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else -1
    if new_holder != holder:
        if holder != -1:
            state.vp_public[holder] -= 2
        if new_holder != -1:
            state.vp_public[new_holder] += 2
        state.longest_road = new_holder
        events.append(("longest_road", new_holder, best))


# --- legal commands ----------------------------------------------------------------------

def setup_settlement_commands(state: State, seat: int) -> list:
    return [("place_settlement", seat, n) for n in setup_settlement_spots(state)]


def setup_road_commands(state: State, seat: int) -> list:
    board = board_of(state)
    return [("place_road", seat, e) for e in board.node_edges[state.last_setup_node]
            if state.edge_owner[e] == -1]


def free_road_commands(state: State, seat: int) -> list:
    return [("place_road", seat, e) for e in road_spots(state, seat)]


def road_and_settlement_commands(state: State, seat: int, hand, out: list) -> None:
    if hand[WOOD] and hand[BRICK]:
        if state.roads_left[seat]:
            out.extend(("build_road", seat, e) for e in road_spots(state, seat))
        if hand[GRAIN] and hand[WOOL] and state.settlements_left[seat]:
            out.extend(("build_settlement", seat, n) for n in settlement_spots(state, seat))


def can_pay_city(hand) -> bool:
    return hand[GRAIN] >= 2 and hand[ORE] >= 3
