"""The position notation: a complete game position as short, readable text
(the FEN of this game; documented for players in docs/position.md).

    text = format(state)          # canonical text of a state or of a seat's view
    state = parse(text)           # a full state; PositionError if impossible

One line per topic, `key value…`; seat lists read `key 0: … 1: …`.  The
formatter and parser are driven by one table (position_rows.py): each row
writes some State fields and reads them back.  Everything a row does not write
is either derived from the pieces by the builder (position_build.py:
supplies, points, road lengths, harbor ratios, card counts …) or, for a field
no row knows yet, written generically as `field <json>` when it differs from
a new game's value, so a new State field round-trips before anyone writes a
row for it.

Hidden parts may be written as unknown (`?`): a hand as `?5`, development cards
as `?2+1`, a deck as `?20`, the generator and seed left out.  The builder fills
them with a generator seeded from the text, so a seat's view can be written
and read back as a full state that agrees with that view.
"""

from .board import board_of
from .notation import PositionError, names_of
from .position_build import Builder, blank_obj
from .position_rows import (
    GENERIC, JSON_ENCODER, LINE_ROWS, ORDER, SCALAR_BY_KEY, SCALAR_LINES, SCALARS, SEAT_ROWS, applies,
    read_game_line, write_game_line,
)
from .state import State, is_ck

__all__ = ["GENERIC", "PositionError", "format", "parse"]


# --- format -----------------------------------------------------------------------------------

def format(state: State) -> str:
    """The canonical text of a state, or of a seat's view (hidden parts as '?')."""
    rules = state.config["rules"]
    lines = [write_game_line(state)]
    for key in ORDER:
        if key == "SCALARS":
            lines += _scalar_lines(state)
        elif key == "GENERIC":
            lines += _generic_lines(state)
        elif key in SEAT_ROWS:
            write, _, row_rules = SEAT_ROWS[key]
            if applies(row_rules, rules):
                parts = [f"{seat}: {v}" for seat, v in enumerate(write(state)) if v is not None]
                if parts:
                    lines.append(key + " " + " ".join(parts))
        else:
            write, _, row_rules = LINE_ROWS[key]
            if applies(row_rules, rules):
                v = write(state)
                if v is not None:
                    lines.append(f"{key} {v}")
    return "\n".join(lines) + "\n"


def _scalar_lines(state):
    ck = is_ck(state)
    names = names_of(board_of(state))
    out = []
    for group in SCALAR_LINES:
        words = []
        for key in group:
            _, field, write, _, default = SCALAR_BY_KEY[key]
            if field in ("barb_pos", "barb_attacks") and not ck:
                continue
            v = getattr(state, field)
            if default is None or v != default(state) or type(v) is not type(default(state)):
                words.append(f"{key} {write(v, names)}")
        if words:
            out.append(" ".join(words))
    return out


def _generic_lines(state):
    blank = blank_obj(state.config)
    out = []
    for field in GENERIC:
        v = getattr(state, field)
        text = JSON_ENCODER.encode(v)
        if text != blank[field]:
            out.append(f"{field} {text}")
    return out


# --- parse ------------------------------------------------------------------------------------

# Input limits, checked before anything is parsed: a real position is about 1 kB
# of some 30 lines, and its JSON parts nest three deep.
MAX_CHARS = 20_000
MAX_LINES = 200
MAX_LINE = 4_000
MAX_DEPTH = 6


def parse(text: str, fill_seed=None, verify=True) -> State:
    """A full state from position text.  Unknown parts are filled by a generator
    seeded from the text (or `fill_seed`).  Raises PositionError.  `verify=False`
    skips the final passes of the engine's whole-state invariants and of one
    step of play (for callers that run the invariants anyway, like tools.simulate)."""
    check_limits(text)
    try:
        return _parse(text, fill_seed, verify)
    except PositionError:
        raise
    except Exception as exc:        # noqa: BLE001 - bad input gets a message, never a traceback
        # The named checks refuse every malformed field found so far (the property tests
        # in tests/test_position_fuzz.py look for this message); this is the last net.
        raise PositionError(f"malformed position ({type(exc).__name__}: {exc})") from None


