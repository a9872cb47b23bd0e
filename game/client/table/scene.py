"""The table's scene: the board, the players, the viewing seat's hand, dice, log.

The scene only owns and connects the table's parts:

- `model` (model.py): what the table shows, one plain object;
- `ui` (ui.py): the layout, the board's geometry, the click targets;
- `play` (play.py): follows the game and carries out the person's actions;
- input goes to controls.py, a frame is drawn by draw.py.

Over LAN scenes/lan_table.py's LanTableScene adds the connection state.

What the table shows for the rule set comes from its table part (parts/,
chosen from the config by `part_for`, kept as `model.part`).  Cities &
Knights (parts/ck.py): knights, walls, metropolises and the merchant are
drawn with the board's pieces; walls and knights are build modes
(play.MODE_PICKS); a knight is used by clicking it (the knight is
selected: its legal destinations light up on the board, and buttons in a
panel over the log left of the board activate or promote it or chase the
robber); progress cards in the hand and every decision of phase DECIDE
open a ckdialogs.Chooser, which asks board spots on the board; the
improvement chart is a dialog; the barbarians' track is drawn in the left
column, the event die on the sea.
"""

import time

from ..eventtext import sentences
from .. import theme
from ..scene import Scene
from . import controls, draw, hints, keyboard, staging
from .computers import ComputerSeats
from .layout import TableLayout
from .model import TableModel
from .parts import part_for
from .play import TablePlay
from .ui import TableUI


class TableScene(Scene):
    end_scene = "end"                        # the navigator's name of the screen after the game

    def __init__(self, app, controller, resumed=False):
        """`resumed`: a saved game goes on; its history is read in silence,
        without fly-outs or notices from past moves."""
        super().__init__(app)
        self.c = controller
        n = controller.config["players"]
        levels = getattr(controller, "computers", None) or [None] * n
        people = [s for s in range(n) if levels[s] is None]
        computers = None                     # computer seats (hot-seat): never shown a curtain
        if controller.hotseat and len(people) < n:
            computers = ComputerSeats(controller, app.prefs.get("computer_speed", "normal"))
        m = self.model = TableModel(controller.names, controller.colours, part_for(controller.config), people,
                                    solo=controller.hotseat and len(people) == 1, computers=computers)
        m.started = time.monotonic()
        m.stage = staging.Stage(m, controller)
        self.ui = TableUI(app, lambda size: TableLayout(size, m.n, m.part, app.scale), controller.config)
        self.play = TablePlay(app, self, controller, m, self.ui, self.end_scene)
        for event in controller.start_events():
            m.log.extend(sentences(event, m.names))
        self.app.dirty = True
        if resumed:
            sounds = app.sounds
            muted, sounds.muted = sounds.muted, True
            try:
                self.play.refresh()
            finally:
                sounds.muted = muted
            m.flying, m.notes = [], []
            m.dice_until = m.glow_until = 0.0
        else:
            self.play.refresh()

    def resize(self, size) -> None:
        self.ui.resize(size)
        self.app.dirty = True

    def min_canvas(self) -> tuple:
        return TableLayout.min_canvas(self.model.n, self.model.part)

    def language_changed(self) -> None:
        self.play.retell()
        self.app.dirty = True

    def palette_changed(self) -> None:
        theme.recolour(self.model.colours)
        self.app.dirty = True

    def handle_event(self, event) -> None:
        controls.handle(self.model, self.ui, self.play, event)

    def update(self, dt) -> None:
        self.play.update(dt)

    def draw(self, surf) -> None:
        self._dimmed = None                  # (Scene.draw_dimmed's picture is stale now)
        draw.draw(self.model, self.ui, self.play, surf, self.draw_on_panels)
        self.draw_over(surf)
        keyboard.draw(self.model, self.ui, self.play, surf)      # the keys' focus, over everything

    def draw_on_panels(self, surf) -> None:
        """What a scene adds on the player panels (a LAN table's connections), under the staged panels."""

    def draw_over(self, surf) -> None:
        """What a scene adds over the table, under the keys' focus (the guided game's overlay)."""

    def key_suggestions(self) -> list:
        """Where the keys' cursor goes first: [("spot", kind, spot) or ("rect", target key)]
        (the guided game: what its lesson rings); at the table, the spots the
        hint on show rings."""
        hint = hints.current(self.model)
        return [] if hint is None else [("spot",) + tuple(spot) for spot in hints.spots_of(hint["cmd"])]

    def picture_key(self):
        """The table's picture key (draw.still_key); None for a scene that
        draws more over the table (a guided game's overlay, a LAN table's
        connections) or while something moves."""
        if any(getattr(type(self), name) is not getattr(TableScene, name) for name in ("draw", "draw_over",
                                                                                     "draw_on_panels")):
            return None
        return draw.still_key(self.model, self.ui, self.app.screen.get_size())

    def busy(self) -> bool:
        m, now = self.model, time.monotonic()
        return now < m.dice_until or now < m.glow_until or bool(m.flying)

    def wake_ms(self) -> int:
        m = self.model
        if m.computers is not None and m.game_over_at is None and not m.stage.blocking \
                and m.computers.active():
            return 30                    # computers are thinking or about to move
        countdown = getattr(m.dialog, "seconds_left", None)         # a computer's offer with a time limit
        busy = m.notes or m.game_over_at is not None or (countdown is not None and countdown() is not None)
        return min(200 if busy else 1000, m.stage.wake_ms())
