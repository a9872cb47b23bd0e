"""The table and the end screen over LAN.

LanTableScene: the hot-seat table on a LanController (game/client/lan.py),
plus what only a LAN game has: polling the session each frame (also while
the game menu, the rules or the settings lie on top: update_underneath),
refusals as notes, each seat's connection state in its panel, and a banner
while an away player must decide or while our own link is being
re-established.  The Menu button opens the same game menu as hot-seat.
Who watches is listed under the notices; a watcher sees the public table with
no hand and no controls, and the host may hand a computer's seat to a
watcher with a click (net/host/watchers.py).  Table talk (table/talk.py):
C or the log's Talk button, lines in the log, the host's mute buttons.

LanEndScene: the end screen, and the check of the fair deal.
"""

import pygame
import pygame_gui

from game.engine.rules import IllegalCommand

from .. import theme, widgets
from ..eventtext import error_text
from ..i18n import tr, trn
from ..lan import LanController
from ..lantext import (
    fair_text, fault_text, impostor_text, roll_reopened_text, roll_unseen_text, roll_without_text,
)
from ..table import panels
from ..table.talk import TableTalk
from ..table.scene import TableScene
from ..table.ui import btn
from .end import EndScene


def message_for_error(msg) -> str:
    """A host's `error` (a refused lobby or game message) in the player's language."""
    text = tr("lan.err." + msg["code"])
    return msg["detail"] if text == "lan.err." + msg["code"] else text


