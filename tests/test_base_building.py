"""Building (B-6): costs, where pieces may go, piece limits, development cards.

The position: seat 0 has a settlement on coastal node 3 and roads 3-7-12-17;
seat 1 has a settlement on 12 (on seat 0's road) and roads 4-8-13."""

import pytest

from game.engine import legal_commands
from game.engine.board import NODE_EDGES, edge_between
from game.engine.constants import (
    COST_CITY, COST_DEV, COST_ROAD, COST_SETTLEMENT, MONOPOLY, ROAD_BUILDING,
)

from base_helpers import (
    cards, consistent, give_dev, is_legal, listed, make_game, put_building, put_on_top_of_deck,
    put_road, set_longest_road, refuse, set_hand, start_turn, submit,
)

RICH = cards(wood=5, brick=5, wool=5, grain=5, ore=5)


def building_position():
    auth = make_game()
    s = auth.state
    put_building(s, 0, 3)
    put_road(s, 0, 3, 7, 12, 17)
    put_building(s, 1, 12)
    put_road(s, 1, 4, 8, 13)
    set_hand(s, 0, RICH)
    start_turn(auth, seat=0)
    consistent(s)
    return auth


def as_hand(cost):
    out = [0] * 5
    for kind, k in cost:
        out[kind] += k
    return out


# --- B-6.1 costs ---------------------------------------------------------------------

@pytest.mark.parametrize("cmd, cost", [
    (("build_road", 0, edge_between(17, 23)), COST_ROAD),
    (("build_settlement", 0, 22), COST_SETTLEMENT),     # after a road 17-22, below
    (("build_city", 0, 3), COST_CITY),
    (("buy_dev", 0), COST_DEV),
])
def test_B_6_1_each_build_pays_exactly_its_cost_to_the_bank(cmd, cost):
    auth = building_position()
    s = auth.state
    if cmd[0] == "build_settlement":
        put_road(s, 0, 17, 22)
    price = as_hand(cost)
    hand, bank = list(s.hands[0]), list(s.bank)
    submit(auth, *cmd)
    assert s.hands[0] == [h - p for h, p in zip(hand, price)]
    assert s.bank == [b + p for b, p in zip(bank, price)]
    consistent(s)


def test_B_6_1_the_costs_are_the_rulebook_costs():
    assert as_hand(COST_ROAD) == list(cards(wood=1, brick=1))
    assert as_hand(COST_SETTLEMENT) == list(cards(wood=1, brick=1, grain=1, wool=1))
    assert as_hand(COST_CITY) == list(cards(grain=2, ore=3))
    assert as_hand(COST_DEV) == list(cards(grain=1, wool=1, ore=1))


@pytest.mark.parametrize("cmd, cost", [
    (("build_road", 0, edge_between(17, 23)), COST_ROAD),
    (("build_settlement", 0, 22), COST_SETTLEMENT),
    (("build_city", 0, 3), COST_CITY),
    (("buy_dev", 0), COST_DEV),
])
def test_B_6_1_one_card_short_cannot_build(cmd, cost):
    auth = building_position()
    s = auth.state
    put_road(s, 0, 17, 22)
    for kind, _ in cost:
        short = as_hand(cost)
        short[kind] -= 1
        set_hand(s, 0, short)
        refuse(auth, cmd, "cannot_afford")
    set_hand(s, 0, as_hand(cost))
    assert is_legal(auth, cmd) and listed(auth, cmd)


# --- B-6.2 roads ---------------------------------------------------------------------------

def test_B_6_2_a_road_must_touch_the_own_network():
    auth = building_position()
    s = auth.state
    refuse(auth, ("build_road", 0, edge_between(47, 51)), "bad_spot")   # far away
    refuse(auth, ("build_road", 0, edge_between(13, 18)), "bad_spot")   # only touches seat 1's road
    refuse(auth, ("build_road", 0, edge_between(7, 12)), "bad_spot")    # taken
    refuse(auth, ("build_road", 0, edge_between(4, 8)), "bad_spot")     # taken by seat 1
    submit(auth, "build_road", 0, edge_between(17, 22))
    assert s.edge_owner[edge_between(17, 22)] == 0 and s.roads_left[0] == 11


def test_B_6_2_a_road_cannot_pass_through_a_foreign_settlement():
    auth = building_position()
    s = auth.state
    # seat 0's roads 7-12 and 12-17 meet at seat 1's settlement on 12: the
    # free path 12-8 touches seat 0's roads only through that settlement.
    assert set(NODE_EDGES[12]) == {edge_between(12, 7), edge_between(12, 17), edge_between(12, 8)}
    refuse(auth, ("build_road", 0, edge_between(12, 8)), "bad_spot")
    spots = {c[2] for c in legal_commands(s, 0) if c[0] == "build_road"}
    assert spots == {edge_between(3, 0), edge_between(7, 11), edge_between(17, 22),
                     edge_between(17, 23)}
    # the owner of the settlement may build there
    start_turn(auth, seat=1)
    set_hand(s, 1, RICH)
    submit(auth, "build_road", 1, edge_between(12, 8))
    # and seat 1 may not pass through seat 0's settlement on 7 either
    s2 = make_game()
    st = s2.state
    put_building(st, 0, 7)
    put_road(st, 1, 12, 7)
    put_building(st, 1, 17)
    put_road(st, 1, 17, 12)
    set_hand(st, 1, RICH)
    start_turn(s2, seat=1)
    refuse(s2, ("build_road", 1, edge_between(7, 3)), "bad_spot")
    refuse(s2, ("build_road", 1, edge_between(7, 11)), "bad_spot")
    submit(s2, "build_road", 1, edge_between(12, 8))


