"""Hard's fitted valuation (game/bots/value_model.py): chances that sum to one,
read from the seat's view only, and Hard playing legal commands with it in
both rule sets (B-4.3 turn structure, CK decisions)."""

from hypothesis import given, settings, strategies as st

from game.bots import value_model as VM
from game.bots.hard import HardBot
from game.engine import check, deciders, view
from game.engine.rng import Rng

from engine_play import random_position as position
from test_engine_core import _scramble_secrets_hidden_from

positions = st.tuples(st.sampled_from(["base", "ck"]), st.integers(0, 5),
                      st.sampled_from([40, 120, 300, 700, 1200]), st.integers(0, 2 ** 32 - 1))


def _weights(rules, seed):
    rng = Rng(seed, stream=9)
    return [(rng.below(200) - 100) / 100 for _ in VM.feature_names(rules)]


@settings(max_examples=20, deadline=None)
@given(positions)
def test_chances_sum_to_one_and_read_only_the_view(case):
    """The chances sum to 1; on a seat's view they do not change when what the
    seat may not know is scrambled (RULES.md 'Hidden information')."""
    rules, seed, length, wseed = case
    state = position(rules, seed, length)
    weights = _weights(rules, wseed)
    p = VM.chances(state, weights)
    assert abs(sum(p) - 1) < 1e-9
    seat = state.current
    scrambled = _scramble_secrets_hidden_from(state, seat, Rng(wseed))
    assert VM.chances(view(state, seat), weights) == VM.chances(view(scrambled, seat), weights)


def test_no_weights_means_no_model():
    """Without fitted weights the model declines (None) and Hard keeps the shared valuation."""
    try:
        VM.set_coefficients("base", None)
        state = position("base", 1, 300)
        assert VM.chances(state) is None
        bot = HardBot(state.current, 1, iterations=8, valuation="model")
        bot._set_valuation(view(state, state.current))
        assert bot.prior.valuation is type(bot.prior).valuation
    finally:
        VM.WEIGHTS.forget()


@settings(max_examples=10, deadline=None)
@given(positions)
def test_hard_with_the_fitted_valuation_plays_legal_commands(case):
    """With the fitted valuation in its prior, its plans and its playouts' leaf,
    Hard still answers every deciding seat with a command the rules accept."""
    rules, seed, length, wseed = case
    state = position(rules, seed, length)
    try:
        VM.set_coefficients(rules, _weights(rules, wseed))
        for seat in deciders(state)[:1]:
            choice = HardBot(seat, wseed, iterations=12, valuation="model", leaf="model").choose(view(state, seat))
            assert choice is not None and check(state, choice) is None
    finally:
        VM.WEIGHTS.forget()
