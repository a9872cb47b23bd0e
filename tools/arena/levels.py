"""Computer players against each other: win rates with confidence intervals.

    python -m tools.arena.levels --rules base --seats medium,easy,easy,easy --games 100 --seed 1 --jobs 2 --json

Each game seats the listed levels rotated by one place per game, so over a
multiple of the seat count every entry plays every seat equally often (the
first player is decided by the game's own start roll, as always).  Every bot
decides from `view(state, its seat)` only, with its own seed.  When several
seats must decide at once (discards, answers to an offer, C&K decisions) the
others answer before the player whose turn it is.

Printed per level: seats played, wins, win rate per seat with a 95 % Wilson
interval (parity is 1 / players), and median / 99th-percentile decision time
in milliseconds, both wall-clock and CPU time of the deciding process (on a
shared machine the wall clock includes waiting for a core); how it plays
(tools/arena/tally.py: turns a leader ended with a settlement or city it
could build, and how many of those builds would have raised its valuation;
offers per own turn and the share accepted; in C&K the barbarian attacks at
its tables, won and lost, and those that cost it a city); per run: average
turns of finished games and games cut at the turn cap (counted apart, not as
anyone's loss or win).
"""

import argparse
import json
import math
import sys
import time
from multiprocessing import get_context

from game.bots import LEVELS, make_bot
from game.bots.loop import Stalled, Table, others_first
from game.engine import default_config, seat_counts
from game.engine.match import Authority
from game.engine.state import GAME_OVER

from .tally import GAME_KEYS, Tally, add, rates

DEFAULT_TURN_CAP = {"base": 500, "ck": 800}


def wilson(wins: int, n: int, z: float = 1.96):
    """95 % Wilson score interval for a proportion."""
    if n == 0:
        return [0.0, 0.0]
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def entry_bot(entry: str, seat: int, seed: int):
    """The bot of an arena entry: a level, or `hard:N`, Hard with N playouts
    a decision (an intermediate strength for the ladder)."""
    level, _, playouts = entry.partition(":")
    options = {"iterations": int(playouts)} if playouts else {}
    return make_bot(level, seat, seed, **options)


def valid_entry(entry: str) -> bool:
    level, colon, playouts = entry.partition(":")
    if not colon:
        return level in LEVELS + ("random",)
    return level == "hard" and playouts.isdigit() and int(playouts) > 0


def seating(entries, game_index):
    """Levels by seat for one game: the list rotated by the game's index."""
    n = len(entries)
    r = game_index % n
    return [entries[(i + r) % n] for i in range(n)]


def play_game(rules, entries, game_seed, game_index, turn_cap):
    """One complete game; returns (winner level or None, turns, finished, wall-clock
    and CPU seconds of every decision by level, the game's Tally)."""
    levels = seating(entries, game_index)
    auth = Authority(default_config(rules=rules, players=len(levels), seed=game_seed))
    bots = [entry_bot(level, seat, game_seed * 7 + seat) for seat, level in enumerate(levels)]
    times = {level: [] for level in levels}
    cpu = {level: [] for level in levels}

    def timer(seat, wall, cpu_s):
        cpu[levels[seat]].append(cpu_s)
        times[levels[seat]].append(wall)

    state = auth.state
    tally = Tally(levels)
    table = Table(bots, lambda: state, tally.wrap(auth.submit), order=others_first,
                  before=tally.before, timer=timer)
    try:
        table.run(turn_cap=turn_cap)
    except Stalled as exc:
        raise RuntimeError(f"game seed {game_seed}: {exc}") from None
    finished = state.phase == GAME_OVER
    winner = levels[state.winner] if finished else None
    return winner, state.turn, finished, times, cpu, tally


def run_games(job):
    rules, entries, seed, indexes, turn_cap = job
    results = []
    for i in indexes:
        results.append(play_game(rules, entries, seed * 1_000_003 + i, i, turn_cap))
    return results


def _percentile(sorted_values, q):
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[k]


