"""What the host sends every seat about the game: its view (`sync`, at the
start, on a rejoin or a resync), each record as that seat may see it with
the hash of its view, and at the end the result and the reveal (the host's
secret and the full log, net/wire/fairdice.py) that lets every seat check
the deal and the dice.

`Records` owns whom it has told the result and nothing of the lobby or
the connections: it reads the seats from the host's `Seating` and the game
from the Authority it is given when the game is dealt.
"""

from game.engine.state import GAME_OVER

from ..wire.fairdice import pack_log
from ..wire.secrecy import peer_hash, peer_view_bytes, public_state_hash


class Records:
    def __init__(self, seating):
        self.seating = seating
        self.auth = None            # the game's Authority once dealt
        self.fair = None            # fairdice.FairRecord of the deal (None: an unverifiable deal)
        self.told = set()           # seats sent the result of the finished game

    def begin(self, auth, fair) -> None:
        self.auth, self.fair = auth, fair

    def over(self) -> bool:
        return self.auth is not None and self.auth.state.phase == GAME_OVER

    def sync(self, seat: int, reason: str) -> dict:
        """The whole view of `seat` (reason: "start", "rejoin" or "resync")."""
        state = self.auth.state
        events = [list(e) for e in self.auth.start_events] if reason == "start" else []
        msg = {"t": "sync", "reason": reason, "seq": len(self.auth.log),
               "view": peer_view_bytes(state, seat), "hash": peer_hash(state, seat), "events": events}
        if self.fair is not None:
            msg["fair"] = self.fair.public()
        return msg

    def send_record(self, record, hashes) -> None:
        """Send each connected seat the record as that seat may see it, with
        its view hash (`hashes`: peer_hashes of the state after it)."""
        for seat, holder in enumerate(self.seating.seats):
            if holder.conn is None or seat not in hashes:
                continue
            mine = record.for_audience(seat)
            holder.conn.send({"t": "rec", "seq": mine.seq, "cmd": mine.cmd, "outcome": mine.outcome,
                              "events": mine.events, "hash": hashes[seat]})

    def announce_over(self) -> None:
        """The game ended: every connected seat is sent the result and the reveal."""
        self.seating.broadcast(self.result_message())
        if self.reveal_message() is not None:
            self.seating.broadcast(self.reveal_message())
        self.told.update(self.seating.listening())

    def tell_over(self, conn, seat: int) -> None:
        """A seat back after the end is sent the result and the reveal."""
        conn.send(self.result_message())
        if self.reveal_message() is not None:
            conn.send(self.reveal_message())
        self.told.add(seat)

    def everyone_told(self) -> bool:
        return self.over() and len(self.told) == len(self.seating.seats)

    def result_message(self) -> dict:
        state = self.auth.state
        return {"t": "over", "winner": state.winner, "turns": state.turn,
                "public_hash": public_state_hash(state), "seq": len(self.auth.log)}

    def reveal_message(self):
        """After the end: the host's secret and the full log, so that every
        seat can replay the game and check the deal (None: no fair deal)."""
        if self.fair is None or self.fair.secret is None or not self.over():
            return None
        return {"t": "reveal", "secret": self.fair.secret, "log": pack_log(self.auth.log)}

    def result(self) -> dict:
        msg = self.result_message()
        return {"winner": msg["winner"], "turns": msg["turns"], "public_hash": msg["public_hash"],
                "commands": msg["seq"], "rules": self.auth.config["rules"],
                "players": len(self.seating.seats), "names": [s.name for s in self.seating.seats]}
