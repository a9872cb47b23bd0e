"""The guide: which step of the guided game is on, what the person is to do
now, and whether a command of theirs is the one asked.

`Guide.advice(view)` answers what the person should do at this moment:

- ("next", step, None) — an explanation to read; the computers wait meanwhile;
  ("next", step, SETTLED) — a step the game or the person already did
  (an offer everybody declined, a city built before its lesson), explained;
- ("do", step, cmd) — the step's own command (for a pinned kind exactly
  `cmd`, else any command of the step's kinds);
- ("routine", step, cmd) — the step waits for something not possible yet:
  the turn's plain next move (roll, end the turn, a discard) is asked;
- ("wait", step, None) — the computers are playing.

`Guide.allows(view, cmd)` is None for a command the person may make now,
else the refusal: (reason, advice, later) with reason "read" (an
explanation is on), "later" (a card or knight that comes in step `later`),
"trade_first" (a build would end this turn's trading, B-4.1, before the
trade step), "keep" (the 7's lesson needs the cards kept), "win" (it would
win before the last lessons), "end" (the step comes before the turn's end)
or "do" (another spot or move than the step's).  Builds, bank trades and
offers the step does not ask for are the person's own choice (`steps.FREE`).

The lessons of a group (steps.py) come in the order the person's cards
allow: after a step the guide takes the first lesson that can be done now,
and gives one that cannot be done way to one that can.  When a lesson
lacks cards it asks first for the bank trade or the offer that brings them
(`bank_help`, `people_help`).

`TutorialController` (below) refuses the person's other commands with the
refusal in words, shapes every roll (dice.py), seats the guided computers
(computers.py), hints the lesson's move (`advise`), and moves the guide on
after each accepted command.  An undo takes back only what came after
the guide last moved on (the step it took back would otherwise be left
behind).  The step and the steps done are kept in the
save's `extra` ({"tutorial": Guide.saved()}), so the game resumes where it
was left.  `Guide.waits` keeps, per step, the most of the person's turns in
a row that ended with no lesson done or furthered while it was on (the
tools report the most: `max_wait`)."""

from game.bots import make_bot
from game.bots.evaluate import victory_points
from game.bots.hint import seven_risk, why
from game.engine import IllegalCommand, apply, check, deciders, legal_commands, may_offer
from game.engine.constants import COST_CITY, COST_ROAD, COST_SETTLEMENT
from game.engine.rules import rolls, with_mix
from game.engine.state import GAME_OVER, STEAL, TRADE
from game.engine.undo import UNDO

from ..controller import HotseatController
from . import dice
from . import steps as S
from .computers import GuidedComputer

SETTLED = "settled"
HELP_OFFERS = 3                  # offers the guide suggests in a turn, at most
ANSWERS = ("accept", "decline", "counter")
BUILDS = ("build_road", "build_settlement", "build_city")
BUILD_COSTS = {"build_road": COST_ROAD, "build_settlement": COST_SETTLEMENT, "build_city": COST_CITY}
CARDS = ("buy_dev", "play_knight")              # what later lessons teach, refused before them


