"""A command is checked once (B-4.3): one the engine itself just listed for a
state is applied without a second check, and everything else, an equal
command made elsewhere included, goes through every check.  Listed offers
are built only when asked for (B-7.1)."""

import pytest

from game.bots.random_bot import RandomSeats
from game.engine import IllegalCommand, apply, default_config, legal_commands, new_game
from game.engine.board import STANDARD
from game.engine.ruleset import RULESETS
from game.engine.state import GAME_OVER, MAIN, STEAL

from base_helpers import cards, corner, counts, make_game, put_building, set_hand, start_turn


@pytest.fixture
def counted_checks(monkeypatch):
    """Counts every rule check the kernel runs, by command kind."""
    calls = []
    for rules in RULESETS.values():
        for kind, fn in list(rules.checks.items()):
            def counted(state, cmd, fn=fn):
                calls.append(cmd[0])
                return fn(state, cmd)
            monkeypatch.setitem(rules.checks, kind, counted)
    return calls


def _main_turn():
    auth = make_game()
    start_turn(auth, 0, "main")
    set_hand(auth.state, 0, cards(brick=1, wood=1, wool=2))
    return auth.state


def test_B_4_3_a_just_listed_command_is_not_checked_again(counted_checks):
    state = _main_turn()
    end = legal_commands(state, 0)[0]
    assert end == ("end_turn", 0) and counted_checks == []
    apply(state, end)
    assert counted_checks == [] and state.current == 1


def test_B_4_3_an_equal_command_made_elsewhere_is_checked(counted_checks):
    state = _main_turn()
    legal_commands(state, 0)
    apply(state, tuple(["end_turn", 0]))          # equal, not the listed object
    assert counted_checks == ["end_turn"]


def test_B_4_3_a_listed_command_is_checked_once_anything_was_applied_since(counted_checks):
    state = _main_turn()
    listed = legal_commands(state, 0)
    offer = next(c for c in listed if c[0] == "offer")
    apply(state, offer)                              # trusted: listed just now
    assert counted_checks == [] and state.phase != MAIN
    with pytest.raises(IllegalCommand) as refused:
        apply(state, listed[0])                      # end_turn, listed before the offer
    assert refused.value.code == "wrong_phase" and counted_checks == ["end_turn"]


def test_B_4_3_a_command_listed_for_another_copy_is_checked(counted_checks):
    state = _main_turn()
    other = state.copy()
    end = legal_commands(other, 0)[0]
    apply(state, end)
    assert counted_checks == ["end_turn"]


def test_B_4_3_a_command_added_to_the_returned_list_is_checked(counted_checks):
    state = _main_turn()
    listed = legal_commands(state, 0)
    made = ("build_city", 0, 10)                     # a bot's own command, slipped into the list
    listed.append(made)
    with pytest.raises(IllegalCommand):
        apply(state, made)
    assert counted_checks == ["build_city"]


def test_B_5_4_an_equal_command_with_true_for_a_seat_is_refused():
    """Identity, not equality: ("steal", 0, True) equals ("steal", 0, 1) but
    is not a command the engine made, so its shape is checked and refused."""
    auth = make_game()
    start_turn(auth, 0, "main")
    s = auth.state
    s.phase = STEAL
    set_hand(s, 1, cards(ore=1))
    put_building(s, 1, corner("A10"))
    s.robber = STANDARD.node_hexes[corner("A10")][0]
    listed = legal_commands(s, 0)
    assert ("steal", 0, 1) in listed
    with pytest.raises(IllegalCommand) as refused:
        apply(s, ("steal", 0, True))
    assert refused.value.code == "malformed"


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_B_7_1_offers_are_built_only_when_asked_and_listed_commands_are_plain_tuples(rules):
    """Over a random game: without offers the list is the full list less its
    offers, in the same order; every listed command is a tuple of plain
    values (hashable: nothing in it a caller could change)."""
    state, _ = new_game(default_config(rules=rules, players=4, seed=11))
    bot = RandomSeats(11)
    offers_seen = 0
    for _ in range(3000 if rules == "base" else 1500):
        if state.phase == GAME_OVER:
            break
        seat = bot.pick_seat(state)
        without = legal_commands(state, seat, offers=False)
        full = legal_commands(state, seat)
        assert without == [c for c in full if c[0] != "offer"]
        offers_seen += len(full) - len(without)
        for cmd in full:
            assert type(cmd) is tuple
            hash(cmd)
        apply(state, full[bot.rng.below(len(full))])
    assert offers_seen > 0


@pytest.fixture
def counted_listings(monkeypatch):
    """Counts every time a rule set's phase MAIN lister runs."""
    calls = []
    for rules in RULESETS.values():
        lister = rules.listers[MAIN]

        def counted(state, seat, lister=lister):
            calls.append(seat)
            return lister(state, seat)
        monkeypatch.setitem(rules.listers, MAIN, counted)
    return calls


def _fresh_main_listing(state, seat):
    rules = RULESETS[state.config["rules"]]
    cmds = rules.listers[MAIN](state, seat)
    rules.list_offers(state, seat, cmds)
    return cmds


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_B_7_1_the_main_listing_is_kept_through_the_talk_of_a_trade(counted_listings, rules):
    """An offer made from a MAIN listing, declined by all or cancelled,
    changes nothing a MAIN listing reads: the next listing is the kept one
    (the lister does not run again), equal to a fresh one, and its commands
    are trusted like any just listed; it is kept for one listing."""
    auth = make_game(rules=rules)
    start_turn(auth, 0, "main")
    state = auth.state
    set_hand(state, 0, counts(len(state.bank), {"brick": 1, "wood": 1, "wool": 2}))
    listed = legal_commands(state, 0)
    offer = next(c for c in listed if c[0] == "offer")
    apply(state, offer)
    for seat in offer[4]:
        apply(state, ("decline", seat))
    assert state.phase == MAIN and counted_listings == [0]
    again = legal_commands(state, 0)
    assert again == listed and again is not listed and counted_listings == [0]
    assert again == _fresh_main_listing(state, 0)
    counted_listings.clear()
    apply(state, again[again.index(offer)])             # the kept offer object: trusted, kept again
    apply(state, ("cancel_trade", 0))
    assert legal_commands(state, 0) == listed and counted_listings == []
    assert legal_commands(state, 0) == listed and counted_listings == [0]   # once


def test_B_7_1_a_trade_made_or_another_listing_is_listed_afresh(counted_listings):
    state = _main_turn()
    offer = next(c for c in legal_commands(state, 0) if c[0] == "offer")
    give, get, partner = offer[2], offer[3], offer[4][0]
    set_hand(state, partner, tuple(get))
    apply(state, offer)
    apply(state, ("accept", partner))
    apply(state, ("confirm_trade", 0, partner))          # cards moved: listed afresh
    counted_listings.clear()
    after = legal_commands(state, 0)
    assert counted_listings == [0] and after == _fresh_main_listing(state, 0)
    # Kept only for the seat and the kind of listing it was made as.
    listed = legal_commands(state, 0)
    offer = next(c for c in listed if c[0] == "offer")
    apply(state, offer)
    apply(state, ("cancel_trade", 0))
    counted_listings.clear()
    assert legal_commands(state, 0, offers=False) == [c for c in listed if c[0] != "offer"]
    assert counted_listings == [0]
    # An offer not made right after the state's own listing keeps nothing.
    state = _main_turn()
    offer = next(c for c in legal_commands(state.copy(), 0) if c[0] == "offer")
    apply(state, offer)
    apply(state, ("cancel_trade", 0))
    counted_listings.clear()
    legal_commands(state, 0)
    assert counted_listings == [0]
