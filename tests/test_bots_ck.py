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


def _turn(state, seat=0, seed=0, limit=6) -> list:
    """Medium's commands on a copy of `state` until it ends its turn."""
    from game.engine import apply
    s = state.copy()
    bot = make_bot("medium", seat, seed, strict=True)
    played = []
    while len(played) < limit and (not played or played[-1][0] != "end_turn"):
        played.append(bot.choose(view(s, seat)))
        assert check(s, played[-1]) is None
        apply(s, played[-1])
    return played


@pytest.mark.parametrize("grain", (0, 1))
def test_ck_7_3_medium_keeps_a_needed_knight_active_when_the_ship_is_near(grain):
    """The ship one step from landing, two cities against Catan's two active
    knights: chasing the robber off its city would leave Medium's knight
    inactive (CK-7.3), lose the island and its own city.  Without a grain to
    activate it again it leaves the robber; with one it chases and activates
    the knight again before ending its turn."""
    auth, s = _table()
    put_city(s, 0, 0)
    put_road(s, 0, 0, 4)
    put_knight(s, 0, 4, active=True)
    put_city(s, 1, 40)
    put_knight(s, 1, 45, active=True)
    s.barb_attacks = 1
    s.barb_pos = 6
    s.robber = 0                           # hex 0 has corners 0, 4, 8, 12, 7, 3
    set_cards(s, 0, hand(wood=1, grain=grain))
    played = _turn(s)
    if grain:
        assert played[0] == ("chase_robber", 0, 4) and ("activate_knight", 0, 4) in played
    else:
        assert played == [("end_turn", 0)]


@pytest.mark.parametrize("pos", (4, 5, 6))
def test_ck_8_medium_trades_for_ore_to_recruit_and_activate_a_knight_before_the_attack(pos):
    """Three cities on the island, no knight anywhere, the ship near: Medium
    trades wool for ore, recruits a knight and activates it at once (a new
    knight defends only once active).  It used to count the recruit as an
    idle knight, too late to matter, and traded for cloth instead."""
    auth, s = _table()
    put_city(s, 0, 0)
    put_road(s, 0, 0, 4, 8)
    put_city(s, 1, 40)
    put_city(s, 2, 20)
    s.barb_pos = pos
    set_cards(s, 0, hand(wool=5, grain=1))
    played = _turn(s)
    assert played[:3] == [("maritime", 0, 2, 4), ("recruit_knight", 0, 4), ("activate_knight", 0, 4)]


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


# Seat 3 holds brick 2, wool 3, ore 1 and an idle knight of strength 2 (K4);
# the ship is one step from landing, four cities against Catan's 3 active
# strength.  A bank trade for grain and the activation save the island;
# Medium used to end its turn here (it tried one move at a time, and a bank
# trade alone looked like a loss).
SHIP_NEAR_AND_A_KNIGHT_IDLE = """\
game ck players=4 target=13 board=random seed=?
terrain OWS/BSGG/WBOSW/GWSD/BOG
numbers 8,3,6/10,4,9,2/9,5,11,10,5/12,6,3,-/11,4,8
harbors 33W33BOGS
robber R
settlements 0: C12 C4 I4 J4 1: E4 D6 H8 3: G6 L6
cities 0: B4 2: N6 O6 3: A6+wall
roads 0: C11 C1 C3 B5 C7 C5 I3 J7 J5 1: E3 H11 D7 H9 H7 M9 2: N5 O5 P7 3: D3 K3 K5 L7
knights 1: B6:2 D8:1a 2: O4:2a 3: K4:2
improvements 0: trade=2 science=2 1: trade=1 politics=1 science=1 2: trade=2 politics=1 science=2 3: trade=1 politics=1 science=2
hands 0: ?3 1: ?6 2: ?3 3: BBSSSO
bank 17,13,13,17,18,12,11,12
progress 1: ?1 3: crane
progress_vp 1: 1
defenders 3: 1
progress_deck_science ?16
progress_deck_politics ?17
progress_deck_trade ?18
turn 41 current 3 phase main dice 4,6,4 built yes
first 3 last_setup G6
barbarians 6 attacks 2
crane 0
"""


def test_ck_8_medium_trades_for_grain_to_activate_a_knight_before_the_attack():
    from game.engine import apply
    from game.engine.position import parse
    state = parse(SHIP_NEAR_AND_A_KNIGHT_IDLE)
    seat = state.current
    for seed in range(3):
        s = state.copy()
        bot = make_bot("medium", seat, seed, strict=True)
        played = []
        while len(played) < 4 and (not played or played[-1][0] != "activate_knight"):
            played.append(bot.choose(s))
            apply(s, played[-1])
        assert played[0][0] == "maritime" and played[0][3] == 3          # grain
        assert played[-1] == ("activate_knight", seat, 31)


def test_ck_8_the_seat_counts_its_own_idle_knights_as_too_late_at_the_last_step():
    """At the ship's last step the seat's idle knights will not be active in
    time unless it activates them now: activating is worth more then than
    three steps earlier."""
    from game.bots.evaluate import evaluate
    from game.engine import apply
    from game.engine.position import parse
    state = parse(SHIP_NEAR_AND_A_KNIGHT_IDLE)
    state.hands[3][3] += 1                                  # a grain to activate with
    state.hand_n[3] += 1
    gains = []
    for pos in (3, 6):
        s = state.copy()
        s.barb_pos = pos
        after = s.copy()
        apply(after, ("activate_knight", 3, 31))
        gains.append(evaluate(after, 3) - evaluate(s, 3))
    assert gains[1] > gains[0] > -0.2
