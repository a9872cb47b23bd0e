"""The join code as a password-authenticated key exchange (SPAKE2).

A host may ask for a join code.  Proving it with a hash of the code would let
anyone who records one attempt (a relay posing as the host, say) try every
code offline.  Instead both sides run SPAKE2 (the `spake2` package, Ed25519
group) with the code as the password, so each attempt tests exactly one
code, online, and nothing recorded from it can test another:

    joiner -> host   join {name, pake: SPAKE2 message A, nonce: joiner's nonce}
    host -> joiner   pake {msg: SPAKE2 message B, confirm: host's confirmation}
    joiner -> host   join_confirm {confirm: joiner's confirmation}

Python's ssl offers no TLS exporter, so the exchange is bound to the TLS
channel through the host key it was made with: both SPAKE2 identities name
the fingerprint of the certificate (the joiner: the one its TLS connection
presented; the host: its own), and each confirmation is a MAC, under a key
derived from the SPAKE2 key, over the transcript: that fingerprint, the
host's nonce (sent in `welcome`), the joiner's nonce and both messages.  A
relay holding another key shows the joiner another fingerprint, so the two
ends derive different keys: the joiner refuses the host's confirmation and
the host never sees a valid one from the joiner, even with the right code.

A code is compared ignoring case, spaces, dots and dashes.  The host makes
codes of CODE_DIGITS digits in groups of four (`new_code`): easy to read
aloud in any language, and far beyond what the host's limit on failed
attempts (net/host/limits.py) lets anyone guess in an evening (README).
"""

import hashlib
import hmac
import os
import secrets

from spake2 import SPAKE2_A, SPAKE2_B

MESSAGE_LEN = 33        # a side byte and an Ed25519 point
NONCE_LEN = 32
CONFIRM_LEN = 32
CODE_DIGITS = 8
_ID_JOINER = b"kolonisten joiner"
_ID_HOST = b"kolonisten host "          # + the host key's fingerprint
_TRANSCRIPT = b"kolonisten join v4\0"


class PakeError(Exception):
    """A key exchange message that cannot be used (malformed, reflected, off-side)."""


def normal_code(code: str) -> str:
    """The code as compared: no case, no spaces, dots or dashes."""
    return "".join(c for c in code if not c.isspace() and c not in "-.").casefold()


def new_code(digits: int = CODE_DIGITS) -> str:
    """A fresh join code for a host: random digits in groups of four ('4821-0937')."""
    text = "".join(secrets.choice("0123456789") for _ in range(digits))
    return "-".join(text[i:i + 4] for i in range(0, digits, 4))


def shown_code(code: str) -> str:
    """A code as a host's screen shows it: digits in groups of four, anything else as compared."""
    code = normal_code(code)
    if code.isdigit() and len(code) % 4 == 0:
        return "-".join(code[i:i + 4] for i in range(0, len(code), 4))
    return code


def _identities(host_fp: str):
    return _ID_JOINER, _ID_HOST + host_fp.encode("ascii")


def _password(code: str) -> bytes:
    return normal_code(code).encode("utf-8")


def _confirmations(key: bytes, host_fp: str, host_nonce: bytes, joiner_nonce: bytes,
                   joiner_msg: bytes, host_msg: bytes):
    """(host's, joiner's) confirmation for this exchange's transcript."""
    transcript = b"".join([_TRANSCRIPT, host_fp.encode("ascii"), host_nonce, joiner_nonce,
                           joiner_msg, host_msg])
    digest = hashlib.sha256(transcript).digest()
    return tuple(hmac.new(hmac.new(key, label, hashlib.sha256).digest(), digest, hashlib.sha256).digest()
                 for label in (b"host confirms", b"joiner confirms"))


def _finish(side, message: bytes) -> bytes:
    try:
        return side.finish(message)
    except Exception as exc:        # spake2 raises its own errors, ValueError, AssertionError ...
        raise PakeError(f"not a usable key exchange message ({type(exc).__name__})") from None


class JoinerSide:
    """The joiner's half: `fields` go into the join message; `check_host`
    takes the host's answer and says whether the host knows the code and
    holds the key `host_fp` (the fingerprint this connection's TLS showed)."""

    def __init__(self, code: str, host_fp: str, host_nonce: bytes):
        self.host_fp, self.host_nonce = host_fp, host_nonce
        self.nonce = os.urandom(NONCE_LEN)
        self._spake = SPAKE2_A(_password(code), *_identities(host_fp))
        self.message = self._spake.start()
        self.confirm = None         # ours, once the host's confirmation checked out

    def fields(self) -> dict:
        return {"pake": self.message, "nonce": self.nonce}

    def check_host(self, host_msg: bytes, host_confirm: bytes) -> bool:
        """True when the host's confirmation verifies (then `confirm` is ours to send)."""
        try:
            key = _finish(self._spake, host_msg)
        except PakeError:
            return False
        theirs, ours = _confirmations(key, self.host_fp, self.host_nonce, self.nonce,
                                      self.message, host_msg)
        if not hmac.compare_digest(theirs, host_confirm):
            return False
        self.confirm = ours
        return True


def host_answer(code: str, host_fp: str, host_nonce: bytes, joiner_msg: bytes,
                joiner_nonce: bytes) -> tuple:
    """The host's half of one attempt, all at once: (our SPAKE2 message, our
    confirmation, the confirmation a joiner who knows the code sends back).
    Raises PakeError for a joiner's message that is unusable.  A plain
    function of its arguments, so the host can run it off its event loop
    (net/host/joining.py): the exchange is pure-Python elliptic-curve work."""
    spake = SPAKE2_B(_password(code), *_identities(host_fp))
    message = spake.start()
    key = _finish(spake, joiner_msg)
    ours, theirs = _confirmations(key, host_fp, host_nonce, joiner_nonce, joiner_msg, message)
    return message, ours, theirs
