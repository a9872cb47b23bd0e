"""The position notation (game/engine/position.py, docs/position.md): round trips
over positions reached in random games of both rule sets, seats' views written
with hidden parts and filled back, and refusal of impossible positions."""

import pytest
from hypothesis import given, settings, strategies as st

from example_counts import examples

from game.bots.random_bot import RandomSeats
from game.engine import default_config, state_hash, view, view_obj
from game.engine.board import STANDARD
from game.engine.codec import state_to_obj
from game.engine.invariants import check_state
from game.engine.match import Authority
from game.engine.notation import names_of
from game.engine.position import GENERIC, PositionError, format, parse
from game.engine.state import GAME_OVER

from base_helpers import game_at
EDGE_NAME = names_of(STANDARD).edge_name
NODE_NAME = names_of(STANDARD).node_name
edge_id = names_of(STANDARD).edge_id
node_id = names_of(STANDARD).node_id


def random_game(rules, players, seed, steps, every=None):
    """Play `steps` random commands; returns the authority, and yields positions on the
    way when `every` is given (as a list of state copies)."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bot = RandomSeats(seed)
    seen = []
    for k in range(steps):
        state = auth.state
        if state.phase == GAME_OVER:
            break
        auth.submit(bot.command(state))
        if every and k % every == 0:
            seen.append(auth.state.copy())
    return auth, seen


def assert_round_trip(state):
    text = format(state)
    back = parse(text)
    assert state_hash(back) == state_hash(state), text
    assert format(back) == text


GAMES = st.tuples(st.sampled_from(("base", "ck")), st.integers(2, 4), st.integers(0, 2 ** 32),
                  st.integers(0, 1500))


@settings(max_examples=examples(ci=200, dev=6))
@given(GAMES)
@pytest.mark.slow
def test_positions_of_random_games_round_trip(game):
    rules, players, seed, steps = game
    auth, seen = random_game(rules, players, seed, steps, every=37)
    for state in seen + [auth.state]:
        assert_round_trip(state)


@settings(max_examples=examples(ci=200, dev=8))
@given(GAMES, st.integers(0, 4))
def test_a_seats_view_is_written_with_hidden_parts_and_filled_back(game, audience):
    """A view's text hides other seats' cards; reading it gives a full state that
    the same seat sees exactly as before (and that obeys every invariant)."""
    rules, players, seed, steps = game
    audience = None if audience >= players else audience
    auth, _ = random_game(rules, players, seed, steps)
    state = auth.state
    text = format(view(state, audience))
    hands = next((line for line in text.splitlines() if line.startswith("hands ")), "")
    for seat in range(players):
        if seat != audience and state.hand_n[seat]:
            assert f"{seat}: ?{state.hand_n[seat]} " in hands + " "
        else:
            assert f"{seat}: ?" not in hands
    full = parse(text)
    assert view_obj(full, audience) == view_obj(state, audience)
    assert check_state(full) == []
    assert state_hash(parse(text)) == state_hash(full)            # filled the same way every time


@pytest.mark.parametrize("rules, seed", [("base", 11), ("ck", 11), ("ck", 12), ("base", 13)])
def test_a_filled_view_can_be_played_on(rules, seed):
    """The state filled in from a seat's view is a real game: random play goes on
    from it with every invariant holding."""
    auth, _ = random_game(rules, 4, seed, 300 + 100 * seed)
    full = parse(format(view(auth.state, 2)))
    auth2 = game_at(format(full))
    bot = RandomSeats(5)
    for _ in range(200):
        if auth2.state.phase == GAME_OVER:
            break
        auth2.submit(bot.command(auth2.state))
        assert check_state(auth2.state) == []


def test_fields_without_a_row_of_their_own_round_trip_generically():
    """New State fields work before anyone writes a row for them: they are written
    as JSON when they differ from a new game's value (here C&K's crane, fleet and
    harbor_swaps)."""
    assert {"crane", "fleet", "harbor_swaps"} <= set(GENERIC)
    auth, _ = random_game("ck", 3, 4, 200)
    s = auth.state
    s.crane, s.fleet, s.harbor_swaps = 2, 3, [0, 1, 1]
    text = format(s)
    assert "crane 2" in text and "fleet 3" in text and "harbor_swaps [0,1,1]" in text
    assert_round_trip(s)


def test_every_corner_and_side_has_one_canonical_name_and_all_aliases_read():
    assert len(set(NODE_NAME)) == STANDARD.num_nodes and len(set(EDGE_NAME)) == STANDARD.num_edges
    for h, nodes in enumerate(STANDARD.hex_nodes):
        for k, node in enumerate(nodes):
            assert node_id("ABCDEFGHIJKLMNOPQRS"[h] + str((12, 2, 4, 6, 8, 10)[k])) == node
    assert all(edge_id(name) == e for e, name in enumerate(EDGE_NAME))
    assert NODE_NAME[node_id("J12")] == "E4"            # first hex in letter order


# --- hand-written positions -------------------------------------------------------------------

BASE = """game base players=3 board=beginner seed=4
settlements 0: H10  1: A10
cities 0: J12
roads 0: H11 H1 I11 I1 J11  1: A11
hands 0: WBO  1: SS
turn 12 current 0 phase main dice 3,4
"""


def test_B_8_1_a_written_position_derives_supplies_points_and_lengths():
    """The builder derives pieces left (B-1.6), points (B-8.1), road lengths and the
    obvious Longest Road holder (B-8.2), the bank (B-1.4) and hand counts."""
    s = parse(BASE)
    assert s.settlements_left == [4, 4, 5] and s.cities_left == [3, 4, 4]
    assert s.roads_left == [10, 14, 15]
    assert s.road_len == [5, 1, 0] and s.longest_road == 0
    assert s.vp_public == [1 + 2 + 2, 1, 0]
    assert s.bank == [18, 18, 17, 19, 18] and s.hand_n == [3, 2, 0]
    assert len(s.deck) == 25 and sorted(s.deck) == sorted([0] * 14 + [1, 1, 2, 2, 3, 3] + [4] * 5)
    assert check_state(s) == []


def test_CK_6_4_a_written_ck_position_derives_walls_knights_and_metropolis_points():
    s = parse("""game ck players=3 board=beginner seed=4
