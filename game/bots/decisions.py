"""Choices that every level makes the same sensible way: where the robber
goes, whom to rob, what to discard, which road leads somewhere, the answers
Cities & Knights cards force on a player, and when a progress card is worth
playing.  Each takes the seat's view and the legal commands of the moment
and returns one of those commands."""

from game.engine.board import board_of
from game.engine.state import DECIDE, DISCARD, is_ck
from game.engine.constants import (
    COMMODITIES, COST_CITY, COST_SETTLEMENT, DESERT, GRAIN, PROGRESS_CARDS, PROGRESS_INDEX,
    RESOURCES, TRACK_COMMODITY,
)

from . import facts as F
from .evaluate import build_targets, evaluate, hand_value

P = PROGRESS_INDEX


# --- the setup round ----------------------------------------------------------------------------

def setup_score(s, seat, node, diversity=True, harbors=True) -> float:
    """Expected production of a starting spot, with a bonus for kinds the seat
    does not produce yet and for a harbor that fits its production."""
    pips = F.node_pips(s, node)
    if not diversity:
        score = float(sum(pips))
    else:
        # A resource that is rare on this board counts more; so does a new kind.
        score = sum(p * w for p, w in zip(pips, _scarcity(s)))
        have = F.seat_production(s, seat, skip_robber=False)
        for r in RESOURCES:
            if pips[r]:
                score += 2.5 if not have[r] else 0.5
        # Early expansion needs wood and brick; cities need grain and ore.
        score += 0.25 * (pips[0] + pips[1]) + 0.2 * (pips[3] + pips[4])
    if harbors:
        kind = F.harbor_at(s).get(node)
        if kind is not None:
            if kind == F.GENERIC:
                score += 1.0
            else:
                have = F.seat_production(s, seat, skip_robber=False)
                score += 0.25 * (have[kind] + pips[kind])
    return score


def _scarcity(s) -> list:
    """Per resource: the board's average pips per resource over its own (0.75 … 1.4)."""
    total = [0] * 5
    for h in range(len(s.terrain)):
        t = s.terrain[h]
        if t < 5:
            total[t] += F.PIPS[s.numbers[h]]
    mean = sum(total) / 5
    return [min(1.4, max(0.75, mean / t)) if t else 1.4 for t in total]


def best_road(s, seat, cmds, rng=None):
    """A road (setup or free) toward the best settlement spot within reach."""
    board = board_of(s)
    if len(cmds) == 1:
        return cmds[0]
    best, best_score = cmds[0], -1e9
    for i, c in enumerate(cmds):
        edge = c[2]
        score = 0.0
        for n in board.edge_nodes[edge]:
            if F.free_for_settlement(s, n):
                score = max(score, sum(F.node_pips(s, n)) * 1.0)
            for m in board.node_neighbors[n]:
                if F.free_for_settlement(s, m):
                    score = max(score, sum(F.node_pips(s, m)) * 0.8)
        score += (rng.below(10) / 100) if rng is not None else -i / 1000
        if score > best_score:
            best, best_score = c, score
    return best


def spot_distances(s, seat, limit=4) -> dict:
    """Roads still needed from each intersection to the nearest free settlement
    spot (up to `limit`), over paths that are free or the seat's own."""
    board = board_of(s)
    dist = {n: 0 for n in range(len(s.node_owner)) if F.free_for_settlement(s, n)}
    layer = list(dist)
    for d in range(1, limit + 1):
        nxt = []
        for n in layer:
            for e, m in board.node_links[n]:
                if m in dist or s.edge_owner[e] not in (-1, seat):
                    continue
                if s.node_owner[m] not in (-1, seat) or s.knight_owner[m] not in (-1, seat):
                    continue
                dist[m] = d
                nxt.append(m)
        layer = nxt
    return dist


def useful_roads(s, seat, roads) -> list:
    """Roads that bring a free settlement spot nearer, nearest first (only
    while settlements remain and no spot is buildable already)."""
    board = board_of(s)
    if not s.settlements_left[seat] or not roads:
        return []
    if 0 in F.spots_by_distance(s, seat, 0).values():
        return []
    dist = spot_distances(s, seat)
    mine = F.network_nodes(s, seat)
    scored = []
    for c in roads:
        a, b = board.edge_nodes[c[2]]
        old, new = (a, b) if a in mine else (b, a)
        d_new, d_old = dist.get(new, 99), dist.get(old, 99)
        if d_new < d_old:
            scored.append((d_new, c))
    scored.sort(key=lambda x: x[0])
    return [c for _, c in scored]


