"""A crowd (one attacker on many addresses) cannot exhaust the host: the limits
on all strangers together in net/host/limits.py (`Crowd`: TLS handshakes under
way, new connections per interval, failed seat claims per interval) and the
bound on log lines, over real TCP on loopback (127.0.x.y addresses, each host
on its own free port).  Every flood is bounded; nothing is timed: the buckets
run on a test clock."""

import asyncio
import logging
import os
import struct

import pytest

from net.host import connections, limits
from net.host.limits import Crowd, QuietLog
from net.wire import secure
from net.wire.protocol import HOST, decode
from net_helpers import Clock, HELLO, frame, start_host
from wait_helpers import until


async def tcp(port, source):
    """A plain TCP connection from `source` that never starts TLS: at the
    host it stays a handshake under way."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def tls(port, source):
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0),
                                         ssl=secure.client_context(), server_hostname="kolonisten")


async def read_message(reader, wait=5.0):
    """The next message from the host, or None when it closed the line."""
    try:
        size = struct.unpack(">I", await asyncio.wait_for(reader.readexactly(4), wait))[0]
        return decode(await reader.readexactly(size), HOST)
    except (asyncio.IncompleteReadError, ConnectionError):
        return None


async def messages_until_closed(reader, wait=5.0) -> list:
    out = []
    while (msg := await read_message(reader, wait)) is not None:
        out.append(msg)
    return out


@pytest.fixture
def host_log(monkeypatch, caplog):
    """A fresh quiet log on a test clock (the module's one remembers other
    tests' lines), and the host's lines captured."""
    clock = Clock()
    quiet = QuietLog(connections.log, clock=clock)
    monkeypatch.setattr(connections, "quiet", quiet)
    caplog.set_level(logging.INFO, logger="kolonisten.net.host")
    return quiet, clock, caplog


def refusals(caplog) -> list:
    return [r.getMessage() for r in caplog.records if "refused a connection" in r.getMessage()]


def unseated_handshakes(host) -> int:
    return sum(not c.secured for c in host.connections.conns)


def close_all(writers) -> None:
    for writer in writers:
        writer.transport.abort()


# --- the pieces ---------------------------------------------------------------------------------

def test_the_crowd_refuses_past_each_limit_with_a_reason_and_a_player_keeps_the_reserve():
    clock = Clock()
    crowd = Crowd(clock)
    stranger_max = limits.MAX_HANDSHAKES - limits.HANDSHAKE_RESERVE
    assert crowd.refusal(player=False, handshakes=stranger_max - 1) is None
    assert "being set up at once" in crowd.refusal(player=False, handshakes=stranger_max)
    assert crowd.refusal(player=True, handshakes=stranger_max) is None         # the reserve
    assert "being set up at once" in crowd.refusal(player=True, handshakes=limits.MAX_HANDSHAKES)
    crowd = Crowd(clock)
    taken = sum(crowd.refusal(player=False, handshakes=0) is None for _ in range(500))
    assert taken == int(limits.NEW_HANDSHAKES_BURST)
    assert "too many new connections" in crowd.refusal(player=False, handshakes=0)
    assert crowd.refusal(player=True, handshakes=0) is None     # a player's address is not counted
    clock.now += 1.0
    assert crowd.refusal(player=False, handshakes=0) is None    # the load ended: room again
    failed = sum(crowd.join_failed() for _ in range(500))
    assert failed == int(limits.FAILED_JOINS_BURST)
    assert "failed joins" in crowd.refusal(player=False, handshakes=0)
    assert crowd.refusal(player=True, handshakes=0) is None
    clock.now += 1.0 / limits.FAILED_JOINS_PER_SECOND
    assert crowd.refusal(player=False, handshakes=0) is None


def test_log_lines_of_all_kinds_together_are_bounded_and_what_was_left_out_is_summed_up():
    clock = Clock()
    lines = []

    class Logger:
        def log(self, level, msg, *args, exc_info=None):
            lines.append(msg % args)
    quiet = QuietLog(Logger(), every=10, clock=clock, lines=5)
    for i in range(2000):       # 50 kinds of message, 40 of each, within one interval
        quiet.log(logging.WARNING, f"kind{i % 50}", "refused number %s", i,
                  summary="refused {n} more in the last {s} s")
    assert len(lines) == 5
    clock.now += 10
    written = quiet.flush()
    assert written == 50 and len(lines) == 55       # one line per kind, not one per message
    counted = sum(int(line.split()[1]) for line in lines[5:])
    assert counted == 2000 - 5
    counts = sorted(int(line.split()[1]) for line in lines[5:])
    assert counts == [39] * 5 + [40] * 45       # the five kinds logged once had one line already
    assert all(line.startswith("refused ") and " more in the last 10 s (the latest: refused number " in line
               for line in lines[5:])
    assert quiet.flush() == 0       # nothing left over


# --- over TCP ------------------------------------------------------------------------------------

def test_handshakes_under_way_are_capped_and_the_cap_frees_up_when_they_end(monkeypatch, host_log):
    monkeypatch.setattr(limits, "MAX_HANDSHAKES", 4)
    monkeypatch.setattr(limits, "HANDSHAKE_RESERVE", 1)
    _, _, caplog = host_log

    async def main():
        host = await start_host(2)
        held = [(await tcp(host.port, f"127.0.1.{i + 1}"))[1] for i in range(3)]
        assert await until(lambda: unseated_handshakes(host) == 3)
        extra = (await tcp(host.port, "127.0.1.9"))[1]          # the 4th stranger
        assert await until(lambda: host.connections.refused == 1)
        assert "being set up at once" in refusals(caplog)[0]
        host.connections.player_addresses["127.0.1.20"] = None      # held a seat here once
        player = await tls(host.port, "127.0.1.20")                # the reserve lets it in
        player[1].write(HELLO)
        assert (await read_message(player[0]))["t"] == "welcome"
        close_all(held + [extra])
        assert await until(lambda: unseated_handshakes(host) == 0)
        again = await tls(host.port, "127.0.1.10")                  # room again
        again[1].write(HELLO)
        assert (await read_message(again[0]))["t"] == "welcome"
        assert host.connections.refused == 1
        close_all([player[1], again[1]])
        await host.close()
    asyncio.run(main())


def test_new_connections_of_all_strangers_are_capped_per_interval(monkeypatch, host_log):
    monkeypatch.setattr(limits, "NEW_HANDSHAKES_BURST", 3.0)
    monkeypatch.setattr(limits, "NEW_HANDSHAKES_PER_SECOND", 1.0)
    _, _, caplog = host_log
    clock = Clock()

    async def main():
        host = await start_host(2)
        host.connections.crowd = Crowd(clock)
        for i in range(3):      # three addresses, one connection each: within every per-address limit
            reader, writer = await tls(host.port, f"127.0.2.{i + 1}")
            writer.write(HELLO)
            assert (await read_message(reader))["t"] == "welcome"
            writer.transport.abort()
        await tcp(host.port, "127.0.2.4")
        assert await until(lambda: host.connections.refused == 1)
        assert "too many new connections" in refusals(caplog)[0]
        clock.now += 1.0        # a second later the interval has room for one more
        reader, writer = await tls(host.port, "127.0.2.5")
        writer.write(HELLO)
        assert (await read_message(reader))["t"] == "welcome"
        assert host.connections.refused == 1
        writer.transport.abort()
        await host.close()
    asyncio.run(main())


def test_failed_seat_claims_of_all_strangers_are_capped_per_interval(monkeypatch, host_log):
    monkeypatch.setattr(limits, "FAILED_JOINS_BURST", 3.0)
    quiet, log_clock, caplog = host_log
    clock = Clock()

    async def main():
        host = await start_host(2, join_code="4711-0815")
        host.connections.crowd = Crowd(clock)
        reader, writer = await tls(host.port, "127.0.3.1")
        writer.write(HELLO)
        for seat in range(6):       # wrong tokens: each claim fails
            writer.write(frame({"t": "rejoin", "seat": seat % 2, "proof": os.urandom(32)}))
        answers = await messages_until_closed(reader)
        assert [m["t"] for m in answers] == ["welcome"] + ["error"] * 4     # the 4th is one too many
        assert {m["code"] for m in answers[1:]} == {"bad_token"}
        await tcp(host.port, "127.0.3.2")       # a new stranger now waits ...
        assert await until(lambda: host.connections.refused == 1)
        assert "too many failed joins" in refusals(caplog)[0]
        host.connections.player_addresses["127.0.3.3"] = None
        player = await tls(host.port, "127.0.3.3")      # ... a player's address does not
        player[1].write(HELLO)
        assert (await read_message(player[0]))["t"] == "welcome"
        clock.now += 1.0 / limits.FAILED_JOINS_PER_SECOND       # the interval is over
        reader, writer = await tls(host.port, "127.0.3.4")
        writer.write(HELLO + frame({"t": "join", "name": "guest", "pake": os.urandom(33),
                                                "nonce": os.urandom(32)}))
        assert [m["t"] for m in [await read_message(reader), await read_message(reader)]] == \
            ["welcome", "error"]
        assert host.connections.failed_joins == 5
        # one line for the failed claims (and one for the refusal); the rest summed up later
        failed_lines = [r for r in caplog.records if "refused a seat" in r.getMessage()]
        assert len(failed_lines) == 1
        log_clock.now += quiet.every
        quiet.flush()
        summary = [r.getMessage() for r in caplog.records][-1]
        assert summary.startswith("refused a seat 4 more times in the last 10 s")
        close_all([writer, player[1]])
        await host.close()
    asyncio.run(main())


def test_a_seated_players_reconnect_is_admitted_while_every_crowd_limit_is_reached(
        monkeypatch, host_log):
    monkeypatch.setattr(limits, "MAX_HANDSHAKES", 4)
    monkeypatch.setattr(limits, "HANDSHAKE_RESERVE", 1)
    clock = Clock()

    async def main():
        host = await start_host(2)
        host.connections.crowd = Crowd(clock)
        reader, writer = await tls(host.port, "127.0.4.1")
        writer.write(HELLO + frame({"t": "join", "name": "ann"}))
        assert (await read_message(reader))["t"] == "welcome"
        seated = await read_message(reader)
        assert seated["t"] == "seated"
        host.phase = "running"      # her seat is kept while she is away (no deal needed here)
        writer.transport.abort()
        assert await until(lambda: host.seats[0].conn is None)
        # The crowd uses up every limit: handshakes under way, new connections, failed claims.
        crowd = [(await tcp(host.port, f"127.0.4.{10 + i}"))[1] for i in range(3)]
        assert await until(lambda: unseated_handshakes(host) == 3)
        while host.connections.crowd.new.try_take():
            pass
        while host.connections.crowd.join_failed():
            pass
        await tcp(host.port, "127.0.4.30")
        assert await until(lambda: host.connections.refused == 1)      # a stranger is refused
        reader, writer = await tls(host.port, "127.0.4.1")          # she comes back
        writer.write(HELLO)
        welcome = await read_message(reader)
        proof = secure.token_proof(seated["token"], host.identity.fingerprint, welcome["nonce"], 0)
        writer.write(frame({"t": "rejoin", "seat": 0, "proof": proof}))
        assert (await read_message(reader))["t"] == "seated"
        assert host.seats[0].conn is not None and host.connections.refused == 1
        close_all(crowd + [writer])
        assert await until(lambda: not host.connections.conns)     # (closing mid-handshake waits)
        await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_a_headless_host_sums_up_join_spam_instead_of_a_line_per_knock(tmp_path):
    """Players without a seat token knocking on a running game: the first is
    printed with its hint, the rest summed up in one line, never one per knock."""
    import io
    from net.headless import run_host
    from test_net_resume import _free_port, _lan_save
    path, _, _ = _lan_save(tmp_path, players=2, seed=9, commands=40)
    out, port = io.StringIO(), _free_port()

    async def main():
        hosting = asyncio.ensure_future(run_host(port=port, bind="127.0.0.1", discovery=False,
                                                 out=out, resume=path))
        assert await until(lambda: "has no seat token" in out.getvalue() or hosting.done()
                           or _listening(port), timeout=30)
        knocks = 0
        for address in range(4):        # 16 names from 4 addresses (within the failed joins' burst)
            reader, writer = await tls(port, f"127.0.5.{address + 1}")
            writer.write(HELLO + b"".join(frame({"t": "join", "name": f"guest{address}-{i}"})
                                          for i in range(4)))
            answers = [await read_message(reader) for _ in range(5)]
            knocks += sum(m is not None and m.get("code") == "running" for m in answers)
            writer.transport.abort()
        assert knocks == 16         # each refused: the game is running
        hosting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await hosting
    asyncio.run(main())
    lines = [line for line in out.getvalue().splitlines() if "seat token" in line]
    assert len(lines) == 2, lines
    assert "'guest0-0' has no seat token for this game" in lines[0]
    assert lines[1].startswith("15 more players without a seat token knocked in the last 10 s")


def _listening(port) -> bool:
    import socket
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0
