"""Determinized Monte-Carlo search for the Hard player.

For one decision the search holds a short list of candidate commands and
spends its budget on *rounds*.  A round samples one complete game from the
seat's view (determinize.py), then, for every candidate still in the race,
copies that sample, applies the candidate with the engine's own `apply` and
plays on with the shared fast policy for every seat (offers answered and
closed by the shared trading rules) until a few turns have begun; the position reached is scored with the shared valuation as seen from
the seat, minus part of the best rival's score.  All candidates of a round
share the sample and the rollout generator (common random numbers), so their
differences come from the candidates, not from luck.  Successive halving
drops the weaker half of the field after each stage, so most of the budget
goes to the few candidates that matter.

Hidden information never leaks in: every sample comes from the view and
the bot's own generator.
"""

import time

from game.engine import IllegalCommand, apply, check, deciders, legal_commands
from game.engine.rng import Rng
from game.engine.state import GAME_OVER, MAIN, ROLL, TRADE

from . import trading
from .determinize import determinize
from .evaluate import evaluate
from .medium import MIN_GAIN, ONE_PLY, one_ply_options, value_after
from .policy import policy
from .value_model import chances as model_chances
from .winchance import chances

WIN = 100.0                 # a won (lost) playout, far beyond any position's score
DUEL_MIN_ROUNDS = 8         # fewer fresh paired samples than this: judge on the halving's own


def next_decider(state) -> int:
    """Who moves next in a playout: answers to an offer before the offerer."""
    seats = deciders(state)
    if state.phase == TRADE and len(seats) > 1:
        return seats[1]
    return seats[0]


def lateness(steps: int) -> float:
    """How late a playout's game ended (`steps`: commands played out), as a
    small share of a WIN: a won game is worth more the sooner it is won, and
    a lost one costs less the later it is lost."""
    return min(steps, 500) / 1000


def leaf_value(world, seat: int, rival: int, rivalry: float, steps: int = 0) -> float:
    """The seat's score minus part of its main rival's; a won game is worth
    more the sooner it is won (`steps`: commands played out), a lost one less."""
    if world.phase == GAME_OVER:
        return WIN - lateness(steps) if world.winner == seat else -WIN + lateness(steps)
    return evaluate(world, seat) - rivalry * evaluate(world, rival)


def chance_value(world, seat: int, steps: int = 0) -> float:
    """The seat's chance to win the position (winchance.py: a fit over every
    seat's terms, so all rivals count, not only the main one), in WIN units;
    a won game is worth more the sooner it is won, a lost one less."""
    if world.phase == GAME_OVER:
        return WIN - lateness(steps) if world.winner == seat else lateness(steps)
    return WIN * chances(world)[seat]


def model_value(world, seat: int, steps: int = 0) -> float:
    """The seat's chance to win the position by the fitted valuation
    (value_model.py: every seat's terms), in WIN units; a won game is worth
    more the sooner it is won, a lost one less."""
    if world.phase == GAME_OVER:
        return WIN - lateness(steps) if world.winner == seat else lateness(steps)
    return WIN * model_chances(world)[seat]


def main_rival(view, seat: int) -> int:
    """The other seat with the most public points (then the most cards)."""
    others = [s for s in range(view.n) if s != seat]
    return max(others, key=lambda s: (view.vp_public[s], view.hand_n[s], -s))


def playout(world, seat: int, rng: Rng, turns: int, max_steps: int, own_turns: int = 0) -> int:
    """Play on with the shared policy until `turns` new turns have begun (or
    the seat's own next turn after `own_turns` of its turns were played out),
    the game ends or `max_steps` commands.  Returns the number of commands
    played."""
    start = last = world.turn
    own = 0
    for step in range(max_steps):
        phase = world.phase
        if phase == GAME_OVER:
            return step
        if phase == ROLL and world.turn > start:
            if world.turn != last:
                last = world.turn
                if world.current == seat:
                    own += 1
            if world.turn - start >= turns or (world.current == seat and own > own_turns):
                return step
        s = next_decider(world)
        if phase == TRADE:          # offers are answered as Medium would
            cmds = legal_commands(world, s)
            cmd = trading.close(world, s, cmds) if s == world.current else trading.answer(world, s, cmds)
        else:
            cmd = policy(world, s, rng)
        try:
            apply(world, cmd)
        except IllegalCommand:          # a policy slip must not end the search
            cmds = legal_commands(world, s)
            apply(world, cmds[rng.below(len(cmds))])
    return max_steps


def playout_turns(turns: int, own_turns: int, seats: int) -> int:
    """The turn cap of a playout that is to play `own_turns` of the seat's
    own turns: at least enough turns for those at this seat count.  A shape
    sized for four seats (five turns: through the seat's next turn) would
    stop at five and six seats before that turn came round."""
    if own_turns <= 0:
        return turns
    return max(turns, own_turns * seats + 1)


