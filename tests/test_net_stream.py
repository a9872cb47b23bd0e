"""How the host cuts a connection's bytes into frames (net/host/connections.py
`_Stream`): whatever way TCP and TLS happen to chunk them, every frame is
handed on whole and in order, one frame per connection per turn of the loop,
and a connection over its budget is not read until its pause is over."""

import asyncio
import struct

from net.host import limits
from net.host.connections import Conn, _Stream
from net.wire.protocol import HEADER, HOST, decode

from net_helpers import HELLO, frame, raw_connection, start_host


async def _replies(reader, count: int) -> list:
    out = []
    for _ in range(count):
        header = await asyncio.wait_for(reader.readexactly(4), 5)
        out.append(decode(await reader.readexactly(struct.unpack(">I", header)[0]), HOST))
    return out


def test_frames_in_one_write_and_a_frame_in_many_are_each_answered_in_order():
    async def main():
        host = await start_host(2)
        reader, writer = await raw_connection(host.port)
        writer.write(HELLO + frame({"t": "ping", "n": 1}) + frame({"t": "ping", "n": 2}))
        got = await _replies(reader, 3)
        assert [m["t"] for m in got] == ["welcome", "pong", "pong"]
        assert [m["n"] for m in got[1:]] == [1, 2]
        dribbled = frame({"t": "ping", "n": 3}) + frame({"t": "ping", "n": 4})
        for i in range(len(dribbled)):          # one byte a write, each its own TLS record
            writer.write(dribbled[i:i + 1])
            await writer.drain()
            await asyncio.sleep(0)
        assert [m["n"] for m in await _replies(reader, 2)] == [3, 4]
        writer.write(struct.pack(">I", limits.MAX_CLIENT_FRAME + 1) + b"x" * 8)
        assert (await _replies(reader, 1))[0]["code"] == "oversized"
        assert await asyncio.wait_for(reader.read(), 5) == b""      # then closed: no re-framing
        writer.close()
        await host.close()
    asyncio.run(main())


class _Transport:
    """The TLS transport as a stream sees it: reading paused or not."""

    def __init__(self):
        self.reading = True
        self.written = []

    def pause_reading(self):
        self.reading = False

    def resume_reading(self):
        self.reading = True

    def write(self, data):
        self.written.append(data)

    def is_closing(self):
        return False

    def get_write_buffer_size(self):
        return 0

    def get_extra_info(self, name, default=None):
        return default


class _Connections:
    """What a stream asks of Connections: it is handed every frame."""

    def __init__(self):
        self.frames = []

    def on_frame(self, conn, payload):
        self.frames.append(payload)
        return "ping"

    def drop(self, conn):
        conn.closed = True


def _stream(delay: float = 0.0):
    stream = _Stream(_Connections())
    stream.transport = _Transport()
    stream.conn = Conn(stream, 1)
    stream.conn.budget.charge = lambda kind, size, placed: delay
    stream.start_reading()
    return stream


def _receive(stream, data: bytes) -> None:
    """Bytes come in as TLS hands them over: into the stream's own buffer."""
    while data:
        buffer = stream.get_buffer(len(data))
        n = min(len(buffer), len(data))
        buffer[:n] = data[:n]
        stream.buffer_updated(n)
        data = data[n:]


def test_one_frame_per_turn_of_the_loop_and_reading_paused_while_frames_wait():
    async def main():
        stream = _stream()
        payloads = [b"\x81\xa1t\xa4ping" + bytes([i]) for i in range(3)]
        _receive(stream, b"".join(HEADER.pack(len(p)) + p for p in payloads) + b"\x00\x00")
        handed = stream._connections.frames
        assert handed == payloads[:1] and not stream.transport.reading
        await asyncio.sleep(0)
        assert handed == payloads[:2] and not stream.transport.reading
        await asyncio.sleep(0)
        # the last whole frame is handed on; half a header waits for its bytes, reading on
        assert handed == payloads and stream.transport.reading
        _receive(stream, b"\x00\x01" + b"\x01")
        assert handed == payloads + [b"\x01"]
    asyncio.run(main())


def test_a_connection_over_its_budget_is_not_read_until_its_pause_is_over():
    async def main():
        # A pause far longer than a loaded machine's stalls, and a patient wait
        # for its end: the test times nothing finer than the pause itself.
        stream = _stream(delay=0.5)
        one = HEADER.pack(1) + b"\x01"
        _receive(stream, one)
        started = asyncio.get_running_loop().time()
        assert not stream.transport.reading         # paused even with nothing more in
        _receive(stream, one)                       # what TLS had already decrypted waits
        assert stream._connections.frames == [b"\x01"]
        await asyncio.sleep(0.01)
        assert stream._connections.frames == [b"\x01"] and not stream.transport.reading
        for _ in range(500):
            if len(stream._connections.frames) == 2:
                break
            await asyncio.sleep(0.01)
        assert stream._connections.frames == [b"\x01", b"\x01"]
        assert asyncio.get_running_loop().time() - started >= 0.45      # (the pause began just before `started`)
    asyncio.run(main())


def test_a_lost_connection_is_dropped_and_its_waiting_frame_forgotten():
    async def main():
        stream = _stream()
        one = HEADER.pack(1) + b"\x01"
        _receive(stream, one + one)
        stream.connection_lost(None)
        assert stream.conn.closed
        await asyncio.sleep(0)
        assert stream._connections.frames == [b"\x01"]
    asyncio.run(main())

