"""The LAN table's in-game menu: the Menu button opens
the same menu as hot-seat (resume, settings, rules, save only on the host's
laptop, leave), leaving asks in a dialog with the way back on the left, and
the LAN session goes on being serviced under the menu, the rules and the
settings: the host's frames are applied, the table underneath follows, and
a lost connection is shown.  Two windows over real TCP on 127.0.0.1."""

import os
import threading

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_lan_app, run_until, draw  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client import lan  # noqa: E402
from game.client.i18n import tr  # noqa: E402
from game.client.scenes.game_menu import GameMenuScene  # noqa: E402
from game.client.scenes.lan_table import LanTableScene  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.rules_screen import RulesScreen  # noqa: E402
from game.client.scenes.settings_scene import SettingsScene  # noqa: E402
from game.engine import default_config  # noqa: E402
from net.wire.secrecy import peer_hash  # noqa: E402
from net.session import ClientSession  # noqa: E402


def make_app(lang="en"):
    return make_lan_app(lang, reconnect_for=5.0)



def click(app, rect):
    assert rect is not None
    pos = rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])


def key(app, k):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


@pytest.fixture
def two_windows():
    """Ann hosts a 2-player game in her window, Bob joins in his; both at the table."""
    ann, bob = make_app(), make_app("nl")
    game = lan.host(default_config(players=2, seed=8), "Menu", "Ann", lan.options(ann))
    joined = None
    try:
        joined = lan.join(f"127.0.0.1:{game.port}", "Bob", lan.options(bob))
        for app, g in ((ann, game), (bob, joined)):
            app.push(MenuScene(app))
            app.push(LobbyScene(app, g, g.session.poll()))
        assert run_until([ann, bob], lambda: ann.scene.lobby["seats"][1] is not None)
        game.hosting.start_game()
        assert run_until([ann, bob], lambda: isinstance(ann.scene, LanTableScene)
                         and isinstance(bob.scene, LanTableScene))
        yield ann, bob, game, joined
    finally:
        for g in (joined, game):
            if g is not None:
                g.close().wait(10)


def move(table, bot):
    """The table's own seat makes one legal move (it must decide)."""
    seat = table.c.seat
    table.play.submit(bot[seat].choose(table.c.view(seat)))


def until_deciding(apps, tables, seat, bot):
    """Moves by whoever must decide, until `seat` must."""
    for _ in range(40):
        assert run_until(apps, lambda: any(t.c.session.game.must_decide() for t in tables.values()))
        if tables[seat].c.session.game.must_decide():
            return
        other = tables[1 - seat]
        n = other.c.seq
        move(other, bot)
        assert run_until(apps, lambda: all(t.c.seq > n for t in tables.values()))
    raise AssertionError("the seat never had to decide")


@pytest.mark.slow
def test_the_menu_button_opens_the_game_menu_and_the_host_frames_are_applied_under_it(two_windows):
    ann, bob, game, joined = two_windows
    tables = {0: ann.scene, 1: bob.scene}
    apps = [ann, bob]
    bot = RandomSeats(4)
    until_deciding(apps, tables, 0, bot)
    # Bob's Menu button: the game menu, not a press-twice-to-leave note
    draw(bob)
    click(bob, tables[1].ui.targets.rect(("btn", "menu")))
    menu = bob.scene
    assert isinstance(menu, GameMenuScene) and menu.table is tables[1]
    assert "save" not in menu.items()                      # a joined seat does not keep the save
    assert bob.wake_ms() == tables[1].wake_ms() < menu.wake_ms()     # the idle loop wakes for the session
    draw(bob)
    assert menu.targets.rect("save") is None and menu.targets.rect("leave") is not None
    assert [line for line, _ in menu.note_lines(2000)] == [tr("gamemenu.saved_by_host")]
    # Ann moves; Bob's window, menu open, applies the host's frame and its table follows
    seq = tables[1].c.seq
    log = len(tables[1].model.log)
    move(tables[0], bot)
    assert run_until(apps, lambda: tables[1].c.seq == seq + 1 and tables[1].model.seen == seq + 1)
    assert bob.scene is menu
    assert len(tables[1].model.log) > log                         # the table took in the record
    auth = game.hosting.host.auth
    assert peer_hash(auth.state, 1) == peer_hash(tables[1].c.session.view, 1)
    assert peer_hash(auth.state, None) == peer_hash(tables[1].model.view, None)
    draw(bob)
    # the rules over the menu: the next frame is applied under them too
    click(bob, menu.targets.rect("rules"))
    assert isinstance(bob.scene, RulesScreen)
    until_deciding(apps, tables, 0, bot)
    seq = tables[1].c.seq
    move(tables[0], bot)
    assert run_until(apps, lambda: tables[1].c.seq == seq + 1 and tables[1].model.seen == seq + 1)
    assert isinstance(bob.scene, RulesScreen)
    key(bob, pygame.K_ESCAPE)
    assert bob.scene is menu
    # ... and under the settings
    draw(bob)
    click(bob, menu.targets.rect("settings"))
    assert isinstance(bob.scene, SettingsScene)
    until_deciding(apps, tables, 0, bot)
    seq = tables[1].c.seq
    move(tables[0], bot)
    assert run_until(apps, lambda: tables[1].c.seq == seq + 1)
    key(bob, pygame.K_ESCAPE)
    assert bob.scene is menu


