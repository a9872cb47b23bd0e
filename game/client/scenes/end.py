"""The end screen: winner, victory points per player, dice histogram, length;
and the game review (game/bots/review.py, drawn by reviewview.py): each
player's chance to win over the game, the biggest swings, the dice against
the odds and the cards gained by source, with the chart saved as a PNG.

The review replays the whole game, hidden cards included, on this laptop:
a hot-seat game from its authority, a LAN game from the host's end reveal
once this laptop has checked it against everything it was shown
(`reviewable_game`); so every player and watcher of a LAN game sees the
same review, and a laptop whose check failed has none (the LAN end screen
says why, scenes/lan_table.py)."""

import pygame
import pygame_gui

from game.bots.review import ChoiceCheck, review

from .. import solo_rating, theme, widgets
from ..i18n import tr
from ..reviewview import ReviewView
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
SOLO_LEAST = 140              # design units of a solo rating's box with its title and value (two lines each)
REVIEW_CANVAS = (1280, 720)   # the review is laid out for the whole design canvas: at 125 % its gains lose their rows


class EndScene(GuiScene):
    def __init__(self, app, controller, seconds: float):
        self.c = controller
        self.seconds = seconds
        self.summary = game_summary(controller)
        self.solo = solo_rating.record(controller)      # a solo game: the person's rating, moved once
        self.reviewing = False
        self.review_view = None         # made on first opening (it replays the game)
        self.saved_note = ("", theme.TEXT)
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
        """The scores' table over the buttons, beside the dice (draw_scores);
        the review's panels need more (reviewview.py)."""
        scores = (800, 292 + 44 * len(self.summary["rows"]))
        if self.solo is not None:              # the dice, and under them the rating's title and value at the least
            scores = (800, max(scores[1], 130 + DICE_LEAST + 14 + SOLO_LEAST + 78))
        return (max(scores[0], REVIEW_CANVAS[0]), max(scores[1], REVIEW_CANVAS[1])) if self.reviewing else scores

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bw, bh, gap = int(200 * s), int(46 * s), int(14 * s)
        keys = self.end_keys()
        if self.can_review():
            keys.append("review")
            if self.reviewing:
                keys.append("save_png")
        x = w // 2 - (len(keys) * bw + (len(keys) - 1) * gap) // 2
        labels = {"menu": tr("end.menu"), "again": tr("end.again"), "save_png": tr("review.save_png"),
                  "review": tr("review.hide") if self.reviewing else tr("review.show")}
        for key in keys:
            self.button(key, (x, h - bh - int(20 * s), bw, bh), labels[key])
            x += bw + gap

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
        self.app.rescale()                     # (the review's canvas: a smaller scale where it needs one)
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
        rect = pygame.Rect(int(24 * s), int(54 * s), w - int(48 * s), h - int(150 * s))
        self.open_review().draw(surf, rect, s)
        note, colour = self.footer()
        if note:
            img = text.render(note, 13, colour)
            if img.get_width() > w - 40 * s:
                img = pygame.transform.smoothscale(img, (int(w - 40 * s), img.get_height()))
            surf.blit(img, img.get_rect(midbottom=(w / 2, h - 72 * s)))

    def footer(self) -> tuple:
        """(text, colour) of the line between the review and the buttons:
        what saving the chart said."""
        return self.saved_note

    def draw_scores(self, surf) -> None:
        text, s = self.app.text, self.app.scale
        w, h = surf.get_size()
        sm = self.summary
        names, colours = self.c.names, self.c.colours
        win = sm["winner"]
        title = widgets.fit_label(text, tr("end.title", name=names[win]), 40, colours[win], True,
                                  int(w - 40 * s), 20)
        surf.blit(title, title.get_rect(midtop=(w / 2, 24 * s)))
        minutes = max(1, round(self.seconds / 60))
        sub = text.render(tr("end.length", turns=sm["turns"], commands=sm["commands"], minutes=minutes),
                          16, theme.TEXT_DIM)
        surf.blit(sub, sub.get_rect(midtop=(w / 2, 84 * s)))
        # victory point table
        cols = sm["columns"]
        table_w = max(int(w * 0.58), w - int((64 + 24 + 240) * s))      # (a narrower canvas: the dice narrower)
        cw = (table_w - 180 * s) / len(cols)
        # column heads in up to two lines ("Langste / handelsroute"), squeezed only if a word is wider
        font = self.app.fonts.get(12, True)
        heads = [widgets.wrap(tr("end." + c), font, int(cw - 4)) for c in cols]
        heads = [lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])] for lines in heads]
        head_h = 16 * s * max(len(lines) for lines in heads)
        table = pygame.Rect(int(40 * s), int(130 * s), table_w,
                            int(56 * s + head_h + 44 * s * len(sm["rows"])))
        widgets.panel(surf, table, theme.PANEL)
        head = text.render(tr("end.breakdown"), 18, theme.TEXT, bold=True)
        surf.blit(head, (table.x + 12 * s, table.y + 8 * s))
        y = table.y + 40 * s
        for i, lines in enumerate(heads):
            for k, line in enumerate(lines):
                img = widgets.fit_label(text, line, 12, theme.TEXT_DIM, True, int(cw - 4), 9)
                surf.blit(img, img.get_rect(midtop=(table.x + 180 * s + cw * (i + 0.5), y + k * 16 * s)))
        y += head_h + 8 * s
        name_room = 180 * s - 30 * s - 6 * s
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
            for i, c in enumerate(cols):
                colour = theme.ACCENT if c == "total" else theme.TEXT
                img = text.render(str(row[c]), 18, colour, bold=c == "total")
                surf.blit(img, img.get_rect(midtop=(table.x + 180 * s + cw * (i + 0.5), y + 9 * s)))
            y += 44 * s
        # dice histogram, and below it a solo player's rating
        foot = h - int((46 + 20 + 12) * s)                 # above the buttons
        box_x = table.right + int(24 * s)
        rating = solo_rating.pictures(self.app, w - int(64 * s) - box_x, self.solo)
        while rating and solo_rating.height(self.app, rating) + 14 * s > foot - table.y - DICE_LEAST * s:
            rating = rating[:-1]                  # (the dice keep their least height: the last lines go, whole)
        below = solo_rating.height(self.app, rating) + int(14 * s) if rating else 0     # (the dice shorter)
        box = pygame.Rect(box_x, table.y, w - int(64 * s) - box_x, min(int(300 * s), foot - table.y - below))
        solo_rating.draw(surf, self.app, pygame.Rect(box.x, box.bottom + int(14 * s), box.w, 0), rating)
        widgets.panel(surf, box, theme.PANEL)
        head = text.render(tr("end.dice"), 18, theme.TEXT, bold=True)
        surf.blit(head, (box.x + 12 * s, box.y + 8 * s))
        dice = sm["dice"][2:]
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
