"""Settings: language, window or full screen, sound volume and mute, the
seat colours' palette (standard or colour-blind safe), how fast computer players move (game/client/table/computers.py) and how long a
computer's offer waits for an answer."""

import pygame
import pygame_gui

from .. import theme
from ..i18n import tr
from ..settings import COMPUTER_SPEEDS, OFFER_TIMEOUTS, UI_SCALES
from ..theme import PALETTE_NAMES
from ..scene import GuiScene, alert_below, draw_alert


NOTE_H = 28                         # the line under the scale's row (design units)


class SettingsScene(GuiScene):
    ROWS = 8                        # language ... volume

    def build(self) -> None:
        from .. import i18n
        w, h = self.app.size
        s = self.app.scale
        note = self.scale_note()
        pairs = (
            ("settings.language", (("lang_en", tr("lang.en")), ("lang_nl", tr("lang.nl")))),
            ("settings.display", (("windowed", tr("settings.windowed")), ("fullscreen", tr("settings.fullscreen")))),
            ("settings.sound", (("sound_on", tr("settings.sound_on")), ("sound_off", tr("settings.sound_off")))),
            ("settings.palette", tuple(("palette_" + name, tr("settings.palette." + name)) for name in PALETTE_NAMES)),
        )
        fours = (
            ("settings.ui_scale", [(f"ui_{p}", tr("settings.ui_scale.percent", n=p)) for p in UI_SCALES],
             f"ui_{self.app.prefs.get('ui_scale', 100)}"),
            ("seats.speed", [(f"speed_{v}", tr("seats.speed." + v)) for v in COMPUTER_SPEEDS],
             "speed_" + self.app.prefs.get("computer_speed", "normal")),
            ("settings.offer_timeout", [(f"offer_{v}", tr("settings.offer_timeout.seconds", n=v) if v
                                         else tr("settings.offer_timeout.none")) for v in OFFER_TIMEOUTS],
             f"offer_{self.app.prefs.get('offer_timeout', 0)}"),
        )
        current = {"lang_" + i18n.language(), "fullscreen" if self.app.fullscreen else "windowed",
                   "sound_off" if self.app.sounds.muted else "sound_on", "palette_" + theme.palette_name()}
        current |= {chosen for _, _, chosen in fours}
        # widths in design units: as the words need (a little more than the forms' font), up to the
        # design's 204 + 2 x 208; the whole within the window's width
        font = self.app.fonts.get(17)

        def need(text):
            return font.size(text)[0] / s + 20
        labels = [tr(label) for label, _ in pairs] + [tr(label) for label, _, _ in fours] + [tr("settings.volume")]
        col = max(160.0, max(need(t) for t in labels))
        bw = max(180.0, max(need(t) for _, options in pairs for _, t in options),
                 (4 * max(need(t) for _, options, _ in fours for _, t in options) + 24 - 16) / 2)
        room_w = w / s - 24
        col, bw = min(col, 204.0, room_w * 0.33), min(bw, 208.0, (room_w * 0.67 - 16) / 2)
        col, bw = int(col * s), int(bw * s)
        # the rows' pitch: 60 design units, less where the window holds less (a larger scale)
        head = 54 if h / s > 600 else 42
        room = h / s - 2 * 14 - head - (NOTE_H if note else 0)
        # Back under the rows, or (the shortest canvas) at the end of the volume's row
        back_rows = 1.5 if room / (self.ROWS + 1.5) >= 30 else 0.5
        pitch = max(30.0, min(60.0, room / (self.ROWS + back_rows)))
        high = min(44.0, pitch - 5)
        bh, gap, g16, g8 = int(high * s), int((pitch - high) * s), int(16 * s), int(8 * s)
        x0 = (w - col - 2 * bw - g16) // 2
        top = y = max(int(14 * s), int((h - (head + (self.ROWS + back_rows) * pitch + (NOTE_H if note else 0)) * s) / 2))
        self.label((0, y, w, int((head - 4) * s)), tr("settings.title"), "#heading")
        y += int(head * s)
        for label, options in pairs:
            self.label((x0, y, col, bh), tr(label))
            for i, (key, text) in enumerate(options):
                b = self.button(key, (x0 + col + i * (bw + g16), y, bw, bh), text)
                if key in current:
                    b.select()
            y += bh + gap
        for n, (label, options, _) in enumerate(fours):
            self.label((x0, y, col, bh), tr(label))
            sw = (2 * bw + g16 - 3 * g8) // len(options)
            for i, (key, text) in enumerate(options):
                b = self.button(key, (x0 + col + i * (sw + g8), y, sw, bh), text)
                if key in current:
                    b.select()
            y += bh + gap
            if n == 0 and note:
                self.label((x0, y - gap // 2, col + 2 * bw + g16, int(NOTE_H * s)), note, "#dim")
                y += int(NOTE_H * s)
        self.label((x0, y, col, bh), tr("settings.volume"))
        beside = back_rows < 1
        slider_w = bw if beside else 2 * bw + g16
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x0 + col, y + bh // 4, slider_w, bh // 2), self.app.sounds.volume, (0, 100),
            self.manager, click_increment=10)
        if beside:
            self.button("back", (x0 + col + bw + g16, y, bw, bh), tr("settings.back"))
        else:
            y += bh + gap + int(pitch * s / 2)
            self.button("back", ((w - bw) // 2, y, bw, bh), tr("settings.back"))
        self.set_card(x0, top, x0 + col + 2 * bw + g16, y + bh)

    def scale_note(self) -> str:
        """What the text and controls' scale chosen comes to in this window, when not what was chosen."""
        from ..table.layout import TableLayout
        from ..table.parts import PARTS
        chosen, used = self.app.prefs.get("ui_scale", 100), self.app.ui_used
        if used < chosen:
            return tr("settings.ui_scale.capped", chosen=chosen, used=used)
        # what a table would take (its six seats hold less than the menus): the more demanding rules'
        tables = {n: self.app.ui_scale_for([TableLayout.min_canvas(n, PARTS["ck"])]) for n in (4, 5, 6)}
        if len(set(tables.values())) == 1 and tables[4] < chosen:
            return tr("settings.ui_scale.table", n=tables[4])
        if any(p < chosen for p in tables.values()):
            return tr("settings.ui_scale.tables", four=tables[4], five=tables[5], six=tables[6])
        return tr("settings.ui_scale.narrow", n=chosen) \
            if TableLayout.narrow_at(self.app.size, chosen, 4, PARTS["ck"]) else ""

    def on_gui(self, event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            self.app.sounds.volume = int(self.slider.get_current_value())
            self.app.sounds.play("build")
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if key in ("lang_en", "lang_nl"):
            self.app.set_language(key[5:])
        elif key in ("windowed", "fullscreen"):
            self.app.set_fullscreen(key == "fullscreen")
        elif key in ("sound_on", "sound_off"):
            self.app.sounds.muted = key == "sound_off"
            self.resize(self.app.size)
            self.app.sounds.play("chime")
        elif key is not None and key.startswith("palette_"):
            self.app.set_palette(key[8:])
            self.resize(self.app.size)
        elif key is not None and key.startswith("ui_"):
            self.app.set_ui_scale(int(key[3:]))
            self.resize(self.app.size)
        elif key is not None and key.startswith("speed_"):
            self.set_speed(key[6:])
        elif key is not None and key.startswith("offer_"):
            self.app.prefs["offer_timeout"] = int(key[6:])
            self.resize(self.app.size)
        elif key == "back":
            self.app.save_prefs()
            self.app.nav.back()

    def set_speed(self, speed: str) -> None:
        """The computers' pace, at once also in a game under this screen."""
        self.app.prefs["computer_speed"] = speed
        for scene in self.app.scenes:
            computers = getattr(getattr(scene, "model", None), "computers", None)
            if computers is not None:
                computers.speed = speed
        self.resize(self.app.size)

    def draw(self, surf) -> None:
        super().draw(surf)
        draw_alert(self.app, surf, alert_below(self.app, self))     # e.g. the LAN game under it lost its host

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.save_prefs()
            self.app.nav.back()
            return
        super().handle_event(event)
