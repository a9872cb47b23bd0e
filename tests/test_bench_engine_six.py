"""tools.bench.engine measures six players beside four (X-1: the larger island
and the Special Building Phase), in both rule sets, interleaved in one run."""

import json

import pytest


@pytest.mark.slow
def test_bench_engine_reports_six_players_beside_four_in_both_rule_sets_X_1(capsys):
    from tools.bench import engine as bench_engine
    assert bench_engine.main(["--games", "1", "--repeats", "2", "--no-catanatron", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    for key in ("six", "ck_six"):
        assert result[key + "_games"] == 1 and result[key + "_actions_per_sec"] > 0
        assert result[key + "_actions_per_game"] > 0 and result[key + "_ratio"] > 0
        assert len(result[key + "_ratio_runs"]) == 2 and result[key + "_ratio_spread"] >= 0
    assert result["actions_per_sec"] > 0 and result["ck_actions_per_sec"] > 0     # four players beside them


def test_a_six_player_game_of_the_bench_is_played_on_the_larger_island_to_its_end_X_1_1(monkeypatch):
    """The six-player game the bench times is a game of six seats on the
    5-6 island (X-1.1: 30 land hexes), played to its end."""
    from tools.bench import engine as bench_engine
    played = []
    real = bench_engine.new_game

    def watched(config):
        state, events = real(config)
        played.append(state)
        return state, events
    monkeypatch.setattr(bench_engine, "new_game", watched)
    result = bench_engine.measure_kolonisten(1, 3, players=6)
    assert result["games"] == 1 and result["finished"] == 1 and result["actions"] > 0
    assert [(state.n, len(state.terrain)) for state in played] == [(6, 30)]
