"""Where the table's parts go, in units of the window size, so every
resolution from 1280x720 to 3840x2160 gets the same design.

The board takes the window's height between a slim prompt bar and the hand
strip, and everything left of the players' column; the island is fitted
tightly into it (boardview), so the sea beside the island holds the dice,
the barbarians' track and the side panel of C&K."""

import pygame


class TableLayout:
    BASE_BUTTONS = ("roll", "build_road", "build_settlement", "build_city", "buy_dev", "trade", "bank", "end_turn")
    CK_BUTTONS = ("roll", "build_road", "build_settlement", "build_city", "build_wall", "recruit_knight",
                  "chart", "trade", "bank", "end_turn")

    def __init__(self, size, players: int, ck: bool = False):
        W, H = size
        s = min(W / 1280, H / 720)
        self.s = s
        right_w = int(max(W * 0.245, 300 * s))
        top_h = int(34 * s)
        hand_h = int(118 * s)
        main_w = W - right_w
        self.screen = pygame.Rect(0, 0, W, H)
        self.top = pygame.Rect(0, 0, main_w, top_h)
        self.board = pygame.Rect(0, top_h, main_w, H - top_h - hand_h)
        self.hand = pygame.Rect(0, H - hand_h, main_w, hand_h)
        self.side = pygame.Rect(main_w, 0, right_w, H)
        pad = int(6 * s)
        ph = int((96 if ck else 82) * s)
        self.panels = [pygame.Rect(main_w + pad, pad + i * (ph + pad), right_w - 2 * pad, ph)
                       for i in range(players)]
        y = pad + players * (ph + pad)
        self.bank = pygame.Rect(main_w + pad, y, right_w - 2 * pad, int(50 * s))
        y = self.bank.bottom + pad
        self.log = pygame.Rect(main_w + pad, y, right_w - 2 * pad, H - y - pad)
        # the hand strip: cards on the left, the action buttons in two rows on the right
        names = self.CK_BUTTONS if ck else self.BASE_BUTTONS
        per_row = (len(names) + 1) // 2
        gap = int(5 * s)
        bw, bh = int((94 if ck else 108) * s), int(51 * s)
        bx = main_w - pad - per_row * bw - (per_row - 1) * gap
        by = self.hand.y + int(8 * s)
        self.buttons = {name: pygame.Rect(bx + (i % per_row) * (bw + gap), by + (i // per_row) * (bh + gap), bw, bh)
                        for i, name in enumerate(names)}
        # (under the strip's title "Hand of NAME" with room between: the count badges must not touch it)
        self.cards = pygame.Rect(pad, self.hand.y + int(27 * s), bx - 2 * pad, hand_h - int(31 * s))
        self.card_w, self.card_h = int(64 * s), self.cards.h
        self.cards_y = self.cards.y
        self.card_gap = int(6 * s)
        # the dice, thrown into the sea at the top right of the board
        dsz = int(58 * s)
        ndice = 3 if ck else 2                 # C&K: white, red and the event die
        step = dsz + int(12 * s)
        self.dice = [pygame.Rect(self.board.right - int(14 * s) - ndice * step + int(12 * s) + i * step,
                                 self.board.y + int(12 * s), dsz, dsz) for i in range(ndice)]
        # C&K: the barbarians' track (top left of the sea)
        self.barbarians = pygame.Rect(self.board.x + int(8 * s), self.board.y + int(8 * s), int(290 * s), int(112 * s))
        # and a panel under it, in the sea left of the island, for the card or
        # decision being played on the board and the selected knight's actions
        top = self.barbarians.bottom + int(8 * s)
        self.choice_panel = pygame.Rect(self.barbarians.x, top, int(200 * s), self.board.bottom - int(8 * s) - top)
        self.menu_button = pygame.Rect(self.top.right - int(86 * s), self.top.y + int(4 * s),
                                       int(80 * s), top_h - int(8 * s))

    def dialog(self, w, h) -> pygame.Rect:
        s = self.s
        w, h = min(int(w * s), self.screen.w - 20), min(int(h * s), self.screen.h - 20)
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.board.centerx, self.screen.centery - int(20 * s))
        return r