# Moves whose outcome the seat's view fully shows (no card drawn, no hidden
# hand involved): a plan of the turn may go on after them.
PLANNED = ONE_PLY - {"buy_dev"}
PLAN_STEPS = 6


def turn_plan(view, seat: int, cmd, valuation=evaluate) -> tuple:
    """What the seat would play after `cmd` in the rest of its turn, as
    Medium would (the build, bank trade or other known move that raises the
    valuation most, again until none does), tried on a copy of the seat's
    view: so a bank trade is searched together with the build it makes
    possible.  Empty outside the seat's own main phase and after a move
    whose outcome is chance."""
    if view.phase != MAIN or view.current != seat or cmd[0] not in PLANNED:
        return ()
    trial = view.copy()
    try:
        apply(trial, cmd, None, validate=False)
    except (IllegalCommand, TypeError, ValueError, KeyError, IndexError):
        return ()
    plan = []
    for _ in range(PLAN_STEPS):
        if trial.phase != MAIN:
            break
        options = one_ply_options(trial, seat, legal_commands(trial, seat))
        if not options:
            break
        now = valuation(trial, seat)
        gains = [(value_after(trial, seat, c, valuation) - now, i) for i, c in enumerate(options)]
        gain, i = max(gains)
        if gain <= MIN_GAIN or options[i][0] not in PLANNED:
            break
        plan.append(options[i])
        apply(trial, options[i], None, validate=False)
    return tuple(plan)


def _frozen(cmd) -> tuple:
    """A command as a dictionary key (some carry lists)."""
    return tuple(tuple(a) if isinstance(a, list) else a for a in cmd)


