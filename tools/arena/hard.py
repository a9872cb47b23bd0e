"""The Hard player in the arena, with its search settings exposed.

    python -m tools.arena.hard --rules base --seats hard,medium,medium,medium --games 8 --seed 1 --jobs 2 --iterations 60
    python -m tools.arena.hard --rules base --games 40 --seed 7 --baseline iterations=60,duel=0,plans=0

Plays complete games exactly like `tools.arena.levels` (seats rotated by one place a
game, every bot deciding from its own seat's view with its own seed) but
seats `HardBot` with the options given here, so search settings can be
compared without touching the game.  Prints what `tools.arena.levels` prints, and
how often per game the search overruled Medium's choice, by the kind of
Medium's choice and the kind played instead (hard.decision_kind): where the
search changes Medium's play, to compare with the win rates.

With `--baseline OPTIONS` every game is played twice, one after the other in
the same process: once with the options given (A) and once with the
baseline's (B), the same seed and seats.  The output then also has B's
summary and the pairs: games only A's Hard won, only B's, both, neither
(a sign test on the discordant pairs), and A's and B's decision CPU times
from one interleaved run.
"""

import argparse
import json
import math
import sys
import time
from collections import Counter

from tools.arena import levels as arena

HARD_OPTIONS = {}
_MADE = []          # the Hard bots made in this process (for their overruled counts)


class _Timed:
    """A Hard bot whose every decision is timed, wall and CPU, apart for
    those that went to the search and the rest (forced, one candidate)."""

    def __init__(self, bot):
        self.bot, self.seat, self.level = bot, bot.seat, bot.level
        self.times = {"searched": [], "other": []}

    def choose(self, view):
        before = self.bot.searched
        t0, c0 = time.perf_counter(), time.process_time()
        cmd = self.bot.choose(view)
        if cmd is not None:
            kind = "searched" if self.bot.searched > before else "other"
            self.times[kind].append((time.perf_counter() - t0, time.process_time() - c0))
        return cmd

    def observe(self, record):
        self.bot.observe(record)


def _make_bot(level, seat, seed=0, **options):
    if level == "hard":
        from game.bots.hard import HardBot
        bot = _Timed(HardBot(seat, seed, **HARD_OPTIONS))
        _MADE.append(bot)
        return bot
    return _ARENA_MAKE_BOT(level, seat, seed, **options)


def decision_times(made) -> dict:
    """Median and 99th percentile of Hard's decisions in ms, wall and CPU,
    for those that went to the search and the rest."""
    out = {}
    for kind in ("searched", "other"):
        t = [x for bot in made for x in bot.times[kind]]
        wall, cpu = sorted(w for w, _ in t), sorted(c for _, c in t)
        out[kind] = {"decisions": len(t)} | {
            f"{name}_ms_{q}": round(1000 * arena._percentile(values, p), 2)
            for name, values in (("wall", wall), ("cpu", cpu)) for q, p in (("median", 0.5), ("p99", 0.99))}
    return out


_ARENA_MAKE_BOT = arena.make_bot


def _play(options, arena_job):
    """Play `arena_job`'s games with these Hard options; (results, overruled counts)."""
    HARD_OPTIONS.clear()
    HARD_OPTIONS.update(options)
    arena.make_bot = _make_bot
    _MADE.clear()
    try:
        results = arena.run_games(arena_job)
    finally:
        arena.make_bot = _ARENA_MAKE_BOT
    overruled = Counter()
    for timed in _MADE:
        overruled.update({f"{medium}>{played}": n for (medium, played), n in timed.bot.overruled.items()})
    return results, (overruled, [timed.times for timed in _MADE])


def run_games(job):
    """One worker's share: set the Hard options in this process, then play.
    Returns [(the games' results, overruled counts)]; with a baseline, per
    game index A's game then B's, so both share the machine's moments."""
    options, arena_job, *baseline = job
    if not baseline:
        return [_play(options, arena_job)]
    rules, entries, seed, indexes, turn_cap = arena_job
    out = []
    for i in indexes:
        one = (rules, entries, seed, [i], turn_cap)
        out.append((_play(options, one), _play(baseline[0], one)))
    return out


