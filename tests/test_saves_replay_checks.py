"""A replay of a save (saves.restore) checks a command's shape once per game
for each command's bytes (its repeats are checked against the rules only):
it may never let through a command the full check refuses."""

import pytest

from game import saves
from game.bots.random_bot import RandomSeats
from game.engine import default_config
from game.engine.match import Authority
from game.engine.state import GAME_OVER


def _save(auth) -> saves.SavedGame:
    """The game `auth` played, as a save file gives it back (lists throughout)."""
    game = saves.SavedGame(config=dict(auth.config), commands=[list(r.cmd) for r in auth.log], hashes=[])
    return saves.decode(saves.encode(game))


def _random_game(rules, seed, length=400):
    """A random game of `length` commands or to its end, offers and answers
    among them, as a save (no hashes)."""
    auth = Authority(default_config(rules=rules, players=4, seed=seed))
    bot = RandomSeats(seed)
    while auth.state.phase != GAME_OVER and len(auth.log) < length:
        auth.submit(bot.command(auth.state))
    return _save(auth)


def _refusal(game, at, cmd) -> saves.SaveError:
    """The error of replaying `game` with its command `at` (0-based) made `cmd`."""
    game.commands[at] = cmd
    with pytest.raises(saves.SaveError) as err:
        saves.restore(game, verify=False)
    assert err.value.code == "refused" and err.value.params == {"n": at + 1}
    return err.value


def _repeat(game, kind, seat=1):
    """The index of a command of `kind` by `seat` (None: any) that repeats an
    earlier one of the log."""
    seen = set()
    for i, cmd in enumerate(game.commands):
        key = repr(cmd)
        if cmd[0] == kind and seat in (None, cmd[1]) and key in seen:
            return i
        seen.add(key)
    raise AssertionError(f"no repeated {kind} of seat {seat}")


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_B_4_1_a_repeat_of_an_accepted_command_is_checked_against_the_rules(rules):
    """A second roll inserted right after a roll the log accepted is refused
    (one roll a turn, B-4.1): the repeat's verdict comes from the rules at
    its moment."""
    game = _random_game(rules, 11)
    at = _repeat(game, "roll")
    game.commands.insert(at + 1, list(game.commands[at]))
    error = _refusal(game, at + 1, game.commands[at + 1])
    assert "wrong_phase" in str(error) or "not_your_turn" in str(error)


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("change", ["seat_true", "seat_float", "card_true"])
def test_a_repeat_equal_to_an_accepted_command_but_for_its_types_is_refused(rules, change):
    """A flag or a fraction where the command had a whole number (equal in
    Python: True == 1 == 1.0) is out of shape, also where the very same
    command with the number was accepted before."""
    game = _random_game(rules, 12)
    if change == "card_true":
        at = _repeat(game, "offer", seat=None)
        cmd = [list(a) if isinstance(a, list) else a for a in game.commands[at]]
        cmd[2][cmd[2].index(1)] = True
        code = "malformed"
    else:
        at = _repeat(game, "roll")
        cmd = ["roll", True if change == "seat_true" else 1.0] + game.commands[at][2:]
        code = "bad_seat"
    assert cmd == game.commands[at]           # equal as Python sees it
    assert code in str(_refusal(game, at, cmd))
