"""Helpers for engine tests: random games driven through the real command path."""

from game.bots.random_bot import RandomBot
from game.engine import default_config
from game.engine.match import Authority
from game.engine.state import GAME_OVER


def random_game(seed: int, players: int = 4, rules: str = "base", max_commands: int = 100_000,
                on_record=None):
    """Play a random game; returns the Authority.  `on_record(auth, record)` is
    called after every accepted command."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bot = RandomBot(seed)
    while auth.state.phase != GAME_OVER and len(auth.log) < max_commands:
        seat = bot.pick_seat(auth.state)
        record = auth.submit(bot.choose(auth.state, seat))
        if on_record is not None:
            on_record(auth, record)
    return auth
