"""The end screen: winner, victory points per player, dice histogram, length;
and the game review (game/bots/review.py, drawn by reviewview.py): each
player's chance to win over the game, the biggest swings, the dice against
the odds and the cards gained by source, with the chart saved as a PNG.

The review replays the whole game, hidden cards included, on this laptop:
a hot-seat game from its authority, a LAN game from the host's end reveal
once this laptop has checked it against everything it was shown
(`reviewable_game`); so every player and watcher of a LAN game sees the
same review, and a laptop whose check failed has none (the LAN end screen
says why, scenes/lan_table.py).

Both hold every scale of text and controls (app.py): where the scores,
the dice and a solo rating do not fit side by side they go one under the
other on a page that scrolls (the table two lines a seat when its columns
would be too narrow), the review's panels likewise (reviewview.py); the
buttons get narrower, down to what their labels need."""

import pygame
import pygame_gui

from game.bots.review import ChoiceCheck, review

from .. import solo_rating, theme, widgets
from ..i18n import tr
from ..reviewview import ReviewView
from ..scroller import GUTTER, Scroller
from ..table.parts import part_for
from ..scene import GuiScene


def game_summary(controller):
    """Public facts of a finished game for the end screen (and tools): per
    seat the points of each kind (the columns add up to `total`)."""
    v = controller.view(None)
    n = v.n
    part = part_for(v.config)            # the rule set's points by source (its table part)
    rows = []
    for s in range(n):
        settlements = sum(1 for o, lvl in zip(v.node_owner, v.node_level) if o == s and lvl == 1)
        cities = sum(1 for o, lvl in zip(v.node_owner, v.node_level) if o == s and lvl == 2)
        vp_cards = v.vp_cards_shown[s] if v.vp_cards_shown[s] >= 0 else 0
        # every column in points (a city is worth 2), so that a row adds up to its total
        row = {"seat": s, "settlements": settlements, "cities": 2 * cities,
               "longest_road": 2 if v.longest_road == s else 0,
               "largest_army": 2 if v.largest_army == s else 0,
               "vp_cards": vp_cards, "total": v.vp_public[s] + vp_cards}
        rows.append(part.score_row(v, s, row))
    dice = [0] * 13
    records = controller.records_since(0)
    for record in records:
        for event in record.events:
            if event[0] == "rolled":
                dice[event[2] + event[3]] += 1
    return {"winner": v.winner, "rows": rows, "dice": dice, "turns": v.turn, "commands": len(records),
            "columns": part.score_columns}


def name_lines(text, fonts, name, bold, room) -> list:
    """A player's name as one line in `room` pixels, or two smaller ones
    when it is too long (squeezed only if even those do not fit)."""
    img = text.render(name, 17, theme.TEXT, bold)
    if img.get_width() <= room:
        return [img]
    lines = widgets.wrap(name, fonts.get(14, bold), room)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [widgets.fit_label(text, line, 14, theme.TEXT, bold, room, 10) for line in lines]


def reviewable_game(controller):
    """The whole game as (config with its seed, commands) where this laptop
    holds it: a hot-seat game's authority, a LAN game checked after the
    host's end reveal (LanController.whole_game); else None."""
    auth = getattr(controller, "auth", None)
    if auth is not None:
        return auth.config, [r.cmd for r in auth.log]
    return getattr(controller, "whole_game", None)


def people_of(controller) -> list:
    """The seats persons played (the review checks their decisions)."""
    levels = getattr(controller, "computers", None)
    if levels is None:
        levels = getattr(controller.names, "levels", ())
    return [seat for seat, level in enumerate(levels) if level is None]


DICE_LEAST = 150              # design units of the dice's panel at the least (a solo rating below takes the rest)
DICE_H = 220                  # design units of the dice's panel on a page that scrolls
NAME_W = 180                  # design units of the scores' name column
COLUMN_LEAST = 70             # design units of a points column at the least beside the names (else two lines a seat)
SHORT = 560                   # design units of a canvas's height below which the title is smaller
BUTTON_W = 200                # design units of a button where the row has room


