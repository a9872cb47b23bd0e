"""The end screen and its game review at every scale of text and controls
(issue 32): both hold 100, 125, 150 and 200 % at 1280x720 and 1920x1080 —
where their panels do not fit side by side they go one under the other on
a page that scrolls (wheel, arrows, Page Up/Down, Home/End, with a scroll
bar and a line that says so), the scores' table takes two lines a seat,
the buttons get narrower — and the review's "Where Hard would have played
better" tells every entry whole, however long, each of its lines reachable
by scrolling.  Checked with the text checker (tools/screens/fit.py): no
text outside its box or the window, none cut, none over another."""

import functools
import os

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import draw, make_app  # noqa: E402
from game import saves  # noqa: E402
from game.client.controller import HotseatController  # noqa: E402
from game.client.i18n import tr  # noqa: E402
from game.client.scenes.end import EndScene  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

FINISHED = os.path.join(os.path.dirname(__file__), "data", "saves", "hotseat-ck-finished.kolonisten")
NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Femke"]
COLOURS = [(200, 40, 40), (40, 90, 200), (240, 240, 240), (230, 130, 30), (40, 160, 70), (150, 70, 180)]
LONG = " ".join(f"woord{k}" for k in range(1, 61))          # a better entry of many lines, every word its own


@pytest.fixture
def probe():
    from tools.screens import fit
    with fit.Probe() as p:
        yield p


@functools.lru_cache(maxsize=None)
def _bot_game(rules, players):
    from tools.screens.states import bot_game
    return bot_game(rules, 4, players)


def end_scene(app, auth, solo=True):
    """The end screen of `auth`'s finished game: seat 0 a person, the others computers when `solo`."""
    n = auth.state.n
    computers = [None] + ["medium"] * (n - 1) if solo else None
    c = HotseatController(auth.config, NAMES[:n], COLOURS[:n], auth=auth, computers=computers)
    scene = EndScene(app, c, 900.0)
    app.push(scene)
    return scene


def checked(view, better):
    """The review's check of the person's decisions, done: seat 0's `better` entries."""
    view.check.done = True
    view.check.result = lambda: {"0": {"decisions": 40, "checked": 40, "limited": False, "better": better}}


def entry(turn):
    return {"index": 5, "turn": turn, "played": ["end_turn", 0], "hard": ["buy_dev", 0], "gain": 0.5, "se": 0.1,
            "wins": 0.0, "played_detail": {}, "hard_detail": {}}


def scrolled_through(app, scene, probe):
    """Every position of the scene's page from the top, a Page Down apart:
    per position (what the text checker found, the texts on show as
    (words, rect), the scroller's view)."""
    from tools.screens.fit_screens import problems
    out = []
    while True:
        found = problems(app, probe)
        surf = pygame.Surface(app.size)
        probe.frame()
        scene.draw(surf)
        scroller = scene.scroller()
        out.append((found, [(m.label, m.rect) for m in probe.texts(surf)], scroller.view, scroller.room))
        before = scroller.offset
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        if scroller.offset == before:
            return out


def whole_on_show(positions) -> list:
    """The words of every text shown whole at some position (not cut by the view's ends)."""
    words = []
    for _, texts, view, room in positions:
        for label, rect in texts:
            if not room or view is None or not view.colliderect(rect) or (view.top < rect.top and rect.bottom < view.bottom):
                words += label.split()
    return words


@pytest.mark.parametrize("size", tightest_fast("size", [(1280, 720), (1920, 1080)]))
@pytest.mark.slow
def test_the_end_screen_holds_200_percent_with_its_review_open_or_not(size):
    app = make_app(size, "en", ui_scale=200)
    scene = end_scene(app, saves.restore(saves.load(FINISHED)))
    assert app.ui_used == 200
    scene.toggle_review()
    assert draw(app) and scene.reviewing
    assert app.ui_used == 200
    w, h = scene.min_canvas()
    assert w <= 640 and h <= 360


@pytest.mark.parametrize("size,percent,lang", tightest_fast("size,percent,lang", [
    ((1280, 720), 200, "nl"), ((1920, 1080), 150, "en"), ((1280, 720), 125, "en"), ((1920, 1080), 100, "nl")]))
@pytest.mark.slow
def test_every_text_of_the_review_is_in_its_box_and_none_overlaps_at_every_scroll(size, percent, lang, probe):
    app = make_app(size, lang, ui_scale=percent)
    scene = end_scene(app, saves.restore(saves.load(FINISHED)))
    scene.toggle_review()
    checked(scene.review_view, [entry(4), dict(entry(9), hard=["build_city", 0]), entry(30)])
    positions = scrolled_through(app, scene, probe)
    assert app.ui_used == percent
    for found, _, _, _ in positions:
        assert not found, "\n".join(f"{kind}: {words}" for kind, words in found)
    shown = whole_on_show(positions)
    for part in ("review.chance", "review.swings", "review.better", "review.dice", "review.gains"):
        assert tr(part).split()[0] in shown, part          # every panel of the review is reached
    for name in NAMES[:3]:
        assert name in shown


