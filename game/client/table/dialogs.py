"""Modal dialogs of the table: discard, steal and development cards here;
the trade offer / counter-offer, answers and bank trade in tradedialogs.py
and the base of them all, `Dialog`, in dialog.py (all named here as well:
dialogs.TradeEditor, dialogs.Dialog …).

A dialog only collects the player's choice; whether the resulting command is
legal is asked from the engine (`check` on the viewer's view), and the
confirm button is enabled only then."""

import math

import pygame

from game.engine import check
from game.engine.constants import DEV_NAMES, MONOPOLY, RESOURCES, VICTORY_POINT, YEAR_OF_PLENTY

from .. import theme, widgets
from . import cardpick
from .dialog import NARROW, Dialog, fitted_ui, frozen
from .tradedialogs import AnswerDialog, BankDialog, ResponsesDialog, TradeEditor
from ..i18n import tr, trn


class DiscardDialog(Dialog):
    phase_bound = True
    closable = False

    CARD = (50, 70)          # the narrow table's cards (design units)

    @property
    def size(self):
        """On the narrow table as tall as its row of cards, the tray beside them."""
        return (NARROW[0], 70 + self.CARD[1] + 8 + 24 + 2 + 40 + 10) if self.narrow else (640, 330)

    def __init__(self, play):
        super().__init__(play)
        self.sel = [0] * len(self.view.bank)

    def command(self):
        return ("discard", self.me, tuple(self.sel))

    def kinds(self):
        """Only the kinds the hand holds: a discard never asks for the rest."""
        return [k for k in range(len(self.view.bank)) if self.view.hands[self.me][k]]

    def draw(self, surf):
        need = self.view.discard_need[self.me]
        rect = self.frame(surf, trn("discard.title", need))
        hand = self.view.hands[self.me]
        self.text(surf, tr("discard.click_help"), (rect.centerx, rect.y + self.s(44)), 13, theme.TEXT_DIM)
        if self.narrow:        # (the cards from the left, the tray in the rest of the width)
            cw, ch = self.CARD
            n = len(self.kinds())
            gap = 10 if n <= 5 else 6
            tray_w = NARROW[0] - 16 - (16 + n * (cw + gap) - gap + 10)
            y = self.counters(surf, rect.y + self.s(70), "discard", self.sel, lambda k: hand[k],
                              beside=(rect.x + self.s(16), n, tray_w, self.CARD), gap=gap)
        else:
            y = self.counters(surf, rect.y + self.s(70), "discard", self.sel, lambda k: hand[k])
        chosen = sum(self.sel)
        self.text(surf, tr("discard.count", k=chosen, n=need), (rect.centerx, y - self.s(4)),
                  16, theme.GOOD if chosen == need else theme.ACCENT, bold=True)
        ok = check(self.view, self.command()) is None
        r = pygame.Rect(0, 0, self.s(200), self.s(40))
        r.midbottom = (rect.centerx, rect.bottom - self.s(10 if self.narrow else 14))
        self.btn(surf, ("discard", "ok"), r, tr("discard.confirm"), lambda: self.play.submit(self.command()),
                   ok, primary=True)

    def key(self, key):
        if key == pygame.K_RETURN and check(self.view, self.command()) is None:
            self.play.submit(self.command())


