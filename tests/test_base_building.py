"""Building (B-6): costs, where pieces may go, piece limits, development cards.

The position (docs/position.md): seat 0 has a settlement on the coast at A10
and roads round hex A's left side to A6 and on to D4 (sides A9, A7, D3); seat 1
has a settlement on A6 — on seat 0's road — and one on B6, with roads A3 and
B7 between A2, A4 and B6."""

import pytest

from game.engine import legal_commands
from game.engine.board import STANDARD
from game.engine.constants import COST_CITY, COST_DEV, COST_ROAD, COST_SETTLEMENT, MONOPOLY

from base_helpers import (
    cards, consistent, corner, game_at, is_legal, listed, refuse, set_hand, side, start_turn,
    submit,
)

RICH = cards(wood=5, brick=5, wool=5, grain=5, ore=5)


def building_position(settlements0="", cities0="", roads0="", hand0="WWWWWBBBBBSSSSSGGGGGOOOOO",
                      more=""):
    text = f"""game base players=4 board=beginner seed=1
settlements 0: A10 {settlements0}  1: A6 B6
roads 0: A9 A7 D3 {roads0}  1: A3 B7
hands 0: {hand0}
turn 1 current 0 phase main dice 2,3
"""
    if cities0:
        text += f"cities 0: {cities0}\n"
    auth = game_at(text + more)
    consistent(auth.state)
    return auth


def as_hand(cost):
    out = [0] * 5
    for kind, k in cost:
        out[kind] += k
    return out


# --- B-6.1 costs ---------------------------------------------------------------------

@pytest.mark.parametrize("cmd, cost", [
    (("build_road", 0, side("E7")), COST_ROAD),
    (("build_settlement", 0, corner("D6")), COST_SETTLEMENT),     # with a road D5, below
    (("build_city", 0, corner("A10")), COST_CITY),
    (("buy_dev", 0), COST_DEV),
])
def test_B_6_1_each_build_pays_exactly_its_cost_to_the_bank(cmd, cost):
    auth = building_position(roads0="D5" if cmd[0] == "build_settlement" else "")
    s = auth.state
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
    (("build_road", 0, side("E7")), COST_ROAD),
    (("build_settlement", 0, corner("D6")), COST_SETTLEMENT),
    (("build_city", 0, corner("A10")), COST_CITY),
    (("buy_dev", 0), COST_DEV),
])
def test_B_6_1_one_card_short_cannot_build(cmd, cost):
    auth = building_position(roads0="D5")
    s = auth.state
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
    refuse(auth, ("build_road", 0, side("Q7")), "bad_spot")    # far away
    refuse(auth, ("build_road", 0, side("E3")), "bad_spot")    # only touches seat 1's pieces
    refuse(auth, ("build_road", 0, side("A7")), "bad_spot")    # taken
    refuse(auth, ("build_road", 0, side("A3")), "bad_spot")    # taken by seat 1
    submit(auth, "build_road", 0, side("D5"))
    assert s.edge_owner[side("D5")] == 0 and s.roads_left[0] == 11


def test_B_6_2_a_road_cannot_pass_through_a_foreign_settlement():
    auth = building_position()
    s = auth.state
    # seat 0's roads A7 and D3 meet at seat 1's settlement on A6: the free side
    # A5 touches seat 0's roads only through that settlement.
    assert set(STANDARD.node_edges[corner("A6")]) == {side("A7"), side("D3"), side("A5")}
    refuse(auth, ("build_road", 0, side("A5")), "bad_spot")
    spots = {c[2] for c in legal_commands(s, 0) if c[0] == "build_road"}
    assert spots == {side("A11"), side("D11"), side("D5"), side("E7")}
    # the owner of the settlement may build there
    start_turn(auth, seat=1)
    set_hand(s, 1, RICH)
    submit(auth, "build_road", 1, side("A5"))
    # and seat 1 may not pass through seat 0's settlement on A8 either
    other = game_at("""game base players=4 board=beginner seed=1
settlements 0: A8  1: D4
roads 1: D3 A7
hands 1: WWWWWBBBBBSSSSSGGGGGOOOOO
turn 1 current 1 phase main dice 2,3
""")
    refuse(other, ("build_road", 1, side("A9")), "bad_spot")
    refuse(other, ("build_road", 1, side("D11")), "bad_spot")
    submit(other, "build_road", 1, side("A5"))


def test_B_6_2_an_own_settlement_does_not_block_and_roads_run_along_the_coast():
    auth = building_position()
    s = auth.state
    submit(auth, "build_road", 0, side("A11"))     # from the own settlement, on the coast
    submit(auth, "build_road", 0, side("A1"))
    assert s.edge_owner[side("A11")] == 0 and s.edge_owner[side("A1")] == 0
    assert s.road_len[0] == 4                      # A2-A12-A10-A8-A6 | A6-D4 (A6 is seat 1's)


