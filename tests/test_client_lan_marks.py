"""The LAN table's connection marks on the player panels (a green dot after
a connected player's name, "away" on an absent one's panel): on the panels,
under a dialog's veil, never over the dialog.

The host listens on loopback, on a port the system picks."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import lan_table, make_app  # noqa: E402
from game.client import lan, theme  # noqa: E402
from game.client.table import dialogs  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.constants import KNIGHT  # noqa: E402


@pytest.mark.slow
def test_the_connection_dots_lie_under_a_dialog_not_over_it():
    """At 200 % the trade editor covers the panels: their green dots were
    drawn over it (seen in a real window on a LAN game)."""
    app = make_app((1280, 720), ui_scale=200)
    app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], discovery=False)
    game, table, guests = lan_table(app, default_config(players=3, seed=9), "Anna", ["Bram", "Cees"])
    try:
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
