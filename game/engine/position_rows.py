"""The table behind the position notation (position.py): how each line of a
position is written from a State and read back into the Builder.

SCALARS are single words grouped on a few lines (`turn 12 current 2 phase
main …`), each with the default that lets it go unsaid; SEAT_ROWS write one
value per seat (`settlements 0: A10 1: H8`); LINE_ROWS write one value for the
game.  Adding a State field: nothing to do for it to round-trip (it is written
generically as JSON, see GENERIC); add a row here when it deserves a readable
spelling, and name its field in WRITTEN.
"""

import json

from .board import board_of
from .constants import DESERT, PROGRESS_NAMES, TRACK_NAMES
from .notation import (
    CARD_LETTERS, DEV_LETTERS, HARBOR_LETTERS, TERRAIN_LETTERS, PositionError, counts_to_letters, names_of,
)
from .position_build import DERIVED, Builder
from .ruleset import RULESETS, all_options, default_config
from .state import OPTIONAL_FLAGS, PHASE_NAMES, State

JSON_ENCODER = json.JSONEncoder(separators=(",", ":"))


# --- value spellings -------------------------------------------------------------------------

def _seat_or_none(v):
    return "-" if v == -1 else str(v)


def _read_int(text, what="a whole number"):
    try:
        return int(text)
    except ValueError:
        raise PositionError(f"'{text}' is not {what}") from None


def _read_seat_or_none(text):
    return -1 if text == "-" else _read_int(text, "a seat number or -")


def _read_bool(text):
    if text not in ("yes", "no"):
        raise PositionError(f"'{text}' must be yes or no")
    return text == "yes"


def _read_phase(text):
    if text not in PHASE_NAMES:
        raise PositionError(f"'{text}' is not a phase ({', '.join(PHASE_NAMES)})")
    return PHASE_NAMES.index(text)


def _read_dice(text):
    if text == "-":
        return None
    return [_read_int(d, "a die") for d in text.split(",")]


def _read_json(text):
    try:
        return json.loads(text)
    except ValueError:
        raise PositionError(f"'{text}' is not valid JSON") from None


def _dice_text(v):
    return "-" if v is None else ",".join(map(str, v))


def _node_or_none(v, names):
    return "-" if v == -1 else names.node_name[v]


def _read_node_or_none(text, names):
    return -1 if text == "-" else names.node_id(text)


def _plain(f):
    """A scalar's spelling that does not depend on the island."""
    return lambda value, names: f(value)


# Scalar fields: key, field, write(value, names), read(text, names), default(state being
# built) or None (always written); `names` are the island's (notation.names_of).
_SETUP_PHASES = (PHASE_NAMES.index("setup_settlement"), PHASE_NAMES.index("setup_road"))
_ROLL = PHASE_NAMES.index("roll")


def _default_rolled(s):
    return s.phase not in _SETUP_PHASES and s.phase != _ROLL


def _default_setup_step(s):
    return 0 if s.phase in _SETUP_PHASES else 2 * s.n


def _default_first(s):
    """The seat whose turn it is follows from the first seat (B-3.1, B-3.2,
    B-3.5), so the first seat goes without saying when it fits the turn."""
    n, current, step = s.n, s.current, s.setup_step
    if type(current) is not int or type(step) is not int or type(s.turn) is not int:
        return 0
    if s.phase in _SETUP_PHASES:
        back = step if step < n else 2 * n - 1 - step
    else:
        back = s.turn - 1
    return (current - back) % n


SCALARS = (
    ("turn", "turn", _plain(str), _plain(_read_int), None),
    ("current", "current", _plain(str), _plain(_read_int), None),
    ("phase", "phase", _plain(PHASE_NAMES.__getitem__), _plain(_read_phase), None),
    ("rolled", "rolled", _plain(lambda v: "yes" if v else "no"), _plain(_read_bool), _default_rolled),
    ("dice", "dice", _plain(_dice_text), _plain(_read_dice), lambda s: None),
    ("built", "built", _plain(lambda v: "yes" if v else "no"), _plain(_read_bool), lambda s: False),
    ("dev_played", "dev_played", _plain(lambda v: "yes" if v else "no"), _plain(_read_bool), lambda s: False),
    ("free_roads", "free_roads", _plain(str), _plain(_read_int), lambda s: 0),
    ("resume", "resume_phase", _plain(PHASE_NAMES.__getitem__), _plain(_read_phase), lambda s: PHASE_NAMES.index("main")),
    ("setup", "setup_step", _plain(str), _plain(_read_int), _default_setup_step),
    ("last_setup", "last_setup_node", _node_or_none, _read_node_or_none, lambda s: -1),
    ("winner", "winner", _plain(_seat_or_none), _plain(_read_seat_or_none), lambda s: -1),
    ("barbarians", "barb_pos", _plain(str), _plain(_read_int), lambda s: 0),
    ("attacks", "barb_attacks", _plain(str), _plain(_read_int), lambda s: 0),
    ("first", "first_player", _plain(str), _plain(_read_int), _default_first),     # read last: its default needs the rest
)
SCALAR_BY_KEY = {row[0]: row for row in SCALARS}
# How scalars are grouped on lines (the first key starts the line).
SCALAR_LINES = (
    ("turn", "current", "phase", "rolled", "dice", "built", "dev_played", "free_roads", "resume"),
    ("first", "setup", "last_setup", "winner"),
    ("barbarians", "attacks"),
)


