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


def peer_hashes(state, audiences) -> dict:
    """{audience: peer_hash(state, audience)} for every audience (seats, or
    None for a spectator), packing what they all see only once."""
    pending = state.pending
    private = bool(pending) and "private" in pending
    chunks = [_MAP_HEADER]      # the packed view, with a slot for each part that differs by seat
    secrets = []                # (slot, array header, each seat's value packed) / (slot, None, None)
    run = {}
    for name in State.__slots__:
        value = getattr(state, name)
        if name in _SEATS and value is not None or name == "pending" and private:
            if run:
                chunks.append(_pairs(run))
                run = {}
            chunks.append(_KEYS[name])
            if name == "pending":
                secrets.append((len(chunks), None, None))
            else:
                secrets.append((len(chunks), msgpack.Packer().pack_array_header(len(value)),
                                [_pack(v) for v in value]))
            chunks.append(b"")
        elif name in _HIDDEN:
            run[name] = None
        elif name == "config":
            run[name] = dict(value, seed=None)
        else:
            run[name] = value
    if run:
        chunks.append(_pairs(run))
    out = {}
    for audience in audiences:
        for slot, header, values in secrets:
            if values is None:      # a decision with private data: as the engine redacts it
                chunks[slot] = _pack(view_obj(state, audience)["pending"])
            elif type(audience) is int and 0 <= audience < len(values):
                chunks[slot] = b"".join((header, _NIL * audience, values[audience],
                                         _NIL * (len(values) - audience - 1)))
            else:
                chunks[slot] = header + _NIL * len(values)
        out[audience] = digest(b"".join(chunks))
    return out


def _pairs(fields: dict) -> bytes:
    """The key/value pairs of a map of `fields`, without the map's header."""
    return _pack(fields)[len(msgpack.Packer().pack_map_header(len(fields))):]
