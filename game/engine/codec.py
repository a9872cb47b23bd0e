"""msgpack encoding of states, commands, records and events; canonical hash.

A state encodes as a map whose keys follow `State.__slots__`, so two equal
states always give the same bytes (the canonical form) and the same hash.
No pickle anywhere: decoding foreign bytes can only produce plain data.
"""

import hashlib

import msgpack

from .rng import Rng
from .state import State


def pack(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


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
    return digest(encode_state(state))
