"""Random-play throughput of the engine (four players and six), and of catanatron in the same run.

    python -m tools.bench.engine [--games 200] [--repeats 3] [--seed 1] [--against CHECKOUT] [--json]

Protocol, the same for both engines: 4 players, base rules, every decision a
uniform choice among the legal actions, whole games timed per game from
creating the game to its end (or turn limit 1000), actions counted as
executed commands.  Two figures for Kolonisten:

- `actions_per_sec` / `games_per_sec`: our full command set, domestic trade
  included;
- `like_for_like_actions_per_sec`: without domestic trade offers, the one
  action family catanatron 3.2.1 does not have, so both engines play the
  same kind of game (~1,000 actions per game, catanatron ~850-950).  `ratio`
  compares this figure with catanatron's; `ratio_all_commands` compares the
  full one.

The engines are interleaved game by game (game i of each engine in turn, the
order turned round every game), so a change in machine load during the run
weighs on all alike.  One pass plays `--games` games of each; `--repeats`
passes play the same games again, and every figure is the median over the
passes.  `ratio`, `ck_ratio` and `fastcatan_ratio` also come with each
pass's value (`*_runs`) and the spread (`*_spread`: largest minus
smallest).  Every figure is CPU time of this process (fastcatan: of its
child).

`copy_us_median` (base) and `ck_copy_us_median`: the median time of one
`State.copy()` of a mid-game authority state, which search players pay for
every node they expand.

Cities & Knights throughput (`ck_*`, every fourth game: they are long) has
no counterpart in catanatron; `ck_ratio` is its actions/s over the base
game's with the full command set.  catanatron is measured when importable
(`pip install -e '.[bench]'`).

Six players (X-1: the larger island, the Special Building Phase after every
turn), interleaved with the rest: `six_*` the base game with the full
command set (every game), `ck_six_*` Cities & Knights (every fourth game).
`six_ratio` is six players' actions/s over four's (base, full command set),
`ck_six_ratio` the same for Cities & Knights; both come with each pass's
value and the spread.

fastcatan (C++ core, Python >= 3.12; tools/bench/fastcatan_engine.py says how
to install it in an environment of its own): with `--fastcatan-python PATH`
(that environment's interpreter) it is run for each game as a child process
and timed by its own CPU clock; `fastcatan_ratio` is our like-for-like
actions/s over fastcatan's (`fastcatan` says why when it could not be run).

Before and after a change: `--against CHECKOUT` (another checkout of this
project, say a worktree of main before the change) plays the same games with
that checkout's engine in a child process, interleaved game by game with
ours, which then plays in a child process of its own too (each timed by its
own CPU clock).  `against_like_ratio`, `against_all_commands_ratio`
and `against_ck_ratio` are ours over its; `checkout_ratio` and
`checkout_ck_ratio` are its `ratio` and `ck_ratio` in the same run.
Figures vary with machine load: compare ratios from one run.
"""

import argparse
import functools
import itertools
import json
import os
import statistics
import subprocess
import sys
import time

from game.bots.loop import Table
from game.bots.random_bot import random_table
from game.engine import apply, default_config, new_game
from game.engine.state import GAME_OVER
from tools.bench import catanatron_engine
from tools.bench import print_figures

TURN_LIMIT = 1000


def _random_table(state, seed, avoid=()):
    """Random players for every seat of `state`, applying commands straight
    to it (no authority: the engine alone is measured)."""
    bots, order = random_table(seed, state.n, avoid)
    # The state, and each seat's view of it (the state itself), handed out by
    # C callables: no Python call of the tool's own per command.
    return Table(bots, itertools.repeat(state).__next__, functools.partial(apply, state),
                 view=([state] * state.n).__getitem__, order=order)


def measure_kolonisten(games: int, seed: int, avoid=(), rules="base", players=4) -> dict:
    actions = finished = 0
    seconds = 0.0
    for i in range(games):
        t0 = time.process_time()
        state, _ = new_game(default_config(rules=rules, players=players, seed=seed + i))
        table = _random_table(state, seed + i, avoid)
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


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # this checkout
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


# Another checkout's engine in a child process: its own measure_kolonisten,
# one game per request, timed by the child's own CPU clock.  (Only this
# checkout's is asked for other seat counts: older ones play four.)
_CHECKOUT_WORKER = """
import json, sys
from tools.bench.engine import measure_kolonisten
for line in sys.stdin:
    rules, seed, avoid, *players = json.loads(line)
    seats = {"players": players[0]} if players else {}
    print(json.dumps(measure_kolonisten(1, seed, avoid=tuple(avoid), rules=rules, **seats)), flush=True)
"""


