"""Turn structure (B-4), production and the 7 (B-5), through the command path.

Beginner board facts used here: hex 4 is hills with a 6 (corners 8, 13, 18,
23, 17, 12), hex 17 is fields with a 6 (corners 40, 44, 45, 48, 49, 52), hex 9
is the desert (the robber starts there)."""

import pytest

from game.engine import deciders, legal_commands
from game.engine.board import STANDARD
from game.engine.constants import (
    BRICK, FIELDS, FOREST, GRAIN, HILLS, KNIGHT, MOUNTAINS, ORE, PASTURE, WOOD, WOOL, YEAR_OF_PLENTY,
)
from game.engine.match import Replica
from game.engine.state import DISCARD, MAIN, ROBBER, ROLL, STEAL

from base_helpers import (
    cards, consistent, end_turn, events, give_dev, is_legal, listed, make_game, put_building,
    put_road, refuse, roll, set_hand, start_turn, submit,
)

HILLS_6, FIELDS_6, DESERT_HEX = 4, 17, 9


def producing_position(**options):
    """Seat 0 settlement at 13 (hills 6), seat 1 city at 23 (hills 6), seat 2
    settlement at 45 (fields 6); seat 0 to roll."""
    auth = make_game(**options)
    s = auth.state
    put_building(s, 0, 13)
    put_road(s, 0, 13, 9)
    put_building(s, 1, 23, city=True)
    put_road(s, 1, 23, 29)
    put_building(s, 2, 45)
    put_road(s, 2, 45, 49)
    start_turn(auth, seat=0, phase="roll")
    consistent(s)
    return auth


# --- B-4 turn structure ----------------------------------------------------------------

def test_B_4_1_roll_before_trading_or_building():
    auth = producing_position()
    s = auth.state
    set_hand(s, 0, cards(wood=4, brick=1, grain=1, wool=1, ore=1))
    assert legal_commands(s, 0) == [("roll", 0)]
    refuse(auth, ("build_road", 0, STANDARD.edge_between(13, 8)), "wrong_phase")
    refuse(auth, ("buy_dev", 0), "wrong_phase")
    refuse(auth, ("maritime", 0, WOOD, ORE), "wrong_phase")
    refuse(auth, ("offer", 0, cards(wood=1), cards(ore=1), (1,)), "wrong_phase")
    refuse(auth, ("end_turn", 0), "wrong_phase")
    roll(auth, 1, 2)
    assert s.phase == MAIN
    assert is_legal(auth, ("build_road", 0, STANDARD.edge_between(13, 8)))
    assert listed(auth, ("maritime", 0, WOOD, ORE))
    assert listed(auth, ("end_turn", 0))


@pytest.mark.parametrize("first", ["build_road", "buy_dev"])
def test_B_4_1_after_building_or_buying_no_more_trading(first):
    auth = producing_position()
    s = auth.state
    set_hand(s, 0, cards(wood=6, brick=2, grain=2, wool=2, ore=1))
    set_hand(s, 1, cards(ore=2))
    start_turn(auth, seat=0)
    offer = ("offer", 0, cards(wood=1), cards(ore=1), (1, 2, 3))
    assert listed(auth, ("maritime", 0, WOOD, ORE)) and is_legal(auth, offer)
    if first == "build_road":
        submit(auth, "build_road", 0, STANDARD.edge_between(13, 8))
    else:
        submit(auth, "buy_dev", 0)
    refuse(auth, ("maritime", 0, WOOD, ORE), "trade_over")
    refuse(auth, offer, "trade_over")
    assert not any(c[0] in ("maritime", "offer") for c in legal_commands(s, 0))
    # building goes on
    submit(auth, "build_road", 0, STANDARD.edge_between(9, 5))
    # next turn trading is open again
    end_turn(auth)
    for _ in range(3):
        roll(auth, 1, 2)
        end_turn(auth)
    roll(auth, 1, 2)
    assert s.current == 0 and is_legal(auth, ("maritime", 0, WOOD, ORE))


def test_B_4_1_option_combine_trade_build_allows_trading_after_building():
    auth = producing_position(combine_trade_build=True)
    s = auth.state
    set_hand(s, 0, cards(wood=6, brick=1))
    set_hand(s, 1, cards(ore=1))
    start_turn(auth, seat=0)
    submit(auth, "build_road", 0, STANDARD.edge_between(13, 8))
    assert listed(auth, ("maritime", 0, WOOD, ORE))
    submit(auth, "maritime", 0, WOOD, ORE)
    submit(auth, "offer", 0, cards(wood=1), cards(ore=1), (1,))
    submit(auth, "accept", 1)
    submit(auth, "confirm_trade", 0, 1)
    assert s.hands[0] == list(cards(ore=2))


