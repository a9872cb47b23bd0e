"""The table over LAN with six seats (X-1.1) at 1280×720 and 1920×1080: six
panels with their connection marks, and when a player is away and must
decide, the host's banner and its button to lend the seat to a computer
inside the notices' area (clear of the bank and the panels).

The host listens on loopback, on a port the system picks."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import lan_table, make_lan_app, run_until  # noqa: E402
from game.engine import default_config, deciders, legal_commands  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402


@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", [((1280, 720), "en"), ((1920, 1080), "nl")]))
@pytest.mark.slow
def test_six_panels_and_the_hosts_banner_for_an_away_player_fit_the_table_X_1_1(size, lang):
    app = make_lan_app(lang, size, reconnect_for=1.0)
    app.prefs["ck_intro_seen"] = True
    game, table, guests = lan_table(app, default_config(rules="ck", players=6, seed=9), "Anna",
                                    ["Bram", "Cees", "Dirk", "Eva", "Fien"], reconnect_for=1.0)
    try:
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
