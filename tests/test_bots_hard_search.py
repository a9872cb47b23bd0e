"""The Hard player's search (game/bots/search.py, hard.py): when it may play
something other than Medium's choice.  Rule ids: the positions come from games
of both rule sets (B-4.3 turn structure, CK decisions); the guard is about the
bot, not a rule, so the tests name the behaviour instead."""

from hypothesis import given, strategies as st

from game.bots.hard import HardBot, decision_kind
from game.bots.search import Search, surely_better
from game.engine.rng import Rng
from game.engine import check, deciders, legal_commands, view
from game.engine.state import MAIN

from engine_play import random_position as position



scores = st.lists(st.floats(-50, 50, allow_nan=False), min_size=0, max_size=30)


@given(scores, st.floats(-5, 5, allow_nan=False), st.floats(0.1, 4))
def test_surely_better_needs_a_margin_beyond_k_standard_errors(base, shift, k):
    """A constant advantage on every common sample is sure once there are two
    samples; an equal or worse one never is; the order of two never both."""
    a = {r: x + shift for r, x in enumerate(base)}
    b = dict(enumerate(base))
    sure = surely_better(a, b, k)
    if len(base) >= 2 and shift > 1e-6:
        assert sure
    if shift <= 0 or len(base) < 2:
        assert not sure
    assert not (surely_better(a, b, k) and surely_better(b, a, k))


def test_surely_better_compares_only_the_rounds_both_played():
    """A round the other candidate missed (cut or cut short) does not count."""
    a = {0: 1.0, 1: 1.2, 2: 99.0}
    b = {0: 1.1, 1: 1.3}
    assert not surely_better(a, b, 0.5)
    noisy = {r: (r % 2) * 2.0 for r in range(40)}           # mean 1, sd 1
    zero = {r: 0.0 for r in range(40)}
    assert surely_better(noisy, zero, 2.0)                  # 1 > 2 * 1/sqrt(40)
    assert not surely_better(noisy, zero, 7.0)              # 1 < 7 * 0.16


positions = st.tuples(st.sampled_from(["base", "ck"]), st.integers(0, 5),
                      st.sampled_from([0, 9, 40, 120, 300, 700, 1200, 2000]),
                      st.integers(0, 2 ** 32 - 1))


@given(positions)
def test_hard_plays_mediums_choice_where_the_search_may_not_overrule(case):
    """With the search allowed for no kind of decision, Hard plays exactly
    what its Medium prior would (same seed, same view), in positions of both
    rule sets (B-4.3, CK decisions)."""
    rules, seed, length, bot_seed = case
    state = position(rules, seed, length)
    for seat in deciders(state)[:1]:
        v = view(state, seat)
        for options in ({"search_kinds": ()},):
            prior = HardBot(seat, bot_seed, **options)._prior(v, legal_commands(v, seat))
            bot = HardBot(seat, bot_seed, iterations=12, **options)
            choice = bot.choose(view(state, seat))
            assert check(state, choice) is None
            if prior is not None and check(state, prior) is None and prior[0] != "offer":
                assert choice == prior, (options, prior, choice)
            assert not bot.overruled


def test_decision_kind_names_the_phase_or_the_command_family():
    """Setup, robber and answers by phase; in the main phase by command (B-4.3)."""
    state = position("base", 1, 0)
    assert decision_kind(state, ("build_settlement", 0, 3)) == "setup"
    state = position("base", 1, 300).copy()
    state.phase = MAIN
    assert [decision_kind(state, c) for c in (("end_turn", 0), ("build_road", 0, 1), ("build_city", 0, 5),
                                              ("play_knight", 0), ("maritime", 0, 1, 2), ("buy_dev", 0),
                                              ("improve", 0, 1), ("recruit_knight", 0, 3))] \
        == ["end", "road", "build", "card", "trade", "card", "improve", "knight"]


class _ScoredSearch(Search):
    """The real successive halving and confidence test, with playout scores
    drawn from a known distribution per candidate (mean, spread) instead of
    played out, so which candidate should win is known."""

    def __init__(self, means, spread, **options):
        super().__init__(0, Rng(1), **options)
        self.means, self.spread, self.noise = means, spread, Rng(2)

    def _sample(self, view):
        return None, 0

    def _score(self, world, cmd, rseed, playout_on):
        return self.means[cmd] + self.spread * (self.noise.below(2001) - 1000) / 1000


@given(st.integers(2, 14), st.integers(0, 13), st.integers(0, 13))
def test_search_keeps_the_prior_unless_another_is_better_beyond_the_noise(n, kept, better):
    """A candidate whose advantage is far below the noise never replaces the
    one to keep (Medium's choice); one far above it always does."""
    kept, better = kept % n, better % n
    state = position("base", 1, 300)
    means = {i: 0.0 for i in range(n)}
    means[better] += 0.02
    cands = list(range(n))
    search = _ScoredSearch(means, 5.0, confidence=4.0)
    assert search.best(state, cands, iterations=40 * n, keep=kept) == kept
    if kept == better:
        return
    means[better] += 50.0
    search = _ScoredSearch(means, 5.0, confidence=4.0)
    assert search.best(state, cands, iterations=40 * n, keep=kept) == better
    means[kept] -= 100.0            # the worst by far
    search = _ScoredSearch(means, 5.0, confidence=4.0)
    assert search.best(state, cands, iterations=40 * n, keep=kept) == better
