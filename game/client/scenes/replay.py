"""The replay viewer: step through a saved game forward and backward, or
play it at a chosen speed, with the board, the log and every hand.

A save is the whole game on the machine that ran its authority (hot-seat
laptop or LAN host), hidden cards included.  A game that is over replays
with every hand side by side; `V` switches to what one seat saw, or to the
public view.  A game still in progress replays in the public view only:
its hands, development cards and deck order are still secret, and a
replay must not show them to whoever sits at the laptop.

The saved game itself, position by position, is `Replay` (game/client/saved.py).
The position on show is drawn by the table's own code (game/client/table):
a table model of the shown view, and the table's board, dice, barbarians
and log; the replay adds every seat's hand, the timeline and its buttons.
"""

import pygame

from game import saves

from game.bots.review import ChoiceCheck, review

from .. import theme, widgets
from ..eventtext import card_name, sentences
from ..i18n import tr, trn
from ..label_lines import shortened
from ..reviewview import ReviewView
from ..table import dice, draw as table_draw, explain, panels, tips
from ..table.model import TableModel
from ..table.parts import part_for
from ..table.ui import TableUI
from ..scene import Scene
from ..saved import ALL, Replay, saved_date, saved_players
from .replay_layout import ReplayLayout

SPEEDS = (1, 2, 5, 10, 20, 50, 100, 500)      # moves per second
LOG_SENTENCES = 80                             # more than the log panel shows


