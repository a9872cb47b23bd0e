"""`python -m tools.bench.network --attack KIND --from N`: honest play while a crowd attacks the host.

One run, on this machine only, in separate processes: a host (serving one game
after another on one port, autosaving each), four random-bot players per game,
and an attacker from N addresses (tools/bench/netns.py: network namespaces
behind a bridge when run as root, else 127.0.0.2 …; the namespaces are deleted
afterwards), bounded in connections and time.  It prints the honest players' command round trip
(send to own record back; median, p99) without the attack, during it and
after it; the host's RSS and open files just before the attack (after the
honest games without it; RSS also at the host's start), at the peak and ten
seconds after the attack; the tracebacks in the host's log; and whether every
game's save replays with all its hashes.

Every connection speaks TLS and says hello in the current protocol first, as a
player's does; CONNS is per address:
  ping    CONNS connections flood pings (and read the pongs)
  junk    CONNS connections flood frames of random bytes
  hello   CONNS connections flood hellos
  noread  CONNS connections ask for answers and never read them
  storm   connections opened (TLS, hello) and cut as fast as possible, CONNS at a time
  join    CONNS connections flood seat claims that fail (rejoins with wrong proofs)
  resync  a seated player floods resync requests while playing its seat: in
          every game during the attack one of the four players is this
          intruder (CONNS and N are ignored)
"""

import asyncio
import json
import os
import random
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time

import msgpack

from net.wire.protocol import APP, PROTOCOL_VERSION

ATTACKS = ("ping", "junk", "hello", "noread", "storm", "join", "resync")
# connections per address
DEFAULT_CONNS = {"ping": 4, "junk": 4, "hello": 4, "noread": 8, "storm": 8, "join": 4, "resync": 1}
MAX_ATTACK_CONNECTIONS = 640    # over all addresses
AFTER_SECONDS = 10.0
JOIN_CODE = "4711-0815"         # the honest players know it; the attacker's join guesses are wrong


def _frame(obj) -> bytes:
    payload = msgpack.packb(obj, use_bin_type=True)
    return struct.pack(">I", len(payload)) + payload


HELLO = _frame({"t": "hello", "v": PROTOCOL_VERSION, "app": APP})


# --- the host process ------------------------------------------------------------------------

def host_child(save_dir: str, address: str = "127.0.0.1") -> int:
    """Serve 4-player games one after another on one port until stdin closes;
    one JSON line on stdout when listening and after each game."""
    import logging
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("kolonisten.bench").info("host pid %s serving", os.getpid())
    return asyncio.run(_host_games(save_dir, address))


async def _host_games(save_dir: str, address: str) -> int:
    import logging
    from game.engine import default_config
    from net.host.game import Host
    loop = asyncio.get_running_loop()
    stop = loop.run_in_executor(None, sys.stdin.read)      # returns when the parent closes stdin
    port, game = 0, 0
    while not stop.done():
        game += 1
        save = os.path.join(save_dir, f"game{game}.klsave")
        host = Host(default_config(players=4, seed=game), auto_start=True, save_path=save,
                    join_code=JOIN_CODE)
        port = await host.listen(address, port)
        if game == 1:
            print(json.dumps({"event": "listening", "port": port, "pid": os.getpid()}), flush=True)
        away = 0
        while not stop.done() and not host.finished.is_set() and away < 4:
            await asyncio.sleep(0.5)
            # a game whose players were all stopped (a stalled game) is given up
            seated = host.phase == "running" and all(s.conn is None for s in host.seats)
            away = away + 1 if seated else 0
        if not host.finished.is_set() and not stop.done():
            logging.getLogger("kolonisten.bench").warning(
                "game %s given up at record %s", game, len(host.auth.log) if host.auth else 0)
        if host.finished.is_set():
            await host.wait_peers_gone(3)
            print(json.dumps({"event": "game", "save": save, "commands": len(host.auth.log)}),
                  flush=True)
        await host.close()
    return 0


# --- the attacker process ----------------------------------------------------------------------

