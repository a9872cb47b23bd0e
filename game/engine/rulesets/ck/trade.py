"""Cities & Knights: trade with the bank at each seat's best ratio (CK-4),
commodities included, and the Commercial Harbor's forced swaps (CK-11)."""

from ...helpers import IllegalCommand, need_turn
from ...state import MAIN
from ..base.trade import bank_trade
from .facts import effective_ratio, effective_ratios
from .pieces import decide


check_maritime, apply_maritime = bank_trade(effective_ratio)     # commodities too (CK-4.1)


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
    gets = ratios = None
    for g in range(8):
        # No ratio is below 2 (effective_ratio), so a kind held once is never traded.
        if hand[g] < 2:
            continue
        if ratios is None:
            ratios = effective_ratios(state, seat)
        if hand[g] >= ratios[g]:
            if gets is None:
                gets = [w for w in range(8) if bank[w]]
            out.extend(("maritime", seat, g, w) for w in gets if w != g)
