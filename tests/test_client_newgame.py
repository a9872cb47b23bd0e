"""The new hot-seat game form:
a fresh seed for every game, a message for a seed that is none, refused
duplicate names, colours that skip the taken ones, person or computer per
seat, and a form that remembers its seats."""

import json
from types import SimpleNamespace

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from game import saves  # noqa: E402
import client_helpers  # noqa: E402
from game.client import settings  # noqa: E402
from game.engine import deciders, legal_commands, seat_counts  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.newgame import COLOUR_IDS, NewGameScene, next_colour, parse_seed, same_names  # noqa: E402
from game.client.table.scene import TableScene  # noqa: E402
from game.client.settings import DEFAULTS  # noqa: E402
from game.client.saved import saved_players  # noqa: E402
from tools.screens.autoplay import Driver  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402


def make_app(prefs=None):
    """A window with these settings (default: the defaults, muted)."""
    return client_helpers.make_app(**(prefs or {}))


def open_form(app):
    app.push(MenuScene(app))
    form = NewGameScene(app)
    app.push(form)
    return form


@pytest.mark.slow
def test_every_new_game_gets_a_fresh_seed_and_an_empty_field_means_fresh():
    """The field shows a new seed each time the form opens;
    an empty field starts a game on a fresh seed too, and a typed seed is
    used as typed (a rematch on the same board)."""
    app = make_app()
    shown = {open_form(app).seed_entry.get_text() for _ in range(3)}
    assert len(shown) == 3 and all(s.isdigit() for s in shown)
    seeds = []
    for _ in range(2):
        form = open_form(app)
        form.seed_entry.set_text("")
        form.start()
        assert isinstance(app.scene, TableScene), form.error
        seeds.append(app.scene.c.config["seed"])
    assert seeds[0] != seeds[1]
    form = open_form(app)
    form.seed_entry.set_text(f" {seeds[0]} ")
    form.start()
    assert app.scene.c.config["seed"] == seeds[0]


@pytest.mark.slow
@pytest.mark.parametrize("text", ["abc", "-4", "1.5", "12 34", "18446744073709551616", "0x10"])
def test_a_seed_that_is_none_gets_a_message_and_starts_nothing(text):
    app = make_app()
    form = open_form(app)
    form.seed_entry.set_text(text)
    form.start()
    assert app.scene is form
    assert text.strip() in form.error and "whole number" in form.error
    assert parse_seed(text) is None


def test_seeds_up_to_64_bits_are_accepted():
    assert parse_seed("18446744073709551615") == 2 ** 64 - 1
    assert parse_seed("0") == 0


@pytest.mark.parametrize("names", [["Anna", "anna"], [" Anna", "ANNA "], ["Bo", "Cy", "bo"]])
def test_two_players_with_the_same_name_are_refused(names):
    """Names are compared trimmed and case-insensitive, like duplicate colours."""
    app = make_app()
    form = open_form(app)
    Driver(app, pygame).click_gui(f"players_{len(names)}")
    for entry, name in zip(form.entries, names):
        entry.set_text(name)
    form.start()
    assert app.scene is form
    assert names[0].strip() in form.error
    assert same_names(names)


def test_different_names_start_the_game():
    app = make_app()
    form = open_form(app)
    Driver(app, pygame).click_gui("players_2")
    for entry, name in zip(form.entries, ["Anna", "Anne"]):
        entry.set_text(name)
    form.start()
    assert isinstance(app.scene, TableScene)
    assert app.scene.model.names == ["Anna", "Anne"]


@pytest.mark.slow
def test_the_colour_button_skips_colours_other_seats_have():
    """At least six colours, and a press never lands on a
    colour another seat in play has."""
    assert len(COLOUR_IDS) >= 6
    app = make_app()
    form = open_form(app)
    d = Driver(app, pygame)
    assert form.colours[:4] == list(COLOUR_IDS[:4])
    d.click_gui("colour_0")            # red -> (blue, white, orange taken) -> the fifth colour
    assert form.colours[0] == COLOUR_IDS[4]
    for _ in range(len(COLOUR_IDS) * 2):
        d.click_gui("colour_1")
        assert len(set(form.colours[:4])) == 4
    assert next_colour(["red", "blue"], 0) == "white"
    assert next_colour(["red", "white"], 0) == "blue"


@pytest.mark.slow
def test_a_seat_can_be_a_computer_with_a_level_and_a_name_of_its_own():
    app = make_app()
    form = open_form(app)
    d = Driver(app, pygame)
    d.click_gui("kind_2")
    assert form.kinds[2] == "medium"
    assert form.entries[2].get_text() == "Cato (Medium)"
    d.click_gui("level_2")
    assert form.kinds[2] == "hard" and form.entries[2].get_text() == "Cato (Hard)"
    d.click_gui("kind_3")
    d.click_gui("level_3")
    d.click_gui("level_3")
    assert form.kinds[3] == "easy"
    d.click_gui("kind_1")
    d.click_gui("kind_1")                  # back to a person
    assert form.kinds[1] == "person" and form.entries[1].get_text() == "Player 2"
    d.click_gui("start")
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.c.computers == [None, None, "hard", "easy"]
    assert table.model.people == [0, 1]
    assert sorted(table.model.computers.bots) == [2, 3]


