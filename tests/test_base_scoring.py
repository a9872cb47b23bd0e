"""Victory points and the special cards (B-8), through the command path.

Road rows used on the beginner board (every row a chain of paths):
  row A: 27-33-28-34-29-35-30-36-31   (seat 0's road)
  row B: 38-43-39-44-40-45-41         (seat 1)
  row C: 3-0-4-1-5-2-6                (seat 2)
  row D: 47-51-48-52-49-53            (seat 3)
"""

import pytest

from game.engine import default_config, legal_commands, new_game, validate_config
from game.engine.board import edge_between
from game.engine.constants import KNIGHT, VICTORY_POINT
from game.engine.state import GAME_OVER, MAIN

from base_helpers import (
    cards, consistent, end_turn, events, give_dev, make_game, put_building, put_on_top_of_deck,
    put_road, refuse, roll, set_hand, set_largest_army, set_longest_road, set_played_knights,
    start_turn, submit,
)

ROW_A = (27, 33, 28, 34, 29, 35, 30, 36, 31)
ROW_B = (38, 43, 39, 44, 40, 45, 41)
ROW_C = (3, 0, 4, 1, 5, 2, 6)
ROW_D = (47, 51, 48, 52, 49, 53)
RICH = cards(wood=5, brick=5, wool=5, grain=5, ore=5)


def road_game(a=4, b=0, c=0, d=0, holder=-1, **options):
    """Seat 0 settlement on 27 with `a` roads along row A, seat 1 settlement on
    38 with `b` roads along row B, seats 2 and 3 with `c`/`d` roads on rows C/D
    (settlements on 3 and 47)."""
    auth = make_game(**options)
    s = auth.state
    for seat, row, k in ((0, ROW_A, a), (1, ROW_B, b), (2, ROW_C, c), (3, ROW_D, d)):
        put_building(s, seat, row[0])
        if k:
            put_road(s, seat, *row[:k + 1])
    set_longest_road(s, holder)
    start_turn(auth, seat=0)
    consistent(s)
    return auth


def build_roads(auth, seat, *nodes):
    """`seat` builds roads along nodes, paying for each; returns the records."""
    s = auth.state
    out = []
    for a, b in zip(nodes, nodes[1:]):
        set_hand(s, seat, cards(wood=1, brick=1))
        out.append(submit(auth, "build_road", seat, edge_between(a, b)))
    return out


# --- B-8.1 -------------------------------------------------------------------------------

def test_B_8_1_points_for_settlement_city_special_cards_and_vp_cards():
    auth = road_game(a=4)
    s = auth.state
    assert s.vp_public[0] == 1                               # a settlement
    build_roads(auth, 0, 29, 35)                             # 5 roads: Longest Road
    assert s.longest_road == 0 and s.vp_public[0] == 3
    set_hand(s, 0, cards(grain=2, ore=3))
    submit(auth, "build_city", 0, 27)
    assert s.vp_public[0] == 4                               # city 2 instead of 1
    set_played_knights(s, 0, 2)
    give_dev(s, 0, KNIGHT)
    submit(auth, "play_knight", 0)
    submit(auth, "move_robber", 0, 2)                        # no buildings there
    assert s.largest_army == 0 and s.vp_public[0] == 6
    give_dev(s, 0, VICTORY_POINT)
    assert s.vp_public[0] == 6, "a VP card is hidden, not public"
    assert s.vp_total(0) == 7
    assert auth.view(1).vp_total(0) is None and auth.view(0).vp_total(0) == 7
    assert s.phase == MAIN and s.winner == -1
    consistent(s)


# --- B-8.2 … B-8.4 Longest Road -------------------------------------------------------------

def test_B_8_2_first_road_of_five_takes_longest_road():
    auth = road_game(a=3)
    s = auth.state
    (r,) = build_roads(auth, 0, 34, 29)
    assert not events(r, "longest_road") and s.longest_road == -1 and s.road_len[0] == 4
    (r,) = build_roads(auth, 0, 29, 35)
    assert events(r, "longest_road") == [("longest_road", 0, 5)]
    assert s.longest_road == 0 and s.vp_public[0] == 3


def test_B_8_2_branches_do_not_make_five():
    auth = road_game(a=4)
    s = auth.state
    (r,) = build_roads(auth, 0, 28, 22)                      # a branch at 28
    assert s.road_len[0] == 4 and s.longest_road == -1 and not events(r, "longest_road")


