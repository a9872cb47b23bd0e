"""The main menu."""

import pygame

from ..i18n import tr
from .base import GuiScene


class MenuScene(GuiScene):
    def build(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bw, bh, gap = int(360 * s), int(48 * s), int(12 * s)
        x = (w - bw) // 2
        self.label((0, int(h * 0.1), w, int(70 * s)), tr("app.title"), "#title")
        self.label((0, int(h * 0.1 + 70 * s), w, int(30 * s)), tr("app.subtitle"), "#dim")
        y = int(h * 0.1 + 130 * s)
        coming = tr("menu.coming")
        for key, enabled in (("new_game", True), ("host", True), ("join", True),
                             ("load", True), ("settings", True), ("quit", True)):
            self.button(key, (x, y, bw, bh), tr("menu." + key), enabled,
                        tooltip=None if enabled else coming)
            y += bh + gap

    def on_gui(self, event) -> None:
        b = self.buttons
        if event.ui_element is b["new_game"]:
            from .newgame import NewGameScene
            self.app.push(NewGameScene(self.app))
        elif event.ui_element is b["load"]:
            from .load import LoadScene
            self.app.push(LoadScene(self.app))
        elif event.ui_element is b["host"]:
            from .lan_host import LanHostScene
            self.app.push(LanHostScene(self.app))
        elif event.ui_element is b["join"]:
            from .lan_join import LanJoinScene
            self.app.push(LanJoinScene(self.app))
        elif event.ui_element is b["settings"]:
            from .settings_scene import SettingsScene
            self.app.push(SettingsScene(self.app))
        elif event.ui_element is b["quit"]:
            self.app.running = False

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            from .newgame import NewGameScene
            self.app.push(NewGameScene(self.app))
            return
        super().handle_event(event)
