"""The garbage collector's pauses over one long game.

    python -m tools.bench.gc_pauses [--commands 47000] [--rules base] [--seed 1] [--json]

Random players play one game through an Authority, as a hot-seat game does
(every command checked, logged, and its state hash kept, as the autosave
keeps them), with a victory target no random game reaches, until the log holds
`--commands` commands.  Every collection is timed through `gc.callbacks`
(CPU time of this thread, and wall time).  The game is played twice in one
run, interleaved: with the engine's periodic freeze of long-lived objects
(match.FREEZE_EVERY) and without it (`no_freeze_*`: the collector walking the
whole log, as before).  Figures:

- `max_full_ms` / `max_full_wall_ms`: the longest full (generation 2)
  collection, CPU and wall (the target: no pause over 10 ms at 47,000
  commands);
- `max_full_ms_last_tenth`: the longest in the last tenth of the game;
- `full_collections`, `max_young_ms` (generations 0 and 1);
- `walked_objects`: objects a full collection would walk at the end (frozen
  ones are not among them).
"""

import argparse
import gc
import time

from game.bots.loop import Table
from game.bots.random_bot import random_table
from game.engine import default_config, match
from game.engine.codec import state_hash
from game.engine.state import GAME_OVER
from tools.bench import print_figures


class PauseLog:
    """Every collection's generation and its CPU and wall time, with the log
    length when it ran."""

    def __init__(self, progress):
        self.progress = progress
        self.pauses = []            # (generation, cpu_s, wall_s, commands)
        self._start = None

    def __call__(self, phase, info):
        if phase == "start":
            self._start = (time.thread_time(), time.perf_counter())
        elif self._start is not None:
            cpu, wall = self._start
            self.pauses.append((info["generation"], time.thread_time() - cpu,
                                time.perf_counter() - wall, self.progress()))
            self._start = None


def play(commands: int, rules: str, seed: int, freeze_every: int) -> dict:
    gc.collect()
    gc.unfreeze()
    gc.collect()
    saved, match.FREEZE_EVERY = match.FREEZE_EVERY, freeze_every
    auth = match.Authority(default_config(rules=rules, players=4, seed=seed, vp_target=30))
    hashes = []
    bots, order = random_table(seed, 4)
    table = Table(bots, lambda: auth.state, auth.submit, view=lambda seat: auth.state, order=order)
    pauses = PauseLog(lambda: len(auth.log))
    gc.callbacks.append(pauses)
    try:
        table.run(until=lambda: len(auth.log) >= commands or auth.state.phase == GAME_OVER,
                  after=lambda move: hashes.append(state_hash(auth.state)) and False)
        walked = len(gc.get_objects())
    finally:
        gc.callbacks.remove(pauses)
        match.FREEZE_EVERY = saved
    played = len(auth.log)
    full = [p for p in pauses.pauses if p[0] == 2]
    late = [p for p in full if p[3] >= 0.9 * played]
    young = [p for p in pauses.pauses if p[0] < 2]
    out = {
        "commands": played,
        "max_full_ms": round(max((p[1] for p in full), default=0.0) * 1e3, 2),
        "max_full_wall_ms": round(max((p[2] for p in full), default=0.0) * 1e3, 2),
        "max_full_ms_last_tenth": round(max((p[1] for p in late), default=0.0) * 1e3, 2),
        "full_collections": len(full),
        "max_young_ms": round(max((p[1] for p in young), default=0.0) * 1e3, 2),
        "walked_objects": walked,
    }
    auth = table = hashes = None      # free the game before the next one
    gc.unfreeze()
    gc.collect()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--commands", type=int, default=47_000)
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.commands < 1:
        ap.error("--commands must be at least 1")
    out = {"rules": args.rules, "freeze_every": match.FREEZE_EVERY}
    without = play(args.commands, args.rules, args.seed, 0)
    out.update(play(args.commands, args.rules, args.seed, match.FREEZE_EVERY))
    out.update({f"no_freeze_{key}": value for key, value in without.items() if key != "commands"})
    print_figures(out, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
