"""The host: the one authority of a LAN game, serving peers over TCP.

Everything here runs on one asyncio loop; `handle_payload` is the single
synchronous entry for every frame a peer sends, so the game state is only
ever touched from that loop and a frame is handled completely (answered,
applied, broadcast) before the next one.

Connections are TLS 1.3 with the host's long-term key (net/wire/secure.py).  A
connection takes a seat by `join` (with a proof of the join code, when the
host has one) or takes its seat back by `rejoin` with a proof of the seat's
token bound to this connection's nonce; the token itself travels only once,
from the host, when a seat is first given.  From then on the connection is
the seat: commands carry no token.

The deal is fair (net/wire/fairdice.py, net/host/deal.py): `start` asks
every seat for a pledge, and the game is dealt only when every seat has
revealed its value, with the seed drawn from the host's committed secret
and every value.  The secret and
the full log are revealed to every seat when the game ends.

A command is accepted only after, in this order (boardgame.io's master does
the same): the frame decodes to a known, well-shaped message; the connection
holds a seat; the command is for that seat; the game runs; the seat must
decide now; it was chosen on the current state (its `seq` is the number of
the last record: a command overtaken by another is `stale`, whatever else
it is); and the command is legal in the engine.  Anything else is answered with `reject` and a reason
code and changes nothing.

Saving (net/host/saving.py): with a `save_path` the host keeps a saved game
(game/saves, mode "lan") current from the deal on.  Each accepted command
is appended to the save's journal before its record is sent to anyone, so
no peer ever sees a move that a host restarted after a crash would not
know; the journal is flushed to the disk (fdatasync) at most FLUSH_SECONDS
later, once for all the commands in between, so only a power cut in that
moment can lose the newest commands.  `resume_file`
(net/host/resume.py) rebuilds a host from such a save: same game id, same
seats and tokens, every seat away until its holder rejoins.  A player
whose token is lost gets a seat only when the host's owner says so
(`assign`), never by name alone.

The host owns two collaborators that call it back: its `Connections`
(net/host/connections.py: admission, TLS, reading within budgets, heartbeats;
limits in net/host/limits.py), which hands it every frame and every closed
connection, and its `FairDeal` (net/host/deal.py), which says when the seed
is drawn.
"""

import asyncio
import logging
import secrets
import time

from game import saves
from game.engine import deciders, default_config
from game.engine.match import Authority
from game.engine.rules import IllegalCommand
from game.engine.state import GAME_OVER, validate_config

from ..wire import secure
from ..wire.fairdice import pack_log
from ..wire.protocol import (
    APP, CLIENT, COLOURS, MAX_NAME, PROTOCOL_VERSION, TAKEN_OVER, ProtocolError, decode, error,
    pack_messages,
)
from ..wire.secrecy import WHOLE, peer_hash, peer_hashes, peer_view_bytes, public_state_hash, scrub_config
from .connections import Conn, Connections, log, quiet
from . import limits
from .deal import FairDeal
from .saving import extra_for, players_for

LOBBY, RUNNING, OVER = "lobby", "running", "over"
FLUSH_SECONDS = 0.05        # how long a saved command may wait to be flushed to the disk


class Seat:
    def __init__(self, name: str, colour: str, token: str):
        self.name = name
        self.colour = colour
        self.ready = False
        self.token = token
        self.conn = None
        self.computer = None        # the level of the host's computer player in this seat, if one is

    def public(self) -> dict:
        return {"name": self.name, "colour": self.colour, "ready": self.ready,
                "connected": self.conn is not None, "computer": self.computer}


