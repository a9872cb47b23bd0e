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

from game.engine.codec import KEYS, MAP_HEADER, RUN_NAMES, digest, encode_state, hash_parts, pack
from game.engine.views import AUTHORITY_ONLY, SEAT_SECRETS, public_hash, view, view_pending


def scrub_config(config: dict) -> dict:
    return dict(config, seed=None)


def peer_view(state, audience):
    """The state as `audience` may see it."""
    return view(state, audience)


def peer_view_bytes(state, audience) -> bytes:
    return encode_state(peer_view(state, audience))


def peer_hash(state, audience) -> str:
    """Hash of the view of `state` for `audience` (works on the full state at the
    host and on a peer's own copy alike): the engine's view_hash, built from
    kept parts (`peer_hashes`)."""
    return peer_hashes(state, (audience,))[audience]


def public_state_hash(state) -> str:
    """What every peer of a game agrees on."""
    return public_hash(state)


_NIL = pack(None)
# Per run of codec.RUN_NAMES: (position in the run, field name, how a view
# holds it) for every field a view holds otherwise than the whole state.
_SEAT, _HIDDEN, _CONFIG, _PENDING = "seat", "hidden", "config", "pending"


def _view_fields(names) -> tuple:
    kinds = {**{n: _SEAT for n in SEAT_SECRETS}, **{n: _HIDDEN for n in AUTHORITY_ONLY},
             "config": _CONFIG, "pending": _PENDING}
    return tuple((i, name, kinds[name]) for i, name in enumerate(names) if name in kinds)


_VIEW_FIELDS = tuple(_view_fields(names) for names in RUN_NAMES)
_NO_RNG = KEYS["rng"] + _NIL
_scrubbed = {}      # the whole config's packed field -> the view's (seed None); one game at a time


def peer_hashes(state, audiences, whole: bool = False) -> dict:
    """{audience: peer_hash(state, audience)} for every audience (seats, or
    None for a spectator), from the parts of the state's canonical bytes
    (codec.hash_parts, which keeps the parts of unchanged fields): the parts
    every view holds alike are shared, and only each seat's own secrets
    (and a decision's private data) are laid in per seat.  With `whole`,
    also {WHOLE: the hash of the whole state} (codec.state_hash, what a save
    records after each command) from the same parts."""
    parts = hash_parts(state)
    common = [MAP_HEADER]       # the views' bytes, None where they differ by seat
    per_seat = []               # (where in common, the pieces of that part: bytes, or a seat field)
    for index, (data, fields) in enumerate(parts):
        special = _VIEW_FIELDS[index]
        if not special:
            common.append(data)
            continue
        if fields is None:      # a run of its own: the generator, or the decision awaited
            if special[0][1] == "rng":
                common.append(_NO_RNG)
            elif state.pending and "private" in state.pending:
                per_seat.append((len(common), None))
                common.append(None)
            else:
                common.append(data)
            continue
        pieces, at = [], 0
        for position, name, kind in special:
            pieces.append(b"".join(fields[at:position]))
            at = position + 1
            if kind is _HIDDEN:
                pieces.append(KEYS[name] + _NIL)
            elif kind is _CONFIG:
                pieces.append(_scrubbed_config(fields[position], state.config))
            elif (values := getattr(state, name)) is not None:
                pieces.append((KEYS[name] + _array_header(len(values)), [pack(v) for v in values]))
            else:
                pieces.append(fields[position])
        pieces.append(b"".join(fields[at:]))
        if all(type(piece) is bytes for piece in pieces):
            common.append(b"".join(pieces))
        else:
            per_seat.append((len(common), pieces))
            common.append(None)
    out = {}
    for audience in audiences:
        chunks = common
        if per_seat:
            chunks = list(common)
            for slot, pieces in per_seat:
                chunks[slot] = (_seat_pieces(pieces, audience) if pieces is not None
                                else KEYS["pending"] + pack(view_pending(state.pending, audience)))
        out[audience] = digest(b"".join(chunks))
    if whole:
        out[WHOLE] = digest(MAP_HEADER + b"".join([data for data, _ in parts]))
    return out


def _seat_pieces(pieces, audience) -> bytes:
    """A part's bytes in `audience`'s view: a per-seat secret field holds only
    the audience's own entry (nil for every other seat)."""
    out = []
    for piece in pieces:
        if type(piece) is bytes:
            out.append(piece)
            continue
        head, values = piece
        n = len(values)
        if type(audience) is int and 0 <= audience < n:
            out += (head, _NIL * audience, values[audience], _NIL * (n - audience - 1))
        else:
            out += (head, _NIL * n)
    return b"".join(out)


def _array_header(n: int) -> bytes:
    return bytes((0x90 | n,)) if n < 16 else msgpack.Packer().pack_array_header(n)


def _scrubbed_config(packed: bytes, config: dict) -> bytes:
    """The config's field as views hold it (seed None), kept per packed config."""
    view_bytes = _scrubbed.get(packed)
    if view_bytes is None:
        _scrubbed.clear()
        view_bytes = _scrubbed[packed] = KEYS["config"] + pack(dict(config, seed=None))
    return view_bytes


WHOLE = "whole"         # peer_hashes' key for the hash of the whole state
