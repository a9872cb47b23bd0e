"""Hostile positions: positions reached in random games of both rule sets (and
seats' views of them), changed field by field — a line or a word removed, a
word or a JSON value changed, a line added — are either refused with a
PositionError naming what is wrong, or accepted, and then every command open to
the seats that must decide applies and leaves every invariant and every
relation of play intact (game/engine/relations.py).  Nothing else, ever: no
other exception, and no refusal by the reader's last net ("malformed
position"), which would mean a field without a check of its own.

Sizes: the Hypothesis profile (20 examples dev, 200 with CI=true) per test."""

import io
import json

import pytest
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings, strategies as st

from game.engine import apply, deciders, legal_commands, state_hash, view
from game.engine.invariants import check_state
from game.engine.board import STANDARD
from game.engine.notation import names_of
from game.engine.state import PHASE_NAMES
from game.engine.position import MAX_DEPTH, PositionError, format, parse
from game.engine.position_rows import GENERIC, LINE_ROWS, SCALAR_BY_KEY, SEAT_ROWS
from game.engine.relations import DECISIONS, relation_problems

from test_position import _with, random_game
EDGE_NAME = names_of(STANDARD).edge_name
NODE_NAME = names_of(STANDARD).node_name

KEYS = sorted(SCALAR_BY_KEY) + sorted(SEAT_ROWS) + sorted(LINE_ROWS) + list(GENERIC) + ["weather"]
WORDS = st.sampled_from([
    "-", "0", "1", "2", "3", "4", "7", "9", "13", "-1", "99", str(2 ** 70), "yes", "no", "?0", "?3", "?99",
    "0:", "1:", "3:", "J12", "A10", "E4+wall", "L2+science", "M6+pillaged", "J1", "Q9", "D4:2a", "D4:3fp",
    "J:0", "S:3", "WBSGO", "PCM", "KV+M", "?1+1", "crane", "spy", "printer", "1,2", "3,4,0", "6,1,5",
    "7,7", "science=4", "trade=5", "{}", "[]", "null", "true", "[1,2]", '{"kind":"spy"}',
    '[["battle",[]]]', '[["gate",9]]', *PHASE_NAMES,
]) | st.sampled_from(NODE_NAME + EDGE_NAME) | st.integers(-5, 200).map(str)

JSON_VALUES = st.sampled_from([None, True, False, 0, 1, 2, 3, -1, 7, 25, 54, 99, 2 ** 40, "", "spy", "x",
                               [], [0], [0, 1], [1, 0], [[]], {}, {"kind": "spy"}, {"seats": [0]},
                               [0] * 25, [1] * 8, [0] * 5, [[0, 1]], ["battle", []]]) | st.sampled_from(
    sorted(DECISIONS)) | st.sampled_from(["event", "yield", "gate", "commit", "battle", "limits", "end_turn"])


# Values that fit each word of the turn lines, so a change reaches the relations of play.
SCALAR_VALUES = {
    "turn": ["0", "1", "2", "5", "12", "40"], "current": ["0", "1", "2", "3"], "phase": list(PHASE_NAMES),
    "rolled": ["yes", "no"], "dice": ["-", "3,4", "1,6", "2,2", "3,4,0", "3,4,5", "6,6,2"],
    "built": ["yes", "no"], "dev_played": ["yes", "no"], "free_roads": ["0", "1", "2"],
    "resume": ["main", "roll", "robber"], "first": ["0", "1", "2", "3"], "setup": ["0", "1", "3", "8"],
    "last_setup": ["-", "J12", "A10"], "winner": ["-", "0", "1", "2"], "barbarians": ["0", "3", "6", "7"],
    "attacks": ["0", "1", "2"],
}


def _set_scalar(lines, key, value):
    """Set one word of the turn lines (appending it to the last line when missing)."""
    for i, line in enumerate(lines):
        words = line.split(" ")
        if words[0] in SCALAR_BY_KEY and key in words[::2]:
            at = words.index(key) + 1
            if at < len(words):
                words[at] = value
            else:               # its value was removed by an earlier change
                words.append(value)
            lines[i] = " ".join(words)
            return
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].split(" ")[0] in SCALAR_BY_KEY:
            lines[i] += f" {key} {value}"
            return


