"""The guided game's table: the real table (table/scene.py) with the guide's
overlay over it.

- While an explanation is on show the computers wait; Next (the button, or
  Enter) moves on.
- A command the guide does not allow is refused by the controller with
  why, and what the step asks instead (the table shows it as a refusal;
  nothing changes).
- The left column's prompt stands taller (the guide's box), the log under it;
  on the narrow table (200 %) the box is a band over the board (band.py),
  its words in pages (More, PageDown and PageUp), the log in its drawer.
- The game's end waits for the last step to be read; its Next opens the
  end screen.  Leaving (the game menu) keeps the save with its step."""

import time

import pygame

from game.engine.rules import discard_limit

from ..i18n import tr
from ..table.layout import TableLayout
from ..table.scene import TableScene
from ..table.tips import draw_tooltip
from . import band, overlay

# The refusal's words by its reason (guide.Guide.allows).
REFUSALS = {"trade_first": "tutorial.trade_first", "end": "tutorial.refused_end", "do": "tutorial.refused"}
LATER = {"buy_dev": "tutorial.later.buy_dev", "play_knight": "tutorial.later.play_knight"}


class TutorialScene(TableScene):
    def __init__(self, app, controller, resumed=False):
        controller.say = self.refusal
        self.done = False                 # the last step was read: on to the end screen
        self.refused = set()              # this step's refusals (their notes go when it is done)
        self.step_shown = controller.guide.index
        self.band_lines, self.band_page, self.band_pages = None, 0, 1    # the narrow band's words, page on show
        super().__init__(app, controller, resumed)
        self.ui.layout_for = self.layout_for
        self.resize(app.size)

    def min_canvas(self) -> tuple:
        """The narrow table's: the guide's band takes the prompt band's place and pages its words."""
        return TableLayout.min_canvas(self.model.n, self.model.part)

    def layout_for(self, size) -> TableLayout:
        """The table's layout with the prompt as tall as the guide's box, the log
        under it; on the narrow table the band as tall as its lines, the board under it."""
        m = self.model
        layout = TableLayout(size, m.n, m.part, self.app.scale)
        self.ui.layout = layout               # (prompt_height measures in it)
        if layout.narrow:
            band.make_room(layout, band.height(self.ui, overlay.HEAD), self.ui.board.island)
            return layout
        L, pad = layout, int(6 * layout.s)
        L.top.h = overlay.prompt_height(self.ui)
        bottom = L.log.bottom
        L.log.y = L.top.bottom + pad
        L.log.h = bottom - L.log.y
        L.choice_panel, L.stage = pygame.Rect(L.log), pygame.Rect(L.log)
        return layout

    def language_changed(self) -> None:
        super().language_changed()
        self.resize(self.app.size)            # (the box's height follows its words)

    def advice(self):
        guide = self.c.guide
        return guide.advice(self.c.view(guide.seat))

    def refusal(self, refused) -> str:
        """Why the person's command waits, and what the step asks instead."""
        reason, advice, later = refused
        guide = self.c.guide
        what = overlay.lines(advice, view=self.c.view(guide.seat), me=guide.seat)[0]
        if reason == "read":
            text = tr("tutorial.read_first")
        elif reason == "later":
            kind = self.c.guide.steps[later].kinds
            key = next((LATER[k] for k in kind if k in LATER), "tutorial.later.other")
            text = tr(key, what=what)
        elif reason == "keep":
            text = tr("tutorial.keep", limit=discard_limit(self.c.view(guide.seat), guide.seat))
        elif reason == "win":
            text = tr("tutorial.win")
        else:
            text = tr(REFUSALS[reason], what=what)
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

    def turn_page(self, by=1) -> None:
        """The narrow band's next page of words (after the last, the first again), or `by` pages on."""
        self.band_page = (self.band_page + by) % self.band_pages
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
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) \
                and self.ui.layout.narrow:
            self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
            return
        if self.model.game_over_at is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            rect = self.ui.targets.rect(overlay.NEXT_KEY)
            if event.type == pygame.MOUSEBUTTONDOWN and rect is not None and rect.collidepoint(event.pos):
                self.press_next()
            return                                     # (not straight to the results: the last step first)
        super().handle_event(event)

    def draw_over(self, surf) -> None:
        overlay.draw(self, surf)
        m = self.model
        if m.curtain_for is None and not m.modal() and not m.stage.blocking:
            draw_tooltip(m, self.ui, surf)             # (over the rings: nothing covers its words)

    def key_suggestions(self) -> list:
        return overlay.targets(self.advice(), self.model)   # the keys' cursor goes to the lesson's ring first

    def wake_ms(self) -> int:
        return min(super().wake_ms(), 100)             # the ring pulses
