"""Components and board (B-1, B-2): counts, topology, the beginner board and
properties of every generated board (hypothesis over seeds)."""

import math
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from game.engine import default_config, new_game, validate_config
from game.engine.board import STANDARD as B
from game.engine.constants import (
    BRICK, DESERT, FIELDS, FOREST, GENERIC_HARBOR, GRAIN, HILLS, MOUNTAINS, ORE, PASTURE,
    WOOD, WOOL,
)
from base_helpers import events, make_game, start_turn

STANDARD_TOKENS = Counter({2: 1, 12: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2})
TERRAIN_MIX = Counter({FOREST: 4, PASTURE: 4, FIELDS: 4, HILLS: 3, MOUNTAINS: 3, DESERT: 1})
HARBOR_MIX = Counter({GENERIC_HARBOR: 4, WOOD: 1, BRICK: 1, WOOL: 1, GRAIN: 1, ORE: 1})
LETTER_SEQUENCE = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)   # A..R (B-1.2)


def ring_distance(h) -> int:
    q, r = B.hex_coords[h]
    return max(abs(q), abs(r), abs(q + r))


def reds_touch(numbers) -> bool:
    """Independent of the engine: two hexes are neighbours when their axial
    coordinates differ by one of the six unit steps."""
    steps = {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    reds = [B.hex_coords[h] for h in range(19) if numbers[h] in (6, 8)]
    return any((a[0] - b[0], a[1] - b[1]) in steps for a in reds for b in reds)


def reference_numbers(terrain, corner):
    """B-2.3/B-2.4 restated: lay A..R along the spiral, skipping the desert; a red
    token that would touch a laid red one trades places with the next non-red
    token of the sequence.  None if that cannot separate the reds."""
    seq = list(LETTER_SEQUENCE)
    numbers = [0] * 19
    order = [h for h in B.spiral(corner) if terrain[h] != DESERT]
    for i, h in enumerate(order):
        if seq[i] in (6, 8) and any(numbers[g] in (6, 8) for g in B.hex_neighbors[h]):
            later = [j for j in range(i + 1, 18) if seq[j] not in (6, 8)]
            if not later:
                return None
            seq[i], seq[later[0]] = seq[later[0]], seq[i]
        numbers[h] = seq[i]
    return None if reds_touch(numbers) else numbers


# --- B-1 components ----------------------------------------------------------------

def test_B_1_1_nineteen_land_hexes_with_the_standard_terrain_mix():
    assert B.num_hexes == 19
    assert Counter(B.terrain_bag) == TERRAIN_MIX
    state, _ = new_game(default_config(seed=5))
    assert Counter(state.terrain) == TERRAIN_MIX


def test_B_1_2_eighteen_number_tokens_no_seven_and_letter_order():
    assert tuple(B.number_sequence) == LETTER_SEQUENCE
    assert Counter(B.number_sequence) == STANDARD_TOKENS
    assert sum(STANDARD_TOKENS.values()) == 18 and 7 not in STANDARD_TOKENS
    state, _ = new_game(default_config(seed=5))
    assert Counter(x for x in state.numbers if x) == STANDARD_TOKENS


def test_B_1_3_nine_harbors_four_generic_five_special_each_on_two_coastal_nodes():
    assert B.num_harbors == 9
    assert Counter(B.harbor_bag) == HARBOR_MIX
    assert set(HARBOR_MIX) - {GENERIC_HARBOR} == {WOOD, BRICK, WOOL, GRAIN, ORE}
    harbor_nodes = []
    for e in B.harbor_edges:
        assert len(B.edge_hexes[e]) == 1, "a harbor lies on a coastal path"
        a, b = B.edge_nodes[e]
        assert len(B.node_hexes[a]) < 3 and len(B.node_hexes[b]) < 3
        harbor_nodes += [a, b]
    assert len(set(harbor_nodes)) == 18, "no intersection touches two harbors"
    # Harbor and plain sea frame pieces alternate: 18 frame pieces round 30
    # coastal paths, so consecutive harbors are 3 or 4 coastal paths apart.
    coast = list(B.coast_edges)
    assert len(coast) == 30 and len(set(coast)) == 30
    spots = sorted(coast.index(e) for e in B.harbor_edges)
    gaps = [(spots[(i + 1) % 9] - spots[i]) % 30 for i in range(9)]
    assert set(gaps) <= {3, 4} and sum(gaps) == 30
    state, _ = new_game(default_config(seed=9))
    assert Counter(state.harbors) == HARBOR_MIX
    assert Counter(B.harbor_nodes(state.harbors).values()) == Counter(
        {k: 2 * c for k, c in HARBOR_MIX.items()})


def test_B_1_4_bank_holds_19_of_each_resource():
    auth = make_game()
    assert auth.state.bank == [19] * 5 and sum(auth.state.bank) == 95
    assert all(sum(h) == 0 for h in auth.state.hands)


def test_B_1_5_twenty_five_development_cards_14_2_2_2_5_shuffled():
    auth = make_game(seed=3)
    deck = auth.state.deck
    assert auth.state.deck_n == len(deck) == 25
    assert Counter(deck) == Counter({0: 14, 1: 2, 2: 2, 3: 2, 4: 5})
    other = make_game(seed=4).state.deck
    assert Counter(other) == Counter(deck) and other != deck, "the deck is shuffled per game"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_B_1_6_pieces_per_player_5_settlements_4_cities_15_roads(players):
    state = make_game(players=players).state
    assert state.settlements_left == [5] * players
    assert state.cities_left == [4] * players
    assert state.roads_left == [15] * players


def test_B_1_7_two_dice_one_robber_two_special_cards_unassigned():
    auth = make_game(players=2, seed=11)
    state = auth.state
    assert isinstance(state.robber, int)
    assert state.longest_road == -1 and state.largest_army == -1
    # Rolls through the real generator: two dice, each 1..6, all faces seen.
    faces = Counter()
    for _ in range(120):
        start_turn(auth, seat=0, phase="roll")        # no buildings: nothing is produced
        record = auth.submit(("roll", 0))
        (ev,) = events(record, "rolled")
        faces.update(ev[2:])
        assert all(1 <= d <= 6 for d in ev[2:]) and len(ev) == 4
    assert set(faces) == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("players", [1, 5, 0])
def test_B_1_8_only_two_to_four_players(players):
    cfg = default_config(players=players)
    assert "players" in validate_config(cfg)
    with pytest.raises(ValueError):
        new_game(cfg)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_B_1_8_two_three_and_four_players_can_play(players):
    auth = make_game(players=players)
    assert auth.state.n == players and validate_config(auth.config) is None


# --- B-2 board -----------------------------------------------------------------------

def test_B_2_1_rows_of_3_4_5_4_3_and_54_intersections_72_paths():
    rows = Counter(y for _, y in B.hex_center)
    assert [rows[y] for y in sorted(rows)] == [3, 4, 5, 4, 3]
    assert B.num_nodes == len(B.node_point) == 54
    assert B.num_edges == len(B.edge_nodes) == 72
    assert all(len(ns) == 6 and len(set(ns)) == 6 for ns in B.hex_nodes)
    # every intersection touches 1..3 hexes and has 2..3 paths
    assert all(1 <= len(h) <= 3 for h in B.node_hexes)
    assert all(len(e) in (2, 3) for e in B.node_edges)
    coastal_nodes = [n for n in range(54) if len(B.node_hexes[n]) < 3]
    coastal_edges = [e for e in range(72) if len(B.edge_hexes[e]) == 1]
    assert len(coastal_nodes) == 30 and len(coastal_edges) == 30


def test_B_2_1_coastal_intersections_and_paths_are_building_spots():
    auth = make_game(players=2)
    corner = 0                                   # touches a single hex, on the coast
    assert len(B.node_hexes[corner]) == 1
    seat = auth.state.current
    auth.submit(("place_settlement", seat, corner))
    coast_road = B.edge_between(0, 3)
    assert len(B.edge_hexes[coast_road]) == 1
    auth.submit(("place_road", seat, coast_road))
    assert auth.state.node_owner[corner] == seat and auth.state.edge_owner[coast_road] == seat


def test_B_2_2_variable_setup_shuffles_hexes_and_harbors():
    terrains, harbors = set(), set()
    for seed in range(12):
        state, _ = new_game(default_config(seed=seed))
        terrains.add(tuple(state.terrain))
        harbors.add(tuple(state.harbors))
    assert len(terrains) >= 10 and len(harbors) >= 8


def test_B_2_3_spiral_is_counter_clockwise_from_a_corner_outside_in():
    for corner in range(6):
        order = B.spiral(corner)
        assert sorted(order) == list(range(19))
        assert [ring_distance(h) for h in order] == [2] * 12 + [1] * 6 + [0]
        assert len(B.hex_neighbors[order[0]]) == 3, "starts at a corner hex of the island"
        for a, b in zip(order, order[1:]):
            assert b in B.hex_neighbors[a], "the spiral is one continuous path"
        # Counter-clockwise on screen (y grows downward): the angle around the
        # centre, measured with y flipped, keeps increasing round each ring.
        for ring in (order[:12], order[12:18]):
            angles = [math.atan2(-B.hex_center[h][1], B.hex_center[h][0]) for h in ring]
            turns = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:])]
            assert all(0 < t < math.pi for t in turns)
    assert len({B.spiral(c)[0] for c in range(6)}) == 6, "each corner starts its own spiral"


