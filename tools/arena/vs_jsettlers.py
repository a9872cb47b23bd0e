"""Our Hard player against three JSettlers2 robots on JSettlers' own server.

    python -m tools.arena.vs_jsettlers --build      # once: compile the server (jsettlers_server.py)
    python -m tools.arena.vs_jsettlers --games N --seed S --jobs J [--no-trades]
        [--playouts N] [--max-minutes M] [--json]

Each job runs one JSettlers 2.6.10 server with its seven robots (the
server's default mix: 30 % "fast" droids, the rest "smart" robots) and one
game at a time on it; everything runs in a network namespace with only a
loopback device (jsettlers_server.py).  Our Hard joins as a third-party
robot speaking JSettlers' protocol (jsettlers_wire.py, jsettlers_play.py),
sits at seat S+i mod 4 in game i (the server draws who places first), and
decides from its own seat's view, built from the messages the server sends
that seat (jsettlers_table.py).  Prints the win rate with a Wilson 95 %
interval, wins by seat and by place in the turn order, turns, our decision
times, what the bridge counted, and the rule differences below.

The seed fixes our seat and Hard's own generator.  The server's board,
dice, first player and robots draw from java.util.Random seeded by the
clock: a game cannot be replayed from its seed.

Rule differences bridged (JSettlers' classic 4-player game, its default
options: BC=t4 "break up clumps", no N7, 10 points):
- board: JSettlers deals its own board (hexes shuffled, no 4+ clumps,
  numbers along one of its spiral paths) and puts its 9 harbors on fixed
  coast paths (kinds shuffled): the arena plays with JSettlers' harbor
  frame in our engine's place (B-1.3), as with catanatron;
- bank: JSettlers has no bank, cards never run out (B-1.4 limits each kind
  to 19); our view's bank is 19 less the cards in hands as counted from
  public moves, at least 0 (jsettlers_table.py), so our seat may think a
  kind is out where JSettlers would still pay it;
- trading after building is allowed in JSettlers: our view uses the
  combine_trade_build option (B-4.1 variant);
- steals: JSettlers makes a steal compulsory and takes it by itself when
  only one seat can be robbed (ours B-5.4: optional): where Hard would not
  steal, the bridge robs the first seat offered (counted as forced_steal);
- discards by others and steals between others hide the kinds from our
  seat, as at a real table; JSettlers also hides the kinds of others'
  discards, which a real table shows face up;
- domestic trades (B-7.1): JSettlers closes a trade the moment one asked
  seat accepts, without the offerer's confirmation; so Hard's offers go
  only to seats not about to win (the guard it applies when confirming),
  a robot's counter-offer to ours goes to Hard as a counter to confirm or
  cancel, and Hard answers robots' offers (accept, decline, counter) as it
  answers people; `--no-trades` declines every offer and makes none;
- dice: JSettlers tells the sum only; our view splits it (only the sum
  matters in the base game).

JSettlers (GPL) is a benchmark opponent run from outside the project, never
a dependency of the game.
"""

import argparse
import multiprocessing
import os
import sys
import time
import traceback

from . import jsettlers_server as server_module
from .provenance import code_under_test
from .vs_catanatron import emit, print_tail, wilson

BASE_PORT = 8880


def _play(task):
    port, seed, options, trades, home = task
    from .jsettlers_play import play_game
    transcripts = os.path.join(home, "run", "failed")
    keep = os.environ.get("ARENA_JSETTLERS_KEEP")      # a folder for every game's messages
    try:
        return play_game(port, seed, seed % 4, options, trades, transcripts, keep)
    except Exception as exc:        # one game's failure must not hide the others
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return {"seed": seed, "seat": seed % 4, "error": f"{type(exc).__name__}: {exc} "
                f"({os.path.basename(where.filename)}:{where.lineno}; messages in {transcripts})"}


