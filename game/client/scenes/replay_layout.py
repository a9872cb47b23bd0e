"""Where the replay viewer's parts go (game/client/scenes/replay.py).

Where the window leaves room for them (every scale up to 150 %), the
table's three columns between the title bar and the timeline's bar: the
log on the left under the rule set's widget (C&K: the barbarians), the
board, and the players on the right, each seat's table panel with its
hand under it.

At 200 % (a canvas of 640x360 design units) the replay turns narrow, as
the table does (table/layout.py): the left column folds away into a
drawer over the players' column (the rule set's widget, the log, and the
keys at its foot) that the bar's Log button or the L key opens, so the
board stays in sight while the log tells the moves; C&K's barbarians in
short over the board's top left while it is closed.  The players' column
runs from the title bar to the window's bottom beside the timeline's bar
under the board, whose buttons stand in two rows; the seats get the
table's full panels where they fit, else compact ones, else one row each
(panels.ROW, five or six seats), each with its hand in a line under it.
`min_canvas` is the room the narrow layout needs."""

import pygame

from ..cmdline import fit
from ..table import layout as table_layout
from ..table.layout import TableLayout


class ReplayLayout:
    """`board`, `dice`, `barbarians`, `log`, `drawer` and `left_chip` are
    read by the table's drawing (game/client/table/draw.py, panels.py) and
    the rule set's table part (`part`: its dice, left widget and panel
    height); each seat has a table panel (`seats`) and under it the row of
    its hand (`hands`, `hand_lines` lines: its cards, then its other cards
    in words)."""

    HAND_H = 36                     # a seat's hand under its panel: the cards, then its other cards in words
    HAND_H_ONE_LINE = 21            # both on one line
    BAR_MIN_W = 960                 # the timeline's bar beside the players' column: its buttons and a hint
    BAR_TWO_ROWS_W = 500            # ... or its buttons in two rows (a taller bar)
    BAR_H, BAR_TWO_ROWS_H = 84, 130
    MIDDLE_MIN_H = 300              # the board and the log over a bar of two rows
    # the narrow replay (design units)
    NARROW_BAR = 102                # the timeline's bar under the board: the timeline, two rows of buttons
    NARROW_BUTTON_H, NARROW_GAP = 32, 5
    NARROW_ROWS = ((("first", 40), ("back1", 40), ("play", 80), ("fwd1", 40), ("last", 40), ("log", 64)),
                   (("slower", 40), ("speed", 96), ("faster", 40), ("view", 0)))    # (0: the rest of the row)
    NARROW_VIEW_W = 136             # the least of the view's button
    NARROW_KEYS_H = 34              # the keys' two lines at the drawer's foot
    CARD_W, CARD_W_NARROW = 22, 18  # a card in a hand row

    def __init__(self, size, players: int, part, s=None):
        W, H = size
        s = fit(size) if s is None else s
        self.s = s
        self.screen = pygame.Rect(0, 0, W, H)
        wide_w, wide_h = self.wide_canvas(players, part)
        self.narrow = W / s < wide_w - 0.5 or H / s < wide_h - 0.5
        self.rows = False                   # the panels in one row each (narrow, five or six seats)
        if self.narrow:
            self._narrow(W, H, s, max(1, players), part)
        else:
            self.drawer = self.left_chip = self.keys = None     # (the log and the keys always on show)
            self.card_w = int(self.CARD_W * s)
            self._wide(W, H, s, players, part)

    log_shown = TableLayout.log_shown       # the log on show: always, or while the drawer is open

    def _wide(self, W, H, s, players, part) -> None:
        top_h, bar_h = int(42 * s), int(self.BAR_H * s)
        left_w = int(max(W * 0.19, 236 * s))
        side_w = int(max(W * 0.25, 320 * s))
        middle_h = H - top_h - bar_h
        # Five or six seats, each a panel and a hand row, need the players'
        # column down to the window's bottom: the timeline's bar then ends at
        # it, where it still holds its buttons (else the panels turn compact).
        crowded = players * (int(part.panel_h * s) + int(self.HAND_H_ONE_LINE * s) + int(6 * s)) > middle_h
        tall = crowded and W - side_w >= int(self.BAR_MIN_W * s)
        # where not even compact panels over the bar hold the seats, the column
        # runs down beside a bar of two rows of buttons (five or six seats at 150 %)
        pad = int(4 * s)
        room = (middle_h - pad) // max(1, players) - pad
        two_rows = crowded and not tall and W - side_w >= int(self.BAR_TWO_ROWS_W * s) and \
            room < int(part.panel_compact_h * s) + int(self.HAND_H_ONE_LINE * s)
        if two_rows:
            tall, bar_h = True, int(self.BAR_TWO_ROWS_H * s)
            middle_h = H - top_h - bar_h
        bar_w = W - side_w if tall else W
        self.top = pygame.Rect(0, 0, W, top_h)
        self.bar = pygame.Rect(0, H - bar_h, bar_w, bar_h)
        self.left = pygame.Rect(0, top_h, left_w, middle_h)
        self.board = pygame.Rect(left_w, top_h, W - side_w - left_w, middle_h)
        self.side = pygame.Rect(W - side_w, top_h, side_w, H - top_h if tall else middle_h)
        pad = int(8 * s)
        self.timeline = pygame.Rect(pad * 2, self.bar.y + pad, bar_w - 4 * pad, int(16 * s))
        self._top_buttons(W, H, s, top_h, bar_h)
        bw, bh, gap = int(52 * s), int(40 * s), int(6 * s)
        y = self.bar.bottom - bh - pad - (bh + gap if two_rows else 0)
        x = pad * 2
        self.buttons = {}
        for key, width in (("first", bw), ("back1", bw), ("play", int(110 * s)), ("fwd1", bw), ("last", bw),
                           ("slower", bw), ("speed", int(120 * s)), ("faster", bw), ("view", int(210 * s))):
            self.buttons[key] = pygame.Rect(x, y, width, bh)
            x += width + gap
            if key == "last" and two_rows:          # (the keys' hint beside the first row)
                self.hint_x, x, y = x + gap * 3, pad * 2, y + bh + gap
            elif key in ("last", "faster"):
                x += gap * 3
        if not two_rows:
            self.hint_x = x
        # the dice at the top right of the sea
        size, step = int(40 * s), int(40 * s) + int(8 * s)
        x = self.board.right - int(12 * s) - part.dice * step
        self.dice = [pygame.Rect(x + i * step, self.board.y + int(12 * s), size, size) for i in range(part.dice)]
        # the left column: the rule set's widget (C&K: the barbarians' track), the log under it
        pad = int(6 * s)
        inner = left_w - 2 * pad
        y = self.left.y + pad
        self.barbarians = pygame.Rect(pad, y, inner, int(part.left_widget_h * s))
        if part.left_widget_h:
            y = self.barbarians.bottom + pad
        self.log = pygame.Rect(pad, y, inner, self.left.bottom - pad - y)
        # the right column: per seat the table's panel and the seat's hand under it
        # (one line when the seats are too many for two: five or six, closer together)
        if crowded:
            pad = int((3 if two_rows else 4) * s)
        room = (self.side.h - pad) // max(1, players) - pad
        # (where the column cannot run down beside the bar, two lines under
        # compact panels rather than the cards' words squeezed beside them)
        two_lines = int((part.panel_h + self.HAND_H) * s) <= room or \
            crowded and not tall and int((part.panel_compact_h + self.HAND_H) * s) <= room
        self.hand_lines = 2 if two_lines else 1
        hand_h = int((self.HAND_H if self.hand_lines == 2 else self.HAND_H_ONE_LINE) * s)
        block = min(int(part.panel_h * s) + hand_h, room)
        x, w = self.side.x + pad, side_w - 2 * pad
        self.seats = [pygame.Rect(x, self.side.y + pad + i * (block + pad), w, block - hand_h)
                      for i in range(players)]
        self.hands = [pygame.Rect(x, r.bottom, w, hand_h) for r in self.seats]
        self.compact = block - hand_h < int(part.panel_min_h * s)     # (the panels' look: table/panels.look)

    def _top_buttons(self, W, H, s, top_h, bar_h) -> None:
        """The title bar's buttons (back; a finished game's review, its chart's
        save button) and where the review is drawn, over the window's width
        between the title bar and the timeline's bar."""
        pad = int(8 * s)
        self.back = pygame.Rect(W - int(96 * s), int(6 * s), int(88 * s), top_h - int(12 * s))
        self.review = pygame.Rect(self.back.x - int(138 * s), self.back.y, int(130 * s), self.back.h)
        self.save_png = pygame.Rect(self.review.x - int(188 * s), self.back.y, int(180 * s), self.back.h)
        # the review, and under it a line of its own for what saving the chart said
        note_h = int(20 * s)
        self.review_area = pygame.Rect(pad * 2, top_h + pad * 2, W - pad * 4, H - top_h - bar_h - pad * 4 - note_h)
        self.note_line = pygame.Rect(pad * 2, self.review_area.bottom + pad // 2, W - pad * 4, note_h)

    def _narrow(self, W, H, s, players, part) -> None:
        top_h, bar_h, side_w = int(42 * s), int(self.NARROW_BAR * s), int(table_layout.NARROW_SIDE * s)
        main_w = W - side_w                 # the board over the timeline's bar, beside the players
        self.top = pygame.Rect(0, 0, W, top_h)
        self.bar = pygame.Rect(0, H - bar_h, main_w, bar_h)
        self.board = pygame.Rect(0, top_h, main_w, H - top_h - bar_h)
        self.side = pygame.Rect(main_w, top_h, side_w, H - top_h)
        self._top_buttons(W, H, s, top_h, bar_h)
        # over the board's top the barbarians in short (C&K) and the dice, the island under their row
        pad = int(4 * s)
        tools = int(table_layout.NARROW_TOOLS * s)
        self.island = pygame.Rect(self.board.x, self.board.y + tools, self.board.w, self.board.h - tools)
        self.left_chip = pygame.Rect(self.board.x + pad, self.board.y + pad, int(part.left_chip_w * s),
                                     tools - 2 * pad) if part.left_chip_w else None
        size, step = int(28 * s), int(28 * s) + int(5 * s)
        x = self.board.right - pad - part.dice * step + int(5 * s)
        self.dice = [pygame.Rect(x + i * step, self.board.y + int(2 * s), size, size) for i in range(part.dice)]
        # the drawer over the players' column: the rule set's widget, the log, the keys at its foot
        self.drawer = self.side.inflate(-2 * pad, -2 * pad)
        self.left = self.drawer
        inner = self.drawer.inflate(-2 * pad, -2 * pad)
        self.barbarians = pygame.Rect(inner.x, inner.y, inner.w, int(part.left_widget_h * s))
        y = self.barbarians.bottom + pad if part.left_widget_h else inner.y
        keys_h = int(self.NARROW_KEYS_H * s)
        self.log = pygame.Rect(inner.x, y, inner.w, inner.bottom - keys_h - pad - y)
        self.keys = pygame.Rect(inner.x, self.log.bottom + pad, inner.w, keys_h)
        # the timeline's bar: the timeline, under it the buttons in two rows
        pad = int(6 * s)
        self.timeline = pygame.Rect(pad * 2, self.bar.y + pad, main_w - 4 * pad, int(14 * s))
        bh, gap = int(self.NARROW_BUTTON_H * s), int(self.NARROW_GAP * s)
        self.buttons = {}
        y = self.bar.bottom - pad - 2 * bh - gap
        for row in self.NARROW_ROWS:
            x = pad * 2
            for key, width in row:
                w = int(width * s) if width else self.bar.right - pad * 2 - x
                self.buttons[key] = pygame.Rect(x, y, w, bh)
                x += w + gap
            y += bh + gap
        self.hint_x = None                  # (the keys in the drawer)
        self._narrow_seats(s, players, part)

    def _narrow_seats(self, s, players, part) -> None:
        """The players' column: per seat the largest of the table's panels
        (full, compact, one row) that leaves room for its hand under it, in
        two lines or in one."""
        pad = int(3 * s)
        room = (self.side.h - pad) // players - pad
        looks = ((part.panel_h, self.HAND_H), (part.panel_compact_h, self.HAND_H),
                 (part.panel_compact_h, self.HAND_H_ONE_LINE), (table_layout.ROW_H, self.HAND_H_ONE_LINE))
        panel_h, hand_h = next((look for look in looks if int(look[0] * s) + int(look[1] * s) <= room), looks[-1])
        self.hand_lines = 2 if hand_h == self.HAND_H else 1
        self.compact = panel_h < part.panel_h
        self.rows = panel_h == table_layout.ROW_H
        self.card_w = int(self.CARD_W_NARROW * s)
        ph, hh = int(panel_h * s), int(hand_h * s)
        x, w = self.side.x + pad, self.side.w - 2 * pad
        self.seats = [pygame.Rect(x, self.side.y + pad + i * (ph + hh + pad), w, ph) for i in range(players)]
        self.hands = [pygame.Rect(x, r.bottom, w, hh) for r in self.seats]

    @classmethod
    def wide_canvas(cls, players: int, part) -> tuple:
        """The least canvas, in design units, of the three columns (the
        design's own, 1280 x 720, holds six seats): the three columns
        side by side, and the players' column of compact panels within the
        middle over the timeline's bar, or down to the window's bottom
        beside the bar of two rows (its buttons need more than the board's
        width in one row: `tall` only with BAR_MIN_W)."""
        seat = part.panel_compact_h + cls.HAND_H_ONE_LINE
        over_bar = 42 + cls.BAR_H + 4 + players * (seat + 4)
        beside_bar = max(42 + 3 + players * (seat + 3), 42 + cls.BAR_TWO_ROWS_H + cls.MIDDLE_MIN_H)
        return (236 + 290 + 320, min(over_bar, beside_bar))

    @classmethod
    def min_canvas(cls, players: int, part) -> tuple:
        """The least window, in design units, the layout holds (Scene.min_canvas):
        the narrow replay's board with its bar's buttons beside the players'
        column, the seats in one row each with their hand in a line under it."""
        pad = 6
        buttons = max(sum(w for _, w in row) + cls.NARROW_VIEW_W * (not row[-1][1]) + (len(row) - 1) * cls.NARROW_GAP
                      for row in cls.NARROW_ROWS)
        width = table_layout.NARROW_SIDE + max(table_layout.BOARD_MIN, buttons + 4 * pad)
        seats = 42 + 3 + players * (table_layout.ROW_H + cls.HAND_H_ONE_LINE + 3)
        return (width, max(seats, 42 + cls.NARROW_BAR + table_layout.BOARD_MIN_H))
