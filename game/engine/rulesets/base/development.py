"""Base rules: development cards (B-6.5, B-9) and the Largest Army (B-8.5)."""

from ...board import board_of
from ...constants import (
    COST_DEV, KNIGHT, LARGEST_ARMY_MIN, MONOPOLY, RESOURCES, ROAD_BUILDING,
    YEAR_OF_PLENTY,
)
from ...helpers import IllegalCommand, afford, need_turn, pay, take_from_bank, transfer
from ...state import MAIN, ROAD_BUILDING as PHASE_ROAD_BUILDING, ROLL, State
from .building import road_spots
from .robber import start_robber
from .special import need_builder


def deal(state: State, rng) -> None:
    """Shuffle the development deck (B-1.5, X-1.6)."""
    deck = [kind for kind, k in enumerate(board_of(state).supply.dev_deck) for _ in range(k)]
    rng.shuffle(deck)
    state.deck, state.deck_n = deck, len(deck)


def playable_dev(state: State, seat: int, kind: int) -> bool:
    """B-9.2: one card per turn, own turn, not bought this turn."""
    if state.dev_played or seat != state.current or state.phase not in (ROLL, MAIN):
        return False
    return state.dev[seat][kind] - state.dev_new[seat][kind] > 0


def check_buy_dev(state, cmd):
    seat = cmd[1]
    err = need_builder(state, seat)     # also in a Special Building Phase
    if err:
        return err
    if state.deck_n == 0:
        return IllegalCommand("deck_empty", "no development cards left (B-6.5)")
    if not afford(state.hands[seat], COST_DEV):
        return IllegalCommand("cannot_afford", "a development card costs grain, wool and ore")
    return None


def check_play(kind):
    def check(state, cmd):
        seat = cmd[1]
        err = need_turn(state, seat, ROLL, MAIN)
        if err:
            return err
        if state.dev_played:
            return IllegalCommand("one_card_per_turn", "one development card per turn (B-9.2)")
        if not playable_dev(state, seat, kind):
            return IllegalCommand("no_card", "you have no such card that you may play now (B-9.2)")
        if kind == ROAD_BUILDING and not (state.roads_left[seat] and road_spots(state, seat)):
            return IllegalCommand("no_pieces", "no road could be placed")
        return None
    return check


def apply_buy_dev(state, cmd, out, events):
    seat = cmd[1]
    pay(state, seat, COST_DEV)
    state.built = True
    if state.rng is not None:
        out["card"] = state.deck.pop()
    card = out.get("card")
    state.deck_n -= 1
    state.dev_n[seat] += 1
    state.dev_new_n[seat] += 1
    if card is not None and state.dev[seat] is not None:
        state.dev[seat][card] += 1
        state.dev_new[seat][card] += 1
    events.append(("bought_dev", seat, card))


def _spend_dev(state: State, seat: int, kind: int, events: list) -> None:
    if state.dev[seat] is not None:
        state.dev[seat][kind] -= 1
    state.dev_n[seat] -= 1
    state.dev_discard[kind] += 1
    state.dev_played = True
    events.append(("played_dev", seat, kind))


def apply_play_knight(state, cmd, out, events):
    seat = cmd[1]
    _spend_dev(state, seat, KNIGHT, events)
    state.knights[seat] += 1
    holder = state.largest_army
    k = state.knights[seat]
    if holder != seat and k >= LARGEST_ARMY_MIN and (holder == -1 or k > state.knights[holder]):
        if holder != -1:                                   # B-8.5
            state.vp_public[holder] -= 2
        state.vp_public[seat] += 2
        state.largest_army = seat
        events.append(("largest_army", seat, k))
    start_robber(state, state.phase, out, events, with_discards=False)


def apply_play_road_building(state, cmd, out, events):
    seat = cmd[1]
    _spend_dev(state, seat, ROAD_BUILDING, events)
    state.resume_phase = state.phase
    if road_spots(state, seat):
        state.free_roads = min(2, state.roads_left[seat])   # B-9.4
        state.phase = PHASE_ROAD_BUILDING


def apply_play_year_of_plenty(state, cmd, out, events):
    seat = cmd[1]
    _spend_dev(state, seat, YEAR_OF_PLENTY, events)
    got = [0] * len(state.bank)
    for kind in cmd[2:4]:
        if state.bank[kind]:            # as far as the bank has them (B-9.5)
            take_from_bank(state, seat, kind, 1)
            got[kind] += 1
    events.append(("year_of_plenty", seat, tuple(got)))


def apply_play_monopoly(state, cmd, out, events):
    seat, kind = cmd[1], cmd[2]
    _spend_dev(state, seat, MONOPOLY, events)
    if state.rng is not None:
        out["amounts"] = [0 if s == seat else state.hands[s][kind] for s in range(state.n)]
    amounts = out["amounts"]
    for s, k in enumerate(amounts):
        if k:
            transfer(state, s, seat, kind, k)
    events.append(("monopoly", seat, kind, tuple(amounts)))


def dev_plays(state: State, seat: int, out: list) -> None:
    if state.dev_played:
        return
    dev, new = state.dev[seat], state.dev_new[seat]
    if dev[KNIGHT] > new[KNIGHT]:
        out.append(("play_knight", seat))
    if dev[ROAD_BUILDING] > new[ROAD_BUILDING] and state.roads_left[seat] and road_spots(state, seat):
        out.append(("play_road_building", seat))
    if dev[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
        for a in RESOURCES:
            for b in RESOURCES[a:]:
                out.append(("play_year_of_plenty", seat, a, b))
    if dev[MONOPOLY] > new[MONOPOLY]:
        for r in RESOURCES:
            out.append(("play_monopoly", seat, r))
