"""The shared valuation of a position (the move choice that reads it is in
policy.py and the levels).

    evaluate(view, seat) -> float       how good the position is for `seat`
    hand_value(view, seat) -> float     the part of that which the hand holds
    build_targets(view, seat) -> list   the builds the hand is working toward

`evaluate` is in victory-point units: the seat's points (own hidden VP cards
included) plus what its position is worth on the way to more: production by
pips with diminishing returns per kind and a bonus for diversity, harbors that
match production, room to expand, development and progress cards, prospects
for Longest Road and Largest Army, and the hand (cards, and how close they are
to the next build).  In Cities & Knights: commodity production, city
improvements and metropolis chances, knights measured against the barbarians
(the danger of a pillaged city, the chance of being Defender), walls.
Production counts less as the game nears its end (`_stage`: by the other
seats' points, so that the seat's own builds never lower it).

It is the seat's own value, not relative to the others: a search that wants
a relative score evaluates every seat and compares.  Everything reads only
what `view(state, seat)` holds; on a full state the other seats' secrets are
simply not looked at.
"""

import math

from game.engine import is_ck
from game.engine.rules import discard_limit
from game.engine.constants import (
    COST_ACTIVATE, COST_CITY, COST_DEV, COST_KNIGHT, COST_ROAD, COST_SETTLEMENT,
    COST_WALL, KNIGHT, RESOURCES, TRACK_COMMODITY, VICTORY_POINT,
)

from . import facts as F

BARBARIAN_STEPS = 7
CITY_LOSS = 2.0             # a pillaged city of the seat's own: its point, production and rebuilding
ISLAND_LOSS = 0.5           # the seat's share of a lost defence (see _barbarian_value)
DEFENDER_WORTH = 0.7        # the Defender's point, not yet certain
# By the ship's step: how much the coming attack weighs now (it comes for
# certain, but the far one is still open to every player's moves), and how
# uncertain a count of strengths is (a margin of one point is far from
# certain while others may still recruit, activate and build).
URGENCY = (0.4, 0.45, 0.52, 0.6, 0.7, 0.85, 1.0)
SPREAD = (1.3, 1.2, 1.1, 0.95, 0.8, 0.65, 0.5)
KNIGHT_WORTH = 0.15         # per strength point, besides the coming attack
# The chance that an idle knight is activated before the attack, by the
# ship's position (the attack comes at BARBARIAN_STEPS; one roll in two moves
# it).  Knights are activated in their owner's turn; the seat's own idle
# knights wait for its next turn, four rolls away: at the last step that
# turn almost never comes (1 - 1/2 ** 4), so the time to activate is now.
IN_TIME = (0.8, 0.8, 0.8, 0.7, 0.5, 0.35, 0.15)
OWN_IN_TIME = (0.8, 0.8, 0.8, 0.75, 0.55, 0.25, 0.05)


def _stage(state, seat) -> float:
    """How much of the game is still to come (1 at the start, 0.25 near the
    end), judged by the best of the *other* seats: were the seat's own points
    counted, every build of its own would shrink the worth of its production,
    and a leader would value holding cards over building."""
    lead = max(state.vp_public[o] for o in range(state.n) if o != seat)
    return max(0.25, 1.0 - lead / state.config["vp_target"])


def victory_points(state, seat) -> int:
    vp = state.vp_public[seat]
    if state.dev[seat] is not None:
        vp += state.dev[seat][VICTORY_POINT]
    return vp


def evaluate(view, seat) -> float:
    """The seat's worth in points and their equivalents: the sum of value_terms."""
    if view.winner != -1:
        return 1000.0 if view.winner == seat else -1000.0 + victory_points(view, seat)
    return sum(value_terms(view, seat).values())


def value_terms(view, seat, stage=None) -> dict:
    """The valuation of an unfinished game split into named parts, in the order
    evaluate() adds them.  `stage`: weigh production as at another moment of
    the game (a hint holds it still across a move)."""
    s = view
    if stage is None:
        stage = _stage(s, seat)
    prod = F.seat_production(s, seat)
    spots = F.spots_by_distance(s, seat, 3) if s.settlements_left[seat] else {}
    out = {
        "points": float(victory_points(s, seat)),
        "production": stage * _production_value(prod),
        "harbors": stage * _harbor_value(s, seat, prod),
        "expansion": stage * _expansion_value(s, spots),
        "road_army": _road_and_army_value(s, seat),
        "cards": _cards_value(s, seat),
        "hand": hand_value(s, seat, build_targets(s, seat, spots)),
    }
    if is_ck(s):
        out["commodities"] = stage * 0.04 * sum(prod[5:])
        out["ck"] = _ck_value(s, seat, stage)
    return out


def _production_value(prod) -> float:
    pips = 0.0
    kinds = 0
    for r in RESOURCES:
        p = prod[r]
        if p:
            kinds += 1
            pips += p if p <= 12 else 12 + 0.5 * (p - 12)
    return 0.045 * pips + 0.12 * kinds


