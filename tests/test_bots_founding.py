"""Hard's founding model (game/bots/founding.py): legal founding choices of both
rule sets (B-3.1–B-3.3 setup order and distance rule, CK-2.1 the city placed
in the second round), from the seat's view only, and a model that prefers
the stronger start."""

import pytest
from hypothesis import given, settings, strategies as st

from example_counts import examples

from game.bots import founding
from game.bots.hard import HardBot
from game.engine import apply, check, default_config, legal_commands, new_game, view
from game.engine.rng import Rng
from game.engine.state import SETUP_ROAD, SETUP_SETTLEMENT

from test_engine_core import _scramble_secrets_hidden_from


def _founding_position(rules, seed, placements):
    """A game's state after `placements` settlements (with their roads) of the
    founding round, each placed on the first legal spot of a shuffled list."""
    state, _ = new_game(default_config(rules=rules, players=4, seed=seed))
    rng = Rng(seed, stream=5)
    while state.phase in (SETUP_SETTLEMENT, SETUP_ROAD) and not (
            state.phase == SETUP_SETTLEMENT and state.setup_step >= placements):
        cmds = legal_commands(state, state.current)
        apply(state, cmds[rng.below(len(cmds))])
    return state


founding_cases = st.tuples(st.sampled_from(["base", "ck"]), st.integers(0, 50), st.integers(0, 7))


@settings(max_examples=examples(ci=12, dev=2), deadline=None)
@given(founding_cases)
@pytest.mark.slow
def test_founding_choice_is_legal_and_from_the_view_only(case):
    """The model's settlement is legal in the founding round (B-3.3; in C&K's
    second round a city, CK-2.1), the same on a state whose hidden parts were
    scrambled (RULES.md 'Hidden information'), and Hard plays it."""
    rules, seed, placements = case
    state = _founding_position(rules, seed, placements)
    seat = state.current
    weights = [0.5] * len(founding.FEATURES)
    founding.set_coefficients(rules, weights)
    try:
        choice = founding.choose_settlement(view(state, seat), seat)
        assert choice is not None and check(state, choice) is None
        scrambled = _scramble_secrets_hidden_from(state, seat, Rng(seed))
        assert founding.choose_settlement(view(scrambled, seat), seat) == choice
        assert HardBot(seat, seed, iterations=8).choose(view(state, seat)) == choice
    finally:
        founding.set_coefficients(rules, None)
        founding.WEIGHTS.forget()


def test_founding_model_follows_its_weights():
    """With weight only on ore, the first settlement stands on ore whenever one
    of the spots the model plays out does (B-3.1 first settlement)."""
    from game.bots import decisions as D
    from game.bots import facts as F
    from game.engine.constants import ORE
    for seed in range(examples(ci=6, dev=3)):
        state, _ = new_game(default_config(rules="base", players=4, seed=seed))
        seat = state.current
        weights = [5.0 if name == "ore" else 0.0 for name in founding.FEATURES]
        founding.set_coefficients("base", weights)
        try:
            choice = founding.choose_settlement(view(state, seat), seat)
        finally:
            founding.set_coefficients("base", None)
            founding.WEIGHTS.forget()
        cmds = sorted(legal_commands(state, seat), key=lambda c: -D.setup_score(state, seat, c[2]))
        tried = cmds[:founding.SPOTS]
        if any(F.node_pips(state, c[2])[ORE] for c in tried):
            assert F.node_pips(state, choice[2])[ORE] > 0


def test_without_weights_hard_founds_by_its_search():
    """No fitted weights for the rules: the model declines and Hard's search decides."""
    founding.set_coefficients("base", None)
    try:
        state, _ = new_game(default_config(rules="base", players=4, seed=3))
        seat = state.current
        assert founding.choose_settlement(view(state, seat), seat) is None
        choice = HardBot(seat, 3, iterations=8).choose(view(state, seat))
        assert check(state, choice) is None
    finally:
        founding.WEIGHTS.forget()


def test_chances_sum_to_one_and_favour_the_better_start():
    """The softmax over seats sums to 1; a seat whose terms are all larger
    under positive weights has the larger chance."""
    state = _founding_position("base", 4, 8)
    weights = [1.0] * len(founding.FEATURES)
    p = founding.chances(state, weights)
    assert abs(sum(p) - 1) < 1e-9
    rows = [founding.features(state, s) for s in range(4)]
    for a in range(4):
        for b in range(4):
            if all(x >= y for x, y in zip(rows[a], rows[b])) and rows[a] != rows[b]:
                assert p[a] > p[b]
