"""A valuation fitted to who wins: the shared valuation's terms reweighed.

    features(state, seat, late) -> tuple    what the model reads of one seat
    chances(state) -> [p0, p1, ...]         each seat's chance to win
    value(state, seat) -> float             log of the seat's chance: Hard's valuation

evaluate.py sums its terms (points, production, harbors, room to expand,
Longest Road and Largest Army prospects, cards, the hand; in Cities & Knights
commodities and the knights, improvements and barbarians) with weight 1
each, by hand.  Here each term gets a weight fitted to the outcome of
computer games, and again a weight of its own as the game nears its end (by
the leader's share of the points to win), beside a few terms of the race
itself: one or two points to go, whose turn it is and who moves next,
Longest Road and Largest Army held (points that can still be lost).  A
conditional logit (softmax over the seats) turns the seats' scores into
chances.  The weights are data (value_model.json, one set per rule set),
fitted by `python -m tools.train_value` on games from a seed range of
their own.

Everything reads only what the state holds through evaluate.py: on a
seat's view the others' hands are counts, on a sampled game they are the
sample's.
"""

import math

from game.engine import is_ck
from game.engine.state import GAME_OVER

from .evaluate import value_terms, victory_points
from .fitted import FittedWeights

TERMS = {"base": ("points", "production", "harbors", "expansion", "road_army", "cards", "hand"),
         "ck": ("points", "production", "harbors", "expansion", "road_army", "cards", "hand",
                "commodities", "ck")}
RACE = ("one_to_go", "two_to_go", "moves_now", "moves_next", "longest_road", "largest_army")


def feature_names(rules: str) -> tuple:
    terms = TERMS[rules]
    return terms + tuple(t + "_late" for t in terms) + RACE


WEIGHTS = FittedWeights("value_model.json", feature_names)


def coefficients(rules: str):
    """The fitted weights for `rules`, one per feature, or None when none are fitted."""
    return WEIGHTS.get(rules)


def set_coefficients(rules: str, weights) -> None:
    """Use `weights` for `rules` in this process (the fitting tool, tests)."""
    WEIGHTS.set(rules, weights)


def progress(state) -> float:
    """How far the game has come: the leader's public points over the target."""
    return min(1.0, max(state.vp_public) / state.config["vp_target"])


def features(state, seat, late=None) -> list:
    if late is None:
        late = progress(state)
    rules = "ck" if is_ck(state) else "base"
    terms = value_terms(state, seat)
    row = [terms[t] for t in TERMS[rules]]
    row += [x * late for x in row]
    to_go = state.config["vp_target"] - victory_points(state, seat)
    current = state.current
    row += [float(to_go <= 1), float(to_go == 2), float(seat == current),
            float(seat == (current + 1) % state.n), float(state.longest_road == seat),
            float(state.largest_army == seat)]
    return row


def scores(state, weights) -> list:
    late = progress(state)
    return [sum(w * x for w, x in zip(weights, features(state, s, late))) for s in range(state.n)]


def log_chances(state, weights=None) -> list:
    """The log of each seat's chance to win (None when no weights are fitted)."""
    if weights is None:
        weights = coefficients("ck" if is_ck(state) else "base")
        if weights is None:
            return None
    if state.phase == GAME_OVER and state.winner != -1:
        return [0.0 if s == state.winner else -50.0 for s in range(state.n)]
    raw = scores(state, weights)
    top = max(raw)
    z = top + math.log(sum(math.exp(s - top) for s in raw))
    return [s - z for s in raw]


def chances(state, weights=None) -> list:
    logs = log_chances(state, weights)
    return None if logs is None else [math.exp(x) for x in logs]


__all__ = ["feature_names", "features", "chances", "log_chances", "coefficients"]
