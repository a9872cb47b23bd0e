"""Where and with what the table is drawn: `TableUI`.

The model (model.py) says what the table shows; the UI holds what drawing
needs besides: the window's layout, the board's geometry (BoardView), the
text and font caches, the clickable rectangles the last frame drew
(`targets`) and the frame's cached layer (draw.Canvas)."""

import random

from .. import widgets
from ..boardview import BoardView
from .layout import TableLayout


class TableUI:
    def __init__(self, app, players: int, ck: bool):
        self.text = app.text                 # rendered text, cached (theme.TextCache)
        self.fonts = app.fonts
        self.players, self.ck = players, ck
        self.board = BoardView()
        self.targets = widgets.Targets()
        self.layout = None
        self.canvas = None                   # the cached layer (draw.Canvas), made by the first frame
        self.drawn_hand_seat = None          # whose private cards the last frame showed
        self.rnd = random.Random()           # the faces of tumbling dice
        self.wrap_cache = {}                 # wrapped sentences (panels.wrapped)
        self.resize(app.size)

    def resize(self, size) -> None:
        self.layout = TableLayout(size, self.players, self.ck)
        self.board.fit(self.layout.board)


def btn(m, ui, surf, key, rect, label, action, enabled=True, primary=False, selected=False,
        size=15, sub=None, cost=None, hint=None):
    hover = enabled and m.hover_key == key
    widgets.button(surf, ui.text, rect, label, enabled, hover, primary, selected, size, sub, cost, hint)
    if enabled:
        ui.targets.add(key, rect, action)
