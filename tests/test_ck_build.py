"""Cities & Knights trade, building, knights and city improvements (CK-4 … CK-7),
through the command path on the beginner board.

Board facts: hex 4 hills 6 (8 13 18 23 17 12), hex 9 desert (18 24 30 35 29 23),
hex 5 pasture 4 (9 14 19 24 18 13), hex 8 forest 11 (17 23 29 34 28 22);
node 0 has a 3:1 harbor, nodes 27 and 33 the grain 2:1 harbor."""


from game.engine.constants import (
    BRICK, CLOTH, COIN, GRAIN, ORE, PAPER, POLITICS, SCIENCE, TRADE, WOOD,
)
from game.engine.rules import discard_limit

from game.engine.board import STANDARD
from game.engine.notation import names_of
from game.engine.position import format

from base_helpers import game_at, side
from ck_helpers import (
    fix_next,
    Table, events, hand, make_ck, phase, put_building, put_city, put_knight, put_metropolis,
    put_road, refuse, set_cards, set_level, start_turn,
)
N = names_of(STANDARD).node_id


# --- CK-4 trade ---------------------------------------------------------------------------

def test_CK_4_1_commodities_trade_4_to_1_and_3_to_1_at_a_generic_harbor():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    put_building(s, 0, 0)                           # 3:1 harbor
    set_cards(s, 0, hand(coin=3, cloth=4))
    start_turn(auth, 0)
    t = Table(auth)
    assert ("maritime", 0, CLOTH, ORE) in t.legal(0)
    r = t.do("maritime", 0, COIN, PAPER)             # 3 coin at the 3:1 harbor
    assert events(r, "maritime") == [("maritime", 0, COIN, 3, PAPER)]
    assert s.hands[0] == list(hand(cloth=4, paper=1))


def test_CK_4_1_resource_harbor_2_to_1_for_a_commodity_and_player_trades_with_commodities():
    auth = make_ck()
    s = auth.state
    put_building(s, 0, 27)                           # grain 2:1 harbor
    put_building(s, 1, 13)
    set_cards(s, 0, hand(grain=2, coin=1))
    set_cards(s, 1, hand(wood=1))
    start_turn(auth, 0)
    t = Table(auth)
    refuse(auth, ("maritime", 0, COIN, ORE), "cannot_afford")       # 4:1 without a harbor
    t.do("maritime", 0, GRAIN, CLOTH)
    assert s.hands[0] == list(hand(cloth=1, coin=1))
    t.do("offer", 0, hand(coin=1), hand(wood=1), (1,), listed=False)
    t.do("accept", 1)
    t.do("confirm_trade", 0, 1)
    assert s.hands[0] == list(hand(cloth=1, wood=1)) and s.hands[1] == list(hand(coin=1))


def test_CK_4_2_and_CK_6_3_trading_house_two_commodities_for_any_card():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    set_level(s, 0, TRADE, 3)
    set_cards(s, 0, hand(paper=2, wood=3))
    start_turn(auth, 0)
    t = Table(auth)
    refuse(auth, ("maritime", 0, WOOD, ORE), "cannot_afford")      # resources stay 4:1
    t.do("maritime", 0, PAPER, ORE)
    assert s.hands[0] == list(hand(ore=1, wood=3))


def test_CK_4_3_progress_cards_are_never_traded():
    """Trade terms hold the 8 card kinds only: no slot for a progress card."""
    auth = make_ck()
    s = auth.state
    put_building(s, 0, 7)
    set_cards(s, 0, hand(wood=1))
    start_turn(auth, 0)
    refuse(auth, ("offer", 0, hand(wood=1) + (1,), hand(ore=1), (1,)), "malformed")


# --- CK-5 building ------------------------------------------------------------------------

