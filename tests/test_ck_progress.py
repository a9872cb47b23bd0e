"""The 25 progress cards (CK-11, seed 003 almanac), each with the choices it
forces on other players, through the command path.  Every command goes
through `Table`, so each test also checks that a replica per audience stays in
lockstep and the state stays consistent; hidden choices are checked per
audience where the card makes them.

Position (beginner board): seat 0 city 7 (hex 0 mountains 10, hex 3 fields 12)
with roads 7-12-17-23; seat 1 city 15 (hex 6 hills 10) with roads 15-20-25;
seat 2 settlement 41 (hex 14 fields 4); seat 3 settlement 48 (hex 16 hills 5).
Seat 0 is in the main phase of its turn."""


from game.engine.board import STANDARD
from game.engine.constants import (
    BRICK, CLOTH, COIN, GRAIN, ORE, PAPER, POLITICS, WOOD, WOOL,
)

from ck_helpers import (
    P, Table, add_vp, events, fix_next, give_prog, give_vp_card, hand, make_ck, on_top, phase,
    put_building, put_city, put_knight, put_road, put_wall, refuse, set_cards, set_level,
    start_turn,
)

OTHERS = (1, 2, 3, None)


def position(card=None, seat=0, phase_name="main"):
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    put_road(s, 0, 7, 12, 17, 23)
    put_city(s, 1, 15)
    put_road(s, 1, 15, 20, 25)
    put_building(s, 2, 41)
    put_building(s, 3, 48)
    if card:
        give_prog(s, seat, card)
    start_turn(auth, seat, phase_name)
    return auth


# --- science ---------------------------------------------------------------------------------

def test_alchemist_chooses_white_and_red_then_rolls_the_event_die():
    auth = position("alchemist", phase_name="roll")
    s = auth.state
    t = Table(auth)
    fix_next(auth, 0)                                  # the event die: a ship
    r = t.play(0, "alchemist", 5, 5)
    assert ("rolled", 0, 5, 5, 0) in r.events and s.barb_pos == 1
    assert s.hands[0] == list(hand(ore=1, coin=1)) and s.hands[1] == list(hand(brick=2))
    assert phase(s) == "main" and s.prog_n[0] == 0


def test_crane_makes_one_improvement_a_commodity_cheaper():
    auth = position("crane")
    s = auth.state
    set_cards(s, 0, hand(coin=2))
    t = Table(auth)
    t.play(0, "crane")
    t.do("improve", 0, POLITICS)                       # level 1 for nothing
    assert s.hands[0][COIN] == 2
    t.do("improve", 0, POLITICS)                       # level 2 at full price
    assert s.hands[0][COIN] == 0 and s.improvements[0][POLITICS] == 2


def test_mining_two_ore_per_mountain_hex_touching_own_buildings():
    auth = position("mining")
    s = auth.state
    put_building(s, 0, 0)                              # hex 0 again: counts once
    put_building(s, 0, 39)                             # hex 13 mountains
    t = Table(auth)
    r = t.play(0, "mining")
    assert s.hands[0] == list(hand(ore=4)) and ("harvest", 0, ORE, 4) in r.events


def test_irrigation_two_grain_per_fields_hex_touching_own_buildings():
    auth = position("irrigation")
    s = auth.state
    put_building(s, 0, 22)                             # hex 3 (again) and hex 7 fields
    t = Table(auth)
    t.play(0, "irrigation")
    assert s.hands[0] == list(hand(grain=4))


def test_printer_and_constitution_are_vp_cards_face_up_never_played():
    """Printer and Constitution are laid face up when drawn (CK-9.2) and score 1 VP."""
    auth = position()
    s = auth.state
    set_level(s, 1, POLITICS, 5)
    on_top(s, "constitution")
    give_vp_card(s, 2, "printer")
    t = Table(auth)
    refuse(auth, ("progress", 2, P["printer"], ()), "not_your_turn")
    refuse(auth, ("progress", 0, P["constitution"], ()), "no_card")
    t.do("end_turn", 0)
    r = t.roll(1, 1, 3 + POLITICS)
    assert s.prog_vp[1] == 1 and s.prog_n[1] == 0 and s.vp_public[1] == 3
    assert ("progress_vp", 1, P["constitution"]) in r.for_audience(3).events
    assert s.vp_public[2] == 2


