"""The replay viewer: step through a saved game forward and backward, or
play it at a chosen speed, with the board, the log and every hand.

A save is the whole game on the machine that ran its authority (hot-seat
laptop or LAN host), hidden cards included.  A game that is over replays
with every hand side by side; `V` switches to what one seat saw, or to the
public view.  A game still in progress replays in the public view only:
its hands, development cards and deck order are still secret, and a
replay must not show them to whoever sits at the laptop.

`Replay` is the model (no drawing): it checks the save once with
saves.restore (every recorded state hash must match), keeps the records and
a snapshot of the state every SNAPSHOT_EVERY moves, and rebuilds any
position from the nearest snapshot before it, so stepping backward is as
quick as stepping forward.
"""

import pygame

from game import saves
from game.engine.codec import decode_state, encode_state, state_hash
from game.engine.constants import BARBARIAN_TRACK_LENGTH, SHIP_FACES
from game.engine.match import Authority
from game.engine.rules import apply
from game.engine.state import GAME_OVER, is_ck
from game.engine.views import view

from .. import theme, widgets
from ..boardview import BoardView, draw_gate, draw_ship
from ..eventtext import card_name, dev_name, progress_name, sentences
from ..i18n import tr, trn
from .base import Scene
from .load import saved_date, saved_players

SNAPSHOT_EVERY = 50
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 500)      # moves per second
ALL = "all"                                    # the perspective that sees every hand


class Replay:
    def __init__(self, game):
        """`game` is a saves.SavedGame; SaveError if it does not replay exactly."""
        self.game = game
        self.records = list(saves.restore(game, verify=True).log)
        first = Authority(game.config)
        self.start_events = first.start_events
        self.snapshots = [encode_state(first.state)]
        for i, record in enumerate(self.records):
            apply(first.state, record.cmd)
            if (i + 1) % SNAPSHOT_EVERY == 0:
                self.snapshots.append(encode_state(first.state))
        self.finished = first.state.phase == GAME_OVER
        self.state = decode_state(self.snapshots[0])
        self.pos = 0                   # moves applied to self.state

    def audiences(self) -> list:
        """The perspectives this game may be replayed in: every one once
        the game is over, else only the public view (None)."""
        return [ALL] + list(range(self.state.n)) + [None] if self.finished else [None]

    def _allowed(self, audience):
        return audience if audience in self.audiences() else None

    @property
    def length(self) -> int:
        return len(self.records)

    def seek(self, k: int) -> None:
        """Put the game at move k (0: as set up, length: the end)."""
        k = max(0, min(self.length, k))
        if k < self.pos or k - self.pos > SNAPSHOT_EVERY:
            base = k // SNAPSHOT_EVERY
            self.state = decode_state(self.snapshots[base])
            self.pos = base * SNAPSHOT_EVERY
        while self.pos < k:
            apply(self.state, self.records[self.pos].cmd)
            self.pos += 1

    def state_hash(self) -> str:
        return state_hash(self.state)

    def shown(self, audience):
        """The state as `audience` saw it (ALL: the full state); a
        perspective the game does not allow yet gets the public view."""
        audience = self._allowed(audience)
        return self.state if audience == ALL else view(self.state, audience)

    def events(self, i, audience) -> tuple:
        """Events of move i (0-based) as `audience` saw them."""
        audience = self._allowed(audience)
        record = self.records[i]
        return record.events if audience == ALL else record.for_audience(audience).events


class ReplayLayout:
    def __init__(self, size):
        W, H = size
        s = min(W / 1280, H / 720)
        self.s = s
        self.screen = pygame.Rect(0, 0, W, H)
        top_h, bar_h = int(42 * s), int(84 * s)
        side_w = int(W * 0.36)
        self.top = pygame.Rect(0, 0, W, top_h)
        self.bar = pygame.Rect(0, H - bar_h, W, bar_h)
        self.board = pygame.Rect(0, top_h, W - side_w, H - top_h - bar_h)
        self.side = pygame.Rect(W - side_w, top_h, side_w, H - top_h - bar_h)
        pad = int(8 * s)
        self.timeline = pygame.Rect(pad * 2, self.bar.y + pad, W - 4 * pad, int(16 * s))
        self.back = pygame.Rect(W - int(96 * s), int(6 * s), int(88 * s), top_h - int(12 * s))
        bw, bh, gap = int(52 * s), int(40 * s), int(6 * s)
        y = self.bar.bottom - bh - pad
        x = pad * 2
        self.buttons = {}
        for key, width in (("first", bw), ("back1", bw), ("play", int(110 * s)), ("fwd1", bw), ("last", bw),
                           ("slower", bw), ("speed", int(120 * s)), ("faster", bw), ("view", int(210 * s))):
            self.buttons[key] = pygame.Rect(x, y, width, bh)
            x += width + gap
            if key in ("last", "faster"):
                x += gap * 3
        self.hint_x = x


