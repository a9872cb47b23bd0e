"""Base rules: trade with the bank and harbors (B-7.2) and between players
(B-7.1), and when trading is open (B-4.1)."""

from ...constants import RESOURCES
from ...helpers import IllegalCommand, holds, move_to_bank, need_turn, take_from_bank, transfer
from ...ruleset import ruleset_of
from ...state import ACCEPTED, COUNTERED, DECLINED, MAIN, NOT_ASKED, PENDING, TRADE, State


def trading_open(state: State) -> bool:
    """B-4.1: once the player has built or bought, trading is over this turn
    (unless the config's option combines trade and build)."""
    return not state.built or state.config["combine_trade_build"]


def valid_terms(give, get) -> bool:
    """B-7.1: each side gives at least one card; no kind on both sides."""
    if sum(give) == 0 or sum(get) == 0:
        return False
    for a, b in zip(give, get):
        if a and b:
            return False
    return True


def bank_trade(ratio):
    """The check and the apply of a trade with the bank (B-7.2, CK-4.1), at
    the ratio `ratio(state, seat, kind)` a rule set gives a seat for a kind."""
    def check_maritime(state, cmd):
        seat, give, get = cmd[1], cmd[2], cmd[3]
        err = need_turn(state, seat, MAIN)
        if err:
            return err
        if not ruleset_of(state).trading_open(state):
            return IllegalCommand("trade_over", "trading is over once you have built (B-4.1)")
        if give == get:
            return IllegalCommand("same_kind", "trade for a different kind")
        need = ratio(state, seat, give)
        if state.hands[seat][give] < need:
            return IllegalCommand("cannot_afford", f"you need {need} of that card")
        if state.bank[get] == 0:
            return IllegalCommand("bank_empty", "the bank has none of that card left (B-1.4)")
        return None

    def apply_maritime(state, cmd, out, events):
        seat, give, get = cmd[1], cmd[2], cmd[3]
        paid = ratio(state, seat, give)
        move_to_bank(state, seat, give, paid)
        take_from_bank(state, seat, get, 1)
        events.append(("maritime", seat, give, paid, get))

    return check_maritime, apply_maritime


def harbor_ratio(state, seat: int, kind: int) -> int:
    """The base game's ratio: 4:1, or a harbor's 3:1 or 2:1 (B-7.2)."""
    return state.ratios[seat][kind]


check_maritime, apply_maritime = bank_trade(harbor_ratio)


def check_offer(state, cmd):
    seat, give, get, to = cmd[1], cmd[2], cmd[3], cmd[4]
    err = need_turn(state, seat, MAIN)
    if err:
        return err
    if not ruleset_of(state).trading_open(state):
        return IllegalCommand("trade_over", "trading is over once you have built (B-4.1)")
    if seat in to:
        return IllegalCommand("bad_target", "you cannot trade with yourself")
    if not valid_terms(give, get):
        return IllegalCommand("bad_terms", "both sides give at least one card, never the same kind (B-7.1)")
    if not holds(state.hands[seat], give):
        return IllegalCommand("missing_cards", "you do not hold the cards you offer")
    return None


def check_answer(state, cmd):
    seat = cmd[1]
    if state.phase != TRADE or state.trade["answers"][seat] != PENDING:
        return IllegalCommand("wrong_phase", "no trade offer is waiting for your answer")
    if cmd[0] == "accept" and not holds(state.hands[seat], state.trade["get"]):
        return IllegalCommand("missing_cards", "you do not hold the cards asked for")
    if cmd[0] == "counter":
        give, get = cmd[2], cmd[3]
        if not valid_terms(give, get):
            return IllegalCommand("bad_terms", "both sides give at least one card, never the same kind (B-7.1)")
        if not holds(state.hands[seat], get):
            return IllegalCommand("missing_cards", "you do not hold the cards you would give")
    return None


def _trade_terms(state, partner):
    """The terms (offerer gives, offerer gets) on the table with a partner."""
    trade = state.trade
    if trade["answers"][partner] == COUNTERED:
        return trade["counters"][partner]
    return trade["give"], trade["get"]


def check_confirm_trade(state, cmd):
    seat, partner = cmd[1], cmd[2]
    err = need_turn(state, seat, TRADE)
    if err:
        return err
    if state.trade["answers"][partner] not in (ACCEPTED, COUNTERED):
        return IllegalCommand("bad_target", "that player has not accepted or countered")
    return _terms_held(state, seat, partner)


def _terms_held(state, seat, partner):
    """None when both sides of an answered offer hold their cards, else why not."""
    give, get = _trade_terms(state, partner)
    if not holds(state.hands[seat], give):
        return IllegalCommand("missing_cards", "you do not hold the cards for those terms")
    if state.hands[partner] is not None and not holds(state.hands[partner], get):
        return IllegalCommand("missing_cards", "your partner no longer holds those cards")
    return None


