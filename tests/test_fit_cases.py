"""tests/fit_cases.py: a fit check's cases in the loop without slow tests
are only its tightest one; every case stays, the others marked slow."""

import pytest

from fit_cases import tightest_fast


def kept(cases):
    return [c for c in cases if not isinstance(c, type(pytest.param(0)))]


def slow(cases):
    return [c.values for c in cases if isinstance(c, type(pytest.param(0)))
            and [m.name for m in c.marks] == ["slow"]]


def test_the_small_window_dutch_the_largest_scale_and_the_most_seats_are_kept():
    assert kept(tightest_fast("size", [(1920, 1080), (1280, 720)])) == [(1280, 720)]
    assert kept(tightest_fast("lang", ["en", "nl"])) == ["nl"]
    assert kept(tightest_fast("percent", [100, 200, 150])) == [200]
    assert kept(tightest_fast("players", [2, 4, 5])) == [5]
    assert slow(tightest_fast("players", [2, 4, 5])) == [(2,), (4,)]


def test_of_combined_cases_the_one_with_most_parameters_at_their_tightest_is_kept():
    cases = [(4, (1280, 720), "en"), (6, (1920, 1080), "nl"), (6, (1280, 720), "nl"), (5, (1280, 720), "nl")]
    marked = tightest_fast("players, size, lang", cases)
    assert kept(marked) == [(6, (1280, 720), "nl")]
    assert slow(marked) == [cases[0], cases[1], cases[3]]
    # the rule set goes along with the seats it is paired with; a tie keeps the first
    assert kept(tightest_fast("rules,players", [("base", 2), ("ck", 6)])) == [("ck", 6)]
    assert kept(tightest_fast("size,lang", [((1280, 720), "en"), ((1920, 1080), "nl")])) == [((1280, 720), "en")]


def test_a_list_without_a_size_language_scale_or_seat_count_is_refused():
    with pytest.raises(AssertionError):
        tightest_fast("rules", ["base", "ck"])
