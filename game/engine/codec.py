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

# `State.__slots__` cut into runs of fields, in order, each marked how its
# packed part is made:
# - KEPT: whole numbers, strings or None, alone or in (nested) lists (never a
#   flag inside: tests/test_state_hash.py checks it through whole games), or the
#   validated config: equal content means equal bytes, so the part is kept and
#   reused while the run stays equal to what it was packed from, and on a
#   change only its changed fields are packed again;
# - STRICT: the same, but a field may hold a flag that is sometimes False and
#   sometimes 0 (equal, yet packed differently), so the types are compared too;
# - FRESH: one field packed anew every time (the generator; the phase and the
#   trade, which change on most commands, the trade's nested lists costing
#   more to copy than to pack; the decision awaited).
# The cuts put fields that change on most commands (cards, phase) apart from
# those that change seldom (board, pieces, scores).  `pending` and `rng` are
# runs of their own because a view replaces them whole (net/wire/secrecy.py
# builds every seat's view bytes from these runs).
KEPT, STRICT, FRESH = "kept", "strict", "fresh"
_RUN_SPEC = (
    (KEPT, "config", "knight_owner"),           # the board and the pieces on it
    (KEPT, "bank", "hand_n"),                   # cards in hand
    (KEPT, "deck", "vp_cards_shown"),           # decks, pieces left, scores
    (KEPT, "first_player", "current"),          # whose turn
    (FRESH, "phase", "phase"),                  # changes on most commands
    (KEPT, "turn", "last_setup_node"),
    (STRICT, "rolled", "free_roads"),           # the turn's flags, dice, discards
    (FRESH, "trade", "trade"),                  # the open trade
    (KEPT, "winner", "agenda"),                 # steps still to run
    (FRESH, "pending", "pending"),              # the decision awaited
    (KEPT, "barb_pos", "defenders_left"),       # Cities & Knights (None in the base game)
    (STRICT, "crane", "harbor_swaps"),
    (FRESH, "rng", "rng"),
)


def _runs():
    """(how, names, start, end) per run: its fields are State.__slots__[start:end]."""
    slots = State.__slots__
    runs, at = [], 0
    for how, first, last in _RUN_SPEC:
        end = slots.index(last) + 1
        assert slots[at] == first and end > at, "the runs must cover State.__slots__ in order"
        assert how in (KEPT, STRICT) or end - at == 1, "a fresh run is one field"
        runs.append((how, slots[at:end], at, end))
        at = end
    assert at == len(slots) and slots[-1] == "rng"
    return tuple(runs)


_RUNS = _runs()
_ALL = attrgetter(*State.__slots__)     # every field's value, in one call
RUN_NAMES = tuple(names for _, names, _, _ in _RUNS)     # the fields of each part `hash_parts` gives
KEYS = {name: msgpack.packb(name) for name in State.__slots__}      # each field's packed name
NILS = {name: KEYS[name] + msgpack.packb(None) for name in State.__slots__}     # each field holding None
MAP_HEADER = msgpack.Packer().pack_map_header(len(State.__slots__))
_SCALARS = (int, type(None), bool, str)     # kept as they are: nothing in them changes
_UNSEEN = object()          # what a field was before it was first packed: equal to nothing
_kept = [None] * len(_RUNS)     # run index -> (copy of its values, its bytes, each field's bytes, types)


def _reader(how, names):
    if how is FRESH:
        return attrgetter(names[0])                 # the field's value
    if len(names) == 1:
        return lambda state, read=attrgetter(names[0]): (read(state),)
    return attrgetter(*names)                       # the run's values


_READ = tuple(_reader(how, names) for how, names, _, _ in _RUNS)
_RNG_RUN = len(_RUNS) - 1


def _hash_bytes(state: State) -> bytes:
    """Exactly `encode_state(state)`, built run by run."""
    return MAP_HEADER + b"".join(_parts(state, None))


