"""Measure random-play throughput of the third-party `catanatron` engine.

Used as a reference point for Kolonisten's own simulator speed. catanatron is
an optional dependency (tested against PyPI catanatron 3.2.1) and is only
imported inside the functions, never at module import time.

Protocol (kept identical to how catanatron's own `catanatron-play` CLI runs
games in `play_batch_core`): 4 x `RandomPlayer`, `Game(players, ...)` with
default rules (base map, 10 VP, discard limit 7), then `game.play()`. We pass
no accumulators, so none of the CLI's statistics/JSON/CSV/database hooks run
(with accumulators, `play_tick` copies the whole game every tick).

An "action" is one entry of `game.state.actions`: `apply_action` appends every
executed action there (initial placements, rolls, robber moves, discards,
builds, dev cards, maritime trades, end turns). This is exactly what
catanatron's CLI reports as "ticks" (`len(game.state.actions)`).

Determinism: a given (games, seed) repeats exactly within one process, but not
across processes on Python < 3.12. catanatron keeps maritime-trade offers in a
set of tuples containing None, and hash(None) is address-based there, so the
order of playable actions (and hence the random games) changes with ASLR.
`PYTHONHASHSEED=0 setarch -R python ...` makes runs repeatable.

Run from the repo root: python -m tools.bench.catanatron_engine
"""

import json
import random
import time

# catanatron's version string, filled in by available() once it has been found.
VERSION = None


def available() -> bool:
    """True if catanatron is importable; also records its version in VERSION."""
    global VERSION
    try:
        import catanatron  # noqa: F401  (only probing; imported lazily on purpose)
    except ImportError:
        return False
    from importlib.metadata import PackageNotFoundError, version

    try:
        VERSION = version("catanatron")
    except PackageNotFoundError:  # e.g. a source checkout on sys.path
        VERSION = "unknown"
    return True


def measure(games: int, seed: int) -> dict | None:
    """Play `games` 4-player RandomPlayer games; return throughput stats.

    Returns None if catanatron is not installed.
    """
    if not available():
        return None
    # Imports happen here, outside the timed region.
    from catanatron.game import Game
    from catanatron.models.player import Color, RandomPlayer

    # Color has exactly 4 members. Players are created once and reused, as
    # play_batch_core does (RandomPlayer is stateless; State shuffles seating).
    players = [RandomPlayer(c) for c in Color]
    actions = finished = 0
    seconds = 0.0
    for i in range(games):
        # catanatron draws all randomness from the global `random` module.
        # Game(seed=...) re-seeds it too, but treats seed 0 as "no seed" and
        # then draws one from `random`; seeding first keeps that case
        # deterministic as well.
        random.seed(seed + i)
        t0 = time.process_time()
        game = Game(players, seed=seed + i)
        winner = game.play()  # stops at a winner or at catanatron's TURNS_LIMIT
        seconds += time.process_time() - t0
        actions += len(game.state.actions)
        finished += winner is not None
    return {
        "games": games,
        "actions": actions,
        "seconds": seconds,
        "finished": finished,
        "version": VERSION,
    }


if __name__ == "__main__":
    result = measure(200, 1)
    if result is None:
        print(json.dumps({"error": "catanatron not installed"}))
    else:
        result["actions_per_second"] = result["actions"] / result["seconds"]
        print(json.dumps(result))