def attacker_child(kind: str, port: int, seconds: float, conns: int, addresses_file: str = "") -> int:
    import logging
    # Writing on into a connection the host cut makes asyncio warn once per
    # write ("SSL connection is closed"): tens of thousands of lines.
    logging.getLogger("asyncio").setLevel(logging.ERROR)
    if kind == "resync":
        runner = _resync_intruder(port, seconds)
    else:
        from tools.bench.netns import Addresses
        with open(addresses_file) as f:
            addresses = Addresses.attach(json.load(f))
        runner = _attack(kind, addresses, port, seconds, conns)
    stats = asyncio.run(runner)
    print(json.dumps(stats), flush=True)
    return 0


class _Until:
    """When an attack ends: once `seconds` have passed, or sooner once
    `enough()` holds (a test that has seen what it checks)."""

    def __init__(self, seconds: float, enough=None):
        self.end, self.enough = time.monotonic() + seconds, enough

    def left(self) -> float:
        """Seconds still to go (0 or less: stop)."""
        return 0.0 if self.enough is not None and self.enough() else self.end - time.monotonic()


async def _attack(kind, addresses, port, seconds, conns, enough=None) -> dict:
    """`conns` connections from each of the addresses, until `seconds` have
    passed (or `enough()` holds)."""
    stats = {"kind": kind, "connections": 0, "failed": 0, "frames": 0, "bytes_read": 0}
    until = _Until(seconds, enough)
    runner = _storm if kind == "storm" else _flood
    await asyncio.gather(*[runner(kind, addresses, port, until, stats, i)
                           for i in range(conns * addresses.n)])
    addresses.close()
    return stats


async def _connect(addresses, index, port, stats, small_window=False):
    """A TLS connection from address `index`, as a player's; with small_window the
    attacker's receive buffer is tiny, so the host's answers pile up at the host."""
    try:
        sock = addresses.socket_from(index)
    except OSError:
        stats["failed"] += 1
        await asyncio.sleep(0.05)
        return None, None
    try:
        if small_window:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        await asyncio.wait_for(asyncio.get_running_loop().sock_connect(
            sock, (addresses.host_address, port)), 2)
        from net.wire.secure import client_context
        reader, writer = await asyncio.wait_for(asyncio.open_connection(
            sock=sock, ssl=client_context(), server_hostname="kolonisten"), 5)
    except (OSError, asyncio.TimeoutError):
        sock.close()
        stats["failed"] += 1
        await asyncio.sleep(0.05)
        return None, None
    stats["connections"] += 1
    return reader, writer


def _batch(kind, rng) -> list:
    if kind == "ping":
        return [_frame({"t": "ping", "n": i}) for i in range(2000)]
    if kind == "junk":
        return [struct.pack(">I", 24) + rng.randbytes(24) for _ in range(2000)]
    if kind == "join":      # seat claims that fail: a join code's key exchange gone wrong, a guessed token
        return [_frame({"t": "join", "name": f"guest{i}", "pake": rng.randbytes(33),
                        "nonce": rng.randbytes(32)}) +
                _frame({"t": "join_confirm", "confirm": rng.randbytes(32)}) if i % 2 else
                _frame({"t": "rejoin", "seat": rng.randrange(4), "proof": rng.randbytes(32)})
                for i in range(200)]
    return [HELLO] * 2000       # hello, and noread: each asks for a welcome it never reads


async def _flood(kind, addresses, port, until, stats, index) -> None:
    rng = random.Random(index)
    frames = _batch(kind, rng)
    batch = b"".join(frames)
    while until.left() > 0:
        reader, writer = await _connect(addresses, index, port, stats, small_window=kind == "noread")
        if writer is None:
            continue
        drain = None if kind == "noread" else asyncio.ensure_future(_discard(reader, stats))
        try:
            writer.write(HELLO)
            while until.left() > 0:
                writer.write(batch)
                stats["frames"] += len(frames)
                await asyncio.wait_for(writer.drain(), max(0.01, until.left()))
        except (OSError, asyncio.TimeoutError):
            pass
        finally:
            if drain is not None:
                drain.cancel()
            writer.transport.abort()


async def _discard(reader, stats) -> None:
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                return
            stats["bytes_read"] += len(data)
    except OSError:
        return


async def _storm(kind, addresses, port, until, stats, index) -> None:
    while until.left() > 0:
        reader, writer = await _connect(addresses, index, port, stats)
        if writer is None:
            continue
        writer.write(HELLO)
        stats["frames"] += 1
        writer.transport.abort()


