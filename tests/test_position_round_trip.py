"""Every position of whole games, written in the notation and read back, is the
same state (tools.simulate --check-positions): a part of the many-seed round
trip (README, Measured) kept in the slow tests.  The six-seat games pass
through the Special Building Phase (X-1.7) after every turn, on the larger
island."""

import json

import pytest

from tools import simulate

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("rules, players, seed", [("base", 4, 41), ("ck", 4, 13), ("base", 6, 32), ("ck", 6, 32)])
def test_every_position_of_a_whole_game_reads_back_as_the_same_state(capsys, rules, players, seed):
    """X-1.7 and the notation (docs/position.md): the round trip over a whole random game."""
    code = simulate.main(["--rules", rules, "--players", str(players), "--games", "1", "--seed", str(seed),
                          "--check-positions", "--jobs", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["errors"] == 0 and out["invariant_violations"] == 0, out["problems"]
    assert out["finished"] == 1
    assert out["positions_checked"] > 100
    assert out["position_failures"] == 0, out.get("first_position_failure")