def test_inventor_swaps_two_tokens_but_not_2_6_8_12():
    auth = position("inventor")
    s = auth.state
    t = Table(auth)
    refuse(auth, ("progress", 0, P["inventor"], (0, 4)), "bad_choice")     # hex 4 holds the 6
    refuse(auth, ("progress", 0, P["inventor"], (0, 9)), "bad_choice")     # the desert
    t.play(0, "inventor", 0, 2)                         # 10 <-> 9
    assert s.numbers[0] == 9 and s.numbers[2] == 10
    t.do("end_turn", 0)
    r = t.roll(4, 5, 0)                                 # 9 now pays the mountains
    assert events(r, "produced")[0][1][0] == hand(ore=1, coin=1)


def test_engineer_builds_a_free_wall():
    auth = position("engineer")
    s = auth.state
    t = Table(auth)
    t.play(0, "engineer", 7)
    assert s.wall[7] == 1 and s.hand_n[0] == 0 and s.walls_left[0] == 2


def test_engineer_needs_a_city_without_a_wall():
    auth = position("engineer")
    s = auth.state
    put_wall(s, 7)
    t = Table(auth)
    assert not t.legal(0, "progress")
    refuse(auth, ("progress", 0, P["engineer"], (7,)), "bad_choice")


def test_medicine_upgrades_a_settlement_for_two_ore_and_one_grain():
    auth = position("medicine")
    s = auth.state
    put_building(s, 0, 22)
    set_cards(s, 0, hand(ore=1, grain=1))
    refuse(auth, ("progress", 0, P["medicine"], (22,)), "bad_choice")
    set_cards(s, 0, hand(ore=2, grain=1))
    t = Table(auth)
    t.play(0, "medicine", 22)
    assert s.node_level[22] == 2 and s.hand_n[0] == 0 and s.vp_public[0] == 4


def test_smith_promotes_up_to_two_knights_free_mighty_needs_fortress():
    auth = position("smith")
    s = auth.state
    put_knight(s, 0, 12, 1, active=True)
    put_knight(s, 0, 23, 2)
    refuse(auth, ("progress", 0, P["smith"], (12, 23)), "bad_choice")
    set_level(s, 0, POLITICS, 3)
    t = Table(auth)
    t.play(0, "smith", 12, 23)
    assert s.knight_strength[12] == 2 and s.knight_active[12] == 1
    assert s.knight_strength[23] == 3 and s.knight_active[23] == 0 and s.hand_n[0] == 0


def test_road_building_card_two_free_roads():
    auth = position("road_building")
    s = auth.state
    t = Table(auth)
    t.play(0, "road_building")
    assert phase(s) == "road_building"
    t.do("place_road", 0, STANDARD.edge_between(23, 29))
    t.do("place_road", 0, STANDARD.edge_between(29, 34))
    assert phase(s) == "main" and s.roads_left[0] == 10 and s.hand_n[0] == 0


# --- politics -----------------------------------------------------------------------------------

def test_bishop_moves_the_robber_and_steals_from_each_player_there_privately():
    auth = position("bishop")
    s = auth.state
    s.barb_attacks = 1
    put_building(s, 3, 19)                              # hex 6 with seat 1's city 15
    set_cards(s, 1, hand(brick=1))
    set_cards(s, 3, hand(coin=1))
    t = Table(auth)
    fix_next(auth, 0, 0)
    r = t.play(0, "bishop", 6)
    assert s.robber == 6 and s.hands[0] == list(hand(brick=1, coin=1))
    assert r.for_audience(2).outcome["steals"] == [[1, None], [3, None]]
    assert r.for_audience(1).outcome["steals"] == [[1, BRICK], [3, None]]
    assert ("stole", 0, 3, None) in r.for_audience(1).events


