"""Medium: plans its builds and plays its cards at good moments.

- Setup: starting spots by expected production, the mix of resources (a kind
  it lacks counts extra) and a harbor that fits what it produces.
- Its turn: it first plays what is plainly good now (a knight or a chase when
  the robber sits on its own production, Largest Army within reach, progress
  cards with a clear use), then offers trades toward its nearest build while
  trading is open, then takes the single move (build, bank or harbor trade,
  card, knight, improvement) that raises the shared evaluation most, applied
  to a copy of its own view, and repeats until nothing improves it.
- Robber on the leader's best hex, never its own; discards keep the cards
  nearest to its next build; offers are answered by what they do for its plan
  and never accepted from a player about to win; every decision a card forces
  on it (Cities & Knights) is chosen by value (decisions.decide).
"""

from game.engine import apply, check, legal_commands
from game.engine.state import (
    DECIDE, DISCARD, MAIN, ROAD_BUILDING, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, SPECIAL_BUILD, STEAL, TRADE,
)

from . import decisions as D
from . import facts as F
from . import trading
from .belief import Belief
from .evaluate import build_targets, evaluate
from .player import Player

# Moves whose effect on the seat's own view is fully known: tried on a copy.
ONE_PLY = frozenset(("build_road", "build_settlement", "build_city", "buy_dev", "maritime",
                     "build_wall", "recruit_knight", "activate_knight", "promote_knight", "improve",
                     "play_year_of_plenty"))
MIN_GAIN = 0.01
OFFER_GAIN = 0.12


# What a bank trade may complete in the same turn: tried after it (two plies).
COMPLETED_BY_TRADE = frozenset(("build_settlement", "build_city", "build_wall", "recruit_knight",
                                "activate_knight", "promote_knight", "improve"))


def value_after(view, seat, cmd, valuation=evaluate) -> float:
    """The evaluation after `cmd`, tried on a copy of the seat's view; after a
    bank or harbor trade, the best of that and a build it makes possible;
    after recruiting a knight, the better of leaving it idle and activating
    it at once (a new knight defends only once active).  `valuation(state,
    seat)`: the shared evaluate unless a player reads another."""
    trial = view.copy()
    apply(trial, cmd, None, validate=False)
    value = valuation(trial, seat)
    if cmd[0] == "maritime":
        for follow in legal_commands(trial, seat):
            if follow[0] in COMPLETED_BY_TRADE:
                value = max(value, value_after(trial, seat, follow, valuation))
        return value
    if cmd[0] == "recruit_knight":
        follow = ("activate_knight", seat, cmd[2])
        if check(trial, follow) is None:
            value = max(value, value_after(trial, seat, follow, valuation))
        return value
    pending = trial.pending
    if pending is not None and pending["kind"] == "metropolis":
        value += 2.0                                  # the metropolis is ours once placed
    return value


