"""The host's connections (net/host/game.py is the game they serve): admission
on plain TCP before TLS, the TLS upgrade within its deadline, reading each
connection one frame a turn within its budget, heartbeats, and giving memory
back after a burst of connections.  The bounds themselves are in
net/host/limits.py.

Each connection is read by its own `_Stream` protocol: TLS decrypts straight
into the stream's buffer and the stream cuts the frames from it and hands
them to the host, with no task, stream reader or buffer copy per frame.

`Connections` is owned by the Host and knows nothing of seats or the game:
it hands every frame to the host and tells it when a connection is gone,
through the callbacks it was given (see `Connections`)."""

import asyncio
import contextlib
import logging
import time

from ..wire import secure
from ..wire.protocol import HOST_CLOSING, PING_EVERY, SILENCE_LIMIT, ProtocolError, error, next_frame, pack_message
from . import limits
from .limits import Admission, Budget, Crowd, FdReserve, QuietLog, TokenBucket, address_of, quiet_accept_errors

log = logging.getLogger("kolonisten.net.host")
quiet = QuietLog(log)       # for what a hostile peer can make happen by the thousand

TLS_HANDSHAKE_TIMEOUT = 10.0


class Conn:
    """One peer connection at the host.  `writer` is its `_Stream` (or
    anything with write/close/transport, e.g. a test double)."""

    def __init__(self, writer, cid: int, secured: bool = True):
        self.writer = writer
        self.cid = cid
        self.address = address_of(writer)
        self.secured = secured      # False until TLS is up: nothing is sent in the clear
        self.greeted = False
        self.seat = None
        self.watcher = None         # the name this connection watches the game under (net/host/watchers.py)
        self.wants_to_watch = False     # its join asked to watch (until the join code is proven)
        self.closed = False
        self.opened = self.last_heard = self.last_sent = time.monotonic()
        self.bytes_out = 0
        self.budget = Budget()
        self.resyncs = TokenBucket(limits.RESYNC_RATE, limits.RESYNC_BURST)
        self.resync_due = False     # a resync asked for beyond the budget, answered later
        self.nonce = secure.new_nonce()     # what this connection's proofs are bound to
        self.join_refused = False   # the host just refused this connection a seat
        get = getattr(writer, "get_extra_info", None)
        self.socket = get("socket") if get else None    # the plain one, under TLS too

    @property
    def placed(self) -> bool:
        """Does this connection hold a seat or watch?  (Either keeps it past the handshake.)"""
        return self.seat is not None or self.watcher is not None

    def send(self, msg: dict) -> None:
        if msg["t"] == "error" and self.seat is None and msg.get("code") in limits.FAILED_JOIN_CODES:
            self.join_refused = True
        self.send_frame(pack_message(msg))

    def send_frame(self, data: bytes) -> None:
        """Send a message already packed (protocol.pack_message or pack_messages)."""
        transport = getattr(self.writer, "transport", None)
        if transport is not None and transport.is_closing():
            self.closed = True
        if self.closed or not self.secured:
            return
        self.bytes_out += len(data)
        self.last_sent = time.monotonic()
        if transport is None:
            return self.writer.write(data)
        transport.write(data)
        if transport.get_write_buffer_size() > (limits.MAX_UNSENT if self.placed else limits.STRANGER_UNSENT):
            quiet.log(logging.WARNING, "noread", "peer %s (%s) does not read what it is sent; "
                      "cut off", self.cid, self.address)
            self.abort()

    def holds_socket(self) -> bool:
        """Whether its socket is still open (a polite close waits for the peer)."""
        return self.socket is not None and self.socket.fileno() != -1

    def close(self) -> None:
        """Close after what is queued has been sent, but wait no longer than
        CLOSE_GRACE for a peer to read it."""
        if not self.closed:
            self.closed = True
            self.writer.close()
            transport = getattr(self.writer, "transport", None)
            if transport is not None:       # (aborting a closed transport does nothing)
                asyncio.get_running_loop().call_later(limits.CLOSE_GRACE, transport.abort)

    def abort(self) -> None:
        """Cut the connection at once, dropping whatever waits to be sent."""
        self.closed = True
        transport = getattr(self.writer, "transport", None)
        if transport is not None:
            transport.abort()
        else:
            self.writer.close()