def _paths(value, prefix=()):
    """Every place inside a JSON value: (path to it, the value there)."""
    yield prefix, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _mutate_json(data, value, draw):
    """Remove, change or add one place inside a JSON value."""
    places = list(_paths(value))
    path, here = places[draw(st.integers(0, len(places) - 1))]
    how = draw(st.sampled_from(("remove", "change", "add")))
    if not path:
        return draw(JSON_VALUES) if how != "add" or not isinstance(here, (dict, list)) else value
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "remove":
        del parent[last]
    elif how == "change":
        parent[last] = draw(JSON_VALUES)
    elif isinstance(here, dict):
        here[draw(st.sampled_from(("kind", "seats", "target", "extra", "shown", "strength")))] = draw(JSON_VALUES)
    elif isinstance(here, list):
        here.insert(draw(st.integers(0, len(here))), draw(JSON_VALUES))
    else:
        parent[last] = [here, draw(JSON_VALUES)]
    return value


def mutate(text, data):
    """One change to one field of a canonical position text."""
    draw = data.draw
    lines = text.splitlines()
    how = draw(st.sampled_from(("remove line", "remove word", "change word", "change json", "add line",
                                "add word", "change turn", "change turn")))
    i = draw(st.integers(0, len(lines) - 1))
    words = lines[i].split(" ")
    if how == "remove line":
        del lines[i]
    elif how == "remove word" and len(words) > 1:
        del words[draw(st.integers(1, len(words) - 1))]
        lines[i] = " ".join(words)
    elif how == "change word" and len(words) > 1:
        words[draw(st.integers(1, len(words) - 1))] = draw(WORDS)
        lines[i] = " ".join(words)
    elif how == "change turn":
        key = draw(st.sampled_from(sorted(SCALAR_VALUES)))
        _set_scalar(lines, key, draw(st.sampled_from(SCALAR_VALUES[key])))
    elif how == "add word":
        words.insert(draw(st.integers(1, len(words))), draw(WORDS))
        lines[i] = " ".join(words)
    elif how == "change json":
        json_lines = [k for k, line in enumerate(lines) if line.split(" ", 1)[0] in ("trade", "agenda", "pending")
                      + tuple(GENERIC)]
        if json_lines:
            k = draw(st.sampled_from(json_lines))
            key, _, rest = lines[k].partition(" ")
            try:
                value = _mutate_json(data, json.loads(rest), draw)
            except ValueError:          # an earlier change left no JSON here
                value = draw(JSON_VALUES)
            lines[k] = key + " " + json.dumps(value, separators=(",", ":"))
        else:
            lines.append(draw(st.sampled_from(("pending", "agenda", "trade"))) + " "
                         + json.dumps(draw(JSON_VALUES), separators=(",", ":")))
    else:
        lines.insert(draw(st.integers(1, len(lines))), draw(st.sampled_from(KEYS)) + " " + draw(WORDS))
    return "\n".join(lines) + "\n"


GAMES = st.tuples(st.sampled_from(("base", "ck")), st.integers(2, 4), st.integers(0, 2 ** 32),
                  st.integers(0, 1500), st.none() | st.integers(0, 3))


def position_text(game):
    rules, players, seed, steps, audience = game
    auth, _ = random_game(rules, players, seed, steps)
    state = auth.state
    if audience is not None and audience < players:
        state = view(state, audience)
    return format(state)


def assert_read_or_refused(text):
    """The property: a PositionError from the reader's own checks, or a state
    on which every open command applies and keeps every invariant."""
    try:
        state = parse(text)
    except PositionError as exc:
        assert str(exc) and "malformed position" not in str(exc), (text, str(exc))
        if currently_in_test_context():
            event("refused")        # --hypothesis-show-statistics shows the share of each
        return None
    if currently_in_test_context():
        event("accepted")
    assert check_state(state) == [] and relation_problems(state) == [], text
    back = format(state)
    assert state_hash(parse(back)) == state_hash(state), text
    for seat in deciders(state):
        for cmd in legal_commands(state, seat):
            after = state.copy()
            apply(after, cmd)
            problems = check_state(after) + relation_problems(after)
            assert problems == [], (text, cmd, problems)
    return state


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(GAMES, st.data())
def test_a_position_changed_in_one_field_is_refused_with_a_message_or_plays_on(game, data):
    text = mutate(position_text(game), data)
    assert_read_or_refused(text)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(GAMES, st.data())
def test_a_position_changed_in_three_fields_is_refused_with_a_message_or_plays_on(game, data):
    text = position_text(game)
    for _ in range(3):
        text = mutate(text, data)
    assert_read_or_refused(text)


# --- hostile examples the rules never reach (both rule sets) -----------------------------

CK = """game ck players=3 board=beginner seed=4
cities 0: J12  1: A10  2: Q8
roads 0: J1  1: A11  2: Q9
turn 12 current 2 phase main dice 3,4,1
"""
BASE = """game base players=3 board=beginner seed=1
settlements 0: J12 H10  1: A10 C2  2: Q8 S4
roads 0: J1 H11  1: A11 C3  2: Q9 S5
hands 0: WBO  1: SS
turn 12 current 2 phase main dice 3,4
"""


