"""The lobby's heights (scenes/lobby.py): in design units, as designed and
the least that holds their words.  A larger scale of text (app.py) leaves
a shorter canvas, and the form closes up from the one towards the other
before it would overflow."""

SEAT_ROWS = 4       # the rows the list of seats takes; five and six seats share them in two columns
HOST_ROWS = 3       # the host's rows of buttons: a computer and its level, what it allows, table talk
RESUMED_HOST_ROWS = 1   # a resumed game's host: table talk only (the rest was settled before the deal)
HEIGHTS = {"top": (20, 8), "title": (46, 40), "rules": (28, 24), "hint": (28, 24), "codes": (54, 40),
           "row": (52, 40), "after_rows": (12, 6), "bh": (38, 30), "gap": (10, 4), "line": (28, 24),
           "foot": (46, 36), "bottom": (22, 10)}


KNOCK_LABELS = 100   # a resumed lobby's lines above its buttons for knocking players (scenes/lobby.py _build_knocking)
KNOCK_LINES = 2      # the lines of those buttons at most (six seats, five away: three and two)
KNOCK_WIDTH = 930    # the canvas's width that holds a line of them (a name and three buttons)


def total(host_rows: int, which: int, resumed: bool = False) -> float:
    """The form's height with every part at `which` (0: as designed, 1: the
    least); `host_rows`: how many rows of the host's buttons stand above the
    foot (HOST_ROWS, RESUMED_HOST_ROWS or none);
    `resumed`: a resumed lobby's lines for knocking players instead of the
    name's row and the lines under it."""
    m = {k: v[which] for k, v in HEIGHTS.items()}
    rows = m["top"] + m["title"] + m["rules"] + m["hint"] + m["codes"] + SEAT_ROWS * m["row"] + m["after_rows"]
    if resumed:
        rows += KNOCK_LABELS + KNOCK_LINES * (m["bh"] + m["gap"])
    else:
        rows += m["bh"] + m["gap"] + 3 * m["line"] + m["gap"]
    rows += host_rows * (m["bh"] + m["gap"])
    return rows + m["foot"] + m["bottom"]


def metrics(size, s, host_rows: int, resumed: bool = False) -> dict:
    """Each height in pixels at scale `s` in a window of `size`, and the form's width (`width`)."""
    w, h = size
    design, least = total(host_rows, 0, resumed), total(host_rows, 1, resumed)
    k = max(0.0, min(1.0, (h / s - least) / (design - least)))
    out = {name: int((lo + (hi - lo) * k) * s) for name, (hi, lo) in HEIGHTS.items()}
    out["width"] = int(min(900.0, w / s - 40) * s)
    return out
