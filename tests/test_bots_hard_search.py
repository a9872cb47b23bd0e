"""The Hard player's search (game/bots/search.py, hard.py): when it may play
something other than Medium's choice.  Rule ids: the positions come from games
of both rule sets (B-4.3 turn structure, CK decisions); the guard is about the
bot, not a rule, so the tests name the behaviour instead."""

from hypothesis import assume, given, settings, strategies as st

from example_counts import examples

from game.bots.hard import HardBot, decision_kind
from game.bots.search import Search, surely_better
from game.engine.rng import Rng
from game.engine import apply, check, deciders, legal_commands, view
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


class _RoundSearch(Search):
    """Scores by the round's sample: the challenger (candidate 1) leads the
    one to keep (0) by `early` on the first `tricked` samples and by `late`
    on every later one, without noise, so which samples decided is plain."""

    def __init__(self, early, late, tricked, **options):
        super().__init__(0, Rng(1), **options)
        self.early, self.late, self.tricked, self.samples = early, late, tricked, 0

    def _sample(self, view):
        self.samples += 1
        return self.samples, 0

    def _score(self, world, cmd, rseed, playout_on):
        lead = self.early if world <= self.tricked else self.late
        return lead * (1 + world % 3) if cmd == 1 else 0.0


def test_the_duel_judges_the_halvings_winner_on_fresh_samples_only():
    """A lead seen only on the samples that chose the challenger (the
    winner's curse) does not overrule the one to keep; without the duel it
    would.  A lead that holds on fresh samples does."""
    state = position("base", 1, 300)
    fooled = _RoundSearch(1.0, -0.5, tricked=100, confidence=2.0)
    assert fooled.best(state, [0, 1], iterations=200, keep=0) == 1          # no duel: fooled
    search = _RoundSearch(1.0, -0.5, tricked=60, confidence=2.0, duel=0.4)
    assert search.best(state, [0, 1], iterations=200, keep=0) == 0
    assert search.samples > 60 and search.last_duel[0] >= 8 and search.last_duel[1] < 0
    search = _RoundSearch(1.0, 1.0, tricked=60, confidence=2.0, duel=0.4)
    assert search.best(state, [0, 1], iterations=200, keep=0) == 1
    assert search.last_duel[1] > 0


def test_a_decision_is_the_same_however_slow_the_machine():
    """No clock decides how much Hard searches (a fixed playout count), so a
    game replays exactly on any machine: with a clock that jumps an hour at
    every look, Hard chooses what it chooses with the real clock."""
    import game.bots.search as search_module

    class Slow:
        now = 0.0

        @classmethod
        def perf_counter(cls):
            cls.now += 3600.0
            return cls.now

    checked = 0
    for seed, length in ((1, 300), (2, 700), (3, 120), (4, 1200)):
        state = position("base" if seed % 2 else "ck", seed, length)
        seat = deciders(state)[0]
        if len(legal_commands(state, seat)) < 2:
            continue
        fast = HardBot(seat, seed, iterations=40).choose(view(state, seat))
        real = search_module.time
        search_module.time = Slow
        try:
            slow = HardBot(seat, seed, iterations=40).choose(view(state, seat))
        finally:
            search_module.time = real
        assert slow == fast
        checked += 1
    assert checked >= 2


@settings(max_examples=examples(ci=200, dev=8))
@given(st.sampled_from(["base", "ck"]), st.integers(0, 40), st.sampled_from([150, 300, 600, 1000, 1500]))
def test_a_plan_of_the_turn_is_legal_step_by_step_and_every_step_gains(rules, seed, length):
    """turn_plan: what follows a main-phase move in the seat's own turn is a
    list of commands legal one after the other (B-4.3: build and trade in
    any order in the main phase), each raising the seat's valuation by more
    than MIN_GAIN, none of them a card bought; nothing outside the own main phase."""
    from game.bots.evaluate import evaluate
    from game.bots.medium import MIN_GAIN
    from game.bots.search import PLANNED, turn_plan
    state = position(rules, seed, length)
    seat = state.current
    v = view(state, seat)
    for cmd in legal_commands(v, seat):
        plan = turn_plan(v, seat, cmd)
        if v.phase != MAIN or cmd[0] not in PLANNED:
            assert plan == ()
            continue
        trial = v.copy()
        apply(trial, cmd, None, validate=False)
        for step in plan:
            assert step[0] in PLANNED and step[1] == seat
            assert check(trial, step) is None
            before = evaluate(trial, seat)
            apply(trial, step, None, validate=False)
            assert evaluate(trial, seat) - before > MIN_GAIN - 1e-9 or step[0] == "maritime"


def test_a_bank_trade_is_searched_with_the_build_it_makes_possible():
    """Whole-turn plans: with two grain, two ore and four wood in hand (and
    nothing else), the plan of the bank trade of four wood for an ore holds
    the city that ore pays for (B-6.1 city, B-7.2 bank trade 4:1)."""
    from game.engine.constants import GRAIN, ORE, WOOD
    from game.bots.search import turn_plan
    for seed in range(40):
        state = position("base", seed, 300 + 37 * seed).copy()
        seat = state.current
        if state.phase != MAIN or state.cities_left[seat] == 0 or seat not in state.node_owner:
            continue
        hand = [0] * 5
        hand[WOOD], hand[GRAIN], hand[ORE] = 4, 2, 2
        for k in range(5):                      # the cards come from the bank
            state.bank[k] += state.hands[seat][k] - hand[k]
        if min(state.bank) < 0:
            continue
        state.hands[seat], state.hand_n[seat] = hand, 8
        v = view(state, seat)
        trade = next((c for c in legal_commands(v, seat) if c[0] == "maritime" and c[2] == WOOD and c[3] == ORE), None)
        if trade is None:
            continue
        plan = turn_plan(v, seat, trade)
        assert plan and plan[0][0] == "build_city", plan
        assert turn_plan(v, seat, ("end_turn", seat)) == ()
        return
    raise AssertionError("no position to try")