async def _resync_intruder(port, seconds) -> dict:
    """Play one game as a seated player who asks for resyncs for at most
    `seconds`, as fast as the host reads a seated connection (just under
    limits.SEATED_RATE frames a second: more would only wait in TCP, and
    hold up the intruder's own moves behind its flood)."""
    from net.host.limits import SEATED_RATE
    batch = max(1, int(SEATED_RATE * 0.8 * 0.01))       # every 10 ms
    from net.peer.bot import BotPlayer, play
    from net.peer.tokens import TokenStore
    stats = {"kind": "resync", "resyncs_sent": 0, "views_received": 0}
    with tempfile.TemporaryDirectory(prefix="kolonisten-intruder-") as tokens:
        player = BotPlayer("intruder", TokenStore(tokens), seed=random.randrange(1 << 30))
        handle = player.game.handle

        def counting(msg):
            if msg["t"] == "sync" and msg["reason"] == "resync":
                stats["views_received"] += 1
            return handle(msg)
        player.game.handle = counting
        game = asyncio.ensure_future(play(("127.0.0.1", port), "intruder", player=player,
                                          join_code=JOIN_CODE))
        deadline = time.monotonic() + seconds
        while not game.done():
            conn = getattr(player.game.send, "__self__", None)     # the bot's Connection
            flooding = time.monotonic() < deadline and player.game.replica is not None
            if flooding and conn is not None and not conn.closed and \
                    conn.writer.transport.get_write_buffer_size() < 65536:
                for _ in range(batch):
                    conn.send({"t": "resync"})
                stats["resyncs_sent"] += batch
            await asyncio.sleep(0.01)
        stats["ok"] = game.result()["ok"]
    return stats


# --- the honest players and the measurements ---------------------------------------------------

def _sample(pid: int) -> tuple:
    """(RSS in MB, open files) of a process."""
    rss = 0.0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
    return round(rss, 1), len(os.listdir(f"/proc/{pid}/fd"))


