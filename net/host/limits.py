"""What a peer can make the host spend: connections, descriptors, memory, CPU, log lines.

The host (net/host/game.py) applies these bounds; they hold for plain TCP and for
TLS alike because they only use the asyncio transport (peername, write
buffer size, abort).

- Connections: at most MAX_CONNECTIONS in all (fewer when the open-file
  limit is low: see `connection_cap`) and MAX_PER_ADDRESS from one address;
  an address may open NEW_PER_SECOND connections a second (a burst of
  NEW_BURST).  These checks come before TLS starts.  Strangers (addresses
  that never held a seat at this host) share the total less one slot per
  seat, so they cannot fill it from many addresses and keep a returning
  player out.  When the total is reached, the oldest stranger's connection
  that holds no seat makes room; seated players are never pushed out.
- A connection must hold a seat or watch (net/host/watchers.py) within HANDSHAKE_SECONDS.
- A peer may have at most MAX_UNSENT bytes waiting to be sent to it; past
  that the connection is aborted (transport.abort(): a polite close would
  keep the buffer until the peer reads it, which it never does).
- Frames from peers are at most MAX_CLIENT_FRAME bytes (every client message
  is far smaller).
- A connection that holds no seat and does not watch is kept small until it
  does: frames of at most MAX_STRANGER_FRAME bytes (a
  hello, a join or a rejoin is some 100), a read buffer of twice that,
  STRANGER_TLS_PENDING bytes of undecrypted input before the socket is no
  longer read, and STRANGER_UNSENT bytes waiting to be sent (TLS and the
  socket's queue each) before the connection is cut.  TLS reads every
  connection in chunks of TLS_READ_CHUNK, not asyncio's 256 KiB.  A crowd of
  strangers flooding frames or never reading so holds a few tens of KiB a
  connection, not most of a MiB.  And the host keeps at most MAX_STRANGERS
  connections from strangers' addresses (see the crowd below; watchers
  among them, pushed out last), not its whole cap less the seats.
- Each connection has a token bucket (`Budget`): every frame costs a little,
  a hello, join or rejoin or a frame that is refused costs more.  A
  connection over its budget is simply not read for a while, so TCP slows
  the sender down and nothing an honest peer sent is lost; the host reads
  one frame per connection per turn of the loop, so a flooding connection
  cannot delay another's commands.
- A seat gets at most RESYNC_BURST whole views at once and RESYNC_RATE a
  second after that; resyncs asked for meanwhile are merged into one that
  is answered when the budget allows (the host's heartbeat sees to it), so
  a player who floods resyncs neither costs the host much nor waits behind
  their own flood.
- Memory: TLS state of many short connections leaves the C allocator
  holding freed memory (the Python objects are gone; measured with
  tracemalloc), so once new connections have been calm for CALM_SECONDS the
  host asks glibc to give it back (`release_memory`; elsewhere nothing), and
  again when the politely closed ones have had their CLOSE_GRACE.
  Admission is decided on plain TCP before TLS starts, so a refused
  connection never costs TLS state at all.
- A crowd (one attacker on many addresses) meets limits on all strangers
  together (`Crowd`; a stranger is an address that never held a seat here):
  at most MAX_HANDSHAKES TLS handshakes under way at once, of which
  HANDSHAKE_RESERVE are kept for players' addresses; NEW_HANDSHAKES_PER_SECOND
  new connections a second (a burst of NEW_HANDSHAKES_BURST); and
  FAILED_JOINS_PER_SECOND failed seat claims (wrong join codes, wrong tokens,
  a full or running game; a burst of FAILED_JOINS_BURST).  Past the last, a
  connection whose claim fails is closed and new strangers are refused until
  the bucket refills.  A player's address is held to none of these but its
  own per-address rate, and seated connections are never counted or cut: a
  crowd can keep a newcomer waiting, never a seated or returning player.
- Errors that can repeat by the thousand (accept() at the open-file limit,
  refused connections, failed joins, dropped peers) are logged once per
  LOG_EVERY seconds per kind, LOG_LINES_PER_INTERVAL lines of all kinds
  together at most; what was left out is summed up in one line per kind
  when its interval is over ("refused 812 connections in the last 10 s").
"""