def check_limits(text) -> None:
    """Refuse text too large or too deeply nested to be a position, before parsing."""
    if not isinstance(text, str):
        raise PositionError("a position is text")
    if len(text) > MAX_CHARS:
        raise PositionError(f"a position is at most {MAX_CHARS} characters, not {len(text)}")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise PositionError(f"a position is at most {MAX_LINES} lines, not {len(lines)}")
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise PositionError(f"line {number}: at most {MAX_LINE} characters")
        depth = 0
        for ch in line:
            if ch in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    raise PositionError(f"line {number}: nested more than {MAX_DEPTH} deep")
            elif ch in "]}":
                depth -= 1


def _parse(text, fill_seed, verify):
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            lines.append((number, line))
    if not lines or not lines[0][1].startswith("game "):
        raise PositionError("a position starts with its game line, e.g. 'game base players=4'")
    number, first = lines[0]
    config = read_game_line(first[5:])
    b = Builder(config, text if fill_seed is None else fill_seed)
    rules = config["rules"]
    seen = set()
    scalars = {}
    for number, line in lines[1:]:
        key, _, rest = line.partition(" ")
        rest = rest.strip()
        try:
            if key in SCALAR_BY_KEY:
                words = line.split()
                if len(words) % 2:
                    raise PositionError(f"'{words[-1]}' has no value")
                for k, v in zip(words[::2], words[1::2]):
                    if k not in SCALAR_BY_KEY:
                        raise PositionError(f"unknown key '{k}'")
                    _once(seen, k)
                    scalars[k] = v
                continue
            _once(seen, key)
            if key in SEAT_ROWS:
                _, read, row_rules = SEAT_ROWS[key]
                _check_rules(key, row_rules, rules)
                for seat, value in _seat_values(rest, b.s.n):
                    getattr(b, read)(seat, value)
            elif key in LINE_ROWS:
                _, read, row_rules = LINE_ROWS[key]
                _check_rules(key, row_rules, rules)
                if callable(read):
                    read(b, rest)
                else:
                    getattr(b, read)(key, rest)
            elif key in GENERIC:
                b.read_generic(key, rest)
            else:
                raise PositionError(f"unknown line '{key}'")
        except PositionError as exc:
            raise PositionError(f"line {number}: {exc}") from None
    try:
        _read_scalars(b, scalars)
    except PositionError as exc:
        raise PositionError(f"turn line: {exc}") from None
    return b.finish(verify)


def _once(seen, key):
    if key in seen:
        raise PositionError(f"'{key}' is given twice")
    seen.add(key)


def _check_rules(key, row_rules, rules):
    if not applies(row_rules, rules):
        raise PositionError(f"'{key}' belongs to the {'base' if rules == 'ck' else 'Cities & Knights'} rules")


def _seat_values(rest, n):
    out, seat, tokens = [], None, []
    for token in rest.split():
        if len(token) == 2 and token[1] == ":" and token[0].isdigit():
            if seat is not None:
                out.append((seat, tokens))
            seat, tokens = int(token[0]), []
            if seat >= n:
                raise PositionError(f"seat {seat} does not exist with {n} players")
            if any(s == seat for s, _ in out):
                raise PositionError(f"seat {seat} is given twice")
        elif seat is None:
            raise PositionError(f"'{token}' comes before any seat ('0:', '1:' …)")
        else:
            tokens.append(token)
    if seat is not None:
        out.append((seat, tokens))
    return out


def _read_scalars(b, given):
    s = b.s
    rules_ck = is_ck(s.config)
    names = names_of(board_of(s))
    for key, field, _, read, default in SCALARS:
        if field in ("barb_pos", "barb_attacks") and not rules_ck:
            if key in given:
                raise PositionError(f"'{key}' belongs to the Cities & Knights rules")
            continue
        if key in given:
            setattr(s, field, read(given[key], names))
        elif default is None:
            raise PositionError(f"'{key}' is missing")
        else:
            setattr(s, field, default(s))
