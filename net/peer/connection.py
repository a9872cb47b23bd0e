"""The peer's connection to a host (asyncio): handshake, seat, message pump.

    conn = await open_connection("192.168.1.20:7531", pin=fingerprint)
    game.send = conn.send                               # game: a PeerGame
    await handshake(conn, name, store, deliver)         # deliver(msg): e.g. game.handle
    await pump(conn, deliver)                           # until the connection ends

The connection is TLS 1.3 (net/wire/secure.py).  `pin` is the fingerprint of the
host's key we expect: the one advertised with the game the player picked,
or the one of the host we already play with; a host with another key is
refused (JoinRefused "wrong_key") before a byte of ours reaches it.  With no
pin (a typed address, first contact) the key is trusted on first use and
`conn.fingerprint` says which it was.  Seat tokens are filed under that
fingerprint, and proven (never sent) to the host.

The connection only moves checked messages; what they mean to the game is
PeerGame's business, so the same code serves the bot (which handles messages
on the loop) and the game window (which handles them in its own thread).
"""

import asyncio
import ssl
import time

from ..wire import pake, secure
from ..wire.protocol import (
    APP, HOST, PING_EVERY, PROTOCOL_VERSION, SILENCE_LIMIT, ProtocolError, decode, pack_message,
    parse_address, read_frame,
)
from .faults import HostFault


class JoinRefused(Exception):
    """The host would not seat us (code: full, running, version, bad_token, ...).
    detail: in words, English, for logs; params: the values a window's
    sentence for the code may show (e.g. the expected and offered key)."""

    def __init__(self, code: str, detail: str, **params):
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail
        self.params = params


class Connection:
    def __init__(self, reader, writer, raw_log=None):
        self.reader = reader
        self.writer = writer
        self.fingerprint = secure.peer_fingerprint(writer)     # the host's key
        self.raw_log = raw_log      # a list that receives every payload read (leak tests)
        self.bytes_in = self.bytes_out = 0
        self.last_sent = self.last_heard = time.monotonic()
        self.closed = False
        self._pinger = asyncio.ensure_future(self._keepalive())

    def send(self, msg: dict) -> None:
        if self.closed:
            return
        data = pack_message(msg)
        self.bytes_out += len(data)
        self.last_sent = time.monotonic()
        self.writer.write(data)

    async def recv(self) -> dict:
        """The next checked host message.  Raises ConnectionError when the host
        is gone or silent, ProtocolError when it sends nonsense."""
        # No wait_for here: on Python 3.11 it can swallow a cancellation that
        # races with arriving data; silence is detected by _keepalive instead.
        try:
            payload = await read_frame(self.reader)
        except (asyncio.IncompleteReadError, OSError) as exc:
            raise ConnectionError(f"connection to the host lost ({type(exc).__name__})") from None
        self.last_heard = time.monotonic()
        self.bytes_in += 4 + len(payload)
        if self.raw_log is not None:
            self.raw_log.append(payload)
        return decode(payload, HOST)

    async def _keepalive(self) -> None:
        """Ping when we have been quiet; drop a host that has been silent."""
        n = 0
        while not self.closed:
            await asyncio.sleep(PING_EVERY / 2)
            if time.monotonic() - self.last_heard > SILENCE_LIMIT:
                self.writer.transport.abort()       # the pending read fails: host lost
                return
            if time.monotonic() - self.last_sent > PING_EVERY:
                n += 1
                self.send({"t": "ping", "n": n})

    def close(self, say_bye: bool = True) -> None:
        """Close cleanly (with a goodbye) or, with say_bye=False, drop the line
        abruptly as a crash would."""
        if self.closed:
            return
        if say_bye:
            self.send({"t": "bye"})
            self.writer.close()
        else:
            self.writer.transport.abort()
        self.closed = True
        self._pinger.cancel()


async def open_connection(address, timeout: float = 5.0, raw_log=None,
                          pin: str | None = None, source: str | None = None) -> Connection:
    """A TLS connection to a host at `address` ('host[:port]' or (host, port)).
    pin: the host key's fingerprint we require (JoinRefused "wrong_key" for
    any other); None trusts the key on first use (see conn.fingerprint).
    source: our own address to connect from (None: the system's choice)."""
    host, port = parse_address(address) if isinstance(address, str) else address
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(
            host, port, ssl=secure.client_context(), ssl_handshake_timeout=timeout,
            server_hostname=None, local_addr=(source, 0) if source else None), timeout)
    except (ssl.SSLEOFError, ConnectionResetError, ConnectionAbortedError):
        # The host admits connections before TLS starts and cuts the ones it
        # refuses (too many, too fast): worth another try in a moment.
        raise JoinRefused("busy", "the host closed the connection before it was secured "
                          "(it is busy); try again in a moment") from None
    except ssl.SSLError as exc:
        raise JoinRefused("tls", f"no secure connection with the host ({exc.reason or exc})",
                          why=exc.reason or type(exc).__name__) from None
    conn = Connection(reader, writer, raw_log)
    if conn.fingerprint is None or (pin is not None and conn.fingerprint != pin):
        conn.close(say_bye=False)
        expected = secure.short_code(pin) if pin else "?"
        got = secure.short_code(conn.fingerprint) if conn.fingerprint else "-"
        raise JoinRefused("wrong_key", "the host's key is not the one of the game we chose "
                          f"(expected {expected}, got {got})", expected=expected, got=got)
    return conn


