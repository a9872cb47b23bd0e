"""What a program with its own main loop (the pygame client) uses from net:
the one module the game window imports.  Everything it needs is named in
`__all__`: the three thread-safe sessions defined here, and the few names
from the rest of net that the window shows or passes on.

All networking runs on an asyncio loop in one background thread
(`LoopThread`).  The caller's thread never blocks on the network except in
the explicit `connect`/`start` calls, and owns the game copy: host messages
wait in a queue until `ClientSession.poll()` applies them, in the caller's
thread, to the PeerGame (so `session.view` is only ever touched there).

    session = ClientSession("192.168.1.20:7531", "Ann")   # or an address from BrowserSession
    session.connect()                                     # blocks up to a few seconds
    each frame:  for kind, data in session.poll(): ...    # see net/peer/game.py for the kinds
                 if session.game.must_decide(): session.submit(cmd)
                 draw(session.view)

    hosting = HostSession(config, "Ann's game"); port = hosting.start()
    hosting.lobby() -> seats/names/colours/ready;  hosting.start_game()
    (the host's own player joins through a ClientSession to 127.0.0.1:port)

A hosted game autosaves (game/saves/, mode "lan") into a new file in the
saved-games folder unless given `save_path` or `autosave=False`;
`hosting.save_path` says where, `hosting.save_error()` why the last write
failed.  A saved LAN game is continued with

    hosting = HostSession.resume(path)    # saves.SaveError: show str(exc) / exc.code
    port = hosting.start()                # advertised as running, same game id
    hosting.lobby()                       # the saved seats; "connected" as players return
    hosting.knocking()                    # names refused for want of a token, newest last
    hosting.assign(seat, "Ann")           # only for a player whose token is lost: the next
                                          # join as "Ann" gets `seat` (ValueError + reason)

Players reclaim their seats by themselves: ClientSession.connect finds the
token saved for the game id, and sessions that were connected when the host
went down keep retrying for `reconnect_for` seconds.
"""

import asyncio
import queue
import threading
import time

from game import saves

from .host.game import Host
from .host.resume import resume_file
from .host.saving import SAVE_PREFIX, saved_seats
from .peer.computers import ComputerPlayers
from .peer.connection import JoinRefused, handshake, open_connection, pump
from .peer.faults import HostFault
from .peer.game import REVEAL_WAIT, PeerGame
from .peer.tokens import TokenStore
from .wire import pake, secure
from .wire.discovery import Advertiser, Browser, GameAd, browse
from .wire.fairdice import Verdict
from .wire.rolldice import LATE, ROLL_WAIT
from .wire.talk import MAX_TALK, PHRASES, WATCHER, clean as clean_talk, default_rules as default_talk_rules
from .wire.protocol import COLOURS, DEFAULT_PORT, MAX_NAME, PROTOCOL_VERSION, TAKEN_OVER, parse_address

__all__ = [
    # the sessions (below)
    "BrowserSession", "ClientSession", "HostSession", "LoopThread",
    # what they hand the window: a listed game, why a join or the host failed, the deal's check
    "GameAd", "JoinRefused", "HostFault", "Verdict",
    # the host's key and its short code (secure.load_identity, .short_code, .HostKeyError);
    # join codes as the host makes and shows them (pake.new_code, .shown_code)
    "secure", "pake",
    # seat tokens on this laptop, a LAN save's seats, computer players started by the host
    "TokenStore", "saved_seats", "ComputerPlayers",
    # protocol facts the window shows or checks
    "COLOURS", "DEFAULT_PORT", "MAX_NAME", "PROTOCOL_VERSION", "TAKEN_OVER", "parse_address",
    # how long the host has after the end to reveal its secret (net/peer/game.py), and to
    # roll after our value (net/wire/rolldice.py); a seat left out of a roll after the values
    "REVEAL_WAIT", "ROLL_WAIT", "LATE",
    # table talk (net/wire/talk.py): the quick phrases' keys, the longest text, a watcher's
    # "seat", text made plain as the host makes it, the rules of a host that says nothing of talk
    "PHRASES", "MAX_TALK", "WATCHER", "clean_talk", "default_talk_rules",
]