def test_diplomat_removes_an_open_road_end_of_another_player():
    auth = position("diplomat")
    s = auth.state
    t = Table(auth)
    options = [c[3] for c in t.legal(0, "progress")]
    assert (STANDARD.edge_between(20, 25),) in options and (STANDARD.edge_between(15, 20),) not in options
    assert (STANDARD.edge_between(12, 17),) not in options
    t.play(0, "diplomat", STANDARD.edge_between(20, 25))
    assert s.edge_owner[STANDARD.edge_between(20, 25)] == -1 and s.roads_left[1] == 14
    assert s.pending is None and phase(s) == "main"


def test_diplomat_own_road_may_be_rebuilt_at_once_for_free():
    auth = position("diplomat")
    s = auth.state
    t = Table(auth)
    t.play(0, "diplomat", STANDARD.edge_between(17, 23))
    assert s.pending["kind"] == "diplomat_rebuild" and s.pending["seats"] == [0]
    t.resolve(0, "diplomat_rebuild", STANDARD.edge_between(12, 8))
    assert s.edge_owner[STANDARD.edge_between(12, 8)] == 0 and s.roads_left[0] == 12 and s.hand_n[0] == 0


def test_warlord_activates_all_own_knights_free_and_they_cannot_act_this_turn():
    auth = position("warlord")
    s = auth.state
    put_knight(s, 0, 12, 1)
    put_knight(s, 0, 23, 2)
    t = Table(auth)
    t.play(0, "warlord")
    assert s.knight_active[12] == 1 and s.knight_active[23] == 1 and s.hand_n[0] == 0
    refuse(auth, ("move_knight", 0, 23, 17), "knight_not_ready")


def wedding_position():
    auth = position("wedding")
    s = auth.state
    add_vp(s, 1, 2)                        # 4 VP
    set_cards(s, 1, hand(brick=3, coin=2))
    add_vp(s, 2, 4)                        # 5 VP, one card
    set_cards(s, 2, hand(wool=1))
    add_vp(s, 3, 2)                        # 3 VP, no cards: exempt
    return auth


def test_wedding_richer_players_give_two_cards_of_their_own_choice_hidden_from_others():
    auth = wedding_position()
    s = auth.state
    t = Table(auth)
    t.play(0, "wedding")
    assert s.pending["kind"] == "wedding" and s.pending["seats"] == [1, 2]
    assert (("resolve", 1, "wedding", hand(coin=2))) in t.legal(1)
    assert t.legal(2) == [("resolve", 2, "wedding", hand(wool=1))]
    refuse(auth, ("end_turn", 0), "wrong_phase")                      # everyone waits
    refuse(auth, ("resolve", 3, "wedding", (0,) * 8), "wrong_phase")   # not asked
    refuse(auth, ("resolve", 1, "saboteur", hand(coin=2)), "wrong_decision")
    refuse(auth, ("resolve", 1, "wedding", hand(ore=2)), "bad_choice")  # cards not held
    r = t.resolve(1, "wedding", *hand(coin=2))
    for a in (2, 3, None):
        seen = r.for_audience(a)
        assert seen.cmd[3] == (None,) * 8
        assert events(seen, "gave") == [("gave", 1, 0, 2, None)]
    assert events(r.for_audience(0), "gave") == [("gave", 1, 0, 2, hand(coin=2))]
    t.resolve(2, "wedding", *hand(wool=1))
    assert s.hands[0] == list(hand(coin=2, wool=1)) and phase(s) == "main"


def test_wedding_players_with_equal_or_fewer_points_give_nothing():
    auth = position("wedding")
    s = auth.state
    set_cards(s, 1, hand(ore=2))          # 2 VP like seat 0
    set_cards(s, 2, hand(ore=2))          # 1 VP
    t = Table(auth)
    t.play(0, "wedding")
    assert s.pending is None and s.hands[1] == list(hand(ore=2))


