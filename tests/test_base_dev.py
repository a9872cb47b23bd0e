"""Development cards (B-9), through the command path.  Seat 0 has a settlement
on 27 with roads 27-33-28; seats 1 and 2 have settlements on hex 4 (nodes 13
and 23) so a knight there has someone to rob."""

import pytest

from game.engine import legal_commands
from game.engine.board import STANDARD
from game.engine.constants import (
    BRICK, GRAIN, KNIGHT, MONOPOLY, ORE, ROAD_BUILDING, VICTORY_POINT, WOOD, WOOL,
    YEAR_OF_PLENTY,
)
from game.engine.match import Replica
from game.engine.state import (
    GAME_OVER, MAIN, ROAD_BUILDING as ROAD_BUILDING_PHASE, ROBBER, ROLL as ROLL_PHASE, STEAL,
)

from base_helpers import (
    cards, consistent, end_turn, events, give_dev, listed, make_game, pass_turns,
    put_building, put_on_top_of_deck, put_road, refuse, roll, set_hand, set_longest_road, start_turn,
    submit,
)

HILLS_6 = 4
PLAYS = ("play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly")


def dev_position(phase="main", **options):
    auth = make_game(**options)
    s = auth.state
    put_building(s, 0, 27)
    put_road(s, 0, 27, 33, 28)
    put_building(s, 1, 13)
    if s.n > 2:
        put_building(s, 2, 23)
    start_turn(auth, seat=0, phase=phase)
    consistent(s)
    return auth


def plays_listed(auth, seat=0):
    return [c for c in legal_commands(auth.state, seat) if c[0] in PLAYS]


# --- B-9.1 hidden -----------------------------------------------------------------------

def test_B_9_1_bought_cards_are_hidden_only_their_number_is_seen():
    auth = dev_position()
    s = auth.state
    put_on_top_of_deck(s, MONOPOLY)
    set_hand(s, 0, cards(grain=1, wool=1, ore=1))
    replicas = {a: Replica(auth.view(a), a) for a in (0, 1, None)}
    r = submit(auth, "buy_dev", 0)
    assert r.for_audience(0).events == (("bought_dev", 0, MONOPOLY),)
    assert r.for_audience(0).outcome == {"card": MONOPOLY}
    for a in (1, 2, None):
        assert r.for_audience(a).events == (("bought_dev", 0, None),)
        assert r.for_audience(a).outcome == {"card": None}
        v = auth.view(a)
        assert v.dev[0] is None and v.dev_new[0] is None
        assert v.dev_n[0] == 1 and v.deck is None and v.deck_n == 24
    assert auth.view(0).dev[0][MONOPOLY] == 1
    for a, rep in replicas.items():
        rep.receive(r.for_audience(a))
        assert rep.view_hash() == auth.view_hash(a)


def test_B_9_1_development_cards_cannot_be_traded():
    """Trade terms are counts of the five resources only: there is no way to
    put a development card on the table."""
    auth = dev_position()
    s = auth.state
    give_dev(s, 0, KNIGHT)
    set_hand(s, 0, cards(wood=1))
    set_hand(s, 1, cards(ore=1))
    refuse(auth, ("offer", 0, (1, 0, 0, 0, 0, 1), cards(ore=1), (1,)), "malformed")
    refuse(auth, ("offer", 0, cards(), cards(ore=1), (1,)), "bad_terms")   # a knight is not a card here


# --- B-9.2 when a card may be played ---------------------------------------------------------

def test_B_9_2_one_development_card_per_turn():
    auth = dev_position()
    s = auth.state
    give_dev(s, 0, MONOPOLY)
    give_dev(s, 0, KNIGHT)
    give_dev(s, 0, YEAR_OF_PLENTY)
    submit(auth, "play_monopoly", 0, ORE)
    assert plays_listed(auth) == []
    refuse(auth, ("play_knight", 0), "one_card_per_turn")
    refuse(auth, ("play_year_of_plenty", 0, WOOD, WOOD), "one_card_per_turn")
    # the next own turn (before rolling) the others may be played, again only one
    end_turn(auth)
    pass_turns(auth, 3)
    assert s.current == 0
    submit(auth, "play_year_of_plenty", 0, WOOD, BRICK)
    refuse(auth, ("play_knight", 0), "one_card_per_turn")


def test_B_9_2_a_card_bought_this_turn_cannot_be_played_until_the_next_turn():
    auth = dev_position(players=2)
    s = auth.state
    put_on_top_of_deck(s, KNIGHT)
    set_hand(s, 0, cards(grain=1, wool=1, ore=1))
    submit(auth, "buy_dev", 0)
    assert s.dev[0][KNIGHT] == 1 and s.dev_new[0][KNIGHT] == 1
    refuse(auth, ("play_knight", 0), "no_card")
    assert plays_listed(auth) == []
    end_turn(auth)
    pass_turns(auth, 1)
    assert s.current == 0 and listed(auth, ("play_knight", 0))
    submit(auth, "play_knight", 0)
    assert s.phase == ROBBER


