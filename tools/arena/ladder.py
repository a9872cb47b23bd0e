"""The rating ladder: one rating for every computer level and for Hard at
smaller playout counts, fitted from rotated games between them.

    python -m tools.arena.ladder --rules base --games 120 --seed S --jobs 2 --json > run.json
    python -m tools.arena.ladder --fit run.json [more.json ...] [--save]
    python -m tools.arena.ladder --rules ck --games 60 --seed S --save

Games: each seats four different entries of the pool, going through every
choice of four in turn, each choice rotated through the four seats (so
every entry plays every seat equally often, and against every other);
every bot decides from its own view with its own seed (tools.arena.levels).
Games cut at the turn cap are left out.  Entries: a level, or `hard:N`,
Hard with N playouts a decision (the shipped Hard plays
game.bots.hard.DEFAULT_PLAYOUTS: 500 base, 225 C&K).

Fit: the model of game/bots/ratings.py -- a seat wins with the chance of
its strength 10^(R/400) over the table's sum (Elo's scale; Plackett-Luce
for the first place) -- by maximum likelihood over all games at once, with
a weak normal prior (sd PRIOR_SD) that keeps an entry that never wins (the
random player against Hard) finite.  Why this and not Elo or Glicko-2
updates: those are online rules for players who change; the computers do
not, and a batch fit uses every game alike, independent of their order,
and its curvature gives the intervals.  Ratings are anchored at Medium =
1500; each interval (95 %) is that of the entry's difference to Medium.

`--save` writes the fit into game/bots/computer_ratings.json (the other
rule set's part is kept), which the window reads to rate a person
(game/bots/ratings.py, game/client/solo_rating.py).
"""

import argparse
import itertools
import json
import math
import sys

from . import levels as arena
from .provenance import code_under_test

DEFAULT_ENTRIES = {"base": ("random", "easy", "medium", "hard:50", "hard:150", "hard"),
                   "ck": ("random", "easy", "medium", "hard:25", "hard:75", "hard")}
ANCHOR, ANCHOR_RATING = "medium", 1500.0
PRIOR_SD = 1000.0                   # Elo points
ELO = 400 / math.log(10)            # Elo points per unit of natural log strength


