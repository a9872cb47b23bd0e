"""The game window's side of LAN play (no drawing here; scenes/lobby.py, lan_table.py,
lan_host.py and lan_join.py draw it).

    LanOptions      where to listen, which interfaces to multicast on, where
                    seat tokens live (tests: loopback only, their own port)
    Background      runs a blocking call (connect, start hosting) in a thread,
                    so the frame loop never waits on the network
    LanGame         the sessions of one LAN game this window takes part in:
                    our ClientSession and, for the host, the HostSession
    LanController   the table's controller (see controller.py) over a peer's
                    copy of the game: the table cannot tell it from hot-seat

Network work happens in net/ (net/session.py); everything here runs in the
window's thread except what Background runs.
"""

import json
import os
import threading
from dataclasses import dataclass

from game.engine import deciders
from game.engine.views import view as engine_view
from net.session import (
    DEFAULT_PORT, MAX_NAME, TAKEN_OVER, ClientSession, HostSession, TokenStore, parse_address, saved_seats, secure,
)

from . import settings
from .seatnames import SeatNames
from .theme import seat_rgb

NAME_LIMIT = min(16, MAX_NAME)      # what fits a player panel


@dataclass
class LanOptions:
    port: int = DEFAULT_PORT        # the host's TCP port (0: any free port)
    interfaces: list | None = None  # IPv4 addresses to multicast on; None: every interface
    token_dir: str | None = None    # None: next to the settings when KOLONISTEN_HOME is set,
    reconnect_for: float = 60.0     #       else net.peer.tokens' user data dir
    discovery: bool = True
    key_dir: str | None = None      # the host key's folder (None: net.wire.secure.key_dir())


def options(app) -> LanOptions:
    """The app's LAN options (tests and tools set `app.lan_options`)."""
    opts = getattr(app, "lan_options", None) or LanOptions()
    if opts.token_dir is None and os.environ.get("KOLONISTEN_HOME"):
        opts.token_dir = os.path.join(os.environ["KOLONISTEN_HOME"], "seats")
    return opts


# --- the player's name, remembered between runs ------------------------------------------
# Seat tokens are saved per (game, name), so a restarted program can only
# take its seat back automatically if it joins with the same name.

def _name_path() -> str:
    return os.path.join(os.path.dirname(settings.settings_path()), "lan.json")


def saved_name() -> str:
    try:
        with open(_name_path(), encoding="utf-8") as f:
            name = json.load(f).get("name", "")
    except (OSError, ValueError, AttributeError):
        return ""
    return name if isinstance(name, str) and check_name(name) is None else ""


def save_name(name: str) -> None:
    try:
        os.makedirs(os.path.dirname(_name_path()), exist_ok=True)
        with open(_name_path(), "w", encoding="utf-8") as f:
            json.dump({"name": name}, f)
    except OSError:
        pass            # only a convenience: the player types it again next time


def check_name(name: str):
    """None if `name` may be a player's name, else the catalog key saying why."""
    name = name.strip()
    if not name or len(name) > NAME_LIMIT or not name.isprintable():
        return "lan.bad_name"
    return None


def check_address(text: str):
    """None if `text` is a usable host[:port], else the catalog key saying why."""
    try:
        parse_address(text)
    except ValueError:
        return "lan.bad_address"
    return None


