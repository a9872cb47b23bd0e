"""Helpers of the client tests: bot-played games, saved as the
client saves them, and a headless window."""

import os

from game import saves
from game.bots.random_bot import RandomBot
from game.engine import default_config
from game.engine.codec import state_hash
from game.engine.match import Authority
from game.engine.state import GAME_OVER

NAMES = ["Ann", "Bo", "Cas", "Dirk"]
COLOURS = [(200, 40, 40), (40, 90, 200), (240, 240, 240), (230, 140, 20)]


def make_app(size=(1280, 720), lang="en"):
    from game.client.app import App
    from game.client.settings import DEFAULTS
    return App(size, fullscreen=False, prefs=dict(DEFAULTS, language=lang, muted=True))


def bot_game(rules="base", seed=3, players=3, stop=None, until=None):
    """An Authority after random bots played until the end, `stop` moves,
    or `until(auth)` is true; returns (auth, state hashes after each move)."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bot, hashes = RandomBot(seed), []
    while auth.state.phase != GAME_OVER and (stop is None or len(auth.log) < stop):
        if until is not None and until(auth):
            break
        state = auth.state
        seat = bot.pick_seat(state)
        auth.submit(bot.choose(state, seat, ("offer",)) or bot.choose(state, seat))
        hashes.append(state_hash(auth.state))
    return auth, hashes


def save_game(auth, hashes, folder):
    """Write `auth`'s game as a hot-seat autosave; returns the path."""
    players = [{"name": n, "colour": list(c)} for n, c in zip(NAMES, COLOURS)][:auth.state.n]
    path = os.path.join(folder, f"game-{len(auth.log)}{saves.SUFFIX}")
    saves.Autosaver(auth, path, players=players, hashes=hashes).record()
    return path
