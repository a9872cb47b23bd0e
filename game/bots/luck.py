"""Luck and choices apart: how much of each seat's change in its chance to
win came from chance and how much from decisions (docs/luck-and-choices.md
says why it is done this way).

    expected(state, cmd) -> list        every seat's chance after `cmd`,
                                        averaged over what chance could have
                                        decided (`state` before the command)
    chance_part(prior, record, before)  what Ledger.add takes as `expect`
    is_chance(record) -> bool           whether chance decided part of a record
    Ledger(n)                           adds each command's change of the
                                        chances to its seats' parts

A command that chance decides part of (a steal, a development card bought,
a progress card's steals, the Alchemist's event die) changes the chances in
two steps: from before to what was to be expected (`expected`: the choice,
its maker's) and from there to what happened (the luck, zero on average).
Nobody chooses the roll: all of its change is the dice's.  Every other
command's change is its maker's choice.  Each seat's parts then add up to
its final chance minus its first:

    chance      the luck of every chance event, whoever made it
    own         the seat's own decisions (its founding placements too)
    others      the other seats' decisions

`expected` replays the command on copies of the state (the full state: the
review sees every hand) with the chance outcome set: the dice exactly (the
eleven totals of two dice; in Cities & Knights the event die too, and the
red die where it decides who draws at an open city gate, the cards drawn
being the deck's as it lies), a steal by the kinds in the victim's hand, a
development card by the kinds left in the deck; anything else (the Bishop's
several steals) is averaged over a few fixed re-draws.
"""

from game.engine import is_ck
from game.engine.constants import EVENT_FACES, SHIP_FACES
from game.engine.rng import Rng
from game.engine.rules import apply, rolls
from game.engine.state import SETUP_ROAD, SETUP_SETTLEMENT

from .winchance import chances

CHANCE_KEYS = ("dice", "card", "draws", "steals")      # an outcome's keys that chance decided
REDRAWS = 8                 # re-draws of a chance event the cases below do not cover
_FREE_CONFIG = ("streams", "mixed_dice", "dice")        # how a config decides the dice


def is_chance(record) -> bool:
    """Whether chance decided part of what the record's command did."""
    return bool(record.outcome) and any(key in record.outcome for key in CHANCE_KEYS)


class _Forced(Rng):
    """A generator that answers its first calls with given values (`die`
    and `below` alike), then draws as the generator it copies."""
    __slots__ = ("queue",)

    def __init__(self, base: Rng, queue):
        self.state, self.inc = base.state, base.inc
        self.queue = list(queue)

    def below(self, n: int) -> int:
        if self.queue:
            return self.queue.pop(0)
        return Rng.below(self, n)

    def die(self) -> int:
        if self.queue:
            return self.queue.pop(0)
        return Rng.below(self, 6) + 1


def chance_part(prior, record, before):
    """Where the chances stood once the record's maker had chosen and before
    chance decided (Ledger.add's `expect`): None when chance decided
    nothing, the chances before it for the roll (nobody chooses a roll:
    all of its change is the dice's), else `expected`.  `prior` is the full
    state before the record, `before` the chances there."""
    if not is_chance(record):
        return None
    if record.cmd[0] == "roll":
        return before
    return expected(prior, record.cmd)


def _after(state, cmd, rng) -> list:
    """The chances after `cmd` on a copy of `state` drawing from `rng`."""
    trial = state.copy()
    trial.config = {k: v for k, v in state.config.items() if k not in _FREE_CONFIG}
    trial.rng = rng
    if rolls(cmd) and "mixed_dice" in state.config:
        cmd = tuple(cmd[:-1])           # the host's mix: this copy rolls by itself
    apply(trial, cmd, validate=False)
    return chances(trial)


def _mean(cases) -> list:
    """The weighted mean of (weight, chances) cases."""
    total = sum(w for w, _ in cases)
    n = len(cases[0][1])
    return [sum(w * p[s] for w, p in cases) / total for s in range(n)]


def _roll_cases(state, cmd):
    """(weight, the queue of forced draws) of every distinct roll."""
    if not is_ck(state):
        # only the total matters: one pair of dice for each
        return [(6 - abs(t - 7), [min(6, t - 1), t - min(6, t - 1)]) for t in range(2, 13)]
    chosen = tuple(cmd[3]) if cmd[0] == "progress" else None       # the Alchemist's dice
    pairs = [chosen] if chosen else [(w, r) for w in range(1, 7) for r in range(1, 7)]
    groups = {}
    for white, red in pairs:
        for event in range(EVENT_FACES):
            if event < SHIP_FACES:
                key = (white + red, "ship")
            else:
                track = event - SHIP_FACES
                drawers = tuple(s for s in range(state.n)
                                if 1 <= state.improvements[s][track] and red <= state.improvements[s][track] + 1)
                key = (white + red, track, drawers) if drawers else (white + red, "gate")
            weight, queue = groups.get(key, (0, None))
            draws = [white, red, event] if chosen is None else [event]
            groups[key] = (weight + 1, queue or draws)
    return list(groups.values())


def expected(state, cmd) -> list:
    """Every seat's chance after `cmd` (applied to `state`, the full state
    before it), averaged over the chance outcomes it could have had."""
    base = state.rng
    if rolls(cmd):
        cases = _roll_cases(state, cmd)
        return _mean([(w, _after(state, cmd, _Forced(base, queue))) for w, queue in cases])
    if cmd[0] == "steal" and state.hand_n[cmd[2]]:
        hand = state.hands[cmd[2]]
        cases, first = [], 0
        for k in hand:
            if k:
                cases.append((k, _after(state, cmd, _Forced(base, [first]))))
            first += k
        return _mean(cases)
    if cmd[0] == "buy_dev" and state.deck:
        cases = []
        for kind in sorted(set(state.deck)):
            trial_deck = list(state.deck)
            at = trial_deck.index(kind)
            trial_deck[at], trial_deck[-1] = trial_deck[-1], trial_deck[at]
            cases.append((state.deck.count(kind), _after_with_deck(state, cmd, trial_deck)))
        return _mean(cases)
    return _mean([(1, _after(state, cmd, Rng(state.config.get("seed", 0), stream=7000 + k)))
                  for k in range(REDRAWS)])


def _after_with_deck(state, cmd, deck) -> list:
    trial = state.copy()
    trial.deck = deck
    apply(trial, cmd, validate=False)
    return chances(trial)


class Ledger:
    """Each seat's chance, own and others' parts, command by command."""

    def __init__(self, n: int):
        self.n = n
        self.parts = [{"chance": 0.0, "own": 0.0, "others": 0.0} for _ in range(n)]

    def add(self, before, after, actor, phase, expect=None) -> None:
        """One command's change from `before` to `after` (chances per seat):
        `phase` the phase it was made in, `expect` the expected chances when
        chance decided part of it."""
        founding = phase in (SETUP_SETTLEMENT, SETUP_ROAD)
        for s in range(self.n):
            part = self.parts[s]
            chosen_to = after[s] if expect is None else expect[s]
            if expect is not None:
                part["chance"] += after[s] - expect[s]
            # Until everyone has founded, the chances stay even: the founding's
            # one change, at its end, is every seat's own placements.
            part["own" if founding or s == actor else "others"] += chosen_to - before[s]

    def rounded(self) -> list:
        return [{k: round(v, 4) for k, v in part.items()} for part in self.parts]


__all__ = ["expected", "chance_part", "is_chance", "Ledger", "CHANCE_KEYS"]
