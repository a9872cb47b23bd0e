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
implementation to drift.

Medium's choice is the default: it always enters the search, is never cut by
successive halving, and another candidate replaces it only when it scores
better on the same samples (by `confidence` standard errors of the paired
difference when that is set).  The search thus adds to Medium's play what
the samples show, instead of replacing good greedy choices by noise.
"""

from collections import Counter

from game.engine import check, deciders, is_ck, legal_commands
from game.engine.rng import Rng
from game.engine.state import (
    DECIDE, DISCARD, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, STEAL, TRADE,
)

from . import founding, trading
from . import value_model
from .belief import Belief
from .facts import about_to_win
from .medium import MediumPlayer
from .policy import candidates
from .search import Search

# Playouts per decision that matters, by rule set: a fixed count, so Hard
# plays the same on a busy machine as on an idle one (a time budget plays
# fewer playouts when others load the cores) and its games replay exactly.
# Sized for a median of about 0.4 s on an idle core (C&K playouts are
# longer); no clock cuts a decision short unless `max_ms` is given.
DEFAULT_PLAYOUTS = {"base": 500, "ck": 225}
# How far a playout runs: (turns, the seat's own turns played through;
# search.playout).  A playout plays on through the seat's own next turn, so
# what a move prepares (cards kept, a card bought, a progress card held) is
# spent by the policy before the valuation judges it; about twice the work
# of stopping before that turn, hence half the playouts.  In paired games
# this won more in both rule sets (README, Measured).
PLAYOUT_SHAPE = (5, 1)
QUICK_PLAYOUTS = 60         # the hint's and the review's smaller budget
# Standard errors by which a candidate must beat Medium's choice on common
# samples: without it the search overruled Medium about 40 times a game,
# often on noise (figures: README, Measured).
CONFIDENCE = 2.0
# Share of the playouts kept for the duel of the halving's winner against
# Medium's choice on fresh samples (search.Search.best).
DUEL = 0.4
# A founding decision's playouts run through the rest of the founding round
# (every placement weighs every free spot): several times longer, so fewer.
SETUP_SHARE = 0.2
OFFERS_PER_TURN = trading.OFFERS_PER_TURN     # domestic offers we make in one turn


def helps_a_leader(view, cmd) -> bool:
    """A trade that would hand cards to a player about to win: accepting or
    countering their offer, or closing our own offer with them."""
    kind = cmd[0]
    if kind in ("accept", "counter"):
        return about_to_win(view, view.current)
    if kind == "confirm_trade":
        return about_to_win(view, cmd[2])
    return False


_PHASE_KIND = {SETUP_SETTLEMENT: "setup", SETUP_ROAD: "setup", ROLL: "roll", DISCARD: "discard",
               ROBBER: "robber", STEAL: "robber", TRADE: "answer", DECIDE: "decide"}
_COMMAND_KIND = {"build_road": "road", "build_settlement": "build", "build_city": "build",
                 "build_wall": "build", "improve": "improve", "offer": "trade", "maritime": "trade",
                 "harbor_trade": "trade", "buy_dev": "card", "progress": "card", "end_turn": "end",
                 "recruit_knight": "knight", "activate_knight": "knight", "promote_knight": "knight",
                 "move_knight": "knight", "displace_knight": "knight", "chase_robber": "knight"}


def decision_kind(view, cmd) -> str:
    """What sort of decision `cmd` is, for choosing where the search may
    overrule Medium and for counting where it does: the phase outside the
    main phase, else the family of the command."""
    kind = _PHASE_KIND.get(view.phase)
    if kind is not None:
        return kind
    return _COMMAND_KIND.get(cmd[0], "card" if cmd[0].startswith("play_") else "other")


class HardBot:
    level = "hard"

    def __init__(self, seat: int, seed: int, iterations: int | None = None,
                 think_ms: int | None = None, max_ms: int | None = None, search_kinds=None,
                 founding_model: bool = True, valuation: str = "plain", **search_options):
        """`iterations`: playouts per decision (DEFAULT_PLAYOUTS of the rule
        set unless `think_ms` asks for a time budget instead); with `max_ms`
        no decision runs past that many wall-clock milliseconds (a clock:
        the game then no longer replays exactly).  `search_kinds`
        (decision_kind names; None: all) limits where the search may play
        something other than Medium's choice.  `founding_model`: found by
        the founding model (founding.py) where it has weights for the rules,
        instead of by the search.  `valuation`: "model" has the prior and
        the plans of the turn judge moves by the fitted valuation
        (value_model.py) where it has weights for the rules, "plain" by the
        shared evaluate."""
        self.seat = seat
        self.think_ms = think_ms
        self.iterations = iterations
        self.max_ms = max_ms
        self.search_kinds = None if search_kinds is None else frozenset(search_kinds)
        self.founding_model = founding_model
        self.overruled = Counter()      # (kind of Medium's choice, kind played): for tools
        self.searched = 0               # decisions that went to the search: for tools
        self.rng = Rng(seed, stream=2027)
        search_options.setdefault("confidence", CONFIDENCE)
        search_options.setdefault("duel", DUEL)
        search_options.setdefault("plans", True)
        if not {"turns", "own_turns"} & search_options.keys():     # (a shape asked for: tools, tests)
            search_options["turns"], search_options["own_turns"] = PLAYOUT_SHAPE
        self.search = Search(seat, self.rng, **search_options)
        # Medium's choice always enters the search (its own generator, seeded from ours).
        self.prior = MediumPlayer(seat, self.rng.next32())
        # Card counting: the search samples hidden hands inside it, and so
        # does Medium's estimate of whether an offer is taken.
        self.belief = self.search.belief = self.prior.belief = Belief(seat)
        self.valuation = valuation
        self._offered = (-1, [])    # (turn, offers made in it): never repeat one

    def choose(self, view):
        """A legal command for this seat, or None when it has nothing to decide."""
        seat = self.seat
        if seat not in deciders(view):
            return None
        legal = legal_commands(view, seat)
        if len(legal) == 1:
            return legal[0]
        self.belief.sync(view)
        self._set_valuation(view)
        if view.phase == SETUP_SETTLEMENT and self.founding_model and self._may_search(view):
            choice = founding.choose_settlement(view, seat)
            if choice is not None:
                self.searched += 1
                return choice
        turn, offered = self._offered
        if turn != view.turn:
            offered = []
        may_offer = len(offered) < OFFERS_PER_TURN

        def allowed(c):
            return (not helps_a_leader(view, c) and check(view, c) is None
                    and (c[0] != "offer" or (may_offer and c not in offered)))

        cands = [c for c in candidates(view, seat) if allowed(c)]
        if any(c[0] == "offer" for c in cands):     # only offers someone is likely to take
            fair = trading.fair_offers(view, seat, [c for c in cands if c[0] == "offer"], self.rng,
                                       self.belief)
            cands = [c for c in cands if c[0] != "offer" or c in fair]
        prior = self._prior(view, legal)
        if prior is not None and allowed(prior) and prior not in cands:
            cands.append(prior)
        if not cands:
            cands = [c for c in legal if not helps_a_leader(view, c)] or legal
        if self.search_kinds is not None and prior in cands:
            # Only what may overrule Medium's choice enters the search (none: no search).
            theirs = decision_kind(view, prior)
            cands = [c for c in cands if c == prior or {decision_kind(view, c), theirs} <= self.search_kinds]
        if len(cands) == 1:
            choice = cands[0]
        elif prior in cands and not self._may_search(view):
            choice = prior
        else:
            self.searched += 1
            try:
                choice = self.search.best(view, cands, self._playouts(view), (self.think_ms or 0) / 1000,
                                          keep=prior, max_s=None if self.max_ms is None else self.max_ms / 1000)
            except Exception:           # never stall: play the prior or a safe command
                choice = prior if prior in cands else cands[0]
        if prior is not None and choice != prior and prior in cands:
            mine, theirs = decision_kind(view, choice), decision_kind(view, prior)
            if self.search_kinds is not None and not {mine, theirs} <= self.search_kinds:
                choice = prior
            else:
                self.overruled[(theirs, mine)] += 1
        if choice[0] == "offer":
            offered = offered + [choice]
        self._offered = (view.turn, offered)
        return choice

    def _set_valuation(self, view) -> None:
        """The prior's and the plans' valuation for these rules (once a game)."""
        if self.valuation != "model" or self.prior.valuation is not MediumPlayer.valuation:
            return
        if value_model.coefficients("ck" if is_ck(view) else "base") is None:
            return

        def fitted(state, seat):
            return value_model.log_chances(state)[seat]

        self.prior.valuation = self.search.valuation = fitted

    def observe(self, record) -> None:
        """Every record as this seat may see it: the card counting follows."""
        self.belief.observe(record)

    def _playouts(self, view):
        """Playouts for this decision: the count asked for, else the rule
        set's default (None when a time budget was asked for instead)."""
        if self.iterations is not None or self.think_ms is not None:
            return self.iterations
        playouts = DEFAULT_PLAYOUTS["ck" if is_ck(view) else "base"]
        if view.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
            playouts = int(playouts * SETUP_SHARE)
        return playouts

    def _may_search(self, view) -> bool:
        """Whether the search may overrule Medium in this phase at all."""
        kinds = self.search_kinds
        return kinds is None or _PHASE_KIND.get(view.phase) in kinds | {None}

    def _prior(self, view, legal):
        try:
            return self.prior.decide(view, legal)
        except Exception:
            return None