class Search:
    """Successive halving over candidates, each scored by determinized playouts."""

    def __init__(self, seat: int, rng: Rng, turns: int = 2, rivalry: float = 0.5,
                 max_steps: int = 300, field: int = 12, confidence: float = 0.0,
                 duel: float = 0.0, plans: bool = False, leaf: str = "rival", own_turns: int = 0):
        self.seat = seat
        self.rng = rng
        self.turns = turns
        self.rivalry = rivalry
        self.max_steps = max_steps
        self.field = field          # candidates that enter the playouts
        # Standard errors by which the best candidate must beat the one to
        # keep, on their common samples, before the search plays it instead.
        self.confidence = confidence
        # Share of the budget kept back for the duel: the halving's winner
        # against the one to keep, on fresh samples (see best()).
        self.duel = duel
        self.last_duel = None       # for tools: (rounds, mean difference, its standard error)
        # Score each main-phase candidate as the first step of the plan of
        # the turn it starts (turn_plan) rather than followed by the rollout policy.
        self.plans = plans
        self._plans = {}            # candidate -> the rest of its plan, this decision
        # How a playout's last position is scored: "rival" (leaf_value),
        # "chance" (chance_value) or "model" (model_value).
        self.leaf = leaf
        # The seat's own turns a playout plays through (0: it stops when the seat's next turn begins).
        self.own_turns = own_turns
        self.last_rounds = 0        # for tools: rounds the last decision used
        self.rival = None           # set per decision (main_rival)
        self.belief = None          # the player's card counting (belief.py), when it keeps one
        self.valuation = evaluate   # how a plan of the turn judges its steps (the prior's valuation)

    def _score(self, world, cmd, rseed: int, playout_on: bool) -> float:
        w = world.copy()
        try:
            apply(w, cmd)
        except IllegalCommand:
            # Legal in the view but not in this sample (a partner's unseen hand).
            return self._leaf(world, 0) - 1.0
        if playout_on and self._plans and cmd[0] in PLANNED:
            for step in self._plans.get(_frozen(cmd), ()):
                if check(w, step) is not None:
                    break
                apply(w, step)
        turns = playout_turns(self.turns, self.own_turns, w.n)
        steps = (playout(w, self.seat, Rng(rseed, stream=7), turns, self.max_steps, self.own_turns)
                 if playout_on else 0)
        return self._leaf(w, steps)

    def _leaf(self, world, steps: int) -> float:
        if self.leaf == "chance":
            return chance_value(world, self.seat, steps)
        if self.leaf == "model":
            return model_value(world, self.seat, steps)
        return leaf_value(world, self.seat, self.rival, self.rivalry, steps)

    def _sample(self, view):
        return determinize(view, self.seat, self.rng, self.belief), self.rng.next32()

    def paired(self, view, cands: list, rounds: int) -> list:
        """Per round, the score of every candidate on that round's sample
        (common random numbers: a review compares a person's command with
        the computer's by their paired differences)."""
        self.rival = main_rival(view, self.seat)
        self._plans = {}
        out = []
        for _ in range(rounds):
            world, rseed = self._sample(view)
            out.append([self._score(world, c, rseed, True) for c in cands])
        return out

    def best(self, view, cands: list, iterations: int | None = None,
             think_s: float = 0.6, keep=None, max_s: float | None = None) -> tuple:
        """The candidate with the best mean playout score.  `iterations` fixes
        the number of playouts (deterministic unless the search runs past
        `max_s` seconds, where it stops); otherwise `think_s` seconds.
        `keep` (a candidate, usually Medium's choice) always enters the
        playouts and is never cut; with `confidence` it is played unless
        another candidate is better by that many standard errors."""
        started = time.perf_counter()
        self.rival = main_rival(view, self.seat)
        alive = list(range(len(cands)))
        kept = cands.index(keep) if keep in cands else None
        if len(alive) > self.field:
            # Too many to play out: keep the best after the command alone,
            # and the one to keep.
            world, rseed = self._sample(view)
            quick = [self._score(world, c, rseed, False) for c in cands]
            alive.sort(key=lambda i: -quick[i])
            field = set(alive[:self.field - 1])
            field.add(kept if kept is not None else alive[self.field - 1])
            alive = sorted(field)
        self._plans = {}
        if self.plans:
            for i in alive:
                self._plans[_frozen(cands[i])] = turn_plan(view, self.seat, cands[i], self.valuation)
        scores = {i: {} for i in alive}        # candidate -> {round: score}
        spent = 0
        rounds = 0

        def mean(i):
            return sum(scores[i].values()) / len(scores[i])

        def run_round(cutoff=None):
            """One sample for every candidate alive; with a `cutoff` time the
            round may stop early (only the first: later rounds stay complete,
            so every mean compares the same samples)."""
            nonlocal spent, rounds
            world, rseed = self._sample(view)
            for i in alive:
                if cutoff is not None and not scores[i] and spent and time.perf_counter() > cutoff:
                    break
                scores[i][rounds] = self._score(world, cands[i], rseed, True)
                spent += 1
            rounds += 1

        if kept is not None:
            alive.remove(kept)                  # played out first, so it is never cut
            alive.insert(0, kept)
        if iterations is None:
            # A slow machine may not finish one round in time: keep what was scored.
            run_round(cutoff=started + think_s)
            alive = sorted(i for i in alive if scores[i])
            elapsed = time.perf_counter() - started
            per_playout = elapsed / spent
            budget = spent + int(max(0.0, think_s - elapsed) / max(per_playout, 1e-6))
            hard_stop = started + min(2 * think_s, max_s or float("inf"))
        else:
            alive.sort()
            run_round()
            budget = iterations
            hard_stop = None if max_s is None else started + max_s
        duel = kept is not None and self.confidence > 0 and self.duel > 0
        total = budget
        if duel:
            budget = spent + (total - spent) * (1 - self.duel)
        stages = max(1, (len(alive) - 1).bit_length())
        per_stage = budget / stages
        for stage in range(stages):
            stage_end = per_stage * (stage + 1)
            while spent + len(alive) <= stage_end:
                if hard_stop is not None and time.perf_counter() > hard_stop:
                    break
                run_round()
            if len(alive) > 1:
                alive.sort(key=lambda i: -mean(i))
                better = alive[:(len(alive) + 1) // 2]
                if kept is not None and kept not in better:
                    better.append(kept)
                alive = sorted(better)
        best = max(alive, key=lambda i: (mean(i), -i))
        self.last_duel = None
        if duel and best != kept:
            # The halving's winner is the best of several noisy means, so its
            # lead on the samples that chose it is biased upward (the
            # winner's curse).  It replaces the one to keep only if it also
            # wins on samples that played no part in choosing it.
            a, b = {}, {}
            for r in range(max(0, int(total - spent) // 2)):
                if hard_stop is not None and time.perf_counter() > hard_stop:
                    break
                world, rseed = self._sample(view)
                a[r] = self._score(world, cands[best], rseed, True)
                b[r] = self._score(world, cands[kept], rseed, True)
                rounds += 1
            if len(a) >= DUEL_MIN_ROUNDS:
                self.last_rounds = rounds
                self.last_duel = (len(a),) + paired_difference(a, b)
                return cands[best] if surely_better(a, b, self.confidence) else cands[kept]
        self.last_rounds = rounds
        if (kept is not None and best != kept and self.confidence > 0
                and not surely_better(scores[best], scores[kept], self.confidence)):
            return cands[kept]
        return cands[best]


def paired_difference(a: dict, b: dict) -> tuple:
    """The mean of `a - b` over the rounds both played ({round: score}) and
    its standard error (inf with fewer than two rounds)."""
    diffs = [a[r] - b[r] for r in a.keys() & b.keys()]
    n = len(diffs)
    if n < 2:
        return (sum(diffs) / n if n else 0.0), float("inf")
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


def surely_better(a: dict, b: dict, k: float) -> bool:
    """Whether the scores `a` beat `b` ({round: score}) by more than `k`
    standard errors of their mean difference over the rounds both played."""
    mean, se = paired_difference(a, b)
    return se != float("inf") and mean > k * se
