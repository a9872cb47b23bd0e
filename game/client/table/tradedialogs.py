"""The trade dialogs of the table: an offer to the other players or a
counter-offer (TradeEditor), an offer to the viewer (AnswerDialog), the
answers to the viewer's offer (ResponsesDialog) and a trade with the bank
(BankDialog).  Like every dialog (dialogs.py) they only collect the
player's choice; the engine's `check` says whether it may be sent."""

import math
import time

import pygame

from game.engine import check
from game.engine.state import ACCEPTED, COUNTERED, DECLINED, NOT_ASKED, PENDING

from .. import theme, widgets
from . import cardpick
from ..eventtext import count_text, counter_text, error_text
from ..i18n import tr
from .dialog import NARROW, Dialog


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
        each row past the first (a property, not a choice of the look); on
        the narrow table as tall as its rows of cards or its partners
        (draw_narrow)."""
        if self.narrow:
            return NARROW[0], self.narrow_plan()["h"]
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
        rect = self.frame(surf, title)
        if self.narrow:
            self.draw_narrow(surf, rect)
        else:
            self.draw_wide(surf, rect)
        self.draw_end(surf, rect, rect.bottom - self.s(82))

    def draw_wide(self, surf, rect):
        """What is given and what is got in a row each, the partners under them."""
        others = self.others()
        bw, per_row = self.partner_buttons(self.size[0], others)
        hand = self.view.hands[self.me]
        y = rect.y + self.s(52)
        y = self.counters(surf, y, "give", self.give, lambda k: hand[k], tr("trade.you_give"))
        y = self.counters(surf, y, "get", self.get, lambda k: 19, tr("trade.you_get"), show_counts=False)
        if not self.counter:
            self.text(surf, tr("trade.to"), (rect.x + self.s(16), y + self.s(17)), 15, theme.TEXT_DIM, "midleft", True)
            for i, s in enumerate(others):
                row, col = divmod(i, per_row)
                r = pygame.Rect(rect.x + self.s(130) + col * (bw + self.s(8)), y + row * self.s(42), bw, self.s(34))
                self.partner(surf, s, r)

    # the narrow table's arrangement (design units): cards of CARD in rows of up to five, a partner's button PARTNER_H tall
    CARD, PARTNER_H, END_H = (40, 56), 30, 40

    def narrow_plan(self) -> dict:
        """Where draw_narrow puts things, in design units from the dialog's
        top left: the labels' column, the cards (x, cards a row, their
        rows' height), the trays' width, the partners' column (x, width)
        and the dialog's height: what is given over what is got, each row
        of cards with its tray on its right, the partners right of them,
        Cancel and Send under them (as low as the taller of the two ends)."""
        ui = self.play.ui                          # (units: the same at the table's scale as at a fitted one)
        s = ui.layout.s
        kinds = len(self.kinds())
        per_row = kinds if kinds <= 5 else -(-kinds // 2)
        block_w, block_h = self.block_units(kinds, per_row, self.CARD)
        labels = max(ui.text.render(tr(key), 15, theme.TEXT, True).get_width()
                     for key in ("trade.you_give", "trade.you_get")) / s
        x = 16 + math.ceil(labels) + 10
        top = 48                                   # (under the title, a hovered card lifted 4 clear of it)
        bottom = top + 2 * block_h + 8
        partners_x = partners_w = 0
        if not self.counter:
            widest = max(ui.text.render(self.m.names[p], 14, theme.TEXT).get_width() for p in self.others()) / s
            partners_w = min(170, max(120, math.ceil(widest) + 36))
            partners_x = NARROW[0] - 16 - partners_w
            bottom = max(bottom, 44 + 22 + len(self.others()) * (self.PARTNER_H + 4) - 4)
        tray_w = (partners_x - 12 if partners_x else NARROW[0] - 16) - (x + block_w + 10)
        return dict(x=x, per_row=per_row, top=top, block_h=block_h, tray_w=tray_w, partners_x=partners_x,
                    partners_w=partners_w, h=bottom + 8 + self.END_H + 10)

    def draw_narrow(self, surf, rect):
        """The narrow table's (narrow_plan): what is given over what is got,
        each a row of cards with its tray on its right, the partners right of
        them, one under another."""
        plan = self.narrow_plan()
        hand = self.view.hands[self.me]
        y = rect.y + self.s(plan["top"])
        for label, prefix, values, limit, counts in (
                (tr("trade.you_give"), "give", self.give, lambda k: hand[k], True),
                (tr("trade.you_get"), "get", self.get, lambda k: 19, False)):
            self.text(surf, label, (rect.x + self.s(16), y + self.s(plan["block_h"]) // 2), 15, theme.TEXT_DIM,
                      "midleft", True)
            self.counters(surf, y, prefix, values, limit, show_counts=counts,
                          beside=(rect.x + self.s(plan["x"]), plan["per_row"], plan["tray_w"], self.CARD))
            y += self.s(plan["block_h"] + 8)
        if self.counter:
            return
        x, y = rect.x + self.s(plan["partners_x"]), rect.y + self.s(44)
        self.text(surf, tr("trade.to"), (x, y), 15, theme.TEXT_DIM, "topleft", True)
        for i, s in enumerate(self.others()):
            self.partner(surf, s, pygame.Rect(x, y + self.s(22 + (self.PARTNER_H + 4) * i), self.s(plan["partners_w"]),
                                              self.s(self.PARTNER_H)))

    def partner(self, surf, seat, r):
        """The button that offers to `seat` or not, their colour on its left."""
        def toggle():
            self.to ^= {seat}
        # (a name wider than the button's room right of the mark smaller, on the narrow table's column)
        wide = self.ui.text.render(self.m.names[seat], 14, theme.TEXT).get_width() > r.w - self.s(36)
        size = 12 if self.narrow and wide else 14
        self.btn(surf, ("to", seat), r, self.m.names[seat], toggle, selected=seat in self.to, size=size)
        pygame.draw.rect(surf, self.m.colours[seat], (r.x + self.s(4), r.y + self.s(6), self.s(6), r.h - self.s(12)))

    def draw_end(self, surf, rect, why_y):
        """What is wrong with the terms (at why_y; on the narrow table left of
        the buttons), and Cancel and Send (narrow: at the dialog's right)."""
        err = check(self.view, self.command())
        bw, bh = self.s(200), self.s(40)
        send = pygame.Rect(rect.centerx + self.s(8), rect.bottom - bh - self.s(14), bw, bh)
        if self.narrow:
            bw, bh = self.s(160), self.s(self.END_H)
            send = pygame.Rect(rect.right - self.s(16) - bw, rect.bottom - bh - self.s(10), bw, bh)
        cancel = pygame.Rect(send.x - bw - self.s(8), send.y, bw, bh)
        if err is not None and (sum(self.give) or sum(self.get)):
            why = (tr("trade.invalid") if err.code in ("bad_terms", "malformed") else
                   tr("note.refused", reason=error_text(err)))
            if self.narrow:
                self.why_lines(surf, why, pygame.Rect(rect.x + self.s(16), send.y, cancel.x - self.s(12) - rect.x
                                                      - self.s(16), bh))
            else:
                self.text(surf, why, (rect.centerx, why_y), 13, theme.BAD)
        label = tr("answer.send_counter") if self.counter else tr("trade.send")
        self.btn(surf, ("trade", "send"), send, label, lambda: self.play.submit(self.command()), err is None,
                   primary=True)
        self.btn(surf, ("trade", "cancel"), cancel, tr("btn.cancel"), self.cancel)

    def why_lines(self, surf, why, box):
        """`why` in lines inside `box`, at a smaller size where they are taller than it."""
        for size in (13, 12, 11):
            font = self.ui.fonts.get(size)
            lines = widgets.wrap(why, font, box.w)
            if len(lines) * font.get_linesize() <= box.h or size == 11:
                break
        y = box.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            self.text(surf, line, (box.x, y), size, theme.BAD, "topleft")
            y += font.get_linesize()

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

    @property
    def size(self):
        """On the narrow table its rows of cards and its buttons closer (as tall as they need)."""
        return (580, 224) if self.narrow else (580, 320)

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
        # (narrow: the cards 38x52 from 44, a row every 56; the buttons 36 tall, 10 from the bottom)
        top, step, (cw, ch), (bh, under) = ((44, 56, (38, 52), (36, 10)) if self.narrow else
                                            (52, 66, (40, 56), (42, 18)))
        y = rect.y + self.s(top)
        for label, counts in ((tr("trade.you_give"), trade["get"]), (tr("trade.you_get"), trade["give"])):
            mid = y + self.s(ch // 2 if self.narrow else 28)
            self.text(surf, label, (rect.x + self.s(24), mid), 15, theme.TEXT_DIM, "midleft", True)
            self.card_row(surf, counts, (rect.x + self.s(150), mid), w=cw, h=ch)
            y += self.s(step)
        can = ("accept", self.me) in self.m.legal
        if not can:
            self.text(surf, tr("answer.cannot_accept"), (rect.centerx, y + self.s(2 if self.narrow else 4)), 13,
                      theme.BAD)
        bw, bh = self.s(160), self.s(bh)
        y = rect.bottom - bh - self.s(under)
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

    # (narrow: the trade's cards centred 70 under the top, the first answer at 102, one every 38, 34 tall)
    def rows(self) -> tuple:
        """(cards' centre, first answer, its step, a button's height) in design units."""
        return (70, 102, 38, 34) if self.narrow else (76, 124, 50, 40)

    def button_w(self, ui) -> int:
        """The trade buttons' width in design units: as wide as the longest
        "Trade with Computer 3 (Medium)" at full size (up to a limit)."""
        widest = max(ui.text.render(label, 14, theme.TEXT, True).get_width() for label in self.labels().values())
        return min(320, max(170, int(widest / ui.layout.s) + 16))

    def labels(self) -> dict:
        return {p: tr("responses.trade_with", name=self.m.names[p]) for p in range(self.m.n) if p != self.me}

    @property
    def size(self):
        """As wide as its buttons and its longest answer ("Bram gives 1 wool,
        you give 1 grain"), as tall as its answers; on the narrow table closer
        (Withdraw beside the trade's cards)."""
        ui = self.play.ui                          # (units: the same at the table's scale as at a fitted one)
        answers = self.view.trade["answers"]
        said = max(ui.text.render(self.answer_line(p, answers[p]), 15, theme.TEXT).get_width() for p in self.labels())
        width = min(NARROW[0] if self.narrow else 960, max(450, int(said / ui.layout.s) + 70) + self.button_w(ui))
        _, first, step, bh = self.rows()
        return width, first + step * (self.m.n - 2) + bh + (10 if self.narrow else 76 + step - bh)

    def draw(self, surf):
        trade = self.view.trade
        labels = self.labels()
        bw = self.button_w(self.ui)
        cards_y, first, step, bh = self.rows()
        rect = self.frame(surf, tr("responses.title"))
        withdraw = pygame.Rect(0, 0, self.s(220), self.s(40))
        if self.narrow:
            withdraw.w = min(withdraw.w, max(self.s(160), self.ui.text.render(tr("responses.withdraw"), 15, theme.TEXT)
                                             .get_width() + self.s(24)))
            withdraw.midright = (rect.right - self.s(20), rect.y + self.s(cards_y))
            centre, half, w, h = (rect.x + withdraw.x) // 2, (withdraw.x - rect.x) / self.ui.layout.s / 2 - 40, 38, 52
        else:
            withdraw.midbottom = (rect.centerx, rect.bottom - self.s(14))
            centre, half, w, h = rect.centerx, None, 40, 56
        give = self.card_row(surf, trade["give"], (centre - self.s(24), rect.y + self.s(cards_y)), "midright", w, h, half)
        self.card_row(surf, trade["get"], (centre + self.s(24), rect.y + self.s(cards_y)), "midleft", w, h, half)
        self.text(surf, "⇄", (centre, give.centery), 22, theme.ACCENT, "center", True)
        y = rect.y + self.s(first)
        for p in range(self.m.n):
            if p == self.me:
                continue
            answer = trade["answers"][p]
            pygame.draw.rect(surf, self.m.colours[p], (rect.x + self.s(20), y + self.s(6), self.s(10), self.s(bh - 10)))
            # The line ends before the seat's button (or, without one, the dialog's edge).
            room = rect.w - (self.s(bw + 70) if answer in (ACCEPTED, COUNTERED) else self.s(60))
            img = widgets.fit_label(self.ui.text, self.answer_line(p, answer), 15, theme.TEXT, False, room, 11)
            surf.blit(img, img.get_rect(midleft=(rect.x + self.s(40), y + self.s(bh / 2 + 1))))
            if answer in (ACCEPTED, COUNTERED):
                cmd = ("confirm_trade", self.me, p)
                r = pygame.Rect(rect.right - self.s(bw + 20), y, self.s(bw), self.s(bh))
                self.btn(surf, ("responses", "with", p), r, labels[p],
                      lambda c=cmd: self.play.submit(c), check(self.view, cmd) is None, primary=True, size=14)
            y += self.s(step)
        self.btn(surf, ("responses", "withdraw"), withdraw, tr("responses.withdraw"),
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
    def __init__(self, play):
        super().__init__(play)
        self.give = None
        self.get = None

    CARD = (46, 64)            # the narrow table's cards (design units)

    @property
    def size(self):
        """Wider with commodities; on the narrow table as tall as its two rows
        of cards, the buttons right of them (five kinds; with commodities under them)."""
        if self.narrow:
            return NARROW[0], 210 + (10 if self.buttons_beside() else 8 + 40 + 12)
        return (760 if len(self.view.bank) > 5 else 640), 380

    def buttons_beside(self) -> bool:
        return len(self.view.bank) <= 5

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
        narrow = self.narrow
        labels = [tr("bank.give"), tr("bank.get")]
        if narrow:     # the cards right of the labels, the ratios under the cards given; the rows' tops, their step
            cw, ch = self.CARD
            gap = 6
            widest = max(self.ui.text.render(label, 15, theme.TEXT, True).get_width() for label in labels)
            x = rect.x + self.s(16) + widest + self.s(12)
            total = self.s(len(kinds) * (cw + gap) - gap)
            centre, top, step, max_w = x + total // 2, 52, 94, total
        else:
            cw, ch = cardpick.CARD
            centre, top, step, max_w = rect.centerx + self.s(40), 58, 138, rect.w - self.s(130)
        for row, (label, attr) in enumerate(zip(labels, ("give", "get"))):
            y = rect.y + self.s(top) + row * self.s(step)
            self.text(surf, label, (rect.x + self.s(16), y + self.s(ch // 2 if narrow else 32)), 15, theme.TEXT_DIM,
                      "midleft", True)

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
            cardpick.draw_row(self.m, self.ui, surf, centre, y, picks, max_w, explain=False,
                              card=(cw, ch) if narrow else None)
            if attr == "give":            # the ratio under each card: harbors, trading house, merchant
                for kind in kinds:
                    r = self.ui.targets.rect(("bank", "give", kind))
                    self.text(surf, tr("bank.ratio", r=self.ratio(kind)), (r.centerx, r.bottom + self.s(3)), 13,
                              theme.ACCENT if self.ratio(kind) < 4 else theme.TEXT_DIM, bold=True)
        ok = self.give is not None and self.get is not None and check(self.view, self.command()) is None
        label = (tr("bank.do", give=count_text(self.give, self.ratio(self.give)), get=count_text(self.get, 1))
                 if self.give is not None and self.get is not None else tr("bank.pick"))
        if narrow and self.buttons_beside():      # beside the rows: Cancel by what is given, the trade by what is got
            left = x + total + self.s(20)
            go = pygame.Rect(left, rect.y + self.s(top + step + ch // 2 - 20), rect.right - self.s(16) - left, self.s(40))
            cancel = pygame.Rect(go.x, rect.y + self.s(top + ch // 2 - 20), go.w, go.h)
        else:
            bw, bh = self.s(260), self.s(40)
            go = pygame.Rect(rect.centerx + self.s(8), rect.bottom - bh - self.s(12 if narrow else 14), bw, bh)
            cancel = pygame.Rect(rect.centerx - self.s(168), go.y, self.s(160), bh)
        self.btn(surf, ("bank", "ok"), go, label, lambda: self.play.submit(self.command()), ok, primary=True, size=13)
        self.btn(surf, ("bank", "cancel"), cancel, tr("btn.cancel"), self.close)
