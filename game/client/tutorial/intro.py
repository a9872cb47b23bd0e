"""The short introduction offered before a player's first Cities & Knights
game: four pages (commodities, city improvements, knights, the barbarians)
over the dimmed table, with Skip, Next and, on the last, Play.  Closing it
either way records `ck_intro_seen` in the settings, so it is offered once.

`offer(app, controller)` opens it over a table that has just opened when
the game is Cities & Knights and the introduction was not seen yet."""

import pygame

from game.engine import is_ck

from .. import theme, widgets
from ..i18n import tr
from ..scene import Scene, point_and_click

PAGES = 4
SEEN = "ck_intro_seen"           # the settings key
SHADE = (8, 10, 16, 190)


def offer(app, controller) -> bool:
    """Open the introduction over the table (the top scene) if it is due."""
    if not is_ck(controller.config) or app.prefs.get(SEEN):
        return False
    app.nav.open("ck_intro", app.scene)
    return True


class CkIntroScene(Scene):
    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.page = 0
        self.targets = widgets.Targets()
        self.hover = None

    def close(self) -> None:
        """Skip, or Play after the last page: not offered again."""
        self.app.prefs[SEEN] = True
        self.app.save_prefs()
        self.app.nav.back()

    def next(self) -> None:
        if self.page + 1 >= PAGES:
            self.close()
            return
        self.page += 1
        self.app.dirty = True

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT, pygame.K_SPACE):
                self.next()
            return
        if point_and_click(self, event):
            self.app.dirty = True

    def panel_rect(self) -> pygame.Rect:
        s = self.app.scale
        w, h = self.app.size
        r = pygame.Rect(0, 0, min(int(620 * s), w - 40), min(int(280 * s), h - 40))
        r.center = (w // 2, h // 2)
        return r

    def draw(self, surf) -> None:
        self.table.draw_dimmed(surf, SHADE)
        self.targets.clear()
        s, text = self.app.scale, self.app.text
        r = self.panel_rect()
        widgets.panel(surf, r, theme.PANEL, theme.ACCENT, radius=10, width=2)
        y = r.y + int(16 * s)
        for line, size, colour, bold in ((tr("ckintro.title"), 15, theme.TEXT_DIM, False),
                                         (tr(f"ckintro.page_{self.page + 1}.title"), 24, theme.ACCENT, True)):
            img = text.render(line, size, colour, bold=bold)
            surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += img.get_height() + int(8 * s)
        font = self.app.fonts.get(17)
        for line in widgets.wrap(tr(f"ckintro.page_{self.page + 1}.text"), font, r.w - int(70 * s)):
            img = text.render(line, 17, theme.TEXT)
            surf.blit(img, (r.x + int(35 * s), y))
            y += font.get_linesize()
        count = text.render(tr("ckintro.count", k=self.page + 1, n=PAGES), 14, theme.TEXT_DIM)
        bh, bw = int(44 * s), int(170 * s)
        by = r.bottom - bh - int(18 * s)
        surf.blit(count, count.get_rect(midleft=(r.x + int(30 * s), by + bh // 2)))
        last = self.page + 1 >= PAGES
        for key, label, rect, primary, action in (
                ("skip", tr("ckintro.skip"), pygame.Rect(r.right - 2 * bw - int(40 * s), by, bw, bh), False,
                 self.close),
                ("next", tr("ckintro.play" if last else "ckintro.next"), pygame.Rect(r.right - bw - int(26 * s), by,
                                                                                     bw, bh), True, self.next)):
            if key == "skip" and last:
                continue
            widgets.button(surf, text, rect, label, True, self.hover == key, primary, False, 16)
            self.targets.add(key, rect, action)
