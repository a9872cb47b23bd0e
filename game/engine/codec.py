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
from .state import FIELD_COPIES, State


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


def hash_text(h) -> str:
    """A SHA-256 (a hashlib object) as the project writes a hash: its first 32 hex digits."""
    return h.hexdigest()[:32]


def digest(data: bytes) -> str:
    return hash_text(hashlib.sha256(data))


def state_hash(state: State) -> str:
    """Hash of the canonical encoding of the state (including any secrets it holds)."""
    return digest(_hash_bytes(state))


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
    """The state hash of one game followed command by command (a replay),
    kept field by field: each field's bytes and a copy of the value they were
    packed from.  `hash(state)` compares every field with its copy and packs
    again only the fields that differ (in value or, at the top, in type: False
    and 0 pack differently); `hash(state, looker(fields))` compares only
    `fields` and takes every other field's bytes as they were at this hasher's
    last hash.  Whoever names the fields answers for them: a field changed but
    not named leaves its old bytes in the hash.  The maps `trade` and
    `pending` are packed again whenever they are looked at (equal maps may
    order their keys differently).

    The SHA-256 of the bytes up to two fixed fields (`_BOARD_END`,
    `_TURN_START`) is kept and continued from while no field before them has
    changed.  One thread at a time."""

    def __init__(self):
        self._copies = [_UNSEEN] * len(State.__slots__)
        self._packed = [MAP_HEADER] + [b""] * len(State.__slots__)
        self._whole = False         # has every field been looked at once?
        self._pack = msgpack.Packer(use_bin_type=True).pack
        self._board = self._before_turn = None      # the SHA-256 of the parts before each checkpoint

    def hash(self, state: State, look=None) -> str:
        """`state_hash(state)`; with `look` (from `looker`), only its fields
        are looked at (every field on this hasher's first hash)."""
        if look is None or not self._whole:
            look = _LOOK_ALL
            self._whole = True
        packed = self._packed
        low = look(state, self._copies, packed, self._pack)     # the first part that changed
        if low < _BOARD_END:
            self._board = self._before_turn = None
        elif low < _TURN_START:
            self._before_turn = None
        h = self._before_turn
        if h is None:
            h = self._board
            if h is None:
                h = self._board = hashlib.sha256(b"".join(packed[:_BOARD_END]))
            h = h.copy()
            h.update(b"".join(packed[_BOARD_END:_TURN_START]))
            self._before_turn = h
        h = h.copy()
        h.update(b"".join(packed[_TURN_START:]))
        return hash_text(h)


# Positions in StateHasher's parts (the map header first, then a part per
# field) up to which the SHA-256 is kept: the end of the board and the pieces
# on it, and the start of the turn's fields, which change on most commands.
_BOARD_END = 1 + State.__slots__.index("bank")
_TURN_START = 1 + State.__slots__.index("current")
_LOOKERS = {}


def looker(fields=None):
    """A function(state, copies, packed, pack) that brings a StateHasher's
    kept bytes up to date for `fields` (None: every field) and returns the
    position in `packed` of the first part it changed (len(packed): none),
    written out as one function with a few lines per field, in the order of
    State.__slots__."""
    names = State.__slots__ if fields is None else tuple(n for n in State.__slots__ if n in set(fields))
    unknown = set(fields or ()) - set(State.__slots__)
    if unknown:
        raise ValueError(f"no such state fields: {sorted(unknown)}")
    look = _LOOKERS.get(names)
    if look is None:
        look = _LOOKERS[names] = _write_looker(names)
    return look


_MAPS = frozenset(("trade", "pending"))


def _write_looker(names):
    """The body of a looker (see `looker`): per field, read it, compare it
    with its copy, and on a difference pack it and keep a copy (as State.copy
    makes it).  Identity is asked first: a number or a flag that did not
    change is mostly the very object kept.  The parts are visited in order,
    so the first one changed is the lowest."""
    lines = ["def look(state, copies, packed, pack):", f"    low = {len(State.__slots__) + 1}"]
    space = {}
    for name in names:
        i = State.__slots__.index(name)
        at = i + 1
        key = f"K{i}"
        space[key] = KEYS[name]
        space[f"N{i}"] = NILS[name]
        space[f"C{i}"] = FIELD_COPIES[name]
        lines.append(f"    v = state.{name}")
        if name in _MAPS:
            lines += [f"    data = N{i} if v is None else {key} + pack(v)",
                      f"    if data != packed[{at}]:",
                      f"        packed[{at}] = data"]
        else:
            if name == "rng":
                lines.append("    v = None if v is None else (v.state, v.inc)")
            order = " or list(v) != list(o)" if name == "config" else ""     # equal maps may differ in order
            copy = "v" if name == "rng" else f"C{i}(v)"
            lines += [f"    o = copies[{i}]",
                      f"    if v is not o and (v != o or type(v) is not type(o){order}):",
                      f"        packed[{at}] = {key} + pack(v)",
                      f"        copies[{i}] = {copy}"]
        lines.append(f"        if low > {at}:")
        lines.append(f"            low = {at}")
    lines.append("    return low")
    exec("\n".join(lines), space)
    return space["look"]


_LOOK_ALL = looker()


def _parts(state: State, fields) -> list:
    """Each run's bytes (and, when `fields` is a list, each run's field bytes
    appended to it).  Every state hashed shares the kept parts `_kept` (safe
    across states and threads: a part is reused only for equal content, and
    each run's entry is replaced whole)."""
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
