"""Cities & Knights dialogs: playing a progress card, answering a decision
(phase DECIDE); the city-improvement chart in ckchart.py (named here as
well: ckdialogs.ChartDialog).

Progress cards and decisions share one `Chooser`: the engine lists every
legal argument list (`legal_commands` → ("progress", seat, card, args) or
("resolve", seat, kind, args)); the chooser asks for the arguments one at a
time and offers only values that still lead to a legal list.  Arguments that
are board spots (node, edge, hex) are picked on the board itself, with the
legal spots highlighted, while a bar at the bottom of the sea says what to
pick; cards and kinds of cards are card pictures clicked in a dialog
(cardpick.py, and the discard dialog's tray for counts of cards); players,
dice and tracks are buttons.
A value of -1 ("none") is a Skip button.
"""

import pygame

from game.engine.constants import PROGRESS_NAMES

from .. import theme, widgets
from ..widgets import CORNER_KEY
from ..eventtext import card_name, progress_name, track_name
from ..i18n import tr
from . import cardpick, reasons
from .ckchart import ChartDialog
from .dialog import NARROW, Dialog
from .ui import btn

BOARD = ("node", "edge", "hex")
# Argument types per progress card (CK-11) and per decision.  A tuple lists
# the positions; "nodeset" is a set of nodes picked on the board (sorted in
# the command); "cards" is a count per card kind; "prog_pair" is a whole
# [track, card] answer chosen by the card.
PROGRESS_ARGS = {
    "alchemist": ("die", "die"), "inventor": ("hex", "hex"), "engineer": ("node",), "medicine": ("node",),
    "intrigue": ("node",), "smith": "nodeset", "bishop": ("hex",), "merchant": ("hex",),
    "diplomat": ("edge",), "spy": ("seat",), "deserter": ("seat",), "master_merchant": ("seat",),
    "merchant_fleet": ("card",), "resource_monopoly": ("card",), "trade_monopoly": ("card",),
}
DECISION_ARGS = {
    "lose_city": ("node",), "retreat": ("node",), "deserter_remove": ("node",), "deserter_place": ("node",),
    "metropolis": ("node",), "diplomat_rebuild": ("edge",), "defender_deck": ("track",), "commit": "nodeset",
    "aqueduct": ("card",), "progress_limit": "prog_pair", "wedding": "cards", "saboteur": "cards",
    "master_merchant": "cards", "spy": ("prog",), "harbor_answer": ("card",),
}
# Positions whose values are cards, chosen by clicking card pictures (cardpick.py).
CARD_KINDS = ("card", "prog", "prog_pair")
# A Commercial Harbor swap (CK-11): a player, then the resource offered to them.
HARBOR_TRADE_ARGS = ("seat", "card")


def arg_types(what, name):
    """Argument types of a progress card ("progress"), a decision ("resolve")
    or a Commercial Harbor swap ("harbor_trade")."""
    if what == "harbor_trade":
        return HARBOR_TRADE_ARGS
    table = PROGRESS_ARGS if what == "progress" else DECISION_ARGS
    return table.get(name, ())


def input_steps(what, name, args):
    """The clicks a person makes in the chooser to enter `args` (for tools.screens.autoplay):
    ("board", spot kind, id) | ("click", target key)."""
    types = arg_types(what, name)
    args = list(args)
    if types == "nodeset":
        return [("board", "node", n) for n in args] + [("click", ("choice", "ok"))]
    if types == "cards":
        return [("click", ("choice", "plus", k)) for k, c in enumerate(args) for _ in range(c)] + \
               [("click", ("choice", "ok"))]
    if types == "prog_pair":
        return [("click", ("choice", "pick", args[1]))]
    if not types:
        return [("click", ("choice", "ok"))]
    steps = []
    for kind, a in zip(types, args):
        if a == -1:
            steps.append(("click", ("choice", "skip")))
            break
        steps.append(("board", kind, a) if kind in BOARD else ("click", ("choice", "pick", a)))
    return steps