UNKNOWN_KIND = _with(CK, "turn 12", 'pending {"kind":"dance","seats":[2]}\nturn 12').replace("phase main", "phase decide")
MISSING_FIELDS = _with(CK, "turn 12", 'pending {"kind":"retreat","seats":[0]}\nturn 12').replace("phase main",
                                                                                                "phase decide")


REFUSED = [
    # (text, what the message names)
    (_with(BASE, "dice 3,4", "rolled no"), "phase main: the dice have not been rolled this turn (B-4.1)"),
    (_with(BASE, "phase main dice 3,4", "phase roll rolled no built yes"), "built: nothing is built before the roll"),
    (_with(BASE, "current 2", "current 1") + "first 0\n", "current 1: turn 12 is seat 2's when seat 0 took turn 1"),
    (_with(BASE, "turn 12", "cities 2: G2 L4 N4 P4\nturn 12"),
     "current 2: has 10 points on their own turn, so the game is over (target 10; B-8.6)"),
    (_with(BASE, "turn 12", "dev 0: +V\nturn 12"), "dev 0: only the player on turn can hold cards bought this turn (B-9.2)"),
    (_with(BASE, "turn 12", "dev 2: +K\nturn 12"), "dev 2: a card bought this turn was bought after the roll"),
    (_with(BASE, "phase main dice 3,4", "phase discard dice 2,4"), "phase discard: only a 7 makes players discard (B-5.3)"),
    (_with(BASE, "phase main dice 3,4", "phase discard dice 3,4\ndiscard 0: 1"), "discard 0: a seat with 3 cards owes half"),
    (_with(BASE, "phase main", "phase steal") + "robber N\n", "phase steal: nobody else has a building on the robber's hex (B-5.4)"),
    (_with(BASE, "phase main dice 3,4", "phase road_building dice 3,4 free_roads 2"),
     "phase road_building: only a Road Building card gives free roads (B-9.4)"),
    (_with(BASE, "phase main dice 3,4", "phase robber rolled no"), "phase robber: before the roll only a development card"),
    (_with(BASE, "turn 12", "trade {}\nturn 12"), "trade: an offer stands only in phase trade (B-7.1)"),
    (_with(BASE, "phase main", "phase trade") + 'trade {"give":[1,0,0,0,0],"get":[1,0,0,0,0],'
     '"answers":[1,1,0],"counters":[null,null,null]}\n', "trade: each side gives at least one card"),
    (_with(BASE, "phase main", "phase game_over"), "winner: a game has a winner exactly when it is over (B-8.6)"),
    (_with(BASE, "turn 12", 'pending {"kind":"spy","seats":[2]}\nturn 12'), "pending: the base game has no decisions"),
    (_with(BASE, "turn 12", "turn 0"), "turn 0: play after the setup starts at turn 1 (B-3.5)"),
    (_with(BASE, "phase main dice 3,4", "phase robber dice 2,4"), "phase robber: only a 7 or a knight moves the robber"),
    (_with(BASE, "phase main dice 3,4", "phase road_building dice 3,4 dev_played yes free_roads 3"),
     "free_roads: 0, 1 or 2 (B-9.4)"),
    ("game base players=2 board=beginner seed=1\nsettlements 0: J12\nturn 0 current 1 phase setup_settlement\n"
     "setup 1\nrobber A\n", "robber: stands on the desert until the first turn (B-2.5)"),
    ("game base players=2 board=beginner seed=1\nsettlements 0: J12 A10\nturn 0 current 1 phase setup_settlement\n"
     "setup 1\n", "settlements/cities 0: after 1 setup placements seat 0 has 1 building(s)"),
    ("game ck players=2 board=beginner seed=1\nsettlements 0: J12 1: A10 C2\nroads 0: J1 1: A11\n"
     "turn 0 current 1 phase setup_road setup 2 last_setup C2\n",
     "settlements/cities 1: after 2 setup placements seat 1 has 2 building(s), 1 of them cities"),
    (_with(BASE, "phase main dice 3,4", "phase setup_road setup 6"), "setup 6: the setup has 6 placements"),
    (UNKNOWN_KIND, "pending: a decision {kind, seats, …}; 'dance' is not a decision of these rules"),
    (MISSING_FIELDS, "pending: a retreat decision has exactly the fields kind, seats, strength, active, options"),
    (_with(CK, "turn 12", 'pending {"kind":"spy","seats":[2],"target":0,"shown":null,'
           '"private":{"shown":[2,0]}}\nturn 12').replace("phase main", "phase decide"),
     "pending: the spy decision shows the 0 cards seat 0 holds (CK-11)"),
    (_with(CK, "turn 12", 'agenda [["yield"],["yield"]]\npending {"kind":"aqueduct","seats":[1]}\nturn 12')
     .replace("phase main", "phase decide"), "agenda: each step of a roll runs once (CK-3)"),
    (BASE + "agenda [0]\n", "agenda: a list of steps, each a list that begins with the step's name"),  # (fuzz)
    (CK + 'agenda [[7]]\n', "agenda: a list of steps, each a list that begins with the step's name"),
    (_with(CK, "turn 12", "robber L\nturn 12"), "robber: stays in the desert until the barbarians' first attack (CK-3.5)"),
    (_with(CK, "cities 0: J12", "cities 0: J12+pillaged"), "'+pillaged' is not possible"),
    (_with(CK, "cities 0: J12", "settlements 0: J12+pillaged\ncities"), "attacks: pillaged cities and Defender of Catan"),
    (_with(CK, "turn 12", "defenders 0: 2\nturn 12\nattacks 1"), "defenders: at most one Defender of Catan per attack"),
    (_with(CK, "turn 12", "knights 0: J4:2p\nturn 12"), "knights 0: a knight marked as activated or promoted this turn"),
    (_with(CK, "turn 12", "knights 2: Q10:1p\nturn 12"), "knights 2: a promoted knight is strong or mighty (CK-5.4)"),
    (_with(CK, "turn 12", "merchant S:0\nturn 12"), "merchant: seat 0's merchant stands next to a building of theirs"),
    (_with(CK, "turn 12", "improvements 1: trade=4\nturn 12"), "improvements: a player at level 4 in trade has placed"),
    (_with(CK, "cities 0: J12", "cities 0: J12+trade").replace("turn 12", "improvements 0: trade=4  1: trade=5\nturn 12"),
     "cities: the trade metropolis belongs to a player with the highest level"),
    (_with(CK, "phase main dice 3,4,1", "phase roll") + "crane 1\n", "crane: Cranes are played after the roll (CK-9.1)"),
    (_with(CK, "turn 12", "barbarians 7\nturn 12"), "barbarians 7: the ship moves on steps 0 to 6"),
    (CK + "fleet 7\n", "fleet: two Merchant Fleets a game"),
    (CK + "harbor_swaps [0,0,1]\n", "Commercial Harbor swaps owed"),
    (_with(CK, "turn 12", "progress 2: crane crane\nturn 12").replace("dice 3,4,1", "dice 3,4,1") + "crane 3\n",
     "crane: 0 to 2 Cranes played this turn (CK-11)"),
    (_with(CK, "turn 12", "progress_vp 2: 2\ndefenders 2: 5\nimprovements 2: science=4\nturn 12\nattacks 5")
     .replace("2: Q8", "2: Q8+science L2 G2"), "current 2: has 15 points on their own turn, so the game is over (target 13; CK-10)"),
]


