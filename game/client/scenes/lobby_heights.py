"""The lobby's heights (scenes/lobby.py): in design units, as designed and
the least that holds their words.  A larger scale of text (app.py) leaves
a shorter canvas, and the form closes up from the one towards the other
before it would overflow; past the least it is laid out on a page taller
than the window, which scrolls (form_scroll.py).

A form narrower than NARROW design units (200 % leaves a canvas 640 wide)
has a `Shape` of more lines: every seat a card one under the other, the
player's name and colour in two lines, and the rules' line, the host's
hint, the codes and the resumed lobby's knocking players in as many lines
as their words need."""

import math

from ..widgets import wrap

SEAT_ROWS = 4       # the rows the list of seats takes; five and six seats share them in two columns
HOST_ROWS = 3       # the host's rows of buttons: a computer and its level, what it allows, table talk
RESUMED_HOST_ROWS = 1   # a resumed game's host: table talk only (the rest was settled before the deal)
HEIGHTS = {"top": (20, 8), "title": (46, 40), "rules": (28, 24), "hint": (28, 24), "codes": (54, 40),
           "row": (52, 40), "after_rows": (12, 6), "bh": (38, 30), "gap": (10, 4), "line": (28, 24),
           "foot": (46, 36), "bottom": (22, 10)}
RULES_SEP = " · "    # between the parts of the rules' line (scenes/lobby.py rules_summary)
NARROW = 700        # a form narrower than this (design units) takes its seats as cards one under the other
CARD_ROWS = 1.5     # the height of a seat's card there, in rows


KNOCK_LABELS = 100   # a resumed lobby's lines above its buttons for knocking players (scenes/lobby_knocking.py)
RESUMED_LINE = 30    # a line of its messages (what it waits for: two lines; what went wrong)
KNOCK_LINE = 32      # another line of their heading, where it takes more than one
KNOCK_LINES = 2      # the lines of those buttons at least (six seats, five away: three and two)
KNOCK_NAME, KNOCK_BUTTON = 200, 220     # a knocking player's name and a button giving a seat (design units)


def knock_buttons(width: float) -> int:
    """How many buttons giving away seats stand on one line of a form `width` design units wide (1 to 3)."""
    return max(1, min(3, int((width - KNOCK_NAME + 10) // (KNOCK_BUTTON + 10))))


class Shape:
    """How many lines each part of a lobby takes (the standard: one each, the
    seats in SEAT_ROWS rows, KNOCK_LINES of buttons for knocking players)."""

    def __init__(self, seat_rows=SEAT_ROWS, rules=1, hint=1, codes=1, name=1, messages=1, knocking=1,
                 knock_lines=KNOCK_LINES):
        self.seat_rows, self.rules, self.hint, self.codes, self.name = seat_rows, rules, hint, codes, name
        self.messages, self.knocking, self.knock_lines = messages, knocking, knock_lines

    @classmethod
    def of(cls, width, seats, text_w, texts, codes, resumed) -> "Shape":
        """The lobby's shape on a form `width` design units wide with `seats`
        seats; `text_w(text)`: a text's width on the form (design units);
        `texts`: the words of the rules' line, the host's hint and the
        knocking players' heading, by those names; `codes`: the lines the
        codes take.  On a narrow form each message (what the lobby waits
        for, what went wrong, who watches) has two lines."""
        narrow = width < NARROW
        lines = {key: len(wrapped(text, width, text_w, RULES_SEP if key == "rules" else None))
                 for key, text in texts.items()}
        away = seats - 1                     # (the most seats a resumed lobby can give away: one player is back)
        return cls(seat_rows=CARD_ROWS * seats if narrow else SEAT_ROWS, rules=lines["rules"], hint=lines["hint"],
                   codes=codes, name=2 if narrow else 1, messages=2 if narrow else 1, knocking=lines["knocking"],
                   knock_lines=max(KNOCK_LINES, math.ceil(away / knock_buttons(width))) if resumed else KNOCK_LINES)

    @property
    def narrow(self) -> bool:
        return self.name > 1


def wrapped(text, width, text_w, sep=None) -> list:
    """`text` in lines of at most `width` design units (`text_w`: a text's
    width), broken between words, or where `sep` is given between the parts
    it joins (a part too long for a line between its words); one line at least."""
    if sep is None:
        return wrap(text, None, width, text_w) or [""]
    lines = []
    for part in text.split(sep):
        joined = lines[-1] + sep + part if lines else part
        if lines and text_w(joined) <= width:
            lines[-1] = joined
        else:
            lines += wrap(part, None, width, text_w) or [""]
    return lines


def total(host_rows: int, which: int, resumed: bool = False, shape: Shape = None) -> float:
    """The form's height with every part at `which` (0: as designed, 1: the
    least); `host_rows`: how many rows of the host's buttons stand above the
    foot (HOST_ROWS, RESUMED_HOST_ROWS or none);
    `resumed`: a resumed lobby's lines for knocking players instead of the
    name's row and the lines under it; `shape`: how many lines each part takes."""
    shape = shape or Shape()
    m = {k: v[which] for k, v in HEIGHTS.items()}
    rows = (m["top"] + m["title"] + shape.rules * m["rules"] + shape.hint * m["hint"] + shape.codes * m["codes"]
            + shape.seat_rows * m["row"] + m["after_rows"])
    if resumed:
        rows += (KNOCK_LABELS + RESUMED_LINE * shape.messages + (shape.knocking - 1) * KNOCK_LINE
                 + shape.knock_lines * (m["bh"] + m["gap"]))
    else:
        rows += shape.name * (m["bh"] + m["gap"]) + 3 * shape.messages * m["line"] + m["gap"]
    rows += host_rows * (m["bh"] + m["gap"])
    return rows + m["foot"] + m["bottom"]


def metrics(size, s, host_rows: int, resumed: bool = False, shape: Shape = None, width: float = None) -> dict:
    """Each height in pixels at scale `s` in a window of `size`, the form's
    width (`width`: given in design units, else as wide as the window allows)
    and the page's height (`page`: the window's, or more where even the least
    heights need more)."""
    w, h = size
    design, least = total(host_rows, 0, resumed, shape), total(host_rows, 1, resumed, shape)
    k = max(0.0, min(1.0, (h / s - least) / (design - least)))
    out = {name: int((lo + (hi - lo) * k) * s) for name, (hi, lo) in HEIGHTS.items()}
    out["width"] = int((min(900.0, w / s - 40) if width is None else width) * s)
    out["page"] = max(h, int(least * s) + 1)
    return out