class ReplayScene(Scene):
    def __init__(self, app, model: Replay, path: str = ""):
        super().__init__(app)
        self.m = model
        self.path = path
        self.names, self.colours = saved_players(model.game)
        self.n = len(self.names)
        self.board = BoardView()
        self.targets = widgets.Targets()
        self.audience = model.audiences()[0]       # all hands once the game is over, else public
        self.playing = False
        self.speed = 2                           # index into SPEEDS
        self.carry = 0.0                         # fractions of a move owed by play
        self.mouse = (0, 0)
        self.hover_key = None
        self.dragging = False                    # the timeline's knob is held
        self._said = {}                          # (move, audience, language) -> sentences
        self.resize(app.size)

    # --- control ------------------------------------------------------------------------
    def resize(self, size) -> None:
        self.layout = ReplayLayout(size)
        self.board.fit(self.layout.board)
        self.app.dirty = True

    def language_changed(self) -> None:
        self.names, self.colours = saved_players(self.m.game)
        self.app.dirty = True

    def go(self, k) -> None:
        self.m.seek(k)
        if self.m.pos >= self.m.length:
            self.playing = False
        self.app.dirty = True

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
                "speed": None}

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
            elif action is not None:
                action()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
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
                 pygame.K_SPACE: self.toggle_play, pygame.K_v: self.next_view,
                 pygame.K_PLUS: lambda: self.set_speed(self.speed + 1),
                 pygame.K_EQUALS: lambda: self.set_speed(self.speed + 1),
                 pygame.K_KP_PLUS: lambda: self.set_speed(self.speed + 1),
                 pygame.K_MINUS: lambda: self.set_speed(self.speed - 1),
                 pygame.K_KP_MINUS: lambda: self.set_speed(self.speed - 1),
                 pygame.K_ESCAPE: self.app.pop}
        if key in table:
            table[key]()

    def update(self, dt) -> None:
        if not self.playing:
            return
        self.carry += dt * SPEEDS[self.speed]
        moves = int(self.carry)
        if moves:
            self.carry -= moves
            self.go(self.m.pos + moves)

    def busy(self) -> bool:
        return self.playing

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surf) -> None:
        self.targets.clear()
        surf.fill(theme.BG)
        L, text = self.layout, self.app.text
        shown = self.m.shown(self.audience)
        surf.blit(self.board.static_layer(shown, text), L.board.topleft)
        self.board.draw_pieces(surf, shown, self.colours)
        self._draw_dice(surf, shown)
        self._draw_top(surf, shown)
        pygame.draw.rect(surf, (26, 32, 42), L.side)
        y = self._draw_seats(surf, shown)
        self._draw_log(surf, pygame.Rect(L.side.x + int(6 * L.s), y, L.side.w - int(12 * L.s),
                                         L.side.bottom - y - int(6 * L.s)), shown)
        self._draw_bar(surf)
        self._draw_tooltip(surf)

    def _draw_tooltip(self, surf) -> None:
        """The name of the card the mouse rests on (the small cards carry no words)."""
        key = self.hover_key
        if not key or key[0] != "card":
            return
        s, text = self.layout.s, self.app.text
        img = text.render(card_name(key[2]), 14, theme.TEXT)
        r = img.get_rect(topleft=(self.mouse[0] + int(14 * s), self.mouse[1] + int(16 * s))).inflate(
            int(16 * s), int(8 * s))
        r.clamp_ip(self.layout.screen)
        widgets.panel(surf, r, (16, 20, 28), theme.ACCENT, radius=6)
        surf.blit(img, img.get_rect(center=r.center))

    def _btn(self, surf, key, rect, label, action, primary=False, size=15):
        hover = self.hover_key == key
        widgets.button(surf, self.app.text, rect, label, True, hover, primary, False, size)
        self.targets.add(key, rect, action)

    def _draw_top(self, surf, shown) -> None:
        L, text, s = self.layout, self.app.text, self.layout.s
        pygame.draw.rect(surf, theme.PANEL, L.top)
        pygame.draw.line(surf, theme.PANEL_EDGE, L.top.bottomleft, L.top.bottomright)
        g = self.m.game
        parts = [tr("replay.title"), saved_date(g.updated), tr("new.rules." + g.config["rules"]),
                 tr("load.turn", n=shown.turn),
                 tr("replay.step", k=self.m.pos, n=self.m.length) if self.m.pos else tr("replay.start")]
        img = text.render(" · ".join(parts), 17, theme.TEXT, bold=True)
        room = L.back.x - int(26 * s)
        if img.get_width() > room:
            img = pygame.transform.smoothscale(img, (room, img.get_height()))
        surf.blit(img, img.get_rect(midleft=(int(14 * s), L.top.centery)))
        self._btn(surf, ("btn", "back"), L.back, tr("replay.back"), self.app.pop, size=13)

    def _draw_dice(self, surf, shown) -> None:
        if not shown.dice:
            return
        s = self.layout.s
        size = int(40 * s)
        x = self.layout.board.right - int(12 * s) - 2 * (size + int(8 * s))
        if is_ck(shown):
            x -= size + int(8 * s)
        y = self.layout.board.y + int(12 * s)
        for i, face in enumerate(shown.dice[:2]):
            red = is_ck(shown) and i == 1
            widgets.die(surf, (x, y, size, size), face, colour=(196, 40, 36) if red else (250, 246, 236),
                        pip=(250, 246, 236) if red else (30, 30, 30))
            x += size + int(8 * s)
        if is_ck(shown) and len(shown.dice) > 2:       # the event die (CK-1.6): a ship or a city gate
            r = pygame.Rect(x, y, size, size)
            pygame.draw.rect(surf, (250, 246, 236), r, border_radius=int(size * 0.18))
            inner = r.inflate(-size * 0.16, -size * 0.16)
            face = shown.dice[2]
            if face < SHIP_FACES:
                draw_ship(surf, inner)
            else:
                draw_gate(surf, inner, theme.TRACK_RGB[face - SHIP_FACES])
        if is_ck(shown):
            img = self.app.text.render(tr("replay.barbarians", n=shown.barb_pos, k=BARBARIAN_TRACK_LENGTH),
                                       13, theme.TEXT, bold=True)
            surf.blit(img, img.get_rect(topright=(self.layout.board.right - int(12 * s),
                                                  self.layout.board.y + int(58 * s))))

    def _draw_seats(self, surf, v) -> int:
        """A panel per seat with its points and its hand (as far as the
        chosen perspective sees it); returns the y below them."""
        L, text, s = self.layout, self.app.text, self.layout.s
        pad = int(6 * s)
        ph = int(min(104 * s, (L.side.h * 0.62 - pad) / self.n - pad))
        y = L.side.y + pad
        for seat in range(self.n):
            r = pygame.Rect(L.side.x + pad, y, L.side.w - 2 * pad, ph)
            acting = seat == v.current and v.phase != GAME_OVER
            widgets.player_panel(surf, r, self.colours[seat], acting, int(9 * s))
            x = r.x + int(16 * s)
            name = text.render(self.names[seat], 16, theme.TEXT, bold=True)
            surf.blit(name, (x, r.y + int(4 * s)))
            badge = tr("replay.winner") if v.winner == seat else (tr("replay.current") if acting else "")
            if badge:
                img = text.render(badge, 12, theme.ACCENT)
                surf.blit(img, (x + name.get_width() + int(10 * s), r.y + int(8 * s)))
            vp = v.vp_public[seat]
            if v.vp_cards_shown[seat] >= 0:
                vp += v.vp_cards_shown[seat]
            elif not is_ck(v) and v.dev[seat] is not None:
                vp += v.dev[seat][4]                   # victory point cards this perspective sees
            img = text.render(tr("panel.vp", n=vp), 16, theme.ACCENT, bold=True)
            surf.blit(img, img.get_rect(topright=(r.right - int(10 * s), r.y + int(4 * s))))
            self._draw_hand(surf, v, seat, x, r.y + int(28 * s), r.right - int(8 * s), ph)
            y = r.bottom + pad
        return y

    def _draw_hand(self, surf, v, seat, x, y, right, ph) -> None:
        text, s = self.app.text, self.layout.s
        hand = v.hands[seat]
        cw, ch = int(26 * s), int(min(30 * s, ph * 0.34))
        if hand is None:
            words = trn("replay.hidden_cards", v.hand_n[seat]) if v.hand_n[seat] else tr("replay.no_cards")
            img = text.render(words, 13, theme.TEXT_DIM)
            surf.blit(img, (x, y + int(6 * s)))
        else:
            for kind, count in enumerate(hand):
                r = pygame.Rect(x, y, cw, ch)
                colour = theme.RESOURCE_RGB[kind] if count else theme.darker(theme.RESOURCE_RGB[kind], 0.6)
                pygame.draw.rect(surf, colour, r, border_radius=4)
                pygame.draw.rect(surf, (240, 240, 236) if count else (90, 90, 90), r, 1, border_radius=4)
                img = text.render(str(count), 13, (16, 16, 16) if count else (150, 150, 150), bold=True)
                surf.blit(img, img.get_rect(center=r.center))
                self.targets.add(("card", seat, kind), r, None)
                x += cw + int(4 * s)
            img = text.render(trn("replay.cards", sum(hand)), 13, theme.TEXT_DIM)
            surf.blit(img, img.get_rect(midleft=(x + int(6 * s), y + ch // 2)))
        line = self._cards_line(v, seat)
        img = text.render(line, 12, theme.TEXT_DIM)
        width = right - (self.layout.side.x + int(22 * s))
        if img.get_width() > width:
            img = pygame.transform.smoothscale(img, (width, img.get_height()))
        surf.blit(img, (self.layout.side.x + int(22 * s), y + ch + int(5 * s)))

    def _cards_line(self, v, seat) -> str:
        """The seat's development (or, in C&K, progress) cards in words."""
        if is_ck(v):
            cards = v.prog[seat]
            if cards is None and v.prog_n[seat]:
                return trn("replay.hidden_progress", v.prog_n[seat])
            cards = cards or ()
            held = [f"{progress_name(c)}" + (f" ×{k}" if k > 1 else "") for c, k in enumerate(cards) if k]
            return ", ".join(held) or tr("replay.no_progress")
        dev, new = v.dev[seat], v.dev_new[seat]
        if dev is None and v.dev_n[seat]:
            return trn("replay.hidden_dev", v.dev_n[seat])
        held = []
        dev, new = dev or (), new or ()
        for kind, k in enumerate(dev):
            if k:
                name = dev_name(kind) + (f" ×{k}" if k > 1 else "")
                held.append(tr("replay.dev_new", name=name) if new[kind] else name)
        return ", ".join(held) or tr("replay.no_dev")

    def _sentences(self, i, shown) -> list:
        """Log lines of move i (-1: the game's set-up)."""
        key = (i, self.audience, tr("log.title"))
        said = self._said.get(key)
        if said is None:
            if len(self._said) > 5000:
                self._said.clear()
            events = self.m.start_events if i < 0 else self.m.events(i, self.audience)
            said = [line for e in events for line in sentences(e, self.names, shown)]
            self._said[key] = said
        return said

    def _draw_log(self, surf, r, shown) -> None:
        text, s = self.app.text, self.layout.s
        widgets.panel(surf, r, (24, 30, 40))
        head = text.render(tr("log.title"), 13, theme.TEXT_DIM, bold=True)
        surf.blit(head, (r.x + int(8 * s), r.y + int(5 * s)))
        font = self.app.fonts.get(13)
        line_h = font.get_linesize()
        top = r.y + int(24 * s)
        y = r.bottom - int(6 * s)
        i = self.m.pos - 1
        newest = True
        while i >= -1 and y - line_h >= top:
            colour = theme.TEXT if newest else theme.TEXT_DIM
            for sentence in reversed(self._sentences(i, shown)):
                for line in reversed(widgets.wrap(sentence, font, r.w - int(16 * s))):
                    if y - line_h < top:
                        break
                    y -= line_h
                    surf.blit(text.render(line, 13, colour), (r.x + int(8 * s), y))
            if self._sentences(i, shown):
                newest = False
            i -= 1

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
                  "view": self._view_label()}
        acts = self.actions()
        for key, rect in L.buttons.items():
            if key == "speed":
                img = text.render(labels[key], 14, theme.TEXT)
                surf.blit(img, img.get_rect(center=rect.center))
                continue
            self._btn(surf, ("btn", key), rect, labels[key], acts[key], primary=key == "play", size=15)
        img = text.render(tr("replay.keys"), 12, theme.TEXT_DIM)
        room = L.bar.right - int(12 * s) - L.hint_x
        if room > 40 * s:
            if img.get_width() > room:
                img = pygame.transform.smoothscale(img, (room, img.get_height()))
            surf.blit(img, img.get_rect(midleft=(L.hint_x, L.buttons["play"].centery)))

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