@pytest.mark.parametrize("text,message", REFUSED)
def test_a_position_no_game_reaches_is_refused_naming_the_line_and_the_rule(text, message):
    with pytest.raises(PositionError) as info:
        parse(text)
    assert message in str(info.value)


# Reached by tools.simulate (C&K seed 1000009): seat 3's knight displaced seat 0's mighty
# knight, and before seat 0 chose where it retreats, seat 3 had 13 points and won.
WON_AMID_A_DECISION = """game ck players=4 target=13 board=random seed=1000009
terrain WOW/OGSB/OGWSB/GSSB/DWG
numbers 8,3,6/4,4,10,2/9,11,9,11,5/12,6,3,8/-,10,5
harbors W3OSG3B33
robber C
settlements 0: M4 1: J6 L6 S4 2: H8 R4 3: A4 D8
cities 0: A12+wall D4+wall 3: A8+wall B4 E4+wall
roads 0: D3 D7 D5 E7 H3 I3 I7 I5 M3 M5 Q9 Q7 Q5 R7 1: L3 J5 K7 K5 L7 L5 N3 P3 N7 N5 O7 O5 P5 S3 S5 2: H9 H7 H5 M9 M7 R5 S7 3: A11 A1 A9 A3 D11 A7 A5 B7 B5 D9 E3 H11 E5 F7 J3
knights 0: D6:2 H4:2 I4:1 Q6:1 R6:3 1: L4:2 K6:1 N4:3 O4:2 P6:1 2: H10:2 M6:1 3: A10:2 A2:3 D10:2 B6:3 F6:1a J4:1af
merchant J:3
improvements 0: trade=3 politics=3 science=3 1: trade=2 politics=1 science=2 2: trade=1 3: trade=3 politics=3 science=3
hands 0: WWSOOPP 1: WBBSOPPM 2: WM 3: WWWBSPPCM
progress 0: engineer smith road_building deserter 1: crane 3: crane medicine
progress_vp 1: 2
defenders 0: 3 2: 1 3: 2
progress_deck_science smith inventor inventor irrigation medicine mining alchemist road_building irrigation alchemist mining
progress_deck_politics intrigue deserter diplomat spy warlord saboteur bishop spy diplomat saboteur wedding bishop intrigue warlord wedding spy
progress_deck_trade master_merchant commercial_harbor merchant trade_monopoly commercial_harbor merchant_fleet merchant master_merchant resource_monopoly trade_monopoly merchant merchant_fleet merchant resource_monopoly resource_monopoly merchant resource_monopoly merchant
turn 433 current 3 phase game_over dice 2,6,4 built yes
last_setup E4 winner 3
barbarians 2 attacks 28
shown_vp 0: 0 1: 0 2: 0 3: 0
pending {"kind":"retreat","seats":[0],"strength":3,"active":1,"options":[23,34]}
crane 0
rng 7130665691676465761,109
"""


