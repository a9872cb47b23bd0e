"""The Hard computer player: determinized Monte-Carlo search (search.py)
over the engine's own rules, scored with the shared valuation.

`HardBot(seat, seed).choose(view)` decides from the seat's view only.  One
legal command returns at once; otherwise the shared candidate list (domestic
trade offers already pruned to a few) goes into the search, after the trade
guard below.
"""

from game.engine import check, deciders, legal_commands
from game.engine.rng import Rng

from .search import Search, candidates

DEFAULT_THINK_MS = 600
NEAR_WIN = 2        # a player this close to the target gets no help from us
OFFERS_PER_TURN = 2     # domestic offers we make in one turn, each different


def about_to_win(view, seat: int) -> bool:
    """Public points within NEAR_WIN of the target (hidden VP cards unknown)."""
    return view.vp_public[seat] >= view.config["vp_target"] - NEAR_WIN


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
        cands = [c for c in candidates(view, seat)
                 if not helps_a_leader(view, c) and check(view, c) is None
                 and (c[0] != "offer" or (may_offer and c not in offered))]
        if not cands:
            safe = [c for c in legal if not helps_a_leader(view, c)]
            cands = safe or legal
        if len(cands) == 1:
            choice = cands[0]
        else:
            choice = self.search.best(view, cands, self.iterations, self.think_ms / 1000)
        if choice[0] == "offer":
            offered = offered + [choice]
        self._offered = (view.turn, offered)
        return choice