# --- rows: one per line topic ----------------------------------------------------------------
# A row is (key, write(state) -> str | None, read(builder, text), rules) where rules is None
# (both rule sets), "base" or "ck".  Seat rows write `0: … 1: …` with seat values given by
# write_seat(state, seat) -> str | None (None: the seat's default, left out).

def game_flags() -> tuple:
    """The game line's bare words: the rule options that are true or false (each
    written when true) and the config's optional flags."""
    return tuple(o.config for o in all_options() if set(o.values) == {True, False}) + OPTIONAL_FLAGS


def _choice_options() -> dict:
    """The rule options of other values, written `key=value` when not at their default."""
    return {o.config: o for o in all_options() if set(o.values) != {True, False}}


def write_game_line(s):
    c = s.config
    seed = "?" if c["seed"] is None else c["seed"]
    out = f"game {c['rules']} players={c['players']} target={c['vp_target']} board={c['board']} seed={seed}"
    for key, o in _choice_options().items():
        if c[key] != o.default:
            out += f" {key}={c[key]}"
    for flag in game_flags():
        if c.get(flag):
            out += " " + flag
    return out


def read_game_line(text):
    words = text.split()
    if not words or words[0] not in RULESETS:
        raise PositionError("the game line must start with the rules: 'game base' or 'game ck'")
    options = {"rules": words[0]}
    names = {"players": "players", "target": "vp_target", "board": "board", "seed": "seed"}
    flags, choices = game_flags(), _choice_options()
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq:
            if word not in flags:
                raise PositionError(f"unknown game option '{word}'")
            options[word] = True
        elif key in choices:
            value = next((v for v in choices[key].values if str(v) == value), None)
            if value is None:
                raise PositionError(f"{key} must be one of: " + ", ".join(map(str, choices[key].values)))
            options[key] = value
        elif key not in names:
            raise PositionError(f"unknown game setting '{key}'")
        elif key == "board":
            options["board"] = value
        elif key == "seed" and value == "?":
            options["seed"] = None
        else:
            options[names[key]] = _read_int(value, f"a number for {key}")
    seed = options.pop("seed", 0)
    try:
        config = default_config(**options)
    except TypeError as exc:
        raise PositionError(str(exc)) from None
    config["seed"] = seed
    return config


def _names(s):
    """The names of the island state `s` is played on."""
    return names_of(board_of(s))


def _terrain_write(s):
    return "/".join(_names(s).rows("".join(TERRAIN_LETTERS[t] for t in s.terrain)))


def _terrain_read(b, text):
    letters = text.replace("/", "")
    hexes = board_of(b.s).num_hexes
    if len(letters) != hexes:
        raise PositionError(f"terrain needs {hexes} hexes, got {len(letters)}")
    for ch in letters:
        if ch not in TERRAIN_LETTERS:
            raise PositionError(f"'{ch}' is not a terrain letter ({TERRAIN_LETTERS})")
    b.s.terrain = [TERRAIN_LETTERS.index(ch) for ch in letters]


def _numbers_write(s):
    return "/".join(",".join(str(x) if x else "-" for x in row) for row in _names(s).rows(s.numbers))


def _numbers_read(b, text):
    items = text.replace("/", ",").split(",")
    hexes = board_of(b.s).num_hexes
    if len(items) != hexes:
        raise PositionError(f"numbers needs {hexes} hexes, got {len(items)}")
    b.s.numbers = [0 if x == "-" else _read_int(x, "a number token") for x in items]


def _harbors_write(s):
    return "".join(HARBOR_LETTERS[k] for k in s.harbors)


def _harbors_read(b, text):
    spots = board_of(b.s).num_harbors
    if len(text) != spots or any(ch not in HARBOR_LETTERS for ch in text):
        raise PositionError(f"harbors needs {spots} letters from {HARBOR_LETTERS}, got '{text}'")
    b.s.harbors = [HARBOR_LETTERS.index(ch) for ch in text]


