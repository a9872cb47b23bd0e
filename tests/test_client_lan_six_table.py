"""The table over LAN with six seats (X-1.1) at 1280×720 and 1920×1080: six
panels with their connection marks, and when a player is away and must
decide, the host's banner and its button to lend the seat to a computer
inside the notices' area (clear of the bank and the panels).

The host listens on loopback, on a port the system picks."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_lan_app, run_until  # noqa: E402
from game.client import lan  # noqa: E402
from game.client.scenes.lan_table import LanTableScene  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.engine import default_config, deciders, legal_commands  # noqa: E402
from net.session import ClientSession  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402



@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", [((1280, 720), "en"), ((1920, 1080), "nl")]))
def test_six_panels_and_the_hosts_banner_for_an_away_player_fit_the_table_X_1_1(size, lang):
    app = make_lan_app(lang, size, reconnect_for=1.0)
    app.prefs["ck_intro_seen"] = True
    opts = lan.options(app)
    game = lan.host(default_config(rules="ck", players=6, seed=9), "Zes", "Anna", opts)
    guests = []
    try:
        for name in ("Bram", "Cees", "Dirk", "Eva", "Fien"):
            guest = ClientSession(f"127.0.0.1:{game.port}", name, token_dir=opts.token_dir, reconnect_for=1.0)
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
        # the founding goes round until a guest must decide; that guest's laptop goes to sleep
        while True:
            view = table.c.session.view
            seat = deciders(view)[0]
            if seat != table.c.seat:
                break
            before = table.c.seq
            table.c.session.submit(legal_commands(view, seat)[0])
            assert run_until([app], lambda: table.c.seq > before, sessions=guests)
        away = next(g for g in guests if g.seat == seat)
        away.close()
        guests.remove(away)
        assert run_until([app], lambda: table.c.away_deciders() == [seat], sessions=guests)
        app.dirty = True
        app.step([])
        L = table.ui.layout
        assert len(L.panels) == 6 and table.shown_away == {seat}
        assert table.banner_text()
        lend = table.ui.targets.rect(("lend", seat))
        assert lend is not None, "the host's button to lend the seat is not drawn"
        assert L.notes.contains(lend) and not lend.colliderect(L.bank)
        assert not any(lend.colliderect(p) for p in L.panels)
    finally:
        for guest in guests:
            guest.close()
        game.close_now()
