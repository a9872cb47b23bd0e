"""A computer's level in its seat's name follows the window's language
(game/client/seatnames.py): "Bram (Gemiddeld)" in a Dutch window is
"Bram (Medium)" in an English one, at the table, in its log and on the load
list, while the save keeps its names as every version wrote them."""

from hypothesis import given
from hypothesis import strategies as st

from client_helpers import make_app, push_table
from game import saves
from game.bots import ALL_LEVELS
from game.client import i18n
from game.client.scenes.newgame import default_name
from game.client.saved import saved_players
from game.client.seatnames import SeatNames, plain_name, shown_name
from game.engine import deciders, default_config, legal_commands


@given(st.text(min_size=1, max_size=24), st.sampled_from(ALL_LEVELS), st.sampled_from(i18n.LANGUAGES))
def test_a_name_shown_in_either_language_gives_back_the_plain_name(name, level, lang):
    try:
        i18n.set_language(lang)
        shown = shown_name(name, level)
    finally:
        i18n.set_language("en")
    assert plain_name(shown, level) == name
    assert plain_name(shown, None) == shown          # a person's name is never cut


def test_a_computers_name_reads_in_the_windows_language_and_the_save_is_unchanged(saves_folder):
    app = make_app(lang="nl")
    try:
        names = [default_name(0, "person"), default_name(1, "medium"), default_name(2, "hard")]
        assert names[1:] == ["Bram (Gemiddeld)", "Cato (Moeilijk)"]
        table = push_table(app, default_config(players=3, seed=5), names=names, autosave=True,
                           computers=[None, "medium", "hard"])
        m = table.model
        assert m.names[1] == "Bram (Gemiddeld)"
        app.set_language("en")                        # in the middle of the game
        assert list(m.names) == ["Player 1", "Bram (Medium)", "Cato (Hard)"]    # (the form's name: too)
        assert not any("Gemiddeld" in line for line in m.log)
        assert any("Bram (Medium)" in line for line in m.log)      # retold in English
        state = table.c.auth.state
        table.c.submit(legal_commands(state, deciders(state)[0])[0])       # the first autosave
        path = table.c.saver.path
        game = saves.load(path)
        assert [p["name"] for p in game.players] == names          # written as always
        shown, _ = saved_players(game)                              # the load list, the viewer
        assert list(shown) == ["Player 1", "Bram (Medium)", "Cato (Hard)"]
    finally:
        i18n.set_language("en")


def test_a_lan_computer_of_any_level_is_named_with_its_levels_word():
    from game.client.lantext import seat_name
    assert seat_name({"name": "Ada", "computer": "random"}) == "Ada (Random)"   # was "seats.level.random"
    assert seat_name({"name": "Ada", "computer": None}) == "Ada"
    names = SeatNames(["Ada", "Bo"], ["easy", None])
    names[1] = "Bea"
    assert list(names) == ["Ada (Easy)", "Bea"] and names.saved == ["Ada", "Bea"]


def test_a_panel_drops_the_level_word_and_then_cuts_the_name_rather_than_squeeze_it():
    """At 200 % "Cees (Gemiddeld)" was squeezed to 67 % of its width in a
    six-seat panel: a name too wide loses the level's word, then its end."""
    from game.client import theme
    from game.client.table.panels import name_label
    app = make_app(ui_scale=200)
    text, drawn = app.text, []
    real = text.render

    def spy(words, *a, **k):
        drawn.append(words)
        return real(words, *a, **k)
    names = SeatNames(["Anna", "Cees (Medium)"], [None, "medium"])
    width = lambda words, size=20: real(words, size, theme.TEXT, True).get_width()  # noqa: E731
    text.render = spy
    roomy = name_label(text, names, 1, 28, width("Cees (Medium)"), 20)
    assert drawn[-1] == "Cees (Medium)" and roomy.get_width() <= width("Cees (Medium)")
    tight = (width("Cees") + width("Cees (Medium)")) // 2     # room for the plain name only
    img = name_label(text, names, 1, 28, tight, 20)
    assert drawn[-1] == "Cees" and img.get_width() <= tight
    img = name_label(text, names, 1, 28, width("Ce…"), 20)      # not even that: cut, not squeezed
    assert drawn[-1].endswith("…") and drawn[-1].startswith("C")
    assert img.get_width() == real(drawn[-1], 20, theme.TEXT, True).get_width() <= width("Ce…")
    assert name_label(text, names, 0, 28, tight, 20).get_width() <= tight    # a person's name: as it is
    assert "Anna" in drawn


def test_a_persons_seat_under_the_forms_name_for_it_reads_in_the_windows_language():
    """The guided game begun in Dutch and gone on with in English said
    "Speler 1" at the English table: a seat still under the form's own name
    for it reads in the window's language; a typed name is kept as typed."""
    names = SeatNames(["Speler 1", "Player 2", "Speler 7", "Anna"], [None, None, None, "easy"])
    try:
        i18n.set_language("en")
        assert list(names)[:3] == ["Player 1", "Player 2", "Speler 7"]      # (seat 3's default is "Player 3")
        i18n.set_language("nl")
        assert list(names)[:3] == ["Speler 1", "Speler 2", "Speler 7"]
        assert names.saved == ["Speler 1", "Player 2", "Speler 7", "Anna"]   # the save keeps what it was given
    finally:
        i18n.set_language("en")
