"""Continuing a saved LAN game (net/host/saving.py says what the save keeps):
the game is replayed with every recorded hash verified, and the host waits
for its seats' holders to rejoin with their tokens."""

import os

from game import saves

from ..wire import secure
from .connections import log
from .game import Host
from .seats import Seat
from .saving import (OptionMismatch, option_mismatch, saved_allow, saved_computers, saved_fair,
                     saved_seats, saved_talk)


def resume(game: saves.SavedGame, save_path: str | None, name: str | None = None,
           auto_start: bool = False, identity: secure.Identity | None = None,
           join_code: str | None = None) -> Host:
    """A host continuing a LAN save (loaded by saves.load).  Raises
    saves.SaveError; writes nothing until the game moves on (or a seat is
    assigned)."""
    game_id, saved_name, seats = saved_seats(game)
    computers = saved_computers(game)
    fair = saved_fair(game)
    talk = saved_talk(game)
    allow, damaged = saved_allow(game)
    if damaged:
        log.warning("%s", damaged)
    auth, hashes = saves.resume(game)
    host = Host(game.config, name=name or saved_name or "Kolonisten", auto_start=auto_start,
                save_path=save_path, identity=identity, join_code=join_code, allow=allow)
    held = []
    for number, (seat_name, colour, token) in enumerate(seats):
        seat = Seat(seat_name, colour, token)
        seat.ready = True
        seat.computer = computers.get(number)
        held.append(seat)
    saver = None
    if save_path is not None:
        saver = saves.Autosaver(auth, save_path, mode="lan", hashes=hashes, created=game.created)
    host.restore(game_id, held, auth, fair, saver)
    host.talk.restore(talk)
    return host


def resume_file(path: str, save_path: str | None = None, name: str | None = None,
                auto_start: bool = False, rules=None, players=None, seed=None,
                identity: secure.Identity | None = None, join_code: str | None = None) -> Host:
    """A Host continuing the LAN save at `path`, saving on into `save_path`
    (default: the same file).  Options given (rules, players, seed) must agree
    with the save.  Raises saves.SaveError (the save cannot be used) or
    OptionMismatch; `path` is only read (a new `save_path` is written at once)."""
    game = saves.load(path)
    if game.damage is not None:     # resumed from the last whole move; the next save is whole again
        log.warning("%s: %s", path, game.damage)
    reason = option_mismatch(game, rules=rules, players=players, seed=seed)
    if reason:
        raise OptionMismatch(reason)
    save_path = save_path or path
    try:
        host = resume(game, save_path, name=name, auto_start=auto_start, identity=identity,
                      join_code=join_code)
    except saves.SaveError:
        raise
    except Exception as exc:    # well-formed and checksummed, yet the engine cannot replay it
        raise saves.SaveError(f"the saved game does not replay ({type(exc).__name__}: {exc})",
                              "damaged") from None
    if os.path.abspath(save_path) != os.path.abspath(path):
        host.save()
    return host