def test_B_4_1_next_player_is_the_one_to_the_left():
    auth = producing_position()
    s = auth.state
    start_turn(auth, seat=3, turn=7)
    r = end_turn(auth)
    assert (s.current, s.turn, s.phase) == (0, 8, ROLL)
    assert ("turn", 0, 8) in r.events
    roll(auth, 1, 2)
    end_turn(auth)
    assert s.current == 1


def test_B_4_2_a_development_card_may_be_played_before_rolling():
    auth = producing_position()
    s = auth.state
    give_dev(s, 0, YEAR_OF_PLENTY)
    assert ("play_year_of_plenty", 0, WOOD, BRICK) in legal_commands(s, 0)
    submit(auth, "play_year_of_plenty", 0, WOOD, BRICK)
    assert s.phase == ROLL and s.hands[0] == list(cards(wood=1, brick=1))
    roll(auth, 1, 2)
    assert s.phase == MAIN


def test_B_4_2_knight_before_rolling_then_roll():
    auth = producing_position()
    s = auth.state
    give_dev(s, 0, KNIGHT)
    set_hand(s, 1, cards(ore=1))
    submit(auth, "play_knight", 0)
    assert s.phase == ROBBER
    submit(auth, "move_robber", 0, HILLS_6)
    submit(auth, "steal", 0, 1)
    assert s.phase == ROLL and s.hands[0][ORE] == 1
    refuse(auth, ("build_road", 0, STANDARD.edge_between(13, 8)), "wrong_phase")
    roll(auth, 1, 2)
    assert s.phase == MAIN


def test_B_4_3_only_the_current_player_acts():
    auth = producing_position()
    s = auth.state
    give_dev(s, 1, KNIGHT)
    set_hand(s, 1, cards(wood=4, brick=2, grain=1, wool=1, ore=1))
    refuse(auth, ("roll", 1), "not_your_turn")
    refuse(auth, ("play_knight", 1), "not_your_turn")
    roll(auth, 1, 2)
    assert deciders(s) == [0]
    for seat in (1, 2, 3):
        assert legal_commands(s, seat) == []
    refuse(auth, ("build_road", 1, STANDARD.edge_between(29, 34)), "not_your_turn")
    refuse(auth, ("buy_dev", 1), "not_your_turn")
    refuse(auth, ("maritime", 1, WOOD, ORE), "not_your_turn")
    refuse(auth, ("offer", 1, cards(wood=1), cards(ore=1), (2,)), "not_your_turn")
    refuse(auth, ("end_turn", 1), "not_your_turn")
    refuse(auth, ("play_knight", 1), "not_your_turn")


def test_B_4_3_others_discard_on_a_seven_and_answer_offers():
    auth = producing_position()
    s = auth.state
    set_hand(s, 0, cards(wood=1))
    set_hand(s, 2, cards(ore=8))
    roll(auth, 3, 4)
    assert deciders(s) == [2]
    submit(auth, "discard", 2, cards(ore=4))
    submit(auth, "move_robber", 0, 0)
    submit(auth, "offer", 0, cards(wood=1), cards(ore=1), (2,))
    assert deciders(s) == [0, 2]
    submit(auth, "accept", 2)
    submit(auth, "confirm_trade", 0, 2)
    assert s.hands[0] == list(cards(ore=1))


# --- B-5 production and the 7 --------------------------------------------------------

def test_B_5_1_settlements_yield_one_cities_two():
    auth = producing_position()
    s = auth.state
    r = roll(auth, 3, 3)
    assert events(r, "produced") == [("produced", (
        cards(brick=1), cards(brick=2), cards(grain=1), cards()))]
    assert s.hands[0][BRICK] == 1 and s.hands[1][BRICK] == 2 and s.hands[2][GRAIN] == 1
    assert s.hand_n == [1, 2, 1, 0]
    assert s.bank[BRICK] == 16 and s.bank[GRAIN] == 18
    consistent(s)


def test_B_5_1_other_numbers_produce_nothing_here():
    auth = producing_position()
    r = roll(auth, 4, 4)          # 8: hexes 11 and 12, nobody built there
    assert not events(r, "produced") and auth.state.hand_n == [0, 0, 0, 0]


def test_B_5_5_the_robber_hex_produces_nothing():
    auth = producing_position()
    s = auth.state
    s.robber = HILLS_6
    r = roll(auth, 2, 4)
    assert events(r, "produced") == [("produced", (cards(), cards(), cards(grain=1), cards()))]
    assert s.hand_n == [0, 0, 1, 0]


