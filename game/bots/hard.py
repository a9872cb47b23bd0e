"""The Hard computer player: determinized Monte-Carlo search (search.py)
over the engine's own rules, scored with the shared valuation.

`HardBot(seat, seed).choose(view)` decides from the seat's view only.  One
legal command returns at once; otherwise the shared candidate list (domestic
trade offers already pruned to a few), plus what Medium would play, goes into
the search after the trade guard below.

Why this design: Catan is a game of chance and hidden cards with a branching
factor that explodes in trades and card choices, and Python gives us
thousands, not millions, of simulated commands per decision.  Full-depth
tree search (MCTS to the end of the game) would see a few dozen noisy games
per move; a shallow search that samples the hidden cards and the dice, plays
a couple of turns with a fast policy and then trusts a hand-tuned valuation
spends the same time where decisions differ.  Sampling complete states and
applying the real rules means every rule of both rule sets (C&K cards,
barbarians, forced decisions) is modelled for free, with no second rules
implementation to drift.  Medium's choice in the field makes Hard at least
consider what the greedy player would do, and the search decides whether
something else is better.
"""

from game.engine import check, deciders, legal_commands
from game.engine.rng import Rng

from .facts import about_to_win
from .medium import MediumPlayer
from .search import Search, candidates

DEFAULT_THINK_MS = 600
OFFERS_PER_TURN = 2     # domestic offers we make in one turn, each different


def helps_a_leader(view, cmd) -> bool:
    """A trade that would hand cards to a player about to win: accepting or
    countering their offer, or closing our own offer with them."""
    kind = cmd[0]
    if kind in ("accept", "counter"):
        return about_to_win(view, view.current)
    if kind == "confirm_trade":
        return about_to_win(view, cmd[2])
    return False


class HardBot:
    level = "hard"

    def __init__(self, seat: int, seed: int, think_ms: int = DEFAULT_THINK_MS,
                 iterations: int | None = None, **search_options):
        """`iterations` fixes the number of playouts per decision (deterministic,
        for tests and tools); otherwise the search uses about `think_ms`."""
        self.seat = seat
        self.think_ms = think_ms
        self.iterations = iterations
        self.rng = Rng(seed, stream=2027)
        self.search = Search(seat, self.rng, **search_options)
        # Medium's choice always enters the search (its own generator, seeded from ours).
        self.prior = MediumPlayer(seat, self.rng.next32())
        self._offered = (-1, [])    # (turn, offers made in it): never repeat one

    def choose(self, view):
        """A legal command for this seat, or None when it has nothing to decide."""
        seat = self.seat
        if seat not in deciders(view):
            return None
        legal = legal_commands(view, seat)
        if len(legal) == 1:
            return legal[0]
        turn, offered = self._offered
        if turn != view.turn:
            offered = []
        may_offer = len(offered) < OFFERS_PER_TURN

        def allowed(c):
            return (not helps_a_leader(view, c) and check(view, c) is None
                    and (c[0] != "offer" or (may_offer and c not in offered)))

        cands = [c for c in candidates(view, seat) if allowed(c)]
        prior = self._prior(view, legal)
        if prior is not None and allowed(prior) and prior not in cands:
            cands.append(prior)
        if not cands:
            cands = [c for c in legal if not helps_a_leader(view, c)] or legal
        if len(cands) == 1:
            choice = cands[0]
        else:
            try:
                choice = self.search.best(view, cands, self.iterations, self.think_ms / 1000,
                                          keep=prior)
            except Exception:           # never stall: play the prior or a safe command
                choice = prior if prior in cands else cands[0]
        if choice[0] == "offer":
            offered = offered + [choice]
        self._offered = (view.turn, offered)
        return choice

    def _prior(self, view, legal):
        try:
            return self.prior.decide(view, legal)
        except Exception:
            return None
