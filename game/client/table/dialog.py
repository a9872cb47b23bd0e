"""What every modal dialog of the table is (`Dialog`): its frame, text and
buttons at the table's scale, the cards it lets the player choose, and on
the narrow table (200 %) its own arrangement for the NARROW room.  The
dialogs themselves: dialogs.py (discard, steal, development cards),
tradedialogs.py (trades), ckdialogs.py (Cities & Knights)."""

import math

import pygame

from .. import cards, theme, widgets
from . import cardpick
from .ui import btn, scaled_ui
from ..eventtext import card_name


def frozen(value):
    """A dialog's attribute as a key: lists and sets frozen, all the way down."""
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    if isinstance(value, dict):
        return tuple(sorted((k, frozen(v)) for k, v in value.items()))
    return value


def fitted_ui(ui, w, h):
    """`ui` (the table's) for a dialog of w x h design units: itself where
    the dialog fits the window at the table's scale, else with its layout and
    text at the smaller scale that holds it (layout.TableLayout.scaled)."""
    L = ui.layout
    room = L.free.inflate(-20, -20)
    k = math.floor(min(1.0, room.w / (w * L.s), room.h / (h * L.s)) * 100) / 100
    if k >= 1.0:
        return ui
    return scaled_ui(ui, k)


NARROW = (630, 350)        # the room a dialog has on the narrow table (200 %: a canvas of 640x360), design units
ROW_GAP = 4                # between the cards of counters' narrow rows (design units)


