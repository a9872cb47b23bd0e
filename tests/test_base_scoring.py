"""Victory points and the special cards (B-8), through the command path.

Positions are written in the position notation (docs/position.md).  Road rows
used on the beginner board, each a chain of sides from a settlement:
  row A: from H8 along the bottom of H, I, J, K   (seat 0)
  row B: from M8 along the bottom of M, N, O      (seat 1)
  row C: from A10 along the top of A, B, C        (seat 2)
  row D: from Q8 along the bottom of Q, R, S      (seat 3)
"""

import pytest

from game.engine import default_config, legal_commands, new_game, validate_config
from game.engine.state import GAME_OVER, MAIN

from base_helpers import (
    cards, consistent, corner, end_turn, events, game_at, refuse, roll, set_hand, side, start_turn,
    submit,
)

ROWS = ("H7 H5 I7 I5 J7 J5 K7 K5", "M7 M5 N7 N5 O7 O5", "A11 A1 B11 B1 C11 C1", "Q7 Q5 R7 R5 S7")
STARTS = ("H8", "M8", "A10", "Q8")
BREAKER_ROADS = "M7 M5 M3"          # seat 1's way from M8 to I6, in the middle of row A


def road_game(a=4, b=0, c=0, d=0, holder=None, target=10, breaker=False, more="", settlements=None):
    """Seat s has a settlement at the start of its row and the first a/b/c/d roads
    of it; `holder` (if given) holds the Longest Road; `breaker`: seat 1 also has
    roads to I6 and the cards for a settlement there; `settlements` adds corners
    per seat; `more` adds lines."""
    roads = []
    for seat, k in enumerate((a, b, c, d)):
        mine = ROWS[seat].split()[:k] + (BREAKER_ROADS.split() if breaker and seat == 1 else [])
        if mine:
            roads.append(f"{seat}: " + " ".join(mine))
    text = f"game base players=4 target={target} board=beginner seed=1\n"
    settlements = settlements or {}
    text += "settlements " + "  ".join(f"{s}: {name} {settlements.get(s, '')}"
                                       for s, name in enumerate(STARTS)) + "\n"
    if roads:
        text += "roads " + "  ".join(roads) + "\n"
    if breaker:
        text += "hands 1: WBSG\n"
    if holder is not None:
        text += f"longest_road {holder}\n"
    auth = game_at(text + more + "turn 1 current 0 phase main dice 2,3\n")
    consistent(auth.state)
    return auth


def build_roads(auth, seat, *sides):
    """`seat` builds roads on these sides, paying for each; returns the records."""
    s = auth.state
    out = []
    for name in sides:
        set_hand(s, seat, cards(wood=1, brick=1))
        out.append(submit(auth, "build_road", seat, side(name)))
    return out


# --- B-8.1 -------------------------------------------------------------------------------

def test_B_8_1_points_for_settlement_city_special_cards_and_vp_cards():
    auth = road_game(a=4, more="army 0: 2\ndev 0: KV\n")
    s = auth.state
    assert s.vp_public[0] == 1                               # a settlement
    build_roads(auth, 0, "J7")                               # 5 roads: Longest Road
    assert s.longest_road == 0 and s.vp_public[0] == 3
    set_hand(s, 0, cards(grain=2, ore=3))
    submit(auth, "build_city", 0, corner("H8"))
    assert s.vp_public[0] == 4                               # city 2 instead of 1
    submit(auth, "play_knight", 0)
    submit(auth, "move_robber", 0, 2)                        # no buildings there
    assert s.largest_army == 0 and s.vp_public[0] == 6
    assert s.vp_public[0] == 6, "a VP card is hidden, not public"
    assert s.vp_total(0) == 7
    assert auth.view(1).vp_total(0) is None and auth.view(0).vp_total(0) == 7
    assert s.phase == MAIN and s.winner == -1
    consistent(s)


# --- B-8.2 … B-8.4 Longest Road -------------------------------------------------------------

def test_B_8_2_first_road_of_five_takes_longest_road():
    auth = road_game(a=3)
    s = auth.state
    (r,) = build_roads(auth, 0, "I5")
    assert not events(r, "longest_road") and s.longest_road == -1 and s.road_len[0] == 4
    (r,) = build_roads(auth, 0, "J7")
    assert events(r, "longest_road") == [("longest_road", 0, 5)]
    assert s.longest_road == 0 and s.vp_public[0] == 3


