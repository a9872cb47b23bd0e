"""tools.arena.levels: fair seating, the Wilson interval, and a complete small run."""

import json

import pytest

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


def test_arena_seats_six_with_players_filling_up_from_the_last_level(capsys):
    """X-1: the arenas take --players 5|6; --seats is filled up with its last level."""
    assert arena.main(["--rules", "base", "--seats", "easy,random", "--players", "6", "--games", "2",
                       "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seats"] == "easy,random,random,random,random,random"
    assert out["levels"]["random"]["seats_per_game"] == 5 and out["levels"]["easy"]["seats_per_game"] == 1


def test_arena_refuses_bad_arguments_clearly(capsys):
    for argv in (["--seats", "easy,grandmaster"], ["--seats", "easy"], ["--games", "0"],
                 ["--seats", "easy,easy,easy", "--players", "2"], ["--seats", ",".join(["easy"] * 7)]):
        with pytest.raises(SystemExit) as info:
            arena.main(argv)
        assert info.value.code == 2
    assert "unknown level(s): grandmaster" in capsys.readouterr().err


@pytest.mark.slow
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


@pytest.mark.slow
def test_arena_reports_how_each_level_plays(capsys):
    """Per level: idle leader turns, offers per own turn and the share
    accepted, the barbarian attacks at its tables won and lost (C&K); per
    run: barbarian attacks won and lost."""
    assert arena.main(["--rules", "ck", "--seats", "medium,easy", "--games", "2",
                       "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["attacks"] == out["attacks_won"] + out["attacks_lost"] > 0
    medium, easy = out["levels"]["medium"], out["levels"]["easy"]
    assert medium["offers"] > 0 and medium["offers_per_turn"] > 0
    assert 0 <= medium["offers_accepted_share"] <= 1
    assert easy["offers"] == 0 and easy["offers_accepted_share"] is None    # Easy never offers
    assert easy["idle_leader_turns"] == 0                                    # Easy builds what it can
    for r in (medium, easy):        # both sat at every table
        assert (r["attacks"], r["attacks_won"], r["attacks_lost"]) == \
            (out["attacks"], out["attacks_won"], out["attacks_lost"])
        assert 0 <= r["idle_leader_gain_turns"] <= r["idle_leader_turns"]
    lost = sum(r["attacks_lost_city"] for r in out["levels"].values())
    assert (lost > 0) == (out["attacks_lost"] > 0) or lost == 0


def test_tally_counts_an_idle_leader_and_accepted_offers():
    from game.engine.position import parse
    from test_bots_valuation import LEADER_WITH_A_BUILD
    from tools.arena.tally import Tally, rates
    state = parse(LEADER_WITH_A_BUILD)
    tally = Tally(["medium", "easy", "easy", "easy"])
    tally.before(0, state, ("offer", 0, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1), (1, 2, 3)))
    tally.event(("traded", 0, 2, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1)))
    tally.before(0, state, ("end_turn", 0))
    tally.before(0, state, ("build_settlement", 0, 36))
    r = rates(tally.counts["medium"])
    assert r["idle_leader_turns"] == 1 and r["offers"] == 1 and r["offers_per_turn"] == 1.0
    assert r["idle_leader_gain_turns"] == 1          # the settlement raises the leader's value
    assert r["offers_accepted_share"] == 1.0
    state.vp_public[1] = state.vp_public[0] + 1   # no longer the leader: not counted
    tally.before(0, state, ("end_turn", 0))
    assert tally.counts["medium"]["idle_leader_turns"] == 1


@pytest.mark.slow
def test_bench_hard_pairs_every_game_with_the_baseline(capsys):
    """--baseline plays each game again with other Hard settings, same seed
    and seats: two summaries and the paired outcomes, which add up."""
    from tools.arena import hard as bench_hard
    assert bench_hard.main(["--games", "2", "--seed", "3", "--iterations", "8",
                            "--baseline", "iterations=4,duel=0,plans=0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hard_options"] == {"iterations": 8}
    assert out["baseline"]["hard_options"] == {"iterations": 4, "duel": 0.0, "plans": False}
    p = out["paired"]
    assert p["both"] + p["only_a"] + p["only_b"] + p["neither"] == 2
    assert p["both"] + p["only_a"] == out["levels"]["hard"]["wins"]
    assert p["both"] + p["only_b"] == out["baseline"]["levels"]["hard"]["wins"]
    assert 0 <= p["sign_test_p"] <= 1
    for arm in (out, out["baseline"]):         # Hard's decisions timed apart: searched or not
        times = arm["hard_decisions"]
        assert times["searched"]["decisions"] > 0 and times["other"]["decisions"] > 0
        assert 0 <= times["searched"]["cpu_ms_median"] <= times["searched"]["cpu_ms_p99"]
    with pytest.raises(SystemExit):
        bench_hard.main(["--baseline", "playouts=3"])