class Guide:
    def __init__(self, seat=S.PERSON, index=0, steps=S.STEPS, done=None):
        """`done`: the indices of the steps done (default: all before `index`)."""
        self.seat = seat
        self.steps = steps
        self.index = max(0, min(int(index), len(steps) - 1))
        self.done = set(range(self.index)) if done is None else {k for k in done if 0 <= k < len(steps)} - {self.index}
        self.reached = [steps[self.index].name]       # step names in the order they came
        self.numbers = {k: n + 1 for n, k in enumerate(sorted(self.done))}
        self.numbers[self.index] = len(self.numbers) + 1
        self.waits = {}                                # step name -> the most turns in a row it waited
        self.idle = 0                                  # the person's turns in a row without a lesson
        self.moved = False                             # a lesson done or furthered this turn
        self.offered = set()                           # the help offers made this turn (none twice)

    @property
    def step(self):
        return self.steps[self.index]

    @property
    def number(self) -> int:
        """The step's number as the counter shows it: steps in the order shown."""
        return self.numbers[self.index]

    @property
    def finished(self) -> bool:
        return self.index == len(self.steps) - 1 and self.step.name == "won"

    @property
    def max_wait(self) -> int:
        return max(self.waits.values(), default=0)

    def _legal(self, view):
        me = self.seat
        return legal_commands(view, me) if me in deciders(view) else []

    def advice(self, view):
        return self._advice(view, self.step, self._legal(view))

    def _advice(self, view, step, legal):
        me = self.seat
        # a steal or an answer is made before anything more is explained
        forced = bool(legal) and (view.phase == STEAL or (view.phase == TRADE and view.current != me))
        if step.settled is not None and step.settled(view, me) and not forced:
            return ("next", step, SETTLED)
        if not step.kinds:
            if (step.ready is None or step.ready(view, me)) and not forced:
                return ("next", step, None)
        elif legal:
            cmd = (self._help(view, step, legal) if step is self.step else None) or step.choose(view, me, legal)
            if cmd is not None:
                return ("do", step, cmd)
        cmd = S.routine(view, me, legal)
        return ("routine", step, cmd) if cmd is not None else ("wait", step, None)

    def allows(self, view, cmd):
        """None when the person may make `cmd` now, else the refusal
        (reason, advice, later step index or None)."""
        advice = self.advice(view)
        what, step, asked = advice
        kind = cmd[0]
        if what == "next":
            return ("read", advice, None)
        if asked is not None and (cmd == asked or (what == "do" and kind in step.kinds and kind not in step.pinned)):
            return None
        if asked is not None and kind == asked[0] and kind in S.ANY_ROUTINE and \
                not (what == "do" and kind in step.pinned):
            return None                     # any discard, steal, robber hex of the person's own
        if (kind in ANSWERS and asked is not None and asked[0] in ANSWERS) or kind in ("roll", "cancel_trade"):
            return None                     # any answer to an offer; the roll; withdrawing one's own offer
        if asked is not None and kind == asked[0] and kind in step.pinned:
            return ("do", advice, None)                # another spot than the ringed one
        if kind in S.FREE:
            if what == "do" and step.trade_first and kind in BUILDS:
                return ("trade_first", advice, None)
            needs = step.lacks(view, self.seat)[1] if step.lacks is not None else 0
            if needs and view.hand_n[self.seat] - spends(view, cmd) < needs:
                return ("keep", advice, None)          # the 7's lesson needs a big hand
            if self.wins_too_soon(view, cmd):
                return ("win", advice, None)
            return None                     # (the engine still checks that it is legal)
        if kind == "end_turn" and what == "do":
            return ("end", advice, None)
        later = self._later(kind) if kind in CARDS else None
        if later is not None:
            return ("later", advice, later)
        return ("do", advice, None)

    def _later(self, kind):
        """The first step not done yet that asks for `kind` (its index), or None."""
        return next((k for k in range(len(self.steps)) if k not in self.done and k != self.index
                     and kind in self.steps[k].kinds), None)

    def wins_too_soon(self, view, cmd) -> bool:
        """Whether a build of the person's own would win before the lessons
        are done, or bring so many points that the lessons still to come
        would (the last of them, in whatever order they come, is to win)."""
        if cmd[0] not in BUILDS or check(view, cmd) is not None:
            return False
        after = view.copy()
        apply(after, cmd, validate=False)
        me = self.seat
        if not self._lessons_left():
            return False
        coming = [step.points for k, step in enumerate(self.steps) if step.points and k not in self.done
                  and not (step.settled is not None and step.settled(after, me))]
        return victory_points(after, me) + sum(coming) - min(coming, default=0) >= view.config["vp_target"]

    def _lessons_left(self) -> bool:
        """Whether steps other than the last remain to be done."""
        return any(k not in self.done for k in range(len(self.steps) - 1))

    def _wins(self, view, k) -> bool:
        """Whether the lesson at k would win the game while other lessons remain."""
        points = sum(step.points for step in self.steps[self._unit_of(k):self._unit_end(k)])
        others = [j for j in self._units(self._region(k)) if self._unit_of(j) != self._unit_of(k)]
        return bool(points) and bool(others) and \
            victory_points(view, self.seat) + points >= view.config["vp_target"]

    def after(self, view, cmd) -> bool:
        """A command of the person was accepted: the step is done when it was
        the step's own and its condition holds.  True when the step moved on."""
        step = self.step
        if cmd[0] == "offer":
            self.offered.add(cmd[2:4])
        if cmd[0] in step.kinds and step.kinds != ("roll",):
            self.moved = True               # (Longest Road's roads, Largest Army's cards: on the way)
        if cmd[0] in step.kinds and (step.done is None or step.done(view, self.seat)):
            self._advance(view)
            return True
        return self.observe(view)

    def _help(self, view, step, legal):
        """The trade to make first when the step's cards are short: with the
        bank (bank_help), else an offer to the others (people_help; each once
        a turn, at most HELP_OFFERS a turn); None otherwise."""
        others = S.coming_needs(view, self.seat, self.pending()[1:])
        cmd = bank_help(view, self.seat, step, legal, others)
        if cmd is not None or len(self.offered) >= HELP_OFFERS:
            return cmd
        for spare_for in (others, [0] * 5):         # (a card a later lesson needs: the step on comes first)
            cmd = people_help(view, self.seat, step, legal, spare_for)
            if cmd is not None and cmd[2:4] not in self.offered:
                return cmd
        return None

    def turn_ends(self, view) -> None:
        """The person ends a turn (before it is applied): a turn in which no
        lesson was done or furthered is one the lessons waited."""
        self.offered.clear()
        if self.moved:
            self.idle = 0
        else:
            self.idle += 1
            name = self.step.name
            self.waits[name] = max(self.waits.get(name, 0), self.idle)
        self.moved = False

    def observe(self, view) -> bool:
        """After anyone's command: a game over (a person who strayed from the
        guide may lose it) goes to the last step; a lesson of a free order
        (steps.py, `group`) that cannot be done now gives way to one that can.
        True when the step changed."""
        if view.phase == GAME_OVER and self.index < len(self.steps) - 1:
            self._go(len(self.steps) - 1)
            return True
        region = self._region(self.index)
        if region is not None and view.current == self.seat and not self._doable(view, self.index):
            better = next((k for k in self._units(region) if k != self.index and not self._wins(view, k)
                           and self._doable(view, k)), None)
            if better is not None:
                self._go(better)
                return True
        return False

    def next(self, view) -> bool:
        """The Next button: an explanation on show is read."""
        if self.advice(view)[0] != "next" or self.finished:
            return False
        self._advance(view)
        return True

    # --- the order of the steps -------------------------------------------------------

    def _region(self, k):
        """The run of steps of k's group (lessons that come in any order), or None."""
        group = self.steps[k].group
        if group is None:
            return None
        first, last = k, k
        while first > 0 and self.steps[first - 1].group == group:
            first -= 1
        while last + 1 < len(self.steps) and self.steps[last + 1].group == group:
            last += 1
        return range(first, last + 1)

    def _units(self, region) -> list:
        """For each lesson of the region not done yet, the index of its next step, in order."""
        out, seen = [], set()
        names = {self.steps[j].name for j in self.done}
        for k in region:
            unit = self._unit_of(k)
            if k not in self.done and unit not in seen:
                seen.add(unit)
                if self.steps[unit].after is None or self.steps[unit].after in names:
                    out.append(k)
        return out

    def _unit_of(self, k) -> int:
        while not self.steps[k].opens:
            k -= 1
        return k

    def _unit_end(self, k) -> int:
        k += 1
        while k < len(self.steps) and self.steps[k].group is not None and not self.steps[k].opens:
            k += 1
        return k

    def _doable(self, view, k) -> bool:
        """Whether the step at k (for an explanation: the next step of its
        lesson that asks something) can be done now."""
        legal = self._legal(view)
        region = self._region(k)
        for j in range(k, region.stop):
            step = self.steps[j]
            if j > k and step.opens:
                break
            if step.kinds or step.settled is not None:
                return self._advice(view, step, legal)[0] in ("do", "next")    # (its own move: no help)
        return True

    def _pick(self, view, region) -> int:
        """The lesson of a region to go on with: the first that can be done now."""
        units = self._units(region)
        allowed = [k for k in units if not self._wins(view, k)] or units
        return next((k for k in allowed if self._doable(view, k)), allowed[0])

    def _advance(self, view) -> None:
        self.done.add(self.index)
        self.moved = True
        k = self.index + 1
        region = self._region(self.index)
        if region is not None and k in region and not self.steps[k].opens and k not in self.done:
            self._go(k)                                  # the lesson's next step
            return
        if region is not None and self._units(region):
            self._go(self._pick(view, region))
            return
        if region is not None:
            k = region.stop
        k = min(k, len(self.steps) - 1)
        after = self._region(k)
        self._go(self._pick(view, after) if after is not None and self._units(after) else k)

    def _go(self, k) -> None:
        if k != self.index:
            self.index = k
            self.reached.append(self.step.name)
            self.numbers.setdefault(k, len(self.numbers) + 1)

    def pending(self) -> list:
        """The steps still to come, the current one first, then in order."""
        return [self.index] + [k for k in range(len(self.steps)) if k not in self.done and k != self.index]

    def coming(self, view) -> list:
        """The steps still to come as the dice should serve them: of the
        current group's lessons the one nearest to done first, then the rest
        in order."""
        pending = self.pending()
        region = self._region(self.index)
        if region is None:
            return pending
        near = sorted(self._units(region), key=lambda k: (S.shortfall(view, self.seat, self.steps[k]), pending.index(k)))
        return near + [k for k in pending if k not in near]

    def saved(self) -> dict:
        """What the save keeps: the step and the steps done, by name (and
        the step's index, count and number shown, for the menu and the load list)."""
        return {"step": self.index, "steps": len(self.steps), "shown": self.number, "name": self.step.name,
                "done": [self.steps[k].name for k in sorted(self.done)]}


