"""A peer's side of one game, without any I/O: it turns checked host messages
into a Replica kept in lockstep, and says what to send back.

`PeerGame.handle(msg)` applies one host message and returns the events the
UI may want, as (kind, data) pairs:

    ("welcome", msg)           the host's greeting (game name, public config, state)
    ("seated", seat)           this laptop holds `seat` (also a watcher the host handed a seat)
    ("watching", id)           this laptop watches the game (no seat; `id` in the lobby's list)
    ("lobby", msg)             seats, names, colours, ready flags, rules
    ("synced", reason)         a fresh view arrived (start, rejoin or resync)
    ("start_events", events)   what happened as the game was dealt (first player rolls)
    ("record", Record)         a command was applied; Record.events are its events
    ("rejected", msg)          our command was refused (code, detail)
    ("error", msg)             the host refused a message of ours
    ("seat_status", msg)       a seat (dis)connected during the game
    ("over", msg)              the game ended (winner, turns, public hash)
    ("diverged", seq)          our copy differed from the host's; a resync is on its way
    ("host_diverges", n)       the n-th (REPORT_DIVERGENCES) mismatch: said to the player;
                               at GIVE_UP_DIVERGENCES the host is a HostFault
    ("bye", reason)            the host closed the connection
    ("talk", said)             words at the table (net/wire/talk.py `heard`: seat, name,
                               phrase or text), no command: nothing of the game changes
    ("dealing", attempt)       the fair deal began (our pledge is on its way); attempt:
                               which deal of this game (1 the first)
    ("deal_restarted", info)   the host started the deal again: {"attempt": n,
                               "after_reveal": whether we had shown our value
                               in the deal before, so the host knew its seed}
    ("fair", Verdict)          the check of the fair deal: after the game (the host
                               revealed its secret and log) or earlier when the
                               host broke the deal or a roll (fairdice.Verdict: ok, seq, what)
    ("roll_without", info)     a roll of mixed dice went on without some seats:
                               {"seq": its record, "seats": {seat: "away"|"none"|"late"}}
    ("roll_reopened", info)    a host restarted since opened the roll again: {"roll": n,
                               "after_reveal": whether we had shown our value, so the
                               host knew the roll it threw away}
    ("roll_unseen", info)      a view covered a roll we had revealed to and brought no
                               proof of it: {"roll": n}

What leaves the game unverifiable though nothing in it was shown false (a
roll that went on without a seat's value after the others were shown, a
roll opened again or a deal restarted after we had shown our value, a roll
we revealed to that we never saw the proof of) is kept as a doubt
(fairdice.Doubt, in `doubts` and in the seen file) besides being said at
once: the end verdict of such a game is "unverified", never fair.

The fair deal (net/wire/fairdice.py) runs here without the player: the peer
pledges and reveals a random value, checks that the deal it is shown holds
its own value and matches the pledges it saw, keeps every record and view
hash it was shown (on disk too, beside its token, so a restarted program
checks the whole game), and replays the game with the revealed seed at the end.
When that replay matches everything the peer was shown, the game it replayed
is kept as `whole_game` (its config with the seed, its commands): the window
reviews it on this laptop (game/bots/review.py), as a hot-seat laptop
reviews its own game.
`pin` (the host key's fingerprint, set by whoever opened the connection)
is what tokens are filed under.  In a game with mixed dice (net/wire/rolldice.py)
the peer's `RollCheck` (net/peer/rolls.py) keeps its commitment on file with
the host, reveals its value when a roll opens and checks every roll's proof.

Every record's view hash is compared with the host's; on a mismatch (or a
record that does not fit) the peer asks for a resync and ignores records
until the fresh view arrives.  An undo of a command from before our view
arrived (a rejoin, a resync: the replica kept nothing for it,
game/engine/undo.py) asks for a fresh view too, without counting as a
divergence: nothing is wrong with the host.  It never plays on from a diverged copy; a
host whose hashes keep disagreeing is reported (REPORT_DIVERGENCES) and then
no longer trusted (GIVE_UP_DIVERGENCES).  A host that does not reveal its
secret within REVEAL_WAIT of the end fails the check (`reveal_overdue`).

A watcher (`watching`) keeps a copy of the spectator's view (audience None:
no seat's hidden cards), checked against the host's hashes like a seat's;
it takes no part in the deal, submits nothing, and checks the deal at the
end from what it was shown.  When the host hands it a seat, `seated` and
the seat's view follow, and it plays on as that seat.

A message the game cannot use at all (net/peer/faults.py: a view of the
wrong shape, a seat past the last one) raises HostFault from `handle`,
and the caller ends the connection with its message.
"""

