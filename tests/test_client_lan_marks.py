"""The LAN table's connection marks on the player panels (a green dot after
a connected player's name, "away" on an absent one's panel): on the panels,
under a dialog's veil, never over the dialog.

The host listens on loopback, on a port the system picks."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app, run_until  # noqa: E402
from game.client import lan, theme  # noqa: E402
from game.client.scenes.lan_table import LanTableScene  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.client.table import dialogs  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.constants import KNIGHT  # noqa: E402
from net.session import ClientSession  # noqa: E402


def test_the_connection_dots_lie_under_a_dialog_not_over_it():
    """At 200 % the trade editor covers the panels: their green dots were
    drawn over it (seen in a real window on a LAN game)."""
    app = make_app((1280, 720), ui_scale=200)
    app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], discovery=False)
    opts = lan.options(app)
    game = lan.host(default_config(players=3, seed=9), "Drie", "Anna", opts)
    guests = []
    try:
        for name in ("Bram", "Cees"):
            guest = ClientSession(f"127.0.0.1:{game.port}", name, token_dir=opts.token_dir)
            guest.connect()
            guest.set_lobby(ready=True)
            guests.append(guest)
        app.push(LobbyScene(app, game, game.session.poll()))
        lobby = app.scene
        assert run_until([app], lobby.can_start, sessions=guests)
        lobby.start()
        assert run_until([app], lambda: isinstance(app.scene, LanTableScene)
                         and all(g.view is not None for g in guests), sessions=guests)
        table = app.scene

        def green_in(rect):
            return pygame.mask.from_threshold(app.screen.subsurface(rect), theme.GOOD, (1, 1, 1, 255)).count()
        app.dirty = True
        app.step([])
        panels = table.ui.layout.panels
        assert all(green_in(p) > 0 for p in panels)          # every seat connected: a dot on each panel
        table.model.dialog = dialogs.DevCardDialog(table.play, KNIGHT)
        app.dirty = True
        app.step([])
        d = table.model.dialog
        box = d.ui.layout.dialog(*d.size)
        assert any(box.colliderect(p) for p in panels)        # (it does cover some of them)
        assert green_in(box) == 0
    finally:
        for guest in guests:
            guest.close()
        game.close_now()