def summarize(rules, entries, games, seed, jobs, results, seconds, turn_cap) -> dict:
    counts = {level: entries.count(level) for level in entries}
    wins = {level: 0 for level in counts}
    times = {level: [] for level in counts}
    cpu_times = {level: [] for level in counts}
    finished_turns = []
    truncated = 0
    play = {level: {} for level in counts}
    game_counts = {}
    for winner, turns, finished, game_times, game_cpu, tally in results:
        for level, part in tally.counts.items():
            add(play[level], part)
        add(game_counts, tally.game)
        if finished:
            wins[winner] += 1
            finished_turns.append(turns)
        else:
            truncated += 1
        for level, t in game_times.items():
            times[level].extend(t)
            cpu_times[level].extend(game_cpu[level])
    finished = len(finished_turns)
    levels = {}
    for level, k in counts.items():
        seats_played = finished * k
        t = sorted(times[level])
        c = sorted(cpu_times[level])
        levels[level] = {
            "seats_per_game": k,
            "seats_played": seats_played,
            "wins": wins[level],
            "win_rate": round(wins[level] / seats_played, 4) if seats_played else 0.0,
            "ci95": wilson(wins[level], seats_played),
            "decisions": len(t),
            "decision_ms_median": round(1000 * _percentile(t, 0.5), 2),
            "decision_ms_p99": round(1000 * _percentile(t, 0.99), 2),
            "decision_ms_max": round(1000 * t[-1], 2) if t else 0.0,
            "decision_cpu_ms_median": round(1000 * _percentile(c, 0.5), 2),
            "decision_cpu_ms_p99": round(1000 * _percentile(c, 0.99), 2),
            "decision_cpu_ms_max": round(1000 * c[-1], 2) if c else 0.0,
            **rates(play[level]),
        }
    return {
        "rules": rules, "seats": ",".join(entries), "games": games, "seed": seed, "jobs": jobs,
        "finished": finished, "truncated": truncated, "turn_cap": turn_cap,
        "parity": round(1 / len(entries), 4),
        "avg_turns": round(sum(finished_turns) / finished, 1) if finished else None,
        "levels": levels, "seconds": round(seconds, 1),
        **{k: game_counts.get(k, 0) for k in GAME_KEYS},
    }


def run_chunks(worker, chunks):
    """Every chunk through `worker` (one per process when there are several,
    "spawn": workers start clean); returns (the games' results, seconds)."""
    start = time.perf_counter()
    if len(chunks) == 1:
        parts = [worker(chunks[0])]
    else:
        with get_context("spawn").Pool(len(chunks)) as pool:
            parts = pool.map(worker, chunks)
    return [r for part in parts for r in part], time.perf_counter() - start


def add_players_argument(ap) -> None:
    ap.add_argument("--players", type=int, choices=seat_counts(), default=None,
                    help="seats at the table: --seats is filled up with its last entry "
                         "(--seats medium,easy --players 6 is Medium against five Easy)")


def seat_entries(ap, seats: str, players, valid) -> list:
    """The levels of `--seats`, filled up to `--players` with the last one;
    a clear error for an unknown level or a seat count the rule sets do not have."""
    entries = [e.strip() for e in seats.split(",") if e.strip()]
    unknown = [e for e in entries if not valid(e)]
    if unknown or not entries:
        ap.error(f"unknown level(s): {', '.join(unknown) or '(none given)'} "
                 f"(choose from {', '.join(LEVELS + ('random',))}, or hard:N)")
    if players is not None:
        if len(entries) > players:
            ap.error(f"--seats lists {len(entries)} levels for --players {players}")
        entries += [entries[-1]] * (players - len(entries))
    counts = seat_counts()
    if not counts[0] <= len(entries) <= counts[-1]:
        ap.error(f"--seats needs {counts[0]} to {counts[-1]} levels, not {len(entries)}")
    return entries


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--seats", default="medium,easy,easy,easy",
                    help="comma-separated levels, one per seat: " + ", ".join(LEVELS + ("random",))
                    + ", or hard:N (Hard with N playouts a decision)")
    add_players_argument(ap)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--turn-cap", type=int, default=None,
                    help="turns after which a game counts as truncated (default 500 base, 800 ck)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    entries = seat_entries(ap, args.seats, args.players, valid_entry)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.seed < 0:
        ap.error("--seed must not be negative")
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    turn_cap = args.turn_cap or DEFAULT_TURN_CAP[args.rules]
    jobs = min(args.jobs, args.games)
    chunks = [(args.rules, entries, args.seed, range(k, args.games, jobs), turn_cap) for k in range(jobs)]
    results, seconds = run_chunks(run_games, chunks)
    out = summarize(args.rules, entries, args.games, args.seed, jobs, results, seconds, turn_cap)
    rules_ck = args.rules == "ck"
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['rules']}: {out['seats']}  games {out['games']} (finished {out['finished']}, "
              f"truncated {out['truncated']} at turn {turn_cap})  average turns {out['avg_turns']}  "
              f"{out['seconds']} s")
        for level, r in out["levels"].items():
            print(f"  {level:>7}: win rate {100 * r['win_rate']:5.1f} % per seat "
                  f"[{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}] ({r['wins']}/{r['seats_played']}),"
                  f" decision median {r['decision_ms_median']} ms, p99 {r['decision_ms_p99']} ms"
                  f" (CPU {r['decision_cpu_ms_median']} / {r['decision_cpu_ms_p99']} ms)")
            share = r["offers_accepted_share"]
            print(f"           idle leader turns {r['idle_leader_turns']}"
                  f" ({r['idle_leader_gain_turns']} with a build worth making),"
                  f" offers {r['offers_per_turn']} per own turn"
                  f" ({'-' if share is None else f'{100 * share:.0f} %'} accepted)"
                  + (f", attacks at its tables {r['attacks']} (Catan won {r['attacks_won']},"
                     f" lost {r['attacks_lost']}), lost a city {r['attacks_lost_city']}" if rules_ck else ""))
        if rules_ck:
            print(f"  barbarian attacks {out['attacks']}: Catan won {out['attacks_won']},"
                  f" barbarians won {out['attacks_lost']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