def _harbor_value(s, seat, prod) -> float:
    value = 0.0
    for node, kind in F.harbor_at(s).items():
        if s.node_owner[node] == seat:
            if kind == F.GENERIC:
                value += 0.15 + 0.005 * sum(prod[:5])
            else:
                value += 0.04 + 0.02 * prod[kind]
    return value


def _expansion_value(s, spots) -> float:
    if not spots:
        return 0.0
    worth = sorted((_spot_worth(s, n, d) for n, d in spots.items()), reverse=True)
    return worth[0] + 0.5 * sum(worth[1:3])


def _spot_worth(s, node, roads_needed) -> float:
    pips = sum(F.node_pips(s, node))
    return (0.22, 0.1, 0.04, 0.015)[roads_needed] * (0.5 + pips / 12)


def _road_and_army_value(s, seat) -> float:
    value = 0.0
    if s.longest_road != seat:
        mine = s.road_len[seat]
        best = max([s.road_len[o] for o in range(s.n) if o != seat] + [4])
        if mine >= 3 and best - mine <= 2:
            value += 0.25 - 0.08 * max(0, best + 1 - mine)
    if not is_ck(s) and s.largest_army != seat:
        mine = s.knights[seat]
        best = max([s.knights[o] for o in range(s.n) if o != seat] + [2])
        if mine >= 1 and best - mine <= 1:
            value += 0.15 * mine / (best + 1)
    return value


def _cards_value(s, seat) -> float:
    """Unplayed development cards (base) or progress cards (C&K)."""
    if is_ck(s):
        return 0.3 * s.prog_n[seat]
    dev = s.dev[seat]
    if dev is None:
        return 0.3 * s.dev_n[seat]
    unknown = s.dev_n[seat] - sum(dev)          # bought on a view that did not see the card
    return 0.35 * dev[KNIGHT] + 0.3 * (sum(dev) - dev[KNIGHT] - dev[VICTORY_POINT]) + 0.33 * unknown


# --- the hand ---------------------------------------------------------------------------------

def _settlement_with_roads(roads: int) -> tuple:
    counts = dict(COST_SETTLEMENT)
    for kind, k in COST_ROAD:
        counts[kind] = counts.get(kind, 0) + roads * k
    return tuple(counts.items())


_ROADS_AND_SETTLEMENT = {d: _settlement_with_roads(d) for d in (1, 2)}


def build_targets(s, seat, spots=None) -> list:
    """(worth, cost) of the builds this seat could make with the right cards.
    A worth stays below what the build itself adds to `evaluate`, so that
    holding the cards never looks better than building.
    Depends on the board only, not the hand: callers that value many hands
    on one board compute it once.  `spots`: spots_by_distance(s, seat, 2 or
    more) when the caller has it."""
    out = []
    ck = is_ck(s)
    settlements = cities = bare_cities = idle_knights = own_knights = 0
    owner, level = s.node_owner, s.node_level
    for n in range(len(owner)):
        if owner[n] == seat:
            if level[n] == 1:
                settlements += 1
            else:
                cities += 1
                if ck and not s.wall[n]:
                    bare_cities += 1
        if ck and s.knight_owner[n] == seat:
            own_knights += 1
            if not s.knight_active[n]:
                idle_knights += 1
    if s.cities_left[seat] and settlements:
        out.append((0.75, COST_CITY))
    if s.settlements_left[seat]:
        if spots is None:
            spots = F.spots_by_distance(s, seat, 2)
        nearest = min(spots.values()) if spots else None
        if nearest is not None and nearest > 2:
            nearest = None
        if nearest == 0:
            out.append((0.75, COST_SETTLEMENT))
        elif nearest is not None and s.roads_left[seat] >= nearest:
            # The settlement with the roads that lead to it: one plan, one target.
            out.append((0.75 - 0.1 * nearest, _ROADS_AND_SETTLEMENT[nearest]))
    if not ck:
        if s.deck_n:
            out.append((0.25, COST_DEV))
        return out
    # Cards for a knight and its activation are kept more as the ship nears.
    urgency = URGENCY[min(s.barb_pos, BARBARIAN_STEPS - 1)]
    if s.knights_left[seat][0]:
        out.append((0.12 + (0.2 * urgency if cities and not own_knights else 0.0), COST_KNIGHT))
    if idle_knights:
        out.append((0.1 + 0.2 * urgency, COST_ACTIVATE))
    if s.walls_left[seat] and bare_cities:
        out.append((0.1, COST_WALL))
    if cities:
        for track in range(3):
            lv = s.improvements[seat][track]
            if lv < 5:
                out.append((0.35, ((TRACK_COMMODITY[track], lv + 1),)))
    return out