@settings(max_examples=examples(ci=200, dev=8))
@given(st.sampled_from(["base", "ck"]), st.integers(0, 40), st.sampled_from([300, 600, 1000]),
       st.integers(0, 2))
def test_a_playout_plays_through_the_seats_own_turns_and_stops_at_the_next(rules, seed, length, own_turns):
    """playout(own_turns=k): the seat's next k turns are played out (B-4.3:
    turns pass clockwise), and the playout stops as the turn after them
    begins, before its roll, unless the game ends first."""
    from game.engine.state import GAME_OVER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT
    from game.bots.determinize import determinize
    from game.bots.search import playout
    state = position(rules, seed, length)
    if state.phase in (GAME_OVER, SETUP_SETTLEMENT, SETUP_ROAD):
        return
    seat = (state.current + 1 + seed) % state.n
    world = determinize(view(state, seat), seat, Rng(seed))
    start, current = world.turn, world.current
    playout(world, seat, Rng(seed, stream=7), 100, 5000, own_turns)
    if world.phase == GAME_OVER:
        return
    first = (seat - current) % world.n or world.n       # turns until the seat's next one begins
    assert world.phase == ROLL and world.current == seat
    assert world.turn == start + first + world.n * own_turns


def test_hard_plays_out_through_its_own_turn_unless_told_otherwise():
    """Hard's playouts play through the seat's own next turn in both rule sets
    (hard.PLAYOUT_SHAPE, B-4.3), and a shape asked for holds in both."""
    from game.bots.hard import PLAYOUT_SHAPE
    assert PLAYOUT_SHAPE[1] >= 1
    seen = set()
    for rules, seed, length in (("base", 1, 700), ("base", 2, 300), ("ck", 3, 300), ("ck", 2, 1200)):
        state = position(rules, seed, length)
        seat = deciders(state)[0] if deciders(state) else None
        if seat is None:
            continue
        shipped = HardBot(seat, seed, iterations=8)
        asked = HardBot(seat, seed, iterations=8, own_turns=0)
        shipped.choose(view(state, seat))
        asked.choose(view(state, seat))
        if shipped.searched:
            assert (shipped.search.turns, shipped.search.own_turns) == PLAYOUT_SHAPE
            seen.add(rules)
        assert asked.search.own_turns == 0
    assert seen == {"base", "ck"}


@settings(max_examples=examples(ci=200, dev=6))
@given(st.sampled_from(["base", "ck"]), st.sampled_from([5, 6]), st.integers(0, 20))
def test_at_five_and_six_seats_hards_playouts_still_play_through_its_own_next_turn(rules, players, seed):
    """X-1 (five and six players; B-4.3 turns pass clockwise): Hard's shape
    (hard.PLAYOUT_SHAPE, five turns, one own turn) was sized for four seats;
    at five and six seats five turns end before the seat's next turn comes
    round, so its moves would be judged before it could spend what they
    prepare.  Every playout the search runs reaches the turn after the
    seat's own next one has begun (or the game's end)."""
    from game.bots import search as search_module
    from game.engine.state import GAME_OVER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT
    from engine_play import random_game
    state = random_game(seed, players=players, rules=rules, max_commands=250 + 40 * seed).state
    if state.phase in (GAME_OVER, SETUP_SETTLEMENT, SETUP_ROAD) or not deciders(state):
        return
    seat = deciders(state)[0]
    ends = []
    real = search_module.playout

    def watched(world, who, rng, turns, max_steps, own_turns=0):
        start, current = world.turn, world.current
        steps = real(world, who, rng, turns, max_steps, own_turns)
        ends.append((start, current, world.turn, world.current, world.phase, steps >= max_steps))
        return steps

    search_module.playout = watched
    try:
        HardBot(seat, seed, iterations=6).choose(view(state, seat))
    finally:
        search_module.playout = real
    for start, current, turn, now, phase, cut in ends:
        if phase == GAME_OVER or cut:
            continue
        first = (seat - current) % players or players   # turns until the seat's next one begins
        assert phase == ROLL
        assert turn > start + first, "stopped before the seat's own next turn was played out"
    assume(ends)        # (a decision the search did not need: nothing to see)


def test_the_playout_turn_cap_grows_with_the_seat_count_only_where_it_must():
    """Four seats or fewer keep the shipped cap (their games replay as before);
    five and six get one more turn per extra seat."""
    from game.bots.search import playout_turns
    assert [playout_turns(5, 1, n) for n in (2, 3, 4, 5, 6)] == [5, 5, 5, 6, 7]
    assert playout_turns(5, 0, 6) == 5
    assert playout_turns(3, 2, 6) == 13
