"""The in-game menu (Esc or the Menu button on the table): resume, settings,
rules and costs, save (where this seat can save: hot-seat, or the host of
a LAN game), leave.  Drawn over the dimmed table; a LAN table underneath
goes on applying the host's frames (App calls its update_underneath), and a
lost connection is shown over the menu.

Buttons in dialogs go in one order everywhere: in a column the usual
choice first (Resume on top, Leave last); in a row the way back on the
left and the action on the right ("Stay" | "Leave").  Leaving asks once
more, and says the game is kept (autosave) or, over a LAN, what leaving
means for the others.  Tab, Shift+Tab and the arrows move a focus over the
buttons, Enter presses the one it is on (scene.keys_over_targets)."""

import os

import pygame

from .. import theme, widgets
from ..i18n import tr
from ..oserrors import os_reason
from ..focus import KeyFocus
from ..scene import Scene, alert_below, draw_key_focus, keys_over_targets, point_and_click

ITEMS = ("resume", "settings", "rules", "save", "leave")
NOTE_SIZE = 14
PITCH, LEAST_PITCH = 58, 40      # the column's buttons' pitch (design units): as designed, the least
BUTTON = 46 / 58                 # a button's height in its pitch
EDGE = 8                         # design units kept between the menu and the window's edge
SHADE = (8, 10, 16, 170)         # over the table while the menu is open


