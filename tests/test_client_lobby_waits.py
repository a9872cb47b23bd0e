"""The LAN lobby says whom it waits for, on the host's screen and on a
joiner's, and shows what the network says at once: after the last player
got ready the host's idle window showed "Waiting until every player is
ready" with Start greyed until the mouse moved (pygame_gui built the new
texts in its update, after the frame was drawn)."""

import pygame
import pytest

from client_helpers import dealt_lan_save, make_lan_app, run_until
from game import saves
from game.client import lan
from game.client.scenes.lan_table import LanTableScene
from game.client.scenes.lobby import LobbyScene
from game.client.scenes.menu import MenuScene
from game.engine import default_config
from net.session import ClientSession


def keep_pictures(scene) -> None:
    """Keep a copy of each frame `scene` draws (the tests' windows share one display)."""
    draw = scene.draw

    def drawn(surf):
        draw(surf)
        scene.last_picture = surf.copy()
    scene.draw = drawn


def shows_what_it_would_draw(scene) -> bool:
    """The scene's last frame is the scene as it stands (nothing stale)."""
    shown = scene.last_picture
    fresh = pygame.Surface(shown.get_size())
    scene.draw(fresh)
    return pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(shown, "RGB")


def idle(apps, frames=5) -> None:
    """The window's own loop with nothing happening: no input, no forced redraw."""
    for _ in range(frames):
        for app in apps:
            app.step([])


def open_lobby(app, game) -> LobbyScene:
    app.push(MenuScene(app))
    app.push(LobbyScene(app, game, game.session.poll()))
    keep_pictures(app.scene)
    return app.scene


@pytest.mark.slow
def test_both_lobbies_say_whom_they_wait_for_and_show_it_without_input():
    ann, bram = make_lan_app("en", reconnect_for=3.0), make_lan_app("en", reconnect_for=3.0)
    hosted = lan.host(default_config(players=3, seed=4), "Wachten", "Ann", lan.options(ann))
    joined = cor = None
    try:
        host = open_lobby(ann, hosted)
        joined = lan.join(f"127.0.0.1:{hosted.port}", "Bram", lan.options(bram))
        guest = open_lobby(bram, joined)
        apps = [ann, bram]
        assert run_until(apps, lambda: host._info_text() == guest._info_text() == "Waiting for 1 more player to join.")
        cor = ClientSession(f"127.0.0.1:{hosted.port}", "Cor", token_dir=lan.options(ann).token_dir)
        cor.connect()
        assert run_until(apps, lambda: host._info_text() == "Waiting for Bram and Cor to get ready.", sessions=[cor])
        assert guest._info_text() == "Waiting for you and Cor to be ready: press “I'm ready” when you are."
        joined.session.set_lobby(ready=True)
        assert run_until(apps, lambda: guest._info_text() == "Waiting for Cor to be ready."
                         and host._info_text() == "Waiting for Cor to be ready.", sessions=[cor])
        idle(apps)
        assert shows_what_it_would_draw(host) and shows_what_it_would_draw(guest)
        cor.set_lobby(ready=True)            # only the network says so: nobody touches a window
        assert run_until(apps, lambda: host.buttons["start"].is_enabled, sessions=[cor])
        idle(apps)
        assert host._info_text() == "Everybody is ready: start the game."
        assert guest._info_text() == "Everybody is ready: waiting for the host to start the game."
        assert shows_what_it_would_draw(host) and shows_what_it_would_draw(guest)
    finally:
        if cor is not None:
            cor.close()
        for game in (joined, hosted):
            if game is not None:
                game.close().wait(5)


def test_the_dutch_lobby_names_them_too():
    from game.client import i18n
    from game.client.scenes.lobby import names_text
    try:
        i18n.set_language("nl")
        assert names_text(["Ann", "Bram", "Cor"]) == "Ann, Bram en Cor"
        assert i18n.trn("lan.waiting_ready", 1, names="Cor") == "Wacht tot Cor klaar is."
        assert i18n.trn("lan.waiting_ready", 2, names="Bram en Cor") == "Wacht tot Bram en Cor klaar zijn."
    finally:
        i18n.set_language("en")


@pytest.mark.slow
def test_a_player_back_in_a_game_under_way_is_told_its_table_opens_and_has_nothing_to_get_ready_for(tmp_path):
    """A player rejoining a resumed game read "Everybody is ready: waiting for
    the host to start the game" beside a greyed "Not ready after all" until
    the host's sync opened the table."""
    path = str(tmp_path / "verder.kolonisten")
    dealt_lan_save(path, "Verder", ("Ann", "Bo"), lambda name: str(tmp_path / name))
    host_app = make_lan_app("en", token_dir=str(tmp_path / "Ann"))
    bo_app = make_lan_app("en", token_dir=str(tmp_path / "Bo"))
    game = lan.resume_host(path, saves.load(path), 0, lan.options(host_app))
    bo = None
    try:
        bo = lan.join(f"127.0.0.1:{game.port}", "Bo", lan.options(bo_app))
        events = []
        assert run_until([host_app], lambda: events.extend(bo.session.poll()) or bo.session.game.lobby)
        guest = open_lobby(bo_app, bo)          # its lobby as it shows before the events are handled
        guest._refresh_widgets()
        assert guest.lobby["state"] == "running"
        assert guest._info_text() == "This game is under way: its table opens as soon as the host has sent it."
        assert not guest.buttons["ready"].visible
        bo_app.set_language("nl")
        assert guest._info_text() == "Dit spel is al bezig: de tafel gaat open zodra de gastheer hem heeft gestuurd."
        bo_app.set_language("en")
        guest.unhandled = events
        assert run_until([bo_app], lambda: isinstance(bo_app.scene, LanTableScene)
                         or guest.unhandled.extend(bo.session.poll()))
    finally:
        for closer in (bo and bo.close_now, game.close_now):
            if closer:
                closer()


def test_a_lobby_message_longer_than_its_lines_ends_in_dots_and_shows_whole_under_the_mouse():
    """A LAN lobby's message (what it waits for, what went wrong) has one
    or two lines: longer words end in "…", and the mouse over them shows
    the whole message in a tooltip; a message that fits has none."""
    from client_helpers import make_app
    from game.client.label_lines import LabelLines
    app = make_app()
    app.push(MenuScene(app))
    lines = LabelLines(app.scene, (100, 100, 260, 30), 2, "#dim")
    long = "Waiting for Anna, Bram, Cees, Dirk, Eva and Femke to come back to the table after the break, " * 2
    lines.set_text(long.strip())
    shown = [label.text for label in lines.labels]
    assert shown[-1].endswith("…") and all(shown)
    assert all(label.tool_tip_text == long.strip() for label in lines.labels)
    lines.set_text("Everybody is back.")
    assert [label.text for label in lines.labels] == ["Everybody is back.", ""]
    assert all(label.tool_tip_text is None for label in lines.labels)