# --- B-6.3 settlements ---------------------------------------------------------------------

def test_B_6_3_settlement_needs_an_own_road_and_the_distance_rule():
    auth = building_position()
    s = auth.state
    refuse(auth, ("build_settlement", 0, corner("D4")), "bad_spot")   # next to seat 1's settlement
    refuse(auth, ("build_settlement", 0, corner("A8")), "bad_spot")   # next to the own settlement
    refuse(auth, ("build_settlement", 0, corner("D6")), "bad_spot")   # no own road touches it
    refuse(auth, ("build_settlement", 0, corner("A2")), "bad_spot")   # only seat 1's road touches it
    refuse(auth, ("build_settlement", 0, corner("S4")), "bad_spot")   # far away
    refuse(auth, ("build_settlement", 0, corner("A6")), "bad_spot")   # taken
    assert not any(c[0] == "build_settlement" for c in legal_commands(s, 0))
    submit(auth, "build_road", 0, side("D5"))
    assert [c[2] for c in legal_commands(s, 0) if c[0] == "build_settlement"] == [corner("D6")]
    r = submit(auth, "build_settlement", 0, corner("D6"))
    assert ("built", 0, "settlement", corner("D6")) in r.events
    assert s.node_owner[corner("D6")] == 0 and s.settlements_left[0] == 3 and s.vp_public[0] == 2


def test_B_6_3_no_settlement_left_in_supply():
    auth = building_position(settlements0="P4 Q8 S4 L2", roads0="D5")
    s = auth.state
    assert s.settlements_left[0] == 0
    refuse(auth, ("build_settlement", 0, corner("D6")), "no_pieces")
    # a city is still possible: it gives a settlement back (B-6.4)
    r = submit(auth, "build_city", 0, corner("A10"))
    assert s.settlements_left[0] == 1 and ("built", 0, "city", corner("A10")) in r.events
    submit(auth, "build_settlement", 0, corner("D6"))
    assert s.settlements_left[0] == 0


# --- B-6.4 cities ---------------------------------------------------------------------------

def test_B_6_4_a_city_replaces_an_own_settlement_which_returns_to_supply():
    auth = building_position()
    s = auth.state
    refuse(auth, ("build_city", 0, corner("A6")), "bad_spot")       # seat 1's settlement
    refuse(auth, ("build_city", 0, corner("D6")), "bad_spot")       # empty
    assert [c[2] for c in legal_commands(s, 0) if c[0] == "build_city"] == [corner("A10")]
    r = submit(auth, "build_city", 0, corner("A10"))
    assert ("built", 0, "city", corner("A10")) in r.events
    assert s.node_owner[corner("A10")] == 0 and s.node_level[corner("A10")] == 2
    assert s.settlements_left[0] == 5 and s.cities_left[0] == 3
    assert s.vp_public[0] == 2
    set_hand(s, 0, RICH)
    refuse(auth, ("build_city", 0, corner("A10")), "bad_spot")      # already a city
    consistent(s)


def test_B_6_6_no_city_left_in_supply():
    auth = building_position(cities0="P4 Q8 S4 L2")
    refuse(auth, ("build_city", 0, corner("A10")), "no_pieces")
    consistent(auth.state)


def test_B_6_6_no_road_left_in_supply():
    """Fifteen roads on the board: none to build, and Road Building cannot be played."""
    auth = building_position(settlements0="M8 Q8", roads0="M7 M5 N7 N5 O7 O5 P7 P5 Q7 Q5 R7 R5",
                             more="dev 0: R\n")
    s = auth.state
    assert s.roads_left[0] == 0 and s.longest_road == 0
    refuse(auth, ("build_road", 0, side("D5")), "no_pieces")
    refuse(auth, ("play_road_building", 0), "no_pieces")
    consistent(s)


# --- B-6.5 development cards ------------------------------------------------------------

def test_B_6_5_buying_takes_the_top_card_of_the_deck():
    """The deck's top card is written last."""
    auth = building_position(more="deck KKKKKKKKKKKKKKRRYYMVVVVVM\n")
    s = auth.state
    r = submit(auth, "buy_dev", 0)
    assert r.events == (("bought_dev", 0, MONOPOLY),)
    assert s.deck_n == 24 == len(s.deck)
    assert s.dev[0][MONOPOLY] == 1 and s.dev_n[0] == 1


def test_B_6_5_no_development_card_from_an_empty_deck():
    auth = building_position(more="dev 1: KKKKKKKKKKKKKK  2: RRYYMM  3: VVVVV\ndeck -\n")
    s = auth.state
    assert s.deck_n == 0
    refuse(auth, ("buy_dev", 0), "deck_empty")
    consistent(s)