class GameMenuScene(Scene):
    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.targets = widgets.Targets()
        self.hover = None
        self.key_focus = KeyFocus()      # Tab, the arrows and Enter over the buttons
        self.confirm_leave = False
        self.message = ""                # after Save: where the game is kept, or why not
        self.message_bad = False

    def items(self) -> tuple:
        return ITEMS if self.can_save() else tuple(k for k in ITEMS if k != "save")

    def lan(self):
        return getattr(self.table.c, "lan", None)

    def can_save(self) -> bool:
        """Hot-seat games and the LAN host's laptop keep the save; a joined seat does not."""
        return self.table.c.hotseat or bool(getattr(self.lan(), "is_host", False))

    # --- actions -----------------------------------------------------------------------
    def resume(self) -> None:
        self.app.nav.back()

    def settings(self) -> None:
        self.app.nav.open("settings")

    def rules(self) -> None:
        self.app.nav.open("rules", self.table.model.part)

    def save(self) -> None:
        """Hot-seat games save themselves after every move; Save writes once
        more and says where.  A LAN host saves after every command; Save
        says where, or why the last write failed."""
        c = self.table.c
        saver = getattr(c, "saver", None)
        if not self.can_save():
            return
        if not c.hotseat:
            hosting = self.lan().hosting
            error = hosting.save_error()
            if hosting.save_path is None or error:
                reason = os_reason(error) if error else tr("gamemenu.no_save_folder")
                self.message, self.message_bad = tr("gamemenu.save_failed", reason=reason), True
            else:
                self.message, self.message_bad = tr("gamemenu.saved", file=os.path.basename(hosting.save_path)), False
        elif saver is None:
            error = getattr(c, "save_error", None)
            reason = os_reason(error) if error else tr("gamemenu.no_save_folder")
            self.message, self.message_bad = tr("gamemenu.save_failed", reason=reason), True
        else:
            try:
                saver.record()
            except OSError as exc:
                self.message, self.message_bad = tr("gamemenu.save_failed", reason=os_reason(exc)), True
            else:
                self.message, self.message_bad = tr("gamemenu.saved", file=os.path.basename(saver.path)), False
        self.app.dirty = True

    def leave(self) -> None:
        self.confirm_leave = True
        self.app.dirty = True

    def stay(self) -> None:
        self.confirm_leave = False
        self.app.dirty = True

    def really_leave(self) -> None:
        self.app.nav.back()                    # this menu
        self.table.play.leave_game()

    def actions(self) -> dict:
        return {"resume": self.resume, "settings": self.settings, "rules": self.rules, "save": self.save,
                "leave": self.leave, "stay": self.stay, "really_leave": self.really_leave}

    # --- input --------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stay() if self.confirm_leave else self.resume()
            elif event.key in (pygame.K_F1, pygame.K_h) and not self.confirm_leave:
                self.rules()
            else:
                keys_over_targets(self, event)
        else:
            point_and_click(self, event)

    def resize(self, size) -> None:
        self.table.resize(size)
        self.app.dirty = True

    def language_changed(self) -> None:
        self.table.language_changed()
        self.app.dirty = True

    # --- drawing ------------------------------------------------------------------------
    def note_lines(self, width) -> list:
        """[(line, colour)] under the title (leave dialog) or the buttons: a
        lost connection of the game underneath first, then what Save did, or
        (a joined LAN seat) who keeps the save."""
        notes = []
        alert = alert_below(self.app, self)
        if alert:
            notes.append((alert, theme.BAD))
        if self.confirm_leave:
            notes.insert(0, (self.leave_text(), theme.TEXT))
        elif self.message:
            notes.append((self.message, theme.BAD if self.message_bad else theme.GOOD))
        elif not self.can_save():
            notes.append((tr("gamemenu.saved_by_host"), theme.TEXT_DIM))
        font = self.app.fonts.get(NOTE_SIZE)
        return [(line, colour) for text, colour in notes for line in widgets.wrap(text, font, width)[:3]]

    def notes_height(self) -> int:
        """The notes' lines' height in pixels."""
        return len(self.note_lines(int((460 - 50) * self.app.scale))) * self.app.fonts.get(NOTE_SIZE).get_linesize()

    def pitch(self) -> float:
        """The buttons' pitch in the column, design units: PITCH, closer where
        the canvas is shorter (a large scale of text: 360 units at 200 %), down
        to LEAST_PITCH."""
        s, h = self.app.scale, self.app.size[1]
        notes = self.notes_height()
        room = h / s - 2 * EDGE - 70 - 10 - (notes / s + 12 if notes else 0)
        return max(LEAST_PITCH, min(PITCH, room / len(self.items())))

    def panel_rect(self) -> pygame.Rect:
        s = self.app.scale
        w, h = self.app.size
        r = pygame.Rect(0, 0, int(460 * s), 0)
        lines = self.notes_height()
        if self.confirm_leave:          # title, the words, the two buttons in a row
            r.h = int(70 * s) + lines + int((24 + 46 + 22) * s)
        else:                           # title, the buttons in a column, the notes
            r.h = int((70 + len(self.items()) * self.pitch() + 10) * s) + lines + (int(12 * s) if lines else 0)
        r.center = (w // 2, h // 2)
        return r

    def draw(self, surf) -> None:
        self.table.draw_dimmed(surf, SHADE)      # the table stays in view, dimmed
        self.targets.clear()
        s, text = self.app.scale, self.app.text
        r = self.panel_rect()
        widgets.panel(surf, r, theme.PANEL, theme.ACCENT, radius=10, width=2)
        title = tr("gamemenu.leave_title") if self.confirm_leave else tr("gamemenu.title")
        img = text.render(title, 24, theme.ACCENT, bold=True)
        surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + int(18 * s))))
        y = r.y + int(70 * s)
        pitch = self.pitch()
        bw, bh = r.w - int(80 * s), int(46 * s)
        acts = self.actions()
        notes = self.note_lines(r.w - int(50 * s))
        if not self.confirm_leave:
            for key in self.items():
                br = pygame.Rect(r.x + int(40 * s), y, bw, int(pitch * BUTTON * s))
                label = tr("gamemenu." + key) + ("  (F1)" if key == "rules" else "  (Esc)" if key == "resume" else "")
                self._button(surf, key, br, label, acts[key], key == "resume")
                y += int(pitch * s)
            y += int(4 * s)
        for line, colour in notes:
            img = text.render(line, NOTE_SIZE, colour, bold=colour == theme.BAD)
            surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += self.app.fonts.get(NOTE_SIZE).get_linesize()
        if self.confirm_leave:          # the way back on the left, the action on the right
            y = r.bottom - bh - int(22 * s)
            half = (bw - int(16 * s)) // 2
            for i, (key, label, primary) in enumerate((("stay", tr("gamemenu.stay"), False),
                                                       ("really_leave", tr("gamemenu.leave"), True))):
                br = pygame.Rect(r.x + int(40 * s) + i * (half + int(16 * s)), y, half, bh)
                self._button(surf, key, br, label, acts[key], primary)

    def draw_focus(self, surf) -> None:
        draw_key_focus(self, surf)

    def leave_text(self) -> str:
        c = self.table.c
        if c.hotseat:
            return tr("gamemenu.leave_hotseat")
        return tr("gamemenu.leave_lan_host" if getattr(getattr(c, "lan", None), "is_host", False)
                  else "gamemenu.leave_lan")

    def _button(self, surf, key, rect, label, action, primary=False) -> None:
        widgets.button(surf, self.app.text, rect, label, True, self.hover == key, primary, False, 16)
        self.targets.add(key, rect, action)