def _layout_write(field, write):
    """The beginner board's layout (B-2.6) goes without saying on `board=beginner`."""
    part = ("terrain", "numbers", "harbors").index(field)

    def write_unless_beginner(s):
        if s.config["board"] == "beginner" and getattr(s, field) == board_of(s).beginner_layout()[part]:
            return None
        return write(s)
    return write_unless_beginner


def _robber_write(s):
    """The robber starts on the desert (B-2.5): said only when elsewhere."""
    return None if s.terrain[s.robber] == DESERT else _names(s).hex_letters[s.robber]


def _robber_read(b, text):
    b.s.robber = _names(b.s).hex_id(text)
    b.robber_given = True


# Pieces on the board, per seat, each found in one pass over the board (format runs
# after every command in tools.simulate --check-positions).  Buildings carry suffixes:
# +wall, +pillaged (a city reduced by the barbarians, CK-8.3) and
# +trade/+politics/+science (a metropolis).
def _joined(lists):
    return [" ".join(names) if names else None for names in lists]


def _settlements_all(s):
    out = [[] for _ in range(s.n)]
    level, flipped, name = s.node_level, s.flipped, _names(s).node_name
    for n, o in enumerate(s.node_owner):
        if o != -1 and level[n] == 1:
            out[o].append(name[n] + "+pillaged" if flipped and flipped[n] else name[n])
    return _joined(out)


def _cities_all(s):
    out = [[] for _ in range(s.n)]
    level, wall, metropolis, node_name = s.node_level, s.wall, s.metropolis, _names(s).node_name
    for n, o in enumerate(s.node_owner):
        if o != -1 and level[n] == 2:
            name = node_name[n]
            if wall and wall[n]:
                name += "+wall"
            if metropolis and n in metropolis:
                for track, m in enumerate(metropolis):
                    if m == n:
                        name += "+" + TRACK_NAMES[track]
            out[o].append(name)
    return _joined(out)


def _roads_all(s):
    out = [[] for _ in range(s.n)]
    name = _names(s).edge_name
    for e, o in enumerate(s.edge_owner):
        if o != -1:
            out[o].append(name[e])
    return _joined(out)


def _knights_all(s):
    out = [[] for _ in range(s.n)]
    name = _names(s).node_name
    for n, o in enumerate(s.knight_owner):
        if o != -1:
            out[o].append(f"{name[n]}:{s.knight_strength[n]}" + ("a" if s.knight_active[n] else "")
                          + ("f" if s.knight_fresh[n] else "") + ("p" if s.knight_promoted[n] else ""))
    return _joined(out)


def _per_seat(write_seat):
    """A seat row's writer from one that writes a single seat's value."""
    return lambda s: [write_seat(s, seat) for seat in range(s.n)]


def _hands_seat(s, seat):
    hand = s.hands[seat]
    if hand is None:            # hidden; an empty hand needs no '?0'
        return f"?{s.hand_n[seat]}" if s.hand_n[seat] else None
    return counts_to_letters(hand, CARD_LETTERS) if s.hand_n[seat] else None


def _bank_write(s):
    if any(h is None for h in s.hands):
        return ",".join(map(str, s.bank))
    return None


def _dev_seat(s, seat):
    dev, new = s.dev[seat], s.dev_new[seat]
    if dev is None:
        if not s.dev_n[seat]:
            return None
        old_n = s.dev_n[seat] - s.dev_new_n[seat]
        return f"?{old_n}" + (f"+{s.dev_new_n[seat]}" if s.dev_new_n[seat] else "")
    if not s.dev_n[seat]:
        return None
    old = counts_to_letters([d - x for d, x in zip(dev, new)], DEV_LETTERS)
    return old + ("+" + counts_to_letters(new, DEV_LETTERS) if s.dev_new_n[seat] else "")


def _army_seat(s, seat):
    return str(s.knights[seat]) if s.knights[seat] else None


def _played_write(s):
    other = [0] + list(s.dev_discard[1:])
    return counts_to_letters(other, DEV_LETTERS) if any(other) else None


def _deck_write(s):
    if s.deck is None:
        return f"?{s.deck_n}"
    return "".join(DEV_LETTERS[k] for k in s.deck) or "-"


def _improvements_seat(s, seat):
    levels = s.improvements[seat]
    words = [f"{TRACK_NAMES[t]}={v}" for t, v in enumerate(levels) if v]
    return " ".join(words) if words else None


def _progress_seat(s, seat):
    cards = s.prog[seat]
    if cards is None:
        return f"?{s.prog_n[seat]}" if s.prog_n[seat] else None
    names = [PROGRESS_NAMES[c] for c, k in enumerate(cards) for _ in range(k)]
    return " ".join(names) if names else None


def _count_seat(field):
    def write(s, seat):
        v = getattr(s, field)[seat]
        return str(v) if v else None
    return write


def _shown_seat(s, seat):
    v = s.vp_cards_shown[seat]
    return None if v == -1 else str(v)