@pytest.mark.slow
def test_leaving_a_lan_game_needs_a_confirmation_with_the_way_back_on_the_left(two_windows):
    ann, bob, game, joined = two_windows
    table = bob.scene
    draw(bob)
    click(bob, table.ui.targets.rect(("btn", "menu")))
    menu = bob.scene
    draw(bob)
    click(bob, menu.targets.rect("leave"))
    assert bob.scene is menu and menu.confirm_leave and joined.closing is None     # not gone yet
    draw(bob)
    assert menu.leave_text() == tr("gamemenu.leave_lan")
    stay, leave = menu.targets.rect("stay"), menu.targets.rect("really_leave")
    assert stay.x < leave.x and stay.y == leave.y
    click(bob, stay)
    assert bob.scene is menu and not menu.confirm_leave and joined.closing is None
    draw(bob)
    click(bob, menu.targets.rect("leave"))
    draw(bob)
    click(bob, menu.targets.rect("really_leave"))
    assert isinstance(bob.scene, MenuScene)
    assert joined.closing is not None and joined.closing.wait(10)
    # the host sees Bob away, its own menu still open and serviced
    ann_table = ann.scene
    key(ann, pygame.K_ESCAPE)
    assert isinstance(ann.scene, GameMenuScene)
    assert run_until([ann], lambda: not ann_table.c.connected(1))


@pytest.mark.slow
def test_the_host_saves_from_the_menu_and_its_leaving_says_it_ends_the_game(two_windows):
    ann, bob, game, joined = two_windows
    key(ann, pygame.K_ESCAPE)
    menu = ann.scene
    assert isinstance(menu, GameMenuScene) and "save" in menu.items()
    draw(ann)
    click(ann, menu.targets.rect("save"))
    path = game.hosting.save_path
    assert path and os.path.exists(path)
    assert os.path.basename(path) in menu.message and not menu.message_bad
    menu.leave()
    assert menu.leave_text() == tr("gamemenu.leave_lan_host")


@pytest.mark.slow
def test_a_lost_connection_is_shown_while_the_menu_or_the_rules_are_open(two_windows, monkeypatch):
    ann, bob, game, joined = two_windows
    table = bob.scene
    key(bob, pygame.K_ESCAPE)
    menu = bob.scene
    assert isinstance(menu, GameMenuScene)
    connect, back = ClientSession._connect, threading.Event()     # the network is back when the test says

    async def out_of_reach_until_back(self, timeout):
        if not back.is_set():
            raise OSError("network is unreachable")
        return await connect(self, timeout)
    monkeypatch.setattr(ClientSession, "_connect", out_of_reach_until_back)
    session = joined.session
    session.net.call(session._conn.close, False)            # Bob's line drops without a goodbye
    assert run_until([bob], lambda: table.c.link == "reconnecting")
    assert bob.scene is menu
    drawn = []
    render = bob.text.render

    def recording(text, size, colour=(236, 232, 220), bold=False):
        drawn.append(text)
        return render(text, size, colour, bold)
    bob.text.render = recording
    draw(bob)
    alert = tr("lan.banner_reconnecting")
    assert alert in " ".join(drawn)                         # (wrapped over lines where it is long)
    assert alert in " ".join(line for line, _ in menu.note_lines(400))     # over the menu, not only the table
    menu.rules()
    drawn.clear()
    draw(bob)
    assert alert in drawn                                   # the rules screen's strip
    back.set()
    assert run_until([bob], lambda: table.c.link == "ok")
    drawn.clear()
    draw(bob)
    assert alert not in " ".join(drawn)
