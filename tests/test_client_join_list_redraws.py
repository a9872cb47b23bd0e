"""The join list redraws by itself: a game found or lost
on the network wakes the idle window, and the very next frame shows it."""

import threading

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_lan_app  # noqa: E402
from game.client.scenes import lan_join  # noqa: E402
from net.session import PROTOCOL_VERSION  # noqa: E402
from net.wire.discovery import GameAd  # noqa: E402


class FakeBrowser:
    """Stands in for net.wire.discovery.Browser: calls on_change on its own thread."""

    def __init__(self, on_change):
        self.on_change = on_change


class FakeBrowserSession:
    """Like net.session.BrowserSession (a list kept from Browser's on_change), without a network."""

    made = []

    def __init__(self, interfaces=None):
        self._games = {}
        self.browser = FakeBrowser(self._on_change)
        FakeBrowserSession.made.append(self)

    def _on_change(self, games):
        self._games = games

    def games(self):
        return sorted(self._games.values(), key=lambda g: g.name)

    def close(self):
        pass

    def announce(self, games):
        """A change seen by discovery, on a thread that is not the window's."""
        t = threading.Thread(target=self.browser.on_change, args=({g.service: g for g in games},))
        t.start()
        t.join()


def _frame(app):
    return pygame.image.tobytes(app.screen, "RGB")


def _idle(app):
    """Step until the window has nothing left to draw (as the loop would before it sleeps)."""
    for _ in range(50):
        if not app.step([]):
            return
    raise AssertionError("the join scene never went idle")


@pytest.fixture
def join(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLONISTEN_HOME", str(tmp_path))
    monkeypatch.setattr(lan_join, "BrowserSession", FakeBrowserSession)
    FakeBrowserSession.made.clear()
    app = make_lan_app(discovery=True)
    scene = lan_join.LanJoinScene(app)
    app.push(scene)
    for _ in range(200):
        app.step([])
        if scene.browser is not None:
            break
        scene.finding.wait(0.05)
    assert scene.browser is FakeBrowserSession.made[0]
    pygame.event.clear()
    yield app, scene
    scene.leave()


def test_a_found_game_wakes_the_window_and_the_next_frame_shows_it(join):
    app, scene = join
    _idle(app)
    empty = _frame(app)
    ad = GameAd("svc1", "127.0.0.1", 7531, 1, "Veluwe", "id1", "base", 1, 4, "lobby")
    scene.browser.announce([ad])
    events = pygame.event.get()
    assert [e.type for e in events].count(lan_join.LIST_CHANGED) == 1       # the sleeping loop wakes
    assert app.step(events) is True                                           # and draws at once
    shown = _frame(app)
    assert shown != empty and scene.buttons["game_0"].visible and "Veluwe" in scene.buttons["game_0"].text
    app.dirty = True
    app.step([])
    assert _frame(app) == shown                      # that frame was already complete, not one behind
    _idle(app)
    scene.browser.announce([])                       # the host went away
    events = pygame.event.get()
    assert lan_join.LIST_CHANGED in [e.type for e in events]
    assert app.step(events) is True
    assert _frame(app) == empty and not scene.buttons["game_0"].visible


def test_waking_is_harmless_without_a_hook():
    assert lan_join.wake_on_change(object()) is False


def test_games_listed_under_one_name_are_flagged_and_the_heading_says_compare_the_key(join):
    """A copied advert (another key, the same name) is flagged on both rows,
    and the heading, in the error colour, asks to compare the key code; a
    game alone under its name is not flagged."""
    app, scene = join
    fp = ("ab" * 32, "cd" * 32, "ef" * 32)
    ads = [GameAd(f"svc{i}", "127.0.0.1", 7531 + i, PROTOCOL_VERSION, name, f"id{i}", "base", 1, 4, "lobby",
                  fingerprint=fp[i]) for i, name in enumerate(("Veluwe", "veluwe ", "Drenthe"))]
    scene.browser.announce(ads)
    app.step(pygame.event.get())
    texts = [scene.buttons[f"game_{i}"].text for i in range(3)]
    assert [("same name!" in t) for t in texts] == [False, True, True]       # sorted: Drenthe first
    assert scene.list_heading().startswith("2 games called “")
    assert scene.list_label.object_ids[-1] == "#error"
    scene.browser.announce(ads[2:])
    app.step(pygame.event.get())
    assert scene.list_heading() == "Games on this network:" and scene.list_label.object_ids[-1] != "#error"


def test_the_window_closing_on_the_join_form_stops_its_look_for_games():
    """The join form's browser (a network thread looking for games on
    loopback here) outlived a window closed on the form: closing() ends it."""
    from game.client.scenes.menu import MenuScene
    app = make_lan_app(discovery=True)         # (looking on loopback only: client_helpers)
    app.push(MenuScene(app))
    join = lan_join.LanJoinScene(app)
    app.push(join)
    join.finding.wait(15)

    def browsing():
        return [t for t in threading.enumerate() if t.name == "kolonisten-browse" and t.is_alive()]
    assert browsing()
    join.closing()
    for t in browsing():
        t.join(5)
    assert not browsing()
