"""How well the win chance (game/bots/winchance.py) predicts computer games.

    python -m tools.calibrate --rules base|ck --games N [--seed S] [--jobs J] [--cache DIR] [--json]
    python -m tools.calibrate --rules base|ck --games N --fit [--seed S] [--jobs J] [--cache DIR]
    python -m tools.calibrate --rules base|ck --games N --cv K [--seed S] [--jobs J] [--cache DIR] [--json]

Plays N complete 4-player games between computer players (levels given by
--seats, rotated by one place per game, each bot deciding from its seat's
view), takes the win chance of every seat after every command (the full
state, as a review after the game sees it) and compares it with who won:

- `brier`: the mean over positions and seats of (chance - won)^2; 0.1875 is
  what "everyone 25 %" scores in 4-player games;
- `calibration`: per predicted decile (0-10 %, ..., 90-100 %) the mean
  prediction, the observed win rate and the count of (position, seat) pairs,
  and `worst_decile_gap` the largest difference of the two.

Games cut at the turn cap are left out (nobody won).  Two disjoint ranges of
game seeds: the measuring games (the default: held out, games the weights
were neither fitted nor chosen on) and the fitting games (--fit and --cv),
so a measurement never sees a game the weights were fitted on; --seed picks
the games within each range.

With --fit the fitting games are used to fit the weights instead (maximum
likelihood of the winner under the softmax over seats, by Newton's method;
the weights winchance.NONNEGATIVE names stay at 0 or above) and the weights
are written to game/bots/winchance.json for that rule set, with the games
they were fitted on.  The same --games and --seed fit the same weights.
With --cv K the fitting games measure the model's terms without touching
the measuring games: K fits, each on the games whose index is not k modulo
K, each measured on the games that are (Brier score and calibration as
above, over every game once).  Choose terms by --cv, fit by --fit, and
measure once, at the end, on measuring seeds nobody has looked at.

--cache DIR keeps the games (their commands) in DIR, one file per rule set,
seats, range and seed, and plays only the games a file lacks: a refit or a
second look replays them instead of playing them again.
"""

import argparse
import json
import math
import sys
import time

from game.bots import LEVELS
from game.bots import winchance as W
from game.engine.state import GAME_OVER, SETUP_ROAD, SETUP_SETTLEMENT
from tools.arena.levels import run_chunks
from tools.calibrate_games import GAMES_PER_SEED, game_seed, positions, records

FIT_EVERY = 4                       # a fit keeps every 4th position (neighbours say nearly the same)


def fit_rows(rules, record) -> list:
    """The feature rows per seat of every FIT_EVERY-th position of a game
    (the founding round and the end are not the model's: chances() says
    even / certain)."""
    out = []
    for k, state in enumerate(positions(rules, record), start=1):
        if k % FIT_EVERY == 0 and state.phase not in (GAME_OVER, SETUP_SETTLEMENT, SETUP_ROAD):
            late = W.progress(state)
            out.append([W.features(state, s, late) for s in range(state.n)])
    return out


def series(rules, record, weights) -> tuple:
    """(winner, turns, the chances after every command) of a game under `weights`."""
    W.set_coefficients(rules, weights)
    return record["winner"], record["turns"], [W.chances(state) for state in positions(rules, record)]


def _rows_job(job):
    rules, recs = job
    return [(rec["index"], fit_rows(rules, rec)) for rec in recs]


def _series_job(job):
    rules, pairs = job
    kept = list(W.coefficients(rules))
    try:
        return [series(rules, rec, weights) for rec, weights in pairs]
    finally:
        W.set_coefficients(rules, kept)         # (in this process when there is one job)


def _split(items, jobs) -> list:
    jobs = max(1, min(jobs, len(items)))
    return [items[k::jobs] for k in range(jobs)]


# --- measuring ---------------------------------------------------------------------------------

def measure(results) -> dict:
    """Brier score and calibration table of (winner, turns, chances per position) games."""
    total = 0.0
    count = 0
    positions = 0
    bins = [[0.0, 0, 0] for _ in range(10)]     # sum of predictions, wins, count
    for winner, _turns, series in results:
        if winner < 0:
            continue
        for chances in series:
            positions += 1
            for seat, p in enumerate(chances):
                won = 1 if seat == winner else 0
                total += (p - won) ** 2
                count += 1
                b = bins[min(9, int(p * 10))]
                b[0] += p
                b[1] += won
                b[2] += 1
    table = []
    for k, (psum, wins, n) in enumerate(bins):
        table.append({"decile": f"{10 * k}-{10 * k + 10}%", "count": n,
                      "predicted": round(psum / n, 4) if n else None,
                      "observed": round(wins / n, 4) if n else None,
                      "gap": round(abs(wins / n - psum / n), 4) if n else None})
    worst = max((row["gap"] for row in table if row["count"]), default=0.0)
    return {"brier": round(total / count, 4) if count else None, "positions": positions,
            "calibration": table, "worst_decile_gap": worst}


