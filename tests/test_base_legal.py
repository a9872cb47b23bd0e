"""`legal_commands` and `check` agree (B-4.3 and every placement rule): on
positions reached by random play, every listed command is accepted, and every
accepted command of an enumerable kind is listed."""

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.random_bot import RandomSeats
from game.engine import IllegalCommand, check, legal_commands
from game.engine.state import GAME_OVER

from base_helpers import cards, make_game, set_hand, start_turn

# Command kinds whose whole argument space is small enough to try every value.
ARGUMENT_SPACES = {
    "place_settlement": [(n,) for n in range(54)],
    "place_road": [(e,) for e in range(72)],
    "roll": [()],
    "move_robber": [(h,) for h in range(19)],
    "steal": "seats",
    "skip_steal": [()],
    "build_road": [(e,) for e in range(72)],
    "build_settlement": [(n,) for n in range(54)],
    "build_city": [(n,) for n in range(54)],
    "buy_dev": [()],
    "play_knight": [()],
    "play_road_building": [()],
    "play_year_of_plenty": [(a, b) for a in range(5) for b in range(5)],
    "play_monopoly": [(r,) for r in range(5)],
    "maritime": [(a, b) for a in range(5) for b in range(5)],
    "accept": [()],
    "decline": [()],
    "confirm_trade": "seats",
    "cancel_trade": [()],
    "end_turn": [()],
}


def same_command(cmd):
    """Year of plenty names two resources in either order: one listed form."""
    if cmd[0] == "play_year_of_plenty":
        return cmd[:2] + tuple(sorted(cmd[2:]))
    return cmd


def accepted(state, seat):
    out = set()
    for kind, space in ARGUMENT_SPACES.items():
        if space == "seats":
            space = [(s,) for s in range(state.n)]
        for args in space:
            cmd = (kind, seat) + args
            if check(state, cmd) is None:
                out.add(same_command(cmd))
    return out


# each example plays whole random games: the profile's count would take minutes
@pytest.mark.slow
@settings(max_examples=20)
@given(seed=st.integers(0, 2 ** 32), players=st.sampled_from([2, 3, 4]),
       every=st.integers(5, 13))
def test_B_4_3_legal_commands_agree_with_check_on_random_games(seed, players, every):
    """Random play through a whole game (up to 700 commands), checking every
    `every`-th position for every seat."""
    auth = make_game(players=players, board="random", seed=seed)
    bot = RandomSeats(seed)
    state = auth.state
    phases = set()
    for step in range(700):
        if state.phase == GAME_OVER:
            break
        if step % every == 0:
            phases.add(state.phase)
            for seat in range(players):
                listed = legal_commands(state, seat)
                for cmd in listed:
                    assert check(state, cmd) is None, cmd
                enumerable = {same_command(c) for c in listed if c[0] in ARGUMENT_SPACES}
                assert accepted(state, seat) == enumerable, (seat, state.phase)
        auth.submit(bot.command(state))
    assert len(phases) >= 3


@pytest.mark.parametrize("cmd, code", [
    (("build_road", 0, 72), "malformed"),              # no such path
    (("build_road", 0, -1), "malformed"),
    (("build_road", 0, "5"), "malformed"),
    (("build_road", 0), "malformed"),                  # missing argument
    (("build_road", 4, 5), "bad_seat"),
    (("roll", 0, 1), "malformed"),
    (("fly", 0), "unknown_command"),
    (("maritime", 0, 0, 5), "malformed"),              # 5 resources: kinds 0..4
    (("offer", 0, (1, 0, 0, 0), (0, 0, 0, 0, 1), (1,)), "malformed"),
    (("offer", 0, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1), (1, 1)), "malformed"),
    (("offer", 0, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1), ()), "malformed"),
    (("discard", 0, (-1, 0, 0, 0, 5)), "malformed"),
    (("discard", 0, (True, 0, 0, 0, 0)), "malformed"),   # a flag is not a count
    (("discard", 0, (175, 0, 0, 0, 0)), "malformed"),    # more than can exist (X-1.5, X-1.8: 174 at most)
    (("discard", 0, (1.0, 0, 0, 0, 0)), "malformed"),
    (("offer", 0, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1), (True,)), "malformed"),
    (("offer", 0, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1), (4,)), "malformed"),     # no such seat
    (("offer", 0, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1), (-1,)), "malformed"),
    ((), "malformed"),
    ("end_turn", "malformed"),
])
def test_B_4_3_malformed_commands_are_refused_and_change_nothing(cmd, code):
    auth = make_game()
    start_turn(auth, seat=0)
    set_hand(auth.state, 0, cards(wood=4, brick=1))
    before = auth.state_hash()
    err = check(auth.state, cmd)
    assert err is not None and err.code == code and err.detail
    with pytest.raises(IllegalCommand):
        auth.submit(cmd)
    assert auth.state_hash() == before and auth.log == []
