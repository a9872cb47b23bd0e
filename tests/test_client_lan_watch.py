"""Watchers and hints in the game window over LAN (headless, real TCP on
127.0.0.1): the host allows watchers and hints in its lobby, a friend joins
as a watcher and sees the table without a hand or a control, the host hands
the friend a computer's seat with a click, and hints work for players only
where the host allows them."""

import time

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_lan_app, run_until  # noqa: E402
from test_client_lan import click_at, click_gui  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client import lan, lantext  # noqa: E402
from net.session import JoinRefused  # noqa: E402
from game.client.i18n import set_language, tr  # noqa: E402
from game.client.scenes.lan_table import LanTableScene  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.table import hints  # noqa: E402
from game.engine import default_config  # noqa: E402


def _play_own_moves(table, bot):
    if table.c.session.game.must_decide():
        view = table.c.view(table.c.seat)
        table.play.submit(bot.player(table.c.seat, ("offer",)).choose(view))


@pytest.mark.slow
def test_a_watcher_sees_the_table_without_controls_and_is_handed_a_computers_seat():
    host_app, friend_app = make_lan_app("en"), make_lan_app("en")
    game = lan.host(default_config(players=2, seed=21), "Evening", "Ann", lan.options(host_app))
    friend = None
    try:
        host_app.push(MenuScene(host_app))
        host_app.push(LobbyScene(host_app, game, game.session.poll()))
        lobby = host_app.scene
        assert run_until([host_app], lambda: lobby.lobby["seats"][0] is not None)
        # watchers are off until the host allows them: a friend is refused in words
        with pytest.raises(JoinRefused) as refused:
            lan.join(f"127.0.0.1:{game.port}", "Bo", lan.options(friend_app), watch=True)
        assert refused.value.code == "no_watchers"
        set_language("nl")
        assert lantext.refusal_text(refused.value) == "De host staat geen toeschouwers toe in dat spel."
        set_language("en")
        assert lobby.buttons["allow_watchers"].text == "Watchers: not allowed"
        click_gui(host_app, "allow_watchers")
        click_gui(host_app, "allow_hints")
        assert run_until([host_app], lambda: game.allowed == {"watchers": True, "hints": True})
        assert lobby.buttons["allow_watchers"].text == "Watchers: allowed"
        friend = lan.join(f"127.0.0.1:{game.port}", "Bo", lan.options(friend_app), watch=True)
        friend_app.push(MenuScene(friend_app))
        friend_app.push(LobbyScene(friend_app, friend, friend.session.poll()))
        watching_lobby = friend_app.scene
        assert friend.watching
        assert "ready" not in watching_lobby.buttons and "colour" not in watching_lobby.buttons
        assert run_until([host_app, friend_app], lambda: "Bo" in lobby.watchers_label.text)
        assert watching_lobby.watchers_label.text.startswith("The host allows: watchers, hints")
        click_gui(host_app, "add_computer")
        assert run_until([host_app], lambda: lobby.can_start(), timeout=60)
        click_gui(host_app, "start")
        assert run_until([host_app, friend_app], lambda: isinstance(host_app.scene, LanTableScene)
                         and isinstance(friend_app.scene, LanTableScene), timeout=60)
        table, watched = host_app.scene, friend_app.scene
        bot = RandomSeats(4)
        deadline = time.monotonic() + 120
        while watched.c.seq < 10 and time.monotonic() < deadline:
            host_app.step([])
            friend_app.step([])
            _play_own_moves(table, bot)
            time.sleep(0.01)
        # the watcher's table: the public view, no hand, nothing to click, no hint
        assert watched.c.seat is None and watched.c.seq >= 10
        assert watched.model.viewer is None and watched.model.legal == [] and watched.model.pick is None
        assert all(h is None for h in watched.model.view.hands)
        friend_app.dirty = True
        friend_app.step([])
        assert not [k for k in watched.ui.targets.keys()
                    if isinstance(k, tuple) and k[:2] in (("btn", "roll"), ("btn", "end_turn"), ("btn", "hint"))]
        # hints: allowed by the host, for a player's own seat
        assert hints.available(table.model, table.play)
        # the host hands the computer's seat to the watcher with a click
        computer = 1 - table.c.seat
        host_app.dirty = True
        host_app.step([])
        button = table.ui.targets.rect(("hand_over", computer))
        assert button is not None
        click_at(host_app, button.center)
        assert run_until([host_app, friend_app], lambda: watched.c.seat == computer
                         and watched.model.viewer == computer, timeout=30)
        assert watched.model.view.hands[computer] is not None        # the seat's own hand now
        assert tr("watch.now_playing", n=computer + 1) in [note[0] for note in watched.model.notes]
        # ... and plays it: the game goes on with the friend's moves
        moved = len(game.hosting.host.auth.log)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not any(
                r.cmd[1] == computer for r in game.hosting.host.auth.log[moved:]):
            host_app.step([])
            friend_app.step([])
            _play_own_moves(table, bot)
            _play_own_moves(watched, bot)
            time.sleep(0.01)
        assert any(r.cmd[1] == computer for r in game.hosting.host.auth.log[moved:])
        assert game.hosting.host.seats[computer].name == "Bo"
    finally:
        if friend is not None:
            friend.close().wait(10)
        game.close().wait(10)
