"""Cities & Knights components, setup and the three-dice roll (CK-1, CK-2, CK-3),
through the command path on the beginner board.

Beginner board facts used here: hex 0 mountains 10 (nodes 0 4 8 12 7 3),
hex 6 hills 10 (10 15 20 25 19 14), hex 5 pasture 4 (9 14 19 24 18 13),
hex 14 fields 4 (30 36 41 45 40 35), hex 12 forest 8 (28 34 39 43 38 33),
hex 9 desert (robber) and hex 7 fields 9 (16 22 28 33 27 21)."""

from collections import Counter

from game.engine import legal_commands
from game.engine.constants import (
    BRICK, COIN, GRAIN, ORE, PAPER, POLITICS, PROGRESS_CARDS, SCIENCE, TRADE,
)
from game.engine.state import DISCARD, MAIN, ROBBER

from ck_helpers import (
    P, Table, events, give_prog, hand, make_ck, on_top, phase, put_building, put_city, put_knight,
    put_road, put_wall, refuse, set_cards, set_level, start_turn,
)


# --- CK-1 components --------------------------------------------------------------------

def test_CK_1_1_no_development_cards_or_largest_army_but_longest_road_stays():
    auth = make_ck()
    s = auth.state
    put_building(s, 0, 12)
    put_road(s, 0, 12, 17, 22, 16, 11)              # 4 roads
    set_cards(s, 0, hand(wood=1, brick=1, grain=1, wool=1, ore=1))
    start_turn(auth, 0)
    t = Table(auth)
    assert not [c for c in legal_commands(s, 0) if c[0] in ("buy_dev", "play_knight")]
    refuse(auth, ("buy_dev", 0), "not_in_these_rules")
    refuse(auth, ("play_knight", 0), "not_in_these_rules")
    r = t.do("build_road", 0, t.legal(0, "build_road")[0][2])
    assert s.road_len[0] == 5 and s.longest_road == 0 and events(r, "longest_road")
    assert s.largest_army == -1 and s.deck_n == 0


def test_CK_1_2_commodities_twelve_each_in_the_bank():
    s = make_ck().state
    assert s.bank == [19] * 5 + [12] * 3
    assert all(len(h) == 8 for h in s.hands)


ALMANAC = {   # seed 003 almanac, as restated in RULES.md CK-11
    SCIENCE: {"alchemist": 2, "crane": 2, "mining": 2, "irrigation": 2, "printer": 1, "inventor": 2,
              "engineer": 1, "medicine": 2, "smith": 2, "road_building": 2},
    POLITICS: {"bishop": 2, "diplomat": 2, "warlord": 2, "wedding": 2, "intrigue": 2, "saboteur": 2,
               "spy": 3, "deserter": 2, "constitution": 1},
    TRADE: {"merchant": 6, "commercial_harbor": 2, "merchant_fleet": 2, "master_merchant": 2,
            "resource_monopoly": 4, "trade_monopoly": 2},
}


def test_CK_1_3_three_progress_decks_of_18_with_the_almanac_contents():
    """CK-1.3, CK-11: science, politics and trade decks of 18 each."""
    s = make_ck().state
    for track, contents in ALMANAC.items():
        assert sum(contents.values()) == 18
        deck = Counter(PROGRESS_CARDS[c][0] for c in s.prog_decks[track])
        assert deck == Counter(contents) and s.prog_deck_n[track] == 18
    assert s.prog_n == [0] * 4


def test_CK_1_4_and_CK_1_5_defenders_knights_walls_improvement_charts():
    """CK-1.4: 6 Defender cards; CK-1.5: 2 knights per strength, 3 walls, three
    tracks at level 0, three metropolises unplaced."""
    s = make_ck().state
    assert s.defenders_left == 6 and s.defenders == [0] * 4
    assert s.knights_left == [[2, 2, 2]] * 4 and s.walls_left == [3] * 4
    assert s.improvements == [[0, 0, 0]] * 4 and s.metropolis == [-1, -1, -1]


