"""Dialog buttons in one order everywhere: in every row
of buttons of the forms and menus the way back (Back, Leave, No, Cancel,
Stay, Main menu) is on the left of the action, at 1280x720 and 1920x1080 in
English and Dutch."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client.controller import HotseatController  # noqa: E402
from game.client.scenes.end import EndScene  # noqa: E402
from game.client.scenes.game_menu import GameMenuScene  # noqa: E402
from game.client.scenes.lan_host import LanHostScene  # noqa: E402
from game.client.scenes.load import LoadScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.newgame import NewGameScene  # noqa: E402
from game.client.table.scene import TableScene  # noqa: E402
from game.engine import default_config  # noqa: E402

BACK = {"back", "leave", "confirm_no", "pick_cancel", "menu", "stay"}
SIZES = [((1280, 720), "en"), ((1920, 1080), "nl")]


def rows_out_of_order(rects: dict) -> list:
    """(back, other) pairs where a way-back button is not left of a button in its row."""
    wrong = []
    for back, br in rects.items():
        if back not in BACK:
            continue
        for key, r in rects.items():
            if key != back and abs(r.centery - br.centery) < br.h // 2 and r.x <= br.x:
                wrong.append((back, key))
    return wrong


def test_the_check_sees_a_back_button_on_the_right():
    R = pygame.Rect
    assert rows_out_of_order({"back": R(300, 10, 100, 40), "start": R(100, 10, 100, 40)}) == [("back", "start")]
    assert rows_out_of_order({"back": R(100, 10, 100, 40), "start": R(300, 10, 100, 40)}) == []
    assert rows_out_of_order({"back": R(300, 10, 100, 40), "start": R(100, 90, 100, 40)}) == []


def _table(app):
    c = HotseatController(default_config(players=2, seed=3), ["Ann", "Bo"], [(214, 56, 48), (52, 104, 214)],
                          autosave=True)
    bot = RandomSeats(1)
    for _ in range(12):
        state = c.auth.state
        seat = bot.pick_seat(state)
        c.submit(bot.player(seat, ("offer",)).choose(state))
    return TableScene(app, c)


@pytest.mark.parametrize("size,lang", SIZES)
@pytest.mark.slow
def test_every_row_of_buttons_has_the_way_back_on_the_left(size, lang):
    app = make_app(size, lang)
    app.push(MenuScene(app))
    table = _table(app)
    table.c.saver.record()
    seen = {}
    for scene in (NewGameScene(app), LanHostScene(app), EndScene(app, table.c, 60.0)):
        app.push(scene)
        seen[type(scene).__name__] = rows_out_of_order(scene.targets())
        app.pop()
    load = LoadScene(app)
    app.push(load)
    assert load.entries
    seen["load"] = rows_out_of_order(load.targets())
    load.confirm = True
    load.resize(app.size)
    seen["load confirm"] = rows_out_of_order(load.targets())
    assert {"confirm_no", "confirm_yes"} <= set(load.targets())
    load.confirm, load.picking = False, ["Ann", "Bo"]
    load.resize(app.size)
    assert {"pick_cancel", "seat_0", "seat_1"} <= set(load.targets())
    seen["load picking"] = rows_out_of_order(load.targets())
    app.reset_to(table)
    menu = GameMenuScene(app, table)
    app.push(menu)
    menu.leave()
    app.dirty = True
    app.step([])
    seen["leave dialog"] = rows_out_of_order({k: r for k, r, _ in menu.targets.items})
    assert {"stay", "really_leave"} <= {k for k, _, _ in menu.targets.items}
    assert all(not wrong for wrong in seen.values()), seen
