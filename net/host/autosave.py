"""Keeping the LAN host's saved game current (the format: net/host/saving.py).

Each accepted command is appended to the save's journal before its record
is sent to anyone, so no peer ever sees a move that a host restarted after a
crash would not know; the journal is flushed to the disk (fdatasync) at most
FLUSH_SECONDS later, once for all the commands in between, so only a power
cut in that moment can lose the newest commands.
"""

import asyncio

from game import saves

from .connections import log
from .saving import extra_for, players_for

FLUSH_SECONDS = 0.05        # how long a saved command may wait to be flushed to the disk


class LanAutosave:
    """The saver of one hosted game.  `notify(kind, data)` reports
    ("save_error", reason) to the host's listeners, once per new reason."""

    def __init__(self, path: str | None, notify):
        self.path = path            # None: the game is not saved
        self.notify = notify
        self.saver = None           # saves.Autosaver once the game runs
        self.seats_saved = False    # has the saver been given the seats (names, tokens) yet?
        self.flush_due = None       # the timer that flushes the save to the disk, when one runs
        self.error = None           # the OSError of the last failed save (None: it worked)

    def begin(self, auth) -> None:
        """The game is dealt: save it from now on (when saving)."""
        if self.path is not None:
            self.saver = saves.Autosaver(auth, self.path, mode="lan")

    def resume(self, saver) -> None:
        """Continue a save (net/host/resume.py): `saver` writes on (None: not saving)."""
        self.saver = saver
        self.seats_saved = False

    def save(self, seats, game_id: str, name: str, fair, talk, allow, room,
             seats_changed: bool = True, digest: str | None = None) -> None:
        """Write the saved game (when saving): the commands and, when
        `seats_changed` (or anything else of `extra_for`'s) or not yet saved,
        the seats (names, colours, tokens), the game's id and name, the fair
        deal, the table talk rules (`talk`) and what the host allows (`allow`).  `digest`: the state hash
        after the newest command, when the caller has it; `room`: the spare
        descriptors let go while the save opens a file.  A failed write loses
        nothing (the next one rewrites it all)."""
        if self.saver is None:
            return
        if seats_changed or not self.seats_saved:
            self.saver.players = players_for(seats)
            self.saver.extra = extra_for(game_id, name, seats, fair, talk, allow)
            self.saver.room = room
            self.seats_saved = True
        try:
            self.saver.record(digest=digest, flush=False)
            self._flush_soon()
        except OSError as exc:
            if str(exc) != str(self.error):
                why = exc.strerror or str(exc)
                log.error("cannot save the game to %s: %s", self.saver.path, why)
                self.notify("save_error", why)
            self.error = exc
        else:
            self.error = None

    def _flush_soon(self) -> None:
        if self.flush_due is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:                # outside the host's loop (resuming): at once
            return self.flush()
        self.flush_due = loop.call_later(FLUSH_SECONDS, self.flush)

    def flush(self) -> None:
        """Put every command saved so far on the disk (fdatasync)."""
        self.flush_due = None
        if self.saver is None:
            return
        try:
            self.saver.flush()
        except OSError as exc:
            why = exc.strerror or str(exc)
            log.error("cannot save the game to %s: %s", self.saver.path, why)
            self.notify("save_error", why)
            self.error = exc
            self.saver.close()              # the next save rewrites the file whole

    def close(self) -> None:
        """The host closes: what waits for the disk is flushed now."""
        if self.flush_due is not None:
            self.flush_due.cancel()
            self.flush()
