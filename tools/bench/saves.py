"""What an autosave costs per command as a game grows (CPU time).

    python -m tools.bench.saves [--points 1000,10000,40000] [--repeats 3] [--json]

The autosave (game/saves: `Autosaver`) appends one journal record per
command, hands it to the system at once and flushes it to the disk
(fdatasync): the LAN host once for the commands of FLUSH_SECONDS
(net/host/autosave.py), the window after each person's move and once for a
batch of computers' moves.  The journal is folded into a new
snapshot whenever it has grown as large as the snapshot.  Its cost per
command at a game length N is measured as

    append_us        the mean CPU of one record written (encoded, appended,
                     handed to the system) over WINDOW records made at N
                     commands from a freshly compacted file, flushed once
                     every PER_FLUSH records as the LAN host does;
    flush_us         the mean CPU of one of those flushes (the look whether
                     the file is still at its path, and fdatasync);
    compact_us       the CPU of folding the journal into a snapshot at N
                     (encode, sha256, write, fsync, rename), which is also
                     what every write cost before the journal (`rewrite_us`);
    cycle            how many commands a compaction at N covers: the bytes
                     the journal may reach (the snapshot's size, at least
                     Autosaver.COMPACT_MIN_BYTES) over the mean record size;
    per_command_us = append_us + flush_us / PER_FLUSH + compact_us / cycle
                     (target <= 50);
    alone_us         the same for a record flushed on its own (`record()`, a
                     person's move in the window), made back to back: each
                     write then finds the page of the flush before it still
                     being written out, which a move made seconds later
                     does not.

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
# Records a LAN host flushes at once: it flushes FLUSH_SECONDS after a record
# for every record made meanwhile; four computers over loopback on a loaded
# machine made 6.3 a flush (tools.bench.network --autosave, one loop).
PER_FLUSH = 5


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


def measure_point(sample, n: int, folder: str, per_flush: int = PER_FLUSH) -> dict:
    """The journal's and the rewrite's figures at `n` commands: WINDOW
    records flushed once every `per_flush` (the LAN host's way), then
    WINDOW // 4 records each flushed on its own."""
    match = _Growing(*sample)
    path = os.path.join(folder, f"bench-{n}{saves.SUFFIX}")
    saver = saves.Autosaver(match, path, players=[{"name": f"p{i}"} for i in range(4)])
    match.grow_to(n, saver)
    saver.compact()                             # packs the log once; later compactions add to it
    snapshot = os.path.getsize(path)
    append_ns, flush_ns, alone_ns, rewrite_ns, record_sizes = [], [], [], [], []
    for i in range(WINDOW + WINDOW // 4):
        match.grow_to(len(match.log) + 1, saver)
        if i % (WINDOW // REWRITES) == 0:       # the old way, interleaved: rewrite it all
            t0 = _cpu()
            saver.compact()
            rewrite_ns.append(_cpu() - t0)
            continue
        before = os.path.getsize(path)
        if i >= WINDOW:                         # flushed on its own
            t0 = _cpu()
            saver.record()
            alone_ns.append(_cpu() - t0)
        else:
            t0 = _cpu()
            saver.record(flush=False)
            append_ns.append(_cpu() - t0)
            if len(append_ns) % per_flush == 0:
                t0 = _cpu()
                saver.flush()
                flush_ns.append(_cpu() - t0)
        record_sizes.append(os.path.getsize(path) - before)
    saver.close()
    os.unlink(path)
    record_bytes = statistics.mean(record_sizes)
    cycle = max(saver.COMPACT_MIN_BYTES, snapshot) / record_bytes
    append_us = statistics.mean(append_ns) / 1000
    flush_us = statistics.mean(flush_ns) / 1000
    compact_us = statistics.mean(rewrite_ns) / 1000
    per_command_us = append_us + flush_us / per_flush + compact_us / cycle
    return {"commands": n, "append_us": round(append_us, 1), "flush_us": round(flush_us, 1),
            "compact_us": round(compact_us, 1), "cycle": round(cycle), "record_bytes": round(record_bytes, 1),
            "snapshot_bytes": snapshot, "per_command_us": round(per_command_us, 1),
            "alone_us": round(statistics.mean(alone_ns) / 1000 + compact_us / cycle, 1),
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
            "target_ratio": 1.5, "target_per_command_us": 50,
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
    print(f"{'commands':>9} {'per cmd µs':>10} {'append µs':>9} {'flush µs':>8} {'alone µs':>8} "
          f"{'compact µs':>10} {'cycle':>6} {'rewrite µs':>10}")
    for row in result["points"]:
        print(f"{row['commands']:>9} {row['per_command_us']:>10} {row['append_us']:>9} {row['flush_us']:>8} "
              f"{row['alone_us']:>8} {row['compact_us']:>10} {row['cycle']:>6} {row['rewrite_us']:>10}")
    print(f"per command at most {result['target_per_command_us']} µs; "
          f"ratio (last over first): {result['ratio']} (target ≤ {result['target_ratio']}); "
          f"a whole rewrite per command: {result['rewrite_ratio']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
