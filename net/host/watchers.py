"""Watchers at the host: connections that see the public table and cannot act.

The host's owner allows them (`Watchers.allowed`, off by default).  A watcher
joins with the join code like a player (`watch` instead of `join`, same
proof) and is then sent what a spectator may know: views and records for the
audience None (game.engine.views: every seat's hidden cards withheld), the
lobby, seats coming and going, the end and the reveal after it.  A watcher
holds no seat, so every command it sends is refused (`Play.on_cmd`).

Watchers are connections like any other: they count against the host's
connection caps (net/host/limits.py), and at most MAX_WATCHERS watch at once.
The host's owner may hand a computer's seat to a watcher (`Host.hand_over`):
the computer is told its seat is taken over and the watcher becomes that
seat's player, with the seat's view and a fresh token.

The Host owns one `Watchers`; it knows nothing of seats or the game.
"""

from ..wire.protocol import ALLOW_OPTIONS

MAX_WATCHERS = 8


class Watchers:
    def __init__(self, allow: dict | None = None):
        self.allow = {option: False for option in ALLOW_OPTIONS}
        self.set_allowed(**(allow or {}))
        self.conns = {}             # Conn -> the watcher's name, in the order they came

    @property
    def allowed(self) -> bool:
        return self.allow["watchers"]

    def set_allowed(self, **options) -> None:
        """The host's owner's choices (watchers=..., hints=...): ValueError for
        an unknown option or a value that is not True or False."""
        for option, value in options.items():
            if option not in self.allow or type(value) is not bool:
                raise ValueError(f"no host option {option!r} with value {value!r}")
        self.allow.update(options)

    def refusal(self, conn) -> tuple | None:
        """Why `conn` may not watch now, as (code, detail), or None."""
        if not self.allowed:
            return "no_watchers", "the host does not allow watchers in this game"
        if conn in self.conns:
            return "already_watching", "this connection already watches"
        if len(self.conns) >= MAX_WATCHERS:
            return "watchers_full", f"at most {MAX_WATCHERS} may watch this game"
        return None

    def add(self, conn, name: str) -> None:
        conn.watcher = name
        self.conns[conn] = name

    def remove(self, conn) -> bool:
        """Forget a watcher (gone, or now a player); False if it was none."""
        conn.watcher = None
        return self.conns.pop(conn, None) is not None

    def by_id(self, ident: int):
        """The watcher's connection with this id (its connection number), or None."""
        return next((c for c in self.conns if c.cid == ident), None)

    def public(self) -> list:
        """The lobby's list: [{"id", "name"}] in the order they came."""
        return [{"id": conn.cid, "name": name} for conn, name in self.conns.items()]

    def send(self, msg: dict) -> None:
        for conn in list(self.conns):
            conn.send(msg)

    def send_frame(self, frame: bytes) -> None:
        """Send every watcher a message already packed."""
        for conn in list(self.conns):
            conn.send_frame(frame)
