"""The computer games tools.calibrate fits and measures on: played once,
kept as their commands in a file, replayed as often as a fit needs.

    records(rules, entries, fit, seed, indexes, jobs, cache=None) -> [record]
    positions(rules, record) -> iterator of the states after each command

A record is a plain dict: the game's seed and index, the levels by seat,
its commands, the winner (-1: cut at the turn cap) and the turns played.
With `cache` (a folder) the games of one (rules, seats, fitting or
measuring, seed) live in one JSON-lines file there; games it lacks are
played and appended, games it has are read back, not played again.  A
replay from the commands gives the same states the game went through (the
engine is deterministic from the config's seed).
"""

import json
import os

from game.bots import make_bot
from game.bots.loop import Stalled, Table, others_first
from game.engine import default_config
from game.engine.match import Authority
from game.engine.state import GAME_OVER
from tools.arena.levels import DEFAULT_TURN_CAP, run_chunks, seating

FIT_SEEDS = 1_000_000_000           # game seeds of fitting games: FIT_SEEDS + seed * 100_000 + i
MEASURE_SEEDS = 2_000_000_000       # of measuring games
GAMES_PER_SEED = 100_000            # so the two ranges never meet: seed < 10,000, game < 100,000


def game_seed(fit: bool, seed: int, i: int) -> int:
    """The seed of game `i` of a fitting or measuring run: fitting games lie
    in [FIT_SEEDS, MEASURE_SEEDS), measuring games at MEASURE_SEEDS and up."""
    if not (0 <= seed < 10_000 and 0 <= i < GAMES_PER_SEED):
        raise ValueError("seed from 0 to 9999 and at most 100,000 games")
    return (FIT_SEEDS if fit else MEASURE_SEEDS) + seed * GAMES_PER_SEED + i


def play_record(rules, entries, gseed, index) -> dict:
    """One game between computer players (each deciding from its seat's view)."""
    levels = seating(entries, index)
    auth = Authority(default_config(rules=rules, players=len(levels), seed=gseed))
    bots = [make_bot(level, seat, gseed * 7 + seat) for seat, level in enumerate(levels)]
    state = auth.state
    table = Table(bots, lambda: state, auth.submit, order=others_first)
    try:
        table.run(turn_cap=DEFAULT_TURN_CAP[rules])
    except Stalled as exc:
        raise RuntimeError(f"game seed {gseed}: {exc}") from None
    return {"seed": gseed, "index": index, "levels": levels,
            # as the cache file gives them back (a trade's tuples are lists there)
            "commands": json.loads(json.dumps([rec.cmd for rec in auth.log])),
            "winner": state.winner if state.phase == GAME_OVER else -1, "turns": state.turn}


def _play_chunk(job):
    rules, entries, fit, seed, indexes = job
    return [play_record(rules, entries, game_seed(fit, seed, i), i) for i in indexes]


def cache_path(cache, rules, entries, fit, seed) -> str:
    kind = "fit" if fit else "measure"
    return os.path.join(cache, f"{rules}-{kind}-s{seed}-{'_'.join(entries)}.jsonl")


def _read(path) -> dict:
    out = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    rec = json.loads(line)
                    out[rec["index"]] = rec
    except FileNotFoundError:
        pass
    return out


def records(rules, entries, fit, seed, indexes, jobs=1, cache=None) -> list:
    """The games `indexes` of a fitting (`fit`) or measuring run, in that order."""
    indexes = list(indexes)
    kept = _read(cache_path(cache, rules, entries, fit, seed)) if cache else {}
    todo = [i for i in indexes if i not in kept]
    if todo:
        jobs = max(1, min(jobs, len(todo)))
        chunks = [(rules, list(entries), fit, seed, todo[k::jobs]) for k in range(jobs)]
        played, _seconds = run_chunks(_play_chunk, chunks)
        if cache:
            os.makedirs(cache, exist_ok=True)
            with open(cache_path(cache, rules, entries, fit, seed), "a", encoding="utf-8") as f:
                for rec in played:
                    f.write(json.dumps(rec, separators=(",", ":")) + "\n")
        kept.update((rec["index"], rec) for rec in played)
    return [kept[i] for i in indexes]


def positions(rules, record):
    """The game's states after each of its commands (one state, changed in place)."""
    auth = Authority(default_config(rules=rules, players=len(record["levels"]), seed=record["seed"]))
    for cmd in record["commands"]:
        auth.submit(cmd)
        yield auth.state