def local_addresses() -> list:
    """This laptop's IPv4 addresses other players can type (not loopback)."""
    try:
        import ifaddr
        return sorted({ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
                       if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254."))})
    except Exception:       # the address is only shown as a hint
        return []


# --- blocking calls off the frame loop -------------------------------------------------

class Background:
    """Run `fn(*args)` in a daemon thread; poll `done()`, then read `result`
    or `error` (the exception it raised)."""

    def __init__(self, fn, *args):
        self.result = None
        self.error = None
        self._thread = threading.Thread(target=self._run, args=(fn, args), daemon=True,
                                        name="kolonisten-lan-call")
        self._thread.start()

    def _run(self, fn, args):
        try:
            self.result = fn(*args)
        except BaseException as exc:        # handed to the window's thread
            self.error = exc

    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, timeout=None) -> bool:
        self._thread.join(timeout)
        return self.done()


# --- one LAN game -------------------------------------------------------------------------

class LanGame:
    """Our ClientSession (and, on the host's laptop, the HostSession) of one
    game, from the lobby to the end screen.  `close()` leaves it."""

    def __init__(self, session: ClientSession, hosting: HostSession | None = None,
                 advertised: bool = True):
        self.session = session
        self.hosting = hosting
        self.advertised = advertised    # False: others must type the address
        self.closing = None             # the Background that closes the sessions
        self.resumed = False            # a saved game continued by this host (resume_host)
        self._computers = None          # the host's computer players (net/peer/computers.py)

    @property
    def computers(self):
        """The computer players this host started (created on first use)."""
        if self._computers is None and self.hosting is not None:
            from net.session import ComputerPlayers
            host = self.hosting.host
            self._computers = ComputerPlayers(f"127.0.0.1:{self.hosting.port}", join_code=host.join_code,
                                              pin=host.identity.fingerprint,
                                              announce=self.hosting.expect_computer)
        return self._computers

    def add_computer(self, level: str) -> str:
        """A computer takes the next free seat of the lobby; returns its name."""
        return self.computers.add(level)

    def lend_seat(self, seat: int, level: str) -> None:
        """A computer plays for the player of `seat`, who is away, until they
        rejoin with their own token (the host hands the computer that token)."""
        pin, game_id, name, token = self.hosting.seat_token(seat)
        self.computers.stand_in(pin, game_id, seat, name, token, level)

    @property
    def is_host(self) -> bool:
        return self.hosting is not None

    @property
    def allowed(self) -> dict:
        """What the host allows besides playing ({"watchers": bool, "hints": bool}),
        as its lobby says (all off until it has said)."""
        allow = (self.session.game.lobby or {}).get("allow") or {}
        return {"watchers": bool(allow.get("watchers")), "hints": bool(allow.get("hints"))}

    @property
    def watchers(self) -> list:
        """The watchers the host lists: [{"id", "name"}] in the order they came."""
        return list((self.session.game.lobby or {}).get("watchers") or [])

    @property
    def watching(self) -> bool:
        """We watch the game (no seat of ours)."""
        return self.session.game.watching

    def computer_seats_to_hand_over(self) -> list:
        """Host only: seats a computer plays (the lobby's list), which the host
        may hand to a watcher."""
        if self.hosting is None:
            return []
        seats = (self.session.game.lobby or {}).get("seats") or []
        return [i for i, s in enumerate(seats) if s and s.get("computer")]

    @property
    def port(self) -> int | None:
        return self.hosting.port if self.hosting else None

    def close(self) -> Background:
        """Say goodbye (the host stops the game for everybody) without
        blocking the window; returns the Background doing it."""
        if self.closing is None:
            def close():
                try:
                    self.session.close()
                finally:
                    if self.hosting is not None:
                        self.hosting.close()
                    if self._computers is not None:
                        self._computers.stop(wait=3.0)
            self.closing = Background(close)
        return self.closing

    def close_now(self, wait: float = 5.0) -> None:
        """Close, waiting up to `wait` seconds: the window is going away
        (others hear we left, the computers we started stop)."""
        self.close().wait(wait)


def join(address: str, name: str, opts: LanOptions, pin: str | None = None,
         join_code: str | None = None, watch: bool = False) -> LanGame:
    """Blocking: connect to a host and take (or take back) a seat.  pin: the
    advertised fingerprint of the game the player picked (None for a typed
    address: the key met first is trusted, and shown in the lobby).  watch:
    watch the game instead (the public table; a seat held here is still
    taken back)."""
    session = ClientSession(address, name, token_dir=opts.token_dir, reconnect_for=opts.reconnect_for,
                            pin=pin, join_code=join_code or None,
                            browse_interfaces=(opts.interfaces or "all") if opts.discovery else None,
                            watch=watch)
    try:
        session.connect()
    except BaseException:
        session.close()
        raise
    return LanGame(session)


def _start_hosting(make, opts: LanOptions) -> tuple:
    """Blocking: `make(port, discovery)` a HostSession and start it on
    opts.port, or on any free port when that one is taken; when listening
    works but advertising does not, host unadvertised (players type the
    address).  Returns (hosting, advertised)."""
    advertised = opts.discovery
    ports = [opts.port] + ([0] if opts.port else [])
    for i, port in enumerate(ports):
        hosting = make(port, advertised)
        try:
            hosting.start()
            return hosting, advertised
        except Exception:
            listened = hosting.host.port is not None
            hosting.close()
            if listened and advertised:     # listening worked, advertising did not
                hosting = make(port, False)
                hosting.start()
                return hosting, False
            if listened or i == len(ports) - 1:
                raise


def _seat_ourselves(hosting: HostSession, name: str, opts: LanOptions, ready: bool) -> ClientSession:
    """Blocking: our own player joins (or rejoins, by a saved token) our host."""
    try:
        session = ClientSession(f"127.0.0.1:{hosting.port}", name, token_dir=opts.token_dir,
                                reconnect_for=opts.reconnect_for, pin=hosting.fingerprint,
                                join_code=hosting.host.join_code)
        session.connect()
        if ready:
            session.set_lobby(ready=True)   # the host shows readiness by starting the game
    except BaseException:
        hosting.close()
        raise
    return session


def host(config: dict, game_name: str, name: str, opts: LanOptions,
         join_code: str | None = None) -> LanGame:
    """Blocking: listen (on opts.port, or any free port when it is taken),
    advertise, and seat our own player through a ClientSession.  join_code:
    what other players must type to join (None or empty: anyone may)."""
    hosting, advertised = _start_hosting(
        lambda port, discovery: HostSession(config, game_name, port=port, interfaces=opts.interfaces,
                                            discovery=discovery, join_code=join_code or None,
                                            key_dir=opts.key_dir), opts)
    return LanGame(_seat_ourselves(hosting, name, opts, ready=True), hosting, advertised)


# --- resuming a saved LAN game on the host's laptop ---------------------------------------
# The save (net/host/saving.py) holds every seat's name and token.  The host's own
# seat is the one whose token this laptop's token store holds (saved when the
# game was first hosted here); if the store lost it, the host says which
# saved seat is theirs and its token is taken from the save (the save never
# leaves the host's laptop, so the token is already here).

def held_seat(game, opts: LanOptions):
    """The saved seat whose token this laptop holds, or None.  Raises
    saves.SaveError for a save whose LAN seats are damaged."""
    game_id, _, seats = saved_seats(game)
    store = TokenStore(opts.token_dir)
    pin = _own_fingerprint(opts)
    for seat, (name, _, token) in enumerate(seats):
        saved = store.load(pin, game_id, name) if pin else None
        if saved is not None and saved == (seat, token):
            return seat
    return None


def _own_fingerprint(opts: LanOptions):
    """This laptop's host key fingerprint (tokens of games hosted here are
    filed under it), or None when there is no usable key."""
    try:
        return secure.load_identity(opts.key_dir).fingerprint
    except secure.HostKeyError:
        return None


def resume_host(path: str, game, seat: int, opts: LanOptions) -> LanGame:
    """Blocking: continue the LAN game saved at `path` (`game`: its loaded
    SavedGame) and rejoin it as saved seat `seat` with that seat's token.
    Raises saves.SaveError for a save that cannot be continued."""
    game_id, _, seats = saved_seats(game)
    name, _, token = seats[seat]
    pin = secure.load_identity(opts.key_dir).fingerprint
    TokenStore(opts.token_dir).save(pin, game_id, name, seat, token)
    hosting, advertised = _start_hosting(
        lambda port, discovery: HostSession.resume(path, port=port, interfaces=opts.interfaces,
                                                   discovery=discovery, key_dir=opts.key_dir), opts)
    lan = LanGame(_seat_ourselves(hosting, name, opts, ready=False), hosting, advertised)
    lan.resumed = True
    computers = {s: c for s, c in hosting.computer_seats().items() if s != seat}
    lan.computers.restart(pin, game_id, computers)      # the saved computers play on
    return lan


def next_link(link: str, kind: str, data) -> str:
    """The state of our link to the host after a session event:
    ok | reconnecting | lost (the session gave up) | closed (the host said
    bye) | taken (another window took our seat with our token) | fault (the
    host sent something the game cannot use: the session ended the link)."""
    if link in ("closed", "taken", "fault"):
        return link                 # final: the reconnect attempts that follow cannot succeed
    if kind == "host_fault":
        return "fault"
    if kind == "disconnected":
        return "lost" if data.startswith("gave up") else "reconnecting"
    if kind == "reconnected":
        return "ok"
    if kind == "impostor":
        return "reconnecting"       # never trusted, never given up on: we look on for our host
    if kind == "bye":
        return "taken" if data == TAKEN_OVER else "closed"
    return link


# --- the table's controller ------------------------------------------------------------------

class LanController:
    """The table's controller over a LAN peer (interface: controller.py).

    The view is this laptop's own seat's copy (no curtain: the laptop is
    private); `submit` only sends (its record or refusal arrives later,
    through `poll`); the records are those this peer received, redacted for
    its own seat, so the log may tell this player their own secrets."""

    hotseat = False

    def __init__(self, lan: LanGame, events=()):
        self.lan = lan
        self.session = lan.session
        game = self.session.game
        lobby = game.lobby or {"seats": [], "config": game.welcome["config"]}
        self.config = dict(lobby["config"])
        self.names, self.colours = SeatNames(), []
        self._take_seats(lobby["seats"])
        self.records = []               # Records received since the last sync
        self._start_events = ()
        self.rejoined = False           # our first view came from a rejoin
        self.link = "ok"                # see next_link
        self.fault = None               # why the session ended the link ("host_fault")
        self.over = None
        self.fair = None                # net.wire.fairdice.Verdict once the deal was checked
        self.absorb(events)

    def _take_seats(self, seats) -> None:
        """Names and colours from the host's list of seats (updated in place:
        the table holds these lists)."""
        n = self.config["players"]
        seats = list(seats)[:n] + [None] * (n - len(seats))
        self.names.set([s["name"] if s else f"#{i + 1}" for i, s in enumerate(seats)],
                       [(s or {}).get("computer") or None for s in seats])
        self.colours[:] = [seat_rgb((s or {}).get("colour")) for s in seats]

    @property
    def seat(self):
        """Our seat (None: we watch)."""
        return self.session.seat

    @property
    def hints_allowed(self) -> bool:
        """The host allows hints at the table (its lobby says so to every peer)."""
        return self.lan.allowed["hints"]

    def view(self, seat):
        own = self.session.view
        return own if seat == self.seat else engine_view(own, None)

    def submit(self, cmd) -> tuple:
        """Send a command for our seat; while one is on its way (or the
        link is down) further ones are dropped.  Refusals come back later
        as ("rejected", msg) from `poll`."""
        if cmd[1] == self.seat and self.session.game.must_decide() and self.session.connected:
            self.session.submit(cmd)
        return ()

    def undo_status(self, seat) -> tuple:
        """As our copy sees it; the host decides under the same rule."""
        return self.session.game.undo_status()

    def start_events(self, audience=None) -> tuple:
        return self._start_events

    def records_since(self, k: int, audience=None):
        return [r for r in self.records if r.seq > k]

    @property
    def seq(self) -> int:
        return self.session.game.seq

    @property
    def whole_game(self):
        """The game for the review, (config with its seed, commands), once the
        host's end reveal checked out on this laptop (PeerGame.whole_game)."""
        return self.session.game.whole_game

    # --- LAN only ------------------------------------------------------------------------
    def poll(self) -> list:
        """Apply what the host sent since the last frame; returns the events."""
        return self.absorb(self.session.poll())

    def absorb(self, events) -> list:
        for kind, data in events:
            if kind == "over":
                self.over = data
            elif kind == "fair":
                self.fair = data
            if kind == "record":
                self.records.append(data)
            elif kind == "lobby":
                self._take_seats(data["seats"])
            elif kind == "start_events":
                self._start_events = tuple(data)
            elif kind == "synced":
                self.rejoined = self.rejoined or data == "rejoin"
            elif kind == "host_fault":
                self.fault = data
            self.link = next_link(self.link, kind, data)
        if len(self.records) > 2000:        # the log keeps far fewer; the end screen counts rolls
            del self.records[:-1500]
        return events

    def connected(self, seat) -> bool:
        """Whether `seat`'s player is connected to the host (the host's lobby list)."""
        if seat == self.seat:
            return self.link == "ok"
        seats = (self.session.game.lobby or {}).get("seats") or []
        return seat < len(seats) and bool(seats[seat]) and bool(seats[seat].get("connected"))

    def away_deciders(self) -> list:
        """Other seats that must decide now but are not connected."""
        own = self.session.view
        if own is None or self.over is not None:
            return []
        return [s for s in deciders(own) if s != self.seat and not self.connected(s)]

    def waiting_for(self) -> list:
        """Other seats that must decide now (our seat is not among them)."""
        own = self.session.view
        if own is None or self.seat in deciders(own):
            return []
        return [s for s in deciders(own) if s != self.seat]