@pytest.mark.parametrize("percent", tightest_fast("percent", [100, 200]))
@pytest.mark.slow
def test_a_long_better_entry_is_told_whole_every_line_reachable_by_scrolling(percent, probe, monkeypatch):
    from game.client import reviewview
    app = make_app((1280, 720), "en", ui_scale=percent)
    scene = end_scene(app, saves.restore(saves.load(FINISHED)))
    scene.toggle_review()
    checked(scene.review_view, [entry(turn) for turn in range(3, 40, 3)])
    real = reviewview.better_line
    monkeypatch.setattr(reviewview, "better_line", lambda e, names: LONG if e["turn"] == 12 else real(e, names))
    positions = scrolled_through(app, scene, probe)
    assert len(positions) > 1 and all(room for _, _, _, room in positions)
    shown = whole_on_show(positions)
    assert {word for word in shown if word.startswith("woord")} == set(LONG.split())
    hint = tr("end.scroll")
    assert all(any(label == hint for label, _ in texts) for _, texts, _, _ in positions)
    for found, _, _, _ in positions:
        assert not found, found


@pytest.mark.parametrize("size", tightest_fast("size", [(1280, 720), (1920, 1080)]))
@pytest.mark.slow
def test_the_biggest_swings_are_told_whole_where_the_side_by_side_review_cannot_hold_them(size, probe, monkeypatch):
    """Side by side the swings' panel cut each swing to two lines when they
    did not all fit: now the review then stacks its panels on a page that
    scrolls, and every word of a long swing is reached."""
    from game.client import reviewview
    app = make_app(size, "en", ui_scale=100)         # (100 %: room for the panels side by side)
    scene = end_scene(app, saves.restore(saves.load(FINISHED)))
    scene.toggle_review()
    checked(scene.review_view, [entry(4)])
    swings = scene.review_view.r["swings"]
    assert swings
    real = reviewview.swing_line
    monkeypatch.setattr(reviewview, "swing_line", lambda swing, names: LONG if swing is swings[0] else real(swing, names))
    positions = scrolled_through(app, scene, probe)
    shown = whole_on_show(positions)
    assert {word for word in shown if word.startswith("woord")} == set(LONG.split())
    for found, _, _, _ in positions:
        assert not found, found


def test_the_gains_panel_names_every_seat_at_its_rows_size_none_squeezed(monkeypatch):
    """"Cees (Gemiddeld)" and "Bram (Makkelijk)" came out in a smaller font
    than "Anna" in the cards gained panel: its names' column now takes the
    widest name."""
    from game.client import i18n, widgets
    app = make_app((1280, 720), "nl")
    try:
        scene = end_scene(app, saves.restore(saves.load(FINISHED)))
        scene.toggle_review()
        view = scene.review_view
        asked = []
        real = widgets.fit_label
        monkeypatch.setattr(widgets, "fit_label", lambda text, words, size, colour, bold, width, least:
                            asked.append((words, size, bold, width)) or real(text, words, size, colour, bold, width, least))
        rect = pygame.Rect(0, 0, 360, 140)
        view.draw_gains(pygame.Surface(rect.size), rect, 1.0)
        names = [(words, size, bold, width) for words, size, bold, width in asked if words in view.names]
        assert {words for words, *_ in names} == set(view.names) and any("(" in words for words, *_ in names)
        for words, size, bold, width in names:
            assert app.fonts.get(size, bold).size(words)[0] <= width, (words, width)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("rules,players", tightest_fast("rules,players", [("base", 2), ("ck", 6)]))
@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", [((1280, 720), "nl"), ((1920, 1080), "en")]))
@pytest.mark.slow
def test_the_scores_and_a_solo_rating_hold_200_percent_every_seat_reachable(rules, players, size, lang, probe):
    from game.client import solo_rating
    app = make_app(size, lang, ui_scale=200)
    scene = end_scene(app, _bot_game(rules, players))
    assert scene.solo is not None and app.ui_used == 200
    positions = scrolled_through(app, scene, probe)
    for found, _, _, _ in positions:
        assert not found, "\n".join(f"{kind}: {words}" for kind, words in found)
    shown = " ".join(whole_on_show(positions))
    for name in NAMES[:players]:
        assert name in shown
    for text, *_ in solo_rating.lines(scene.solo):          # the rating's every line, none dropped
        assert text.split()[-1] in shown


@pytest.mark.parametrize("lang", tightest_fast("lang", ["en", "nl"]))
@pytest.mark.slow
def test_the_lan_end_screen_holds_200_percent_its_fair_check_clear_of_the_scores(lang, probe):
    from test_client_lan_review import _end
    from net.wire.fairdice import Verdict
    app = make_app((1280, 720), lang, ui_scale=200)
    scene, _ = _end(app, Verdict(True, 0, "", "", 40, attempt=1))
    scene.update(0.0)                           # the verdict arrives: the fair check's line, the Review button
    for reviewing in (False, True):
        if reviewing:
            scene.toggle_review()
            checked(scene.review_view, [entry(5)])
        positions = scrolled_through(app, scene, probe)
        assert app.ui_used == 200
        for found, _, _, _ in positions:
            assert not found, "\n".join(f"{kind}: {words}" for kind, words in found)
        assert scene.fair_line()[0].split()[0] in whole_on_show(positions)


@pytest.mark.slow
def test_the_replays_review_scrolls_by_the_wheel_where_its_panels_stack():
    from game.client.scenes.replay import open_file
    app = make_app((1280, 720), "en", ui_scale=150)
    replay = open_file(app, FINISHED)
    app.push(replay)
    replay.key(pygame.K_g)
    assert draw(app) and replay.reviewing
    scroller = replay.review_view.scroller
    assert scroller.room and scroller.offset == 0
    replay.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert scroller.offset == 2 * scroller.step
    assert draw(app)
    plot = replay.review_view.chart_rect
    assert plot.bottom <= replay.layout.review_area.bottom and plot.top >= replay.layout.review_area.top
