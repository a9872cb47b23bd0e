"""What the host sends every seat about the game: its view (`sync`, at the
start, on a rejoin or a resync), each record as that seat may see it with
the hash of its view, and at the end the result and the reveal (the host's
secret and the full log, net/wire/fairdice.py) that lets every seat check
the deal and the dice.

Watchers (net/host/watchers.py) are sent the same as a seat, for the
audience None: the spectator's view and records, with every seat's hidden
cards withheld, and the result and the reveal at the end.

`Records` owns whom it has told the result and nothing of the lobby or
the connections: it reads the seats from the host's `Seating`, the watchers
from its `Watchers` and the game from the Authority it is given when the
game is dealt.
"""

from game.engine.state import GAME_OVER

from ..wire.fairdice import reveal_messages
from ..wire.protocol import pack_messages
from ..wire.secrecy import peer_hash, peer_view_bytes, public_state_hash
from .watchers import Watchers


class Records:
    def __init__(self, seating, watchers=None):
        self.seating = seating
        self.watchers = watchers if watchers is not None else Watchers()     # (none: nobody watches)
        self.auth = None            # the game's Authority once dealt
        self.fair = None            # fairdice.FairRecord of the deal (None: an unverifiable deal)
        self.told = set()           # seats sent the result of the finished game
        self._reveal = None         # the reveal's messages, packed once after the end

    def begin(self, auth, fair) -> None:
        self.auth, self.fair = auth, fair
        self._reveal = None

    def over(self) -> bool:
        return self.auth is not None and self.auth.state.phase == GAME_OVER

    def sync(self, seat, reason: str) -> dict:
        """The whole view of `seat` (None: a watcher's; reason: "start",
        "rejoin" or "resync")."""
        state = self.auth.state
        events = [list(e) for e in self.auth.start_events] if reason == "start" else []
        msg = {"t": "sync", "reason": reason, "seq": len(self.auth.log),
               "view": peer_view_bytes(state, seat), "hash": peer_hash(state, seat), "events": events}
        if self.fair is not None:
            msg["fair"] = self.fair.public()
        return msg

    def send_record(self, record, hashes, proof=None) -> None:
        """Send each connected seat the record as that seat may see it, with
        its view hash (`hashes`: peer_hashes of the state after it), and the
        watchers the record as a spectator sees it (hashes[None]); for a roll
        of mixed dice, with the roll's proof (net/wire/rolldice.py).  A record
        with nothing to hide is packed once for them all."""
        seats = [seat for seat, holder in enumerate(self.seating.seats)
                 if holder.conn is not None and seat in hashes]
        watched = bool(self.watchers.conns) and None in hashes
        audiences = seats + [None] if watched else seats
        if record.is_public():
            frames = pack_messages(_rec_message(record, proof), "hash", [hashes[a] for a in audiences])
        else:
            frames = [pack_messages(_rec_message(record.for_audience(a), proof), "hash", [hashes[a]])[0]
                      for a in audiences]
        for seat, frame in zip(seats, frames):
            self.seating.seats[seat].conn.send_frame(frame)
        if watched:
            self.watchers.send_frame(frames[-1])

    def audiences(self) -> list:
        """Whose view hashes a record needs: the connected seats, and None when anyone watches."""
        return self.seating.listening() + ([None] if self.watchers.conns else [])

    def announce_over(self) -> None:
        """The game ended: every connected seat and watcher is sent the result and the reveal."""
        for send in (self.seating.broadcast, self.watchers.send):
            send(self.result_message())
            for msg in self.reveal_messages():
                send(msg)
        self.told.update(self.seating.listening())

    def tell_over(self, conn, seat) -> None:
        """A seat back (or a watcher come, seat None) after the end is sent the result and the reveal."""
        conn.send(self.result_message())
        for msg in self.reveal_messages():
            conn.send(msg)
        if seat is not None:
            self.told.add(seat)

    def everyone_told(self) -> bool:
        return self.over() and len(self.told) == len(self.seating.seats)

    def result_message(self) -> dict:
        state = self.auth.state
        return {"t": "over", "winner": state.winner, "turns": state.turn,
                "public_hash": public_state_hash(state), "seq": len(self.auth.log)}

    def reveal_messages(self) -> list:
        """After the end: the host's secret and the full log, so that every
        seat can replay the game and check the deal ([]: no fair deal).
        Packed once: the log does not change after the end."""
        if self.fair is None or self.fair.secret is None or not self.over():
            return []
        if self._reveal is None:
            self._reveal = reveal_messages(self.fair.secret, self.auth.log)
        return self._reveal

    def result(self) -> dict:
        msg = self.result_message()
        return {"winner": msg["winner"], "turns": msg["turns"], "public_hash": msg["public_hash"],
                "commands": msg["seq"], "rules": self.auth.config["rules"],
                "players": len(self.seating.seats), "names": [s.name for s in self.seating.seats]}


def _rec_message(record, proof=None) -> dict:
    """A record (already redacted for its audience) as sent, with a roll's
    proof if it has one; each audience's view hash is added to it as "hash"
    (protocol.pack_messages)."""
    msg = {"t": "rec", "seq": record.seq, "cmd": record.cmd, "outcome": record.outcome,
           "events": record.events}
    if proof is not None:
        msg["proof"] = proof
    return msg
