"""The win chance's terms (game/bots/winchance.py): read from a seat's view
only, and a development card bought counted at its price (B-6.1), so that
buying one never lowers its buyer's chance through what the buyer holds."""

import os

from hypothesis import given, settings, strategies as st

from game import saves
from game.bots import facts as F
from game.bots import winchance as W
from game.engine import view
from game.engine.match import Authority
from game.engine.rng import Rng
from game.engine.state import SETUP_ROAD, SETUP_SETTLEMENT

from engine_play import random_position as position
from test_engine_core import _scramble_secrets_hidden_from

SAVES = os.path.join(os.path.dirname(__file__), "data", "saves")
BASE_FINISHED = [os.path.join(SAVES, n) for n in ("hotseat-base-finished.kolonisten", "lan-base-finished.kolonisten")]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["base", "ck"]), st.integers(0, 5), st.sampled_from([40, 120, 300, 700, 1200]),
       st.integers(0, 2 ** 32 - 1))
def test_chances_on_a_view_do_not_change_when_what_the_seat_may_not_know_is_scrambled(rules, seed, length, rseed):
    """RULES.md 'Hidden information': on a seat's view the chances (and every
    seat's terms) read only what the seat may know."""
    state = position(rules, seed, length)
    seat = state.current
    scrambled = _scramble_secrets_hidden_from(state, seat, Rng(rseed))
    mine, theirs = view(state, seat), view(scrambled, seat)
    assert W.chances(mine) == W.chances(theirs)
    assert abs(sum(W.chances(mine)) - 1.0) < 1e-9
    if state.phase not in (SETUP_SETTLEMENT, SETUP_ROAD):
        for s in range(state.n):
            assert W.features(mine, s) == W.features(theirs, s)


def _buys(path):
    """(the buyer's features before, after) of every development card bought in a save."""
    game = saves.load(path)
    auth = Authority(game.config)
    for cmd in game.commands:
        if cmd[0] == "buy_dev":
            before = W.features(auth.state, cmd[1])
            auth.submit(cmd)
            yield before, W.features(auth.state, cmd[1])
        else:
            auth.submit(cmd)


def test_a_development_card_bought_keeps_what_its_buyer_holds():
    """B-6.1: a development card costs grain, wool and ore; the "hand" term
    counts the card held at those three cards, so a purchase leaves it as
    it was, and the unplayed card itself weighs 0 or more."""
    hand, cards = W.FEATURES.index("hand"), W.FEATURES.index("cards")
    seen = 0
    for path in BASE_FINISHED:
        for before, after in _buys(path):
            assert after[hand] == before[hand]
            assert after[cards] == before[cards] + 1
            seen += 1
    assert seen >= 5
    assert W.coefficients("base")[cards] >= 0 and W.coefficients("ck")[cards] >= 0


def test_no_term_rewards_holding_more_cards_than_a_seven_lets_one_keep():
    """A term for being over the discard limit (B-5.3) would make a purchase
    that brings the hand under it look like a loss: there is none."""
    assert not any("limit" in name for name in W.FEATURES)
    assert len(W.coefficients("base")) == len(W.coefficients("ck")) == len(W.FEATURES)


def test_the_kinds_of_resource_a_seat_produces_are_a_term():
    state = position("base", 1, 300)
    kinds = W.FEATURES.index("kinds")
    for seat in range(state.n):
        prod = F.seat_production(state, seat, skip_robber=False)
        assert W.features(state, seat)[kinds] == sum(1 for p in prod[:5] if p)
