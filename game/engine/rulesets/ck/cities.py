"""Cities & Knights: cities (the second setup round places one, CK-2.1; a
reduced city is rebuilt, CK-8.3), city walls (CK-5.1), and city improvements
with their metropolises (CK-6)."""

from ...constants import COST_CITY, COST_WALL, TRACK_COMMODITY
from ...helpers import IllegalCommand, afford, move_to_bank, need_turn, pay
from ...state import SETUP_ROAD, SETUP_SETTLEMENT
from ..base.building import (
    check_place_settlement as base_check_place_settlement, city_spots, distance_ok, place_building,
    setup_settlement_spots, starting_resources,
)
from ..base.special import need_builder
from .facts import can_improve, improvement_cost, plain_cities, wall_spots
from .pieces import add_wall, decide, make_city, set_metropolis


def check_place_city(state, cmd):
    err = need_turn(state, cmd[1], SETUP_SETTLEMENT)
    if err is None and state.setup_step < state.n:
        err = IllegalCommand("wrong_phase", "the first round places a settlement (CK-2.1)")
    if err is None and not distance_ok(state, cmd[2]):
        err = IllegalCommand("bad_spot", "intersection taken or too close to a building (B-3.3)")
    return err


def apply_place_city(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    place_building(state, seat, node, events)
    state.node_level[node] = 2
    state.settlements_left[seat] += 1
    state.cities_left[seat] -= 1
    state.vp_public[seat] += 1
    events.append(("built", seat, "city", node))
    state.last_setup_node = node
    state.phase = SETUP_ROAD
    starting_resources(state, seat, node, events)          # CK-2.2


def check_build_wall(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = need_builder(state, seat)
    if err:
        return err
    if not state.walls_left[seat]:
        return IllegalCommand("no_pieces", "you have built all 3 city walls (CK-5.1)")
    if not afford(state.hands[seat], COST_WALL):
        return IllegalCommand("cannot_afford", "a city wall costs 2 brick")
    if node not in wall_spots(state, seat):
        return IllegalCommand("bad_spot", "a wall goes under an own city without one")
    return None


def apply_build_wall(state, cmd, out, events):
    pay(state, cmd[1], COST_WALL)
    state.built = True
    add_wall(state, cmd[1], cmd[2], events)


def check_improve(state, cmd):
    seat, track = cmd[1], cmd[2]
    err = need_builder(state, seat)
    if err:
        return err
    reason = can_improve(state, seat, track)
    return IllegalCommand("cannot_improve", reason) if reason else None


def apply_improve(state, cmd, out, events):
    seat, track = cmd[1], cmd[2]
    cost = improvement_cost(state, seat, track)
    if state.crane:
        state.crane -= 1
    if cost:
        move_to_bank(state, seat, TRACK_COMMODITY[track], cost)
    state.built = True
    state.improvements[seat][track] += 1
    level = state.improvements[seat][track]
    events.append(("improved", seat, track, level))
    holder_node = state.metropolis[track]
    holder = state.node_owner[holder_node] if holder_node != -1 else -1
    first_to_4 = level == 4 and holder == -1
    takes_at_5 = level == 5 and holder not in (-1, seat) and state.improvements[holder][track] < 5
    if first_to_4 or takes_at_5:                    # CK-6.4
        options = plain_cities(state, seat)
        if len(options) == 1:
            set_metropolis(state, track, options[0], events)
        else:
            decide(state, "metropolis", [seat], track=track)


def check_build_city(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = need_builder(state, seat)
    if err:
        return err
    if state.node_owner[node] != seat or state.node_level[node] != 1:
        return IllegalCommand("bad_spot", "a city replaces one of your settlements")
    if not state.flipped[node] and not state.cities_left[seat]:
        return IllegalCommand("no_pieces", "no city left in your supply (B-6.6)")
    if not afford(state.hands[seat], COST_CITY):
        return IllegalCommand("cannot_afford", "a city costs 2 grain and 3 ore")
    return None


def apply_build_city(state, cmd, out, events):
    make_city(state, cmd[1], cmd[2], events, COST_CITY)


def setup_settlement_commands(state, seat: int) -> list:
    """The first setup round places settlements, the second cities (CK-2.1)."""
    kind = "place_city" if state.setup_step >= state.n else "place_settlement"
    return [(kind, seat, n) for n in setup_settlement_spots(state)]


def check_place_settlement(state, cmd):
    err = need_turn(state, cmd[1], SETUP_SETTLEMENT)
    if err is None and state.setup_step >= state.n:
        return IllegalCommand("wrong_phase", "the second round places a city (CK-2.1)")
    return err or base_check_place_settlement(state, cmd)


def city_commands(state, seat: int, out: list) -> None:
    """A city on an own settlement, from supply or rebuilding a reduced one."""
    out.extend(("build_city", seat, n) for n in city_spots(state, seat)
               if state.cities_left[seat] or state.flipped[n])