def test_intrigue_displaces_a_knight_on_an_own_road_without_an_own_knight():
    auth = position("intrigue")
    s = auth.state
    put_road(s, 1, 23, 18, 13)
    put_knight(s, 1, 23, 2, active=True)
    t = Table(auth)
    assert t.legal(0, "progress") == [("progress", 0, P["intrigue"], (23,))]
    t.play(0, "intrigue", 23)
    assert s.pending["kind"] == "retreat" and s.pending["seats"] == [1]
    assert sorted(c[3] for c in t.legal(1)) == [(13,), (18,)]
    t.resolve(1, "retreat", 13)
    assert (s.knight_owner[13], s.knight_strength[13], s.knight_active[13]) == (1, 2, 1)
    assert s.knight_owner[23] == -1 and phase(s) == "main"


def test_saboteur_players_with_at_least_your_points_discard_half_their_choice():
    """Walls do not protect."""
    auth = position("saboteur")
    s = auth.state
    put_wall(s, 15)
    set_cards(s, 1, hand(brick=5, coin=4))          # 2 VP (= seat 0): discards 4
    set_cards(s, 2, hand(wool=8))                   # 1 VP: safe
    add_vp(s, 3, 2)
    set_cards(s, 3, hand(ore=3))                    # 3 VP: discards 1
    t = Table(auth)
    t.play(0, "saboteur")
    assert s.pending["kind"] == "saboteur" and s.pending["seats"] == [1, 3]
    assert ("resolve", 1, "saboteur", hand(coin=4)) in t.legal(1)
    r = t.resolve(3, "saboteur", *hand(ore=1))
    assert r.for_audience(2).events == (("discarded", 3, hand(ore=1)),)      # public
    t.resolve(1, "saboteur", *hand(brick=1, coin=3))
    assert s.hands[1] == list(hand(brick=4, coin=1)) and s.hands[2] == list(hand(wool=8))
    assert phase(s) == "main"


def test_spy_sees_a_hand_of_progress_cards_takes_one_privately_and_may_play_it_at_once():
    auth = position("spy")
    s = auth.state
    give_prog(s, 2, "spy")
    give_prog(s, 2, "medicine")
    give_vp_card(s, 2, "constitution")
    give_prog(s, 3, "crane")
    t = Table(auth)
    r = t.play(0, "spy", 2)
    for a in (1, 3, None):
        assert r.for_audience(a).outcome["reveal"][2] is None
        assert auth.view(a).pending["shown"] is None
    assert r.for_audience(2).outcome["reveal"][2] == s.prog[2]
    assert sorted(c[3] for c in t.legal(0)) == sorted([(P["spy"],), (P["medicine"],)])   # no VP card
    r = t.resolve(0, "spy", P["spy"])
    for a in (1, 3, None):
        assert r.for_audience(a).cmd[3] == (None,)
        assert events(r.for_audience(a), "spied") == [("spied", 0, 2, None)]
    assert events(r.for_audience(2), "spied") == [("spied", 0, 2, P["spy"])]
    assert s.prog[0][P["spy"]] == 1 and s.prog_n[2] == 1 and s.prog[2][P["medicine"]] == 1
    t.play(0, "spy", 3)                              # the stolen Spy, at once
    t.resolve(0, "spy", P["crane"])
    assert s.prog[0][P["crane"]] == 1 and s.prog_n == [1, 0, 1, 0]


def deserter_position():
    auth = position("deserter")
    s = auth.state
    put_road(s, 1, 23, 18, 13)
    put_knight(s, 1, 23, 2, active=True)
    put_knight(s, 1, 18, 1)
    return auth


def test_deserter_victim_chooses_the_knight_you_place_one_of_that_strength_and_state():
    auth = deserter_position()
    s = auth.state
    t = Table(auth)
    t.play(0, "deserter", 1)
    assert s.pending["kind"] == "deserter_remove" and s.pending["seats"] == [1]
    assert sorted(c[3] for c in t.legal(1)) == [(18,), (23,)]
    t.resolve(1, "deserter_remove", 23)
    assert s.knight_owner[23] == -1 and s.knights_left[1] == [1, 2, 2]
    assert s.pending["kind"] == "deserter_place" and s.pending["seats"] == [0]
    assert ("resolve", 0, "deserter_place", (23,)) in t.legal(0)
    t.resolve(0, "deserter_place", 12)
    assert (s.knight_owner[12], s.knight_strength[12], s.knight_active[12]) == (0, 2, 1)
    assert phase(s) == "main"


