"""Play complete games with random bots and check invariants after every command.

    python -m tools.simulate --rules base --players 4 --games 2000 --seed 1 --json

Prints one JSON object (with --json) or a short report; exits non-zero on any
error or invariant violation.
"""

import argparse
import json
import sys
import time
import traceback
from collections import Counter

from game.bots.random_bot import RandomBot
from game.engine import default_config
from game.engine.invariants import check_state, check_views
from game.engine.match import Authority, Replica
from game.engine.state import GAME_OVER


def play_one(config: dict, bot_seed: int, turn_cap: int, check: bool, replicas: bool, kinds: Counter):
    """Returns (finished, actions, violations)."""
    auth = Authority(config)
    bot = RandomBot(bot_seed)
    peers = [Replica(auth.view(a), a) for a in list(range(config["players"])) + [None]] if replicas else []
    violations = []
    actions = 0
    state = auth.state
    while state.phase != GAME_OVER and state.turn <= turn_cap:
        seat = bot.pick_seat(state)
        cmd = bot.choose(state, seat)
        if cmd is None:
            violations.append(f"seat {seat} must decide but has no legal command")
            break
        record = auth.submit(cmd)
        actions += 1
        kinds[cmd[0]] += 1
        for peer in peers:
            mine = record.for_audience(peer.audience)
            if peer.receive(mine) != mine.events:
                violations.append(f"peer {peer.audience}: events differ after {cmd}")
            if peer.view_hash() != auth.view_hash(peer.audience):
                violations.append(f"peer {peer.audience}: view differs after {cmd}")
        if check:
            violations += check_state(state) + check_views(state)
        if violations:
            violations = [f"game seed {config['seed']}, command {actions}: {v}" for v in violations[:5]]
            break
    return state.phase == GAME_OVER, actions, violations


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", choices=("random", "beginner"), default="random")
    ap.add_argument("--turn-cap", type=int, default=1000, help="turns before a game counts as truncated")
    ap.add_argument("--no-check", action="store_true", help="skip the invariant checks (speed only)")
    ap.add_argument("--replicas", action="store_true",
                    help="also keep every seat's and a spectator's view in lockstep and compare hashes")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")

    kinds = Counter()
    result = {"rules": args.rules, "players": args.players, "games": args.games, "seed": args.seed,
              "finished": 0, "truncated": 0, "errors": 0, "invariant_violations": 0, "actions": 0}
    problems = []
    start = time.perf_counter()
    for i in range(args.games):
        config = default_config(rules=args.rules, players=args.players, board=args.board,
                                seed=args.seed * 1_000_003 + i)
        try:
            finished, actions, violations = play_one(config, config["seed"], args.turn_cap,
                                                     not args.no_check, args.replicas, kinds)
        except Exception:
            result["errors"] += 1
            problems.append(f"game seed {config['seed']}: " + traceback.format_exc(limit=4))
            continue
        result["actions"] += actions
        result["finished"] += finished
        result["truncated"] += not finished and not violations
        result["invariant_violations"] += len(violations)
        problems += violations
    seconds = time.perf_counter() - start
    result["seconds"] = round(seconds, 3)
    result["actions_per_sec"] = round(result["actions"] / seconds, 1)
    result["games_per_sec"] = round(args.games / seconds, 3)
    result["truncated_pct"] = round(100 * result["truncated"] / args.games, 2)
    result["command_counts"] = dict(sorted(kinds.items()))
    result["problems"] = problems[:20]
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 1 if result["errors"] or result["invariant_violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
