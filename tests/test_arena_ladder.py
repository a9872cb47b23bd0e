"""tools.arena.ladder: the tables of rotated games, the maximum-likelihood
fit of the ratings and the table the window reads; arena entries for Hard
at fewer playouts (tools.arena.levels)."""

import json
import random
from collections import Counter

import pytest

from game.bots.ratings import computer_ratings, load_table
from tools.arena import ladder
from tools.arena.levels import entry_bot, valid_entry

TRUE = {"random": 300.0, "easy": 1100.0, "medium": 1500.0, "hard:50": 1600.0, "hard": 1800.0}


def simulated(games, seed=1):
    """Games between the entries of TRUE, won as the model says."""
    rng = random.Random(seed)
    out = []
    for table in ladder.tables(list(TRUE), games):
        strengths = [10 ** (TRUE[e] / 400) for e in table]
        x, acc = rng.random() * sum(strengths), 0.0
        for entry, s in zip(table, strengths):
            acc += s
            if x <= acc:
                break
        out.append({"table": table, "winner": entry})
    return out


def test_every_entry_sits_every_seat_equally_often_at_tables_of_different_entries():
    entries = ["a", "b", "c", "d", "e", "f"]
    cycle = ladder.tables(entries, 60)               # 15 choices of four, each rotated four ways
    assert all(len(set(t)) == 4 for t in cycle)
    seats = Counter((e, s) for t in cycle for s, e in enumerate(t))
    assert set(seats.values()) == {10}
    pairs = Counter(frozenset(p) for t in cycle for p in ((a, b) for a in t for b in t if a < b))
    assert len(pairs) == 15 and len(set(pairs.values())) == 1


def test_the_fit_recovers_the_ratings_the_games_were_won_by():
    fit = ladder.fit(simulated(3000), list(TRUE))
    assert fit["medium"]["rating"] == 1500.0 and fit["medium"]["ci95"] == [1500.0, 1500.0]
    for entry in ("easy", "hard:50", "hard"):
        lo, hi = fit[entry]["ci95"]
        assert lo - 30 <= TRUE[entry] <= hi + 30, (entry, fit[entry])
    order = sorted(fit, key=lambda e: fit[e]["rating"])
    assert order == ["random", "easy", "medium", "hard:50", "hard"]


def test_an_entry_that_never_wins_stays_finite_below_the_others():
    games = simulated(600)
    assert not any(g["winner"] == "random" for g in games)
    fit = ladder.fit(games, list(TRUE))
    assert -3000 < fit["random"]["rating"] < fit["easy"]["rating"]


def test_games_cut_at_the_turn_cap_are_left_out():
    games = simulated(200) + [{"table": ["random", "easy", "medium", "hard"], "winner": None}] * 50
    assert ladder.fit(games, list(TRUE)) == ladder.fit(simulated(200), list(TRUE))


def test_the_saved_table_is_what_the_window_reads(tmp_path):
    run = {"rules": "base", "entries": list(TRUE), "seed": 5, "games": simulated(400), "code": {"commit": "abc"}}
    for g in run["games"]:
        g["turns"] = 60
    part = ladder.report([run])
    path = tmp_path / "computer_ratings.json"
    ladder.save(part, str(path))
    ck = dict(part, rules="ck")
    ladder.save(ck, str(path))                      # the other rule set joins, the first stays
    table = load_table(str(path))
    assert set(table) >= {"base", "ck", "model", "anchor"}
    levels = computer_ratings(table, "base")
    assert levels["medium"] == 1500.0 and levels["hard"] > levels["easy"]
    assert table["base"]["games"] == 400 and table["base"]["commits"] == ["abc"]


def test_runs_of_two_rule_sets_are_not_fitted_together():
    a = {"rules": "base", "entries": ["easy", "medium"], "seed": 1, "games": []}
    with pytest.raises(ValueError):
        ladder.report([a, dict(a, rules="ck")])


def test_fit_from_unreadable_files_is_refused_with_a_message(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(SystemExit):
        ladder.main(["--fit", str(bad)])
    assert "cannot read" in capsys.readouterr().err


def test_a_pool_without_the_anchor_or_with_unknown_entries_is_refused(capsys):
    for pool in ("easy,hard", "easy,medium,hard:x", "medium,medium"):
        with pytest.raises(SystemExit):
            ladder.main(["--entries", pool, "--games", "1"])
        assert "--entries" in capsys.readouterr().err


def test_fit_from_a_saved_run_prints_the_table(tmp_path, capsys):
    run = {"rules": "ck", "entries": list(TRUE), "seed": 9, "games": simulated(120)}
    for g in run["games"]:
        g["turns"] = 70
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run))
    assert ladder.main(["--fit", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ck: 120 games" in out and "hard:50" in out


def test_hard_entries_play_with_their_playouts():
    assert valid_entry("hard:150") and valid_entry("medium") and valid_entry("random")
    assert not valid_entry("hard:0") and not valid_entry("easy:50") and not valid_entry("hard:")
    bot = entry_bot("hard:40", 2, 7)
    assert bot.level == "hard" and bot.iterations == 40 and bot.seat == 2
    assert entry_bot("hard", 0, 1).iterations is None


@pytest.mark.slow
def test_a_small_ladder_plays_and_fits(capsys):
    assert ladder.main(["--entries", "random,easy,medium,hard:10", "--games", "4", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["games"]) == 4 and out["fit"]["ratings"]["medium"]["rating"] == 1500.0
    assert [sorted(g["table"]) for g in out["games"]] == [["easy", "hard:10", "medium", "random"]] * 4