class Chooser(Dialog):
    """Enter the arguments of a progress card or of a decision."""

    def __init__(self, play, what, name, card=None):
        super().__init__(play)
        self.what = what                  # "progress" or "resolve"
        self.name = name                  # card name or decision kind
        self.card = card                  # progress card index
        self.types = arg_types(what, name)
        self.chosen = []                  # fixed positions picked so far
        self.nodes = set()                # "nodeset"
        self.sel = [0] * len(self.view.bank)   # "cards"
        self.closable = what in ("progress", "harbor_trade")
        self.phase_bound = what == "resolve"
        self.size = (640, 330)

    # --- what is legal --------------------------------------------------------------
    def options(self):
        if self.what == "progress":
            return [list(c[3]) for c in self.m.legal if c[0] == "progress" and c[2] == self.card]
        if self.what == "harbor_trade":
            return [[c[2], c[3]] for c in self.m.legal if c[0] == "harbor_trade"]
        return [list(c[3]) for c in self.m.legal if c[0] == "resolve" and c[2] == self.name]

    def command(self, args):
        if self.what == "progress":
            return ("progress", self.me, self.card, tuple(args))
        if self.what == "harbor_trade":
            return ("harbor_trade", self.me, args[0], args[1])
        return ("resolve", self.me, self.name, tuple(args))

    def position(self):
        """The type asked for now, or None when nothing more is asked."""
        if isinstance(self.types, str):
            return self.types
        i = len(self.chosen)
        return self.types[i] if i < len(self.types) else None

    def candidates(self):
        """Values the current position may take (keeping a legal list possible)."""
        kind = self.position()
        opts = self.options()
        if kind == "nodeset":
            return sorted({n for o in opts if self.nodes <= set(o) for n in o} | self.nodes)
        if kind == "prog_pair":
            return sorted({o[1] for o in opts})
        if kind in (None, "cards"):
            return []
        i = len(self.chosen)
        return sorted({o[i] for o in opts if len(o) > i and o[:i] == self.chosen})

    @property
    def modal(self):
        return self.position() not in BOARD and self.position() != "nodeset" or not self.options()

    def board_picks(self):
        """(spot kind, {spot: action}) for the board while a spot is asked."""
        kind = self.position()
        if self.modal:
            return None
        if kind == "nodeset":
            return "node", {n: (lambda n=n: self.toggle(n)) for n in self.candidates()}
        return kind, {v: (lambda v=v: self.pick(v)) for v in self.candidates() if v != -1}

    # --- choosing ---------------------------------------------------------------------
    def pick(self, value):
        self.chosen.append(value)
        if isinstance(self.types, str):            # prog_pair: the card decides the whole answer
            opt = next(o for o in self.options() if o[1] == value)
            return self.play.submit(self.command(opt))
        # "none" fills the remaining positions
        while len(self.chosen) < len(self.types) and self.candidates() == [-1]:
            self.chosen.append(-1)
        if len(self.chosen) == len(self.types) and self.chosen in self.options():
            self.play.submit(self.command(self.chosen))
        else:
            self.play.update_pick()
            self.play.redraw()

    def skip(self):
        self.pick(-1)

    def toggle(self, node):
        self.nodes ^= {node}
        self.play.update_pick()
        self.play.redraw()

    def back(self):
        if self.chosen:
            self.chosen.pop()
        self.play.update_pick()

    def ready(self):
        """The complete answer when it can be confirmed with OK, else None."""
        kind = self.position()
        opts = self.options()
        if kind == "nodeset":
            args = sorted(self.nodes)
        elif kind == "cards":
            args = list(self.sel)
        elif not self.types:
            args = []
        else:
            return None
        return args if args in opts else None

    def confirm(self):
        args = self.ready()
        if args is not None:
            self.play.submit(self.command(args))

    def close(self):
        super().close()
        self.play.update_pick()

    def key(self, key):
        """Enter confirms; Escape closes a card being played, or else steps
        back, or else declines a decision that may be declined (its Skip);
        Backspace steps back."""
        if key == pygame.K_ESCAPE:
            if self.closable:
                self.close()
            elif self.chosen:
                self.back()
            elif -1 in self.candidates():
                self.skip()
        elif key == pygame.K_BACKSPACE and self.chosen:
            self.back()
        elif key == pygame.K_RETURN:
            self.confirm()

    # --- words --------------------------------------------------------------------------
    def title(self):
        if self.what == "progress":
            return progress_name(self.card)
        if self.what == "harbor_trade":
            return progress_name(PROGRESS_NAMES.index("commercial_harbor"))
        return tr("decide." + self.name + ".title")

    def help_text(self):
        if self.what == "progress":
            return tr(f"prog.{self.name}.text")
        if self.what == "harbor_trade":
            return tr("harbor_trade.help")
        return tr("decide." + self.name + ".help", **self._facts())

    def _facts(self):
        p = self.view.pending or {}
        names = self.m.names
        facts = {"name": names[self.view.current], "n": 0, "target": "", "card": "", "track": ""}
        if "target" in p:
            facts["target"] = names[p["target"]]
        if self.name == "saboteur":
            facts["n"] = p["need"][self.me]
        elif self.name in ("wedding",):
            facts["n"] = min(2, self.view.hand_n[self.me])
        elif self.name == "master_merchant":
            facts["n"] = min(2, self.view.hand_n[p["target"]])
        elif self.name == "retreat":
            facts["n"] = p["strength"]
        elif self.name == "deserter_place":
            facts["n"] = p["strength"]
        if self.name == "harbor_answer" and p.get("resource") is not None:
            facts["card"] = card_name(p["resource"])
        if self.name == "metropolis":
            facts["track"] = track_name(p["track"])
        return facts

    def ask_text(self):
        kind = self.position()
        key = f"choice.{self.name}.{len(self.chosen)}"
        text = tr(key)
        if text == key:
            text = tr("choice." + (kind or "play"))
        return text

    def value_label(self, kind, v, position=None):
        if v == -1:
            return tr("choice.skip." + self.name) if tr("choice.skip." + self.name) != "choice.skip." + self.name \
                else tr("choice.none")
        if kind == "seat":
            return self.m.names[v]
        if kind == "card":
            return card_name(v)
        if kind == "track":
            return track_name(v)
        if kind in ("prog", "prog_pair"):
            return progress_name(v)
        if kind == "die" and position is not None:      # Alchemist: white die, then red die
            return tr("choice.die_" + ("white" if position == 0 else "red"), n=v)
        if kind in BOARD:
            return tr("choice.picked_" + kind)
        return str(v)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surf):
        if self.modal:
            self._draw_dialog(surf)
        else:
            self._draw_bar(surf)

    def _draw_bar(self, surf):
        """The side panel while a spot is picked on the board."""
        s = self.s
        buttons = []
        if self.position() == "nodeset":
            buttons.append((("choice", "ok"), tr("choice.ok"), self.confirm, self.ready() is not None, True))
        if -1 in self.candidates():
            buttons.append((("choice", "skip"), self.value_label(None, -1), self.skip, True, False))
        if self.chosen:
            buttons.append((("choice", "back"), tr("choice.back"), self.back, True, False))
        if self.closable:
            buttons.append((("choice", "cancel"), tr("btn.cancel"), self.close, True, False))
        text = self.ask_text()
        if self.what == "resolve":
            text = self.help_text() + " " + text
        side_panel(self.m, self.ui, surf, self.title(), text, buttons)
        # mark what has been picked already (Inventor's first hex, Smith's knights)
        picked = [("node", n) for n in self.nodes]
        if not isinstance(self.types, str):
            picked += [(k, v) for k, v in zip(self.types, self.chosen) if k in BOARD and v != -1]
        for kind, v in picked:
            x, y = self.ui.board.target_pos(kind, v) if kind != "hex" else self.ui.board.hex_center(v)
            pygame.draw.circle(surf, theme.GOOD, (x, y), self.ui.board.R * (0.5 if kind == "hex" else 0.32), max(3, s(4)))

    def _draw_dialog(self, surf):
        s = self.s
        kind = self.position()
        cands = self.candidates()
        opts = self.options()
        values = [v for v in cands if v != -1]
        picks = self._card_picks(kind, values) if kind in CARD_KINDS else None
        bw = s(64 if kind == "die" else 140)
        gap = s(8)
        width = NARROW[0] if self.narrow else 700 if kind == "cards" else 640
        per_row = max(1, (s(width) - s(40)) // (bw + gap))
        rows = -(-len(values) // per_row)
        rows_h = cardpick.row_units(picks) - 60 if picks else 46 * rows     # (both start under the question)
        height = 330 if kind == "cards" else 230 + rows_h + (24 if self.chosen else 0)
        height += 22 if self.name in ("spy", "master_merchant") else 0
        # (the narrow table: no taller than its room; the question and the cards leave the room below them to spare)
        self.size = (width, min(height, NARROW[1]) if self.narrow else height)
        rect = self.frame(surf, self.title())
        font = self.ui.fonts.get(15)
        y = rect.y + s(48)
        for line in widgets.wrap(self.help_text(), font, rect.w - s(50))[:4]:
            self.text(surf, line, (rect.centerx, y), 15, theme.TEXT_DIM)
            y += font.get_linesize()
        y += s(6)
        if self.chosen and kind is not None and not isinstance(self.types, str):
            done = ", ".join(self.value_label(k, v, i) for i, (k, v) in enumerate(zip(self.types, self.chosen)))
            self.text(surf, tr("choice.so_far", picks=done), (rect.centerx, y), 14, theme.GOOD)
            y += s(24)
        self._draw_shown(surf, rect, y)
        if self.what == "resolve" and self.name in ("spy", "master_merchant"):
            y += s(22)
        if self.what == "progress" and not opts:
            why = reasons.progress_reason(self.m.view, self.me, self.card) or ""
            for i, line in enumerate(widgets.wrap(why, font, rect.w - s(50))[:3]):     # why not, with its rule
                self.text(surf, line, (rect.centerx, y + s(26) + i * font.get_linesize()), 15, theme.BAD, bold=True)
        elif kind == "cards":
            y = self.counters(surf, y + s(30), "choice", self.sel, self._card_limit)
            need = self._need()
            self.text(surf, tr("discard.count", k=sum(self.sel), n=need), (rect.centerx, y), 15,
                      theme.GOOD if sum(self.sel) == need else theme.ACCENT, bold=True)
        elif picks:
            self.text(surf, self.ask_text(), (rect.centerx, y + s(30)), 15, theme.TEXT, bold=True)
            cardpick.draw_row(self.m, self.ui, surf, rect.centerx, y + s(60), picks, rect.w - s(60))
        elif kind is not None:
            self.text(surf, self.ask_text(), (rect.centerx, y + s(30)), 15, theme.TEXT, bold=True)
            for i, v in enumerate(values):
                row, col = divmod(i, per_row)
                n_row = min(per_row, len(values) - row * per_row)
                x0 = rect.centerx - (n_row * bw + (n_row - 1) * gap) // 2
                r = pygame.Rect(x0 + col * (bw + gap), y + s(56) + row * s(46), bw, s(38))
                self.btn(surf, ("choice", "pick", v), r, self.value_label(kind, v), lambda v=v: self.pick(v), size=14)
                self._decorate(surf, kind, v, r)
        by = rect.bottom - s(52)
        bw = s(170)
        buttons = []
        if kind in ("cards",) or not self.types:
            ok_label = tr("btn.play") if self.what == "progress" else tr("choice.ok")
            buttons.append((("choice", "ok"), ok_label, self.confirm, self.ready() is not None, True))
        if -1 in cands:
            buttons.append((("choice", "skip"), self.value_label(None, -1), self.skip, True, False))
        if self.chosen:
            buttons.append((("choice", "back"), tr("choice.back"), self.back, True, False))
        if self.closable:
            buttons.append((("choice", "cancel"), tr("btn.close") if not opts else tr("btn.cancel"),
                            self.close, True, False))
        x = rect.centerx - (len(buttons) * bw + (len(buttons) - 1) * s(10)) // 2
        for key, label, action, enabled, primary in reversed(buttons):     # the way back left, OK right
            self.btn(surf, key, (x, by, bw, s(40)), label, action, enabled, primary=primary)
            x += bw + s(10)

    def _card_picks(self, kind, values):
        """The candidates of a card position as card pictures (clicked to
        pick); a Spy sees how many of each card the other player holds."""
        p = self.view.pending or {}
        shown = p.get("shown") if self.what == "resolve" and self.name == "spy" else None
        return [cardpick.Pick(cardpick.face_for(kind, v), ("choice", "pick", v), lambda v=v: self.pick(v),
                              count=shown[v] if shown else None) for v in values]

    def _decorate(self, surf, kind, v, r):
        s = self.s
        if kind == "seat":
            pygame.draw.rect(surf, self.m.colours[v], (r.x + s(5), r.y + s(6), s(7), r.h - s(12)))
        elif kind == "track":
            pygame.draw.rect(surf, theme.TRACK_RGB[v], (r.x + s(5), r.y + s(6), s(7), r.h - s(12)))

    def _draw_shown(self, surf, rect, y):
        """What a Spy or Master Merchant shows the card's player (only them:
        the decision is theirs, and the screen is theirs behind the curtain)."""
        p = self.view.pending
        if self.what != "resolve" or not p or p.get("shown") is None:
            return
        shown = p["shown"]
        if self.name == "spy":
            held = [progress_name(c) + (f" ×{k}" if k > 1 else "") for c, k in enumerate(shown) if k]
            words = ", ".join(held) or "—"
        else:
            from ..eventtext import cards_text
            words = cards_text(shown)
        self.text(surf, tr("choice.shown", name=self.m.names[p["target"]], cards=words),
                  (rect.centerx, y), 13, theme.ACCENT)

    def _card_limit(self, kind):
        p = self.view.pending or {}
        if self.name == "master_merchant" and p.get("shown") is not None:
            return p["shown"][kind]
        return self.view.hands[self.me][kind]

    def _need(self):
        opts = self.options()
        return sum(opts[0]) if opts else 0

    def kinds(self):
        return [k for k in range(len(self.view.bank)) if self._card_limit(k)] or list(range(5))


def side_panel(m, ui, surf, title, text, buttons):
    """The panel over the top of the log, left of the board (layout.choice_panel): a
    title, a few lines of text and buttons (key, label, action, enabled,
    primary) stacked under them.  It never covers a board spot."""
    L = ui.layout
    s = L.s
    r = L.choice_panel
    font = ui.fonts.get(13)
    lines = widgets.wrap(text, font, r.w - int(20 * s))[:7]
    bh, gap = int(34 * s), int(6 * s)
    # Taller than the log (a larger scale of text): the panel reaches up over the rule set's
    # widget, under the prompt; where even that is short its last lines give way to the buttons.
    room = r.bottom - min(r.y, L.top.bottom + int(6 * s))
    fixed = int(34 * s) + len(buttons) * (bh + gap) + int(8 * s)
    if fixed + len(lines) * font.get_linesize() > room:
        keep = max(1, (room - fixed) // font.get_linesize())
        lines = lines[:keep - 1] + [lines[keep - 1].rstrip(".,;:") + "…"] if keep < len(lines) else lines
    h = fixed + len(lines) * font.get_linesize()
    box = pygame.Rect(r.x, r.y, r.w, h) if h <= r.h else pygame.Rect(r.x, r.bottom - min(h, room), r.w, min(h, room))
    surf.blit(side_panel_picture(ui, box, title, lines), box)
    y = box.y + int(30 * s) + len(lines) * font.get_linesize() + int(6 * s)
    for key, label, action, enabled, primary in buttons:
        btn(m, ui, surf, key, (box.x + int(10 * s), y, box.w - int(20 * s), bh), label, action, enabled,
            primary=primary, size=13)
        y += bh + gap


_SIDE_PANELS = {}


def side_panel_picture(ui, box, title, lines) -> pygame.Surface:
    """The side panel's frame, title and words, drawn once for what they
    say (opaque, its rounded corners a colour key)."""
    key = (box.size, title, tuple(lines), ui.fonts.scale)
    img = _SIDE_PANELS.get(key)
    if img is None:
        if len(_SIDE_PANELS) > 20:
            _SIDE_PANELS.clear()
        s, font = ui.layout.s, ui.fonts.get(13)
        img = _SIDE_PANELS[key] = pygame.Surface(box.size).convert()
        img.fill(CORNER_KEY)
        img.set_colorkey(CORNER_KEY, pygame.RLEACCEL)
        widgets.panel(img, img.get_rect(), (20, 26, 36), theme.ACCENT, radius=8, width=2)
        title_img = ui.text.render(title, 14, theme.ACCENT, bold=True)
        if title_img.get_width() > box.w - int(16 * s):
            title_img = pygame.transform.smoothscale(title_img, (box.w - int(16 * s), title_img.get_height()))
        img.blit(title_img, (int(10 * s), int(8 * s)))
        y = int(30 * s)
        for line in lines:
            img.blit(ui.text.render(line, 13, theme.TEXT), (int(10 * s), y))
            y += font.get_linesize()
    return img


__all__ = ["Chooser", "ChartDialog", "side_panel", "arg_types", "input_steps"]