def test_B_5_2_bank_shortage_nobody_gets_that_resource_others_paid():
    auth = producing_position()
    s = auth.state
    set_hand(s, 3, cards(brick=17))      # the bank keeps 2 brick; 3 are due
    r = roll(auth, 3, 3)
    assert events(r, "shortage") == [("shortage", (BRICK,))]
    assert events(r, "produced") == [("produced", (cards(), cards(), cards(grain=1), cards()))]
    assert s.hands[0][BRICK] == 0 and s.hands[1][BRICK] == 0 and s.bank[BRICK] == 2
    assert s.hands[2][GRAIN] == 1


def test_B_5_2_a_bank_with_exactly_enough_pays_everyone():
    auth = producing_position()
    s = auth.state
    set_hand(s, 3, cards(brick=16))      # 3 left, 3 due
    r = roll(auth, 3, 3)
    assert not events(r, "shortage")
    assert s.hands[0][BRICK] == 1 and s.hands[1][BRICK] == 2 and s.bank[BRICK] == 0


def test_B_5_3_on_a_seven_nobody_produces_and_8_plus_discard_half_rounded_down():
    auth = producing_position()
    s = auth.state
    set_hand(s, 0, cards(wood=5, ore=5))             # 10 -> 5
    set_hand(s, 1, cards(brick=3, wool=3, grain=3))  # 9 -> 4
    set_hand(s, 2, cards(grain=7))                   # 7: keeps all
    set_hand(s, 3, cards(ore=8))                     # 8 -> 4
    give_dev(s, 2, KNIGHT)                           # development cards do not count
    give_dev(s, 2, YEAR_OF_PLENTY)
    r = roll(auth, 5, 2)
    assert not events(r, "produced")
    assert events(r, "must_discard") == [("must_discard", (5, 4, 0, 4))]
    assert s.phase == DISCARD and deciders(s) == [0, 1, 3]
    # nothing else happens until everybody has discarded
    refuse(auth, ("move_robber", 0, 0), "wrong_phase")
    refuse(auth, ("end_turn", 0), "wrong_phase")
    refuse(auth, ("discard", 2, cards(grain=1)), "wrong_phase")
    # the exact count, of cards held
    refuse(auth, ("discard", 1, cards(brick=3)), "wrong_count")
    refuse(auth, ("discard", 1, cards(brick=3, wool=2)), "wrong_count")
    refuse(auth, ("discard", 1, cards(brick=3, ore=1)), "missing_cards")
    # the player chooses which
    options = [c[2] for c in legal_commands(s, 1)]
    assert cards(brick=3, wool=1) in options and cards(wool=1, grain=3) in options
    assert all(sum(o) == 4 for o in options) and len(options) == len(set(options))
    assert len(options) == 12            # ways to split 4 over three piles of 3
    r = submit(auth, "discard", 1, cards(wool=1, grain=3))
    assert r.events == (("discarded", 1, cards(wool=1, grain=3)),)
    assert s.hands[1] == list(cards(brick=3, wool=2))
    refuse(auth, ("discard", 1, cards(brick=1)), "wrong_phase")   # only once
    submit(auth, "discard", 3, cards(ore=4))
    assert s.phase == DISCARD and deciders(s) == [0]
    submit(auth, "discard", 0, cards(wood=5))
    assert s.phase == ROBBER and s.hand_n == [5, 5, 7, 4]
    consistent(s)


def test_B_5_3_no_discards_skips_straight_to_the_robber():
    auth = producing_position()
    set_hand(auth.state, 1, cards(ore=7))
    r = roll(auth, 6, 1)
    assert not events(r, "must_discard") and auth.state.phase == ROBBER


def test_B_5_4_robber_must_move_to_another_hex_desert_allowed():
    auth = producing_position()
    s = auth.state
    s.robber = HILLS_6
    roll(auth, 6, 1)
    refuse(auth, ("move_robber", 0, HILLS_6), "bad_spot")
    assert sorted(c[2] for c in legal_commands(s, 0)) == [h for h in range(19) if h != HILLS_6]
    refuse(auth, ("end_turn", 0), "wrong_phase")
    r = submit(auth, "move_robber", 0, DESERT_HEX)
    assert r.events[0] == ("robber_moved", 0, DESERT_HEX)
    assert s.robber == DESERT_HEX and s.phase == STEAL  # seat 1's city at 23 touches it