# --- robber and stealing --------------------------------------------------------------------------

def robber_hurts(s, seat) -> bool:
    """The robber stands on a hex where this seat produces."""
    board = board_of(s)
    return any(s.node_owner[n] == seat for n in board.hex_nodes[s.robber]) and s.numbers[s.robber] != 0


def chase_gain(s, seat, node) -> float:
    """What chasing the robber with the knight at `node` is worth to the seat
    (CK-7.3): its production freed, less the knight's part in the coming
    defence, for the chase leaves it inactive (with a grain in hand it may be
    activated again this turn: the better of the two counts)."""
    now = evaluate(s, seat)
    trial = s.copy()
    trial.knight_active[node] = 0
    trial.robber = next(h for h in range(len(trial.terrain)) if trial.terrain[h] == DESERT)
    gain = evaluate(trial, seat) - now
    hand = trial.hands[seat]
    if hand is not None and hand[GRAIN]:
        hand[GRAIN] -= 1
        trial.hand_n[seat] -= 1
        trial.knight_active[node] = 1
        gain = max(gain, evaluate(trial, seat) - now)
    return gain


def _hex_harm(s, seat, hex_) -> float:
    """What putting the robber on `hex_` costs the others (weighted toward the
    leader) minus what it costs this seat."""
    board = board_of(s)
    pips = F.PIPS[s.numbers[hex_]]
    if not pips:
        return -1.0
    vp = s.vp_public
    lead = max(vp[o] for o in range(s.n) if o != seat) if s.n > 1 else 0
    harm = 0.0
    for n in board.hex_nodes[hex_]:
        o = s.node_owner[n]
        if o == -1:
            continue
        weight = pips * s.node_level[n]
        if o == seat:
            harm -= 3.0 * weight
        else:
            harm += weight * (1.0 + 0.4 * (vp[o] - lead + 2) + 0.05 * s.hand_n[o])
    return harm


def robber_move(s, seat, cmds):
    return max(cmds, key=lambda c: _hex_harm(s, seat, c[2]))


def steal_target(s, seat, cmds):
    """The leader among the victims who hold cards; when nobody there holds a
    card the bot declines (stealing is a right, B-5.4)."""
    steals = [c for c in cmds if c[0] == "steal" and s.hand_n[c[2]] > 0]
    if not steals:
        return next((c for c in cmds if c[0] == "skip_steal"), cmds[0])
    vp = s.vp_public
    return max(steals, key=lambda c: vp[c[2]] + 0.2 * s.hand_n[c[2]])


# --- cards -------------------------------------------------------------------------------------

def halving_choices(s, seat, count=1):
    """Commands for the decisions that give up half a hand (a 7's discard, a
    Saboteur), best first, or None when no such decision is the seat's now.
    Listing every way to halve a hand can run to thousands of commands in
    Cities & Knights, so only the best few are built (discard_choices)."""
    if s.phase == DISCARD:
        need = s.discard_need[seat]
        return [("discard", seat, c) for c in discard_choices(s, seat, need, count)] if need else []
    pending = s.pending
    if s.phase == DECIDE and pending is not None and pending["kind"] == "saboteur":
        if seat not in pending["seats"]:
            return []
        need = pending["need"][seat]
        return [("resolve", seat, "saboteur", c) for c in discard_choices(s, seat, need, count)]
    return None


def discard_choices(s, seat, need, count=1) -> list:
    """Up to `count` ways (card counts) to give up `need` cards that leave the
    most hand value: the hand is reduced greedily one card at a time, and the
    runners-up swap one card of that choice."""
    hand = s.hands[seat]
    saved_hand, saved_n = list(hand), s.hand_n[seat]
    targets = build_targets(s, seat)
    kinds = range(len(hand))

    def value_without(cards):
        for k in kinds:
            hand[k] = saved_hand[k] - cards[k]
        s.hand_n[seat] = saved_n - sum(cards)
        return hand_value(s, seat, targets)

    try:
        cards = [0] * len(hand)
        for _ in range(need):
            best_kind, best_value = -1, float("-inf")
            for k in kinds:
                if saved_hand[k] - cards[k] > 0:
                    cards[k] += 1
                    value = value_without(cards)
                    cards[k] -= 1
                    if value > best_value:
                        best_kind, best_value = k, value
            cards[best_kind] += 1
        if count == 1:
            return [tuple(cards)]
        scored = [(value_without(cards), tuple(cards))]
        for a in kinds:                      # runners-up: one card of kind a kept, one of b given
            for b in kinds:
                if a != b and cards[a] and saved_hand[b] - cards[b] > 0:
                    alt = list(cards)
                    alt[a] -= 1
                    alt[b] += 1
                    scored.append((value_without(alt), tuple(alt)))
        scored.sort(key=lambda x: -x[0])
        out = []
        for _, choice in scored:
            if choice not in out:
                out.append(choice)
            if len(out) >= count:
                break
        return out
    finally:
        hand[:] = saved_hand
        s.hand_n[seat] = saved_n