def test_the_form_remembers_the_last_seats_in_the_settings_file():
    app = make_app()
    form = open_form(app)
    d = Driver(app, pygame)
    d.click_gui("players_3")
    d.click_gui("colour_1")
    d.click_gui("kind_2")
    form.entries[0].set_text("Anna")
    form.start()
    assert isinstance(app.scene, TableScene)
    with open(settings.settings_path(), encoding="utf-8") as f:
        stored = json.load(f)["new_game"]
    assert stored["players"] == 3 and stored["names"][0] == "Anna"

    again = open_form(make_app(dict(settings.load(), muted=True)))      # a new session
    assert again.players == 3
    assert again.entries[0].get_text() == "Anna"
    assert again.colours[:3] == form.colours[:3] and again.colours[1] == COLOUR_IDS[3]   # (orange: free with three)
    assert again.kinds[:3] == ["person", "person", "medium"]
    assert again.entries[2].get_text() == "Cato (Medium)"


@pytest.mark.slow
def test_the_form_offers_every_seat_count_of_the_rule_sets_and_starts_six():
    """X-1.1: two to six seats (the rule sets' seat counts); six seats start a
    game of six, each seat its own colour, seats five and six named and
    remembered like the others."""
    app = make_app()
    form = open_form(app)
    d = Driver(app, pygame)
    assert seat_counts() == (2, 3, 4, 5, 6)
    assert all(f"players_{n}" in form.buttons for n in seat_counts())
    d.click_gui("players_6")
    assert len(form.entries) == 6
    d.click_gui("kind_5")
    assert form.entries[5].get_text() == "Floris (Medium)"
    d.click_gui("start")
    table = app.scene
    assert isinstance(table, TableScene) and table.c.config["players"] == 6
    assert len(set(map(tuple, table.c.colours))) == 6
    again = open_form(make_app(dict(settings.load(), muted=True)))      # a new session
    assert again.players == 6 and again.kinds[5] == "medium"


@pytest.mark.slow
def test_a_memory_of_four_seats_keeps_them_and_seats_come_back_in_colours_of_their_own():
    """Settings written when the form had four seats: those four are taken
    back, seats five and six get colours none of them has; a colour changed
    while five seats play does not come back twice with the sixth."""
    prefs = dict(DEFAULTS, muted=True, new_game={"players": 4, "names": ["Ann", None, None, None],
                                                  "colours": ["green", "purple", "red", "blue"],
                                                  "kinds": ["person"] * 4})
    form = open_form(make_app(prefs))
    assert form.names[0] == "Ann" and form.colours[:4] == ["green", "purple", "red", "blue"]
    assert len(set(form.colours)) == 6
    d = Driver(form.app, pygame)
    d.click_gui("players_5")
    while form.colours[0] != form.colours[5]:      # seat 1 takes the colour seat 6 had
        d.click_gui("colour_0")
    d.click_gui("players_6")
    assert len(set(form.colours)) == 6


def test_a_broken_memory_is_ignored():
    prefs = dict(DEFAULTS, muted=True, new_game={"players": 9, "names": [1, 2], "colours": ["red"] * 4,
                                                  "kinds": ["boss"] * 4})
    form = open_form(make_app(prefs))
    assert form.players == 4 and form.colours[:4] == list(COLOUR_IDS[:4]) and form.kinds[:4] == ["person"] * 4


def test_computer_seats_are_written_into_the_save():
    app = make_app()
    form = open_form(app)
    d = Driver(app, pygame)
    d.click_gui("players_3")
    d.click_gui("kind_1")
    d.click_gui("start")
    table = app.scene
    seat = deciders(table.c.view(None))[0]             # the first move writes the save
    table.c.submit(legal_commands(table.c.view(seat), seat)[0])
    game = saves.load(table.c.saver.path)
    assert saves.computer_levels(game) == [None, "medium", None]
    assert [p.get("computer") for p in game.players] == [None, "medium", None]