class Dialog:
    phase_bound = False        # opened by the phase itself (closed when the phase ends)
    closable = True            # Esc / Cancel allowed
    size = (600, 360)          # design units

    def __init__(self, play):
        self.play = play                   # what the dialog's buttons do (play.py)
        self.m = play.m                    # the table model: the viewer, their view and legal commands
        self._sizing = False
        self._fitted = None                # ((layout, frame), the ui it was drawn with): ui

    @property
    def ui(self):
        """What the dialog is drawn with: the table's (ui.py), or on the
        narrow table, where a dialog taller or wider than the window would be
        cut, the table's at the largest scale that holds the dialog
        (fitted_ui), found once a frame.  (`size` may ask the ui itself: it
        is read at the table's.)"""
        table = self.play.ui
        if table.layout.drawer is None or self._sizing or not getattr(self, "modal", True):
            return table
        key = (id(table.layout), self.play.app.frames_drawn)
        if self._fitted is None or self._fitted[0] != key:
            self._sizing = True
            try:
                w, h = self.size
            finally:
                self._sizing = False
            self._fitted = (key, fitted_ui(table, w, h))
        return self._fitted[1]

    def look(self) -> tuple:
        """What the dialog shows besides the table model (the viewer's view,
        the mouse): its own choices, frozen into a key (draw.draw_dialog
        keeps a picture per look; attributes named _… are the dialog's own
        caches, not choices)."""
        return tuple((name, frozen(value)) for name, value in vars(self).items()
                     if name not in ("play", "m", "ui") and not name.startswith("_"))

    def btn(self, surf, *args, **kwargs):
        """A button of the dialog (ui.btn)."""
        btn(self.m, self.ui, surf, *args, **kwargs)

    @property
    def narrow(self) -> bool:
        """Whether the table is narrow (layout.TableLayout.narrow): the dialog
        then takes its own arrangement for the NARROW room, drawn at the
        table's scale."""
        return self.play.ui.layout.drawer is not None

    @property
    def room(self) -> tuple:
        """(w, h) in design units of what a dialog may cover at the table's
        scale (fitted_ui's room: on the narrow table the window, in the
        guided game the window under its band)."""
        L = self.play.ui.layout
        room = L.free.inflate(-20, -20)
        return room.w / L.s, room.h / L.s

    @property
    def me(self):
        return self.m.viewer

    @property
    def view(self):
        return self.m.view

    def frame(self, surf, title):
        L = self.ui.layout
        rect = L.dialog(*self.size)
        widgets.panel(surf, rect, theme.PANEL, theme.ACCENT, radius=10, width=2)
        img = self.ui.text.render(title, 20, theme.TEXT, bold=True)
        surf.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + int(12 * L.s))))
        return rect

    def s(self, v):
        return int(v * self.ui.layout.s)

    def text(self, surf, msg, pos, size=15, colour=theme.TEXT, anchor="midtop", bold=False):
        img = self.ui.text.render(msg, size, colour, bold)
        surf.blit(img, img.get_rect(**{anchor: pos}))

    def close(self):
        self.m.dialog = None
        if self.m.viewer is not None and self.m.curtain_for is None:
            self.play.sync()          # a dialog of the phase (a decision) comes back
        self.play.redraw()

    def key(self, key):
        if key == pygame.K_ESCAPE and self.closable:
            self.close()

    def kinds(self):
        """Card kinds tradeable or discardable here: resources (and, in a
        C&K game, commodities, as far as the hand has them)."""
        return list(range(len(self.view.bank)))

    def counters(self, surf, y, prefix, values, limit, label=None, show_counts=True, beside=None, gap=ROW_GAP):
        """Cards chosen by clicking: a row of card pictures, one per kind (with
        how many are left to choose when `show_counts`); a click on one puts a
        card of that kind on the tray below it, a click on a card on the
        tray takes it back.  `values` is changed in place; `limit(kind)` is
        how many of a kind may be chosen.  `beside` (x, cards a row, the
        tray's width, (card w, h)): the narrow table's arrangement, the cards
        in rows from x, `gap` apart (the caller says what they are) and the
        tray right of them, as tall as they are.  Returns the y under the tray (beside:
        under the cards)."""
        kinds = self.kinds()
        rect = self.ui.layout.dialog(*self.size)
        if beside is None:
            cw, ch = self.s(50), self.s(70)
            gap = self.s(10) if len(kinds) <= 5 else self.s(6)
            total = len(kinds) * cw + (len(kinds) - 1) * gap
            x = rect.centerx - total // 2
            if label:
                self.text(surf, label, (rect.x + self.s(16), y + ch // 2), 15, theme.TEXT_DIM, "midleft", True)
                x = max(x, rect.x + self.s(122))
            places = [pygame.Rect(x + i * (cw + gap), y, cw, ch) for i in range(len(kinds))]
            tray = pygame.Rect(x - self.s(6), y + ch + self.s(6), total + self.s(12), self.s(58))
            empty = "pick.tray_empty"
        else:
            x, per_row, tray_w, (cw, ch) = beside
            cw, ch = self.s(cw), self.s(ch)
            gap, lift = self.s(gap), self.s(4)
            places = [pygame.Rect(x + (i % per_row) * (cw + gap), y + (i // per_row) * (ch + lift), cw, ch)
                      for i in range(len(kinds))]
            right = x + min(per_row, len(kinds)) * (cw + gap) - gap
            tray = pygame.Rect(right + self.s(10), y, self.s(tray_w), places[-1].bottom - y)
            empty = "pick.tray_empty_left"

        def change(k, d):
            values[k] += d
            self.play.redraw()
        for kind, r in zip(kinds, places):
            room = limit(kind) - values[kind]
            key = (prefix, "plus", kind)
            hover = self.m.hover_key == key and room > 0
            img = cards.card(self.ui.text, ("res", kind), cw, ch, card_name(kind),
                             room if show_counts else None, dim=room <= 0, hover=hover)
            surf.blit(img, r.move(0, -self.s(4) if hover else 0))
            drawn = pygame.Rect(r.topleft, img.get_size())         # (a card's shadow lies outside r)
            self.ui.targets.hover_area(key, drawn.union(drawn.move(0, -self.s(4))))
            if room > 0:
                self.ui.targets.add(key, r, lambda k=kind: change(k, 1))
        # the tray: the chosen cards, one picture each
        cardpick.draw_tray(self.m, self.ui, surf, tray, [(("res", kind), (prefix, "minus", kind), lambda k=kind: change(k, -1))
                                           for kind in kinds for _ in range(values[kind])], empty)
        return (places[-1].bottom if beside else tray.bottom) + self.s(12)

    @staticmethod
    def block_units(kinds, per_row, card) -> tuple:
        """(w, h) in design units of `kinds` cards in rows of `per_row`
        (counters' `beside`): the cards' width, and their rows' height."""
        rows = -(-kinds // per_row)
        return (min(per_row, kinds) * (card[0] + ROW_GAP) - ROW_GAP, rows * card[1] + (rows - 1) * 4)

    def card_row(self, surf, counts, pos, anchor="midleft", w=40, h=56, max_w=None):
        """The cards of a trade as pictures, one per card, side by side
        (`counts` per kind); anchored at pos, overlapping where more than
        eight or (`max_w`, design units) wider than that.  Returns the row's rect."""
        faces = [kind for kind in range(len(counts)) for _ in range(counts[kind])]
        w, h = self.s(w), self.s(h)
        step = w + self.s(4) if len(faces) <= 8 else w * 0.6
        if max_w is not None and len(faces) > 1:
            step = min(step, (self.s(max_w) - w) / (len(faces) - 1))
        row = pygame.Rect(0, 0, int(w + step * max(0, len(faces) - 1)), h)
        setattr(row, anchor, pos)
        x = row.x
        for kind in faces:
            surf.blit(cards.card(self.ui.text, ("res", kind), w, h), (int(x), row.y))
            x += step
        return row
