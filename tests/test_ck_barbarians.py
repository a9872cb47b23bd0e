"""Barbarian attacks (CK-8), progress cards in hand (CK-9) and victory (CK-10),
through the command path on the beginner board.  Positions are written in the
position notation (docs/position.md): hex A is mountains 10, hex O fields 4."""


from game.engine.constants import POLITICS, SCIENCE, TRADE
from game.engine.invariants import check_state
from game.engine.board import STANDARD
from game.engine.notation import names_of
from game.engine.state import GAME_OVER

from base_helpers import game_at
from ck_helpers import (
    P, Table, events, give_prog, hand, make_ck, on_top, phase, put_building, put_city, set_cards,
    set_level, start_turn,
)
node_id = names_of(STANDARD).node_id

N = node_id


def attack_position(knight_commit=False, settlements2="", cities2="", knights3="", more="", current=0, attacks=0):
    """Seat 0: a politics metropolis on A8 and an active strong knight on D6.
    Seat 1: city G2 with a wall, inactive knight on L2.  Seat 2: city O4.
    Seat 3: settlements only.  The ship is one step from landing."""
    option = " knight_commit" if knight_commit else ""
    return game_at(f"""game ck players=4 board=beginner seed=1{option}
settlements 2: {settlements2}  3: N6
cities 0: A8+politics  1: G2+wall  2: O4 {cities2}
knights 0: D6:2a  1: L2:1  3: {knights3}
improvements 0: politics=4  1: trade=2
barbarians 6 attacks {attacks}
turn 3 current {current} phase roll
{more}""")


def test_CK_8_1_to_CK_8_3_barbarians_win_weakest_city_owners_lose_a_city():
    """Barbarians: 3 cities (metropolis included) vs Catan 2 (the inactive knight
    does not count).  Seats 1 and 2 tie at 0 among owners of a plain city and both
    lose it; the metropolis owner and the settlement-only player lose nothing;
    the wall returns to supply; improvements stay (CK-6.6)."""
    auth = attack_position()
    s = auth.state
    t = Table(auth)
    r = t.roll(1, 2, 0)
    assert ("barbarians_attack", 3, 2, (2, 0, 0, 0)) in r.events
    assert ("barbarians_win", (1, 2)) in r.events
    assert s.node_level[N("G2")] == 1 and s.node_level[N("O4")] == 1 and s.node_level[N("A8")] == 2
    assert s.wall[N("G2")] == 0 and s.walls_left[1] == 3
    assert s.vp_public == [4, 1, 1, 1]
    assert s.improvements[1][TRADE] == 2
    # CK-8.2: the ship returns to start, every knight is inactive.
    assert s.barb_pos == 0 and s.knight_active[N("D6")] == 0 and s.barb_attacks == 1


def test_CK_8_3_a_player_with_several_cities_chooses_which_to_lose():
    auth = attack_position(cities2="R4")
    s = auth.state
    t = Table(auth)
    r = t.roll(4, 6, 0)                                  # a 10: mountains A, hills G
    assert s.pending["kind"] == "lose_city" and s.pending["seats"] == [2]
    assert not events(r, "produced")                     # production waits for the choice
    assert sorted(c[3] for c in t.legal(2)) == [(N("O4"),), (N("R4"),)]
    assert t.legal(0) == []
    r = t.resolve(2, "lose_city", N("R4"))
    assert s.node_level[N("R4")] == 1 and s.node_level[N("O4")] == 2 and phase(s) == "main"
    # then the roll produces: the metropolis as a city, seat 1's pillaged city as a settlement
    assert events(r, "produced")[0][1][:2] == (hand(ore=1, coin=1), hand(brick=1))


def test_CK_8_3_no_settlement_in_supply_flips_the_city_worth_one_and_rebuilt_as_a_city():
    auth = attack_position(settlements2="B12 B4 E4 A12 K4")
    s = auth.state
    t = Table(auth)
    t.roll(1, 2, 0)
    assert s.flipped[N("O4")] == 1 and s.node_level[N("O4")] == 1 and s.settlements_left[2] == 0
    assert s.vp_public[2] == 6
    t.do("end_turn", 0)
    t.roll(1, 3, 0)                                  # 4: fields O pays the pillaged city 1
    assert s.hands[2][3] == 1
    t.do("end_turn", 1)
    set_cards(s, 2, hand(grain=2, ore=3))
    t = Table(auth)
    t.roll(1, 2, 0)
    t.do("build_city", 2, N("O4"))
    assert s.flipped[N("O4")] == 0 and s.node_level[N("O4")] == 2 and s.hands[2][3:5] == [0, 0]
    assert s.vp_public[2] == 7


def test_CK_8_3_a_pillaged_city_is_written_and_read_back():
    """A city reduced by the barbarians keeps using a city piece and is worth 1 (CK-8.3)."""
    auth = attack_position(settlements2="B12 B4 E4 A12 K4 M6+pillaged", attacks=1)
    s = auth.state
    assert s.cities_left[2] == 2 and s.settlements_left[2] == 0 and s.vp_public[2] == 2 + 5 + 1
    assert s.flipped[N("M6")] == 1