def _progress_deck_write(track):
    def write(s):
        if s.prog_decks is None:
            return f"?{s.prog_deck_n[track]}"
        return " ".join(PROGRESS_NAMES[c] for c in s.prog_decks[track]) or "-"
    return write


def _merchant_write(s):
    h, seat = s.merchant
    return None if h == -1 else f"{_names(s).hex_letters[h]}:{seat}"


def _rng_write(s):
    return None if s.rng is None else f"{s.rng.state},{s.rng.inc}"


def _json_write(field):
    def write(s):
        v = getattr(s, field)
        return None if v is None or v == [] else JSON_ENCODER.encode(v)
    return write


def _holder_write(field, default):
    def write(s):
        v = getattr(s, field)
        return None if v == default(s) else _seat_or_none(v)
    return write


SEAT_ROWS = {
    # key: (write(state) -> a value or None per seat, read_seat name on Builder, rules)
    "settlements": (_settlements_all, "read_settlements", None),
    "cities": (_cities_all, "read_cities", None),
    "roads": (_roads_all, "read_roads", None),
    "knights": (_knights_all, "read_knights", "ck"),
    "improvements": (_per_seat(_improvements_seat), "read_improvements", "ck"),
    "hands": (_per_seat(_hands_seat), "read_hand", None),
    "dev": (_per_seat(_dev_seat), "read_dev", "base"),
    "army": (_per_seat(_army_seat), "read_army", "base"),
    "progress": (_per_seat(_progress_seat), "read_progress", "ck"),
    "progress_vp": (_per_seat(_count_seat("prog_vp")), "read_progress_vp", "ck"),
    "defenders": (_per_seat(_count_seat("defenders")), "read_defenders", "ck"),
    "discard": (_per_seat(_count_seat("discard_need")), "read_discard", None),
    "shown_vp": (_per_seat(_shown_seat), "read_shown_vp", None),
}

LINE_ROWS = {
    # key: (write(state), read name on Builder, rules)
    "terrain": (_layout_write("terrain", _terrain_write), _terrain_read, None),
    "numbers": (_layout_write("numbers", _numbers_write), _numbers_read, None),
    "harbors": (_layout_write("harbors", _harbors_write), _harbors_read, None),
    "robber": (_robber_write, _robber_read, None),
    "merchant": (_merchant_write, "read_merchant", "ck"),
    "bank": (_bank_write, "read_bank", None),
    "played": (_played_write, "read_played", "base"),
    "deck": (_deck_write, "read_deck", "base"),
    "progress_deck_science": (_progress_deck_write(2), "read_progress_deck", "ck"),
    "progress_deck_politics": (_progress_deck_write(1), "read_progress_deck", "ck"),
    "progress_deck_trade": (_progress_deck_write(0), "read_progress_deck", "ck"),
    "longest_road": (_holder_write("longest_road", Builder.default_longest_road), "read_longest_road", None),
    "largest_army": (_holder_write("largest_army", Builder.default_largest_army), "read_largest_army", "base"),
    "trade": (_json_write("trade"), "read_json", None),
    "agenda": (_json_write("agenda"), "read_json", None),
    "pending": (_json_write("pending"), "read_json", None),
    "rng": (_rng_write, "read_rng", None),
}

# The order of lines in the canonical text.
ORDER = ("terrain", "numbers", "harbors", "robber", "settlements", "cities", "roads", "knights",
         "merchant", "improvements", "hands", "bank", "dev", "army", "played", "deck", "progress",
         "progress_vp", "defenders", "progress_deck_science", "progress_deck_politics",
         "progress_deck_trade", "longest_road", "largest_army", "SCALARS", "discard", "shown_vp",
         "trade", "agenda", "pending", "GENERIC", "rng")

# State fields some row writes (the rest are DERIVED or written generically).
WRITTEN = frozenset((
    "config", "terrain", "numbers", "harbors", "robber", "node_owner", "node_level", "edge_owner",
    "knight_owner", "knight_strength", "knight_active", "knight_fresh", "knight_promoted", "wall",
    "metropolis", "flipped", "merchant", "improvements", "hands", "bank", "dev", "dev_new",
    "knights", "dev_discard", "deck", "prog", "prog_vp", "defenders", "prog_decks", "longest_road",
    "largest_army", "discard_need", "vp_cards_shown", "trade", "agenda", "pending", "rng",
    "turn", "current", "phase", "rolled", "dice", "built", "dev_played", "free_roads",
    "resume_phase", "first_player", "setup_step", "last_setup_node", "winner", "barb_pos",
    "barb_attacks",
))
GENERIC = tuple(f for f in State.__slots__ if f not in WRITTEN and f not in DERIVED)


def applies(rules, state_rules):
    return rules is None or rules == state_rules