@pytest.mark.slow
def test_the_computer_speed_setting_is_kept_and_reaches_a_running_game():
    from game.client.scenes.settings_scene import SettingsScene
    app = make_app()
    form = open_form(app)
    d = Driver(app, pygame)
    d.click_gui("kind_1")
    d.click_gui("start")
    table = app.scene
    assert table.model.computers.speed == "normal"
    app.push(SettingsScene(app))
    d.frame()
    d.click_gui("speed_fast")
    assert table.model.computers.speed == "fast"
    d.click_gui("back")
    assert app.scene is table
    assert settings.load()["computer_speed"] == "fast"
    assert form is not table


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_switching_the_rules_keeps_the_form_in_place(lang):
    """Choosing Cities & Knights swaps one option row for another: the rows,
    and the Start button under the pointer, stay where they were, inside a
    720-pixel window."""
    from game.client import i18n
    app = make_app(dict(DEFAULTS, muted=True, language=lang))
    i18n.set_language(lang)
    try:
        form = open_form(app)
        d = Driver(app, pygame)
        before = {k: form.buttons[k].rect.copy() for k in ("start", "back", "rules_ck", "board_random")}
        d.click_gui("rules_ck")
        assert form.rules == "ck"
        after = {k: form.buttons[k].rect.copy() for k in before}
        assert after == before and after["start"].bottom <= 720
    finally:
        i18n.set_language("en")


@pytest.mark.slow
def test_the_option_rows_are_the_rule_sets_options():
    """The form offers exactly the options each rule set declares, with texts
    for every value, and a pressed option reaches the engine's config."""
    from game.client.scenes.newgame import button_text_width, option_rows, rule_config
    from game.engine import RULESETS
    app = make_app()
    form = open_form(app)
    d = Driver(app, pygame)
    for rules in ("base", "ck"):
        d.click_gui(f"rules_{rules}")
        rows = option_rows(form, button_text_width(app))
        assert [row[1] for row in rows] == [o.name for o in RULESETS[rules].options]
        for _, _, texts, _, width in rows:      # every text fits its button
            assert all(button_text_width(app)(text) < width for _, text in texts)
        for option in RULESETS[rules].options:
            value = option.values[0]
            d.click_gui(f"{option.name}_{value}")
            assert rule_config(form, 4, 1)[option.config] == value


@pytest.mark.slow
def test_the_form_remembers_rules_board_points_and_options():
    """Cities & Knights on a random board to 11 with an option changed: the
    next session's form opens with them, and a broken memory of them is ignored."""
    from game.engine import RULESETS
    app = make_app()
    form = open_form(app)
    d = Driver(app, pygame)
    d.click_gui("rules_ck")
    d.click_gui("board_random")
    while form.vp > 11:
        d.click_gui("vp_minus")
    option = RULESETS["ck"].options[0]
    other = next(v for v in option.values if v != option.default)
    d.click_gui(f"{option.name}_{other}")
    form.start()
    table = app.scenes[-2] if type(app.scene).__name__ == "CkIntroScene" else app.scene   # (under the C&K introduction)
    assert isinstance(table, TableScene)
    assert table.c.config["rules"] == "ck" and table.c.config["board"] == "random"

    again = open_form(make_app(dict(settings.load(), muted=True)))      # a new session
    assert (again.rules, again.board, again.vp, again.options[option.name]) == ("ck", "random", 11, other)
    broken = dict(DEFAULTS, muted=True, new_game={"rules": "chess", "board": "hex", "vp": 99,
                                                  "options": {option.name: "maybe"}})
    form = open_form(make_app(broken))
    assert (form.rules, form.board, form.vp, form.options[option.name]) == ("base", "beginner", 10, option.default)


