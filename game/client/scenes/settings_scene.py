"""Settings: language, window or full screen, sound volume and mute, the
seat colours' palette (standard or colour-blind safe), how fast computer players move (game/client/table/computers.py) and how long a
computer's offer waits for an answer."""

import pygame
import pygame_gui

from .. import theme
from ..i18n import tr
from ..settings import COMPUTER_SPEEDS, OFFER_TIMEOUTS
from ..theme import PALETTE_NAMES
from ..scene import GuiScene, alert_below, draw_alert


class SettingsScene(GuiScene):
    def build(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        col = int(220 * s)
        bw, bh, gap = int(200 * s), int(44 * s), int(16 * s)
        x0 = (w - col - 2 * bw - gap) // 2
        y = int(h * 0.12)
        self.label((0, y, w, int(50 * s)), tr("settings.title"), "#heading")
        y += int(80 * s)
        rows = (
            ("settings.language", (("lang_en", tr("lang.en")), ("lang_nl", tr("lang.nl")))),
            ("settings.display", (("windowed", tr("settings.windowed")), ("fullscreen", tr("settings.fullscreen")))),
            ("settings.sound", (("sound_on", tr("settings.sound_on")), ("sound_off", tr("settings.sound_off")))),
            ("settings.palette", tuple(("palette_" + name, tr("settings.palette." + name)) for name in PALETTE_NAMES)),
        )
        from .. import i18n
        current = {"lang_" + i18n.language(), "fullscreen" if self.app.fullscreen else "windowed",
                   "sound_off" if self.app.sounds.muted else "sound_on", "palette_" + theme.palette_name()}
        for label, options in rows:
            self.label((x0, y, col, bh), tr(label))
            for i, (key, text) in enumerate(options):
                b = self.button(key, (x0 + col + i * (bw + gap), y, bw, bh), text)
                if key in current:
                    b.select()
            y += bh + gap
        self.label((x0, y, col, bh), tr("seats.speed"))
        sw = (2 * bw + gap - 3 * int(8 * s)) // len(COMPUTER_SPEEDS)
        for i, speed in enumerate(COMPUTER_SPEEDS):
            b = self.button(f"speed_{speed}", (x0 + col + i * (sw + int(8 * s)), y, sw, bh),
                            tr("seats.speed." + speed))
            if speed == self.app.prefs.get("computer_speed", "normal"):
                b.select()
        y += bh + gap
        self.label((x0, y, col, bh), tr("settings.offer_timeout"))
        sw = (2 * bw + gap - 3 * int(8 * s)) // len(OFFER_TIMEOUTS)
        for i, seconds in enumerate(OFFER_TIMEOUTS):
            label = tr("settings.offer_timeout.seconds", n=seconds) if seconds else tr("settings.offer_timeout.none")
            b = self.button(f"offer_{seconds}", (x0 + col + i * (sw + int(8 * s)), y, sw, bh), label)
            if seconds == self.app.prefs.get("offer_timeout", 0):
                b.select()
        y += bh + gap
        self.label((x0, y, col, bh), tr("settings.volume"))
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x0 + col, y + bh // 4, 2 * bw + gap, bh // 2), self.app.sounds.volume, (0, 100),
            self.manager, click_increment=10)
        y += bh + 3 * gap
        self.button("back", ((w - bw) // 2, y, bw, bh), tr("settings.back"))
        self.set_card(x0, int(h * 0.12), x0 + col + 2 * bw + gap, y + bh)

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