class StealDialog(Dialog):
    phase_bound = True
    closable = False

    def plan(self) -> tuple:
        """(the seats to rob, whether robbing may be declined, columns, rows)."""
        victims = [c[2] for c in self.m.legal if c[0] == "steal"]
        may_decline = ("skip_steal", self.me) in self.m.legal      # stealing is a right (B-5.4)
        rows = len(victims) + may_decline
        # (the narrow table: its buttons closer to its bottom, in two columns where one is taller than its room)
        columns = 2 if self.narrow and 48 + 52 * rows + 16 > self.room[1] else 1
        return victims, may_decline, columns, -(-rows // columns)

    @property
    def size(self):
        _, _, columns, rows = self.plan()
        return (480 if columns == 1 else NARROW[0]), 48 + 52 * rows + (16 if self.narrow else 32)

    def draw(self, surf):
        victims, may_decline, columns, rows = self.plan()
        rect = self.frame(surf, tr("steal.title"))
        bw = (rect.w - self.s(80) - (columns - 1) * self.s(12)) // columns

        mark = self.s(16) if columns > 1 else 0       # (two columns: the colour left of the button, clear of its words)

        def place(i):
            col, row = divmod(i, rows)
            return pygame.Rect(rect.x + self.s(40) + col * (bw + self.s(12)) + mark,
                               rect.y + self.s(56) + row * self.s(52), bw - mark, self.s(44))
        for i, v in enumerate(victims):
            r = place(i)
            label = f"{self.m.names[v]}  ·  {trn('steal.cards', self.view.hand_n[v])}"
            self.btn(surf, ("steal", v), r, label, lambda v=v: self.play.submit(("steal", self.me, v)), size=16)
            pygame.draw.rect(surf, self.m.colours[v], (r.x + self.s(6) - mark, r.y + self.s(8), self.s(10),
                                                       r.h - self.s(16)))
        if may_decline:
            self.btn(surf, ("steal", "skip"), place(len(victims)), tr("steal.skip"),
                     lambda: self.play.submit(("skip_steal", self.me)), size=16)

    def key(self, key):
        if key == pygame.K_ESCAPE and ("skip_steal", self.me) in self.m.legal:
            self.play.submit(("skip_steal", self.me))


class DevCardDialog(Dialog):
    def __init__(self, play, kind):
        super().__init__(play)
        self.kind = kind
        self.picks = []
        self._size = None

    @property
    def size(self):
        """A card to pick resources for (Year of Plenty, Monopoly) as tall as
        its cards need; any other as its words, on the narrow table no taller
        (under the guided game's band it then keeps the table's scale)."""
        kind = self.kind
        if self._size is not None:
            return self._size
        if kind in (YEAR_OF_PLENTY, MONOPOLY):       # (narrow: Year of Plenty's tray beside the row of cards)
            return NARROW if self.narrow else (600, 440 if kind == YEAR_OF_PLENTY else 370)
        if not self.narrow:
            return (560, 250)
        ui = self.play.ui
        s, font = ui.layout.s, ui.fonts.get(16)
        lines = widgets.wrap(tr(f"dev.{DEV_NAMES[kind]}.text"), font, int(560 * s) - int(60 * s))
        # the words from 54 down, the new/once note's 34 under them, the buttons' 54 at the bottom
        return (560, min(250, 54 + math.ceil(len(lines) * font.get_linesize() / s) + 34 + 8 + 54))

    @size.setter
    def size(self, value):
        self._size = value                         # (a size of one's own: tests)

    def command(self):
        me, kind = self.me, self.kind
        if kind == YEAR_OF_PLENTY:
            return ("play_year_of_plenty", me, *self.picks) if len(self.picks) == 2 else None
        if kind == MONOPOLY:
            return ("play_monopoly", me, self.picks[0]) if self.picks else None
        if kind == VICTORY_POINT:
            return None
        return ("play_" + DEV_NAMES[kind], me)

    def draw(self, surf):
        kind = self.kind
        rect = self.frame(surf, tr("dev." + DEV_NAMES[kind]))
        font = self.ui.fonts.get(16)
        y = rect.y + self.s(54)
        for line in widgets.wrap(tr(f"dev.{DEV_NAMES[kind]}.text"), font, rect.w - self.s(60)):
            self.text(surf, line, (rect.centerx, y), 16)
            y += font.get_linesize()
        v = self.view
        if v.dev_new[self.me][kind] == v.dev[self.me][kind] and kind != VICTORY_POINT:
            self.text(surf, tr("dev.new"), (rect.centerx, y + self.s(6)), 13, theme.TEXT_DIM)
        elif v.dev_played and kind != VICTORY_POINT:
            self.text(surf, tr("dev.once"), (rect.centerx, y + self.s(6)), 13, theme.TEXT_DIM)
        y += self.s(34)
        if kind in (YEAR_OF_PLENTY, MONOPOLY):
            self.text(surf, tr("yop.title" if kind == YEAR_OF_PLENTY else "mono.title"), (rect.centerx, y), 14,
                      theme.TEXT_DIM)
            self._draw_picks(surf, rect, y + self.s(30))
        cmd = self.command()
        bw, bh = self.s(200), self.s(40)
        play = pygame.Rect(rect.centerx + self.s(8), rect.bottom - bh - self.s(14), bw, bh)
        if kind != VICTORY_POINT:
            self.btn(surf, ("dev", "play"), play, tr("btn.play"), lambda: self.play.submit(cmd),
                  cmd is not None and check(v, cmd) is None, primary=True)
        self.btn(surf, ("dev", "close"), (rect.centerx - bw - self.s(8), play.y, bw, bh), tr("btn.close"), self.close)

    def _draw_picks(self, surf, rect, y):
        """The five resources as cards: Monopoly takes the one clicked (it
        stands raised); Year of Plenty puts each click on the tray below,
        and a click on the tray takes it back."""
        v = self.view
        plenty = self.kind == YEAR_OF_PLENTY

        def pick(res):
            if plenty:
                self.picks.append(res)
            else:
                self.picks = [res]
        picks = [cardpick.Pick(("res", res), ("dev", "pick", res), lambda r=res: pick(r),
                               count=v.bank[res] if plenty else None,
                               selected=not plenty and res in self.picks,
                               enabled=not plenty or (len(self.picks) < 2 and v.bank[res] > self.picks.count(res)))
                 for res in RESOURCES]
        beside = plenty and self.narrow          # the tray right of the row, not under it
        centre = rect.centerx - self.s(110) if beside else rect.centerx
        row = cardpick.draw_row(self.m, self.ui, surf, centre, y, picks, rect.w - self.s(280 if beside else 60))
        if plenty:
            tray = pygame.Rect(0, 0, self.s(200), self.s(58))
            if beside:
                tray.midleft = (row.right + self.s(20), y + self.s(cardpick.CARD[1] // 2))
            else:
                tray.midtop = (rect.centerx, row.bottom - self.s(14))
            cardpick.draw_tray(self.m, self.ui, surf, tray, [(("res", res), ("dev", "unpick", i),
                                                lambda i=i: self.picks.pop(i)) for i, res in enumerate(self.picks)])

    def key(self, key):
        cmd = self.command()
        if key == pygame.K_RETURN and cmd is not None and check(self.view, cmd) is None:
            self.play.submit(cmd)
        else:
            super().key(key)


__all__ = ["NARROW", "Dialog", "DiscardDialog", "StealDialog", "DevCardDialog", "fitted_ui", "frozen",
           "TradeEditor", "AnswerDialog", "ResponsesDialog", "BankDialog"]
