"""The guided game's table: the real table (table/scene.py) with the guide's
overlay over it.

- While an explanation is on show the computers wait; Next (the button, or
  Enter) moves on.
- A command the step does not ask is refused by the controller with what
  to do instead (the table shows it as a refusal; nothing changes).
- The game's end waits for the last step to be read; its Next opens the
  end screen.  Leaving (the game menu) keeps the save with its step."""

import time

import pygame

from ..i18n import tr
from ..table.scene import TableScene
from . import overlay


class TutorialScene(TableScene):
    def __init__(self, app, controller, resumed=False):
        controller.say = self.refusal
        self.done = False                 # the last step was read: on to the end screen
        self.refused = set()              # this step's refusals (their notes go when it is done)
        self.step_shown = controller.guide.index
        super().__init__(app, controller, resumed)

    def advice(self):
        guide = self.c.guide
        return guide.advice(self.c.view(guide.seat))

    def refusal(self, advice) -> str:
        """Why the person's command waits: what the step asks instead."""
        text = tr("tutorial.read_first") if advice[0] == "next" else \
            tr("tutorial.refused", what=overlay.lines(advice)[0])
        self.refused.add(text)
        return text

    def forget_refusals(self) -> None:
        """A step done: its refusals' notes go (they would read as if the
        step's right move had been refused too)."""
        m = self.model
        if self.refused:
            m.notes = [n for n in m.notes if not any(text in n[0] for text in self.refused)]
            self.refused.clear()
            self.app.dirty = True

    def press_next(self) -> None:
        guide = self.c.guide
        if guide.finished and self.advice()[0] == "next":
            self.done = True
            self.play.show_results()
            return
        if self.c.next():
            self.play.refresh()
        self.app.dirty = True

    def update(self, dt) -> None:
        m = self.model
        if self.c.guide.index != self.step_shown:
            self.step_shown = self.c.guide.index
            self.forget_refusals()
        explaining = self.advice()[0] == "next"
        if m.computers is not None:
            m.computers.hold = explaining              # the computers wait while the person reads
        if m.game_over_at is not None and not self.done:
            m.game_over_at = time.monotonic()          # the end screen waits for the last step
            if self.c.guide.observe(self.c.view(self.c.guide.seat)):
                self.c.keep_step()
        super().update(dt)

    def handle_event(self, event) -> None:
        explaining = self.advice()[0] == "next"
        if explaining and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.model.curtain_for is None:
            self.press_next()
            return
        if self.model.game_over_at is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            rect = self.ui.targets.rect(overlay.NEXT_KEY)
            if event.type == pygame.MOUSEBUTTONDOWN and rect is not None and rect.collidepoint(event.pos):
                self.press_next()
            return                                     # (not straight to the results: the last step first)
        super().handle_event(event)

    def draw(self, surf) -> None:
        super().draw(surf)
        overlay.draw(self, surf)

    def wake_ms(self) -> int:
        return min(super().wake_ms(), 100)             # the ring pulses