class ReplayScene(Scene):
    def __init__(self, app, model: Replay, path: str = ""):
        super().__init__(app)
        self.m = model
        self.path = path
        self.names, self.colours = saved_players(model.game)
        self.n = len(self.names)
        part = part_for(model.game.config)
        self.table = TableModel(self.names, self.colours, part, people=[])     # the position on show
        self.table.explainer = self._explainer()
        self.ui = TableUI(app, lambda size: ReplayLayout(size, self.n, part, app.scale))
        self.board, self.targets = self.ui.board, self.ui.targets
        self.audience = model.audiences()[0]       # all hands once the game is over, else public
        self.playing = False
        self.speed = 2                           # index into SPEEDS
        self.carry = 0.0                         # fractions of a move owed by play
        self.mouse = (0, 0)
        self.hover_key = None
        self.dragging = False                    # the timeline's knob is held
        self._said = {}                          # (move, audience, language) -> sentences
        self.reviewing = False                   # the game review shown instead of the board
        self.review_view = None                  # made on first opening (it replays the game)
        self.review_note = ("", theme.TEXT)
        self.resize(app.size)

    def _explainer(self):
        """Why each computer did what the log tells (table/explain.py): in a
        finished game only, whose hands are no longer secret."""
        computers = [seat for seat, level in enumerate(saves.computer_levels(self.m.game)) if level is not None]
        if not self.m.finished or not computers:
            return None
        return explain.Explainer(self.m.game.config, self.m.records, computers)

    # --- control ------------------------------------------------------------------------
    @property
    def layout(self):
        return self.ui.layout

    def resize(self, size) -> None:
        self.ui.resize(size)
        self.app.dirty = True

    def min_canvas(self) -> tuple:
        return ReplayLayout.min_canvas(self.n, self.table.part)

    def language_changed(self) -> None:
        self.names, self.colours = saved_players(self.m.game)
        self.table.names, self.table.colours = self.names, self.colours
        self.app.dirty = True

    def go(self, k) -> None:
        self.m.seek(k)
        if self.m.pos >= self.m.length:
            self.playing = False
        self.app.dirty = True

    # --- the game review ------------------------------------------------------------------
    def toggle_review(self) -> None:
        """Show or hide the review; only a finished game has one (its hands
        are no longer secret)."""
        if not self.m.finished:
            return
        if self.review_view is None:
            g = self.m.game
            people = [seat for seat, level in enumerate(saves.computer_levels(g)) if level is None]
            self.review_view = ReviewView(self.app, review(g.config, g.commands), self.names, self.colours,
                                          ChoiceCheck(g.config, g.commands, people))
        self.reviewing = not self.reviewing
        self.app.dirty = True

    def save_chart(self) -> None:
        self.review_note = self.review_view.save_note()
        self.app.dirty = True

    def _draw_review(self, surf) -> None:
        L, s = self.layout, self.layout.s
        view = self.review_view
        view.names, view.colours = self.names, self.colours
        view.draw(surf, L.review_area, s, marker=self.m.pos)
        self.targets.add(("review_chart",), view.chart_rect, None)
        note, colour = self.review_note
        if note:
            img = self.app.text.render(note, 13, colour)
            room = L.note_line.w
            if img.get_width() > room:
                img = pygame.transform.smoothscale(img, (room, img.get_height()))
            surf.blit(img, img.get_rect(center=L.note_line.center))

    def step(self, d) -> None:
        self.playing = False
        self.go(self.m.pos + d)

    def toggle_play(self) -> None:
        if not self.playing and self.m.pos >= self.m.length:
            self.go(0)                           # play again from the start
        self.playing = not self.playing
        self.carry = 0.0
        self.app.dirty = True

    def set_speed(self, index) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, index))
        self.app.dirty = True

    def next_view(self) -> None:
        order = self.m.audiences()
        self.audience = order[(order.index(self.audience) + 1) % len(order)]
        self.app.dirty = True

    def actions(self) -> dict:
        return {"first": lambda: self.step(-self.m.length), "back1": lambda: self.step(-1),
                "play": self.toggle_play, "fwd1": lambda: self.step(1),
                "last": lambda: self.step(self.m.length), "slower": lambda: self.set_speed(self.speed - 1),
                "faster": lambda: self.set_speed(self.speed + 1), "view": self.next_view,
                "log": self.toggle_log, "speed": None}

    def toggle_log(self) -> None:
        """The narrow replay's Log button or L: its drawer (the log, C&K's barbarians, the keys) opens or closes."""
        if self.layout.drawer is not None:
            self.table.log_open = not self.table.log_open
            self.app.dirty = True

    def escape(self) -> None:
        """Esc: the open drawer closes, else back to where the replay was opened."""
        if self.layout.drawer is not None and self.table.log_open:
            self.toggle_log()
        else:
            self.app.nav.back()

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging:
                self.seek_to_x(event.pos[0])
            key, _ = self.targets.at(event.pos)
            if key != self.hover_key:
                self.hover_key = key
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            key, action = self.targets.at(event.pos)
            if key == ("timeline",):
                self.dragging = True
                self.seek_to_x(event.pos[0])
            elif key == ("review_chart",):
                self.playing = False
                self.go(self.review_view.index_at(event.pos) or 0)
            elif action is not None:
                action()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEWHEEL and self.reviewing:
            if self.review_view.scroller.handle(event):     # (a review whose panels stack: reviewview.py)
                self.app.dirty = True
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)

    def seek_to_x(self, x) -> None:
        """Click or drag on the timeline: go to the move under the mouse."""
        t = self.layout.timeline
        self.playing = False
        self.go(round((x - t.x) / max(1, t.w) * self.m.length))

    def key(self, key) -> None:
        big = max(10, self.m.length // 20)
        table = {pygame.K_RIGHT: lambda: self.step(1), pygame.K_LEFT: lambda: self.step(-1),
                 pygame.K_PAGEDOWN: lambda: self.step(big), pygame.K_PAGEUP: lambda: self.step(-big),
                 pygame.K_HOME: lambda: self.step(-self.m.length), pygame.K_END: lambda: self.step(self.m.length),
                 pygame.K_SPACE: self.toggle_play, pygame.K_v: self.next_view, pygame.K_g: self.toggle_review,
                 pygame.K_PLUS: lambda: self.set_speed(self.speed + 1),
                 pygame.K_EQUALS: lambda: self.set_speed(self.speed + 1),
                 pygame.K_KP_PLUS: lambda: self.set_speed(self.speed + 1),
                 pygame.K_MINUS: lambda: self.set_speed(self.speed - 1),
                 pygame.K_KP_MINUS: lambda: self.set_speed(self.speed - 1),
                 pygame.K_l: self.toggle_log, pygame.K_ESCAPE: self.escape}
        if key in table:
            table[key]()

    def update(self, dt) -> None:
        if self.reviewing and self.review_view.work():
            self.app.dirty = True
        if not self.playing:
            return
        self.carry += dt * SPEEDS[self.speed]
        moves = int(self.carry)
        if moves:
            self.carry -= moves
            self.go(self.m.pos + moves)

    def busy(self) -> bool:
        return self.playing or (self.reviewing and self.review_view.working())

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surf) -> None:
        self.targets.clear()
        surf.fill(theme.BG)
        L = self.layout
        shown = self.m.shown(self.audience)
        t, ui = self.table, self.ui
        t.view, t.log = shown, self._log_tail(shown)
        if self.reviewing:
            self._draw_review(surf)
        else:
            table_draw.draw_board(t, ui, surf)
            dice.draw_dice(t, ui, surf)
        self._draw_top(surf, shown)
        if not self.reviewing:
            pygame.draw.rect(surf, theme.BG_SIDE, L.side)
            if L.drawer is None or not t.log_open:
                self._draw_seats(surf, shown)
            if L.log_shown(t):              # (the narrow replay's: in the drawer over the seats)
                table_draw.draw_drawer(t, ui, surf)
                t.part.draw_left(t, ui, surf)
                panels.draw_log(t, ui, surf)
            elif L.left_chip is not None:
                t.part.draw_left_chip(t, ui, surf, L.left_chip)
        self._draw_bar(surf)
        self._draw_tooltip(surf)

    def _draw_tooltip(self, surf) -> None:
        """The name of the card the mouse rests on (the small cards carry no
        words), what a panel's icon counts, or on a computer's line of the log,
        why it did that."""
        key = self.hover_key
        if key and key[0] == "log_line" and self.table.explainer is not None and not self.reviewing:
            self._draw_reason(surf, key)
        if not key or key[0] not in ("card", "panel_tip"):
            return
        s, text = self.layout.s, self.app.text
        img = text.render(card_name(key[2]) if key[0] == "card" else key[1], 14, theme.TEXT)
        r = img.get_rect(topleft=(self.mouse[0] + int(14 * s), self.mouse[1] + int(16 * s))).inflate(
            int(16 * s), int(8 * s))
        r.clamp_ip(self.layout.screen)
        widgets.panel(surf, r, (16, 20, 28), theme.ACCENT, radius=6)
        surf.blit(img, img.get_rect(center=r.center))

    def _draw_reason(self, surf, key) -> None:
        """A computer's reason, left of the log, level with its line."""
        words = self.table.explainer.text(key[1], self.names)
        line = self.targets.rect(key)
        if not words or line is None:
            return
        imgs, size = tips.tip_lines(self.ui, words)
        r = pygame.Rect((0, line.y), size)
        r.right = self.layout.log.x - int(8 * self.layout.s)
        r.clamp_ip(self.layout.screen)
        tips.draw_tip(surf, self.ui, r, imgs)

    def _btn(self, surf, key, rect, label, action, primary=False, size=15, selected=False, hint=None):
        hover = self.hover_key == key
        widgets.button(surf, self.app.text, rect, label, True, hover, primary, selected, size, hint=hint)
        self.targets.add(key, rect, action)

    def _draw_top(self, surf, shown) -> None:
        L, text, s = self.layout, self.app.text, self.layout.s
        pygame.draw.rect(surf, theme.PANEL, L.top)
        pygame.draw.line(surf, theme.PANEL_EDGE, L.top.bottomleft, L.top.bottomright)
        g = self.m.game
        parts = [tr("replay.title"), saved_date(g.updated), tr("new.rules." + self.table.part.rules),
                 tr("load.turn", n=shown.turn),
                 tr("replay.step", k=self.m.pos, n=self.m.length) if self.m.pos else tr("replay.start")]
        room = (L.save_png.x if self.reviewing else L.review.x if self.m.finished else L.back.x) - int(26 * s)
        if L.narrow:                        # (in two lines: the game, then the position)
            imgs = [widgets.fit_label(text, " · ".join(words), 13, theme.TEXT, True, room, 10)
                    for words in (parts[:3], parts[3:])]
            y = L.top.centery - sum(img.get_height() for img in imgs) // 2
            for img in imgs:
                surf.blit(img, (int(14 * s), y))
                y += img.get_height()
        else:
            img = text.render(" · ".join(parts), 17, theme.TEXT, bold=True)
            if img.get_width() > room:
                img = pygame.transform.smoothscale(img, (room, img.get_height()))
            surf.blit(img, img.get_rect(midleft=(int(14 * s), L.top.centery)))
        self._btn(surf, ("btn", "back"), L.back, tr("replay.back"), self.app.nav.back, size=13)
        if self.m.finished:
            label = tr("review.hide") if self.reviewing else tr("review.show")
            self._btn(surf, ("btn", "review"), L.review, label + " (G)", self.toggle_review,
                      primary=not self.reviewing, size=13)
        if self.reviewing:
            self._btn(surf, ("btn", "save_png"), L.save_png, tr("review.save_png"), self.save_chart, size=13)

    def _draw_seats(self, surf, v) -> None:
        """Each seat's panel as the table draws it (game/client/table/panels.py),
        the winner marked after the name, and under it the seat's hand as far
        as the chosen perspective sees it."""
        L, t, ui, s = self.layout, self.table, self.ui, self.layout.s
        t.viewer = self.audience if type(self.audience) is int else None    # whose hidden points show
        won = tr("replay.winner")
        mark = self.app.text.render(won, 12, theme.ACCENT, bold=True)
        ui.name_marks = {v.winner: mark.get_width() + int(8 * s)} if v.winner >= 0 else {}
        for seat, (panel, hand) in enumerate(zip(L.seats, L.hands)):
            panels.draw_player(t, ui, surf, seat, panel)
            if seat == v.winner:
                name = ui.name_rects[seat]
                surf.blit(mark, mark.get_rect(midleft=(name.right + int(6 * s), name.centery)))
            self._draw_hand(surf, v, seat, hand)

    def _draw_hand(self, surf, v, seat, r) -> None:
        """A row of the seat's cards of each kind with their counts (or how
        many it holds, when the perspective does not see them), and under it
        (beside it, for five or six seats) its development or progress cards
        in words."""
        text, s = self.app.text, self.layout.s
        hand = v.hands[seat]
        x, y = r.x + int(14 * s), r.y + int(2 * s)
        cw, ch = self.layout.card_w, int(18 * s)
        narrow = self.layout.narrow
        if hand is None:
            words = trn("replay.hidden_cards", v.hand_n[seat]) if v.hand_n[seat] else tr("replay.no_cards")
            img = text.render(words, 13, theme.TEXT_DIM)
            surf.blit(img, img.get_rect(midleft=(x, y + ch // 2)))
            x += img.get_width()
        else:
            for kind, count in enumerate(hand):
                card = pygame.Rect(x, y, cw, ch)
                colour = theme.RESOURCE_RGB[kind] if count else theme.darker(theme.RESOURCE_RGB[kind], 0.6)
                pygame.draw.rect(surf, colour, card, border_radius=4)
                pygame.draw.rect(surf, (240, 240, 236) if count else (90, 90, 90), card, 1, border_radius=4)
                img = text.render(str(count), 12, (16, 16, 16) if count else (150, 150, 150), bold=True)
                surf.blit(img, img.get_rect(center=card.center))
                self.targets.add(("card", seat, kind), card, None)
                x += cw + int(3 * s)
            if not narrow:                  # (the narrow replay's panels count them)
                img = text.render(trn("replay.cards", sum(hand)), 12, theme.TEXT_DIM)
                surf.blit(img, img.get_rect(midleft=(x + int(4 * s), y + ch // 2)))
                x += int(4 * s) + img.get_width()
        line = self.table.part.cards_line(v, seat)     # development or progress cards in words
        if self.layout.hand_lines == 2:
            x, y = r.x + int(14 * s), y + ch + int(2 * s)
        else:
            x = x + int(10 * s)
        width = r.right - int(8 * s) - x
        if width <= 0:
            return
        smallest = 10 if narrow else 9      # smaller, then squeezed (narrow: shortened, the whole in a tooltip)
        if narrow and text.render(line, smallest, theme.TEXT_DIM).get_width() > width:
            self.targets.add(("panel_tip", line), pygame.Rect(x, r.y, width, r.h), None)
            line = shortened(line, width, lambda words: text.render(words, smallest, theme.TEXT_DIM).get_width())
        img = widgets.fit_label(text, line, 12, theme.TEXT_DIM, False, width, smallest)
        if self.layout.hand_lines != 2:
            y = r.y + int(2 * s) + (ch - img.get_height()) // 2
        surf.blit(img, (x, y))

    def _sentences(self, i, shown) -> list:
        """Log lines of move i (-1: the game's set-up)."""
        key = (i, self.audience, tr("log.title"))
        said = self._said.get(key)
        if said is None:
            if len(self._said) > 5000:
                self._said.clear()
            events = self.m.start_events if i < 0 else self.m.events(i, self.audience)
            said = [line for e in events for line in sentences(e, self.names, shown)]
            if i >= 0:
                said = explain.told(said, self.m.records[i], self.names)
            self._said[key] = said
        return said

    def _log_tail(self, shown) -> list:
        """The log's newest sentences up to the position on show (enough to
        fill the log panel), oldest first."""
        tail = []
        i = self.m.pos - 1
        while i >= -1 and len(tail) < LOG_SENTENCES:
            tail[:0] = self._sentences(i, shown)
            i -= 1
        return tail

    def _draw_bar(self, surf) -> None:
        L, text, s = self.layout, self.app.text, self.layout.s
        pygame.draw.rect(surf, theme.PANEL, L.bar)
        pygame.draw.line(surf, theme.PANEL_EDGE, L.bar.topleft, L.bar.topright)
        t = L.timeline
        pygame.draw.rect(surf, theme.PANEL_LIGHT, t, border_radius=int(t.h / 2))
        done = t.w * self.m.pos // max(1, self.m.length)
        if done:
            pygame.draw.rect(surf, theme.BUTTON_HOVER, (t.x, t.y, done, t.h), border_radius=int(t.h / 2))
        pygame.draw.circle(surf, theme.ACCENT, (t.x + done, t.centery), int(t.h * 0.7))
        self.targets.add(("timeline",), t.inflate(0, int(8 * s)), None)
        labels = {"first": "«", "back1": "‹", "fwd1": "›", "last": "»", "slower": "−", "faster": "+",
                  "play": tr("replay.pause") if self.playing else tr("replay.play"),
                  "speed": trn("replay.speed", SPEEDS[self.speed]),
                  "view": self._view_label(), "log": tr("btn.log")}
        acts = self.actions()
        for key, rect in L.buttons.items():
            if key == "speed":
                img = text.render(labels[key], 14, theme.TEXT)
                surf.blit(img, img.get_rect(center=rect.center))
                continue
            if key == "log":
                self._btn(surf, ("btn", key), rect, labels[key], acts[key], size=14, selected=self.table.log_open,
                          hint="L")
            else:
                self._btn(surf, ("btn", key), rect, labels[key], acts[key], primary=key == "play",
                          size=13 if L.narrow and key == "view" else 15)
        self._draw_keys(surf)

    def _draw_keys(self, surf) -> None:
        """The keys in a line or two where they fit unsqueezed: beside the
        bar's buttons, or (the narrow replay) at the foot of the open drawer."""
        L, text, s = self.layout, self.app.text, self.layout.s
        if L.hint_x is not None:
            x, room = L.hint_x, L.bar.right - int(12 * s) - L.hint_x
        elif L.log_shown(self.table) and not self.reviewing:
            x, room = L.keys.x + int(8 * s), L.keys.w - int(16 * s)
        else:
            return
        lines = widgets.wrap(tr("replay.keys"), self.app.fonts.get(12), room) if room > 60 * s else []
        if 0 < len(lines) <= 2:
            imgs = [text.render(line, 12, theme.TEXT_DIM) for line in lines]
            lh = imgs[0].get_height()
            y = (L.buttons["play"] if L.hint_x is not None else L.keys).centery - lh * len(imgs) // 2
            for i, img in enumerate(imgs):
                surf.blit(img, (x, y + i * lh))

    def _view_label(self) -> str:
        if self.audience == ALL:
            return tr("replay.view_all")
        if self.audience is None:
            return tr("replay.view_public") if self.m.finished else tr("replay.view_public_only")
        return tr("replay.view_seat", name=self.names[self.audience])


def open_file(app, path):
    """Load a save and build its ReplayScene; SaveError (with the reason) if
    the file cannot be replayed."""
    return ReplayScene(app, Replay(saves.load(path)), path)