def test_CK_8_4_single_strongest_defender_gets_a_defender_of_catan_card():
    auth = attack_position(knights3="N4:3a")
    s = auth.state
    t = Table(auth)
    r = t.roll(1, 2, 0)
    assert ("catan_wins", (3,)) in r.events and ("defender", 3) in r.events
    assert s.defenders[3] == 1 and s.defenders_left == 5 and s.vp_public[3] == 2


def test_CK_8_4_tied_defenders_each_draw_from_a_deck_of_their_choice():
    auth = attack_position(knights3="N4:2a")
    s = auth.state
    on_top(s, "medicine")
    on_top(s, "spy")
    t = Table(auth)
    r = t.roll(1, 2, 0)
    assert ("catan_wins", (0, 3)) in r.events and s.defenders_left == 6
    assert s.pending["kind"] == "defender_deck" and s.pending["seats"] == [0, 3]
    assert sorted(c[3] for c in t.legal(3)) == [(0,), (1,), (2,)]
    r3 = t.resolve(3, "defender_deck", SCIENCE)
    t.resolve(0, "defender_deck", POLITICS)
    assert s.prog[3][P["medicine"]] == 1 and s.prog[0][P["spy"]] == 1
    assert r3.for_audience(1).outcome["draws"] == [[3, None]]
    assert phase(s) == "main"


def test_CK_8_5_optional_commit_each_player_chooses_defending_knights_clockwise():
    auth = attack_position(knight_commit=True, knights3="N4:1a M4:2a", current=3)
    s = auth.state
    t = Table(auth)
    t.roll(1, 2, 0)
    assert s.pending["kind"] == "commit" and s.pending["seats"] == [3]   # the current player first
    assert sorted(c[3] for c in t.legal(3)) == [(), (N("M4"),), (N("M4"), N("N4")), (N("N4"),)]
    t.resolve(3, "commit", N("N4"))
    assert s.pending["seats"] == [0]             # seats 1 and 2 have no active knight: skipped
    r = t.resolve(0, "commit")
    assert ("barbarians_attack", 3, 1, (0, 0, 0, 1)) in r.events
    assert s.knight_active[N("M4")] == 1 and s.knight_active[N("D6")] == 1 and s.knight_active[N("N4")] == 0
    # Barbarians win: among plain-city owners (1, 2), both at 0, lose a city.
    assert s.node_level[N("G2")] == 1 and s.node_level[N("O4")] == 1


def test_CK_8_5_a_landed_ship_awaiting_commits_passes_the_invariants():
    auth = attack_position(knight_commit=True)
    Table(auth).roll(1, 2, 0)
    assert auth.state.pending["kind"] == "commit"
    assert check_state(auth.state) == []


# --- CK-9 progress cards in hand ---------------------------------------------------------------

def test_CK_9_1_several_cards_a_turn_and_a_card_drawn_on_own_roll_plays_at_once():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    set_level(s, 0, TRADE, 1)
    give_prog(s, 0, "merchant_fleet")
    on_top(s, "merchant")
    start_turn(auth, 0, "roll")
    t = Table(auth)
    t.roll(4, 1, 3 + TRADE)
    assert s.prog[0][P["merchant"]] == 1
    t.play(0, "merchant", 0)
    t.play(0, "merchant_fleet", 4)
    assert s.prog_n[0] == 0 and s.merchant == [0, 0] and s.fleet == 1 << 4


def test_CK_9_2_a_fifth_card_outside_ones_turn_is_discarded_at_once_hidden():
    auth = make_ck()
    s = auth.state
    set_level(s, 1, SCIENCE, 1)
    for name in ("crane", "mining", "smith", "inventor"):
        give_prog(s, 1, name)
    on_top(s, "alchemist")
    put_building(s, 2, 9)                                # pasture 2
    start_turn(auth, 0, "roll")
    t = Table(auth)
    t.roll(1, 1, 3 + SCIENCE)
    assert s.prog_n[1] == 5 and s.pending["kind"] == "progress_limit" and s.pending["seats"] == [1]
    assert len(t.legal(1)) == 5 and s.hand_n[2] == 0
    r = t.resolve(1, "progress_limit", SCIENCE, P["smith"])
    assert s.prog_n[1] == 4 and s.prog_decks[SCIENCE][0] == P["smith"] and phase(s) == "main"
    assert s.hands[2] == list(hand(wool=1))              # CK-3: production after the gate
    for a in (0, 2, 3, None):
        seen = r.for_audience(a)
        assert seen.cmd[3] == (SCIENCE, None)
        assert ("progress_discarded", 1, SCIENCE, None) in seen.events


