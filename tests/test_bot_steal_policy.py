"""The shared fast policy and Medium choose a steal after the robber moves (B-5.4).

`legal_commands` in the steal phase lists the steals and `skip_steal` (which
names no victim); the choice must pick among the steals, never trip over the
skip."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.evaluate import policy
from game.engine import apply, deciders, default_config, legal_commands, new_game
from game.engine.rng import Rng
from game.engine.rules import steal_candidates
from game.engine.state import GAME_OVER, STEAL


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_policy_steals_from_a_candidate_in_the_steal_phase_B_5_4(seed):
    state, _ = new_game(default_config(seed=seed))
    rng = Rng(seed)
    steals_seen = 0
    for _ in range(4000):
        if state.phase == GAME_OVER or steals_seen >= 3:
            break
        seat = deciders(state)[0]
        cmd = policy(state, seat, rng)
        if state.phase == STEAL:
            steals_seen += 1
            assert cmd in legal_commands(state, seat)
            assert cmd[0] == "steal" and cmd[2] in steal_candidates(state)
        apply(state, cmd)
    assert steals_seen > 0