@pytest.mark.slow
def test_the_host_form_remembers_the_last_game_hosted(monkeypatch):
    """Hosting C&K for three on the beginner board to 12: the next session's
    host form opens with those choices (as the hot-seat form does), and a
    broken memory of them is ignored."""
    from game.client import lan
    from game.client.scenes.lan_host import LanHostScene
    started = []
    monkeypatch.setattr(lan, "Background", lambda *args: started.append(args) or None)
    app = make_app()
    app.push(MenuScene(app))
    form = LanHostScene(app)
    app.push(form)
    assert (form.players, form.rules, form.board) == (4, "base", "random")
    d = Driver(app, pygame)
    for key in ("players_3", "rules_ck", "board_beginner"):
        d.click_gui(key)
    d.click_gui("vp_minus")
    form.name_entry.set_text("Ann")
    form.host()
    assert started and started[0][1]["rules"] == "ck"            # (lan.host, config, ...)
    again = LanHostScene(make_app(dict(settings.load(), muted=True)))      # a new session
    assert (again.players, again.rules, again.board, again.vp) == (3, "ck", "beginner", 12)
    broken = LanHostScene(make_app(dict(DEFAULTS, muted=True, lan_host={"players": 9, "rules": "chess",
                                                                       "board": 1, "vp": "x"})))
    assert (broken.players, broken.rules, broken.board, broken.vp) == (4, "base", "random", 10)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_seed_hint_promises_a_new_board_only_on_a_random_board(lang):
    from game.client import i18n
    app = make_app({"language": lang})
    try:
        form = open_form(app)
        d = Driver(app, pygame)
        hints = {}
        for board in ("beginner", "random"):
            d.click_gui(f"board_{board}")
            app.dirty = True
            app.step([])
            hints[board] = [t for t in (getattr(e, "text", "") for e in form.manager.get_root_container().elements)
                            if t in (i18n.tr("seats.seed_hint"), i18n.tr("seats.seed_hint_beginner"))]
        assert hints == {"beginner": [i18n.tr("seats.seed_hint_beginner")], "random": [i18n.tr("seats.seed_hint")]}
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", tightest_fast("lang", ["en", "nl"]))       # (the Dutch names are the longer)
@pytest.mark.slow
def test_six_computers_of_any_level_start_under_the_names_the_form_gives_them_X_1(lang):
    """The form's own names start a game at every level in both languages: the
    16 characters a name may have do not count a computer's level word (in Dutch
    "Eline (Gemiddeld)" and "Floris (Makkelijk)" are longer, and were refused)."""
    from game.bots import LEVELS
    from game.client import i18n
    app = make_app({"language": lang})
    try:
        for level in LEVELS:
            form = open_form(app)
            d = Driver(app, pygame)
            d.click_gui("players_6")
            for seat in range(1, 6):
                if form.kinds[seat] == "person":        # (the form remembers the last game's seats)
                    d.click_gui(f"kind_{seat}")
                while form.kinds[seat] != level:
                    d.click_gui(f"level_{seat}")
            d.click_gui("start")
            table = app.scene
            assert isinstance(table, TableScene), (level, form.error)
            assert table.c.computers == [None] + [level] * 5
            app.reset_to(MenuScene(app))
    finally:
        i18n.set_language("en")


def test_a_name_of_its_own_still_has_at_most_16_characters():
    """The field takes 16 characters and a computer's level word; starting
    counts the same (a remembered name is checked there)."""
    from game.client.seatnames import name_fits
    app = make_app()
    form = open_form(app)
    d = Driver(app, pygame)
    d.click_gui("players_2")
    d.click_gui("kind_1")
    form.entries[1].set_text("B" * 16 + " (Medium)")
    assert form.entries[1].get_text() == "B" * 16 + " (Medium)"
    assert name_fits("A" * 16, "person") and not name_fits("A" * 17, "person")
    assert not name_fits("B" * 17 + " (Medium)", "medium") and name_fits("B" * 16 + " (Gemiddeld)", "medium")
    assert not name_fits("", "person") and not name_fits("", "medium")
    form.start()
    assert isinstance(app.scene, TableScene)
    assert app.scene.model.names[1] == "B" * 16 + " (Medium)"
    c = app.scene.c
    kept = SimpleNamespace(config=c.config, players=saves.player_entries(c.names.saved, c.colours, c.computers))
    names, _ = saved_players(kept)
    assert names[1] == "B" * 16 + " (Medium)"          # read back whole (a save's names were cut at 24)


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.slow
def test_an_options_buttons_keep_to_the_forms_second_column(lang, scale):
    """At 200 % in Dutch "Verdedigende ridders" had its two buttons on the
    line under it from the form's left edge, under the labels: where they do
    not fit beside each other they stand one under the other in the column
    every other row's controls start in."""
    from game.engine import RULESETS
    from game.client import i18n
    try:
        app = make_app({"language": lang, "ui_scale": scale})
        form = open_form(app)
        for rules in ("base", "ck"):
            form.rules = rules
            form._rebuild()
            column = form.buttons["rules_base"].rect.x
            for option in RULESETS[rules].options:
                rects = [form.buttons[f"{option.name}_{v}"].rect for v in option.values]
                assert all(r.x >= column for r in rects), (rules, option.name, rects, column)
                assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("form_kind", ["new_game", "lan_host"])
@pytest.mark.slow
def test_a_refused_name_scrolled_out_of_sight_is_brought_into_view_with_the_keys(form_kind):
    """At 200 % the form's Start button lies a page below the names: "Choose a
    name of 1 to 16 characters" came with the field it is about out of sight;
    the form scrolls to that field and gives it the keys."""
    from game.client.scenes.lan_host import LanHostScene
    app = make_app({"ui_scale": 200})
    app.push(MenuScene(app))
    if form_kind == "new_game":
        form = NewGameScene(app)
        app.push(form)
        form.players = 6
        form._rebuild()
        form.entries[2].set_text("")
        field, start = (lambda: form.entries[2]), form.start
    else:
        form = LanHostScene(app)
        app.push(form)
        form.name_entry.set_text("")
        field, start = (lambda: form.name_entry), form.host
    assert form.scrolls()
    form.scroll_to(10 ** 6)                    # where the Start button is
    assert not form.view().contains(form.on_screen(field().rect))
    start()
    assert form.error
    assert form.view().contains(form.on_screen(field().rect)) and field().is_focused