def check_cancel_trade(state, cmd):
    return need_turn(state, cmd[1], TRADE)


# --- changes (what each can change: game/engine/changes.py) ----------------------------

def apply_offer(state, cmd, out, events):
    seat, give, get, to = cmd[1], cmd[2], cmd[3], cmd[4]
    answers = [NOT_ASKED] * state.n
    for s in to:
        answers[s] = PENDING
    state.trade = {"give": list(give), "get": list(get), "answers": answers,
                   "counters": [None] * state.n}
    state.phase = TRADE
    events.append(("offered", seat, tuple(give), tuple(get), tuple(sorted(to))))


def apply_answer(state, cmd, out, events):
    seat = cmd[1]
    trade = state.trade
    if cmd[0] == "accept":
        trade["answers"][seat] = ACCEPTED
        events.append(("trade_answer", seat, "accept"))
    elif cmd[0] == "decline":
        trade["answers"][seat] = DECLINED
        events.append(("trade_answer", seat, "decline"))
        if all(a in (NOT_ASKED, DECLINED) for a in trade["answers"]):
            state.trade = None                # everyone said no: offer withdrawn
            state.phase = MAIN
            events.append(("trade_closed", state.current))
    else:
        trade["answers"][seat] = COUNTERED
        trade["counters"][seat] = [list(cmd[2]), list(cmd[3])]
        events.append(("trade_answer", seat, "counter", tuple(cmd[2]), tuple(cmd[3])))


def apply_confirm_trade(state, cmd, out, events):
    seat, partner = cmd[1], cmd[2]
    give, get = _trade_terms(state, partner)
    for kind in range(len(give)):
        if give[kind]:
            transfer(state, seat, partner, kind, give[kind])
        if get[kind]:
            transfer(state, partner, seat, kind, get[kind])
    state.trade = None
    state.phase = MAIN
    events.append(("traded", seat, partner, tuple(give), tuple(get)))


def apply_cancel_trade(state, cmd, out, events):
    state.trade = None
    state.phase = MAIN
    events.append(("trade_closed", cmd[1]))


# --- legal commands ----------------------------------------------------------------------

def maritime_commands(state: State, seat: int, out: list) -> None:
    hand, ratios, bank = state.hands[seat], state.ratios[seat], state.bank
    for g in RESOURCES:
        if hand[g] >= ratios[g]:
            for w in RESOURCES:
                if w != g and bank[w]:
                    out.append(("maritime", seat, g, w))


def offer_commands(state: State, seat: int, out: list) -> None:
    """Listed offers (see rules.legal_commands): to every other player."""
    hand = state.hands[seat]
    terms = _one_for_one_offers(hand, range(len(hand)))
    if terms:
        others = tuple(range(seat)) + tuple(range(seat + 1, state.n))
        for give, get in terms:
            out.append(("offer", seat, give, get, others))


_OFFER_CACHE = {}


def _one_for_one_offers(hand, kinds):
    """Listed offers: one card of the kind held most for one card of a kind not
    held.  Cached by the hand's shape: this runs for every decision in a turn."""
    most, best, held = -1, 0, 0
    for k in kinds:
        c = hand[k]
        if c:
            held |= 1 << k
            if c > best:
                most, best = k, c
    if most < 0:
        return []
    key = (len(hand), most, held)
    terms = _OFFER_CACHE.get(key)
    if terms is None:
        terms = [(_one(len(hand), most), _one(len(hand), w)) for w in kinds if not hand[w]]
        _OFFER_CACHE[key] = terms
    return terms


_ONES = {}


def _one(size, kind):
    """Card counts of `size` kinds holding one card of `kind` (shared tuples)."""
    cards = _ONES.get((size, kind))
    if cards is None:
        cards = _ONES[(size, kind)] = tuple(1 if k == kind else 0 for k in range(size))
    return cards


def trade_commands(state: State, seat: int) -> list:
    trade = state.trade
    out = []
    if seat == state.current:
        # (the offerer in phase TRADE: check_confirm_trade's turn check holds)
        for p, answer in enumerate(trade["answers"]):
            if (answer == ACCEPTED or answer == COUNTERED) and _terms_held(state, seat, p) is None:
                out.append(("confirm_trade", seat, p))
        out.append(("cancel_trade", seat))
    elif trade["answers"][seat] == PENDING:
        hand = state.hands[seat]
        if holds(hand, trade["get"]):
            out.append(("accept", seat))
        out.append(("decline", seat))
        # Listed counter-offers: the same cards asked of the offerer, but one
        # card of another kind the responder holds in place of what was asked.
        give, get = trade["give"], trade["get"]
        terms = tuple(give)
        for kind in range(len(hand)):
            if hand[kind] and not get[kind] and not give[kind]:
                out.append(("counter", seat, terms, _one(len(hand), kind)))
    return out
