"""The guided game's dice, shaped roll by roll.

The game is played with the config's `mixed_dice`: every roll carries a mix
from which the engine draws its two dice (game/engine/helpers.dice_rng),
and the guide chooses that mix (`mix_for`) for the pair it wants, so the
save replays exactly like any game.  `pick` chooses the pair just before a
roll, from what the person holds then:

- a 7 on the person's own roll when the step asks for one and the person
  holds more than the discard limit (so the 7's lesson shows a discard);
  never a 7 otherwise (the computers never move the robber onto the person);
- else the total (never 7) that brings the person most of what the coming
  steps still lack (steps.coming_lacks) and the computers least, less a
  penalty for each roll a total would get beyond its natural share so far,
  and never more rolls of a total than real dice bring it in all but a few
  games (`natural_most`: its share and two standard deviations, and one);
  python -m tools.tutorial_dice measures it over many guided games.

The k-th roll of a total shows its k-th pair of faces (an 8 is not always 2 + 6)."""

import math
from collections import Counter

from game.bots.facts import PIPS
from game.engine.board import board_of
from game.engine.constants import DESERT
from game.engine.rng import Rng
from game.engine.rules import discard_limit

from . import steps as S

PAIRS = {total: [(a, total - a) for a in range(1, 7) if 1 <= total - a <= 6] for total in range(2, 13)}
# A card the coming steps lack scores WANTED, any other card of the person
# SPARE, a computer's card OTHERS less; a roll beyond a total's natural
# share so far costs UNNATURAL (python -m tools.tutorial_dice: the figures
# these give).
WANTED, SPARE, OTHERS, UNNATURAL = 3.0, 0.3, 0.3, 1.2
HAND_LIMIT = 12                  # a hand to build with, not to hoard: beyond it cards score less
SEVEN = (3, 4)

_MIXES = {}


def mix_for(pair) -> int:
    """The smallest mix whose two dice are `pair` (found once per pair)."""
    pair = tuple(pair)
    if not _MIXES:
        mix = 0
        while len(_MIXES) < 36:
            rng = Rng(mix)
            _MIXES.setdefault((rng.die(), rng.die()), mix)
            mix += 1
    return _MIXES[pair]


def totals_rolled(log) -> list:
    """The totals rolled so far, from the game's records."""
    return [sum(r.outcome["dice"]) for r in log if r.cmd[0] == "roll" and r.outcome and "dice" in r.outcome]


def gains(state, total, seat) -> list:
    """The cards per resource a total brings `seat`."""
    got = [0] * 5
    hex_nodes = board_of(state).hex_nodes
    for h in range(len(state.numbers)):
        if state.numbers[h] != total or h == state.robber or state.terrain[h] == DESERT:
            continue
        for n in hex_nodes[h]:
            if state.node_owner[n] == seat:
                got[state.terrain[h]] += state.node_level[n]
    return got


def natural_most(total, rolls) -> float:
    """The most rolls of a total that look like real dice in so many rolls:
    its share and two standard deviations of it, and one more."""
    p = PIPS[total] / 36
    return p * rolls + 2 * math.sqrt(rolls * p * (1 - p)) + 1


def unnatural(count, total, rolls) -> float:
    """What `count` rolls of a total in `rolls` cost a pick: UNNATURAL for
    each beyond its share, and prohibitively much beyond `natural_most`."""
    share = PIPS[total] / 36 * rolls
    return UNNATURAL * max(0.0, count - share) + 100 * max(0.0, count - natural_most(total, rolls))


def wants_seven(state, guide) -> bool:
    me = guide.seat
    return state.current == me and guide.step.name == "seven_roll" and state.hand_n[me] > discard_limit(state, me)


def pick(state, guide, rolled) -> tuple:
    """The two dice for the roll about to be made (`state`: the authority's;
    `rolled`: the totals so far)."""
    if wants_seven(state, guide):
        return SEVEN
    me = guide.seat
    coming = guide.coming(state)
    cards, weight = S.coming_lacks(state, me, coming)
    more = max([0] + [S.STEPS[k].lacks(state, me)[1] - state.hand_n[me] for k in coming[:2]
                      if S.STEPS[k].lacks is not None])
    # While cards are lacking, a card beyond them is worth its share of a
    # bank trade for one that lacks (a kind the person hardly produces).
    ratios = state.ratios[me]
    spares = [WANTED / ratios[k] if any(cards) else SPARE for k in range(5)]
    counts = Counter(rolled)
    best, key = None, None
    for total in range(2, 13):
        if total == 7:
            continue
        mine = gains(state, total, me)
        value = sum(min(g, n) * WANTED * w + g * spare for g, n, w, spare in zip(mine, cards, weight, spares)) \
            + min(sum(mine), more) * WANTED
        value -= max(0, state.hand_n[me] + sum(mine) - max(HAND_LIMIT, more + state.hand_n[me])) * 2 * SPARE
        others = sum(sum(gains(state, total, s)) for s in range(state.n) if s != me)
        k = (value - OTHERS * others - unnatural(counts[total] + 1, total, len(rolled) + 1), PIPS[total], -total)
        if key is None or k > key:
            best, key = total, k
    pairs = PAIRS[best]
    return pairs[counts[best] % len(pairs)]
