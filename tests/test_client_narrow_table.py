"""The narrow table (game/client/table/layout.py TableLayout.narrow): with
text and controls at 200 % (a canvas of 640x360 design units) the table of
every seat count (X-1: five and six players) and both rule sets holds the
scale at 1280x720 and 1920x1080.  Its parts lie inside the window and none
over another; the log folds into a drawer its toggle and the L key open;
what a one-row player panel does not show its tooltip names; a dialog too
tall for the window is drawn at the scale that holds it."""

import pytest

pygame = pytest.importorskip("pygame")

from game.client.cmdline import fit  # noqa: E402
from game.client.i18n import tr  # noqa: E402
from game.client.table.layout import TableLayout  # noqa: E402
from game.client.table.parts import PARTS  # noqa: E402
from test_client_compact_table import canvas  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))


def apart(rects):
    return all(not r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1:])


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_of_every_seat_count_holds_200_percent_X_1(size, players, rules):
    w, h = canvas(size, 200)
    cw, ch = TableLayout.min_canvas(players, PARTS[rules])
    assert cw <= w + 0.5 and ch <= h + 0.5, (cw, ch, w, h)


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", SIZES)
def test_the_narrow_table_of_every_seat_count_lays_its_parts_inside_the_window_and_apart_X_1(size, players, rules):
    part = PARTS[rules]
    s = fit(size) * 2
    L = TableLayout(size, players, part, s)
    assert L.narrow
    screen = pygame.Rect(0, 0, *size)
    # the band, the board, the players' column and the hand strip tile the window
    assert apart([L.left, L.board, L.side, L.hand]) and all(screen.contains(r) for r in (L.left, L.board, L.side, L.hand))
    assert L.left.contains(L.top) and L.board.contains(L.island) and L.board.w >= int(300 * s)
    # the players' column: every seat's panel and the bank (and the notices when they lie there)
    column = L.panels + [L.bank] + ([L.notes] if L.side.contains(L.notes) else [])
    assert all(L.side.contains(r) for r in column) and apart(column)
    assert all(r.h >= int(28 * s) for r in L.panels)
    assert L.rows == (players > 3) and L.compact == (players > 2)     # (full, then compact panels for fewer seats)
    # over the board: the menu, the dice, the drawer (over the menu only), the notices where not in the column
    over = [L.menu_button] + L.dice + ([L.left_chip] if rules == "ck" else [])
    assert all(L.board.contains(r) for r in over + [L.drawer]) and apart(over)
    assert all(not L.island.colliderect(r) for r in over)          # (the island under their row)
    assert all(not L.drawer.colliderect(d) for d in L.dice)
    assert L.drawer.contains(L.log) and L.drawer.contains(L.barbarians) and L.log.h >= int(60 * s)
    assert screen.contains(L.notes) and L.notes.h >= int(40 * s)
    # a roll's, a 7's and C&K's side panel over the players' column, above the notices (a LAN banner)
    assert L.side.contains(L.stage) and L.stage == L.choice_panel and not L.stage.colliderect(L.notes)
    assert L.stage.h >= int(150 * s) and L.talk.h >= int(240 * s) and not L.talk.colliderect(L.side)
    # the hand strip: the cards, the action buttons and the log's toggle apart
    strip = [L.cards] + list(L.buttons.values()) + [L.log_button]
    assert all(L.hand.contains(r) for r in strip) and apart(strip)
    assert L.cards.w >= int(150 * s)


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("size", SIZES)
def test_the_three_columns_stay_up_to_150_percent(size, rules):
    for percent in (100, 125, 150):
        assert not TableLayout(size, 6, PARTS[rules], fit(size) * percent / 100).narrow


@pytest.mark.parametrize("size", SIZES)
def test_the_drawer_gives_cities_and_knights_log_more_than_half_the_base_logs_room_CK_8(size):
    """In the narrow table's drawer the barbarians' track (CK-8) stands
    shorter than in the left column, so that the log under it keeps more
    than half the room of the base game's drawer (it had 47 %)."""
    s = fit(size) * 2
    base, ck = (TableLayout(size, 4, PARTS[rules], s) for rules in ("base", "ck"))
    assert ck.drawer == base.drawer and ck.barbarians.h < int(PARTS["ck"].left_widget_h * s)
    assert ck.barbarians.bottom < ck.log.y and ck.log.bottom <= ck.drawer.bottom
    assert ck.log.h >= 0.55 * base.log.h, (ck.log.h, base.log.h)


def six_seat_table(rules="ck", lang="en", size=(1280, 720)):
    from client_helpers import make_app
    from tools.screens import states
    app = make_app(size, lang, ui_scale=200)
    auth = states.mid_game(rules, players=6)
    table = states.table_on(app, auth, names=["Anna", "Bram", "Cees", "Dirk", "Eva", "Femke"])
    app.dirty = True
    assert app.step([]) is True
    return app, table


def frame(app):
    app.dirty = True
    assert app.step([]) is True


