"""The host's side of the fair deal (net/wire/fairdice.py).

The Host owns one `FairDeal`.  `start` asks every seat for a pledge; with
every pledge in, the host sends its commitment and the pledges; with every
value revealed and checked, the deal calls back `dealt(fair, seed)` and the
host deals.  A seat that leaves during the deal cancels it (the lobby is as
before); seats that do not answer within DEAL_TIMEOUT are named by `overdue`
and lose their lobby seat.  Every start is counted (`attempts`): the count
travels with the ask, is bound into the seed, and every player sees it.
"""

import logging
import time

from ..wire.fairdice import Dealing
from ..wire.protocol import error

log = logging.getLogger("kolonisten.net.host")

DEAL_TIMEOUT = 15.0         # seats that have not pledged and revealed by then lose their seat


class FairDeal:
    """The deal in progress, if any.  It talks back through callbacks:

        broadcast(msg)        to every seated connection
        notify(kind, data)    the host's listeners ("dealing", "deal_cancelled")
        dealt(fair, seed)     every value checked: deal with `seed`
                              (fair: the fairdice.FairRecord peers verify against)
    """

    def __init__(self, broadcast, notify, dealt):
        self.broadcast, self.notify, self.dealt = broadcast, notify, dealt
        self.dealing = None         # fairdice.Dealing while the seats draw the seed
        self.started = 0.0
        self.attempts = 0           # deals of this game started so far (shown, bound into the seed)

    @property
    def running(self) -> bool:
        return self.dealing is not None

    def start(self, seats: int) -> None:
        """Ask each of `seats` seats for a pledge."""
        self.attempts += 1
        self.dealing = Dealing(seats, self.attempts)
        self.started = time.monotonic()
        self.broadcast({"t": "fair_ask", "attempt": self.attempts})
        self.notify("dealing")

    def on_pledge(self, conn, msg):
        if conn.seat is None or self.dealing is None:
            return conn.send(error("no_deal", "there is no deal to pledge to"))
        why = self.dealing.pledge(conn.seat, msg["pledge"])
        if why:
            return conn.send(error("bad_pledge", why))
        if self.dealing.all_pledged():
            self.broadcast({"t": "fair_pledges", "commit": self.dealing.commit,
                            "pledges": list(self.dealing.pledges)})

    def on_reveal(self, conn, msg):
        if conn.seat is None or self.dealing is None:
            return conn.send(error("no_deal", "there is no deal to reveal to"))
        why = self.dealing.reveal(conn.seat, msg["value"])
        if why:
            return conn.send(error("bad_reveal", why))
        if self.dealing.all_revealed():
            dealing, self.dealing = self.dealing, None
            self.dealt(dealing.record(), dealing.seed())

    def cancel(self, why: str) -> None:
        if self.dealing is not None:
            log.info("deal cancelled: %s", why)
            self.dealing = None
            self.notify("deal_cancelled", why)

    def overdue(self, now: float) -> list:
        """Called by the heartbeat: a deal not done within DEAL_TIMEOUT ends;
        returns the seats that did not pledge or reveal in time ([]: none late)."""
        if self.dealing is None or now - self.started <= DEAL_TIMEOUT:
            return []
        dealing = self.dealing
        waited_for = dealing.pledges if not dealing.all_pledged() else dealing.values
        late = [seat for seat, given in enumerate(waited_for) if given is None]
        self.cancel(f"seats {late} did not take part in the deal in time")
        return late
