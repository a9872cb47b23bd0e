"""The replay viewer at 200 % (game/client/scenes/replay_layout.py): a canvas
of 640x360 design units holds it narrow for 2 to 6 seats (X-1) in both rule
sets, every part inside the window and none over another, and what the
three columns show stays reachable: the log (with C&K's barbarians and the
keys) in a drawer over the players' column that the Log button or L opens."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import bot_game, draw, make_app, save_game  # noqa: E402
from game.client.cmdline import fit  # noqa: E402
from game.client.scenes.replay import ReplayLayout, open_file  # noqa: E402
from game.client.table import panels  # noqa: E402
from game.client.table.parts import PARTS  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))


def apart(rects) -> bool:
    return all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_replay_holds_200_percent_for_every_seat_count_X_1(rules, players):
    assert ReplayLayout.min_canvas(players, PARTS[rules]) <= (640, 360)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_narrow_replay_lays_its_parts_apart_inside_the_window_X_1(size, rules, players):
    part = PARTS[rules]
    L = ReplayLayout(size, players, part, fit(size) * 2)
    screen = pygame.Rect(0, 0, *size)
    assert L.narrow and L.drawer is not None
    assert apart([L.top, L.board, L.bar, L.side]) and all(screen.contains(r) for r in (L.top, L.board, L.bar, L.side))
    # every seat's panel with its hand under it, in the players' column
    rects = L.seats + L.hands
    assert all(L.side.contains(r) for r in rects) and apart(rects)
    assert all(hand.top == seat.bottom and hand.h > 0 for seat, hand in zip(L.seats, L.hands))
    assert L.rows == (players >= 5) and L.compact == (players >= 3)
    # the timeline and every button (the Log button too) in the bar, apart
    buttons = list(L.buttons.values())
    assert "log" in L.buttons and all(L.bar.contains(b) for b in buttons + [L.timeline])
    assert apart(buttons + [L.timeline.inflate(0, int(8 * L.s))])
    # the drawer over the players' column: the rule set's widget, the log, the keys
    inside = [L.log, L.keys] + ([L.barbarians] if part.left_widget_h else [])
    assert L.side.contains(L.drawer) and all(L.drawer.contains(r) for r in inside) and apart(inside)
    assert L.log.h >= 100 * L.s
    # over the board's top the dice and C&K's barbarians in short, the island under them
    tools = L.dice + ([L.left_chip] if part.left_chip_w else [])
    assert all(L.board.contains(r) and r.bottom <= L.island.y for r in tools) and apart(tools)
    assert L.board.contains(L.island) and L.island.h >= 150 * L.s


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", SIZES)
def test_up_to_150_percent_the_replay_keeps_its_three_columns(size, percent):
    for players in (4, 6):
        L = ReplayLayout(size, players, PARTS["ck"], fit(size) * percent / 100)
        assert not L.narrow and L.drawer is None and L.keys is None and "log" not in L.buttons
        assert L.log.right <= L.board.x


@pytest.fixture
def six_seat_replay(saves_folder):
    auth, hashes = bot_game(rules="ck", seed=7, players=6, stop=250)
    return save_game(auth, hashes, saves_folder)


@pytest.mark.parametrize("size", tightest_fast("size", SIZES))
@pytest.mark.parametrize("lang", tightest_fast("lang", ["en", "nl"]))
def test_at_200_percent_the_log_opens_over_the_seats_and_closes_X_1(six_seat_replay, size, lang):
    app = make_app(size, lang, ui_scale=200)
    scene = open_file(app, six_seat_replay)
    app.push(scene)
    scene.go(200)
    assert app.ui_used == 200 and scene.layout.narrow
    assert draw(app)
    keys = scene.targets.keys()
    assert ("btn", "log") in keys and ("drawer",) not in keys and any(k[0] == "panel_tip" for k in keys)
    assert panels.look(scene.layout) is panels.ROW
    if lang == "nl":                    # a hand's words too long for its line: shortened, the whole in a tooltip
        words = {scene.table.part.cards_line(scene.m.shown(scene.audience), seat) for seat in range(6)}
        assert any(k[0] == "panel_tip" and k[1] in words for k in keys)
    log = scene.targets.rect(("btn", "log"))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=log.center))
    assert scene.table.log_open and draw(app)
    keys = scene.targets.keys()
    assert ("drawer",) in keys and ("barbarians",) in keys
    assert not any(k[0] == "panel_tip" for k in keys)        # the drawer lies over the seats
    assert scene.table.log                               # the moves told, up to the position on show
    scene.key(pygame.K_ESCAPE)                           # Esc closes the drawer first
    assert not scene.table.log_open and app.scene is scene
    scene.key(pygame.K_l)
    assert scene.table.log_open
    scene.key(pygame.K_l)
    assert not scene.table.log_open and draw(app)
    assert any(k[0] == "panel_tip" for k in scene.targets.keys())


def test_at_150_percent_l_leaves_the_three_columns_as_they_are(six_seat_replay):
    app = make_app((1280, 720), "en", ui_scale=150)
    scene = open_file(app, six_seat_replay)
    app.push(scene)
    scene.key(pygame.K_l)
    assert app.ui_used == 150 and not scene.layout.narrow and not scene.table.log_open
    scene.key(pygame.K_ESCAPE)
    assert app.scene is not scene
