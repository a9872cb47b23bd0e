"""Where the table's parts go, in units of the window size, so every
resolution from 1280x720 to 3840x2160 gets the same design."""

import pygame


class TableLayout:
    BASE_BUTTONS = ("roll", "build_road", "build_settlement", "build_city", "buy_dev", "trade", "bank", "end_turn")
    CK_BUTTONS = ("roll", "build_road", "build_settlement", "build_city", "build_wall", "recruit_knight",
                  "chart", "trade", "bank", "end_turn")

    def __init__(self, size, players: int, ck: bool = False):
        W, H = size
        s = min(W / 1280, H / 720)
        self.s = s
        right_w = int(W * 0.27)
        top_h = int(42 * s)
        hand_h = int(182 * s)
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
        # hand: cards on top, action buttons below
        self.card_w, self.card_h = int((52 if ck else 62) * s), int(84 * s)
        self.cards_y = self.hand.y + int(24 * s)
        self.card_gap = int(7 * s)
        bh = int(62 * s)
        by = self.hand.bottom - bh - int(8 * s)
        names = self.CK_BUTTONS if ck else self.BASE_BUTTONS
        gap = int(6 * s)
        bw = (main_w - 2 * pad - gap * (len(names) - 1)) / len(names)
        self.buttons = {name: pygame.Rect(int(pad + i * (bw + gap)), by, int(bw), bh)
                        for i, name in enumerate(names)}
        dsz = int(46 * s)
        ndice = 3 if ck else 2                 # C&K: white, red and the event die
        self.dice = [pygame.Rect(self.board.right - int(10 * s) - ndice * (dsz + int(10 * s)) + i * (dsz + int(10 * s)),
                                 self.board.y + int(12 * s), dsz, dsz) for i in range(ndice)]
        # C&K: the barbarians' track (top left of the sea)
        self.barbarians = pygame.Rect(self.board.x + int(8 * s), self.board.y + int(8 * s), int(214 * s), int(70 * s))
        # and a panel under it, in the sea left of the island, for the card or
        # decision being played on the board and the selected knight's actions
        top = self.barbarians.bottom + int(8 * s)
        self.choice_panel = pygame.Rect(self.barbarians.x, top, int(200 * s), self.board.bottom - int(8 * s) - top)
        self.menu_button = pygame.Rect(self.top.right - int(86 * s), self.top.y + int(6 * s),
                                       int(80 * s), top_h - int(12 * s))

    def dialog(self, w, h) -> pygame.Rect:
        s = self.s
        w, h = min(int(w * s), self.screen.w - 20), min(int(h * s), self.screen.h - 20)
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.board.centerx, self.screen.centery - int(20 * s))
        return r
