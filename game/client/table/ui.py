"""Where and with what the table is drawn: `TableUI`.

The model (model.py) says what the table shows; the UI holds what drawing
needs besides: the window's layout (layout.TableLayout at the table, the
replay viewer's own there), the board's geometry (BoardView), the text and
font caches, the clickable rectangles the last frame drew (`targets`) and
the frame's cached layer (draw.Canvas)."""

import random

from .. import theme, widgets
from ..boardview import BoardView


class TableUI:
    def __init__(self, app, layout_for, game=None):
        """`game`: the config (or a state) of the game shown, whose island the
        board is fitted to from the start (before the first frame, the cards
        produced fly from its hexes)."""
        self.text = app.text                 # rendered text, cached (theme.TextCache)
        self.fonts = app.fonts
        self.layout_for = layout_for         # window size -> the layout
        self.board = BoardView()
        self.targets = widgets.Targets()
        self.layout = None
        self.canvas = None                   # the cached layer (draw.Canvas), made by the first frame
        self.drawn_hand_seat = None          # whose private cards the last frame showed
        self.rnd = random.Random()           # the faces of tumbling dice
        self.wrap_cache = {}                 # wrapped sentences (panels.wrapped)
        self.name_marks = {}                 # seat -> room kept right of its name for the scene's mark
                                             # (a LAN table's connection dot or "away")
        self.name_rects = {}                 # seat -> where the last frame drew its name
        if game is not None:
            self.board.show(game)
        self.resize(app.size)

    def resize(self, size) -> None:
        self.layout = self.layout_for(size)
        self.board.fit(getattr(self.layout, "island", self.layout.board))     # (the replay's: its board)


def btn(m, ui, surf, key, rect, label, action, enabled=True, primary=False, selected=False,
        size=15, sub=None, cost=None, hint=None):
    hover = enabled and m.hover_key == key
    widgets.button(surf, ui.text, rect, label, enabled, hover, primary, selected, size, sub, cost, hint)
    ui.targets.hover_area(key, rect)
    if enabled:
        ui.targets.add(key, rect, action)


class ScaledUI:
    """The table's ui with another layout scale and the text to match (a
    dialog fitted into the narrow table, fitted_ui); all else is the table's.
    Its fonts are kept with the table's ui (not for the process: fonts made
    before a pygame.quit are not valid after it)."""

    def __init__(self, ui, layout):
        self._ui = ui
        self.layout = layout
        scale = ui.fonts.scale * layout.s / ui.layout.s
        kept = vars(ui).setdefault("scaled_texts", {})
        cached = kept.get(scale)
        if cached is None:
            kept.clear()
            fonts = theme.Fonts(scale)
            cached = kept[scale] = (fonts, theme.TextCache(fonts))
        self.fonts, self.text = cached

    def __getattr__(self, name):
        return getattr(self._ui, name)


def scaled_ui(ui, k):
    """`ui` with its layout and text at `k` times their scale (what does
    not fit the narrow table at its own: a dialog, dialogs.fitted_ui; a big
    moment's panel, staging)."""
    return ScaledUI(ui, ui.layout.scaled(k))