def test_B_6_2_an_own_settlement_does_not_block_and_roads_run_along_the_coast():
    auth = building_position()
    s = auth.state
    coast = edge_between(3, 0)
    submit(auth, "build_road", 0, coast)          # from the own settlement, on the coast
    submit(auth, "build_road", 0, edge_between(0, 4))
    assert s.edge_owner[coast] == 0 and s.edge_owner[edge_between(0, 4)] == 0
    assert s.road_len[0] == 4                     # 4-0-3-7-12 | 12-17 (12 is seat 1's)


# --- B-6.3 settlements ---------------------------------------------------------------------

def test_B_6_3_settlement_needs_an_own_road_and_the_distance_rule():
    auth = building_position()
    s = auth.state
    refuse(auth, ("build_settlement", 0, 17), "bad_spot")   # next to seat 1's settlement
    refuse(auth, ("build_settlement", 0, 7), "bad_spot")    # next to the own settlement
    refuse(auth, ("build_settlement", 0, 22), "bad_spot")   # no own road touches it
    refuse(auth, ("build_settlement", 0, 4), "bad_spot")    # only seat 1's road touches it
    refuse(auth, ("build_settlement", 0, 50), "bad_spot")   # far away
    refuse(auth, ("build_settlement", 0, 12), "bad_spot")   # taken
    assert not any(c[0] == "build_settlement" for c in legal_commands(s, 0))
    submit(auth, "build_road", 0, edge_between(17, 22))
    assert [c[2] for c in legal_commands(s, 0) if c[0] == "build_settlement"] == [22]
    r = submit(auth, "build_settlement", 0, 22)
    assert ("built", 0, "settlement", 22) in r.events
    assert s.node_owner[22] == 0 and s.settlements_left[0] == 3 and s.vp_public[0] == 2


def test_B_6_3_no_settlement_left_in_supply():
    auth = building_position()
    s = auth.state
    put_road(s, 0, 17, 22)
    assert is_legal(auth, ("build_settlement", 0, 22))
    for node in (42, 47, 50, 26):
        put_building(s, 0, node)
    assert s.settlements_left[0] == 0
    refuse(auth, ("build_settlement", 0, 22), "no_pieces")
    # a city is still possible: it gives a settlement back (B-6.4)
    r = submit(auth, "build_city", 0, 3)
    assert s.settlements_left[0] == 1 and ("built", 0, "city", 3) in r.events
    submit(auth, "build_settlement", 0, 22)
    assert s.settlements_left[0] == 0


# --- B-6.4 cities ---------------------------------------------------------------------------

def test_B_6_4_a_city_replaces_an_own_settlement_which_returns_to_supply():
    auth = building_position()
    s = auth.state
    refuse(auth, ("build_city", 0, 12), "bad_spot")       # seat 1's settlement
    refuse(auth, ("build_city", 0, 22), "bad_spot")       # empty
    assert [c[2] for c in legal_commands(s, 0) if c[0] == "build_city"] == [3]
    r = submit(auth, "build_city", 0, 3)
    assert ("built", 0, "city", 3) in r.events
    assert s.node_owner[3] == 0 and s.node_level[3] == 2
    assert s.settlements_left[0] == 5 and s.cities_left[0] == 3
    assert s.vp_public[0] == 2
    set_hand(s, 0, RICH)
    refuse(auth, ("build_city", 0, 3), "bad_spot")        # already a city
    consistent(s)


def test_B_6_6_no_city_left_in_supply():
    auth = building_position()
    s = auth.state
    for node in (42, 47, 50, 26):
        put_building(s, 0, node, city=True)
    refuse(auth, ("build_city", 0, 3), "no_pieces")
    consistent(s)


def test_B_6_6_no_road_left_in_supply():
    auth = building_position()
    s = auth.state
    put_road(s, 0, 38, 43, 39, 44, 40, 45, 41, 46, 42)
    put_road(s, 0, 47, 51, 48, 52, 49)
    set_longest_road(s, 0)
    assert s.roads_left[0] == 0
    refuse(auth, ("build_road", 0, edge_between(17, 22)), "no_pieces")
    give_dev(s, 0, ROAD_BUILDING)
    refuse(auth, ("play_road_building", 0), "no_pieces")
    consistent(s)


# --- B-6.5 development cards ------------------------------------------------------------

def test_B_6_5_buying_takes_the_top_card_of_the_deck():
    auth = building_position()
    s = auth.state
    put_on_top_of_deck(s, MONOPOLY)
    r = submit(auth, "buy_dev", 0)
    assert r.events == (("bought_dev", 0, MONOPOLY),)
    assert s.deck_n == 24 == len(s.deck)
    assert s.dev[0][MONOPOLY] == 1 and s.dev_n[0] == 1


def test_B_6_5_no_development_card_from_an_empty_deck():
    auth = building_position()
    s = auth.state
    for kind in list(s.deck):
        give_dev(s, 1 + kind % 3, kind)
    assert s.deck_n == 0
    refuse(auth, ("buy_dev", 0), "deck_empty")
    consistent(s)
