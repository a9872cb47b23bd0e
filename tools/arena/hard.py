"""The Hard player in the arena, with its search settings exposed.

    python -m tools.arena.hard --rules base --seats hard,medium,medium,medium --games 8 --seed 1 --jobs 2 --iterations 60

Plays complete games exactly like `tools.arena.levels` (seats rotated by one place a
game, every bot deciding from its own seat's view with its own seed) but
seats `HardBot` with the options given here, so search settings can be
compared without touching the game.  Prints what `tools.arena.levels` prints, and
how often per game the search overruled Medium's choice, by the kind of
Medium's choice and the kind played instead (hard.decision_kind): where the
search changes Medium's play, to compare with the win rates.
"""

import argparse
import json
import sys
from collections import Counter

from tools.arena import levels as arena

HARD_OPTIONS = {}
_MADE = []          # the Hard bots made in this process (for their overruled counts)


def _make_bot(level, seat, seed=0, **options):
    if level == "hard":
        from game.bots.hard import HardBot
        bot = HardBot(seat, seed, **HARD_OPTIONS)
        _MADE.append(bot)
        return bot
    return _ARENA_MAKE_BOT(level, seat, seed, **options)


_ARENA_MAKE_BOT = arena.make_bot


def run_games(job):
    """One worker's share: set the Hard options in this process, then play.
    Returns [(the games' results, overruled counts)]."""
    options, arena_job = job
    HARD_OPTIONS.clear()
    HARD_OPTIONS.update(options)
    arena.make_bot = _make_bot
    _MADE.clear()
    try:
        results = arena.run_games(arena_job)
    finally:
        arena.make_bot = _ARENA_MAKE_BOT
    overruled = Counter()
    for bot in _MADE:
        overruled.update({f"{medium}>{played}": n for (medium, played), n in bot.overruled.items()})
    return [(results, overruled)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--seats", default="hard,medium,medium,medium")
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--turn-cap", type=int, default=None)
    ap.add_argument("--iterations", type=int, default=None, help="playouts per decision")
    ap.add_argument("--think-ms", type=int, default=None, help="a time budget per decision instead")
    ap.add_argument("--max-ms", type=int, default=None, help="wall-clock cap of one decision")
    ap.add_argument("--turns", type=int, default=None, help="turns a playout runs on")
    ap.add_argument("--rivalry", type=float, default=None, help="weight of the best rival's score")
    ap.add_argument("--field", type=int, default=None, help="candidates that enter the playouts")
    ap.add_argument("--confidence", type=float, default=None,
                    help="standard errors by which the search must beat Medium's choice")
    ap.add_argument("--search-kinds", default=None,
                    help="comma-separated decision kinds where the search may overrule Medium")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    entries = [e.strip() for e in args.seats.split(",") if e.strip()]
    if not 2 <= len(entries) <= 4 or any(e not in arena.LEVELS + ("random",) for e in entries):
        ap.error("--seats needs 2 to 4 known levels")
    if args.games < 1 or args.jobs < 1 or args.seed < 0:
        ap.error("--games and --jobs must be at least 1, --seed not negative")
    options = {}
    for name in ("think_ms", "iterations", "max_ms", "turns", "rivalry", "field", "confidence"):
        value = getattr(args, name)
        if value is not None:
            options[name] = value
    if args.search_kinds is not None:
        options["search_kinds"] = [k for k in args.search_kinds.split(",") if k]
    turn_cap = args.turn_cap or arena.DEFAULT_TURN_CAP[args.rules]
    jobs = min(args.jobs, args.games)
    chunks = [(options, (args.rules, entries, args.seed, range(k, args.games, jobs), turn_cap))
              for k in range(jobs)]
    parts, seconds = arena.run_chunks(run_games, chunks)
    results = [r for part, _ in parts for r in part]
    overruled = sum((counts for _, counts in parts), Counter())
    out = arena.summarize(args.rules, entries, args.games, args.seed, jobs, results, seconds, turn_cap)
    out["hard_options"] = options
    out["overruled_per_game"] = {k: round(n / args.games, 2) for k, n in overruled.most_common()}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['rules']}: {out['seats']}  hard {options}  games {out['games']} "
              f"(finished {out['finished']}, truncated {out['truncated']})  "
              f"average turns {out['avg_turns']}  {out['seconds']} s")
        for level, r in out["levels"].items():
            print(f"  {level:>7}: win rate {100 * r['win_rate']:5.1f} % per seat "
                  f"[{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}] ({r['wins']}/{r['seats_played']}),"
                  f" decision median {r['decision_ms_median']} ms, p99 {r['decision_ms_p99']} ms")
        if out["overruled_per_game"]:
            print("  search overruled Medium, per game (Medium's kind>played):",
                  ", ".join(f"{k} {n}" for k, n in out["overruled_per_game"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
