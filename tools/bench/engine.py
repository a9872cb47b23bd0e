"""Random-play throughput of the engine, and of catanatron in the same run.

    python -m tools.bench.engine [--games 200] [--seed 1] [--json]

Protocol, the same for both engines: 4 players, base rules, every decision a
uniform choice among the legal actions, whole games timed per game from
creating the game to its end (or turn limit 1000), actions counted as
executed commands.  Two figures for Kolonisten:

- `actions_per_sec` / `games_per_sec`: our full command set, domestic trade
  included;
- `like_for_like_actions_per_sec`: without domestic trade offers, the one
  action family catanatron 3.2.1 does not have, so both engines play the
  same kind of game (~950 actions per game each).  `ratio` compares this
  figure with catanatron's; `ratio_all_commands` compares the full one.

`copy_us_median` (base) and `ck_copy_us_median`: the median time of one
`State.copy()` of a mid-game authority state, which search players pay for
every node they expand.

Cities & Knights throughput (`ck_*`, a quarter as many games: they are long,
played in the same rounds) has no counterpart in catanatron; `ck_ratio` is
its actions/s over the base game's with the full command set.  Every figure
is CPU time of this process.  catanatron is measured when importable (`pip install -e '.[bench]'`).

fastcatan (C++ core, Python >= 3.12; tools/bench/fastcatan_engine.py says how
to install it in an environment of its own): with `--fastcatan-python PATH`
(that environment's interpreter) it is run in each round as a child process
and timed by its own CPU clock; `fastcatan_ratio` is our like-for-like
actions/s over fastcatan's (`fastcatan` says why when it could not be run).
Figures vary with machine load: compare ratios from one run.
"""

import argparse
import functools
import json
import os
import statistics
import subprocess
import time

from game.bots.loop import Table
from game.bots.random_bot import random_table
from game.engine import apply, default_config, new_game
from game.engine.state import GAME_OVER
from tools.bench import catanatron_engine
from tools.bench import print_figures

TURN_LIMIT = 1000


def _random_table(state, seed, exclude=()):
    """Random players for every seat of `state`, applying commands straight
    to it (no authority: the engine alone is measured)."""
    bots, order = random_table(seed, state.n, exclude)
    return Table(bots, lambda: state, functools.partial(apply, state), view=lambda seat: state, order=order)


def measure_kolonisten(games: int, seed: int, exclude=(), rules="base") -> dict:
    actions = finished = 0
    seconds = 0.0
    for i in range(games):
        t0 = time.process_time()
        state, _ = new_game(default_config(rules=rules, players=4, seed=seed + i))
        table = _random_table(state, seed + i, exclude)
        table.run(turn_cap=TURN_LIMIT if rules == "base" else 2500)
        actions += table.moves
        seconds += time.process_time() - t0
        finished += state.phase == GAME_OVER
    return {"games": games, "actions": actions, "seconds": seconds, "finished": finished}