def test_B_8_2_branches_do_not_make_five():
    auth = road_game(a=4)
    s = auth.state
    (r,) = build_roads(auth, 0, "H3")                        # a branch at H4
    assert s.road_len[0] == 4 and s.longest_road == -1 and not events(r, "longest_road")


def test_B_8_3_the_card_passes_only_to_a_strictly_longer_road():
    auth = road_game(a=5, b=4, holder=0)
    s = auth.state
    start_turn(auth, seat=1)
    (r,) = build_roads(auth, 1, "O7")                        # 5 = 5: holder keeps it
    assert s.road_len[1] == 5 and s.longest_road == 0 and not events(r, "longest_road")
    (r,) = build_roads(auth, 1, "O5")                        # 6 > 5: it passes
    assert events(r, "longest_road") == [("longest_road", 1, 6)]
    assert s.longest_road == 1 and s.vp_public == [1, 3, 1, 1]
    consistent(s)


def break_row_a(auth):
    """Seat 1 builds a settlement on I6, in the middle of row A (a position made
    with `breaker=True` gives it the roads and the cards)."""
    start_turn(auth, seat=1)
    return submit(auth, "build_settlement", 1, corner("I6"))


def test_B_8_4_broken_road_and_nobody_with_five_sets_the_card_aside():
    auth = road_game(a=6, holder=0, breaker=True)
    s = auth.state
    r = break_row_a(auth)
    assert s.road_len[0] == 3
    assert events(r, "longest_road") == [("longest_road", -1, 3)]
    assert s.longest_road == -1 and s.vp_public[0] == 1
    consistent(s)


def test_B_8_4_broken_road_goes_to_the_one_player_alone_with_the_longest():
    auth = road_game(a=6, c=5, holder=0, breaker=True)
    s = auth.state
    r = break_row_a(auth)
    assert events(r, "longest_road") == [("longest_road", 2, 5)]
    assert s.longest_road == 2 and s.vp_public[0] == 1 and s.vp_public[2] == 3


def test_B_8_4_broken_road_tie_at_the_top_sets_the_card_aside_then_a_unique_leader_takes_it():
    auth = road_game(a=6, c=5, d=5, holder=0, breaker=True)
    s = auth.state
    r = break_row_a(auth)
    assert events(r, "longest_road") == [("longest_road", -1, 5)]
    assert s.longest_road == -1
    consistent(s)
    # later: one player alone with the longest road of 5+ takes it
    start_turn(auth, seat=2, turn=9)
    (r,) = build_roads(auth, 2, "C1")
    assert events(r, "longest_road") == [("longest_road", 2, 6)] and s.longest_road == 2
    consistent(s)


def test_B_8_4_holder_cut_but_still_alone_in_front_keeps_the_card():
    auth = road_game(a=8, holder=0, breaker=True)     # H8 … K4: cut at I6 leaves 3 | 5
    s = auth.state
    r = break_row_a(auth)
    assert s.road_len[0] == 5 and s.longest_road == 0 and not events(r, "longest_road")
    assert s.vp_public[0] == 3


def test_B_8_4_holder_cut_into_a_tie_sets_the_card_aside():
    """The almanac rule: after a break, a tie for the longest road sets the card
    aside, even if the holder is one of the tied players."""
    auth = road_game(a=8, c=5, holder=0, breaker=True)
    s = auth.state
    r = break_row_a(auth)
    assert s.road_len[0] == 5 == s.road_len[2]
    assert events(r, "longest_road") == [("longest_road", -1, 5)]
    assert s.longest_road == -1 and s.vp_public[0] == 1 and s.vp_public[2] == 1


def test_B_8_4_a_tie_in_a_written_position_keeps_the_named_holder():
    """Ties keep the holder (B-8.3), so a position must say who holds the card when
    two roads are equally long; either is possible, nobody is not."""
    assert road_game(a=5, b=5, holder=1).state.vp_public[:2] == [1, 3]
    assert road_game(a=5, b=5, holder=0).state.vp_public[:2] == [3, 1]
    with pytest.raises(ValueError, match="seat 1 holds the Longest Road with a road of 4"):
        road_game(a=5, b=4, holder=1)


# --- B-8.5 Largest Army --------------------------------------------------------------------

def play_knight(auth, seat):
    """Play a knight and put the robber on a hex with no buildings (C or B)."""
    r = submit(auth, "play_knight", seat)
    submit(auth, "move_robber", seat, 2 if auth.state.robber != 2 else 1)
    return r


