"""A replay of a save (saves.restore) takes two shortcuts: a command's shape
is checked once per game for each command's bytes (its repeats are checked
against the rules only), and the state's copy an undo would need is kept
only from the last command before the first undo that ends what may be
taken back.  Neither may let through a command the full check refuses, nor
leave the replayed game with other moves to take back than following every
command would."""

import random

import pytest

from game import saves
from game.bots.random_bot import RandomSeats
from game.engine import IllegalCommand, default_config
from game.engine.codec import state_hash
from game.engine.match import Authority
from game.engine.state import GAME_OVER
from game.engine.undo import TAKE_BACK, UNDO


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


def _takebacks(auth):
    """What an undo of each seat would do now, and the moves kept to take back."""
    tb = auth.takebacks
    return ([(seq, tuple(cmd), state_hash(kept)) for seq, cmd, kept in tb.entries], tb.last, tb.why,
            [_status(*tb.status(auth.state, seat)) for seat in range(auth.state.n)])


def _status(cmd, refusal):
    return tuple(cmd) if cmd is not None else None, refusal.code if refusal is not None else None


def _game_with_undos(rules, seed, length=400, undos=True):
    """A random game with, when `undos`, some moves taken back right after
    them; returns the live Authority and what it may take back after each
    command (`_takebacks`)."""
    auth = Authority(default_config(rules=rules, players=4, seed=seed))
    bot, chance = RandomSeats(seed), random.Random(seed)
    after = []
    while auth.state.phase != GAME_OVER and len(auth.log) < length:
        seat = bot.pick_seat(auth.state)
        record = auth.submit(bot.player(seat, ("offer",)).choose(auth.state))
        after.append(_takebacks(auth))
        if undos and record.cmd[0] in TAKE_BACK[rules] and chance.random() < 0.3:
            try:
                auth.submit((UNDO, record.cmd[1]))
            except IllegalCommand:
                continue
            after.append(_takebacks(auth))
    return auth, after


# (one short game in the developer's loop; the long ones of both rule sets on CI)
@pytest.mark.parametrize("rules, undos, length", [
    ("ck", False, 150),
    pytest.param("base", False, 400, marks=pytest.mark.slow), pytest.param("base", True, 400, marks=pytest.mark.slow),
    pytest.param("ck", False, 400, marks=pytest.mark.slow), pytest.param("ck", True, 400, marks=pytest.mark.slow),
])
def test_a_replay_keeps_what_may_be_taken_back_as_following_every_command_would(rules, undos, length):
    """Cut after every command of a game that may be taken back or is an
    undo, and after the next (builds, trades with the bank, undos among
    them), the replay leaves the same moves to take back, with the same
    states to go back to, as the game that was played."""
    auth, after = _game_with_undos(rules, 21, length, undos=undos)
    game = _save(auth)
    assert (UNDO in [c[0] for c in game.commands]) == undos
    cuts = [i for i, cmd in enumerate(game.commands) if cmd[0] in TAKE_BACK[rules] or cmd[0] == UNDO]
    assert len(cuts) >= 10
    for i in cuts + [i + 1 for i in cuts if i + 1 < len(game.commands)]:
        cut = saves.SavedGame(config=game.config, commands=game.commands[:i + 1], hashes=[])
        assert _takebacks(saves.restore(cut, verify=False)) == after[i], i