def _worker(args):
    """One job: its own server, its share of the games one after another."""
    job, seeds, options, trades, home, queue = args
    port = BASE_PORT + job
    results = []
    try:
        with server_module.Server(port, home):
            for seed in seeds:
                r = _play((port, seed, options, trades, home))
                results.append(r)
                if queue is not None:
                    queue.put(r)
    except Exception as exc:
        r = {"seed": None, "error": f"server: {type(exc).__name__}: {exc}"}
        results.append(r)
        if queue is not None:
            queue.put(r)
    return results


def run(games, seed, jobs, options=None, trades=True, home=server_module.HOME, progress=None,
        max_minutes=None):
    seeds = list(range(seed, seed + games))
    jobs = max(1, min(jobs, games))
    manager = multiprocessing.Manager()
    queue = manager.Queue()
    shares = [(k, seeds[k::jobs], options or {}, trades, home, queue) for k in range(jobs)]
    deadline = None if max_minutes is None else time.monotonic() + 60 * max_minutes
    results = []
    pool = multiprocessing.get_context("fork").Pool(jobs)
    try:
        pending = pool.map_async(_worker, shares)
        while len(results) < games:
            try:
                r = queue.get(timeout=5)
            except Exception:
                if pending.ready():
                    break
                continue
            results.append(r)
            if progress:
                progress(r)
            if deadline is not None and time.monotonic() > deadline:
                break
    finally:
        pool.terminate()
        pool.join()
        manager.shutdown()
    out = summarize(games, seed, results, trades)
    out["hard_options"] = options or {}
    out["code"] = code_under_test()
    out["jsettlers"] = server_module.source_version(home)
    return out


