"""Fit and check Hard's valuation (game/bots/value_model.py).

    python -m tools.train_value --rules base --games 2000 --seed 31001 --jobs 2 --out FILE
        plays four-Medium games and writes, for every 6th position after the
        founding round, every seat's features and the game's winner (JSON lines,
        one game a line)
    <tool env with numpy>/python -m tools.train_value --rules base --fit FILE [FILE ...] [--holdout FILE] [--write]
        fits the conditional logit (softmax over the seats, a small ridge) by
        Newton's method; prints the weights and, on the held-out games, the log
        loss and how often the winner is ranked first, against the plain
        valuation's sum (one fitted scale); --write stores the weights in
        game/bots/value_model.json.  NumPy is needed here only (a tool's
        environment, never the game's)
    python -m tools.train_value --rules base --check --games 400 --seed S --jobs 2
        Medium whose moves are chosen by the fitted valuation against three
        Medium (seats rotated), paired with plain Medium on the same games

Game seeds are `seed * 1_000_003 + i`; write the ranges down (runs/arena-seeds.md).
"""

import argparse
import json
import sys

from game.bots import make_bot
from game.bots import value_model as VM
from game.bots.loop import Table, others_first
from game.bots.medium import MediumPlayer
from game.engine import default_config
from game.engine.match import Authority
from game.engine.state import GAME_OVER, SETUP_ROAD, SETUP_SETTLEMENT
from tools.arena.levels import DEFAULT_TURN_CAP, run_chunks, wilson

EVERY = 6


def _play(rules, gseed, bots, turn_cap, record):
    auth = Authority(default_config(rules=rules, players=len(bots), seed=gseed))
    state = auth.state
    rows = []

    def after(move):
        if record and len(auth.log) % EVERY == 0 and state.phase not in (GAME_OVER, SETUP_SETTLEMENT, SETUP_ROAD):
            late = VM.progress(state)
            rows.append([[round(x, 4) for x in VM.features(state, s, late)] for s in range(state.n)])
        return False

    Table(bots, lambda: state, auth.submit, order=others_first).run(turn_cap=turn_cap, after=after)
    return (state.winner if state.phase == GAME_OVER else -1), rows


def generate(job):
    """One worker's games, each appended to its own part file as it ends."""
    rules, seed, indexes, turn_cap, part = job
    done = 0
    with open(part, "w", encoding="utf-8") as f:
        for i in indexes:
            gseed = seed * 1_000_003 + i
            bots = [make_bot("medium", s, gseed * 7 + s) for s in range(4)]
            winner, rows = _play(rules, gseed, bots, turn_cap, True)
            if winner != -1:
                f.write(json.dumps({"seed": gseed, "winner": winner, "rows": rows}) + "\n")
                f.flush()
                done += 1
    return [done]


def model_medium(seat, seed):
    """Medium choosing its moves by the fitted valuation (log of its chance)."""
    bot = MediumPlayer(seat, seed)
    bot.valuation = lambda state, s: VM.log_chances(state)[s]
    return bot


def check(job):
    rules, seed, indexes, turn_cap = job
    out = []
    for i in indexes:
        gseed = seed * 1_000_003 + i
        seat = i % 4
        pair = []
        for model in (True, False):
            bots = [make_bot("medium", s, gseed * 7 + s) for s in range(4)]
            if model:
                bots[seat] = model_medium(seat, gseed * 7 + seat)
            winner, _ = _play(rules, gseed, bots, turn_cap, False)
            pair.append(winner == seat)
        out.append(pair)
    return out


# --- fitting (NumPy) ------------------------------------------------------------------------

def _arrays(paths):
    import numpy as np
    xs, ys, gs = [], [], []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for g, line in enumerate(f):
                game = json.loads(line)
                for rows in game["rows"]:
                    xs.append(rows)
                    ys.append(game["winner"])
                    gs.append(g)
    return np.array(xs, dtype=float), np.array(ys), np.array(gs)


def _softmax(s):
    import numpy as np
    s = s - s.max(axis=1, keepdims=True)
    e = np.exp(s)
    return e / e.sum(axis=1, keepdims=True)


def fit(x, y, ridge=1.0, steps=25):
    import numpy as np
    n, seats, k = x.shape
    w = np.zeros(k)
    rows = np.arange(n)
    for _ in range(steps):
        p = _softmax(x @ w)                               # n, seats
        mean = (p[:, :, None] * x).sum(axis=1)            # n, k
        grad = (x[rows, y] - mean).sum(axis=0) - ridge * w
        d = x - mean[:, None, :]
        hess = np.einsum("ns,nsa,nsb->ab", p, d, d) + ridge * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w = w + step
        if np.abs(step).max() < 1e-7:
            break
    return w


def measure(x, y, w) -> dict:
    import numpy as np
    p = _softmax(x @ w)
    n = len(y)
    rows = np.arange(n)
    return {"log_loss": round(float(-np.log(p[rows, y] + 1e-12).mean()), 4),
            "winner_first": round(float((p.argmax(axis=1) == y).mean()), 4),
            "brier": round(float(((p - np.eye(x.shape[1])[y]) ** 2).mean()), 4)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out")
    ap.add_argument("--fit", nargs="+")
    ap.add_argument("--holdout", nargs="*", default=())
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    turn_cap = DEFAULT_TURN_CAP[args.rules]
    names = VM.feature_names(args.rules)
    if args.fit:
        import numpy as np
        x, y, _ = _arrays(args.fit)
        w = fit(x, y, args.ridge)
        print(f"fitted on {len(y)} positions")
        for name, v in zip(names, w):
            print(f"  {name:>16} {v:+.4f}")
        # The plain valuation: the sum of the terms, one fitted scale.
        plain = np.zeros(len(names))
        plain[:len(VM.TERMS[args.rules])] = 1.0
        scale = fit((x @ plain)[:, :, None], y, args.ridge)
        print("fit:", measure(x, y, w))
        if args.holdout:
            hx, hy, _ = _arrays(args.holdout)
            print(f"held out ({len(hy)} positions): model", measure(hx, hy, w),
                  "plain valuation", measure((hx @ plain)[:, :, None], hy, scale))
        if args.write:
            VM.WEIGHTS.write(args.rules, w, positions=int(len(y)))
        return 0
    jobs = min(args.jobs, args.games)
    chunks = [(args.rules, args.seed, range(k, args.games, jobs), turn_cap) for k in range(jobs)]
    if args.check:
        pairs, seconds = run_chunks(check, chunks)
        a = sum(x for x, _ in pairs)
        b = sum(y for _, y in pairs)
        n = len(pairs)
        print(json.dumps({"games": n, "model_wins": a, "model_ci95": wilson(a, n), "medium_wins": b,
                          "medium_ci95": wilson(b, n), "only_model": sum(x and not y for x, y in pairs),
                          "only_medium": sum(y and not x for x, y in pairs), "seconds": round(seconds, 1)}))
        return 0
    if not args.out:
        ap.error("--out FILE (or --fit, --check)")
    parts = [f"{args.out}.part{k}" for k in range(jobs)]
    done, seconds = run_chunks(generate, [c + (part,) for c, part in zip(chunks, parts)])
    with open(args.out, "w", encoding="utf-8") as f:
        for part in parts:
            with open(part, encoding="utf-8") as g:
                f.write(g.read())
    print(f"{sum(done)} games in {seconds:.0f} s -> {args.out} (written as they end to {args.out}.part*)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
