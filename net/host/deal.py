"""The host's side of the fair deal (net/fairdice.py), a part of net.host.Host.

`start` asks every seat for a pledge; with every pledge in, the host sends
its commitment and the pledges; with every value revealed and checked, it
deals with the drawn seed (`Host._deal`).  A seat that leaves during the deal
cancels it (the lobby is as before); seats that do not answer within
DEAL_TIMEOUT lose their lobby seat.  After the game `reveal_message` gives
every seat the secret and the full log.
"""

import logging
import time

from ..wire.fairdice import Dealing, pack_log
from ..wire.protocol import error

log = logging.getLogger("kolonisten.net.host")

DEAL_TIMEOUT = 15.0         # seats that have not pledged and revealed by then lose their seat


class FairDeal:
    """Mixed into Host: uses its seats, phase, _broadcast, _notify, drop and _deal."""

    def start(self) -> None:
        """Start the fair deal (the host's decision): the game begins when
        every seat has pledged and revealed its value (net/fairdice.py).
        Needs every seat taken."""
        if self.phase != "lobby" or self.dealing is not None:
            raise RuntimeError("the game has already started")
        if None in self.seats:
            raise RuntimeError("every seat must be taken before the game starts")
        self.dealing = Dealing(len(self.seats))
        self.deal_started = time.monotonic()
        self._broadcast({"t": "fair_ask"})
        self._notify("dealing")

    def _on_pledge(self, conn, msg):
        if conn.seat is None or self.dealing is None:
            return conn.send(error("no_deal", "there is no deal to pledge to"))
        why = self.dealing.pledge(conn.seat, msg["pledge"])
        if why:
            return conn.send(error("bad_pledge", why))
        if self.dealing.all_pledged():
            self._broadcast({"t": "fair_pledges", "commit": self.dealing.commit,
                             "pledges": list(self.dealing.pledges)})

    def _on_reveal(self, conn, msg):
        if conn.seat is None or self.dealing is None:
            return conn.send(error("no_deal", "there is no deal to reveal to"))
        why = self.dealing.reveal(conn.seat, msg["value"])
        if why:
            return conn.send(error("bad_reveal", why))
        if self.dealing.all_revealed():
            dealing, self.dealing = self.dealing, None
            self.fair = dealing.record()
            self._deal(dict(self.config, seed=dealing.seed()))

    def _cancel_deal(self, why: str) -> None:
        if self.dealing is not None:
            log.info("deal cancelled: %s", why)
            self.dealing = None
            self._notify("deal_cancelled", why)

    def check_deal_deadline(self, now: float) -> None:
        """Called by the heartbeat: a deal not done within DEAL_TIMEOUT ends."""
        if self.dealing is not None and now - self.deal_started > DEAL_TIMEOUT:
            self._deal_timed_out()

    def _deal_timed_out(self) -> None:
        """Seats that did not pledge or reveal in time lose their lobby seat."""
        dealing = self.dealing
        late = [i for i in range(len(self.seats))
                if (dealing.pledges if not dealing.all_pledged() else dealing.values)[i] is None]
        self._cancel_deal(f"seats {late} did not take part in the deal in time")
        for seat in late:
            holder = self.seats[seat]
            if holder is not None and holder.conn is not None:
                holder.conn.send(error("deal_timeout", "you did not take part in the deal in time"))
                self.drop(holder.conn)

    def deal_unfairly(self) -> None:
        """Deal at once with the config's own seed, without the seats' values
        (tests that drive the host without peers; peers then cannot verify)."""
        if self.phase != "lobby" or None in self.seats:
            raise RuntimeError("every seat must be taken before the game starts")
        self._deal(self.config)

    def reveal_message(self):
        """After the end: the host's secret and the full log, so that every
        seat can replay the game and check the deal (None: no fair deal)."""
        if self.fair is None or self.fair.secret is None or self.phase != "over":
            return None
        return {"t": "reveal", "secret": self.fair.secret, "log": pack_log(self.auth.log)}