def test_B_8_3_the_card_passes_only_to_a_strictly_longer_road():
    auth = road_game(a=5, b=4, holder=0)
    s = auth.state
    start_turn(auth, seat=1)
    (r,) = build_roads(auth, 1, 40, 45)                      # 5 = 5: holder keeps it
    assert s.road_len[1] == 5 and s.longest_road == 0 and not events(r, "longest_road")
    (r,) = build_roads(auth, 1, 45, 41)                      # 6 > 5: it passes
    assert events(r, "longest_road") == [("longest_road", 1, 6)]
    assert s.longest_road == 1 and s.vp_public == [1, 3, 1, 1]
    consistent(s)


def break_row_a(auth):
    """Seat 1 builds a settlement on 34, in the middle of row A (it owns the
    roads 38-43-39-34 to get there)."""
    s = auth.state
    put_road(s, 1, 38, 43, 39, 34)
    start_turn(auth, seat=1)
    set_hand(s, 1, cards(wood=1, brick=1, grain=1, wool=1))
    return submit(auth, "build_settlement", 1, 34)


def test_B_8_4_broken_road_and_nobody_with_five_sets_the_card_aside():
    auth = road_game(a=6, holder=0)
    s = auth.state
    r = break_row_a(auth)
    assert s.road_len[0] == 3
    assert events(r, "longest_road") == [("longest_road", -1, 3)]
    assert s.longest_road == -1 and s.vp_public[0] == 1
    consistent(s)


def test_B_8_4_broken_road_goes_to_the_one_player_alone_with_the_longest():
    auth = road_game(a=6, c=5, holder=0)
    s = auth.state
    r = break_row_a(auth)
    assert events(r, "longest_road") == [("longest_road", 2, 5)]
    assert s.longest_road == 2 and s.vp_public[0] == 1 and s.vp_public[2] == 3


def test_B_8_4_broken_road_tie_at_the_top_sets_the_card_aside_then_a_unique_leader_takes_it():
    auth = road_game(a=6, c=5, d=5, holder=0)
    s = auth.state
    r = break_row_a(auth)
    assert events(r, "longest_road") == [("longest_road", -1, 5)]
    assert s.longest_road == -1
    consistent(s)
    # later: one player alone with the longest road of 5+ takes it
    start_turn(auth, seat=2, turn=9)
    (r,) = build_roads(auth, 2, 2, 6)
    assert events(r, "longest_road") == [("longest_road", 2, 6)] and s.longest_road == 2
    consistent(s)


def test_B_8_4_holder_cut_but_still_alone_in_front_keeps_the_card():
    auth = road_game(a=8, holder=0)          # 27 … 31: cut at 34 leaves 3 | 5
    s = auth.state
    r = break_row_a(auth)
    assert s.road_len[0] == 5 and s.longest_road == 0 and not events(r, "longest_road")
    assert s.vp_public[0] == 3


def test_B_8_4_holder_cut_into_a_tie_sets_the_card_aside():
    """The almanac rule: after a break, a tie for the longest road sets the card
    aside, even if the holder is one of the tied players."""
    auth = road_game(a=8, c=5, holder=0)
    s = auth.state
    r = break_row_a(auth)
    assert s.road_len[0] == 5 == s.road_len[2]
    assert events(r, "longest_road") == [("longest_road", -1, 5)]
    assert s.longest_road == -1 and s.vp_public[0] == 1 and s.vp_public[2] == 1


# --- B-8.5 Largest Army --------------------------------------------------------------------

def play_knight(auth, seat):
    """Play a knight and put the robber on a hex with no buildings (2 or 1)."""
    give_dev(auth.state, seat, KNIGHT)
    r = submit(auth, "play_knight", seat)
    submit(auth, "move_robber", seat, 2 if auth.state.robber != 2 else 1)
    return r


def test_B_8_5_first_to_three_knights_takes_largest_army():
    auth = road_game(a=0)
    s = auth.state
    set_played_knights(s, 0, 1)
    r = play_knight(auth, 0)
    assert s.knights[0] == 2 and s.largest_army == -1 and not events(r, "largest_army")
    start_turn(auth, seat=0, turn=5)
    r = play_knight(auth, 0)
    assert events(r, "largest_army") == [("largest_army", 0, 3)]
    assert s.largest_army == 0 and s.vp_public[0] == 3
    consistent(s)


def test_B_8_5_largest_army_passes_only_to_strictly_more_knights():
    auth = road_game(a=0)
    s = auth.state
    set_played_knights(s, 0, 3)
    set_largest_army(s, 0)
    set_played_knights(s, 1, 2)
    start_turn(auth, seat=1)
    r = play_knight(auth, 1)
    assert s.knights[1] == 3 and s.largest_army == 0 and not events(r, "largest_army")
    start_turn(auth, seat=1, turn=9)
    r = play_knight(auth, 1)
    assert events(r, "largest_army") == [("largest_army", 1, 4)]
    assert s.largest_army == 1 and s.vp_public[0] == 1 and s.vp_public[1] == 3
    consistent(s)


