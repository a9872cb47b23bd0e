"""Cities & Knights play of the computer players: defending against the
barbarians (CK-8), chasing the robber (CK-7.3), city improvements (CK-6) and
progress cards (CK-11), decided from the seat's view."""

import pytest

from game.bots import make_bot
from game.engine import check, view
from game.engine.constants import SCIENCE

from ck_helpers import give_prog, hand, make_ck, put_city, put_knight, set_cards, start_turn
from base_helpers import put_building, put_road

LEVELS = ("easy", "medium")


def _table():
    auth = make_ck()
    start_turn(auth, 0)
    return auth, auth.state


def _choice(auth, level="medium", seat=0):
    cmd = make_bot(level, seat, 0, strict=True).choose(view(auth.state, seat))
    assert check(auth.state, cmd) is None
    return cmd


def test_ck_8_medium_activates_a_knight_when_the_barbarians_would_take_its_city():
    """Barbarians one step from landing, two cities on the island, Catan's
    knights at strength 1 (another player's): without its knight Medium is
    the weakest player with a city to lose."""
    auth, s = _table()
    put_city(s, 0, 0)
    put_road(s, 0, 0, 4)
    put_knight(s, 0, 4)
    put_city(s, 1, 40)
    put_knight(s, 1, 45, active=True)
    s.barb_pos = 6
    set_cards(s, 0, hand(grain=1))
    assert _choice(auth) == ("activate_knight", 0, 4)


@pytest.mark.parametrize("level", LEVELS)
def test_ck_7_3_a_bot_chases_the_robber_off_its_own_city(level):
    auth, s = _table()
    put_city(s, 0, 0)
    put_road(s, 0, 0, 4)
    put_knight(s, 0, 4, active=True)
    s.barb_attacks = 1
    s.robber = 0                           # hex 0 has corners 0, 4, 8, 12, 7, 3
    cmd = _choice(auth, level)
    if level == "medium":
        assert cmd == ("chase_robber", 0, 4)
    else:
        assert cmd in (("chase_robber", 0, 4), ("end_turn", 0))


def test_ck_11_medium_plays_medicine_for_a_cheap_city():
    auth, s = _table()
    put_building(s, 0, 0)
    give_prog(s, 0, "medicine")
    set_cards(s, 0, hand(ore=2, grain=1))
    cmd = _choice(auth)
    assert cmd[0] == "progress" and tuple(cmd[3]) == (0,)


@pytest.mark.parametrize("level", LEVELS)
def test_ck_6_a_bot_spends_a_commodity_on_a_city_improvement(level):
    auth, s = _table()
    put_city(s, 0, 0)
    set_cards(s, 0, hand(paper=1))
    assert _choice(auth, level) == ("improve", 0, SCIENCE)
