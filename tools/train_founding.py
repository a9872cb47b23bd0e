"""Fit and check the founding model (game/bots/founding.py).

    python -m tools.train_founding --rules base --games 4000 --seed 1 --jobs 2 --out FILE
        plays four-Medium games whose founding settlements are drawn at random
        among each seat's best few spots (Medium's score), and writes per game
        every seat's founding features and the winner (JSON lines)
    python -m tools.train_founding --rules base --fit FILE [FILE ...] [--holdout FILE] [--write]
        fits the conditional logit (softmax over the seats) by Newton's method,
        prints the weights and the held-out log loss against even chances;
        --write stores them in game/bots/founding.json for that rule set
    python -m tools.train_founding --rules base --check --games 400 --seed S --jobs 2
        Medium founding by the model against three Medium (seats rotated),
        paired with plain Medium on the same games: the model's worth

The game seeds of a run are `seed * 1_000_003 + i`, as in tools.arena.levels;
write down the ranges used for fitting and for checking (runs/arena-seeds.md).
"""

import argparse
import json
import math
import sys

from game.bots import decisions as D
from game.bots import founding
from game.bots import make_bot
from game.bots.loop import Table, others_first
from game.engine import default_config, legal_commands
from game.engine.match import Authority
from game.engine.rng import Rng
from game.engine.state import GAME_OVER, SETUP_ROAD, SETUP_SETTLEMENT
from tools.arena.levels import DEFAULT_TURN_CAP, run_chunks, wilson

TOP = 6             # a generating game's settlement: one of the seat's best TOP by Medium's score


class _RandomFounder:
    """Medium, but its founding settlements are drawn among its best TOP spots."""

    def __init__(self, seat, seed):
        self.seat = seat
        self.level = "medium"
        self.inner = make_bot("medium", seat, seed)
        self.rng = Rng(seed, stream=4242)

    def choose(self, view):
        if view.phase == SETUP_SETTLEMENT and view.current == self.seat:
            cmds = legal_commands(view, self.seat)
            cmds.sort(key=lambda c: -D.setup_score(view, self.seat, c[2]))
            return cmds[self.rng.below(min(TOP, len(cmds)))]
        return self.inner.choose(view)

    def observe(self, record):
        self.inner.observe(record)


class _ModelFounder(_RandomFounder):
    """Medium, founding by the model."""

    def choose(self, view):
        if view.phase == SETUP_SETTLEMENT and view.current == self.seat:
            cmd = founding.choose_settlement(view, self.seat)
            if cmd is not None:
                return cmd
        return self.inner.choose(view)


def _game(rules, gseed, bots, turn_cap):
    auth = Authority(default_config(rules=rules, players=len(bots), seed=gseed))
    state = auth.state
    start = []

    def after(move):
        if not start and state.phase not in (SETUP_SETTLEMENT, SETUP_ROAD):
            start.append([founding.features(state, s) for s in range(state.n)])
        return False

    Table(bots, lambda: state, auth.submit, order=others_first).run(turn_cap=turn_cap, after=after)
    winner = state.winner if state.phase == GAME_OVER else -1
    return winner, start[0] if start else None


def generate(job):
    rules, seed, indexes, turn_cap = job
    out = []
    for i in indexes:
        gseed = seed * 1_000_003 + i
        bots = [_RandomFounder(s, gseed * 7 + s) for s in range(4)]
        winner, feats = _game(rules, gseed, bots, turn_cap)
        if winner != -1 and feats is not None:
            out.append({"seed": gseed, "winner": winner, "features": feats})
    return out


def check(job):
    """Per game: did the model's seat win, did plain Medium's in that seat (same seed)."""
    rules, seed, indexes, turn_cap = job
    out = []
    for i in indexes:
        gseed = seed * 1_000_003 + i
        seat = i % 4
        pair = []
        for model in (True, False):
            bots = [make_bot("medium", s, gseed * 7 + s) for s in range(4)]
            if model:
                bots[seat] = _ModelFounder(seat, gseed * 7 + seat)
            winner, _ = _game(rules, gseed, bots, turn_cap)
            pair.append(winner == seat)
        out.append(pair)
    return out


