"""The shared valuation (game/bots/evaluate.py): a seat's own builds are worth
their points, so a leader builds instead of holding its cards."""

import pytest
from hypothesis import given, settings, strategies as st

from game.bots import make_bot
from game.bots.evaluate import evaluate
from game.bots.medium import value_after
from game.engine import deciders, legal_commands, view
from game.engine.position import parse

from engine_play import random_game

# Seat 0 leads (6 points, Longest Road) with W B S G in hand and a free spot for a
# settlement at the end of its road.  Medium used to end its turn here: its
# valuation's game stage counted its own points, so the settlement made its
# production worth less.
LEADER_WITH_A_BUILD = """\
game base players=4 target=10 board=random seed=?
terrain GWB/GGBS/OWSDW/WBSO/GSO
numbers 9,10,8/12,5,4,3/11,6,11,-,6/4,3,9,2/8,10,5
harbors 333WO3SGB
robber I
settlements 0: B4 C4 G4 L6 1: A8 A4 D6 H6 2: N6 3: E6 F6 I6 J6
cities 2: O6
roads 0: B5 G1 G3 G5 K3 K5 L7 1: A11 A9 A7 A5 H3 H5 2: N7 O7 3: E7 E5 F7 J3 I5 J7
hands 0: WBSG 1: ?3 2: ?1 3: ?6
bank 10,18,17,17,19
dev 2: ?10
army 1: 1 2: 1
played MM
deck ?11
turn 61 current 0 phase main dice 1,6
last_setup C4
"""


def test_a_leader_takes_a_legal_build_that_raises_its_value():
    state = parse(LEADER_WITH_A_BUILD)
    seat = state.current
    assert state.vp_public[seat] == max(state.vp_public)
    builds = [c for c in legal_commands(state, seat) if c[0] == "build_settlement"]
    assert builds and max(value_after(state, seat, c) for c in builds) > evaluate(state, seat)
    for seed in range(4):
        assert make_bot("medium", seat, seed, strict=True).choose(state)[0] == "build_settlement"


def _positions(rules, seed, stops):
    out = []
    random_game(seed, rules=rules, max_commands=max(stops),
                on_record=lambda auth, r: out.append(auth.state.copy()) if len(auth.log) in stops else None)
    return out


@settings(deadline=None)
@given(seed=st.integers(0, 10_000), stop=st.integers(20, 900), rules=st.sampled_from(["base", "ck"]))
def test_a_point_of_ones_own_is_worth_exactly_one_point(seed, stop, rules):
    """The valuation's stage reads the other seats' points only: one more
    public point of the seat's own adds exactly 1 to its value, leader or not
    (before, a leader's point also shrank the worth of its production)."""
    for state in _positions(rules, seed, {stop}):
        if state.winner != -1:
            continue
        for seat in range(state.n):
            v = view(state, seat)
            more = v.copy()
            more.vp_public[seat] += 1
            assert evaluate(more, seat) - evaluate(v, seat) == pytest.approx(1.0)
