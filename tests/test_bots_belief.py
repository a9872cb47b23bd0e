"""Card counting (game/bots/belief.py): every seat's belief about the others'
hands holds the true hands at every step of random games of both rule sets,
is built from the seat's view and the records redacted for it only, and
narrows what the Hard player samples (RULES.md 'Hidden information')."""

import pytest
from hypothesis import given, settings, strategies as st

from example_counts import examples

from game.bots.belief import Belief
from game.bots.loop import Table
from game.bots.random_bot import random_table
from game.engine import default_config, view
from game.engine.match import Authority
from game.engine.rng import Rng

from test_engine_core import _scramble_secrets_hidden_from


def _play(rules, seed, commands, check=None):
    """A random game of `commands` commands with a Belief per seat, fed the
    seat's view at the start and every record as that seat may see it;
    `check(state, beliefs)` after every record.  Returns (state, beliefs, resyncs)."""
    auth = Authority(default_config(rules=rules, players=4, seed=seed))
    state = auth.state
    beliefs = [Belief(s) for s in range(state.n)]
    for s, b in enumerate(beliefs):
        b.sync(view(state, s))
    bots, order = random_table(seed, state.n)
    resyncs = 0

    def after(move):
        nonlocal resyncs
        for s, b in enumerate(beliefs):
            b.observe(move.record.for_audience(s))
            kept = b.view
            b.sync(view(state, s))
            resyncs += b.view is not kept
        if check is not None:
            check(state, beliefs)
        return len(auth.log) >= commands

    Table(bots, lambda: state, auth.submit, view=lambda seat: state, order=order).run(after=after)
    return state, beliefs, resyncs


def _inside(state, beliefs):
    for b in beliefs:
        for o in range(state.n):
            for k, held in enumerate(state.hands[o]):
                assert b.low[o][k] <= held <= b.high[o][k], (b.seat, o, k, held, b.low[o], b.high[o])


@settings(deadline=None, max_examples=examples(ci=60, dev=2))      # each example is a game of up to 900 commands
@given(seed=st.integers(0, 10_000), commands=st.integers(50, 900), rules=st.sampled_from(["base", "ck"]))
def test_the_true_hands_are_always_inside_every_seats_belief(seed, commands, rules):
    state, beliefs, resyncs = _play(rules, seed, commands, check=_inside)
    assert resyncs == 0             # the belief's copy of the view kept in step with every record


@pytest.mark.slow
def test_the_belief_knows_more_than_the_hand_sizes():
    """Counting pays: in the middle of a game most of the others' cards are
    pinned down (low == high) for most kinds."""
    pinned = total = 0
    for rules, seed in (("base", 3), ("ck", 4)):
        state, beliefs, _ = _play(rules, seed, 600)
        for b in beliefs:
            for o in range(state.n):
                if o != b.seat:
                    pinned += sum(lo == hi for lo, hi in zip(b.low[o], b.high[o]))
                    total += len(b.low[o])
    assert pinned > total / 2


@settings(deadline=None, max_examples=examples(ci=10, dev=1))
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(["base", "ck"]))
def test_the_belief_is_built_from_the_seats_view_only(seed, rules):
    """Re-dealing what a seat cannot see (the other hands' kinds, the decks,
    the generator) changes neither its view nor its belief."""
    state, beliefs, _ = _play(rules, seed, 400)
    for b in beliefs:
        before = (b.low, b.high)
        b.low, b.high = [list(r) for r in b.low], [list(r) for r in b.high]
        kept = b.view
        scrambled = _scramble_secrets_hidden_from(state, b.seat, Rng(seed))
        b.sync(view(scrambled, b.seat))
        assert b.view is kept and (b.low, b.high) == before


@settings(deadline=None, max_examples=examples(ci=10, dev=1))
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(["base", "ck"]))
@pytest.mark.slow
def test_sampled_hands_stay_inside_the_belief_and_fit_the_view(seed, rules):
    state, beliefs, _ = _play(rules, seed, 500)
    for b in beliefs:
        world = view(state, b.seat)
        if not b.deal(world, Rng(seed, stream=5)):
            continue
        for o in range(state.n):
            assert sum(world.hands[o]) == state.hand_n[o]
            assert all(lo <= h <= hi for lo, h, hi in zip(b.low[o], world.hands[o], b.high[o]))
        for k in range(len(state.bank)):
            assert sum(world.hands[o][k] for o in range(state.n)) == sum(state.hands[o][k] for o in range(state.n))
