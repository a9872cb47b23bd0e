"""The main menu: a title scene with the island in its sea, the game's name
and the menu in a column beside it."""

import pygame

from game.engine import default_config
from game.engine.match import Authority

from .. import theme
from ..boardview import BoardView, draw_city, draw_settlement
from ..i18n import tr
from ..scene import GuiScene
from ..tutorial import session as tutorial

TITLE_SEED = 7          # the island shown on the title scene (a random board, always the same)
TITLE_PIECES = (22, 45, 25, 8, 14, 34)      # corners with a building (the last two: cities)


class MenuScene(GuiScene):
    def __init__(self, app):
        self.island = BoardView()
        self._island_state = None
        self.stale = False
        super().__init__(app)

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        # the menu's column: 40 % of the window, at least 400 design units (a larger scale of text)
        panel_w = max(w - int(w * 0.6), min(w - int(200 * s), int(400 * s)))
        self.panel = pygame.Rect(w - panel_w, 0, panel_w, h)
        self.island.fit(pygame.Rect(0, 0, w - panel_w, h))
        # down the column: the title, the subtitle, the buttons; closer together in a shorter
        # window (in design units: 720 at 100 %, 360 at 200 %)
        k = max(0.0, min(1.0, (h / s - 360) / 360))
        self.title_y = int((36 + 86 * k) * s)
        self.subtitle_y = self.title_y + int((40 + 8 * k) * s)
        y = self.subtitle_y + int((30 + 59 * k) * s)
        pitch = min(60.0, (h / s - y / s - 10) / 7)
        bw, bh = min(int(340 * s), self.panel.w - int(60 * s)), int(min(48.0, pitch - 5) * s)
        gap = int(pitch * s) - bh
        x = self.panel.centerx - bw // 2
        coming = tr("menu.coming")
        self.learning = tutorial.in_progress()          # (step, steps) of a guided game left, or None
        for key, enabled in (("learn", True), ("new_game", True), ("host", True), ("join", True),
                             ("load", True), ("settings", True), ("quit", True)):
            if key == "learn" and self.learning is not None:     # continue it, or start over
                again = int(bw * 0.3)                    # (the longer words get the room)
                step, steps = self.learning
                self.button("learn", (x, y, bw - again - gap, bh), tr("menu.learn_continue", k=step + 1, n=steps))
                self.button("learn_again", (x + bw - again, y, again, bh), tr("menu.learn_again"))
            else:
                self.button(key, (x, y, bw, bh), tr("menu." + key), enabled,
                            tooltip=None if enabled else coming)
            y += bh + gap

    def title_island(self):
        """The public state of a seeded random board (terrain, numbers, harbors)."""
        if self._island_state is None:
            self._island_state = Authority(default_config(players=4, seed=TITLE_SEED)).view(None)
        return self._island_state

    def island_layer(self):
        """The island with a few settlements, roads and cities in the four
        colours and the robber in the desert, drawn once per size."""
        layer = self.island.static_layer(self.title_island(), self.app.text)
        if getattr(self, "_decorated", (None,))[0] is not layer or self._decorated[2] != theme.palette_name():
            deco = layer.copy()
            board = self.island
            ox, oy = board.rect.topleft
            board.cx, board.cy = board.cx - ox, board.cy - oy        # draw in the layer's own coordinates
            try:
                for k, node in enumerate(TITLE_PIECES):
                    colour = theme.palette()[k % 4][1]
                    edge = board.island.node_edges[node][0]
                    board.draw_road(deco, edge, colour, seat=k % 4)
                    x, y = board.node_pos(node)
                    (draw_city if k >= 4 else draw_settlement)(deco, x, y, board.R, colour, k % 4)
                state = self.title_island()
                desert = next((h for h in range(len(state.numbers)) if not state.numbers[h]), state.robber)
                board.draw_robber_at(deco, desert)
            finally:
                board.cx, board.cy = board.cx + ox, board.cy + oy
            self._decorated = (layer, deco, theme.palette_name())
        return self._decorated[1]

    def draw_background(self, surf) -> None:
        text, s = self.app.text, self.app.scale
        surf.blit(self.island_layer(), self.island.rect.topleft)
        surf.fill(theme.SEA, self.panel)          # under the shade: never the screen left before (a table)
        shade = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        shade.fill((*theme.BG, 225))
        surf.blit(shade, self.panel.topleft)
        pygame.draw.line(surf, theme.ACCENT, self.panel.topleft, self.panel.bottomleft, max(2, int(3 * s)))
        title = text.render(tr("app.title"), 46, theme.ACCENT, bold=True)
        shadow = text.render(tr("app.title"), 46, (10, 14, 22), bold=True)
        if title.get_width() > self.panel.w - int(30 * s):
            size = (self.panel.w - int(30 * s), title.get_height())
            title, shadow = pygame.transform.smoothscale(title, size), pygame.transform.smoothscale(shadow, size)
        centre = (self.panel.centerx, self.title_y)
        surf.blit(shadow, shadow.get_rect(center=(centre[0] + int(3 * s), centre[1] + int(4 * s))))
        surf.blit(title, title.get_rect(center=centre))
        sub = text.render(tr("app.subtitle"), 17, theme.TEXT_DIM)
        if sub.get_width() > self.panel.w - int(30 * s):
            sub = pygame.transform.smoothscale(sub, (self.panel.w - int(30 * s), sub.get_height()))
        surf.blit(sub, sub.get_rect(center=(centre[0], self.subtitle_y)))

    def update(self, dt) -> None:
        if self.stale:                 # back from a guided game or the load list: its button anew
            self.stale = False
            self.resize(self.app.size)
        super().update(dt)

    def on_gui(self, event) -> None:
        b = self.buttons
        self.stale = event.ui_element in (b["learn"], b.get("learn_again"), b["load"])
        if event.ui_element is b["learn"]:
            if self.learning is None or tutorial.resume(self.app) is not None:
                tutorial.start(self.app)            # (a guided game that cannot resume starts anew)
        elif event.ui_element is b.get("learn_again"):
            tutorial.start(self.app)
        elif event.ui_element is b["new_game"]:
            self.app.nav.open("new_game")
        elif event.ui_element is b["load"]:
            self.app.nav.open("load")
        elif event.ui_element is b["host"]:
            self.app.nav.open("lan_host")
        elif event.ui_element is b["join"]:
            self.app.nav.open("lan_join")
        elif event.ui_element is b["settings"]:
            self.app.nav.open("settings")
        elif event.ui_element is b["quit"]:
            self.app.running = False

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.app.nav.open("new_game")
            return
        super().handle_event(event)
