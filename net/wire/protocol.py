"""Frames and messages: the one place that says what may travel between peers.

A frame is a 4-byte big-endian length followed by that many bytes of msgpack
(at most MAX_FRAME).  Each frame holds one message: a map with a string type
under "t" and the fields its schema lists.  `decode` turns a payload into a
checked message or raises ProtocolError with a stable reason code; the host
answers such errors with an `error` message and carries on (only an oversized
or unreadable frame ends the connection, since the stream cannot be re-framed).

Codes of ProtocolError: not_msgpack, not_a_message, unknown_type, missing_field,
extra_field, bad_field, oversized.
"""

import struct

import msgpack

from game.engine.codec import pack

from . import talk
from .rolldice import PROOFS_KEPT, STATUSES

PROTOCOL_VERSION = 9          # 2: TLS, token proofs, join codes, fair deal; 3: deals counted;
                              # 4: the join code as a key exchange (net/wire/pake.py); 5: watchers;
                              # 6: mixed dice (net/wire/rolldice.py); 7: the end reveal's log
                              # in parts (reveal_log); 8: the latest rolls' proofs with a view;
                              # 9: table talk (net/wire/talk.py)
APP = "kolonisten"
MAX_FRAME = 256 * 1024          # a full game view is ~1-2 KiB; this leaves ample room
HEADER = struct.Struct(">I")
DEFAULT_PORT = 7531

# Heartbeats: a peer pings when it has sent nothing for PING_EVERY seconds and
# drops a connection that has been silent for SILENCE_LIMIT seconds.
PING_EVERY = 2.0
SILENCE_LIMIT = 10.0

# The seat colours a LAN knows, in the order new seats take them: the ids of the
# window's palettes (game/client/theme.py), enough for six seats and one to spare.
COLOURS = ("red", "blue", "white", "orange", "green", "purple", "pink")
TAKEN_OVER = "seat taken over by a new connection"     # a bye reason: do not reconnect
HOST_CLOSING = "host closing"       # a bye reason: the host ended the game; nothing to reconnect to
MAX_NAME = 24
MAX_TOKEN = 64
MAX_WATCHERS_LISTED = 64
# What the host's owner may allow besides playing (the lobby's "allow"): watchers
# (connections that see the public table and cannot act) and hints at the table.
ALLOW_OPTIONS = ("watchers", "hints")


class ProtocolError(Exception):
    def __init__(self, code: str, detail: str):
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


# --- field checkers (each returns True when the value is acceptable) -----------

def _int(lo=-(2 ** 63), hi=2 ** 63 - 1):
    return lambda v: type(v) is int and lo <= v <= hi


def _str(max_len):
    return lambda v: type(v) is str and len(v) <= max_len


def _bytes(max_len):
    return lambda v: type(v) is bytes and len(v) <= max_len


def _bool(v):
    return type(v) is bool


def _name(v):
    return type(v) is str and 1 <= len(v.strip()) <= MAX_NAME and v.isprintable()


def _plain(v, depth=0):
    """Plain msgpack data of ints, strings, bools, None, lists and string-keyed maps."""
    if depth > 8:
        return False
    if v is None or type(v) in (int, str, bool):
        return True
    if type(v) is list:
        return all(_plain(x, depth + 1) for x in v)
    if type(v) is dict:
        return all(type(k) is str and _plain(x, depth + 1) for k, x in v.items())
    return False


def _command(v):
    """[kind, seat, args...]: each argument an int, a short string (a decision
    name) or a short list of ints (None marks an argument redacted for this
    peer).  The engine checks the rest and answers with its own codes."""
    if type(v) is not list or not 2 <= len(v) <= 8 or type(v[0]) is not str or len(v[0]) > 40:
        return False
    for arg in v[1:]:
        if arg is None:
            continue
        if type(arg) is list:
            if len(arg) > 32 or not all(x is None or type(x) is int for x in arg):
                return False
        elif type(arg) is str:
            if len(arg) > 40:
                return False
        elif type(arg) is not int:
            return False
    return True


