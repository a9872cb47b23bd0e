"""The move choice every level shares: which legal commands are worth
considering, and a fast sensible move (the search's rollouts, Easy's turns).

    candidates(view, seat) -> list      legal commands worth considering
    policy(view, seat, rng) -> command  a quick sensible move

Both read the valuation (evaluate.py) through the shared choices
(decisions.py, trading.py); nothing here is read back by them.
"""

from game.engine import legal_commands, may_offer
from game.engine.constants import COST_CITY, PROGRESS_INDEX
from game.engine.state import (
    DECIDE, ROAD_BUILDING, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, STEAL, TRADE,
)

from . import decisions as D
from . import facts as F
from . import trading

MAX_DISCARDS = 4
MAX_INVENTOR = 6


def candidates(view, seat) -> list:
    """Legal commands for `seat`, with the families that explode pruned:
    domestic offers replaced by a few sensible ones (see trading.py),
    counter-offers cut to two, discards to the few that keep the most hand
    value, Inventor swaps to the best few for this seat, the Alchemist to
    one spelling per total."""
    halves = D.halving_choices(view, seat, MAX_DISCARDS)
    if halves is not None:
        return halves
    cmds = legal_commands(view, seat)
    if not cmds:
        return cmds
    out = []
    inventor, counters = [], 0
    inventor_card = PROGRESS_INDEX["inventor"]
    alchemist_card = PROGRESS_INDEX["alchemist"]
    seen_totals = set()
    for cmd in cmds:
        kind = cmd[0]
        if kind == "offer":
            continue
        if kind == "counter":
            counters += 1
            if counters > 2:
                continue
        if kind == "progress" and cmd[2] == inventor_card:
            inventor.append(cmd)
            continue
        if kind == "progress" and cmd[2] == alchemist_card:
            white, red = cmd[3]
            if white + red in seen_totals:
                continue
            seen_totals.add(white + red)
        out.append(cmd)
    if inventor:
        inventor.sort(key=lambda c: -D.inventor_gain(view, seat, c[3]))
        out.extend(inventor[:MAX_INVENTOR])
    if may_offer(view, seat):
        out.extend(trading.sensible_offers(view, seat))
    return out


_MAIN_ORDER = ("build_city", "build_settlement", "improve", "progress", "recruit_knight",
               "activate_knight", "buy_dev", "promote_knight", "build_wall", "play_knight",
               "play_monopoly", "play_year_of_plenty", "play_road_building")


def policy(view, seat, rng):
    """A quick sensible move, for rollouts: builds in a fixed order of value
    (best spot first), bank trades only to complete a build, the robber on the
    leader, never gives cards away.  Uses only `rng` for its random choices."""
    s = view
    phase = s.phase
    halves = D.halving_choices(s, seat)     # never list every way to halve a hand
    if halves is not None:
        return halves[0] if halves else None
    cmds = legal_commands(s, seat)
    if not cmds:
        return None
    if phase == SETUP_SETTLEMENT:
        return max(cmds, key=lambda c: D.setup_score(s, seat, c[2]) + rng.below(8) / 100)
    if phase == ROLL:
        for c in cmds:
            if c[0] == "play_knight" and D.robber_hurts(s, seat):
                return c
        return ("roll", seat)
    if phase == ROBBER:
        return D.robber_move(s, seat, cmds)
    if phase == STEAL:
        return D.steal_target(s, seat, cmds)
    if phase == TRADE:
        if seat == s.current:
            return cmds[-1]                         # cancel_trade: rollouts do not trade
        return (("decline", seat))
    if phase == DECIDE:
        return D.decide(s, seat, cmds)
    if phase in (SETUP_ROAD, ROAD_BUILDING):
        return D.best_road(s, seat, cmds, rng)
    # MAIN, and a seat's part of a Special Building Phase
    by_kind = {}
    for c in cmds:
        by_kind.setdefault(c[0], []).append(c)
    if "harbor_trade" in by_kind:               # Commercial Harbor swaps owed this turn
        chosen = D.harbor_trade(s, seat, by_kind["harbor_trade"])
        if chosen is not None:
            return chosen
    for kind in _MAIN_ORDER:
        options = by_kind.get(kind)
        if not options:
            continue
        if kind in ("build_city", "build_settlement"):
            return max(options, key=lambda c: sum(F.node_pips(s, c[2])))
        if kind == "progress":
            chosen = D.progress_to_play(s, seat, options)
            if chosen is not None:
                return chosen
            continue
        if kind == "play_knight" and not D.robber_hurts(s, seat):
            continue
        if kind in ("play_monopoly", "play_year_of_plenty"):
            return D.best_resource_card(s, seat, options)
        if kind == "activate_knight" and s.barb_pos < 4:
            continue
        if kind == "build_wall" and F.missing(s.hands[seat], COST_CITY) == 0:
            continue
        return options[rng.below(len(options))] if kind != "improve" else options[0]
    roads = by_kind.get("build_road")
    if roads:
        useful = D.useful_roads(s, seat, roads)
        if useful:
            return useful[0]
    trade = D.completing_bank_trade(s, seat, by_kind.get("maritime", ()))
    if trade is not None:
        return trade
    return D.done(s, seat)

