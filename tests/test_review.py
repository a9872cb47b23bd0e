"""The win chance (game/bots/winchance.py), the game review (game/bots/review.py),
tools.review and tools.calibrate's arithmetic, and the review on the end
screen and in the replay viewer."""

import json
import os
import random

import pytest
from hypothesis import given, settings, strategies as st

from example_counts import examples

from game import saves
from game.bots import winchance as W
from game.bots.review import CLEARLY, SOURCES, ChoiceCheck, matters, review, spread
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


@settings(max_examples=examples(ci=50, dev=5))        # each example fits 1,500 drawn choices
@given(st.lists(st.floats(-1.5, 1.5), min_size=3, max_size=3), st.integers(0, 1000))
@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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
        assert entry["gain"] >= CLEARLY and entry["played"] != entry["hard"]
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


# --- a review that explains ---------------------------------------------------------------------

ALL_SAVES = sorted(os.path.join(root, name) for root, _dirs, names in os.walk(os.path.join(os.path.dirname(__file__), "data"))
                   for name in names if name.endswith(".kolonisten"))
# Commands that change nothing on the table: the turn's hand-over, the talk of a trade, a pass.
NOTHING_CHANGES = ("end_turn", "offer", "decline", "counter", "accept", "cancel_trade", "skip_steal")


def test_every_save_in_tests_data_is_looked_at():
    assert len(ALL_SAVES) >= 7 and all(p.endswith(".kolonisten") for p in ALL_SAVES)


@pytest.mark.parametrize("path", ALL_SAVES, ids=os.path.basename)
def test_a_hand_over_a_declined_offer_or_a_pass_moves_no_chance_by_more_than_two_points(path):
    game = saves.load(path)
    auth = Authority(game.config)
    before = W.chances(auth.state)
    seen = set()
    for cmd in game.commands:
        auth.submit(cmd)
        after = W.chances(auth.state)
        if cmd[0] in NOTHING_CHANGES:
            seen.add(cmd[0])
            assert max(abs(a - b) for a, b in zip(after, before)) <= 0.02, (cmd, before, after)
        before = after
    assert "end_turn" in seen


@pytest.mark.parametrize("path", ALL_SAVES, ids=os.path.basename)
def test_luck_own_and_others_choices_add_up_to_each_seats_change_in_chance(path):
    game = saves.load(path)
    r = review(game.config, game.commands)
    assert len(r["parts"]) == game.config["players"]
    for seat, part in enumerate(r["parts"]):
        assert set(part) == {"chance", "own", "others"}
        total = part["chance"] + part["own"] + part["others"]
        assert total == pytest.approx(r["series"][-1][seat] - r["series"][0][seat], abs=1e-3)


def test_tools_review_json_gives_each_seats_parts_and_they_add_up(capsys):
    assert review_tool.main([FINISHED[0], "--json", "--checks", "0"]) == 0
    out = json.loads(capsys.readouterr().out)
    for seat, part in enumerate(out["parts"]):
        assert part["start"] == out["series"][0][seat] and part["final"] == out["series"][-1][seat]
        assert part["chance"] + part["own"] + part["others"] == pytest.approx(part["final"] - part["start"], abs=1e-3)
        assert out["names"][seat] in part["line"] and "%" in part["line"]
    winner = out["winner"]
    assert out["parts"][winner]["final"] == 1.0


def test_the_roll_is_all_luck_and_a_steal_is_a_choice_then_luck():
    from game.bots.luck import Ledger, chance_part
    game, _ = replayed(FINISHED[0])
    auth = Authority(game.config)
    kinds = set()
    for cmd in game.commands:
        prior = auth.state.copy()
        before = W.chances(auth.state)
        record = auth.submit(cmd)
        after = W.chances(auth.state)
        expect = chance_part(prior, record, before)
        ledger = Ledger(auth.state.n)
        ledger.add(before, after, cmd[1], prior.phase, expect)
        part = ledger.parts[cmd[1]]
        if cmd[0] == "roll":
            assert part["own"] == 0 and part["chance"] == pytest.approx(after[cmd[1]] - before[cmd[1]])
        elif cmd[0] in ("steal", "buy_dev"):
            assert expect is not None and part["chance"] == pytest.approx(after[cmd[1]] - expect[cmd[1]])
        elif cmd[0] in ("build_road", "build_city", "maritime"):
            assert expect is None and part["chance"] == 0 and part["own"] == pytest.approx(after[cmd[1]] - before[cmd[1]])
        kinds.add(cmd[0])
    assert {"roll", "steal", "buy_dev", "build_road"} <= kinds


