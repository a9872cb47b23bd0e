"""What a peer accepts from a host beyond the frame schema (net/wire/protocol.py).

A host, or anything posing as one, may send a well-formed message whose
content the engine or the window cannot use: a view whose `hands` is 5, a
seat number past the last seat, a lobby seat that is a number.  Every host
message is checked here before the game copy or the window touches it;
anything unusable raises `HostFault`, which ends the connection with its
message (shown in the window, printed by `kolonisten join`) and never a
traceback.

Views are checked field by field against the shapes the engine gives them
(types, lengths, ranges wide enough for every legal game, tight enough
that no value can index past a list), then run once through the rules a
peer uses (its hash, who decides, its legal commands).
"""

import functools

from game.bots import ALL_LEVELS
from game.engine import deciders, legal_commands
from game.engine.board import BOARD_BY_SEATS
from game.engine.codec import state_from_obj, unpack
from game.engine import validate_config
from game.engine.state import CK_FIELDS, PHASE_NAMES, State, is_ck
from game.engine.views import view_hash


# What a HostFault says, by code (the window shows the catalog's
# "netfault.<code>" in the player's language; logs and the command line these).
FAULT_TEXT = {
    "bad_frame": "the host sent a bad frame ({detail})",
    "bad_config": "the game's rules from the host are not usable",
    "view_undecodable": "the host sent a game view that does not decode",
    "bad_view": "the host sent an unusable game view: {why}",
    "broken_copy": "a record from the host broke the game copy: {why}",
    "bad_seats": "the host sent an unusable list of seats",
    "bad_seat": "the host named seat {seat} in a game of {players}",
    "bad_winner": "the host named seat {seat} the winner in a game of {players}",
    "bad_events": "the host sent unusable game events",
    "view_before_seat": "the host sent a game view before giving us a seat",
    "exchange_out_of_place": "the host sent a join code key exchange outside joining",
    "reveal_out_of_place": "the host sent part of the end's log before the game ended",
    "keeps_diverging": "the host's game differed from ours {count} times: it is lying or broken",
}
# Why a view is unusable (`view_problem`): "netfault.why.<code>" in the catalog.
WHY_TEXT = {
    "not_state": "it is not a game state",
    "bad_rules": "its rules are not usable",
    "has_seed": "it holds the game's seed",
    "bad_own_seat": "our seat {seat} is not in a game of {players}",
    "bad_field": "its field '{field}' has the wrong type or shape",
    "rules_fail": "the rules cannot use it ({error})",
}


class HostFault(Exception):
    """The host sent something this peer cannot use; the connection ends.
    `code` (a key of FAULT_TEXT), `why` (a key of WHY_TEXT or None) and
    `params` let a window say it in the player's language; str() is English."""

    def __init__(self, code: str, why: str | None = None, **params):
        self.code, self.why, self.params = code, why, params
        reason = WHY_TEXT[why].format(**params) if why else ""
        super().__init__(FAULT_TEXT[code].format(why=reason, **params))


# --- shapes: each returns True when the value fits ---------------------------------------------

_INT = {int}


def _ints(length, lo, hi):
    """A list of `length` ints from lo to hi (checked at C speed: views are
    checked after every record)."""
    return lambda v: (type(v) is list and len(v) == length
                      and (not v or set(map(type, v)) == _INT and lo <= min(v) and max(v) <= hi))


def _int(lo, hi):
    return lambda v: type(v) is int and lo <= v <= hi


def _bool(v):
    return type(v) is bool


def _none(v):
    return v is None


def _plain(v, depth=0):
    if depth > 10:
        return False
    if v is None or type(v) in (int, str, bool):
        return True
    if type(v) is list:
        return len(v) <= 200 and all(_plain(x, depth + 1) for x in v)
    if type(v) is dict:
        return len(v) <= 50 and all(type(k) is str and _plain(x, depth + 1) for k, x in v.items())
    return False


def _per_seat(n, shape):
    return lambda v: type(v) is list and len(v) == n and all(shape(x) for x in v)


def _own_only(n, seat, shape):
    """A per-seat secret: ours as `shape`, every other seat's hidden (None)."""
    return lambda v: (type(v) is list and len(v) == n
                      and all(shape(x) if s == seat else x is None for s, x in enumerate(v)))


