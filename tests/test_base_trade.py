"""Trade (B-7): domestic offers, answers, counter-offers; maritime trade with the
bank at 4:1, 3:1 and 2:1.  Beginner harbors used: nodes 0 and 4 are a generic
3:1 harbor, nodes 2 and 5 the 2:1 wool harbor."""

from game.engine import deciders, legal_commands
from game.engine.constants import BRICK, GRAIN, ORE, WOOD, WOOL
from game.engine.state import MAIN, TRADE

from base_helpers import (
    cards, consistent, events, is_legal, listed, make_game, put_building, put_road, refuse,
    set_hand, start_turn, submit,
)


def trade_position(**options):
    auth = make_game(**options)
    s = auth.state
    set_hand(s, 0, cards(wood=3, brick=2, ore=1))
    set_hand(s, 1, cards(ore=2, grain=1))
    set_hand(s, 2, cards(ore=1, wool=2))
    set_hand(s, 3, cards(grain=2))
    start_turn(auth, seat=0)
    return auth


# --- B-7.1 domestic trade ---------------------------------------------------------------

def test_B_7_1_offer_to_all_accept_and_confirm_swaps_the_cards():
    auth = trade_position()
    s = auth.state
    r = submit(auth, "offer", 0, cards(wood=2), cards(ore=1), (1, 2, 3))
    assert r.events == (("offered", 0, cards(wood=2), cards(ore=1), (1, 2, 3)),)
    assert s.phase == TRADE and deciders(s) == [0, 1, 2, 3]
    # while an offer is open the current player cannot build or trade otherwise
    refuse(auth, ("maritime", 0, WOOD, GRAIN), "wrong_phase")
    refuse(auth, ("end_turn", 0), "wrong_phase")
    assert listed(auth, ("accept", 1)) and listed(auth, ("accept", 2))
    refuse(auth, ("accept", 3), "missing_cards")           # seat 3 holds no ore
    submit(auth, "accept", 1)
    submit(auth, "accept", 2)
    refuse(auth, ("accept", 1), "wrong_phase")             # answered already
    r = submit(auth, "confirm_trade", 0, 2)
    assert r.events == (("traded", 0, 2, cards(wood=2), cards(ore=1)),)
    assert s.hands[0] == list(cards(wood=1, brick=2, ore=2))
    assert s.hands[2] == list(cards(wood=2, wool=2))
    assert s.hands[1] == list(cards(ore=2, grain=1)), "the other acceptor trades nothing"
    assert s.phase == MAIN and s.trade is None
    consistent(s)


def test_B_7_1_offer_to_some_players_only():
    auth = trade_position()
    s = auth.state
    submit(auth, "offer", 0, cards(wood=1), cards(ore=1), (2,))
    assert deciders(s) == [0, 2]
    assert legal_commands(s, 1) == [] and legal_commands(s, 3) == []
    refuse(auth, ("accept", 1), "wrong_phase")
    refuse(auth, ("counter", 1, cards(wood=1), cards(grain=1)), "wrong_phase")
    submit(auth, "accept", 2)
    refuse(auth, ("confirm_trade", 0, 1), "bad_target")    # seat 1 was not asked
    submit(auth, "confirm_trade", 0, 2)
    assert s.hands[2][ORE] == 0 and s.hands[0][ORE] == 2


def test_B_7_1_only_the_current_player_trades_and_never_with_themself():
    auth = trade_position()
    refuse(auth, ("offer", 1, cards(ore=1), cards(wood=1), (2,)), "not_your_turn")
    refuse(auth, ("offer", 2, cards(ore=1), cards(grain=1), (3,)), "not_your_turn")
    refuse(auth, ("offer", 0, cards(wood=1), cards(ore=1), (0, 1)), "bad_target")
    submit(auth, "offer", 0, cards(wood=1), cards(grain=1), (1, 3))
    refuse(auth, ("confirm_trade", 1, 3), "not_your_turn")   # responders cannot close deals
    refuse(auth, ("cancel_trade", 1), "not_your_turn")


