"""Helpers for engine tests: random games driven through the real command path."""

from game.bots.loop import Table
from game.bots.random_bot import random_table
from game.engine import default_config
from game.engine.match import Authority


def random_game(seed: int, players: int = 4, rules: str = "base", max_commands: int = 100_000,
                on_record=None):
    """Play a random game; returns the Authority.  `on_record(auth, record)` is
    called after every accepted command."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bots, order = random_table(seed, players)

    def after(move):
        if on_record is not None:
            on_record(auth, move.record)

    table = Table(bots, lambda: auth.state, auth.submit, view=lambda seat: auth.state, order=order)
    table.run(until=lambda: len(auth.log) >= max_commands, after=after)
    return auth


_POSITIONS = {}


def random_position(rules: str, seed: int, length: int):
    """The authority state of a random 4-player game after `length` commands
    (or at its end), cached: property tests draw the same few games often."""
    key = (rules, seed, length)
    if key not in _POSITIONS:
        _POSITIONS[key] = random_game(seed, rules=rules, max_commands=length).state
    return _POSITIONS[key]
