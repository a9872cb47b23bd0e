"""Scripted dice (the config's `dice`, base rules): the guided first game's
rolls.  The roll rule itself (B-5.1: two dice, their total produces) is
unchanged; only where the two numbers come from."""

import pytest

from game.engine import deciders, default_config, legal_commands, validate_config
from game.engine.match import Authority
from game.engine.views import view

SCRIPT = [[1, 2], [6, 6], [3, 4]]


def _play_to_rolls(auth, rolls):
    """Founding by the first legal command, then `rolls` rolls (ending turns between)."""
    seen = []
    while len(seen) < rolls:
        s = auth.state
        seat = deciders(s)[0]
        cmds = legal_commands(auth.view(seat), seat)
        kinds = {c[0] for c in cmds}
        if "roll" in kinds:
            auth.submit(("roll", seat))
            seen.append(list(auth.state.dice))
            continue
        for kind in ("discard", "move_robber", "skip_steal", "end_turn"):
            cmd = next((c for c in cmds if c[0] == kind), None)
            if cmd is not None:
                break
        else:
            cmd = cmds[0]
        auth.submit(cmd)
    return seen


def test_the_scripted_dice_come_turn_by_turn_then_the_generator_rolls():
    """B-5.1: the roll's two dice are the script's pair for the turn."""
    auth = Authority(default_config(players=3, seed=4, dice=SCRIPT))
    rolls = _play_to_rolls(auth, 5)
    assert rolls[:3] == SCRIPT
    assert all(1 <= d <= 6 for pair in rolls[3:] for d in pair)
    assert auth.log[-1].outcome["dice"] == rolls[-1]


def test_a_scripted_game_replays_to_the_same_state():
    auth = Authority(default_config(players=3, seed=4, dice=SCRIPT))
    _play_to_rolls(auth, 4)
    again = Authority(auth.config)
    for r in auth.log:
        again.submit(r.cmd)
    assert again.state.dice == auth.state.dice and again.state.hands == auth.state.hands


def test_views_do_not_show_the_script():
    """Computers decide from their seat's view: the coming dice are not in it."""
    auth = Authority(default_config(players=3, seed=4, dice=SCRIPT))
    assert view(auth.state, 0).config["dice"] is None
    assert auth.state.config["dice"] == SCRIPT


@pytest.mark.parametrize("dice,ok", [([], True), ([[1, 6]], True), ([[0, 3]], False), ([[1, 7]], False),
                                     ([[1, 2, 3]], False), ("66", False), ([[1.0, 2]], False),
                                     ([[1, 1]] * 401, False)])
def test_the_script_is_checked(dice, ok):
    assert (validate_config(default_config(players=3, dice=dice)) is None) == ok


def test_cities_and_knights_takes_no_script():
    assert validate_config(default_config(rules="ck", players=3, dice=[[1, 2]])) is not None
