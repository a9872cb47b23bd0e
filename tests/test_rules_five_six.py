"""Five and six players (RULES.md X-1, the Catan 5–6 Player Extension and the
Cities & Knights 5–6 Player Extension): the larger island, its supply, and the
Special Building Phase, in both rule sets.

Where X-1 is silent the rule books and the publisher's answers decide, cited
in the tests: the base rule book (Catan 5-6 Player Extension, Mayfair MFG3072,
"Game Rules": its only additions are "constructing the larger board" and "the
Special Building Phase", so there is no fixed beginner island for five and six);
catan.com's FAQ of the base game ("May I play a Road Building card during the
special building phase? No. You may play Development Cards only on your own
turn. The special building phase is not part of your turn." and "Can I win
during the extraordinary build phase? No. You can only win during your own
turn."); colonist.io's rules page for 5–6 players ("May I perform a Knight
action with a Knight I activated in Special Build Phase right before my turn?
Yes"; in Cities & Knights one may buy, activate and upgrade knights in the phase
and may not displace an opponent's knight or use the robber).
"""

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from example_counts import examples

from base_helpers import game_at
from game.engine import check, deciders, default_config, legal_commands, new_game, \
    validate_config
from game.engine.board import LARGE, STANDARD, board_of
from game.engine.constants import DESERT, FIELDS, FOREST, GENERIC_HARBOR, HILLS, MOUNTAINS, PASTURE, WOOL
from game.engine.invariants import check_state, check_views
from game.engine.match import Authority, Replica
from game.engine.notation import names_of
from game.engine.position import format as format_position, parse
from game.engine.state import MAIN, ROLL, SETUP_SETTLEMENT, SPECIAL_BUILD, PHASE_NAMES

N = names_of(LARGE)


# --- seats ------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["base", "ck"])
def test_X_1_1_five_and_six_players_in_both_rule_sets_and_no_seventh(rules):
    for n in (5, 6):
        assert validate_config(default_config(rules=rules, players=n)) is None
        state, _ = new_game(default_config(rules=rules, players=n, seed=3))
        assert state.n == n and board_of(state) is LARGE
    assert "players must be" in validate_config(default_config(rules=rules, players=7))
    assert board_of(new_game(default_config(rules=rules, players=4))[0]) is STANDARD


# --- … the larger island -------------------------------------------------------------

def test_X_1_2_thirty_land_hexes_in_rows_of_3_4_5_6_5_4_3_with_the_extensions_terrain():
    assert LARGE.num_hexes == 30 and LARGE.row_lengths == (3, 4, 5, 6, 5, 4, 3)
    rows = Counter(y for _, y in LARGE.hex_center)
    assert [rows[y] for y in sorted(rows)] == [3, 4, 5, 6, 5, 4, 3]
    assert Counter(LARGE.terrain_bag) == {FOREST: 6, PASTURE: 6, FIELDS: 6, HILLS: 5, MOUNTAINS: 5, DESERT: 2}
    # one island: every hex reaches every other through neighbours
    seen, todo = {0}, [0]
    while todo:
        for g in LARGE.hex_neighbors[todo.pop()]:
            if g not in seen:
                seen.add(g)
                todo.append(g)
    assert len(seen) == 30
    assert all(len(ns) == 6 for ns in LARGE.hex_nodes) and all(1 <= len(hs) <= 3 for hs in LARGE.node_hexes)


def test_X_1_3_the_28_tokens_in_letter_order():
    """A–Y, Za, Zb, Zc: 2 and 12 twice, every other number three times (X-1.3)."""
    counts = Counter(LARGE.number_sequence)
    assert len(LARGE.number_sequence) == 28
    assert counts == {2: 2, 12: 2, 3: 3, 4: 3, 5: 3, 6: 3, 8: 3, 9: 3, 10: 3, 11: 3}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32))
