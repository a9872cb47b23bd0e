"""The base game (B-1 … B-9) as a rule set: its commands, what each phase
lists, the end of a turn and the win, and its one option (B-4.1)."""

from ...constants import (
    COST_CITY, COST_ROAD, COST_SETTLEMENT, GRAIN, KNIGHT, MONOPOLY, ORE, ROAD_BUILDING as DEV_ROAD_BUILDING,
    VICTORY_POINT, WOOL, YEAR_OF_PLENTY,
)
from ...helpers import need_turn
from ...ruleset import Command, Option, RuleSet
from ...state import (
    DISCARD, GAME_OVER, MAIN, ROAD_BUILDING, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, STEAL, TRADE, State,
)
from . import building, development, robber, trade
from .building import can_pay_city, city_spots, road_and_settlement_commands
from .development import dev_plays
from .trade import maritime_commands, offer_commands, trading_open


# --- the end of a turn and the win ---------------------------------------------------------

def check_end_turn(state, cmd):
    return need_turn(state, cmd[1], MAIN)


def apply_end_turn(state, cmd, out, events):
    next_turn(state, events)


def next_turn(state: State, events: list) -> None:
    n = state.n
    state.current = (state.current + 1) % n
    state.turn += 1
    state.rolled = False
    state.dev_played = False
    state.built = False
    state.dice = None
    if any(state.dev_new_n):             # cards bought this turn become playable
        for s in range(n):
            if state.dev_new_n[s]:
                state.dev_new_n[s] = 0
                if state.dev_new[s] is not None:
                    state.dev_new[s] = [0] * 5
    state.phase = ROLL
    events.append(("turn", state.current, state.turn))


def check_win(state: State, out: dict, events: list, authority: bool) -> None:
    """B-8.6: the player whose turn it is wins on reaching the target."""
    if authority:
        seat = state.current
        if state.vp_public[seat] + state.dev[seat][VICTORY_POINT] < state.config["vp_target"]:
            return
        out["win"] = [seat, [d[VICTORY_POINT] for d in state.dev]]
    elif "win" not in out:
        return
    winner, shown = out["win"]
    state.winner = winner
    state.vp_cards_shown = list(shown)
    state.phase = GAME_OVER
    events.append(("won", winner, tuple(shown)))


# --- what each phase lists ---------------------------------------------------------------

def roll_commands(state: State, seat: int) -> list:
    out = [("roll", seat)]
    dev_plays(state, seat, out)
    return out


def main_commands(state: State, seat: int) -> list:
    hand = state.hands[seat]
    out = [("end_turn", seat)]
    road_and_settlement_commands(state, seat, hand, out)
    if can_pay_city(hand) and state.cities_left[seat]:
        out.extend(("build_city", seat, n) for n in city_spots(state, seat))
    if state.deck_n and hand[GRAIN] and hand[WOOL] and hand[ORE]:
        out.append(("buy_dev", seat))
    dev_plays(state, seat, out)
    if trading_open(state):
        maritime_commands(state, seat, out)
    return out          # the kernel adds the listed offers when asked (list_offers)


# --- the rule set ------------------------------------------------------------------------

_build_road = building.check_build(COST_ROAD, "roads_left", building.road_spot_ok, "road")
_build_settlement = building.check_build(COST_SETTLEMENT, "settlements_left", building.settlement_spot_ok,
                                         "settlement")
_build_city = building.check_build(COST_CITY, "cities_left", building.city_spot_ok, "city")

BASE = RuleSet(
    "base",
    commands={
        # kind: Command(argument types after the seat, check, apply)
        "place_settlement": Command(("node",), building.check_place_settlement,     # setup (B-3)
                                    building.apply_place_settlement),
        "place_road": Command(("edge",), building.check_place_road,         # setup, or a free road (B-9.4)
                              building.apply_place_road),
        "roll": Command((), robber.check_roll, robber.apply_roll),
        "discard": Command(("cards",), robber.check_discard, robber.apply_discard),              # B-5.3
        "move_robber": Command(("hex",), robber.check_move_robber, robber.apply_move_robber),    # B-5.4, B-9.3
        "steal": Command(("seat",), robber.check_steal, robber.apply_steal),
        "skip_steal": Command((), robber.check_skip_steal, robber.apply_skip_steal),  # a right, not a duty
        "build_road": Command(("edge",), _build_road, building.apply_build_road),                # B-6
        "build_settlement": Command(("node",), _build_settlement, building.apply_build_settlement),
        "build_city": Command(("node",), _build_city, building.apply_build_city),
        "buy_dev": Command((), development.check_buy_dev, development.apply_buy_dev),
        "play_knight": Command((), development.check_play(KNIGHT), development.apply_play_knight),   # B-9
        "play_road_building": Command((), development.check_play(DEV_ROAD_BUILDING),
                                      development.apply_play_road_building),
        "play_year_of_plenty": Command(("res", "res"), development.check_play(YEAR_OF_PLENTY),
                                       development.apply_play_year_of_plenty),
        "play_monopoly": Command(("res",), development.check_play(MONOPOLY), development.apply_play_monopoly),
        "maritime": Command(("card", "card"), trade.check_maritime, trade.apply_maritime),   # give, get (B-7.2)
        "offer": Command(("cards", "cards", "seats"), trade.check_offer, trade.apply_offer),  # give, get, to
        "accept": Command((), trade.check_answer, trade.apply_answer),            # answers to an offer (B-7.1)
        "decline": Command((), trade.check_answer, trade.apply_answer),
        "counter": Command(("cards", "cards"), trade.check_answer, trade.apply_answer),  # offerer's give, get
        "confirm_trade": Command(("seat",), trade.check_confirm_trade, trade.apply_confirm_trade),  # one partner
        "cancel_trade": Command((), trade.check_cancel_trade, trade.apply_cancel_trade),
        "end_turn": Command((), check_end_turn, apply_end_turn),
    },
    listers={
        SETUP_SETTLEMENT: building.setup_settlement_commands,
        SETUP_ROAD: building.setup_road_commands,
        ROLL: roll_commands,
        DISCARD: robber.discard_commands,
        ROBBER: robber.robber_commands,
        STEAL: robber.steal_commands,
        MAIN: main_commands,
        ROAD_BUILDING: building.free_road_commands,
        TRADE: trade.trade_commands,
    },
    steps={},
    options=(
        Option("combine_trade_build", "combine", (True, False), False, "B-4.1",     # trade after building
               label="new.combine", texts=("new.yes", "new.no"), summary="new.combine"),
    ),
    seats=(2, 3, 4),                    # B-1.8
    vp_target=10,                       # B-8.6
    deal=development.deal,
    discard_limit=robber.discard_limit,
    after_discards=robber.after_discards,
    trading_open=trading_open,
    check_win=check_win,
    list_offers=offer_commands,
)