# --- fitting -----------------------------------------------------------------------------------

def log_likelihood(samples, w, ridge=0.0) -> float:
    total = -0.5 * ridge * len(samples) * sum(x * x for x in w)
    for rows, winner in samples:
        scores = [sum(a * x for a, x in zip(w, row)) for row in rows]
        top = max(scores)
        total += scores[winner] - top - math.log(sum(math.exp(sc - top) for sc in scores))
    return total


def fit(samples, start=None, rounds=30, ridge=1e-3, nonnegative=()) -> list:
    """Weights maximising the likelihood of the winners: `samples` are
    (feature rows per seat, winner).  Newton's method with a small ridge,
    each step halved until the likelihood grows (terms that nearly
    separate winners would otherwise send a full step far off).  The
    weights at the indexes in `nonnegative` stay at 0 or above: a weight
    held at 0 leaves the step, and every step is cut back to 0 there."""
    k = len(samples[0][0][0])
    w = list(start) if start is not None else [1.0] + [0.0] * (k - 1)
    for j in nonnegative:
        w[j] = max(0.0, w[j])
    best = log_likelihood(samples, w, ridge)
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for rows, winner in samples:
            p = W.chances_from(rows, w)
            mean = [sum(p[s] * rows[s][j] for s in range(len(rows))) for j in range(k)]
            for j in range(k):
                grad[j] += rows[winner][j] - mean[j]
            for s, row in enumerate(rows):
                d = [row[j] - mean[j] for j in range(k)]
                ps = p[s]
                for a in range(k):
                    da = ps * d[a]
                    ha = hess[a]
                    for b in range(a, k):
                        ha[b] += da * d[b]
        for a in range(k):
            for b in range(a):
                hess[a][b] = hess[b][a]
            hess[a][a] += ridge * len(samples)
            grad[a] -= ridge * len(samples) * w[a]
        # a bound weight at 0 whose gradient points below 0 stays where it is
        held = {j for j in nonnegative if w[j] <= 0.0 and grad[j] <= 0.0}
        free = [j for j in range(k) if j not in held]
        part = _solve([[hess[a][b] for b in free] for a in free], [grad[a] for a in free])
        step = [0.0] * k
        for j, x in zip(free, part):
            step[j] = x
        scale = 1.0
        while scale > 1e-4:
            trial = [wi + scale * si for wi, si in zip(w, step)]
            for j in nonnegative:
                trial[j] = max(0.0, trial[j])
            value = log_likelihood(samples, trial, ridge)
            if value >= best:
                break
            scale /= 2
        else:
            break
        w, gain, best = trial, value - best, value
        if gain < 1e-6 * len(samples):
            break
    return w


def _solve(a, b) -> list:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                if f:
                    m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


TARGET_BRIER = 0.14                 # issue 33: Brier at most this,
TARGET_GAP = 0.05                   # every decile within 5 points of its prediction,
TARGET_GAMES = {"base": 200, "ck": 120}     # over at least this many finished games


