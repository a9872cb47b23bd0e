"""CPU time of replaying a saved game with verification, per command.

    python -m tools.bench.replay [--games 6] [--seed 1] [--rounds 3] [--json]

Random games (4 players, both rule sets) are played and kept as saves are
(config, commands, the state hash after every command) and encoded as a save
file's bytes.  Each round then does, per game, what `kolonisten replay FILE
--verify` does after reading the file (`saves.decode`, then `saves.restore`
checking every recorded hash), the same without the hash check, and times
the state hash alone against its plain form (`digest(encode_state(state))`,
what every save's hashes were made with) over the same states, interleaved.
Figures are CPU microseconds per command:

- `verify_us`: decode and replay with every recorded hash checked (the
  target: <= 25);
- `plain_verify_us`: the same with every hash made the plain way (what the
  check cost before the hash was built in parts); `verify_ratio` = ours / plain;
- `replay_us`: the same replay without the check (nor the decoding);
- `decode_us`: the decoding alone;
- `hash_us` / `plain_hash_us`: one state hash, and its plain form;
  `hash_ratio` = plain / ours.
"""

import argparse
import time

from game import saves
from game.bots.loop import Table
from game.bots.random_bot import random_table
from game.engine import default_config
from game.engine.codec import digest, encode_state, state_hash
from game.engine.match import Authority
from tools.bench import print_figures


def play(rules: str, seed: int, players: int = 4) -> saves.SavedGame:
    """A finished random game as a save holds it (hashes made the plain way)."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bots, order = random_table(seed, players)
    hashes = []
    table = Table(bots, lambda: auth.state, auth.submit, view=lambda seat: auth.state, order=order)
    table.run(turn_cap=1000 if rules == "base" else 2500,
              after=lambda move: hashes.append(digest(encode_state(auth.state))) and False)
    return saves.SavedGame(config=dict(auth.config), commands=[list(r.cmd) for r in auth.log],
                           hashes=hashes, mode="hotseat", players=[], created=0.0, updated=0.0,
                           summary={}, extra={})


def _cpu(fn) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def _plain_check(game):
    """An on_step for saves.restore checking each hash the plain way."""
    def check(auth, i):
        if digest(encode_state(auth.state)) != game.hashes[i - 1]:
            raise saves.SaveError(f"state differs after command {i}", "differs", n=i)
    return check


def measure(games, rounds: int) -> dict:
    commands = sum(len(g.commands) for g in games)
    files = [saves.encode(game) for game in games]
    verify = plain_verify = replay = decode = ours = plain = 0.0
    for _ in range(rounds):
        for game, data in zip(games, files):
            verify += _cpu(lambda: saves.restore(saves.decode(data), verify=True))
            plain_verify += _cpu(lambda: saves.restore(saves.decode(data), verify=False, on_step=_plain_check(game)))
            replay += _cpu(lambda: saves.restore(game, verify=False))
            decode += _cpu(lambda: saves.decode(data))
            states = []
            saves.restore(game, verify=False, on_step=lambda auth, i: states.append(auth.state.copy()))
            ours += _cpu(lambda: [state_hash(s) for s in states])
            plain += _cpu(lambda: [digest(encode_state(s)) for s in states])
            # Let go of the copies before the next replay is timed: `kolonisten
            # replay` runs without a game's worth of states alive (kept, they
            # slowed the next game's replay by about a quarter in C&K).
            del states
    n = commands * rounds
    return {"commands": commands, "verify_us": round(verify / n * 1e6, 1),
            "plain_verify_us": round(plain_verify / n * 1e6, 1), "verify_ratio": round(verify / plain_verify, 2),
            "replay_us": round(replay / n * 1e6, 1), "decode_us": round(decode / n * 1e6, 2), "hash_us": round(ours / n * 1e6, 1),
            "plain_hash_us": round(plain / n * 1e6, 1), "hash_ratio": round(plain / ours, 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6, help="games per rule set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    out = {}
    for rules in ("base", "ck"):
        games = [play(rules, args.seed + i) for i in range(args.games if rules == "base" else max(1, args.games // 3))]
        for key, value in measure(games, args.rounds).items():
            out[f"{rules}_{key}"] = value
    print_figures(out, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