cities 0: J12+wall+science  1: A10+wall
roads 0: J1 J11
knights 0: J2:2a J10:1f
improvements 0: science=4 trade=1
merchant A:1
defenders 2: 1
turn 12 current 0 phase main dice 3,4,1
barbarians 2 attacks 1
""")
    assert s.vp_public == [2 + 2, 2 + 1, 1]
    assert s.walls_left == [2, 2, 3] and s.knights_left == [[1, 1, 2], [2, 2, 2], [2, 2, 2]]
    assert s.metropolis == [-1, -1, node_id("J12")] and s.defenders_left == 5
    assert s.knight_active[node_id("J2")] == 1 and s.knight_fresh[node_id("J10")] == 1
    assert sum(s.prog_deck_n) == 54 and check_state(s) == []


def _with(text, old, new):
    assert old in text
    return text.replace(old, new)


REFUSED = [
    ("cities 0: J12", "cities 0: J12 L2 N4 Q6 S4", "has 5 cities; a player has 4 (B-1.6)"),
    ("settlements 0: H10", "settlements 0: H10 H8", "break the distance rule (B-3.3)"),
    ("roads 0: H11", "roads 0: Q5 H11", "road Q5 is not connected to a building of theirs (B-6.2)"),
    ("turn 12", "longest_road 1\nturn 12", "seat 1 holds the Longest Road with a road of 1"),
    ("turn 12", "longest_road -\nturn 12", "nobody holds the Longest Road (B-8.2)"),
    ("hands 0: WBO", "hands 0: WWWWWWWWWWWWWWWWWWWW", "only 19"),
    ("hands 0: WBO", "hands 0: WBX", "'X' in 'WBX' is not a card letter"),
    ("turn 12", "bank 19,19,19,19,19\nturn 12", "differs from what the hands leave"),
    ("hands 0: WBO  1: SS", "hands 0: WBO  1: ?3\nbank 18,18,17,19,18", "unknown hands hold 3 cards"),
    ("turn 12", "army 1: 3\nlargest_army -\nturn 12", "nobody holds the Largest Army (B-8.5)"),
    ("turn 12", "army 0: 3 1: 3\nturn 12", "nobody holds the Largest Army (B-8.5)"),
    ("turn 12", "army 0: 2 1: 3\nlargest_army 0\nturn 12", "seat 0 holds the Largest Army with 2 knights"),
    ("turn 12", "dev 0: KKKKKKKKKKKKKKK\nturn 12", "more 'K' development cards in play than the 14"),
    ("roads 0: H11", "roads 0: Z11", "'Z11' is not a side"),
    ("settlements 0: H10", "settlements 0: H13", "'H13' is not a corner"),
    ("turn 12", "weather sunny\nturn 12", "unknown line 'weather'"),
    ("hands 0: WBO  1: SS", "hands 0: WBO  3: SS", "seat 3 does not exist with 3 players"),
    ("phase main", "phase discard", "phase discard but nobody has to discard"),
    ("turn 12 current 0", "turn 12 current 5", "current/first: a seat of this game, 0 to 2 (B-1.8)"),
    ("phase main", "phase lunch", "'lunch' is not a phase"),
    ("turn 12 current 0 ", "", "'turn' is missing"),
    ("roads 0: H11 H1 I11 I1 J11  1: A11", "roads 0: H11 H1 I11 I1 J11  1: A11\nroads 1: A1",
     "'roads' is given twice"),
    ("game base players=3", "game base players=7", "players must be 2, 3, 4, 5 or 6"),
    ("cities 0: J12", "cities 0: J12+wall", "'+wall' is not possible"),
    ("turn 12", "knights 0: L2:1\nturn 12", "'knights' belongs to the Cities & Knights rules"),
]


@pytest.mark.parametrize("old,new,message", REFUSED)
def test_an_impossible_position_is_refused_naming_what_is_wrong(old, new, message):
    from game.engine.position import PositionError
    with pytest.raises(PositionError) as info:
        parse(_with(BASE, old, new))
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


CK = """game ck players=3 board=beginner seed=4
cities 0: J12  1: A10
turn 12 current 0 phase main dice 3,4,1
"""

CK_REFUSED = [
    ("cities 0: J12", "cities 0: J12+trade", "needs its owner at level 4 or more in trade (CK-6.4)"),
    ("turn 12", "knights 0: L2:1 H8:1 N4:1\nturn 12", "has 3 knights of strength 1"),
    ("turn 12", "knights 0: J12:2\nturn 12", "a knight and a building share corner E4"),
    ("turn 12", "knights 0: L2:4\nturn 12", "a knight is written corner:strength"),
    ("turn 12", "barbarians 9\nturn 12", "the barbarian ship stands at 9"),
    ("turn 12", "progress 1: spy spy spy spy spy\nturn 12", "more spy cards in play than the 3"),
    ("turn 12", "progress 1: crane spy alchemist smith mining\nturn 12", "5 progress cards outside their turn"),
    ("turn 12", "progress_deck_science crane\nturn 12", "progress cards missing from hands and decks"),
    ("turn 12", "dev 0: K\nturn 12", "'dev' belongs to the base rules"),
]


@pytest.mark.parametrize("old,new,message", CK_REFUSED)
def test_an_impossible_ck_position_is_refused_naming_what_is_wrong(old, new, message):
    from game.engine.position import PositionError
    with pytest.raises(PositionError) as info:
        parse(_with(CK, old, new))
    assert message in str(info.value)


def test_errors_name_the_line():
    from game.engine.position import PositionError
    with pytest.raises(PositionError, match="line 4: 'Q99' is not a side"):
        parse(_with(BASE, "roads 0: H11", "roads 0: Q99"))


@given(st.text(max_size=300))
def test_garbage_is_refused_with_a_position_error(text):
    from game.engine.position import PositionError
    with pytest.raises(PositionError):
        parse(text)


@given(st.lists(st.integers(0, 10 ** 6), min_size=1, max_size=6), st.integers(0, 2 ** 20))
def test_a_damaged_canonical_text_is_read_or_refused_never_crashes(cuts, seed):
    """Bad input gets a clear message: dropping or duplicating lines and characters of a
    real position gives a state or a PositionError, nothing else."""
    from game.engine.position import PositionError
    auth, _ = random_game("ck" if seed % 2 else "base", 3, seed, seed % 400)
    text = format(auth.state)
    for cut in cuts:
        i = cut % max(1, len(text))
        text = text[:i] + text[i + 1 + cut % 3:] if cut % 2 else text[:i] + text[i - 1:i] + text[i:]
    try:
        state = parse(text)
    except PositionError:
        return
    assert state_to_obj(state)["config"]["rules"] in ("base", "ck")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=4),
                    max_leaves=12)


@given(st.sampled_from(("trade", "agenda", "pending", "crane", "fleet", "harbor_swaps", "merchant")), JSON,
       st.sampled_from(("main", "trade", "decide")))
def test_hostile_json_parts_are_read_or_refused_never_crash(key, value, phase_name):
    """The parts kept as JSON (an offer, the agenda, a pending decision, fields without
    a row) come back as a state or a PositionError, whatever their shape."""
    import json
    from game.engine.position import PositionError
    text = _with(CK, "phase main", f"phase {phase_name}") + f"{key} {json.dumps(value, separators=(',', ':'))}\n"
    try:
        parse(text)
    except PositionError:
        pass


def test_the_position_command_prints_the_canonical_form(tmp_path, capsys):
    from game.cli import main
    path = tmp_path / "pasted.txt"
    path.write_text("game base players=3 board=beginner seed=1\n# from a bug report\n"
                    "settlements 0: J12\nhands 0: BWW\nturn 3 current 0 phase main dice 2,5\n")
    assert main(["position", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == format(parse(out))
    assert "settlements 0: E4\nhands 0: WWB\n" in out


def test_the_position_command_says_what_is_wrong(tmp_path, capsys):
    from game.cli import main
    path = tmp_path / "bad.txt"
    path.write_text(BASE.replace("settlements 0: H10", "settlements 0: H10 H8"))
    assert main(["position", str(path)]) == 1
    assert "distance rule (B-3.3)" in capsys.readouterr().err
    path.write_bytes(b"\xff\xfe game")
    assert main(["position", str(path)]) == 1
    assert main(["position", str(tmp_path / "missing.txt")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_the_position_command_reads_standard_input(monkeypatch, capsys):
    import io
    from game.cli import main
    monkeypatch.setattr("sys.stdin", io.StringIO(BASE))
    assert main(["position", "-", "--legal"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("game base players=3") and "# legal: ('end_turn', 0)" in out


def test_B_9_7_a_finished_games_view_keeps_the_shown_victory_point_cards():
    """At the end every seat's VP cards are shown (B-9.7): a view filled back gives
    each hidden hand exactly the VP cards it showed."""
    for seed in range(20, 40):
        auth, _ = random_game("base", 3, seed, 4000)
        s = auth.state
        if s.phase == GAME_OVER and any(s.vp_cards_shown):
            break
    assert s.phase == GAME_OVER
    for audience in (None, 0, 1, 2):
        full = parse(format(view(s, audience)))
        assert [d[4] for d in full.dev] == s.vp_cards_shown
        assert full.winner == s.winner and check_state(full) == []


# --- relations a game keeps that the reader once judged wrongly ---------------------------------

CK_AT_MAIN = """game ck players=3 board=beginner seed=4
cities 0: J12  1: A10 C2  2: S4
roads 0: J1 J11  1: A9
turn 12 current 0 phase main dice 3,4,1
barbarians 2 attacks 1
"""


def test_CK_5_2_a_knight_off_its_owners_road_network_is_refused():
    """CK-5: 'op een vrije driesprong op het eigen stratennetwerk'; knights move,
    retreat and desert only along own roads, and a Diplomat never takes the last
    road between a knight and its owner's buildings: no game reaches a knight
    without an own road."""
    assert parse(CK_AT_MAIN + "knights 0: J2:1\n").knight_owner[node_id("J2")] == 0
    with pytest.raises(PositionError, match=r"knight stands on a corner of its owner's road network \(CK-5.2\)"):
        parse(CK_AT_MAIN + "knights 0: L2:1\n")
    with pytest.raises(PositionError, match="CK-5.2"):
        parse(CK_AT_MAIN + "knights 1: J2:1\n")        # seat 0's road, not seat 1's


def test_CK_9_2_five_progress_cards_before_the_roll_are_refused():
    """The limit of 4 is restored at the end of every turn, and before the roll
    only the Alchemist is played, which draws nothing: the player on turn holds
    at most 4 before rolling; after the roll a draw may bring a fifth."""
    cards = "progress 0: crane mining smith inventor medicine\n"
    before = CK_AT_MAIN.replace("phase main dice 3,4,1", "phase roll")
    with pytest.raises(PositionError, match=r"progress 0: 5 progress cards before the roll.*\(CK-9.2\)"):
        parse(before + cards)
    assert parse(before + cards.replace(" medicine", "")).prog_n[0] == 4
    assert parse(CK_AT_MAIN + cards).prog_n[0] == 5


def test_CK_6_4_the_first_at_level_5_choosing_the_city_it_takes_a_metropolis_to_is_accepted():
    """CK-6.4: a player reaching level 5 takes the metropolis from one at level 4;
    with two cities to choose from, the game waits for the choice while the
    metropolis still stands on the other player's city, and that position reads
    back the same."""
    from game.engine import legal_commands
    from game.engine.codec import state_hash
    auth = game_at(CK_AT_MAIN.replace("cities 0: J12", "cities 0: J12+science").replace(
        "turn 12 current 0", "turn 13 current 1") + "improvements 0: science=4  1: science=4\nhands 1: PPPPP\n")
    s = auth.state
    auth.submit(("improve", 1, 2))
    assert s.pending["kind"] == "metropolis" and s.metropolis[2] == node_id("J12")
    again = parse(format(s))
    assert state_hash(again) == state_hash(s)
    auth.submit(next(c for c in legal_commands(s, 1) if c[0] == "resolve"))
    assert s.node_owner[s.metropolis[2]] == 1
