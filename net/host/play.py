"""The game in play at the host: its Authority, the mixed dice, and the path
of each command from a seat's frame to every seat's record.

A command is accepted only after, in this order (boardgame.io's master does
the same): the frame decodes to a known, well-shaped message (Host.handle_payload);
the connection holds a seat; the command is for that seat; the game runs;
the seat must decide now; it was chosen on the current state (its `seq` is
the number of the last record: a stale one costs no look by the engine);
and the command is legal in the engine (checked once, as it is applied).
Anything else is answered with `reject` and a reason code and changes
nothing.  An accepted command is saved before its record is sent to anyone.

Nobody waits for an away seat's part of the Special Building Phase of five
and six (X-1.7): the host passes for it (`pass_for_away_builder`).  Its turn
and its other decisions wait for it, or for a computer the host's owner lends.

`Play` owns the Authority and the RollMixer (net/host/rolls.py) of the
game, once dealt or resumed; it reads the seats from the host's `Seating`,
has its `Records` send what each seat may see, and is given by the Host:

    save(digest)       keep the saved game current (digest: the state's hash)
    notify(kind, data) tell the host's listeners ("record")
    tell_everyone(msg) what is public, to every seat and watcher
    over()             the game has ended (the host closes it and says so)
"""

from game.engine import deciders
from game.engine.rules import IllegalCommand, check, rolls, with_mix
from game.engine.rulesets.base.special import special_builder
from game.engine.state import GAME_OVER

from ..wire.protocol import error
from ..wire.secrecy import WHOLE, peer_hashes
from .rolls import RollMixer


class Play:
    def __init__(self, seating, records, autosave, save, notify, tell_everyone, over):
        self.seating, self.records, self.autosave = seating, records, autosave
        self.save, self.notify, self.tell_everyone, self.over = save, notify, tell_everyone, over
        self.auth = None            # the game's Authority once dealt
        self.mixer = None           # RollMixer in a game with mixed dice (net/wire/rolldice.py)

    def begin(self, auth, fair) -> None:
        """The game is dealt, or resumed from a save: its Authority and its fair deal."""
        self.auth = auth
        self.records.begin(auth, fair)
        self.mix_dice()

    def mix_dice(self) -> None:
        if self.auth.config.get("mixed_dice"):
            self.mixer = RollMixer(self.seating, self.tell_everyone, self.apply)

    def sync(self, seat, reason: str) -> dict:
        """A seat's whole view (Records.sync), with the rolls so far in a
        game of mixed dice and the proofs of the latest it had a part in (a
        seat whose record of a roll this view covers checks the roll by them)."""
        msg = self.records.sync(seat, reason)
        if self.mixer is not None:
            msg["roll"] = self.mixer.done
            proofs = self.mixer.proofs_for(seat)
            if proofs:
                msg["proofs"] = proofs
        return msg

    def on_cmd(self, conn, msg) -> None:
        ref = msg["id"]
        if conn.watcher is not None:
            return conn.send(_reject(ref, "watcher", "a watcher cannot act in the game"))
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
        if self.mixer is not None and self.mixer.busy:
            return conn.send(_reject(ref, "rolling", "the dice are being rolled"))
        if msg["seq"] != len(self.auth.log):
            # chosen on an earlier state (several seats answered one offer at
            # once): refused before the engine looks at it
            return conn.send(_reject(ref, "stale", f"the game is at record {len(self.auth.log)}"))
        if self.mixer is not None and rolls(cmd):
            # a roll of mixed dice is checked as the host will apply it, with its mix
            err = check(state, with_mix(cmd, 0))
            if err is not None:
                return conn.send(_reject(ref, err.code, err.detail))
            return self.mixer.open(cmd)     # applied when the seats' values are in (apply)
        try:
            self.apply(cmd)                 # the engine checks it once, changing nothing if illegal
        except IllegalCommand as exc:
            return conn.send(_reject(ref, exc.code, exc.detail))

    def apply(self, cmd, proof=None) -> int:
        """Apply a checked command, save it and send every seat its record;
        returns the record's number."""
        record = self.auth.submit(cmd)
        # every seat's view hash, and the whole state's for the save, in one pass
        hashes = peer_hashes(self.auth.state, self.records.audiences(),
                             whole=self.autosave.saver is not None)
        self.save(hashes.get(WHOLE))        # before anyone hears of it
        self.records.send_record(record, hashes, proof)
        self.notify("record", record)
        if self.auth.state.phase == GAME_OVER:
            self.over()
        else:
            self.pass_for_away_builder()
        return record.seq

    def pass_for_away_builder(self) -> None:
        """X-1.7 on a LAN: the Special Building Phase does not wait for a seat
        whose player is away (its connection dropped): the host passes for it,
        as an offer's answers do not wait for an away seat.  Called after every
        record and when a seat goes away.  (A turn cannot be passed: it waits
        for its player, or for a computer the host's owner lends the seat.)"""
        builder = special_builder(self.auth.state) if self.auth is not None else None
        if builder is not None and self.seating.seats[builder].conn is None:
            self.apply(("pass_build", builder))     # the next builder is looked at in turn

    def on_resync(self, conn, msg) -> None:
        if not conn.placed or self.auth is None:
            return conn.send(error("not_running", "no game view to send"))
        if conn.resyncs.try_take():
            conn.resync_due = False
            self.resync(conn)
        else:
            conn.resync_due = True      # merged with any others; see Connections._heartbeat

    def resync(self, conn) -> None:
        conn.send(self.sync(conn.seat, "resync"))

    def on_roll(self, conn, msg) -> None:
        """A seat's commitment or value for mixed dice: its RollMixer's."""
        if self.mixer is None:
            return conn.send(error("not_mixed", "this game's dice are not mixed"))
        (self.mixer.on_commit if msg["t"] == "roll_commit" else self.mixer.on_reveal)(conn, msg)


def _reject(ref, code, detail) -> dict:
    return {"t": "reject", "id": ref, "code": code, "detail": detail}
