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
        book = band.book(ui, what, why, overlay.HEAD, overlay.BODY)
        words = " ".join(line for page in book for _, _, line in page).split()
        assert words == (what + " " + why).split()                           # nothing left out, in order
        for page in book:
            assert sum(ui.fonts.get(size, bold).get_linesize() for size, bold, _ in page) <= room
            assert all(ui.fonts.get(size, bold).size(line)[0] <= width for size, bold, line in page)
        paged += len(book) > 1
    assert paged                                                            # (some words do take pages)
    pygame.quit()


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("size", SIZES)
def test_every_page_of_the_bands_words_ends_at_a_sentences_end(size, lang):
    """A page never breaks a sentence off (the next page would go on with
    it): every step's words, the routine moves' and the help's."""
    app, scene = guided_game(size, lang)
    ui = scene.ui
    texts = _texts() + [(tr("tutorial.help.offer", give="1 wood", get="1 grain"),
                         tr("tutorial.help.why", what=tr("tutorial.step.settlement.what"))),
                        (tr("tutorial.routine.end_turn"), tr("tutorial.routine.lacks", cards="1 wood, 1 brick"))]
    for what, why in texts:
        book = band.book(ui, what, why, overlay.HEAD, overlay.BODY)
        for page in book:
            assert page[-1][2].rstrip().endswith((".", "!", "?")), (what, [line for _, _, line in page])
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
@pytest.mark.slow
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


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.slow
def test_the_dice_keep_a_margin_from_the_guides_box_at_every_scale(size, lang):
    """At 200 % the dice stand under the band as far from it as the menu
    button (not on the sea's very edge); at the other scales the box is in
    the left column, far from them."""
    from client_helpers import draw
    app, scene = guided_game(size, lang)
    for percent in (100, 125, 150, 200):
        app.set_ui_scale(percent)
        draw(app)
        L = scene.ui.layout
        assert app.ui_used == percent
        margin = int(6 * L.s)
        for die in L.dice:
            assert not die.inflate(2 * margin, 2 * margin).colliderect(L.top), (percent, die, L.top)
            assert L.board.contains(die)
        if L.narrow:
            assert all(die.y == L.menu_button.y for die in L.dice)
    pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_at_200_percent_the_island_reaches_up_between_the_menu_and_the_dice(size):
    """The narrow layout keeps a row over the whole board for the menu and
    the dice; under the guide's band the island's middle takes that row's
    room as well (a larger island), its sea frame and harbors clear of the
    menu, the dice and the Hint button."""
    from game.client.boardview import BoardView
    from game.client.table import hints
    from game.client.table.layout import NARROW_TOOLS
    app, scene = guided_game(size)
    ui = scene.ui
    L = ui.layout
    own = pygame.Rect(L.board.x, L.board.y + int(NARROW_TOOLS * L.s), L.board.w, L.board.h - int(NARROW_TOOLS * L.s))
    before = BoardView()
    before.island = ui.board.island
    before.fit(own)
    assert ui.board.rect == L.island and L.board.contains(L.island)
    assert ui.board.R >= 1.1 * before.R                                   # (1280x720: 12 % larger)
    for shape in band.drawn(ui.board):
        for corner in [L.menu_button, hints.button_rect(ui)] + L.dice:
            assert not band.overlaps(shape, corner), (shape, corner)
    pygame.quit()


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("size", SIZES)
def test_at_200_percent_the_knights_card_opens_under_the_band_at_the_tables_scale(size, lang):
    """A development card's dialog is as tall as its words on the narrow
    table: under the guide's band it is drawn at 200 %, not smaller."""
    from client_helpers import draw
    from game.client.table.dialogs import DevCardDialog
    from game.engine.constants import KNIGHT, ROAD_BUILDING
    app, scene = guided_game(size, lang)
    L = scene.ui.layout
    for kind in (KNIGHT, ROAD_BUILDING):
        dialog = DevCardDialog(scene.play, kind)
        scene.model.dialog = dialog
        draw(app)
        assert dialog.ui.layout.s == L.s                                  # (the text's scale is the setting's)
        rect = L.dialog(*dialog.size)
        assert rect.top >= L.top.bottom and pygame.Rect(0, 0, *size).contains(rect)
        close = scene.ui.targets.rect(("dev", "close"))       # (Play is off at the first step: no target)
        assert close is not None and rect.contains(close)
    pygame.quit()


def _under_the_band(scene, name):
    """The trade, bank, discard, steal and answer dialogs of the guided game,
    opened over its first step with made-up content (a hand of every kind,
    an offer all have answered, every other seat to rob; only the layout is
    looked at)."""
    from game.client.table import dialogs
    from game.engine.state import ACCEPTED, DECLINED
    m, play = scene.model, scene.play
    me, others = m.viewer, [s for s in range(m.n) if s != m.viewer]
    m.view.hands[me][:5] = [2, 2, 2, 2, 3]
    if name == "bank":
        d = dialogs.BankDialog(play)
        d.give, d.get = 4, 1
        return d
    if name == "trade":                           # (a card on each tray; what is wrong with the terms beside the buttons)
        d = dialogs.TradeEditor(play)
        d.give[0], d.get[1] = 1, 1
        return d
    if name == "discard":
        m.view.discard_need[me] = 5
        return dialogs.DiscardDialog(play)
    if name == "steal":
        m.legal = [("steal", me, v) for v in others] + [("skip_steal", me)]
        return dialogs.StealDialog(play)
    m.view.trade = {"give": [0, 0, 0, 0, 1], "get": [1, 0, 0, 0, 0], "counters": [None] * m.n,
                    "answers": [ACCEPTED if i % 2 else DECLINED for i in range(m.n)]}
    if name == "counter":
        return dialogs.TradeEditor(play, counter=True)
    return dialogs.AnswerDialog(play) if name == "answer" else dialogs.ResponsesDialog(play)


@pytest.mark.parametrize("name", ["bank", "trade", "counter", "discard", "steal", "answer", "responses"])
@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("size", SIZES)
def test_at_200_percent_the_trade_bank_discard_and_steal_dialogs_open_under_the_band_at_the_tables_scale(size, lang, name):
    """On the narrow table the bank and trade dialogs, the discard, the
    victims to rob, an offer to the person and the answers to theirs are as
    tall as their content in an arrangement of their own (rows of cards
    with the tray beside them, the buttons beside the rows): under the
    guide's band, which leaves them some 230 design units, they are drawn
    at 200 %, not smaller (from the first frame), each control inside the
    dialog and apart from the others."""
    app, scene = guided_game(size, lang)
    L, ui = scene.ui.layout, scene.ui
    dialog = _under_the_band(scene, name)
    scene.model.dialog = dialog
    app.frames_drawn += 1
    ui.targets.clear()
    dialog.draw(pygame.Surface(size))                  # (the first frame: its size is known before drawing)
    assert dialog.ui.layout.s == L.s, dialog.size                        # (the text's scale is the setting's)
    rect = L.dialog(*dialog.size)
    assert rect.top >= L.top.bottom and pygame.Rect(0, 0, *size).contains(rect)
    shown = [r for key, r in ui.targets.hover_areas]              # (a button not enabled: only its hover area)
    assert len(shown) >= 3 and all(rect.contains(r) for r in shown)
    controls = [r for key, r, action in ui.targets.items]
    for i, r in enumerate(controls):
        assert not any(r.colliderect(other) for other in controls[i + 1:]), r
    pygame.quit()