class MediumPlayer(Player):
    level = "medium"
    stream = 3001
    valuation = staticmethod(evaluate)     # how its one-ply choices are judged (Hard's prior may read another)

    def __init__(self, seat: int, seed: int = 0, strict: bool = False, **options):
        super().__init__(seat, seed, strict, **options)
        self.belief = Belief(seat)      # card counting: whether an offer is likely taken

    def observe(self, record) -> None:
        """Every record as this seat may see it: the card counting follows."""
        self.belief.observe(record)

    def decide(self, view, cmds):
        seat, phase = self.seat, view.phase
        self.belief.sync(view)
        if phase == SETUP_SETTLEMENT:
            return max(cmds, key=lambda c: D.setup_score(view, seat, c[2]))
        if phase in (SETUP_ROAD, ROAD_BUILDING):
            return self._best_by_value(view, cmds)[0]
        if phase == ROLL:
            return self._before_roll(view, cmds)
        if phase == DISCARD:
            return cmds[0]                      # discard_choices, best first
        if phase == ROBBER:
            return D.robber_move(view, seat, cmds)
        if phase == STEAL:
            return D.steal_target(view, seat, cmds)
        if phase == TRADE:
            if seat == view.current:
                return trading.close(view, seat, cmds)
            return trading.answer(view, seat, cmds)
        if phase == DECIDE:
            return D.decide(view, seat, cmds)
        if phase in (MAIN, SPECIAL_BUILD):       # the others build after a turn of five or six
            return self._main(view, cmds)
        return None

    def _before_roll(self, view, cmds):
        seat = self.seat
        kinds = {c[0] for c in cmds}
        if "play_knight" in kinds and (D.robber_hurts(view, seat) or self._army_in_reach(view)):
            return ("play_knight", seat)
        alchemist = [c for c in cmds if c[0] == "progress"]
        if alchemist:
            pick = D.alchemist_pick(view, seat, alchemist)
            if pick is not None:
                return pick
        return ("roll", seat)

    def _army_in_reach(self, view) -> bool:
        seat = self.seat
        if view.largest_army == seat:
            return False
        mine = view.knights[seat] + 1
        best = max(view.knights[o] for o in range(view.n) if o != seat)
        return mine >= 3 and mine > best

    def _main(self, view, cmds):
        seat = self.seat
        by_kind = {}
        for c in cmds:
            by_kind.setdefault(c[0], []).append(c)
        if "harbor_trade" in by_kind:             # a Commercial Harbor swap owed this turn
            pick = D.harbor_trade(view, seat, by_kind["harbor_trade"])
            if pick is not None:
                return pick
        if "play_knight" in by_kind:
            return ("play_knight", seat)          # robber on a rival, and a step toward Largest Army
        if "chase_robber" in by_kind and D.robber_hurts(view, seat):
            chase = max(by_kind["chase_robber"], key=lambda c: -view.knight_strength[c[2]])
            if D.chase_gain(view, seat, chase[2]) > MIN_GAIN:
                return chase
        if "progress" in by_kind:
            pick = D.progress_to_play(view, seat, by_kind["progress"])
            if pick is not None:
                return pick
        if "play_road_building" in by_kind and D.useful_roads(view, seat, by_kind.get("build_road", [])
                                                              or _road_spots(view, seat)):
            return ("play_road_building", seat)
        if "play_monopoly" in by_kind:
            pick = _monopoly(view, seat, by_kind["play_monopoly"])
            if pick is not None:
                return pick
        best, gain = None, 0.0
        options = one_ply_options(view, seat, cmds)
        if options:
            best, gain = self._best_by_value(view, options)
        # Offers come first while trading is open, but never with cards the
        # best move of the moment needs.
        offer = self._offer(view, by_kind, best if gain > MIN_GAIN else None)
        if offer is not None:
            return offer
        if gain > MIN_GAIN:
            return best
        return D.done(view, seat)

    def _best_by_value(self, view, cmds):
        """The command whose result evaluates best, and its gain over now."""
        seat = self.seat
        valuation = self.valuation
        now = valuation(view, seat)
        best, best_value = cmds[0], float("-inf")
        for c in cmds:
            value = value_after(view, seat, c, valuation) + self.rng.below(100) / 1e5    # ties: own generator
            if value > best_value:
                best, best_value = c, value
        return best, best_value - now

    def _offer(self, view, by_kind, keep_for=None):
        """A trade offer toward the nearest build, while trading is open, that
        leaves the move `keep_for` affordable and has a fair chance of being
        taken (trading.acceptance_chance)."""
        if "offer" not in by_kind or len(self._offered) >= trading.OFFERS_PER_TURN:
            return None
        for cmd in trading.sensible_offers(view, self.seat, OFFER_GAIN):
            if (tuple(cmd[2]), tuple(cmd[3])) in self._offered:
                continue
            if keep_for is not None and not _still_legal_after_giving(view, self.seat, cmd[2], keep_for):
                continue
            if trading.acceptance_chance(view, self.seat, cmd, self.rng, belief=self.belief) >= trading.FAIR_CHANCE:
                return cmd
        return None


def _still_legal_after_giving(view, seat, give, cmd) -> bool:
    trial = view.copy()
    hand = trial.hands[seat]
    for kind, k in enumerate(give):
        hand[kind] -= k
    trial.hand_n[seat] -= sum(give)
    return check(trial, cmd) is None


def one_ply_options(view, seat, cmds):
    """The moves to try on a copy; bank trades only for a kind some build lacks."""
    hand = view.hands[seat]
    lacking = {kind for _, cost in build_targets(view, seat) for kind, k in cost if hand[kind] < k}
    return [c for c in cmds if c[0] in ONE_PLY and (c[0] != "maritime" or c[3] in lacking)]


def _road_spots(view, seat):
    from game.engine.rulesets.base.building import road_spots
    return [("build_road", seat, e) for e in road_spots(view, seat)]


def _monopoly(view, seat, cmds):
    """Monopoly on the kind the others most likely hold (estimated from what
    they produce and how many cards they hold), if that is worth a card."""
    best, best_take = None, 0.0
    need = D.card_need(view, seat)
    for c in cmds:
        kind = c[2]
        take = 0.0
        for o in range(view.n):
            if o == seat or not view.hand_n[o]:
                continue
            prod = F.seat_production(view, o)
            total = sum(prod[:5]) or 1
            take += view.hand_n[o] * prod[kind] / total
        take *= need[kind]
        if take > best_take:
            best, best_take = c, take
    return best if best_take >= 3 else None
