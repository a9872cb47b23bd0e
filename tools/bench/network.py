"""Network latency and volume on loopback: a host and 4 random-bot clients.

    python -m tools.bench.network [--games 3] [--players 4] [--rules base] [--procs] [--autosave]
                              [--json]
    python -m tools.bench.network --attack ping|junk|hello|noread|storm|join|resync [--from N]
                              [--loopback] [--attack-seconds 10] [--conns N] [--games 2] [--json]
                              (see tools/bench/network_attack.py)

For every accepted command: the time from its client sending it to every
peer having applied it to its own copy (and checked its view hash), as
median and p99; and the bytes on the wire per command.  Target: p99 < 5 ms.
Rolls of mixed dice (net/wire/rolldice.py) take one round trip more (every
seat reveals its value): their median and p99 are also given apart.

By default host and clients share one asyncio loop in this process, so every
peer's work is serialised on one core (a pessimistic figure).  With --procs
each client is its own process; times come from the system-wide monotonic
clock, so they compare across processes, and the host's own CPU time per
command is reported (`host_cpu_ms_per_command`: this process's CPU from the
deal to the end of the game over the commands; target 0.5 ms with 4 peers,
0.6 ms with --autosave, which has the host keep a saved game as a real
host does).
"""

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from game.engine import default_config, seat_counts


async def play_client(address, name, token_dir, seed, join_code=None) -> dict:
    """One bot client; returns its timing log."""
    from net.peer.bot import BotPlayer, play
    from net.peer.tokens import TokenStore
    player = BotPlayer(name, TokenStore(token_dir), seed=seed)
    applied, own, rejected = {}, {}, []
    handle = player.game.handle

    def timed(msg):
        events = handle(msg)
        if msg["t"] == "rec":       # applied and hash-checked; the bot's next choice comes after
            applied[msg["seq"]] = time.perf_counter_ns()
            if msg["cmd"][1] == player.game.seat:
                own[msg["seq"]] = applied[msg["seq"]]
        elif msg["t"] == "reject":
            rejected.append(msg["id"])
        return events
    player.game.handle = timed
    result = await play(address, name, player=player, join_code=join_code)
    return {"ok": result["ok"], "seat": player.game.seat, "applied": applied, "own": own,
            "rejected": rejected,
            "sent": {i: [t, player.sent_seq[i]] for i, t in player.sent_at.items()},
            "bytes_out": player.bytes_out}


def latencies(host, logs) -> list:
    """Per accepted command, (ms from its sending to the last peer applying
    it, whether it rolled the dice).  The command accepted as record k was
    chosen by its seat at record k-1."""
    from game.engine.rules import rolls
    sent = {}
    for log in logs:
        rejected = set(log["rejected"])
        for ident, (t, seq) in log["sent"].items():
            if ident not in rejected:
                sent[(log["seat"], seq + 1)] = t
    out = []
    for record in host.auth.log:
        t0 = sent.get((record.cmd[1], record.seq))
        applied = [log["applied"].get(record.seq) for log in logs]
        if t0 is not None and None not in applied:
            out.append(((max(applied) - t0) / 1e6, rolls(record.cmd)))
    return out


async def bench(games, players, rules, seed, procs, autosave=False):
    lat, host_bytes, client_bytes, commands, host_cpu = [], 0, 0, 0, 0.0
    for g in range(games):
        with tempfile.TemporaryDirectory(prefix="kolonisten-bench-") as token_dir:
            figures = await bench_one(players, rules, seed + g, procs, token_dir, autosave)
        lat += figures[0]
        host_bytes += figures[1]
        client_bytes += figures[2]
        commands += figures[3]
        host_cpu += figures[4]
    return lat, host_bytes, client_bytes, commands, host_cpu


async def bench_one(players, rules, seed, procs, token_dir, autosave=False):
    """One game: (latencies, host bytes, client bytes, commands, this
    process's CPU seconds from the deal to the end)."""
    from net.host.game import Host
    from net.wire.secure import load_identity
    save_path = os.path.join(token_dir, "game.kolonisten") if autosave else None
    host = Host(default_config(rules=rules, players=players, seed=seed), auto_start=True,
                identity=load_identity(os.path.join(token_dir, "host-key")),    # never the user's key
                save_path=save_path)
    cpu = {}

    def clock(kind, data):
        if kind in ("started", "over"):
            cpu[kind] = time.process_time()
    host.listeners.append(clock)
    port = await host.listen("127.0.0.1", 0)
    try:
        if procs:
            children = [subprocess.Popen(
                [sys.executable, "-m", "tools.bench.network", "--child", f"127.0.0.1:{port}", f"bot{i}",
                 token_dir, str(seed * 10 + i)], stdout=subprocess.PIPE, text=True)
                for i in range(players)]
            loop = asyncio.get_running_loop()
            outs = await asyncio.gather(*[loop.run_in_executor(None, c.communicate) for c in children])
            logs = [_from_json(json.loads(out[0])) for out in outs]
        else:
            logs = await asyncio.gather(*[play_client(("127.0.0.1", port), f"bot{i}", token_dir,
                                                      seed * 10 + i) for i in range(players)])
        await host.wait_peers_gone(3)
        if not all(log["ok"] for log in logs):
            raise SystemExit("tools.bench.network: a client did not finish in step with the host")
        return (latencies(host, logs), host.bytes_sent(), sum(log["bytes_out"] for log in logs),
                len(host.auth.log), cpu["over"] - cpu["started"])
    finally:
        await host.close()