def test_X_1_3_random_islands_lay_every_token_no_reds_touch_deserts_get_none_robber_on_a_desert(seed):
    state, _ = new_game(default_config(players=6, seed=seed))
    assert Counter(x for x in state.numbers if x) == Counter(LARGE.number_sequence)
    assert all((x == 0) == (t == DESERT) for x, t in zip(state.numbers, state.terrain))
    assert not LARGE.reds_adjacent(state.numbers)
    assert state.terrain[state.robber] == DESERT
    assert Counter(state.harbors) == Counter(LARGE.harbor_bag)


def test_X_1_3_the_spiral_goes_from_a_corner_round_each_ring_to_the_centre():
    """B-2.3 as the extension lays it: outer ring (16), middle ring (10), the
    four centre hexes, each ring walked hex by neighbouring hex."""
    for corner in range(6):
        order = LARGE.spiral(corner)
        assert sorted(order) == list(range(30))
        assert len(LARGE.hex_neighbors[order[0]]) == 3            # starts at a corner of the island
        for ring in (order[:16], order[16:26]):
            for a, b in zip(ring, ring[1:] + ring[:1]):
                assert b in LARGE.hex_neighbors[a]
        assert all(len(LARGE.hex_neighbors[h]) == 6 for h in order[16:])


def test_X_1_4_eleven_harbors_on_the_coast_none_sharing_a_corner():
    assert LARGE.num_harbors == 11
    assert Counter(LARGE.harbor_bag) == {GENERIC_HARBOR: 5, WOOL: 2, 0: 1, 1: 1, 3: 1, 4: 1}
    corners = [n for e in LARGE.harbor_edges for n in LARGE.edge_nodes[e]]
    assert len(set(corners)) == 22
    assert all(len(LARGE.edge_hexes[e]) == 1 for e in LARGE.harbor_edges)


def test_X_1_2_the_fixed_first_island_for_five_and_six():
    """No fixed island is in the rule book (MFG3072 adds only the larger board and
    the Special Building Phase): the beginner board of five and six is a fixed
    island of the extension's hexes with the tokens in letter order (X-1.3)."""
    layouts = {tuple(new_game(default_config(players=n, board="beginner", seed=s))[0].terrain)
               for n, s in ((5, 1), (6, 2))}
    assert len(layouts) == 1
    terrain, numbers, harbors = LARGE.beginner_layout()
    assert Counter(terrain) == Counter(LARGE.terrain_bag) and not LARGE.reds_adjacent(numbers)
    assert numbers == LARGE.lay_numbers(terrain, 0)
    assert numbers[LARGE.spiral(0)[0]] == LARGE.number_sequence[0]      # token A on the first corner
    assert Counter(harbors) == Counter(LARGE.harbor_bag)
    pips = Counter()
    for t, x in zip(terrain, numbers):
        if t != DESERT:
            pips[t] += 6 - abs(7 - x)
    assert all(15 <= pips[t] <= 20 for t in (FOREST, HILLS, PASTURE, FIELDS, MOUNTAINS))       # balanced


# --- the supply -------------------------------------------------------------

def test_X_1_5_and_X_1_6_a_bank_of_24_each_and_34_development_cards():
    state, _ = new_game(default_config(players=5, seed=8))
    assert state.bank == [24] * 5
    assert Counter(state.deck) == {0: 20, 1: 3, 2: 3, 3: 3, 4: 5} and state.deck_n == 34


def test_X_1_8_cities_and_knights_adds_18_of_each_commodity_and_8_defenders():
    state, _ = new_game(default_config(rules="ck", players=6, seed=8))
    assert state.bank == [24] * 5 + [18] * 3
    assert state.defenders_left == 8
    assert state.knights_left == [[2, 2, 2]] * 6 and state.walls_left == [3] * 6


# --- setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["base", "ck"])
def test_X_1_9_the_setup_goes_round_and_back_with_six(rules):
    """B-3 / CK-2 with the larger table: six placements out, six back."""
    auth = Authority(default_config(rules=rules, players=6, seed=21))
    s = auth.state
    first, order = s.current, []
    while s.phase != ROLL:
        if s.phase == SETUP_SETTLEMENT:
            order.append(s.current)
        auth.submit(legal_commands(s, s.current)[0])
    out = [(first + k) % 6 for k in range(6)]
    assert order == out + out[::-1]