def test_CK_1_6_ship_starts_at_the_start_and_lands_on_the_7th_step():
    auth = make_ck()
    start_turn(auth, 0, "roll")
    t = Table(auth)
    assert auth.state.barb_pos == 0
    for step in range(1, 7):
        r = t.roll(1, 2, step % 3)                    # faces 0, 1 and 2 are all ships
        assert events(r, "barbarians_advance") == [("barbarians_advance", step)]
        t.do("end_turn", auth.state.current)
    r = t.roll(1, 2, 0)
    assert events(r, "barbarians_attack") and auth.state.barb_pos == 0


def test_CK_1_7_and_CK_10_thirteen_points_win_by_default():
    auth = make_ck()
    assert auth.state.config["vp_target"] == 13


# --- CK-2 setup -----------------------------------------------------------------------------

def _setup_through(t, until_city_node=12):
    """Play the setup taking the highest free node in round 1 (far from node
    12) and node 12 for the first city of round 2."""
    s = t.state
    last_city = None
    while s.phase in (0, 1):
        seat = s.current
        options = legal_commands(s, seat)
        if options[0][0] == "place_city":
            node = until_city_node if ("place_city", seat, until_city_node) in options else options[-1][2]
            r = t.do("place_city", seat, node)
            last_city = (seat, node, r)
        else:
            t.do(*options[-1])
    return last_city


def test_CK_2_1_round_one_settlement_round_two_city():
    auth = make_ck()
    t = Table(auth)
    s = auth.state
    for _ in range(4):
        kinds = {c[0] for c in legal_commands(s, s.current)}
        assert kinds == {"place_settlement"}
        refuse(auth, ("place_city", s.current, legal_commands(s, s.current)[-1][2]), "wrong_phase")
        t.do(*legal_commands(s, s.current)[-1])
        t.do(*legal_commands(s, s.current)[-1])
    kinds = {c[0] for c in legal_commands(s, s.current)}
    assert kinds == {"place_city"}
    refuse(auth, ("place_settlement", s.current, 12), "wrong_phase")
    t.do("place_city", s.current, 12)
    assert s.node_level[12] == 2 and s.vp_public[s.node_owner[12]] == 3


def test_CK_2_2_starting_resources_one_per_hex_of_the_city_no_commodities():
    auth = make_ck()
    t = Table(auth)
    for _ in range(8):
        t.do(*legal_commands(auth.state, auth.state.current)[-1])
    seat = auth.state.current
    before = list(auth.state.hands[seat])
    t.do("place_city", seat, 12)             # mountains, fields, hills
    gained = [a - b for a, b in zip(auth.state.hands[seat], before)]
    assert gained == list(hand(ore=1, grain=1, brick=1))


def test_CK_2_3_the_player_who_placed_the_last_city_starts():
    auth = make_ck(seed=5)
    t = Table(auth)
    seat, _, _ = _setup_through(t)
    assert auth.state.current == seat == auth.state.first_player
    assert phase(auth.state) == "roll"


# --- CK-3 the roll --------------------------------------------------------------------------

def roll_position():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    put_road(s, 0, 7, 12)
    start_turn(auth, 0, "roll")
    return auth


def test_CK_3_1_before_rolling_only_the_alchemist():
    auth = roll_position()
    s = auth.state
    give_prog(s, 0, "alchemist")
    give_prog(s, 0, "merchant")
    set_cards(s, 0, hand(wood=2, brick=4, ore=4))
    t = Table(auth)
    kinds = Counter(c[0] if c[0] != "progress" else PROGRESS_CARDS[c[2]][0] for c in t.legal(0))
    assert kinds == {"roll": 1, "alchemist": 36}
    refuse(auth, ("build_road", 0, 0), "wrong_phase")
    refuse(auth, ("build_wall", 0, 7), "wrong_phase")
    refuse(auth, ("maritime", 0, ORE, GRAIN), "wrong_phase")
    refuse(auth, ("progress", 0, P["merchant"], (0,)), "roll_first")
    t.roll(1, 2, 0)
    refuse(auth, ("progress", 0, P["alchemist"], (3, 4)), "wrong_phase")
    assert t.legal(0, "progress")                   # the merchant now


