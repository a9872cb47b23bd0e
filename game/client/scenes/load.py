"""Load game: the saved games in the save folder, newest first.

Each row shows when the game was last saved, its players (in their colours,
with their public victory points), the rules, the turn and whether it is
over.  A file that cannot be opened (damaged, cut off, foreign, from a newer
Kolonisten) is listed greyed with the reason and is never changed.  The
selected game can be resumed (hot-seat games that are not over: restored
exactly, checked against every recorded state hash, and autosaved on into
the same file), replayed, or deleted after a confirmation.

A LAN game that is not over is resumed as its host: the save is replayed in
the background (game/client/lan.py resume_host), this laptop rejoins as the
seat whose token it holds (or, when it holds none, the seat the host says is
theirs), and the LAN lobby opens with the other seats away until their
players come back.
"""

import os

import pygame
import pygame_gui

from game import saves

from .. import i18n, lan, theme, widgets
from ..controller import HotseatController
from ..i18n import tr, trn
from ..scene import GuiScene
from ..seatnames import plain_name
from ..tutorial import session as tutorial
from .lan_host import enter_lobby_or_fail
from ..saved import Replay, saved_date, saved_players

ROW_H = 66                      # at the 1280x720 design size
TALL_ROW_H = 84                 # when a row's seats need two lines (seat_layout)
NAME_SIZE, SMALL_NAME_SIZE = 16, 14
SWATCH, POINTS_GAP, SEAT_GAP = 15, 6, 18    # a seat's colour before its name, its points after it, the next seat


def describe(game) -> dict:
    """What a row says about a readable save."""
    summary = game.summary
    names, colours = saved_players(game)
    n = len(names)
    vp = summary.get("vp")
    vp = vp if isinstance(vp, list) and len(vp) == n and all(type(v) is int for v in vp) else [None] * n
    winner = summary.get("winner")
    winner = winner if type(winner) is int and 0 <= winner < n else -1
    turn = summary.get("turn") if type(summary.get("turn")) is int else 0
    status = tr("load.won", name=names[winner]) if winner >= 0 else tr("load.in_progress")
    facts = [saved_date(game.updated), tr("new.rules." + game.config["rules"]), tr("load.turn", n=turn),
             trn("load.moves", len(game.commands)) if game.commands else tr("load.no_moves"), status]
    if game.mode == "lan":
        facts.insert(1, tr("load.lan"))
    step = tutorial.shown(game.extra)
    if step is not None:                          # the guided game: say so, and how far it got
        facts.insert(1, tr("load.tutorial", k=step[0]))
    if game.damage is not None:
        facts.append(tr("load.end_damaged"))
    computers = sum(1 for level in saves.computer_levels(game) if level)
    if computers:
        facts.insert(1, tr("seats.load_computers", n=computers))
    return {"names": names, "colours": colours, "vp": vp, "winner": winner, "facts": " · ".join(facts)}


# SaveError codes (game/saves/) -> catalog keys, so the reason reads in the
# player's language.
_REASON_KEYS = {"not_a_save": "reason.not_a_save", "newer_version": "reason.newer",
                "differs": "reason.differs", "refused": "reason.refused",
                "unreadable": "reason.unreadable"}


def reason_text(error) -> str:
    key = _REASON_KEYS.get(getattr(error, "code", None), "reason.damaged")
    return tr(key, **getattr(error, "params", {}))


def tail_note(game) -> str | None:
    """What a save whose end was cut off or damaged (saves.SavedGame.damage)
    says when selected: the moves before it load as ever."""
    if game.damage is None:
        return None
    return trn("load.damaged_tail", game.damage.kept)


def resume_blocker(game) -> str | None:
    """Why a readable save cannot be continued here (None: it can)."""
    if type(game.summary.get("winner")) is int and game.summary["winner"] >= 0:
        return tr("load.over_resume")
    return None


