"""Where the table's parts go, in units of the window size, so every
resolution from 1280x720 to 3840x2160 gets the same design.

Three columns over the hand strip: on the left what is said (the prompt,
C&K's barbarians, the game log; the staged panels and C&K's side panel lie
over the log), in the middle the board from the window's top to the hand
strip, on the right the players, the bank and the notices.  The board is
tall (the island is fitted tightly into it, boardview) so the island fills
it; the sea at its top holds the dice and the menu button, its bottom right
corner the Hint button.

A larger scale of text and controls (app.py) leaves fewer design units:
the panels then give up the notices' room down to one line (NOTES_MIN)
before they shrink below their content (part.panel_min_h); below that
they turn compact (`compact`: two rows each, panels.COMPACT, at least
part.panel_compact_h), and the action buttons narrow so that the hand
keeps room for its cards (CARDS_MIN).

Where even that does not fit (200 %: a canvas of 640x360 design units)
the table turns narrow (`narrow`, like a game on a phone): the left column
folds away.  The prompt is a band over the board, the log (with C&K's
barbarians over it; in short beside the menu while it is closed) a drawer
over the board's left side that its toggle (the button grid's free slot)
or the L key opens (`drawer`, model.log_open); the staged panels and C&K's
side panel lie over the players' column above the notices (the board stays
free for the robber and the spots to pick), the notices under the bank
where a line fits, else over the board; a LAN table's talk panel over the
prompt and the board (`talk`).
The hand strip runs the window's width under the board and the players'
column, the action buttons in a grid of two rows at its right; the players'
column holds full panels for two seats, compact ones where they fit and one
row each where they do not (`rows`: panels.ROW, the other counts in the
row's tooltip).  Dialogs may use the whole window (`free`).
`min_canvas` is the room the narrow layout needs; a scale that leaves less
is not used at the table."""

import copy

import pygame

from ..cmdline import fit


BOARD_MIN = 300          # the board's least width (design units)
CARDS_MIN = 150          # the hand's least room for its cards, beside the action buttons
NOTES_H, NOTES_MIN = 90, 40       # the notices' room under the bank, and the least of it
BANK_H = 50
# the narrow table (design units)
NARROW_SIDE = 280        # the players' column
NARROW_HAND = 96         # the hand strip, the window's width
NARROW_BAND = 44         # the prompt's band over the board
NARROW_CARDS = 200       # the hand's least room for its cards
NARROW_DRAWER = 240      # the log drawer's width
BOARD_MIN_H = 200        # the narrow board's least height
NARROW_TOOLS = 32        # the row over the narrow board's island: the menu, C&K's barbarians in short, the dice
ROW_H = 28               # a player's panel in one row (panels.ROW)