def test_CK_9_2_the_current_player_may_hold_five_until_the_end_of_the_turn():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    set_level(s, 0, SCIENCE, 1)
    for name in ("crane", "mining", "smith", "inventor"):
        give_prog(s, 0, name)
    on_top(s, "irrigation")
    start_turn(auth, 0, "roll")
    t = Table(auth)
    t.roll(1, 1, 3 + SCIENCE)
    assert s.prog_n[0] == 5 and phase(s) == "main"
    t.do("end_turn", 0)
    assert s.pending["kind"] == "progress_limit" and s.current == 0
    t.resolve(0, "progress_limit", SCIENCE, P["irrigation"])
    assert s.current == 1 and s.prog_n[0] == 4


def test_CK_9_2_vp_cards_are_laid_face_up_and_do_not_count_printer():
    """CK-9.2 with the Printer (and CK-10: 1 VP)."""
    auth = make_ck()
    s = auth.state
    set_level(s, 1, SCIENCE, 1)
    for name in ("crane", "mining", "smith", "inventor"):
        give_prog(s, 1, name)
    on_top(s, "printer")
    start_turn(auth, 0, "roll")
    t = Table(auth)
    r = t.roll(1, 1, 3 + SCIENCE)
    assert s.prog_vp[1] == 1 and s.vp_public[1] == 1 and s.prog_n[1] == 4 and s.pending is None
    assert ("progress_vp", 1, P["printer"]) in r.for_audience(2).events
    assert r.for_audience(2).outcome["draws"] == [[1, P["printer"]]]


def test_CK_9_3_played_cards_go_under_their_deck():
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    give_prog(s, 0, "crane")
    start_turn(auth, 0)
    t = Table(auth)
    t.play(0, "crane")
    assert s.prog_decks[SCIENCE][0] == P["crane"] and s.prog_deck_n[SCIENCE] == 18


# --- CK-10 victory ------------------------------------------------------------------------------

def test_CK_10_thirteen_points_on_ones_own_turn_wins():
    """12 points: a city with the trade metropolis 4, five Defender cards 5, the
    Constitution and the Printer laid out 2, a settlement 1; the Merchant makes 13."""
    auth = game_at("""game ck players=4 board=beginner seed=1
settlements 0: O4
cities 0: A8+trade
improvements 0: trade=4
defenders 0: 5
progress_vp 0: 2
progress 0: merchant
turn 3 current 0 phase main dice 1,2,0
attacks 5
""")
    s = auth.state
    t = Table(auth)
    assert s.vp_public[0] == 12
    r = t.play(0, "merchant", 0)               # merchant: +1
    assert s.phase == GAME_OVER and s.winner == 0 and events(r, "won")


def test_CK_10_reaching_thirteen_in_another_players_turn_wins_only_on_ones_own_turn():
    """Seat 1 has 12 points (city 2, three settlements 3, Longest Road 2, five
    Defender cards 5) and draws the Constitution (1) on seat 0's roll: 13, but the
    win comes only when seat 1's own turn begins."""
    auth = game_at("""game ck players=4 board=beginner seed=1
settlements 1: O4 N6 F6
cities 1: A8
roads 1: J3 K7 K5 K3 G7
defenders 1: 5
improvements 1: politics=1
turn 3 current 0 phase roll
attacks 5
""")
    s = auth.state
    on_top(s, "constitution")
    t = Table(auth)
    assert s.longest_road == 1 and s.vp_public[1] == 12
    t.roll(1, 1, 3 + POLITICS)
    assert s.vp_public[1] == 13 and s.phase != GAME_OVER
    r = t.do("end_turn", 0)
    assert s.phase == GAME_OVER and s.winner == 1 and events(r, "won")


def test_CK_8_4_and_CK_9_2_a_tied_defender_over_the_hand_limit_discards_at_once():
    auth = attack_position(knights3="N4:2a", more="progress 3: crane mining smith inventor\n")
    s = auth.state
    on_top(s, "medicine")
    t = Table(auth)
    t.roll(1, 2, 0)
    t.resolve(0, "defender_deck", POLITICS)
    t.resolve(3, "defender_deck", SCIENCE)
    assert s.prog_n[3] == 5 and s.pending["kind"] == "progress_limit" and s.pending["seats"] == [3]
    t.resolve(3, "progress_limit", SCIENCE, P["medicine"])
    assert s.prog_n[3] == 4 and phase(s) == "main"


def test_CK_8_3_medicine_may_restore_a_flipped_city():
    """Seed 003: 'Je mag de ontwikkelingskaart Medicijn gebruiken om een
    gereduceerde stad te herstellen.'"""
    auth = attack_position(settlements2="B12 B4 E4 A12 K4")
    s = auth.state
    t = Table(auth)
    t.roll(1, 2, 0)
    assert s.flipped[N("O4")] == 1
    t.do("end_turn", 0)
    t.roll(1, 2, 0)
    t.do("end_turn", 1)
    give_prog(s, 2, "medicine")
    set_cards(s, 2, hand(ore=2, grain=1))
    t = Table(auth)
    t.roll(1, 2, 0)
    t.play(2, "medicine", N("O4"))
    assert s.flipped[N("O4")] == 0 and s.node_level[N("O4")] == 2 and s.hands[2][3:5] == [0, 0]
