"""The host: the one authority of a LAN game, serving peers over TCP.

Everything here runs on one asyncio loop; `handle_payload` is the single
synchronous entry for every frame a peer sends, so the game state is only
ever touched from that loop and a frame is handled completely (answered,
applied, broadcast) before the next one.

Connections are TLS 1.3 with the host's long-term key (net/wire/secure.py).  A
connection takes a seat by `join` (when the host has a join code, after a
key exchange with the code: net/host/joining.py) or takes its seat back by
`rejoin` with a proof of the seat's token bound to this connection's nonce; the token itself travels only once,
from the host, when a seat is first given.  From then on the connection is
the seat: commands carry no token.

The deal is fair (net/wire/fairdice.py, net/host/deal.py): `start` asks
every seat for a pledge, and the game is dealt only when every seat has
revealed its value, with the seed drawn from the host's committed secret
and every value.  The secret and
the full log are revealed to every seat when the game ends.

Bad input is answered with an `error` or a `reject` and a reason code and
changes nothing; the checks of a command are net/host/play.py's.

Saving (net/host/autosave.py, the format in net/host/saving.py): with a
`save_path` the host keeps a saved game (game/saves, mode "lan") current
from the deal on; each accepted command is saved before its record is sent
to anyone.  `resume_file`
(net/host/resume.py) rebuilds a host from such a save: same game id, same
seats and tokens, every seat away until its holder rejoins.  A player
whose token is lost gets a seat only when the host's owner says so
(`assign`), never by name alone.

This file is the lobby and the door: every message a peer sends, handed
to the part it is for, and the host owner's calls.  Its parts, each owning
its own state:

    Play         (net/host/play.py)       the game in play: the Authority, the mixed
                 dice, each command's path to every seat's record
    Seating      (net/host/seats.py)      who holds which seat, tokens, assignments
    Records      (net/host/records.py)    syncs, records, the result and reveal sent to seats
    LanAutosave  (net/host/autosave.py)   the saved game kept current
    Connections  (net/host/connections.py) admission, TLS, reading within budgets,
                 heartbeats (limits in net/host/limits.py); hands the host every
                 frame and every closed connection
    FairDeal     (net/host/deal.py)       the fair deal; says when the seed is drawn
    Watchers     (net/host/watchers.py)   who watches (the spectator's view, no seat)
                 and what the host's owner allows besides playing
    TableTalk    (net/host/talk.py)       what seats and watchers say (no command)
"""

import asyncio
import logging
import secrets
import time

from game.engine import default_config, validate_config
from game.engine.match import Authority
from game.engine.state import GAME_OVER

from ..wire import secure
from ..wire.protocol import APP, CLIENT, PROTOCOL_VERSION, TAKEN_OVER, ProtocolError, decode, error
from ..wire.secrecy import scrub_config
from .autosave import LanAutosave
from .connections import Conn, Connections, log, quiet
from .deal import FairDeal
from .joining import JoinGate
from .play import Play
from .records import Records
from .seats import Seating
from .talk import TableTalk
from .watchers import Watchers

LOBBY, RUNNING, OVER = "lobby", "running", "over"


