"""Stealing after the robber moves is a right, not a duty (B-5.4, B-9.3, and the
robber in Cities & Knights: CK-3.5, CK-7.3).

Seed 001, "Zeven gegooid": "Verplaatsen is verplicht. Bovendien *mag* die speler
… roven"; "Ridderkaarten": "… *mag* je van hem een grondstoffenkaart trekken".
After moving the robber next to someone, the player may `skip_steal`: nothing
changes hands, everybody sees that nothing was taken, and play goes on where
it would have after a steal.  Every command runs with a replica per audience
that must stay in step."""

from game.engine import legal_commands
from game.engine.constants import KNIGHT
from game.engine.match import Replica
from game.engine.state import MAIN, ROBBER, ROLL, STEAL

import ck_helpers as ck
from base_helpers import (
    cards, consistent, fix_dice, give_dev, make_game, put_building, put_road, refuse, roll, set_hand,
    start_turn,
)

HILLS_6 = 4     # beginner board: corners 8, 13, 18, 23, 17, 12


def base_position():
    """Seat 0 settlement at 13, seat 1 city at 23 (both on hills 6); seat 0 to roll."""
    auth = make_game()
    s = auth.state
    put_building(s, 0, 13)
    put_road(s, 0, 13, 9)
    put_building(s, 1, 23, city=True)
    put_road(s, 1, 23, 29)
    set_hand(s, 1, cards(ore=2, wool=1))
    start_turn(auth, seat=0, phase="roll")
    consistent(s)
    return auth


class Lockstep:
    """The authority plus a replica per audience, compared after every command."""

    def __init__(self, auth):
        self.auth = auth
        self.replicas = {a: Replica(auth.view(a), a) for a in list(range(auth.state.n)) + [None]}
        for rep in self.replicas.values():
            rep.seq = len(auth.log)

    def do(self, *cmd):
        record = self.auth.submit(tuple(cmd))
        for a, rep in self.replicas.items():
            rep.receive(record.for_audience(a))
            assert rep.view_hash() == self.auth.view_hash(a), (a, cmd)
        consistent(self.auth.state)
        return record


def test_B_5_4_after_a_seven_the_player_may_decline_to_steal():
    auth = base_position()
    s = auth.state
    table = Lockstep(auth)
    fix_dice(auth, 3, 4)
    table.do("roll", 0)
    table.do("move_robber", 0, HILLS_6)
    assert s.phase == STEAL
    assert legal_commands(s, 0) == [("steal", 0, 1), ("skip_steal", 0)]
    hands_before = [list(h) for h in s.hands]
    r = table.do("skip_steal", 0)
    assert r.events == (("steal_skipped", 0),) and r.outcome is None
    for a in (0, 1, 2, None):                # nothing hidden: every audience sees the same
        assert r.for_audience(a).events == r.events
    assert s.hands == hands_before and s.phase == MAIN
    refuse(auth, ("steal", 0, 1), "wrong_phase")            # the chance has gone


def test_B_5_4_declining_is_only_possible_while_a_steal_is_awaited():
    auth = base_position()
    refuse(auth, ("skip_steal", 0), "wrong_phase")           # before rolling
    roll(auth, 3, 4)
    refuse(auth, ("skip_steal", 0), "wrong_phase")           # the robber must move first
    auth.submit(("move_robber", 0, HILLS_6))
    refuse(auth, ("skip_steal", 1), "not_your_turn")


def test_B_9_3_a_knight_moves_the_robber_and_the_player_may_decline_to_steal():
    auth = base_position()
    s = auth.state
    give_dev(s, 0, KNIGHT)
    table = Lockstep(auth)
    table.do("play_knight", 0)
    assert s.phase == ROBBER
    table.do("move_robber", 0, HILLS_6)
    assert ("skip_steal", 0) in legal_commands(s, 0)
    table.do("skip_steal", 0)
    assert s.phase == ROLL and s.hand_n[1] == 3 and s.knights[0] == 1


def test_CK_7_3_a_knight_chasing_the_robber_may_leave_the_victim_alone():
    auth = ck.make_ck()
    s = auth.state
    s.barb_attacks = 1
    s.robber = HILLS_6
    ck.put_building(s, 0, 7)
    ck.put_road(s, 0, 7, 12, 17)
    ck.put_knight(s, 0, 17, active=True)
    ck.put_building(s, 1, 9)                            # on pasture hex 5
    ck.set_cards(s, 1, ck.hand(coin=1))
    ck.start_turn(auth, 0)
    t = ck.Table(auth)
    t.do("chase_robber", 0, 17)
    t.do("move_robber", 0, 5)
    assert ck.phase(s) == "steal"
    r = t.do("skip_steal", 0)
    assert r.events == (("steal_skipped", 0),)
    assert s.hands[1] == list(ck.hand(coin=1)) and ck.phase(s) == "main"


def test_CK_3_5_after_the_first_attack_a_seven_moves_the_robber_and_stealing_is_optional():
    auth = ck.make_ck()
    s = auth.state
    s.barb_attacks = 1
    ck.put_building(s, 0, 7)
    ck.put_building(s, 1, 9)                            # pasture hex 5
    ck.set_cards(s, 1, ck.hand(cloth=1))
    ck.start_turn(auth, 0, "roll")
    t = ck.Table(auth)
    t.roll(3, 4, 0)
    assert ck.phase(s) == "robber"
    t.do("move_robber", 0, 5)
    assert t.legal(0) == [("steal", 0, 1), ("skip_steal", 0)]
    t.do("skip_steal", 0)
    assert s.hands[1] == list(ck.hand(cloth=1)) and ck.phase(s) == "main"
