"""The LAN lobby with five and six seats (X-1.1) and watchers, at 1280×720 and
1920×1080 in both languages: the host's, a player's and a watcher's lobby
show every seat and every control, none on top of another.

The hosts listen on loopback, on ports the system picks."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import click_gui, make_lan_app  # noqa: E402
from wait_helpers import wait_until  # noqa: E402
from game.client import lan  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.engine import default_config  # noqa: E402
from net.session import ClientSession  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

SIZES = [((1280, 720), "en"), ((1280, 720), "nl"), ((1920, 1080), "en"), ((1920, 1080), "nl")]


def _overlaps(rects) -> list:
    return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


def _check_layout(scene, seats: int) -> None:
    """Every seat has its place, inside the form and clear of the others; the
    host's Mute toggles (scenes/lobby_talk.py) each inside its own seat; the
    controls below the seats (labels, the name, buttons) lie inside the form,
    clear of each other and of every seat."""
    places = scene.seat_rects()
    assert len(places) == seats
    assert not _overlaps(places)
    assert all(scene.card.contains(r) for r in places)
    mutes = {int(key[len("talk_mute_"):]): b for key, b in scene.buttons.items() if key.startswith("talk_mute_")}
    assert all(places[seat].contains(b.rect) for seat, b in mutes.items() if b.visible)
    below = [e.rect for e in scene.manager.get_root_container().elements
             if e.visible and e.rect.top >= scene.rows_top() and e not in mutes.values()]
    assert below and not _overlaps(below), _overlaps(below)
    assert all(scene.card.contains(r) for r in below)
    assert not [(w, p) for w in below for p in places if w.colliderect(p)]


@pytest.fixture(scope="module")
def six_seat_lobby():
    """A six-seat Cities & Knights lobby on this laptop (the host: seat 0),
    five players and a watcher joined from sessions of their own."""
    app = make_lan_app("en", (1280, 720), reconnect_for=3.0)
    opts = lan.options(app)
    game = lan.host(default_config(rules="ck", players=6, seed=4), "Zes", "Anna", opts)
    closers = [game.close_now]
    guests = []
    try:
        game.hosting.set_allowed(watchers=True)
        for name in ("Bram", "Cees", "Dirk", "Eva", "Fien"):
            guest = ClientSession(f"127.0.0.1:{game.port}", name, token_dir=opts.token_dir, reconnect_for=3.0)
            guest.connect()
            closers.append(guest.close)
            guests.append(guest)
        watcher = lan.join(f"127.0.0.1:{game.port}", "Wendy", opts, watch=True)
        closers.append(watcher.close_now)
        for guest in guests[:3]:
            guest.set_lobby(ready=True)

        def everyone_in():
            lobby = game.session.game.lobby or {}
            return (len([s for s in lobby.get("seats", []) if s]) == 6 and lobby.get("watchers")
                    and all(g.seat is not None for g in guests))
        assert wait_until(everyone_in, step=lambda: [g.poll() for g in guests] and game.session.poll())
        yield game, lan.LanGame(guests[-1]), watcher
    finally:
        for close in reversed(closers):
            close()


@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", SIZES))
def test_a_lobby_of_six_and_a_watcher_fits_for_the_host_a_player_and_the_watcher_X_1_1(six_seat_lobby, size, lang):
    """X-1.1 (five and six players) in the lobby: six seats in two columns,
    the player's name and colour in one row, who watches listed (for the host
    too, above its buttons), at both sizes in English and Dutch."""
    host, player, watcher = six_seat_lobby
    app = make_lan_app(lang, size)
    for game in (host, player, watcher):
        app.push(LobbyScene(app, game, game.session.poll()))
        scene = app.scene
        wait_until(lambda: all(scene.lobby["seats"]) and scene.lan.watchers, step=lambda: app.step([]))
        app.step([])
        _check_layout(scene, 6)
        if game is not watcher:
            assert "colour" in scene.buttons and scene.name_entry is not None
        assert "Wendy" in scene.watchers_label.text
        app.pop()


def test_a_hosts_lobby_of_three_shows_who_watches_clear_of_its_buttons():
    """The host's lobby of a few seats: the line naming the watchers is not
    hidden under the buttons that allow watchers and hints."""
    app = make_lan_app("en", (1280, 720), reconnect_for=3.0)
    opts = lan.options(app)
    game = lan.host(default_config(players=3, seed=5), "Drie", "Anna", opts)
    try:
        game.hosting.set_allowed(watchers=True)
        watcher = lan.join(f"127.0.0.1:{game.port}", "Wendy", opts, watch=True)
        try:
            app.push(LobbyScene(app, game, game.session.poll()))
            scene = app.scene
            assert wait_until(lambda: scene.lan.watchers, step=lambda: app.step([]))
            app.step([])
            _check_layout(scene, 3)
            assert "Wendy" in scene.watchers_label.text
        finally:
            watcher.close_now()
    finally:
        game.close_now()


@pytest.mark.slow
def test_a_resumed_lobby_of_six_gives_any_away_seat_to_a_knocking_player_in_lines_that_fit(tmp_path):
    """A saved six-seat LAN game resumed by its host: five seats away, a
    player without a token knocks; a button for each away seat, three to a
    line, all inside the form and clear of each other and of the seats."""
    from game import saves
    from net.session import HostSession
    from net.peer.connection import JoinRefused
    path = str(tmp_path / "six.klsave")
    hosting = HostSession(default_config(players=6, seed=5), "Zes", port=0, bind="127.0.0.1",
                          discovery=False, save_path=path)
    hosting.start()
    names = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fien"]
    sessions = [ClientSession(f"127.0.0.1:{hosting.port}", name, token_dir=str(tmp_path / name)) for name in names]
    try:
        for s in sessions:
            s.connect()
        assert wait_until(lambda: all(s.seat is not None for s in sessions), step=lambda: [s.poll() for s in sessions])
        hosting.start_game()
        assert wait_until(lambda: hosting.lobby()["state"] == "running")
    finally:
        for s in sessions:
            s.close()
        hosting.close()
    app = make_lan_app("en", (1280, 720), reconnect_for=1.0,
                       token_dir=str(tmp_path / "Anna"))
    game = lan.resume_host(path, saves.load(path), 0, lan.options(app))
    try:
        app.push(LobbyScene(app, game, game.session.poll()))
        scene = app.scene
        gijs = ClientSession(f"127.0.0.1:{game.port}", "Gijs", token_dir=str(tmp_path / "Gijs"), reconnect_for=0.5)
        with pytest.raises(JoinRefused):
            gijs.connect()
        gijs.close()
        assert wait_until(lambda: "assign_5_0" in scene.buttons, step=lambda: app.step([]))
        app.step([])
        assert sorted(k for k in scene.buttons if k.startswith("assign_")) == [f"assign_{i}_0" for i in range(1, 6)]
        _check_layout(scene, 6)
    finally:
        game.close_now()


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.slow
def test_the_host_form_offers_five_and_six_players_and_hosts_a_lobby_of_six_X_1_1(rules):
    """X-1.1: the LAN host form offers every seat count of the rule set, five
    and six included; hosting six opens a lobby of six seats (the host in the
    first), and the form remembers six for the next game it hosts."""
    from game.client.scenes.lan_host import LanHostScene
    from game.client.scenes.menu import MenuScene
    app = make_lan_app("en", (1280, 720), reconnect_for=1.0)
    app.push(MenuScene(app))
    app.push(LanHostScene(app))
    form = app.scene
    assert {"players_5", "players_6"} <= set(form.buttons)
    form.name_entry.set_text("Anna")
    click_gui(app, "rules_" + rules)
    click_gui(app, "players_6")
    click_gui(app, "host")
    assert wait_until(lambda: isinstance(app.scene, LobbyScene), step=lambda: app.step([]))
    lobby = app.scene
    try:
        assert wait_until(lambda: len(lobby.lobby["seats"]) == 6 and lobby.lobby["seats"][0],
                          step=lambda: app.step([]))
        assert lobby.lobby["config"]["players"] == 6 and lobby.lobby["config"]["rules"] == rules
        _check_layout(lobby, 6)
    finally:
        lobby.lan.close_now()
    app.push(LanHostScene(app))
    assert app.scene.players == 6 and app.scene.buttons["players_6"].is_selected
