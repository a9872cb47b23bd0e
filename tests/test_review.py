"""The win chance (game/bots/winchance.py), the game review (game/bots/review.py),
tools.review and tools.calibrate's arithmetic, and the review on the end
screen and in the replay viewer."""

import json
import os
import random

import pytest
from hypothesis import given, strategies as st

from game import saves
from game.bots import winchance as W
from game.bots.review import SOURCES, ChoiceCheck, matters, review, spread
from game.engine import default_config
from game.engine.match import Authority
from game.engine.state import GAME_OVER, SETUP_ROAD, SETUP_SETTLEMENT
from tools import calibrate
from tools import review as review_tool

SAVES = os.path.join(os.path.dirname(__file__), "data", "saves")
FINISHED = [os.path.join(SAVES, n) for n in ("hotseat-base-finished.kolonisten", "hotseat-ck-finished.kolonisten",
                                             "lan-base-finished.kolonisten")]


def replayed(path):
    game = saves.load(path)
    return game, saves.restore(game)


@pytest.mark.parametrize("path", FINISHED)
def test_the_review_series_ends_at_certainty_for_the_winner(path):
    game, auth = replayed(path)
    r = review(game.config, game.commands)
    assert len(r["series"]) == len(game.commands) + 1 == len(r["turns"])
    assert r["winner"] == auth.state.winner >= 0
    assert r["series"][-1] == [1.0 if s == r["winner"] else 0.0 for s in range(auth.state.n)]
    for row in r["series"]:
        assert sum(row) == pytest.approx(1.0, abs=1e-3)
        assert all(0.0 <= p <= 1.0 for p in row)


@pytest.mark.parametrize("path", FINISHED)
def test_the_review_counts_every_roll_and_every_produced_card(path):
    game, auth = replayed(path)
    r = review(game.config, game.commands)
    rolled = [e for rec in auth.log for e in rec.events if e[0] == "rolled"]
    assert r["dice"]["rolls"] == len(rolled) == sum(r["dice"]["counts"].values())
    for total in range(2, 13):
        assert r["dice"]["counts"][total] == sum(1 for e in rolled if e[2] + e[3] == total)
    assert sum(r["dice"]["expected"].values()) == pytest.approx(len(rolled), abs=0.1)
    # every card a seat holds at the end came from somewhere and was not spent (gains >= hand)
    for seat in range(auth.state.n):
        assert set(r["gains"][seat]) == set(SOURCES)
        assert sum(r["gains"][seat].values()) >= sum(auth.state.hands[seat])
    produced = sum(k for rec in auth.log if rec.cmd[0] == "roll" for e in rec.events if e[0] == "produced"
                   for row in e[1] for k in row)
    produced += sum(1 for rec in auth.log for e in rec.events if e[0] == "aqueduct")    # the aqueduct (CK-3.6)
    assert sum(g["production"] for g in r["gains"]) == produced


def test_swings_are_real_changes_apart_from_each_other_and_outside_the_founding():
    game, _ = replayed(FINISHED[0])
    r = review(game.config, game.commands)
    assert r["swings"]
    sizes = [abs(sw["delta"]) for sw in r["swings"]]
    assert sizes == sorted(sizes, reverse=True)
    for sw in r["swings"]:
        i, seat = sw["index"], sw["seat"]
        assert sw["delta"] == pytest.approx(r["series"][i][seat] - r["series"][i - 1][seat], abs=2e-4)
        assert game.commands[i - 1][0] == sw["kind"] and not sw["kind"].startswith("place_")
    indexes = sorted(sw["index"] for sw in r["swings"])
    assert all(b - a >= 4 for a, b in zip(indexes, indexes[1:]))


def test_win_chances_sum_to_one_and_are_even_while_founding():
    auth = Authority(default_config(rules="base", players=4, seed=11))
    rng = random.Random(1)
    from game.engine import legal_commands, deciders
    for _ in range(300):
        st_ = auth.state
        if st_.phase == GAME_OVER:
            break
        p = W.chances(st_)
        assert len(p) == 4 and sum(p) == pytest.approx(1.0)
        if st_.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
            assert p == [0.25] * 4
        seat = deciders(st_)[0]
        cmds = [c for c in legal_commands(st_, seat) if c[0] != "offer"]
        auth.submit(rng.choice(cmds))
    assert auth.state.phase not in (SETUP_SETTLEMENT, SETUP_ROAD)


