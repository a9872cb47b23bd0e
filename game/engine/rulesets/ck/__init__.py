"""Cities & Knights (CK-1 … CK-11) as a rule set: the base game extended.

The roll and every progress card that involves other players are resolved as
an *agenda*: a list of steps run in order by `ruleset.resume`.  A step either
does its work or sets `state.pending`, a decision some seats must take with a
`("resolve", seat, kind, args)` command (phase DECIDE).  Decisions that only
the deciding seat (and the card's player) may know — which cards a Wedding
gift holds, the card a Spy takes — are redacted from everyone else; replicas
apply them as card counts.

Where to look: roll.py (the roll, production, the 7), barbarians.py (the
attack), knights.py, cities.py (cities, walls, improvements, metropolises),
trade.py (bank ratios, Commercial Harbor), progress.py (the cards),
decisions.py (phase DECIDE), facts.py (questions about a position),
pieces.py (small state changes they share).
"""

from ...board import board_of
from ...constants import BRICK, GRAIN, ORE, PROGRESS_CARDS, PROGRESS_HAND_LIMIT, RESOURCES, TRACK_COMMODITY, WOOL
from ...ruleset import Command, Option
from ...state import DECIDE, MAIN, ROLL, SETUP_SETTLEMENT, State
from ..base import BASE, next_turn
from ..base.building import can_pay_city, road_and_settlement_commands
from . import barbarians, cities, decisions, knights, progress, roll, trade
from .facts import (
    can_act, can_improve, can_promote, cities as cities_of, improvement_costs, knight_reach, knights_of,
    recruit_spots, robber_free, wall_spots,
)
from .pieces import decide
from .progress import P, progress_options


# --- the end of a turn -------------------------------------------------------------------

def apply_end_turn(state, cmd, out, events):
    """CK-9.2: the current player keeps at most 4 progress cards past the turn."""
    if state.prog_n[state.current] > PROGRESS_HAND_LIMIT:
        state.agenda.insert(0, ["end_turn"])
        decide(state, "progress_limit", [state.current])
        return
    finish_turn(state, events)


def finish_turn(state, events):
    no_flags = (0,) * len(state.knight_fresh)
    state.knight_fresh[:] = no_flags
    state.knight_promoted[:] = no_flags
    state.crane = 0
    state.fleet = 0
    state.harbor_swaps = [0] * state.n
    next_turn(state, events)


def step_end_turn(state, step, out, events):
    finish_turn(state, events)


def trading_open(state: State) -> bool:
    """Cities & Knights lets the player trade and build in any order (seed 003,
    'Het spel in vogelvlucht')."""
    return True


def deal(state, rng):
    """Shuffle the three progress decks (CK-1.3)."""
    for track in range(3):
        deck = [c for c, (_, t, k) in enumerate(PROGRESS_CARDS) if t == track for _ in range(k)]
        rng.shuffle(deck)
        state.prog_decks[track] = deck
        state.prog_deck_n[track] = len(deck)


# --- what each phase lists ---------------------------------------------------------------

def roll_commands(state: State, seat: int) -> list:
    out = [("roll", seat)]
    if state.prog[seat][P["alchemist"]]:
        out.extend(("progress", seat, P["alchemist"], tuple(a))
                   for a in progress_options(state, seat, P["alchemist"]))
    return out


_ALCHEMIST = P["alchemist"]