class LoadScene(GuiScene):
    def __init__(self, app, folder=None):
        self.folder = folder
        self.entries = []
        self.selected = 0
        self.scroll = 0                 # rows scrolled off the top
        self.confirm = False            # asking whether to delete the selected save
        self.message, self.message_bad = "", False
        self.rows = []                  # (index, rect) of the rows drawn last
        self.last_click = (None, 0)     # (row, ticks): for double clicks
        self.picking = None             # saved seats [(name, colour)] while the host picks theirs
        self.pending = None             # the Background resuming a LAN game as its host
        self.reload()
        super().__init__(app)

    # --- data ------------------------------------------------------------------------
    def reload(self) -> None:
        self._layouts = {}
        try:
            self.where = self.folder or saves.saves_dir()
            self.entries = saves.list_saves(self.where)
        except OSError as exc:
            self.where, self.entries = "", []
            self.set_message(tr("load.no_folder", reason=exc.strerror or str(exc)), bad=True)
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        self.confirm = False

    def set_message(self, text, bad=False) -> None:
        self.message, self.message_bad = text, bad

    @property
    def entry(self):
        return self.entries[self.selected] if self.entries else None

    # --- widgets ----------------------------------------------------------------------
    def list_rect(self) -> pygame.Rect:
        w, h = self.app.size
        s = self.app.scale
        lw = min(w - int(80 * s), int(1000 * s))
        return pygame.Rect((w - lw) // 2, int(84 * s), lw, h - int(84 * s) - int(150 * s))

    def visible_rows(self) -> int:
        return max(1, self.list_rect().h // self.row_height())

    def row_width(self) -> int:
        s = self.app.scale
        return self.list_rect().w - 2 * int(8 * s) - int(10 * s)

    def row_height(self) -> int:
        """Taller for every row once one row's seats need two lines."""
        room = _name_room(self.row_width(), self.app.scale)
        tall = any(e.game is not None and len(self._seat_layout(e, room)[0]) > 1 for e in self.entries)
        return int((TALL_ROW_H if tall else ROW_H) * self.app.scale)

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        self.label((0, int(22 * s), w, int(46 * s)), tr("load.title"), "#heading")
        box = self.list_rect()
        e = self.entry
        blocker = resume_blocker(e.game) if e is not None and e.game is not None else None
        damage = tail_note(e.game) if e is not None and e.game is not None else None
        note = self.message or blocker or damage or (tr("load.folder", path=self.where) if self.where else "")
        self.label((box.x, box.bottom + int(8 * s), box.w, int(30 * s)), note,
                   "#error" if self.message_bad else "#dim")
        bw, bh, gap = int(200 * s), int(46 * s), int(14 * s)
        y = h - bh - int(28 * s)
        if self.pending is not None:
            self.label((box.x, y - int(40 * s), box.w, int(32 * s)), tr("load.lan_starting"))
            return
        if self.picking is not None and e is not None:
            self.label((box.x, y - int(40 * s), box.w, int(32 * s)), tr("load.lan_pick_seat"))
            sw = min(bw, (w - int(40 * s)) // (len(self.picking) + 1) - gap)
            x = (w - (len(self.picking) + 1) * (sw + gap) + gap) // 2
            self.button("pick_cancel", (x, y, sw, bh), tr("load.lan_pick_cancel"))     # the way back: left
            for seat, name in enumerate(self.picking):
                x += sw + gap
                self.button(f"seat_{seat}", (x, y, sw, bh), tr("load.lan_seat", n=seat + 1, name=name))
            return
        if self.confirm and e is not None:
            self.label((box.x, y - int(40 * s), box.w, int(32 * s)),
                       tr("load.confirm", date=saved_date(e.game.updated)))
            x = w // 2 - bw - gap // 2
            self.button("confirm_no", (x, y, bw, bh), tr("load.confirm_no"))
            self.button("confirm_yes", (x + bw + gap, y, bw, bh), tr("load.confirm_yes"))
            return
        readable = e is not None and e.game is not None
        bw = min(bw, (w - int(40 * s) - 3 * gap) // 4)           # four in the window's width
        x = (w - 4 * bw - 3 * gap) // 2
        self.button("back", (x, y, bw, bh), tr("load.back"))
        self.button("delete", (x + (bw + gap), y, bw, bh), tr("load.delete"), readable)
        self.button("replay", (x + 2 * (bw + gap), y, bw, bh), tr("load.replay"), readable)
        lan_save = readable and e.game.mode == "lan"
        self.button("resume", (x + 3 * (bw + gap), y, bw, bh),
                    tr("load.resume_host") if lan_save else tr("load.resume"),
                    readable and blocker is None, tooltip=blocker)

    def targets(self) -> dict:
        out = super().targets()
        out.update({("row", i): rect for i, rect in self.rows})
        return out

    # --- input ----------------------------------------------------------------------
    def on_gui(self, event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if key == "back":
            self.app.nav.back()
        elif key == "resume":
            self.resume()
        elif key == "replay":
            self.replay()
        elif key == "delete":
            self.confirm = True
            self.set_message("")
            self.resize(self.app.size)
        elif key == "confirm_yes":
            self.delete()
        elif key == "confirm_no":
            self.confirm = False
            self.resize(self.app.size)
        elif key is not None and key.startswith("seat_"):
            self.host_lan(int(key[5:]))
        elif key == "pick_cancel":
            self.picking = None
            self.resize(self.app.size)

    def handle_event(self, event) -> None:
        if self.pending is not None:                 # the LAN game is being resumed
            return super().handle_event(event)
        if event.type == pygame.KEYDOWN and self.picking is not None:
            if event.key == pygame.K_ESCAPE:
                self.picking = None
                self.resize(self.app.size)
                return
        elif event.type == pygame.KEYDOWN and not self.confirm:
            if event.key == pygame.K_ESCAPE:
                self.app.nav.back()
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.entries:
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open()
                return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.confirm = False
            self.resize(self.app.size)
            return
        if event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.entries) - self.visible_rows())
            self.scroll = max(0, min(most, self.scroll - event.y))
            self.app.dirty = True
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.confirm
              and self.picking is None):
            for i, rect in self.rows:
                if rect.collidepoint(event.pos):
                    now = pygame.time.get_ticks()
                    double = self.last_click[0] == i and now - self.last_click[1] < 450
                    self.last_click = (i, now)
                    self.select(i)
                    if double:                       # a double click opens the game
                        self.open()
                        return
                    break
        super().handle_event(event)

    def select(self, i) -> None:
        i = max(0, min(len(self.entries) - 1, i))
        if i != self.selected:
            self.selected = i
            self.set_message("")
        rows = self.visible_rows()
        self.scroll = min(max(self.scroll, i - rows + 1), i)
        self.resize(self.app.size)

    # --- actions ----------------------------------------------------------------------
    def open(self) -> None:
        """Resume the selected game if it can be continued, else replay it."""
        e = self.entry
        if e is not None and e.game is not None:
            self.replay() if resume_blocker(e.game) else self.resume()

    def resume(self) -> None:
        e = self.entry
        if e is None or e.game is None or resume_blocker(e.game):
            return
        if e.game.mode == "lan":
            return self.resume_lan()
        if tutorial.saved_step(e.game.extra) is not None:          # a guided game goes on guided
            reason = tutorial.open_saved(self.app, e.path, e.game, replace=True)
            return None if reason is None else self._refuse(tr("load.refused", reason=reason))
        try:
            auth, e.game.hashes = saves.resume(e.game)    # autosave goes on from these hashes
        except saves.SaveError as exc:
            self.set_message(tr("load.refused", reason=reason_text(exc)), bad=True)
            self.resize(self.app.size)
            return
        names, colours = saved_players(e.game)
        controller = HotseatController.resume(auth, names, colours, e.path, e.game)
        self.app.nav.go("table", controller, resumed=True)

    def resume_lan(self) -> None:
        """Host the selected LAN save again, as the seat this laptop holds
        the token of; ask which seat is ours when it holds none."""
        e = self.entry
        try:
            seat = lan.held_seat(e.game, lan.options(self.app))
        except saves.SaveError as exc:
            return self._refuse(tr("load.refused", reason=reason_text(exc)))
        if seat is None:
            self.picking = saved_players(e.game)[0]
            self.set_message("")
            self.resize(self.app.size)
        else:
            self.host_lan(seat)

    def host_lan(self, seat: int) -> None:
        e = self.entry
        if self.pending is not None or e is None or e.game is None:
            return
        self.picking = None
        self.set_message("")
        self.pending = lan.Background(lan.resume_host, e.path, e.game, seat, lan.options(self.app))
        self.resize(self.app.size)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.pending is None or not self.pending.done():
            return
        job, self.pending = self.pending, None
        if isinstance(job.error, saves.SaveError):
            return self._refuse(tr("load.refused", reason=reason_text(job.error)))
        enter_lobby_or_fail(self.app, job, self._refuse)

    def wake_ms(self) -> int:
        return 100 if self.pending is not None else super().wake_ms()

    def _refuse(self, message: str) -> None:
        self.set_message(message, bad=True)
        self.resize(self.app.size)

    def replay(self) -> None:
        e = self.entry
        if e is None or e.game is None:
            return
        try:
            model = Replay(e.game)
        except saves.SaveError as exc:
            self.set_message(tr("load.refused_replay", reason=reason_text(exc)), bad=True)
            self.resize(self.app.size)
            return
        self.app.nav.open("replay", model, e.path)

    def delete(self) -> None:
        e = self.entry
        self.confirm = False
        if e is not None and e.game is not None:
            try:
                os.remove(e.path)
                self.set_message(tr("load.deleted"))
            except OSError as exc:
                self.set_message(tr("load.delete_failed", reason=exc.strerror or str(exc)), bad=True)
        self.reload()
        self.resize(self.app.size)

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surf) -> None:
        self.draw_background(surf)
        text, s = self.app.text, self.app.scale
        box = self.list_rect()
        widgets.panel(surf, box, theme.PANEL)
        self.rows = []
        if not self.entries:
            img = text.render(tr("load.empty"), 17, theme.TEXT_DIM)
            surf.blit(img, img.get_rect(center=box.center))
        row_h = self.row_height()
        pad = int(8 * s)
        rows = self.visible_rows()
        for slot, i in enumerate(range(self.scroll, min(len(self.entries), self.scroll + rows))):
            r = pygame.Rect(box.x + pad, box.y + pad + slot * row_h, self.row_width(), row_h - pad)
            self.rows.append((i, r))
            self._draw_row(surf, r, self.entries[i], i == self.selected)
        if len(self.entries) > rows:          # a scroll bar
            track = pygame.Rect(box.right - int(12 * s), box.y + pad, int(6 * s), box.h - 2 * pad)
            pygame.draw.rect(surf, theme.PANEL_LIGHT, track, border_radius=3)
            k = track.h * rows // len(self.entries)
            knob = pygame.Rect(track.x, track.y + track.h * self.scroll // len(self.entries), track.w, k)
            pygame.draw.rect(surf, theme.PANEL_EDGE, knob, border_radius=3)
        self.manager.draw_ui(surf)

    def _draw_row(self, surf, r, entry, selected) -> None:
        text, s = self.app.text, self.app.scale
        fill = theme.PANEL_LIGHT if selected else theme.lighter(theme.PANEL, 0.04)
        widgets.panel(surf, r, fill, theme.ACCENT if selected else theme.PANEL_EDGE, radius=6,
                      width=2 if selected else 1)
        x, y = r.x + int(12 * s), r.y + int(6 * s)
        room = _name_room(r.w, s)
        if entry.game is None:                  # unreadable: the file's name and why, greyed
            name = text.render(os.path.basename(entry.path), 15, (130, 134, 144), bold=True)
            surf.blit(_fit(name, room), (x, y))
            why = text.render(tr("load.damaged", reason=reason_text(entry.error)), 13, (150, 120, 116))
            surf.blit(_fit(why, room), (x, y + int(26 * s)))
            return
        d = describe(entry.game)
        lines, names, size = self._seat_layout(entry, room)
        step = text.render("Ag", size).get_height()
        for k, line in enumerate(lines):
            x = r.x + int(12 * s)
            for seat in line:
                img, points = self._seat_pieces(d, seat, names[seat], size)
                top = y + k * step
                pygame.draw.rect(surf, d["colours"][seat], (x, top + (step - int(16 * s)) // 2, int(10 * s),
                                                            int(16 * s)), border_radius=2)
                surf.blit(img, (x + int(SWATCH * s), top))
                x += int(SWATCH * s) + img.get_width()
                if points is not None:          # the points apart from the name ("Player 1 3" read as 13)
                    x += int(POINTS_GAP * s)
                    surf.blit(points, points.get_rect(midleft=(x, top + img.get_height() // 2)))
                    x += points.get_width()
                x += int(SEAT_GAP * s)
        facts = text.render(d["facts"], 13, theme.TEXT_DIM)
        below = y + int(28 * s) if len(lines) == 1 else y + len(lines) * step + int(2 * s)
        surf.blit(_fit(facts, room), (r.x + int(12 * s), below))

    def _seat_pieces(self, d, seat, name, size):
        """A seat's name and its points (or None) as images, at `size`."""
        text, won = self.app.text, seat == d["winner"]
        img = text.render(name, size, theme.ACCENT if won else theme.TEXT, bold=won)
        vp = d["vp"][seat]
        return img, None if vp is None else text.render(tr("panel.vp", n=vp), size - 3, theme.TEXT_DIM)

    def _seat_layout(self, entry, room):
        """The row's seat lines, names and text size (seat_layout), kept until
        the list, the window's size or scale, or the language change."""
        key = (entry.path, id(entry.game), room, self.app.scale, i18n.language())
        layout = self._layouts.get(key)
        if layout is None:
            d, s = describe(entry.game), self.app.scale

            def fits(seats, names, size):
                width = 0
                for seat in seats:
                    img, points = self._seat_pieces(d, seat, names[seat], size)
                    width += int(SWATCH * s) + img.get_width() + (0 if points is None else
                                                                   int(POINTS_GAP * s) + points.get_width())
                return width + int(SEAT_GAP * s) * (len(seats) - 1) <= room
            layout = self._layouts[key] = seat_layout(d["names"], saves.computer_levels(entry.game), fits)
        return layout


def seat_layout(names, levels, fits) -> tuple:
    """How a load-list row shows its seats: (lines of seat numbers, the names
    to draw, text size). `fits(seats, names, size)`: whether those seats'
    names and points fit one line. One line of the names as saved; else of
    a computer's without its level's word (the facts line counts the
    computers); else two lines at a smaller size, the names shortened with
    "…", longest first, until each line fits (or each is down to two letters)."""
    seats = list(range(len(names)))
    if fits(seats, names, NAME_SIZE):
        return [seats], list(names), NAME_SIZE
    plain = [plain_name(name, level) for name, level in zip(names, levels)]
    if fits(seats, plain, NAME_SIZE):
        return [seats], plain, NAME_SIZE
    half = (len(names) + 1) // 2
    lines = [seats[:half], seats[half:]]
    names, kept = plain, [len(name) for name in plain]
    while not all(fits(line, names, SMALL_NAME_SIZE) for line in lines):
        longest = max(seats, key=lambda i: kept[i])
        if kept[longest] <= 2:
            break
        kept[longest] -= 1
        names = [name if len(name) <= k else name[:k].rstrip() + "…" for name, k in zip(plain, kept)]
    return lines, names, SMALL_NAME_SIZE


def _name_room(row_w, s) -> int:
    """The width a row's text may take: inside its 12 px left and 10 px right margins."""
    return row_w - int(12 * s) - int(10 * s)


def _fit(img, width):
    """Shrink a rendered line that is wider than `width`."""
    if img.get_width() <= width or width <= 0:
        return img
    return pygame.transform.smoothscale(img, (width, img.get_height()))