@pytest.mark.parametrize("kind", ["steal", "buy_dev"])
def test_the_luck_of_a_chance_event_is_zero_on_average_over_real_draws(kind):
    """The expected chances (exact, by the kinds a steal or a card could be)
    are the mean of the chances after the command drawn by many generators."""
    from game.bots.luck import expected
    from game.engine.rng import Rng
    from game.engine.rules import apply
    game, _ = replayed(FINISHED[0])
    auth = Authority(game.config)
    for cmd in game.commands:
        if cmd[0] == kind and (kind != "steal" or auth.state.hand_n[cmd[2]] >= 3):
            break
        auth.submit(cmd)
    else:
        pytest.fail(f"no {kind} in the save")
    state = auth.state
    draws = 400
    mean = [0.0] * state.n
    for k in range(draws):
        trial = state.copy()
        trial.rng = Rng(k, stream=99)
        if kind == "buy_dev":
            Rng(k, stream=98).shuffle(trial.deck)
        apply(trial, cmd)
        for s, p in enumerate(W.chances(trial)):
            mean[s] += p / draws
    assert expected(state, cmd) == pytest.approx(mean, abs=0.01)


@pytest.mark.slow
def test_each_swing_names_the_event_that_made_it():
    from game.client import i18n
    from game.client.reviewtext import swing_line
    i18n.set_language("en")
    names = ["Anna", "Bram", "Cato"]
    for path in FINISHED:
        game, _ = replayed(path)
        r = review(game.config, game.commands)
        for sw in r["swings"]:
            line, d = swing_line(sw, names), sw["detail"]
            if sw["kind"] == "roll":
                assert f"rolled {d['total']}" in line
                if d["total"] != 7:
                    assert ("produced" in d and any(names[int(s)] in line.split(":", 2)[-1] for s in d["produced"])) \
                        or "nobody produced" in line
            elif sw["kind"] == "move_robber" and d.get("blocked"):
                assert "blocking " + names[d["blocked"][0]] in line
            elif sw["kind"] == "steal":
                assert "stole " in line and names[d["victim"]] in line
            elif sw["kind"] == "buy_dev":
                assert "(" in line
            assert "a move" not in line
    words = swing_line({"turn": 9, "actor": 0, "seat": 1, "delta": -0.12, "kind": "roll",
                        "detail": {"total": 8, "produced": {1: [0, 0, 0, 2, 1]}}}, names)
    assert words == "Turn 9: Anna, rolled 8: Bram 2 grain, 1 ore — Bram −12 %"
    words = swing_line({"turn": 3, "actor": 2, "seat": 2, "delta": 0.2, "kind": "play_monopoly",
                        "detail": {"cards": [4], "took": 5}}, names)
    assert words == "Turn 3: Cato, played Monopoly on ore, took 5 — Cato +20 %"


def test_a_better_move_names_its_cards():
    from game.bots.review import detail_of
    from game.client import i18n
    from game.client.reviewtext import better_line
    i18n.set_language("en")
    game, auth = replayed(FINISHED[0])
    view = auth.state
    entry = {"turn": 12, "played": ["play_monopoly", 0, 4], "hard": ["play_monopoly", 0, 3], "gain": 0.4, "wins": 0,
             "played_detail": detail_of(view, ("play_monopoly", 0, 4), ()),
             "hard_detail": detail_of(view, ("play_monopoly", 0, 3), ())}
    line = better_line(entry, ["Anna", "Bram", "Cato"])
    assert line == "Turn 12: played Monopoly on ore — Hard: played Monopoly on grain (+0.4 points)"
    entry.update(played=["maritime", 0, 2, 4], hard=["maritime", 0, 0, 4],
                 played_detail=detail_of(view, ("maritime", 0, 2, 4), ()),
                 hard_detail=detail_of(view, ("maritime", 0, 0, 4), ()))
    assert "traded wool with the bank for ore — Hard: traded wood with the bank for ore" in better_line(entry, ["A"])
    entry.update(played=["build_road", 0, 5], hard=["build_road", 0, 9], played_detail={}, hard_detail={})
    assert "road — Hard: road, but another one" in better_line(entry, ["A"])


def test_buying_a_development_card_costs_its_buyer_little():
    """The model's weight on unplayed cards is never below 0 (computer players
    that hold many lose more often, but a review must not say that buying
    one lowered the buyer's chance), and a card bought in the saved games
    moves its buyer's expected chance by a few points at most."""
    from game.bots.luck import expected
    for rules in ("base", "ck"):
        assert W.coefficients(rules)[W.FEATURES.index("cards")] >= 0
    costs = []
    for path in FINISHED:
        game = saves.load(path)
        auth = Authority(game.config)
        for cmd in game.commands:
            if cmd[0] == "buy_dev":
                before = W.chances(auth.state)[cmd[1]]
                costs.append(expected(auth.state, cmd)[cmd[1]] - before)
            auth.submit(cmd)
    assert len(costs) >= 10
    assert min(costs) >= -0.05 and sum(costs) / len(costs) >= -0.02, costs


def test_the_fit_keeps_a_nonnegative_weight_at_zero_or_above():
    rng = random.Random(3)
    samples = []
    for _ in range(800):
        rows = [tuple(rng.uniform(-2, 2) for _ in range(2)) for _ in range(4)]
        p = W.chances_from(rows, [1.0, -1.0])
        samples.append((rows, rng.choices(range(4), p)[0]))
    free = calibrate.fit(samples, start=[0.0, 0.0], ridge=0.0)
    bound = calibrate.fit(samples, start=[0.0, 0.0], ridge=0.0, nonnegative=[1])
    assert free[1] < -0.5 and bound[1] == 0.0 and bound[0] > 0.5