def _maybe(shape):
    return lambda v: v is None or shape(v)


@functools.lru_cache(maxsize=64)
def _shapes(n: int, kinds: int, seat: int, ck: bool) -> dict:
    board = BOARD_BY_SEATS[n]           # the island of this seat count: its hexes, corners, paths
    hexes, corners, paths = board.num_hexes, board.num_nodes, board.num_edges
    seat_or_none = _int(-1, n - 1)
    count = _int(0, 1000)
    many = _per_seat(n, count)
    per_corner, per_path = (lambda lo, hi: _ints(corners, lo, hi)), (lambda lo, hi: _ints(paths, lo, hi))
    shapes = {
        "n": lambda v: v == n,
        "terrain": _ints(hexes, 0, 5), "numbers": _ints(hexes, 0, 12),
        "harbors": _ints(board.num_harbors, 0, 5),
        "robber": _int(0, hexes - 1),
        "node_owner": per_corner(-1, n - 1), "node_level": per_corner(0, 3),
        "edge_owner": per_path(-1, n - 1), "knight_owner": per_corner(-1, n - 1),
        "bank": _ints(kinds, 0, 1000),
        "hands": _own_only(n, seat, _ints(kinds, 0, 1000)), "hand_n": many,
        "deck": _none, "deck_n": count,
        "dev": _own_only(n, seat, _ints(5, 0, 100)), "dev_n": many,
        "dev_new": _own_only(n, seat, _ints(5, 0, 100)), "dev_new_n": many,
        "dev_discard": _ints(5, 0, 100),
        "roads_left": many, "settlements_left": many, "cities_left": many,
        "ratios": _per_seat(n, _ints(kinds, 1, 4)),
        "knights": many, "road_len": many,
        "longest_road": seat_or_none, "largest_army": seat_or_none,
        "vp_public": many, "vp_cards_shown": _per_seat(n, _int(-1, 1000)),
        "first_player": _int(0, n - 1), "current": _int(0, n - 1),
        "phase": _int(0, len(PHASE_NAMES) - 1), "turn": _int(0, 2 ** 31),
        "setup_step": _int(0, 64), "last_setup_node": _int(-1, corners - 1),
        "rolled": _bool, "dev_played": _bool, "built": _bool,
        "dice": lambda v: v is None or (type(v) is list and len(v) in (2, 3)
                                        and all(type(x) is int and 0 <= x <= 6 for x in v)),
        "discard_need": many, "resume_phase": _int(0, len(PHASE_NAMES) - 1),
        "free_roads": _int(0, 2), "trade": _maybe(_trade(n, kinds)), "winner": seat_or_none,
        "agenda": lambda v: type(v) is list and all(
            type(step) is list and step and type(step[0]) is str and _plain(step) for step in v),
        "pending": _maybe(lambda v: type(v) is dict and type(v.get("kind")) is str
                          and _ints(len(v.get("seats") or []), 0, n - 1)(v.get("seats"))
                          and _plain(v)),
        "rng": _none,
    }
    ck_shapes = {
        "barb_pos": _int(0, 7), "barb_attacks": count,
        "improvements": _per_seat(n, _ints(3, 0, 5)), "metropolis": _ints(3, -1, corners - 1),
        "wall": per_corner(0, 1), "walls_left": many,
        "knight_strength": per_corner(0, 3), "knight_active": per_corner(0, 1),
        "knight_fresh": per_corner(0, 1), "knight_promoted": per_corner(0, 1),
        "knights_left": _per_seat(n, _ints(3, 0, 2)), "flipped": per_corner(0, 1),
        "merchant": lambda v: _ints(2, -1, hexes - 1)(v) and -1 <= v[1] < n,
        "prog": _own_only(n, seat, _ints(25, 0, 100)), "prog_n": many,
        "prog_decks": _none, "prog_deck_n": _ints(3, 0, 1000), "prog_vp": many,
        "defenders": many, "defenders_left": count, "crane": lambda v: type(v) in (bool, int) and 0 <= v <= 25,
            "fleet": _int(0, 255),                       # Merchant Fleets: a bitmask of 8 card kinds
            "harbor_swaps": _ints(n, 0, 2),              # Commercial Harbor swaps owed this turn
    }
    for name in CK_FIELDS:
        shapes[name] = ck_shapes[name] if ck else _none
    return shapes


