"""The lobby's heights (scenes/lobby.py): in design units, as designed and
the least that holds their words.  A larger scale of text (app.py) leaves
a shorter canvas, and the form closes up from the one towards the other
before it would overflow."""

SEAT_ROWS = 4       # the rows the list of seats takes; five and six seats share them in two columns
HOST_ROWS = 3       # the host's rows of buttons: a computer and its level, what it allows, table talk
HEIGHTS = {"top": (20, 8), "title": (46, 40), "rules": (28, 24), "hint": (28, 24), "codes": (54, 40),
           "row": (52, 40), "after_rows": (12, 6), "bh": (38, 30), "gap": (10, 4), "line": (28, 24),
           "foot": (46, 36), "bottom": (22, 10)}


def total(host_rows: bool, which: int) -> float:
    """The form's height with every part at `which` (0: as designed, 1: the
    least); `host_rows`: the host's rows of buttons above the foot (HOST_ROWS)."""
    m = {k: v[which] for k, v in HEIGHTS.items()}
    rows = m["top"] + m["title"] + m["rules"] + m["hint"] + m["codes"] + SEAT_ROWS * m["row"] + m["after_rows"]
    rows += m["bh"] + m["gap"] + 3 * m["line"] + m["gap"]
    if host_rows:
        rows += HOST_ROWS * (m["bh"] + m["gap"])
    return rows + m["foot"] + m["bottom"]


def metrics(size, s, host_rows: bool) -> dict:
    """Each height in pixels at scale `s` in a window of `size`, and the form's width (`width`)."""
    w, h = size
    design, least = total(host_rows, 0), total(host_rows, 1)
    k = max(0.0, min(1.0, (h / s - least) / (design - least)))
    out = {name: int((lo + (hi - lo) * k) * s) for name, (hi, lo) in HEIGHTS.items()}
    out["width"] = int(min(900.0, w / s - 40) * s)
    return out
