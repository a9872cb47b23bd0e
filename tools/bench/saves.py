"""What an autosave costs per command as a game grows (CPU time).

    python -m tools.bench.saves [--points 1000,10000,40000] [--repeats 3] [--json]

The autosave (game/saves: `Autosaver`) appends one journal record per
command and folds the journal into a new snapshot whenever the journal has
grown as large as the snapshot.  Its cost per command at a game length N is
measured as

    append_us        the mean CPU of one write (a record appended and
                     flushed with fdatasync) over WINDOW writes made at N
                     commands, from a freshly compacted file;
    compact_us       the CPU of folding the journal into a snapshot at N
                     (encode, sha256, write, fsync, rename), which is also
                     what every write cost before the journal (`rewrite_us`);
    cycle            how many commands a compaction at N covers: the bytes
                     the journal may reach (the snapshot's size, at least
                     Autosaver.COMPACT_MIN_BYTES) over the mean record size;
    per_command_us = append_us + compact_us / cycle.

`ratio` is per_command_us at the last point over the first (target ≤ 1.5:
the same cost at 40,000 commands as at 1,000).  For comparison the same run
times the write every command paid before the journal, a whole-file rewrite
(`rewrite_us`, the mean of REWRITES atomic rewrites of the file at N,
interleaved with the journal's writes), and its ratio.  Only the write is timed: the state
hash a save records after each command is the engine's cost and the same
either way.  The game is a real random 4-player Cities & Knights game whose
commands are repeated up to N; the files go to a temporary folder.
"""

import argparse
import hashlib
import json
import os
import statistics
import sys
import tempfile
import time

from game import saves
from game.bots.loop import Table
from game.bots.random_bot import random_table
from game.engine import default_config
from game.engine.match import Authority

WINDOW = 400
REWRITES = 10


def _sample_game(seed: int):
    """A real game's records and a state from its middle (not over)."""
    auth = Authority(default_config(rules="ck", seed=seed, players=4))
    bots, order = random_table(seed, 4)
    middle = []

    def after(move):
        if len(auth.log) == 300:
            middle.append(auth.state.copy())

    table = Table(bots, lambda: auth.state, auth.submit, view=lambda seat: auth.state, order=order)
    table.run(until=lambda: len(auth.log) >= 3000, after=after)
    return list(auth.log), middle[0] if middle else auth.state.copy(), auth.config


class _Growing:
    """Just what an Autosaver reads of a match (log, state, config), with a
    log as long as asked for, made of a real game's commands."""

    def __init__(self, records, state, config):
        self.records, self.state, self.config = records, state, config
        self.log = []

    def grow_to(self, n: int, saver) -> None:
        while len(self.log) < n:
            self.log.append(self.records[len(self.log) % len(self.records)])
            saver.hashes.append(hashlib.sha256(str(len(self.log)).encode()).hexdigest()[:32])


def _cpu() -> int:
    return time.process_time_ns()


def measure_point(sample, n: int, folder: str) -> dict:
    """The journal's and the rewrite's figures at `n` commands."""
    match = _Growing(*sample)
    path = os.path.join(folder, f"bench-{n}{saves.SUFFIX}")
    saver = saves.Autosaver(match, path, players=[{"name": f"p{i}"} for i in range(4)])
    match.grow_to(n, saver)
    saver.compact()                             # packs the log once; later compactions add to it
    snapshot = os.path.getsize(path)
    append_ns, rewrite_ns, record_sizes = [], [], []
    for i in range(WINDOW):
        match.grow_to(n + i + 1, saver)
        if i % (WINDOW // REWRITES) == 0:       # the old way, interleaved: rewrite it all
            t0 = _cpu()
            saver.compact()
            rewrite_ns.append(_cpu() - t0)
            continue
        before = os.path.getsize(path)
        t0 = _cpu()
        saver.record()
        append_ns.append(_cpu() - t0)
        record_sizes.append(os.path.getsize(path) - before)
    saver.close()
    os.unlink(path)
    record_bytes = statistics.mean(record_sizes)
    cycle = max(saver.COMPACT_MIN_BYTES, snapshot) / record_bytes
    append_us = statistics.mean(append_ns) / 1000
    compact_us = statistics.mean(rewrite_ns) / 1000
    return {"commands": n, "append_us": round(append_us, 1), "compact_us": round(compact_us, 1),
            "cycle": round(cycle), "record_bytes": round(record_bytes, 1), "snapshot_bytes": snapshot,
            "per_command_us": round(append_us + compact_us / cycle, 1),
            "rewrite_us": round(compact_us, 1)}


def run(points, repeats: int, seed: int) -> dict:
    sample = _sample_game(seed)
    runs = {n: [] for n in points}
    with tempfile.TemporaryDirectory(prefix="kolonisten-bench-saves-") as folder:
        for _ in range(repeats):
            for n in points:                    # the points interleaved, every repeat
                runs[n].append(measure_point(sample, n, folder))
    rows = []
    for n in points:
        row = {"commands": n}
        for key in runs[n][0]:
            if key != "commands":
                row[key] = statistics.median(r[key] for r in runs[n])
        rows.append(row)
    first, last = rows[0], rows[-1]
    return {"points": rows, "repeats": repeats,
            "ratio": round(last["per_command_us"] / first["per_command_us"], 2),
            "target_ratio": 1.5,
            "rewrite_ratio": round(last["rewrite_us"] / first["rewrite_us"], 2),
            "journal_vs_rewrite_at_last": round(last["per_command_us"] / last["rewrite_us"], 3)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--points", default="1000,10000,40000",
                    help="game lengths in commands, comma-separated (ratio: last over first)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        points = [int(p) for p in args.points.split(",")]
    except ValueError:
        ap.error("--points wants numbers separated by commas, e.g. 1000,10000,40000")
    if len(points) < 2 or any(p < 1 or p > 200_000 for p in points) or not 1 <= args.repeats <= 20:
        ap.error("--points wants at least two lengths of 1 to 200000 commands; --repeats 1 to 20")
    result = run(points, args.repeats, args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{'commands':>9} {'per cmd µs':>10} {'append µs':>9} {'compact µs':>10} {'cycle':>6} "
          f"{'rewrite µs':>10}")
    for row in result["points"]:
        print(f"{row['commands']:>9} {row['per_command_us']:>10} {row['append_us']:>9} "
              f"{row['compact_us']:>10} {row['cycle']:>6} {row['rewrite_us']:>10}")
    print(f"ratio (last over first): {result['ratio']} (target ≤ {result['target_ratio']}); "
          f"a whole rewrite per command: {result['rewrite_ratio']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
