"""The host's side of the join code (the exchange is net/wire/pake.py).

`JoinGate` holds the code and the one host-wide limit on join attempts: each
attempt takes one from the bucket when it starts and gives it back only when
the joiner's confirmation verifies, so an attempt abandoned half way (all a
guesser learns from is the host's answer) counts as a failed one, whatever
the number of addresses it comes from.  With the bucket empty a join is
refused as busy before any work is done.

The exchange itself (`pake.host_answer`, pure-Python SPAKE2: some 16 ms of
CPU, more on a loaded machine) never runs on the host's event loop once it
listens: `start_worker` gives the gate one worker thread, the exchanges of a
crowd of guessers queue there one at a time (the bucket bounds the queue),
and each answer is sent from the loop when it is ready.  Meanwhile the loop
goes on reading and answering every other connection, so guessing from many
addresses costs the players' commands no turn of the loop (the worker holds
the interpreter lock only between the loop's turns: the loop takes it back
within the interpreter's switch interval, 5 ms).  Without a worker (a host
driven by hand in tests) the exchange runs at once and `begin` returns the
answer.
"""

import asyncio
import hmac
import logging
import weakref
from concurrent.futures import ThreadPoolExecutor

from ..wire import pake
from ..wire.protocol import error
from . import limits
from .limits import QuietLog

log = logging.getLogger("kolonisten.net.host")
quiet = QuietLog(log)

WORKING = "working"         # a connection's exchange is under way in the worker


class JoinGate:
    def __init__(self, code: str | None, fingerprint: str):
        self.code = pake.normal_code(code) if code and pake.normal_code(code) else None
        self.fingerprint = fingerprint
        self.attempts = limits.TokenBucket(limits.WRONG_CODES_PER_SECOND, limits.WRONG_CODES_BURST)
        self.failed = 0             # attempts that did not end in a verified confirmation
        self._pending = weakref.WeakKeyDictionary()     # conn -> WORKING | (expected confirmation, name)
        self._worker = None         # the ThreadPoolExecutor exchanges run in (None: at once)
        self._send = None           # send(conn, msg): how an answer worked out off the loop goes out

    def start_worker(self, send) -> None:
        """From now on exchanges run off the event loop (the host listens);
        send(conn, msg) sends their answers (Connections.send_later)."""
        self._send = send
        if self.code is not None and self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kolonisten-join-code")

    def stop_worker(self) -> None:
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)
            self._worker = None

    def begin(self, conn, msg: dict) -> dict | None:
        """A join carrying the joiner's half of the exchange: the host's half
        or an error to send (nothing is seated yet either way), or None when
        the exchange went to the worker (its answer is sent when ready)."""
        if "pake" not in msg or "nonce" not in msg:
            return error("join_code", "this game needs a join code")
        if conn in self._pending:
            return error("out_of_order", "a join is already waiting for its confirmation")
        if not self.attempts.try_take():        # one limit for all addresses together
            return error("join_busy", "too many wrong join codes lately; try again in a minute")
        args = (self.code, self.fingerprint, conn.nonce, msg["pake"], msg["nonce"])
        name = msg["name"].strip()
        if self._worker is None:
            return self._answer(conn, name, _exchange(*args))
        self._pending[conn] = WORKING
        done = asyncio.get_running_loop().run_in_executor(self._worker, _exchange, *args)
        done.add_done_callback(lambda future: self._answered(conn, name, future))
        return None

    def _answered(self, conn, name: str, future) -> None:
        """The worker's result, back on the loop: sent, unless the connection went meanwhile."""
        if future.cancelled() or conn.closed or self._pending.get(conn) is not WORKING:
            self._pending.pop(conn, None)
            return
        del self._pending[conn]
        self._send(conn, self._answer(conn, name, future.result()))

    def _answer(self, conn, name: str, result) -> dict:
        if isinstance(result, pake.PakeError):
            self._fail(conn, "an unusable key exchange")
            return error("join_code_bad", str(result))
        message, confirm, expected = result
        self._pending[conn] = (expected, name)
        return {"t": "pake", "msg": message, "confirm": confirm}

    def finish(self, conn, msg: dict):
        """(name, None) when the joiner's confirmation verifies, else (None, error)."""
        pending = self._pending.get(conn)
        if pending is WORKING:
            return None, error("out_of_order", "wait for the host's half of the key exchange")
        self._pending.pop(conn, None)
        if pending is None:
            return None, error("out_of_order", "join with the key exchange first")
        expected, name = pending
        if not hmac.compare_digest(expected, msg["confirm"]):
            self._fail(conn, "a wrong join code (or a relay)")
            return None, error("join_code_wrong", "that is not the join code of this game")
        self.attempts.give_back()      # not a failure
        return name, None

    def _fail(self, conn, what: str) -> None:
        self.failed += 1
        quiet.log(logging.INFO, "join_code_wrong", "connection %s (%s) gave %s", conn.cid,
                  conn.address, what)


def _exchange(*args):
    """pake.host_answer, with an unusable message as its PakeError returned
    (a worker's result comes back whole either way)."""
    try:
        return pake.host_answer(*args)
    except pake.PakeError as exc:
        return exc
