"""Where to found: Hard's choice of its starting settlements, by a model of
who wins from the founding round's end.

    features(state, seat) -> tuple      what the model reads of one seat's start
    chances(state) -> [p0, p1, ...]     each seat's chance to win from its start
    choose_settlement(view, seat, cmds) -> command

A conditional logit (softmax over the seats) of a few terms per seat: pips of
each resource, how many kinds it produces, the square of each kind's pips
(diminishing returns), harbors (3:1, and 2:1 by the pips of their kind),
its place in the turn order, the best free spot its network reaches, how
many different numbers it stands on and (Cities & Knights) its commodity
pips.  The weights are data (founding.json, one set per rule set), fitted by
`python -m tools.train_founding` on computer games whose founding was
chosen at random among good spots, so the fit sees what a start is worth
when Medium plays it out.

A settlement is chosen by playing the rest of the founding round out on a
copy of the view for each of the best few spots: the other seats found as
Medium does (decisions.setup_score), the seat's own later placement by the
model, then the model judges the finished round.  Nothing random and nothing
hidden is read: at the founding round every seat's view shows the whole board.
"""

import math

from game.engine import apply, legal_commands
from game.engine.board import board_of
from game.engine.state import SETUP_ROAD, SETUP_SETTLEMENT

from . import decisions as D
from . import facts as F
from .fitted import FittedWeights

FEATURES = ("wood", "brick", "wool", "grain", "ore", "kinds", "pips_sq", "generic_harbor",
            "matched_harbor", "order0", "order1", "order2", "expansion", "numbers", "commodity")
SPOTS = 20              # first settlements played out to the end of the founding round
SECOND_SPOTS = 10       # second settlements tried inside one of those

WEIGHTS = FittedWeights("founding.json", lambda rules: FEATURES)


def coefficients(rules: str):
    """The fitted weights for `rules`, one per feature, or None when none are fitted."""
    return WEIGHTS.get(rules)


def set_coefficients(rules: str, weights) -> None:
    """Use `weights` for `rules` in this process (the fitting tool, tests)."""
    WEIGHTS.set(rules, weights)


def _best_reach(state, seat) -> float:
    """Pips of the best free spot one or two roads from the seat's buildings."""
    owner = state.node_owner
    neighbors = board_of(state).node_neighbors
    best = 0
    for n in range(len(owner)):
        if owner[n] != seat:
            continue
        for m in neighbors[n]:
            for k in neighbors[m]:
                if k != n and F.free_for_settlement(state, k):
                    best = max(best, sum(F.node_pips(state, k)))
    return best


def features(state, seat) -> tuple:
    """The terms of one seat's start (any moment of the founding round or after)."""
    prod = F.seat_production(state, seat, skip_robber=False)
    kinds = sum(1 for r in range(5) if prod[r])
    generic = matched = 0.0
    numbers = set()
    owner = state.node_owner
    harbors = F.harbor_at(state)
    node_hexes = board_of(state).node_hexes
    for n in range(len(owner)):
        if owner[n] != seat:
            continue
        kind = harbors.get(n)
        if kind == F.GENERIC:
            generic = 1.0
        elif kind is not None:
            matched += prod[kind] / 5
        for h in node_hexes[n]:
            if state.numbers[h]:
                numbers.add(state.numbers[h])
    order = (seat - state.first_player) % state.n
    return (prod[0] / 10, prod[1] / 10, prod[2] / 10, prod[3] / 10, prod[4] / 10, float(kinds),
            sum(p * p for p in prod[:5]) / 100, generic, matched,
            float(order == 0), float(order == 1), float(order == 2),
            _best_reach(state, seat) / 10, len(numbers) / 5, sum(prod[5:]) / 10)


def scores(state, weights) -> list:
    return [sum(w * x for w, x in zip(weights, features(state, s))) for s in range(state.n)]


def chances(state, weights=None) -> list:
    """Each seat's chance to win from its start (the founding round ended or not)."""
    if weights is None:
        weights = coefficients(state.config["rules"])
    raw = scores(state, weights)
    top = max(raw)
    exps = [math.exp(s - top) for s in raw]
    total = sum(exps)
    return [e / total for e in exps]


# --- playing the founding round out ------------------------------------------------------

def _place_as_medium(state, seat):
    cmds = legal_commands(state, seat)
    return max(cmds, key=lambda c: D.setup_score(state, seat, c[2]))


def _road(state, seat):
    return D.best_road(state, seat, legal_commands(state, seat))


def _finish(state, seat, weights, own_spots: int) -> None:
    """Play the founding round out on `state`: others as Medium, the seat's
    own settlement by the model over its best `own_spots` spots (0: as Medium)."""
    while state.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        s = state.current
        if state.phase == SETUP_ROAD:
            apply(state, _road(state, s), None, validate=False)
        elif s == seat and own_spots:
            apply(state, _best_spot(state, seat, weights, own_spots, 0), None, validate=False)
        else:
            apply(state, _place_as_medium(state, s), None, validate=False)


def _best_spot(state, seat, weights, spots: int, inner: int):
    """The settlement whose finished founding round the model likes best, among
    the `spots` best by Medium's score."""
    cmds = legal_commands(state, seat)
    cmds.sort(key=lambda c: -D.setup_score(state, seat, c[2]))
    best, best_p = cmds[0], -1.0
    for c in cmds[:spots]:
        trial = state.copy()
        apply(trial, c, None, validate=False)
        _finish(trial, seat, weights, inner)
        p = chances(trial, weights)[seat]
        if p > best_p:
            best, best_p = c, p
    return best


def choose_settlement(view, seat):
    """A founding settlement for `seat` by the model, or None when no weights
    are fitted for these rules."""
    weights = coefficients(view.config["rules"])
    if weights is None:
        return None
    return _best_spot(view.copy(), seat, weights, SPOTS, SECOND_SPOTS)


__all__ = ["FEATURES", "features", "chances", "choose_settlement", "coefficients"]
