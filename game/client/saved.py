"""What the load list and the replay viewer both read from a save: its
players (names and colours), its date, and `Replay`, the saved game as a
sequence of positions.

`Replay` is the model (no drawing): it checks the save once with
saves.restore (every recorded state hash must match), keeps the records and
a snapshot of the state every SNAPSHOT_EVERY moves, and rebuilds any
position from the nearest snapshot before it, so stepping backward is as
quick as stepping forward.  A move that took another back (an undo,
game/engine/undo.py) leads to the position before the move it took back.
"""

import time

from game import saves
from game.engine.codec import decode_state, encode_state, state_hash
from game.engine.match import Authority
from game.engine.rules import apply
from game.engine.state import GAME_OVER
from game.engine.undo import taken_back
from game.engine.views import view

from . import theme
from .i18n import tr
from .seatnames import MAX_SHOWN_NAME, SeatNames, default_person_name


def saved_players(game) -> tuple:
    """(names, colours) per seat from a save, with defaults for anything
    missing or malformed (a save's contents are never trusted blindly);
    names as a SeatNames, a computer's level in the current language."""
    n = game.config["players"]
    names, colours = [], []
    for seat in range(n):
        p = game.players[seat] if seat < len(game.players) and isinstance(game.players[seat], dict) else {}
        name = p.get("name")
        names.append(name[:MAX_SHOWN_NAME] if isinstance(name, str) and name.strip() else default_person_name(seat))
        rgb = p.get("colour")
        if isinstance(rgb, str):                   # LAN saves name their colours
            rgb = list(theme.seat_rgb(rgb, ()))
        ok = isinstance(rgb, list) and len(rgb) == 3 and all(type(c) is int and 0 <= c <= 255 for c in rgb)
        colours.append(theme.shown(rgb) if ok else theme.palette()[seat % len(theme.palette())][1])
    return SeatNames(names, saves.computer_levels(game)), colours


def saved_date(stamp) -> str:
    if not isinstance(stamp, (int, float)) or not 0 < stamp < 2 ** 40:
        return "?"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


SNAPSHOT_EVERY = 50
ALL = "all"                                    # the perspective that sees every hand


class Replay:
    def __init__(self, game):
        """`game` is a saves.SavedGame; SaveError if it does not replay exactly."""
        self.game = game
        self.records = list(saves.restore(game, verify=True).log)
        first = Authority(game.config)
        self.start_events = first.start_events
        self.snapshots = [encode_state(first.state)]
        for i, record in enumerate(self.records):
            first.submit(record.cmd)
            if (i + 1) % SNAPSHOT_EVERY == 0:
                self.snapshots.append(encode_state(first.state))
        self.finished = first.state.phase == GAME_OVER
        self.state = decode_state(self.snapshots[0])
        self.pos = 0                   # moves applied to self.state

    def audiences(self) -> list:
        """The perspectives this game may be replayed in: every one once
        the game is over, else only the public view (None)."""
        return [ALL] + list(range(self.state.n)) + [None] if self.finished else [None]

    def _allowed(self, audience):
        return audience if audience in self.audiences() else None

    @property
    def length(self) -> int:
        return len(self.records)

    def seek(self, k: int) -> None:
        """Put the game at move k (0: as set up, length: the end)."""
        k = max(0, min(self.length, k))
        if k < self.pos or k - self.pos > SNAPSHOT_EVERY:
            base = k // SNAPSHOT_EVERY
            self.state = decode_state(self.snapshots[base])
            self.pos = base * SNAPSHOT_EVERY
        while self.pos < k:
            record = self.records[self.pos]
            undone = taken_back(record)
            if undone is None:
                apply(self.state, record.cmd)
                self.pos += 1
            else:                       # the position before the move taken back
                after = self.pos + 1
                self.seek(undone - 1)
                self.pos = after

    def state_hash(self) -> str:
        return state_hash(self.state)

    def shown(self, audience):
        """The state as `audience` saw it (ALL: the full state); a
        perspective the game does not allow yet gets the public view."""
        audience = self._allowed(audience)
        return self.state if audience == ALL else view(self.state, audience)

    def events(self, i, audience) -> tuple:
        """Events of move i (0-based) as `audience` saw them."""
        audience = self._allowed(audience)
        record = self.records[i]
        return record.events if audience == ALL else record.for_audience(audience).events
