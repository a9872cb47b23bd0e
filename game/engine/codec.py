"""msgpack encoding of states, commands, records and events; canonical hash.

A state encodes as a map whose keys follow `State.__slots__`, so two equal
states always give the same bytes (the canonical form) and the same hash.
No pickle anywhere: decoding foreign bytes can only produce plain data.

`state_hash` runs after every command (saves, replay checks), so it builds
those same bytes in parts and reuses the parts for the board's lists while
they are unchanged (see `_hash_bytes`); `encode_state` is the plain form it
must always equal (tests/test_state_hash.py).
"""

import hashlib
import threading
from operator import attrgetter

import msgpack

from .rng import Rng
from .state import State


_local = threading.local()


def pack(obj) -> bytes:
    """msgpack bytes of `obj` (the same as msgpack.packb(obj, use_bin_type=True),
    with a packer kept per thread: making one costs more than packing a
    small object)."""
    try:
        packer = _local.packer
    except AttributeError:
        packer = _local.packer = msgpack.Packer(use_bin_type=True)
    return packer.pack(obj)


def unpack(data: bytes):
    """Decode msgpack; arrays come back as lists (commands are compared as lists
    or tuples alike by the rules)."""
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def state_to_obj(state: State) -> dict:
    obj = {}
    for name in State.__slots__:
        value = getattr(state, name)
        if name == "rng":
            value = None if value is None else [value.state, value.inc]
        obj[name] = value
    return obj


def state_from_obj(obj) -> State:
    """Rebuild a state from `state_to_obj` output (after a msgpack round trip).
    Raises ValueError on anything that is not such an object."""
    if not isinstance(obj, dict) or list(obj) != list(State.__slots__):
        raise ValueError("not a Kolonisten game state (fields differ)")
    # Deep copy through msgpack so the state owns fresh lists.
    obj = unpack(pack(obj))
    state = State()
    for name in State.__slots__:
        value = obj[name]
        if name == "rng" and value is not None:
            if (not isinstance(value, list) or len(value) != 2
                    or not all(type(v) is int and 0 <= v < 2 ** 64 for v in value)):
                raise ValueError("corrupt generator state")
            value = Rng.from_state(value[0], value[1])
        setattr(state, name, value)
    return state


def encode_state(state: State) -> bytes:
    return pack(state_to_obj(state))


def decode_state(data: bytes) -> State:
    try:
        obj = unpack(data)
    except Exception as exc:  # msgpack raises several unrelated types
        raise ValueError(f"not msgpack data: {exc}") from None
    return state_from_obj(obj)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def state_hash(state: State) -> str:
    """Hash of the canonical encoding of the state (including any secrets it holds)."""
    return hashlib.sha256(_hash_bytes(state)).hexdigest()[:32]


# --- the canonical bytes in parts ---------------------------------------------------

# `State.__slots__` cut into runs of fields, in order.  A run marked True holds
# only whole numbers (alone, in lists, in lists of lists) or None, or the
# validated config, so equal content means equal bytes: its packed part is
# kept and reused while the run stays equal to what it was packed from (and
# on a change only its changed fields are packed again).  Runs marked False
# are packed anew every time: flags that are sometimes False and sometimes 0
# (equal, yet packed differently), the irregular nested fields, the generator.
# The cuts put fields that change on most commands (cards, turn) apart from
# those that change seldom (board, pieces, scores).
# `pending` and `rng` are runs of their own because a view replaces them whole
# (net/wire/secrecy.py builds every seat's view bytes from these runs).
_RUN_SPEC = (
    (True, "config", "knight_owner"),           # the board and the pieces on it
    (True, "bank", "hand_n"),                   # cards in hand
    (True, "deck", "vp_cards_shown"),           # decks, pieces left, scores
    (False, "first_player", "agenda"),          # the turn, its flags, discards, trade, agenda
    (False, "pending", "pending"),              # the decision awaited
    (True, "barb_pos", "defenders_left"),       # Cities & Knights (None in the base game)
    (False, "crane", "harbor_swaps"),
    (False, "rng", "rng"),
)


def _runs():
    """(kept, names, start, end) per run: its fields are State.__slots__[start:end]."""
    slots = State.__slots__
    runs, at = [], 0
    for kept, first, last in _RUN_SPEC:
        end = slots.index(last) + 1
        assert slots[at] == first and end > at, "the runs must cover State.__slots__ in order"
        runs.append((kept, slots[at:end], at, end))
        at = end
    assert at == len(slots) and slots[-1] == "rng"
    return tuple(runs)


_RUNS = _runs()
_ALL = attrgetter(*State.__slots__)     # every field's value, in one call
RUN_NAMES = tuple(names for _, names, _, _ in _RUNS)     # the fields of each part `hash_parts` gives
KEYS = {name: msgpack.packb(name) for name in State.__slots__}      # each field's packed name
MAP_HEADER = msgpack.Packer().pack_map_header(len(State.__slots__))
_kept = [None] * len(_RUNS)     # run index -> (copy of its values, its bytes, each field's bytes)


def _copy(value):
    """A copy of whole numbers in (nested) lists, or of the config."""
    if type(value) is list:
        return [_copy(v) if type(v) is list else v for v in value]
    if type(value) is dict:
        return dict(value)
    return value


def _hash_bytes(state: State) -> bytes:
    """Exactly `encode_state(state)`, built run by run."""
    return MAP_HEADER + b"".join(_parts(state, None))


def hash_parts(state: State) -> list:
    """`encode_state(state)` after its map header, cut along RUN_NAMES: per run
    (its bytes, the bytes of each of its fields, or None for a run packed
    anew each time)."""
    fields = []
    return list(zip(_parts(state, fields), fields))


def _parts(state: State, fields) -> list:
    """Each run's bytes (and, when `fields` is a list, each run's field bytes
    appended to it).  Every state hashed shares the kept parts (safe across
    states and threads: a part is reused only for equal content, and each
    run's entry is replaced whole)."""
    values = _ALL(state)
    parts = []
    for i, (kept, names, start, end) in enumerate(_RUNS):
        if not kept:
            if end - start == 1:
                value = values[start]
                if start == len(values) - 1 and value is not None:      # the generator
                    value = [value.state, value.inc]
                parts.append(KEYS[names[0]] + pack(value))
            else:
                data = pack(dict(zip(names, values[start:end])))
                parts.append(data[1:] if end - start <= 15 else data[3:])    # the pairs, without a map header
            if fields is not None:
                fields.append(None)
            continue
        run = values[start:end]
        entry = _kept[i]
        if entry is None or entry[0] != run:
            if entry is None:
                packed = tuple(KEYS[name] + pack(value) for name, value in zip(names, run))
                copies = tuple(map(_copy, run))
            else:           # only the changed fields are packed and copied again
                packed = tuple(old if value == before else KEYS[name] + pack(value)
                               for name, value, before, old in zip(names, run, entry[0], entry[2]))
                copies = tuple(before if value == before else _copy(value)
                               for value, before in zip(run, entry[0]))
            entry = _kept[i] = (copies, b"".join(packed), packed)
        parts.append(entry[1])
        if fields is not None:
            fields.append(entry[2])
    return parts