# --- the Special Building Phase ----------------------------------------------------------------

BASE_FIVE = """game base players=5 target=10 board=beginner seed=4
settlements 0: Q6 V6 1: E4 a4 2: B12 F4 3: J4 M6 4: O6 b8
roads 0: V3 V5 1: E3 a3 2: B1 G7 3: K7 M5 4: T3 b9
hands 0: WBWB 1: WBGSO 2: - 3: GSO 4: WBWB
turn 5 current 3 phase main rolled yes dice 3,4
"""


def _end_turn(auth):
    auth.submit(("end_turn", auth.state.current))


def test_X_1_7_after_a_turn_each_other_seat_builds_in_turn_order_from_the_next_one():
    auth = game_at(BASE_FIVE)
    s = auth.state
    _end_turn(auth)
    assert s.phase == SPECIAL_BUILD and deciders(s) == [4] and s.current == 3     # still seat 3's turn
    assert ("pass_build", 4) in legal_commands(s, 4)
    assert legal_commands(s, 0) == [] and check(s, ("pass_build", 0)).code == "not_your_turn"
    auth.submit(("pass_build", 4))
    assert deciders(s) == [0]
    auth.submit(("pass_build", 0))
    assert deciders(s) == [1]
    auth.submit(("pass_build", 1))
    # seat 2 holds no card: nothing to pay with, so its part is skipped; then the next turn
    assert s.phase == ROLL and s.current == 4 and s.turn == 6
    assert check_state(s) == []


def test_X_1_7_builds_and_buys_are_allowed_trades_and_cards_are_not():
    auth = game_at(BASE_FIVE)
    s = auth.state
    _end_turn(auth)
    auth.submit(("pass_build", 4))
    kinds = {c[0] for c in legal_commands(s, 0)}
    assert kinds == {"pass_build", "build_road"}             # wood and brick twice: roads only
    auth.submit(("pass_build", 0))
    kinds = {c[0] for c in legal_commands(s, 1)}
    assert {"build_road", "buy_dev", "pass_build"} <= kinds
    assert not kinds & {"maritime", "offer", "end_turn", "play_knight", "roll"}
    assert check(s, ("maritime", 1, 0, 4)).code in ("not_your_turn", "wrong_phase")
    assert check(s, ("offer", 1, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1), (0,))).code in ("not_your_turn", "wrong_phase")
    road = next(c for c in legal_commands(s, 1) if c[0] == "build_road")
    auth.submit(road)
    assert s.edge_owner[road[2]] == 1 and s.hand_n[1] == 3
    assert deciders(s) == [1]                                 # builds again, or passes


def test_X_1_7_a_card_bought_in_the_phase_is_played_in_the_buyers_own_next_turn():
    """catan.com FAQ: development cards only in one's own turn; the phase is not part of it."""
    text = BASE_FIVE.replace("hands 0: WBWB 1: WBGSO", "hands 0: WBWB 1: GSOGSO")
    auth = game_at(text)
    s = auth.state
    _end_turn(auth)
    auth.submit(("pass_build", 4))
    auth.submit(("pass_build", 0))
    s.deck[-1] = 0                        # the top card is a knight
    auth.submit(("buy_dev", 1))
    assert s.dev[1][0] == 1 and check(s, ("play_knight", 1)) is not None
    auth.submit(("pass_build", 1))
    # seat 2 skipped (no cards); seat 3's turn ended: seat 4 plays, then 0, then 1
    for seat in (4, 0):
        assert s.current == seat
        assert not any(c[0] == "play_knight" and c[1] == 1 for c in legal_commands(s, 1))
        s.phase, s.rolled, s.dice = MAIN, True, [3, 4]
        _end_turn(auth)
        while s.phase == SPECIAL_BUILD:
            auth.submit(("pass_build", deciders(s)[0]))
    assert s.current == 1 and s.phase == ROLL
    assert ("play_knight", 1) in legal_commands(s, 1)


