"""Rules and costs: the rules a player looks up during a game, in the rule
books' words (English and Dutch), for the rule set being played: building
costs, the turn, a 7 and the robber, trading, development cards or (Cities
& Knights) knights, barbarians and progress cards, and how to win.

One key away from the table (F1 or H) and in the in-game menu; Esc, F1 or
the close button go back.  Every line names the rule id of RULES.md it
summarises.  The text flows into columns; what does not fit scrolls."""

import itertools

import pygame

from game.engine.constants import (
    COST_ACTIVATE, COST_CITY, COST_DEV, COST_KNIGHT, COST_ROAD, COST_SETTLEMENT, COST_WALL,
)

from .. import theme, widgets
from ..eventtext import cards_text
from ..i18n import tr
from ..scene import Scene, alert_below, draw_alert, point_and_click

BOTH, BASE, CK = "both", "base", "ck"
# section -> items (catalog key under rulebook.<section>., rule id, tag, cost or None); a rule set's
# table part names the tags its rules screen shows (TablePart.rulebook)
SECTIONS = (
    ("costs", (("road", "B-6.1", BOTH, COST_ROAD), ("settlement", "B-6.3", BOTH, COST_SETTLEMENT),
               ("city", "B-6.4", BOTH, COST_CITY), ("dev", "B-6.5", BASE, COST_DEV),
               ("wall", "CK-5.1", CK, COST_WALL), ("knight", "CK-5.2", CK, COST_KNIGHT),
               ("activate", "CK-5.3", CK, COST_ACTIVATE), ("promote", "CK-5.4", CK, COST_KNIGHT),
               ("improve", "CK-6.1", CK, None))),
    ("turn", (("roll", "B-5.1", BOTH, None), ("order", "B-4.1", BASE, None), ("dev", "B-9.2", BASE, None),
              ("ck_order", "CK-3.1", CK, None), ("ck_dice", "CK-3.2", CK, None), ("ck_city", "CK-3.4", CK, None),
              ("shortage", "B-5.2", BOTH, None))),
    ("seven", (("discard", "B-5.3", BOTH, None), ("ck_limit", "CK-3.5", CK, None), ("robber", "B-5.4", BOTH, None),
               ("blocked", "B-5.5", BOTH, None), ("ck_locked", "CK-3.5", CK, None))),
    ("trade", (("players", "B-7.1", BOTH, None), ("bank", "B-7.2", BOTH, None), ("ck_goods", "CK-4.2", CK, None),
               ("ck_never", "CK-4.3", CK, None))),
    ("dev", (("knight", "B-9.3", BASE, None), ("road_building", "B-9.4", BASE, None),
             ("year_of_plenty", "B-9.5", BASE, None), ("monopoly", "B-9.6", BASE, None),
             ("victory_point", "B-9.7", BASE, None))),
    ("knights", (("kinds", "CK-1.5", CK, None), ("act", "CK-7", CK, None), ("block", "CK-5.5", CK, None))),
    ("barbarians", (("ship", "CK-3.2", CK, None), ("strength", "CK-8.1", CK, None), ("lose", "CK-8.3", CK, None),
                    ("win", "CK-8.4", CK, None), ("after", "CK-8.2", CK, None))),
    ("progress", (("draw", "CK-3.3", CK, None), ("hand", "CK-9.2", CK, None), ("level3", "CK-6.3", CK, None),
                  ("metropolis", "CK-6.4", CK, None))),
    ("win", (("base", "B-8.1", BASE, None), ("ck", "CK-10", CK, None))),
)
HEAD_SIZE = 19


def sections(part) -> list:
    """[(section, [(key, rule, cost), ...]), ...] for one rule set's table part."""
    out = []
    for name, items in SECTIONS:
        kept = [(key, rule, cost) for key, rule, tag, cost in items if tag in part.rulebook]
        if kept:
            out.append((name, kept))
    return out


