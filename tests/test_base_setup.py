"""Setup phase (B-3), driven through the real command path."""

import pytest

from game.engine import default_config, legal_commands, new_game
from game.engine.board import STANDARD
from game.engine.constants import DESERT
from game.engine.state import ROLL, SETUP_ROAD, SETUP_SETTLEMENT

from base_helpers import events, make_game, phase_name, refuse, submit

# Spots far enough apart for four players on the beginner board: two per seat
# (first round, second round), each with a road leading away from it.
SPOTS = [(0, 3), (2, 6), (27, 21), (42, 37), (47, 51), (50, 53), (24, 30), (12, 17)]


def place(auth, node, road_to):
    seat = auth.state.current
    r1 = submit(auth, "place_settlement", seat, node)
    r2 = submit(auth, "place_road", seat, STANDARD.edge_between(node, road_to))
    return seat, r1, r2


def test_B_3_1_highest_roll_starts_and_ties_roll_again_among_themselves():
    ties = 0
    for seed in range(60):
        state, evs = new_game(default_config(seed=seed))
        rolls = [e for e in evs if e[0] == "start_roll"]
        assert rolls[0][1] == (0, 1, 2, 3), "everybody rolls first"
        for (_, who, got), nxt in zip(rolls, rolls[1:]):
            top = max(got)
            assert nxt[1] == tuple(s for s, r in zip(who, got) if r == top)
            assert len(nxt[1]) > 1
            ties += 1
        _, who, got = rolls[-1]
        assert got.count(max(got)) == 1
        winner = who[got.index(max(got))]
        assert evs[-1] == ("first_player", winner)
        assert state.first_player == state.current == winner
        assert all(2 <= r <= 12 for _, _, g in rolls for r in g)
    assert ties, "some seed must have a tie to test the re-roll"


def test_B_3_1_B_3_2_snake_order_clockwise_then_counter_clockwise():
    auth = make_game(seed=18)
    first = auth.state.first_player
    order = []
    for node, to in SPOTS:
        assert auth.state.phase == SETUP_SETTLEMENT
        seat = auth.state.current
        # Only the seat in turn may place (B-4.3 holds in setup too).
        other = (seat + 1) % 4
        refuse(auth, ("place_settlement", other, node), "not_your_turn")
        submit(auth, "place_settlement", seat, node)
        assert auth.state.phase == SETUP_ROAD and auth.state.current == seat
        submit(auth, "place_road", seat, STANDARD.edge_between(node, to))
        order.append(seat)
    round1 = [(first + i) % 4 for i in range(4)]
    assert order == round1 + round1[::-1]


def test_B_3_1_first_road_attaches_to_the_settlement_in_any_direction():
    auth = make_game()
    seat = auth.state.current
    submit(auth, "place_settlement", seat, 12)
    offered = sorted(c[2] for c in legal_commands(auth.state, seat))
    assert offered == sorted(STANDARD.node_edges[12])
    refuse(auth, ("place_road", seat, STANDARD.edge_between(16, 22)), "bad_spot")
    refuse(auth, ("build_road", seat, STANDARD.edge_between(12, 17)), "wrong_phase")
    submit(auth, "place_road", seat, STANDARD.edge_between(12, 7))


def test_B_3_2_second_road_must_attach_to_the_second_settlement():
    auth = make_game(players=2)
    first = auth.state.current
    place(auth, 12, 17)                      # first player's first settlement
    place(auth, 42, 37)                      # other player, then again (snake)
    place(auth, 47, 51)
    assert auth.state.current == first
    submit(auth, "place_settlement", first, 2)
    # a road at the first settlement, even joined to the first road, is refused
    refuse(auth, ("place_road", first, STANDARD.edge_between(17, 23)), "bad_spot")
    refuse(auth, ("place_road", first, STANDARD.edge_between(12, 8)), "bad_spot")
    assert {c[2] for c in legal_commands(auth.state, first)} == set(STANDARD.node_edges[2])
    submit(auth, "place_road", first, STANDARD.edge_between(2, 6))