def _list_of_plain(v):
    return type(v) is list and _plain(v)


def _map_or_none(v):
    return v is None or (type(v) is dict and _plain(v))


def _map(v):
    return type(v) is dict and _plain(v)


_SEQ = _int(0, 2 ** 40)
_SEAT = _int(0, 15)
_TOKEN = _str(MAX_TOKEN)
_CODE = _str(40)
_TEXT = _str(400)
_HASH = _str(64)
def _bytes_of(size):
    return lambda v: type(v) is bytes and len(v) == size


_PROOF = _NONCE = _VALUE = _CONFIRM = _bytes_of(32)
_PAKE = _bytes_of(33)               # a SPAKE2 message (net/wire/pake.py)
_ATTEMPT = _int(1, 1_000_000)       # which deal of the game (net/wire/fairdice.py)


def _values(v):
    """One 32-byte value per seat (pledges, values of the fair deal)."""
    return type(v) is list and 1 <= len(v) <= 16 and all(type(x) is bytes and len(x) == 32 for x in v)


def _fair(v):
    """The deal shown with a view: {commit, pledges, values} (net/wire/fairdice.py)."""
    return (type(v) is dict and set(v) - {"attempt"} == {"commit", "pledges", "values"}
            and _ATTEMPT(v.get("attempt", 1))
            and type(v["commit"]) is bytes and len(v["commit"]) == 32
            and _values(v["pledges"]) and _values(v["values"])
            and len(v["pledges"]) == len(v["values"]))


_ROLL = _int(1, 2 ** 40)            # which roll of the game (net/wire/rolldice.py)
_STATUS = frozenset(STATUSES)       # why a seat takes no part in a roll


def _roll_slots(v):
    """Per seat a commitment or why the seat takes no part (roll_open)."""
    return (type(v) is list and 1 <= len(v) <= 16
            and all((type(x) is bytes and len(x) == 32) or (type(x) is str and x in _STATUS) for x in v))


def _roll_proof(v):
    """A roll's proof: its number, the host's value, per seat [commitment,
    value] or why it took no part."""
    return (type(v) is dict and set(v) == {"roll", "host", "seats"} and _ROLL(v["roll"])
            and _VALUE(v["host"]) and type(v["seats"]) is list and 1 <= len(v["seats"]) <= 16
            and all((type(x) is list and len(x) == 2 and all(_VALUE(y) for y in x))
                    or (type(x) is str and x in _STATUS) for x in v["seats"]))


def _recent_proofs(v):
    """The latest rolls' proofs sent with a view: [proof, mix, record number] each."""
    return (type(v) is list and len(v) <= PROOFS_KEPT
            and all(type(x) is list and len(x) == 3 and _roll_proof(x[0]) and _int(0, 2 ** 63 - 1)(x[1])
                    and _SEQ(x[2]) for x in v))


def _watchers(v):
    """The lobby's watchers: [{"id": int, "name": str}], at most MAX_WATCHERS_LISTED."""
    return (type(v) is list and len(v) <= MAX_WATCHERS_LISTED
            and all(type(w) is dict and set(w) == {"id", "name"} and _int(0, 2 ** 40)(w["id"])
                    and _str(MAX_NAME)(w["name"]) for w in v))


def allow_field(v) -> bool:
    """What the host allows besides playing: {option: bool} for ALLOW_OPTIONS
    (the lobby's "allow", and a LAN save's: net/host/saving.py)."""
    return type(v) is dict and set(v) <= set(ALLOW_OPTIONS) and all(type(x) is bool for x in v.values())