def spends(view, cmd) -> int:
    """How many cards a command of the person leaves fewer in their hand."""
    if cmd[0] == "maritime":
        return view.ratios[cmd[1]][cmd[2]] - 1
    if cmd[0] == "offer":
        return sum(cmd[2]) - sum(cmd[3])
    return sum(n for _, n in BUILD_COSTS.get(cmd[0], ()))


def bank_help(view, me, step, legal, others):
    """The bank trade to make first when the step's cards are short: cards
    neither the step nor the lessons after it need (`others`: per kind; else
    cards only a later lesson needs) for one it lacks (the rest may come by
    offers or the dice); None when nothing is short or spare.  (Trades come
    before builds, B-4.1.)"""
    if step.lacks is None or step.trade_first:
        return None
    cost, _ = step.lacks(view, me, whole=False)
    hand, ratios = view.hands[me], view.ratios[me]
    short = [k for k in range(5) if hand[k] < cost[k] and view.bank[k]]
    if not short:
        return None
    for kept in (others, [0] * 5):
        spare = [g for g in range(5) if hand[g] - ratios[g] >= cost[g] + kept[g]]
        if spare:
            give = max(spare, key=lambda g: (hand[g] - cost[g] - kept[g] - ratios[g], -g))
            cmd = ("maritime", me, give, short[0])
            return cmd if cmd in legal else None
    return None