def test_B_8_5_first_to_three_knights_takes_largest_army():
    auth = road_game(a=0, more="army 0: 1\ndev 0: KK\n")
    s = auth.state
    r = play_knight(auth, 0)
    assert s.knights[0] == 2 and s.largest_army == -1 and not events(r, "largest_army")
    start_turn(auth, seat=0, turn=5)
    r = play_knight(auth, 0)
    assert events(r, "largest_army") == [("largest_army", 0, 3)]
    assert s.largest_army == 0 and s.vp_public[0] == 3
    consistent(s)


def test_B_8_5_largest_army_passes_only_to_strictly_more_knights():
    auth = road_game(a=0, more="army 0: 3  1: 2\ndev 1: KK\n")
    s = auth.state
    assert s.largest_army == 0
    start_turn(auth, seat=1)
    r = play_knight(auth, 1)
    assert s.knights[1] == 3 and s.largest_army == 0 and not events(r, "largest_army")
    start_turn(auth, seat=1, turn=9)
    r = play_knight(auth, 1)
    assert events(r, "largest_army") == [("largest_army", 1, 4)]
    assert s.largest_army == 1 and s.vp_public[0] == 1 and s.vp_public[1] == 3
    consistent(s)


# --- B-8.6 winning ---------------------------------------------------------------------------

NINE = "cities 0: P4 S4 L2 G2\n"          # 8 more points for seat 0, far from the rows


def test_B_8_6_reaching_ten_in_the_own_turn_wins_at_once():
    auth = road_game(a=4, more=NINE)
    s = auth.state
    assert s.vp_public[0] == 9
    (r,) = build_roads(auth, 0, "J7")                        # Longest Road: 11
    assert events(r, "won") == [("won", 0, (0, 0, 0, 0))]
    assert s.phase == GAME_OVER and s.winner == 0
    assert legal_commands(s, 0) == [] and legal_commands(s, 1) == []
    refuse(auth, ("end_turn", 0), "game_over")


def test_B_8_6_a_hidden_vp_card_counts_towards_the_win():
    """8 public points plus 1 hidden; a city on G2 makes 9 public, and the hidden
    card the tenth point: the game is won at once."""
    auth = road_game(a=0, settlements={0: "G2"},
                     more="cities 0: P4 S4 L2\ndev 0: V\nhands 0: GGOOO\n")
    s = auth.state
    assert s.vp_public[0] == 8
    r = submit(auth, "build_city", 0, corner("G2"))
    assert events(r, "won") == [("won", 0, (1, 0, 0, 0))]
    assert s.vp_cards_shown == [1, 0, 0, 0] and s.phase == GAME_OVER
    assert s.vp_public[0] == 9


SEAT_3_EIGHT = "cities 3: P4 L2 G2\n"     # with its settlement on Q8 and one more on S6


def test_B_8_6_pushed_to_ten_in_another_turn_wins_when_the_own_turn_begins():
    """Seat 3 has 8 points and a road of 5; seat 0 holds Longest Road.  In seat
    1's turn, seat 1's settlement breaks seat 0's road: seat 3 takes the card
    (10 points) but wins only when seat 3's own turn begins."""
    auth = road_game(a=6, d=5, holder=0, breaker=True, more=SEAT_3_EIGHT, settlements={3: "S6"})
    s = auth.state
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
    auth = road_game(a=6, c=4, d=5, holder=0, breaker=True, more=SEAT_3_EIGHT, settlements={3: "S6"})
    s = auth.state
    break_row_a(auth)
    assert s.longest_road == 3 and s.vp_public[3] == 10
    end_turn(auth)
    roll(auth, 1, 2)
    build_roads(auth, 2, "C11", "C1")                        # seat 2: 6 > 5, takes the card
    assert s.longest_road == 2 and s.vp_public[3] == 8
    r = end_turn(auth)
    assert s.current == 3 and not events(r, "won") and s.phase != GAME_OVER


@pytest.mark.parametrize("target, wins", [(5, True), (10, False)])
def test_B_8_6_the_victory_target_is_configurable(target, wins):
    auth = road_game(a=4, target=target, more="cities 0: P4\n")     # 3 points
    s = auth.state
    (r,) = build_roads(auth, 0, "J7")                         # 5 points
    assert bool(events(r, "won")) is wins
    assert (s.phase == GAME_OVER) is wins


@pytest.mark.parametrize("target", [2, 31, "10", None])
def test_B_8_6_a_victory_target_out_of_range_is_refused(target):
    cfg = default_config(vp_target=10)
    cfg["vp_target"] = target
    assert "vp_target" in validate_config(cfg)
    with pytest.raises(ValueError):
        new_game(cfg)
