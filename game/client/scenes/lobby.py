"""The LAN lobby (the table and end screen over LAN: scenes/lan_table.py).

LobbyScene: the seats (name, colour, ready, connected; up to four one under
the other, five and six in two columns), the host's rule choices, this
player's name and colour in one row, and at the foot beside Leave the host's
Start button (every seat taken and ready) or a player's I'm ready.  Who watches (net/host/watchers.py)
and what the host allows are listed; the host allows watchers and hints
with two buttons, and holds table talk on or off, the watchers muted or
not and a Mute toggle per seat (scenes/lobby_talk.py; the line of the rules
tells every lobby when not everyone may talk).  The seats are drawn by
scenes/lobby_seats.py, the codes by scenes/lobby_codes.py.  A watcher's lobby has no controls of a seat.
It polls the session every frame and opens the table when the host's first view arrives.

At a large scale of text (a canvas narrower than lobby_heights.NARROW: 200 %)
every seat is a card one under the other, the name and the colour take two
lines, the host's buttons one a line, the lines of words as many as they
need, and the page scrolls (form_scroll.py).

A saved LAN game resumed by its host (lan.resume_host) opens this lobby too:
the saved seats, away until their players rejoin with their tokens; the
players who knock without a token, each with a button per away seat so the
host can give them one (HostSession.assign: only by the host's click:
scenes/lobby_knocking.py); the
host's table talk switches and Mute toggles, as the save kept them; and
Continue, which opens the table (players still away can rejoin there).
"""

import time

import pygame
import pygame_gui

from game.bots import LEVELS
from game.engine import RULESETS
from net.session import COLOURS

from .. import theme
from ..i18n import tr, trn
from ..lan import LanController, check_name, local_addresses, next_link
from ..lantext import deal_text, fault_text, impostor_text, seat_name
from ..form_scroll import ScrollingForm, form_room
from ..label_lines import LabelLines
from ..scene import GuiScene
from ..tutorial import intro as ck_intro
from . import lobby_heights
from .lan_table import message_for_error
from .lobby_codes import code_rows, draw_codes
from .lobby_knocking import assigning, build_knocking
from .lobby_seats import draw_seats
from .lobby_talk import LobbyTalk, talk_summary
from .newgame import button_text_width


SEAT_ROWS = lobby_heights.SEAT_ROWS


def names_text(names) -> str:
    """"Ann", "Ann and Bo", "Ann, Bo and Cas" (in the current language)."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return tr("lan.names_and", names=", ".join(names[:-1]), last=names[-1])


def rules_summary(config: dict) -> str:
    """The host's rule choices in one line."""
    parts = [tr("new.rules." + config["rules"]), tr("lan.players_n", n=config["players"]),
             tr("lan.points_n", n=config["vp_target"]),
             tr("new.board") + ": " + tr("new.board." + config["board"]).lower()]
    parts += [tr(o.summary) for o in RULESETS[config["rules"]].options if config[o.config] != o.default]
    return lobby_heights.RULES_SEP.join(parts)