def test_CK_5_1_wall_two_brick_under_own_city_one_each_three_in_all():
    auth = make_ck()
    s = auth.state
    for node in (7, 15, 24, 41):
        put_city(s, 0, node)
    put_building(s, 0, 39)
    put_city(s, 1, 52)
    set_cards(s, 0, hand(brick=8))
    start_turn(auth, 0)
    t = Table(auth)
    assert sorted(c[2] for c in t.legal(0, "build_wall")) == [7, 15, 24, 41]
    t.do("build_wall", 0, 7)
    assert s.hands[0][BRICK] == 6 and s.wall[7] == 1 and discard_limit(s, 0) == 9
    refuse(auth, ("build_wall", 0, 7), "bad_spot")            # one per city
    refuse(auth, ("build_wall", 0, 39), "bad_spot")           # settlement
    refuse(auth, ("build_wall", 0, 52), "bad_spot")           # someone else's city
    t.do("build_wall", 0, 15)
    t.do("build_wall", 0, 24)
    assert discard_limit(s, 0) == 13
    refuse(auth, ("build_wall", 0, 41), "no_pieces")          # 3 per player


def knight_position(knights0="", hand0="", more=""):
    """Seat 0: settlement A6, roads D3 E7 I3 (to D4, E6, I4).  Seat 1: settlement B6,
    roads E3 F7 (to E4, F6).  Written in the position notation (docs/position.md)."""
    return game_at(f"""game ck players=4 board=beginner seed=1
settlements 0: A6  1: B6
roads 0: D3 E7 I3  1: E3 F7
knights 0: {knights0}
hands 0: {hand0 or "-"}
turn 3 current 0 phase main dice 1,2,0
{more}""")


def test_CK_5_2_recruit_basic_inactive_knight_on_own_road_distance_rule_off():
    auth = knight_position(hand0="SSSSOOOO")
    s = auth.state
    t = Table(auth)
    assert sorted(c[2] for c in t.legal(0, "recruit_knight")) == sorted(N(x) for x in ("D4", "E6", "I4"))
    refuse(auth, ("recruit_knight", 0, N("E4")), "bad_spot")       # seat 1's road only
    t.do("recruit_knight", 0, N("D4"))                             # next to own settlement A6
    assert (s.knight_owner[N("D4")], s.knight_strength[N("D4")], s.knight_active[N("D4")]) == (0, 1, 0)
    assert s.hands[0] == list(hand(ore=3, wool=3))
    t.do("recruit_knight", 0, N("I4"))
    refuse(auth, ("recruit_knight", 0, N("E6")), "no_pieces")      # promote one first
    t.do("promote_knight", 0, N("I4"))
    t.do("recruit_knight", 0, N("E6"))
    assert s.knights_left[0] == [0, 1, 2]


def test_CK_5_3_activate_for_grain_at_once_but_no_action_this_turn():
    auth = knight_position(hand0="SGO")
    s = auth.state
    t = Table(auth)
    t.do("recruit_knight", 0, N("D4"))
    t.do("activate_knight", 0, N("D4"))
    assert s.knight_active[N("D4")] == 1 and s.hands[0] == [0] * 8
    assert "D4:1af" in format(s)                                   # active, and fresh this turn
    refuse(auth, ("move_knight", 0, N("D4"), N("I4")), "knight_not_ready")
    for _ in range(4):
        t.do("end_turn", s.current)
        t.roll(1, 2, 3)
    assert ("move_knight", 0, N("D4"), N("I4")) in t.legal(0)


def test_CK_5_4_promote_keeps_state_once_per_turn_mighty_needs_fortress():
    """CK-5.4, CK-6.3 (fortress)."""
    auth = knight_position(knights0="D4:1a E6:1", hand0="SSSSSSOOOOOO")
    s = auth.state
    t = Table(auth)
    t.do("promote_knight", 0, N("D4"))
    assert (s.knight_strength[N("D4")], s.knight_active[N("D4")]) == (2, 1)
    refuse(auth, ("promote_knight", 0, N("D4")), "bad_spot")       # once per turn
    t.do("promote_knight", 0, N("E6"))
    assert s.knight_active[N("E6")] == 0
    for _ in range(4):
        t.do("end_turn", s.current)
        t.roll(1, 2, 0)
    refuse(auth, ("promote_knight", 0, N("D4")), "bad_spot")       # no fortress
    s.improvements[0][POLITICS] = 3
    t = Table(auth)
    t.do("promote_knight", 0, N("D4"))
    assert s.knight_strength[N("D4")] == 3 and s.knights_left[0] == [2, 1, 1]


def test_CK_5_4_at_most_two_knights_of_a_strength():
    auth = knight_position(knights0="D4:2 E6:2 I4:1", hand0="SO")
    refuse(auth, ("promote_knight", 0, N("I4")), "bad_spot")