import ctypes
import gc
import ctypes.util
import logging
import os
import sys
import time

MAX_CONNECTIONS = 48
MAX_PER_ADDRESS = 8
NEW_PER_SECOND = 10.0
NEW_BURST = 20.0
HANDSHAKE_SECONDS = 10.0
MAX_UNSENT = 512 * 1024
MAX_CLIENT_FRAME = 16 * 1024
MAX_STRANGER_FRAME = 1024
STRANGER_TLS_PENDING = 8 * 1024
STRANGER_UNSENT = 16 * 1024
TLS_READ_CHUNK = 16 * 1024
MAX_STRANGERS = 16
ACCEPT_BACKLOG = 16             # also the most connections asyncio accepts in one go
# Descriptors left free: connections accepted in one go (and refused, closed
# a turn later) twice over, and some for saves, discovery and logs.
FD_RESERVE = 2 * ACCEPT_BACKLOG + 8
CLOSE_GRACE = 5.0               # a politely closed connection is aborted after this long
LOG_EVERY = 10.0
# Wrong join codes the whole host takes, from every address together: 10 at once, then one
# every 6 s; past that every join with a code is refused as "join_busy" until the bucket refills,
# so a crowd of addresses gets no more guesses than one (at the price of making a newcomer wait).
WRONG_CODES_BURST = 10.0
WRONG_CODES_PER_SECOND = 1 / 6
CALM_SECONDS = 2.0              # no new connection for this long: free memory is given back
# All strangers together (`Crowd`).
MAX_HANDSHAKES = 12
HANDSHAKE_RESERVE = 2
NEW_HANDSHAKES_PER_SECOND, NEW_HANDSHAKES_BURST = 20.0, 40.0
FAILED_JOINS_PER_SECOND, FAILED_JOINS_BURST = 1.0, 20.0
# What an error message to an unseated connection means: its claim of a seat failed.
FAILED_JOIN_CODES = frozenset({"join_code", "join_code_wrong", "join_code_bad", "out_of_order", "join_busy",
                               "full", "running", "seat_in_use", "bad_token", "already_seated"})
LOG_LINES_PER_INTERVAL = 20

# Per-connection budgets (units a second, burst).  A bot playing flat out
# sends some 350 frames a second; a player at a window far fewer.
SEATED_RATE, SEATED_BURST = 1000.0, 2000.0
UNSEATED_RATE, UNSEATED_BURST = 20.0, 60.0
# What a frame costs, by message type (None: a frame that was refused).
FRAME_COST = {"hello": 5.0, "join": 5.0, "join_confirm": 5.0, "rejoin": 5.0, None: 5.0}
RESYNC_RATE, RESYNC_BURST = 1.0, 3.0
BYTES_PER_UNIT = 1024


class TokenBucket:
    """`rate` tokens a second up to `burst`.  `charge` may run into debt and
    says how long to wait until the debt is paid; `try_take` only takes what
    is there."""

    def __init__(self, rate: float, burst: float, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.level = burst
        self.at = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now

    def charge(self, cost: float) -> float:
        """Take `cost`; returns the seconds until the bucket is no longer in debt."""
        self._refill()
        self.level -= cost
        return 0.0 if self.level >= 0 else -self.level / self.rate

    def try_take(self, cost: float = 1.0) -> bool:
        self._refill()
        if self.level < cost:
            return False
        self.level -= cost
        return True

    def give_back(self, cost: float = 1.0) -> None:
        """Return what was taken for something that turned out not to count."""
        self._refill()
        self.level = min(self.burst, self.level + cost)

    def full(self) -> bool:
        self._refill()
        return self.level >= self.burst

    def available(self) -> float:
        self._refill()
        return self.level


def frame_cost(kind, size: int) -> float:
    return FRAME_COST.get(kind, 1.0) + size / BYTES_PER_UNIT


class Budget:
    """A connection's reading budget: a small one until it holds a seat."""

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self.bucket = TokenBucket(UNSEATED_RATE, UNSEATED_BURST, clock)
        self.seated = False

    def charge(self, kind, size: int, seated: bool) -> float:
        """Seconds to stop reading this connection after a frame of `size` bytes."""
        if seated and not self.seated:
            self.seated = True
            self.bucket = TokenBucket(SEATED_RATE, SEATED_BURST, self.clock)
        return self.bucket.charge(frame_cost(kind, size))


def connection_cap(wanted: int | None = None) -> int:
    """How many connections the host may hold so that accept(), the autosave
    and discovery never meet the open-file limit."""
    wanted = MAX_CONNECTIONS if wanted is None else wanted
    try:
        import resource
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return wanted
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - open_files() - FD_RESERVE))