def write_weights(rules, weights, finished, positions_fitted, seed, seats, games) -> None:
    """Write the weights of `rules` into winchance.json with how to fit them again."""
    try:
        with open(W.COEFFICIENTS_FILE, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        data = {}
    data[rules] = {"weights": {name: round(w, 6) for name, w in zip(W.FEATURES, weights)},
                   "fitted_on_games": finished, "fitted_positions": positions_fitted,
                   "fitted_game_seeds": f"{game_seed(True, seed, 0)}..{game_seed(True, seed, games - 1)}",
                   "fitted_with": f"--rules {rules} --fit --games {games} --seed {seed} --seats {seats}"}
    with open(W.COEFFICIENTS_FILE, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2, sort_keys=True)
        f.write("\n")


def all_rows(rules, recs, jobs) -> dict:
    """game index -> fit_rows of every game in `recs`."""
    parts, _seconds = run_chunks(_rows_job, [(rules, part) for part in _split(recs, jobs)])
    return dict(parts)


def fitted(recs, rows_of) -> tuple:
    """(weights, positions) fitted on the finished games `recs` (rows_of: all_rows)."""
    samples = [(rows, rec["winner"]) for rec in recs for rows in rows_of[rec["index"]]]
    return fit(samples, nonnegative=[W.FEATURES.index(f) for f in W.NONNEGATIVE]), len(samples)


def measured(rules, pairs, jobs) -> dict:
    """measure() of the (record, weights) pairs, each game under its weights."""
    results, _seconds = run_chunks(_series_job, [(rules, part) for part in _split(pairs, jobs)])
    return measure(results)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seats", default="easy,easy,medium,medium",
                    help="comma-separated levels, 4 of: " + ", ".join(LEVELS))
    ap.add_argument("--seed", type=int, default=1, help="picks the games within the range of game seeds")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--fit", action="store_true",
                      help="fit the weights on the fitting games and write them")
    mode.add_argument("--cv", type=int, metavar="K",
                      help="cross-validate on the fitting games: K fits, each measured on the games it left out")
    ap.add_argument("--cache", metavar="DIR", help="keep the played games in DIR and replay them from there")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    entries = [e.strip() for e in args.seats.split(",") if e.strip()]
    if len(entries) != 4 or any(e not in LEVELS for e in entries):
        ap.error(f"--seats needs 4 levels from {', '.join(LEVELS)}")
    if not 1 <= args.games <= GAMES_PER_SEED or args.jobs < 1 or not 0 <= args.seed < 10_000:
        ap.error("--games from 1 to 100000, --jobs at least 1, --seed from 0 to 9999")
    if args.cv is not None and not 2 <= args.cv <= args.games:
        ap.error("--cv from 2 to --games")
    fitting = args.fit or args.cv is not None
    start = time.perf_counter()
    recs = records(args.rules, entries, fitting, args.seed, range(args.games), args.jobs, args.cache)
    done = [rec for rec in recs if rec["winner"] >= 0]
    out = {"rules": args.rules, "seats": ",".join(entries), "games": args.games, "finished": len(done),
           "seed": args.seed, "range": "fitting" if fitting else "measuring",
           "game_seeds": f"{game_seed(fitting, args.seed, 0)}..{game_seed(fitting, args.seed, args.games - 1)}"}
    if args.fit:
        weights, count = fitted(done, all_rows(args.rules, done, args.jobs))
        write_weights(args.rules, weights, len(done), count, args.seed, ",".join(entries), args.games)
        out.update(fitted_positions=count, weights=dict(zip(W.FEATURES, (round(w, 6) for w in weights))))
    else:
        if args.cv is not None:
            rows_of = all_rows(args.rules, done, args.jobs)
            folds = [fitted([r for r in done if r["index"] % args.cv != k], rows_of)[0] for k in range(args.cv)]
            pairs = [(rec, folds[rec["index"] % args.cv]) for rec in done]
            out["folds"] = args.cv
        else:
            weights = W.coefficients(args.rules)
            pairs = [(rec, weights) for rec in done]
        out.update(measured(args.rules, pairs, args.jobs))
        out["targets_met"] = bool(out["brier"] is not None and out["brier"] <= TARGET_BRIER
                                  and out["worst_decile_gap"] <= TARGET_GAP
                                  and len(done) >= TARGET_GAMES[args.rules])
    out["seconds"] = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps(out))
    elif args.fit:
        print(f"{args.rules}: fitted on {len(done)} games, {out['fitted_positions']} positions: {out['weights']}")
    else:
        how = f"{args.cv}-fold cross-validated on the fitting games" if args.cv else "measuring games"
        print(f"{args.rules}: {len(done)} of {args.games} games finished ({how}, seeds {out['game_seeds']}), "
              f"{out['positions']} positions, Brier {out['brier']} (0.1875 = everyone 25 %), "
              f"worst decile {100 * out['worst_decile_gap']:.1f} points, targets met: {out['targets_met']}, "
              f"{out['seconds']} s")
        for row in out["calibration"]:
            if row["count"]:
                print(f"  {row['decile']:>8}: predicted {100 * row['predicted']:5.1f} %  "
                      f"observed {100 * row['observed']:5.1f} %  gap {100 * row['gap']:4.1f}  ({row['count']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
