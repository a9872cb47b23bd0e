"""The Hard computer player (game/bots/hard.py): legal choices in every kind
of position of both rule sets, decisions from the seat's view only, and the
trade guard (RULES.md 'Hidden information'; B-7.1 domestic trade)."""

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.hard import HardBot, about_to_win
from game.engine import apply, check, deciders, default_config, legal_commands, new_game, view
from game.engine.rng import Rng
from game.engine.state import MAIN, PENDING, ROLL, TRADE

from engine_play import random_game, random_position as position
from test_engine_core import _scramble_secrets_hidden_from



positions = st.tuples(st.sampled_from(["base", "ck"]), st.integers(0, 7),
                      st.sampled_from([0, 3, 9, 40, 120, 300, 700, 1200, 2000, 3000]),
                      st.integers(0, 2 ** 32 - 1))


# each example plays a whole game with Hard's search: the profile's count would take minutes
@pytest.mark.slow
@settings(max_examples=40)
@given(positions)
def test_hard_chooses_a_legal_command_for_every_deciding_seat(case):
    """Every seat that must decide gets a command the authority accepts (B-4.3,
    CK decisions of both rule sets); a seat with nothing to decide gets None."""
    rules, seed, length, bot_seed = case
    state = position(rules, seed, length)
    for seat in range(state.n):
        choice = HardBot(seat, bot_seed, iterations=24).choose(view(state, seat))
        if seat in deciders(state):
            assert choice is not None and check(state, choice) is None, choice
        else:
            assert choice is None


# each example plays a whole game with Hard's search: the profile's count would take minutes
@pytest.mark.slow
@settings(max_examples=25)
@given(positions)
def test_hard_decides_from_its_view_only(case):
    """Scrambling everything hidden from the seat (other hands' kinds with their
    counts kept, development and progress cards, deck orders, the generator and
    the seed) never changes the choice of a bot with the same seed."""
    rules, seed, length, bot_seed = case
    state = position(rules, seed, length)
    for seat in deciders(state)[:1]:
        scrambled = _scramble_secrets_hidden_from(state, seat, Rng(bot_seed))
        assert scrambled.hands != state.hands or scrambled.rng.state != state.rng.state
        first = HardBot(seat, bot_seed, iterations=30).choose(view(state, seat))
        second = HardBot(seat, bot_seed, iterations=30).choose(view(scrambled, seat))
        assert first == second


def _open_offers(count: int) -> list:
    """(state, seat) pairs from random base games: an offer (B-7.1) on the
    table that `seat` has still to answer."""
    found = []

    def on_record(auth, record):
        state = auth.state
        if state.phase == TRADE and len(found) < count:
            for s in range(state.n):
                if state.trade["answers"][s] == PENDING:
                    found.append((state.copy(), s))
                    break

    for seed in range(4):
        random_game(seed, max_commands=1500, on_record=on_record)
    return found


def test_hard_never_accepts_a_trade_that_helps_a_player_about_to_win():
    """The same offers (B-7.1) are accepted or countered now and then from a
    player far from the target, and never from one within two points of it."""
    taken = {False: 0, True: 0}
    for state, seat in _open_offers(12):
        for near_win in (False, True):
            if near_win:
                state = state.copy()
                state.vp_public[state.current] = state.config["vp_target"] - 2
            assert about_to_win(state, state.current) == near_win
            # confidence 0: the search overrules Medium's declines freely, so
            # only the guard keeps it from helping the player about to win.
            choice = HardBot(seat, 1, iterations=30, confidence=0).choose(view(state, seat))
            assert check(state, choice) is None
            taken[near_win] += choice[0] in ("accept", "counter")
    assert taken[False] > 0
    assert taken[True] == 0


def test_hard_returns_a_single_legal_command_at_once():
    """With one legal command (roll, nothing else playable) there is nothing to
    search: the bot's generator is not even touched."""
    state, _ = new_game(default_config(seed=2))
    while state.phase != ROLL:
        s = deciders(state)[0]
        apply(state, legal_commands(state, s)[0])
    bot = HardBot(state.current, 5, iterations=50)
    before = (bot.rng.state, bot.rng.inc)
    assert legal_commands(state, state.current) == [("roll", state.current)]
    assert bot.choose(view(state, state.current)) == ("roll", state.current)
    assert (bot.rng.state, bot.rng.inc) == before


@pytest.mark.slow
def test_hard_does_not_repeat_a_domestic_offer_in_one_turn():
    """Declined offers are not made again and again: at most OFFERS_PER_TURN
    offers a turn (keeps a turn from stalling, B-7.1; every offer is a dialog
    for a person).  Every offer here is declined, which once made the search
    offer forever."""
    from game.bots.hard import OFFERS_PER_TURN
    made = 0
    for seed in range(21, 60):
        state = random_game(seed, max_commands=60 + 5 * seed).state
        bot = HardBot(state.current, 8, iterations=30)
        offers = []
        for _ in range(40):
            if state.phase not in (MAIN, TRADE) or state.current != bot.seat:
                break
            seats = deciders(state)
            who = seats[1] if state.phase == TRADE and len(seats) > 1 else seats[0]
            cmd = bot.choose(view(state, who)) if who == bot.seat else ("decline", who)
            if cmd[0] == "offer":
                offers.append(cmd)
            apply(state, cmd)
        assert len(offers) == len(set(offers)) <= OFFERS_PER_TURN
        made += len(offers)
    assert made > 0         # the situation under test did arise


def test_hard_takes_the_winning_build():
    """A city that brings the player to the target wins at once (B-8.6); the
    search sees the won playout and builds it, over every other option."""
    state, _ = new_game(default_config(seed=4, board="beginner"))
    while state.phase != ROLL:
        s = deciders(state)[0]
        apply(state, legal_commands(state, s)[0])
    seat = state.current
    apply(state, ("roll", seat))
    while state.phase != MAIN:          # a 7: discards and the robber first
        s = deciders(state)[0]
        apply(state, legal_commands(state, s)[0])
    for kind, k in ((3, 2), (4, 3), (0, 1), (1, 1)):     # a city, and a road
        state.bank[kind] -= k
        state.hands[seat][kind] += k
        state.hand_n[seat] += k
    state.vp_public[seat] = state.config["vp_target"] - 1
    choice = HardBot(seat, 6, iterations=40).choose(view(state, seat))
    assert choice[0] == "build_city", choice
    apply(state, choice)
    assert state.winner == seat