class Host:
    def __init__(self, config: dict, name: str = "Kolonisten", auto_start: bool = False,
                 save_path: str | None = None, identity: secure.Identity | None = None,
                 join_code: str | None = None, allow: dict | None = None):
        """auto_start: start as soon as every seat is taken (the dedicated host);
        otherwise the host's owner calls start().  save_path: keep a saved game
        there from the deal on (None: do not save).  identity: the host's key
        (default: the one in the user's data folder, made on first use; raises
        secure.HostKeyError).  join_code: what a new player must prove to
        join (None or empty: anyone on the network may join).  allow: what the
        host's owner allows besides playing, {"watchers": bool, "hints": bool}
        (each off unless given; see `set_allowed`)."""
        reason = validate_config(config)
        if reason:
            raise ValueError(reason)
        self.config = dict(config)
        self.name = name
        self.auto_start = auto_start
        self.game_id = secrets.token_hex(8)
        self.seating = Seating(config["players"])
        self.phase = LOBBY
        self.listeners = []         # callables (kind, data): "seat", "lobby", "started", "record", "talk", "over"
        self.finished = asyncio.Event()
        self.autosave = LanAutosave(save_path, self._notify)
        self.watchers = Watchers(allow)
        self.records = Records(self.seating, self.watchers)
        self.talk = TableTalk(self.seating, self.watchers, self._pass_talk, self._talk_changed)
        self.resumed_at = None      # commands in the save this host resumed, if any
        self.identity = identity or secure.load_identity()
        self.gate = JoinGate(join_code, self.identity.fingerprint)     # the join code and its limit
        self.fair = None            # fairdice.FairRecord once dealt (None: an unverifiable deal)
        self.play = Play(self.seating, self.records, self.autosave,
                         save=lambda digest: self.save(seats_changed=False, digest=digest),
                         notify=self._notify, tell_everyone=self._tell_everyone, over=self._over)
        self.deal = FairDeal(self.seating.broadcast, self._notify, self._dealt)
        self.connections = Connections(self.identity, on_frame=self.handle_payload,
                                       on_closed=self._closed, on_tick=self._deal_deadline,
                                       resync=lambda conn: self.play.resync(conn),
                                       seat_count=lambda: len(self.seats))

    @property
    def join_code(self) -> str | None:
        """The join code (normalized; None: anyone may join)."""
        return self.gate.code

    def restore(self, game_id: str, seats: list, auth, fair, saver) -> None:
        """Continue a saved game (net/host/resume.py): its id, its seats (Seat
        objects, every one away until its holder rejoins), the replayed
        Authority, its fair deal and the Autosaver that writes on (or None)."""
        self.fair = fair
        self.game_id = game_id
        self.seating.seats = seats
        self.play.begin(auth, fair)
        if self.mixer is not None:
            self.mixer.resume(record.cmd for record in auth.log)
        self.phase = OVER if auth.state.phase == GAME_OVER else RUNNING
        self.resumed_at = len(auth.log)
        self.autosave.resume(saver)
        if self.phase == OVER:
            self.finished.set()

    # --- what others read ---------------------------------------------------------------

    @property
    def auth(self):
        """The game's Authority once dealt (None in the lobby): Play's."""
        return self.play.auth

    @property
    def mixer(self):
        """The RollMixer of a game with mixed dice (else None): Play's."""
        return self.play.mixer

    @property
    def seats(self) -> list:
        """Seat or None per seat (the Seating's list)."""
        return self.seating.seats

    @property
    def save_path(self):
        return self.autosave.path

    @property
    def save_error(self):
        """The OSError of the last failed save (None: it worked)."""
        return self.autosave.error

    @property
    def knocking(self) -> list:
        return self.seating.knocking

    def public_config(self) -> dict:
        return scrub_config(self.config)

    def seats_taken(self) -> int:
        return self.seating.taken()

    def txt(self) -> dict:
        """Discovery TXT properties (a hint: the handshake decides)."""
        return {"v": str(PROTOCOL_VERSION), "game": self.name, "id": self.game_id,
                "rules": self.config["rules"], "seats": f"{self.seats_taken()}/{len(self.seats)}",
                "state": self.phase, "fp": self.identity.fingerprint,
                "code": "1" if self.join_code else "0",
                "watch": "1" if self.watchers.allowed else "0"}

    def lobby(self) -> dict:
        return {"t": "lobby", "seats": self.seating.public(),
                "config": self.public_config(), "state": self.phase, "name": self.name,
                "watchers": self.watchers.public(), "allow": dict(self.watchers.allow),
                "talk": self.talk.public()}

    def result(self) -> dict:
        return self.records.result()

    def everyone_told(self) -> bool:
        """Has every seat been sent the result of the finished game?"""
        return self.phase == OVER and self.records.everyone_told()

    def _notify(self, kind, data=None) -> None:
        for listener in list(self.listeners):
            try:
                listener(kind, data)
            except Exception:
                log.exception("host listener failed on %s", kind)

    # --- connections (net/host/connections.py) -----------------------------------

    async def listen(self, host: str = "0.0.0.0", port: int = 0) -> int:
        self.gate.start_worker(self.connections.send_later)    # the join code's exchanges: off the loop
        return await self.connections.listen(host, port)

    @property
    def port(self):
        return self.connections.port

    async def close(self) -> None:
        self.autosave.close()
        await self.connections.close()
        self.gate.stop_worker()

    async def wait_peers_gone(self, timeout: float) -> None:
        """After the game: give peers time to read the end and say goodbye."""
        await self.connections.wait_peers_gone(timeout)

    def bytes_sent(self) -> int:
        """Bytes sent to peers so far (frames with their length prefixes)."""
        return self.connections.bytes_sent()

    def drop(self, conn: Conn) -> None:
        """Forget a connection (closed by either side)."""
        self.connections.drop(conn)

    def _closed(self, conn: Conn) -> None:
        """A connection is gone: its lobby seat is given up, a game seat waits for its token."""
        if self.watchers.remove(conn):
            return self._lobby_changed()
        seat = conn.seat
        if seat is None or self.seats[seat] is None or self.seats[seat].conn is not conn:
            return
        if self.phase == LOBBY:
            self.seats[seat] = None         # a lobby seat is simply given up
            self.deal.cancel(f"seat {seat} left during the deal")
            self._notify("seat", (seat, None))
        else:
            self.seats[seat].conn = None    # kept: its token takes it back (an open roll waits for it)
            self._tell_everyone({"t": "seat_status", "seat": seat, "connected": False})
            self._notify("seat_status", (seat, False))
            if self.phase == RUNNING:
                self.play.pass_for_away_builder()
        self._lobby_changed()

    # --- messages -------------------------------------------------------------------

    def handle_payload(self, conn: Conn, payload: bytes):
        """Handle one frame from a peer; returns its message type (None for
        a frame that did not decode).  Never raises: bad input is answered."""
        conn.last_heard = time.monotonic()
        try:
            msg = decode(payload, CLIENT)
        except ProtocolError as exc:
            conn.send(error(exc.code, exc.detail))
            return None
        try:
            HANDLERS[msg["t"]](self, conn, msg)
        except Exception:       # a bug here must not end everybody's game
            quiet.log(logging.ERROR, "bug:" + msg["t"], "host failed on a %s message", msg["t"],
                      exc_info=True)
            conn.send(error("internal", "the host could not handle that message"))
        return msg["t"]

    def _on_hello(self, conn, msg):
        if msg["v"] != PROTOCOL_VERSION or msg["app"] != APP:
            conn.send(error("version", f"this host speaks {APP} protocol {PROTOCOL_VERSION}"))
            conn.close()
            return
        conn.greeted = True
        conn.send({"t": "welcome", "v": PROTOCOL_VERSION, "game_id": self.game_id, "name": self.name,
                   "config": self.public_config(), "state": self.phase, "nonce": conn.nonce,
                   "code": self.join_code is not None})

    def _greeted(self, conn) -> bool:
        if not conn.greeted:
            conn.send(error("hello_first", "say hello with the protocol version first"))
        return conn.greeted

    def _joinable(self, conn, msg) -> bool:
        """May this connection join (or watch): greeted, holding no seat,
        not watching, and (to watch) watchers allowed with room?  Says why not."""
        if not self._greeted(conn):
            return False
        refusal = None
        if conn.seat is not None:
            refusal = "already_seated", "this connection already holds a seat"
        elif conn.watcher is not None:
            refusal = "already_watching", "this connection already watches"
        elif msg.get("watch"):
            refusal = self.watchers.refusal(conn)
        if refusal is not None:
            conn.send(error(*refusal))
        return refusal is None

    def _on_join(self, conn, msg):
        if not self._joinable(conn, msg):
            return
        conn.wants_to_watch = bool(msg.get("watch"))
        if self.gate.code is not None:
            answer = self.gate.begin(conn, msg)     # the seat waits for join_confirm
            return conn.send(answer) if answer is not None else None
        self._seat_new(conn, msg["name"].strip())

    def _on_join_confirm(self, conn, msg):
        if not self._joinable(conn, {"watch": conn.wants_to_watch}):
            return
        name, refusal = self.gate.finish(conn, msg)
        if refusal is not None:
            return conn.send(refusal)
        self._seat_new(conn, name)

    def _seat_new(self, conn, name):
        """Seat a joiner who needs no token (and has proven the code, if any),
        or let it watch when it asked to."""
        if conn.wants_to_watch:
            return self._watch(conn, name)
        if self.phase != LOBBY:
            return self._join_assigned(conn, name)
        if self.seating.full() or self.deal.running:
            return conn.send(error("full", "every seat is taken"))
        seat = self.seating.add(name)
        self._take_seat(conn, seat)
        self._notify("seat", (seat, self.seats[seat].name))
        self._lobby_changed()

    def _watch(self, conn, name):
        """A joiner watches (net/host/watchers.py): the public table, no seat."""
        self.watchers.add(conn, name)
        conn.send({"t": "watching", "id": conn.cid})
        self._lobby_changed()
        if self.auth is not None:
            conn.send(self.records.sync(None, "rejoin"))
            for seat, holder in enumerate(self.seats):
                if holder.conn is None:
                    conn.send({"t": "seat_status", "seat": seat, "connected": False})
        if self.phase == OVER:
            self.records.tell_over(conn, None)

    def _join_assigned(self, conn, name):
        """A player without a token joins a running game: only into a seat the
        host assigned to this name, with a fresh token (the lost one stops working)."""
        seat, refusal = self.seating.claim(name)
        if refusal is not None:
            if refusal[0] == "running":
                self._notify("knocking", name)      # the host's owner may assign them a seat
            return conn.send(error(*refusal))
        self.save()                 # the new token must outlive a crash before the player is told it
        log.info("seat %s assigned to %s by the host", seat, name)
        self._back(conn, seat)

    def _on_rejoin(self, conn, msg):
        if not self._greeted(conn):
            return
        seat = msg["seat"]
        holder = self.seats[seat] if seat < len(self.seats) else None
        if holder is None or not secure.same_proof(
                secure.token_proof(holder.token, self.identity.fingerprint, conn.nonce, seat),
                msg["proof"]):
            return conn.send(error("bad_token", "no seat with that token"))
        if conn.seat is not None and conn.seat != seat:
            return conn.send(error("already_seated", "this connection already holds a seat"))
        if holder.conn is not None and holder.conn is not conn:
            old = holder.conn
            old.send({"t": "bye", "reason": TAKEN_OVER})
            old.seat = None
            self.connections.drop(old)
        # The token was not lost after all: an assignment of this seat is void.
        self.seating.void_assignment(seat)
        if self.auth is None:
            self._take_seat(conn, seat)
            self.deal.cancel("a seat changed hands during the deal")
            self._lobby_changed()
        else:
            self._back(conn, seat)

    def _back(self, conn, seat):
        """Seat `conn` in a running (or finished) game and bring it up to date."""
        self._take_seat(conn, seat)
        conn.send(self.play.sync(seat, "rejoin"))
        self._tell_everyone({"t": "seat_status", "seat": seat, "connected": True})
        self._notify("seat_status", (seat, True))
        if self.phase == OVER:
            self.records.tell_over(conn, seat)
        elif self.mixer is not None:
            self.mixer.seat_back(conn, seat)
        self._lobby_changed()

    def _take_seat(self, conn, seat):
        conn.seat = seat
        self.connections.seated(conn)
        self.seats[seat].conn = conn
        conn.send({"t": "seated", "seat": seat, "token": self.seats[seat].token})

    def _on_lobby_set(self, conn, msg):
        if conn.seat is None:
            return conn.send(error("not_seated", "join a seat first"))
        if self.phase != LOBBY:
            return conn.send(error("running", "the lobby is closed"))
        me = self.seats[conn.seat]
        colour = msg.get("colour")
        if colour is not None:
            problem = self.seating.colour_problem(me, colour)
            if problem:
                return conn.send(error(*problem))
            me.colour = colour
        if "name" in msg:
            me.name = msg["name"].strip()
        if "ready" in msg:
            me.ready = msg["ready"]
        self._lobby_changed()

    def _on_ping(self, conn, msg):
        conn.send({"t": "pong", "n": msg["n"]})

    def _on_pong(self, conn, msg):
        pass

    def _on_bye(self, conn, msg):
        self.drop(conn)

    # --- the host owner's calls ------------------------------------------------------

    def configure(self, **changes) -> None:
        """The host's rule choices while in the lobby (rules, players,
        vp_target, board, ...; see game.engine.default_config).  Raises
        ValueError with a reason, changing nothing."""
        if self.phase != LOBBY or self.deal.running:
            raise ValueError("the rules are fixed once the game has started")
        if "seed" in changes:
            raise ValueError("the seed is not a rule choice")
        config = dict(self.config, **changes)
        if "rules" in changes and "vp_target" not in changes:
            config["vp_target"] = default_config(rules=config["rules"])["vp_target"]
        reason = validate_config(config)
        if reason:
            raise ValueError(reason)
        if config["players"] < self.seats_taken():
            raise ValueError("more players are seated than that")
        Authority(config)           # rules the engine cannot play yet are refused here
        for holder in self.seats:
            if holder is not None and holder.conn is not None:
                holder.conn.seat = None
        self.seating.resize(config["players"])
        for seat, holder in enumerate(self.seats):
            if holder is not None and holder.conn is not None:
                self._take_seat(holder.conn, seat)  # seat numbers may close up
        self.config = config
        self._lobby_changed()

    def start(self) -> None:
        """Start the fair deal (the host's decision): the game begins when
        every seat has pledged and revealed its value (net/wire/fairdice.py).
        Needs every seat taken."""
        if self.phase != LOBBY or self.deal.running:
            raise RuntimeError("the game has already started")
        if not self.seating.full():
            raise RuntimeError("every seat must be taken before the game starts")
        self.deal.start(len(self.seats))

    def deal_unfairly(self) -> None:
        """Deal at once with the config's own seed, without the seats' values
        (tests that drive the host without peers; peers then cannot verify)."""
        if self.phase != LOBBY or not self.seating.full():
            raise RuntimeError("every seat must be taken before the game starts")
        self._deal(self.config)

    def _dealt(self, fair, seed: int) -> None:
        """Every seat revealed its value: deal with the seed drawn from them all."""
        self.fair = fair
        # dice no choice can steer (streams) and nobody can foresee (mixed_dice)
        self._deal(dict(self.config, seed=seed, streams=True, mixed_dice=True))

    def _deal_deadline(self, now: float) -> None:
        """Seats that did not pledge or reveal in time lose their lobby seat."""
        for seat in self.deal.overdue(now):
            holder = self.seats[seat]
            if holder is not None and holder.conn is not None:
                holder.conn.send(error("deal_timeout", "you did not take part in the deal in time"))
                self.drop(holder.conn)

    def _deal(self, config: dict) -> None:
        self.config = config
        self.play.begin(Authority(self.config), self.fair)
        self.phase = RUNNING
        self.autosave.begin(self.auth)
        self.save()                 # the dealt game: a crash before the first move loses nothing
        for seat in self.seating.listening():
            self.seats[seat].conn.send(self.play.sync(seat, "start"))
        if self.watchers.conns:
            self.watchers.send(self.records.sync(None, "start"))
        self._notify("started")
        self._lobby_changed()

    def assign(self, seat: int, name: str) -> None:
        """The host's owner gives a seat of a running game to the player who
        joins next under `name` (their token is lost: a new laptop, a wiped
        disk).  Raises ValueError with a reason, changing nothing."""
        if self.phase == LOBBY:
            raise ValueError("in the lobby anyone may join; seats are assigned only in a running game")
        self.seating.assign(seat, name)

    def set_allowed(self, **options) -> None:
        """The host's owner allows watchers and hints (watchers=..., hints=...;
        net/host/watchers.py): in the lobby only, so every player knows before
        the game starts.  Raises ValueError with a reason, changing nothing."""
        if self.phase != LOBBY or self.deal.running:
            raise ValueError("what the host allows is fixed once the game has started")
        self.watchers.set_allowed(**options)
        self._lobby_changed()

    def hand_over(self, seat: int, watcher: int) -> None:
        """The host's owner gives a computer's seat to a watcher (by its id in
        the lobby's list): the computer is told its seat is taken over, the
        watcher becomes the seat's player with a fresh token and the seat's
        view.  Raises ValueError with a reason, changing nothing."""
        if self.phase == OVER:
            raise ValueError("the game has ended")
        if self.deal.running:
            raise ValueError("the cards are being dealt; try again in a moment")
        conn = self.watchers.by_id(watcher)
        if conn is None:
            raise ValueError(f"no watcher {watcher}")
        name = self.watchers.conns[conn]
        old = self.seating.hand_over(seat, name)
        self.watchers.remove(conn)
        if old is not None:
            old.send({"t": "bye", "reason": TAKEN_OVER})   # the computer stops, and does not come back
            old.seat = None
            self.connections.drop(old)
        log.info("seat %s handed over to the watcher %s by the host", seat, name)
        if self.auth is None:
            self.seats[seat].ready = False
            self._take_seat(conn, seat)
            self._notify("seat", (seat, name))
            self._lobby_changed()
        else:
            self.save()             # the new token must outlive a crash before the player is told it
            self._back(conn, seat)

    def expect_computer(self, name: str, level: str) -> None:
        """A computer player the host's owner started joins soon as `name`:
        its seat is saved as a computer of `level`, so that a resumed game
        starts it again (`computer_seats`)."""
        self.seating.expect_computer(name, level)

    def computer_seats(self) -> dict:
        """{seat: (name, token, level)} of the seats the host's computer players
        hold: what ComputerPlayers.restart needs when the game is resumed."""
        return self.seating.computer_seats()

    def seat_of(self, text: str) -> int:
        """A seat given by number or by its player's name (for `--assign NAME=SEAT`)."""
        return self.seating.seat_of(text)

    def save(self, seats_changed: bool = True, digest: str | None = None) -> None:
        """Write the saved game (when saving; net/host/autosave.py); a failed
        write is logged and reported to listeners as ("save_error", reason) once."""
        self.autosave.save(self.seats, self.game_id, self.name, self.fair, self.talk.public(),
                           dict(self.watchers.allow), self.connections.spare_descriptors,
                           seats_changed, digest)

    def flush_save(self) -> None:
        """Put every command saved so far on the disk (fdatasync)."""
        self.autosave.flush()

    def _tell_everyone(self, msg) -> None:
        """To every seated connection and every watcher: what is public.
        (The deal's messages go to the seats only: watchers have no part in it.)"""
        self.seating.broadcast(msg)
        self.watchers.send(msg)

    def _pass_talk(self, msg) -> None:
        """Words TableTalk passes on: to every seat and watcher, and to the
        host's listeners as ("talk", msg) (the headless host prints them)."""
        self._tell_everyone(msg)
        self._notify("talk", msg)

    def _over(self) -> None:
        """The game has ended (Play's last record is sent): every seat and
        watcher is sent the result and the reveal."""
        self.phase = OVER
        self.records.announce_over()
        self._notify("over", self.result())
        self._lobby_changed()
        self.finished.set()

    def _talk_changed(self) -> None:
        """The host's owner changed the talk rules: saved (a resumed host keeps
        them) and shown in every lobby."""
        self.save()
        self._lobby_changed()

    def _lobby_changed(self) -> None:
        self._tell_everyone(self.lobby())
        self._notify("lobby", self.lobby())
        if self.auto_start and self.phase == LOBBY and not self.deal.running and self.seating.full():
            self.start()


HANDLERS = {
    "hello": Host._on_hello, "join": Host._on_join, "join_confirm": Host._on_join_confirm,
    "rejoin": Host._on_rejoin,
    "lobby_set": Host._on_lobby_set,
    "ping": Host._on_ping, "pong": Host._on_pong, "bye": Host._on_bye,
    # the game's messages are Play's, the fair deal's its FairDeal's
    "cmd": lambda host, conn, msg: host.play.on_cmd(conn, msg),
    "resync": lambda host, conn, msg: host.play.on_resync(conn, msg),
    "roll_commit": lambda host, conn, msg: host.play.on_roll(conn, msg),
    "roll_reveal": lambda host, conn, msg: host.play.on_roll(conn, msg),
    "pledge": lambda host, conn, msg: host.deal.on_pledge(conn, msg),
    "reveal": lambda host, conn, msg: host.deal.on_reveal(conn, msg),
    "talk": lambda host, conn, msg: host.talk.on_talk(conn, msg),     # words, no command
}
