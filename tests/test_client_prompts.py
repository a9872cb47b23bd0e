"""Prompts mention only what this player can do now."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import COLOURS, NAMES, bot_game, make_app, push_table  # noqa: E402
from game.client.i18n import set_language  # noqa: E402
from game.client.table.parts import PARTS, part_for  # noqa: E402
from game.client.table.parts.ck import ALCHEMIST  # noqa: E402
from game.engine import legal_commands  # noqa: E402
from game.engine.constants import KNIGHT, MONOPOLY  # noqa: E402
from game.engine.state import ROLL  # noqa: E402
from game.client.table.prompts import table_prompt  # noqa: E402


def _at_roll(rules, seed=4):
    auth, _ = bot_game(rules=rules, seed=seed, players=3,
                       until=lambda a: a.state.phase == ROLL and a.state.turn >= 3)
    assert auth.state.phase == ROLL
    return auth


def _prompt(state):
    seat = state.current
    return part_for(state.config).roll_prompt(legal_commands(state, seat), "Ann")


def test_the_roll_prompt_names_the_knight_only_when_one_may_be_played():
    """B-4.2, B-9.2: a Knight may be played before rolling, but not one bought this turn."""
    state = _at_roll("base").state
    me = state.current
    state.dev[me] = [0] * 5
    state.dev_new[me] = [0] * 5
    assert "Knight" not in _prompt(state) and "card" not in _prompt(state)
    state.dev[me][KNIGHT] = state.dev_new[me][KNIGHT] = 1           # bought this turn: not playable
    assert "Knight" not in _prompt(state)
    state.dev_new[me][KNIGHT] = 0
    assert "play a Knight first" in _prompt(state)
    state.dev_played = True                                          # one card per turn (B-9.2)
    assert "Knight" not in _prompt(state)
    state.dev_played = False
    state.dev[me] = [0, 0, 0, 1, 0]                                  # a Monopoly: any development card
    assert "development card" in _prompt(state) and "Knight" not in _prompt(state)
    state.dev[me][MONOPOLY] = 0


def test_the_roll_prompt_names_the_alchemist_only_in_the_hand_that_holds_it():
    """CK-3.1: only the Alchemist may be played before rolling."""
    state = _at_roll("ck").state
    me = state.current
    state.prog[me] = [0] * len(state.prog[me])
    assert "Alchemist" not in _prompt(state)
    state.prog[me][ALCHEMIST] = 1
    assert "play the Alchemist first" in _prompt(state)
    set_language("nl")
    try:
        assert "Alchimist" in _prompt(state)
        state.prog[me][ALCHEMIST] = 0
        assert "Alchimist" not in _prompt(state) and "gooi de dobbelstenen" in _prompt(state)
    finally:
        set_language("en")


def test_the_table_shows_the_roll_prompt_of_the_seat_at_the_screen():
    auth = _at_roll("base")
    me = auth.state.current
    auth.state.dev[me] = [0] * 5
    app = make_app()
    table = push_table(app, auth=auth, names=NAMES, colours=COLOURS)
    table.play.reveal()
    assert table.model.viewer == me and table_prompt(table.model) == f"{NAMES[me]}, roll the dice."


def test_the_main_prompt_lists_only_what_the_player_can_do():
    """B-4.1: after the roll a player builds, trades, plays a card or ends the turn."""
    from game.client.table.prompts import main_prompt
    end = [("end_turn", 0)]
    base, ck = PARTS["base"], PARTS["ck"]
    assert main_prompt(base, end, "Ann", False) == "Ann: nothing more to do now, end your turn."
    assert main_prompt(base, end + [("build_road", 0, 5)], "Ann", False) == "Ann: build or end your turn."
    assert main_prompt(base, end + [("play_knight", 0), ("maritime", 0, 1, 2)], "Ann", False) == \
        "Ann: trade, play a card or end your turn."
    assert main_prompt(ck, end + [("move_knight", 0, 3, 4)], "Ann", True) == \
        "Ann: trade, use a knight or end your turn."
    assert main_prompt(base, end + [("move_knight", 0, 3, 4)], "Ann", False).endswith("end your turn.")