def test_more_points_and_production_mean_a_higher_chance_in_both_rule_sets():
    for rules in ("base", "ck"):
        w = W.coefficients(rules)
        game, auth = replayed(FINISHED[0] if rules == "base" else FINISHED[1])
        mid = Authority(game.config)
        for cmd in game.commands[: len(game.commands) * 3 // 4]:
            mid.submit(cmd)
        p = W.chances(mid.state)
        vp = [mid.state.vp_public[s] for s in range(mid.state.n)]
        assert p[vp.index(max(vp))] > min(p)
        assert len(w) == len(W.FEATURES)


def test_brier_and_calibration_table_arithmetic():
    # everyone 25 % in 4-player games scores 0.1875, and the 20-30 % decile observes 25 %
    results = [(0, 10, [[0.25] * 4] * 10), (1, 5, [[0.25] * 4] * 10)]
    m = calibrate.measure(results)
    assert m["brier"] == pytest.approx(0.1875)
    row = m["calibration"][2]
    assert row["count"] == 80 and row["observed"] == pytest.approx(0.25) and row["gap"] == pytest.approx(0.0)
    assert m["positions"] == 20
    # a game cut at the turn cap (no winner) is left out
    assert calibrate.measure(results + [(-1, 800, [[1.0, 0, 0, 0]])])["positions"] == 20


@given(st.lists(st.floats(-1.5, 1.5), min_size=3, max_size=3), st.integers(0, 1000))
def test_fit_recovers_the_weights_games_were_drawn_with(true_w, seed):
    rng = random.Random(seed)
    samples = []
    for _ in range(1500):
        rows = [tuple(rng.uniform(-2, 2) for _ in range(3)) for _ in range(4)]
        p = W.chances_from(rows, true_w)
        samples.append((rows, rng.choices(range(4), p)[0]))
    w = calibrate.fit(samples, start=[0.0] * 3, ridge=0.0)
    assert w == pytest.approx(true_w, abs=0.3)


def test_calibrate_game_seeds_for_fitting_and_measuring_never_meet():
    fit = {calibrate.game_seed(True, s, i) for s in (0, 1, 9999) for i in (0, 99_999)}
    measure = {calibrate.game_seed(False, s, i) for s in (0, 1, 9999) for i in (0, 99_999)}
    assert max(fit) < min(measure)
    for bad in ((0, 100_000), (10_000, 0), (-1, 0)):
        with pytest.raises(ValueError):
            calibrate.game_seed(True, *bad)
    with pytest.raises(SystemExit):
        calibrate.main(["--games", "100001"])


def test_tools_review_prints_the_review_as_json(capsys):
    assert review_tool.main([FINISHED[1], "--json", "--checks", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["series"][-1][out["winner"]] == 1.0
    # the save's one person (seat 0) has their decisions checked, two of them
    assert list(out["better"]) == ["0"] and out["better"]["0"]["checked"] == 2
    assert out["better"]["0"]["limited"] and out["better"]["0"]["status"]
    assert len(out["names"]) == len(out["series"][0])
    assert all(sw["line"].startswith("Turn ") for sw in out["swings"])
    assert review_tool.main([FINISHED[0], "--lang", "nl", "--checks", "1"]) == 0
    assert "Beurt" in capsys.readouterr().out
    assert review_tool.main([FINISHED[0], "--checks", "0", "--people", "1,2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["better"]["2"]["checked"] == 0


def test_tools_review_refuses_a_file_that_is_not_a_save(tmp_path, capsys):
    bad = tmp_path / "not-a-save.kolonisten"
    bad.write_bytes(b"hello")
    assert review_tool.main([str(bad), "--json"]) == 1
    err = capsys.readouterr().err
    assert "not-a-save" in err and "Traceback" not in err
    assert review_tool.main([str(tmp_path / "missing.kolonisten")]) == 1


def test_tools_review_refuses_people_that_are_not_seats(capsys):
    for bad in ("7", "x", "-1"):
        with pytest.raises(SystemExit):
            review_tool.main([FINISHED[0], "--people", bad])
        assert "Traceback" not in capsys.readouterr().err


# --- the Hard computer's better choices ---------------------------------------------------------

def test_spread_takes_evenly_from_the_whole_list():
    assert spread(list(range(10)), 3) == [1, 5, 8]
    assert spread([4, 7], 5) == [4, 7]
    assert spread(list(range(100)), 4) == [12, 37, 62, 87]


def test_a_roll_or_a_forced_command_is_not_a_decision_to_check():
    game, auth = replayed(FINISHED[0])
    first = Authority(game.config)
    view0 = first.state
    cmd = game.commands[0]
    from game.engine import legal_commands
    assert matters(view0, cmd[1], cmd, legal_commands(view0, cmd[1]))      # the first settlement
    assert not matters(view0, cmd[1], cmd, [cmd])                           # one legal command
    roll = next(i for i, c in enumerate(game.commands) if c[0] == "roll")
    for c in game.commands[:roll]:
        first.submit(c)
    assert not matters(first.state, game.commands[roll][1], game.commands[roll],
                       legal_commands(first.state, game.commands[roll][1]))


def test_the_check_of_a_persons_decisions_keeps_its_budget_and_repeats_exactly():
    game, _ = replayed(FINISHED[0])
    a = ChoiceCheck(game.config, game.commands, [0], budget=3, rounds=6)
    assert not a.done and a.progress() == (0, 0)
    steps = 0
    while not a.step(0.0):          # one small step at a time, as the window does
        steps += 1
    assert steps > 3
    b = ChoiceCheck(game.config, game.commands, [0], budget=3, rounds=6).run()
    assert a.result() == b
    person = b["0"]
    assert person["checked"] == 3 < person["decisions"] and person["limited"]
    assert a.progress() == (3, 3)
    for entry in person["better"]:
        assert entry["gain"] >= 0.3 and entry["played"] != entry["hard"]
    assert ChoiceCheck(game.config, game.commands, []).run() == {}


@pytest.mark.slow
def test_ending_the_turn_instead_of_the_winning_city_is_a_clearly_worse_decision():
    game, _ = replayed(FINISHED[0])
    last = game.commands[-1]
    assert last[0] == "build_city"          # the winner's tenth point
    seat = last[1]
    commands = list(game.commands[:-1]) + [("end_turn", seat)]
    result = ChoiceCheck(game.config, commands, [seat], budget=10_000, rounds=8).run()[str(seat)]
    assert not result["limited"]
    worst = [e for e in result["better"] if e["index"] == len(commands) - 1]
    assert worst, result
    assert worst[0]["played"] == ["end_turn", seat] and worst[0]["wins"] > 0.5