def test_B_9_2_an_older_card_of_the_same_kind_is_playable():
    auth = dev_position()
    s = auth.state
    give_dev(s, 0, KNIGHT)
    give_dev(s, 0, KNIGHT, new=True)
    assert listed(auth, ("play_knight", 0))
    submit(auth, "play_knight", 0)
    assert s.dev[0][KNIGHT] == 1 and s.dev_new[0][KNIGHT] == 1


def test_B_9_2_no_playing_in_another_turn_or_while_the_robber_is_pending():
    auth = dev_position()
    s = auth.state
    give_dev(s, 1, KNIGHT)
    give_dev(s, 0, KNIGHT)
    give_dev(s, 0, MONOPOLY)
    refuse(auth, ("play_knight", 1), "not_your_turn")
    submit(auth, "play_knight", 0)
    refuse(auth, ("play_monopoly", 0, ORE), "wrong_phase")


def test_B_9_2_a_vp_card_bought_this_turn_counts_for_the_win_at_once():
    auth = dev_position()
    s = auth.state
    for node in (42, 50, 26, 15):
        put_building(s, 0, node, city=True)
    assert s.vp_public[0] == 9
    put_on_top_of_deck(s, VICTORY_POINT)
    set_hand(s, 0, cards(grain=1, wool=1, ore=1))
    r = submit(auth, "buy_dev", 0)
    assert events(r, "won") == [("won", 0, (1, 0, 0, 0))]
    assert s.phase == GAME_OVER and s.winner == 0
    # the win (and the VP cards it reveals) is public; the other draw stays hidden
    assert r.for_audience(1).events == (("bought_dev", 0, None), ("won", 0, (1, 0, 0, 0)))


# --- B-9.3 knight ---------------------------------------------------------------------------

def test_B_9_3_knight_moves_the_robber_and_steals_without_discards():
    auth = dev_position()
    s = auth.state
    give_dev(s, 0, KNIGHT)
    set_hand(s, 1, cards(wool=9))                # 9 cards: no discarding for a knight
    set_hand(s, 2, cards(wool=2))
    r = submit(auth, "play_knight", 0)
    assert r.events == (("played_dev", 0, KNIGHT),)
    assert s.phase == ROBBER and not any(s.discard_need)
    refuse(auth, ("discard", 1, cards(wool=4)), "wrong_phase")
    refuse(auth, ("move_robber", 0, s.robber), "bad_spot")
    submit(auth, "move_robber", 0, HILLS_6)
    assert s.phase == STEAL and legal_commands(s, 0) == [("steal", 0, 1), ("steal", 0, 2), ("skip_steal", 0)]
    r = submit(auth, "steal", 0, 1)
    assert r.events == (("stole", 0, 1, WOOL),)
    assert s.hand_n[:3] == [1, 8, 2] and s.phase == MAIN
    assert s.knights[0] == 1 and s.dev_discard[KNIGHT] == 1 and s.dev_n[0] == 0
    consistent(s)


# --- B-9.4 road building ---------------------------------------------------------------------

def test_B_9_4_road_building_places_two_free_roads_by_the_normal_rules():
    auth = dev_position()
    s = auth.state
    give_dev(s, 0, ROAD_BUILDING)
    submit(auth, "play_road_building", 0)
    assert s.phase == ROAD_BUILDING_PHASE
    refuse(auth, ("place_road", 0, STANDARD.edge_between(47, 51)), "bad_spot")   # not attached
    refuse(auth, ("build_road", 0, STANDARD.edge_between(28, 34)), "wrong_phase")
    refuse(auth, ("end_turn", 0), "wrong_phase")
    spots = {c[2] for c in legal_commands(s, 0)}
    assert STANDARD.edge_between(28, 34) in spots and STANDARD.edge_between(27, 21) in spots
    submit(auth, "place_road", 0, STANDARD.edge_between(28, 34))
    assert s.phase == ROAD_BUILDING_PHASE
    submit(auth, "place_road", 0, STANDARD.edge_between(34, 29))
    assert s.phase == MAIN and s.hand_n[0] == 0 and s.bank == [19] * 5
    assert s.roads_left[0] == 11 and s.road_len[0] == 4
    consistent(s)


def test_B_9_4_road_building_with_one_road_left_gives_one():
    auth = dev_position()
    s = auth.state
    put_road(s, 0, 38, 43, 39, 44, 40, 45, 41, 46, 42)
    put_road(s, 0, 47, 51, 48, 52, 49)
    set_longest_road(s, 0)
    assert s.roads_left[0] == 1
    give_dev(s, 0, ROAD_BUILDING)
    submit(auth, "play_road_building", 0)
    submit(auth, "place_road", 0, STANDARD.edge_between(28, 22))
    assert s.phase == MAIN and s.roads_left[0] == 0


def test_B_9_4_free_roads_count_for_longest_road():
    auth = dev_position()
    s = auth.state
    put_road(s, 0, 28, 34, 29)                  # 4 roads
    give_dev(s, 0, ROAD_BUILDING)
    submit(auth, "play_road_building", 0)
    r = submit(auth, "place_road", 0, STANDARD.edge_between(29, 35))
    assert events(r, "longest_road") == [("longest_road", 0, 5)] and s.vp_public[0] == 3