def test_X_1_7_points_reached_in_the_phase_win_only_when_the_builders_turn_comes():
    """catan.com FAQ: 'Can I win during the extraordinary build phase? No.'"""
    text = BASE_FIVE.replace("target=10", "target=4").replace(
        "settlements 0: Q6 V6 1: E4 a4", "settlements 0: Q6 V6 1: a4").replace(
        "1: E3 a3", "1: E3 a3 B7 A3").replace("hands 0: WBWB 1: WBGSO", "hands 0: WBWB 1: WBGS") + "cities 1: E4\n"
    auth = game_at(text)
    s = auth.state
    assert s.vp_public[1] == 3
    _end_turn(auth)
    auth.submit(("pass_build", 4))
    auth.submit(("pass_build", 0))
    auth.submit(("build_settlement", 1, N.node_id("A4")))
    assert s.vp_public[1] == 4 and s.winner == -1 and s.phase == SPECIAL_BUILD      # not in the phase
    assert s.hand_n[1] == 0
    auth.submit(("pass_build", 1))
    # seat 4's turn, then 0's: seat 1 wins when its own turn begins
    assert s.winner == -1 and s.current == 4
    while s.current != 1:
        s.phase, s.rolled, s.dice = MAIN, True, [3, 4]
        _end_turn(auth)
        while s.phase == SPECIAL_BUILD:
            auth.submit(("pass_build", deciders(s)[0]))
    assert s.winner == 1 and PHASE_NAMES[s.phase] == "game_over"


def _four_players_in_main():
    auth = Authority(default_config(players=4, board="beginner", seed=4))
    s = auth.state
    while s.phase != ROLL:
        auth.submit(legal_commands(s, s.current)[0])
    s.phase, s.rolled, s.dice = MAIN, True, [3, 4]
    return auth


def test_X_1_7_four_players_have_no_special_building_phase():
    auth = _four_players_in_main()
    seat = auth.state.current
    _end_turn(auth)
    assert auth.state.phase == ROLL and auth.state.current == (seat + 1) % 4


def test_X_1_7_the_phase_survives_the_position_notation_and_every_view():
    auth = game_at(BASE_FIVE)
    s = auth.state
    _end_turn(auth)
    auth.submit(("pass_build", 4))
    back = parse(format_position(s))
    assert back.phase == SPECIAL_BUILD and back.agenda == s.agenda
    assert check_views(s) == []


def test_X_1_7_an_unreachable_special_building_phase_is_refused():
    text = format_position(_in_phase())
    with pytest.raises(Exception, match="X-1.7"):
        parse(text.replace('["special",0]', '["special",2]'))
    four = format_position(_four_players_in_main().state).replace("phase main", "phase special_build")
    current = _four_players_in_main().state.current
    agenda = [[f'["special",{(current + k) % 4}]' for k in range(1, 4)]]
    with pytest.raises(Exception, match="X-1.7"):
        parse(four + "agenda [" + ",".join(agenda[0]) + ',["next_turn"]]\n')


def _in_phase():
    auth = game_at(BASE_FIVE)
    _end_turn(auth)
    auth.submit(("pass_build", 4))
    return auth.state


# --- Cities & Knights ------------------------------------------------------------------------

CK_FIVE = """game ck players=5 target=13 board=beginner seed=4
settlements 0: a4 1: B12 2: J4 3: b8 4: Q6
cities 0: E4 1: F4 2: M6 3: O6 4: V6
roads 0: E3 a3 1: B1 G7 2: K7 M5 3: T3 b9 4: V3 V5
hands 0: OSGBBWB 1: - 2: - 3: - 4: PPPPP
turn 5 current 3 phase main rolled yes dice 3,4,0
barbarians 2 attacks 1
"""


