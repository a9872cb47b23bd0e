"""The forms at 200 % text and controls (Settings; app.py App.scale: a canvas
of 640x360 design units at 1280x720 and at 1920x1080): the new-game form,
the LAN host and join forms and the LAN lobby hold it with any number of
seats (2-6, X-1), in both languages.  Where the rows cannot all fit they
lie on a page that scrolls (game/client/form_scroll.py): every control is
inside the window's width, the wheel and Page Up/Page Down scroll, a click
reaches the control drawn under the pointer, and Tab brings each control
it focuses into view.  At 100 % nothing scrolls.  (Whether their words fit:
tests/test_client_fit.py and test_client_fit_more.py.)"""

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from client_helpers import make_lan_app  # noqa: E402
from wait_helpers import wait_until  # noqa: E402
from game.client import lan  # noqa: E402
from game.client.scenes.lan_host import LanHostScene  # noqa: E402
from game.client.scenes.lan_join import LanJoinScene  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.newgame import SEAT_COUNTS, NewGameScene  # noqa: E402
from game.engine import default_config  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

SIZES = [((1280, 720), "nl"), ((1920, 1080), "en")]
CANVAS_200 = (640, 360)


def _app(size, lang, percent):
    app = make_lan_app(lang, size)
    app.prefs["ui_scale"] = percent
    app.reset_to(MenuScene(app))
    return app


def _new_game(app, players, rules="base"):
    form = NewGameScene(app)
    form.players, form.rules = players, rules
    form.kinds[players - 1] = "hard"           # a computer's level button too
    app.push(form)
    form._rebuild()
    return form


def _host_form(app, players, rules="base"):
    form = LanHostScene(app)
    form.players, form.rules = players, rules
    app.push(form)
    form.resize(app.size)
    return form


def _controls(form) -> list:
    """The form's buttons and text fields on show."""
    return [e for e in form.manager.get_sprite_group().sprites()
            if isinstance(e, (pygame_gui.elements.UIButton, pygame_gui.elements.UITextEntryLine)) and e.visible]


def _check_200(app, form) -> None:
    """The form holds 200 %: its canvas asks no more than 200 % leaves, the
    scale is not capped, every control lies within the window's width and on
    the page, and scrolling to a control shows all of it."""
    assert form.min_canvas()[0] <= CANVAS_200[0] and form.min_canvas()[1] <= CANVAS_200[1]
    assert app.ui_used == 200
    page = pygame.Rect(0, 0, app.size[0], form.page_h)
    outside = [getattr(e, "text", "") for e in _controls(form) if not page.contains(e.rect)]
    assert outside == []
    for e in _controls(form):
        form.show_rect(e.rect)
        assert form.view().contains(form.on_screen(e.rect)), getattr(e, "text", "")


def _tab_through(app, form) -> set:
    """Tab round the form once: each control it focuses is in view; the keys it reached."""
    reached = set()
    items = form.focus_items()
    for _ in range(len(items)):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")])
        element = form.focused_element()
        assert element is not None
        assert form.view().contains(form.on_screen(element.rect)), form.key_focus.key
        reached.add(form.key_focus.key)
    return reached


@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", SIZES))
@pytest.mark.parametrize("players", tightest_fast("players", SEAT_COUNTS))
@pytest.mark.slow
def test_the_new_game_form_holds_200_percent_with_any_seats_X_1(size, lang, players):
    """X-1 (two to six seats): with every seat, a computer among them, in
    either rule set, the new-game form is not capped below 200 %."""
    app = _app(size, lang, 200)
    for rules in ("base", "ck"):
        form = _new_game(app, players, rules)
        _check_200(app, form)
        app.pop()


@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", SIZES))
@pytest.mark.slow
def test_the_host_and_join_forms_hold_200_percent(size, lang):
    app = _app(size, lang, 200)
    for players in (2, 6):
        _check_200(app, _host_form(app, players, "ck"))
        app.pop()
    join = LanJoinScene(app)
    app.push(join)
    try:
        _check_200(app, join)
    finally:
        join.closing()


@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", SIZES))
@pytest.mark.slow
def test_tab_reaches_every_control_of_a_scrolling_form_and_shows_it(size, lang):
    """The six-seat form at 200 % is taller than the window: Tab visits every
    button and field, each scrolled into view as it gets the focus."""
    app = _app(size, lang, 200)
    form = _new_game(app, 6)
    assert form.scrolls()
    reached = _tab_through(app, form)
    assert reached == {item.key for item in form.focus_items()}
    assert ("button", "start") in reached and form.scroll > 0