def test_B_5_4_steal_only_from_another_player_with_a_building_there():
    auth = producing_position()
    s = auth.state
    set_hand(s, 1, cards(ore=2))
    set_hand(s, 2, cards(wool=3))
    roll(auth, 6, 1)
    submit(auth, "move_robber", 0, HILLS_6)       # seat 0 and seat 1 have buildings
    assert s.phase == STEAL
    assert legal_commands(s, 0) == [("steal", 0, 1), ("skip_steal", 0)]
    refuse(auth, ("steal", 0, 0), "bad_target")   # never from oneself
    refuse(auth, ("steal", 0, 2), "bad_target")   # no building on that hex
    refuse(auth, ("end_turn", 0), "wrong_phase")
    r = submit(auth, "steal", 0, 1)
    assert r.events == (("stole", 0, 1, ORE),) and r.outcome == {"card": ORE}
    assert s.hands[0] == list(cards(ore=1)) and s.hands[1] == list(cards(ore=1))
    assert s.phase == MAIN


def test_B_5_4_only_own_building_there_means_no_steal():
    auth = producing_position()
    s = auth.state
    roll(auth, 6, 1)
    own_only = 1            # hex 1 touches 13 (seat 0) and nobody else
    assert {s.node_owner[n] for n in STANDARD.hex_nodes[own_only]} == {-1, 0}
    submit(auth, "move_robber", 0, own_only)
    assert s.phase == MAIN


def test_B_5_4_a_victim_without_cards_yields_nothing():
    auth = producing_position()
    s = auth.state
    roll(auth, 6, 1)
    submit(auth, "move_robber", 0, FIELDS_6)
    r = submit(auth, "steal", 0, 2)
    assert r.events == (("stole", 0, 2, -1),)
    assert s.hand_n == [0, 0, 0, 0] and s.phase == MAIN


def test_B_5_4_the_stolen_card_is_seen_only_by_thief_and_victim():
    auth = producing_position()
    s = auth.state
    set_hand(s, 1, cards(grain=1))
    replicas = {a: Replica(auth.view(a), a) for a in (0, 1, 2, 3, None)}
    records = [roll(auth, 6, 1), submit(auth, "move_robber", 0, HILLS_6),
               submit(auth, "steal", 0, 1)]
    steal = records[-1]
    for a in (0, 1):
        assert steal.for_audience(a).events == (("stole", 0, 1, GRAIN),)
        assert steal.for_audience(a).outcome == {"card": GRAIN}
    for a in (2, 3, None):
        assert steal.for_audience(a).events == (("stole", 0, 1, None),)
        assert steal.for_audience(a).outcome == {"card": None}
        assert auth.view(a).hands[0] is None and auth.view(a).hand_n[0] == 1
    for a, rep in replicas.items():
        for rec in records:
            rep.receive(rec.for_audience(a))
        assert rep.view_hash() == auth.view_hash(a)
    assert replicas[0].state.hands[0] == list(cards(grain=1))
    assert replicas[1].state.hands[1] == list(cards())


def test_B_5_4_the_stolen_card_is_random_among_the_victims_cards():
    seen = set()
    for seed in range(40):
        auth = producing_position(seed=seed)
        s = auth.state
        set_hand(s, 1, cards(wood=1, ore=1, wool=1))
        roll(auth, 6, 1)
        submit(auth, "move_robber", 0, HILLS_6)
        (ev,) = events(submit(auth, "steal", 0, 1), "stole")
        assert ev[3] in (WOOD, ORE, WOOL) and s.hands[0][ev[3]] == 1
        assert s.hand_n[1] == 2
        seen.add(ev[3])
    assert seen == {WOOD, ORE, WOOL}


@pytest.mark.parametrize("terrain, resource", [
    (FOREST, WOOD), (HILLS, BRICK), (PASTURE, WOOL), (FIELDS, GRAIN), (MOUNTAINS, ORE)])
def test_B_1_1_B_5_1_each_terrain_yields_its_resource(terrain, resource):
    auth = make_game()
    s = auth.state
    h = s.terrain.index(terrain)
    number = s.numbers[h]
    node = STANDARD.hex_nodes[h][0]
    put_building(s, 1, node)
    start_turn(auth, seat=0, phase="roll")
    d1 = min(6, number - 1)
    roll(auth, d1, number - d1)
    expected = [0] * 5
    for g in STANDARD.node_hexes[node]:
        if s.numbers[g] == number and g != s.robber:
            expected[s.terrain[g]] += 1
    assert expected[resource] >= 1
    assert s.hands[1] == expected
