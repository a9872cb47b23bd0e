"""How the computer players play: trades they accept, counter and refuse,
where they put the robber and their first settlements, offers they make."""

import pytest

from game.bots import make_bot
from game.bots.facts import node_pips
from game.engine import view
from game.engine.rulesets.base.building import setup_settlement_spots
from game.engine.state import TRADE

from base_helpers import cards, make_game, put_building, set_hand, start_turn
from example_counts import examples
from test_bots import bot_game

LEVELS = ("easy", "medium")


def _trade_table(offerer_cities=0):
    """Beginner board, seat 0's turn after rolling; seat 1 owns a settlement
    and holds grain 2, ore 2, wood 3 (one ore short of a city).  Seat 0 has
    `offerer_cities` cities (2 VP each)."""
    auth = make_game()
    s = auth.state
    start_turn(auth, 0)
    spots = setup_settlement_spots(s)
    put_building(s, 1, spots[0])
    taken = {spots[0]}
    for _ in range(offerer_cities):
        node = next(n for n in setup_settlement_spots(s) if n not in taken)
        put_building(s, 0, node, city=True)
        taken.add(node)
    set_hand(s, 0, cards(ore=2, brick=1))
    set_hand(s, 1, cards(grain=2, ore=2, wood=3))
    return auth


def _offer(auth, give, get):
    auth.submit(("offer", 0, give, get, (1,)))
    assert auth.state.phase == TRADE


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_accepts_an_offer_that_completes_its_city(level):
    auth = _trade_table()
    _offer(auth, cards(ore=1), cards(wood=1))
    assert make_bot(level, 1, 0, strict=True).choose(view(auth.state, 1)) == ("accept", 1)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_never_helps_a_player_about_to_win(level):
    """The same good offer from a player within 2 points of the target (8 of 10) is declined."""
    auth = _trade_table(offerer_cities=4)
    assert auth.state.vp_public[0] == auth.state.config["vp_target"] - 2
    _offer(auth, cards(ore=1), cards(wood=1))
    assert make_bot(level, 1, 0, strict=True).choose(view(auth.state, 1)) == ("decline", 1)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_declines_an_offer_that_costs_it_its_plan(level):
    """Asked for the ore it needs for its city in exchange for wood it has plenty of."""
    auth = _trade_table()
    set_hand(auth.state, 0, cards(wood=1))
    _offer(auth, cards(wood=1), cards(ore=1))
    assert make_bot(level, 1, 0, strict=True).choose(view(auth.state, 1)) == ("decline", 1)


def test_medium_counters_when_it_lacks_the_card_asked_but_wants_the_offer():
    """Offered ore for brick it does not hold: it proposes wood instead."""
    auth = _trade_table()
    _offer(auth, cards(ore=1), cards(brick=1))
    cmd = make_bot("medium", 1, 0, strict=True).choose(view(auth.state, 1))
    assert cmd[0] == "counter"
    assert list(cmd[2]) == list(cards(ore=1)) and sum(cmd[3]) == 1 and cmd[3][0] == 1


def test_medium_as_offerer_confirms_a_useful_answer_and_withdraws_otherwise():
    auth = _trade_table()
    s = auth.state
    set_hand(s, 0, cards(grain=2, ore=2, wood=2))
    put_building(s, 0, next(n for n in setup_settlement_spots(s)))
    auth.submit(("offer", 0, cards(wood=1), cards(ore=1), (1, 2)))
    auth.submit(("decline", 2))
    auth.submit(("counter", 1, cards(wood=2), cards(ore=1)))
    bot = make_bot("medium", 0, 0, strict=True)
    assert bot.choose(view(s, 0)) == ("confirm_trade", 0, 1)      # 2 spare wood for the city's ore
    auth2 = _trade_table()
    set_hand(auth2.state, 0, cards(grain=2, ore=2, wood=2))
    put_building(auth2.state, 0, next(n for n in setup_settlement_spots(auth2.state)))
    auth2.submit(("offer", 0, cards(wood=1), cards(ore=1), (1,)))
    auth2.submit(("counter", 1, cards(grain=1), cards(ore=1)))    # grain it needs itself
    assert bot.choose(view(auth2.state, 0)) == ("cancel_trade", 0)


