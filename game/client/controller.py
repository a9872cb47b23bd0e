"""The seam between the client and whoever owns the game.

The table scene talks to exactly one controller object with this interface:

    controller.config               the game's config (dict)
    controller.names, .colours      per seat, for display (names: seatnames.SeatNames,
                                    a computer's level in the current language)
    controller.hotseat              True when every seat sits at this screen;
    controller.seat                 otherwise the one seat this screen plays
    controller.computers            (hot-seat) per seat: a computer's level
                                    (game.bots.LEVELS) or None for a person;
                                    game/client/table/computers.py plays those seats
    controller.view(seat)           a State with only what `seat` may see
                                    (None: what everybody may see)
    controller.submit(cmd)          -> the events, as the commanding seat may see
                                    them; raises IllegalCommand, changing nothing
    controller.start_events()       events of the game's creation (starting rolls)
    controller.records_since(k)     Records with seq > k, redacted for the public
                                    (the game log, animations, end statistics)
    controller.seq                  how many records exist; the table re-reads the
                                    game whenever it grows (a LAN peer's records
                                    arrive without a submit of ours)

HotseatController wraps an in-process Authority.  A LAN peer will provide the
same interface on top of a Replica, so the table never knows the difference.
With `autosave` it keeps a saved game (game/saves/) current after every
accepted command; `HotseatController.resume` continues a loaded save in the
same file.
"""

import contextlib
import sys

from game import saves
from game.bots import LEVELS
from game.engine.match import Authority

from .seatnames import SeatNames


class HotseatController:
    hotseat = True
    seat = None

    def __init__(self, config: dict, names, colours, autosave=False, auth=None, save_path=None,
                 hashes=None, created=None, computers=None):
        self.auth = auth if auth is not None else Authority(config)   # ValueError for an unusable config
        self.config = self.auth.config
        self.colours = list(colours)
        n = self.config["players"]
        self.computers = list(computers) if computers is not None else [None] * n
        if len(self.computers) != n or any(c is not None and c not in LEVELS for c in self.computers):
            raise ValueError(f"computers must name a level ({', '.join(LEVELS)}) or None for each of {n} seats")
        self.names = SeatNames(names, self.computers)     # a computer's level in the window's language
        self.save_error = None                 # the OSError of the last failed autosave (None: it worked)
        self.saver = None
        if autosave:
            players = saves.player_entries(self.names.saved, self.colours, self.computers)
            try:
                path = save_path or saves.new_save_path()
            except OSError as exc:              # no writable save folder: play on unsaved
                self.save_error = exc
                print(f"kolonisten: games cannot be saved: {exc.strerror or exc}", file=sys.stderr)
            else:
                self.saver = saves.Autosaver(self.auth, path, players=players, hashes=hashes, created=created)

    @classmethod
    def resume(cls, auth, names, colours, save_path, game):
        """Continue a restored save (`game`, a saves.SavedGame) in its own file,
        its computer seats still played by computers at their levels."""
        return cls(auth.config, names, colours, autosave=True, auth=auth, save_path=save_path,
                   hashes=game.hashes, created=game.created, computers=saves.computer_levels(game))

    @property
    def people(self) -> list:
        """The seats people play."""
        return [seat for seat, level in enumerate(self.computers) if level is None]

    def view(self, seat):
        return self.auth.view(seat)

    def submit(self, cmd) -> tuple:
        record = self.auth.submit(cmd)
        self._autosave(write=not self.batching)
        self.unsaved = self.batching
        return record.for_audience(cmd[1]).events

    batching = False
    unsaved = False                     # commands of a batch not written yet

    @contextlib.contextmanager
    def batch(self):
        """Several commands in a row (computers at the instant speed): the
        save is written once, after the last."""
        self.batching = True
        try:
            yield
        finally:
            self.batching = False
            if self.unsaved:
                self.unsaved = False
                self._autosave()

    def _autosave(self, write=True) -> None:
        """A failed write loses no command: the next one rewrites the whole save."""
        if self.saver is None:
            return
        try:
            self.saver.record(write)
            self.save_error = None
        except OSError as exc:
            if str(exc) != str(self.save_error):    # say it once, not after every move
                print(f"kolonisten: cannot save the game to {self.saver.path}: {exc.strerror or exc}",
                      file=sys.stderr)
            self.save_error = exc

    def start_events(self, audience=None) -> tuple:
        from game.engine.views import redact_event
        return tuple(redact_event(e, audience) for e in self.auth.start_events)

    def records_since(self, k: int, audience=None):
        """Records after sequence number k, redacted for `audience`."""
        return [r.for_audience(audience) for r in self.auth.log[k:]]

    @property
    def seq(self) -> int:
        return len(self.auth.log)