def summarize(asked, seed, results, trades) -> dict:
    done = [r for r in results if "error" not in r]
    wins = sum(r["won"] for r in done)
    lo, hi = wilson(wins, len(done))
    times = sorted(t for r in done for t in r["decision_s"])
    keys = ("decisions", "declined", "stalls", "forced_steal", "offers", "trades", "answers", "accepted",
            "countered", "resync_own", "resync_others")
    by_place = {}
    for r in done:
        if r.get("first_player") is not None:
            place = (r["seat"] - r["first_player"]) % 4
            w_n = by_place.setdefault(place, [0, 0])
            w_n[0] += r["won"]
            w_n[1] += 1
    robots = {}
    for r in done:
        for name in r["robots"]:
            kind = "smart" if name.startswith("robot ") else "fast"
            robots[kind] = robots.get(kind, 0) + 1
    return {
        "opponent": "jsettlers", "games_asked": asked, "games_played": len(done),
        "errors": [r for r in results if "error" in r], "seed": seed, "trades": trades,
        "wins": wins, "win_rate": wins / len(done) if done else None,
        "wilson95": [round(lo, 3), round(hi, 3)],
        "wins_by_seat": {s: [sum(r["won"] for r in done if r["seat"] == s),
                             sum(1 for r in done if r["seat"] == s)] for s in range(4)},
        "wins_by_turn_order": dict(sorted(by_place.items())),
        "robot_seats": robots,
        "avg_turns": round(sum(r["turns"] for r in done) / len(done), 1) if done else None,
        "avg_game_s": round(sum(r["seconds"] for r in done) / len(done), 1) if done else None,
        "avg_our_points": round(sum(r["scores"][r["seat"]] for r in done) / len(done), 2) if done else None,
        "decision_ms": {
            "decisions": len(times),
            "p50": round(1000 * times[len(times) // 2], 1) if times else None,
            "p99": round(1000 * times[min(len(times) - 1, int(0.99 * len(times)))], 1) if times else None,
            "max": round(1000 * times[-1], 1) if times else None,
        },
        "bridge": {k: sum(r.get(k, 0) for r in done) for k in keys},
        "declined_examples": [e for r in done for e in r.get("examples", [])][:8],
        "resync_own_examples": [dict(e, seed=r["seed"]) for r in done for e in r.get("resync_own_examples", [])][:8],
        "rule_differences": RULE_DIFFERENCES,
    }


def _rule_differences(doc: str) -> list:
    """The docstring's list of rule differences, one line each."""
    part = doc.split("Rule differences bridged", 1)[1].split("\n\n", 1)[0]
    items = part.split("\n- ")[1:]
    return [" ".join(item.split()) for item in items]


RULE_DIFFERENCES = _rule_differences(__doc__)


def _print(s) -> None:
    print(f"Hard vs 3 x JSettlers robots ({s['jsettlers']}; seeds {s['seed']}..{s['seed'] + s['games_asked'] - 1}, "
          f"trades {'on' if s['trades'] else 'off'})")
    print(f"games played: {s['games_played']} of {s['games_asked']} asked, errors: {len(s['errors'])}")
    if s["games_played"]:
        lo, hi = s["wilson95"]
        print(f"wins: {s['wins']}  win rate {100 * s['win_rate']:.1f} %  (Wilson 95 %: {100 * lo:.1f} .. "
              f"{100 * hi:.1f} %; 25 % is parity)")
        print("wins by our seat: " + ", ".join(f"{k}: {w} of {n}" for k, (w, n) in s["wins_by_seat"].items()))
        print("wins by our place in the turn order: "
              + ", ".join(f"{k + 1}: {w} of {n}" for k, (w, n) in s["wins_by_turn_order"].items()))
        print(f"robot seats: {s['robot_seats']}; average turns {s['avg_turns']}, game {s['avg_game_s']} s, "
              f"our points {s['avg_our_points']}")
        d = s["decision_ms"]
        print(f"our decisions: {d['decisions']}, median {d['p50']} ms, p99 {d['p99']} ms, max {d['max']} ms")
        print("bridge: " + ", ".join(f"{k} {v}" for k, v in s["bridge"].items()))
        for e in s["declined_examples"]:
            print(f"  turned down: {e}")
        for e in s["resync_own_examples"]:
            print(f"  own hand resynced (seed {e['seed']}, turn {e['turn']}): {e['what']} ours {e['ours']}, "
                  f"server {e['server']} at {e['message']}")
    print_tail(s)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(prog="python -m tools.arena.vs_jsettlers", description=__doc__.split("\n\n")[0])
    p.add_argument("--build", action="store_true", help="compile the JSettlers server from HOME/src and stop")
    p.add_argument("--home", default=server_module.HOME, help="where src/ and build/ are (default %(default)s)")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="servers, each with one game at a time")
    p.add_argument("--no-trades", action="store_true", help="decline every offer and make none")
    p.add_argument("--playouts", type=int, default=None, help="our Hard's playouts per decision (default: as shipped)")
    p.add_argument("--max-minutes", type=float, default=None,
                   help="stop after the game that ends past this budget and report what was played")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.build:
        return server_module.build(a.home)
    if a.games < 1 or a.jobs < 1 or a.seed < 0:
        p.error("--games and --jobs must be at least 1, --seed not negative")
    if not server_module.built(a.home):
        print(server_module.HOW_TO_GET, file=sys.stderr)
        return 2
    if not server_module.in_private_network():
        return server_module.reexec_in_private_network(argv)

    def progress(r):
        if "error" in r:
            print(f"seed {r['seed']}: ERROR {r['error']}", file=sys.stderr)
        else:
            print(f"seed {r['seed']}: {'WIN ' if r['won'] else 'loss'} seat {r['seat']} first {r['first_player']} "
                  f"scores {r['scores']} turns {r['turns']} {r['seconds']} s declined {r['declined']}",
                  file=sys.stderr, flush=True)

    options = {} if a.playouts is None else {"iterations": a.playouts}
    summary = run(a.games, a.seed, a.jobs, options, not a.no_trades, a.home, progress, a.max_minutes)
    return emit(summary, a.json, _print)


if __name__ == "__main__":
    sys.exit(main())