def measure_copy(rules: str, seed: int, copies: int = 2000) -> float:
    """Median microseconds of State.copy() over mid-game states of random games."""
    times = []
    for g in range(4):
        state, _ = new_game(default_config(rules=rules, players=4, seed=seed + g))
        table = _random_table(state, seed + g)
        # Into the game: boards, hands and cards filled.
        table.run(until=lambda: table.moves >= 400 + 100 * g)
        for _ in range(copies // 4):
            t0 = time.process_time()
            state.copy()
            times.append(time.process_time() - t0)
    return round(statistics.median(times) * 1e6, 1)


FASTCATAN_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fastcatan_engine.py")


def measure_fastcatan(python: str, games: int, seed: int) -> dict:
    """fastcatan's figures for `games` games, run under `python`; raises
    RuntimeError saying why it could not be run."""
    try:
        done = subprocess.run([python, FASTCATAN_SCRIPT, "--games", str(games), "--seed", str(seed)],
                              capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RuntimeError(f"{python} could not be run ({exc})") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuntimeError(f"{python} could not run fastcatan: {last}")
    return json.loads(done.stdout)


def _zero():
    return {"games": 0, "actions": 0, "seconds": 0.0, "finished": 0}


def _add(total, part):
    for key in total:
        total[key] += part[key]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-catanatron", action="store_true", help="measure only Kolonisten")
    ap.add_argument("--fastcatan-python", metavar="PATH",
                    help="a Python >= 3.12 with fastcatan installed: measure it too")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")

    # Interleave the engines in rounds so that a change in machine load
    # during the run weighs on both alike.
    rounds = max(1, min(5, args.games))
    full, like, cat, ck = _zero(), _zero(), _zero(), _zero()
    ck_games = max(1, args.games // 4)
    with_cat = not args.no_catanatron and catanatron_engine.available()
    fast, fast_version = _zero(), None
    fast_missing = None if args.fastcatan_python else "not asked for (--fastcatan-python PATH)"
    for r in range(rounds):
        games = range(r, args.games, rounds)
        seed = args.seed + r * 100_000
        _add(full, measure_kolonisten(len(games), seed))
        _add(like, measure_kolonisten(len(games), seed, exclude=("offer",)))
        if with_cat:
            _add(cat, catanatron_engine.measure(len(games), seed))
        if fast_missing is None:
            try:
                part = measure_fastcatan(args.fastcatan_python, len(games), seed)
            except RuntimeError as exc:
                fast_missing = str(exc)
            else:
                fast_version = part.pop("version")
                _add(fast, part)
        ck_round = len(range(r, ck_games, rounds))
        if ck_round:
            _add(ck, measure_kolonisten(ck_round, seed, rules="ck"))
    out = {
        "games": args.games,
        "actions_per_sec": round(full["actions"] / full["seconds"]),
        "games_per_sec": round(full["games"] / full["seconds"], 2),
        "actions_per_game": round(full["actions"] / full["games"], 1),
        "finished": full["finished"],
        "like_for_like_actions_per_sec": round(like["actions"] / like["seconds"]),
        "like_for_like_games_per_sec": round(like["games"] / like["seconds"], 2),
        "like_for_like_actions_per_game": round(like["actions"] / like["games"], 1),
        "copy_us_median": measure_copy("base", args.seed),
        "ck_copy_us_median": measure_copy("ck", args.seed),
    }
    out.update({
        "ck_games": ck["games"],
        "ck_actions_per_sec": round(ck["actions"] / ck["seconds"]),
        "ck_games_per_sec": round(ck["games"] / ck["seconds"], 2),
        "ck_actions_per_game": round(ck["actions"] / ck["games"], 1),
        "ck_ratio": round(ck["actions"] / ck["seconds"] / (full["actions"] / full["seconds"]), 2),
    })
    if with_cat:
        cat_aps = cat["actions"] / cat["seconds"]
        out.update({
            "catanatron_version": catanatron_engine.VERSION,
            "catanatron_actions_per_sec": round(cat_aps),
            "catanatron_games_per_sec": round(cat["games"] / cat["seconds"], 2),
            "catanatron_actions_per_game": round(cat["actions"] / cat["games"], 1),
            "ratio": round(out["like_for_like_actions_per_sec"] / cat_aps, 2),
            "ratio_all_commands": round(out["actions_per_sec"] / cat_aps, 2),
            "ratio_games_per_sec": round(out["like_for_like_games_per_sec"] * cat["seconds"] / cat["games"], 2),
        })
    if fast_missing is None:
        fast_aps = fast["actions"] / fast["seconds"]
        out.update({
            "fastcatan_version": fast_version,
            "fastcatan_actions_per_sec": round(fast_aps),
            "fastcatan_actions_per_game": round(fast["actions"] / fast["games"], 1),
            "fastcatan_ratio": round(out["like_for_like_actions_per_sec"] / fast_aps, 3),
        })
    else:
        out["fastcatan"] = f"not available: {fast_missing}"
    print_figures(out, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