# --- fitting -------------------------------------------------------------------------------

def _solve(a, b):
    """Solve a x = b (Gaussian elimination with partial pivoting)."""
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
                    for k in range(c, n + 1):
                        m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def log_loss(games, w) -> float:
    total = 0.0
    for g in games:
        s = [sum(a * x for a, x in zip(w, row)) for row in g["features"]]
        top = max(s)
        z = math.log(sum(math.exp(v - top) for v in s)) + top
        total += z - s[g["winner"]]
    return total / len(games)


def fit(games, ridge=1.0, steps=12) -> list:
    """Maximum likelihood of the winners under the softmax over seats (Newton,
    a small ridge so collinear terms stay finite)."""
    k = len(games[0]["features"][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [-ridge * x for x in w]
        hess = [[(ridge if i == j else 0.0) for j in range(k)] for i in range(k)]
        for g in games:
            rows = g["features"]
            s = [sum(a * x for a, x in zip(w, row)) for row in rows]
            top = max(s)
            e = [math.exp(v - top) for v in s]
            z = sum(e)
            p = [v / z for v in e]
            mean = [sum(p[j] * rows[j][i] for j in range(len(rows))) for i in range(k)]
            win = rows[g["winner"]]
            for i in range(k):
                grad[i] += win[i] - mean[i]
            for j, row in enumerate(rows):
                d = [row[i] - mean[i] for i in range(k)]
                pj = p[j]
                for a in range(k):
                    da = pj * d[a]
                    if da:
                        ha = hess[a]
                        for b in range(k):
                            ha[b] += da * d[b]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(x) for x in step) < 1e-6:
            break
    return w


def _read(paths):
    games = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            games += [json.loads(line) for line in f if line.strip()]
    return games


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", help="where generated games go (JSON lines)")
    ap.add_argument("--fit", nargs="+", help="generated files to fit on")
    ap.add_argument("--holdout", nargs="*", default=(), help="generated files to measure on")
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", action="store_true", help="store the fitted weights")
    ap.add_argument("--check", action="store_true", help="the model's founding against plain Medium's")
    args = ap.parse_args(argv)
    turn_cap = DEFAULT_TURN_CAP[args.rules]
    if args.fit:
        games = _read(args.fit)
        w = fit(games, args.ridge)
        print(f"fitted on {len(games)} games")
        for name, x in zip(founding.FEATURES, w):
            print(f"  {name:>15} {x:+.4f}")
        even = math.log(4)
        print(f"log loss: fit {log_loss(games, w):.4f} (even {even:.4f})")
        if args.holdout:
            held = _read(args.holdout)
            print(f"held out ({len(held)} games): {log_loss(held, w):.4f} (even {even:.4f})")
        if args.write:
            founding.WEIGHTS.write(args.rules, w, games=len(games))
        return 0
    jobs = min(args.jobs, args.games)
    chunks = [(args.rules, args.seed, range(k, args.games, jobs), turn_cap) for k in range(jobs)]
    if args.check:
        pairs, seconds = run_chunks(check, chunks)
        a = sum(x for x, _ in pairs)
        b = sum(y for _, y in pairs)
        only_a = sum(x and not y for x, y in pairs)
        only_b = sum(y and not x for x, y in pairs)
        n = len(pairs)
        print(json.dumps({"games": n, "model_wins": a, "model_ci95": wilson(a, n), "medium_wins": b,
                          "medium_ci95": wilson(b, n), "only_model": only_a, "only_medium": only_b,
                          "seconds": round(seconds, 1)}))
        return 0
    if not args.out:
        ap.error("--out FILE (or --fit, --check)")
    games, seconds = run_chunks(generate, chunks)
    with open(args.out, "w", encoding="utf-8") as f:
        for g in games:
            f.write(json.dumps(g) + "\n")
    print(f"{len(games)} games in {seconds:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