def _ratio_of(s, seat):
    """kind -> the seat's bank ratio for giving that kind (looked up on demand)."""
    if not is_ck(s):
        return s.ratios[seat].__getitem__
    from game.engine.rulesets.ck.facts import effective_ratio
    return lambda kind: effective_ratio(s, seat, kind)


def hand_value(view, seat, targets=None) -> float:
    """Cards in hand, the nearest builds they make possible, minus the risk of a 7.
    `targets`: build_targets(view, seat) when the caller has it already."""
    s = view
    hand = s.hands[seat]
    if hand is None:
        return 0.04 * s.hand_n[seat]
    value = 0.0
    for k in range(len(hand)):                  # a fourth card of a kind is worth little
        n = hand[k]
        each = 0.07 if k >= 5 else 0.035
        value += each * min(n, 3) + 0.01 * max(0, n - 3)
    ratio = None
    progress = []
    for worth, cost in build_targets(s, seat) if targets is None else targets:
        short = F.missing(hand, cost)
        if short:
            if ratio is None:
                ratio = _ratio_of(s, seat)
            rest = F.surplus(hand, cost)
            tradeable = 0
            for k in range(len(rest)):
                if rest[k] >= 2:
                    tradeable += rest[k] // ratio(k)
            short = max(0.6 * short, short - 0.8 * tradeable)
        progress.append(worth * 0.45 ** short)
    if progress:
        progress.sort(reverse=True)
        value += progress[0] + 0.3 * sum(progress[1:3])
    over = s.hand_n[seat] - discard_limit(s, seat)
    if over > 0:
        value -= 0.1 + 0.03 * s.hand_n[seat]
    return value


# --- Cities & Knights ---------------------------------------------------------------------------

def _ck_value(s, seat, stage) -> float:
    value = 0.0
    imp = s.improvements[seat]
    for track in range(3):
        level = imp[track]
        value += 0.45 * level + (0.25 if level >= 3 else 0.0)
        if level >= 3 and s.metropolis[track] == -1:
            value += 0.15 * (level - 2)
    strength = [0.0] * s.n                   # active knights, and idle ones that may still be activated
    exposed_seats = [False] * s.n            # owns a city without a metropolis
    step = min(s.barb_pos, BARBARIAN_STEPS - 1)
    in_time, own_in_time = IN_TIME[step], OWN_IN_TIME[step]
    metro = s.metropolis
    knights = 0.0
    walls = barbarians = 0
    owner, level = s.node_owner, s.node_level
    for n in range(len(owner)):
        o = s.knight_owner[n]
        if o != -1:
            if s.knight_active[n]:
                strength[o] += s.knight_strength[n]
            else:
                strength[o] += (own_in_time if o == seat else in_time) * s.knight_strength[n]
            if o == seat:
                knights += KNIGHT_WORTH * s.knight_strength[n] + (0.08 if s.knight_active[n] else 0.0)
        if level[n] == 2:
            barbarians += 1
            if n not in metro:
                exposed_seats[owner[n]] = True
            if owner[n] == seat and s.wall[n]:
                walls += 1
    value += stage * knights
    value += 0.2 * walls
    return value + _barbarian_value(s, seat, strength, exposed_seats, barbarians)


def _barbarian_value(s, seat, strength, exposed_seats, barbarians) -> float:
    """What the coming attack is worth to the seat, weighted by how near the
    ship is.  Catan loses when its active knights are weaker than the
    barbarians (CK-8.2); then the weakest players with a plain city lose one,
    and every seat weighs the island's loss too (a pillaged island is poorer
    for everyone who trades and builds on it, and the defence only holds when
    every player adds knights).  When Catan wins, the single strongest
    defender gains a point (CK-8.4).  Both chances are smooth in the
    strengths (others may still activate knights or build cities), so a
    knight more always counts, however safe or hopeless the count looks;
    they sharpen as the ship nears."""
    step = min(s.barb_pos, BARBARIAN_STEPS - 1)
    urgency = URGENCY[step]
    spread = SPREAD[step]
    total = sum(strength)
    p_lose = _logistic((barbarians - total - 0.5) / spread)
    value = -urgency * p_lose * ISLAND_LOSS
    if exposed_seats[seat]:
        others = [strength[o] for o in range(s.n) if exposed_seats[o] and o != seat]
        if others:          # the weakest of the exposed lose a city; ties all lose
            p_weakest = _logistic((min(others) - strength[seat] + 0.5) / spread)
        else:
            p_weakest = 1.0
        value -= urgency * p_lose * p_weakest * CITY_LOSS
    if strength[seat]:
        best_other = max(strength[o] for o in range(s.n) if o != seat)
        p_defender = _logistic((strength[seat] - best_other - 0.5) / spread)
        value += urgency * (1.0 - p_lose) * p_defender * DEFENDER_WORTH
    return value


def _logistic(x) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


__all__ = ["evaluate", "hand_value", "build_targets", "victory_points"]