class TableLayout:
    @staticmethod
    def wide_canvas(players: int, part) -> tuple:
        """The least canvas, in design units, of the three columns side by side,
        with the panels of `players` seats at the least height their compact content
        needs above the bank and one line of notices."""
        return (236 + BOARD_MIN + 300, players * (part.panel_compact_h + 6) + 6 + BANK_H + 6 + NOTES_MIN + 6)

    @staticmethod
    def min_canvas(players: int, part) -> tuple:
        """The least window, in design units, this layout holds (Scene.min_canvas):
        the narrow table's board and players' column side by side, the
        panels of `players` seats in one row each over the bank."""
        return (NARROW_SIDE + BOARD_MIN + 40, NARROW_HAND + max(NARROW_BAND + BOARD_MIN_H,
                                                                 players * (ROW_H + 4) + 4 + BANK_H + 4))

    @classmethod
    def narrow_at(cls, size, percent, players: int, part) -> bool:
        """Whether a window of `size` lays the table of `players` seats out narrow at `percent`."""
        return cls._narrow_by(size, fit(size) * percent / 100, players, part)

    @classmethod
    def _narrow_by(cls, size, s, players: int, part) -> bool:
        """(`s`: pixels per design unit) the three columns need more than the window leaves."""
        w, h = cls.wide_canvas(players, part)
        return size[0] / s < w - 0.5 or size[1] / s < h - 0.5

    def __init__(self, size, players: int, part, s=None):
        """`part`: the rule set's table part (its buttons, panels, dice and the
        left column's widget); `players`: the seats, one panel each; `s`: pixels
        per design unit (the app's scale; default the window's fit at 100 %)."""
        W, H = size
        s = fit(size) if s is None else s
        self.s = s
        self.screen = pygame.Rect(0, 0, W, H)
        self.narrow = self._narrow_by(size, s, players, part)
        self.rows = False                   # the panels in one row each (narrow, many seats)
        if self.narrow:
            self._narrow(W, H, s, max(1, players), part)
        else:
            self._wide(W, H, s, max(1, players), part)
        self._dice(s, part)

    def _wide(self, W, H, s, players, part) -> None:
        pad = int(6 * s)
        right_w = int(max(W * 0.235, 300 * s))
        left_w = int(max(W * 0.19, 236 * s))
        hand_h = int(118 * s)
        main_w = W - right_w                # the left column and the board, over the hand strip
        self.left = pygame.Rect(0, 0, left_w, H - hand_h)
        self.board = pygame.Rect(left_w, 0, main_w - left_w, H - hand_h)
        self.hand = pygame.Rect(0, H - hand_h, main_w, hand_h)
        self.side = pygame.Rect(main_w, 0, right_w, H)
        self.free = pygame.Rect(left_w, 0, W - left_w, H)      # (dialogs: not over the prompt and the staged panels)
        self.overlay = self.board            # (what a big moment's panel lies over: staging)
        # the left column: the prompt, the rule set's widget (C&K: the barbarians' track), the log
        inner = left_w - 2 * pad
        self.top = pygame.Rect(pad, pad, inner, int(88 * s))
        y = self.top.bottom + pad
        self.barbarians = pygame.Rect(pad, y, inner, int(part.left_widget_h * s))
        if part.left_widget_h:
            y = self.barbarians.bottom + pad
        self.log = pygame.Rect(pad, y, inner, self.left.bottom - pad - y)
        self.drawer = None                  # (the log is always on show)
        self.left_chip = None
        self.log_button = None
        # C&K's side panel (the card or decision being played on the board, the
        # selected knight's actions) over the top of the log; the staged panels
        # of a roll and a 7 stack up from the log's bottom
        self.choice_panel = pygame.Rect(self.log)
        self.stage = pygame.Rect(self.log)
        # the right column: the players, the bank, and under them the notices
        ph = min(int(part.panel_h * s), (H - 2 * pad - int(56 * s) - int(NOTES_H * s)) // players - pad)
        if ph < int(part.panel_min_h * s):          # the notices give up room first
            ph = min(int(part.panel_min_h * s), (H - 2 * pad - int(56 * s) - int(NOTES_MIN * s)) // players - pad)
        self.compact = ph < int(part.panel_min_h * s)      # then the panels' content (panels.look)
        self._players(main_w, pad, right_w, ph, players, s)
        y = self.bank.bottom + pad
        self.notes = pygame.Rect(main_w + pad, y, right_w - 2 * pad, H - y - pad)
        self._buttons(part, s, pad, main_w, CARDS_MIN, int(51 * s), int(8 * s))
        self.menu_button = pygame.Rect(self.board.x + int(8 * s), self.board.y + int(8 * s),
                                       int(80 * s), int(28 * s))
        self.island = pygame.Rect(self.board)        # (the island fills the board; its sea holds the dice)

    def _narrow(self, W, H, s, players, part) -> None:
        pad = int(4 * s)
        right_w = int(NARROW_SIDE * s)
        hand_h = int(NARROW_HAND * s)
        band_h = int(NARROW_BAND * s)
        main_w = W - right_w                # the prompt's band and the board, beside the players
        self.left = pygame.Rect(0, 0, main_w, band_h)       # (the band; what the left column was folds away)
        self.top = pygame.Rect(pad, pad, main_w - 2 * pad, band_h - 2 * pad)
        self.board = pygame.Rect(0, band_h, main_w, H - hand_h - band_h)
        self.hand = pygame.Rect(0, H - hand_h, W, hand_h)
        self.side = pygame.Rect(main_w, 0, right_w, H - hand_h)
        self.free = pygame.Rect(self.screen)
        self.overlay = self.screen
        # over the board's top left sea the menu, the dice at its right; the island under their row
        # (a board this short has little sea)
        self.menu_button = pygame.Rect(self.board.x + pad, self.board.y + pad, int(64 * s), int(26 * s))
        self.left_chip = pygame.Rect(self.menu_button.right + pad, self.menu_button.y, int(part.left_chip_w * s),
                                     self.menu_button.h) if part.left_chip_w else None
        top = int(NARROW_TOOLS * s)
        self.island = pygame.Rect(self.board.x, self.board.y + top, self.board.w, self.board.h - top)
        # the log's drawer over the board's left side (over the menu button, clear of the dice and the Hint button)
        dice_w = part.dice * int(35 * s) + int(6 * s)
        self.drawer = pygame.Rect(self.board.x + pad, self.board.y + pad,
                                  min(int(NARROW_DRAWER * s), self.board.w - 2 * pad - dice_w), self.board.h - 2 * pad)
        inner = self.drawer.inflate(-2 * pad, -2 * pad)
        self.barbarians = pygame.Rect(inner.x, inner.y, inner.w, int(part.drawer_widget_h * s))
        y = self.barbarians.bottom + pad if part.drawer_widget_h else inner.y
        self.log = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        # the players' column: full panels where they fit (two seats), else compact ones, else one row each
        room = self.side.h - 2 * pad - int(BANK_H * s) - pad
        ph = min(int(part.panel_h * s), room // players - pad)
        self.compact = ph < int(part.panel_min_h * s)
        if self.compact:
            ph = min(ph, int(part.panel_compact_h * s))
        self.rows = ph < int(part.panel_compact_h * s)
        if self.rows:
            ph = int(ROW_H * s)
        self._players(main_w, pad, right_w, ph, players, s)
        # the notices under the bank where a line of them fits, else over the board's middle
        # (clear of the menu, the dice and the Hint button)
        y = self.bank.bottom + pad
        if self.side.bottom - pad - y >= int(NOTES_MIN * s):
            self.notes = pygame.Rect(main_w + pad, y, right_w - 2 * pad, self.side.bottom - pad - y)
        else:
            self.notes = pygame.Rect(self.board.x + int(40 * s), self.board.y + int(48 * s),
                                     self.board.w - int(80 * s), self.board.h - int(48 * s) - int(52 * s))
        # the staged panels (a roll's, a 7's) and C&K's side panel over the players' column above
        # the notices (a LAN table's banner), which leaves the board free for the robber and the
        # spots a card asks for
        self.stage = self.side.inflate(-2 * pad, -2 * pad)
        if self.side.contains(self.notes):
            self.stage.h = self.notes.y - pad - self.stage.y
        self.choice_panel = pygame.Rect(self.stage)
        # the talk panel (a LAN table's) over the prompt and the board
        self.talk = pygame.Rect(pad, pad, main_w - 2 * pad, self.board.bottom - 2 * pad)
        self._buttons(part, s, pad, W, NARROW_CARDS, int(40 * s), int(6 * s))
        # the log's toggle in the grid's free slot (its second row's first), else beside the menu
        self.log_button = self.free_slot or pygame.Rect(self.menu_button.right + pad, self.menu_button.y,
                                                        int(64 * s), int(26 * s))

    def _players(self, x, pad, w, ph, players, s) -> None:
        self.panels = [pygame.Rect(x + pad, pad + i * (ph + pad), w - 2 * pad, ph) for i in range(players)]
        y = pad + players * (ph + pad)
        self.bank = pygame.Rect(x + pad, y, w - 2 * pad, int(BANK_H * s))

    def _buttons(self, part, s, pad, right, cards_min, bh, top) -> None:
        """The hand strip: the cards on the left, the action buttons in two
        rows on the right, ending at `right`."""
        names = part.buttons
        per_row = (len(names) + 1) // 2
        gap = int(5 * s)
        bw = min(int(part.button_w * s), (right - 3 * pad - int(cards_min * s) - (per_row - 1) * gap) // per_row)
        bx = right - pad - per_row * bw - (per_row - 1) * gap
        by = self.hand.y + top
        # (a shorter second row keeps to the right: End turn stays in the corner)
        shift = 2 * per_row - len(names)
        self.buttons = {name: pygame.Rect(bx + ((i + shift * (i >= per_row)) % per_row) * (bw + gap),
                                          by + (i // per_row) * (bh + gap), bw, bh)
                        for i, name in enumerate(names)}
        self.free_slot = pygame.Rect(bx, by + bh + gap, bw, bh) if shift else None
        # (under the strip's title "Hand of NAME" with room between: the count badges must not touch it)
        hand_h = self.hand.h
        self.cards = pygame.Rect(pad, self.hand.y + int(27 * s), bx - 2 * pad, hand_h - int(31 * s))
        self.card_w, self.card_h = int(64 * s * (self.cards.h / (87 * s) if self.narrow else 1)), self.cards.h
        self.cards_y = self.cards.y
        self.card_gap = int(6 * s)

    def _dice(self, s, part) -> None:
        """The dice, thrown into the sea at the top right of the board."""
        dsz, gap, edge, top = (30, 5, 6, 1) if self.narrow else (54, 10, 12, 10)
        dsz = int(dsz * s)
        step = dsz + int(gap * s)
        ndice = part.dice
        self.dice = [pygame.Rect(self.board.right - int(edge * s) - ndice * step + int(gap * s) + i * step,
                                 self.board.y + int(top * s), dsz, dsz) for i in range(ndice)]

    def log_shown(self, m) -> bool:
        """Whether the log (and C&K's barbarians) is on show: always at the
        three columns, in the narrow table while its drawer is open."""
        return self.drawer is None or m.log_open

    def open_drawer(self, m):
        """The narrow table's log drawer while it lies open over the board
        (what is under it is out of sight and reach), else None."""
        return self.drawer if self.drawer is not None and m.log_open else None

    def scaled(self, k) -> "TableLayout":
        """This layout's rectangles with `k` times its scale (a dialog drawn
        smaller to fit the window: dialogs.fitted_ui)."""
        out = copy.copy(self)
        out.s = self.s * k
        return out

    def dialog(self, w, h) -> pygame.Rect:
        """A dialog of w x h design units over the board, as wide as the room right of
        the left column allows (at a larger scale the board is narrower than
        the dialog: it reaches over the players' column, not over the prompt
        and the staged panels; the narrow table's over the whole window)."""
        s = self.s
        room = self.free.inflate(-20, -20)
        w, h = min(int(w * s), room.w), min(int(h * s), room.h)
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.overlay.centerx, self.screen.centery - int(20 * s))
        return r.clamp(room)