class Checkout:
    """The engine of another checkout of this project (say, main before a
    change), played in a child process started in that checkout."""

    def __init__(self, root: str):
        root = os.path.abspath(root)
        if not os.path.isfile(os.path.join(root, "tools", "bench", "engine.py")):
            raise RuntimeError(f"{root} is not a checkout of this project (no tools/bench/engine.py)")
        env = dict(os.environ, PYTHONPATH=root)
        self.root = root
        self.child = subprocess.Popen([sys.executable, "-c", _CHECKOUT_WORKER], cwd=root, env=env,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def measure(self, seed: int, avoid=(), rules="base", players=4) -> dict:
        self.child.stdin.write(json.dumps([rules, seed, list(avoid)] + ([players] if players != 4 else []))
                               + "\n")
        self.child.stdin.flush()
        line = self.child.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine of {self.root} stopped")
        return json.loads(line)

    def close(self) -> None:
        self.child.stdin.close()
        self.child.wait()


def _one_game(seed: int, avoid=(), rules="base", players=4) -> dict:
    return measure_kolonisten(1, seed, avoid, rules, players)


def _zero():
    return {"games": 0, "actions": 0, "seconds": 0.0, "finished": 0}


def _add(total, part):
    for key in total:
        total[key] += part[key]


def _totals() -> dict:
    """Running totals of one pass: per engine, games, actions, seconds, finished."""
    return {name: _zero() for name in ("full", "like", "cat", "ck", "six", "ck_six", "fast", "other_full",
                                       "other_like", "other_ck")}


def measure_pass(games: int, seed: int, with_cat: bool, fast: dict, ours=None, other: Checkout | None = None) -> dict:
    """One pass over `games` games, the engines interleaved game by game (so a
    change in machine load weighs on all alike), the order of the engines
    turned round every game; Cities & Knights plays every fourth game (they
    are long), six players' base game every game and their Cities & Knights
    every fourth.  `fast`: {"python": PATH or None, "missing": why not or None,
    "version": ...}, updated in place.  `ours(seed, avoid, rules, players)`:
    one game of our engine (default: in this process).  `other`: another
    checkout's engine, playing the same games, interleaved with ours."""
    totals = _totals()
    ours = ours or _one_game
    for i in range(games):
        g = seed + i
        runs = [("full", lambda: ours(g)),
                ("like", lambda: ours(g, avoid=("offer",))),
                ("six", lambda: ours(g, players=6))]
        if with_cat:
            runs.append(("cat", lambda: catanatron_engine.measure(1, g)))
        if fast["missing"] is None:
            runs.append(("fast", lambda: measure_fastcatan(fast["python"], 1, g)))
        if i % 4 == 0:
            runs += [("ck", lambda: ours(g, rules="ck")), ("ck_six", lambda: ours(g, rules="ck", players=6))]
        if other is not None:
            runs += [("other_full", lambda: other.measure(g)),
                     ("other_like", lambda: other.measure(g, avoid=("offer",)))]
            if i % 4 == 0:
                runs.append(("other_ck", lambda: other.measure(g, rules="ck")))
        if i % 2:
            runs.reverse()
        for name, run in runs:
            try:
                part = run()
            except RuntimeError as exc:
                if name != "fast":
                    raise
                fast["missing"] = str(exc)
                continue
            if name == "fast":
                fast["version"] = part["version"]
            _add(totals[name], part)
    return totals


def figures(totals: dict, with_cat: bool, with_fast: bool) -> dict:
    """The figures of one pass."""
    full, like, cat, ck, fast, six, ck_six = (totals[k] for k in ("full", "like", "cat", "ck", "fast", "six",
                                                                  "ck_six"))
    other = {k: totals["other_" + k] for k in ("full", "like", "ck")}
    out = {
        "actions_per_sec": full["actions"] / full["seconds"],
        "games_per_sec": full["games"] / full["seconds"],
        "actions_per_game": full["actions"] / full["games"],
        "finished": full["finished"],
        "like_for_like_actions_per_sec": like["actions"] / like["seconds"],
        "like_for_like_games_per_sec": like["games"] / like["seconds"],
        "like_for_like_actions_per_game": like["actions"] / like["games"],
        "ck_games": ck["games"],
        "ck_actions_per_sec": ck["actions"] / ck["seconds"],
        "ck_games_per_sec": ck["games"] / ck["seconds"],
        "ck_actions_per_game": ck["actions"] / ck["games"],
    }
    out["ck_ratio"] = out["ck_actions_per_sec"] / out["actions_per_sec"]
    for key, games, four in (("six", six, "actions_per_sec"), ("ck_six", ck_six, "ck_actions_per_sec")):
        out.update({key + "_games": games["games"], key + "_finished": games["finished"],
                    key + "_actions_per_sec": games["actions"] / games["seconds"],
                    key + "_games_per_sec": games["games"] / games["seconds"],
                    key + "_actions_per_game": games["actions"] / games["games"]})
        out[key + "_ratio"] = out[key + "_actions_per_sec"] / out[four]
    if with_cat:
        cat_aps = cat["actions"] / cat["seconds"]
        out.update({
            "catanatron_actions_per_sec": cat_aps,
            "catanatron_games_per_sec": cat["games"] / cat["seconds"],
            "catanatron_actions_per_game": cat["actions"] / cat["games"],
            "ratio": out["like_for_like_actions_per_sec"] / cat_aps,
            "ratio_all_commands": out["actions_per_sec"] / cat_aps,
            "ratio_games_per_sec": out["like_for_like_games_per_sec"] * cat["seconds"] / cat["games"],
        })
    if other["like"]["games"]:
        aps = {k: v["actions"] / v["seconds"] for k, v in other.items()}
        out.update({
            "against_like_ratio": out["like_for_like_actions_per_sec"] / aps["like"],
            "against_all_commands_ratio": out["actions_per_sec"] / aps["full"],
            "against_ck_ratio": out["ck_actions_per_sec"] / aps["ck"],
            "checkout_ck_ratio": aps["ck"] / aps["full"],
        })
        if with_cat:
            out["checkout_ratio"] = aps["like"] / cat_aps
    if with_fast:
        fast_aps = fast["actions"] / fast["seconds"]
        out.update({
            "fastcatan_actions_per_sec": fast_aps,
            "fastcatan_actions_per_game": fast["actions"] / fast["games"],
            "fastcatan_ratio": out["like_for_like_actions_per_sec"] / fast_aps,
        })
    return out


# Figures reported with their value in every pass and the spread.
SPREAD_KEYS = ("ratio", "ck_ratio", "six_ratio", "ck_six_ratio", "fastcatan_ratio", "against_like_ratio", "against_ck_ratio",
               "checkout_ratio", "checkout_ck_ratio")


def _rounded(key: str, value):
    if "ratio" in key:
        return round(value, 3 if key == "fastcatan_ratio" else 2)
    if "games_per_sec" in key or "per_game" in key:
        return round(value, 2 if "per_sec" in key else 1)
    return round(value)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per pass (C&K: every fourth)")
    ap.add_argument("--repeats", type=int, default=3,
                    help="passes over the same games; each figure is the median over them")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-catanatron", action="store_true", help="measure only Kolonisten")
    ap.add_argument("--fastcatan-python", metavar="PATH",
                    help="a Python >= 3.12 with fastcatan installed: measure it too")
    ap.add_argument("--against", metavar="CHECKOUT",
                    help="another checkout of this project (say, main before a change): its engine "
                         "plays the same games, interleaved with ours")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.repeats < 1:
        ap.error("--repeats must be at least 1")

    with_cat = not args.no_catanatron and catanatron_engine.available()
    fast = {"python": args.fastcatan_python, "version": None,
            "missing": None if args.fastcatan_python else "not asked for (--fastcatan-python PATH)"}
    children = []           # with --against: the other checkout's engine, and ours, timed alike
    if args.against:
        try:
            children = [Checkout(args.against), Checkout(ROOT)]
        except (RuntimeError, OSError) as exc:
            ap.error(str(exc))
    other, ours = (children[0], children[1].measure) if children else (None, None)
    passes = []
    try:
        for _ in range(args.repeats):
            totals = measure_pass(args.games, args.seed, with_cat, fast, ours, other)
            passes.append(figures(totals, with_cat, fast["missing"] is None))
    except RuntimeError as exc:
        print(f"tools.bench.engine: {exc}", file=sys.stderr)
        return 1
    finally:
        for child in children:
            child.close()
    out = {"games": args.games, "repeats": args.repeats}
    if args.against:
        out["against"] = os.path.abspath(args.against)
    for key in passes[0]:
        values = [p[key] for p in passes if key in p]
        out[key] = _rounded(key, statistics.median(values))
        if key in SPREAD_KEYS:
            out[key + "_runs"] = [_rounded(key, v) for v in values]
            out[key + "_spread"] = _rounded(key, max(values) - min(values))
    out["copy_us_median"] = measure_copy("base", args.seed)
    out["ck_copy_us_median"] = measure_copy("ck", args.seed)
    if with_cat:
        out["catanatron_version"] = catanatron_engine.VERSION
    if fast["missing"] is None:
        out["fastcatan_version"] = fast["version"]
    else:
        out["fastcatan"] = f"not available: {fast['missing']}"
    print_figures(out, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
