"""The guide: which step of the guided game is on, what the person is to do
now, and whether a command of theirs is the one asked.

`Guide.advice(view)` answers what the person should do at this moment:

- ("next", step) — an explanation to read; the computers wait meanwhile;
- ("do", step, cmd) — the step's own command (for a pinned step exactly
  `cmd`, else any command of the step's kinds);
- ("routine", step, cmd) — the step waits for something not possible yet:
  the turn's plain next move (roll, end the turn, a discard) is asked;
- ("wait", step, None) — the computers are playing.

`TutorialController` (below) refuses every other command of the person with
a sentence saying what to do (builds and bank trades the step does not ask
for are the person's own choice: `steps.FREE_BUILDS`), and moves the guide on after each accepted
one.  An undo takes back only what came after the guide last moved on (the
step it took back would otherwise be left behind).  The step is kept in the save's `extra` ({"tutorial": {"step": k}}), so
the game resumes on the step it was left at."""

from game.engine import IllegalCommand, deciders, legal_commands
from game.engine.state import GAME_OVER, STEAL
from game.engine.undo import UNDO

from ..controller import HotseatController
from . import steps as S


class Guide:
    def __init__(self, seat=S.PERSON, index=0, steps=S.STEPS):
        self.seat = seat
        self.steps = steps
        self.index = max(0, min(int(index), len(steps) - 1))
        self.reached = [steps[self.index].name]       # step names in the order they came

    @property
    def step(self):
        return self.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index == len(self.steps) - 1 and self.step.name == "won"

    def _legal(self, view):
        me = self.seat
        return legal_commands(view, me) if me in deciders(view) else []

    def advice(self, view):
        step, me = self.step, self.seat
        legal = self._legal(view)
        # a steal is answered before anything more is explained
        forced = bool(legal) and view.phase == STEAL
        if not step.kinds:
            if (step.ready is None or step.ready(view, me)) and not forced:
                return ("next", step, None)
        elif legal:
            cmd = step.choose(view, me, legal)
            if cmd is not None:
                return ("do", step, cmd)
        cmd = S.routine(view, me, legal)
        return ("routine", step, cmd) if cmd is not None else ("wait", step, None)

    def allows(self, view, cmd):
        """None when the person may make `cmd` now, else the advice that says
        what to do instead."""
        advice = self.advice(view)
        what, step, asked = advice
        if what == "do" and (cmd == asked or (not step.pinned and cmd[0] in step.kinds)):
            return None
        if what == "routine" and (cmd == asked or cmd[0] == asked[0] and asked[0] in S.ANY_ROUTINE):
            return None
        if what in ("do", "routine") and cmd[0] in S.FREE_BUILDS and cmd[0] not in step.kinds:
            return None             # (the engine still checks that it is legal)
        return advice

    def after(self, view, cmd) -> bool:
        """A command of the person was accepted: the step is done when it was
        the step's own and its condition holds.  True when the step moved on."""
        step = self.step
        if cmd[0] in step.kinds and (step.done is None or step.done(view, self.seat)):
            self._advance()
            return True
        return self.observe(view)

    def observe(self, view) -> bool:
        """After anyone's command: a step settled by the game itself (an offer
        everybody declined) moves on; a game over (a person who strayed from
        the guide may lose it) goes to the last step.  True when it moved."""
        step = self.step
        if view.phase == GAME_OVER and self.index < len(self.steps) - 1:
            self.index = len(self.steps) - 1
            self.reached.append(self.step.name)
            return True
        if step.settled is not None and step.settled(view, self.seat):
            self._advance()
            return True
        return False

    def next(self, view) -> bool:
        """The Next button: an explanation on show is read."""
        if self.advice(view)[0] != "next" or self.finished:
            return False
        self._advance()
        return True

    def _advance(self) -> None:
        if self.index < len(self.steps) - 1:
            self.index += 1
            self.reached.append(self.step.name)

    def saved(self) -> dict:
        return {"step": self.index, "steps": len(self.steps)}


class TutorialController(HotseatController):
    """A hot-seat controller that lets the person make only the command the
    guide asks (a refusal says what to do, in words), and keeps the guide's
    step in the save."""

    def __init__(self, *args, guide=None, say=None, **kwargs):
        self.guide = guide or Guide()
        self.say = say or (lambda advice: "")       # the advice in words (the scene's catalog)
        super().__init__(*args, **kwargs)
        self.moved_at = self.seq        # the record after which the guide last moved on
        if self.saver is not None:
            self.saver.extra = {"tutorial": self.guide.saved()}

    def undo_status(self, seat) -> tuple:
        cmd, why = super().undo_status(seat)
        if cmd is not None and self.auth.takebacks.entries[-1][0] <= self.moved_at:
            return None, IllegalCommand("tutorial", self.say(self.guide.advice(self.view(self.guide.seat))))
        return cmd, why

    def submit(self, cmd) -> tuple:
        person = cmd[1] == self.guide.seat
        undo = cmd[0] == UNDO
        if person and undo:
            why = self.undo_status(cmd[1])[1]
            if why is not None:
                raise why
        elif person:
            refused = self.guide.allows(self.view(self.guide.seat), cmd)
            if refused is not None:
                raise IllegalCommand("tutorial", self.say(refused))
        events = super().submit(cmd)
        view = self.view(self.guide.seat)
        if self.guide.after(view, cmd) if person and not undo else self.guide.observe(view):
            self.keep_step()
        return events

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