class LanTableScene(TableScene):
    """The table over LAN (see the module docstring)."""
    end_scene = "lan_end"

    def __init__(self, app, controller: LanController):
        self.lan = controller.lan
        self.shown_away = set()         # seats the last frame marked away
        self.was_deciding = False
        super().__init__(app, controller)
        self.talk = TableTalk(self)
        m = self.model
        m.seen = max(m.seen, controller.seq)      # a rejoin's view covers the records before it
        m.waiting_for = tuple(controller.waiting_for())
        if controller.seat is None:
            self.play.note(tr("watch.you_watch"), theme.ACCENT, 8.0)
        elif controller.rejoined:
            self.play.note(tr("lan.welcome_back", name=m.names[controller.seat], n=controller.seat + 1),
                           theme.GOOD, 6.0)
        deal = controller.session.game.deal
        if deal is not None and (deal.attempt or 1) > 1:       # every player sees how often it was dealt
            self.play.note(trn("secure.fair_restarts", deal.attempt - 1), theme.BAD, 12.0)

    def update(self, dt) -> None:
        self.service()
        super().update(dt)

    def handle_event(self, event) -> None:
        if not self.talk.handle_event(event):       # an open talk line takes every key
            super().handle_event(event)

    def language_changed(self) -> None:
        super().language_changed()
        self.talk.retell()

    def update_underneath(self, dt) -> None:
        """Under the game menu, the rules or settings the game goes on: the
        host's frames are applied (and the table under a menu redrawn), so
        nothing piles up and a lost connection is seen at once."""
        self.service()

    def wake_ms_underneath(self):
        return self.wake_ms()

    def alert_text(self) -> str:
        return self.banner_text() if self.c.link != "ok" else ""

    def closing(self) -> None:
        self.lan.close_now()

    def service(self) -> None:
        """Apply what the host sent since the last frame."""
        resynced = False
        events = self.c.poll()
        self.talk.take(events)
        for kind, data in events:
            if kind == "synced":
                resynced = True
            elif kind == "rejected" and data["code"] != "stale":     # stale: overtaken, nothing lost
                err = IllegalCommand(data["code"], data["detail"])
                self.play.note(tr("note.refused", reason=error_text(err)), theme.BAD)
            elif kind == "error":
                self.play.note(message_for_error(data), theme.BAD)
            elif kind == "fair":
                text, ok = fair_text(data, self.model.names)
                self.play.note(text, theme.GOOD if ok else theme.BAD, 12.0)
            elif kind == "impostor":
                self.play.note(impostor_text(data), theme.BAD, 15.0)
            elif kind == "host_diverges":
                self.play.note(trn("lan.host_diverges", data), theme.BAD, 12.0)
            elif kind == "roll_without":
                self.play.note(roll_without_text(data, self.model.names), theme.BAD, 8.0)
            elif kind == "roll_reopened":
                self.play.note(roll_reopened_text(data), theme.BAD, 12.0)
            elif kind == "roll_unseen":
                self.play.note(roll_unseen_text(data), theme.BAD, 12.0)
            elif kind == "seated":          # the host handed us a computer's seat
                self.play.note(tr("watch.now_playing", n=data + 1), theme.GOOD, 10.0)
            if kind in ("seat_status", "lobby", "seated", "disconnected", "reconnected", "bye", "synced", "rejected",
                        "host_fault"):
                self.app.dirty = True
        if resynced:
            self.play.refresh()
            self.model.seen = max(self.model.seen, self.c.seq)
        deciding = self.c.session.game.must_decide()
        if deciding and not self.was_deciding:
            self.app.sounds.play("chime")          # our move (hot-seat chimes at the curtain)
        self.was_deciding = deciding
        if self.c.seq != self.model.seen:
            self.play.refresh()
        self.talk.place()                   # after the records heard before it
        self.model.waiting_for = tuple(self.c.waiting_for())     # the top bar says whom the host waits for

    def wake_ms(self) -> int:
        return 50              # records wait in the session's queue until we poll

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        self._keep_room_for_connections()
        super().draw(surf)
        # the foot of the notices, from the bottom up: the banner (and the
        # host's lend buttons), then who watches, as far as the room goes
        self._draw_watchers(surf, self._draw_banner(surf))
        self.talk.draw(surf)

    def draw_on_panels(self, surf) -> None:
        self._draw_connections(surf)              # (under a roll's or a 7's panel: the narrow table's lie over them)

    def _away_label(self):
        return self.ui.text.render(tr("lan.away"), 12, (30, 16, 14), bold=True)

    def _keep_room_for_connections(self) -> None:
        """The panels fit each name left of its mark: a dot, or "away"."""
        s = self.ui.layout.s
        dot = int(8 * s) + 2 * max(3, int(5 * s)) + int(4 * s)
        away = int(8 * s) + self._away_label().get_width() + int(12 * s)
        self.ui.name_marks = {seat: dot if self.c.connected(seat) else away
                              for seat in range(len(self.ui.layout.panels))}

    def _draw_connections(self, surf) -> None:
        """A green dot after each connected player's name; away players'
        panels are dimmed and marked."""
        s = self.ui.layout.s
        self.shown_away = set()
        for seat, rect in enumerate(self.ui.layout.panels):
            name = self.ui.name_rects.get(seat)
            if name is None:
                continue
            x, cy = name.right + int(8 * s), name.centery
            if self.c.connected(seat):
                pygame.draw.circle(surf, theme.GOOD, (x + int(4 * s), cy), max(3, int(5 * s)))
                continue
            self.shown_away.add(seat)
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((10, 14, 20, 120))
            surf.blit(shade, rect.topleft)
            img = self._away_label()
            pill = img.get_rect(midleft=(x, cy)).inflate(int(12 * s), int(4 * s))
            pygame.draw.rect(surf, theme.BAD, pill, border_radius=6)
            surf.blit(img, img.get_rect(center=pill.center))

    def _draw_watchers(self, surf, bottom) -> None:
        """Who watches, in the notices column above `bottom` (its foot, or the
        banner's top); for the host, a button per computer's seat (above it)
        that hands it to the newest watcher: what fits of these."""
        names = [w["name"] for w in self.lan.watchers]
        if not names or self.model.game_over_at is not None:
            return
        L, s, text = self.ui.layout, self.ui.layout.s, self.ui.text
        img = text.render(tr("watch.watchers", names=", ".join(names)), 14, theme.TEXT_DIM)
        if img.get_width() > L.notes.w:
            img = pygame.transform.smoothscale(img, (L.notes.w, img.get_height()))
        bottom -= img.get_height() + (int(4 * s) if bottom < L.notes.bottom else 0)
        if bottom < L.notes.y:
            return
        surf.blit(img, (L.notes.x, bottom))
        newest = self.lan.watchers[-1]
        for seat in reversed(self.hand_over_seats()):
            if bottom - int(38 * s) < L.notes.y:
                break
            b = pygame.Rect(L.notes.x, bottom - int(38 * s), L.notes.w, int(32 * s))
            label = tr("watch.hand_over", seat=self.model.names[seat], watcher=newest["name"])
            btn(self.model, self.ui, surf, ("hand_over", seat), b, label,
                lambda seat=seat: self.hand_over(seat, newest), size=13)
            bottom = b.y

    def hand_over_seats(self) -> list:
        """Host only: the computers' seats it may hand to a watcher now."""
        if not self.lan.watchers or self.c.link != "ok" or self.c.over is not None:
            return []
        return self.lan.computer_seats_to_hand_over()

    def hand_over(self, seat: int, watcher: dict) -> None:
        """The host hands a computer's seat to a watcher: the computer stops,
        the watcher plays the seat from now on."""
        try:
            self.lan.hosting.hand_over(seat, watcher["id"])
        except ValueError as exc:
            self.play.note(tr("watch.cannot_hand_over", reason=str(exc)), theme.BAD)
            return
        self.play.note(tr("watch.handed_over", watcher=watcher["name"], n=seat + 1), theme.ACCENT, 6.0)
        self.app.dirty = True

    def banner_text(self) -> str:
        """What the banner says now ('' for no banner)."""
        link = self.c.link
        if link == "reconnecting":
            return tr("lan.banner_reconnecting")
        if link == "lost":
            return tr("lan.banner_lost")
        if link == "closed" and self.c.over is None:
            return tr("lan.banner_closed")
        if link == "taken":
            return tr("lan.banner_taken")
        if link == "fault":
            return fault_text(self.c.fault)
        away = self.c.away_deciders()
        if away:
            return tr("lan.banner_away", names=", ".join(self.model.names[s] for s in away))
        return ""

    def _draw_banner(self, surf) -> int:
        """Why the game waits (a player away, the host's link lost): at the
        bottom of the players' column, under the notices, covering nothing
        of the board; the host's buttons to lend a seat to a computer above
        it, all within the notices' area (with six panels it is short: the
        banner then says it in fewer words, and a button that does not fit
        shows once the one before it is used).  Returns the top of what it
        drew (the area's bottom when there is no banner)."""
        L, s = self.ui.layout, self.ui.layout.s
        area = L.notes
        msg = self.banner_text()
        if not msg or self.model.game_over_at is not None:
            return area.bottom
        lend = self.lendable_seats()
        button_h, button_gap = int(36 * s), int(6 * s)
        imgs = self._banner_lines(msg, area)
        if lend and self._banner_h(imgs) + int(8 * s) + button_h > area.h:
            names = ", ".join(self.model.names[seat] for seat in self.c.away_deciders())
            imgs = self._banner_lines(tr("lan.banner_away_short", names=names), area)
        r = pygame.Rect(area.x, 0, area.w, self._banner_h(imgs))
        r.bottom = area.bottom
        colour = theme.BAD if self.c.link != "ok" else theme.ACCENT
        pygame.draw.rect(surf, (24, 20, 24), r, border_radius=8)
        pygame.draw.rect(surf, colour, r, 2, border_radius=8)
        y = r.y + int(7 * s)
        for img in imgs:
            surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += img.get_height()
        top, y = r.y, r.y - int(8 * s)
        for seat in lend:
            if y - button_h < area.y:
                break
            b = pygame.Rect(area.x, 0, area.w, button_h)
            b.bottom = y
            btn(self.model, self.ui, surf, ("lend", seat), b, tr("lanbots.lend", name=self.model.names[seat]),
                lambda seat=seat: self.lend(seat), size=14)
            top, y = b.y, b.y - button_gap
        return top

    def _banner_lines(self, msg, area) -> list:
        """The banner's words, wrapped to its width (at most four lines)."""
        s, text = self.ui.layout.s, self.ui.text
        font = self.ui.fonts.get(15, True)
        lines = panels.wrapped(self.model, self.ui, msg, font, area.w - int(24 * s))[:4]
        return [text.render(line, 15, theme.TEXT, bold=True) for line in lines]

    def _banner_h(self, imgs) -> int:
        return sum(i.get_height() for i in imgs) + int(14 * self.ui.layout.s)

    def lendable_seats(self) -> list:
        """Away seats that must decide and no computer plays yet (host only)."""
        if not self.lan.is_host or self.c.link != "ok":
            return []
        return [s for s in self.c.away_deciders() if not self.lan.computers.playing_for(s)]

    def lend(self, seat: int) -> None:
        """Let a computer play for an away player; their rejoin takes the seat back."""
        try:
            self.lan.lend_seat(seat, self.app.prefs.get("lan_computer_level", "medium"))
        except (ValueError, OSError) as exc:
            self.play.note(tr("lanbots.cannot", reason=str(exc)), theme.BAD)
            return
        self.play.note(tr("lanbots.lent", name=self.model.names[seat]), theme.ACCENT, 6.0)
        self.app.dirty = True


