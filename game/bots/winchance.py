"""Each seat's chance to win a position, from the computers' valuation.

    chances(state) -> [p0, p1, ...]         one probability per seat, summing to 1
    features(state, seat) -> tuple          what the model reads of one seat

A conditional logit (softmax over the seats) of a few terms per seat: the
valuation of evaluate.py, the points, production (all, and of ore and
grain), how many kinds of resource the seat's buildings produce, each also
weighted by how far the game has come (the leader's share of the points to
win), how near the seat is to winning (one point to go), the points ahead
of or behind the best other seat, what the seat holds (its resource cards,
and in the base game each unplayed development card at the three cards it
cost), the unplayed cards themselves, and Longest Road and Largest Army
(points that can still be lost).
No term depends on whose turn it is, so a turn's hand-over, a declined
offer or a pass moves no chance (docs/luck-and-choices.md).  The weights are data (winchance.json, one set per
rule set), fitted on computer games by `python -m tools.calibrate --fit`;
`python -m tools.calibrate` measures them on other games (Brier score and a
calibration table).

The model reads what it is given: the full state after a game (every hand
and card known) or a seat's view (others' hands counted, not seen), through
evaluate.py, which looks only at what the state holds.  A finished game
gives the winner 1 and the others 0; during the founding round the seats
are even.
"""

import json
import math
import os

from game.engine import is_ck
from game.engine.state import GAME_OVER, SETUP_ROAD, SETUP_SETTLEMENT

from game.engine.constants import COST_DEV, GRAIN, ORE

from . import facts as F
from .evaluate import evaluate, victory_points

# Few terms: the games' winners are the outcomes (a few hundred), however many positions they hold.
# None of them depends on whose turn it is: a turn's hand-over, a declined offer or a pass
# changes nothing on the table, and so changes no seat's chance.
FEATURES = ("value", "points", "value_late", "points_late", "near_win", "production", "production_late",
            "city_production", "kinds", "kinds_late", "one_to_go", "hand", "cards", "largest_army",
            "longest_road", "lead")
# Terms whose weight the fit keeps at 0 or above.  An unplayed card: in computer games the
# seats that hold many lose more often (they bought cards when they could build nothing
# better), but a review must not tell a player that buying a card lowered their chance.
# For the same reason "hand" counts a development card held at its price (three cards), and
# there is no term for holding more than a 7 lets one keep: computer players with many
# cards win more often (they are about to build), and either term would make a purchase
# look like a loss merely because it spends cards.
NONNEGATIVE = ("cards",)
LEAD_CAP = 3                # points ahead of (behind) the best other seat, counted up to this many
HAND_CAP = 10               # cards held (a development card as three), counted up to this many
DEV_CARD_PRICE = sum(k for _kind, k in COST_DEV)     # cards a development card costs (B-6.1: 3)
COEFFICIENTS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "winchance.json")

_loaded = {}


def coefficients(rules: str) -> list:
    """The fitted weights for `rules` ("base" or "ck"), one per feature
    (all 1 for value and 0 else when the file has none for it)."""
    if not _loaded:
        try:
            with open(COEFFICIENTS_FILE, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError):
            data = {}
        for name in ("base", "ck"):
            entry = data.get(name, {})
            weights = entry.get("weights", {}) if isinstance(entry, dict) else {}
            _loaded[name] = [float(weights.get(f, 1.0 if f == "value" else 0.0)) for f in FEATURES]
    return _loaded[rules]


def set_coefficients(rules: str, weights) -> None:
    """Use `weights` for `rules` in this process (the fitting tool)."""
    coefficients(rules)
    _loaded[rules] = [float(w) for w in weights]


def progress(state) -> float:
    """How far the game has come: the leader's public points over the target."""
    return min(1.0, max(state.vp_public) / state.config["vp_target"])


def features(state, seat, late=None, points=None) -> tuple:
    """The terms of one seat (`late`: progress(state), `points`: every
    seat's victory points, when the caller has them)."""
    if late is None:
        late = progress(state)
    if points is None:
        points = [victory_points(state, s) for s in range(state.n)]
    value = evaluate(state, seat)
    own = points[seat]
    target = state.config["vp_target"]
    to_go = max(1, target - own)
    lead = own - max(p for s, p in enumerate(points) if s != seat)
    prod = F.seat_production(state, seat, skip_robber=False)
    pips = sum(prod[:5]) / 36
    kinds = sum(1 for p in prod[:5] if p)
    held = state.hands[seat]
    hand = sum(held[:5]) if held is not None else state.hand_n[seat]
    if is_ck(state):
        cards = state.prog_n[seat]          # drawn, not bought: not in what the hand is worth
        worth = hand
    else:
        cards = state.dev_n[seat]
        worth = hand + DEV_CARD_PRICE * cards
    # Longest Road and Largest Army are in the points but can be lost: the fit weighs them apart.
    return (value, own, value * late, own * late, 1.0 / to_go, pips, pips * late,
            (prod[ORE] + prod[GRAIN]) / 36, kinds, kinds * late, float(to_go == 1),
            min(worth, HAND_CAP) / 7, cards, float(state.largest_army == seat),
            float(state.longest_road == seat), max(-LEAD_CAP, min(LEAD_CAP, lead)))


def softmax(scores) -> list:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def chances_from(rows, weights) -> list:
    """The probabilities for per-seat feature rows under `weights`."""
    return softmax([sum(w * x for w, x in zip(weights, row)) for row in rows])


def chances(state) -> list:
    """Each seat's chance to win, summing to 1."""
    n = state.n
    if state.phase == GAME_OVER and state.winner != -1:
        return [1.0 if seat == state.winner else 0.0 for seat in range(n)]
    if state.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        # Until everyone has founded, seats that placed would be compared with seats that
        # have not yet: the chances stay even.
        return [1.0 / n] * n
    late = progress(state)
    points = [victory_points(state, seat) for seat in range(n)]
    rows = [features(state, seat, late, points) for seat in range(n)]
    return chances_from(rows, coefficients(state.config["rules"]))


__all__ = ["FEATURES", "NONNEGATIVE", "chances", "features", "chances_from", "coefficients", "progress"]