def test_CK_3_2_barbarians_attack_before_production_of_the_same_roll():
    """The ship lands; the lone city (no knights) is pillaged first, so the 10 on
    the mountains pays the reduced city as a settlement: 1 ore, no coin."""
    auth = roll_position()
    auth.state.barb_pos = 6
    t = Table(auth)
    r = t.roll(4, 6, 1)
    kinds = [e[0] for e in r.events]
    assert kinds.index("barbarians_attack") < kinds.index("produced")
    assert ("city_lost", 0, 7) in r.events
    assert auth.state.hands[0] == list(hand(ore=1))


def test_CK_3_3_city_gate_draws_by_level_and_red_die_clockwise_from_current():
    auth = make_ck()
    s = auth.state
    start_turn(auth, 2, "roll")
    set_level(s, 0, POLITICS, 1)      # covers red 1-2: no
    set_level(s, 1, POLITICS, 2)      # covers 1-3: yes
    set_level(s, 2, TRADE, 5)         # wrong colour: no
    set_level(s, 3, POLITICS, 5)      # yes
    on_top(s, "spy")
    on_top(s, "warlord")              # drawn first, by seat 3
    t = Table(auth)
    r = t.roll(1, 3, 3 + POLITICS)
    assert r.outcome["draws"] == [[3, P["warlord"]], [1, P["spy"]]]
    assert s.prog[3][P["warlord"]] == 1 and s.prog[1][P["spy"]] == 1
    assert s.prog_n == [0, 1, 0, 1] and s.prog_deck_n[POLITICS] == 16
    # Hidden from everyone but the drawer (CK-9, hidden information).
    assert r.for_audience(0).outcome["draws"] == [[3, None], [1, None]]
    assert r.for_audience(1).outcome["draws"] == [[3, None], [1, P["spy"]]]
    assert [e for e in r.for_audience(2).events if e[0] == "drew_progress"] == [
        ("drew_progress", 3, POLITICS, None), ("drew_progress", 1, POLITICS, None)]


def test_CK_3_3_level_five_draws_on_a_red_six_and_level_zero_never():
    auth = make_ck()
    s = auth.state
    start_turn(auth, 0, "roll")
    set_level(s, 1, SCIENCE, 5)
    set_level(s, 2, SCIENCE, 4)
    t = Table(auth)
    r = t.roll(1, 6, 3 + SCIENCE)
    assert [d[0] for d in r.outcome["draws"]] == [1]


def test_CK_3_4_city_yields_by_terrain_and_settlement_one():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)            # hex 0 mountains 10: ore + coin
    put_city(s, 1, 15)           # hex 6 hills 10: 2 brick
    put_building(s, 2, 8)        # hex 0 mountains 10: 1 ore
    put_city(s, 0, 24)           # hex 5 pasture 4: wool + cloth
    put_city(s, 1, 41)           # hex 14 fields 4: 2 grain
    put_city(s, 2, 39)           # hex 12 forest 8: wood + paper
    start_turn(auth, 0, "roll")
    t = Table(auth)
    r = t.roll(4, 6, 0)
    assert events(r, "produced")[0][1][:3] == (hand(ore=1, coin=1), hand(brick=2), hand(ore=1))
    t.do("end_turn", 0)
    r = t.roll(1, 3, 0)
    assert events(r, "produced")[0][1][:2] == (hand(wool=1, cloth=1), hand(grain=2))
    t.do("end_turn", 1)
    r = t.roll(4, 4, 0)
    assert events(r, "produced")[0][1][2] == hand(wood=1, paper=1)


def test_CK_3_4_shortage_of_one_card_type_withholds_only_that_type():
    auth = roll_position()
    s = auth.state
    set_cards(s, 3, hand(coin=12))
    t = Table(auth)
    r = t.roll(4, 6, 0)
    assert s.hands[0] == list(hand(ore=1))
    assert ("shortage", (COIN,)) in r.events


def seven_position():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    put_city(s, 1, 15)
    put_wall(s, 15)
    put_building(s, 2, 24)
    put_building(s, 3, 41)
    start_turn(auth, 0, "roll")
    return auth