def hash_parts(state: State) -> list:
    """`encode_state(state)` after its map header, cut along RUN_NAMES: per run
    (its bytes, the bytes of each of its fields, or None for a run packed
    anew each time)."""
    fields = []
    return list(zip(_parts(state, fields), fields))


class StateHasher:
    """The state hash of one state followed command by command (a replay), with
    parts of its own: after a command that can change only some fields, only
    the runs holding them (and the runs packed anew each time) are made again,
    the others reused without being looked at (`hash(state, runs_of(fields))`).
    Whoever names the fields answers for them: a field changed but not named
    leaves its run's old bytes in the hash."""

    def __init__(self):
        self._kept = [None] * len(_RUNS)
        self._parts = None          # each run's bytes at the last hash

    def hash(self, state: State, runs=None) -> str:
        """`state_hash(state)`; with `runs` (from `runs_of`), every other run
        is taken as it was at this hasher's last hash."""
        if runs is None or self._parts is None:
            parts = _parts(state, None, self._kept)
        else:
            parts = self._parts[:]
            for i in runs:
                how, names, _, _ = _RUNS[i]
                parts[i] = (_fresh_part(i, _READ[i](state)) if how is FRESH
                            else _kept_entry(self._kept, i, _READ[i](state))[1])
        self._parts = parts
        return hashlib.sha256(MAP_HEADER + b"".join(parts)).hexdigest()[:32]


def runs_of(fields) -> tuple:
    """The runs (indices into RUN_NAMES) to make again after a command that
    changes only `fields`: those holding any of them, and every run packed
    anew each time."""
    return tuple(i for i, (how, names, _, _) in enumerate(_RUNS) if how is FRESH or set(names) & set(fields))


def _parts(state: State, fields, kept=None) -> list:
    """Each run's bytes (and, when `fields` is a list, each run's field bytes
    appended to it).  Every state hashed shares the kept parts `_kept` (safe
    across states and threads: a part is reused only for equal content, and
    each run's entry is replaced whole) unless `kept` gives its own (a
    StateHasher's)."""
    if kept is None:
        kept = _kept
    values = _ALL(state)
    parts = []
    for i, (how, names, start, end) in enumerate(_RUNS):
        if how is FRESH:
            parts.append(_fresh_part(i, values[start]))
            if fields is not None:
                fields.append(None)
            continue
        entry = _kept_entry(kept, i, values[start:end])
        parts.append(entry[1])
        if fields is not None:
            fields.append(entry[2])
    return parts


def _fresh_part(i: int, value) -> bytes:
    """The bytes of the one field of the FRESH run `i`, holding `value`."""
    name = RUN_NAMES[i][0]
    if value is None:
        return NILS[name]
    if i == _RNG_RUN:
        value = [value.state, value.inc]
    return KEYS[name] + pack(value)


def _kept_entry(kept: list, i: int, run: tuple) -> tuple:
    """The entry of the KEPT or STRICT run `i` in `kept` for its values `run`:
    the one kept while the run is equal to it, else a new one."""
    entry = kept[i]
    if entry is None or entry[0] != run or (_RUNS[i][0] is STRICT and entry[3] != tuple(map(type, run))):
        entry = kept[i] = _pack_run(RUN_NAMES[i], run, entry)
    return entry


def _pack_run(names, run, entry) -> tuple:
    """A run's new entry in `_kept`: only the fields that differ from the old
    entry (in value or type) are packed and copied again.  A copy is the
    field unpacked from its own bytes: a deep copy made in one call."""
    if entry is None:
        before_values = before_fields = (_UNSEEN,) * len(run)
    else:
        before_values, _, before_fields, _ = entry
    copies, packed = [], []
    for name, value, before, old in zip(names, run, before_values, before_fields):
        if value == before and type(value) is type(before):
            copies.append(before)
            packed.append(old)
        else:
            data = pack(value)
            copies.append(value if type(value) in _SCALARS else unpack(data))
            packed.append(KEYS[name] + data)
    packed = tuple(packed)
    return tuple(copies), b"".join(packed), packed, tuple(map(type, run))