def people_help(view, me, step, legal, others):
    """The offer that would make up for a card the step lacks: one card
    neither the step nor the lessons after it need (`others`: per kind) for
    one it lacks, to everyone; None when nothing is short or spare, or
    trading is closed."""
    if step.lacks is None or {"offer", "confirm_trade"} & set(step.kinds) or \
            not any(c[0] == "end_turn" for c in legal) or not may_offer(view, me):
        return None
    cost, _ = step.lacks(view, me, whole=False)
    hand = view.hands[me]
    short = [k for k in range(5) if hand[k] < cost[k]]
    spare = [k for k in range(5) if hand[k] > cost[k] + others[k]]
    if not short or not spare:
        return None
    give_kind = max(spare, key=lambda k: (hand[k] - cost[k] - others[k], -k))
    give, get = [0] * 5, [0] * 5
    give[give_kind], get[short[0]] = 1, 1
    cmd = ("offer", me, tuple(give), tuple(get), tuple(s for s in range(view.n) if s != me))
    return cmd if check(view, cmd) is None else None


class TutorialController(HotseatController):
    """A hot-seat controller that lets the person make only what the guide
    allows (a refusal says why, in words), shapes the dice, seats the guided
    computers, and keeps the guide's step in the save."""

    def __init__(self, *args, guide=None, say=None, **kwargs):
        self.guide = guide or Guide()
        self.say = say or (lambda refusal: "")       # a refusal in words (the scene's catalog)
        super().__init__(*args, **kwargs)
        self.moved_at = self.seq        # the record after which the guide last moved on
        if self.saver is not None:
            self.saver.extra = {"tutorial": self.guide.saved()}

    def make_computer(self, level, seat, seed):
        """The computer at a seat (the table's ComputerSeats asks)."""
        return GuidedComputer(make_bot(level, seat, seed), self.guide)

    def undo_status(self, seat) -> tuple:
        cmd, why = super().undo_status(seat)
        if cmd is not None and self.auth.takebacks.entries[-1][0] <= self.moved_at:
            advice = self.guide.advice(self.view(self.guide.seat))
            return None, IllegalCommand("tutorial", self.say(("do", advice, None)))
        return cmd, why

    def submit(self, cmd) -> tuple:
        person = cmd[1] == self.guide.seat
        undo = cmd[0] == UNDO
        if person and undo:
            why = self.undo_status(cmd[1])[1]
            if why is not None:
                raise why
        elif person:
            view = self.view(self.guide.seat)
            refused = self.guide.allows(view, cmd)
            if refused is not None:
                raise IllegalCommand("tutorial", self.say(refused))
            if cmd[0] == "end_turn" and check(view, cmd) is None:
                self.guide.turn_ends(view)
        events = super().submit(self.shaped(cmd))
        view = self.view(self.guide.seat)
        if self.guide.after(view, cmd) if person and not undo else self.guide.observe(view):
            self.keep_step()
        return events

    def shaped(self, cmd):
        """A roll with the mix of the dice the guide picks (dice.py)."""
        if not (self.config.get("mixed_dice") and rolls(cmd)) or len(cmd) != 2:
            return cmd
        state = self.auth.state
        if check(state, with_mix(cmd, 0)) is not None:
            return with_mix(cmd, 0)         # (refused by the engine with its own reason)
        return with_mix(cmd, dice.mix_for(dice.pick(state, self.guide, dice.totals_rolled(self.auth.log))))

    def advise(self, seat):
        """The hint while a lesson is on: the command the guide asks (the
        lesson's, or the turn's routine move), with why it helps; None when
        there is nothing to do (an explanation to read, the computers' turns)."""
        if seat != self.guide.seat:
            return None
        view = self.view(seat)
        what, _, cmd = self.guide.advice(view)
        if what not in ("do", "routine"):
            return None
        return {"cmd": cmd, "why": why(view, seat, cmd), "seven": seven_risk(view, seat, cmd)}

    def next(self) -> bool:
        moved = self.guide.next(self.view(self.guide.seat))
        if moved:
            self.keep_step()
        return moved

    def keep_step(self) -> None:
        """The guide moved on: write its step into the save (no command needed)."""
        self.moved_at = self.seq
        if self.saver is None:
            return
        self.saver.extra = {"tutorial": self.guide.saved()}
        self._autosave()