class _Times:
    """Times sent back from a worker process, shaped like a _Timed bot's."""

    def __init__(self, times):
        self.times = times


def parse_options(text: str) -> dict:
    """`iterations=60,duel=0,plans=0` as HardBot options (numbers; plans a flag)."""
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        name = name.strip().replace("-", "_")
        if name not in BASELINE_OPTIONS or not value:
            raise ValueError(f"unknown or empty option {part!r} (known: {', '.join(BASELINE_OPTIONS)})")
        out[name] = BASELINE_OPTIONS[name](value)
    return out


LEAVES = ("rival", "chance", "model")
VALUATIONS = ("plain", "model")


def _choice(value: str, known: tuple) -> str:
    if value not in known:
        raise ValueError(f"{value!r} is not one of {', '.join(known)}")
    return value


BASELINE_OPTIONS = {"iterations": int, "max_ms": int, "turns": int, "field": int,
                    "rivalry": float, "confidence": float, "duel": float,
                    "plans": lambda v: bool(int(v)), "leaf": lambda v: _choice(v, LEAVES),
                    "own_turns": int, "founding_model": lambda v: bool(int(v)),
                    "valuation": lambda v: _choice(v, VALUATIONS)}


def _paired(a_results, b_results, entries) -> dict:
    """Per game: did A's Hard win, did B's; the discordant pairs and a two-sided sign test."""
    both = only_a = only_b = neither = 0
    for (wa, *_), (wb, *_) in zip(a_results, b_results):
        a, b = wa == "hard", wb == "hard"
        both += a and b
        only_a += a and not b
        only_b += b and not a
        neither += not a and not b
    n = only_a + only_b
    k = min(only_a, only_b)
    p = min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n) if n else 1.0
    return {"both": both, "only_a": only_a, "only_b": only_b, "neither": neither,
            "sign_test_p": round(p, 4)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--seats", default="hard,medium,medium,medium")
    arena.add_players_argument(ap)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--turn-cap", type=int, default=None)
    ap.add_argument("--iterations", type=int, default=None, help="playouts per decision")
    ap.add_argument("--think-ms", type=int, default=None, help="a time budget per decision instead")
    ap.add_argument("--max-ms", type=int, default=None, help="wall-clock cap of one decision")
    ap.add_argument("--turns", type=int, default=None, help="turns a playout runs on")
    ap.add_argument("--own-turns", type=int, default=None,
                    help="the seat's own turns a playout plays through before it stops (default 0)")
    ap.add_argument("--rivalry", type=float, default=None, help="weight of the best rival's score")
    ap.add_argument("--field", type=int, default=None, help="candidates that enter the playouts")
    ap.add_argument("--confidence", type=float, default=None,
                    help="standard errors by which the search must beat Medium's choice")
    ap.add_argument("--duel", type=float, default=None,
                    help="share of the playouts for the duel of the best with Medium's choice")
    ap.add_argument("--search-kinds", default=None,
                    help="comma-separated decision kinds where the search may overrule Medium")
    ap.add_argument("--plans", type=int, choices=(0, 1), default=None,
                    help="search main-phase moves as the first step of a plan of the turn (1) or not (0)")
    ap.add_argument("--valuation", choices=VALUATIONS, default=None,
                    help="how the prior and the plans of the turn judge moves: the shared evaluate (plain) "
                         "or the fitted valuation (model)")
    ap.add_argument("--founding-model", type=int, choices=(0, 1), default=None,
                    help="found by the founding model (1, as shipped where it has weights) or by the search (0)")
    ap.add_argument("--leaf", choices=LEAVES, default=None,
                    help="score a playout's last position by the seat's value minus part of its main "
                         "rival's (rival) or by its chance to win (chance)")
    ap.add_argument("--baseline", default=None,
                    help="also play every game with these Hard options (e.g. iterations=60,duel=0,plans=0), paired")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        baseline = None if args.baseline is None else parse_options(args.baseline)
    except ValueError as exc:
        ap.error(f"--baseline: {exc}")
    entries = arena.seat_entries(ap, args.seats, args.players, lambda e: e in arena.LEVELS + ("random",))
    if args.games < 1 or args.jobs < 1 or args.seed < 0:
        ap.error("--games and --jobs must be at least 1, --seed not negative")
    options = {}
    for name in ("think_ms", "iterations", "max_ms", "turns", "own_turns", "rivalry", "field", "confidence", "duel"):
        value = getattr(args, name)
        if value is not None:
            options[name] = value
    if args.plans is not None:
        options["plans"] = bool(args.plans)
    if args.leaf is not None:
        options["leaf"] = args.leaf
    if args.valuation is not None:
        options["valuation"] = args.valuation
    if args.founding_model is not None:
        options["founding_model"] = bool(args.founding_model)
    if args.search_kinds is not None:
        options["search_kinds"] = [k for k in args.search_kinds.split(",") if k]
    turn_cap = args.turn_cap or arena.DEFAULT_TURN_CAP[args.rules]
    jobs = min(args.jobs, args.games)
    chunks = [(options, (args.rules, entries, args.seed, range(k, args.games, jobs), turn_cap))
              + ((baseline,) if baseline is not None else ()) for k in range(jobs)]
    parts, seconds = arena.run_chunks(run_games, chunks)
    arms = [parts] if baseline is None else [[a for a, _ in parts], [b for _, b in parts]]
    outs = []
    for arm, arm_options in zip(arms, (options, baseline)):
        results = [r for part, _ in arm for r in part]
        overruled = sum((counts for _, (counts, _) in arm), Counter())
        out = arena.summarize(args.rules, entries, args.games, args.seed, jobs, results, seconds, turn_cap)
        out["hard_options"] = arm_options
        out["overruled_per_game"] = {k: round(n / args.games, 2) for k, n in overruled.most_common()}
        out["hard_decisions"] = decision_times([_Times(t) for _, (_, made) in arm for t in made])
        outs.append((out, results))
    out = outs[0][0]
    if baseline is not None:
        out["baseline"] = outs[1][0]
        out["paired"] = _paired(outs[0][1], outs[1][1], entries)
    if args.json:
        print(json.dumps(out))
        return 0
    for label, (o, _) in zip(("A", "B") if baseline is not None else ("",), outs):
        print(f"{label + ' ' if label else ''}{o['rules']}: {o['seats']}  hard {o['hard_options']}  "
              f"games {o['games']} (finished {o['finished']}, truncated {o['truncated']})  "
              f"average turns {o['avg_turns']}  {o['seconds']} s")
        for level, r in o["levels"].items():
            print(f"  {level:>7}: win rate {100 * r['win_rate']:5.1f} % per seat "
                  f"[{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}] ({r['wins']}/{r['seats_played']}),"
                  f" decision median {r['decision_ms_median']} ms, p99 {r['decision_ms_p99']} ms"
                  f" (CPU {r['decision_cpu_ms_median']} / {r['decision_cpu_ms_p99']} ms)")
        for kind, d in o["hard_decisions"].items():
            print(f"  hard, {kind} decisions ({d['decisions']}): median {d['wall_ms_median']} ms, "
                  f"p99 {d['wall_ms_p99']} ms (CPU {d['cpu_ms_median']} / {d['cpu_ms_p99']} ms)")
        if o["overruled_per_game"]:
            print("  search overruled Medium, per game (Medium's kind>played):",
                  ", ".join(f"{k} {n}" for k, n in o["overruled_per_game"].items()))
    if baseline is not None:
        p = out["paired"]
        print(f"paired games: both won {p['both']}, only A {p['only_a']}, only B {p['only_b']}, "
              f"neither {p['neither']} (sign test p = {p['sign_test_p']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