def test_B_2_3_tokens_follow_the_letter_order_skipping_the_desert():
    """Desert in the centre: the spiral meets it last and no swap is needed, so
    the tokens read along the spiral are exactly A..R."""
    terrain = list(B.terrain_bag)
    terrain.remove(DESERT)
    terrain.insert(9, DESERT)
    for corner in range(6):
        numbers = B.lay_numbers(terrain, corner)
        assert numbers[9] == 0
        assert [numbers[h] for h in B.spiral(corner) if h != 9] == list(LETTER_SEQUENCE)


def test_B_2_4_generator_matches_the_rule_for_every_desert_position_and_corner():
    """With the standard sequence no desert position makes reds touch, but the
    generator must agree with the rule (and keep reds apart) everywhere."""
    for desert_at in range(19):
        for corner in range(6):
            terrain = [FOREST] * 19
            terrain[B.spiral(corner)[desert_at]] = DESERT
            laid = B.lay_numbers(terrain, corner)
            assert laid is not None and laid == reference_numbers(terrain, corner)
            assert not reds_touch(laid)


def test_B_2_4_a_red_that_would_touch_is_swapped_with_the_next_token(monkeypatch):
    """A sequence whose first two tokens are red: the second one would touch the
    first (the spiral's first two hexes are neighbours), so it trades places with
    the next token, which is not red."""
    sequence = (6, 8, 2, 3, 4, 5, 6, 9, 10, 11, 12, 8, 3, 4, 5, 9, 10, 11)
    monkeypatch.setattr(B, "number_sequence", sequence)
    terrain = list(B.terrain_bag)
    terrain.remove(DESERT)
    terrain.insert(9, DESERT)
    order = B.spiral(0)
    numbers = B.lay_numbers(terrain, 0)
    assert [numbers[h] for h in order[:3]] == [6, 2, 8]
    # the 8 (letter L) touches the 6 of letter G: it moves on, one swap at a time
    assert [numbers[h] for h in order[11:15]] == [3, 4, 5, 8]
    assert not reds_touch(numbers)
    assert Counter(x for x in numbers if x) == Counter(sequence)


