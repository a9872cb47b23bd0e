"""A seat's side of mixed dice (net/wire/rolldice.py): its commitment always
on file with the host, its value revealed when a roll is opened, and the
check of every roll's proof.

`RollCheck` answers `roll_open` wherever it arrives (the window's session
answers it on the network thread, so a roll never waits for the window to
poll; the records are checked on the window's thread: a lock keeps the two
apart).  Problems come back as (what, detail) pairs, which the peer's game
turns into a failed fairness verdict naming the record (PeerGame._judge);
what every player should see (seats a roll went on without, a roll opened
again, a roll whose proof never came) comes back as events, and those that
leave a roll unverifiable the peer's game keeps as doubts for the verdict.

Every roll we revealed a value to is awaited (`awaiting`) until its proof is
checked: from its record, or from the proofs a view brings when the view
covered the record (we rejoined, or resynced).  A view that covers a roll we
revealed to and brings no proof of it is said ("roll_unseen").
"""

import threading

from ..wire.rolldice import (
    AWAY, HOST, LATE, NONE, ROLL_WAIT, check_proof, commitment, new_value, same,
)

UNSEEN = "roll_unseen"      # the event of a roll we revealed to whose proof never came
MAX_OPEN_ROLLS = 8          # opened rolls kept for their records


class RollCheck:
    def __init__(self, send, keep=None):
        self.send = send            # callable(msg dict)
        # keep(value): our next value, kept on disk before its commitment goes out, so a
        # restarted program can still reveal it for a roll the host opened meanwhile
        self.keep = keep or (lambda value: None)
        self.spare = None           # the value kept before our next one (a restarted program's: see on_open)
        self.lock = threading.Lock()
        self.value = None           # our value for the next roll (its commitment is on file)
        self.opened = None          # the roll_open of the roll under way (or the last one)
        # roll -> its roll_open, until its record is checked: the network thread may open the
        # next roll before the window's thread has checked the record of the one before
        self.opens = {}
        self.reveal = None          # the roll_reveal we sent for `opened` (sent again after a rejoin)
        self.awaiting = {}          # roll -> (its roll_open, our value, our seat): revealed, proof not checked yet
        self.waiting_since = None   # when we revealed a value whose roll has not come yet
        self.synced_since_open = False  # a view came since `opened`: its record may be covered by it
        self.included = False       # since our last view a roll took our value: the host holds our next
        self.last_roll = 0
        self.resent = None          # after a (re)join: the number an open roll shown again has
        self.seen = set()           # every commitment a roll has used (none may come twice)
        self.host_run = False       # a computer the host runs: the host counts its seat as its own
        self.withheld_told = False

    def synced(self, reason: str, done: int, commit: bool, proofs=()) -> tuple:
        """A view arrived (`done`: the rolls of the game so far; `commit`: it
        is a seat's view of a game of mixed dice; `proofs`: [proof, mix,
        record] of the latest rolls our seat had a part in): after a start or a rejoin
        the host may not hold our commitment (a restarted host, a restarted
        program), so it is sent.  The rolls we revealed to that the view
        covers are checked by their proofs.  Returns (problems, events)."""
        with self.lock:
            self.last_roll = max(self.last_roll, done)
            self.synced_since_open = True
            self.waiting_since = None
            problems, events = [], []
            for roll in sorted(r for r in self.awaiting if r <= done):
                opened, value, seat = self.awaiting.pop(roll)
                shown = [p for p in proofs if p[0]["roll"] == roll]
                if not shown:
                    events.append((UNSEEN, {"roll": roll}))
                    continue
                proof, mix, seq = shown[0]
                self._seen_in(proof)
                problems, said = self._check(opened, proof, mix, seat, seq, value)
                events += said
                if problems:
                    break
            if commit and reason in ("start", "rejoin"):
                self.included = False
                self.resent = done + 1 if reason == "rejoin" else None
                if self.value is None:
                    self.value = new_value()
                    self.keep(self.value)
                self.send({"t": "roll_commit", "commit": commitment(self.value)})
            return problems, events

    def on_open(self, msg: dict, seat, now: float) -> tuple:
        """The host opened a roll: reveal our value when our commitment is in
        its place (seat None: a watcher, which only checks).  Returns
        (problems [(what, detail)], events)."""
        with self.lock:
            roll, events = msg["roll"], []
            if self.opened is not None and roll == self.opened["roll"]:
                if msg == self.opened:
                    if self.reveal is not None:         # shown again after a rejoin: said again
                        self.send(self.reveal)
                        self.waiting_since = now
                    return [], []
                if not self.synced_since_open:
                    return [("roll_reopened", f"the host opened roll {roll} again with other values")], []
                # A host restarted since (it keeps no open roll): the roll begins
                # anew, said to every player, with a warning when we had shown our
                # value, since then the host knew the roll it threw away.
                events.append(("roll_reopened", {"roll": roll, "after_reveal": self.reveal is not None}))
            elif roll <= self.last_roll:
                return [("roll_number", f"the host opened roll {roll} after roll {self.last_roll}")], []
            if seat is not None and len(msg["seats"]) <= seat:
                return [("roll_number", f"the host's roll {roll} has no place for our seat")], events
            shown = [msg["host"]] + [slot for slot in msg["seats"] if type(slot) is bytes]
            if len(set(shown)) != len(shown) or any(c in self.seen for c in shown):
                return [("roll_reused", f"roll {roll} uses a commitment used before")], events
            self.opened, self.reveal, self.synced_since_open = msg, None, False
            # A value we revealed to an opening of this roll that a restarted host threw
            # away (said above as roll_reopened) is no longer the roll's: its proof is
            # checked against what we reveal now, if anything.
            self.awaiting.pop(roll, None)
            self.opens[roll] = msg
            while len(self.opens) > MAX_OPEN_ROLLS:     # (a host opening rolls it never throws)
                del self.opens[min(self.opens)]
            self.last_roll = roll
            if seat is None:
                return [], events
            slot = msg["seats"][seat]
            resent, self.resent = self.resent, None
            if type(slot) is bytes:
                if self.spare is not None and same(slot, commitment(self.spare)):
                    # A roll opened before we (re)joined, shown again, for the value an
                    # earlier program kept on disk and had not revealed yet: ours to reveal.
                    value, self.spare = self.spare, None
                elif self.value is None or not same(slot, commitment(self.value)):
                    if roll == resent:
                        # A roll opened before we (re)joined, shown again: the commitment
                        # in our place is an earlier program's, whose value we lack.
                        return [], events
                    return [("roll_commit", f"the host showed another commitment for our seat in "
                             f"roll {roll}")], events
                else:
                    value, self.value = self.value, new_value()
                    self.keep(self.value)
                self.reveal = {"t": "roll_reveal", "roll": roll, "value": value,
                               "next": commitment(self.value)}
                self.awaiting[roll] = (msg, value, seat)
                self.send(self.reveal)
                self.waiting_since = now
                return [], events
            if slot == LATE or (slot == HOST and not self.host_run) or (slot in (AWAY, NONE) and self.included):
                return [("roll_left_out", f"the host left our seat out of roll {roll} (said: {slot}) "
                         "though it held our commitment")], events
            return [], events

    def on_record(self, proof, mix: int, seat: int, seq: int) -> tuple:
        """A rolling command's record arrived (`mix`: its last element):
        check its proof.  Returns (problems, events)."""
        with self.lock:
            latest = proof is None or self.opened is None or proof["roll"] == self.opened["roll"]
            if latest:              # (a record of an earlier roll leaves the latest one's reveal waiting)
                self.reveal, self.waiting_since = None, None
            if proof is None:
                return [("roll_proof", f"the roll at record {seq} came without its proof")], []
            opened, covered = self.opens.pop(proof["roll"], None), self.synced_since_open
            for roll in [r for r in self.opens if r < proof["roll"]]:
                del self.opens[roll]            # (rolls before this one get no record any more)
            self._seen_in(proof)
            self.last_roll = max(self.last_roll, proof["roll"])
            if opened is None:
                if covered:         # opened before a fresh view that covered it: nothing to compare
                    return [], []
                return [("roll_proof", f"the host rolled at record {seq} without asking for values first")], []
            awaited = self.awaiting.pop(proof["roll"], None)
            return self._check(opened, proof, mix, seat, seq, awaited[1] if awaited else None)

    def _seen_in(self, proof) -> None:
        """Every commitment a roll used (none may come twice)."""
        self.seen.add(commitment(proof["host"]))
        self.seen.update(entry[0] for entry in proof["seats"] if type(entry) is list)

    def _check(self, opened, proof, mix, seat, seq, ours) -> tuple:
        """A roll's proof against its opening, with our value in it if we
        revealed one (`ours`): (problems, events)."""
        problem = check_proof(opened, proof, mix)
        if problem is not None:
            return [problem], []
        entry = proof["seats"][seat] if seat is not None and seat < len(proof["seats"]) else None
        if ours is not None:
            if type(entry) is not list or not same(entry[1], ours):
                return [("roll_dropped", f"the host left our value out of the roll at record {seq} "
                         "though we sent it")], []
            self.included = True
        without = {s: entry for s, entry in enumerate(proof["seats"]) if entry in (AWAY, NONE, LATE)}
        return [], ([("roll_without", {"seq": seq, "seats": without})] if without else [])

    def overdue(self, now: float) -> list:
        """A host that does not roll within ROLL_WAIT of our reveal withholds
        the roll: one problem, said once."""
        with self.lock:
            if self.waiting_since is None or self.withheld_told or now - self.waiting_since < ROLL_WAIT:
                return []
            self.withheld_told = True
            roll = self.opened["roll"] if self.opened else self.last_roll
            return [("roll_withheld", f"the host did not roll roll {roll} within {ROLL_WAIT:.0f} s "
                     "of our value")]