async def handshake(conn: Connection, name: str, store, deliver, timeout: float = 5.0,
                    game_id: str | None = None, join_code: str | None = None,
                    watch: bool = False) -> None:
    """Say hello, then take the seat saved for this game and name in `store`
    (rejoin) or a new one (join).  Every host message read here, including the
    welcome and `seated`, is passed to `deliver`.  Raises JoinRefused.

    game_id: when reconnecting, the game we play in; a host at the same
    address running another game (a new one, not the resumed one) is refused
    with code "other_game" before anything reaches `deliver`.

    join_code: the host's join code, proven by a key exchange when joining
    a seat (net/wire/pake.py): refused with "join_code" when the host wants
    one we lack, "join_code_wrong" when the host's proof fails (a wrong
    code, or a relay with another key) or it refuses ours, and
    "join_code_unasked" when we have one and the host asks none.

    watch: join to watch the game rather than for a seat, with the same
    proof (the host refuses with "no_watchers" when it allows none); a seat
    saved for this game and name (one the host handed us) is taken back first."""
    # A timer that cuts the line rather than wait_for, which can swallow a
    # cancellation on Python 3.11 (see Connection.recv).
    timer = asyncio.get_running_loop().call_later(timeout, conn.writer.transport.abort)
    try:
        await _handshake(conn, name, store, deliver, game_id, join_code, watch)
    except ProtocolError as exc:
        conn.close(say_bye=False)
        raise JoinRefused("protocol", f"bad frame from the host: {exc}") from None
    except HostFault as exc:        # from `deliver`: a message the game cannot use
        conn.close(say_bye=False)
        raise JoinRefused("protocol", str(exc)) from None
    except BaseException:
        conn.close(say_bye=False)
        raise
    finally:
        timer.cancel()


async def _handshake(conn, name, store, deliver, game_id, join_code, watch) -> None:
    conn.send({"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
    welcome = await conn.recv()
    if welcome["t"] == "error":
        raise JoinRefused(welcome["code"], welcome["detail"])
    if welcome["t"] != "welcome":
        raise JoinRefused("protocol", f"expected a welcome, got {welcome['t']}")
    if game_id is not None and welcome["game_id"] != game_id:
        raise JoinRefused("other_game", "the host now runs another game than ours")
    deliver(welcome)
    pin, nonce = conn.fingerprint, welcome["nonce"]
    saved = store.load(pin, welcome["game_id"], name) if store else None
    if saved is not None:
        seat, token = saved
        conn.send({"t": "rejoin", "seat": seat,
                   "proof": secure.token_proof(token, pin, nonce, seat)})
        refused = await _seated(conn, deliver)
        if refused is None:
            return
        if welcome["state"] != "lobby":
            raise JoinRefused(refused["code"], "the saved seat was refused: " + refused["detail"])
    join = {"t": "join", "name": name}
    if watch:
        join["watch"] = True
    exchange = None
    if welcome["code"]:
        if not join_code or not pake.normal_code(join_code):
            raise JoinRefused("join_code", "this game needs a join code")
        exchange = pake.JoinerSide(join_code, pin, nonce)
        join.update(exchange.fields())
    elif join_code:
        # A host that does not ask for the code we have cannot prove it holds
        # the game's key: it may be a copy of the game we mean.
        raise JoinRefused("join_code_unasked", "this host does not ask for the join code you typed: "
                          "it may not be the game you mean")
    conn.send(join)
    if exchange is not None:
        answer = await _answer(conn, deliver)
        if answer["t"] == "error":
            raise JoinRefused(answer["code"], answer["detail"])
        if not exchange.check_host(answer["msg"], answer["confirm"]):
            raise JoinRefused("join_code_wrong", "the host could not prove the join code: the code "
                              "is wrong, or another machine stands between you and the host")
        conn.send({"t": "join_confirm", "confirm": exchange.confirm})
    refused = await _seated(conn, deliver)
    if refused is not None:
        raise JoinRefused(refused["code"], refused["detail"])


async def _answer(conn, deliver):
    """The host's half of the key exchange (or its error); other messages
    are delivered, but a seat before the exchange is over is refused."""
    while True:
        msg = await conn.recv()
        if msg["t"] in ("pake", "error"):
            return msg
        if msg["t"] == "seated":
            raise JoinRefused("protocol", "the host seated us before proving the join code")
        deliver(msg)


async def _seated(conn, deliver):
    """Deliver messages until we are seated or watching (None) or refused (the error)."""
    while True:
        msg = await conn.recv()
        if msg["t"] == "error":
            return msg
        deliver(msg)
        if msg["t"] in ("seated", "watching"):
            return None


async def pump(conn: Connection, deliver, until=None) -> None:
    """Pass every host message to `deliver` until the connection ends or
    `until()` is true; returns normally when the host says bye or is lost.
    Raises HostFault, with the line cut, when the host sends a frame that does
    not decode or `deliver` raises it (a message the game cannot use)."""
    try:
        while not conn.closed:
            try:
                msg = await conn.recv()
            except ProtocolError as exc:     # the host sent nonsense: we cannot trust the stream
                raise HostFault("bad_frame", detail=str(exc)) from None
            deliver(msg)
            if msg["t"] == "bye" or (until is not None and until()):
                return
    except ConnectionError:
        return
    except HostFault:
        conn.close(say_bye=False)
        raise