def test_B_2_5_and_B_2_6_beginner_board_is_fixed_desert_has_the_robber():
    layouts = []
    for seed in (1, 2, 99):
        state = make_game(seed=seed, board="beginner").state
        layouts.append((tuple(state.terrain), tuple(state.numbers), tuple(state.harbors)))
        assert state.robber == state.terrain.index(DESERT)
        assert state.numbers[state.robber] == 0
    assert len(set(layouts)) == 1
    terrain, numbers, harbors = layouts[0]
    assert (list(terrain), list(numbers), list(harbors)) == B.beginner_layout()
    assert Counter(terrain) == TERRAIN_MIX
    assert Counter(x for x in numbers if x) == STANDARD_TOKENS
    assert Counter(harbors) == HARBOR_MIX
    assert not reds_touch(numbers)


@given(seed=st.integers(min_value=0, max_value=2 ** 64 - 1))
def test_B_2_random_boards_obey_every_board_rule(seed):
    """B-1.1 … B-1.3, B-2.2 … B-2.5 for any seed."""
    state, _ = new_game(default_config(seed=seed))
    terrain, numbers = state.terrain, state.numbers
    assert Counter(terrain) == TERRAIN_MIX                                    # B-1.1
    assert Counter(x for x in numbers if x) == STANDARD_TOKENS                 # B-1.2
    assert Counter(state.harbors) == HARBOR_MIX                                # B-1.3
    desert = terrain.index(DESERT)
    assert numbers[desert] == 0 and numbers.count(0) == 1                      # B-2.5
    assert state.robber == desert                                              # B-2.5
    assert not reds_touch(numbers)                                             # B-2.4
    assert any(reference_numbers(terrain, c) == numbers for c in range(6))     # B-2.3

