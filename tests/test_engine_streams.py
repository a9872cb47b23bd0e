"""Separate random streams (the config's `streams`, game/engine/helpers.dice_rng):
in a game that has it, no legal choice changes a later roll (B-5.1: the dice
decide production; whoever knows the seed must not be able to steer them with
a steal or its skip).  A config without it draws dice and steals from one
generator, exactly as every game saved before (tests/test_saved_games_replay.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from example_counts import examples

from game.bots.random_bot import RandomSeats
from game.engine import default_config, legal_commands, validate_config
from game.engine.rules import apply
from game.engine.state import GAME_OVER, ROLL, STEAL
from game.engine.match import Authority


def forks_at_steals(config, seed, games_commands=1500):
    """Play a random game; at every steal decision with more than one legal
    answer, try each answer on a copy, end the turn, roll for the next player
    and note the dice.  Returns the list of dice tuples per fork point."""
    auth = Authority(config)
    bot = RandomSeats(seed)
    forks = []
    while len(auth.log) < games_commands and auth.state.phase != GAME_OVER:
        state = auth.state
        seat = bot.pick_seat(state)
        options = legal_commands(state, seat)
        if state.phase == STEAL and len(options) > 1:
            rolls = set()
            for cmd in options:
                rolls.add(next_roll(state.copy(), cmd))
            rolls.discard(None)
            if rolls:
                forks.append(rolls)
        auth.submit(bot[seat].choose(state))
    return forks


def next_roll(state, cmd):
    """Apply `cmd`, then end turns as soon as the rules let us until a roll; its dice."""
    apply(state, cmd)
    for _ in range(40):
        if state.phase == GAME_OVER:
            return None
        if state.phase == ROLL:
            apply(state, ("roll", state.current))
            return tuple(state.dice)
        cmds = legal_commands(state, state.current)
        ends = [c for c in cmds if c[0] == "end_turn"]
        if not ends:
            return None         # something else must be decided first: not this fork
        apply(state, ends[0])
    return None


@pytest.mark.parametrize("rules", ["base", "ck"])
@settings(max_examples=examples(ci=5, dev=2), deadline=None)
@given(seed=st.integers(0, 2 ** 32))
def test_with_streams_no_steal_or_skip_changes_the_next_roll(rules, seed):
    """B-5.1, B-5.4: in a game with separate streams the next roll is the same
    whichever victim is robbed or whether the steal is skipped."""
    config = default_config(rules=rules, players=4, seed=seed, streams=True)
    for rolls in forks_at_steals(config, seed):
        assert len(rolls) == 1, rolls


def test_without_streams_a_steal_or_its_skip_does_change_the_next_roll():
    """B-5.1: the old single generator, kept for every game saved before, is
    steerable by a steal or its skip: what `streams` exists to prevent."""
    changed = 0
    for seed in range(3):
        forks = forks_at_steals(default_config(rules="base", players=4, seed=seed), seed)
        changed += sum(len(rolls) > 1 for rolls in forks)
    assert changed > 0


def test_streams_is_an_optional_true_or_false_key():
    assert validate_config(default_config()) is None
    assert validate_config(default_config(streams=True)) is None
    assert validate_config(default_config(streams=False)) is None
    assert "streams" in validate_config(default_config(streams=1))
    assert validate_config(dict(default_config(), dice=True)) is not None


def test_a_game_with_streams_replays_and_its_position_keeps_the_word():
    from game.engine import position
    config = default_config(rules="ck", players=3, seed=99, streams=True)
    auth = Authority(config)
    bot = RandomSeats(3)
    while len(auth.log) < 200 and auth.state.phase != GAME_OVER:
        seat = bot.pick_seat(auth.state)
        auth.submit(bot[seat].choose(auth.state))
    again = Authority.replay(config, [r.cmd for r in auth.log], [r.outcome for r in auth.log])
    assert again.state_hash() == auth.state_hash()
    text = position.format(auth.state)
    assert " streams" in text.splitlines()[0]
    assert position.parse(text).config["streams"] is True
