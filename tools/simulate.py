"""Play complete games with random bots and check invariants after every command.

    python -m tools.simulate --rules base --players 4 --games 2000 --seed 1 --json

Every decision is a uniform choice among the seat's legal commands.  After
each command the whole state is checked from scratch (game/engine/invariants)
and every view is checked to hold no secret of another seat; with --replicas
each seat's and a spectator's copy is also kept in lockstep from redacted
records and compared by hash.  Prints one JSON object (with --json) or a short
report; exits non-zero on any error or invariant violation.
"""

import argparse
import json
import os
import sys
import time
import traceback
from collections import Counter
from multiprocessing import get_context

from game.bots.loop import Stalled, Table
from game.bots.random_bot import random_table
from game.engine import default_config, seat_counts
from game.engine.constants import PROGRESS_NAMES, PROGRESS_VP_CARDS
from game.engine.invariants import check_state, check_views
from game.engine.codec import state_hash
from game.engine.match import Authority, Replica
from game.engine.position import PositionError, format as format_position, parse as parse_position
from game.engine.state import GAME_OVER

KNIGHT_ACTIONS = ("recruit_knight", "activate_knight", "promote_knight", "move_knight",
                  "displace_knight", "chase_robber")
PLAYABLE_PROGRESS = [name for i, name in enumerate(PROGRESS_NAMES) if i not in PROGRESS_VP_CARDS]


def position_problem(state, known=None):
    """The position notation round trip (game/engine/position.py): None if
    parse(format(state)) is byte-identical to the state, else (reason, text).
    `known` maps texts already read back to the hash they gave: parse is a pure
    function of the text, so a position seen before (a trade offered and
    withdrawn returns to one) is compared without reading it again."""
    text = format_position(state)
    back_hash = known.get(text) if known is not None else None
    if back_hash is None:
        try:
            back_hash = state_hash(parse_position(text, verify=False))   # the invariants run separately
        except PositionError as exc:
            return f"position refused: {exc}", text
        if known is not None:
            if len(known) >= 20_000:
                known.clear()
            known[text] = back_hash
    if back_hash != state_hash(state):
        return "position round trip changed the state", text
    return None


def play_one(config: dict, bot_seed: int, turn_cap: int, check: bool, replicas: bool, kinds: Counter,
             positions: dict | None = None):
    """Returns (finished, actions, violations).  With `positions` (a dict of
    counters), also round-trips every position through the notation."""
    auth = Authority(config)
    bots, order = random_table(bot_seed, config["players"])
    peers = [Replica(auth.view(a), a) for a in list(range(config["players"])) + [None]] if replicas else []
    violations = []
    actions = 0
    state = auth.state
    known_positions = {}
    previous = None                  # the command before this one
    fleets = (-1, 0)                 # (turn, Merchant Fleets played in it)

    def after(move):
        nonlocal actions, previous, fleets, violations
        cmd, record = move.cmd, move.record
        actions += 1
        kinds[cmd[0]] += 1
        if cmd[0] == "progress":
            kinds["progress:" + PROGRESS_NAMES[cmd[2]]] += 1
            if PROGRESS_NAMES[cmd[2]] == "merchant_fleet":
                fleets = (state.turn, fleets[1] + 1 if fleets[0] == state.turn else 1)
                if fleets[1] == 2:
                    kinds["rule:two_fleets_in_a_turn"] += 1
        elif cmd[0] == "resolve":
            kinds["resolve:" + cmd[2]] += 1
        elif cmd[0] == "harbor_trade" and not (
                previous[0] == "progress" and PROGRESS_NAMES[previous[2]] == "commercial_harbor"
                or previous[0] == "resolve" and previous[2] == "harbor_answer"):
            kinds["rule:harbor_swap_after_another_action"] += 1
        previous = cmd
        for peer in peers:
            mine = record.for_audience(peer.audience)
            if peer.receive(mine) != mine.events:
                violations.append(f"peer {peer.audience}: events differ after {cmd}")
            if peer.view_hash() != auth.view_hash(peer.audience):
                violations.append(f"peer {peer.audience}: view differs after {cmd}")
        if check:
            violations += check_state(state) + check_views(state)
        if positions is not None:
            positions["checked"] += 1
            problem = position_problem(state, known_positions)
            if problem:
                violations.append(problem[0])
                positions["failures"] += 1
                positions.setdefault("first_failure", problem[1])
        if violations:
            violations = [f"game seed {config['seed']}, command {actions}: {v}" for v in violations[:5]]
            return True
        return False

    # Random players may read the whole state: it is theirs to play.
    table = Table(bots, lambda: state, auth.submit, view=lambda seat: state, order=order)
    try:
        table.run(turn_cap=turn_cap, after=after)
    except Stalled as exc:
        violations.append(f"seat {exc.seats[0]} must decide but has no legal command")
    return state.phase == GAME_OVER, actions, violations


