"""tools.calibrate's games and modes: games kept in a cache and replayed
as they were played, cross-validation on the fitting games only, and the
targets needing enough games."""

import json

import pytest

from game.bots import winchance as W
from game.engine.state import GAME_OVER
from tools import calibrate, calibrate_games as G

SEATS = ["easy", "easy", "medium", "medium"]


@pytest.mark.slow
def test_cached_games_are_read_back_not_played_again_and_replay_to_their_end(tmp_path, monkeypatch):
    first = G.records("base", SEATS, True, 7, range(2), 1, str(tmp_path))
    monkeypatch.setattr(G, "run_chunks", lambda *a: pytest.fail("a cached game was played again"))
    again = G.records("base", SEATS, True, 7, [1, 0], 1, str(tmp_path))
    assert again == first[::-1]
    for rec in first:
        assert rec["seed"] == G.game_seed(True, 7, rec["index"])
        for state in G.positions("base", rec):
            pass
        assert state.phase == GAME_OVER and state.winner == rec["winner"] >= 0


def test_fitting_and_measuring_games_are_cached_apart(tmp_path):
    assert G.cache_path(str(tmp_path), "base", SEATS, True, 7) != G.cache_path(str(tmp_path), "base", SEATS, False, 7)
    assert G.cache_path(str(tmp_path), "base", SEATS, True, 7) != G.cache_path(str(tmp_path), "ck", SEATS, True, 7)


@pytest.mark.slow
def test_cross_validation_measures_the_fitting_games_each_once_and_writes_no_weights(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(calibrate, "write_weights", lambda *a: pytest.fail("--cv wrote weights"))
    shipped = list(W.coefficients("base"))
    assert calibrate.main(["--rules", "base", "--games", "4", "--cv", "2", "--seed", "7",
                           "--cache", str(tmp_path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    recs = G.records("base", SEATS, True, 7, range(4), 1, str(tmp_path))
    finished = [r for r in recs if r["winner"] >= 0]
    assert out["range"] == "fitting" and out["folds"] == 2 and out["finished"] == len(finished)
    assert out["positions"] == sum(len(r["commands"]) for r in finished)
    assert sum(row["count"] for row in out["calibration"]) == 4 * out["positions"]
    assert out["targets_met"] is False                      # 4 games are far fewer than 200
    assert W.coefficients("base") == shipped                # the folds' weights do not stay behind


def test_the_fold_a_game_is_measured_in_was_fitted_without_it(monkeypatch):
    fitted_on = []
    monkeypatch.setattr(calibrate, "fitted", lambda recs, rows_of: (fitted_on.append({r["index"] for r in recs})
                                                                    or ([float(len(fitted_on))], 0)))
    measured = {}
    monkeypatch.setattr(calibrate, "measured",
                        lambda rules, pairs, jobs: measured.update({r["index"]: w[0] for r, w in pairs})
                        or calibrate.measure([]))
    monkeypatch.setattr(calibrate, "all_rows", lambda rules, recs, jobs: {})
    recs = [{"index": i, "winner": 0, "turns": 1, "commands": [], "seed": 0, "levels": SEATS} for i in range(6)]
    monkeypatch.setattr(calibrate, "records", lambda *a: recs)
    calibrate.main(["--games", "6", "--cv", "3", "--json"])
    assert len(fitted_on) == 3
    for index, fold in measured.items():
        assert index not in fitted_on[int(fold) - 1]