def test_X_1_8_cities_and_knights_special_building_walls_knights_and_improvements_but_no_knight_acts():
    auth = game_at(CK_FIVE + "knights 0: E2:1a\n")
    s = auth.state
    _end_turn(auth)
    assert deciders(s) == [4]                     # 4 holds paper: it may improve science
    assert ("improve", 4, 2) in legal_commands(s, 4)
    auth.submit(("pass_build", 4))
    kinds = {c[0] for c in legal_commands(s, 0)}
    assert {"build_wall", "recruit_knight", "activate_knight", "promote_knight", "pass_build"} <= kinds \
        or {"build_wall", "recruit_knight", "pass_build"} <= kinds
    assert not kinds & {"move_knight", "displace_knight", "chase_robber", "progress", "maritime", "end_turn"}
    node = N.node_id("E2")
    assert check(s, ("move_knight", 0, node, N.node_id("E12"))) is not None


def test_X_1_8_a_knight_activated_in_the_phase_may_act_in_its_owners_next_turn():
    """colonist.io 5–6 rules: yes, a knight activated in the Special Build Phase
    right before one's turn may act in that turn."""
    auth = game_at(CK_FIVE.replace("current 3", "current 4").replace("4: PPPPP", "4: -") + "knights 0: E2:1\n")
    s = auth.state
    _end_turn(auth)
    assert deciders(s) == [0]
    node = N.node_id("E2")
    auth.submit(("activate_knight", 0, node))
    assert s.knight_active[node] == 1 and s.knight_fresh[node] == 1
    auth.submit(("pass_build", 0))
    assert s.current == 0 and s.knight_fresh[node] == 0     # its owner's turn: it may act


def test_X_1_8_a_metropolis_won_in_the_phase_is_placed_and_the_builder_goes_on():
    """An improvement to level 4 in the phase starts the metropolis decision
    (CK-6.4); answered, the same seat's part goes on."""
    text = CK_FIVE + "improvements 4: science=3\n"          # 4 paper pay level 4, 1 is left
    text = text.replace("settlements 0: a4 1: B12 2: J4 3: b8 4: Q6", "settlements 0: a4 1: B12 2: J4 3: b8")
    text = text.replace("4: V6\n", "4: V6 Q6\n")
    auth = game_at(text)
    s = auth.state
    _end_turn(auth)
    assert deciders(s) == [4]
    auth.submit(("improve", 4, 2))
    assert PHASE_NAMES[s.phase] == "decide" and s.pending["kind"] == "metropolis"
    choice = next(c for c in legal_commands(s, 4) if c[0] == "resolve")
    auth.submit(choice)
    assert s.metropolis[2] != -1 and s.phase == SPECIAL_BUILD and deciders(s) == [4]
    assert check_state(s) == []


# --- every seat's view and the notation over whole games ---------------------------------------------

@settings(max_examples=examples(ci=6, dev=1), deadline=None)
@given(rules=st.sampled_from(["base", "ck"]), players=st.sampled_from([5, 6]), seed=st.integers(0, 10 ** 6))
@pytest.mark.slow
def test_X_1_random_games_keep_invariants_views_and_the_notation(rules, players, seed):
    """X-1.7, X-1.8: every seat's copy applies the redacted records in step, the
    invariants hold, and every position reads back the same."""
    import random
    from game.engine import state_hash
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    peers = [Replica(auth.view(a), a) for a in [*range(players), None]]
    rnd = random.Random(seed)
    s = auth.state
    for _ in range(400):
        if PHASE_NAMES[s.phase] == "game_over":
            break
        seat = deciders(s)[0]
        record = auth.submit(rnd.choice(legal_commands(s, seat)))
        for peer in peers:
            peer.receive(record.for_audience(peer.audience))
            assert peer.view_hash() == auth.view_hash(peer.audience)
        assert check_state(s) == []
        assert state_hash(parse(format_position(s), verify=False)) == state_hash(s)