@pytest.mark.parametrize("rules, seed", [("base", 41), ("ck", 42)])
@pytest.mark.slow
def test_bots_never_rob_their_own_production_when_they_can_rob_another(rules, seed):
    checked = []

    def on_decision(state, seat, v, cmd):
        if cmd[0] != "move_robber":
            return
        own = {h for h in range(19) if any(state.node_owner[n] == seat for n in _hex_nodes(h))}
        others = {h for h in range(19) if state.numbers[h] and h != state.robber and h not in own
                  and any(state.node_owner[n] not in (-1, seat) for n in _hex_nodes(h))}
        if others:
            assert cmd[2] not in own
            checked.append(cmd)

    games = [(seed, ["medium", "easy"]), (seed + 100, ["easy", "medium"])]
    for game_seed, levels in games[:examples(ci=2, dev=1)]:     # both levels rob in each game
        bot_game(rules, game_seed, levels, on_decision=on_decision)
    assert checked


def _hex_nodes(h):
    from game.engine.board import STANDARD
    return STANDARD.hex_nodes[h]


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_medium_starts_on_one_of_the_richest_spots(rules):
    """Its first settlement yields at least 80 % of the best spot's pips."""
    for seed in range(4):
        placed = []

        def on_decision(state, seat, v, cmd):
            if cmd[0] == "place_settlement" and state.setup_step == 0:
                best = max(sum(node_pips(state, n)) for n in setup_settlement_spots(state))
                placed.append((sum(node_pips(state, cmd[2])), best))

        bot_game(rules, seed, ["medium"], turn_cap=0, on_decision=on_decision)
        mine, best = placed[0]
        assert mine >= 0.8 * best


def test_medium_makes_offers_and_trades_while_easy_never_offers():
    offers = {"easy": 0, "medium": 0}
    traded = []

    def on_decision(state, seat, v, cmd):
        level = "medium" if seat % 2 == 0 else "easy"
        if cmd[0] == "offer":
            offers[level] += 1
        if cmd[0] == "confirm_trade":
            traded.append(cmd)

    for seed in (51, 52)[:examples(ci=2, dev=1)]:
        bot_game("base", seed, ["medium", "easy"], on_decision=on_decision)
    assert offers["easy"] == 0
    assert offers["medium"] > 0 and traded


def test_an_offer_has_a_fair_chance_only_when_someone_can_and_would_take_it():
    """Seat 1 is one ore short of a city and holds no wool (all wool is in
    the bank, so seat 0 knows it from its view): ore for wood is taken in
    every sample of the hidden hands, brick for wool in none."""
    from game.bots import trading
    from game.engine.rng import Rng
    auth = _trade_table()
    v = view(auth.state, 0)
    wanted = ("offer", 0, tuple(cards(ore=1)), tuple(cards(wood=1)), (1, 2, 3))
    hopeless = ("offer", 0, tuple(cards(brick=1)), tuple(cards(wool=1)), (1, 2, 3))
    assert trading.acceptance_chance(v, 0, wanted, Rng(1)) == 1.0
    assert trading.acceptance_chance(v, 0, hopeless, Rng(1)) == 0.0
    assert trading.fair_offers(v, 0, [hopeless, wanted], Rng(2)) == [wanted]


@pytest.mark.parametrize("rules, seed, levels", [
    ("base", 53, ["medium", "easy"]), ("ck", 54, ["medium", "easy"]),
    pytest.param("base", 55, ["medium", "easy", "hard", "easy"], marks=pytest.mark.slow),
    pytest.param("ck", 57, ["medium", "easy", "hard", "easy"], marks=pytest.mark.slow)])
@pytest.mark.slow
def test_computers_make_at_most_one_offer_a_turn(rules, seed, levels):
    """Every offer is a dialog for a person at the table: one a turn at most."""
    from collections import Counter
    offers = Counter()

    def on_decision(state, seat, v, cmd):
        if cmd[0] == "offer":
            offers[(seat, v.turn)] += 1

    bot_game(rules, seed, levels, on_decision=on_decision)
    assert offers and max(offers.values()) == 1
