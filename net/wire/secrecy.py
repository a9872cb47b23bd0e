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

from hashlib import sha256

import msgpack

from game.engine.codec import KEYS, MAP_HEADER, RUN_NAMES, digest, encode_state, hash_parts, hash_text, pack
from game.engine.views import AUTHORITY_ONLY, SEAT_SECRETS, public_hash, view, view_config, view_pending


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
# Runs whose view bytes are the same for every audience (no seat's secrets in them)
_SAME_IN_EVERY_VIEW = tuple(all(kind is not _SEAT for _, _, kind in fields) for fields in _VIEW_FIELDS)
_NO_RNG = KEYS["rng"] + _NIL


def peer_hashes(state, audiences, whole: bool = False) -> dict:
    """{audience: peer_hash(state, audience)} for every audience (seats, or
    None for a spectator), from the parts of the state's canonical bytes
    (codec.hash_parts, which keeps the parts of unchanged fields): a part no
    view holds otherwise than the whole state is shared as it is, and a
    part a view holds otherwise (a seat's secrets, the scrubbed config,
    hidden decks) is made once per audience (once for all when it is the
    same in every view) and kept while the part is unchanged.  The bytes up
    to the first part that differs between views are hashed once for all.
    With `whole`, also {WHOLE: the hash of the whole state}
    (codec.state_hash, what a save records after each command) from the
    same parts."""
    parts = hash_parts(state)
    private = bool(state.pending) and "private" in state.pending
    shared = [MAP_HEADER]       # every view's chunks; None where each audience has its own
    own = []                    # (position in `shared`, run index, the state's bytes, fields)
    for index, (data, fields) in enumerate(parts):
        if not _VIEW_FIELDS[index]:
            shared.append(data)
        elif fields is not None:
            if _SAME_IN_EVERY_VIEW[index]:
                shared.append(_kept_view_run(state, index, data, fields, _EVERY_VIEW))
            else:
                own.append((len(shared), index, data, fields))
                shared.append(None)
        elif RUN_NAMES[index][0] == "rng":
            shared.append(_NO_RNG)
        elif private:           # the decision awaited, where a view shows only its own part
            own.append((len(shared), index, data, None))
            shared.append(None)
        else:
            shared.append(data)
    first = own[0][0] if own else len(shared)
    prefix = sha256(b"".join(shared[:first]))
    tail = shared[first:]
    out = {}
    for audience in audiences:
        for at, index, data, fields in own:
            tail[at - first] = (_kept_view_run(state, index, data, fields, audience) if fields is not None
                                else KEYS["pending"] + pack(view_pending(state.pending, audience)))
        h = prefix.copy()
        h.update(b"".join(tail))
        out[audience] = hash_text(h)
    if whole:
        out[WHOLE] = digest(MAP_HEADER + b"".join([data for data, _ in parts]))
    return out


# (part index, audience) -> (the whole state's bytes of the part, the view's);
# the entry holds the bytes it was made from, so `is` finds it unchanged.
_view_parts = {}
_EVERY_VIEW = "every view"      # the audience of a kept part that is the same in every view


def _kept_view_run(state, index, data, fields, audience) -> bytes:
    """`_view_run`, kept in `_view_parts` while the state's part is `data`."""
    kept = _view_parts.get((index, audience))
    if kept is None or kept[0] is not data:
        kept = _view_parts[(index, audience)] = (data, _view_run(state, index, fields, audience))
    return kept[1]


def _view_run(state, index, fields, audience) -> bytes:
    """A kept run's bytes in `audience`'s view: hidden fields nil, the config
    without its seed, and a per-seat secret field holding only the
    audience's own entry (nil for every other seat)."""
    fields = list(fields)
    for at, name, kind in _VIEW_FIELDS[index]:
        if kind is _HIDDEN:
            fields[at] = KEYS[name] + _NIL
        elif kind is _CONFIG:
            fields[at] = KEYS[name] + pack(view_config(state.config))
        elif (values := getattr(state, name)) is not None:
            n = len(values)
            if type(audience) is int and 0 <= audience < n:
                fields[at] = b"".join((KEYS[name], _array_header(n), _NIL * audience,
                                       pack(values[audience]), _NIL * (n - audience - 1)))
            else:
                fields[at] = KEYS[name] + _array_header(n) + _NIL * n
    return b"".join(fields)


def _array_header(n: int) -> bytes:
    return bytes((0x90 | n,)) if n < 16 else msgpack.Packer().pack_array_header(n)


WHOLE = "whole"         # peer_hashes' key for the hash of the whole state