@pytest.mark.slow
def test_the_wheel_and_page_keys_scroll_and_a_click_reaches_what_is_drawn_under_the_pointer():
    """Scrolled to its foot, a click where Back is drawn on the window presses
    Back (the pointer reaches the page through the scroll)."""
    app = _app((1280, 720), "en", 200)
    form = _new_game(app, 6)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert form.scroll > 0
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="")])
    assert form.scroll == 0
    for _ in range(20):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")])
    assert form.scroll == form.page_h - form.view().h > 0
    pos = form.on_screen(form.buttons["back"].rect).center
    assert form.view().collidepoint(pos)
    pygame.event.clear()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    app.step(pygame.event.get())
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("size", tightest_fast("size", [(1280, 720), (1920, 1080)]))
@pytest.mark.slow
def test_at_100_percent_the_forms_fit_the_window_and_do_not_scroll(size):
    app = _app(size, "nl", 100)
    for players in SEAT_COUNTS:
        form = _new_game(app, players)
        assert (form.page_h, form.scrolls()) == (size[1], False)
        app.pop()
        form = _host_form(app, players)
        assert not form.scrolls()
        app.pop()
    join = LanJoinScene(app)
    app.push(join)
    try:
        assert (join.page_h, join.scrolls()) == (size[1], False)
    finally:
        join.closing()


@pytest.mark.parametrize("players", tightest_fast("players", [2, 4, 6]))
@pytest.mark.slow
def test_a_hosts_lobby_holds_200_percent_with_its_seats_as_cards_one_under_the_other_X_1(players):
    """X-1: the host's lobby of two, four or six seats at 200 % (both
    sizes): not capped, every seat a card across the form one under the
    other, clear of each other; every control reachable, by scrolling and by Tab."""
    for size, lang in SIZES:
        app = _app(size, lang, 200)
        game = lan.host(default_config(players=players, seed=5), "Spel", "Anna", lan.options(app))
        try:
            lobby = LobbyScene(app, game, game.session.poll())
            app.push(lobby)
            assert wait_until(lambda: lobby.lobby["seats"], step=lambda: app.step([]))
            _check_200(app, lobby)
            places = lobby.seat_rects()
            assert len(places) == players
            assert all(r.w == lobby.m["width"] for r in places)
            assert all(a.bottom <= b.top for a, b in zip(places, places[1:]))
            assert _tab_through(app, lobby) == {item.key for item in lobby.focus_items()}
        finally:
            game.close_now()


@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", SIZES))
@pytest.mark.parametrize("leaving", [False, True])
def test_the_game_menu_lies_inside_the_window_at_200_percent(size, lang, leaving):
    """The game menu over a table that holds 200 % (a stand-in: the table's
    own cap is table/layout.py's), with a note under its buttons (Save could
    not save) or asking whether to leave: its panel and every button inside
    the window, the buttons clear of each other."""
    from tools.screens.fit_more import SCREENS
    app = _app(size, lang, 200)
    SCREENS["game-menu-leave" if leaving else "game-menu"](app, None)
    menu = app.scene
    assert app.ui_used == 200 and menu.message
    app.dirty = True
    app.step([])
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(menu.panel_rect())
    rects = [rect for _, rect, _ in menu.targets.items]
    assert len(rects) == (2 if leaving else 5)
    assert all(menu.panel_rect().contains(r) for r in rects)
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


@pytest.mark.slow
def test_a_press_reported_after_the_form_grew_taller_still_counts():
    """pygame_gui reports a press on the next frame; when the form was built
    again in between on a taller page (built twice: form_scroll.py), the
    press counts for the button that replaced the one pressed."""
    app = _app((1280, 720), "en", 200)
    form = _new_game(app, 2)
    vp, short = form.vp, form.page_h
    form.show_rect(form.buttons["vp_plus"].rect)
    pos = form.on_screen(form.buttons["vp_plus"].rect).center
    pygame.event.clear()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    form.players = 6
    form._rebuild()                                  # (before the press is reported)
    assert form.page_h > short
    app.step(pygame.event.get())
    assert form.vp == vp + 1


@pytest.mark.slow
def test_the_band_under_a_scrolling_page_takes_no_clicks():
    """While the page scrolls, a band at the window's foot says how to reach
    the rest: a click there does not press the button the page has under it."""
    app = _app((1280, 720), "en", 200)
    form = _new_game(app, 6)
    view = form.view()
    assert view.bottom < app.size[1]
    start = form.buttons["start"].rect
    form.scroll_to(start.top - view.bottom + 1)          # Start's top just above the band
    pos = (start.centerx, (view.bottom + app.size[1]) // 2)
    assert start.collidepoint(pos[0], pos[1] + form.scroll)
    pygame.event.clear()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    app.step(pygame.event.get())
    assert app.scene is form
