"""A view onto a picture taller than its room, scrolled by the mouse wheel
and the keys (Up, Down, Page Up, Page Down, Home, End), with a scroll bar
in a gutter at the view's right (GUTTER design units the picture leaves
free).  The end screen's scores and its review use one (scenes/end.py,
reviewview.py) where their panels do not fit the canvas whole, and so does
a form taller than the window (form_scroll.py: the wheel and Page Up/Down
only, its arrows move the keys' focus).

    scroller.show(surf, body, view, s)      # body: the whole picture, view: its room on `surf`
    scroller.handle(event)                  # True when it scrolled

The picture is blitted under the view's clip, so a line at either end may
show in part while it scrolls by (tools/screens/fit.py takes a taller
picture under a clip for such a view)."""

import pygame

from . import theme

GUTTER = 12                   # design units at the view's right for the bar
KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


class Scroller:
    def __init__(self):
        self.offset = 0               # pixels of the picture above the view
        self.room = 0                 # how far it can scroll (0: the picture fits)
        self.step = 40                # pixels a wheel notch or an arrow moves
        self.page = 40                # pixels Page Up / Page Down move
        self.view = None              # where it was shown last

    def show(self, surf, body, view, s) -> None:
        """`body` in `view` on `surf`, scrolled by `offset`; the bar when it is taller."""
        view = self.view = pygame.Rect(view)
        self.room = max(0, body.get_height() - view.h)
        self.offset = max(0, min(self.offset, self.room))
        self.step = max(1, int(40 * s))
        self.page = max(self.step, view.h - self.step)
        clip = surf.get_clip()
        surf.set_clip(view.clip(clip))
        surf.blit(body, (view.x, view.y - self.offset))
        surf.set_clip(clip)
        if self.room:
            track = pygame.Rect(view.right - int(GUTTER * s) + int(4 * s), view.y, max(2, int(5 * s)), view.h)
            pygame.draw.rect(surf, theme.PANEL_LIGHT, track, border_radius=3)
            part = view.h / body.get_height()
            knob = pygame.Rect(track.x, track.y + track.h * self.offset / body.get_height(), track.w,
                               max(int(20 * s), track.h * part))
            pygame.draw.rect(surf, theme.ACCENT, knob, border_radius=3)

    def reset(self) -> None:
        """Nothing to scroll until it is shown again (a layout that fits); the offset is kept."""
        self.room = 0
        self.view = None

    def scroll_by(self, dy) -> bool:
        """Move by `dy` pixels (down when positive); True when it moved."""
        offset = max(0, min(self.room, self.offset + int(dy)))
        moved = offset != self.offset
        self.offset = offset
        return moved

    def handle(self, event) -> bool:
        """The wheel and the scrolling keys; True when the view moved."""
        if not self.room:
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_by(-event.y * self.step)
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            moves = {pygame.K_UP: -self.step, pygame.K_DOWN: self.step, pygame.K_PAGEUP: -self.page,
                     pygame.K_PAGEDOWN: self.page, pygame.K_HOME: -self.room, pygame.K_END: self.room}
            return self.scroll_by(moves[event.key])
        return False