class Sampler(threading.Thread):
    """The host's peak RSS and open files while running."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak_rss, self.peak_files = pid, 0.0, 0
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.wait(0.05):
            try:
                rss, files = _sample(self.pid)
            except OSError:
                return
            self.peak_rss, self.peak_files = max(self.peak_rss, rss), max(self.peak_files, files)


GAME_LIMIT = 300.0      # seconds; a game still running then counts as stalled


def _play_game(port: int, token_dir: str, seed: int, stalled: list, intruder=None,
               host_address: str = "127.0.0.1") -> list:
    """One game of 4 bot processes (3 and the `intruder` process, if given);
    returns the honest ones' round trips as (sent ns, ms).  A game that does
    not end within GAME_LIMIT is stopped and noted in `stalled`."""
    children = [subprocess.Popen(
        [sys.executable, "-m", "tools.bench.network", "--child", f"{host_address}:{port}", f"bot{i}",
         token_dir, str(seed * 10 + i), JOIN_CODE], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True) for i in range(4 if intruder is None else 3)]
    deadline = time.monotonic() + GAME_LIMIT
    outs = []
    for child in children:
        try:
            outs.append(child.communicate(timeout=max(0.1, deadline - time.monotonic()))[0])
        except subprocess.TimeoutExpired:
            outs.append(None)
    if None in outs:
        for child in children + ([intruder] if intruder is not None else []):
            child.kill()
            child.wait()
        stalled.append(seed)
        return []
    trips = []
    for out in outs:
        log = json.loads(out)
        if not log["ok"]:
            raise SystemExit("tools.bench.network --attack: an honest player did not finish in step with the host")
        rejected = {str(i) for i in log["rejected"]}
        for ident, (sent, seq) in log["sent"].items():
            back = log["own"].get(str(seq + 1))
            if ident not in rejected and back is not None:
                trips.append((sent, (back - sent) / 1e6))
    return trips


def _attacker(kind, port, seconds, conns, addresses_file=""):
    return subprocess.Popen([sys.executable, "-m", "tools.bench.network", "--attacker", kind, str(port),
                             str(seconds), str(conns), addresses_file], stdout=subprocess.PIPE, text=True)


def _resync_games(port, work, seed, seconds, stalled, at) -> tuple:
    """Games with a resync intruder in one seat until `seconds` of flooding
    have passed: (honest round trips, the intruders' stats summed, next seed)."""
    trips, stats = [], {"kind": "resync", "games": 0, "resyncs_sent": 0, "views_received": 0}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        intruder = _attacker("resync", port, max(1.0, deadline - time.monotonic()), 1)
        trips += _play_game(port, work, seed, stalled, intruder=intruder, host_address=at)
        seed += 1
        try:
            out = json.loads(intruder.communicate(timeout=60)[0] or "{}")
        except subprocess.TimeoutExpired:
            intruder.kill()
            intruder.wait()
            out = {}
        stats["games"] += 1
        for key in ("resyncs_sent", "views_received"):
            stats[key] += out.get(key, 0)
    return trips, stats, seed


def _figures(trips) -> dict:
    ms = sorted(t for _, t in trips)
    if not ms:
        return {"commands": 0, "median_ms": None, "p99_ms": None}
    return {"commands": len(ms), "median_ms": round(statistics.median(ms), 2),
            "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2)}


def run(kind: str, seconds: float, conns: int | None, games: int, sources: int = 1,
        namespaces: bool = True) -> dict:
    """One measured run; `sources` addresses attack (namespaces where possible
    and wanted, deleted again before this returns)."""
    from tools.bench.netns import Addresses
    import signal
    # A SIGTERM still deletes the namespaces (the `with` below runs its exit).
    previous = signal.signal(signal.SIGTERM, lambda *_: sys.exit("tools.bench.network: stopped"))
    try:
        with Addresses(sources, namespaces=namespaces and kind != "resync") as addresses:
            return _run(kind, seconds, conns or DEFAULT_CONNS[kind], games, addresses)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _lines(path) -> int:
    with open(path, "rb") as f:
        return f.read().count(b"\n")


def _run(kind, seconds, conns, games, addresses) -> dict:
    from game import saves
    at = addresses.host_address
    with tempfile.TemporaryDirectory(prefix="kolonisten-attack-") as work:
        log_path = os.path.join(work, "host.log")
        addresses_file = os.path.join(work, "addresses.json")
        with open(addresses_file, "w") as f:
            json.dump(addresses.describe(), f)
        with open(log_path, "w") as log_file:
            host = subprocess.Popen([sys.executable, "-m", "tools.bench.network", "--host-child", work, at],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log_file,
                                    text=True)
        attacker = None
        try:
            hello = json.loads(host.stdout.readline())
            port, pid = hello["port"], hello["pid"]
            time.sleep(0.5)
            at_start = _sample(pid)
            seed, stalled = 1, {"without": [], "during": [], "after": []}
            base = []
            for _ in range(games):
                base += _play_game(port, work, seed, stalled["without"], host_address=at)
                seed += 1
            # "Before" is just before the attack: what the host holds after the
            # honest games without it is not the attack's doing.
            time.sleep(0.5)
            before = _sample(pid)
            lines_before = _lines(log_path)
            sampler = Sampler(pid)
            sampler.start()
            if kind == "resync":
                during, attack_stats, seed = _resync_games(port, work, seed, seconds,
                                                           stalled["during"], at)
            else:
                attacker = _attacker(kind, port, seconds, conns, addresses_file)
                started = time.perf_counter_ns()
                time.sleep(min(1.0, seconds / 4))       # the attack is under way
                during = []
                while attacker.poll() is None:
                    during += _play_game(port, work, seed, stalled["during"], host_address=at)
                    seed += 1
                ended = time.perf_counter_ns()
                attack_stats = json.loads(attacker.communicate(timeout=60)[0] or "{}")
                during = [t for t in during if started < t[0] < ended]
            time.sleep(AFTER_SECONDS)
            sampler.stopping.set()
            sampler.join()
            after = _sample(pid)
            lines_during = _lines(log_path) - lines_before
            later = _play_game(port, work, seed, stalled["after"], host_address=at)     # the host still serves
            time.sleep(0.3)
        finally:
            if attacker is not None and attacker.poll() is None:
                attacker.kill()
            host.stdin.close()
            out = host.stdout.read()
            host.wait(timeout=60)
        played = [json.loads(line) for line in out.splitlines() if line.strip()]
        saved = [p for p in played if p.get("event") == "game"]
        verified = 0
        for entry in saved:
            try:
                saves.restore(saves.load(entry["save"]), verify=True)
                verified += 1
            except saves.SaveError:
                pass
        with open(log_path) as f:
            log_text = f.read()
        if os.environ.get("BENCH_ATTACK_LOG"):      # keep the host's log to read
            with open(os.environ["BENCH_ATTACK_LOG"], "w") as f:
                f.write(log_text)
    from net.host import limits
    described = addresses.describe()
    described["sources"] = [described["sources"][0], described["sources"][-1]]
    described.pop("namespaces")
    figures = {
        "attack": kind, "attack_seconds": seconds, "from": described,
        "attacker_connections_per_address": conns,
        "attacker": attack_stats,
        "honest_without": _figures(base), "honest_during": _figures(during),
        "honest_after": _figures(later),
        "host_rss_mb": {"at_start": at_start[0], "before": before[0],
                        "peak": max(sampler.peak_rss, before[0]), "after_10s": after[0]},
        "host_open_files": {"before": before[1], "peak": max(sampler.peak_files, before[1]),
                            "after_10s": after[1]},
        "caps": {"connections": limits.connection_cap(), "per_address": limits.MAX_PER_ADDRESS,
                 "accepted_at_once": limits.ACCEPT_BACKLOG, "kept_free": limits.FD_RESERVE},
        "stalled_games": stalled,
        "host_log_lines": log_text.count("\n"), "tracebacks": log_text.count("Traceback"),
        "host_log_lines_during_attack_and_10s_after": lines_during,
        "games_saved": len(saved), "saves_verified": verified,
    }
    figures["targets"] = _targets(figures)
    return figures


def _targets(f) -> dict:
    base, during = f["honest_without"]["p99_ms"] or 0, f["honest_during"]["p99_ms"]
    rss, files = f["host_rss_mb"], f["host_open_files"]
    rss_bound = 50 if f["from"]["count"] <= 8 else 80
    return {
        "no_stalled_games": not any(f["stalled_games"].values()),
        "p99_within_3x_or_50ms": during is not None and (during <= 3 * base or during < 50),
        # the bound: +50 MB from up to 8 addresses, +80 MB from more
        f"rss_peak_within_{rss_bound}mb": rss["peak"] - rss["before"] <= rss_bound,
        "rss_after_within_20mb": rss["after_10s"] - rss["before"] <= 20,
        # held connections within the cap, plus what the host keeps free beside them
        # (limits.FD_RESERVE: connections accepted in one go and refused, twice over, and
        # the autosave's files, which are open during a game but not "before")
        "open_files_within_caps": files["peak"] <= (files["before"] + f["caps"]["connections"]
                                                    + f["caps"]["kept_free"]),
        "no_tracebacks": f["tracebacks"] == 0,
        "saves_intact": f["games_saved"] >= 1 and f["saves_verified"] == f["games_saved"],
    }


def print_figures(f, as_json: bool) -> None:
    if as_json:
        print(json.dumps(f))
        return
    where = f["from"]
    print(f"attack {f['attack']}: {f['attacker_connections_per_address']} connections from each of "
          f"{where['count']} addresses ({where['kind']}: {' … '.join(where['sources'])}), "
          f"{f['attack_seconds']:g} s; attacker: {f['attacker']}")
    if where.get("why_loopback"):
        print(f"  (loopback addresses: {where['why_loopback']})")
    for label in ("without", "during", "after"):
        h = f["honest_" + label]
        print(f"  honest round trip {label:>7}: median {h['median_ms']} ms, p99 {h['p99_ms']} ms "
              f"({h['commands']} commands)")
    rss, files = f["host_rss_mb"], f["host_open_files"]
    print(f"  host RSS MB: at start {rss['at_start']}, before the attack {rss['before']}, "
          f"peak {rss['peak']}, 10 s after {rss['after_10s']}")
    print(f"  host open files: before {files['before']}, peak {files['peak']}, "
          f"10 s after {files['after_10s']} (caps: {f['caps']})")
    print(f"  games stalled (not over in {GAME_LIMIT:g} s): {f['stalled_games']}")
    print(f"  host log: {f['host_log_lines']} lines ({f['host_log_lines_during_attack_and_10s_after']} "
          f"during the attack and 10 s after), {f['tracebacks']} tracebacks; "
          f"saves verified {f['saves_verified']}/{f['games_saved']}")
    for name, ok in f["targets"].items():
        print(f"  {'met ' if ok else 'MISSED'} {name}")