def test_B_3_3_distance_rule_in_both_rounds():
    auth = make_game(players=2)
    seat = auth.state.current
    submit(auth, "place_settlement", seat, 23)
    submit(auth, "place_road", seat, STANDARD.edge_between(23, 29))
    other = auth.state.current
    legal = {c[2] for c in legal_commands(auth.state, other)}
    assert 23 not in legal and not set(STANDARD.node_neighbors[23]) & legal
    assert len(legal) == 54 - 1 - 3
    for n in STANDARD.node_neighbors[23]:
        refuse(auth, ("place_settlement", other, n), "bad_spot")
    refuse(auth, ("place_settlement", other, 23), "bad_spot")
    # two steps away is fine; own buildings count too in round 2
    place(auth, 35, 40)
    place(auth, 45, 49)
    assert auth.state.current == seat and auth.state.setup_step == 3
    for n in STANDARD.node_neighbors[35] + STANDARD.node_neighbors[45] + STANDARD.node_neighbors[23]:
        refuse(auth, ("place_settlement", seat, n), "bad_spot")


def test_B_3_4_second_settlement_yields_one_card_per_hex_and_the_first_nothing():
    auth = make_game(players=2)
    state = auth.state
    first = state.current
    other = 1 - first
    _, r1, _ = place(auth, 12, 17)          # touches hexes 0, 3, 4
    assert not events(r1, "produced") and state.hand_n == [0, 0]
    place(auth, 42, 37)
    assert state.hand_n == [0, 0]
    # second round: the other player first, on a node touching the desert
    node = 24
    assert any(state.terrain[h] == DESERT for h in STANDARD.node_hexes[node])
    seat, r, _ = place(auth, node, 19)
    assert seat == other
    expected = [0] * 5
    for h in STANDARD.node_hexes[node]:
        if state.terrain[h] != DESERT:
            expected[state.terrain[h]] += 1
    assert sum(expected) == 2, "three hexes, one of them the desert"
    assert state.hands[other] == expected
    assert [e for e in r.events if e[0] == "produced"] == [
        ("produced", tuple(tuple(expected) if s == other else (0,) * 5 for s in range(2)))]
    assert state.bank == [19 - k for k in expected]
    # the first player's second settlement is on the coast: one hex, one card
    seat, _, _ = place(auth, 50, 53)
    assert seat == first
    assert state.hand_n[first] == len(STANDARD.node_hexes[50]) == 1


def test_B_3_6_setup_placements_cost_nothing():
    auth = make_game()
    state = auth.state
    for node, to in SPOTS[:4]:
        place(auth, node, to)
    assert state.bank == [19] * 5 and state.hand_n == [0, 0, 0, 0]
    assert state.settlements_left == [4] * 4 and state.roads_left == [14] * 4
    assert state.vp_public == [1] * 4


def test_B_3_5_the_starting_player_takes_the_first_turn():
    auth = make_game(seed=22)
    first = auth.state.first_player
    for i, (node, to) in enumerate(SPOTS):
        _, _, last = place(auth, node, to)
    assert auth.state.phase == ROLL and phase_name(auth.state) == "roll"
    assert auth.state.current == first and auth.state.turn == 1
    assert ("turn", first, 1) in last.events
    assert legal_commands(auth.state, first) == [("roll", first)]
    for s in range(4):
        if s != first:
            refuse(auth, ("roll", s), "not_your_turn")
    assert auth.state.vp_public == [2] * 4


@pytest.mark.parametrize("players", [2, 3])
def test_B_3_5_snake_with_fewer_players(players):
    auth = make_game(players=players, seed=5)
    first = auth.state.first_player
    order = []
    for node, to in SPOTS[:2 * players]:
        seat, _, _ = place(auth, node, to)
        order.append(seat)
    round1 = [(first + i) % players for i in range(players)]
    assert order == round1 + round1[::-1]
    assert auth.state.current == first and auth.state.phase == ROLL