class Connections:
    """Every connection a Host holds.  The host is told through callbacks:

        on_frame(conn, payload)   a frame arrived; returns its message type
                                  (None: it did not decode), which the budget charges
        on_closed(conn)           a connection it knew is gone (closed by either side)
        on_tick(now)              each heartbeat, before the connections are checked
        resync(conn)              a seated connection's merged resync is due now
        seat_count()              the game's seats: slots kept for players (`_make_room`)
    """

    def __init__(self, identity, on_frame, on_closed, on_tick, resync, seat_count):
        self.identity = identity    # secure.Identity: the key TLS is served with
        self.on_frame, self.on_closed, self.on_tick = on_frame, on_closed, on_tick
        self.resync, self.seat_count = resync, seat_count
        self.conns: set = set()
        self.server = None
        self.port = None
        self._next_cid = 0
        self._last_accept = 0.0     # when the latest connection came in
        self._cid_at_release = 0    # connections seen when memory was last given back
        self._released_twice = True     # ... and again after CLOSE_GRACE
        self.tls = None             # the server's ssl.SSLContext once listening
        self._tasks = []
        self._serving = set()       # TLS upgrades under way (tasks)
        self._open = set()          # per admitted connection, a future done when it is lost
        self._bytes_of_gone = 0     # bytes sent on connections since dropped
        self.admission = None       # limits.Admission once listening
        self.crowd = Crowd()        # the limits on all strangers together
        self.lingering = set()      # dropped connections still closing politely (they hold a descriptor)
        self.fd_reserve = None      # limits.FdReserve once listening: the autosave can always write
        self.refused = 0            # connections refused by the limits
        self.failed_joins = 0       # seats refused to a connection
        self.player_addresses = {}  # addresses that held a seat here (an ordered set): see _make_room

    async def listen(self, host: str = "0.0.0.0", port: int = 0) -> int:
        quiet_accept_errors(asyncio.get_running_loop(), log)
        limits.keep_large_buffers_out_of_the_heap()
        self.fd_reserve = FdReserve()
        self.admission = Admission()
        self.tls = self.identity.server_context()
        # Plain TCP first: a connection is admitted (or refused) as soon as it is
        # accepted, before any task or TLS state exists for it (`_Stream`),
        # then upgraded (`_secure`).
        self.server = await asyncio.get_running_loop().create_server(
            lambda: _Stream(self), host, port, backlog=limits.ACCEPT_BACKLOG)
        self.port = self.server.sockets[0].getsockname()[1]
        self._tasks.append(asyncio.ensure_future(self._heartbeat()))
        return self.port

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for conn in list(self.conns):
            conn.send({"t": "bye", "reason": HOST_CLOSING})
            conn.close()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        waiting = list(self._serving) + list(self._open)
        if waiting:             # the peers' goodbyes, and TLS's closing words
            await asyncio.wait(waiting, timeout=2)
        if self.fd_reserve is not None:
            self.fd_reserve.close()

    async def wait_peers_gone(self, timeout: float) -> None:
        """After the game: give peers time to read the end and say goodbye."""
        deadline = time.monotonic() + timeout
        while any(not c.closed for c in self.conns) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    def bytes_sent(self) -> int:
        """Bytes sent to peers so far (frames with their length prefixes)."""
        return self._bytes_of_gone + sum(c.bytes_out for c in self.conns)

    def drop(self, conn: Conn) -> None:
        """Forget a connection (closed by either side); the host hears of it once."""
        conn.close()
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.holds_socket():
            self.lingering.add(conn)
        self._bytes_of_gone += conn.bytes_out
        self.on_closed(conn)

    def seated(self, conn: Conn) -> None:
        """`conn` took a seat: its address is a player's from now on (see _make_room)."""
        self.player_addresses[conn.address] = None      # newest last
        while len(self.player_addresses) > 4 * self.seat_count():
            del self.player_addresses[next(iter(self.player_addresses))]

    def spare_descriptors(self):
        """A context in which the file descriptors kept for the autosave are free."""
        return self.fd_reserve if self.fd_reserve is not None else contextlib.nullcontext()

    def _arrive(self, transport) -> Conn | None:
        """A connection was accepted: admit it (it joins `conns`, to be served
        once it has its stream writer) or refuse it (None)."""
        self._next_cid += 1
        self._last_accept = time.monotonic()
        conn = Conn(transport, self._next_cid, secured=False)
        if not self._admit(conn):
            return None
        self.conns.add(conn)
        return conn

    async def _serve(self, stream: "_Stream") -> None:
        """Upgrade an admitted connection to TLS; from then on its stream
        hands the host its frames, until the connection is lost."""
        conn = stream.conn
        if conn.closed:             # cut (to make room) before its turn came
            stream.transport.abort()
            return
        self._serving.add(asyncio.current_task())
        try:
            if await self._secure(conn):
                stream.start_reading()
            else:
                self.drop(conn)
        finally:
            self._serving.discard(asyncio.current_task())

    async def _secure(self, conn: Conn) -> bool:
        """Upgrade an admitted connection to TLS within TLS_HANDSHAKE_TIMEOUT."""
        stream = conn.writer
        tls = None
        try:
            tls = await asyncio.get_running_loop().start_tls(
                stream.transport, stream, self.tls, server_side=True,
                ssl_handshake_timeout=TLS_HANDSHAKE_TIMEOUT)
        except Exception as exc:
            # SSLError, ConnectionError, TimeoutError; and (Python 3.11) an
            # AttributeError from inside asyncio when the peer left mid-handshake.
            quiet.log(logging.INFO, "tls", "no TLS with %s: %s", conn.address,
                      type(exc).__name__)
        if tls is None:             # failed, or the peer left mid-handshake
            conn.abort()            # (the stream keeps the plain transport to cut)
            stream.ended()
            return False
        stream.transport = tls
        stream.keep_small()
        conn.secured = True
        return not conn.closed

    def _admit(self, conn: Conn) -> bool:
        """Take a new connection, or refuse it (cut before TLS) when its
        address, the crowd of strangers or the host holds too many."""
        same_address = sum(c.address == conn.address for c in self.conns)
        handshakes = sum(not c.secured for c in self.conns)
        why = (self.admission.refusal(conn.address, same_address)
               or self.crowd.refusal(conn.address in self.player_addresses, handshakes)
               or self._make_room(conn))
        if why is None:
            return True
        self.refused += 1
        quiet.log(logging.WARNING, "refused", "refused a connection from %s: %s", conn.address, why,
                  summary="refused {n} more connections in the last {s} s")
        conn.abort()        # before TLS, so no message: the client says the host is busy
        return False

    def send_later(self, conn: Conn, msg: dict) -> None:
        """Send `msg` outside the handling of a frame (an answer worked out
        off the loop): a refused seat claim counts as it does in `_Stream`."""
        conn.send(msg)
        if conn.join_refused:
            self._join_failed(conn)

    def _join_failed(self, conn: Conn) -> None:
        """The host refused `conn` a seat (it was told why): past the crowd's
        limit on failed joins the connection is closed as well."""
        conn.join_refused = False
        self.failed_joins += 1
        quiet.log(logging.INFO, "join_failed", "connection %s (%s) was refused a seat",
                  conn.cid, conn.address, summary="refused a seat {n} more times in the last {s} s")
        if not self.crowd.join_failed():
            conn.close()

    def _make_room(self, conn: Conn) -> str | None:
        """Room for `conn` within the total cap (None), or why there is none.

        Players come back from where they played: connections from an address
        that has held a seat here may use every slot, while strangers (watchers
        among them) share the cap less one slot per seat, so a stranger on many
        addresses cannot keep a returning player out.  When full, the oldest
        stranger still in its handshake makes room; for a player's address, any
        connection without a seat does, watchers last."""
        player = conn.address in self.player_addresses
        self.lingering = {c for c in self.lingering if c.holds_socket()}
        if len(self.conns) + len(self.lingering) >= self.admission.cap and self.lingering:
            # the politely closed have had their answer: their descriptors go first
            oldest = min(self.lingering, key=lambda c: c.opened)
            oldest.abort()
            self.lingering.discard(oldest)
        unseated = [c for c in self.conns if c.seat is None]     # strangers and watchers
        strangers = [c for c in unseated if c.address not in self.player_addresses]
        stranger_cap = max(1, min(limits.MAX_STRANGERS, self.admission.cap - self.seat_count()))
        if len(self.conns) < self.admission.cap and (player or len(strangers) < stranger_cap):
            return None
        victims = [c for c in strangers if not c.placed] or (unseated if player else [])
        if not victims:
            return "the host holds as many connections as it can"
        oldest = min(victims, key=lambda c: (c.placed, c.opened))
        oldest.abort()
        self.drop(oldest)
        return None

    async def _heartbeat(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(PING_EVERY / 2)
            now = time.monotonic()
            if self.admission is not None:
                self.admission.forget_idle()
            self._release_memory_when_calm(now)
            quiet.flush()
            self.on_tick(now)
            for conn in list(self.conns):
                if now - conn.last_heard > SILENCE_LIMIT:
                    quiet.log(logging.INFO, "silent", "peer %s silent for too long", conn.cid)
                    conn.abort()
                    self.drop(conn)
                elif not conn.placed and now - conn.opened > limits.HANDSHAKE_SECONDS:
                    quiet.log(logging.INFO, "handshake", "peer %s (%s) took no seat in %g s; "
                              "cut off", conn.cid, conn.address, limits.HANDSHAKE_SECONDS)
                    conn.abort()
                    self.drop(conn)
                elif conn.resync_due and conn.placed and conn.resyncs.try_take():
                    conn.resync_due = False
                    self.resync(conn)
                elif now - conn.last_sent > PING_EVERY:
                    n += 1
                    conn.send({"t": "ping", "n": n})

    def _release_memory_when_calm(self, now: float) -> None:
        """After a burst of connections (a storm, an attack) the C allocator
        keeps the memory their TLS state used: hand it back once no new
        connection came for CALM_SECONDS, and once more when the politely
        closed ones have had their CLOSE_GRACE (their buffers go then)."""
        calm = now - self._last_accept
        if self._cid_at_release != self._next_cid and calm > limits.CALM_SECONDS:
            self._cid_at_release, self._released_twice = self._next_cid, False
            limits.release_memory()
        elif not self._released_twice and calm > limits.CALM_SECONDS + limits.CLOSE_GRACE:
            self._released_twice = True
            limits.release_memory()


# A connection's buffer holds a whole frame of the largest size and the start of
# the next; more only arrives when a peer sends past what it may (`_Stream.get_buffer`).
# Until it is placed (a seat, or watching) its frames and its buffer are smaller.
READ_BUFFER = 2 * (limits.MAX_CLIENT_FRAME + 4)
STRANGER_READ_BUFFER = 2 * (limits.MAX_STRANGER_FRAME + 4)


class _Stream(asyncio.BufferedProtocol):
    """One connection at the host, from its accept to its end.

    Accepted: the host decides on it at once (`Connections._arrive`); a
    refused one is cut before a task, a buffer or TLS state is made for it,
    so a crowd's refused connections cost next to nothing.  Admitted: it is
    not read until `Connections._secure` has put TLS on it.  Then TLS
    decrypts into the stream's own buffer (a BufferedProtocol: no copy and
    no allocation per read), and the stream hands the host one whole frame
    at a time: after each, a connection over its budget is not read for a
    while (TCP then slows its sender), and one with another frame already in
    waits a turn of the loop, so every connection gets its turn.

    It is also its Conn's writer: `transport` (plain, then TLS), `write`,
    `close` and `get_extra_info` are the transport's."""

    def __init__(self, connections: Connections):
        self._connections = connections
        self.conn = None
        self.transport = None
        self.lost = None            # a future, done when the connection is lost (once admitted)
        self._buffer = None         # memoryview of the read buffer, made when first read into
        self._start = self._end = 0     # what is read and not yet handed on: _buffer[_start:_end]
        self._plain = None          # the TCP transport under TLS
        self._small = True          # held to a stranger's bounds (`keep_small`) until placed
        self._reading = False       # TLS is up: frames go to the host
        self._turn = None           # the asyncio handle the next frame waits for, if any
        self._overrun = False       # the peer sent more than the buffer holds

    # --- as the Conn's writer ---------------------------------------------------------

    def write(self, data: bytes) -> None:
        self.transport.write(data)

    def close(self) -> None:
        self.transport.close()

    def get_extra_info(self, name, default=None):
        return self.transport.get_extra_info(name, default)

    # --- the protocol ---------------------------------------------------------------

    def connection_made(self, transport) -> None:
        conn = self._connections._arrive(transport)
        if conn is None:
            transport.abort()
            return
        transport.pause_reading()   # nothing is read before TLS is on
        self.transport = self._plain = transport
        self.conn = conn
        conn.writer = self
        loop = asyncio.get_running_loop()
        self.lost = loop.create_future()
        self._connections._open.add(self.lost)
        self.lost.add_done_callback(self._connections._open.discard)
        loop.create_task(self._connections._serve(self))

    def keep_small(self) -> None:
        """TLS is up: until the connection is placed, hold it to a stranger's
        bounds (limits.py): undecrypted input and the socket's queue (its
        frames and read buffer are a stranger's from the start)."""
        _read_tls_in_chunks(self.transport, limits.TLS_READ_CHUNK)
        self.transport.set_read_buffer_limits(high=limits.STRANGER_TLS_PENDING)
        self._plain.set_write_buffer_limits(high=limits.STRANGER_UNSENT)

    def _grow(self) -> None:
        """Placed: the bounds of a seated player's connection."""
        self._small = False
        self.transport.set_read_buffer_limits()
        self._plain.set_write_buffer_limits()
        if self._buffer is not None:
            grown = memoryview(bytearray(READ_BUFFER))
            left = self._end - self._start
            grown[:left] = self._buffer[self._start:self._end]
            self._buffer, self._start, self._end = grown, 0, left

    def start_reading(self) -> None:
        """TLS is up: hand the host what came already, and from now on every frame."""
        self._reading = True
        self._next_frame()

    def get_buffer(self, sizehint: int):
        if self._buffer is None:
            self._buffer = memoryview(bytearray(STRANGER_READ_BUFFER if self._small else READ_BUFFER))
        elif self._start:           # move the start of the next frame to the front
            left = self._end - self._start
            self._buffer[:left] = self._buffer[self._start:self._end]
            self._start, self._end = 0, left
        if self._end == len(self._buffer):
            # Only a peer that sends past what it may fills it (a frame waiting
            # for its turn stops the reading): the stream cannot be trusted now.
            self._overrun = True
            return memoryview(bytearray(256))
        return self._buffer[self._end:]

    def buffer_updated(self, nbytes: int) -> None:
        if self._overrun:
            self.conn.send(error("oversized", "more was sent than a frame may hold"))
            self._connections.drop(self.conn)
            return
        self._end += nbytes
        if self._reading and self._turn is None:
            self._next_frame()

    def eof_received(self):
        return None                 # closes the connection: connection_lost follows

    def ended(self) -> None:
        """Its TLS never came up: the connection is cut, and the stream hears
        no connection_lost (the plain transport's protocol was TLS's by
        then), so what waits for its end is told here."""
        if self.lost is not None and not self.lost.done():
            self.lost.set_result(None)

    def connection_lost(self, exc) -> None:
        if self._turn is not None:
            self._turn.cancel()
            self._turn = None
        if self.conn is not None:
            self._connections.drop(self.conn)
        if self.lost is not None and not self.lost.done():
            self.lost.set_result(None)

    def _next_frame(self) -> None:
        """Hand the host the next whole frame read, if there is one."""
        self._turn = None
        conn = self.conn
        if conn.closed:
            return
        try:
            frame = next_frame(self._buffer, self._start, self._end,
                               limits.MAX_STRANGER_FRAME if self._small else limits.MAX_CLIENT_FRAME)
        except ProtocolError as exc:        # oversized: the stream cannot be re-framed
            conn.send(error(exc.code, exc.detail))
            self._connections.drop(conn)
            return
        if frame is None:
            return
        payload, self._start = frame
        if self._start == self._end:
            self._start = self._end = 0
        connections = self._connections
        kind = connections.on_frame(conn, payload)
        if conn.join_refused:
            connections._join_failed(conn)
        if self._small and conn.placed:
            self._grow()
        delay = conn.budget.charge(kind, len(payload), conn.placed)
        if conn.closed or not (delay or self._end - self._start >= 4):
            return
        self.transport.pause_reading()
        loop = asyncio.get_running_loop()
        self._turn = loop.call_later(delay, self._resume) if delay else loop.call_soon(self._resume)

    def _resume(self) -> None:
        self._turn = None
        if not self.conn.closed:
            self.transport.resume_reading()
            self._next_frame()


def _read_tls_in_chunks(tls, size: int) -> None:
    """Have asyncio's TLS layer read the socket `size` bytes at a time into a
    buffer of that size, not the 256 KiB it gives every connection.  (Its
    SSLProtocol has no public setting for this; where it differs, nothing
    changes.)"""
    protocol = getattr(tls, "_ssl_protocol", None)
    if protocol is not None and isinstance(getattr(protocol, "_ssl_buffer", None), bytearray):
        protocol.max_size = size
        protocol._ssl_buffer = bytearray(size)
        protocol._ssl_buffer_view = memoryview(protocol._ssl_buffer)
