"""A peer's side of one game, without any I/O: it turns checked host messages
into a Replica kept in lockstep, and says what to send back.

`PeerGame.handle(msg)` applies one host message and returns the events the
UI may want, as (kind, data) pairs:

    ("welcome", msg)           the host's greeting (game name, public config, state)
    ("seated", seat)           this laptop holds `seat`
    ("lobby", msg)             seats, names, colours, ready flags, rules
    ("synced", reason)         a fresh view arrived (start, rejoin or resync)
    ("start_events", events)   what happened as the game was dealt (first player rolls)
    ("record", Record)         a command was applied; Record.events are its events
    ("rejected", msg)          our command was refused (code, detail)
    ("error", msg)             the host refused a message of ours
    ("seat_status", msg)       a seat (dis)connected during the game
    ("over", msg)              the game ended (winner, turns, public hash)
    ("diverged", seq)          our copy differed from the host's; a resync is on its way
    ("bye", reason)            the host closed the connection

Every record's view hash is compared with the host's; on a mismatch (or a
record that does not fit) the peer asks for a resync and ignores records
until the fresh view arrives.  It never plays on from a diverged copy.

A message the game cannot use at all (net/hostcheck.py: a view of the
wrong shape, a seat past the last one) raises HostFault from `handle`,
and the caller ends the connection with its message.
"""

from game.engine import deciders
from game.engine.match import Record, Replica
from game.engine.state import GAME_OVER

from .hostcheck import HostFault, check_message, check_state, check_view
from .protocol import TAKEN_OVER
from .secrecy import peer_hash, public_state_hash


def _tuples(x):
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x


class PeerGame:
    def __init__(self, send, name: str = "", store=None):
        self.send = send            # callable(msg dict): hands a message to the connection
        self.name = name
        self.store = store          # TokenStore or None
        self.game_id = None
        self.welcome = None
        self.lobby = None
        self.seat = None
        self.token = None
        self.replica = None
        self.awaiting_sync = False
        self.over = None            # the host's "over" message
        self.divergences = 0
        self.syncs = 0
        self._next_id = 0
        self.pending = None         # id of our command awaiting its record or rejection
        self.last_error = None
        self.taken_over = False

    # --- what the UI reads -----------------------------------------------------------

    @property
    def view(self):
        """This seat's copy of the game (a State), or None before the start."""
        return self.replica.state if self.replica else None

    @property
    def seq(self) -> int:
        return self.replica.seq if self.replica else 0

    def must_decide(self) -> bool:
        return (self.replica is not None and not self.awaiting_sync and self.pending is None
                and self.view.phase != GAME_OVER and self.seat in deciders(self.view))

    def hash_matches_host(self) -> bool:
        """At the end: does our public view hash equal the host's?"""
        return (self.over is not None and self.replica is not None and not self.awaiting_sync
                and self.replica.seq == self.over["seq"]
                and public_state_hash(self.view) == self.over["public_hash"])

    # --- what the UI does -------------------------------------------------------------

    def submit(self, cmd) -> int:
        """Send a command chosen on the current view; returns its id (echoed in a reject)."""
        if self.token is None or self.replica is None:
            raise RuntimeError("not seated in a running game")
        self._next_id += 1
        self.pending = self._next_id
        self.send({"t": "cmd", "id": self._next_id, "seq": self.replica.seq, "token": self.token,
                   "cmd": [list(a) if isinstance(a, (tuple, list)) else a for a in cmd]})
        return self._next_id

    def set_lobby(self, **fields) -> None:
        """name=..., colour=..., ready=... (any subset)."""
        self.send(dict(fields, t="lobby_set"))

    # --- host messages ----------------------------------------------------------------------

    def handle(self, msg: dict) -> list:
        """Apply one schema-checked host message.  Raises HostFault (changing
        nothing) when its content cannot be used."""
        check_message(msg, self.players())
        return getattr(self, "_on_" + msg["t"])(msg)

    def players(self):
        """Seats in the game as far as the host has told us (None before the welcome)."""
        source = self.lobby or self.welcome
        return source["config"]["players"] if source else None

    def _on_welcome(self, msg):
        self.welcome = msg
        self.game_id = msg["game_id"]
        return [("welcome", msg)]

    def _on_seated(self, msg):
        self.seat, self.token = msg["seat"], msg["token"]
        if self.store is not None and self.game_id is not None:
            self.store.save(self.game_id, self.name, self.seat, self.token)
        return [("seated", self.seat)]

    def _on_lobby(self, msg):
        self.lobby = msg
        return [("lobby", msg)]

    def _on_sync(self, msg):
        if self.seat is None:
            raise HostFault("the host sent a game view before giving us a seat")
        state = check_view(msg["view"], self.seat)
        replica = Replica(state, self.seat)
        replica.seq = msg["seq"]
        if peer_hash(state, self.seat) != msg["hash"]:
            return self._diverged(msg["seq"])
        self.replica = replica
        self.awaiting_sync = False
        self.pending = None
        self.syncs += 1
        events = [("synced", msg["reason"])]
        if msg["events"]:
            events.append(("start_events", _tuples(msg["events"])))
        return events

    def _on_rec(self, msg):
        if self.awaiting_sync:
            return []           # covered by the view that is on its way
        if self.replica is None or msg["seq"] != self.replica.seq + 1:
            return self._diverged(msg["seq"])
        record = Record(msg["seq"], _tuples(msg["cmd"]), msg["outcome"], _tuples(msg["events"]))
        try:
            self.replica.receive(record)
        except Exception:       # a record our copy cannot apply means it has diverged
            return self._diverged(msg["seq"])
        check_state(self.replica.state, self.seat)
        if peer_hash(self.replica.state, self.seat) != msg["hash"]:
            return self._diverged(msg["seq"])
        self.pending = None
        return [("record", record)]

    def _diverged(self, seq):
        self.divergences += 1
        if not self.awaiting_sync:
            self.awaiting_sync = True
            self.send({"t": "resync"})
        return [("diverged", seq)]

    def _on_reject(self, msg):
        if msg["id"] == self.pending:
            self.pending = None
        return [("rejected", msg)]

    def _on_error(self, msg):
        self.last_error = msg
        return [("error", msg)]

    def _on_seat_status(self, msg):
        return [("seat_status", msg)]

    def _on_over(self, msg):
        self.over = msg
        return [("over", msg)]

    def _on_ping(self, msg):
        self.send({"t": "pong", "n": msg["n"]})
        return []

    def _on_pong(self, msg):
        return []

    def _on_bye(self, msg):
        if msg.get("reason") == TAKEN_OVER:
            self.taken_over = True      # another program holds our seat now: do not fight it
        return [("bye", msg.get("reason", ""))]
