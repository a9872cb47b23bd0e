"""What the host may send about the game, and the hashes peers compare.

Views from the engine (game.engine.views) already hold nothing another seat
may not know — no other hands or cards, no deck, no generator, no seed — so
this module only names the host's uses of them in one place; configs sent in
the lobby are scrubbed of the seed here.

The hash a peer compares after every record is the engine's view hash of its
seat (`view_hash`: the digest of the packed view).  The host needs it for
every seat after every command, so `peer_hashes` builds the packed views of
all seats in one pass: the parts every seat sees alike are packed once, each
seat's own secrets once, and each seat's view is those bytes laid side by
side — byte for byte what packing that seat's view gives (msgpack packs a map
as its pairs one after the other), so the hashes are the engine's own.
"""

import operator

import msgpack

from game.engine.codec import digest, encode_state
from game.engine.state import State
from game.engine.views import AUTHORITY_ONLY, SEAT_SECRETS, public_hash, view, view_hash, view_obj


def scrub_config(config: dict) -> dict:
    return dict(config, seed=None)


def peer_view(state, audience):
    """The state as `audience` may see it."""
    return view(state, audience)


def peer_view_bytes(state, audience) -> bytes:
    return encode_state(peer_view(state, audience))


def peer_hash(state, audience) -> str:
    """Hash of the view of `state` for `audience` (works on the full state at the
    host and on a peer's own copy alike)."""
    return view_hash(state, audience)


def public_state_hash(state) -> str:
    """What every peer of a game agrees on."""
    return public_hash(state)


_pack = msgpack.Packer(use_bin_type=True).pack      # = codec.pack, without a Packer per call
_MAP_HEADER = msgpack.Packer().pack_map_header(len(State.__slots__))
_KEYS = {name: _pack(name) for name in State.__slots__}
_NIL = _pack(None)
_SEATS = frozenset(SEAT_SECRETS)
_HIDDEN = frozenset(AUTHORITY_ONLY)


def peer_hashes(state, audiences, whole: bool = False) -> dict:
    """{audience: peer_hash(state, audience)} for every audience (seats, or
    None for a spectator), packing what they all see only once.  With
    `whole`, also {WHOLE: the hash of the whole state} (codec.state_hash,
    what a save records after each command) from the same pass."""
    pending = state.pending
    private = bool(pending) and "private" in pending
    plan = _plan(tuple(getattr(state, name) is None for name in SEAT_SECRETS), private)
    chunks = [_MAP_HEADER]      # the packed state, with a slot for each part views change
    slots = []                  # (slot, how the views fill it, what the whole state holds)
    for kind, names, fetch, cut in plan:
        if kind is _RUN:        # fields every view and the whole state hold alike
            chunks.append(_pack(dict(zip(names, fetch(state))))[cut:])
            continue
        value = getattr(state, names)
        chunks.append(_KEYS[names])
        if kind is _SEAT:
            views = (msgpack.Packer().pack_array_header(len(value)), [_pack(v) for v in value])
            full = views[0] + b"".join(views[1]) if whole else None
        elif kind is _PENDING:          # a decision with private data: as the engine redacts it
            views, full = _PENDING, _pack(value) if whole else None
        elif kind is _CONFIG:
            views, full = _pack(dict(value, seed=None)), _pack(value) if whole else None
        else:
            views, full = _NIL, _pack(_field_obj(names, value)) if whole else None
        slots.append((len(chunks), views, full))
        chunks.append(views if type(views) is bytes else b"")
    out = {}
    varying = [(slot, views) for slot, views, _ in slots if type(views) is not bytes]
    for audience in audiences:
        for slot, views in varying:
            if views is _PENDING:
                chunks[slot] = _pack(view_obj(state, audience)["pending"])
                continue
            header, values = views
            if type(audience) is int and 0 <= audience < len(values):
                chunks[slot] = b"".join((header, _NIL * audience, values[audience],
                                         _NIL * (len(values) - audience - 1)))
            else:
                chunks[slot] = header + _NIL * len(values)
        out[audience] = digest(b"".join(chunks))
    if whole:
        for slot, _, full in slots:
            chunks[slot] = full
        out[WHOLE] = digest(b"".join(chunks))
    return out


_RUN, _SEAT, _PENDING, _CONFIG, _HIDDEN_FIELD = (object() for _ in range(5))
_PLANS = {}


def _plan(seat_fields_absent: tuple, private: bool) -> tuple:
    """How a state of this shape is packed: runs of fields every view holds
    alike, (_RUN, names, their getter, bytes of the run's map header to cut),
    and the fields between them that differ, (kind, name, None, None)."""
    key = (seat_fields_absent, private)
    if key not in _PLANS:
        absent = dict(zip(SEAT_SECRETS, seat_fields_absent))
        plan, run = [], []
        for name in State.__slots__:
            if name in _SEATS and not absent[name]:
                kind = _SEAT
            elif name == "pending" and private:
                kind = _PENDING
            elif name == "config":
                kind = _CONFIG
            elif name in _HIDDEN:
                kind = _HIDDEN_FIELD
            else:
                run.append(name)
                continue
            if run:
                plan.append(_run(run))
                run = []
            plan.append((kind, name, None, None))
        if run:
            plan.append(_run(run))
        _PLANS[key] = tuple(plan)
    return _PLANS[key]


def _run(names: list) -> tuple:
    getter = operator.attrgetter(*names)
    fetch = getter if len(names) > 1 else (lambda state: (getter(state),))
    return (_RUN, tuple(names), fetch, len(msgpack.Packer().pack_map_header(len(names))))


WHOLE = "whole"         # peer_hashes' key for the hash of the whole state


def _field_obj(name, value):
    """A hidden field as codec.state_to_obj holds it (the generator as its two numbers)."""
    if name == "rng" and value is not None:
        return [value.state, value.inc]
    return value
