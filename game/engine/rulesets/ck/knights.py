"""Cities & Knights: knights (CK-5.2 … CK-5.4, CK-7): recruit, activate,
promote, move, displace, and chase the robber."""

from ...board import board_of
from ...constants import COST_ACTIVATE, COST_KNIGHT
from ...helpers import IllegalCommand, afford, need_turn, pay
from ...state import MAIN
from ..base.robber import start_robber
from .facts import can_act, can_promote, knight_reach, node_is_free, own_knight, robber_free, touches_own_road
from .pieces import lift_knight, move_knight, place_knight, promote, retreat_or_supply


def check_recruit(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = need_turn(state, seat, MAIN)
    if err:
        return err
    if not state.knights_left[seat][0]:
        return IllegalCommand("no_pieces", "both basic knights are on the board: promote one first (CK-5.2)")
    if not afford(state.hands[seat], COST_KNIGHT):
        return IllegalCommand("cannot_afford", "a knight costs 1 ore and 1 wool")
    if not (node_is_free(state, node) and touches_own_road(state, seat, node)):
        return IllegalCommand("bad_spot", "a knight goes on a free intersection on your own road")
    return None


def apply_recruit(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    pay(state, seat, COST_KNIGHT)
    state.built = True
    place_knight(state, seat, node, 1, 0, events)
    events.append(("knight_recruited", seat, node))


def check_activate(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = need_turn(state, seat, MAIN)
    if err:
        return err
    if not own_knight(state, seat, node) or state.knight_active[node]:
        return IllegalCommand("bad_spot", "choose one of your inactive knights")
    if not afford(state.hands[seat], COST_ACTIVATE):
        return IllegalCommand("cannot_afford", "activating a knight costs 1 grain")
    return None


def apply_activate(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    pay(state, seat, COST_ACTIVATE)
    state.built = True
    state.knight_active[node] = 1
    state.knight_fresh[node] = 1                  # CK-5.3: cannot act this turn
    events.append(("knight_activated", seat, node))


def check_promote(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = need_turn(state, seat, MAIN)
    if err:
        return err
    if not can_promote(state, seat, node):
        return IllegalCommand("bad_spot", "that knight cannot be promoted now (CK-5.4)")
    if not afford(state.hands[seat], COST_KNIGHT):
        return IllegalCommand("cannot_afford", "promoting costs 1 ore and 1 wool")
    return None


def apply_promote(state, cmd, out, events):
    pay(state, cmd[1], COST_KNIGHT)
    state.built = True
    promote(state, cmd[1], cmd[2], events)


def check_knight_action(state, seat, node):
    err = need_turn(state, seat, MAIN)
    if err:
        return err
    if not own_knight(state, seat, node) or not can_act(state, node):
        return IllegalCommand("knight_not_ready", "only a knight active since before this turn can act (CK-7)")
    return None


def check_move(state, cmd):
    seat, src, dst = cmd[1], cmd[2], cmd[3]
    err = check_knight_action(state, seat, src)
    if err is None and dst not in knight_reach(state, seat, src)[0]:
        err = IllegalCommand("bad_spot", "a knight moves to a free intersection along your own roads (CK-7.1)")
    return err


def apply_move(state, cmd, out, events):
    seat, src, dst = cmd[1], cmd[2], cmd[3]
    move_knight(state, seat, src, dst, events)
    events.append(("knight_moved", seat, src, dst))


def check_displace(state, cmd):
    seat, src, dst = cmd[1], cmd[2], cmd[3]
    err = check_knight_action(state, seat, src)
    if err:
        return err
    if dst not in knight_reach(state, seat, src)[1]:
        return IllegalCommand("bad_spot", "reach another player's knight along your own roads (CK-7.2)")
    if state.knight_strength[dst] >= state.knight_strength[src]:
        return IllegalCommand("too_weak", "only a strictly weaker knight can be displaced (CK-7.2)")
    return None


def displace(state, node, events):
    """Lift a foreign knight; its owner must retreat it along their own roads,
    or it returns to supply (CK-7.2)."""
    owner, strength, active = lift_knight(state, node, events)
    return owner, strength, active


def apply_displace(state, cmd, out, events):
    seat, src, dst = cmd[1], cmd[2], cmd[3]
    owner, strength, active = displace(state, dst, events)
    move_knight(state, seat, src, dst, events)
    events.append(("knight_displaced", seat, src, dst, owner))
    retreat_or_supply(state, dst, owner, strength, active, events)


def check_chase(state, cmd):
    board = board_of(state)
    seat, node = cmd[1], cmd[2]
    err = check_knight_action(state, seat, node)
    if err:
        return err
    if not robber_free(state):
        return IllegalCommand("robber_locked", "the robber stays in the desert until the barbarians attack (CK-3.5)")
    if state.robber not in board.node_hexes[node]:
        return IllegalCommand("bad_spot", "the knight must stand at the robber's hex (CK-7.3)")
    return None


def apply_chase(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    state.knight_active[node] = 0
    events.append(("robber_chased", seat, node))
    start_robber(state, MAIN, out, events, with_discards=False)