class Host:
    def __init__(self, config: dict, name: str = "Kolonisten", auto_start: bool = False,
                 save_path: str | None = None, identity: secure.Identity | None = None,
                 join_code: str | None = None):
        """auto_start: start as soon as every seat is taken (the dedicated host);
        otherwise the host's owner calls start().  save_path: keep a saved game
        there from the deal on (None: do not save).  identity: the host's key
        (default: the one in the user's data folder, made on first use; raises
        secure.HostKeyError).  join_code: what a new player must prove to
        join (None or empty: anyone on the network may join)."""
        reason = validate_config(config)
        if reason:
            raise ValueError(reason)
        self.config = dict(config)
        self.name = name
        self.auto_start = auto_start
        self.game_id = secrets.token_hex(8)
        self.seats: list = [None] * config["players"]
        self.auth = None
        self.phase = LOBBY
        self.listeners = []         # callables (kind, data): "seat", "lobby", "started", "record", "over"
        self.finished = asyncio.Event()
        self.save_path = save_path
        self.saver = None           # saves.Autosaver once the game runs
        self._seats_saved = False   # has the saver been given the seats (names, tokens) yet?
        self._flush_due = None      # the timer that flushes the save to the disk, when one runs
        self.save_error = None      # the OSError of the last failed save (None: it worked)
        self.assignments = {}       # casefolded player name -> seat the host gave them
        self.computers_expected = {}    # name -> level of a computer the host started, until it joins
        self.knocking = []          # names refused for want of a token (newest last, a few)
        self.told = set()           # seats sent the result of the finished game
        self.resumed_at = None      # commands in the save this host resumed, if any
        self.identity = identity or secure.load_identity()
        self.join_code = secure.normal_join_code(join_code) if join_code else None
        self.fair = None            # fairdice.FairRecord once dealt (None: an unverifiable deal)
        self.deal = FairDeal(self._broadcast, self._notify, self._dealt)
        self.wrong_codes = limits.TokenBucket(limits.WRONG_CODES_PER_SECOND, limits.WRONG_CODES_BURST)
        self.connections = Connections(self.identity, on_frame=self.handle_payload,
                                       on_closed=self._closed, on_tick=self._deal_deadline,
                                       resync=self._resync, seat_count=lambda: len(self.seats))

    def restore(self, game_id: str, seats: list, auth, fair, saver) -> None:
        """Continue a saved game (net/host/resume.py): its id, its seats (Seat
        objects, every one away until its holder rejoins), the replayed
        Authority, its fair deal and the Autosaver that writes on (or None)."""
        self.fair = fair
        self.game_id = game_id
        self.seats = seats
        self.auth = auth
        self.phase = OVER if auth.state.phase == GAME_OVER else RUNNING
        self.resumed_at = len(auth.log)
        self.saver = saver
        self._seats_saved = False
        if self.phase == OVER:
            self.finished.set()

    # --- lifecycle -----------------------------------------------------------------

    def public_config(self) -> dict:
        return scrub_config(self.config)

    def seats_taken(self) -> int:
        return sum(s is not None for s in self.seats)

    def txt(self) -> dict:
        """Discovery TXT properties (a hint: the handshake decides)."""
        return {"v": str(PROTOCOL_VERSION), "game": self.name, "id": self.game_id,
                "rules": self.config["rules"], "seats": f"{self.seats_taken()}/{len(self.seats)}",
                "state": self.phase, "fp": self.identity.fingerprint,
                "code": "1" if self.join_code else "0"}

    def lobby(self) -> dict:
        return {"t": "lobby", "seats": [s.public() if s else None for s in self.seats],
                "config": self.public_config(), "state": self.phase, "name": self.name}

    def _notify(self, kind, data=None) -> None:
        for listener in list(self.listeners):
            try:
                listener(kind, data)
            except Exception:
                log.exception("host listener failed on %s", kind)

    # --- connections (net/host/connections.py) -----------------------------------

    async def listen(self, host: str = "0.0.0.0", port: int = 0) -> int:
        return await self.connections.listen(host, port)

    @property
    def port(self):
        return self.connections.port

    async def close(self) -> None:
        if self._flush_due is not None:
            self._flush_due.cancel()
            self.flush_save()
        await self.connections.close()

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
        seat = conn.seat
        if seat is None or self.seats[seat] is None or self.seats[seat].conn is not conn:
            return
        if self.phase == LOBBY:
            self.seats[seat] = None         # a lobby seat is simply given up
            self.deal.cancel(f"seat {seat} left during the deal")
            self._notify("seat", (seat, None))
        else:
            self.seats[seat].conn = None    # kept: its token takes it back
            self._broadcast({"t": "seat_status", "seat": seat, "connected": False})
            self._notify("seat_status", (seat, False))
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

    def _on_join(self, conn, msg):
        if not self._greeted(conn):
            return
        if conn.seat is not None:
            return conn.send(error("already_seated", "this connection already holds a seat"))
        if self.join_code is not None:
            expected = secure.join_code_proof(self.join_code, self.identity.fingerprint, conn.nonce)
            if "code" not in msg:
                return conn.send(error("join_code", "this game needs a join code"))
            if self.wrong_codes.available() < 1:    # one limit for all addresses together (limits.py)
                return conn.send(error("busy", "too many wrong join codes lately; try again in a minute"))
            if not secure.same_proof(expected, msg["code"]):
                self.wrong_codes.try_take()
                quiet.log(logging.INFO, "join_code_wrong", "connection %s gave a wrong join code", conn.cid)
                return conn.send(error("join_code_wrong", "that is not the join code of this game"))
        if self.phase != LOBBY:
            return self._join_assigned(conn, msg["name"].strip())
        if None not in self.seats or self.deal.running:
            return conn.send(error("full", "every seat is taken"))
        seat = self.seats.index(None)
        taken = {s.colour for s in self.seats if s}
        colour = next(c for c in COLOURS if c not in taken)
        name = msg["name"].strip()
        self.seats[seat] = Seat(name, colour, secrets.token_urlsafe(24))
        self.seats[seat].computer = self.computers_expected.pop(name, None)
        self._take_seat(conn, seat)
        self._notify("seat", (seat, self.seats[seat].name))
        self._lobby_changed()

    def _join_assigned(self, conn, name):
        """A player without a token joins a running game: only into a seat the
        host assigned to this name, with a fresh token (the lost one stops working)."""
        seat = self.assignments.get(name.casefold())
        if seat is None:
            if name not in self.knocking:
                self.knocking = (self.knocking + [name])[-8:]
            self._notify("knocking", name)      # the host's owner may assign them a seat
            return conn.send(error("running", "the game has started; only seat holders may rejoin "
                                   "(the host can give a seat to a player whose token is lost)"))
        holder = self.seats[seat]
        if holder.conn is not None:
            return conn.send(error("seat_in_use", f"seat {seat} is held by a connected player"))
        del self.assignments[name.casefold()]
        self.knocking = [n for n in self.knocking if n.casefold() != name.casefold()]
        holder.name = name
        holder.token = secrets.token_urlsafe(24)
        holder.computer = None      # a player took the seat over
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
        self.assignments = {n: s for n, s in self.assignments.items() if s != seat}
        if self.auth is None:
            self._take_seat(conn, seat)
            self.deal.cancel("a seat changed hands during the deal")
            self._lobby_changed()
        else:
            self._back(conn, seat)

    def _back(self, conn, seat):
        """Seat `conn` in a running (or finished) game and bring it up to date."""
        self._take_seat(conn, seat)
        conn.send(self._sync(seat, "rejoin"))
        self._broadcast({"t": "seat_status", "seat": seat, "connected": True})
        self._notify("seat_status", (seat, True))
        if self.phase == OVER:
            conn.send(self.result_message())
            if self.reveal_message() is not None:
                conn.send(self.reveal_message())
            self.told.add(seat)
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
            if colour not in COLOURS:
                return conn.send(error("bad_colour", "choose one of " + ", ".join(COLOURS)))
            if any(s and s is not me and s.colour == colour for s in self.seats):
                return conn.send(error("colour_taken", "another player has that colour"))
            me.colour = colour
        if "name" in msg:
            me.name = msg["name"].strip()
        if "ready" in msg:
            me.ready = msg["ready"]
        self._lobby_changed()

    def _on_cmd(self, conn, msg):
        ref = msg["id"]
        if conn.seat is None:
            return conn.send(_reject(ref, "not_seated", "join a seat first"))
        seat = conn.seat
        cmd = msg["cmd"]
        if cmd[1] != seat:
            return conn.send(_reject(ref, "wrong_seat", "you may only act for your own seat"))
        if self.auth is None:
            return conn.send(_reject(ref, "not_running", "the game has not started"))
        state = self.auth.state
        if state.phase == GAME_OVER:
            return conn.send(_reject(ref, "game_over", "the game has ended"))
        if seat not in deciders(state):
            return conn.send(_reject(ref, "not_deciding", "it is not your turn to decide"))
        if msg["seq"] != len(self.auth.log):
            return conn.send(_reject(ref, "stale", f"the game is at record {len(self.auth.log)}"))
        try:
            record = self.auth.submit(cmd)      # checks the command in full first
        except IllegalCommand as exc:           # refused: nothing changed
            return conn.send(_reject(ref, exc.code, exc.detail))
        listening = [s for s, holder in enumerate(self.seats) if holder.conn is not None]
        # every seat's view hash, and the whole state's for the save, in one pass
        hashes = peer_hashes(self.auth.state, listening, whole=self.saver is not None)
        self.save(seats_changed=False, digest=hashes.get(WHOLE))   # before anyone hears of it
        self._broadcast_record(record, hashes)

    def _on_resync(self, conn, msg):
        if conn.seat is None or self.auth is None:
            return conn.send(error("not_running", "no game view to send"))
        if conn.resyncs.try_take():
            conn.resync_due = False
            self._resync(conn)
        else:
            conn.resync_due = True      # merged with any others; see Connections._heartbeat

    def _resync(self, conn):
        conn.send(self._sync(conn.seat, "resync"))

    def _on_ping(self, conn, msg):
        conn.send({"t": "pong", "n": msg["n"]})

    def _on_pong(self, conn, msg):
        pass

    def _on_bye(self, conn, msg):
        self.drop(conn)

    # --- game ---------------------------------------------------------------------------

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
        seated = [s for s in self.seats if s is not None]
        for seat, holder in enumerate(self.seats):
            if holder is not None and holder.conn is not None:
                holder.conn.seat = None
        self.seats = seated + [None] * (config["players"] - len(seated))
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
        if None in self.seats:
            raise RuntimeError("every seat must be taken before the game starts")
        self.deal.start(len(self.seats))

    def deal_unfairly(self) -> None:
        """Deal at once with the config's own seed, without the seats' values
        (tests that drive the host without peers; peers then cannot verify)."""
        if self.phase != LOBBY or None in self.seats:
            raise RuntimeError("every seat must be taken before the game starts")
        self._deal(self.config)

    def _dealt(self, fair, seed: int) -> None:
        """Every seat revealed its value: deal with the seed drawn from them all."""
        self.fair = fair
        self._deal(dict(self.config, seed=seed, streams=True))     # dice no choice can steer

    def _deal_deadline(self, now: float) -> None:
        """Seats that did not pledge or reveal in time lose their lobby seat."""
        for seat in self.deal.overdue(now):
            holder = self.seats[seat]
            if holder is not None and holder.conn is not None:
                holder.conn.send(error("deal_timeout", "you did not take part in the deal in time"))
                self.drop(holder.conn)

    def _deal(self, config: dict) -> None:
        self.config = config
        self.auth = Authority(self.config)
        self.phase = RUNNING
        if self.save_path is not None:
            self.saver = saves.Autosaver(self.auth, self.save_path, mode="lan")
        self.save()                 # the dealt game: a crash before the first move loses nothing
        for seat, holder in enumerate(self.seats):
            if holder.conn is not None:
                holder.conn.send(self._sync(seat, "start"))
        self._notify("started")
        self._lobby_changed()

    def assign(self, seat: int, name: str) -> None:
        """The host's owner gives a seat of a running game to the player who
        joins next under `name` (their token is lost: a new laptop, a wiped
        disk).  Raises ValueError with a reason, changing nothing."""
        if self.phase == LOBBY:
            raise ValueError("in the lobby anyone may join; seats are assigned only in a running game")
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise ValueError(f"there is no seat {seat} (seats 0 to {len(self.seats) - 1})")
        name = name.strip() if isinstance(name, str) else ""
        if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
            raise ValueError(f"a player's name has 1 to {MAX_NAME} printable characters")
        holder = self.seats[seat]
        if holder.conn is not None:
            raise ValueError(f"seat {seat} ({holder.name}) is connected")
        self.assignments = {n: s for n, s in self.assignments.items() if s != seat}
        self.assignments[name.casefold()] = seat

    def expect_computer(self, name: str, level: str) -> None:
        """A computer player the host's owner started joins soon as `name`:
        its seat is saved as a computer of `level`, so that a resumed game
        starts it again (`computer_seats`)."""
        self.computers_expected[name] = level

    def computer_seats(self) -> dict:
        """{seat: (name, token, level)} of the seats the host's computer players
        hold: what ComputerPlayers.restart needs when the game is resumed."""
        return {i: (s.name, s.token, s.computer) for i, s in enumerate(self.seats)
                if s is not None and s.computer}

    def seat_of(self, text: str) -> int:
        """A seat given by number or by its player's name (for `--assign NAME=SEAT`)."""
        text = text.strip()
        if text.isdigit():
            return int(text)
        found = [i for i, s in enumerate(self.seats) if s and s.name.casefold() == text.casefold()]
        if len(found) != 1:
            raise ValueError(f"no single seat held by {text!r}")
        return found[0]

    def save(self, seats_changed: bool = True, digest: str | None = None) -> None:
        """Write the saved game (when saving): the commands, names, colours and
        tokens (`seats_changed` False: only new commands, the seats are as
        last saved; `digest`: the state hash after the newest command, when
        the caller has it).  A failed write loses nothing (the next one rewrites it
        all); it is logged and reported to listeners as ("save_error", reason)
        once."""
        if self.saver is None:
            return
        if seats_changed or not self._seats_saved:
            self.saver.players = players_for(self.seats)
            self.saver.extra = extra_for(self.game_id, self.name, self.seats, self.fair)
            # the descriptors kept back for the save are let go while it opens a file
            self.saver.room = self.connections.spare_descriptors
            self._seats_saved = True
        try:
            # Written before anyone hears of the command, so a crash of the host
            # loses none; flushed to the disk at most FLUSH_SECONDS later, once
            # for every command in between.
            self.saver.record(digest=digest, flush=False)
            self._flush_soon()
        except OSError as exc:
            if str(exc) != str(self.save_error):
                why = exc.strerror or str(exc)
                log.error("cannot save the game to %s: %s", self.saver.path, why)
                self._notify("save_error", why)
            self.save_error = exc
        else:
            self.save_error = None

    def _flush_soon(self) -> None:
        if self._flush_due is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:                # outside the host's loop (resuming): at once
            return self.flush_save()
        self._flush_due = loop.call_later(FLUSH_SECONDS, self.flush_save)

    def flush_save(self) -> None:
        """Put every command saved so far on the disk (fdatasync)."""
        self._flush_due = None
        if self.saver is None:
            return
        try:
            self.saver.flush()
        except OSError as exc:
            why = exc.strerror or str(exc)
            log.error("cannot save the game to %s: %s", self.saver.path, why)
            self._notify("save_error", why)
            self.save_error = exc
            self.saver.close()              # the next save rewrites the file whole

    def everyone_told(self) -> bool:
        """Has every seat been sent the result of the finished game?"""
        return self.phase == OVER and len(self.told) == len(self.seats)

    def _sync(self, seat, reason) -> dict:
        state = self.auth.state
        events = [list(e) for e in self.auth.start_events] if reason == "start" else []
        msg = {"t": "sync", "reason": reason, "seq": len(self.auth.log),
               "view": peer_view_bytes(state, seat), "hash": peer_hash(state, seat), "events": events}
        if self.fair is not None:
            msg["fair"] = self.fair.public()
        return msg

    def _broadcast_record(self, record, hashes) -> None:
        """Send each connected seat the record as that seat may see it, with
        its view hash (`hashes`: peer_hashes of the state after it)."""
        state = self.auth.state
        seats = [seat for seat, holder in enumerate(self.seats) if holder.conn is not None and seat in hashes]
        if record.is_public():      # the same record for every seat: packed once
            frames = pack_messages(_record_message(record), "hash", [hashes[seat] for seat in seats])
        else:
            frames = [pack_messages(_record_message(record.for_audience(seat)), "hash", [hashes[seat]])[0]
                      for seat in seats]
        for seat, frame in zip(seats, frames):
            self.seats[seat].conn.send_frame(frame)
        self._notify("record", record)
        if state.phase == GAME_OVER:
            self.phase = OVER
            self._broadcast(self.result_message())
            if self.reveal_message() is not None:
                self._broadcast(self.reveal_message())
            self.told.update(s for s, holder in enumerate(self.seats) if holder.conn is not None)
            self._notify("over", self.result())
            self._lobby_changed()
            self.finished.set()

    def result_message(self) -> dict:
        state = self.auth.state
        return {"t": "over", "winner": state.winner, "turns": state.turn,
                "public_hash": public_state_hash(state), "seq": len(self.auth.log)}

    def reveal_message(self):
        """After the end: the host's secret and the full log, so that every
        seat can replay the game and check the deal (None: no fair deal)."""
        if self.fair is None or self.fair.secret is None or self.phase != OVER:
            return None
        return {"t": "reveal", "secret": self.fair.secret, "log": pack_log(self.auth.log)}

    def result(self) -> dict:
        msg = self.result_message()
        return {"winner": msg["winner"], "turns": msg["turns"], "public_hash": msg["public_hash"],
                "commands": msg["seq"], "rules": self.config["rules"], "players": len(self.seats),
                "names": [s.name for s in self.seats]}

    def _broadcast(self, msg) -> None:
        for holder in self.seats:
            if holder is not None and holder.conn is not None:
                holder.conn.send(msg)

    def _lobby_changed(self) -> None:
        self._broadcast(self.lobby())
        self._notify("lobby", self.lobby())
        if (self.auto_start and self.phase == LOBBY and not self.deal.running
                and None not in self.seats):
            self.start()


def _record_message(record) -> dict:
    """A record as sent to a seat (its view hash is added per seat)."""
    return {"t": "rec", "seq": record.seq, "cmd": record.cmd, "outcome": record.outcome,
            "events": record.events}


def _reject(ref, code, detail) -> dict:
    return {"t": "reject", "id": ref, "code": code, "detail": detail}


HANDLERS = {
    "hello": Host._on_hello, "join": Host._on_join, "rejoin": Host._on_rejoin,
    "lobby_set": Host._on_lobby_set, "cmd": Host._on_cmd, "resync": Host._on_resync,
    "ping": Host._on_ping, "pong": Host._on_pong, "bye": Host._on_bye,
    # the fair deal's own messages are answered by the host's FairDeal
    "pledge": lambda host, conn, msg: host.deal.on_pledge(conn, msg),
    "reveal": lambda host, conn, msg: host.deal.on_reveal(conn, msg),
}
