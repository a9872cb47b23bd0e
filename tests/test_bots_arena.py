"""tools.arena.levels: fair seating, the Wilson interval, and a complete small run."""

import json

from tools.arena import levels as arena


def test_rotation_seats_every_entry_in_every_position_equally_often():
    entries = ["medium", "easy", "easy", "random"]
    counts = {}
    for g in range(8):
        for seat, level in enumerate(arena.seating(entries, g)):
            counts[(seat, level)] = counts.get((seat, level), 0) + 1
    for seat in range(4):
        assert counts[(seat, "medium")] == 2 and counts[(seat, "random")] == 2
        assert counts[(seat, "easy")] == 4


def test_wilson_interval_matches_known_values():
    assert arena.wilson(5, 10) == [0.2366, 0.7634]
    low, high = arena.wilson(0, 10)
    assert low == 0.0 and abs(high - 0.2775) < 1e-4
    assert arena.wilson(0, 0) == [0.0, 0.0]


def test_arena_plays_complete_games_and_reports_every_level(capsys):
    assert arena.main(["--rules", "base", "--seats", "easy,random,random", "--games", "3",
                       "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] + out["truncated"] == 3 and out["finished"] >= 1
    assert set(out["levels"]) == {"easy", "random"}
    easy = out["levels"]["easy"]
    assert easy["seats_played"] == out["finished"] and easy["decisions"] > 0
    assert easy["decision_cpu_ms_p99"] >= easy["decision_cpu_ms_median"] >= 0
    assert sum(r["wins"] for r in out["levels"].values()) == out["finished"]
    assert out["levels"]["random"]["seats_per_game"] == 2


def test_arena_refuses_bad_arguments_clearly(capsys):
    import pytest
    for argv in (["--seats", "easy,grandmaster"], ["--seats", "easy"], ["--games", "0"]):
        with pytest.raises(SystemExit) as info:
            arena.main(argv)
        assert info.value.code == 2
    assert "unknown level(s): grandmaster" in capsys.readouterr().err


def test_bench_hard_reports_where_the_search_overruled_medium(capsys):
    """tools.arena.hard seats Hard with the given search options and counts,
    per game, the decisions where it played something else than Medium."""
    from tools.arena import hard as bench_hard
    assert bench_hard.main(["--games", "1", "--seed", "3", "--iterations", "6",
                            "--search-kinds", "answer,robber", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hard_options"] == {"iterations": 6, "search_kinds": ["answer", "robber"]}
    assert out["finished"] + out["truncated"] == 1
    for key in out["overruled_per_game"]:
        medium, played = key.split(">")
        assert {medium, played} <= {"answer", "robber"}
