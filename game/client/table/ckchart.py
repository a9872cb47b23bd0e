"""The Cities & Knights city-improvement chart (CK-6), a dialog of the
table opened by its button: three tracks of five levels, who stands where,
who holds each metropolis, and the viewer's Build buttons."""

import pygame

from game.engine.constants import TRACK_COMMODITY, TRACK_NAMES

from .. import emblems, i18n, theme, widgets
from ..widgets import CORNER_KEY
from ..eventtext import card_name, count_text, track_name
from ..i18n import tr
from .dialog import NARROW, Dialog


LEVELS = 5


class ChartDialog(Dialog):
    """The city-improvement chart (CK-6): three tracks of five levels with
    their costs, names, what they give, each player's level and who holds
    each metropolis; the viewing player improves from here.  On the narrow
    table (dialog.NARROW) one track at a time, chosen by its tab."""
    _background = None               # (what it shows, the chart without its buttons)

    def __init__(self, play):
        super().__init__(play)
        # the narrow table's track on show: the first the viewer can improve
        self.track = next((t for t in range(3) if ("improve", self.me, t) in self.m.legal), 0)

    @property
    def size(self):
        return NARROW if self.narrow else (930, 580)

    def draw(self, surf):
        """The chart without its buttons is a picture drawn once for the
        view it shows; the buttons (lit by the mouse) are drawn over it."""
        rect = self.ui.layout.dialog(*self.size)
        chart = self._narrow_chart if self.narrow else self._chart
        key = (id(self.view), self.me, rect.size, i18n.language(), self.ui.fonts.scale, tuple(self.m.colours),
               self.narrow and self.track)
        if self._background is None or self._background[0] != key:
            img = pygame.Surface(rect.size).convert()
            img.fill(CORNER_KEY)
            img.set_colorkey(CORNER_KEY, pygame.RLEACCEL)
            chart(img, img.get_rect(), buttons=False)
            self._background = (key, img, self.view)          # (the key holds the view's id: kept alive)
        surf.blit(self._background[1], rect)
        chart(surf, rect, buttons=True)

    def _narrow_chart(self, surf, rect, buttons):
        """The narrow table's chart in `rect`: a tab for each track, the
        track's metropolis, its five levels a line and a half each, and its
        button with why not beside it (or, `buttons`, only the buttons)."""
        s, v, track = self.s, self.view, self.track
        tab_w = (rect.w - s(32) - 2 * s(8)) // 3
        tabs = [pygame.Rect(rect.x + s(16) + t * (tab_w + s(8)), rect.y + s(42), tab_w, s(32)) for t in range(3)]
        cmd = ("improve", self.me, track)
        ok = cmd in self.m.legal
        reached = v.improvements[self.me][track] if self.me is not None else 0
        b = pygame.Rect(rect.x + s(16), rect.bottom - s(46), s(190), s(36))
        if buttons:
            for t, r in enumerate(tabs):
                self.btn(surf, ("chart", "track", t), r, track_name(t), lambda t=t: setattr(self, "track", t),
                         selected=t == track, size=15)
                pygame.draw.rect(surf, theme.TRACK_RGB[t], (r.x + s(5), r.y + s(6), s(7), r.h - s(12)))
            label = tr("chart.improve", n=reached + 1) if reached < LEVELS else tr("chart.complete")
            self.btn(surf, ("chart", "improve", track), b, label, lambda: self.play.submit(cmd), ok, primary=ok,
                     size=14)
            r = pygame.Rect(0, 0, s(120), s(32))
            r.topright = (rect.right - s(12), rect.y + s(6))
            self.btn(surf, ("chart", "close"), r, tr("btn.close"), self.close)
            return
        widgets.panel(surf, rect, theme.PANEL, theme.ACCENT, radius=10, width=2)
        self.text(surf, tr("chart.title"), (rect.centerx, rect.y + s(12)), 20, bold=True)
        node = v.metropolis[track]
        holder = tr("chart.metropolis_none") if node == -1 else \
            tr("chart.metropolis_of", name=self.m.names[v.node_owner[node]])
        self.text(surf, tr("chart.paid_in", card=card_name(TRACK_COMMODITY[track])) + "  ·  " + holder,
                  (rect.centerx, rect.y + s(78)), 13, theme.ACCENT if node != -1 else theme.TEXT_DIM, bold=True)
        for level in range(1, LEVELS + 1):
            r = pygame.Rect(rect.x + s(16), rect.y + s(98) + (level - 1) * s(40), rect.w - s(32), s(36))
            self._level(surf, r, track, level, s(20), 1)
        why = ""
        if v.crane and self.me == v.current:
            why = tr("chart.crane")
        if not ok and reached < LEVELS and self.me is not None:
            why = self._why_not(track)
        for j, line in enumerate(widgets.wrap(why, self.ui.fonts.get(12), rect.right - s(16) - b.right - s(12))[:2]):
            self.text(surf, line, (b.right + s(12), b.y + s(2) + j * self.ui.fonts.get(12).get_linesize()), 12,
                      theme.GOOD if why == tr("chart.crane") else theme.TEXT_DIM, "topleft")

    def _level(self, surf, r, track, level, words_y, lines):
        """One level of a track in `r`: its number, name and cost, the
        badges of the players at it, and (in up to `lines` lines from
        words_y) what it gives."""
        s, v = self.s, self.view
        colour = theme.TRACK_RGB[track]
        mine = v.improvements[self.me][track] >= level if self.me is not None else False
        widgets.panel(surf, r, theme.darker(colour, 0.45) if mine else (40, 48, 60),
                      colour if mine else theme.PANEL_EDGE, radius=6)
        name = tr(f"chart.{TRACK_NAMES[track]}.{level}")
        cost = self.ui.text.render(count_text(TRACK_COMMODITY[track], level), 12,
                                   theme.TEXT_DIM)
        surf.blit(cost, cost.get_rect(topright=(r.right - s(8), r.y + s(5))))
        badges = sum(v.improvements[seat][track] == level for seat in range(self.m.n))
        img = widgets.fit_label(self.ui.text, f"{level}. {name}", 14, theme.TEXT, True,
                                r.w - s(20) - cost.get_width() - badges * s(16))
        surf.blit(img, (r.x + s(8), r.y + s(4)))
        ability = tr("chart.draws", n=level + 1)
        if level == 3:
            ability = tr(f"chart.{TRACK_NAMES[track]}.ability") + " · " + ability
        elif level >= 4:
            ability = tr("chart.metropolis_level") + " · " + ability
        img_font = self.ui.fonts.get(11)
        for j, line in enumerate(widgets.wrap(ability, img_font, r.w - s(16))[:lines]):
            self.text(surf, line, (r.x + s(8), r.y + words_y + j * img_font.get_linesize()), 11,
                      theme.TEXT_DIM, "topleft")
        # players at this level: their badge (colour and emblem), left of the cost
        dx = r.right - s(18) - cost.get_width()
        for seat in range(self.m.n):
            if v.improvements[seat][track] == level:
                badge = emblems.badge(seat, s(15), self.m.colours[seat])
                surf.blit(badge, badge.get_rect(center=(dx, r.y + s(12))))
                dx -= s(16)

    def _chart(self, surf, rect, buttons):
        """The chart in `rect`: everything but the buttons, or (`buttons`) only them."""
        s, v = self.s, self.view
        if not buttons:
            widgets.panel(surf, rect, theme.PANEL, theme.ACCENT, radius=10, width=2)
            self.text(surf, tr("chart.title"), (rect.centerx, rect.y + s(12)), 20, bold=True)
        col_w = (rect.w - s(40)) // 3
        # a shorter window (a larger scale of text): the levels closer, Close up by the title
        short = rect.h < s(self.size[1])
        top_h, head_h = (40, 43) if short else (46, 44)
        top = rect.y + s(top_h)
        foot = 83 if short else 80                # the holder, the button and why not, under the levels
        room = rect.h / self.ui.layout.s - top_h - head_h - 6 - foot - (0 if short else 50)
        row_h = s(max(58.0, min(64.0, room / LEVELS)))
        words_y = s(22 if short else 24)           # the level's words under its name
        for track in range(3):
            x = rect.x + s(20) + track * col_w
            colour = theme.TRACK_RGB[track]
            head = pygame.Rect(x + s(4), top, col_w - s(8), s(head_h))
            y = head.bottom + s(6) + LEVELS * row_h
            cmd = ("improve", self.me, track)
            ok = cmd in self.m.legal
            reached = v.improvements[self.me][track] if self.me is not None else 0
            b = pygame.Rect(0, 0, col_w - s(40), s(36 if short else 38))
            b.midtop = (head.centerx, y + s(20 if short else 22))
            if buttons:
                label = tr("chart.improve", n=reached + 1) if reached < LEVELS else tr("chart.complete")
                self.btn(surf, ("chart", "improve", track), b, label, lambda c=cmd: self.play.submit(c), ok,
                         primary=ok, size=14)
                continue
            pygame.draw.rect(surf, colour, head, border_radius=6)
            ink = (20, 20, 20)
            self.text(surf, track_name(track), (head.centerx, head.y + s(3)), 16, ink, bold=True)
            self.text(surf, tr("chart.paid_in", card=card_name(TRACK_COMMODITY[track])),
                      (head.centerx, head.bottom - s(3)), 12, ink, "midbottom")
            node = v.metropolis[track]
            for level in range(1, LEVELS + 1):
                r = pygame.Rect(x + s(4), head.bottom + s(4) + (level - 1) * row_h, col_w - s(8), row_h - s(4))
                self._level(surf, r, track, level, words_y, 2)
            holder = tr("chart.metropolis_none") if node == -1 else \
                tr("chart.metropolis_of", name=self.m.names[v.node_owner[node]])
            self.text(surf, holder, (head.centerx, y), 13, theme.ACCENT if node != -1 else theme.TEXT_DIM, bold=True)
            if not ok and reached < LEVELS and self.me is not None:
                self.text(surf, self._why_not(track), (b.centerx, b.bottom + s(3 if short else 4)), 12, theme.TEXT_DIM)
        if buttons:
            r = pygame.Rect(0, 0, s(160), s(36))
            if short:
                r.topright = (rect.right - s(12), rect.y + s(6))
            else:
                r.bottomright = (rect.right - s(16), rect.bottom - s(10))
            self.btn(surf, ("chart", "close"), r, tr("btn.close"), self.close)
        elif v.crane and self.me == v.current:
            self.text(surf, tr("chart.crane"), (rect.x + s(20), rect.bottom - s(28)), 13, theme.GOOD, "midleft")

    def _why_not(self, track):
        """Why the next level cannot be built now, in the player's words."""
        from game.engine import check
        from game.engine.rulesets.ck.facts import improvement_cost
        from ..eventtext import error_text
        v = self.view
        kind = TRACK_COMMODITY[track]
        cost = improvement_cost(v, self.me, track)
        if v.hands[self.me][kind] < cost:
            return tr("chart.needs", cards=count_text(kind, cost), k=v.hands[self.me][kind])
        err = check(v, ("improve", self.me, track))
        return error_text(err) if err is not None else ""
