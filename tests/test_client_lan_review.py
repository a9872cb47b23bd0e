"""The review on a LAN end screen (scenes/lan_table.py LanEndScene): the
Review button comes once this laptop has checked the host's end reveal, and
the review it opens is computed here from the checked game; a laptop whose
check failed says that it has no review instead.  The LAN link is a stand-in
over a finished LAN game's save (the loopback games: test_net_review.py)."""

import os

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import draw, make_app  # noqa: E402
from test_client_lan import click_gui  # noqa: E402
from game import saves  # noqa: E402
from game.bots.review import review  # noqa: E402
from game.client.i18n import tr  # noqa: E402
from game.client.scenes.lan_table import LanEndScene  # noqa: E402
from game.client.seatnames import SeatNames  # noqa: E402
from game.engine import view as seat_view  # noqa: E402
from net.wire.fairdice import Verdict  # noqa: E402

SAVE = os.path.join(os.path.dirname(__file__), "data", "saves", "lan-base-finished.kolonisten")
NAMES = ["Anna", "Bram", "Cees", "Dirk"]
COLOURS = [(200, 40, 40), (40, 90, 200), (240, 240, 240), (230, 130, 30)]


class _Peer:
    """What the end screen reads of the peer's game."""

    def __init__(self):
        self.deal = object()            # a fair deal was made: its check is awaited
        self.whole_game = None


class CheckedLan:
    """A LanController's face at the end of a game: the host's reveal is
    checked (`verdict`) at the first poll, and the game is kept for the
    review when the check passed, as PeerGame does."""
    hotseat = False

    def __init__(self, auth, verdict, people=(0,)):
        self.auth_of_host = auth
        n = auth.state.n
        self.names = SeatNames(NAMES[:n], [None if s in people else "medium" for s in range(n)])
        self.colours = COLOURS[:n]
        self.config = seat_view(auth.state, None).config
        self.session = type("Session", (), {"game": _Peer()})()
        self.lan = type("Lan", (), {"close": lambda self: None, "close_now": lambda self: None})()
        self.fair = None
        self._verdict = verdict

    @property
    def whole_game(self):
        return self.session.game.whole_game

    def view(self, seat):
        return seat_view(self.auth_of_host.state, seat)

    def records_since(self, k, audience=None):
        return [r.for_audience(None) for r in self.auth_of_host.log if r.seq > k]

    def poll(self):
        if self._verdict is None:
            return []
        self.fair, self._verdict = self._verdict, None
        if self.fair.ok:
            auth = self.auth_of_host
            self.session.game.whole_game = (dict(auth.config), [r.cmd for r in auth.log])
        return [("fair", self.fair)]


def _end(app, verdict):
    auth = saves.restore(saves.load(SAVE))
    scene = LanEndScene(app, CheckedLan(auth, verdict), 900.0)
    app.push(scene)
    return scene, auth


@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((1920, 1080), "nl")])
@pytest.mark.slow
def test_the_lan_end_screen_reviews_the_game_once_it_checked_out(size, lang):
    app = make_app(size, lang)
    scene, auth = _end(app, Verdict(True, 0, "", "", 40, attempt=1))
    assert "review" not in scene.buttons          # before the check: nothing to review yet
    assert scene.fair_line() == (tr("secure.fair_waiting"), True) and scene.review_note() == ""
    scene.update(0.0)                             # the verdict arrives
    assert draw(app) and "review" in scene.buttons
    click_gui(app, "review")
    assert scene.reviewing and "save_png" in scene.buttons
    assert scene.review_view.r == review(auth.config, [r.cmd for r in auth.log])
    assert scene.review_view.check.people == [0]  # the person's decisions, not the computers'
    assert draw(app)
    # under the review, the fair check is the line above the buttons
    assert scene.footer()[0] == tr("secure.fair_ok_other", n=40) and scene.review_note() == ""
    click_gui(app, "review")
    assert not scene.reviewing


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_laptop_whose_check_failed_says_it_has_no_review(lang):
    app = make_app((1280, 720), lang)
    scene, _ = _end(app, Verdict(False, 12, "outcome", "record 12 differs", 11, kind="roll"))
    scene.update(0.0)
    assert draw(app)
    assert "review" not in scene.buttons and not scene.can_review()
    text, ok = scene.fair_line()
    assert not ok and text.startswith(tr("secure.fair_bad", what="")) and text != tr("secure.fair_bad", what="")
    assert scene.review_note() == tr("review.lan_unchecked")
