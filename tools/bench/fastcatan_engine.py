"""Random-play throughput of fastcatan (a C++ Catan core with Python bindings),
the near-limit anchor for our engine's speed.

fastcatan needs Python >= 3.12, so it lives in an environment of its own,
never in the project's:

    python3.12 -m venv ~/venv312 && ~/venv312/bin/pip install fastcatan==2.0.0

`python -m tools.bench.engine --fastcatan-python ~/venv312/bin/python` runs
this file under that interpreter once per round (interleaved with our engine)
and reports the ratio.  The file imports nothing of the project, so it runs by
its path:

    ~/venv312/bin/python tools/bench/fastcatan_engine.py --games 20 --seed 1

and prints one JSON line: games, actions, CPU seconds, finished games.

Protocol, like tools.bench.engine's like-for-like figure: 4 players, base
rules, whole games from reset to the end (or turn limit 1000), every decision
a uniform choice among the legal actions, driven by a Python loop, without
domestic trade (fastcatan's trade composing and answering actions, the family
our like-for-like figure leaves out; kept when nothing else is legal).
Actions are the steps taken.  CPU time of the process, the loop included.
"""

import json
import random
import sys
import time

TURN_LIMIT = 1000


def measure(games: int, seed: int) -> dict:
    import fastcatan
    domestic = fastcatan.action.TRADE_ADD_GIVE_BASE     # domestic trade actions are numbered from here
    env = fastcatan.Env()
    rng = random.Random(seed)
    actions = finished = 0
    t0 = time.process_time()
    for i in range(games):
        env.reset(seed + i)
        while not env.done and env.turn_count < TURN_LIMIT:
            legal = env.legal_actions()
            choices = [a for a in legal if a < domestic] or legal
            env.step(choices[rng.randrange(len(choices))])
            actions += 1
        finished += env.done
    return {"games": games, "actions": actions, "seconds": time.process_time() - t0,
            "finished": finished, "version": getattr(fastcatan, "__version__", "?")}


def main(argv) -> int:
    games, seed = 20, 1
    args = list(argv)
    while args:
        flag = args.pop(0)
        if flag == "--games" and args:
            games = int(args.pop(0))
        elif flag == "--seed" and args:
            seed = int(args.pop(0))
        else:
            print(f"usage: python {sys.argv[0]} [--games N] [--seed S]", file=sys.stderr)
            return 2
    print(json.dumps(measure(games, seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
