"""The game review drawn: each player's chance to win as a line chart with
the biggest swings marked and listed, for each person the decisions where
the Hard computer's choice was worth clearly more, the dice against the
odds and the cards each player gained by source.  The end screen and the
replay viewer show it (`ReviewView.draw`) and give it time to check the
decisions a little each frame (`work`); the chart alone can be saved as a
PNG.  Where the panels have GRID's room they stand side by side, the
better choices a list that scrolls in its panel; in less (a larger scale
of text and controls) they go one under the other, each whole, on a page
that scrolls: `scroller` (scroller.py) is the one the wheel and the keys
move, the list's or the page's.  No line is cut short in either."""

import os
import time

import pygame

from game import saves

from . import theme, widgets
from .emblems import draw_emblem
from .i18n import tr
from .reviewtext import better_line, better_status, parts_short, percent, source_name, swing_line
from .scroller import GUTTER, Scroller

MARKS_PER_LINE = 10           # markers along each line of the chart: the seat's emblem (emblems.py)
EDGE = (16, 20, 28)           # round each marker
GRID = (1200, 540)            # design units the review's panels need side by side; in less they stack and scroll
DICE_H = 170                  # design units of the dice's panel when the panels stack


SOURCE_RGB = {"founding": (150, 150, 160), "production": (104, 196, 112), "trade": (92, 150, 220),
              "robber": (222, 92, 80), "cards": (244, 196, 64)}
# and a hatching each, so that the parts of a bar are told apart without colour
SOURCE_HATCH = {"founding": "dots", "production": "plain", "trade": "slant", "robber": "cross", "cards": "rows"}


