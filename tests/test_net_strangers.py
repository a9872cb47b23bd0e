"""Connections without a seat are kept small until they are placed, and the
host keeps fewer of them (net/host/limits.py, net/host/connections.py):
small frames, a small read buffer, little undecrypted input and a short
queue of unsent bytes, bounds that grow once the connection takes a seat or
watches; at most MAX_STRANGERS connections from strangers' addresses.  (The
short queue of unsent bytes: tests/test_net_attack.py.)  Over
real TLS on loopback, each host on a free port; nothing is timed (the memory
they save is measured by `python -m tools.bench.network --attack KIND`)."""

import asyncio

from net.host import connections, limits
from net_helpers import HELLO, frame, start_host
from test_net_attack import connect, replies
from wait_helpers import WAIT


def _host_side(host):
    """The host's streams, oldest first."""
    return [c.writer for c in sorted(host.connections.conns, key=lambda c: c.cid)]


def test_a_strangers_frames_and_buffers_are_small_until_it_takes_a_seat():
    """Before a seat: frames of at most MAX_STRANGER_FRAME bytes, a read
    buffer of twice that, TLS reading in small chunks and pausing the socket
    at STRANGER_TLS_PENDING undecrypted bytes; after the seat, a player's."""
    async def main():
        host = await start_host(2)
        reader, writer = await connect(host.port, "127.0.5.2")
        writer.write(HELLO)
        assert [m["t"] for m in await replies(reader, wait=WAIT, enough=len)] == ["welcome"]
        stream = _host_side(host)[0]
        assert len(stream._buffer) == connections.STRANGER_READ_BUFFER
        assert stream.transport._ssl_protocol._incoming_high_water == limits.STRANGER_TLS_PENDING
        assert len(stream.transport._ssl_protocol._ssl_buffer) == limits.TLS_READ_CHUNK
        big = frame({"t": "lobby_set", "name": "x" * 20, "colour": "y" * 16 + "z" * 0,
                     "pad": "p" * limits.MAX_STRANGER_FRAME})
        writer.write(big)
        assert (await replies(reader, wait=2))[0]["code"] == "oversized"      # then cut off

        reader, writer = await connect(host.port, "127.0.5.3")
        writer.write(HELLO + frame({"t": "join", "name": "ann"}))
        got = [m["t"] for m in await replies(reader, wait=WAIT, enough=lambda got: len(got) >= 2)]
        assert got[:2] == ["welcome", "seated"]
        stream = _host_side(host)[-1]
        assert len(stream._buffer) == connections.READ_BUFFER
        assert stream.transport._ssl_protocol._incoming_high_water > limits.STRANGER_TLS_PENDING
        writer.write(big)           # a player may send it (the schema refuses the extra field)
        answer = await replies(reader, wait=WAIT, enough=lambda got: any(m["t"] == "error" for m in got))
        assert [m.get("code") for m in answer if m["t"] == "error"] == ["extra_field"]
        writer.close()
        await host.close()
    asyncio.run(main())


def test_the_host_keeps_at_most_max_strangers_connections_from_strangers(monkeypatch):
    """Strangers on many addresses share MAX_STRANGERS slots, not the whole
    cap: the oldest without a seat makes room for the next."""
    monkeypatch.setattr(limits, "MAX_STRANGERS", 3)

    async def main():
        host = await start_host(2)
        held = []
        for i in range(6):
            held.append(await connect(host.port, f"127.0.6.{i + 1}"))
            held[-1][1].write(HELLO)
            assert (await held[-1][0].readexactly(4))      # its welcome: TLS is up
            assert len(host.connections.conns) <= 3
        assert len(host.connections.conns) == 3
        assert {c.address for c in host.connections.conns} == {"127.0.6.4", "127.0.6.5", "127.0.6.6"}
        for _, writer in held:
            writer.transport.abort()
        await host.close()
    asyncio.run(main())
