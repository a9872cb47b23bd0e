"""Hidden information in random base games (B-9.1, B-9.7, B-5.4): every view
keeps only its own seat's secrets, and each seat's copy of the game, fed only
the records redacted for it, stays identical to the authority's view."""

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.random_bot import RandomSeats
from game.engine.invariants import check_views
from game.engine.match import Replica
from game.engine.state import GAME_OVER

from base_helpers import make_game


def assert_view_keeps_secrets(auth, audience):
    state, v = auth.state, auth.view(audience)
    assert v.rng is None and v.deck is None
    assert v.deck_n == state.deck_n
    for seat in range(state.n):
        mine = seat == audience
        assert (v.hands[seat] is not None) is mine
        assert (v.dev[seat] is not None) is mine
        assert (v.dev_new[seat] is not None) is mine
        assert v.hand_n[seat] == state.hand_n[seat] and v.dev_n[seat] == state.dev_n[seat]
        assert v.vp_public[seat] == state.vp_public[seat]
        if mine:
            assert v.hands[seat] == state.hands[seat] and v.dev[seat] == state.dev[seat]


# each example plays whole random games: the profile's count would take minutes
@pytest.mark.slow
@settings(max_examples=10)
@given(seed=st.integers(0, 2 ** 32), players=st.sampled_from([2, 3, 4]))
def test_B_9_1_B_5_4_views_and_replicas_on_random_games(seed, players):
    auth = make_game(players=players, board="random", seed=seed)
    audiences = list(range(players)) + [None]
    replicas = [Replica(auth.view(a), a) for a in audiences]
    bot = RandomSeats(seed)
    state = auth.state
    for _ in range(500):
        if state.phase == GAME_OVER:
            break
        record = auth.submit(bot.command(state))
        for rep in replicas:
            mine = record.for_audience(rep.audience)
            assert rep.receive(mine) == mine.events
            assert rep.view_hash() == auth.view_hash(rep.audience)
        for e in record.events:
            if e[0] == "bought_dev":
                for a in audiences:
                    shown = record.for_audience(a).events
                    assert (e in shown) is (a == e[1])
            if e[0] == "stole" and e[3] != -1:
                for a in audiences:
                    assert (e in record.for_audience(a).events) is (a in (e[1], e[2]))
        if len(auth.log) % 25 == 0:
            for a in audiences:
                assert_view_keeps_secrets(auth, a)


def test_B_9_1_the_engine_view_checker_runs_on_base_games():
    auth = make_game()
    assert check_views(auth.state) == []
