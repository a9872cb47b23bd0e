"""Cities & Knights: trade with the bank at each seat's best ratio (CK-4),
commodities included, and the Commercial Harbor's forced swaps (CK-11)."""

from ...helpers import IllegalCommand, move_to_bank, need_turn, take_from_bank
from ...ruleset import ruleset_of
from ...state import MAIN
from .facts import effective_ratio
from .pieces import decide


def check_maritime(state, cmd):
    seat, give, get = cmd[1], cmd[2], cmd[3]
    err = need_turn(state, seat, MAIN)
    if err:
        return err
    if not ruleset_of(state).trading_open(state):
        return IllegalCommand("trade_over", "trading is over once you have built (B-4.1)")
    if give == get:
        return IllegalCommand("same_kind", "trade for a different kind")
    ratio = effective_ratio(state, seat, give)
    if state.hands[seat][give] < ratio:
        return IllegalCommand("cannot_afford", f"you need {ratio} of that card")
    if state.bank[get] == 0:
        return IllegalCommand("bank_empty", "the bank has none of that card left")
    return None


def apply_maritime(state, cmd, out, events):
    seat, give, get = cmd[1], cmd[2], cmd[3]
    ratio = effective_ratio(state, seat, give)
    move_to_bank(state, seat, give, ratio)
    take_from_bank(state, seat, get, 1)
    events.append(("maritime", seat, give, ratio, get))


def check_harbor_trade(state, cmd):
    """Commercial Harbor (CK-11): offer a held resource to a player still owing
    a swap this turn, who must give a commodity of their choice for it."""
    seat, target, resource = cmd[1], cmd[2], cmd[3]
    err = need_turn(state, seat, MAIN)
    if err:
        return err
    if not any(state.harbor_swaps):
        return IllegalCommand("no_card", "no Commercial Harbor has been played this turn (CK-11)")
    if target == seat or not state.harbor_swaps[target]:
        return IllegalCommand("bad_target", "the Commercial Harbor forces one swap with each other player (CK-11)")
    if not state.hands[seat][resource]:
        return IllegalCommand("missing_cards", "you do not hold that resource")
    return None


def apply_harbor_trade(state, cmd, out, events):
    seat, target, resource = cmd[1], cmd[2], cmd[3]    # resource: None where hidden
    state.harbor_swaps[target] -= 1
    events.append(("harbor_offer", seat, target, resource))
    state.resume_phase = MAIN
    decide(state, "harbor_answer", [target], resource=resource, private={"resource": [seat, target]})


def maritime_commands(state, seat, out):
    hand, bank = state.hands[seat], state.bank
    for g in range(8):
        if hand[g] >= effective_ratio(state, seat, g):
            for w in range(8):
                if w != g and bank[w]:
                    out.append(("maritime", seat, g, w))
