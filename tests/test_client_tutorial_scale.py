"""The guided game at 200 % text and controls (issue 32): on the narrow
table the guide's box is a band over the board (tutorial/band.py), at
1280x720 and 1920x1080 in both languages.  The band lies inside the window
over the board, the dialogs and the log's drawer under it; it never covers
what a step rings; every step's words can be read whole, page by page (More,
PageDown, PageUp); the whole guided game plays at 200 % by mouse and by keys
alone."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from game.client.i18n import tr  # noqa: E402
from game.client.table.parts import PARTS  # noqa: E402
from game.client.tutorial import band, overlay, session  # noqa: E402
from game.client.tutorial import steps as S  # noqa: E402
from test_client_compact_table import canvas  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))


def guided_game(size, lang="en"):
    from client_helpers import make_app
    app = make_app(size, lang, ui_scale=200, computer_speed="instant")
    session.start(app)
    app.dirty = True
    app.step([])
    return app, app.scene


def test_the_guided_game_holds_the_narrow_tables_canvas():
    from types import SimpleNamespace
    from game.client.tutorial.scene import TutorialScene
    tutorial = SimpleNamespace(model=SimpleNamespace(n=4, part=PARTS["base"]))
    for size in SIZES:
        w, h = canvas(size, 200)
        cw, ch = TutorialScene.min_canvas(tutorial)
        assert cw <= w + 0.5 and ch <= h + 0.5, (cw, ch, w, h)


@pytest.mark.parametrize("lang", tightest_fast("lang", ["en", "nl"]))
@pytest.mark.parametrize("size", tightest_fast("size", SIZES))
def test_at_200_percent_the_band_lies_over_the_board_and_the_dialogs_and_the_log_under_it(size, lang):
    app, scene = guided_game(size, lang)
    L = scene.ui.layout
    assert app.ui_used == 200 and L.narrow
    screen = pygame.Rect(0, 0, *size)
    box = L.top
    assert screen.contains(box) and L.left.contains(box) and not box.colliderect(L.side)
    assert box.h == band.height(scene.ui, overlay.HEAD)
    assert box.bottom <= L.board.y and L.board.contains(L.island) and L.board.bottom <= L.hand.y
    assert L.board.h >= int(140 * L.s)                                   # the island keeps a playable size
    over = [L.menu_button, L.drawer, L.log] + L.dice
    assert all(L.board.contains(r) for r in over)                       # (the log in its drawer, on the board)
    assert not L.log_shown(scene.model)
    for w, h in ((600, 360), (700, 420), (420, 200)):                   # a dialog opens under the band
        assert not L.dialog(w, h).colliderect(box) and screen.contains(L.dialog(w, h))
    next_rect = scene.ui.targets.rect(overlay.NEXT_KEY)                 # (the first step explains: Next)
    assert next_rect is not None and box.contains(next_rect)
    pygame.quit()


def _texts():
    """Every step's (what, why) as the box may show them, with the routine moves' and the help's."""
    out = [(tr(f"tutorial.step.{s.name}.what"), tr(f"tutorial.step.{s.name}.why")) for s in S.STEPS]
    out += [(tr(f"tutorial.step.{s.name}.done.what"), tr(f"tutorial.step.{s.name}.done.why"))
            for s in S.STEPS if s.settled is not None]
    out += [(tr("tutorial.routine." + kind), tr("tutorial.routine.why")) for kind in
            ("roll", "end_turn", "discard", "move_robber", "steal", "skip_steal")]
    out.append((tr("tutorial.lost.what", name="M" * 12), tr("tutorial.lost.why")))
    return out


@pytest.mark.parametrize("lang", tightest_fast("lang", ["en", "nl"]))
@pytest.mark.parametrize("size", tightest_fast("size", SIZES))
def test_every_steps_words_can_be_read_whole_page_by_page(size, lang):
    app, scene = guided_game(size, lang)
    ui = scene.ui
    width = ui.layout.top.w - int(24 * ui.layout.s)
    room = band.text_room(ui, overlay.HEAD)
    paged = 0
    for what, why in _texts():
        lines = band.wrapped(ui, what, why, overlay.HEAD, overlay.BODY)
        book = band.pages(lines, ui.fonts, room)
        assert [line for page in book for line in page] == lines            # nothing left out, in order
        for page in book:
            assert sum(ui.fonts.get(size, bold).get_linesize() for size, bold, _ in page) <= room
            assert all(ui.fonts.get(size, bold).size(line)[0] <= width for size, bold, line in page)
        paged += len(book) > 1
    assert paged                                                            # (some words do take pages)
    pygame.quit()


def test_more_and_the_page_keys_turn_the_bands_pages_and_a_new_step_starts_at_its_first():
    from client_helpers import draw
    app, scene = guided_game((1280, 720), "nl")
    assert scene.band_pages > 1                                            # the welcome's words take pages
    first = scene.band_page
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    assert scene.band_page == first + 1
    draw(app)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
    assert scene.band_page == first
    draw(app)
    more = scene.ui.targets.rect(band.MORE_KEY)
    assert more is not None and scene.ui.layout.top.contains(more)
    _, action = scene.ui.targets.at(more.center)
    action()
    assert scene.band_page == first + 1
    step = scene.c.guide.index
    scene.press_next()
    draw(app)
    assert scene.c.guide.index != step and scene.band_page == 0            # the next step's first page
    pygame.quit()


def _ring_check(app, seen):
    """tutorial.play's `shot`: the rings of the step on show lie off the band (and on the board)."""
    from game.client.tutorial.scene import TutorialScene
    scene = app.scene
    if not isinstance(scene, TutorialScene):
        return
    ui = scene.ui
    L = ui.layout
    assert app.ui_used == 200 and L.narrow
    for kind, where, *_ in overlay._points(ui, overlay.targets(scene.advice(), scene.model)):
        if kind == "rect":
            assert not where.colliderect(L.top), (scene.c.guide.step.name, where)
        else:
            assert L.board.collidepoint(where) and not L.top.collidepoint(where), scene.c.guide.step.name
        seen.add(scene.c.guide.step.name)


@pytest.mark.parametrize("keys_only", [False, True])
@pytest.mark.parametrize("size, lang", [((1280, 720), "nl"),
                                        pytest.param((1920, 1080), "en", marks=pytest.mark.slow)])
def test_the_whole_guided_game_plays_at_200_percent_by_mouse_and_by_keys_alone(size, lang, keys_only):
    from client_helpers import make_app
    from tools.screens import keys, tutorial
    app = make_app(size, lang, ui_scale=200, computer_speed="instant")
    seen = set()
    run = tutorial.play(lang, size, app=app, shot=lambda name: _ring_check(app, seen),
                        make_driver=keys.maker() if keys_only else None)
    assert set(run["reached"]) == set(S.STEP_NAMES) and not run["skipped"] and run["numbered"]
    assert run["finished"] and run["winner"] == S.PERSON
    assert (run["clicks"] == 0) if keys_only else run["clicks"] > 0
    assert {"found", "offer", "steal", "knight"} <= seen              # (the rings were checked)
    pygame.quit()