class RulesScreen(Scene):
    def __init__(self, app, part):
        """`part`: the table part of the rule set being played (game/client/table/parts)."""
        super().__init__(app)
        self.part = part
        self.text_size = part.rulebook_text
        self.scroll = 0
        self.targets = widgets.Targets()
        self.hover = None
        self.body = None                 # the laid-out text, drawn once per size and language
        self.resize(app.size)

    # --- layout -------------------------------------------------------------------------
    def resize(self, size) -> None:
        self.size = size
        self.s = self.app.scale
        s = self.s
        self.top = pygame.Rect(0, 0, size[0], int(48 * s))
        self.view_rect = pygame.Rect(int(24 * s), self.top.bottom + int(6 * s), size[0] - int(48 * s),
                                     size[1] - self.top.bottom - int(30 * s))
        self.close_rect = pygame.Rect(size[0] - int(150 * s), int(7 * s), int(136 * s), int(34 * s))
        self.body = None
        self.app.dirty = True

    def language_changed(self) -> None:
        self.body = None
        self.app.dirty = True

    def columns(self) -> int:
        """The rule set's columns (three on a wide window), fewer where a column
        would get less than 300 design units (a larger scale of text)."""
        wide = self.view_rect.w / max(1.0, self.s)
        return min(max(self.part.rulebook_columns, 3 if wide > 1500 else 2), max(1, int((wide + 28) // 300)))

    def _blocks(self, col_w):
        """Each section as a list of drawable lines: (kind, payload, height)."""
        font, head = self.app.fonts.get(self.text_size), self.app.fonts.get(HEAD_SIZE, True)
        s = self.s
        indent = int(18 * s)
        out = []
        for name, items in sections(self.part):
            title = widgets.wrap(tr(f"rulebook.{name}.title"), head, col_w)
            # A title too long for the column wraps; the rule goes under its last line.
            lines = [("head", (line, i == len(title) - 1),
                      head.get_linesize() + (int(4 * s) if i == len(title) - 1 else 0))
                     for i, line in enumerate(title)]
            for key, rule, cost in items:
                words = tr(f"rulebook.{name}.{key}")
                if cost is not None:
                    words += ": " + cards_text(dict(cost).get(k, 0) for k in range(8))
                wrapped = widgets.wrap(words, font, col_w - indent - int(44 * s))
                for i, line in enumerate(wrapped):
                    lines.append(("line", (line, i == 0, rule if i == len(wrapped) - 1 else None, cost if i == 0 else None),
                                  font.get_linesize()))
                lines.append(("gap", None, int(3 * s)))
            lines.append(("gap", None, int(8 * s)))
            out.append(lines)
        return out

    def _layout(self):
        """Lay the sections into columns (in reading order, each column about
        equally long) and draw them onto one surface."""
        s = self.s
        n = self.columns()
        gap = int(28 * s)
        col_w = (self.view_rect.w - gap * (n - 1)) // n
        blocks = self._blocks(col_w)
        heights = [sum(h for _, _, h in b) for b in blocks]
        cuts = min(itertools.combinations(range(1, len(blocks)), min(n, len(blocks)) - 1),
                   key=lambda cut: max(sum(heights[a:b]) for a, b in zip((0,) + cut, cut + (len(blocks),))))
        cols = [blocks[a:b] for a, b in zip((0,) + cuts, cuts + (len(blocks),))]
        total = max(sum(sum(h for _, _, h in b) for b in c) for c in cols)
        body = pygame.Surface((self.view_rect.w, max(total, 1)), pygame.SRCALPHA)
        text = self.app.text
        for c, blocks_in_col in enumerate(cols):
            x0 = c * (col_w + gap)
            y = 0
            for block in blocks_in_col:
                for kind, payload, h in block:
                    if kind == "head":
                        line, last = payload
                        body.blit(text.render(line, HEAD_SIZE, theme.ACCENT, bold=True), (x0, y))
                        if last:
                            pygame.draw.line(body, theme.PANEL_EDGE, (x0, y + h - int(3 * s)),
                                             (x0 + col_w, y + h - int(3 * s)))
                    elif kind == "line":
                        line, first, rule, cost = payload
                        if first:
                            self._bullet(body, x0, y, h, cost)
                        body.blit(text.render(line, self.text_size, theme.TEXT), (x0 + int(18 * s), y))
                        if rule:
                            img = text.render(rule, 11, theme.TEXT_DIM)
                            body.blit(img, img.get_rect(topright=(x0 + col_w, y + int(3 * s))))
                    y += h
        return body

    def _bullet(self, body, x, y, h, cost):
        s = self.s
        if cost is None:
            pygame.draw.circle(body, theme.TEXT_DIM, (x + int(6 * s), y + h // 2), max(2, int(3 * s)))
            return
        colour = theme.RESOURCE_RGB[cost[0][0]]            # a cost: a chip of its first card's colour
        r = pygame.Rect(x, y + h // 2 - int(6 * s), int(12 * s), int(12 * s))
        pygame.draw.rect(body, colour, r, border_radius=3)
        pygame.draw.rect(body, (20, 20, 20), r, 1, border_radius=3)

    def max_scroll(self) -> int:
        if self.body is None:
            self.body = self._layout()
        return max(0, self.body.get_height() - self.view_rect.h)

    # --- input --------------------------------------------------------------------------------
    def close(self) -> None:
        self.app.nav.back()

    def scroll_by(self, dy) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))
        self.app.dirty = True

    def handle_event(self, event) -> None:
        step = int(40 * self.s)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_h, pygame.K_RETURN):
                self.close()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.scroll_by(step if event.key == pygame.K_DOWN else -step)
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_SPACE):
                page = self.view_rect.h - step
                self.scroll_by(-page if event.key == pygame.K_PAGEUP else page)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
        else:
            point_and_click(self, event)

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        self.targets.clear()
        s, text = self.s, self.app.text
        surf.fill(theme.BG)
        if self.body is None:
            self.body = self._layout()
        self.scroll = min(self.scroll, self.max_scroll())
        pygame.draw.rect(surf, theme.PANEL, self.top)
        pygame.draw.line(surf, theme.PANEL_EDGE, self.top.bottomleft, self.top.bottomright)
        title = f"{tr('rulebook.title')} · {tr('rulebook.' + self.part.rules)}"
        img = text.render(title, 22, theme.ACCENT, bold=True)
        surf.blit(img, img.get_rect(midleft=(int(24 * s), self.top.centery)))
        widgets.button(surf, text, self.close_rect, tr("btn.close"), True, self.hover == ("close",), False,
                       False, 14)
        self.targets.add(("close",), self.close_rect, self.close)
        surf.set_clip(self.view_rect)
        surf.blit(self.body, (self.view_rect.x, self.view_rect.y - self.scroll))
        surf.set_clip(None)
        if self.max_scroll():                             # a scroll bar when the text is longer
            track = pygame.Rect(self.size[0] - int(12 * s), self.view_rect.y, int(5 * s), self.view_rect.h)
            pygame.draw.rect(surf, theme.PANEL_LIGHT, track, border_radius=3)
            part = self.view_rect.h / self.body.get_height()
            knob = pygame.Rect(track.x, track.y + track.h * self.scroll / self.body.get_height(), track.w,
                               max(int(20 * s), track.h * part))
            pygame.draw.rect(surf, theme.ACCENT, knob, border_radius=3)
        img = text.render(tr("rulebook.keys") if self.max_scroll() else tr("rulebook.keys_close"), 12, theme.TEXT_DIM)
        surf.blit(img, img.get_rect(midbottom=(self.size[0] // 2, self.size[1] - int(5 * s))))
        draw_alert(self.app, surf, alert_below(self.app, self))     # e.g. the LAN game under it lost its host