def card_need(s, seat) -> list:
    """How much each card kind would help the seat now (higher is needed more)."""
    hand = s.hands[seat]
    kinds = len(hand)
    need = [1.0] * kinds
    prod = F.seat_production(s, seat)
    for k in range(kinds):
        need[k] += 0.6 / (1 + prod[k] / 4)           # scarce in production: worth more
        need[k] -= 0.12 * hand[k]                    # held already: worth less
    for cost, weight in ((COST_CITY, 0.5), (COST_SETTLEMENT, 0.5)):
        for kind, k in cost:
            if hand[kind] < k:
                need[kind] += weight
    if is_ck(s) and any(s.node_level[n] == 2 and s.node_owner[n] == seat for n in range(len(s.node_owner))):
        for c in COMMODITIES:
            need[c] += 0.5
    return need


def best_resource_card(s, seat, cmds):
    """Year of Plenty / Monopoly / Aqueduct style choices: the most needed kind."""
    need = card_need(s, seat)
    return max(cmds, key=lambda c: sum(need[x] for x in c[2:] if isinstance(x, int)))


# --- bank trades -------------------------------------------------------------------------------

def completing_bank_trade(s, seat, trades):
    """A bank/harbor trade toward a city, settlement (or, base game, a
    development card) when the cards beyond that build can pay for every
    card it lacks; it gives only cards that build does not need."""
    if not trades:
        return None
    hand = s.hands[seat]
    goals = []
    if s.cities_left[seat] and any(s.node_owner[n] == seat and s.node_level[n] == 1 for n in range(len(s.node_owner))):
        goals.append(COST_CITY)
    if s.settlements_left[seat] and F.spots_by_distance(s, seat, 0):
        goals.append(COST_SETTLEMENT)
    if not is_ck(s) and s.deck_n:
        from game.engine.constants import COST_DEV
        goals.append(COST_DEV)
    for cost in sorted(goals, key=lambda c: F.missing(hand, c)):
        short = F.missing(hand, cost)
        if not short:
            continue
        spare = F.surplus(hand, cost)
        if sum(spare[k] // _ratio(s, seat, k) for k in range(len(spare))) < short:
            continue
        lacking = {k for k, n in cost if hand[k] < n}
        best = None
        for c in trades:
            give, get = c[2], c[3]
            if get in lacking and spare[give] >= _ratio(s, seat, give):
                if best is None or spare[give] > spare[best[2]]:
                    best = c
        if best is not None:
            return best
    return None


def _ratio(s, seat, kind):
    if not is_ck(s):
        return s.ratios[seat][kind]
    from game.engine.rulesets.ck.facts import effective_ratio
    return effective_ratio(s, seat, kind)


# --- Cities & Knights decisions ------------------------------------------------------------------

def _city_worth(s, node) -> float:
    return sum(F.node_pips(s, node)) + (3 if s.wall[node] else 0)


def decide(s, seat, cmds):
    """An answer to the pending decision (phase DECIDE), chosen by value."""
    kind = s.pending["kind"]
    if len(cmds) == 1:
        return cmds[0]
    args = [c[3] for c in cmds]
    if kind == "lose_city":
        return min(cmds, key=lambda c: _city_worth(s, c[3][0]))
    if kind == "metropolis":
        return max(cmds, key=lambda c: _city_worth(s, c[3][0]))
    if kind == "defender_deck":
        level = s.improvements[seat]
        return max(cmds, key=lambda c: (level[c[3][0]], s.prog_deck_n[c[3][0]]))
    if kind == "commit":
        return max(cmds, key=lambda c: len(c[3]))       # every active knight defends
    if kind == "aqueduct":
        need = card_need(s, seat)
        return max(cmds, key=lambda c: need[c[3][0]])
    if kind == "progress_limit":
        return min(cmds, key=lambda c: PROGRESS_WORTH.get(c[3][1], 1.0))
    if kind in ("wedding", "saboteur"):
        return _give_least(s, seat, cmds)
    if kind == "master_merchant":
        need = card_need(s, seat)
        return max(cmds, key=lambda c: sum(need[k] * n for k, n in enumerate(c[3])))
    if kind == "spy":
        return max(cmds, key=lambda c: PROGRESS_WORTH.get(c[3][0], 0.0))
    if kind == "deserter_remove":
        return min(cmds, key=lambda c: (s.knight_strength[c[3][0]], s.knight_active[c[3][0]]))
    if kind in ("deserter_place", "retreat"):
        placed = [c for c in cmds if c[3][0] != -1]
        return max(placed, key=lambda c: _knight_spot(s, seat, c[3][0])) if placed else cmds[0]
    if kind == "diplomat_rebuild":
        placed = [c for c in cmds if c[3][0] != -1]
        if not placed:
            return cmds[-1]
        road = best_road(s, seat, [("place_road", seat, c[3][0]) for c in placed])
        return next(c for c in placed if c[3][0] == road[2])
    if kind == "harbor_answer":
        need = card_need(s, seat)
        given = [c for c in cmds if c[3][0] != -1]
        return min(given, key=lambda c: need[c[3][0]]) if given else cmds[0]
    return cmds[0] if args else None


def _give_least(s, seat, cmds):
    need = card_need(s, seat)
    return min(cmds, key=lambda c: sum(need[k] * n for k, n in enumerate(c[3])))


def _knight_spot(s, seat, node) -> float:
    """A knight is best next to own cities and the robber's hex."""
    board = board_of(s)
    score = 0.0
    for h in board.node_hexes[node]:
        if h == s.robber:
            score += 2
        for n in board.hex_nodes[h]:
            if s.node_owner[n] == seat:
                score += s.node_level[n]
    return score


def harbor_trade(s, seat, cmds):
    """Commercial Harbor (CK-11, a right for the rest of the turn): offer the
    least needed resource to a player not about to win who may hold a
    commodity; None when no swap is worth forcing now."""
    need = card_need(s, seat)
    offers = [c for c in cmds if c[0] == "harbor_trade" and not F.about_to_win(s, c[2])
              and s.hand_n[c[2]] > 0]
    if not offers:
        return None
    return min(offers, key=lambda c: (need[c[3]], -s.hand_n[c[2]]))


# --- progress cards -------------------------------------------------------------------------------

# Rough worth of holding each progress card (for discarding and the Spy).
PROGRESS_WORTH = {P[name]: w for name, w in (
    ("alchemist", 1.2), ("crane", 1.0), ("mining", 1.0), ("irrigation", 1.0), ("inventor", 0.8),
    ("engineer", 1.0), ("medicine", 1.4), ("smith", 1.1), ("road_building", 1.0),
    ("bishop", 0.9), ("diplomat", 0.7), ("warlord", 1.0), ("wedding", 1.1), ("intrigue", 0.7),
    ("saboteur", 0.8), ("spy", 0.9), ("deserter", 0.9), ("constitution", 2.0),
    ("merchant", 1.3), ("commercial_harbor", 0.9), ("merchant_fleet", 0.8),
    ("master_merchant", 1.1), ("resource_monopoly", 1.3), ("trade_monopoly", 1.0), ("printer", 2.0),
)}


def inventor_gain(s, seat, args) -> float:
    """Change in this seat's pips minus the best opponent's from swapping two tokens."""
    board = board_of(s)
    a, b = args
    na, nb = s.numbers[a], s.numbers[b]
    gain = 0.0
    for hex_, old, new in ((a, na, nb), (b, nb, na)):
        delta = F.PIPS[new] - F.PIPS[old]
        for n in board.hex_nodes[hex_]:
            o = s.node_owner[n]
            if o == seat:
                gain += delta * s.node_level[n]
            elif o != -1:
                gain -= 0.4 * delta * s.node_level[n]
    return gain


def progress_to_play(s, seat, options):
    """Among the legal plays of progress cards, one worth playing now, or None."""
    by_card = {}
    for c in options:
        by_card.setdefault(c[2], []).append(c)
    hand = s.hands[seat]
    for card, cmds in by_card.items():
        name = PROGRESS_CARDS[card][0]
        pick = _progress_pick(s, seat, name, cmds, hand)
        if pick is not None:
            return pick
    return None


def _progress_pick(s, seat, name, cmds, hand):
    board = board_of(s)
    others = [o for o in range(s.n) if o != seat]
    if name in ("merchant", "medicine", "engineer", "smith", "warlord", "road_building"):
        if name == "merchant":
            return max(cmds, key=lambda c: _merchant_hex(s, seat, c[3][0]))
        if name == "warlord" and not any(s.knight_owner[n] == seat and not s.knight_active[n]
                                         for n in range(len(s.node_owner))):
            return None
        if name == "smith":
            return max(cmds, key=lambda c: len(c[3]))
        if name == "medicine":
            return max(cmds, key=lambda c: sum(F.node_pips(s, c[3][0])))
        return cmds[0]
    if name in ("mining", "irrigation"):
        terrain = 4 if name == "mining" else 3
        hexes = [h for h in range(len(s.terrain)) if s.terrain[h] == terrain
                 and any(s.node_owner[n] == seat for n in board.hex_nodes[h])]
        return cmds[0] if hexes else None
    if name == "crane":
        for track in range(3):
            level = s.improvements[seat][track]
            if level < 5 and hand[TRACK_COMMODITY[track]] == level and level >= 1:
                return cmds[0]
        return None
    if name == "inventor":
        best = max(cmds, key=lambda c: inventor_gain(s, seat, c[3]))
        return best if inventor_gain(s, seat, best[3]) >= 3 else None
    if name == "bishop":
        best = max(cmds, key=lambda c: _hex_harm(s, seat, c[3][0]))
        return best if _hex_harm(s, seat, best[3][0]) > 4 else None
    if name in ("wedding", "saboteur", "commercial_harbor"):
        if name == "commercial_harbor" and sum(hand[:5]) < 2:
            return None
        if name == "saboteur" and not any(s.vp_public[o] >= s.vp_public[seat] and s.hand_n[o] >= 4
                                          for o in others):
            return None
        if name == "wedding" and not any(s.vp_public[o] > s.vp_public[seat] and s.hand_n[o]
                                         for o in others):
            return None
        return cmds[0]
    if name == "spy":
        best = max(cmds, key=lambda c: s.prog_n[c[3][0]])
        return best if s.prog_n[best[3][0]] else None
    if name == "master_merchant":
        best = max(cmds, key=lambda c: s.hand_n[c[3][0]])
        return best if s.hand_n[best[3][0]] >= 2 else None
    if name == "deserter":
        if not s.knights_left[seat][0] and not s.knights_left[seat][1]:
            return None
        return max(cmds, key=lambda c: s.vp_public[c[3][0]])
    if name == "intrigue":
        return max(cmds, key=lambda c: s.vp_public[s.knight_owner[c[3][0]]])
    if name == "diplomat":
        foes = [c for c in cmds if s.edge_owner[c[3][0]] not in (-1, seat)
                and s.longest_road == s.edge_owner[c[3][0]]]
        return foes[0] if foes else None
    if name == "resource_monopoly":
        if sum(s.hand_n[o] for o in others) < 6:
            return None
        need = card_need(s, seat)
        return max(cmds, key=lambda c: need[c[3][0]])
    if name == "trade_monopoly":
        if sum(s.hand_n[o] for o in others) < 6:
            return None
        need = card_need(s, seat)
        return max(cmds, key=lambda c: need[c[3][0]])
    if name == "merchant_fleet":
        for c in cmds:
            k = c[3][0]
            if hand[k] >= 2 and F.missing(hand, COST_CITY) + F.missing(hand, COST_SETTLEMENT) > 0 \
                    and _ratio(s, seat, k) > 2:
                return c
        return None
    return None


def _merchant_hex(s, seat, hex_) -> float:
    board = board_of(s)
    t = s.terrain[hex_]
    if t >= 5:
        return -1.0
    own = sum(s.node_level[n] for n in board.hex_nodes[hex_] if s.node_owner[n] == seat)
    return own * F.PIPS[s.numbers[hex_]] + (s.hands[seat][t] if s.hands[seat] else 0)


def alchemist_pick(s, seat, cmds):
    """The Alchemist: the total that pays this seat most (never 7), red die low
    (progress cards are drawn when red is at most the improvement level + 1)."""
    board = board_of(s)
    best, best_gain = None, 0.0
    for c in cmds:
        white, red = c[3]
        total = white + red
        if total == 7:
            continue
        gain = 0.0
        for h in range(len(s.terrain)):
            if s.numbers[h] == total and h != s.robber:
                for n in board.hex_nodes[h]:
                    o = s.node_owner[n]
                    if o == seat:
                        gain += s.node_level[n]
                    elif o != -1:
                        gain -= 0.3 * s.node_level[n]
        gain -= red * 0.01
        if best is None or gain > best_gain:
            best, best_gain = c, gain
    return best if best_gain >= 2 else None