def main_commands(state: State, seat: int) -> list:
    board = board_of(state)
    hand = state.hands[seat]
    out = [("end_turn", seat)]
    road_and_settlement_commands(state, seat, hand, out)
    if can_pay_city(hand):
        cities.city_commands(state, seat, out)
    if hand[BRICK] >= 2 and state.walls_left[seat]:
        out.extend(("build_wall", seat, n) for n in wall_spots(state, seat))
    own = knights_of(state, seat)
    if hand[ORE] and hand[WOOL]:         # ore + wool: recruit or promote
        if state.knights_left[seat][0]:
            out.extend(("recruit_knight", seat, n) for n in recruit_spots(state, seat))
        out.extend(("promote_knight", seat, n) for n in own if can_promote(state, seat, n))
    if own:
        if hand[GRAIN]:
            out.extend(("activate_knight", seat, n) for n in own if not state.knight_active[n])
        for n in own:
            if can_act(state, n):
                free, foreign = knight_reach(state, seat, n)
                out.extend(("move_knight", seat, n, m) for m in free)
                out.extend(("displace_knight", seat, n, m) for m in foreign
                           if state.knight_strength[m] < state.knight_strength[n])
                if robber_free(state) and state.robber in board.node_hexes[n]:
                    out.append(("chase_robber", seat, n))
    own_cities = None
    for track, cost in enumerate(improvement_costs(state, seat)):
        # The commodity first: it is cheap to ask and most often what is missing.
        if hand[TRACK_COMMODITY[track]] >= cost:
            if own_cities is None:
                own_cities = cities_of(state, seat)
            if can_improve(state, seat, track, own_cities) is None:
                out.append(("improve", seat, track))
    if any(state.harbor_swaps):
        for target, owed in enumerate(state.harbor_swaps):
            if owed:
                out.extend(("harbor_trade", seat, target, r) for r in RESOURCES if hand[r])
    prog = state.prog[seat]
    if state.prog_n[seat]:
        for card, held in enumerate(prog):
            if held and card != _ALCHEMIST:
                out.extend(("progress", seat, card, tuple(a)) for a in progress_options(state, seat, card))
    trade.maritime_commands(state, seat, out)       # trading is always open (see trading_open)
    return out          # the kernel adds the listed offers when asked (list_offers)


# --- the rule set ------------------------------------------------------------------------

CK = BASE.extend(
    "ck",
    commands={
        # base commands played differently
        "place_settlement": Command(("node",), cities.check_place_settlement,   # first round only (CK-2.1)
                                    BASE.commands["place_settlement"].apply),
        "roll": Command((), BASE.commands["roll"].check, roll.apply_roll),      # three dice (CK-3)
        "build_city": Command(("node",), cities.check_build_city, cities.apply_build_city),
        "maritime": Command(("card", "card"), trade.check_maritime, trade.apply_maritime),   # CK-4.1
        "end_turn": Command((), BASE.commands["end_turn"].check, apply_end_turn),
        # new commands
        "place_city": Command(("node",), cities.check_place_city, cities.apply_place_city),   # CK-2.1
        "build_wall": Command(("node",), cities.check_build_wall, cities.apply_build_wall),   # CK-5.1
        "recruit_knight": Command(("node",), knights.check_recruit, knights.apply_recruit),   # CK-5.2
        "activate_knight": Command(("node",), knights.check_activate, knights.apply_activate),  # CK-5.3
        "promote_knight": Command(("node",), knights.check_promote, knights.apply_promote),  # CK-5.4
        "move_knight": Command(("node", "node"), knights.check_move, knights.apply_move),    # CK-7.1
        "displace_knight": Command(("node", "node"), knights.check_displace, knights.apply_displace),  # CK-7.2
        "chase_robber": Command(("node",), knights.check_chase, knights.apply_chase),        # CK-7.3
        "improve": Command(("track",), cities.check_improve, cities.apply_improve),          # CK-6
        # play a progress card (CK-9, CK-11)
        "progress": Command(("prog", "args"), progress.check_progress, progress.apply_progress),
        # answer the decision awaited (phase DECIDE)
        "resolve": Command(("name", "args"), decisions.check_resolve, decisions.apply_resolve),
        # a Commercial Harbor swap (CK-11)
        "harbor_trade": Command(("seat", "res"), trade.check_harbor_trade, trade.apply_harbor_trade),
    },
    drop=("buy_dev", "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly"),
    listers={SETUP_SETTLEMENT: cities.setup_settlement_commands, ROLL: roll_commands, MAIN: main_commands,
             DECIDE: decisions.decide_commands},
    steps={"event": roll.step_event, "gate": roll.step_gate, "yield": roll.step_yield,
           "commit": barbarians.step_commit, "battle": barbarians.step_battle, "limits": barbarians.step_limits,
           "end_turn": step_end_turn},
    options=(
        Option("knight_commit", "commit", (False, True), False, "CK-8.5",     # players choose defending knights
               label="new.commit", texts=("new.commit_all", "new.commit_choose"), summary="new.commit_choose"),
    ),
    vp_target=13,                       # CK-10
    deal=deal,
    discard_limit=roll.discard_limit,
    after_discards=roll.after_discards,
    trading_open=trading_open,
)