class LoopThread:
    """An asyncio event loop running in a daemon thread."""

    def __init__(self, name: str = "kolonisten-net"):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def run(self, coro, timeout=None):
        """Run a coroutine on the loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def spawn(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, fn, *args) -> None:
        self.loop.call_soon_threadsafe(fn, *args)

    def stop(self) -> None:
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=5)


class ClientSession:
    def __init__(self, address, name: str, token_dir=None, reconnect_for: float = 60.0,
                 loop_thread: LoopThread | None = None, pin: str | None = None,
                 join_code: str | None = None, browse_interfaces=None, watch: bool = False):
        """pin: the fingerprint of the host key we expect (the advertised one
        of the game the player picked); None: trust the first key met (a typed
        address).  Either way, once connected, only that key is reconnected to.
        join_code: the host's join code, if it has one.  browse_interfaces:
        where to look for our host's advert when another key answers at its
        address (a list of IPv4 addresses, "all" for every interface; None:
        retry the address only).  watch: watch the game (the public table,
        no seat) where the host allows it."""
        self.address = address
        self.watch = watch
        self.browse_interfaces = browse_interfaces
        self.name = name
        self.pin = pin
        self.join_code = join_code
        self.store = TokenStore(token_dir)
        self.reconnect_for = reconnect_for
        self.net = loop_thread or LoopThread()
        self._own_thread = loop_thread is None
        self.inbox = queue.Queue()
        self.game = PeerGame(send=self._send, name=name, store=self.store)
        self.game.run_check = self._check_in_background
        self.game.rolls_early = True        # see _arrived
        self.connected = False
        self._conn = None
        self._closing = False
        self._pumping = None
        self._over_seen = False
        self._taken_over = False
        self._host_left = False
        self._fault = None          # why we stopped trusting the host (see poll)
        self._welcome_id = self._game_id = None

    # --- caller's thread -------------------------------------------------------------

    def connect(self, timeout: float = 5.0) -> None:
        """Connect and take a seat (blocks).  Raises JoinRefused or OSError."""
        self.net.run(self._connect(timeout), timeout + 1)
        self._pumping = self.net.spawn(self._pump())

    def poll(self) -> list:
        """Apply every host message received so far; returns their events.
        A message the game cannot use ends the connection for good with the
        event ("host_fault", HostFault: str() in English, .code, .why and
        .params for the window's words); nothing after it is applied."""
        events = []
        while self._fault is None:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                return events + self.game.overdue(time.monotonic())
            if isinstance(item, tuple) and item[0] == "host_fault":
                self._give_up(item[1])
                events.append(item)
            elif isinstance(item, tuple) and item[0] == "fair":    # the finished game's check
                events.extend(self.game.judge(item[1]))
            elif isinstance(item, tuple):         # ("disconnected"|"reconnected", detail)
                events.append(item)
            else:
                try:
                    events.extend(self.game.handle(item))
                except HostFault as exc:
                    self._give_up(exc)
                    events.append(("host_fault", exc))
        return events

    def _give_up(self, reason: HostFault) -> None:
        """Stop trusting the host: cut the line and never reconnect."""
        self._fault = reason
        self.connected = False

        def cut():
            if self._conn is not None:
                self._conn.close(say_bye=False)
        self.net.call(cut)

    @property
    def fault(self):
        """Why the connection was ended because of the host, a HostFault (None: it was not)."""
        return self._fault

    @property
    def view(self):
        return self.game.view

    @property
    def seat(self):
        """Our seat, known from the first `poll()` after `connect()` on (the
        window thread owns the game copy, so messages apply only when polled)."""
        return self.game.seat

    def submit(self, cmd) -> int:
        return self.game.submit(cmd)

    def set_lobby(self, **fields) -> None:
        self.game.set_lobby(**fields)

    def say(self, phrase: str | None = None, text: str | None = None) -> None:
        """Table talk: a quick phrase (its key) or a short text (PeerGame.say)."""
        self.game.say(phrase, text)

    def close(self) -> None:
        """Say goodbye and stop (the seat stays ours while the game runs).
        Closing twice is harmless."""
        if self._closing:
            return
        self._closing = True

        async def close():
            if self._conn is not None:
                self._conn.close()
            await asyncio.sleep(0.02)       # let the goodbye leave
        self.net.run(close(), 5)
        if self._pumping is not None:
            self._pumping.cancel()
        if self._own_thread:
            self.net.stop()

    def _check_in_background(self, check) -> None:
        """Replay the finished game in a thread of its own (a long game takes
        seconds; the window must not wait); the verdict arrives through poll."""
        def run():
            try:
                verdict = check()
            except Exception as exc:        # a check that breaks is a failed check, said plainly
                verdict = Verdict(False, 0, "check_failed", f"the check failed ({type(exc).__name__}: {exc})",
                                  kind=type(exc).__name__)
            self.inbox.put(("fair", verdict))
        threading.Thread(target=run, name="kolonisten-fair-check", daemon=True).start()

    # --- network thread ---------------------------------------------------------------

    def _send(self, msg) -> None:
        conn = self._conn
        if conn is not None:
            self.net.call(conn.send, msg)

    async def _connect(self, timeout) -> None:
        conn = await open_connection(self.address, timeout, pin=self.pin)
        self.pin = self.game.pin = conn.fingerprint     # pinned: reconnects go to this key only
        self._conn = conn
        await handshake(conn, self.name, self.store, self._arrived, timeout, game_id=self._game_id,
                        join_code=self.join_code, watch=self.watch)
        self.connected = True

    def _arrived(self, msg) -> None:
        if msg["t"] in ("fair_ask", "fair_pledges", "roll_open"):
            # The deal and the rolls are answered at once, here: they must not
            # wait for the window to poll.  These handlers touch only the deal's
            # and the rolls' own fields (RollCheck has a lock of its own).
            for event in self.game.handle(msg):
                self.inbox.put(event)
            return
        if msg["t"] == "sync":          # our commitment for the next roll goes out at once
            for event in self.game.roll_sync(msg):
                self.inbox.put(event)
        if msg["t"] == "welcome":
            self._welcome_id = msg["game_id"]
        elif msg["t"] == "sync":
            self._game_id = self._welcome_id    # we play in this game: reconnect only to it
        elif msg["t"] == "over":
            self._over_seen = True          # (the game copy itself is the caller's)
        elif msg["t"] == "bye":
            # A host that says goodbye is gone for good (a crashed one says
            # nothing, and is retried); another program may have taken our seat.
            self._taken_over = msg.get("reason") == TAKEN_OVER
            self._host_left = not self._taken_over
        self.inbox.put(msg)

    async def _pump(self) -> None:
        while not self._closing:
            try:
                await pump(self._conn, self._arrived)
            except HostFault as exc:
                self.connected = False
                self.inbox.put(("host_fault", exc))
                return
            self.connected = False
            if self._closing or self._over_seen or self._taken_over or self._host_left:
                return
            if self._fault is not None:
                return
            self.inbox.put(("disconnected", "connection to the host lost"))
            if not await self._reconnect():
                self.inbox.put(("disconnected", "gave up reaching the host"))
                return
            self.inbox.put(("reconnected", None))

    async def _reconnect(self) -> bool:
        deadline = time.monotonic() + self.reconnect_for
        warned = False
        while time.monotonic() < deadline and not self._closing and self._fault is None:
            try:
                await self._connect(5.0)
                return True
            except JoinRefused as exc:
                if exc.code == "wrong_key":
                    # Another key at our host's address (taken over, or the host moved):
                    # said once, never trusted, never a reason to give the game up.
                    if not warned:
                        self.inbox.put(("impostor", dict(exc.params, address=str(self.address))))
                    warned = True
                    await self._look_for_our_host()
                elif exc.code in ("full", "running", "version", "bad_token", "other_game",
                                  "tls", "join_code", "join_code_wrong", "join_code_unasked",
                                  "no_watchers", "watchers_full"):
                    return False
            except (OSError, asyncio.TimeoutError, ConnectionError):
                pass
            await asyncio.sleep(0.5)
        return False

    async def _look_for_our_host(self) -> None:
        """While another key answers at our host's address: look for our
        host's key among the adverts (when this session may browse) and try
        the address it is advertised at next."""
        if self.browse_interfaces is None:
            return
        try:
            where = self.browse_interfaces
            ads = await browse(1.5, None if where == "all" else where)
        except Exception:       # no multicast here: the address is retried as before
            return
        for ad in ads:
            if ad.fingerprint == self.pin:
                self.address = f"{ad.address}:{ad.port}"
                return


class HostSession:
    """A Host (and its LAN advertisement) on a background loop."""

    def __init__(self, config: dict, name: str = "Kolonisten", port: int = DEFAULT_PORT,
                 bind: str = "0.0.0.0", interfaces=None, discovery: bool = True,
                 save_path: str | None = None, autosave: bool = True, host: Host | None = None,
                 join_code: str | None = None, key_dir: str | None = None):
        """host: an already built Host (see `resume`); config and name are then unused.
        join_code: what joining players must know (None: anyone may join).
        key_dir: where the host key lives (default: secure.key_dir()).
        Raises secure.HostKeyError when the host key can be neither read nor made."""
        if host is None:
            if autosave and save_path is None:
                try:
                    save_path = saves.new_save_path(SAVE_PREFIX)
                except OSError:
                    save_path = None        # no saved-games folder: the game is played unsaved
            host = Host(config, name=name, save_path=save_path if autosave else None,
                        identity=secure.load_identity(key_dir), join_code=join_code)
        self.host = host
        self.fingerprint = host.identity.fingerprint
        self.short_code = host.identity.short_code
        self.save_path = host.save_path
        self.port, self.bind = port, bind
        self.interfaces, self.discovery = interfaces, discovery
        self.net = LoopThread("kolonisten-host")
        self.advertiser = None
        self._lock = threading.Lock()
        self._lobby = self.host.lobby()

    def start(self) -> int:
        """Listen (and advertise); returns the TCP port."""
        return self.net.run(self._start(), 10)

    @classmethod
    def resume(cls, path: str, port: int = DEFAULT_PORT, bind: str = "0.0.0.0", interfaces=None,
               discovery: bool = True, save_path: str | None = None, name: str | None = None,
               join_code: str | None = None, key_dir: str | None = None):
        """Continue the LAN game saved at `path` (saving on into it, or into
        `save_path`).  Blocks while the save is replayed and verified.  Raises
        saves.SaveError with a reason (and .code) and leaves the file alone."""
        host = resume_file(path, save_path, name=name, identity=secure.load_identity(key_dir),
                           join_code=join_code)
        return cls(None, port=port, bind=bind, interfaces=interfaces, discovery=discovery, host=host)

    async def _start(self) -> int:
        self.port = await self.host.listen(self.bind, self.port)
        self.host.listeners.append(self._on_change)
        if self.discovery:
            self.advertiser = Advertiser(self.interfaces)
            await self.advertiser.start(self.port, self.host.txt())
            self.advertiser.follow(self.host.txt)
        return self.port

    def _on_change(self, kind, data) -> None:
        if kind == "lobby":
            with self._lock:
                self._lobby = data
            if self.advertiser is not None:
                self.advertiser.changed()

    def lobby(self) -> dict:
        """The latest lobby: seats (name, colour, ready, connected), rules, state."""
        with self._lock:
            return self._lobby

    def configure(self, **changes) -> None:
        """Change rule choices in the lobby (raises ValueError with a reason)."""
        async def configure():
            self.host.configure(**changes)
        self.net.run(configure(), 5)

    def assign(self, seat: int, name: str) -> None:
        """Give a seat of the running game to the next player who joins as
        `name` without a token (theirs is lost).  Never happens by itself.
        Raises ValueError with a reason."""
        async def assign():
            self.host.assign(seat, name)
        self.net.run(assign(), 5)

    def set_allowed(self, **options) -> None:
        """Allow watchers and hints (watchers=..., hints=...) in the lobby
        (Host.set_allowed; raises ValueError with a reason)."""
        async def allow():
            self.host.set_allowed(**options)
        self.net.run(allow(), 5)

    def hand_over(self, seat: int, watcher: int) -> None:
        """Give a computer's seat to a watcher (Host.hand_over; the lobby's
        watcher id).  Raises ValueError with a reason."""
        async def hand_over():
            self.host.hand_over(seat, watcher)
        self.net.run(hand_over(), 5)

    def set_talk(self, **rules) -> None:
        """Table talk on or off, a seat muted or not, the watchers muted or not
        (on=..., mute=seat, unmute=seat, watchers_muted=...; TableTalk.configure,
        at any time).  Raises ValueError with a reason."""
        async def configure():
            self.host.talk.configure(**rules)
        self.net.run(configure(), 5)

    def seat_token(self, seat: int) -> tuple:
        """(host key fingerprint, game id, player name, token) of a seat: what a
        computer standing in for that player needs to rejoin the seat.  Raises
        ValueError."""
        async def token():
            if not 0 <= seat < len(self.host.seats) or self.host.seats[seat] is None:
                raise ValueError("no player holds that seat")
            holder = self.host.seats[seat]
            return self.host.identity.fingerprint, self.host.game_id, holder.name, holder.token
        return self.net.run(token(), 5)

    def expect_computer(self, name: str, level: str) -> None:
        """A computer this laptop starts joins soon as `name` (Host.expect_computer)."""
        async def expect():
            self.host.expect_computer(name, level)
        self.net.run(expect(), 5)

    def computer_seats(self) -> dict:
        """{seat: (name, token, level)} of the computers' seats (Host.computer_seats)."""
        async def seats():
            return self.host.computer_seats()
        return self.net.run(seats(), 5)

    def knocking(self) -> list:
        """Names that tried to join the running game without a seat token
        (newest last): candidates for `assign`."""
        async def knocking():
            return list(self.host.knocking)
        return self.net.run(knocking(), 5)

    def save_error(self):
        """The OSError of the last failed autosave (None: it worked or nothing is saved)."""
        return self.host.save_error

    def start_game(self) -> None:
        """Start the game (raises RuntimeError if a seat is empty)."""
        async def start():
            self.host.start()
        self.net.run(start(), 5)

    def result(self):
        return self.net.run(self._result(), 5)

    async def _result(self):
        return self.host.result() if self.host.phase == "over" else None

    def close(self) -> None:
        """Stop hosting; closing twice is harmless."""
        if not self.net.loop.is_running():
            return

        async def close():
            if self.advertiser is not None:
                await self.advertiser.close()
            await self.host.close()
        try:
            self.net.run(close(), 10)
        finally:
            self.net.stop()


class BrowserSession:
    """The live list of advertised games, for a menu: `games()` is a snapshot."""

    def __init__(self, interfaces=None):
        self.net = LoopThread("kolonisten-browse")
        self._lock = threading.Lock()
        self._games = {}
        self.browser = Browser(interfaces, on_change=self._on_change)
        self.net.run(self.browser.start(), 10)

    def _on_change(self, games) -> None:
        with self._lock:
            self._games = games

    def games(self) -> list:
        with self._lock:
            return sorted(self._games.values(), key=lambda g: (g.name, g.service))

    def close(self) -> None:
        try:
            self.net.run(self.browser.close(), 10)
        finally:
            self.net.stop()
