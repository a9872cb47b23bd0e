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

from game.engine import IllegalCommand, apply, deciders, legal_commands
from game.engine.rng import Rng
from game.engine.state import GAME_OVER, ROLL, TRADE

from . import trading
from .determinize import determinize
from .evaluate import evaluate
from .policy import policy

WIN = 100.0                 # a won (lost) playout, far beyond any position's score


def next_decider(state) -> int:
    """Who moves next in a playout: answers to an offer before the offerer."""
    seats = deciders(state)
    if state.phase == TRADE and len(seats) > 1:
        return seats[1]
    return seats[0]


def leaf_value(world, seat: int, rival: int, rivalry: float, steps: int = 0) -> float:
    """The seat's score minus part of its main rival's; a won game is worth
    more the sooner it is won (`steps`: commands played out), a lost one less."""
    if world.phase == GAME_OVER:
        late = min(steps, 500) / 1000
        return WIN - late if world.winner == seat else -WIN + late
    return evaluate(world, seat) - rivalry * evaluate(world, rival)


def main_rival(view, seat: int) -> int:
    """The other seat with the most public points (then the most cards)."""
    others = [s for s in range(view.n) if s != seat]
    return max(others, key=lambda s: (view.vp_public[s], view.hand_n[s], -s))


def playout(world, seat: int, rng: Rng, turns: int, max_steps: int) -> int:
    """Play on with the shared policy until `turns` new turns have begun (or
    the seat's own next turn), the game ends or `max_steps` commands.
    Returns the number of commands played."""
    start = world.turn
    for step in range(max_steps):
        phase = world.phase
        if phase == GAME_OVER:
            return step
        if phase == ROLL and world.turn > start and (
                world.turn - start >= turns or world.current == seat):
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


class Search:
    """Successive halving over candidates, each scored by determinized playouts."""

    def __init__(self, seat: int, rng: Rng, turns: int = 2, rivalry: float = 0.5,
                 max_steps: int = 300, field: int = 12, confidence: float = 0.0):
        self.seat = seat
        self.rng = rng
        self.turns = turns
        self.rivalry = rivalry
        self.max_steps = max_steps
        self.field = field          # candidates that enter the playouts
        # Standard errors by which the best candidate must beat the one to
        # keep, on their common samples, before the search plays it instead.
        self.confidence = confidence
        self.last_rounds = 0        # for tools: rounds the last decision used
        self.rival = None           # set per decision (main_rival)
        self.belief = None          # the player's card counting (belief.py), when it keeps one

    def _score(self, world, cmd, rseed: int, playout_on: bool) -> float:
        w = world.copy()
        try:
            apply(w, cmd)
        except IllegalCommand:
            # Legal in the view but not in this sample (a partner's unseen hand).
            return leaf_value(world, self.seat, self.rival, self.rivalry) - 1.0
        steps = playout(w, self.seat, Rng(rseed, stream=7), self.turns, self.max_steps) if playout_on else 0
        return leaf_value(w, self.seat, self.rival, self.rivalry, steps)

    def _sample(self, view):
        return determinize(view, self.seat, self.rng, self.belief), self.rng.next32()

    def paired(self, view, cands: list, rounds: int) -> list:
        """Per round, the score of every candidate on that round's sample
        (common random numbers: a review compares a person's command with
        the computer's by their paired differences)."""
        self.rival = main_rival(view, self.seat)
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
        self.last_rounds = rounds
        best = max(alive, key=lambda i: (mean(i), -i))
        if (kept is not None and best != kept and self.confidence > 0
                and not surely_better(scores[best], scores[kept], self.confidence)):
            return cands[kept]
        return cands[best]


def surely_better(a: dict, b: dict, k: float) -> bool:
    """Whether the scores `a` beat `b` ({round: score}) by more than `k`
    standard errors of their mean difference over the rounds both played."""
    diffs = [a[r] - b[r] for r in a.keys() & b.keys()]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > k * (var / n) ** 0.5
