"""Table talk in the LAN lobby (game/client/scenes/lobby_talk.py): the host's
lobby holds "Table talk: on/off", whether the watchers may talk and a Mute
toggle at each seat a person holds (not its own); each click reaches the
host's rules (net/host/talk.py) and every guest's lobby says them in its line
of the rules, in English and Dutch; a guest's lobby has no talk switch.  The
lobby of a resumed game holds the same switches for its host, set as the save
kept them.

Headless windows, real TCP on 127.0.0.1."""

import os

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import click_gui, dealt_lan_save, make_lan_app, run_until  # noqa: E402
from game import saves  # noqa: E402
from game.client import lan  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.engine import default_config  # noqa: E402
from net.session import ClientSession  # noqa: E402


def _lobby(app, game):
    app.push(MenuScene(app))
    app.push(LobbyScene(app, game, game.session.poll()))
    return app.scene


def _visible(scene, key) -> bool:
    b = scene.buttons.get(key)
    return b is not None and b.visible


@pytest.mark.slow
def test_the_hosts_lobby_turns_talk_off_and_mutes_and_every_guest_reads_it_in_the_rules():
    host_app, bo_app = make_lan_app("en"), make_lan_app("en")
    game = lan.host(default_config(players=3, seed=5), "Praatje", "Ann", lan.options(host_app))
    bo = cas = None
    try:
        game.hosting.set_allowed(watchers=True)
        lobby = _lobby(host_app, game)
        bo = lan.join(f"127.0.0.1:{game.port}", "Bo", lan.options(bo_app))
        guest = _lobby(bo_app, bo)
        cas = ClientSession(f"127.0.0.1:{game.port}", "Cas", token_dir=lan.options(host_app).token_dir)
        cas.connect()
        apps, host = [host_app, bo_app], game.hosting.host

        def rules():
            return host.talk.public()

        def settle(predicate):
            """Until `predicate` holds and both lobbies show the host's rules."""
            assert run_until(apps, lambda: predicate() and lobby.talk.rules == rules() == guest.talk.rules,
                             sessions=[cas])

        settle(lambda: all(lobby.lobby["seats"]))
        # the host: its switches, a Mute toggle at Bo's and Cas's seats, none at its own
        assert lobby.buttons["talk_on"].text == "Table talk: on"
        assert lobby.buttons["talk_watchers"].text == "Watchers may talk"
        assert [_visible(lobby, f"talk_mute_{seat}") for seat in range(3)] == [False, True, True]
        assert lobby.buttons["talk_mute_1"].text == "Mute"
        # a guest: no switch; while everyone may talk, the rules say nothing of talk
        assert not [key for key in guest.buttons if key.startswith("talk_")]
        assert "talk" not in guest.rules_label.text

        click_gui(host_app, "talk_mute_1")
        settle(lambda: rules()["muted"] == [1])
        assert lobby.buttons["talk_mute_1"].text == "Muted" and lobby.buttons["talk_mute_2"].text == "Mute"
        assert guest.rules_label.text.endswith(" · table talk muted for Bo")

        click_gui(host_app, "talk_watchers")
        settle(lambda: rules()["watchers_muted"])
        assert lobby.buttons["talk_watchers"].text == "Watchers: muted"
        assert guest.rules_label.text.endswith(" · table talk muted for Bo, the watchers")
        bo_app.set_language("nl")       # (one language for the whole process: the guest's window changes)
        assert guest.rules_label.text.endswith(" · gedempt aan tafel: Bo, de toeschouwers")
        bo_app.set_language("en")

        click_gui(host_app, "talk_on")
        settle(lambda: not rules()["on"])
        assert lobby.buttons["talk_on"].text == "Table talk: off"
        assert guest.rules_label.text.endswith(" · table talk off")
        bo_app.set_language("nl")
        assert guest.rules_label.text.endswith(" · praten aan tafel uit")
        bo_app.set_language("en")

        for key in ("talk_on", "talk_watchers", "talk_mute_1"):       # each switch undoes itself
            click_gui(host_app, key)
        settle(lambda: rules() == {"on": True, "muted": [], "watchers_muted": False})
        assert lobby.buttons["talk_mute_1"].text == "Mute"
        assert "talk" not in guest.rules_label.text
    finally:
        for closer in (cas and cas.close, bo and bo.close_now, game.close_now):
            if closer:
                closer()


def _saved_with_cas_muted(folder) -> str:
    """A dealt three-seat LAN game saved with Cas (seat 2) muted; its players'
    seat tokens in folder/NAME."""
    path = os.path.join(folder, "muted.kolonisten")
    dealt_lan_save(path, "Stil", ("Ann", "Bo", "Cas"), lambda name: os.path.join(folder, name),
                   then=lambda hosting: hosting.set_talk(mute=2))
    return path


@pytest.mark.slow
def test_a_resumed_lobby_holds_the_hosts_talk_switches_as_the_save_kept_them(tmp_path):
    path = _saved_with_cas_muted(str(tmp_path))
    host_app = make_lan_app("en", reconnect_for=1.0, token_dir=str(tmp_path / "Ann"))
    bo_app = make_lan_app("en", token_dir=str(tmp_path / "Bo"))
    game = lan.resume_host(path, saves.load(path), 0, lan.options(host_app))
    bo = None
    try:
        lobby = _lobby(host_app, game)
        assert lobby.resumed
        bo = lan.join(f"127.0.0.1:{game.port}", "Bo", lan.options(bo_app))
        guest = _lobby(bo_app, bo)
        apps, host = [host_app, bo_app], game.hosting.host
        assert run_until(apps, lambda: lobby.lobby["seats"][1]["connected"]
                         and guest.talk.rules == host.talk.public())
        assert lobby.buttons["talk_on"].text == "Table talk: on"
        assert lobby.buttons["talk_watchers"].text == "Watchers may talk"
        assert [_visible(lobby, f"talk_mute_{seat}") for seat in range(3)] == [False, True, True]
        assert [lobby.buttons[f"talk_mute_{seat}"].text for seat in (1, 2)] == ["Mute", "Muted"]
        assert lobby.rules_label.text.endswith(" · table talk muted for Cas")
        # the guest reads the rules (its lobby may have opened the table by now: what its line says)
        assert not [key for key in guest.buttons if key.startswith("talk_")]
        assert guest._rules_line().endswith(" · table talk muted for Cas")

        click_gui(host_app, "talk_mute_1")
        assert run_until(apps, lambda: guest.talk.rules == host.talk.public() == lobby.talk.rules
                         and host.talk.public()["muted"] == [1, 2])
        assert lobby.buttons["talk_mute_1"].text == "Muted"
        assert lobby.rules_label.text.endswith(" · table talk muted for Bo, Cas")
        assert guest._rules_line().endswith(" · table talk muted for Bo, Cas")
        host_app.set_language("nl")     # (one language for the whole process)
        assert lobby.buttons["talk_on"].text == "Praten aan tafel: aan"
        assert lobby.buttons["talk_mute_2"].text == "Gedempt"
        assert lobby.rules_label.text.endswith(" · gedempt aan tafel: Bo, Cas")
        host_app.set_language("en")
    finally:
        for closer in (bo and bo.close_now, game.close_now):
            if closer:
                closer()
