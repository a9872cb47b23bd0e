"""tools/screens/states.py makes every table state the render bench
measures and the screenshot family shows: each one is reached from the
seeded games, with the dialog, panel or scene it names on the window."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app  # noqa: E402
from tools.screens import states  # noqa: E402


@pytest.mark.slow
def test_every_table_state_is_reached_with_what_it_names():
    from game.client.scenes.game_menu import GameMenuScene
    from game.client.table import ckdialogs, dialogs
    app = make_app()
    games = states.Games()
    want = {"discard": dialogs.DiscardDialog, "steal": dialogs.StealDialog, "trade": dialogs.TradeEditor,
            "answer": dialogs.AnswerDialog, "responses": dialogs.ResponsesDialog, "bank": dialogs.BankDialog,
            "monopoly": dialogs.DevCardDialog, "year-of-plenty": dialogs.DevCardDialog,
            "chart": ckdialogs.ChartDialog}
    for state in states.STATES:
        key = state.make(app, games)
        assert key is not False, state.name
        what = state.name.split("-", 1)[1]
        scene = app.scene
        if what == "menu":
            assert isinstance(scene, GameMenuScene)
            continue
        m = scene.model
        if what in want:
            assert isinstance(m.dialog, want[what]), state.name
        elif what in ("seven", "production") or what.startswith("attack"):
            panel = {"seven": m.stage.seven, "production": m.stage.production}.get(what, m.stage.attack)
            assert panel is not None and panel.lines, state.name
        elif what == "curtain":
            assert m.curtain_for is not None
        elif what == "knight":
            assert m.knight is not None
        elif what not in ("table",):
            assert isinstance(m.dialog, ckdialogs.Chooser), state.name
        app.dirty = True
        assert app.step([]) is True
        assert states.hover_target(app, key) is not None, state.name


@pytest.mark.slow
def test_every_six_seat_state_is_reached_with_what_it_names():
    """tools/screens/six.py (X-1): six panels on each table, the Special
    Building Phase with its builder's Pass button, its curtain, a computer
    building, an attack staged."""
    from game.engine.state import SPECIAL_BUILD
    from tools.screens import six
    app = make_app()
    games = states.Games()
    for state in six.STATES:
        key = state.make(app, games)
        assert key is not False, state.name
        m = app.scene.model
        assert m.n == 6 and len(app.scene.ui.layout.panels) == 6
        what = state.name.split("-six-", 1)[1]
        if what.startswith("special"):
            assert m.view.phase == SPECIAL_BUILD, state.name
        if what == "special-curtain":
            assert m.curtain_for is not None
        elif what == "special-computer":
            assert m.computers_playing()
        elif what == "attack":
            assert m.stage.attack is not None
        app.dirty = True
        assert app.step([]) is True
        assert states.hover_target(app, key) is not None, state.name
        if what == "special":
            assert states.hover_target(app, key)[0] == ("btn", "pass_build")