def hatched(surf, rect, source, s) -> None:
    """A part of a gains bar (or its legend's swatch): the source's colour
    and hatching, a dark edge between parts."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, SOURCE_RGB[source], rect)
    ink, step = EDGE, max(3, int(5 * s))
    kind = SOURCE_HATCH[source]
    clip = surf.get_clip()
    surf.set_clip(rect.clip(clip) if clip else rect)
    if kind == "dots":
        for x in range(rect.x + step // 2, rect.right, step):
            for y in range(rect.y + step // 2, rect.bottom, step):
                surf.fill(ink, (x, y, max(1, int(1.4 * s)), max(1, int(1.4 * s))))
    elif kind in ("slant", "cross"):
        for x in range(rect.x - rect.h, rect.right + rect.h, step):
            pygame.draw.line(surf, ink, (x, rect.bottom), (x + rect.h, rect.y))
            if kind == "cross":
                pygame.draw.line(surf, ink, (x, rect.y), (x + rect.h, rect.bottom))
    elif kind == "rows":
        for y in range(rect.y + step // 2, rect.bottom, step):
            pygame.draw.line(surf, ink, (rect.x, y), (rect.right, y))
    surf.set_clip(clip)
    pygame.draw.rect(surf, ink, rect, 1)


class ReviewView:
    def __init__(self, app, review: dict, names, colours, check=None):
        """`check`: a game/bots/review.py ChoiceCheck for the people's
        decisions (None: the review has no such part)."""
        self.app = app
        self.r = review
        self.names = list(names)
        self.colours = list(colours)
        theme.recolour(self.colours)
        self.check = check
        self.chart_rect = None          # where the chart was drawn last (for clicks)
        self.scroller = Scroller()      # the better choices' list, or the whole review where its panels stack

    def working(self) -> bool:
        """True while the people's decisions are still being checked."""
        return self.check is not None and not self.check.done

    def work(self, seconds: float = 0.02) -> bool:
        """Check the decisions for about `seconds` (a frame's share); True
        when there was something to do (the view changed)."""
        if not self.working():
            return False
        self.check.step(seconds)
        return True

    # --- the chart ---------------------------------------------------------------------
    def draw_chart(self, surf, rect, s, marker=None) -> None:
        """Win chance per player over the commands, each line with its own
        marker (told apart without colour) and named in the legend beside
        it with where the player's change came from (luck, own choices, the
        others'); swings numbered; `marker` a command index drawn as a
        vertical line (the replay's position).  No label overlaps another
        or leaves the panel."""
        text = self.app.text
        widgets.panel(surf, rect, theme.PANEL)
        head = text.render(tr("review.chance"), 16, theme.TEXT, bold=True)
        surf.blit(head, (rect.x + 10 * s, rect.y + 6 * s))
        series = self.r["series"]
        n = len(series) - 1
        legend = self._legend_rect(rect, s)
        self.draw_legend(surf, legend, s)
        y_labels = [(q, text.render(percent(q), 11, theme.TEXT_DIM)) for q in (0, 0.25, 0.5, 0.75, 1.0)]
        label_w = max(img.get_width() for _, img in y_labels)
        label_h = y_labels[0][1].get_height()
        top = rect.y + 6 * s + head.get_height() + label_h // 2 + 4 * s
        left = rect.x + 10 * s + label_w + 6 * s
        bottom = rect.bottom - label_h - 10 * s
        plot = pygame.Rect(int(left), int(top), int(legend.x - 14 * s - left), int(bottom - top))
        self.chart_rect = plot
        for q, lab in y_labels:
            y = plot.bottom - q * plot.h
            pygame.draw.line(surf, theme.PANEL_LIGHT, (plot.x, y), (plot.right, y))
            surf.blit(lab, lab.get_rect(midright=(plot.x - 6 * s, y)))
        self._draw_turns(surf, rect, plot, s)
        if marker is not None and n:
            x = plot.x + plot.w * min(n, max(0, marker)) / n
            pygame.draw.line(surf, theme.ACCENT, (x, plot.y), (x, plot.bottom), max(1, int(2 * s)))
        width = max(2, int(2.5 * s))
        # at most one point a pixel: long games are drawn from every k-th position
        k = max(1, n // max(1, plot.w))
        players = self.r["players"]
        for seat in range(players):
            pts = [(plot.x + plot.w * i / max(1, n), plot.bottom - series[i][seat] * plot.h)
                   for i in list(range(0, n + 1, k)) + ([n] if n % k else [])]
            if len(pts) > 1:
                pygame.draw.lines(surf, self.colours[seat], False, pts, width)
        # each line's markers, spaced along it and staggered so that lines on top of each other show all
        spacing = plot.w / MARKS_PER_LINE
        for seat in range(players):
            for j in range(MARKS_PER_LINE):
                x = plot.x + spacing * (j + (seat + 0.5) / players)
                i = round((x - plot.x) / max(1, plot.w) * n)
                draw_emblem(surf, seat, (x, plot.bottom - series[i][seat] * plot.h), 4 * s, self.colours[seat], EDGE)
        for number, swing in enumerate(self.r["swings"], 1):
            i, seat = swing["index"], swing["seat"]
            x = plot.x + plot.w * i / max(1, n)
            y = plot.bottom - series[i][seat] * plot.h
            radius = int(9 * s)
            pygame.draw.circle(surf, (16, 20, 28), (x, y), radius)
            pygame.draw.circle(surf, self.colours[seat], (x, y), radius, max(1, int(2 * s)))
            lab = text.render(str(number), 11, theme.TEXT, bold=True)
            surf.blit(lab, lab.get_rect(center=(x, y)))

    def _draw_turns(self, surf, rect, plot, s) -> None:
        """The turn numbers under the plot and the axis's name at its right
        end; a number that would touch another label or leave the panel is
        left out."""
        text = self.app.text
        axis = text.render(tr("review.turn_axis"), 11, theme.TEXT_DIM)
        axis_rect = axis.get_rect(topright=(plot.right, plot.bottom + 5 * s))
        surf.blit(axis, axis_rect)
        taken = [axis_rect.inflate(int(12 * s), 0)]
        turns = self.r["turns"]
        n = len(turns) - 1
        last_turn = turns[-1] if turns else 0
        step = max(1, round(last_turn / 8 / 5) * 5) if last_turn > 10 else 1
        shown = set()
        for i, t in enumerate(turns):
            if t % step or t in shown or t <= 0:
                continue
            shown.add(t)
            x = plot.x + plot.w * i / max(1, n)
            lab = text.render(str(t), 11, theme.TEXT_DIM)
            box = lab.get_rect(midtop=(x, plot.bottom + 5 * s))
            if box.x < rect.x + 4 * s or box.right > plot.right or any(box.inflate(int(8 * s), 0).colliderect(r)
                                                                       for r in taken):
                continue
            pygame.draw.line(surf, theme.PANEL_LIGHT, (x, plot.bottom), (x, plot.bottom + 4 * s))
            surf.blit(lab, box)
            taken.append(box)

    def _legend_rect(self, rect, s) -> pygame.Rect:
        """The legend's column at the chart's right."""
        w = int(min(max(220 * s, rect.w * 0.26), rect.w * 0.4))
        return pygame.Rect(rect.right - w - int(8 * s), rect.y + int(6 * s), w, rect.h - int(12 * s))

    def draw_legend(self, surf, rect, s) -> None:
        """Per player: the line's marker and colour, the name and the final
        chance, and under it where the change in the chance came from."""
        text = self.app.text
        head = widgets.fit_label(text, tr("review.parts"), 13, theme.TEXT_DIM, True, rect.w, 10)
        surf.blit(head, (rect.x, rect.y))
        parts = self.r.get("parts")
        final = self.r["series"][-1]
        players = self.r["players"]
        row_h = min(46 * s, (rect.h - head.get_height() - 4 * s) / max(1, players))
        y = rect.y + head.get_height() + 4 * s
        for seat in range(players):
            x = rect.x + 30 * s
            name = widgets.fit_label(text, f"{self.names[seat]} · {percent(final[seat])}", 13, self.colours[seat],
                                     True, int(rect.right - x), 10)
            cy = y + name.get_height() / 2
            pygame.draw.line(surf, self.colours[seat], (rect.x, cy), (rect.x + 22 * s, cy), max(2, int(2.5 * s)))
            draw_emblem(surf, seat, (rect.x + 11 * s, cy), 4.5 * s, self.colours[seat], EDGE)
            surf.blit(name, (x, y))
            if parts:
                line = widgets.fit_label(text, parts_short(parts[seat]), 11, theme.TEXT, False,
                                         int(rect.right - x), 9)
                if y + name.get_height() + line.get_height() <= rect.bottom:
                    surf.blit(line, (x, y + name.get_height()))
            y += row_h

    def index_at(self, pos):
        """The command index under a point of the chart, or None."""
        plot = self.chart_rect
        if plot is None or not plot.w or not plot.h or not plot.inflate(8, 8).collidepoint(pos):
            return None
        n = len(self.r["series"]) - 1
        return max(0, min(n, round((pos[0] - plot.x) / max(1, plot.w) * n)))

    # --- the rest ----------------------------------------------------------------------
    def _swings_wrapped(self, w, s) -> tuple:
        """(the swings' lines wrapped into a panel `w` wide, the step between lines)."""
        font = self.app.fonts.get(13)
        step = max(18 * s, font.get_linesize())
        return [widgets.wrap(swing_line(swing, self.names), font, int(w - 44 * s)) for swing in self.r["swings"]], step

    def swings_height(self, w, s) -> int:
        """The swings' panel's height at width `w` with every swing whole."""
        top = max(32 * s, 8 * s + self.app.fonts.get(16, True).get_linesize())
        wrapped, step = self._swings_wrapped(w, s)
        if not wrapped:
            return int(top + step + 8 * s)
        return int(top + sum(map(len, wrapped)) * step + 4 * s * len(wrapped) + 8 * s)

    def draw_swings(self, surf, rect, s) -> None:
        text = self.app.text
        y = max(rect.y + 32 * s, self._panel(surf, rect, s, "review.swings", 16, 10) + 2 * s)
        swings = self.r["swings"]
        if not swings:
            img = text.render(tr("review.no_swings"), 13, theme.TEXT_DIM)
            surf.blit(img, (rect.x + 12 * s, y))
            return
        # Each swing whole where the panel has room for them all, else two lines of each.
        wrapped, step = self._swings_wrapped(rect.w, s)
        room = (rect.bottom - y) - 4 * s * len(swings)
        most = None if sum(map(len, wrapped)) * step <= room else 2
        for number, (swing, lines) in enumerate(zip(swings, wrapped), 1):
            pygame.draw.circle(surf, self.colours[swing["seat"]], (rect.x + 20 * s, y + 9 * s), int(8 * s))
            lab = text.render(str(number), 11, (16, 16, 16), bold=True)
            surf.blit(lab, lab.get_rect(center=(rect.x + 20 * s, y + 9 * s)))
            for line in lines[:most]:
                if y + step > rect.bottom:
                    return
                img = text.render(line, 13, theme.TEXT)
                surf.blit(img, (rect.x + 34 * s, y))
                y += step
            y += 4 * s

    def _panel(self, surf, rect, s, key, size, inset) -> float:
        """A panel with its heading, smaller (or squeezed) to the panel's width
        if need be; returns the heading's foot."""
        widgets.panel(surf, rect, theme.PANEL)
        head = widgets.fit_label(self.app.text, tr(key), size, theme.TEXT, True, int(rect.w - 2 * inset * s), 10)
        surf.blit(head, (rect.x + inset * s, rect.y + 6 * s))
        return rect.y + 6 * s + head.get_height()

    def better_rows(self, room, s) -> list:
        """The better choices' lines, each wrapped whole into `room` pixels:
        [(picture or None for a gap, indent, step)].  Per person the name
        (and how much the check covered), then each decision where Hard's
        choice was worth clearly more; while the check runs, how far it has come."""
        text, fonts = self.app.text, self.app.fonts
        rows = []

        def line(words, colour, size=13, bold=False, indent=0) -> None:
            font = fonts.get(size, bold)
            step = max(17 * s, font.get_linesize())
            for part in widgets.wrap(words, font, room - indent):
                rows.append((text.render(part, size, colour, bold=bold), indent, step))

        check = self.check
        if check is not None and not check.done:
            done, total = check.progress()
            line(tr("review.better_checking", done=done, total=total) if total
                 else tr("review.better_finding"), theme.TEXT_DIM)
            return rows
        result = check.result() if check is not None else {}
        if not result:
            line(tr("review.better_people"), theme.TEXT_DIM)
            return rows
        indent = int(10 * s)
        for seat_key, person in result.items():
            seat = int(seat_key)
            status = better_status(person)
            line(self.names[seat] + (f" · {status}" if status else ""), self.colours[seat], 13, True)
            if not person["better"]:
                line(tr("review.better_none"), theme.TEXT_DIM, 12, indent=indent)
            for entry in person["better"]:
                line(better_line(entry, self.names), theme.TEXT, 12, indent=indent)
            rows.append((None, 0, 4 * s))
        return rows

    def _better_list(self, rect, s) -> pygame.Rect:
        """Where the better panel's list goes, under its heading."""
        top = max(rect.y + 32 * s, rect.y + 8 * s + self.app.fonts.get(16, True).get_linesize())
        return pygame.Rect(int(rect.x + 12 * s), int(top), int(rect.w - 24 * s), int(rect.bottom - 4 * s - top))

    def better_height(self, w, s) -> int:
        """The better panel's height at width `w` with every line whole."""
        list_rect = self._better_list(pygame.Rect(0, 0, w, 0), s)
        return int(list_rect.y + 4 * s + sum(step for _, _, step in self.better_rows(list_rect.w, s)) + 2)

    def draw_better(self, surf, rect, s) -> None:
        """The better choices in their panel, every entry whole: a list
        taller than the panel scrolls (`scroller`, a bar at its right)."""
        self._panel(surf, rect, s, "review.better", 16, 10)
        view = self._better_list(rect, s)
        rows = self.better_rows(view.w, s)
        if sum(step for _, _, step in rows) > view.h:       # (the bar's gutter off the lines' room)
            rows = self.better_rows(view.w - int(GUTTER * s), s)
            body = pygame.Surface((view.w, int(sum(step for _, _, step in rows)) + 1), pygame.SRCALPHA)
            self._blit_rows(body, rows, 0, 0)
            self.scroller.show(surf, body, view, s)
        else:
            self._blit_rows(surf, rows, view.x, view.y)

    @staticmethod
    def _blit_rows(surf, rows, x, y) -> None:
        for img, indent, step in rows:
            if img is not None:
                surf.blit(img, (x + indent, y))
            y += step

    def draw_dice(self, surf, rect, s) -> None:
        text = self.app.text
        head = self._panel(surf, rect, s, "review.dice", 14, 8)
        counts, expected = self.r["dice"]["counts"], self.r["dice"]["expected"]
        totals = sorted(counts, key=int)
        top = max([counts[t] for t in totals] + [expected[t] for t in totals] + [1])
        bw = (rect.w - 20 * s) / len(totals)
        base = rect.bottom - 22 * s
        room = base - max(rect.y + 44 * s, head + self.app.fonts.get(10).get_linesize() + 2)   # (the counts above)
        for i, t in enumerate(totals):
            x = rect.x + 10 * s + i * bw
            bh = room * counts[t] / top
            bar = pygame.Rect(x + 2, base - bh, bw - 4, bh)
            pygame.draw.rect(surf, (196, 30, 30) if int(t) in (6, 8) else theme.BUTTON_HOVER, bar)
            ey = base - room * expected[t] / top
            pygame.draw.line(surf, theme.ACCENT, (x + 1, ey), (x + bw - 1, ey), max(2, int(2 * s)))
            lab = text.render(str(t), 11, theme.TEXT_DIM)
            surf.blit(lab, lab.get_rect(midtop=(bar.centerx, base + 3 * s)))
            if counts[t]:
                num = text.render(str(counts[t]), 10, theme.TEXT)
                surf.blit(num, num.get_rect(midbottom=(bar.centerx, min(bar.y, ey) - 2)))

    def _gains_legend(self, rect, top, s) -> tuple:
        """The sources' legend in `rect` from `top` down, in as many rows as
        it needs: ([(source, its name's picture, x, y)], the rows' foot)."""
        x, y = rect.x + 8 * s, top
        out = []
        for src in SOURCE_RGB:
            img = self.app.text.render(source_name(src), 11, theme.TEXT_DIM)
            if x + 14 * s + img.get_width() > rect.right - 6 * s:
                x, y = rect.x + 8 * s, y + 16 * s
            out.append((src, img, x, y))
            x += 14 * s + img.get_width() + 10 * s
        return out, y + 22 * s

    def gains_height(self, w, s) -> int:
        """The gains' panel's height at width `w`: every row as high as at 100 %."""
        top = max(28 * s, 8 * s + self.app.fonts.get(14, True).get_linesize())
        _, foot = self._gains_legend(pygame.Rect(0, 0, w, 0), top, s)
        return int(foot + 30 * s * len(self.r["gains"]) + 6 * s)

    def draw_gains(self, surf, rect, s) -> None:
        text = self.app.text
        head = self._panel(surf, rect, s, "review.gains", 14, 8)
        gains = self.r["gains"]
        sources = list(SOURCE_RGB)
        legend, y = self._gains_legend(rect, max(rect.y + 28 * s, head + 2 * s), s)
        for src, img, x, ly in legend:
            hatched(surf, (x, ly + 2 * s, 11 * s, 11 * s), src, s)
            surf.blit(img, (x + 14 * s, ly))
        most = max([sum(g.values()) for g in gains] + [1])
        row_h = min(30 * s, (rect.bottom - y - 4 * s) / max(1, len(gains)))
        size = 12                                   # the names and totals as large as a row holds
        while size > 8 and self.app.fonts.get(size, True).get_linesize() > row_h:
            size -= 1
        # the names' column as wide as the widest name ("Cees (Gemiddeld)"), up to 45 % of the panel
        font = self.app.fonts.get(size, True)
        widest = max([font.size(self.names[seat])[0] for seat in range(len(gains))] + [0]) + 8 * s
        name_w = int(min(max(widest, 60 * s), rect.w * 0.45))
        for seat, g in enumerate(gains):
            name = widgets.fit_label(text, self.names[seat], size, self.colours[seat], True, int(name_w - 4 * s), 8)
            surf.blit(name, (rect.x + 8 * s, y + (row_h - name.get_height()) / 2))
            x = rect.x + 8 * s + name_w
            full = rect.right - 44 * s - x
            for src in sources:
                w = full * g.get(src, 0) / most
                if w >= 1:
                    hatched(surf, (x, y + row_h * 0.2, w, row_h * 0.6), src, s)
                    x += w
            total = text.render(str(sum(g.values())), size, theme.TEXT)
            surf.blit(total, (x + 4 * s, y + (row_h - total.get_height()) / 2))
            y += row_h

    def draw(self, surf, rect, s, marker=None) -> None:
        """The whole review in `rect`: side by side where it has GRID's room
        (draw_grid), else one panel under the other, scrolled (draw_stacked)."""
        self.scroller.reset()                        # (until a layout shows what scrolls)
        if rect.w >= GRID[0] * s - 0.5 and rect.h >= GRID[1] * s - 0.5 and self.grid_holds_the_swings(rect, s):
            self.draw_grid(surf, rect, s, marker)
        else:
            self.draw_stacked(surf, rect, s, marker)

    def legend_height(self, s) -> int:
        """The chart's height its legend needs: a row a player of the name and the parts' line."""
        fonts = self.app.fonts
        row = fonts.get(13, True).get_linesize() + fonts.get(11).get_linesize() + 4 * s
        return int(12 * s + fonts.get(13, True).get_linesize() + 4 * s + self.r["players"] * max(36 * s, row))

    def draw_stacked(self, surf, rect, s, marker=None) -> None:
        """The review for a narrow canvas: the chart, the swings, the better
        choices, the dice and the gains, each whole, one under the other
        (two beside each other where the width holds both at 560 design
        units), on a page that scrolls (`scroller`)."""
        pad = int(10 * s)
        w = rect.w - int(GUTTER * s)
        pairs = w >= 2 * 560 * s + pad
        half = (w - pad) // 2 if pairs else w
        chart_h = max(min(rect.h, int(360 * s)), self.legend_height(s))
        swings_h, better_h = self.swings_height(half, s), self.better_height(half, s)
        dice_h, gains_h = int(DICE_H * s), self.gains_height(half, s)
        rows = [[(self.draw_swings, swings_h), (self.draw_better, better_h)],
                [(self.draw_dice, dice_h), (self.draw_gains, gains_h)]]
        if not pairs:
            rows = [[panel] for row in rows for panel in row]
        heights = [chart_h] + [max(h for _, h in row) for row in rows]
        body = pygame.Surface((rect.w, sum(heights) + pad * (len(heights) - 1)), pygame.SRCALPHA)
        self.draw_chart(body, pygame.Rect(0, 0, w, chart_h), s, marker)
        chart = self.chart_rect
        y = chart_h + pad
        for row, h in zip(rows, heights[1:]):
            for k, (draw, _) in enumerate(row):
                draw(body, pygame.Rect(k * (half + pad), y, half if pairs else w, h), s)
            y += h + pad
        self.scroller.show(surf, body, rect, s)
        self.chart_rect = chart.move(rect.x, rect.y - self.scroller.offset).clip(rect)

    @staticmethod
    def grid_swings_rect(rect, s) -> pygame.Rect:
        """Where the side-by-side review (draw_grid) puts the swings."""
        pad = int(10 * s)
        y = rect.y + int(rect.h * 0.46) + pad
        return pygame.Rect(rect.x, y, int(rect.w * 0.35), rect.bottom - y)

    def grid_holds_the_swings(self, rect, s) -> bool:
        """Whether the side-by-side review shows every swing whole (else the
        review stacks its panels on a page that scrolls, as a narrow one)."""
        swings = self.grid_swings_rect(rect, s)
        return self.swings_height(swings.w, s) <= swings.h

    def draw_grid(self, surf, rect, s, marker=None) -> None:
        """The review side by side: the chart on top; below it the swings,
        the better choices (a list that scrolls), and the dice above the gains."""
        pad = int(10 * s)
        chart_h = int(rect.h * 0.46)
        self.draw_chart(surf, pygame.Rect(rect.x, rect.y, rect.w, chart_h), s, marker)
        swings = self.grid_swings_rect(rect, s)
        y, h, w1 = swings.y, swings.h, swings.w
        w2 = int(rect.w * 0.35)
        self.draw_swings(surf, swings, s)
        self.draw_better(surf, pygame.Rect(rect.x + w1 + pad, y, w2 - pad, h), s)
        x3, w3 = rect.x + w1 + w2 + pad, rect.w - w1 - w2 - pad
        h3 = (h - pad) // 2
        self.draw_dice(surf, pygame.Rect(x3, y, w3, h3), s)
        self.draw_gains(surf, pygame.Rect(x3, y + h3 + pad, w3, h - h3 - pad), s)

    # --- saving ------------------------------------------------------------------------
    def chart_size(self) -> tuple:
        """The saved chart's size: of the window's scale, as its text is
        (1280 x 600 at 1280 x 720, 1920 x 900 at 1920 x 1080)."""
        return round(1280 * self.app.scale), round(600 * self.app.scale)

    def chart_surface(self, surf=None) -> pygame.Surface:
        """The chart and the swings as a picture (drawn on `surf` of
        chart_size() when given)."""
        s = self.app.scale
        if surf is None:
            surf = pygame.Surface(self.chart_size())
        surf.fill(theme.BG)
        rect = surf.get_rect().inflate(-int(20 * s), -int(20 * s))
        chart_h = int(rect.h * 0.68)
        self.draw_chart(surf, pygame.Rect(rect.x, rect.y, rect.w, chart_h), s)
        pad = int(8 * s)
        self.draw_swings(surf, pygame.Rect(rect.x, rect.y + chart_h + pad, rect.w, rect.h - chart_h - pad), s)
        return surf

    def save_note(self) -> tuple:
        """Save the chart; (the line that says where or why not, its colour)."""
        try:
            path = self.save_png()
        except (OSError, pygame.error) as exc:
            return tr("review.save_failed", reason=str(exc)), theme.BAD
        return tr("review.saved", path=path), theme.GOOD

    def save_png(self, folder=None) -> str:
        """Write the chart as a PNG next to the saved games; returns its path
        (OSError or pygame.error when it cannot be written)."""
        folder = folder or saves.saves_dir()
        path = os.path.join(folder, time.strftime("review-%Y%m%d-%H%M%S.png"))
        pygame.image.save(self.chart_surface(), path)
        return path
