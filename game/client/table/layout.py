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
`min_canvas` is the room all that needs; a scale that leaves less is not
used at the table."""

import pygame

from ..cmdline import fit


BOARD_MIN = 300          # the board's least width (design units)
CARDS_MIN = 150          # the hand's least room for its cards, beside the action buttons
NOTES_H, NOTES_MIN = 90, 40       # the notices' room under the bank, and the least of it
BANK_H = 50


class TableLayout:
    @staticmethod
    def min_canvas(players: int, part) -> tuple:
        """The least window, in design units, this layout holds (Scene.min_canvas):
        the three columns side by side, and the panels of `players` seats at
        the least height their compact content needs above the bank and one line of notices."""
        return (236 + BOARD_MIN + 300, players * (part.panel_compact_h + 6) + 6 + BANK_H + 6 + NOTES_MIN + 6)

    def __init__(self, size, players: int, part, s=None):
        """`part`: the rule set's table part (its buttons, panels, dice and the
        left column's widget); `players`: the seats, one panel each; `s`: pixels
        per design unit (the app's scale; default the window's fit at 100 %)."""
        W, H = size
        s = fit(size) if s is None else s
        self.s = s
        pad = int(6 * s)
        right_w = int(max(W * 0.235, 300 * s))
        left_w = int(max(W * 0.19, 236 * s))
        hand_h = int(118 * s)
        main_w = W - right_w                # the left column and the board, over the hand strip
        self.screen = pygame.Rect(0, 0, W, H)
        self.left = pygame.Rect(0, 0, left_w, H - hand_h)
        self.board = pygame.Rect(left_w, 0, main_w - left_w, H - hand_h)
        self.hand = pygame.Rect(0, H - hand_h, main_w, hand_h)
        self.side = pygame.Rect(main_w, 0, right_w, H)
        # the left column: the prompt, the rule set's widget (C&K: the barbarians' track), the log
        inner = left_w - 2 * pad
        self.top = pygame.Rect(pad, pad, inner, int(88 * s))
        y = self.top.bottom + pad
        self.barbarians = pygame.Rect(pad, y, inner, int(part.left_widget_h * s))
        if part.left_widget_h:
            y = self.barbarians.bottom + pad
        self.log = pygame.Rect(pad, y, inner, self.left.bottom - pad - y)
        # C&K's side panel (the card or decision being played on the board, the
        # selected knight's actions) over the top of the log; the staged panels
        # of a roll and a 7 stack up from the log's bottom
        self.choice_panel = pygame.Rect(self.log)
        self.stage = pygame.Rect(self.log)
        # the right column: the players, the bank, and under them the notices
        n = max(1, players)
        ph = min(int(part.panel_h * s), (H - 2 * pad - int(56 * s) - int(NOTES_H * s)) // n - pad)
        if ph < int(part.panel_min_h * s):          # the notices give up room first
            ph = min(int(part.panel_min_h * s), (H - 2 * pad - int(56 * s) - int(NOTES_MIN * s)) // n - pad)
        self.compact = ph < int(part.panel_min_h * s)      # then the panels' content (panels.look)
        self.panels = [pygame.Rect(main_w + pad, pad + i * (ph + pad), right_w - 2 * pad, ph)
                       for i in range(players)]
        y = pad + players * (ph + pad)
        self.bank = pygame.Rect(main_w + pad, y, right_w - 2 * pad, int(BANK_H * s))
        y = self.bank.bottom + pad
        self.notes = pygame.Rect(main_w + pad, y, right_w - 2 * pad, H - y - pad)
        # the hand strip: cards on the left, the action buttons in two rows on the right
        names = part.buttons
        per_row = (len(names) + 1) // 2
        gap = int(5 * s)
        bw = min(int(part.button_w * s), (main_w - 3 * pad - int(CARDS_MIN * s) - (per_row - 1) * gap) // per_row)
        bh = int(51 * s)
        bx = main_w - pad - per_row * bw - (per_row - 1) * gap
        by = self.hand.y + int(8 * s)
        # (a shorter second row keeps to the right: End turn stays in the corner)
        shift = 2 * per_row - len(names)
        self.buttons = {name: pygame.Rect(bx + ((i + shift * (i >= per_row)) % per_row) * (bw + gap),
                                          by + (i // per_row) * (bh + gap), bw, bh)
                        for i, name in enumerate(names)}
        # (under the strip's title "Hand of NAME" with room between: the count badges must not touch it)
        self.cards = pygame.Rect(pad, self.hand.y + int(27 * s), bx - 2 * pad, hand_h - int(31 * s))
        self.card_w, self.card_h = int(64 * s), self.cards.h
        self.cards_y = self.cards.y
        self.card_gap = int(6 * s)
        # the dice, thrown into the sea at the top right of the board
        dsz = int(54 * s)
        ndice = part.dice
        step = dsz + int(10 * s)
        self.dice = [pygame.Rect(self.board.right - int(12 * s) - ndice * step + int(10 * s) + i * step,
                                 self.board.y + int(10 * s), dsz, dsz) for i in range(ndice)]
        self.menu_button = pygame.Rect(self.board.x + int(8 * s), self.board.y + int(8 * s),
                                       int(80 * s), int(28 * s))

    def dialog(self, w, h) -> pygame.Rect:
        """A dialog of w x h design units over the board, as wide as the room right of
        the left column allows (at a larger scale the board is narrower than
        the dialog: it reaches over the players' column, not over the prompt
        and the staged panels)."""
        s = self.s
        room = pygame.Rect(self.left.right, 0, self.screen.w - self.left.right, self.screen.h).inflate(-20, -20)
        w, h = min(int(w * s), room.w), min(int(h * s), self.screen.h - 20)
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.board.centerx, self.screen.centery - int(20 * s))
        return r.clamp(room)