class EndScene(GuiScene):
    def __init__(self, app, controller, seconds: float):
        self.c = controller
        self.seconds = seconds
        self.summary = game_summary(controller)
        self.solo = solo_rating.record(controller)      # a solo game: the person's rating, moved once
        self.reviewing = False
        self.review_view = None         # made on first opening (it replays the game)
        self.saved_note = ("", theme.TEXT)
        self.scores_scroller = Scroller()               # the scores' page where it is taller than its room
        super().__init__(app)

    def can_review(self) -> bool:
        """The review replays the whole game: this laptop must hold it (see reviewable_game)."""
        return reviewable_game(self.c) is not None

    def open_review(self) -> ReviewView:
        if self.review_view is None:
            config, commands = reviewable_game(self.c)
            self.review_view = ReviewView(self.app, review(config, commands), self.c.names, self.c.colours,
                                          ChoiceCheck(config, commands, people_of(self.c)))
        return self.review_view

    def update(self, dt) -> None:
        super().update(dt)
        if self.reviewing and self.review_view is not None and self.review_view.work():
            self.app.dirty = True

    def busy(self) -> bool:
        return self.reviewing and self.review_view is not None and self.review_view.working()

    def min_canvas(self) -> tuple:
        """The least canvas of every scene (Scene.min_canvas): where the
        scores or the review do not fit whole they go on a page that
        scrolls (draw_scores, ReviewView.draw_stacked), the buttons narrower
        (button_rects)."""
        return super().min_canvas()

    def scroller(self) -> Scroller:
        """What the wheel and the scrolling keys move: the review's or the scores' page."""
        return self.open_review().scroller if self.reviewing else self.scores_scroller

    def handle_event(self, event) -> None:
        if event.type in (pygame.MOUSEWHEEL, pygame.KEYDOWN) and self.scroller().handle(event):
            self.app.dirty = True
            return
        super().handle_event(event)

    def build(self) -> None:
        keys = self.end_keys()
        if self.can_review():
            keys.append("review")
            if self.reviewing:
                keys.append("save_png")
        labels = {"menu": tr("end.menu"), "again": tr("end.again"), "save_png": tr("review.save_png"),
                  "review": tr("review.hide") if self.reviewing else tr("review.show")}
        for key, rect in zip(keys, self.button_rects([labels[key] for key in keys])):
            self.button(key, rect, labels[key])

    def button_rects(self, labels) -> list:
        """The buttons' places in a row at the bottom, each BUTTON_W wide
        (or as wide as its label needs) where the row holds them, else as
        wide as its label needs and an equal share of what is left; in a
        second row what even so does not fit."""
        w, h = self.app.size
        s = self.app.scale
        bh, gap, room = int(46 * s), int(14 * s), w - 40 * s
        needs = [widgets.label_width(self.app.text, label, 17, False) + 28 * s for label in labels]
        rows = [[]]
        for i, need in enumerate(needs):
            if rows[-1] and sum(needs[j] for j in rows[-1]) + need + gap * len(rows[-1]) > room:
                rows.append([])
            rows[-1].append(i)
        out = []
        for r, row in enumerate(rows):
            share = min(BUTTON_W * s, (room - gap * (len(row) - 1)) / len(row))
            widths = [int(max(needs[i], share)) for i in row]
            if sum(widths) + gap * (len(row) - 1) > room:
                extra = (room - gap * (len(row) - 1) - sum(needs[i] for i in row)) / len(row)
                widths = [int(needs[i] + extra) for i in row]
            x = w // 2 - (sum(widths) + (len(row) - 1) * gap) // 2
            y = h - int(20 * s) - bh - (len(rows) - 1 - r) * (bh + gap)
            for bw in widths:
                out.append((x, y, bw, bh))
                x += bw + gap
        return out

    def buttons_top(self) -> int:
        """The top of the buttons' rows."""
        return min((b.rect.y for b in self.buttons.values()), default=self.app.size[1])

    def end_keys(self) -> list:
        """The buttons before the review's: to the menu, a new game."""
        return ["menu", "again"]

    def on_gui(self, event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.buttons["menu"]:
            self.app.nav.back()
        elif event.ui_element is self.buttons.get("again"):
            self.app.nav.go("new_game")
        elif event.ui_element is self.buttons.get("review"):
            self.toggle_review()
        elif event.ui_element is self.buttons.get("save_png"):
            self.save_chart()

    def toggle_review(self) -> None:
        self.reviewing = not self.reviewing
        if self.reviewing:
            self.open_review()
        self.app.rescale()
        self.resize(self.app.size)

    def save_chart(self) -> None:
        self.saved_note = self.open_review().save_note()
        self.app.dirty = True

    def draw(self, surf) -> None:
        self.draw_background(surf)
        if self.reviewing:
            self.draw_review(surf)
        else:
            self.draw_scores(surf)
        self.manager.draw_ui(surf)

    def draw_review(self, surf) -> None:
        text, s = self.app.text, self.app.scale
        w, h = surf.get_size()
        win = self.summary["winner"]
        title = widgets.fit_label(text, tr("review.title") + " · " + tr("end.title", name=self.c.names[win]),
                                  26, theme.TEXT, True, int(w - 40 * s), 16)
        surf.blit(title, title.get_rect(midtop=(w / 2, 12 * s)))
        note, colour = self.footer()
        line = int(20 * s)                               # a note's line over the buttons
        bottom = self.buttons_top() - int(6 * s)
        rect = pygame.Rect(int(24 * s), int(54 * s), w - int(48 * s), bottom - line - (line if note else 0) - int(54 * s))
        view = self.open_review()
        view.draw(surf, rect, s)
        if view.scroller.room:
            self.draw_note(surf, tr("end.scroll"), theme.TEXT_DIM, bottom)
            bottom -= line
        if note:
            self.draw_note(surf, note, colour, bottom)

    def draw_note(self, surf, note, colour, bottom) -> None:
        """A line over the buttons, its foot at `bottom` (what saving the chart said, how to scroll)."""
        s, w = self.app.scale, surf.get_width()
        img = widgets.fit_label(self.app.text, note, 13, colour, False, int(w - 40 * s), 10)
        surf.blit(img, img.get_rect(midbottom=(w / 2, bottom)))

    def footer(self) -> tuple:
        """(text, colour) of the line between the review and the buttons:
        what saving the chart said."""
        return self.saved_note

    # --- the scores ---------------------------------------------------------------------------
    def draw_scores(self, surf) -> None:
        """The title and the game's length; under them the points table, the
        dice and a solo game's rating: side by side where they fit whole,
        else one under the other on a page that scrolls."""
        text, s = self.app.text, self.app.scale
        w, h = surf.get_size()
        names, colours = self.c.names, self.c.colours
        win, sm = self.summary["winner"], self.summary
        short = h < SHORT * s                 # (a low canvas: the title smaller, the scores' room higher)
        title = widgets.fit_label(text, tr("end.title", name=names[win]), 28 if short else 40, colours[win], True,
                                  int(w - 40 * s), 20)
        surf.blit(title, title.get_rect(midtop=(w / 2, (10 if short else 24) * s)))
        minutes = max(1, round(self.seconds / 60))
        sub = widgets.fit_label(text, tr("end.length", turns=sm["turns"], commands=sm["commands"], minutes=minutes),
                                16, theme.TEXT_DIM, False, int(w - 40 * s), 11)
        surf.blit(sub, sub.get_rect(midtop=(w / 2, (54 if short else 84) * s)))
        top = int((86 if short else 130) * s)
        self.scores_scroller.reset()                 # (until the page is shown)
        notes = self.notes_height()
        # the hint to scroll over the buttons, or over the lines a subclass draws there (LanEndScene
        # draws them up from 80 design units over the window's foot)
        hint = self.buttons_top() - int(6 * s) if not notes else h - int(80 * s) - notes - int(4 * s)
        if not self.draw_scores_beside(surf, top, hint - int(6 * s)):
            view = pygame.Rect(int(24 * s), top, w - int(48 * s), hint - int(24 * s) - top)
            self.draw_scores_page(surf, view, hint)

    def notes_under_scores(self) -> list:
        """[(text, size, bold)] a subclass draws between the scores and the
        buttons, in up to four lines each (LanEndScene: its fair check);
        the scores keep room for them.  None here."""
        return []

    def notes_height(self) -> int:
        """The pixels notes_under_scores take."""
        s, w = self.app.scale, self.app.size[0]
        height = 0
        for text, size, bold in self.notes_under_scores():
            font = self.app.fonts.get(size, bold)
            height += min(4, len(widgets.wrap(text, font, w - int(40 * s)))) * font.get_linesize() + int(6 * s)
        return height

    def draw_scores_beside(self, surf, top, foot) -> bool:
        """The table at the left, the dice at the right, a solo rating under
        them, when all of it fits whole between `top` and `foot`; False (and
        nothing drawn) where it does not."""
        s = self.app.scale
        w = surf.get_width()
        table_w = max(int(w * 0.58), w - int((64 + 24 + 240) * s))      # (a narrower canvas: the dice narrower)
        if (table_w - NAME_W * s) / len(self.summary["columns"]) < COLUMN_LEAST * s \
                or top + self.table_height(table_w, False) > foot:
            return False
        box_x = int(40 * s) + table_w + int(24 * s)
        rating = solo_rating.pictures(self.app, w - int(64 * s) - box_x, self.solo)
        below = solo_rating.height(self.app, rating) + int(14 * s) if rating else 0
        if foot - top - below < DICE_LEAST * s:
            return False
        self.draw_table(surf, pygame.Rect(int(40 * s), top, table_w, 0), False)
        box = pygame.Rect(box_x, top, w - int(64 * s) - box_x, min(int(300 * s), foot - top - below))
        solo_rating.draw(surf, self.app, pygame.Rect(box.x, box.bottom + int(14 * s), box.w, 0), rating)
        self.draw_dice(surf, box)
        return True

    def draw_scores_page(self, surf, view, hint) -> None:
        """The table, the dice and a solo rating one under the other (the
        dice and the rating beside each other where both have 300 design
        units), scrolled in `view`, the hint to scroll under it (its foot at `hint`)."""
        s = self.app.scale
        pad = int(14 * s)
        w = view.w - int(GUTTER * s)
        two_lines = (w - NAME_W * s) / len(self.summary["columns"]) < COLUMN_LEAST * s
        table_h = self.table_height(w, two_lines)
        beside = self.solo is not None and w >= 2 * 300 * s + pad
        rating_w = (w - pad) // 2 if beside else w
        rating = solo_rating.pictures(self.app, rating_w, self.solo)
        rating_h = solo_rating.height(self.app, rating)
        dice_h = int(DICE_H * s)
        height = table_h + pad + (max(dice_h, rating_h) if beside else dice_h + (pad + rating_h if rating else 0))
        body = pygame.Surface((view.w, height), pygame.SRCALPHA)
        self.draw_table(body, pygame.Rect(0, 0, w, 0), two_lines)
        y = table_h + pad
        self.draw_dice(body, pygame.Rect(0, y, rating_w if beside else w, dice_h))
        if beside:
            solo_rating.draw(body, self.app, pygame.Rect(rating_w + pad, y, rating_w, 0), rating)
        else:
            solo_rating.draw(body, self.app, pygame.Rect(0, y + dice_h + pad, w, 0), rating)
        self.scores_scroller.show(surf, body, view, s)
        if self.scores_scroller.room:
            self.draw_note(surf, tr("end.scroll"), theme.TEXT_DIM, hint)

    def _heads(self, cw) -> list:
        """The columns' heads in up to two lines ("Langste / handelsroute")."""
        font = self.app.fonts.get(12, True)
        heads = [widgets.wrap(tr("end." + c), font, int(cw - 4)) for c in self.summary["columns"]]
        return [lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])] for lines in heads]

    def _columns(self, width, two_lines) -> tuple:
        """(the points' first column's left from the table's, a column's width)."""
        s = self.app.scale
        left = 12 * s if two_lines else NAME_W * s
        return left, (width - left - (12 * s if two_lines else 0)) / len(self.summary["columns"])

    def table_height(self, width, two_lines) -> int:
        """The points table's height at `width`: a row a seat, or two (the
        name over the points) where the columns beside the names would be too narrow."""
        s = self.app.scale
        _, cw = self._columns(width, two_lines)
        head_h = 16 * s * max(len(lines) for lines in self._heads(cw))
        row_h = (44 + 26) * s if two_lines else 44 * s
        return int(56 * s + head_h + row_h * len(self.summary["rows"]))

    def draw_table(self, surf, at, two_lines) -> None:
        """The points table at `at`'s top left, `at.w` wide."""
        text, s = self.app.text, self.app.scale
        sm = self.summary
        names, colours, win = self.c.names, self.c.colours, sm["winner"]
        cols = sm["columns"]
        left, cw = self._columns(at.w, two_lines)
        heads = self._heads(cw)
        head_h = 16 * s * max(len(lines) for lines in heads)
        table = pygame.Rect(at.x, at.y, at.w, self.table_height(at.w, two_lines))
        widgets.panel(surf, table, theme.PANEL)
        head = widgets.fit_label(text, tr("end.breakdown"), 18, theme.TEXT, True, int(table.w - 24 * s), 12)
        surf.blit(head, (table.x + 12 * s, table.y + 8 * s))
        y = table.y + 40 * s
        for i, lines in enumerate(heads):
            for k, line in enumerate(lines):
                img = widgets.fit_label(text, line, 12, theme.TEXT_DIM, True, int(cw - 4), 9)
                surf.blit(img, img.get_rect(midtop=(table.x + left + cw * (i + 0.5), y + k * 16 * s)))
        y += head_h + 8 * s
        name_room = (table.w - 48 * s) if two_lines else NAME_W * s - 30 * s - 6 * s
        for row in sorted(sm["rows"], key=lambda r: -r["total"]):
            seat = row["seat"]
            pygame.draw.rect(surf, colours[seat], (table.x + 12 * s, y + 6 * s, 10 * s, 26 * s))
            # A long name (a LAN computer's "Name (computer, Medium)") goes on two
            # smaller lines, ending before the first points column.
            lines = name_lines(text, self.app.fonts, names[seat], seat == win, int(name_room))
            top = y + 21 * s - sum(img.get_height() for img in lines) / 2
            for img in lines:
                surf.blit(img, (table.x + 30 * s, top))
                top += img.get_height()
            if two_lines:
                y += 36 * s                                    # (the points on a line of their own)
            for i, c in enumerate(cols):
                colour = theme.ACCENT if c == "total" else theme.TEXT
                img = text.render(str(row[c]), 18, colour, bold=c == "total")
                surf.blit(img, img.get_rect(midtop=(table.x + left + cw * (i + 0.5), y + 9 * s)))
            y += (44 - 10) * s if two_lines else 44 * s

    def draw_dice(self, surf, box) -> None:
        """The dice histogram in `box`."""
        text, s = self.app.text, self.app.scale
        widgets.panel(surf, box, theme.PANEL)
        head = widgets.fit_label(text, tr("end.dice"), 18, theme.TEXT, True, int(box.w - 24 * s), 12)
        surf.blit(head, (box.x + 12 * s, box.y + 8 * s))
        dice = self.summary["dice"][2:]
        top = max(dice) or 1
        bw = (box.w - 24 * s) / 11
        base = box.bottom - 30 * s
        for i, k in enumerate(dice):
            bh = (box.h - 90 * s) * k / top
            r = pygame.Rect(box.x + 12 * s + i * bw + 2, base - bh, bw - 4, bh)
            pygame.draw.rect(surf, (196, 30, 30) if i + 2 in (6, 8) else theme.BUTTON_HOVER, r)
            lab = text.render(str(i + 2), 13, theme.TEXT_DIM)
            surf.blit(lab, lab.get_rect(midtop=(r.centerx, base + 4 * s)))
            if k:
                num = text.render(str(k), 12, theme.TEXT)
                surf.blit(num, num.get_rect(midbottom=(r.centerx, r.y - 2)))