def test_B_8_6_a_game_won_while_a_decision_waits_is_read():
    """A win ends the game at once (B-8.6, CK-10), whatever was still to be decided."""
    state = assert_read_or_refused(WON_AMID_A_DECISION)
    assert state is not None and state.winner == 3 and state.pending["kind"] == "retreat"


def test_the_examples_before_their_change_are_read():
    """The unchanged positions above are possible, so each refusal is the change's."""
    assert_read_or_refused(BASE) is not None
    assert_read_or_refused(CK) is not None


# --- input limits ----------------------------------------------------------------------

NESTED = 50_000


@pytest.mark.parametrize("text,message", [
    ("game ck players=3\npending " + "[" * NESTED + "]" * NESTED + "\n", "at most 20000 characters"),
    (_with(CK, "turn 12", "pending " + "[" * 1500 + "]" * 1500 + "\nturn 12"), f"nested more than {MAX_DEPTH} deep"),
    (_with(CK, "turn 12", 'crane {"a":' * 7 + "1" + "}" * 7 + "\nturn 12"), f"nested more than {MAX_DEPTH} deep"),
    (CK + "# x\n" * 300, "at most 200 lines"),
    (_with(CK, "turn 12", "hands 0: " + "W" * 5000 + "\nturn 12"), "at most 4000 characters"),
    (_with(CK, "turn 12", "hands 0: ?" + "9" * 3000 + "\nturn 12"), "bank line is needed"),
    (_with(CK, "turn 12", "turn " + "9" * 3000), "turn/setup: whole numbers"),
])
def test_sizes_depth_and_counts_are_bounded_before_parsing(text, message):
    """A document nested tens of thousands of levels deep, or too large, is refused
    with a message before any parsing (no RecursionError)."""
    with pytest.raises(PositionError) as info:
        parse(text)
    assert message in str(info.value)


# --- the command line, all its options ------------------------------------------------

@pytest.mark.parametrize("legal", [False, True])
@pytest.mark.parametrize("text", [
    UNKNOWN_KIND, MISSING_FIELDS,
    "game ck players=3\npending " + "[" * NESTED + "]" * NESTED + "\n",
    _with(CK, "turn 12", "pending " + "[" * 1500 + "]" * 1500 + "\nturn 12"),
    "\x00\x01 game",
])
def test_the_position_command_says_what_is_wrong_never_a_traceback(text, legal, monkeypatch, capsys):
    from game.cli import main
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["position", "-"] + (["--legal"] if legal else [])) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith("kolonisten: ") and "Traceback" not in captured.err
    assert captured.out == ""


@settings(max_examples=10, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                  HealthCheck.function_scoped_fixture])
@given(game=GAMES, data=st.data())
def test_the_position_command_with_legal_reads_or_refuses_a_changed_position(game, data, monkeypatch, capsys):
    """`kolonisten position - --legal`: a canonical text and the open commands, or
    a message and exit status 1."""
    from game.cli import main
    text = mutate(position_text(game), data)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status = main(["position", "-", "--legal"])
    captured = capsys.readouterr()
    if status == 0:
        assert captured.out.startswith("game ") and captured.err == ""
    else:
        assert status == 1 and captured.err.startswith("kolonisten: ") and "malformed position" not in captured.err