def test_deserter_weaker_knight_if_none_of_that_strength_left_mighty_without_fortress():
    auth = deserter_position()
    s = auth.state
    put_knight(s, 0, 12, 2)
    put_knight(s, 0, 17, 2)
    t = Table(auth)
    t.play(0, "deserter", 1)
    t.resolve(1, "deserter_remove", 23)
    assert s.pending["strength"] == 1
    t.resolve(0, "deserter_place", 23)
    assert (s.knight_strength[23], s.knight_active[23]) == (1, 1)


def test_deserter_mighty_knight_placed_without_a_fortress():
    auth = deserter_position()
    s = auth.state
    s.knight_strength[23] = 3
    s.knights_left[1] = [1, 2, 1]
    t = Table(auth)
    t.play(0, "deserter", 1)
    t.resolve(1, "deserter_remove", 23)
    t.resolve(0, "deserter_place", 12)
    assert s.knight_strength[12] == 3 and s.improvements[0][POLITICS] == 0


def test_deserter_no_free_spot_still_removes_but_places_nothing():
    auth = deserter_position()
    s = auth.state
    put_knight(s, 0, 12, 2)          # seat 0's road 7-12-17-23 has no free intersection:
    put_knight(s, 0, 17, 2)          # 7 is its city, 23 seat 1's knight
    t = Table(auth)
    t.play(0, "deserter", 1)
    r = t.resolve(1, "deserter_remove", 18)
    assert ("knight_deserted", 1, 18, 1) in r.events
    assert s.pending is None and s.knight_owner[18] == -1 and s.knights_left[0] == [2, 0, 2]
    assert phase(s) == "main"


# --- trade ---------------------------------------------------------------------------------------

def test_merchant_on_a_hex_at_an_own_building_2_to_1_and_1_vp_that_moves():
    auth = position("merchant")
    s = auth.state
    give_prog(s, 1, "merchant")
    set_cards(s, 0, hand(ore=2, wood=2))
    t = Table(auth)
    refuse(auth, ("progress", 0, P["merchant"], (14,)), "bad_choice")    # no own building there
    t.play(0, "merchant", 0)                                 # mountains
    assert s.merchant == [0, 0] and s.vp_public[0] == 3
    refuse(auth, ("maritime", 0, WOOD, GRAIN), "cannot_afford")
    t.do("maritime", 0, ORE, GRAIN)
    t.do("end_turn", 0)
    t.roll(1, 2, 0)
    t.play(1, "merchant", 6)
    assert s.merchant == [6, 1] and s.vp_public == [2, 3, 1, 1]


def harbor_position():
    auth = position("commercial_harbor")
    s = auth.state
    set_cards(s, 0, hand(wood=2, brick=1))
    set_cards(s, 1, hand(coin=1, cloth=1, ore=1))
    set_cards(s, 2, hand(wool=1))
    return auth


def test_CK_11_commercial_harbor_answer_is_a_commodity_of_the_answerers_choice_hidden_from_others():
    auth = harbor_position()
    s = auth.state
    t = Table(auth)
    t.play(0, "commercial_harbor")
    assert s.pending is None and phase(s) == "main"            # nothing blocks the turn
    assert {c[2] for c in t.legal(0, "harbor_trade")} == {1, 2, 3}
    r = t.do("harbor_trade", 0, 1, WOOD)
    for a in (2, 3, None):
        assert r.for_audience(a).cmd == ("harbor_trade", 0, 1, None)
        assert auth.view(a).pending["resource"] is None
    assert r.for_audience(1).cmd == ("harbor_trade", 0, 1, WOOD)
    assert auth.view(1).pending["resource"] == WOOD
    assert sorted(c[3] for c in t.legal(1)) == [(CLOTH,), (COIN,)]
    r = t.resolve(1, "harbor_answer", CLOTH)
    for a in (2, 3, None):
        assert r.for_audience(a).cmd[3] == (None,)
        assert events(r.for_audience(a), "harbor_swap") == [("harbor_swap", 0, 1, None, None)]
    assert events(r.for_audience(1), "harbor_swap") == [("harbor_swap", 0, 1, WOOD, CLOTH)]
    assert s.hands[0] == list(hand(wood=1, brick=1, cloth=1))
    assert s.hands[1] == list(hand(coin=1, wood=1, ore=1))
    assert phase(s) == "main"


