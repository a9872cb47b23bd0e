"""The host's side of the join code (the exchange is net/wire/pake.py).

`JoinGate` holds the code and the one host-wide limit on join attempts: each
attempt takes one from the bucket when it starts and gives it back only when
the joiner's confirmation verifies, so an attempt abandoned half way (all a
guesser learns from is the host's answer) counts as a failed one, whatever
the number of addresses it comes from.  With the bucket empty a join is
refused as busy before any work is done.
"""

import logging
import weakref

from ..wire import pake
from ..wire.protocol import error
from . import limits
from .limits import QuietLog

log = logging.getLogger("kolonisten.net.host")
quiet = QuietLog(log)


class JoinGate:
    def __init__(self, code: str | None, fingerprint: str):
        self.code = pake.normal_code(code) if code and pake.normal_code(code) else None
        self.fingerprint = fingerprint
        self.attempts = limits.TokenBucket(limits.WRONG_CODES_PER_SECOND, limits.WRONG_CODES_BURST)
        self.failed = 0             # attempts that did not end in a verified confirmation
        self._pending = weakref.WeakKeyDictionary()     # conn -> (HostSide, name)

    def begin(self, conn, msg: dict) -> dict:
        """The answer to a join carrying the joiner's half of the exchange:
        the host's half, or an error (nothing is seated yet either way)."""
        if "pake" not in msg or "nonce" not in msg:
            return error("join_code", "this game needs a join code")
        if conn in self._pending:
            return error("out_of_order", "a join is already waiting for its confirmation")
        if not self.attempts.try_take():        # one limit for all addresses together
            return error("join_busy", "too many wrong join codes lately; try again in a minute")
        side = pake.HostSide(self.code, self.fingerprint, conn.nonce)
        try:
            message, confirm = side.answer(msg["pake"], msg["nonce"])
        except pake.PakeError as exc:
            self._fail(conn, "an unusable key exchange")
            return error("join_code_bad", str(exc))
        self._pending[conn] = (side, msg["name"].strip())
        return {"t": "pake", "msg": message, "confirm": confirm}

    def finish(self, conn, msg: dict):
        """(name, None) when the joiner's confirmation verifies, else (None, error)."""
        pending = self._pending.pop(conn, None)
        if pending is None:
            return None, error("out_of_order", "join with the key exchange first")
        side, name = pending
        if not side.check_joiner(msg["confirm"]):
            self._fail(conn, "a wrong join code (or a relay)")
            return None, error("join_code_wrong", "that is not the join code of this game")
        self.attempts.give_back()      # not a failure
        return name, None

    def _fail(self, conn, what: str) -> None:
        self.failed += 1
        quiet.log(logging.INFO, "join_code_wrong", "connection %s (%s) gave %s", conn.cid,
                  conn.address, what)
