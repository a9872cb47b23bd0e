"""Make the dice script of the guided first game (game/client/tutorial/steps.py DICE).

    python -m tools.tutorial_dice [--json]

Plays the guided game without a window (the person doing what the guide
asks, the computers Easy) and, before every roll, picks the dice: a 7 when
the step asks the person for one, otherwise the total (never 7) that brings
the person most of what the coming steps cost and the computers least, less
a penalty for each roll a total would get beyond its natural share so far
(so the script does not look scripted: no total comes up far more often than
real dice would bring it).
Prints the pairs to paste into DICE and the steps the game then reaches.
Run it again after changing the steps, the seed or the target."""

import argparse
import json
import sys
from collections import Counter

from game.bots.facts import PIPS
from game.client.tutorial import rehearse
from game.client.tutorial import steps as S
from game.engine.board import board_of
from game.engine.constants import COST_CITY, COST_DEV, COST_ROAD, COST_SETTLEMENT

# What each step (and the ones after it) will cost the person, per resource.
_COSTS = {"build_road": [COST_ROAD], "offer": [((2, 2),)], "bank": [((0, 4),)],
          "buy_dev": [COST_DEV], "knight": [COST_DEV], "longest": [COST_ROAD] * 3, "settlement": [COST_SETTLEMENT],
          "city": [COST_CITY], "army": [COST_DEV] * 2}
HAND_LIMIT = 12
# What a roll beyond a total's natural share so far costs a total's score (a
# card the person needs scores 3).  With the guided game's seed the person
# wins in 39 turns, every step comes, and no total runs five rolls over its
# share (at 1.0 one total ran 5.3 over, at 0.8 a computer won).
UNNATURAL = 1.2
PAIRS = {total: [(a, total - a) for a in range(1, 7) if 1 <= total - a <= 6] for total in range(2, 13)}


def _needs(guide, hand) -> list:
    """Per resource, how much the coming steps still lack (nearer steps weigh more)."""
    need = [0.0] * 5
    have = list(hand)
    for k, step in enumerate(guide.steps[guide.index:guide.index + 6]):
        for cost in _COSTS.get(step.name, ()):
            for kind, n in cost:
                lack = max(0, n - have[kind])
                have[kind] = max(0, have[kind] - n)
                need[kind] += lack * (1.0 if k < 2 else 0.5)
    return need


def _gain(state, total, seat) -> list:
    board = board_of(state)
    got = [0] * 5
    for h in range(len(state.numbers)):
        if state.numbers[h] != total or h == state.robber or state.terrain[h] >= 5:
            continue
        for n in board.hex_nodes[h]:
            if state.node_owner[n] == seat:
                got[state.terrain[h]] += 1 + (state.node_level[n] > 1)
    return got


def pick(c, rolled) -> tuple:
    """The dice for the roll about to be made, after the pairs `rolled`."""
    state, guide = c.auth.state, c.guide
    me = guide.seat
    if state.current == me and guide.step.name == "seven_roll":
        return (3, 4)
    need = _needs(guide, state.hands[me])
    counts = Counter(a + b for a, b in rolled)
    best, key = None, None
    for total in range(2, 13):
        if total == 7:
            continue
        mine = _gain(state, total, me)
        value = sum(min(g, n) * 3 + g * 0.3 for g, n in zip(mine, need))
        value -= max(0, state.hand_n[me] + sum(mine) - HAND_LIMIT) * 2     # a hand to build with, not to hoard
        others = sum(sum(_gain(state, total, s)) for s in range(state.n) if s != me)
        beyond = max(0.0, counts[total] + 1 - PIPS[total] / 36 * (len(rolled) + 1))
        k = (value - 0.6 * others - UNNATURAL * beyond, PIPS[total], -total)
        if key is None or k > key:
            best, key = total, k
    pairs = PAIRS[best]                        # the k-th roll of a total shows its k-th pair
    return pairs[counts[best] % len(pairs)]


def design() -> dict:
    script = []

    def before_roll(c):
        turn = c.auth.state.turn
        while len(script) < turn:
            script.append(list(pick(c, script)))
        c.auth.state.config["dice"] = script       # (the design run only: the script grows as it goes)

    c = rehearse.controller(dice=[])
    result = rehearse.play(c, before_roll=before_roll)
    result["dice"] = script
    return result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    result = design()
    if args.json:
        print(json.dumps(result))
    else:
        print("DICE = " + json.dumps([tuple(p) for p in result["dice"]]).replace("[", "(").replace("]", ")"))
        print(f"{len(result['reached'])} of {len(S.STEPS)} steps reached in {result['turns']} turns "
              f"({result['commands']} commands); winner {result['winner']}; finished {result['finished']}")
        missing = [name for name in S.STEP_NAMES if name not in result["reached"]]
        if missing:
            print("not reached: " + ", ".join(missing))
    return 0 if result["finished"] else 1


if __name__ == "__main__":
    sys.exit(main())