def test_CK_11_commercial_harbor_a_player_without_commodities_swaps_nothing_said_openly():
    auth = harbor_position()
    s = auth.state
    t = Table(auth)
    t.play(0, "commercial_harbor")
    t.do("harbor_trade", 0, 2, BRICK)
    assert t.legal(2) == [("resolve", 2, "harbor_answer", (-1,))]
    r = t.resolve(2, "harbor_answer", -1)
    assert ("harbor_swap", 0, 2, None, -1) in r.for_audience(3).events
    assert s.hands[0] == list(hand(wood=2, brick=1)) and s.hands[2] == list(hand(wool=1))
    refuse(auth, ("harbor_trade", 0, 2, WOOD), "bad_target")     # the swap with seat 2 is used


def test_CK_11_commercial_harbor_lasts_the_turn_between_other_actions_once_per_player():
    """Seed 003: 'Van dit voordeel mag je gebruik maken zolang je aan de beurt
    bent. Je mag echter met iedere andere speler maar éénmaal deze ruil afdwingen.'"""
    auth = harbor_position()
    s = auth.state
    set_cards(s, 0, hand(wood=6, brick=2))
    set_cards(s, 3, hand(paper=1))
    t = Table(auth)
    t.play(0, "commercial_harbor")
    t.do("harbor_trade", 0, 1, WOOD)
    t.resolve(1, "harbor_answer", COIN)
    t.do("maritime", 0, WOOD, GRAIN)                   # a bank trade after the first swap
    assert {c[2] for c in t.legal(0, "harbor_trade")} == {2, 3}   # seat 1 was forced once
    refuse(auth, ("harbor_trade", 0, 1, WOOD), "bad_target")
    refuse(auth, ("harbor_trade", 0, 0, WOOD), "bad_target")       # never with oneself
    refuse(auth, ("harbor_trade", 0, 3, ORE), "missing_cards")
    t.do("build_road", 0, STANDARD.edge_between(23, 29))        # building in between
    t.do("harbor_trade", 0, 3, BRICK)
    t.resolve(3, "harbor_answer", PAPER)
    assert s.hands[0][PAPER] == 1 and s.hands[3][BRICK] == 1
    assert {c[2] for c in t.legal(0, "harbor_trade")} == {2}
    t.do("end_turn", 0)                                  # the right ends with the turn
    for _ in range(3):
        t.roll(1, 2, 0)
        t.do("end_turn", s.current)
    t.roll(1, 2, 0)
    assert s.current == 0 and t.legal(0, "harbor_trade") == []
    refuse(auth, ("harbor_trade", 0, 2, WOOD), "no_card")


def test_CK_11_two_commercial_harbors_in_one_turn_force_two_swaps_with_each():
    auth = harbor_position()
    s = auth.state
    give_prog(s, 0, "commercial_harbor")
    t = Table(auth)
    t.play(0, "commercial_harbor")
    t.play(0, "commercial_harbor")
    t.do("harbor_trade", 0, 1, WOOD)
    t.resolve(1, "harbor_answer", COIN)
    t.do("harbor_trade", 0, 1, WOOD)
    t.resolve(1, "harbor_answer", CLOTH)
    assert s.hands[0][COIN] == 1 and s.hands[0][CLOTH] == 1
    refuse(auth, ("harbor_trade", 0, 1, BRICK), "bad_target")


