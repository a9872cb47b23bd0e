"""Modal dialogs of the table: discard, steal, trade offer / counter-offer,
answers, bank trade and development cards.

A dialog only collects the player's choice; whether the resulting command is
legal is asked from the engine (`check` on the viewer's view), and the
confirm button is enabled only then."""

import math
import time

import pygame

from game.engine import check
from game.engine.constants import DEV_NAMES, MONOPOLY, RESOURCES, VICTORY_POINT, YEAR_OF_PLENTY
from game.engine.state import ACCEPTED, COUNTERED, DECLINED, NOT_ASKED, PENDING

from .. import cards, theme, widgets
from . import cardpick
from .ui import btn, scaled_ui
from ..eventtext import card_name, count_text, counter_text, error_text
from ..i18n import tr, trn


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

    def counters(self, surf, y, prefix, values, limit, label=None, show_counts=True):
        """Cards chosen by clicking: a row of card pictures, one per kind (with
        how many are left to choose when `show_counts`); a click on one puts a
        card of that kind on the tray below it, a click on a card on the
        tray takes it back.  `values` is changed in place; `limit(kind)` is
        how many of a kind may be chosen.  Returns the y under the tray."""
        kinds = self.kinds()
        rect = self.ui.layout.dialog(*self.size)
        cw, ch = self.s(50), self.s(70)
        gap = self.s(10) if len(kinds) <= 5 else self.s(6)
        total = len(kinds) * cw + (len(kinds) - 1) * gap
        x = rect.centerx - total // 2
        if label:
            self.text(surf, label, (rect.x + self.s(16), y + ch // 2), 15, theme.TEXT_DIM, "midleft", True)
            x = max(x, rect.x + self.s(122))
        left = x

        def change(k, d):
            values[k] += d
            self.play.redraw()
        for kind in kinds:
            r = pygame.Rect(x, y, cw, ch)
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
            x += cw + gap
        # the tray: the chosen cards, one picture each
        tray = pygame.Rect(left - self.s(6), y + ch + self.s(6), total + self.s(12), self.s(58))
        cardpick.draw_tray(self.m, self.ui, surf, tray, [(("res", kind), (prefix, "minus", kind), lambda k=kind: change(k, -1))
                                           for kind in kinds for _ in range(values[kind])])
        return tray.bottom + self.s(12)

    def card_row(self, surf, counts, pos, anchor="midleft", w=40, h=56):
        """The cards of a trade as pictures, one per card, side by side
        (`counts` per kind); anchored at pos.  Returns the row's rect."""
        faces = [kind for kind in range(len(counts)) for _ in range(counts[kind])]
        w, h = self.s(w), self.s(h)
        step = w + self.s(4) if len(faces) <= 8 else w * 0.6
        row = pygame.Rect(0, 0, int(w + step * max(0, len(faces) - 1)), h)
        setattr(row, anchor, pos)
        x = row.x
        for kind in faces:
            surf.blit(cards.card(self.ui.text, ("res", kind), w, h), (int(x), row.y))
            x += step
        return row


class DiscardDialog(Dialog):
    phase_bound = True
    closable = False
    size = (640, 330)

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
        y = self.counters(surf, rect.y + self.s(70), "discard", self.sel, lambda k: hand[k])
        chosen = sum(self.sel)
        self.text(surf, tr("discard.count", k=chosen, n=need), (rect.centerx, y - self.s(4)),
                  16, theme.GOOD if chosen == need else theme.ACCENT, bold=True)
        ok = check(self.view, self.command()) is None
        r = pygame.Rect(0, 0, self.s(200), self.s(40))
        r.midbottom = (rect.centerx, rect.bottom - self.s(14))
        self.btn(surf, ("discard", "ok"), r, tr("discard.confirm"), lambda: self.play.submit(self.command()),
                   ok, primary=True)

    def key(self, key):
        if key == pygame.K_RETURN and check(self.view, self.command()) is None:
            self.play.submit(self.command())


class StealDialog(Dialog):
    phase_bound = True
    closable = False

    def draw(self, surf):
        victims = [c[2] for c in self.m.legal if c[0] == "steal"]
        may_decline = ("skip_steal", self.me) in self.m.legal      # stealing is a right (B-5.4)
        self.size = (480, 80 + 52 * (len(victims) + may_decline))
        rect = self.frame(surf, tr("steal.title"))
        y = rect.y + self.s(56)
        for v in victims:
            r = pygame.Rect(rect.x + self.s(40), y, rect.w - self.s(80), self.s(44))
            label = f"{self.m.names[v]}  ·  {trn('steal.cards', self.view.hand_n[v])}"
            self.btn(surf, ("steal", v), r, label, lambda v=v: self.play.submit(("steal", self.me, v)), size=16)
            pygame.draw.rect(surf, self.m.colours[v], (r.x + self.s(6), r.y + self.s(8), self.s(10), r.h - self.s(16)))
            y += self.s(52)
        if may_decline:
            r = pygame.Rect(rect.x + self.s(40), y, rect.w - self.s(80), self.s(44))
            self.btn(surf, ("steal", "skip"), r, tr("steal.skip"),
                       lambda: self.play.submit(("skip_steal", self.me)), size=16)

    def key(self, key):
        if key == pygame.K_ESCAPE and ("skip_steal", self.me) in self.m.legal:
            self.play.submit(("skip_steal", self.me))


class TradeEditor(Dialog):
    """An offer to other players, or (counter_to set) a counter-offer.  The
    player edits what they give and get; for a counter the command carries the
    terms seen from the offerer (offerer gives = what I get)."""
    def __init__(self, play, counter=False):
        super().__init__(play)
        kinds = len(self.view.bank)
        self.counter = counter
        if counter:
            trade = self.view.trade
            self.give = list(trade["get"])        # what I would give
            self.get = list(trade["give"])
            self.to = set()
        else:
            self.give, self.get = [0] * kinds, [0] * kinds
            self.to = {s for s in range(self.m.n) if s != self.me}

    def command(self):
        if self.counter:
            return ("counter", self.me, tuple(self.get), tuple(self.give))
        return ("offer", self.me, tuple(self.give), tuple(self.get), tuple(sorted(self.to)))

    @property
    def size(self):
        """Wider with commodities; taller by a row of partner buttons for
        each row past the first (a property, not a choice of the look)."""
        width = 760 if len(self.view.bank) > 5 else 660
        if self.counter:
            return width, 480
        bw, per_row = self.partner_buttons(width, self.others())
        return width, 480 + (-(-len(self.others()) // per_row) - 1) * 42

    def others(self):
        return [s for s in range(self.m.n) if s != self.me]

    def draw(self, surf):
        title = (tr("answer.counter_title", name=self.m.names[self.view.current]) if self.counter
                 else tr("trade.title"))
        others = self.others()
        bw, per_row = self.partner_buttons(self.size[0], others)
        rect = self.frame(surf, title)
        hand = self.view.hands[self.me]
        y = rect.y + self.s(52)
        y = self.counters(surf, y, "give", self.give, lambda k: hand[k], tr("trade.you_give"))
        y = self.counters(surf, y, "get", self.get, lambda k: 19, tr("trade.you_get"), show_counts=False)
        if not self.counter:
            self.text(surf, tr("trade.to"), (rect.x + self.s(16), y + self.s(17)), 15, theme.TEXT_DIM, "midleft", True)
            for i, s in enumerate(others):
                row, col = divmod(i, per_row)
                r = pygame.Rect(rect.x + self.s(130) + col * (bw + self.s(8)), y + row * self.s(42), bw, self.s(34))

                def toggle(s=s):
                    self.to ^= {s}
                self.btn(surf, ("to", s), r, self.m.names[s], toggle, selected=s in self.to, size=14)
                pygame.draw.rect(surf, self.m.colours[s], (r.x + self.s(4), r.y + self.s(6), self.s(6), r.h - self.s(12)))
        err = check(self.view, self.command())
        if err is not None and (sum(self.give) or sum(self.get)):
            self.text(surf, tr("trade.invalid") if err.code in ("bad_terms", "malformed") else
                      tr("note.refused", reason=error_text(err)), (rect.centerx, rect.bottom - self.s(82)), 13, theme.BAD)
        bw, bh = self.s(200), self.s(40)
        send = pygame.Rect(rect.centerx + self.s(8), rect.bottom - bh - self.s(14), bw, bh)
        cancel = pygame.Rect(rect.centerx - bw - self.s(8), send.y, bw, bh)
        label = tr("answer.send_counter") if self.counter else tr("trade.send")
        self.btn(surf, ("trade", "send"), send, label, lambda: self.play.submit(self.command()), err is None,
                   primary=True)
        self.btn(surf, ("trade", "cancel"), cancel, tr("btn.cancel"), self.cancel)

    def partner_buttons(self, width, others):
        """(button width, buttons a row) for the partners to offer to: each
        wide enough for its name clear of the colour mark on its left, in as
        many rows as that takes (five partners at a six-seat table)."""
        room = self.s(width - 130 - 16) + self.s(8)
        widest = max(self.ui.text.render(self.m.names[s], 14, theme.TEXT).get_width() for s in others)
        need = max(self.s(140), widest + self.s(36))
        per_row = max(1, min(len(others), room // (need + self.s(8))))
        return min(need, room // per_row - self.s(8)), per_row

    def cancel(self):
        if self.counter:
            self.m.dialog = AnswerDialog(self.play)
        else:
            self.close()

    def key(self, key):
        if key == pygame.K_ESCAPE:
            self.cancel()


class AnswerDialog(Dialog):
    """An offer to the viewer.  A computer's offer may carry a time limit
    (the setting offer_timeout): a countdown on the dialog, and when it runs
    out the offer is declined for the person (play.update)."""
    phase_bound = True
    closable = False
    size = (580, 320)

    def __init__(self, play):
        super().__init__(play)
        seconds = play.offer_seconds()
        self._deadline = time.monotonic() + seconds if seconds else None

    def seconds_left(self):
        """Whole seconds left to answer, or None without a time limit."""
        if self._deadline is None:
            return None
        return max(0, math.ceil(self._deadline - time.monotonic()))

    def expired(self) -> bool:
        return self._deadline is not None and time.monotonic() >= self._deadline

    def look(self) -> tuple:
        return super().look() + (("left", self.seconds_left()),)

    def draw(self, surf):
        trade = self.view.trade
        offerer = self.view.current
        rect = self.frame(surf, tr("answer.title", name=self.m.names[offerer]))
        left = self.seconds_left()
        if left is not None:
            self.text(surf, tr("answer.countdown", n=left), (rect.right - self.s(16), rect.y + self.s(44)), 13,
                      theme.ACCENT if left > 5 else theme.BAD, "topright", True)
        y = rect.y + self.s(52)
        for label, counts in ((tr("trade.you_give"), trade["get"]), (tr("trade.you_get"), trade["give"])):
            self.text(surf, label, (rect.x + self.s(24), y + self.s(28)), 15, theme.TEXT_DIM, "midleft", True)
            self.card_row(surf, counts, (rect.x + self.s(150), y + self.s(28)))
            y += self.s(66)
        can = ("accept", self.me) in self.m.legal
        if not can:
            self.text(surf, tr("answer.cannot_accept"), (rect.centerx, y + self.s(4)), 13, theme.BAD)
        bw, bh = self.s(160), self.s(42)
        y = rect.bottom - bh - self.s(18)
        x = rect.centerx - (3 * bw + 2 * self.s(10)) // 2
        self.btn(surf, ("answer", "accept"), (x, y, bw, bh), tr("answer.accept"),
              lambda: self.play.submit(("accept", self.me)), can, primary=True)
        self.btn(surf, ("answer", "decline"), (x + bw + self.s(10), y, bw, bh), tr("answer.decline"),
              lambda: self.play.submit(("decline", self.me)))
        self.btn(surf, ("answer", "counter"), (x + 2 * (bw + self.s(10)), y, bw, bh), tr("answer.counter"),
              self.open_counter)

    def open_counter(self):
        self.m.dialog = TradeEditor(self.play, counter=True)


class ResponsesDialog(Dialog):
    phase_bound = True
    closable = False

    def draw(self, surf):
        # "Trade with Computer 3 (Medium)" at full size: the buttons, and the
        # dialog with them, grow with the longest name (up to a limit), and
        # with the longest answer ("Bram gives 1 wool, you give 1 grain").
        trade = self.view.trade
        labels = {p: tr("responses.trade_with", name=self.m.names[p]) for p in range(self.m.n) if p != self.me}
        widest = max(self.ui.text.render(label, 14, theme.TEXT, True).get_width() for label in labels.values())
        bw = min(320, max(170, int(widest / self.ui.layout.s) + 16))
        said = max(self.ui.text.render(self.answer_line(p, trade["answers"][p]), 15, theme.TEXT).get_width()
                   for p in labels)
        self.size = (min(960, max(450, int(said / self.ui.layout.s) + 70) + bw), 200 + 50 * (self.m.n - 1))
        rect = self.frame(surf, tr("responses.title"))
        give = self.card_row(surf, trade["give"], (rect.centerx - self.s(24), rect.y + self.s(76)), "midright")
        self.card_row(surf, trade["get"], (rect.centerx + self.s(24), rect.y + self.s(76)))
        self.text(surf, "⇄", (rect.centerx, give.centery), 22, theme.ACCENT, "center", True)
        y = rect.y + self.s(124)
        for p in range(self.m.n):
            if p == self.me:
                continue
            answer = trade["answers"][p]
            pygame.draw.rect(surf, self.m.colours[p], (rect.x + self.s(20), y + self.s(6), self.s(10), self.s(30)))
            # The line ends before the seat's button (or, without one, the dialog's edge).
            room = rect.w - (self.s(bw + 70) if answer in (ACCEPTED, COUNTERED) else self.s(60))
            img = widgets.fit_label(self.ui.text, self.answer_line(p, answer), 15, theme.TEXT, False, room, 11)
            surf.blit(img, img.get_rect(midleft=(rect.x + self.s(40), y + self.s(21))))
            if answer in (ACCEPTED, COUNTERED):
                cmd = ("confirm_trade", self.me, p)
                r = pygame.Rect(rect.right - self.s(bw + 20), y, self.s(bw), self.s(40))
                self.btn(surf, ("responses", "with", p), r, labels[p],
                      lambda c=cmd: self.play.submit(c), check(self.view, cmd) is None, primary=True, size=14)
            y += self.s(50)
        r = pygame.Rect(0, 0, self.s(220), self.s(40))
        r.midbottom = (rect.centerx, rect.bottom - self.s(14))
        self.btn(surf, ("responses", "withdraw"), r, tr("responses.withdraw"),
              lambda: self.play.submit(("cancel_trade", self.me)))

    def answer_line(self, seat, answer) -> str:
        """What `seat` answered, in words: a counter-offer says who gives what."""
        if answer == COUNTERED:
            give, get = self.view.trade["counters"][seat]
            return counter_text(self.m.names, seat, give, get, offerer=self.me, reader=self.me)
        return f"{self.m.names[seat]} {tr(RESPONSE_WORDS[answer])}"


RESPONSE_WORDS = {ACCEPTED: "responses.accepted", DECLINED: "responses.declined",
                  PENDING: "responses.pending", NOT_ASKED: "responses.not_asked"}


class BankDialog(Dialog):
    size = (640, 380)

    def __init__(self, play):
        super().__init__(play)
        self.give = None
        self.get = None
        if len(self.view.bank) > 5:
            self.size = (760, 380)

    def ratio(self, kind):
        """The viewer's bank ratio for giving `kind` (harbors; in C&K also the
        trading house, the merchant and a Merchant Fleet)."""
        return self.m.part.bank_ratio(self.view, self.me, kind)

    def command(self):
        return ("maritime", self.me, self.give, self.get)

    def key(self, key):
        if key == pygame.K_RETURN and None not in (self.give, self.get) and check(self.view, self.command()) is None:
            self.play.submit(self.command())
        else:
            super().key(key)

    def draw(self, surf):
        rect = self.frame(surf, tr("bank.title"))
        hand = self.view.hands[self.me]
        kinds = list(range(len(self.view.bank)))
        for row, (label, attr) in enumerate((("bank.give", "give"), ("bank.get", "get"))):
            y = rect.y + self.s(50) + row * self.s(138)
            self.text(surf, tr(label), (rect.x + self.s(16), y + self.s(40)), 15, theme.TEXT_DIM, "midleft", True)

            def choose(a=attr, k=0):
                setattr(self, a, k)
                if a == "give" and self.get == k:
                    self.get = None
            picks = []
            for kind in kinds:
                if attr == "give":        # the count is what the hand holds
                    enabled, count = hand[kind] >= self.ratio(kind), hand[kind]
                else:                     # the count is the bank's stock
                    enabled, count = self.view.bank[kind] > 0 and kind != self.give, self.view.bank[kind]
                picks.append(cardpick.Pick(("res", kind), ("bank", attr, kind), lambda a=attr, k=kind: choose(a, k),
                                           count=count, selected=getattr(self, attr) == kind, enabled=enabled))
            cardpick.draw_row(self.m, self.ui, surf, rect.centerx + self.s(40), y + self.s(8), picks, rect.w - self.s(130),
                              explain=False)
            if attr == "give":            # the ratio under each card: harbors, trading house, merchant
                for kind in kinds:
                    r = self.ui.targets.rect(("bank", "give", kind))
                    self.text(surf, tr("bank.ratio", r=self.ratio(kind)), (r.centerx, r.bottom + self.s(3)), 13,
                              theme.ACCENT if self.ratio(kind) < 4 else theme.TEXT_DIM, bold=True)
        ok = self.give is not None and self.get is not None and check(self.view, self.command()) is None
        bw, bh = self.s(260), self.s(40)
        go = pygame.Rect(rect.centerx + self.s(8), rect.bottom - bh - self.s(14), bw, bh)
        label = (tr("bank.do", give=count_text(self.give, self.ratio(self.give)), get=count_text(self.get, 1))
                 if self.give is not None and self.get is not None else tr("bank.pick"))
        self.btn(surf, ("bank", "ok"), go, label, lambda: self.play.submit(self.command()), ok, primary=True, size=13)
        self.btn(surf, ("bank", "cancel"), (rect.centerx - self.s(168), go.y, self.s(160), bh), tr("btn.cancel"), self.close)


class DevCardDialog(Dialog):
    def __init__(self, play, kind):
        super().__init__(play)
        self.kind = kind
        self.picks = []
        self.size = (600, 440 if kind == YEAR_OF_PLENTY else 370) if kind in (YEAR_OF_PLENTY, MONOPOLY) \
            else (560, 250)

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
        row = cardpick.draw_row(self.m, self.ui, surf, rect.centerx, y, picks, rect.w - self.s(60))
        if plenty:
            tray = pygame.Rect(0, 0, self.s(200), self.s(58))
            tray.midtop = (rect.centerx, row.bottom - self.s(14))
            cardpick.draw_tray(self.m, self.ui, surf, tray, [(("res", res), ("dev", "unpick", i),
                                                lambda i=i: self.picks.pop(i)) for i, res in enumerate(self.picks)])

    def key(self, key):
        cmd = self.command()
        if key == pygame.K_RETURN and cmd is not None and check(self.view, cmd) is None:
            self.play.submit(cmd)
        else:
            super().key(key)
