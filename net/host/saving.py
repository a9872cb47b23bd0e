"""What the host keeps in a saved game (game/saves/, mode "lan") to resume
a LAN game after a crash, a reboot or a break.

The save is the ordinary saved-game record (config with the seed, every
command, a state hash after each); `extra` adds what only the host knows:

    {"lan": 1, "game_id": the id the seat tokens are bound to,
     "name": the game's name in the list of games,
     "seats": [{"name", "colour", "token"} per seat, and "computer": its level
               for a seat the host's own computer player holds],
     "fair": the fair deal (net/wire/fairdice.py: commit, pledges, values and the
             host's secret), absent for a game dealt without one,
     "talk": the host's table talk rules (net/wire/talk.py RULES: on, muted
             seats, watchers muted), absent while talk is on for everyone
             (and in a save from before the rules were saved),
     "allow": what the host allows besides playing ({"watchers": bool,
              "hints": bool}, net/host/watchers.py), absent while it allows
              nothing (and in a save from before it was saved)}

`players` holds each seat's name and colour (a colour name, see
net.wire.protocol.COLOURS) for the list of saved games.  Seat tokens are secrets
of the game: the save never leaves the host's machine (saves are written
readable by their owner only).

A save's contents are never trusted blindly: `saved_seats` checks every
field and raises SaveError (code "not_lan" or "damaged") rather than let a
bad value reach the protocol.
"""

import os

from game import saves

from ..wire.protocol import ALLOW_OPTIONS, COLOURS, MAX_NAME, MAX_TOKEN, allow_field
from ..wire.talk import default_rules, rules_field

LAN_FORMAT = 1
SAVE_PREFIX = "lan"


def extra_for(game_id: str, name: str, seats: list, fair=None, talk=None, allow=None) -> dict:
    """The `extra` map of a LAN save; seats: Seat objects (name, colour, token);
    fair: the fairdice.FairRecord of the deal, if any; talk: the table talk
    rules (TableTalk.public), kept only when they differ from talk on for
    everyone; allow: what the host allows (Watchers.allow), kept only when
    something is allowed (so a save from before either was saved is written
    back as it was)."""
    extra = {"lan": LAN_FORMAT, "game_id": game_id, "name": name,
             "seats": [_seat_entry(s) for s in seats]}
    if fair is not None:
        extra["fair"] = fair.to_save()
    if talk is not None and talk != default_rules():
        extra["talk"] = talk
    if allow is not None and any(allow.values()):
        extra["allow"] = dict(allow)
    return extra


def _seat_entry(seat) -> dict:
    entry = {"name": seat.name, "colour": seat.colour, "token": seat.token}
    if getattr(seat, "computer", None):
        entry["computer"] = seat.computer
    return entry


def saved_computers(game: saves.SavedGame) -> dict:
    """{seat: level} of the seats a LAN save says the host's computer
    players held (a save from before computers were saved has none).
    Raises SaveError for a level this Kolonisten does not know."""
    from game.bots import LEVELS
    seats = game.extra.get("seats")
    out = {}
    for number, seat in enumerate(seats if type(seats) is list else []):
        level = seat.get("computer") if type(seat) is dict else None
        if level is None:
            continue
        if level not in LEVELS + ("random",):
            raise saves.SaveError("the saved game is damaged (a computer seat's level)", "damaged")
        out[number] = level
    return out


def saved_fair(game: saves.SavedGame):
    """The fair deal of a LAN save (a fairdice.FairRecord with the host's
    secret), or None for a game dealt without one.  Raises SaveError when it
    is damaged or does not give the saved seed."""
    from ..wire.fairdice import FairRecord
    data = game.extra.get("fair")
    if data is None:
        return None
    try:
        fair = FairRecord.from_save(data, game.config["players"])
    except ValueError as exc:
        raise saves.SaveError(f"the saved game is damaged (fair deal: {exc})", "damaged") from None
    if fair.secret is None or fair.seed() != game.config["seed"]:
        raise saves.SaveError("the saved game is damaged (its seed is not the fair deal's)", "damaged")
    return fair


