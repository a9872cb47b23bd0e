"""The in-game menu and the rules and costs screen."""

import os

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import COLOURS, NAMES, make_app, push_table  # noqa: E402
from game.client import i18n  # noqa: E402
from game.client.scenes.game_menu import GameMenuScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.rules_screen import HEAD_SIZE, SECTIONS, RulesScreen, sections  # noqa: E402
from game.client.scenes.settings_scene import SettingsScene  # noqa: E402
from game.client.table.parts import PARTS  # noqa: E402
from game.engine import default_config  # noqa: E402
from test_base_rule_ids import BASE_RULE_IDS  # noqa: E402
from test_ck_rule_ids import CK_RULE_IDS  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def key(app, k):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def click(app, rect):
    pos = rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])


def table_app(rules="base", size=(1280, 720), lang="en"):
    app = make_app(size, lang)
    app.push(MenuScene(app))
    table = push_table(app, default_config(rules=rules, players=3, seed=7), names=NAMES, colours=COLOURS,
                       autosave=True)
    table.play.reveal()
    app.dirty = True
    app.step([])
    return app, table


@pytest.mark.parametrize("lang", tightest_fast("lang", i18n.LANGUAGES))
@pytest.mark.parametrize("size", tightest_fast("size", [(1280, 720), (1920, 1080)]))
@pytest.mark.parametrize("rules", ["base", "ck"])
def test_the_rules_screen_renders_every_line_in_both_languages_at_both_sizes(lang, size, rules):
    app = make_app(size, lang)
    screen = RulesScreen(app, PARTS[rules])
    app.push(screen)
    app.dirty = True
    assert app.step([]) is True
    for name, items in sections(PARTS[rules]):
        assert i18n.tr(f"rulebook.{name}.title") != f"rulebook.{name}.title"
        for item, _, _ in items:
            assert i18n.tr(f"rulebook.{name}.{item}") != f"rulebook.{name}.{item}", (name, item)
    n = screen.columns()
    col_w = (screen.view_rect.w - int(28 * screen.s) * (n - 1)) // n
    font = app.fonts.get(screen.text_size)
    head = app.fonts.get(HEAD_SIZE, True)
    for block in screen._blocks(col_w):
        for kind, payload, _ in block:
            if kind == "line":
                assert font.size(payload[0])[0] <= col_w - int(18 * screen.s), payload[0]     # wrapped to fit
            elif kind == "head":
                assert head.size(payload[0])[0] <= col_w, payload[0]       # titles too
    assert screen.body.get_width() <= screen.view_rect.w
    screen.scroll_by(10 ** 6)
    assert screen.scroll == screen.max_scroll()
    if rules == "base":
        assert screen.max_scroll() == 0                   # the base game's rules on one screen


def test_the_rules_screen_covers_its_rule_set_and_names_real_rules():
    """B-6.1 costs in both; B-9 development cards only in the base game; CK-8 barbarians only in C&K."""
    base, ck = dict(sections(PARTS["base"])), dict(sections(PARTS["ck"]))
    assert "dev" in base and "barbarians" not in base and "knights" not in base
    assert "barbarians" in ck and "knights" in ck and "dev" not in ck
    assert [k for k, _, _ in base["costs"]] == ["road", "settlement", "city", "dev"]
    for _, items in SECTIONS:
        for _, rule, _, _ in items:
            assert rule in BASE_RULE_IDS + CK_RULE_IDS or rule in ("CK-7",), rule


def test_F1_opens_the_rules_from_the_table_and_Esc_goes_back():
    app, table = table_app("ck")
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScreen) and app.scene.part.rules == "ck"
    key(app, pygame.K_ESCAPE)
    assert app.scene is table


def test_Esc_lets_go_of_a_build_mode_first_then_opens_the_menu():
    app, table = table_app()
    table.model.mode = "build_road"
    key(app, pygame.K_ESCAPE)
    assert app.scene is table and table.model.mode is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, GameMenuScene)
    key(app, pygame.K_ESCAPE)                             # Esc again: resume
    assert app.scene is table


def test_the_menu_opens_settings_and_rules_and_comes_back():
    app, table = table_app()
    table.play.open_menu()
    menu = app.scene
    assert isinstance(menu, GameMenuScene)
    app.dirty = True
    app.step([])
    click(app, menu.targets.rect("settings"))
    assert isinstance(app.scene, SettingsScene)
    app.scene.app.pop()
    app.dirty = True
    app.step([])
    click(app, menu.targets.rect("rules"))
    assert isinstance(app.scene, RulesScreen)
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu
    click(app, menu.targets.rect("resume"))
    assert app.scene is table