class LanEndScene(EndScene):
    """The end screen of a LAN game: back to the menu (leaving the game), the
    check of the fair deal ("dice and cards verified fair" or what failed),
    and once it has checked the host's end reveal, the game's review (or,
    when the check failed, that there is none)."""

    def update(self, dt) -> None:
        for kind, data in self.c.poll():        # the host's reveal may come after the end
            if kind == "fair":
                self.resize(self.app.size)      # the review's button, once the game checked out
                self.app.dirty = True
        super().update(dt)

    def end_keys(self) -> list:
        return ["menu"]

    def closing(self) -> None:
        self.c.lan.close_now()

    def fair_line(self) -> tuple:
        """(text, ok) of the fair check; while it is awaited, that it is
        (the host has REVEAL_WAIT seconds, then the check fails in words)."""
        if self.c.fair is not None:
            return fair_text(self.c.fair, self.c.names)
        return (tr("secure.fair_waiting"), True) if self.c.session.game.deal is not None else ("", True)

    def review_note(self) -> str:
        """Once the check is done: that this laptop has no review, when it failed."""
        return tr("review.lan_unchecked") if self.c.fair is not None and not self.can_review() else ""

    def footer(self) -> tuple:
        """Under the review: what saving the chart said, else the fair check."""
        if self.saved_note[0]:
            return self.saved_note
        text, ok = self.fair_line()
        return text, theme.GOOD if ok else theme.BAD

    def notes_under_scores(self) -> list:
        """The fair check and the review's note, as draw puts them over the buttons."""
        text, ok = self.fair_line()
        note = self.review_note()
        return ([(text, 17 if ok else 15, True)] if text else []) + ([(note, 15, False)] if note else [])

    def draw(self, surf) -> None:
        super().draw(surf)
        text, ok = self.fair_line()
        if text and not self.reviewing:       # (under the review it is the footer)
            # An unverified game names its rolls: the line wraps, its last line above the
            # button; above it, that there is no review when the check failed.
            s = self.app.scale
            w, h = surf.get_size()
            size = 17 if ok else 15
            lines = widgets.wrap(text, self.app.fonts.get(size, True), w - int(40 * s))
            bottom = h - int(80 * s)
            for line in reversed(lines[-4:]):
                img = self.app.text.render(line, size, theme.GOOD if ok else theme.BAD, bold=True)
                rect = img.get_rect(midbottom=(w / 2, bottom))
                surf.blit(img, rect)
                bottom = rect.top
            note = self.review_note()
            if note:
                img = widgets.fit_label(self.app.text, note, 15, theme.TEXT_DIM, False, w - int(40 * s), 11)
                surf.blit(img, img.get_rect(midbottom=(w / 2, bottom - int(6 * s))))

    def on_gui(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.buttons["menu"]:
            self.c.lan.close()
            self.app.nav.back()
        else:
            super().on_gui(event)