def test_CK_5_5_a_knight_breaks_another_players_longest_road():
    auth = game_at("""game ck players=4 board=beginner seed=1
settlements 0: A8  1: B6
roads 0: A7 D3 E7 I3 I5  1: E3 E5
hands 1: SO
turn 3 current 1 phase main dice 1,2,0
""")
    s = auth.state
    assert s.longest_road == 0 and s.road_len[0] == 5            # 5 roads through E6
    t = Table(auth)
    r = t.do("recruit_knight", 1, N("E6"))                       # inactive, and still it cuts
    assert s.road_len[0] == 3 and s.longest_road == -1 and events(r, "longest_road")
    assert s.vp_public[0] == 1


def test_CK_5_5_a_knight_stops_another_player_building_past_its_intersection():
    def position(knights):
        return game_at(f"""game ck players=4 board=beginner seed=1
settlements 0: A6  1: B6
roads 0: D3 E7  1: E3 E5
{knights}
hands 0: WWBB
turn 3 current 0 phase main dice 1,2,0
""")
    assert ("build_road", 0, side("I3")) in Table(position("")).legal(0)
    refuse(position("knights 1: E6:1"), ("build_road", 0, side("I3")), "bad_spot")


def test_CK_5_6_settling_on_an_own_knight_needs_the_knight_to_move_away_first():
    auth = knight_position(knights0="E6:1a", hand0="WBSG")
    s = auth.state
    t = Table(auth)
    err = refuse(auth, ("build_settlement", 0, N("E6")), "bad_spot")
    assert err
    t.do("move_knight", 0, N("E6"), N("I4"))
    t.do("build_settlement", 0, N("E6"))
    assert s.node_owner[N("E6")] == 0


def test_CK_5_6_an_inactive_own_knight_cannot_move_so_the_spot_stays_closed():
    auth = knight_position(knights0="E6:1", hand0="WBSG")
    Table(auth)                                      # (checks the position)
    refuse(auth, ("move_knight", 0, N("E6"), N("I4")), "knight_not_ready")
    refuse(auth, ("build_settlement", 0, N("E6")), "bad_spot")


# --- CK-6 city improvements and metropolises ----------------------------------------------

def improve_position(cities="0: A8 F6  1: G2  2: O4", more="", current=0):
    """Seat 0: cities A8 and F6; seats 1 and 2 one city each (G2, O4)."""
    return game_at(f"""game ck players=4 board=beginner seed=1
cities {cities}
turn 3 current {current} phase main dice 1,2,0
{more}""")


def test_CK_6_1_level_k_costs_k_commodities_of_the_track():
    auth = improve_position(more="hands 0: PCMMM")
    s = auth.state
    t = Table(auth)
    assert sorted(c[2] for c in t.legal(0, "improve")) == [TRADE, POLITICS, SCIENCE]
    t.do("improve", 0, POLITICS)
    t.do("improve", 0, POLITICS)
    assert s.improvements[0] == [0, 2, 0] and s.hands[0] == list(hand(cloth=1, paper=1))
    refuse(auth, ("improve", 0, POLITICS), "cannot_improve")      # level 3 costs 3 coin
    t.do("improve", 0, TRADE)                                     # paid in cloth
    t.do("improve", 0, SCIENCE)                                   # paid in paper
    assert s.hands[0] == [0] * 8 and s.bank[COIN] == 12


def test_CK_6_1_and_CK_6_6_no_improvement_without_a_city():
    """A settlement (or a city reduced to one) does not count as a city."""
    auth = make_ck()
    s = auth.state
    put_building(s, 0, 7)
    set_level(s, 0, POLITICS, 2)
    set_cards(s, 0, hand(coin=3))
    start_turn(auth, 0)
    refuse(auth, ("improve", 0, POLITICS), "cannot_improve")


def test_CK_6_2_each_track_has_five_levels():
    """Market … great exchange, town hall … high assembly, abbey … university:
    five levels, nothing beyond."""
    auth = improve_position("0: A8+science F6+trade  1: G2  2: O4",
                            "improvements 0: science=4 trade=5\nhands 0: PPPPPCCCCCC")
    s = auth.state
    t = Table(auth)
    refuse(auth, ("improve", 0, TRADE), "cannot_improve")
    t.do("improve", 0, SCIENCE)
    assert s.improvements[0][SCIENCE] == 5
    refuse(auth, ("improve", 0, SCIENCE), "cannot_improve")


