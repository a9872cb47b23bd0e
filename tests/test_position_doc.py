"""The rule books' examples as written in docs/position.md: every fenced
`position` block of the document is read, and each example is checked against
what the rule book says about it (seed 001, the almanac; seed 003, Cities &
Knights)."""

import pathlib
import re

import pytest

from game.engine import legal_commands, state_hash, view, view_obj
from game.engine.constants import GRAIN, ORE, WOOD, WOOL
from game.engine.position import format, parse
from game.engine.state import PHASE_NAMES

from base_helpers import corner, events, game_at, is_legal, listed, refuse, roll, submit
from ck_helpers import Table, phase

DOC = pathlib.Path(__file__).parent.parent / "docs" / "position.md"
BLOCKS = dict(re.findall(r"```position ([\w-]+)\n(.*?)```", DOC.read_text(), re.S))


def example(name):
    return game_at(BLOCKS[name])


def test_the_document_has_its_examples():
    assert {"example-setup", "hidden-parts", "distance-rule", "longest-road-broken", "longest-road-set-aside",
            "victory-point-card", "seven-rolled", "knight-robber", "city-production", "harbors",
            "barbarians-win", "mining"} <= set(BLOCKS)


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_every_example_reads_and_round_trips(name):
    state = parse(BLOCKS[name])
    text = format(state)
    assert format(parse(text)) == text
    assert state_hash(parse(text)) == state_hash(state)


def test_example_setup_reads_as_the_document_says():
    s = parse(BLOCKS["example-setup"])
    assert s.node_owner[corner("J12")] == 0 and s.node_owner[corner("A10")] == 1
    assert s.current == 2 and PHASE_NAMES[s.phase] == "setup_settlement"
    assert corner("J12") == corner("E4") == corner("F8")      # one corner, three names


def test_B_9_1_hidden_parts_example_fills_what_seat_0_cannot_see():
    """Other hands and development cards are counts only (B-9.1): reading fills them
    with the cards bank and known hands leave, the same way every time, and seat 0
    sees exactly what the text says."""
    text = BLOCKS["hidden-parts"]
    s = parse(text)
    assert s.hand_n == [3, 4, 2] and s.bank == [16, 18, 18, 17, 17]
    assert [sum(h[k] for h in s.hands[1:]) for k in range(5)] == [1, 0, 1, 2, 2]
    assert s.dev_n == [1, 1, 1] and s.dev_new_n == [0, 0, 1] and s.deck_n == 22
    assert state_hash(parse(text)) == state_hash(s)
    again = parse(format(view(s, 0)))
    assert view_obj(again, 0) == view_obj(s, 0)


def test_B_3_3_distance_rule_example():
    """Almanac, Afstandsregel (B-3.3, B-6.3): no settlement next to one, but two sides away."""
    auth = example("distance-rule")
    refuse(auth, ("build_settlement", 0, corner("J2")), "bad_spot")
    assert listed(auth, ("build_settlement", 0, corner("J4")))


def test_B_8_4_longest_road_broken_example():
    """Almanac, Langste handelsroute (B-8.2, B-8.4): Red's settlement cuts Orange's
    road of 7 into 3 and 4, and Red, with 5, takes the card and its 2 points."""
    auth = example("longest-road-broken")
    s = auth.state
    assert s.longest_road == 0 and s.road_len[:2] == [7, 5] and s.vp_public[:2] == [3, 1]
    record = submit(auth, "build_settlement", 1, corner("I12"))
    assert s.road_len[:2] == [4, 5]
    assert s.longest_road == 1 and s.vp_public[:2] == [1, 4]
    assert events(record, "longest_road") == [("longest_road", 1, 5)]


def test_B_8_4_longest_road_set_aside_example():
    """Almanac (B-8.4): after the break two players tie with 5, so the card goes back."""
    auth = example("longest-road-set-aside")
    submit(auth, "build_settlement", 1, corner("I12"))
    assert auth.state.road_len[:3] == [4, 5, 5]
    assert auth.state.longest_road == -1
    assert auth.state.vp_public[:3] == [1, 2, 1]


def test_B_8_6_victory_point_card_example():
    """Almanac, Doel van het spel (B-8.6, B-9.7): 9 points with a hidden VP card; the
    bought card is another VP, and the game is won at once."""
    auth = example("victory-point-card")
    s = auth.state
    assert s.vp_public[0] == 8 and s.dev[0][4] == 1          # 2 + 2 + 4, and one hidden VP
    record = submit(auth, "buy_dev", 0)
    assert PHASE_NAMES[s.phase] == "game_over" and s.winner == 0
    assert events(record, "won")[0][1] == 0