def open_files() -> int:
    """Descriptors this process holds now (a guess where /proc is missing)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 32


class Admission:
    """Which new connections the host takes (see the module's docstring)."""

    def __init__(self, cap: int | None = None, per_address: int | None = None,
                 clock=time.monotonic):
        self.cap = connection_cap() if cap is None else cap
        self.per_address = MAX_PER_ADDRESS if per_address is None else per_address
        self.clock = clock
        self.rates = {}             # address -> TokenBucket of new connections

    def refusal(self, address: str, held_from_address: int) -> str | None:
        """Why a new connection from `address` is refused (None: take it;
        the total is checked by the host, which may make room)."""
        bucket = self.rates.get(address)
        if bucket is None:
            bucket = self.rates[address] = TokenBucket(NEW_PER_SECOND, NEW_BURST, self.clock)
        if not bucket.try_take():
            return "too many new connections from your address; try again in a moment"
        if held_from_address >= self.per_address:
            return f"at most {self.per_address} connections from one address"
        return None

    def forget_idle(self) -> None:
        """Drop the rate records of addresses that have been quiet a while."""
        for address in [a for a, b in self.rates.items() if b.full()]:
            del self.rates[address]


def address_of(writer) -> str:
    """The peer's address (IP without port) of a stream or a test double."""
    get = getattr(writer, "get_extra_info", None)
    peer = get("peername") if get else None
    if isinstance(peer, (tuple, list)) and peer:
        return str(peer[0])
    return str(peer) if peer else "?"


class Crowd:
    """The limits on all strangers together (see the module's docstring)."""

    def __init__(self, clock=time.monotonic):
        self.new = TokenBucket(NEW_HANDSHAKES_PER_SECOND, NEW_HANDSHAKES_BURST, clock)
        self.failed_joins = TokenBucket(FAILED_JOINS_PER_SECOND, FAILED_JOINS_BURST, clock)

    def refusal(self, player: bool, handshakes: int) -> str | None:
        """Why a new connection is refused for the crowd's sake (None: take it).
        `player`: from an address that held a seat here; `handshakes`: TLS
        handshakes under way now."""
        if handshakes >= MAX_HANDSHAKES:
            return f"{handshakes} connections are being set up at once; try again in a moment"
        if player:
            return None
        if handshakes >= MAX_HANDSHAKES - HANDSHAKE_RESERVE:
            return (f"{handshakes} connections are being set up at once (the rest is kept "
                    "for returning players); try again in a moment")
        if self.failed_joins.available() < 1:
            return "too many failed joins lately; try again in a minute"
        if not self.new.try_take():
            return "too many new connections at once; try again in a moment"
        return None

    def join_failed(self) -> bool:
        """A seat claim failed; False once there were too many lately (the
        connection is then closed)."""
        return self.failed_joins.try_take()


class QuietLog:
    """Logs a kind of message (`key`) at most once per `every` seconds and at
    most `lines` lines of all kinds per `every` seconds; `flush` (the host's
    heartbeat calls it) sums up in one line per kind what was left out."""

    def __init__(self, logger: logging.Logger, every: float = LOG_EVERY, clock=time.monotonic,
                 lines: int = LOG_LINES_PER_INTERVAL):
        self.logger, self.every, self.clock = logger, every, clock
        self.budget = TokenBucket(lines / every, lines, clock)
        self.last = {}              # key -> time logged
        self.skipped = {}           # key -> [count left out, level, the latest text, summary]

    def log(self, level: int, key: str, msg: str, *args, exc_info=None, summary: str = "") -> bool:
        """Log unless `key` was logged less than `every` seconds ago or the
        lines of this interval are used up; True if logged.  `summary`, with
        `{n}` and `{s}`, says what was left out ("refused {n} connections in
        the last {s} s"); without it the count follows the latest message."""
        now = self.clock()
        if now - self.last.get(key, -1e18) < self.every or not self.budget.try_take():
            left = self.skipped.setdefault(key, [0, level, "", summary])
            left[0] += 1
            left[1:] = [level, (msg % args) if args else msg, summary]
            return False
        left = self.skipped.pop(key, None)
        if left:
            msg += f" (and {left[0]} more like it in the last {self.every:g} s)"
        self.last[key] = now
        self.logger.log(level, msg, *args, exc_info=exc_info)
        return True

    def flush(self, every: float | None = None) -> int:
        """One line per kind whose left-out messages' interval is over (with
        every=0: all of them, e.g. at the end); the number of lines written
        (bounded by the kinds of message)."""
        now, written = self.clock(), 0
        every = self.every if every is None else every
        for key in [k for k in self.skipped if now - self.last.get(k, -1e18) >= every]:
            count, level, latest, summary = self.skipped.pop(key)
            if summary:
                line = summary.format(n=count, s=f"{self.every:g}") + f" (the latest: {latest})"
            else:
                line = f"{latest} (and {count} more like it in the last {self.every:g} s)"
            self.last[key] = now
            self.logger.log(level, "%s", line)
            written += 1
        return written


_ACCEPT_TROUBLE = "socket.accept() out of system resource"


def quiet_accept_errors(loop, logger: logging.Logger) -> None:
    """Make the loop report accept() failures (EMFILE, ENFILE, ENOBUFS, ENOMEM:
    asyncio retries after a second) once per interval, as one line without a
    traceback; everything else goes to the handler that was there."""
    previous = loop.get_exception_handler()
    if getattr(previous, "quiet_accept", False):
        return
    quiet = QuietLog(logger)

    def handler(loop_, context):
        if context.get("message", "").startswith(_ACCEPT_TROUBLE):
            exc = context.get("exception")
            why = (getattr(exc, "strerror", None) or str(exc)) if exc else "unknown"
            quiet.log(logging.ERROR, "accept", "cannot accept connections: %s "
                      "(retrying each second)", why)
        elif previous is not None:
            previous(loop_, context)
        else:
            loop_.default_exception_handler(context)
    handler.quiet_accept = True
    loop.set_exception_handler(handler)


class FdReserve:
    """A few descriptors held back and let go just while the game is saved,
    so that a host at its open-file limit can still write its save."""

    def __init__(self, count: int = 2):
        self.fds = []
        self.count = count
        self._fill()

    def _fill(self) -> None:
        while len(self.fds) < self.count:
            try:
                self.fds.append(os.open(os.devnull, os.O_RDONLY))
            except OSError:
                return

    def __enter__(self):
        while self.fds:
            os.close(self.fds.pop())
        return self

    def __exit__(self, *exc):
        self._fill()
        return False

    def close(self) -> None:
        while self.fds:
            os.close(self.fds.pop())


def _glibc_call(name):
    """A function of the C library's allocator (glibc on Linux), or None where
    there is no such call (other platforms, other C libraries)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6"), name)
    except (OSError, AttributeError):
        return None


M_MMAP_THRESHOLD = -3               # glibc's mallopt parameter


def keep_large_buffers_out_of_the_heap() -> bool:
    """Every TLS connection holds asyncio's 256 KiB read buffer.  glibc raises
    its mmap threshold after the first such buffer is freed, so later ones land
    in the heap, where a flood's worth cannot be given back.  A fixed threshold
    keeps them in their own mappings, returned to the system when freed.
    False where there is no such call."""
    mallopt = _glibc_call("mallopt")
    return mallopt is not None and bool(mallopt(M_MMAP_THRESHOLD, 128 * 1024))


def release_memory() -> bool:
    """Give freed heap memory back to the system (glibc's malloc_trim);
    False where there is no such call."""
    # Closed connections' TLS objects sit in reference cycles; on an idle host
    # the collector may not run for a long time, so their memory is not free yet.
    gc.collect()
    trim = _glibc_call("malloc_trim")
    if trim is None:
        return False
    trim(0)
    return True