def test_CK_6_4_first_to_level_4_places_the_metropolis_choosing_the_city():
    auth = improve_position(more="improvements 0: politics=3\nhands 0: MMMM")
    s = auth.state
    t = Table(auth)
    vp = s.vp_public[0]
    t.do("improve", 0, POLITICS)
    assert phase(s) == "decide" and s.pending["kind"] == "metropolis" and s.pending["seats"] == [0]
    assert sorted(c[3] for c in t.legal(0)) == [(N("A8"),), (N("F6"),)]
    assert t.legal(1) == []
    refuse(auth, ("resolve", 0, "metropolis", (N("O4"),)), "bad_choice")
    r = t.resolve(0, "metropolis", N("F6"))
    assert s.metropolis[POLITICS] == N("F6") and s.vp_public[0] == vp + 2
    assert ("metropolis", 0, POLITICS, N("F6")) in r.events and phase(s) == "main"


def test_CK_6_4_level_4_second_takes_nothing_level_5_first_takes_it_then_it_is_secure():
    auth = improve_position("0: A8+politics F6  1: G2  2: O4",
                            "improvements 0: politics=4  1: politics=3  2: politics=4\n"
                            "hands 1: MMMMMMMMM", current=1)
    s = auth.state
    t = Table(auth)
    t.do("improve", 1, POLITICS)                      # level 4, second: nothing
    assert s.metropolis[POLITICS] == N("A8")
    t.do("improve", 1, POLITICS)                      # level 5 first: takes it (one city)
    assert s.metropolis[POLITICS] == N("G2")
    assert s.vp_public[0] == 4 and s.vp_public[1] == 4
    t.do("end_turn", 1)
    t.roll(1, 2, 0)
    set_cards(s, 2, hand(coin=5))
    t = Table(auth)
    t.do("improve", 2, POLITICS)                      # level 5 too late: secured
    assert s.metropolis[POLITICS] == N("G2") and s.vp_public[2] == 2


def test_CK_6_5_only_city_a_metropolis_blocks_level_4_elsewhere_until_another_city():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    put_building(s, 0, 24)
    set_level(s, 0, TRADE, 4)
    put_metropolis(s, TRADE, 7)
    set_level(s, 0, SCIENCE, 3)
    set_cards(s, 0, hand(paper=4, grain=2, ore=3))
    start_turn(auth, 0)
    t = Table(auth)
    refuse(auth, ("improve", 0, SCIENCE), "cannot_improve")
    t.do("build_city", 0, 24)
    t.do("improve", 0, SCIENCE)
    assert s.metropolis[SCIENCE] == 24


# --- CK-7 knight actions --------------------------------------------------------------------

def test_CK_7_1_move_along_own_roads_to_a_free_intersection_then_inactive():
    auth = knight_position()
    s = auth.state
    put_road(s, 0, 17, 22)
    put_knight(s, 0, 17, 2, active=True)
    put_knight(s, 1, 23)                             # foreign knight on the way to 29
    set_cards(s, 0, hand(grain=1))
    t = Table(auth)
    assert sorted(c[3] for c in t.legal(0, "move_knight")) == [22]
    refuse(auth, ("move_knight", 0, 17, 29), "bad_spot")        # cannot pass 23
    refuse(auth, ("move_knight", 0, 17, 18), "bad_spot")        # not on own roads
    t.do("move_knight", 0, 17, 22)
    assert (s.knight_owner[22], s.knight_strength[22], s.knight_active[22]) == (0, 2, 0)
    assert s.knight_owner[17] == -1
    # Re-activated for 1 grain, it cannot act again this turn (CK-7).
    t.do("activate_knight", 0, 22)
    refuse(auth, ("move_knight", 0, 22, 17), "knight_not_ready")


def displace_position(knights="0: A6:2a  1: E6:1a"):
    """Seat 0: settlement A8, roads A7 D3 E7 I3 (by A6, D4, E6 to I4), strong active
    knight on A6.  Seat 1: settlement B6, roads E3 E5 and F7 (by E4 to E6 and F6),
    basic active knight on E6."""
    return game_at(f"""game ck players=4 board=beginner seed=1
settlements 0: A8  1: B6
roads 0: A7 D3 E7 I3  1: E3 E5 F7
knights {knights}
turn 3 current 0 phase main dice 1,2,0
""")


