"""The host's side of mixed dice (net/wire/rolldice.py): commitments on file,
the open roll, the values as they come in, and the roll applied with their mix.

`RollMixer` owns only this; it reads the seats from the host's `Seating`,
tells every seat and watcher through `broadcast(msg)` and calls back
`apply(cmd, proof)` when a roll is complete (the Host applies the command,
saves it and sends the record with the proof, and returns the record's
number).  The proofs of the latest rolls each seat had a part in
(`proofs_for`) go with its views.
"""

import asyncio
from collections import deque

from game.engine.rules import rolls, with_mix

from ..wire import rolldice
from ..wire.protocol import error
from ..wire.rolldice import AWAY, HOST, LATE, NONE, PROOFS_KEPT, ROLL_REVEAL_WAIT, commitment


class RollMixer:
    def __init__(self, seating, broadcast, apply, wait: float = ROLL_REVEAL_WAIT):
        self.seating = seating
        self.broadcast = broadcast  # to every seat and watcher: the opening is public
        self.apply = apply          # apply(cmd with its mix, proof) -> record number: the roll is complete
        self.wait = wait
        self.commits = {}           # seat -> the commitment on file for its next roll
        self.used = set()           # every commitment a roll has used (none is taken twice)
        self.count = 0              # rolls opened so far
        self.pending = None         # the open roll (_Open) while values come in
        self.proofs = {}            # seat -> [proof, mix, record number] of the latest rolls it had a part in

    def resume(self, commands) -> None:
        """A resumed game: its rolls so far (the count goes on; commitments
        are not saved, so every seat sends a fresh one when it rejoins)."""
        self.count = sum(1 for cmd in commands if rolls(cmd))

    @property
    def busy(self) -> bool:
        return self.pending is not None

    @property
    def done(self) -> int:
        """Rolls applied so far (a view says it: a seat's next roll is the one after)."""
        return self.count - (self.pending is not None)

    def on_commit(self, conn, msg) -> None:
        if conn.seat is None:
            return conn.send(error("not_seated", "join a seat first"))
        self._file(conn, msg["commit"])

    def _file(self, conn, commit: bytes) -> None:
        if commit in self.used:
            return conn.send(error("roll_commit_used", "that commitment was used in a roll before"))
        self.commits[conn.seat] = commit

    def open(self, cmd) -> None:
        """A seat's rolling command (checked): ask every seat for its value."""
        self.count += 1
        value = rolldice.new_value()
        slots = []
        for seat, holder in enumerate(self.seating.seats):
            if holder is None or holder.conn is None:
                slots.append(AWAY)
            elif holder.computer:
                slots.append(HOST)
            elif seat not in self.commits:
                slots.append(NONE)
            else:
                slots.append(self.commits.pop(seat))
        msg = {"t": "roll_open", "roll": self.count, "host": commitment(value), "seats": slots}
        self.pending = _Open(cmd, value, msg)
        self.broadcast(msg)
        if not self.pending.waiting:
            return self.close()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:        # driven without a loop (tests): the values come or never do
            return
        self.pending.timer = loop.call_later(self.wait, self.close)

    def on_reveal(self, conn, msg) -> None:
        seat = conn.seat
        if seat is None:
            return conn.send(error("not_seated", "join a seat first"))
        self._file(conn, msg["next"])
        roll = self.pending
        if roll is None or msg["roll"] != roll.opened["roll"] or seat not in roll.waiting:
            return                  # too late, or said twice: the roll went on without it
        roll.waiting.discard(seat)
        if rolldice.same(commitment(msg["value"]), roll.opened["seats"][seat]):
            roll.values[seat] = msg["value"]
        else:
            conn.send(error("bad_reveal", "the value does not match your commitment"))
        if not roll.waiting:
            self.close()

    def seat_back(self, conn, seat: int) -> None:
        """A seat came back (perhaps another program with its token): the
        commitment on file may be one it lacks, so it is forgotten until the
        seat sends one.  While a roll is open, the seat is shown it again and
        may still reveal (if it holds the value whose commitment was shown)."""
        self.commits.pop(seat, None)
        roll = self.pending
        if roll is not None:
            if type(roll.opened["seats"][seat]) is bytes and seat not in roll.values:
                roll.waiting.add(seat)
            conn.send(roll.opened)

    def close(self) -> None:
        """Every value is in, or the wait is over: apply the roll with its mix."""
        roll, self.pending = self.pending, None
        if roll is None:
            return
        if roll.timer is not None:
            roll.timer.cancel()
        opened = roll.opened
        seats = []
        for seat, slot in enumerate(opened["seats"]):
            if type(slot) is not bytes:
                seats.append(slot)
            elif seat in roll.values:
                seats.append([slot, roll.values[seat]])
            else:
                seats.append(LATE)
        proof = {"roll": opened["roll"], "host": roll.value, "seats": seats}
        self.used.add(opened["host"])
        self.used.update(slot for slot in opened["seats"] if type(slot) is bytes)
        self.commits = {s: c for s, c in self.commits.items() if c not in self.used}
        mix = rolldice.combine(opened["roll"], rolldice.proof_values(proof))
        seq = self.apply(with_mix(roll.cmd, mix), proof)
        for seat, slot in enumerate(opened["seats"]):
            if type(slot) is bytes:
                self.proofs.setdefault(seat, deque(maxlen=PROOFS_KEPT)).append([proof, mix, seq])

    def proofs_for(self, seat) -> list:
        """The proofs of the latest rolls `seat` had a part in (a commitment
        in the opening): what its view brings, so the seat checks a roll it
        revealed to whose record the view covers, however long it was away."""
        return list(self.proofs.get(seat, ()))


class _Open:
    """A roll asked for: the seat's command, the host's value, the `roll_open`
    sent, the values in so far and the seats still awaited."""

    def __init__(self, cmd, value: bytes, opened: dict):
        self.cmd, self.value, self.opened = cmd, value, opened
        self.values = {}
        self.waiting = {seat for seat, slot in enumerate(opened["seats"]) if type(slot) is bytes}
        self.timer = None