def test_B_5_3_seven_rolled_example():
    """Almanac, Zeven gegooid (B-5.3): 6 and 7 cards keep them all; 11 give back 5."""
    auth = example("seven-rolled")
    roll(auth, 3, 4)
    s = auth.state
    assert PHASE_NAMES[s.phase] == "discard" and s.discard_need == [0, 0, 5]
    assert not is_legal(auth, ("discard", 2, (2, 0, 2, 0, 0)))   # four is not half
    submit(auth, "discard", 2, (3, 0, 2, 0, 0))                   # 3 wood and 2 wool
    assert s.hands[2] == [1, 2, 0, 2, 1] and s.hand_n[:2] == [6, 7]


def test_B_9_3_knight_robber_example():
    """Almanac, Ridderkaarten (B-9.3, B-5.4, B-5.5): the knight moves the robber to the
    4; A or B may be robbed; a 4 then brings them nothing from that hex."""
    auth = example("knight-robber")
    s = auth.state
    submit(auth, "play_knight", 0)
    submit(auth, "move_robber", 0, s.numbers.index(4))
    steals = {c[2] for c in legal_commands(s, 0) if c[0] == "steal"}
    assert steals == {1, 2}
    assert ("skip_steal", 0) in legal_commands(s, 0)         # "mag": a right, not a duty
    submit(auth, "steal", 0, 1)
    before = list(s.hand_n)
    roll(auth, 1, 3)
    assert s.hand_n[1:3] == before[1:3]


def test_B_5_1_city_production_example():
    """Almanac, Steden (B-5.1, B-6.4): on an 8 a settlement brings one ore, a city two."""
    auth = example("city-production")
    roll(auth, 4, 4)
    s = auth.state
    assert s.hands[1][ORE] == 3 and s.hand_n[1] == 3
    assert s.hands[0][WOOD] == 2 and s.hand_n[0] == 2


def test_B_7_2_harbors_example():
    """Almanac, Handel met de bank (B-7.2): 2:1 at a wood harbor, 3:1 at a generic
    harbor, 4:1 without one."""
    auth = example("harbors")
    s = auth.state
    assert s.ratios[0] == [2, 4, 4, 4, 4]
    assert s.ratios[1] == [3, 3, 3, 3, 3]
    assert s.ratios[2] == [4, 4, 4, 4, 4]
    submit(auth, "maritime", 0, WOOD, GRAIN)
    assert s.hands[0] == [0, 0, 0, 1, 0]
    refuse(auth, ("maritime", 0, WOOL, ORE), "cannot_afford")


def test_CK_8_3_barbarians_win_example():
    """Seed 003, Het barbarenleger wint (CK-8.1, CK-8.3): strength 5 against 3; Bob and
    Willem lose a city each; Pien's metropolis and Swaan's settlements are safe."""
    table = Table(example("barbarians-win"))
    record = table.roll(1, 2, 0)                  # a ship: the barbarians land
    assert events(record, "barbarians_attack")[0][1:3] == (5, 3)
    assert events(record, "barbarians_win") == [("barbarians_win", (0, 1))]
    s = table.state
    assert phase(s) == "decide" and s.pending["kind"] == "lose_city" and s.pending["seats"] == [0, 1]
    table.resolve(0, "lose_city", corner("A10"))
    table.resolve(1, "lose_city", corner("H8"))
    assert s.node_level[corner("A10")] == 1 and s.node_level[corner("H8")] == 1
    assert s.node_level[corner("S4")] == 2 and s.metropolis[2] == corner("S4")


def test_CK_11_mining_example():
    """Seed 003, Mijnbouw (CK-11): two settlements at one mountains hex and a city at
    another bring 2 ore per hex: 4."""
    table = Table(example("mining"))
    table.play(0, "mining")
    assert table.state.hands[0][ORE] == 4


def test_X_1_7_special_building_example_reads_as_the_document_says():
    """Seat 3's turn has ended, seat 4 passed: seat 0 builds roads, nothing else."""
    s = parse(BLOCKS["special-building"])
    assert PHASE_NAMES[s.phase] == "special_build" and s.current == 3 and s.agenda[0] == ["special", 0]
    assert {c[0] for c in legal_commands(s, 0)} == {"build_road", "pass_build"}
    assert legal_commands(s, 1) == []