import threading
import time

from game.engine import deciders
from game.engine.match import Record, Replica
from game.engine.rules import rolls
from game.engine.state import GAME_OVER
from game.engine.undo import Untracked

from ..wire import fairdice, talk
from ..wire.fairdice import Doubt, FairRecord, SeenRecord, Verdict, as_tuples
from ..wire.protocol import TAKEN_OVER
from ..wire.rolldice import LATE
from ..wire.secrecy import peer_hash, public_state_hash
from .faults import HostFault, check_message, check_state, check_view
from .rolls import UNSEEN, RollCheck


REVEAL_WAIT = 30.0          # seconds after the end within which the host must reveal
REPORT_DIVERGENCES = 3      # view-hash mismatches after which the player is told
GIVE_UP_DIVERGENCES = 10    # ... and after which the host is no longer trusted (HostFault)


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
        self.watching = False       # a watcher: no seat, the spectator's view
        self.replica = None
        self.awaiting_sync = False
        self.over = None            # the host's "over" message
        self.away = set()           # seats the host says are disconnected now
        self.divergences = 0
        self.syncs = 0
        self._next_id = 0
        self.pending = None         # id of our command awaiting its record or rejection
        self.last_error = None
        self.taken_over = False
        self.pin = None             # the host key's fingerprint
        self.deal_attempt = None    # the count of the last deal the host asked us into
        self._value = None          # our value in the deal under way
        self._pledges = None        # (commit, pledges) the host showed before we revealed
        self.deal = None            # the FairRecord we were shown with the game
        self.transcript = []        # ("sync", seq, hash) / ("rec", SeenRecord): what we were shown
        self._seen_file = None      # the transcript on disk (net.peer.tokens.SeenFile), once opened
        self._seen_lock = threading.Lock()  # (doubts may be written from the session's network thread)
        self.doubts = []            # fairdice.Doubt: what of this game cannot be verified fair
        self.verdict = None         # fairdice.Verdict once checked
        self.over_at = None         # time.monotonic() when the end arrived
        self.revealed = False       # the host's reveal arrived (its check may still run)
        self._reveal = None         # (config, deal, secret, commands) of the reveal, while it is checked
        self.whole_game = None      # (config with its seed, commands) once the reveal checked out
        self._revealed_log = []     # the parts of the revealed log before its last (reveal_log)
        self.rolls = RollCheck(lambda msg: self.send(msg),     # mixed dice (net/peer/rolls.py)
                               keep=lambda value: self._write_seen(("value", value)))
        self.rolls_early = False    # the session answers syncs' roll part on its own thread
        self.run_check = None       # None: check the finished game at once; else a callable
                                    # given the check (a function returning a Verdict) to run
                                    # elsewhere and hand its result to `judge`

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

    def undo_status(self) -> tuple:
        """What an undo of our seat would take back now, as the replica's
        TakeBacks.status says: (command, None) or (None, why not)."""
        return self.replica.takebacks.status(self.view, self.seat)

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
        self.send({"t": "cmd", "id": self._next_id, "seq": self.replica.seq,
                   "cmd": [list(a) if isinstance(a, (tuple, list)) else a for a in cmd]})
        return self._next_id

    def set_lobby(self, **fields) -> None:
        """name=..., colour=..., ready=... (any subset)."""
        self.send(dict(fields, t="lobby_set"))

    def say(self, phrase: str | None = None, text: str | None = None) -> None:
        """Table talk (net/wire/talk.py): a quick phrase by its key, or a text
        (cleaned and cut to MAX_TALK here; the host checks it again)."""
        self.send({"t": "talk", "phrase": phrase} if phrase is not None else
                  {"t": "talk", "text": talk.clean(text or "")})

    # --- host messages ----------------------------------------------------------------------

    def handle(self, msg: dict) -> list:
        """Apply one schema-checked host message.  Raises HostFault (changing
        nothing) when its content cannot be used."""
        check_message(msg, self.players())
        return HANDLERS[msg["t"]](self, msg)

    def players(self):
        """Seats in the game as far as the host has told us (None before the welcome)."""
        source = self.lobby or self.welcome
        return source["config"]["players"] if source else None

    def _on_pake(self, msg):
        # The exchange is the handshake's business (net/peer/connection.py); here it is out of place.
        raise HostFault("exchange_out_of_place")

    def _on_welcome(self, msg):
        self.welcome = msg
        self.game_id = msg["game_id"]
        return [("welcome", msg)]

    def _on_watching(self, msg):
        self.watching = True
        return [("watching", msg["id"])]

    def _on_seated(self, msg):
        self.seat, self.token = msg["seat"], msg["token"]
        if self.watching:           # handed a seat: what we saw as a watcher was the spectator's view
            self.watching = False
            self._close_seen()
            self.transcript = []
            self.awaiting_sync = self.replica is not None   # the seat's view follows at once
        if self._stored():
            key = (self.pin, self.game_id, self.name)
            came_back = self.store.load(*key) == (self.seat, self.token)
            self.store.save(*key, self.seat, self.token)
            if not self.transcript:         # a restarted program: what it saw before it stopped
                self._close_seen()
                if came_back:
                    seen = fairdice.unpack_seen(self.store.load_seen(*key))
                    self.transcript = [entry for entry in seen if entry[0] in ("sync", "rec")]
                    self.doubts = [entry[1] for entry in seen if entry[0] == "doubt"] + self.doubts
                    kept = [entry[1] for entry in seen if entry[0] == "value"]
                    if kept and self.rolls.value is None:
                        # the value our commitment on file is for, and the one before it
                        # (an open roll may hold it, if the program stopped before revealing)
                        self.rolls.value = kept[-1]
                        self.rolls.spare = kept[-2] if len(kept) > 1 else None
                else:
                    self.store.forget_seen(*key)
        return [("seated", self.seat)]

    def _close_seen(self) -> None:
        with self._seen_lock:
            if self._seen_file is not None:
                self._seen_file.close()
                self._seen_file = None

    def _stored(self) -> bool:
        return self.store is not None and self.game_id is not None and self.pin is not None

    def _saw(self, entry) -> None:
        """Keep a transcript entry, in memory and (when we have a token file) on disk."""
        self.transcript.append(entry)
        self._write_seen(entry)

    def _write_seen(self, entry) -> None:
        with self._seen_lock:
            if self._stored():
                if self._seen_file is None:
                    self._seen_file = self.store.seen_file(self.pin, self.game_id, self.name)
                self._seen_file.append(fairdice.pack_seen(entry))

    def _doubt(self, what: str, seq: int, info: dict) -> None:
        """Something of this game the end verdict cannot call fair (fairdice.Doubt)."""
        doubt = Doubt(what, seq, info)
        self.doubts.append(doubt)
        self._write_seen(("doubt", doubt))

    def _doubts_in(self, events, seq: int, dice=None) -> list:
        """Keep the doubts the roll and deal events among `events` raise; returns the events."""
        for kind, data in events:
            if kind == "roll_without":
                late = sorted(seat for seat, why in data["seats"].items() if why == LATE)
                if late:
                    self._doubt("roll_late", data["seq"], {"seats": late, "dice": dice})
            elif kind == UNSEEN:
                self._doubt("roll_unseen", seq, {"roll": data["roll"]})
            elif kind == "roll_reopened" and data["after_reveal"]:
                self._doubt("roll_reopened", seq, {"roll": data["roll"]})
            elif kind == "deal_restarted" and data["after_reveal"]:
                self._doubt("deal_restarted", 0, {"attempt": data["attempt"]})
        return events

    def _on_lobby(self, msg):
        self.lobby = msg
        return [("lobby", msg)]

    def _on_sync(self, msg):
        if self.seat is None and not self.watching:
            raise HostFault("view_before_seat")
        early = [] if self.rolls_early else self.roll_sync(msg)
        state = check_view(msg["view"], self.seat)
        replica = Replica(state, self.seat)
        replica.seq = msg["seq"]
        if peer_hash(state, self.seat) != msg["hash"]:
            self.awaiting_sync = False      # this view was the one awaited: ask again
            return early + self._diverged(msg["seq"])
        self.replica = replica
        self.awaiting_sync = False
        self.pending = None
        self.syncs += 1
        events = early + [("synced", msg["reason"])]
        events += self._check_deal(msg.get("fair"), msg["reason"])
        self._saw(("sync", msg["seq"], msg["hash"]))
        if msg["events"]:
            events.append(("start_events", as_tuples(msg["events"])))
        return events

    def _on_rec(self, msg):
        if self.awaiting_sync:
            return []           # covered by the view that is on its way
        if self.replica is None or msg["seq"] != self.replica.seq + 1:
            return self._diverged(msg["seq"])
        record = Record(msg["seq"], as_tuples(msg["cmd"]), msg["outcome"], as_tuples(msg["events"]))
        try:
            self.replica.receive(record)
        except Untracked:       # an undo of a move made before our view: a fresh view has it
            self._ask_resync()
            return []
        except Exception:       # a record our copy cannot apply means it has diverged
            return self._diverged(msg["seq"])
        check_state(self.replica.state, self.seat)
        if peer_hash(self.replica.state, self.seat) != msg["hash"]:
            return self._diverged(msg["seq"])
        self.pending = None
        self._saw(("rec", SeenRecord.of(record, msg["hash"])))
        events = [("record", record)]
        if self.replica.state.config.get("mixed_dice") and rolls(record.cmd):
            problems, said = self.rolls.on_record(msg.get("proof"), record.cmd[-1], self.seat, record.seq)
            dice = (record.outcome or {}).get("dice")
            events += self._doubts_in(said, record.seq, dice) + self._roll_problems(problems, record.seq)
        return events

    def roll_sync(self, msg) -> list:
        """The rolls' part of a view (`sync`): our commitment goes out, and
        the rolls we revealed to that it covers are checked by the proofs it
        brings (RollCheck.synced).  The window's session calls it on its
        network thread as the view arrives; otherwise `handle` does."""
        problems, events = self.rolls.synced(msg["reason"], msg.get("roll", 0), commit="roll" in msg,
                                             proofs=msg.get("proofs", ()))
        return self._doubts_in(events, msg["seq"]) + self._roll_problems(problems, msg["seq"])

    def _on_roll_open(self, msg):
        """A roll of mixed dice opened: our value goes out at once (RollCheck;
        a watcher only checks)."""
        if self.seat is None and not self.watching:
            return []
        problems, events = self.rolls.on_open(msg, self.seat, time.monotonic())
        return self._doubts_in(events, self.seq + 1) + self._roll_problems(problems, self.seq + 1)

    def _roll_problems(self, problems, seq) -> list:
        events = []
        for what, detail in problems:
            events += self._judge(Verdict(False, seq, what, detail, kind="roll"))
        return events

    def _diverged(self, seq):
        self.divergences += 1
        if self.divergences >= GIVE_UP_DIVERGENCES:
            raise HostFault("keeps_diverging", count=self.divergences)
        self._ask_resync()
        events = [("diverged", seq)]
        if self.divergences == REPORT_DIVERGENCES:     # once: a lying or broken host, not chance
            events.append(("host_diverges", self.divergences))
        return events

    def _ask_resync(self) -> None:
        if not self.awaiting_sync:
            self.awaiting_sync = True
            self.send({"t": "resync"})

    def _on_reject(self, msg):
        if msg["id"] == self.pending:
            self.pending = None
        return [("rejected", msg)]

    def _on_error(self, msg):
        self.last_error = msg
        return [("error", msg)]

    def _on_seat_status(self, msg):
        seat = msg.get("seat")
        if isinstance(seat, int):
            (self.away.discard if msg.get("connected") else self.away.add)(seat)
        return [("seat_status", msg)]

    def _on_over(self, msg):
        self.over = msg
        self._revealed_log = []     # the reveal follows whole (again after a rejoin)
        self.over_at = time.monotonic()
        events = [("over", msg)]
        if self.deal is None and self.verdict is None:      # no reveal will follow
            events += self._judge(Verdict(False, 0, "no_deal", "this game was dealt without a fair deal"))
        return events

    # --- the fair deal ------------------------------------------------------------------

    def _on_fair_ask(self, msg):
        attempt, before = msg["attempt"], self.deal_attempt
        revealed = self._pledges is not None
        if before is not None and attempt <= before:
            # The count must grow with every deal we see; a host that hides restarts is caught.
            return self._judge(Verdict(False, 0, "deal_count", f"the host called deal {attempt} "
                                       f"after deal {before}"))
        self.deal_attempt = attempt
        self._value, self._pledges = fairdice.new_value(), None
        self.send({"t": "pledge", "pledge": fairdice.commitment(self._value)})
        events = [("dealing", attempt)]
        if attempt > 1:
            # Said to the player at once: a seat that left, or a host trying for a seed it likes.
            events.append(("deal_restarted", {"attempt": attempt, "after_reveal": revealed}))
        return self._doubts_in(events, 0)

    def _on_fair_pledges(self, msg):
        pledges = msg["pledges"]
        # (Our seat number may not be applied yet where the window owns the
        # game copy; the start view later checks our value sits in our seat.)
        if self._value is None or fairdice.commitment(self._value) not in pledges:
            return []       # not our deal: we do not reveal (the host's deal times out)
        self._pledges = (msg["commit"], list(pledges))
        self.send({"t": "reveal", "value": self._value})
        return []

    def _check_deal(self, fair, reason) -> list:
        """Check the deal shown with a view against what we saw of it."""
        if fair is None:
            return []       # a game without a fair deal: nothing to check (the end says so)
        deal = FairRecord(fair["commit"], list(fair["pledges"]), list(fair["values"]),
                          attempt=fair.get("attempt"))
        what, problem = "value", deal.check()
        if problem is None and reason == "start" and self._value is not None:
            commit, pledges = self._pledges or (None, None)
            if deal.commit != commit or deal.pledges != pledges:
                what, problem = "deal", "the deal differs from the commitment and pledges shown before it"
            elif deal.attempt != self.deal_attempt:
                what, problem = "deal_count", (f"the host asked us into deal {self.deal_attempt} "
                                               f"and dealt deal {deal.attempt}")
            elif self.seat >= len(deal.values) or deal.values[self.seat] != self._value:
                what, problem = "deal_own_value", "our own value is missing from the deal"
        known = self.deal.public() if self.deal else self._saved_deal()
        if problem is None and known is not None and known != deal.public():
            what, problem = "deal_changed", "the host changed the deal since we first saw it"
        if problem is not None:
            return self._judge(Verdict(False, 0, what, problem))
        self.deal = deal
        if self.store is not None and self.token is not None and self.pin is not None:
            self.store.save(self.pin, self.game_id, self.name, self.seat, self.token,
                            fair=deal.to_save())
        return []

    def _saved_deal(self):
        if self.store is None or self.pin is None or self.game_id is None:
            return None
        saved = self.store.load_fair(self.pin, self.game_id, self.name)
        try:
            deal = FairRecord.from_save(dict(saved, secret=None), len(saved["values"]))
        except (ValueError, TypeError, KeyError):
            return None
        return deal.public()

    def overdue(self, now: float) -> list:
        """What the host is overdue with, said in words: a roll after our
        value (RollCheck.overdue), the reveal after the end (reveal_overdue)."""
        return self._roll_problems(self.rolls.overdue(now), self.seq + 1) + self.reveal_overdue(now)

    def reveal_overdue(self, now: float) -> list:
        """After the end: a host that has not revealed its secret and log
        within REVEAL_WAIT seconds fails the check, said in words (the
        caller asks every frame or every message; [] while there is time)."""
        if (self.over is None or self.verdict is not None or self.deal is None or self.revealed
                or now - self.over_at < REVEAL_WAIT):
            return []
        return self._judge(Verdict(False, self.over["seq"], "no_reveal", f"the host did not reveal its "
                                   f"secret and log within {REVEAL_WAIT:.0f} s of the end (move "
                                   f"{self.over['seq']})"))

    def _on_reveal_log(self, msg):
        """A part of the revealed log; the last comes with the secret (`reveal`)."""
        if self.over is None:
            raise HostFault("reveal_out_of_place")
        if self.revealed:               # told again after a rejoin: the first reveal stands
            return []
        if sum(map(len, self._revealed_log)) + len(msg["log"]) > fairdice.MAX_PACKED_LOG:
            self.revealed = True
            return self._judge(Verdict(False, 0, "log_unreadable", "the revealed log is larger than any game's"))
        self._revealed_log.append(msg["log"])
        return []

    def _on_reveal(self, msg):
        if self.revealed:
            return []
        self.revealed = True
        log, self._revealed_log = b"".join(self._revealed_log) + msg["log"], []
        if self.verdict is not None:
            return []
        if self.deal is None:
            return self._judge(Verdict(False, 0, "no_deal", "this game was dealt without a fair deal"))
        try:
            cmds = fairdice.unpack_log(log)
        except ValueError as exc:
            return self._judge(Verdict(False, 0, "log_unreadable", str(exc)))
        config = dict(self.view.config) if self.view is not None else None
        if config is None:
            return self._judge(Verdict(False, 0, "unseen", "we never saw the game"))
        deal, seat, transcript = self.deal, self.seat, list(self.transcript)
        self._reveal = (config, deal, msg["secret"], cmds)

        def check():
            return fairdice.verify(config, deal, msg["secret"], cmds, seat, transcript, peer_hash)
        if self.run_check is not None:      # a long game takes a second or more to replay
            self.run_check(check)
            return []
        return self._judge(check())

    def judge(self, verdict) -> list:
        """Take the result of a check run elsewhere (see run_check)."""
        return self._judge(verdict)

    def _judge(self, verdict) -> list:
        if self.verdict is None or self.verdict.ok:
            self.verdict = verdict.with_doubts(self.doubts)
            self.whole_game = self._checked_game(verdict)
        if self._stored() and self.over is not None:     # checked: the seen file has served
            self._close_seen()
            self.store.forget_seen(self.pin, self.game_id, self.name)
        return [("fair", self.verdict)]

    def _checked_game(self, verdict):
        """The whole game as the reveal gave it, (config with the seed the
        deal drew, commands), when the replay of it matched everything we
        were shown (`verdict` before doubts: a game the host could steer a
        roll of is still the game we saw); else None."""
        if not verdict.ok or self._reveal is None:
            return None
        config, deal, secret, cmds = self._reveal
        return dict(config, seed=deal.seed(secret)), list(cmds)

    def _on_talk(self, msg):
        said = talk.heard(msg, self.players())
        return [("talk", said)] if said is not None else []

    def _on_ping(self, msg):
        self.send({"t": "pong", "n": msg["n"]})
        return []

    def _on_pong(self, msg):
        return []

    def _on_bye(self, msg):
        if msg.get("reason") == TAKEN_OVER:
            self.taken_over = True      # another program holds our seat now: do not fight it
        return [("bye", msg.get("reason", ""))]


# Every kind of host message (net/wire/protocol.py HOST_MESSAGES) and the
# method that applies it; tests/test_net_protocol.py checks both lists agree.
HANDLERS = {kind: getattr(PeerGame, "_on_" + kind) for kind in (
    "welcome", "pake", "seated", "watching", "lobby", "sync", "rec", "reject", "error",
    "seat_status", "over", "fair_ask", "fair_pledges", "roll_open", "reveal_log", "reveal",
    "talk", "ping", "pong", "bye")}
