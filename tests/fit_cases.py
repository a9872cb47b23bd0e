"""The cases of a fit check in the developer's loop: only its tightest.

A test that checks that a screen fits, parametrized over window sizes,
languages, scales or seat counts, runs every case on CI (`CI=true` runs the
tests marked slow) and, under `-m "not slow"`, only the tightest one:
1280x720, Dutch (the longer words), the largest scale and the most seats,
the case most likely to fail.  What it checks apart from those (the rule
set, the dialog, the board) is not narrowed.

    @pytest.mark.parametrize("size,lang", tightest_fast("size,lang", SIZES))
    @pytest.mark.parametrize("players", tightest_fast("players", [2, 4, 6]))

Parametrizations stacked this way keep their product's tightest case only,
since a case is slow if any of its parameters is.  The test ids stay those
of the plain lists.
"""

import pytest

_SMALL_WINDOW = (1280, 720)
_LONG_WORDS = "nl"
# The parameters a case is judged by, each with the value among the list's
# that is the tightest.
_TIGHTEST = {
    "size": lambda values: _SMALL_WINDOW if _SMALL_WINDOW in values else None,
    "lang": lambda values: _LONG_WORDS if _LONG_WORDS in values else None,
    "percent": max,
    "scale": max,
    "players": max,
}


def tightest_fast(argnames: str, cases) -> list:
    """`cases` as for `pytest.mark.parametrize(argnames, cases)` (or a
    fixture's params with argnames its parameter's name), all but the
    tightest marked slow: the one with the most of its parameters at their
    tightest (the first of those if several are)."""
    names = [n.strip() for n in argnames.split(",")]
    judged = [i for i, n in enumerate(names) if n in _TIGHTEST]
    assert judged, f"none of {names} is a size, language, scale or seat count"
    assert not any(isinstance(c, type(pytest.param(0))) for c in cases), "plain cases only"
    rows = [c if len(names) > 1 else (c,) for c in cases]
    best = {i: _TIGHTEST[names[i]]([row[i] for row in rows]) for i in judged}
    scores = [sum(row[i] == best[i] for i in judged) for row in rows]
    keep = scores.index(max(scores))
    return [case if k == keep else pytest.param(*row, marks=pytest.mark.slow)
            for k, (case, row) in enumerate(zip(cases, rows))]
