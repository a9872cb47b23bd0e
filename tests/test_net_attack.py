"""A stranger on the network cannot exhaust the host:
connection caps, the handshake deadline, the bound on unsent bytes, the
reading budgets and the quiet logs of net/host/limits.py, over real TCP on
loopback (each host on its own free port).  Every flood is bounded in
frames and in time; nothing is timed."""

import asyncio
import logging
import os
import socket
import struct
import subprocess
import sys
import textwrap

from net.peer import connection as client
from net.wire import secure
from net.peer.connection import JoinRefused
import pytest

from wait_helpers import WAIT, until
from hypothesis import given, strategies as st

from game import saves
from net.host import connections
from net.host import limits
from game.engine import default_config
from net.host.game import Host
from net.host.seats import Seat
from net.host.limits import Budget, QuietLog, TokenBucket, quiet_accept_errors
from net.wire.protocol import HOST, decode
from net_helpers import Clock, HELLO, frame, local_game, start_host

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


async def connect(port, source="127.0.0.1", small_window=False, plain=False):
    """A TLS connection from `source` (plain: TCP only, as a storm opens them)."""
    sock = socket.socket()
    if small_window:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((source, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    if plain:
        return await asyncio.open_connection(sock=sock)
    # Every LAN connection is TLS (net/wire/secure.py): an attacker gets that far too.
    return await asyncio.open_connection(sock=sock, ssl=secure.client_context(), server_hostname="kolonisten")


async def replies(reader, wait=2.0, enough=None) -> list:
    """Messages until the host closes the line, `enough(messages)` holds or
    `wait` seconds pass without one."""
    out = []
    try:
        while enough is None or not enough(out):
            header = await asyncio.wait_for(reader.readexactly(4), wait)
            size = struct.unpack(">I", header)[0]
            out.append(decode(await reader.readexactly(size), HOST))
    except (asyncio.IncompleteReadError, ConnectionError, asyncio.TimeoutError):
        pass
    return out


# --- pieces ----------------------------------------------------------------------------------------

def test_token_bucket_charges_into_debt_and_says_how_long_to_wait():
    clock = Clock()
    bucket = TokenBucket(rate=10, burst=20, clock=clock)
    assert [bucket.charge(5) for _ in range(4)] == [0, 0, 0, 0]
    assert bucket.charge(5) == pytest.approx(0.5)      # 5 in debt at 10 a second
    clock.now += 0.5
    assert bucket.charge(0) == 0
    assert not bucket.try_take(1)
    clock.now += 10
    assert bucket.full() and bucket.try_take(20) and not bucket.try_take(1)


def test_a_seat_brings_a_larger_budget_and_refused_frames_cost_more():
    clock = Clock()
    unseated = Budget(clock)
    pings = sum(unseated.charge("ping", 0, seated=False) == 0 for _ in range(1000))
    assert pings == int(limits.UNSEATED_BURST)          # then it waits
    junk_budget, cmd_budget = Budget(clock), Budget(clock)
    junk = sum(junk_budget.charge(None, 0, seated=False) == 0 for _ in range(1000))
    cmds = sum(cmd_budget.charge("cmd", 60, seated=True) == 0 for _ in range(10000))
    assert junk < pings and cmds >= limits.SEATED_BURST * 0.9


def test_repeated_errors_are_logged_once_per_interval_with_a_count(caplog):
    clock = Clock()
    quiet = QuietLog(logging.getLogger("kolonisten.test"), every=10, clock=clock)
    with caplog.at_level(logging.WARNING, logger="kolonisten.test"):
        logged = [quiet.log(logging.WARNING, "k", "refused %s", i) for i in range(500)]
        clock.now += 11
        quiet.log(logging.WARNING, "k", "refused again")
    assert logged.count(True) == 1
    assert [r.getMessage() for r in caplog.records] == [
        "refused 0", "refused again (and 499 more like it in the last 10 s)"]


def test_accept_failures_at_the_open_file_limit_are_one_line_per_interval_not_tracebacks(caplog):
    async def main():
        loop = asyncio.get_running_loop()
        quiet_accept_errors(loop, logging.getLogger("kolonisten.test"))
        quiet_accept_errors(loop, logging.getLogger("kolonisten.test"))     # installed once
        for _ in range(1000):
            loop.call_exception_handler({"message": "socket.accept() out of system resource",
                                         "exception": OSError(24, "Too many open files")})
    with caplog.at_level(logging.DEBUG):
        asyncio.run(main())
    lines = [r for r in caplog.records if "accept" in r.getMessage()]
    assert len(lines) == 1 and "Too many open files" in lines[0].getMessage()
    assert all(r.exc_info is None for r in caplog.records)


# --- over TCP ------------------------------------------------------------------------------------------

def test_connections_from_one_address_are_capped_and_the_extra_ones_told_why(monkeypatch):
    monkeypatch.setattr(limits, "MAX_PER_ADDRESS", 3)

    async def main():
        host = await start_host(2)
        held = [await connect(host.port, "127.0.0.5") for _ in range(3)]
        assert await until(lambda: len(host.connections.conns) == 3)
        for _ in range(4):      # cut before TLS: the client is told the host is busy
            with pytest.raises(JoinRefused) as refused:
                await client.open_connection(("127.0.0.1", host.port), source="127.0.0.5")
            assert refused.value.code == "busy"
        assert len(host.connections.conns) == 3 and host.connections.refused == 4
        other = await connect(host.port, "127.0.0.6")       # another address is let in
        assert await until(lambda: len(host.connections.conns) == 4
                           and all(c.secured for c in host.connections.conns))
        for _, writer in held + [other]:
            writer.close()
        await host.close()
    asyncio.run(main())


def test_at_the_total_cap_the_oldest_unseated_connection_makes_room_but_seated_ones_stay(monkeypatch):
    monkeypatch.setattr(limits, "MAX_CONNECTIONS", 3)

    async def main():
        host = await start_host(2)
        assert host.connections.admission.cap == 3
        seated = []
        for name in ("ann", "bob"):
            reader, writer = await connect(host.port)
            writer.write(HELLO + frame({"t": "join", "name": name}))
            seated.append((reader, writer))
        assert await until(lambda: sum(c.seat is not None for c in host.connections.conns) == 2)
        first = await connect(host.port, "127.0.0.7")
        assert await until(lambda: len(host.connections.conns) == 3)
        second = await connect(host.port, "127.0.0.8")      # pushes `first` out
        assert await replies(first[0]) == []                # cut off, no answer
        assert await until(lambda: len(host.connections.conns) == 3)
        assert sum(c.seat is not None for c in host.connections.conns) == 2
        assert {c.address for c in host.connections.conns if c.seat is None} == {"127.0.0.8"}
        for _, writer in seated + [first, second]:
            writer.close()
        await host.close()
    asyncio.run(main())


def test_a_connection_storm_from_one_address_is_refused_beyond_its_rate(monkeypatch):
    """Refused before TLS: a refused connection never costs the host TLS state."""
    handshakes = []
    real_secure = connections.Connections._secure

    async def counting_secure(self, conn):
        handshakes.append(conn.address)
        return await real_secure(self, conn)
    monkeypatch.setattr(connections.Connections, "_secure", counting_secure)

    async def main():
        host = await start_host(2)
        opened = 0
        for _ in range(int(limits.NEW_BURST) + 30):       # bounded: a few dozen connections
            reader, writer = await connect(host.port, "127.0.0.9", plain=True)
            writer.transport.abort()
            opened += 1
        assert await until(lambda: len(host.connections.conns) == 0)
        assert host.connections.refused >= 30 - limits.NEW_PER_SECOND * 10     # the rest came too fast
        assert len(handshakes) == opened - host.connections.refused
        reader, writer = await connect(host.port, "127.0.0.10")   # others are not held up
        writer.write(HELLO)
        assert (await replies(reader, wait=WAIT, enough=len))[0]["t"] == "welcome"
        writer.close()
        await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_a_peer_that_does_not_read_is_aborted_once_its_unsent_bytes_pass_the_bound(monkeypatch):
    """Without a seat, the bound is a stranger's short queue (limits.STRANGER_UNSENT),
    long before a player's MAX_UNSENT."""
    monkeypatch.setattr(limits, "UNSEATED_RATE", 1e9)
    monkeypatch.setattr(limits, "UNSEATED_BURST", 1e9)
    aborted_with = []
    real_abort = connections.Conn.abort

    def abort(conn):
        transport = conn.writer.transport
        assert not conn.placed
        aborted_with.append(transport.get_write_buffer_size())
        real_abort(conn)
    monkeypatch.setattr(connections.Conn, "abort", abort)

    async def main():
        host = await start_host(2)
        reader, writer = await connect(host.port, "127.0.0.11", small_window=True)
        sent = 0
        try:
            for _ in range(400):        # at most 400 × 100 hellos, each answered by a welcome
                writer.write(HELLO * 100)
                sent += 100
                await asyncio.wait_for(writer.drain(), 5)
                if aborted_with:
                    break
        except (ConnectionError, asyncio.TimeoutError):
            pass
        assert await until(lambda: aborted_with and not host.connections.conns)
        assert limits.STRANGER_UNSENT < aborted_with[0] <= limits.STRANGER_UNSENT + 1024   # one answer past it
        writer.transport.abort()
        await host.close()
        return sent
    assert asyncio.run(main()) <= 40000


def test_a_connection_without_a_seat_is_cut_off_after_the_handshake_deadline(monkeypatch):
    monkeypatch.setattr(limits, "HANDSHAKE_SECONDS", 0.3)
    monkeypatch.setattr(connections, "PING_EVERY", 0.1)

    async def main():
        host = await start_host(2)
        idle_reader, idle_writer = await connect(host.port)
        idle_writer.write(HELLO)
        player_reader, player_writer = await connect(host.port)
        player_writer.write(HELLO + frame({"t": "join", "name": "ann"}))
        answers = await replies(idle_reader, wait=5.0)      # ends when the host cuts the line
        assert [m["t"] for m in answers if m["t"] != "ping"] == ["welcome"]
        assert [c.seat for c in host.connections.conns] == [0]          # the seated player stays
        for w in (idle_writer, player_writer):
            w.close()
        await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_a_game_is_played_to_its_end_while_a_stranger_floods_pings_junk_and_hellos(tmp_path):
    """Three flooding connections from another address, each bounded to
    20,000 frames; the honest game ends in step with the host, and the
    flooders were read far more slowly than they wrote."""
    async def flood(port, batch):
        reader, writer = await connect(port, "127.0.0.12")
        got = asyncio.ensure_future(replies(reader, wait=30.0))
        sent = 0
        try:
            while sent < 20000 and not stop.is_set():
                writer.write(batch * 100)
                sent += 100
                await asyncio.wait_for(writer.drain(), 30)
        except (ConnectionError, asyncio.TimeoutError):
            pass
        writer.transport.abort()
        return sent, len(await got)

    async def main():
        global stop
        stop = asyncio.Event()
        host = await start_host(3, seed=7)
        kinds = [frame({"t": "ping", "n": 1}), struct.pack(">I", 5) + b"\xc1junk", HELLO]
        floods = [asyncio.ensure_future(flood(host.port, b)) for b in kinds]
        host, results, _, _ = await local_game(3, str(tmp_path), host=host)
        stop.set()
        figures = await asyncio.gather(*floods)
        assert all(r["ok"] for r in results), results
        assert host.auth.state.phase == 9 and results[0]["public_hash"] == host.result()["public_hash"]
        await host.close()
        return figures
    figures = asyncio.run(main())
    for sent, answered in figures:
        assert answered < sent      # the host answered only what its budget let it read


STORM_HOST = textwrap.dedent("""
    import asyncio, os, resource, sys, json
    from net.host.limits import open_files
    from net.host.game import Host
    from game.engine import default_config
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (open_files() + 60, hard))
    async def main():
        host = Host(default_config(players=2, seed=3, vp_target=4), auto_start=True,
                    save_path=sys.argv[1])
        port = await host.listen("127.0.0.1", 0)
        print(json.dumps({"port": port, "cap": host.connections.admission.cap}), flush=True)
        await asyncio.wait_for(host.finished.wait(), 120)
        await host.wait_peers_gone(3)
        await host.close()
        print(json.dumps({"commands": len(host.auth.log), "save_error": host.save_error and str(host.save_error)}), flush=True)
    asyncio.run(main())
""")


@pytest.mark.slow
def test_with_a_low_open_file_limit_a_storm_neither_stops_the_game_nor_its_autosave(tmp_path):
    """The host runs in a subprocess with RLIMIT_NOFILE lowered to what it
    holds plus 60; 40 addresses open 60 connections while two bots play."""
    save = str(tmp_path / "storm.klsave")
    child = subprocess.Popen([sys.executable, "-c", STORM_HOST, save], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = __import__("json").loads(child.stdout.readline())
        assert first["cap"] < limits.MAX_CONNECTIONS        # the cap follows the limit

        async def main():
            held = []

            async def storm():
                for i in range(60):
                    try:
                        held.append(await connect(first["port"], f"127.0.1.{i % 40 + 1}"))
                    except OSError:
                        pass
                    await asyncio.sleep(0)
            storming = asyncio.ensure_future(storm())
            from net.peer.bot import play
            from net.peer.tokens import TokenStore
            results = await asyncio.wait_for(asyncio.gather(*[
                play(("127.0.0.1", first["port"]), f"p{i}", TokenStore(str(tmp_path)), seed=i)
                for i in range(2)]), 120)
            await storming
            for _, writer in held:
                writer.transport.abort()
            return results
        results = asyncio.run(main())
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert all(r["ok"] for r in results), results
    last = __import__("json").loads(out.splitlines()[-1])
    assert last["save_error"] is None
    assert "Traceback" not in err, err[-2000:]
    game = saves.load(save)
    assert len(game.commands) == last["commands"]
    saves.restore(game, verify=True)


@pytest.mark.slow
def test_a_seated_player_flooding_resync_gets_merged_views_and_the_game_finishes(tmp_path):
    """Seat 0's bot asks for 20 resyncs with every message it gets (bounded by
    the game's length); the host merges them and sends whole views only at
    the resync budget, and the game still ends in step with the host."""
    from net.peer.bot import BotPlayer, play
    from net.peer.tokens import TokenStore

    async def main():
        host = Host(default_config(players=3, seed=5, vp_target=5), auto_start=True)
        await host.listen("127.0.0.1", 0)
        players = [BotPlayer(f"bot{i}", TokenStore(str(tmp_path)), seed=100 + i) for i in range(3)]
        flooder = players[0]
        asked = []
        deliver = flooder.deliver

        def greedy(msg):
            deliver(msg)
            if flooder.game.replica is not None and flooder.game.send is not None:
                for _ in range(20):
                    flooder.game.send({"t": "resync"})
                asked.append(20)
        flooder.deliver = greedy
        results = await asyncio.wait_for(asyncio.gather(*[
            play(("127.0.0.1", host.port), p.game.name, player=p) for p in players]), 120)
        await host.close()
        return results, sum(asked), flooder.game.syncs
    results, asked, answered = asyncio.run(main())
    assert results[1]["ok"] and results[2]["ok"], results
    assert answered < asked / 50    # the budget kept the host from serving every resync


def test_memory_is_given_back_once_new_connections_have_calmed_down(monkeypatch):
    released = []
    monkeypatch.setattr(limits, "CALM_SECONDS", 0.2)
    monkeypatch.setattr(limits, "CLOSE_GRACE", 0.3)
    monkeypatch.setattr(connections, "PING_EVERY", 0.1)
    monkeypatch.setattr(limits, "release_memory", lambda: released.append(True) or True)

    async def main():
        host = await start_host(2)
        await asyncio.sleep(0.5)
        assert released == []           # no connection yet: nothing to give back
        for _ in range(5):
            _, writer = await connect(host.port, "127.0.0.12", plain=True)
            writer.transport.abort()
        assert await until(lambda: released)
        assert await until(lambda: len(released) == 2)     # and after the grace
        await asyncio.sleep(0.8)
        assert len(released) == 2       # twice per burst, not at every heartbeat
        await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_release_memory_says_whether_the_platform_could_do_it():
    import ctypes.util
    expected = sys.platform.startswith("linux") and ctypes.util.find_library("c") is not None
    assert limits.release_memory() is expected


class FakeWriter:
    def __init__(self, address):
        self.address = address
        self.closed = False

    def get_extra_info(self, key):
        return (self.address, 1234) if key == "peername" else None

    def write(self, data):
        pass

    def close(self):
        self.closed = True


def _admitting_host(cap, seats):
    host = Host(default_config(players=seats, seed=1), identity=secure.load_identity())
    host.connections.admission = limits.Admission(cap=cap, per_address=100)
    host.connections.admission.rates = _NoRate()
    return host


class _NoRate(dict):
    """Admission rates that never run dry (the rate is tested elsewhere)."""

    def get(self, address, default=None):
        return TokenBucket(1e9, 1e9)


@given(seats=st.integers(2, 4), extra_cap=st.integers(1, 6),
       strangers=st.lists(st.integers(20, 250), min_size=1, max_size=80))
def test_strangers_on_many_addresses_cannot_fill_the_room_kept_for_returning_players(
        seats, extra_cap, strangers):
    """Whatever a stranger opens from however many addresses, a
    player coming back from an address that held a seat is let in, and
    seated connections are never pushed out."""
    async def main():
        host = _admitting_host(cap=seats + extra_cap, seats=seats)
        cid = 0

        def arrive(address):
            nonlocal cid
            cid += 1
            conn = connections.Conn(FakeWriter(address), cid)
            conn.opened = cid           # arrival order decides who is oldest
            if host.connections._admit(conn):
                host.connections.conns.add(conn)
                return conn
            return None
        players = []
        for seat in range(seats):
            conn = arrive(f"10.0.0.{seat + 1}")
            host.seats[seat] = Seat(f"p{seat}", "red", "t" * 24)
            host._take_seat(conn, seat)
            players.append(conn)
        host.phase = "running"          # the seats' holders may now leave and come back
        host.drop(players[0])
        for last in strangers:
            arrive(f"192.168.1.{last}")
        back = arrive("10.0.0.1")
        assert back is not None
        for last in strangers:          # while it proves its seat, the stranger goes on
            arrive(f"192.168.2.{last}")
        assert back in host.connections.conns
        assert all(c in host.connections.conns for c in players[1:])
        assert len(host.connections.conns) <= host.connections.admission.cap
    asyncio.run(main())


def test_over_tcp_a_stranger_filling_the_cap_from_many_addresses_leaves_a_players_address_room(
        monkeypatch):
    monkeypatch.setattr(limits, "MAX_CONNECTIONS", 5)

    async def main():
        host = await start_host(3)
        ann = await connect(host.port, "127.0.0.1")
        ann[1].write(HELLO + frame({"t": "join", "name": "ann"}))
        bob = await connect(host.port, "127.0.0.3")
        bob[1].write(HELLO + frame({"t": "join", "name": "bob"}))
        assert await until(lambda: sum(c.seat is not None for c in host.connections.conns) == 2)
        bob[1].transport.abort()        # bob leaves the lobby (his seat is freed) ...
        assert await until(lambda: len(host.connections.conns) == 1)
        strangers = []
        for i in range(8):              # ... a stranger takes every slot it can, from 8 addresses
            strangers.append(await connect(host.port, f"127.0.0.{40 + i}", plain=True))
        assert await until(lambda: len(host.connections.conns) == 3)    # 5 less one per seat: 2 for strangers
        back = await connect(host.port, "127.0.0.3")        # ... and bob comes back
        for i in range(8):              # while the stranger goes on
            strangers.append(await connect(host.port, f"127.0.0.{60 + i}", plain=True))
        back[1].write(HELLO + frame({"t": "join", "name": "bob"}))
        assert await until(lambda: sum(c.seat is not None for c in host.connections.conns) == 2)
        assert {c.address for c in host.connections.conns if c.seat is not None} == {"127.0.0.1", "127.0.0.3"}
        for _, writer in [ann, back] + strangers:
            writer.transport.abort()
        assert await until(lambda: not host.connections.conns)     # (closing mid-handshake waits)
        await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_the_bench_tools_resync_intruder_floods_from_its_seat_and_still_plays_it(tmp_path):
    """`tools.bench.network --attack resync`: the intruder, one of the
    players, floods resync requests; the host's budget answers few of them,
    and the intruder and the honest players all finish the game in step."""
    from net.peer.bot import play
    from tools.bench.network_attack import JOIN_CODE, _resync_intruder

    async def main():
        host = await start_host(3, seed=9, join_code=JOIN_CODE)     # the intruder joins with the code
        intruder = asyncio.ensure_future(_resync_intruder(host.port, 60.0))
        honest = await asyncio.wait_for(asyncio.gather(*[
            play(("127.0.0.1", host.port), f"bot{i}", seed=i, store=None,
                 pin=host.identity.fingerprint, join_code=JOIN_CODE) for i in range(2)]), 120)
        stats = await asyncio.wait_for(intruder, 30)
        await host.close()
        return honest, stats
    honest, stats = asyncio.run(main())
    assert all(r["ok"] for r in honest), honest
    assert stats["ok"] and stats["resyncs_sent"] >= 100      # how many depends on the game's length
    assert stats["views_received"] < stats["resyncs_sent"] / 20


def test_giving_memory_back_first_collects_closed_connections_in_cycles():
    """An idle host's collector may not run for long: release_memory() collects
    cyclic garbage (closed connections' TLS objects) before trimming the heap."""
    import gc
    import weakref
    from net.host import limits

    class Node:
        pass

    a, b = Node(), Node()
    a.other, b.other = b, a
    alive = weakref.ref(a)
    del a, b
    gc.disable()
    try:
        assert alive() is not None          # only a collection frees a cycle
        limits.release_memory()
        assert alive() is None
    finally:
        gc.enable()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_the_host_keeps_large_buffers_out_of_the_heap_on_linux():
    """asyncio's 256 KiB TLS read buffers must not land in the heap after the
    first one is freed (glibc's moving mmap threshold): the host fixes it."""
    from net.host import limits
    assert limits.keep_large_buffers_out_of_the_heap() is True


def test_strangers_whose_tls_never_came_leave_nothing_for_the_host_to_wait_on(monkeypatch):
    """A connection cut before its TLS was up (to make room, or gone mid-handshake)
    kept its end unheard: 38 of 40 strangers stayed in the host's list of
    open connections for good, and closing the host waited 2 s for them."""
    monkeypatch.setattr(limits, "MAX_CONNECTIONS", 5)

    async def main():
        host = await start_host(3)
        strangers = [await connect(host.port, f"127.0.0.{40 + i}", plain=True) for i in range(12)]
        assert await until(lambda: host.connections._next_cid >= len(strangers))      # all arrived
        for _, writer in strangers:
            writer.transport.abort()
        assert await until(lambda: not host.connections.conns)
        assert await until(lambda: not host.connections._open, timeout=5), len(host.connections._open)
        await host.close()
    asyncio.run(main())