# type -> {field: (checker, required)}
CLIENT_MESSAGES = {
    "hello": {"v": (_int(), True), "app": (_str(32), True)},
    # "watch": join as a watcher (net/host/watchers.py), not for a seat
    "join": {"name": (_name, True), "pake": (_PAKE, False), "nonce": (_NONCE, False),
             "watch": (_bool, False)},
    "join_confirm": {"confirm": (_CONFIRM, True)},
    "rejoin": {"seat": (_SEAT, True), "proof": (_PROOF, True)},
    "lobby_set": {"name": (_name, False), "colour": (_str(16), False), "ready": (_bool, False)},
    "cmd": {"id": (_int(0, 2 ** 62), True), "seq": (_SEQ, True), "cmd": (_command, True)},
    "pledge": {"pledge": (_VALUE, True)},
    "reveal": {"value": (_VALUE, True)},
    "roll_commit": {"commit": (_VALUE, True)},
    "roll_reveal": {"roll": (_ROLL, True), "value": (_VALUE, True), "next": (_VALUE, True)},
    "resync": {},
    # words at the table, no game command (net/wire/talk.py): a phrase or a text
    "talk": {"phrase": (talk.phrase_field, False), "text": (talk.text_field, False)},
    "ping": {"n": (_int(), True)},
    "pong": {"n": (_int(), True)},
    "bye": {},
}

HOST_MESSAGES = {
    "welcome": {"v": (_int(), True), "game_id": (_str(32), True), "name": (_str(64), True),
                "config": (_map, True), "state": (_str(16), True), "nonce": (_NONCE, True),
                "code": (_bool, True)},
    "pake": {"msg": (_PAKE, True), "confirm": (_CONFIRM, True)},
    "seated": {"seat": (_SEAT, True), "token": (_TOKEN, True)},
    "watching": {"id": (_int(0, 2 ** 40), True)},
    "lobby": {"seats": (_list_of_plain, True), "config": (_map, True), "state": (_str(16), True),
              "name": (_str(64), True), "watchers": (_watchers, False), "allow": (allow_field, False),
              "talk": (talk.rules_field, False)},
    "sync": {"reason": (_str(16), True), "seq": (_SEQ, True), "view": (_bytes(MAX_FRAME), True),
             "hash": (_HASH, True), "events": (_list_of_plain, True), "fair": (_fair, False),
             "roll": (_int(0, 2 ** 40), False), "proofs": (_recent_proofs, False)},
    "rec": {"seq": (_SEQ, True), "cmd": (_command, True), "outcome": (_map_or_none, True),
            "events": (_list_of_plain, True), "hash": (_HASH, True), "proof": (_roll_proof, False)},
    "reject": {"id": (_int(-1, 2 ** 62), True), "code": (_CODE, True), "detail": (_TEXT, True)},
    "error": {"code": (_CODE, True), "detail": (_TEXT, True)},
    "seat_status": {"seat": (_SEAT, True), "connected": (_bool, True)},
    "over": {"winner": (_int(-1, 15), True), "turns": (_int(0, 2 ** 31), True),
             "public_hash": (_HASH, True), "seq": (_SEQ, True)},
    "fair_ask": {"attempt": (_ATTEMPT, True)},
    "fair_pledges": {"commit": (_VALUE, True), "pledges": (_values, True)},
    "roll_open": {"roll": (_ROLL, True), "host": (_VALUE, True), "seats": (_roll_slots, True)},
    "reveal_log": {"log": (_bytes(MAX_FRAME), True)},
    "reveal": {"secret": (_VALUE, True), "log": (_bytes(MAX_FRAME), True)},
    "talk": {"seat": (_int(talk.WATCHER, 15), True), "name": (_str(MAX_NAME), True),
             "phrase": (talk.phrase_field, False), "text": (talk.text_field, False)},
    "ping": {"n": (_int(), True)},
    "pong": {"n": (_int(), True)},
    "bye": {"reason": (_str(64), False)},
}

CLIENT, HOST = "client", "host"     # who sent the message
_SCHEMAS = {CLIENT: CLIENT_MESSAGES, HOST: HOST_MESSAGES}


