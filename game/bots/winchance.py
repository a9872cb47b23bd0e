"""Each seat's chance to win a position, from the computers' valuation.

    chances(state) -> [p0, p1, ...]         one probability per seat, summing to 1
    features(state, seat) -> tuple          what the model reads of one seat

A conditional logit (softmax over the seats) of a few terms per seat: the
valuation of evaluate.py, the points, production (all, and of ore and
grain), each also weighted by how far the game has come (the leader's share
of the points to win), how near the seat is to winning (one point to go, and
on its own turn), whether it is the seat's turn and the cards in its hand
then, the unplayed development (progress) cards, and Longest Road and
Largest Army (points that can still be lost).  The weights are data (winchance.json, one set per
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

from game.engine.constants import GRAIN, ORE

from . import facts as F
from .evaluate import evaluate, victory_points

# Few terms: the games' winners are the outcomes (a few hundred), however many positions they hold.
FEATURES = ("value", "points", "value_late", "points_late", "near_win", "production", "moves_now_late",
            "production_late", "city_production", "one_to_go", "one_to_go_now", "hand_now", "hand",
            "cards", "largest_army", "longest_road")
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


def features(state, seat, late=None) -> tuple:
    """The terms of one seat (`late`: progress(state) when the caller has it)."""
    if late is None:
        late = progress(state)
    value = evaluate(state, seat)
    points = victory_points(state, seat)
    target = state.config["vp_target"]
    to_go = max(1, target - points)
    prod = F.seat_production(state, seat, skip_robber=False)
    pips = sum(prod[:5]) / 36
    now = seat == state.current
    held = state.hands[seat]
    hand = sum(held[:5]) if held is not None else state.hand_n[seat]
    cards = state.prog_n[seat] if is_ck(state) else state.dev_n[seat]
    # Longest Road and Largest Army are in the points but can be lost: the fit weighs them apart.
    return (value, points, value * late, points * late, 1.0 / to_go, pips, now * late, pips * late,
            (prod[ORE] + prod[GRAIN]) / 36, float(to_go == 1), float(to_go == 1 and now), hand * now / 7,
            min(hand, 10) / 7, cards, float(state.largest_army == seat), float(state.longest_road == seat))


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
    rows = [features(state, seat, late) for seat in range(n)]
    return chances_from(rows, coefficients(state.config["rules"]))


__all__ = ["FEATURES", "chances", "features", "chances_from", "coefficients", "progress"]