# --- B-9.5 year of plenty ------------------------------------------------------------------

def test_B_9_5_year_of_plenty_takes_two_of_choice_usable_at_once():
    auth = dev_position()
    s = auth.state
    give_dev(s, 0, YEAR_OF_PLENTY)
    r = submit(auth, "play_year_of_plenty", 0, WOOD, BRICK)
    assert events(r, "year_of_plenty") == [("year_of_plenty", 0, cards(wood=1, brick=1))]
    assert s.hands[0] == list(cards(wood=1, brick=1))
    submit(auth, "build_road", 0, STANDARD.edge_between(28, 34))       # same turn


@pytest.mark.parametrize("bank_left, first, second, got", [
    (1, ORE, ORE, cards(ore=1)),
    (0, GRAIN, ORE, cards(grain=1)),
    (2, ORE, ORE, cards(ore=2)),
])
def test_B_9_5_year_of_plenty_as_far_as_the_bank_has_them(bank_left, first, second, got):
    auth = dev_position()
    s = auth.state
    set_hand(s, 3, cards(ore=19 - bank_left))
    give_dev(s, 0, YEAR_OF_PLENTY)
    r = submit(auth, "play_year_of_plenty", 0, first, second)
    assert events(r, "year_of_plenty") == [("year_of_plenty", 0, got)]
    assert s.hands[0] == list(got)
    consistent(s)


def test_B_9_5_year_of_plenty_takes_its_two_resources_in_either_order_logged_in_one():
    """Either order is accepted; the log (and so replays and saves) keeps the
    ascending form, which is also the one legal_commands lists."""
    auth = dev_position()
    give_dev(auth.state, 0, YEAR_OF_PLENTY)
    assert ("play_year_of_plenty", 0, GRAIN, ORE) in legal_commands(auth.state, 0)
    assert ("play_year_of_plenty", 0, ORE, GRAIN) not in legal_commands(auth.state, 0)
    r = submit(auth, "play_year_of_plenty", 0, ORE, GRAIN)
    assert r.cmd == ("play_year_of_plenty", 0, GRAIN, ORE)
    assert r.events[-1] == ("year_of_plenty", 0, cards(grain=1, ore=1))
    assert auth.log[-1].cmd == ("play_year_of_plenty", 0, GRAIN, ORE)


# --- B-9.6 monopoly ------------------------------------------------------------------------

def test_B_9_6_monopoly_every_other_player_gives_all_of_that_resource():
    auth = dev_position()
    s = auth.state
    set_hand(s, 0, cards(ore=1, wood=1))
    set_hand(s, 1, cards(ore=2, wool=1))
    set_hand(s, 2, cards(grain=3))
    set_hand(s, 3, cards(ore=3, brick=2))
    give_dev(s, 0, MONOPOLY)
    r = submit(auth, "play_monopoly", 0, ORE)
    assert events(r, "monopoly") == [("monopoly", 0, ORE, (0, 2, 0, 3))]
    assert s.hands[0] == list(cards(ore=6, wood=1))
    assert s.hands[1] == list(cards(wool=1))
    assert s.hands[2] == list(cards(grain=3))
    assert s.hands[3] == list(cards(brick=2))
    # the result is public: a spectator's copy follows it exactly
    assert r.for_audience(None).outcome == r.outcome
    consistent(s)


# --- B-9.7 VP cards stay hidden ----------------------------------------------------------------

def test_B_9_7_vp_cards_stay_hidden_until_they_win():
    auth = dev_position()
    s = auth.state
    give_dev(s, 0, VICTORY_POINT)
    give_dev(s, 1, VICTORY_POINT)
    assert s.vp_public == [1, 1, 1, 0] and s.vp_cards_shown == [-1] * 4
    assert plays_listed(auth) == []                              # nothing to "play"
    for a in (1, 2, None):
        v = auth.view(a)
        assert v.dev[0] is None and v.vp_public[0] == 1 and v.vp_cards_shown[0] == -1
    # at the end every player's VP cards are shown
    for node in (42, 50, 26):
        put_building(s, 0, node, city=True)
    assert s.vp_public[0] == 7
    put_building(s, 0, 15)                                       # 8 public + 1 hidden
    set_hand(s, 0, cards(grain=2, ore=3))
    r = submit(auth, "build_city", 0, 15)                        # 9 + 1 = 10
    assert events(r, "won") == [("won", 0, (1, 1, 0, 0))]
    assert s.vp_cards_shown == [1, 1, 0, 0]


def test_B_9_4_road_building_before_rolling_returns_to_the_roll():
    auth = dev_position(phase="roll")
    s = auth.state
    give_dev(s, 0, ROAD_BUILDING)
    assert listed(auth, ("play_road_building", 0))
    submit(auth, "play_road_building", 0)
    submit(auth, "place_road", 0, STANDARD.edge_between(28, 34))
    submit(auth, "place_road", 0, STANDARD.edge_between(28, 22))
    assert s.phase == ROLL_PHASE and legal_commands(s, 0) == [("roll", 0)]
    roll(auth, 1, 2)
    assert s.phase == MAIN
