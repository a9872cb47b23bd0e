"""Trading between players: what a trade is worth to a seat, which offers
make sense, and how to answer one.

A trade is valued by what it does to the seat's hand value (evaluate.hand_value:
cards, and how near they bring the next build).  Nobody helps a player about
to win: a seat within 2 points of the target gets no trade at all.

An offer is only worth making when someone is likely to take it
(`acceptance_chance`): the others' hidden hands are sampled from the seat's
view, and each player asked is assumed to accept what plainly helps its own
plan, as a careful player would.  Every offer is a dialog for a person at
the table, so a computer makes at most one a turn, and only with a fair chance.
"""

from game.engine.helpers import holds
from game.engine.state import ACCEPTED, COUNTERED

from . import facts as F
from .determinize import determinize
from .evaluate import build_targets, hand_value

ACCEPT_MARGIN = 0.05
LEADER_MARGIN = 0.15
MAX_OFFERS = 3
OFFERS_PER_TURN = 1         # offers one computer makes in one turn
FAIR_CHANCE = 0.35          # the least estimated chance that an offer is taken
TAKER_MARGIN = 0.1          # what a trade must gain a player asked for it to accept (Easy's bar)
CHANCE_SAMPLES = 8          # sampled hidden hands per estimate


def hand_value_with(s, seat, hand, targets=None) -> float:
    """hand_value as if the seat held `hand` (the view is restored afterwards)."""
    saved, saved_n = s.hands[seat], s.hand_n[seat]
    s.hands[seat] = list(hand)
    s.hand_n[seat] = sum(hand)
    try:
        return hand_value(s, seat, targets)
    finally:
        s.hands[seat], s.hand_n[seat] = saved, saved_n


def trade_gain(s, seat, receive, give, targets=None) -> float:
    """Hand value gained by receiving `receive` and giving `give` (counts per kind);
    -inf when the hand cannot give them."""
    hand = s.hands[seat]
    after = [h + r - g for h, r, g in zip(hand, receive, give)]
    if min(after) < 0:
        return float("-inf")
    if targets is None:
        targets = build_targets(s, seat)
    return hand_value_with(s, seat, after, targets) - hand_value(s, seat, targets)


def unhelpable(s, other) -> bool:
    """A player within 2 points of the target: never trade with them."""
    return F.about_to_win(s, other)


def _is_leader(s, seat, other) -> bool:
    return s.vp_public[other] > max(s.vp_public[o] for o in range(s.n) if o != other) - 1 \
        and s.vp_public[other] > s.vp_public[seat]


def answer(s, seat, cmds):
    """Accept, counter or decline the offer on the table (cmds: the legal answers)."""
    trade = s.trade
    offerer = s.current
    decline = ("decline", seat)
    if unhelpable(s, offerer):
        return decline
    margin = LEADER_MARGIN if _is_leader(s, seat, offerer) else ACCEPT_MARGIN
    best, best_gain = decline, margin
    targets = build_targets(s, seat)
    for c in cmds:
        if c[0] == "accept":
            gain = trade_gain(s, seat, trade["give"], trade["get"], targets)
        elif c[0] == "counter":
            gain = trade_gain(s, seat, c[2], c[3], targets) - 0.02       # a counter may be refused
        else:
            continue
        if gain > best_gain:
            best, best_gain = c, gain
    return best


def close(s, seat, cmds):
    """As the offerer: confirm the best answer worth having, else withdraw."""
    trade = s.trade
    best, best_gain = ("cancel_trade", seat), 0.0
    targets = build_targets(s, seat)
    for c in cmds:
        if c[0] != "confirm_trade":
            continue
        partner = c[2]
        if unhelpable(s, partner):
            continue
        if trade["answers"][partner] == COUNTERED:
            give, get = trade["counters"][partner]
        elif trade["answers"][partner] == ACCEPTED:
            give, get = trade["give"], trade["get"]
        else:
            continue
        gain = trade_gain(s, seat, get, give, targets)
        if gain > best_gain:
            best, best_gain = c, gain
    return best


def sensible_offers(s, seat, min_gain=0.0) -> list:
    """A few offers toward the seat's nearest build: one or two spare cards for
    one missing card, to every other player who is not about to win; the best
    for the seat's hand first, each gaining more than `min_gain`."""
    hand = s.hands[seat]
    if hand is None or not sum(hand):
        return []
    to = tuple(o for o in range(s.n) if o != seat and not unhelpable(s, o))
    if not to:
        return []
    kinds = len(hand)
    targets = build_targets(s, seat)
    goals = sorted(targets, key=lambda t: -t[0])
    out, seen = [], set()
    for worth, cost in goals:
        if len(out) >= MAX_OFFERS:
            break
        short = F.missing(hand, cost)
        if not 1 <= short <= 2:
            continue
        spare = F.surplus(hand, cost)
        need = [k for k, n in cost if hand[k] < n]
        for want in need:
            for give_kind in sorted(range(kinds), key=lambda k: -spare[k]):
                if spare[give_kind] < 1 or give_kind == want:
                    continue
                for count in ((1, 2) if spare[give_kind] >= 3 else (1,)):
                    give = [0] * kinds
                    give[give_kind] = count
                    get = [0] * kinds
                    get[want] = 1
                    key = (tuple(give), tuple(get))
                    if key in seen:
                        continue
                    seen.add(key)
                    gain = trade_gain(s, seat, get, give, targets)
                    if gain > min_gain:
                        out.append((gain, ("offer", seat, key[0], key[1], to)))
                break
    out.sort(key=lambda x: -x[0])
    return [cmd for _, cmd in out[:MAX_OFFERS]]


def acceptance_chance(s, seat, offer, rng, samples: int = CHANCE_SAMPLES, belief=None) -> float:
    """The share of `samples` hidden-hand samples (drawn with `rng`, the
    seat's own generator, from its view and its `belief` when it keeps one)
    in which at least one player asked holds the cards wanted and gains from
    the trade by more than TAKER_MARGIN."""
    give, get, to = offer[2], offer[3], offer[4]
    to = [o for o in to if s.hand_n[o] >= sum(get)]
    if not to:
        return 0.0
    targets = {o: build_targets(s, o) for o in to}
    taken = 0
    for _ in range(samples):
        world = determinize(s, seat, rng, belief)
        for o in to:
            if holds(world.hands[o], get) and trade_gain(world, o, give, get, targets[o]) > TAKER_MARGIN:
                taken += 1
                break
    return taken / samples


def fair_offers(s, seat, offers, rng, belief=None) -> list:
    """The offers of `offers` with at least a FAIR_CHANCE of being taken."""
    return [c for c in offers if acceptance_chance(s, seat, c, rng, belief=belief) >= FAIR_CHANCE]