def _trade(n, kinds):
    def ok(v):
        return (type(v) is dict and set(v) == {"give", "get", "answers", "counters"}
                and _ints(kinds, 0, 1000)(v["give"]) and _ints(kinds, 0, 1000)(v["get"])
                and _ints(n, 0, 4)(v["answers"]) and type(v["counters"]) is list
                and len(v["counters"]) == n and _plain(v["counters"]))
    return ok


# --- views ------------------------------------------------------------------------------------------

def check_config(config) -> dict:
    """A config as the host sends it (seed removed)."""
    if type(config) is not dict or validate_config(dict(config, seed=0)) is not None:
        raise HostFault("bad_config")
    return config


def view_problem(obj, seat) -> tuple | None:
    """Why a decoded view (plain data) for `seat` (None: a watcher's) is
    unusable, as (a key of WHY_TEXT, its parameters), or None."""
    if type(obj) is not dict or list(obj) != list(State.__slots__):
        return "not_state", {}
    config = obj["config"]
    if type(config) is not dict or validate_config(dict(config, seed=0)) is not None:
        return "bad_rules", {}
    if config["seed"] is not None:
        return "has_seed", {}
    n = config["players"]
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        return "bad_own_seat", {"seat": seat, "players": n}
    ck = is_ck(config)
    kinds = 8 if ck else 5
    # a watcher (seat None) sees no seat's secrets: every one must be withheld
    for field, fits in _shapes(n, kinds, -1 if seat is None else seat, ck).items():
        if not fits(obj[field]):
            return "bad_field", {"field": field}
    return None


def check_view(payload: bytes, seat):
    """The State in a `sync` view for `seat`, checked; raises HostFault."""
    try:
        obj = unpack(payload)
    except Exception:
        raise HostFault("view_undecodable") from None
    why = view_problem(obj, seat)
    if why is None:
        try:
            state = state_from_obj(obj)
            view_hash(state, seat)
            if state.phase != PHASE_NAMES.index("game_over") and seat in deciders(state):
                legal_commands(state, seat)
            return state
        except Exception as exc:        # shapes fit, yet the rules cannot use it
            why = "rules_fail", {"error": type(exc).__name__}
    raise HostFault("bad_view", why[0], **why[1])


def check_state(state, seat) -> None:
    """A game copy after a record was applied: still the shape of a view."""
    obj = {name: getattr(state, name) for name in State.__slots__}
    why = view_problem(obj, seat)
    if why is not None:
        raise HostFault("broken_copy", why[0], **why[1])


# --- other messages -------------------------------------------------------------------------------

def _events_ok(events) -> bool:
    return all(type(e) is list and e and type(e[0]) is str for e in events)


def _seat_entry_ok(entry) -> bool:
    return entry is None or (type(entry) is dict
                             and type(entry.get("name")) is str and type(entry.get("colour")) is str
                             and all(type(entry.get(k, False)) is bool for k in ("ready", "connected"))
                             and entry.get("computer") in (None,) + ALL_LEVELS)


def check_message(msg: dict, players: int | None) -> None:
    """Raise HostFault if a schema-checked host message cannot be used.
    `players`: seats in the game as far as we know (None before the welcome)."""
    kind = msg["t"]
    if kind in ("welcome", "lobby"):
        check_config(msg["config"])
    if kind == "lobby":
        seats = msg["seats"]
        if len(seats) != msg["config"]["players"] or not all(_seat_entry_ok(s) for s in seats):
            raise HostFault("bad_seats")
    limit = msg.get("config", {}).get("players") if kind == "lobby" else players
    if kind in ("seated", "seat_status") and limit is not None and msg["seat"] >= limit:
        raise HostFault("bad_seat", seat=msg["seat"], players=limit)
    if kind == "over" and players is not None and not -1 <= msg["winner"] < players:
        raise HostFault("bad_winner", seat=msg["winner"], players=players)
    if kind in ("sync", "rec") and not _events_ok(msg["events"]):
        raise HostFault("bad_events")