def _from_json(obj):
    obj["applied"] = {int(k): v for k, v in obj["applied"].items()}
    obj["sent"] = {int(k): v for k, v in obj["sent"].items()}
    return obj


def _p99(sorted_ms):
    return round(sorted_ms[min(len(sorted_ms) - 1, int(len(sorted_ms) * 0.99))], 3) if sorted_ms else None


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        address, name, token_dir, seed = argv[1:5]
        log = asyncio.run(play_client(address, name, token_dir, int(seed), *argv[5:6]))
        print(json.dumps(log))
        return 0 if log["ok"] else 1
    if argv[:1] == ["--host-child"]:
        from tools.bench.network_attack import host_child
        return host_child(*argv[1:3])
    if argv[:1] == ["--attacker"]:
        from tools.bench.network_attack import attacker_child
        return attacker_child(argv[1], int(argv[2]), float(argv[3]), int(argv[4]), *argv[5:6])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, choices=seat_counts(), default=4)
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--procs", action="store_true", help="one process per client")
    ap.add_argument("--autosave", action="store_true", help="the host keeps a saved game (in a temporary folder)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--attack", choices=("ping", "junk", "hello", "noread", "storm", "join", "resync"),
                    help="measure honest play while a crowd attacks the host (one process each)")
    ap.add_argument("--from", dest="sources", type=int, default=1,
                    help="attack from N addresses (namespaces when run as root, else 127.0.0.x)")
    ap.add_argument("--loopback", action="store_true",
                    help="attack from 127.0.0.x addresses even when namespaces are possible")
    ap.add_argument("--attack-seconds", type=float, default=10.0)
    ap.add_argument("--conns", type=int, default=None,
                    help="attacker connections per address (default per attack)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.attack:
        from tools.bench.netns import MAX_ADDRESSES
        from tools.bench.network_attack import DEFAULT_CONNS, MAX_ATTACK_CONNECTIONS, print_figures, run
        if not 1 <= args.attack_seconds <= 120 or not 1 <= args.sources <= MAX_ADDRESSES:
            ap.error(f"--attack-seconds must be 1 to 120 and --from 1 to {MAX_ADDRESSES}")
        conns = args.conns or DEFAULT_CONNS[args.attack]
        if not 1 <= conns * args.sources <= MAX_ATTACK_CONNECTIONS:
            ap.error(f"--conns times --from must be 1 to {MAX_ATTACK_CONNECTIONS}")
        figures = run(args.attack, args.attack_seconds, args.conns, min(args.games, 3), args.sources,
                      namespaces=not args.loopback)
        print_figures(figures, args.json)
        return 0 if all(figures["targets"].values()) else 1
    start = time.perf_counter()
    lat, host_bytes, client_bytes, commands, host_cpu = asyncio.run(
        bench(args.games, args.players, args.rules, args.seed, args.procs, args.autosave))
    rolled = sorted(ms for ms, rolled in lat if rolled)
    others = sorted(ms for ms, rolled in lat if not rolled)
    lat = sorted(ms for ms, _ in lat)
    result = {
        "games": args.games, "players": args.players, "rules": args.rules,
        "mode": "processes" if args.procs else "one loop", "autosave": args.autosave,
        "commands": commands, "measured": len(lat),
        "median_ms": round(statistics.median(lat), 3),
        "p99_ms": _p99(lat),
        "max_ms": round(lat[-1], 3),
        "target_p99_ms": 5.0,
        "rolls_measured": len(rolled),
        "rolls_median_ms": round(statistics.median(rolled), 3) if rolled else None,
        "rolls_p99_ms": _p99(rolled),
        "others_p99_ms": _p99(others),
        "host_to_peers_bytes_per_command": round(host_bytes / commands, 1),
        "host_to_one_peer_bytes_per_command": round(host_bytes / commands / args.players, 1),
        "peers_to_host_bytes_per_command": round(client_bytes / commands, 1),
        # with the clients in this process their CPU would count too: --procs only
        "host_cpu_ms_per_command": round(host_cpu / commands * 1000, 3) if args.procs else None,
        "target_host_cpu_ms": 0.6 if args.autosave else 0.5,
        "seconds": round(time.perf_counter() - start, 2),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>36}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