class LobbyScene(ScrollingForm, GuiScene):
    def __init__(self, app, lan, events=()):
        self.lan = lan
        self.session = lan.session
        self.info = ""             # a passing message (dim)
        self.error = ""            # why something was refused (red)
        self.link = "ok"           # see lan.next_link
        self.started_table = False
        self.name_text = None
        self.unhandled = list(events)   # handled on the first frame, once this scene shows
        self.resumed = lan.resumed      # a saved game this host continues
        self.held = None                # resumed: events from our sync on, for the table
        self.knocking = []              # resumed: names knocking without a token (newest last)
        self.knock_check = 0.0          # when the host's knocking list was last read
        self.built_assigning = None     # resumed: what the assign buttons were built for
        self.name_entry = None
        self.talk = LobbyTalk(self)     # the host's talk switches (scenes/lobby_talk.py)
        super().__init__(app)

    # --- lobby facts ---------------------------------------------------------------------
    @property
    def lobby(self) -> dict:
        return self.session.game.lobby or {"seats": [], "config": self.session.game.welcome["config"],
                                           "state": "lobby", "name": self.session.game.welcome["name"]}

    def mine(self):
        seat = self.session.seat
        seats = self.lobby["seats"]
        return seats[seat] if seat is not None and seat < len(seats) else None

    def can_start(self) -> bool:
        if self.resumed:
            return self.held is not None and self.link == "ok"
        seats = self.lobby["seats"]
        return (self.lan.is_host and self.link == "ok" and bool(seats)
                and all(s and s["ready"] and s["connected"] for s in seats))

    # --- widgets -------------------------------------------------------------------------
    def resize(self, size) -> None:
        entry = getattr(self, "name_entry", None)
        if entry is not None and self.manager is not None:
            self.name_text = entry.get_text()
        super().resize(size)

    def _host_rows(self) -> int:
        """How many rows of the host's buttons stand above the foot (on a
        narrow form one button a row: "Computer toevoegen (Willekeurig)"
        takes more than half of it)."""
        if not self.lan.is_host:
            return 0
        pairs = lobby_heights.RESUMED_HOST_ROWS if self.resumed else lobby_heights.HOST_ROWS
        return pairs * (2 if self.form_width() < lobby_heights.NARROW else 1)

    def _host_pairs(self, bottom, count) -> list:
        """The rectangles of the host's `count` pairs of buttons, from the
        top, in rows ending at `bottom`: each pair side by side, on a narrow
        form one above the other."""
        w, s, m = self.app.size[0], self.app.scale, self.m
        bh, gap = m["bh"], m["gap"]
        narrow = self.shape_now.narrow
        cw = m["width"] if narrow else min(int(300 * s), m["width"] // 2 - gap)
        out, y = [], bottom - self._host_rows() * (bh + gap)
        for _ in range(count):
            if narrow:
                out.append(((self.x0, y, cw, bh), (self.x0, y + bh + gap, cw, bh)))
                y += 2 * (bh + gap)
            else:
                out.append(((w // 2 - cw - gap, y, cw, bh), (w // 2 + gap, y, cw, bh)))
                y += bh + gap
        return out

    def form_width(self) -> float:
        """The form's width in design units (900 where the window holds it)."""
        return form_room(self.app, 900)

    def shape(self) -> lobby_heights.Shape:
        """How many lines each part of the form takes at this width (lobby_heights.Shape)."""
        texts = {"rules": self._rules_line(), "hint": self._hint(), "knocking": tr("lan.knocking")}
        return lobby_heights.Shape.of(self.form_width(), len(self.lobby["seats"]), button_text_width(self.app),
                                      texts, len(code_rows(self)), self.resumed)

    def metrics(self) -> dict:
        """The heights at this scale, in pixels, the form's width (`width`) and its page's height (`page`)."""
        return lobby_heights.metrics(self.app.size, self.app.scale, self._host_rows(), self.resumed, self.shape_now,
                                     self.form_width())

    def page_height(self) -> int:
        return self.m["page"]

    def _hint(self) -> str:
        """Under the rules, on the host's screen: where players find the game."""
        if not self.lan.is_host:
            return ""
        addrs = local_addresses()
        where = ", ".join(f"{a}:{self.lan.port}" for a in addrs[:2]) or f"127.0.0.1:{self.lan.port}"
        return tr("lan.host_hint" if self.lan.advertised else "lan.host_hint_typed", address=where)

    def lines_of(self, text, sep=None) -> list:
        """`text` in the lines the form's width holds (lobby_heights.wrapped)."""
        return lobby_heights.wrapped(text, self.form_width(), button_text_width(self.app), sep)

    def build(self) -> None:
        w, s = self.app.size[0], self.app.scale
        shape = self.shape_now = self.shape()
        m = self.m = self.metrics()
        h = m["page"]                   # (the window's height, or more: the form scrolls)
        width = m["width"]
        self.x0 = (w - width) // 2
        y = m["top"]
        self.label((0, y, w, m["title"]), self.lobby.get("name", ""), "#heading")
        y += m["title"]
        self.rules_labels = []
        for words in self.lines_of(self._rules_line(), lobby_heights.RULES_SEP):
            self.rules_labels.append(self.label((0, y, w, m["rules"]), words, "#dim"))
            y += m["rules"]
        for words in self.lines_of(self._hint()):
            self.label((0, y, w, m["hint"]), words, "#dim")
            y += m["hint"]
        bh, gap, line = m["bh"], m["gap"], m["line"]
        y = self.rows_top() + int(shape.seat_rows * self.row_h()) + m["after_rows"]    # below the seats, however many
        bw, by = int(220 * s), h - m["foot"] - m["bottom"]
        pad = 0 if shape.narrow else int(20 * s)      # (a narrow form's card keeps clear of the scroll bar)
        card = (self.x0 - pad, m["top"] + int(4 * s), self.x0 + width + pad, by + m["foot"])
        if self.resumed:
            line = int(lobby_heights.RESUMED_LINE * s)
            self.info_label = LabelLines(self, (self.x0, y, width, line), 2, "#dim")
            y += 2 * line
            self.error_label = LabelLines(self, (self.x0, y, width, line), shape.messages, "#error")
            build_knocking(self, y + shape.messages * line + int(8 * s), bh, gap)
            if self.lan.is_host:    # table talk, and a Mute toggle per seat, as before the deal
                self.talk.build(*self._host_pairs(by - gap, 1)[0])
            self.button("leave", (w // 2 - bw - gap, by, bw, m["foot"]), tr("lan.leave"))
            self.button("start", (w // 2 + gap, by, bw, m["foot"]), tr("lan.continue"))
            self.set_card(*card)
            self._refresh_widgets()
            return
        if self.lan.watching:       # no seat: nothing of a seat to set
            self.label((self.x0, y, width, bh), tr("watch.you_watch"))
        else:                       # one row: the name, then the colour (the ready button is at the foot)
            mine = self.mine() or {}
            f = 1 if shape.narrow else width / (900 * s)        # (narrower where the window is)

            def col(units):
                return int(units * f * s)
            x = self.x0 + (0 if shape.narrow else col(50))
            self.label((x, y, col(110), bh), tr("lan.your_name"))
            self.name_entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x + col(110), y, col(230), bh), self.manager,
                initial_text=self.name_text or mine.get("name", ""))      # (empty before our seat was known)
            self.name_entry.set_text_length_limit(16)
            self.button("rename", (x + col(350), y, col(150), bh), tr("lan.rename"))
            if shape.narrow:        # the colour on a line of its own, under the name
                y += bh + gap
                self.label((x, y, col(110), bh), tr("new.colour"))
                self.button("colour", (x + col(110), y, col(190), bh), "")
            else:
                self.label((x + col(520), y, col(90), bh), tr("new.colour"))
                self.button("colour", (x + col(610), y, col(190), bh), "")
        y += bh + gap
        lines = shape.messages
        self.info_label = LabelLines(self, (self.x0, y, width, line), lines, "#dim")
        self.error_label = LabelLines(self, (self.x0, y + lines * line, width, line), lines, "#error")
        self.watchers_label = LabelLines(self, (self.x0, y + 2 * lines * line, width, line), lines, "#dim")
        if self.lan.is_host:
            # from the top: table talk (and a Mute toggle per seat); what the host allows besides
            # playing; a computer for an empty seat at the level shown
            talk, allow, computer = self._host_pairs(by - gap, 3)
            self.button("add_computer", computer[0], "")
            self.button("computer_level", computer[1], "")
            self.button("allow_watchers", allow[0], "")
            self.button("allow_hints", allow[1], "")
            self.talk.build(*talk)
        # the foot: Leave, and the host's Start or a player's I'm ready
        alone = self.lan.watching and not self.lan.is_host
        leave_x = w // 2 - bw // 2 if alone else w // 2 - bw - gap
        self.button("leave", (leave_x, by, bw, m["foot"]), tr("lan.leave"))
        if self.lan.is_host:
            self.button("start", (w // 2 + gap, by, bw, m["foot"]), tr("new.start"))
        elif not alone:
            self.button("ready", (w // 2 + gap, by, bw, m["foot"]), "")
        self.set_card(*card)
        self._refresh_widgets()

    def rows_top(self) -> int:
        m, shape = self.m, self.shape_now
        return (m["top"] + m["title"] + shape.rules * m["rules"] + shape.hint * m["hint"]
                + shape.codes * m["codes"])       # below the codes (lobby_codes.py)

    def row_h(self) -> int:
        return self.m["row"]

    def across(self, r) -> bool:
        """Is a seat in rectangle `r` drawn as a row across the form (else as a card)?"""
        return r.w >= int(700 * self.app.scale)

    def seat_rects(self) -> list:
        """Where each seat is drawn: up to SEAT_ROWS seats one under the other
        across the form; five and six (X-1) in two columns, the first half
        down the left, in the same height."""
        s = self.app.scale
        count, top, width = len(self.lobby["seats"]), self.rows_top(), self.m["width"]
        pad = int(8 * s)
        if self.shape_now.narrow:       # cards one under the other (lobby_heights.NARROW)
            card_h = int(lobby_heights.CARD_ROWS * self.row_h())
            return [pygame.Rect(self.x0, top + i * card_h, width, card_h - pad) for i in range(count)]
        if count <= SEAT_ROWS:
            return [pygame.Rect(self.x0, top + i * self.row_h(), width, self.row_h() - pad) for i in range(count)]
        rows = -(-count // 2)
        row_h = SEAT_ROWS * self.row_h() // rows
        col_w = (width - pad) // 2
        return [pygame.Rect(self.x0 + (i // rows) * (col_w + pad), top + (i % rows) * row_h, col_w, row_h - pad)
                for i in range(count)]

    def _refresh_widgets(self) -> None:
        """Texts and states that follow the lobby (no rebuild: typing goes on;
        but the seats came to be known, or another number of them, where their
        count sets the form's height: a narrow form's cards)."""
        if self.shape_now.seat_rows != self.shape().seat_rows:
            return self.resize(self.app.size)
        if self.resumed:
            (self.buttons["start"].enable if self.can_start() else self.buttons["start"].disable)()
            self.talk.refresh()
            self.info_label.set_text(self._info_text())
            self.error_label.set_text(self.error)
            self._refresh_rules()
            self.app.dirty = True
            return
        mine = self.mine() or {}
        entry = self.name_entry
        if entry is not None and not entry.get_text() and not entry.is_focused and mine.get("name"):
            entry.set_text(mine["name"])          # our seat became known after the form was built
        colour = mine.get("colour")
        if "colour" in self.buttons:        # (a watcher has no seat's controls)
            self.buttons["colour"].set_text("      " + tr(theme.colour_key(colour)) if colour else "")
        usable = self.link == "ok" and self.lobby["state"] == "lobby"
        if "ready" in self.buttons:         # (the host shows readiness by starting)
            self.buttons["ready"].set_text(tr("lan.not_ready") if mine.get("ready") else tr("lan.set_ready"))
            # (a game under way has nothing to get ready for: its table opens by itself)
            (self.buttons["ready"].show if self.lobby["state"] == "lobby" else self.buttons["ready"].hide)()
        for key in ("rename", "colour", "ready"):
            if key in self.buttons:         # (a watcher has none)
                (self.buttons[key].enable if usable else self.buttons[key].disable)()
        allowed = self.lan.allowed
        for option in ("watchers", "hints"):
            b = self.buttons.get("allow_" + option)
            if b is not None:
                b.set_text(tr(f"watch.allow_{option}_{'on' if allowed[option] else 'off'}"))
                (b.select if allowed[option] else b.unselect)()
                (b.enable if usable else b.disable)()
        self.watchers_label.set_text(self._watchers_text())
        if "start" in self.buttons:
            (self.buttons["start"].enable if self.can_start() else self.buttons["start"].disable)()
        if "add_computer" in self.buttons:
            level = self.computer_level()
            self.buttons["add_computer"].set_text(tr("lanbots.add", level=tr("bot.level." + level)))
            self.buttons["computer_level"].set_text(tr("lanbots.level", level=tr("bot.level." + level)))
            free = usable and any(seat is None for seat in self.lobby["seats"])
            (self.buttons["add_computer"].enable if free else self.buttons["add_computer"].disable)()
        self.talk.refresh()
        self.info_label.set_text(self._info_text())
        self.error_label.set_text(self.error)
        self._refresh_rules()
        self.app.dirty = True

    @property
    def rules_label(self):
        """The rules' line (its first where it takes more)."""
        return self.rules_labels[0]

    def _refresh_rules(self) -> None:
        """The rules' lines anew (the talk rules changed); the form is built
        again when they take another number of lines."""
        lines = self.lines_of(self._rules_line(), lobby_heights.RULES_SEP)
        if len(lines) != len(self.rules_labels):
            self.resize(self.app.size)
            return
        for label, words in zip(self.rules_labels, lines):
            label.set_text(words)

    def _watchers_text(self) -> str:
        """Who watches, and (to players) what the host allows."""
        allowed = self.lan.allowed
        parts = []
        if not self.lan.is_host:
            what = [tr("watch.what_" + o) for o in ("watchers", "hints") if allowed[o]]
            parts.append(tr("watch.allowed_line", what=", ".join(what)) if what
                         else tr("watch.allowed_nothing"))
        names = [w["name"] for w in self.lan.watchers]
        if names:
            parts.append(tr("watch.watchers", names=", ".join(names)))
        elif allowed["watchers"]:
            parts.append(tr("watch.watchers_none"))
        return "  ·  ".join(parts)

    def allow(self, option: str) -> None:
        """The host allows (or no longer allows) watchers or hints."""
        try:
            self.lan.hosting.set_allowed(**{option: not self.lan.allowed[option]})
        except ValueError as exc:
            self.error = tr("watch.cannot_allow", reason=str(exc))

    def _rules_line(self) -> str:
        """The host's rule choices, and how the table may talk when not everyone may."""
        talk = talk_summary(self.lan)
        return rules_summary(self.lobby["config"]) + (lobby_heights.RULES_SEP + talk if talk else "")

    def _info_text(self) -> str:
        if self.link == "reconnecting":
            return tr("lan.reconnecting")
        if self.info:
            return self.info
        seats = self.lobby["seats"]
        if self.resumed:
            away = [s["name"] for s in seats if s and not s["connected"]]
            return tr("lan.resume_waiting", names=", ".join(away)) if away else tr("lan.resume_all_back")
        if self.lobby["state"] != "lobby":     # a player taking back a seat of a game under way
            return tr("lan.rejoining")
        return self._waiting_text(seats)

    def _waiting_text(self, seats) -> str:
        """Whom the lobby waits for: players for the open seats, the players
        not ready yet by name (this player as "you"; the host has no ready
        button: it shows readiness by starting), or the host's start."""
        open_seats = sum(1 for s in seats if s is None)
        if open_seats:
            return trn("lan.waiting_seats", open_seats)
        me = self.session.seat
        others = [seat_name(s) for i, s in enumerate(seats) if not s["ready"] and i != me]
        if me is not None and me < len(seats) and not seats[me]["ready"] and not self.lan.is_host:
            if not others:
                return tr("lan.waiting_you", button=tr("lan.set_ready"))
            return tr("lan.waiting_you_and", names=names_text(others), button=tr("lan.set_ready"))
        if others:
            return trn("lan.waiting_ready", len(others), names=names_text(others))
        return tr("lan.host_may_start") if self.lan.is_host else tr("lan.waiting_host")

    # --- input ------------------------------------------------------------------------------
    def on_gui(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            return self.rename()
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        self.error = ""
        if key == "rename":
            self.rename()
        elif key == "colour":
            self.next_colour()
        elif key == "ready":
            self.session.set_lobby(ready=not (self.mine() or {}).get("ready", False))
        elif key == "start":
            self.start()
        elif key == "add_computer":
            self.add_computer()
        elif key in ("allow_watchers", "allow_hints"):
            self.allow(key[6:])
        elif key == "computer_level":
            levels = list(LEVELS)
            self.app.prefs["lan_computer_level"] = levels[(levels.index(self.computer_level()) + 1) % len(levels)]
        elif key == "leave":
            self.leave()
        elif key is not None and self.talk.press(key):
            pass
        elif key is not None and key.startswith("assign_"):
            seat, k = map(int, key[7:].split("_"))
            self.assign(seat, self.knocking[k])
        self._refresh_widgets()

    def computer_level(self) -> str:
        level = self.app.prefs.get("lan_computer_level", "medium")
        return level if level in LEVELS else "medium"

    def add_computer(self) -> None:
        try:
            name = self.lan.add_computer(self.computer_level())
        except OSError as exc:
            self.error = tr("lanbots.cannot", reason=str(exc))
            return
        self.info = tr("lanbots.added", name=name)

    def rename(self) -> None:
        name = self.name_entry.get_text().strip()
        why = check_name(name)
        if why:
            self.error = tr(why)
        else:
            self.session.set_lobby(name=name)
        self._refresh_widgets()

    def next_colour(self) -> None:
        taken = {s["colour"] for i, s in enumerate(self.lobby["seats"]) if s and i != self.session.seat}
        mine = (self.mine() or {}).get("colour")
        order = list(COLOURS)
        start = order.index(mine) if mine in order else -1
        for k in range(1, len(order) + 1):
            colour = order[(start + k) % len(order)]
            if colour not in taken:
                self.session.set_lobby(colour=colour)
                return

    def assign(self, seat: int, name: str) -> None:
        """The host gives away seat `seat` to `name` (who knocked without a
        token); their next try to join takes it."""
        try:
            self.lan.hosting.assign(seat, name)
        except ValueError as exc:
            self.error = tr("lan.cannot_assign", reason=str(exc))
            return
        self.info = tr("lan.assigned", name=name, n=seat + 1)

    def start(self) -> None:
        if self.resumed:
            return self._open_table(self.held)
        try:
            self.lan.hosting.start_game()
        except (RuntimeError, ValueError) as exc:
            self.error = tr("lan.cannot_start", reason=str(exc))

    def leave(self) -> None:
        self.lan.close()
        self.app.nav.back()

    def closing(self) -> None:
        """The window closes in the lobby: players hear that we left, the
        computers we started stop."""
        self.lan.close_now()

    def handle_event(self, event) -> None:
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and not (self.name_entry is not None and self.name_entry.is_focused)):
            self.leave()
            return
        super().handle_event(event)

    # --- network ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        # The network first, then the widgets' own update: pygame_gui builds a
        # changed label's or button's image in update(), so the frame drawn
        # next shows what the host just said (not only after the mouse moves).
        if self.app.scene is self:
            events, self.unhandled = self.unhandled + self.session.poll(), []
            self._handle(events)
        if self.app.scene is self and self.resumed and time.monotonic() - self.knock_check > 0.5:
            self.knock_check = time.monotonic()
            self._read_knocking()
        super().update(dt)

    def _read_knocking(self) -> None:
        try:
            knocking = self.lan.hosting.knocking()
        except Exception:       # the host is closing: nobody can be seated anyway
            return
        if knocking != self.knocking:
            self.knocking = knocking
            self._rebuild_if_assigning_changed()

    def _rebuild_if_assigning_changed(self) -> None:
        """Rebuild the widgets only when the assign buttons change: a rebuild
        between a button's press and release loses the player's click."""
        if assigning(self) != self.built_assigning:
            self.resize(self.app.size)

    def _open_table(self, events) -> None:
        self.started_table = True
        controller = LanController(self.lan, events)
        self.app.nav.go("lan_table", controller)
        if not self.resumed:
            ck_intro.offer(self.app, controller)    # a first Cities & Knights game: its introduction

    def _handle(self, events) -> None:
        changed = False
        if self.held is not None:
            self.held.extend(events)    # the table takes them when the host continues
        for i, (kind, data) in enumerate(events):
            changed = True
            before, self.link = self.link, next_link(self.link, kind, data)
            if kind == "error":
                self.error = message_for_error(data)
            elif self.link != before:
                self.error = fault_text(data) if self.link == "fault" else {
                    "lost": tr("lan.lost"), "closed": tr("lan.host_closed"),
                    "taken": tr("lan.banner_taken")}.get(self.link, "")
                self.info = tr("lan.reconnected") if self.link == "ok" else ""
            elif kind == "impostor":
                self.error = impostor_text(data)
            elif kind == "dealing":
                self.info = deal_text(kind, data)[0]
            elif kind == "deal_restarted":
                text, alarming = deal_text(kind, data)
                self.error, self.info = (text, "") if alarming else (self.error, text)
            elif kind == "synced" and self.resumed and self.held is None:
                self.held = list(events[i:])      # the host looks at who is back first
            elif kind == "synced" and not self.started_table and not self.resumed:
                return self._open_table(events[i:])
            elif kind == "lobby" and self.resumed:
                self.info = ""                      # e.g. "seat kept for …": who is back says more now
                self._rebuild_if_assigning_changed()
        if changed:
            self._refresh_widgets()

    def wake_ms(self) -> int:
        return 100             # the host's messages wait in the session's queue

    # --- drawing ------------------------------------------------------------------------------
    def draw_page(self, surf) -> None:
        self.draw_background(surf)
        draw_codes(self, surf)
        draw_seats(self, surf)
        self.manager.draw_ui(surf)
        b = self.buttons.get("colour")
        colour = (self.mine() or {}).get("colour")
        if b is not None and colour in dict(theme.palette()):
            s = self.app.scale
            r = pygame.Rect(b.rect.x + int(10 * s), b.rect.y + int(8 * s), int(22 * s), b.rect.h - int(16 * s))
            pygame.draw.rect(surf, theme.seat_rgb(colour), r, border_radius=3)
            pygame.draw.rect(surf, (20, 20, 20), r, 1, border_radius=3)