def test_CK_11_merchant_fleet_two_to_one_for_one_kind_this_turn_only():
    auth = position("merchant_fleet")
    s = auth.state
    set_cards(s, 0, hand(coin=4))
    t = Table(auth)
    t.play(0, "merchant_fleet", COIN)
    t.do("maritime", 0, COIN, ORE)
    assert s.hands[0] == list(hand(coin=2, ore=1))
    for _ in range(4):
        t.do("end_turn", s.current)
        t.roll(1, 2, 0)
    refuse(auth, ("maritime", 0, COIN, ORE), "cannot_afford")


def test_CK_11_two_merchant_fleets_in_one_turn_both_apply():
    """Seed 003: each fleet gives one kind at 2:1 'tot het einde van je beurt'."""
    auth = position("merchant_fleet")
    s = auth.state
    give_prog(s, 0, "merchant_fleet")
    set_cards(s, 0, hand(coin=2, wool=2))
    t = Table(auth)
    t.play(0, "merchant_fleet", COIN)
    t.play(0, "merchant_fleet", WOOL)
    t.do("maritime", 0, COIN, ORE)
    t.do("maritime", 0, WOOL, ORE)                       # the first fleet still applies
    assert s.hands[0] == list(hand(ore=2))


def test_master_merchant_takes_two_chosen_cards_from_a_richer_player_privately():
    auth = position("master_merchant")
    s = auth.state
    add_vp(s, 1, 1)
    set_cards(s, 1, hand(ore=1, coin=2, wool=1))
    set_cards(s, 2, hand(ore=3))
    t = Table(auth)
    refuse(auth, ("progress", 0, P["master_merchant"], (2,)), "bad_choice")     # fewer VP
    r = t.play(0, "master_merchant", 1)
    assert r.for_audience(1).outcome["reveal"][2] == list(hand(ore=1, coin=2, wool=1))
    for a in (2, 3, None):
        assert r.for_audience(a).outcome["reveal"][2] is None
        assert auth.view(a).pending["shown"] is None
    assert len(t.legal(0)) == 4          # ore+coin, ore+wool, coin+coin, coin+wool
    r = t.resolve(0, "master_merchant", *hand(ore=1, coin=1))
    for a in (2, 3, None):
        assert r.for_audience(a).cmd[3] == (None,) * 8
        assert events(r.for_audience(a), "took") == [("took", 0, 1, 2, None)]
    assert s.hands[0] == list(hand(ore=1, coin=1)) and s.hands[1] == list(hand(coin=1, wool=1))


def test_resource_monopoly_each_other_player_gives_up_to_two():
    auth = position("resource_monopoly")
    s = auth.state
    set_cards(s, 1, hand(ore=3))
    set_cards(s, 2, hand(ore=1, wool=1))
    t = Table(auth)
    r = t.play(0, "resource_monopoly", ORE)
    assert s.hands[0] == list(hand(ore=3)) and s.hands[1] == list(hand(ore=1))
    assert ("monopoly", 0, ORE, (0, 2, 1, 0)) in r.for_audience(3).events


def test_trade_monopoly_each_other_player_gives_one_commodity():
    auth = position("trade_monopoly")
    s = auth.state
    set_cards(s, 1, hand(coin=2))
    set_cards(s, 2, hand(coin=1, paper=1))
    t = Table(auth)
    t.play(0, "trade_monopoly", COIN)
    assert s.hands[0] == list(hand(coin=2)) and s.hands[1] == list(hand(coin=1))
    assert s.hands[2] == list(hand(paper=1))
    refuse(auth, ("progress", 0, P["trade_monopoly"], (ORE,)), "no_card")


def test_CK_11_invariants_catch_impossible_harbor_and_fleet_records():
    from game.engine.invariants import check_state
    auth = harbor_position()
    s = auth.state
    assert check_state(s) == []
    s.harbor_swaps[0] = 1                                  # a swap owed by the current player
    assert any("Commercial Harbor" in p for p in check_state(s))
    s.harbor_swaps[0] = 0
    s.fleet = 1 << 8                                       # only 8 card kinds exist
    assert any("Merchant Fleet" in p for p in check_state(s))