def tables(entries, games: int) -> list:
    """The seating of each game: four different entries, every choice of four
    in turn, each rotated through the seats."""
    size = min(4, len(entries))
    combos = list(itertools.combinations(entries, size))
    out = []
    for i in range(games):
        combo = list(combos[(i // size) % len(combos)])
        out.append(arena.seating(combo, i))
    return out


def run_games(job):
    rules, seatings, seed, indexes, turn_cap = job
    out = []
    for i in indexes:
        winner, turns, finished, *_ = arena.play_game(rules, seatings[i], seed * 1_000_003 + i, 0, turn_cap)
        out.append({"game": i, "table": seatings[i], "winner": winner if finished else None, "turns": turns})
    return out


def play(rules, entries, games, seed, jobs, turn_cap=None) -> dict:
    turn_cap = turn_cap or arena.DEFAULT_TURN_CAP[rules]
    seatings = tables(entries, games)
    jobs = max(1, min(jobs, games))
    chunks = [(rules, seatings, seed, range(k, games, jobs), turn_cap) for k in range(jobs)]
    results, seconds = arena.run_chunks(run_games, chunks)
    return {"rules": rules, "entries": list(entries), "seed": seed, "games": sorted(results, key=lambda g: g["game"]),
            "seconds": round(seconds, 1), "turn_cap": turn_cap, "code": code_under_test()}


# --- the fit ----------------------------------------------------------------------------------

def _solve(matrix, vector):
    """x with matrix x = vector (Gauss-Jordan with partial pivoting; small systems)."""
    n = len(vector)
    a = [list(row) + [vector[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        pivot = a[c][c]
        a[c] = [x / pivot for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [row[n] for row in a]


def _inverse(matrix):
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def fit(games, entries, anchor=ANCHOR, prior_sd=PRIOR_SD) -> dict:
    """entry -> {"rating", "ci95", "games", "wins"} from games given as
    {"table": [entries by seat], "winner": entry or None}."""
    index = {e: i for i, e in enumerate(entries)}
    n = len(entries)
    played = [g for g in games if g.get("winner") is not None]
    precision = (ELO / prior_sd) ** 2
    r = [0.0] * n
    for _ in range(100):
        grad = [-precision * x for x in r]
        info = [[precision if i == j else 0.0 for j in range(n)] for i in range(n)]
        for g in played:
            seats = [index[e] for e in g["table"]]
            weights = [math.exp(r[i]) for i in seats]
            total = sum(weights)
            p = [x / total for x in weights]
            grad[index[g["winner"]]] += 1
            for a, i in enumerate(seats):
                grad[i] -= p[a]
                for b, j in enumerate(seats):
                    info[i][j] += p[a] * ((a == b) - p[b])
        step = _solve(info, grad)
        r = [x + d for x, d in zip(r, step)]
        if max(abs(d) for d in step) < 1e-10:
            break
    cov = _inverse(info)
    k = index[anchor]
    out = {}
    for e, i in index.items():
        se = math.sqrt(max(0.0, cov[i][i] + cov[k][k] - 2 * cov[i][k])) * ELO
        rating = ANCHOR_RATING + ELO * (r[i] - r[k])
        out[e] = {"rating": round(rating, 1), "ci95": [round(rating - 1.96 * se, 1), round(rating + 1.96 * se, 1)],
                  "games": sum(1 for g in played if e in g["table"]),
                  "wins": sum(1 for g in played if g["winner"] == e)}
    return out


def report(runs) -> dict:
    """One rule set's fit from one or more runs of `play` (same rules)."""
    rules = {run["rules"] for run in runs}
    if len(rules) != 1:
        raise ValueError(f"runs of several rule sets: {sorted(rules)}")
    entries = []
    for run in runs:
        entries += [e for e in run["entries"] if e not in entries]
    games = [g for run in runs for g in run["games"]]
    finished = [g for g in games if g["winner"] is not None]
    return {
        "rules": rules.pop(), "games": len(finished), "truncated": len(games) - len(finished),
        "seeds": sorted({run["seed"] for run in runs}),
        "commits": sorted({(run.get("code") or {}).get("commit") or "?" for run in runs}),
        "avg_turns": round(sum(g["turns"] for g in finished) / len(finished), 1) if finished else None,
        "ratings": fit(games, entries) if finished else {},
    }


def save(part: dict, path: str) -> None:
    """Put one rule set's fit into the table file (keeping the other's)."""
    from game.bots.ratings import load_table
    table = load_table(path) or {}
    table["model"] = ("a seat wins with chance 10^(R/400) over the sum of the table's; "
                      "maximum-likelihood fit of rotated games (tools/arena/ladder.py)")
    table["anchor"] = {ANCHOR: ANCHOR_RATING}
    table[part["rules"]] = {k: part[k] for k in ("games", "truncated", "seeds", "commits", "avg_turns", "ratings")}
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(table, fh, indent=1, sort_keys=True)
        fh.write("\n")


def _print(part) -> None:
    print(f"{part['rules']}: {part['games']} games ({part['truncated']} cut at the turn cap), seeds "
          f"{part['seeds']}, code {', '.join(c[:10] for c in part['commits'])}, {part['avg_turns']} turns a game")
    print(f"  {'entry':>10}  rating   95 % interval      wins / games")
    for entry, row in sorted(part["ratings"].items(), key=lambda kv: -kv[1]["rating"]):
        lo, hi = row["ci95"]
        print(f"  {entry:>10}  {row['rating']:6.0f}   [{lo:6.0f}, {hi:6.0f}]   {row['wins']:5d} / {row['games']}")


TABLE_PATH = "game/bots/computer_ratings.json"     # (game.bots.ratings.TABLE_FILE; read only by --save,
#                                                   so older checkouts without it can be measured)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.arena.ladder", description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--entries", default=None,
                    help="comma-separated pool (default: " + "; ".join(
                        f"{k} {','.join(v)}" for k, v in DEFAULT_ENTRIES.items()) + ")")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--turn-cap", type=int, default=None)
    ap.add_argument("--fit", nargs="+", metavar="RUN.json", help="fit from these runs' --json output instead of playing")
    ap.add_argument("--save", action="store_true", help=f"write the fit into {TABLE_PATH}")
    ap.add_argument("--json", action="store_true", help="print the run (games and fit) as JSON")
    args = ap.parse_args(argv)
    if args.fit:
        runs = []
        for path in args.fit:
            try:
                with open(path, encoding="utf-8") as fh:
                    runs.append(json.load(fh))
            except (OSError, ValueError) as exc:
                ap.error(f"cannot read {path}: {exc}")
        part = report(runs)
        out = {"fit": part}
    else:
        entries = [e.strip() for e in args.entries.split(",")] if args.entries else list(DEFAULT_ENTRIES[args.rules])
        bad = [e for e in entries if not arena.valid_entry(e)]
        if bad or len(set(entries)) != len(entries) or len(entries) < 2 or ANCHOR not in entries:
            ap.error(f"--entries needs 2 or more different known entries, {ANCHOR} among them"
                     + (f" (unknown: {', '.join(bad)})" if bad else ""))
        if args.games < 1 or args.jobs < 1 or args.seed < 0:
            ap.error("--games and --jobs must be at least 1, --seed not negative")
        run = play(args.rules, entries, args.games, args.seed, args.jobs, args.turn_cap)
        part = report([run])
        out = dict(run, fit=part)
    if args.save:
        from game.bots.ratings import TABLE_FILE
        save(part, TABLE_FILE)
    if args.json:
        print(json.dumps(out))
    else:
        _print(part)
        if args.save:
            print(f"saved into {TABLE_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