def saved_talk(game: saves.SavedGame) -> dict:
    """The table talk rules of a LAN save (net/wire/talk.py RULES); a save
    from before they were saved: talk on for everyone.  Raises SaveError
    when they are damaged (a muted seat the game does not have)."""
    rules = game.extra.get("talk")
    if rules is None:
        return default_rules()
    if not rules_field(rules) or any(seat >= game.config["players"] for seat in rules["muted"]):
        raise saves.SaveError("the saved game is damaged (table talk rules)", "damaged")
    return {"on": rules["on"], "muted": sorted(set(rules["muted"])),
            "watchers_muted": rules["watchers_muted"]}


def saved_allow(game: saves.SavedGame) -> tuple:
    """(what the host of a LAN save allowed, {option: bool} for every
    ALLOW_OPTIONS, why it is not what was saved or None).  A save from before
    it was saved allows nothing; so does a damaged one (the game is not lost
    for it: its owner allows again with --allow-watchers / --allow-hints)."""
    allow = {option: False for option in ALLOW_OPTIONS}
    saved = game.extra.get("allow")
    if saved is None:
        return allow, None
    if not allow_field(saved):
        return allow, ("the saved game's host options (watchers, hints) are damaged; "
                       "the resumed game allows neither")
    return dict(allow, **saved), None


def players_for(seats: list) -> list:
    return [{"name": s.name, "colour": s.colour} for s in seats]


def _is_name(v) -> bool:
    return type(v) is str and 1 <= len(v.strip()) <= MAX_NAME and v.isprintable()


def saved_seats(game: saves.SavedGame) -> tuple:
    """(game_id, game name, [(name, colour, token)] per seat) from a LAN save.
    Raises SaveError for a hot-seat save or malformed seats."""
    if game.mode != "lan":
        raise saves.SaveError("this is a hot-seat game, not a LAN game; continue it in the game "
                              "window (Load game)", "not_lan")
    extra = game.extra
    if type(extra.get("lan")) is int and extra["lan"] > LAN_FORMAT:
        raise saves.SaveError("this LAN game was saved by a newer Kolonisten; update Kolonisten "
                              "to resume it", "newer_version")
    game_id, name, seats = extra.get("game_id"), extra.get("name"), extra.get("seats")
    if (extra.get("lan") != LAN_FORMAT or type(game_id) is not str or not 1 <= len(game_id) <= 32
            or not game_id.isprintable() or type(name) is not str or len(name) > 64
            or not name.isprintable()):
        raise saves.SaveError("the saved game is damaged (no LAN game id)", "damaged")
    if type(seats) is not list or len(seats) != game.config["players"]:
        raise saves.SaveError("the saved game is damaged (LAN seats)", "damaged")
    out = []
    for seat in seats:
        if (type(seat) is not dict or not _is_name(seat.get("name"))
                or seat.get("colour") not in COLOURS or type(seat.get("token")) is not str
                or not 16 <= len(seat["token"]) <= MAX_TOKEN):
            raise saves.SaveError("the saved game is damaged (LAN seats)", "damaged")
        out.append((seat["name"].strip(), seat["colour"], seat["token"]))
    if len({c for _, c, _ in out}) != len(out) or len({t for _, _, t in out}) != len(out):
        raise saves.SaveError("the saved game is damaged (LAN seats)", "damaged")
    return game_id, name, out


def option_mismatch(game: saves.SavedGame, rules=None, players=None, seed=None):
    """Why options given along with a save to resume disagree with it (None if
    they agree); an option left out (None) always agrees."""
    config = game.config
    if rules is not None and rules != config["rules"]:
        return f"the saved game is played with the {config['rules']} rules, not {rules}"
    if players is not None and players != config["players"]:
        return f"the saved game has {config['players']} players, not {players}"
    if seed is not None and seed != config["seed"]:
        return "the saved game was dealt with another seed"
    return None


class OptionMismatch(Exception):
    """Options given along with a save disagree with it (a usage error, not a bad save)."""


def save_target_problem(path: str):
    """Why a new game may not be saved at `path` (None if it may): an existing
    file is never overwritten by another game, and the folder must be writable."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path):
        return f"{path} already exists (a game is only ever saved into a new file, or resumed)"
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        return f"cannot write saved games into {folder}"
    return None
