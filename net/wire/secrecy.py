"""What the host may send about the game, and the hashes peers compare.

Views from the engine (game.engine.views) already hold nothing another seat
may not know — no other hands or cards, no deck, no generator, no seed — so
this module only names the host's uses of them in one place; configs sent in
the lobby are scrubbed of the seed here.
"""

from game.engine.codec import encode_state
from game.engine.views import public_hash, view, view_hash


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