# --- B-8.6 winning ---------------------------------------------------------------------------

def nine_points(auth, seat):
    """Give `seat` cities for 8 more points (nodes 42, 50, 26, 15; far from rows)."""
    for node in (42, 50, 26, 15):
        put_building(auth.state, seat, node, city=True)


def test_B_8_6_reaching_ten_in_the_own_turn_wins_at_once():
    auth = road_game(a=4)
    s = auth.state
    nine_points(auth, 0)
    assert s.vp_public[0] == 9
    (r,) = build_roads(auth, 0, 29, 35)                     # Longest Road: 11
    assert events(r, "won") == [("won", 0, (0, 0, 0, 0))]
    assert s.phase == GAME_OVER and s.winner == 0
    assert legal_commands(s, 0) == [] and legal_commands(s, 1) == []
    refuse(auth, ("end_turn", 0), "game_over")


def test_B_8_6_a_hidden_vp_card_counts_towards_the_win():
    auth = road_game(a=0)
    s = auth.state
    nine_points(auth, 0)                                      # 9 public
    give_dev(s, 0, VICTORY_POINT)                             # plus 1 hidden = 10
    put_on_top_of_deck(s, KNIGHT)
    set_hand(s, 0, cards(grain=1, wool=1, ore=1))
    r = submit(auth, "buy_dev", 0)       # any accepted command in the own turn checks
    assert events(r, "won") == [("won", 0, (1, 0, 0, 0))]
    assert s.vp_cards_shown == [1, 0, 0, 0] and s.phase == GAME_OVER


def test_B_8_6_pushed_to_ten_in_another_turn_wins_when_the_own_turn_begins():
    """Seat 3 has 8 points and a road of 5; seat 0 holds Longest Road.  In seat
    1's turn, seat 1's settlement breaks seat 0's road: seat 3 takes the card
    (10 points) but wins only when seat 3's own turn begins."""
    auth = road_game(a=6, d=5, holder=0)
    s = auth.state
    for node in (42, 26, 15):
        put_building(s, 3, node, city=True)
    put_building(s, 3, 53)
    assert s.vp_public[3] == 8
    r = break_row_a(auth)
    assert s.longest_road == 3 and s.vp_public[3] == 10
    assert not events(r, "won") and s.phase == MAIN and s.winner == -1
    r = end_turn(auth)                                        # seat 2's turn begins
    assert not events(r, "won") and s.current == 2
    roll(auth, 1, 2)
    r = end_turn(auth)                                        # seat 3's turn begins
    assert s.current == 3
    assert events(r, "won") == [("won", 3, (0, 0, 0, 0))]
    assert s.phase == GAME_OVER and s.winner == 3
    refuse(auth, ("roll", 3), "game_over")


def test_B_8_6_ten_outside_the_own_turn_but_lost_before_it_is_no_win():
    auth = road_game(a=6, c=4, d=5, holder=0)
    s = auth.state
    for node in (42, 26, 15):
        put_building(s, 3, node, city=True)
    put_building(s, 3, 53)
    break_row_a(auth)
    assert s.longest_road == 3 and s.vp_public[3] == 10
    end_turn(auth)
    roll(auth, 1, 2)
    build_roads(auth, 2, 5, 2, 6)                            # seat 2: 6 > 5, takes the card
    assert s.longest_road == 2 and s.vp_public[3] == 8
    r = end_turn(auth)
    assert s.current == 3 and not events(r, "won") and s.phase != GAME_OVER


@pytest.mark.parametrize("target, wins", [(5, True), (10, False)])
def test_B_8_6_the_victory_target_is_configurable(target, wins):
    auth = road_game(a=4, vp_target=target)
    s = auth.state
    put_building(s, 0, 42)
    put_building(s, 0, 50)                                    # 3 points
    (r,) = build_roads(auth, 0, 29, 35)                       # 5 points
    assert bool(events(r, "won")) is wins
    assert (s.phase == GAME_OVER) is wins


@pytest.mark.parametrize("target", [2, 31, "10", None])
def test_B_8_6_a_victory_target_out_of_range_is_refused(target):
    cfg = default_config(vp_target=10)
    cfg["vp_target"] = target
    assert "vp_target" in validate_config(cfg)
    with pytest.raises(ValueError):
        new_game(cfg)
