"""INTERIM stand-in for game/bots/evaluate.py (branch `bots`), with the same
three functions, so the Hard player can be built and tested before the shared
valuation lands.  Deleted when that is merged: there is one valuation."""

from game.engine import legal_commands
from game.engine.board import HEX_NODES, NODE_HEXES, NUM_NODES
from game.engine.constants import DESERT, VICTORY_POINT
from game.engine.state import (
    DECIDE, DISCARD, MAIN, ROBBER, ROLL, SETUP_SETTLEMENT, STEAL, TRADE,
)

PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)


def _node_pips(state, node):
    total = 0
    for h in NODE_HEXES[node]:
        if state.terrain[h] != DESERT and h != state.robber:
            total += PIPS[state.numbers[h]]
    return total


def evaluate(state, seat) -> float:
    vp = state.vp_public[seat]
    if state.dev[seat] is not None:
        vp += state.dev[seat][VICTORY_POINT]
    prod = 0
    for node in range(NUM_NODES):
        if state.node_owner[node] == seat:
            prod += state.node_level[node] * _node_pips(state, node)
    hand = state.hand_n[seat]
    value = vp + 0.08 * prod + 0.15 * min(hand, 7) - 0.25 * max(0, hand - 7)
    value += 0.03 * state.road_len[seat] + 0.3 * state.dev_n[seat] + 0.2 * state.knights[seat]
    if state.ck:
        value += 0.4 * sum(state.improvements[seat]) + 0.3 * state.prog_n[seat]
        value += 0.2 * sum(state.knight_strength[n] for n in range(NUM_NODES)
                           if state.knight_owner[n] == seat)
    return value


_PRIORITY = {"build_city": 6, "build_settlement": 5, "improve": 4, "buy_dev": 3,
             "recruit_knight": 2, "activate_knight": 2, "build_road": 1}


def policy(state, seat, rng):
    cmds = legal_commands(state, seat)
    if len(cmds) == 1:
        return cmds[0]
    phase = state.phase
    if phase == ROLL:
        return next(c for c in cmds if c[0] == "roll")
    if phase == SETUP_SETTLEMENT:
        return max(cmds, key=lambda c: _node_pips(state, c[2]))
    if phase == DISCARD:
        hand = state.hands[seat]
        return max(cmds, key=lambda c: -max(h - d for h, d in zip(hand, c[2])))
    if phase == ROBBER:
        def harm(c):
            return sum(PIPS[state.numbers[c[2]]] * (1 if state.node_owner[n] != seat else -2)
                       for n in HEX_NODES[c[2]] if state.node_owner[n] != -1)
        return max(cmds, key=harm)
    if phase == STEAL:
        return max(cmds, key=lambda c: state.hand_n[c[2]])
    if phase == TRADE:
        for kind in ("decline", "cancel_trade"):
            for c in cmds:
                if c[0] == kind:
                    return c
    if phase == MAIN:
        best = max(cmds, key=lambda c: _PRIORITY.get(c[0], 0))
        if _PRIORITY.get(best[0], 0) > 1 or (best[0] == "build_road" and rng.below(2)):
            return best
        return ("end_turn", seat)
    if phase == DECIDE:
        return cmds[0]
    return cmds[rng.below(len(cmds))]


def candidates(state, seat) -> list:
    cmds = legal_commands(state, seat)
    offers = [c for c in cmds if c[0] == "offer"][:2]
    return [c for c in cmds if c[0] not in ("offer", "counter")] + offers