def test_save_says_where_the_game_is_kept():
    app, table = table_app()
    table.play.submit(table.model.legal[0])                          # one move: the autosave has something to keep
    table.play.open_menu()
    menu = app.scene
    app.dirty = True
    app.step([])
    click(app, menu.targets.rect("save"))
    path = table.c.saver.path
    assert os.path.basename(path) in menu.message and not menu.message_bad and os.path.exists(path)


def test_leaving_asks_once_more_with_the_way_back_on_the_left():
    app, table = table_app(lang="nl")
    table.play.open_menu()
    menu = app.scene
    app.dirty = True
    app.step([])
    click(app, menu.targets.rect("leave"))
    app.dirty = True
    app.step([])
    stay, leave = menu.targets.rect("stay"), menu.targets.rect("really_leave")
    assert stay.x < leave.x and stay.y == leave.y                # one order: back left, action right
    assert "Spel laden" in menu.leave_text()
    click(app, stay)
    assert app.scene is menu and not menu.confirm_leave
    menu.leave()
    app.dirty = True
    app.step([])
    click(app, menu.targets.rect("really_leave"))
    assert isinstance(app.scene, MenuScene)


def _rect_of(table, key):
    return table.ui.targets.rect(key)


def test_dialog_buttons_keep_one_order_the_way_back_left_the_action_right():
    """The in-game menu's confirmation, the bank, the trade offer and the
    Cities & Knights choices: Cancel/Close on the left, the action on the right."""
    from game.client.table import ckdialogs, dialogs
    from game.engine.constants import PROGRESS_INDEX
    from game.engine.state import MAIN
    from client_helpers import bot_game
    auth, _ = bot_game(rules="ck", seed=9, players=3, until=lambda a: a.state.phase == MAIN and a.state.turn >= 4)
    me = auth.state.current
    auth.state.prog[me][PROGRESS_INDEX["warlord"]] = 1
    auth.state.prog_n[me] += 1
    auth.state.hands[me] = [4, 4, 4, 4, 4, 0, 0, 0]
    auth.state.hand_n[me] = 20
    app = make_app()
    table = push_table(app, auth=auth, names=NAMES, colours=COLOURS)
    if table.model.curtain_for is not None:
        table.play.reveal()
    def bank():
        table.model.dialog = dialogs.BankDialog(table.play)
        app.dirty = True
        app.step([])
        for key in (("bank", "give", 0), ("bank", "get", 1)):
            table.ui.targets.at(table.ui.targets.rect(key).center)[1]()

    def trade():
        table.model.dialog = dialogs.TradeEditor(table.play)
        app.dirty = True
        app.step([])
        for key in (("give", "plus", 0), ("get", "plus", 1)):
            table.ui.targets.at(table.ui.targets.rect(key).center)[1]()

    pairs = ((lambda: table.play.open_progress(PROGRESS_INDEX["warlord"]), ("choice", "cancel"), ("choice", "ok")),
             (trade, ("trade", "cancel"), ("trade", "send")),
             (bank, ("bank", "cancel"), ("bank", "ok")))
    for open_it, back, action in pairs:
        table.model.dialog = None
        open_it()
        app.dirty = True
        app.step([])
        assert isinstance(table.model.dialog, (ckdialogs.Chooser, dialogs.TradeEditor, dialogs.BankDialog))
        back_rect, action_rect = _rect_of(table, back), _rect_of(table, action)
        assert back_rect is not None and action_rect is not None, (back, action)
        assert back_rect.x < action_rect.x, (back, action)


def test_a_save_that_cannot_be_written_says_why_in_the_players_language():
    """The folder of the save vanished under the game: Save says so in Dutch
    (the system's English 'No such file or directory' never shows)."""
    import shutil
    app, table = table_app(lang="nl")
    table.play.submit(table.model.legal[0])
    shutil.rmtree(os.path.dirname(table.c.saver.path))
    table.play.open_menu()
    menu = app.scene
    app.dirty = True
    app.step([])
    click(app, menu.targets.rect("save"))
    assert menu.message_bad
    assert menu.message == i18n.tr("gamemenu.save_failed", reason=i18n.tr("oserr.no_such_folder"))
    assert "No such file" not in menu.message