def run_games(job):
    """Play games with the given indexes; returns a partial result."""
    args, indexes = job
    kinds = Counter()
    part = {"finished": 0, "truncated": 0, "errors": 0, "invariant_violations": 0, "actions": 0,
            "problems": []}
    positions = {"checked": 0, "failures": 0} if args.check_positions else None
    for i in indexes:
        config = default_config(rules=args.rules, players=args.players, board=args.board,
                                seed=args.seed * 1_000_003 + i, knight_commit=args.knight_commit)
        try:
            finished, actions, violations = play_one(config, config["seed"], args.turn_cap,
                                                     not args.no_check, args.replicas, kinds, positions)
        except Exception:
            part["errors"] += 1
            part["problems"].append(f"game seed {config['seed']}: " + traceback.format_exc(limit=6))
            continue
        part["actions"] += actions
        part["finished"] += finished
        part["truncated"] += not finished and not violations
        part["invariant_violations"] += len(violations)
        part["problems"] += violations
    part["kinds"] = kinds
    part["positions"] = positions
    return part


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--players", type=int, choices=seat_counts(), default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first-game", type=int, default=0,
                    help="index of the first game: a long run split into parts plays the same games")
    ap.add_argument("--board", choices=("random", "beginner"), default="random")
    ap.add_argument("--knight-commit", action="store_true", help="C&K option CK-8.5")
    ap.add_argument("--turn-cap", type=int, default=None,
                    help="turns before a game counts as truncated (default 1000 base, 2500 ck: "
                         "random players place badly, and 13 VP take random C&K games long)")
    ap.add_argument("--no-check", action="store_true", help="skip the invariant checks (speed only)")
    ap.add_argument("--replicas", action="store_true",
                    help="also keep every seat's and a spectator's view in lockstep and compare hashes")
    ap.add_argument("--check-positions", action="store_true",
                    help="after every command, write the position in the notation, read it back and "
                         "compare state hashes (game/engine/position.py)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.seed < 0 or args.first_game < 0:
        ap.error("--seed and --first-game must not be negative")
    if args.turn_cap is None:
        args.turn_cap = 2500 if args.rules == "ck" else 1000
    jobs = max(1, min(args.jobs, args.games))

    start = time.perf_counter()
    chunks = [(args, range(args.first_game + k, args.first_game + args.games, jobs)) for k in range(jobs)]
    if jobs == 1:
        parts = [run_games(chunks[0])]
    else:
        # "spawn": workers start clean, whatever threads the caller runs.
        with get_context("spawn").Pool(jobs) as pool:
            parts = pool.map(run_games, chunks)
    seconds = time.perf_counter() - start

    result = {"rules": args.rules, "players": args.players, "games": args.games, "seed": args.seed,
              "first_game": args.first_game}
    for key in ("finished", "truncated", "errors", "invariant_violations", "actions"):
        result[key] = sum(p[key] for p in parts)
    kinds = sum((p["kinds"] for p in parts), Counter())
    result["seconds"] = round(seconds, 3)
    result["actions_per_sec"] = round(result["actions"] / seconds, 1)
    result["games_per_sec"] = round(args.games / seconds, 3)
    result["truncated_pct"] = round(100 * result["truncated"] / args.games, 2)
    result["jobs"] = jobs
    result["command_counts"] = {k: v for k, v in sorted(kinds.items()) if ":" not in k}
    # Rare rule situations the report shows were exercised (stealing declined; C&K: a
    # Commercial Harbor spread over the turn, two Merchant Fleets in one turn).
    situations = ["skip_steal"] + (["harbor_swap_after_another_action", "two_fleets_in_a_turn"]
                                   if args.rules == "ck" else [])
    result["rule_situations"] = {k: kinds["rule:" + k] if k != "skip_steal" else kinds[k] for k in situations}
    if args.rules == "ck":
        result["progress_played"] = {name: kinds["progress:" + name] for name in PLAYABLE_PROGRESS}
        result["knight_actions"] = {name: kinds[name] for name in KNIGHT_ACTIONS}
        result["decisions"] = {k.split(":")[1]: v for k, v in sorted(kinds.items()) if k.startswith("resolve:")}
        result["never_exercised"] = [k for k, v in {**result["progress_played"], **result["knight_actions"],
                                                    **result["rule_situations"]}.items() if not v]
    if args.check_positions:
        checked = [p["positions"] for p in parts]
        result["positions_checked"] = sum(c["checked"] for c in checked)
        failures = [c["first_failure"] for c in checked if "first_failure" in c]
        result["position_failures"] = sum(c["failures"] for c in checked)
        if failures:
            result["first_position_failure"] = failures[0]
    result["problems"] = sum((p["problems"] for p in parts), [])[:20]
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 1 if result["errors"] or result["invariant_violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