def validate(obj, sender: str) -> dict:
    """Check a decoded object against the schema of messages `sender` may send."""
    if type(obj) is not dict or type(obj.get("t")) is not str:
        raise ProtocolError("not_a_message", "a message is a map with a string type under 't'")
    schema = _SCHEMAS[sender].get(obj["t"])
    if schema is None:
        raise ProtocolError("unknown_type", f"no {sender} message called {obj['t'][:32]!r}")
    for field, (ok, required) in schema.items():
        if field not in obj:
            if required:
                raise ProtocolError("missing_field", f"{obj['t']} needs {field!r}")
        elif not ok(obj[field]):
            raise ProtocolError("bad_field", f"{obj['t']}.{field} has the wrong type or size")
    for field in obj:
        if field != "t" and field not in schema:
            raise ProtocolError("extra_field", f"{obj['t']} has no field {str(field)[:32]!r}")
    return obj


# Messages are packed with codec.pack's kept packer: a new msgpack Packer
# allocates a 256 KiB buffer, which the host keeps out of its heap
# (limits.keep_large_buffers_out_of_the_heap), so each would cost a mapping.

def pack_message(msg: dict) -> bytes:
    payload = pack(msg)
    if len(payload) > MAX_FRAME:
        raise ProtocolError("oversized", f"message of {len(payload)} bytes exceeds {MAX_FRAME}")
    return HEADER.pack(len(payload)) + payload


def pack_messages(msg: dict, field: str, values) -> list:
    """[pack_message(dict(msg, **{field: value})) for value in values], with
    `msg` packed once: a msgpack map is its header and its pairs one after
    the other, so each frame is the shared pairs and its own last pair."""
    pairs = pack(msg)[len(_map_header(len(msg))):]
    head = _map_header(len(msg) + 1) + pairs + pack(field)
    frames = []
    for value in values:
        last = pack(value)
        size = len(head) + len(last)
        if size > MAX_FRAME:
            raise ProtocolError("oversized", f"message of {size} bytes exceeds {MAX_FRAME}")
        frames.append(b"".join((HEADER.pack(size), head, last)))
    return frames


def _map_header(n: int) -> bytes:
    """msgpack's header of a map of `n` pairs (fixmap or map 16)."""
    return bytes((0x80 | n,)) if n < 16 else b"\xde" + n.to_bytes(2, "big")


def unpack_payload(payload: bytes):
    try:
        return msgpack.unpackb(payload, raw=False, strict_map_key=True)
    except Exception as exc:        # msgpack raises several unrelated types
        raise ProtocolError("not_msgpack", f"undecodable frame ({type(exc).__name__})") from None


def decode(payload: bytes, sender: str) -> dict:
    return validate(unpack_payload(payload), sender)


async def read_frame(reader, max_size: int = MAX_FRAME) -> bytes:
    """The next frame's payload.  Raises asyncio.IncompleteReadError when the
    stream ends (also mid-frame) and ProtocolError('oversized') for a frame
    over `max_size` bytes."""
    header = await reader.readexactly(HEADER.size)
    (size,) = HEADER.unpack(header)
    if size > max_size:
        raise ProtocolError("oversized", f"frame of {size} bytes exceeds {max_size}")
    return await reader.readexactly(size)


def next_frame(buffer, start: int, end: int, max_size: int = MAX_FRAME):
    """The first whole frame in `buffer[start:end]` (bytes read from a
    stream): (its payload, where the frame after it starts), or None while
    it is not all there.  Raises ProtocolError('oversized') for a frame over
    `max_size` bytes, as soon as its header is in."""
    if end - start < HEADER.size:
        return None
    (size,) = HEADER.unpack_from(buffer, start)
    if size > max_size:
        raise ProtocolError("oversized", f"frame of {size} bytes exceeds {max_size}")
    stop = start + HEADER.size + size
    if stop > end:
        return None
    return bytes(buffer[start + HEADER.size:stop]), stop


def error(code: str, detail: str) -> dict:
    return {"t": "error", "code": code, "detail": detail[:400]}


def parse_address(text: str, default_port: int = DEFAULT_PORT):
    """'host', 'host:port' or '[v6]:port' -> (host, port); ValueError if unusable."""
    text = text.strip()
    if not text:
        raise ValueError("empty address")
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, ""
    if not host:
        raise ValueError(f"no host in address {text!r}")
    if port:
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"bad port in address {text!r}")
        return host, int(port)
    return host, default_port