def test_the_six_seat_table_holds_200_percent_and_opens_its_log_with_its_toggle_and_with_L():
    from game.client.table import controls
    app, table = six_seat_table()
    m, ui = table.model, table.ui
    assert app.ui_used == 200 and ui.layout.narrow
    assert not ui.layout.log_shown(m)
    assert ui.targets.rect(("drawer",)) is None
    assert ui.targets.rect(("barbarians",)) == ui.layout.left_chip          # C&K: the barbarians in short
    button = ui.targets.rect(("btn", "log"))
    assert button == ui.layout.log_button
    _, action = ui.targets.at(button.center)
    action()                                          # the toggle
    frame(app)
    assert m.log_open and ui.targets.rect(("drawer",)) == ui.layout.drawer
    assert ui.targets.rect(("barbarians",)) == ui.layout.barbarians          # the whole track in the drawer
    controls.press(m, table.play, pygame.K_l, 0)      # L closes it
    frame(app)
    assert not m.log_open and ui.targets.rect(("drawer",)) is None
    controls.press(m, table.play, pygame.K_l, 0)
    frame(app)
    assert m.log_open


def test_the_keys_reach_every_control_of_the_narrow_table_and_the_log_toggle():
    from game.client.table import keyboard
    app, table = six_seat_table("base")
    items = keyboard.control_items(table.model, table.ui)
    keys = [item.key for item in items]
    assert ("btn", "log") in keys and ("btn", "menu") in keys
    assert all(("btn", name) in keys for name in table.model.part.buttons if table.model.action_enabled(name))
    assert all(table.ui.layout.screen.collidepoint(item.point) for item in items)


def test_a_one_row_panel_names_in_its_tooltip_what_it_does_not_show():
    """Everything the three columns show stays reachable: the row shows the
    cards in hand and the points; its tooltip the other counts and the awards."""
    app, table = six_seat_table("base")
    m, ui = table.model, table.ui
    assert ui.layout.rows
    rect = ui.layout.panels[2]
    tips = [key[1] for key, r, _ in ui.targets.items if key[0] == "panel_tip" and r == rect]
    assert len(tips) == 1
    for _, value, label in m.part.stats(m.view, 2):
        assert f"{tr(label)}: {value}" in tips[0]


def test_a_dialog_taller_than_the_narrow_window_is_drawn_at_the_scale_that_holds_it():
    """(Every table dialog has an arrangement of its own for the narrow
    table, tests/test_client_dialogs_scale.py; one taller still, here a
    made-up size, is drawn smaller rather than cut.)"""
    from game.client.table import dialogs
    from game.engine.constants import DEV_NAMES
    app, table = six_seat_table("base")
    play, ui = table.play, table.ui
    d = dialogs.DevCardDialog(play, DEV_NAMES.index("knight"))
    d.size = (560, 480)
    table.model.dialog = d
    assert d.size[1] * ui.layout.s > ui.layout.screen.h
    assert d.ui.layout.s < ui.layout.s and d.ui.fonts.scale < ui.fonts.scale
    frame(app)
    drawn = [r for key, r, _ in ui.targets.items if key[0] == "dev"]
    assert drawn and all(ui.layout.screen.contains(r) for r in drawn)
    small = dialogs.DevCardDialog(play, DEV_NAMES.index("knight"))       # (fits: drawn at the table's own scale)
    small.size = (480, 150)
    table.model.dialog = small
    assert small.ui is ui


@pytest.mark.slow
def test_the_attack_of_six_seats_lies_inside_the_narrow_window_with_its_continue_button_CK_8():
    """CK-8: the barbarians' attack on six seats tells more lines than 360
    design units hold at the table's scale: its panel is drawn smaller, the
    Continue button on it, all inside the window."""
    from client_helpers import make_app
    from tools.screens.fit_screens import Extras, SCREENS
    games = Extras()
    try:
        for size in SIZES:
            app = make_app(size, "nl", ui_scale=200)
            SCREENS["ck-six-attack"](app, games)
            frame(app)
            stage, L = app.scene.model.stage, app.scene.ui.layout
            assert stage.attack is not None and L.narrow
            assert stage.attack.picture[2] < 1.0                       # (drawn smaller)
            panel = stage.attack.picture[1].get_rect(center=(L.screen.centerx, L.screen.centery))
            assert L.screen.contains(stage.button) and L.screen.contains(panel)
    finally:
        games.close()


def test_a_dialog_drawn_smaller_gets_fonts_of_this_windows_session():
    """The smaller dialog's fonts were kept for the process: after a
    pygame.quit (a test's window closed) the next window's dialog drew with
    fonts no longer valid ("Invalid font")."""
    from client_helpers import make_app as window, push_table as table_of
    from game.client.table.ui import scaled_ui
    from game.engine import default_config as config
    for k in range(2):
        app = window((1280, 720), ui_scale=200)
        table = table_of(app, config(players=4, seed=3))
        assert scaled_ui(table.ui, 0.8).text.render(f"Bank {k}", 14).get_width() > 0
        pygame.quit()