def test_CK_7_2_displace_a_weaker_knight_whose_owner_chooses_the_retreat():
    auth = displace_position()
    s = auth.state
    t = Table(auth)
    assert ("displace_knight", 0, N("A6"), N("E6")) in t.legal(0)
    t.do("displace_knight", 0, N("A6"), N("E6"))
    assert s.pending["kind"] == "retreat" and s.pending["seats"] == [1]
    assert sorted(c[3] for c in t.legal(1)) == sorted([(N("E4"),), (N("F6"),)])
    assert t.legal(0) == []
    t.resolve(1, "retreat", N("F6"))
    assert (s.knight_owner[N("F6")], s.knight_strength[N("F6")], s.knight_active[N("F6")]) == (1, 1, 1)
    assert (s.knight_owner[N("E6")], s.knight_active[N("E6")]) == (0, 0)
    assert phase(s) == "main"


def test_CK_7_2_no_retreat_place_returns_the_knight_to_supply():
    # seat 1's own knight fills E4 and a foreign knight F6: nowhere free to retreat
    auth = displace_position("0: A6:2a  1: E6:1a E4:1  2: F6:1")
    s = auth.state
    t = Table(auth)
    r = t.do("displace_knight", 0, N("A6"), N("E6"))
    assert s.pending is None and ("knight_to_supply", 1, 1) in r.events
    assert s.knights_left[1] == [1, 2, 2]


def test_CK_7_2_only_strictly_weaker_and_never_own_knights():
    auth = displace_position("0: A6:1a I4:1  1: E6:1a")
    Table(auth)
    refuse(auth, ("displace_knight", 0, N("A6"), N("E6")), "too_weak")
    refuse(auth, ("displace_knight", 0, N("A6"), N("I4")), "bad_spot")


def test_CK_7_3_chase_the_robber_after_the_first_attack_and_steal():
    auth = make_ck()
    s = auth.state
    s.barb_attacks = 1
    s.robber = 4                                     # hills 6: 8 13 18 23 17 12
    put_building(s, 0, 7)
    put_road(s, 0, 7, 12, 17)
    put_knight(s, 0, 17, active=True)
    put_building(s, 1, 9)                            # on pasture hex 5
    set_cards(s, 1, hand(coin=1))
    start_turn(auth, 0)
    t = Table(auth)
    fix_next(auth, 0)
    t.do("chase_robber", 0, 17)
    assert s.knight_active[17] == 0 and phase(s) == "robber"
    t.do("move_robber", 0, 5)
    fix_next(auth, 0)
    r = t.do("steal", 0, 1)
    assert s.hands[0] == list(hand(coin=1)) and phase(s) == "main"
    assert r.for_audience(2).events[0][3] is None


def test_CK_4_1_trade_and_build_in_any_order_after_rolling():
    """Seed 003, turn overview: 'Dan mag hij in willekeurige volgorde: a) Handelen
    b) Bouwen' — in Cities & Knights a player may still trade after building."""
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    set_cards(s, 0, hand(brick=2, ore=4))
    start_turn(auth, 0)
    t = Table(auth)
    t.do("build_wall", 0, 7)
    t.do("maritime", 0, ORE, GRAIN)
    assert s.hands[0] == list(hand(grain=1))


def test_CK_5_5_and_CK_7_2_displacing_the_blocking_knight_rejoins_the_road():
    auth = make_ck()
    s = auth.state
    put_building(s, 0, 7)
    put_road(s, 0, 7, 12, 17, 23, 29, 34)
    put_knight(s, 0, 12, 2, active=True)
    put_building(s, 1, 13)
    put_road(s, 1, 13, 18, 23)
    put_knight(s, 1, 23, 1)
    start_turn(auth, 0)
    t = Table(auth)
    assert s.road_len[0] == 3 and s.longest_road == -1
    r = t.do("displace_knight", 0, 12, 23)
    assert s.road_len[0] == 5 and s.longest_road == 0 and ("longest_road", 0, 5) in r.events
    t.resolve(1, "retreat", 18)
    assert s.knight_owner[18] == 1 and s.knight_active[18] == 0