def test_B_7_1_each_side_gives_at_least_one_card_no_like_for_like():
    auth = trade_position()
    refuse(auth, ("offer", 0, cards(), cards(ore=1), (1,)), "bad_terms")       # asking a gift
    refuse(auth, ("offer", 0, cards(wood=1), cards(), (1,)), "bad_terms")      # giving a gift
    refuse(auth, ("offer", 0, cards(wood=1), cards(wood=1), (1,)), "bad_terms")
    refuse(auth, ("offer", 0, cards(wood=2), cards(wood=1, ore=1), (1,)), "bad_terms")
    submit(auth, "offer", 0, cards(wood=1), cards(ore=1), (1,))
    refuse(auth, ("counter", 1, cards(), cards(ore=1)), "bad_terms")
    refuse(auth, ("counter", 1, cards(ore=1), cards(ore=1)), "bad_terms")


def test_B_7_1_both_sides_must_hold_the_cards():
    auth = trade_position()
    refuse(auth, ("offer", 0, cards(wood=4), cards(ore=1), (1,)), "missing_cards")
    refuse(auth, ("offer", 0, cards(wool=1), cards(ore=1), (1,)), "missing_cards")
    submit(auth, "offer", 0, cards(wood=1), cards(ore=2), (1, 2))
    assert listed(auth, ("accept", 1)) and not listed(auth, ("accept", 2))
    refuse(auth, ("accept", 2), "missing_cards")
    # a counter where the responder would give cards they lack
    refuse(auth, ("counter", 2, cards(wood=1), cards(ore=2)), "missing_cards")


def test_B_7_1_counter_offer_and_the_current_player_picks_one():
    auth = trade_position()
    s = auth.state
    submit(auth, "offer", 0, cards(wood=1), cards(ore=1), (1, 2, 3))
    # terms are seen from the offerer: seat 2 wants 2 wood and 1 brick for 1 wool
    r = submit(auth, "counter", 2, cards(wood=2, brick=1), cards(wool=1))
    assert r.events == (("trade_answer", 2, "counter", cards(wood=2, brick=1), cards(wool=1)),)
    submit(auth, "counter", 3, cards(wood=1), cards(grain=1))
    submit(auth, "accept", 1)
    mine = legal_commands(s, 0)
    assert ("confirm_trade", 0, 1) in mine and ("confirm_trade", 0, 2) in mine
    assert ("confirm_trade", 0, 3) in mine and ("cancel_trade", 0) in mine
    r = submit(auth, "confirm_trade", 0, 2)
    assert r.events == (("traded", 0, 2, cards(wood=2, brick=1), cards(wool=1)),)
    assert s.hands[0] == list(cards(wood=1, brick=1, ore=1, wool=1))
    assert s.hands[2] == list(cards(wood=2, brick=1, ore=1, wool=1))
    assert s.hands[1] == list(cards(ore=2, grain=1)) and s.hands[3] == list(cards(grain=2))
    consistent(s)


def test_B_7_1_a_counter_the_offerer_cannot_pay_is_refused():
    auth = trade_position()
    submit(auth, "offer", 0, cards(wood=1), cards(ore=1), (1,))
    submit(auth, "counter", 1, cards(brick=3), cards(grain=1))   # seat 0 holds 2 brick
    refuse(auth, ("confirm_trade", 0, 1), "missing_cards")


def test_B_7_1_decline_by_all_closes_the_offer_and_cancel_withdraws_it():
    auth = trade_position()
    s = auth.state
    submit(auth, "offer", 0, cards(wood=1), cards(ore=1), (1, 2))
    submit(auth, "decline", 1)
    assert s.phase == TRADE
    refuse(auth, ("confirm_trade", 0, 1), "bad_target")
    r = submit(auth, "decline", 2)
    assert events(r, "trade_closed") == [("trade_closed", 0)]
    assert s.phase == MAIN and s.trade is None
    submit(auth, "offer", 0, cards(wood=1), cards(ore=1), (1, 2))
    submit(auth, "accept", 1)
    r = submit(auth, "cancel_trade", 0)
    assert r.events == (("trade_closed", 0),) and s.phase == MAIN
    assert s.hands[0] == list(cards(wood=3, brick=2, ore=1))
    assert s.hands[1] == list(cards(ore=2, grain=1))


