"""How well the win chance (game/bots/winchance.py) predicts computer games.

    python -m tools.calibrate --rules base|ck --games N [--jobs J] [--json]
    python -m tools.calibrate --rules base|ck --games N --fit [--jobs J]

Plays N complete 4-player games between computer players (levels given by
--seats, rotated by one place per game, each bot deciding from its seat's
view), takes the win chance of every seat after every command (the full
state, as a review after the game sees it) and compares it with who won:

- `brier`: the mean over positions and seats of (chance - won)^2; 0.1875 is
  what "everyone 25 %" scores in 4-player games;
- `calibration`: per predicted decile (0-10 %, ..., 90-100 %) the mean
  prediction, the observed win rate and the count of (position, seat) pairs.

Games cut at the turn cap are left out (nobody won).  The measuring games
and the fitting games come from two disjoint ranges of game seeds, so a
measurement never sees a game the weights were fitted on.

With --fit the games are used to fit the weights instead (maximum
likelihood of the winner under the softmax over seats, by Newton's method;
the weights winchance.NONNEGATIVE names stay at 0 or above) and the weights
are written to game/bots/winchance.json for that rule set, with the games
they were fitted on.  The same --games and --seed fit the same weights.
"""

import argparse
import json
import math
import sys

from game.bots import LEVELS, make_bot
from game.bots import winchance as W
from game.bots.loop import Stalled, Table, others_first
from game.engine import default_config
from game.engine.match import Authority
from game.engine.state import GAME_OVER, SETUP_ROAD, SETUP_SETTLEMENT
from tools.arena.levels import DEFAULT_TURN_CAP, run_chunks, seating

FIT_SEEDS = 1_000_000_000           # game seeds of fitting games: FIT_SEEDS + seed * 100_000 + i
MEASURE_SEEDS = 2_000_000_000       # of measuring games
GAMES_PER_SEED = 100_000            # so the two ranges never meet: seed < 10,000, game < 100,000
FIT_EVERY = 4                       # a fit keeps every 4th position (neighbours say nearly the same)


def game_seed(fit: bool, seed: int, i: int) -> int:
    """The seed of game `i` of a fitting or measuring run: fitting games lie
    in [FIT_SEEDS, MEASURE_SEEDS), measuring games at MEASURE_SEEDS and up."""
    if not (0 <= seed < 10_000 and 0 <= i < GAMES_PER_SEED):
        raise ValueError("seed from 0 to 9999 and at most 100,000 games")
    return (FIT_SEEDS if fit else MEASURE_SEEDS) + seed * GAMES_PER_SEED + i


def play_game(rules, entries, gseed, index, turn_cap, weights, fit):
    """One game: (winner or -1, turns, per position either feature rows (fit)
    or the chances (measure))."""
    levels = seating(entries, index)
    auth = Authority(default_config(rules=rules, players=len(levels), seed=gseed))
    bots = [make_bot(level, seat, gseed * 7 + seat) for seat, level in enumerate(levels)]
    if weights is not None:
        W.set_coefficients(rules, weights)
    state = auth.state
    positions = []

    def after(move):
        if fit:
            # (the founding round and the end are not the model's: chances() says even / certain)
            if len(auth.log) % FIT_EVERY == 0 and state.phase not in (GAME_OVER, SETUP_SETTLEMENT, SETUP_ROAD):
                late = W.progress(state)
                positions.append([W.features(state, s, late) for s in range(state.n)])
        else:
            positions.append(W.chances(state))
        return False

    table = Table(bots, lambda: state, auth.submit, order=others_first)
    try:
        table.run(turn_cap=turn_cap, after=after)
    except Stalled as exc:
        raise RuntimeError(f"game seed {gseed}: {exc}") from None
    winner = state.winner if state.phase == GAME_OVER else -1
    return winner, state.turn, positions


def run_games(job):
    rules, entries, seed, indexes, turn_cap, weights, fit = job
    return [play_game(rules, entries, game_seed(fit, seed, i), i, turn_cap, weights, fit)
            for i in indexes]


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


def write_weights(rules, weights, finished, seed, seats, games) -> None:
    """Write the weights of `rules` into winchance.json with how to fit them again."""
    try:
        with open(W.COEFFICIENTS_FILE, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        data = {}
    data[rules] = {"weights": {name: round(w, 6) for name, w in zip(W.FEATURES, weights)},
                   "fitted_on_games": finished,
                   "fitted_with": f"--rules {rules} --fit --games {games} --seed {seed} --seats {seats}"}
    with open(W.COEFFICIENTS_FILE, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2, sort_keys=True)
        f.write("\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seats", default="easy,easy,medium,medium",
                    help="comma-separated levels, 4 of: " + ", ".join(LEVELS))
    ap.add_argument("--seed", type=int, default=1, help="picks the range of game seeds")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--fit", action="store_true", help="fit the weights on these games and write them")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    entries = [e.strip() for e in args.seats.split(",") if e.strip()]
    if len(entries) != 4 or any(e not in LEVELS for e in entries):
        ap.error(f"--seats needs 4 levels from {', '.join(LEVELS)}")
    if not 1 <= args.games <= GAMES_PER_SEED or args.jobs < 1 or not 0 <= args.seed < 10_000:
        ap.error("--games from 1 to 100000, --jobs at least 1, --seed from 0 to 9999")
    turn_cap = DEFAULT_TURN_CAP[args.rules]
    jobs = min(args.jobs, args.games)
    weights = W.coefficients(args.rules)
    chunks = [(args.rules, entries, args.seed, range(k, args.games, jobs), turn_cap, weights, args.fit)
              for k in range(jobs)]
    results, seconds = run_chunks(run_games, chunks)
    finished = sum(1 for r in results if r[0] >= 0)
    out = {"rules": args.rules, "seats": ",".join(entries), "games": args.games,
           "finished": finished, "seed": args.seed, "seconds": round(seconds, 1)}
    if args.fit:
        samples = [(rows, winner) for winner, _t, series in results if winner >= 0 for rows in series]
        weights = fit(samples, nonnegative=[W.FEATURES.index(f) for f in W.NONNEGATIVE])
        write_weights(args.rules, weights, finished, args.seed, ",".join(entries), args.games)
        out.update(fitted_positions=len(samples),
                   weights=dict(zip(W.FEATURES, (round(w, 6) for w in weights))))
    else:
        out.update(measure(results))
        out["targets_met"] = bool(out["brier"] is not None and out["brier"] <= 0.14
                                  and out["worst_decile_gap"] <= 0.05 and out["positions"] >= 1000)
    if args.json:
        print(json.dumps(out))
    elif args.fit:
        print(f"{args.rules}: fitted on {finished} games, {out['fitted_positions']} positions: {out['weights']}")
    else:
        print(f"{args.rules}: {finished} of {args.games} games finished, {out['positions']} positions, "
              f"Brier {out['brier']} (0.1875 = everyone 25 %), {out['seconds']} s")
        for row in out["calibration"]:
            if row["count"]:
                print(f"  {row['decile']:>8}: predicted {100 * row['predicted']:5.1f} %  "
                      f"observed {100 * row['observed']:5.1f} %  ({row['count']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