def test_CK_3_5_discard_limit_walls_commodities_count_progress_cards_do_not():
    """Limit 7, +2 per own wall; commodities count; progress cards do not.
    Before the first attack the robber stays in the desert: after the discards
    play goes straight on in the main phase."""
    auth = seven_position()
    s = auth.state
    set_cards(s, 1, hand(brick=5, coin=4))          # 9 cards, one wall: limit 9
    set_cards(s, 2, hand(wool=4, paper=4))          # 8 cards: discards 4
    give_prog(s, 3, "spy", 2)
    set_cards(s, 3, hand(grain=7))                  # 7 cards + 2 progress cards: safe
    robber = s.robber
    t = Table(auth)
    r = t.roll(3, 4, 0)
    assert s.phase == DISCARD and s.discard_need == [0, 0, 4, 0]
    assert ("must_discard", (0, 0, 4, 0)) in r.events
    r = t.do("discard", 2, hand(wool=2, paper=2))
    assert s.phase == MAIN and s.robber == robber
    assert not [c for c in legal_commands(s, 0) if c[0] in ("move_robber", "steal")]


def test_CK_3_5_robber_locked_until_the_first_attack_even_by_bishop_or_knight():
    auth = seven_position()
    s = auth.state
    put_road(s, 0, 7, 12, 17, 23)
    put_knight(s, 0, 23, active=True)               # on a corner of the desert (hex 9)
    give_prog(s, 0, "bishop")
    start_turn(auth, 0)
    t = Table(auth)
    refuse(auth, ("chase_robber", 0, 23), "robber_locked")
    refuse(auth, ("progress", 0, P["bishop"], (4,)), "bad_choice")
    assert not t.legal(0, "progress")


def test_CK_3_5_first_attack_on_a_seven_frees_the_robber_on_that_roll():
    auth = seven_position()
    s = auth.state
    s.barb_pos = 6
    t = Table(auth)
    t.roll(3, 4, 0)
    assert s.barb_attacks == 1 and s.phase == ROBBER
    t.do("move_robber", 0, 6)                       # hills 10: seat 1's city at 15
    assert s.robber == 6


def aqueduct_position():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)             # hex 0 mountains 10
    put_building(s, 1, 39)        # hex 12 forest 8
    put_building(s, 2, 19)        # hex 6 hills 10
    set_level(s, 1, SCIENCE, 3)
    set_level(s, 2, SCIENCE, 3)
    start_turn(auth, 0, "roll")
    return auth


def test_CK_3_6_aqueduct_owner_who_got_nothing_takes_a_resource():
    """CK-3.6, CK-6.3: seat 1 (aqueduct) gets nothing on a 10 and picks grain;
    seat 2 (aqueduct) got brick and picks nothing."""
    auth = aqueduct_position()
    s = auth.state
    t = Table(auth)
    t.roll(4, 6, 0)
    assert phase(s) == "decide" and s.pending["kind"] == "aqueduct" and s.pending["seats"] == [1]
    assert t.legal(2) == [] and t.legal(0) == []
    assert ("resolve", 1, "aqueduct", (PAPER,)) not in t.legal(1)      # resources only
    t.resolve(1, "aqueduct", GRAIN)
    assert s.hands[1] == list(hand(grain=1)) and s.hands[2] == list(hand(brick=1))
    assert phase(s) == "main"


def test_CK_3_6_aqueduct_also_when_the_robber_blocked_production_but_not_on_a_seven():
    auth = aqueduct_position()
    s = auth.state
    s.barb_attacks = 1
    s.robber = 6                      # blocks seat 2's hills 10
    t = Table(auth)
    t.roll(4, 6, 0)
    assert s.pending["seats"] == [1, 2]
    t.resolve(2, "aqueduct", BRICK)
    t.resolve(1, "aqueduct", ORE)
    assert s.hands[2] == list(hand(brick=1)) and s.hands[1] == list(hand(ore=1))
    t.do("end_turn", 0)
    t.roll(3, 4, 0)                   # a 7: no aqueduct
    assert s.pending is None and s.phase == ROBBER