def test_B_7_3_domestic_trades_may_be_repeated():
    auth = trade_position()
    s = auth.state
    for partner in (1, 2):
        submit(auth, "offer", 0, cards(wood=1), cards(ore=1), (partner,))
        submit(auth, "accept", partner)
        submit(auth, "confirm_trade", 0, partner)
    assert s.hands[0] == list(cards(wood=1, brick=2, ore=3))


# --- B-7.2 maritime trade ---------------------------------------------------------------

def test_B_7_2_four_to_one_always():
    auth = make_game()
    s = auth.state
    set_hand(s, 0, cards(wood=4, brick=3))
    start_turn(auth, seat=0)
    assert s.ratios[0] == [4] * 5
    refuse(auth, ("maritime", 0, BRICK, ORE), "cannot_afford")
    refuse(auth, ("maritime", 0, WOOD, WOOD), "same_kind")
    maritime = sorted(c for c in legal_commands(s, 0) if c[0] == "maritime")
    assert maritime == [("maritime", 0, WOOD, k) for k in (BRICK, WOOL, GRAIN, ORE)]
    r = submit(auth, "maritime", 0, WOOD, ORE)
    assert r.events == (("maritime", 0, WOOD, 4, ORE),)
    assert s.hands[0] == list(cards(brick=3, ore=1)) and s.bank[WOOD] == 19 and s.bank[ORE] == 18


def test_B_7_2_generic_harbor_gives_three_to_one_for_every_resource():
    auth = make_game()
    s = auth.state
    put_building(s, 0, 12)
    put_road(s, 0, 12, 8, 4)
    set_hand(s, 0, cards(wood=4, brick=4, grain=1, wool=1, ore=3))
    start_turn(auth, seat=0)
    refuse(auth, ("maritime", 0, ORE, GRAIN), "cannot_afford")
    submit(auth, "build_settlement", 0, 4)           # on the generic harbor
    assert s.ratios[0] == [3] * 5
    start_turn(auth, seat=0, turn=5)                 # a later turn (trading is over after building)
    submit(auth, "maritime", 0, ORE, GRAIN)
    assert s.hands[0] == list(cards(wood=3, brick=3, grain=1))
    refuse(auth, ("maritime", 0, GRAIN, WOOD), "cannot_afford")


def test_B_7_2_special_harbor_two_to_one_only_for_its_resource():
    auth = make_game()
    s = auth.state
    put_building(s, 0, 2)                              # wool 2:1 harbor
    set_hand(s, 0, cards(wool=2, ore=3))
    start_turn(auth, seat=0)
    assert s.ratios[0] == [4, 4, 2, 4, 4]
    refuse(auth, ("maritime", 0, ORE, WOOD), "cannot_afford")   # no 3:1 from a special harbor
    submit(auth, "maritime", 0, WOOL, BRICK)
    assert s.hands[0] == list(cards(brick=1, ore=3))
    # with a generic harbor as well: wool stays 2:1, the rest becomes 3:1
    put_building(s, 0, 0)
    assert s.ratios[0] == [3, 3, 2, 3, 3]
    submit(auth, "maritime", 0, ORE, WOOD)
    assert s.hands[0] == list(cards(wood=1, brick=1))
    consistent(s)


def test_B_7_2_the_bank_never_lends():
    auth = make_game()
    s = auth.state
    set_hand(s, 0, cards(wood=4))
    set_hand(s, 1, cards(ore=19))
    start_turn(auth, seat=0)
    refuse(auth, ("maritime", 0, WOOD, ORE), "bank_empty")
    assert is_legal(auth, ("maritime", 0, WOOD, GRAIN))


def test_B_7_3_maritime_trades_may_be_repeated():
    auth = make_game()
    s = auth.state
    set_hand(s, 0, cards(wood=12))
    start_turn(auth, seat=0)
    for get in (ORE, ORE, GRAIN):
        submit(auth, "maritime", 0, WOOD, get)
    assert s.hands[0] == list(cards(ore=2, grain=1))
