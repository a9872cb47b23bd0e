"""tools.arena.vs_jsettlers: JSettlers' board in our ids, its wire format,
our seat's knowledge of a game from the messages sent to it, and our
commands as JSettlers requests.  No Java needed, except the one slow game
against a real server (skipped when the server is not built)."""

import os
import shutil
import socket
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import legal_commands
from game.engine.board import STANDARD
from game.engine.constants import BRICK, DESERT, GENERIC_HARBOR, GRAIN, KNIGHT, ORE, WOOD, WOOL
from game.engine.state import DISCARD, MAIN, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, STEAL, TRADE
from tools.arena import jsettlers_map as jm
from tools.arena import jsettlers_server
from tools.arena import jsettlers_wire as w
from tools.arena import vs_jsettlers
from tools.arena.jsettlers_play import requests
from tools.arena.jsettlers_table import Table

GAME = "g1"


# --- the board -----------------------------------------------------------------------------

def test_every_hex_corner_and_road_has_one_jsettlers_id():
    assert len(jm.NODE_OF_JS) == 54 and sorted(jm.NODE_OF_JS.values()) == list(range(54))
    assert len(jm.EDGE_OF_JS) == 72 and sorted(jm.EDGE_OF_JS.values()) == list(range(72))
    assert jm.js_hex(STANDARD.hex_coords.index((0, 0))) == 0x77        # the centre is 0x77 in JSettlers too


def test_neighbouring_hexes_are_one_jsettlers_step_apart():
    steps = {0x22, 0x20, 0x02}
    for h in range(STANDARD.num_hexes):
        for n in STANDARD.hex_neighbors[h]:
            assert abs(jm.js_hex(h) - jm.js_hex(n)) in steps


@given(st.integers(0, 71))
def test_a_road_joins_the_jsettlers_corners_of_its_ends(e):
    a, b = STANDARD.edge_nodes[e]
    road = jm.JS_OF_EDGE[e]
    assert jm.js_edge(jm.JS_OF_NODE[a], jm.JS_OF_NODE[b]) == road
    assert jm.EDGE_OF_JS[road] == e


def test_a_corner_next_to_a_hex_is_that_hex_plus_its_offset():
    # JSettlers' SOCBoard: corners of hex 0x77 are 0x78, 0x89, 0x98, 0x87, 0x76, 0x67 (N clockwise).
    centre = STANDARD.hex_coords.index((0, 0))
    assert [jm.JS_OF_NODE[n] for n in (jm.NODE_OF_JS[0x77 + d] for d in jm.CORNER_OFFSETS)] == \
        [0x78, 0x89, 0x98, 0x87, 0x76, 0x67]
    assert all(centre in STANDARD.node_hexes[jm.NODE_OF_JS[0x77 + d]] for d in jm.CORNER_OFFSETS)


def test_js_edge_refuses_corners_that_are_not_neighbours():
    with pytest.raises(ValueError):
        jm.js_edge(0x23, 0x45)


def board_message(robber=0x77):
    """A BOARDLAYOUT of every land hex wood numbered 8 but a desert in the
    centre, every harbor 3:1 but the first, a 2:1 ore (kind 2, facing 3)."""
    hexes, numbers = [], []
    land = {jm.js_hex(h) for h in range(STANDARD.num_hexes)}
    harbor_index = {i for i, _ in jm.HARBOR_SPOTS}
    for i, js in enumerate(jm.HEX_IDS):
        if js == 0x77:
            hexes.append(jm.SENT_DESERT)
            numbers.append(-1)
        elif js in land:
            hexes.append(5)
            numbers.append(5)                               # code 5 is an 8
        elif i == jm.HARBOR_SPOTS[0][0]:
            hexes.append((3 << 4) | 2)
            numbers.append(-1)
        elif i in harbor_index:
            hexes.append(7)
            numbers.append(-1)
        else:
            hexes.append(jm.SENT_WATER)
            numbers.append(-1)
    return f"{GAME}," + ",".join(str(x) for x in hexes + numbers + [robber])


def test_a_board_message_gives_terrain_numbers_robber_and_harbors():
    _, values = w.ints_after_game(board_message())
    lay = jm.Layout(values[:37], values[37:74], values[74])
    centre = STANDARD.hex_coords.index((0, 0))
    assert lay.terrain[centre] == DESERT and lay.numbers[centre] == 0 and lay.robber == centre
    assert all(lay.terrain[h] == WOOD and lay.numbers[h] == 8 for h in range(STANDARD.num_hexes) if h != centre)
    assert len(lay.harbor_edges) == 9 and set(lay.harbor_edges) <= set(STANDARD.coast_edges)
    ore = lay.harbor_edges.index(jm.EDGE_OF_JS[0x27])
    assert lay.harbors[ore] == ORE
    assert lay.harbors.count(GENERIC_HARBOR) == 8


def test_a_broken_board_message_is_refused():
    _, values = w.ints_after_game(board_message())
    with pytest.raises(ValueError):
        jm.Layout(values[:36], values[37:74], values[74])
    with pytest.raises(ValueError):
        jm.Layout(values[:37], values[37:74], 0x17)          # robber in the sea
    broken = list(values[:37])
    broken[jm.HARBOR_SPOTS[1][0]] = jm.SENT_WATER
    with pytest.raises(ValueError):
        jm.Layout(broken, values[37:74], values[74])


def test_resource_orders_round_trip():
    ours = [1, 2, 3, 4, 5]                   # wood, brick, wool, grain, ore
    assert jm.resources_js(ours) == [2, 5, 3, 4, 1]         # clay, ore, sheep, wheat, wood
    assert jm.resources_ours(jm.resources_js(ours)) == ours


# --- the wire ------------------------------------------------------------------------------

def test_messages_cross_a_socket_whole_even_when_split():
    a, b = socket.socketpair()
    try:
        sender, receiver = w.Connection(a), w.Connection(b)
        sender.send(w.roll(GAME))
        sender.send(w.make_offer(GAME, 2, [True, False, False, True], [0, 1, 0, 0, 0], [0, 0, 0, 0, 2]))
        raw = b"\x00\x0a1025|g1,20"
        a.sendall(raw[:5])
        got = receiver.receive(1.0)
        a.sendall(raw[5:])
        got += receiver.receive(1.0)
    finally:
        a.close()
        b.close()
    assert got[0] == (w.ROLLDICE, GAME)
    assert got[1] == (w.MAKEOFFER, f"{GAME},2,true,false,false,true,0,1,0,0,0,0,0,0,0,2")
    assert got[2] == (w.GAMESTATE, "g1,20")


def test_empty_fields_are_sent_as_tabs_and_read_as_absent():
    assert w.new_game("me", GAME).split("|")[1].split(",")[1] == "\t"
    assert w.fields("a,,b") == ["a", "b"]
    assert w.game_of(w.JOINGAME, "me,\t,\t,g1") == GAME
    assert w.game_of(w.PLAYERELEMENTS, "g1|3|100|1|2") == GAME
    assert w.parse("nonsense") == (-1, "nonsense")


# --- our seat's knowledge ------------------------------------------------------------------

def started(seat=1, first=0):
    """A table after sitdowns, the board and the first turn of founding."""
    t = Table(GAME, "me")
    for s, name in enumerate(["robot 1", "me", "droid 2", "robot 3"]):
        t.handle(w.SITDOWN, f"{GAME},{name if s != seat else 'me'},{s},true")
    t.handle(w.BOARDLAYOUT, board_message())
    t.handle(w.STARTGAME, f"{GAME},5")
    t.handle(w.TURN, f"{GAME},{first},5")
    return t


def put(t, seat, piece, coord):
    t.handle(w.PUTPIECE, f"{GAME},{seat},{piece},{coord}")


def rolled(t, seat, roll=6):
    """`seat`'s turn begins and it rolls `roll`, which pays nobody."""
    t.handle(w.TURN, f"{GAME},{seat},15")
    t.handle(w.DICERESULT, f"{GAME},{roll}")
    t.handle(w.GAMESTATE, f"{GAME},20")


def found(t, spots):
    """Snake founding: spots[i] = (seat, settlement node, road edge) in our ids."""
    for i, (seat, node, edge) in enumerate(spots):
        t.handle(w.TURN, f"{GAME},{seat},{5 if i < 4 else 10}")
        put(t, seat, w.SETTLEMENT, jm.JS_OF_NODE[node])
        t.handle(w.GAMESTATE, f"{GAME},{6 if i < 4 else 11}")
        put(t, seat, w.ROAD, jm.JS_OF_EDGE[edge])
    t.handle(w.TURN, f"{GAME},0,15")


SPOTS = [(0, 0, 0), (1, 10, None), (2, 20, None), (3, 30, None),
         (3, 40, None), (2, 45, None), (1, 50, None), (0, 5, None)]


def spots():
    return [(s, n, e if e is not None else STANDARD.node_edges[n][0]) for s, n, e in SPOTS]


def test_the_founding_view_names_the_phase_the_step_and_the_last_settlement():
    t = started(seat=1, first=0)
    assert t.our_turn_to() is None                   # seat 0 places first
    t.handle(w.TURN, f"{GAME},1,5")
    assert t.our_turn_to() == "setup"
    v = t.view()
    assert v.phase == SETUP_SETTLEMENT and v.current == 1 and v.first_player == 0 and v.setup_step == 0
    assert any(c[0] == "place_settlement" for c in legal_commands(v, 1))
    put(t, 1, w.SETTLEMENT, jm.JS_OF_NODE[10])
    t.handle(w.GAMESTATE, f"{GAME},6")
    v = t.view()
    assert v.phase == SETUP_ROAD and v.last_setup_node == 10
    assert all(10 in STANDARD.edge_nodes[c[2]] for c in legal_commands(v, 1))


def test_the_second_founding_pays_its_hexes_though_no_message_says_so():
    """B-3.4: JSettlers leaves the founding payout to each client."""
    t = started()
    found(t, spots())
    paying = [h for h in STANDARD.node_hexes[50] if t.layout.terrain[h] != DESERT]
    assert t.hands[1][WOOD] == len(paying) and t.hand_n[1] == len(paying)     # wood everywhere but the desert
    first = [h for h in STANDARD.node_hexes[10] if t.layout.terrain[h] != DESERT]
    assert t.hand_n[1] == len(paying) and len(first) > 0                       # the first founding paid nothing


def test_production_costs_steals_and_discards_keep_counts_exact_and_the_bank_closed():
    t = started(seat=1)
    found(t, spots())
    base = list(t.hand_n)
    t.handle(w.DICERESULT, f"{GAME},8")
    t.handle(w.DICERESULTRESOURCES, f"{GAME}|2|0|{base[0] + 2}|2|5|0|1|{base[1] + 1}|1|2")
    assert t.hand_n[0] == base[0] + 2 and t.hands[1][ORE] == 1
    t.handle(w.PLAYERELEMENTS, f"{GAME}|0|102|1|1|5|1")          # seat 0 builds a road: clay + wood
    assert t.hand_n[0] == base[0]
    # a steal between two others: hand sizes move exactly, the kind is the thief's guess
    t.handle(w.ROBBERYRESULT, f"{GAME},2,0,R,6,1,T")
    assert t.hand_n[0] == base[0] - 1 and t.hand_n[2] == base[2] + 1
    # a steal from us shows its kind
    t.handle(w.ROBBERYRESULT, f"{GAME},3,1,R,2,1,T")
    assert t.hands[1][ORE] == 0 and t.hands[3][ORE] == 1
    # another seat's discard hides its kinds
    t.handle(w.DISCARD, f"{GAME},p2,0,0,0,0,0,{t.hand_n[2]}")
    assert t.hand_n[2] == 0 and t.hands[2] == [0] * 5
    assert t.resyncs == {"own": 0, "others": 0}
    v = t.view()
    for k in range(5):
        assert v.bank[k] == 19 - sum(t.hands[s][k] for s in range(4))
    assert v.hands[0] is None and v.hands[2] is None and v.hands[1] == t.hands[1]


def test_a_server_count_that_differs_is_followed_and_counted():
    t = started(seat=1)
    found(t, spots())
    t.handle(w.RESOURCECOUNT, f"{GAME},3,{t.hand_n[3] + 2}")
    assert t.resyncs["others"] == 1 and t.hand_n[3] == sum(t.hands[3])


def test_a_monopoly_that_takes_our_cards_is_news_not_a_resync():
    """B-9.6 (Monopoly): the server sets each victim's count of the kind,
    marked as news, then its hand size: our hand follows without a resync
    (the sequence that failed CI, seed 11 of `--games 20 --seed 1`)."""
    t = started(seat=1)
    found(t, spots())
    wood = t.hands[1][WOOD]
    rolled(t, 0, roll=8)
    t.handle(w.DICERESULTRESOURCES, f"{GAME}|1|1|{wood + 1}|1|2")           # we get an ore
    t.handle(w.PLAYERELEMENTS, f"{GAME}|1|100|1|0|2|1|3|0|4|0|5|{wood}")     # and the server's check
    assert t.resyncs["own"] == 0
    thief_wood = t.hands[0][WOOD]
    t.handle(w.DEVCARDACTION, f"{GAME},0,1,3")
    t.handle(w.PLAYERELEMENT, f"{GAME},0,100,19,1")
    t.handle(w.GAMESTATE, f"{GAME},53")
    t.handle(w.PLAYERELEMENT, f"{GAME},1,100,5,0,Y")                         # our wood: none left
    t.handle(w.RESOURCECOUNT, f"{GAME},1,1")
    t.handle(w.PLAYERELEMENT, f"{GAME},0,101,5,{wood}")
    t.handle(w.SIMPLEACTION, f"{GAME},0,3,{wood},5")
    t.handle(w.GAMESTATE, f"{GAME},20")
    assert t.hands[1] == [0, 0, 0, 0, 1] and t.hand_n[1] == 1
    assert t.hands[0][WOOD] == thief_wood + wood
    assert t.resyncs["own"] == 0 and t.resync_examples == []


def test_our_hand_corrected_by_the_server_is_counted_with_an_example():
    t = started(seat=1)
    found(t, spots())
    wood = t.hands[1][WOOD]
    rolled(t, 0, roll=8)
    t.handle(w.PLAYERELEMENTS, f"{GAME}|1|100|1|0|2|0|3|0|4|0|5|{wood + 2}")  # two wood we missed
    assert t.resyncs["own"] == 1 and t.hands[1][WOOD] == wood + 2 and t.hand_n[1] == wood + 2
    (e,) = t.resync_examples
    assert e["what"] == "wood" and (e["ours"], e["server"]) == (wood, wood + 2)
    assert e["message"] == f"{w.PLAYERELEMENTS}|{GAME}|1|100|1|0|2|0|3|0|4|0|5|{wood + 2}"
    assert e["before"][-1] == f"{w.GAMESTATE}|{GAME},20" and e["hand"]["wood"] == wood
    done = {"seed": 7, "seat": 1, "won": False, "first_player": 0, "scores": [10, 2, 3, 4], "robots": [],
            "turns": 40, "seconds": 1.0, "decision_s": [0.1], "resync_own": 1,
            "resync_own_examples": t.resync_examples}
    summary = vs_jsettlers.summarize(1, 7, [done], True)
    assert summary["bridge"]["resync_own"] == 1 and summary["resync_own_examples"][0]["seed"] == 7


def test_our_card_bought_this_turn_waits_a_turn_and_others_cards_stay_hidden():
    t = started(seat=1)
    found(t, spots())
    rolled(t, 1)
    t.handle(w.DEVCARDACTION, f"{GAME},1,0,9")             # we draw a knight
    v = t.view()
    assert v.phase == MAIN and v.dev[1][KNIGHT] == 1 and v.dev_new[1][KNIGHT] == 1
    assert not any(c[0] == "play_knight" for c in legal_commands(v, 1))
    t.handle(w.TURN, f"{GAME},2,15")
    t.handle(w.DEVCARDACTION, f"{GAME},2,0,0")             # another seat draws: kind unknown
    v = t.view()
    assert v.dev_n[2] == 1 and v.dev[2] is None and v.dev_new_n[2] == 1
    t.handle(w.TURN, f"{GAME},1,15")
    v = t.view()
    assert v.phase == ROLL and v.dev_new[1][KNIGHT] == 0
    assert any(c[0] == "play_knight" for c in legal_commands(v, 1))


def test_the_server_s_waits_become_our_engine_s_phases():
    t = started(seat=1)
    found(t, spots())
    t.handle(w.TURN, f"{GAME},1,15")
    assert t.our_turn_to() == "roll"
    t.handle(w.DICERESULT, f"{GAME},7")
    t.handle(w.GAMESTATE, f"{GAME},50")
    assert t.our_turn_to() is None                         # no discard asked of us
    t.handle(w.DISCARDREQUEST, f"{GAME},4")
    assert t.our_turn_to() == "discard" and t.view().phase == DISCARD and t.view().discard_need[1] == 4
    t.handle(w.GAMESTATE, f"{GAME},33")
    assert t.our_turn_to() == "robber" and t.view().phase == ROBBER
    t.handle(w.MOVEROBBER, f"{GAME},1,{jm.JS_OF_HEX[0]}")
    t.handle(w.GAMESTATE, f"{GAME},51")
    t.handle(w.CHOOSEPLAYERREQUEST, f"{GAME},true,false,false,true")
    assert t.our_turn_to() == "steal" and t.steal_choices == [0, 3]
    v = t.view()
    assert v.phase == STEAL and v.robber == 0
    t.handle(w.GAMESTATE, f"{GAME},20")
    assert t.our_turn_to() == "main" and t.view().phase == MAIN and t.view().rolled


def test_an_offer_to_us_is_answered_once_from_a_trade_view():
    t = started(seat=1)
    found(t, spots())
    rolled(t, 2)
    t.handle(w.MAKEOFFER, f"{GAME},2,false,true,false,true,0,0,0,0,1,1,0,0,0,0")   # gives a wood for a clay
    assert t.our_turn_to() == "answer"
    offer = t.offer_to_us()
    v = t.answer_view(offer)
    assert v.phase == TRADE and v.current == 2 and v.trade["give"][WOOD] == 1 and v.trade["get"][BRICK] == 1
    t.answered.add(offer.serial)
    assert t.our_turn_to() is None
    t.handle(w.ACCEPTOFFER, f"{GAME},3,2,0,0,0,0,1,1,0,0,0,0")                     # seat 3 took it
    assert t.offers == {}


def test_the_game_end_names_the_winner_and_shows_points_cards():
    t = started(seat=1)
    found(t, spots())
    t.handle(w.GAMEELEMENTS, f"{GAME}|4|3")
    t.handle(w.GAMESTATE, f"{GAME},1000")
    t.handle(w.GAMEELEMENTS, f"{GAME}|4|3")
    t.handle(w.DEVCARDACTION, f"{GAME},3,3,5,6")
    t.handle(w.GAMESTATS, f"{GAME},4,5,3,10,true,false,true,true")
    assert t.winner == 3 and t.scores == [4, 5, 3, 10] and t.vp_cards_shown[3] == 2


# --- our commands as requests ------------------------------------------------------------

def test_commands_become_the_requests_jsettlers_takes():
    t = started(seat=1)
    found(t, spots())
    t.handle(w.TURN, f"{GAME},1,15")
    v = t.view()
    road = requests(t, v, ("build_road", 1, 7))[0]
    assert road == [w.put_piece(GAME, 1, w.ROAD, jm.JS_OF_EDGE[7])]
    assert requests(t, v, ("build_city", 1, 50))[0] == [w.put_piece(GAME, 1, w.CITY, jm.JS_OF_NODE[50])]
    msgs, follow = requests(t, v, ("play_year_of_plenty", 1, ORE, ORE))
    assert msgs == [w.play_card(GAME, 2)]
    assert follow == {w.WAITING_FOR_DISCOVERY: f"{w.PICKRESOURCES}|{GAME},0,2,0,0,0"}
    msgs, follow = requests(t, v, ("play_monopoly", 1, GRAIN))
    assert msgs == [w.play_card(GAME, 3)] and follow == {w.WAITING_FOR_MONOPOLY: f"{w.PICKRESOURCETYPE}|{GAME},4"}
    v.ratios[1] = [4, 4, 2, 4, 4]
    assert requests(t, v, ("maritime", 1, WOOL, ORE))[0] == [f"{w.BANKTRADE}|{GAME},0,0,2,0,0,0,1,0,0,0"]
    assert requests(t, v, ("discard", 1, [1, 0, 0, 0, 2]))[0] == [f"{w.DISCARD}|{GAME},0,2,0,0,1,0"]
    assert requests(t, v, ("move_robber", 1, 3))[0] == [w.move_robber(GAME, 1, jm.JS_OF_HEX[3])]


# --- the tool --------------------------------------------------------------------------------

def test_the_rule_differences_are_listed_from_the_docstring():
    rules = vs_jsettlers.RULE_DIFFERENCES
    assert len(rules) == 7 and rules[0].startswith("board:") and all("\n" not in r for r in rules)
    assert any("B-1.4" in r for r in rules) and any("B-5.4" in r for r in rules)


def test_without_a_built_server_the_tool_says_how_to_build_it(tmp_path, capsys):
    assert vs_jsettlers.main(["--home", str(tmp_path), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "JSettlers2" in err and "--build" in err and "release-2.6.10" in err
    assert jsettlers_server.build(str(tmp_path)) == 2


def test_bad_command_line_is_refused(capsys):
    with pytest.raises(SystemExit):
        vs_jsettlers.main(["--games", "0"])
    assert "--games" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.skipif(not jsettlers_server.built() or shutil.which("unshare") is None or os.geteuid() != 0,
                    reason="JSettlers server not built, or no network namespace here")
def test_one_game_against_the_jsettlers_robots_runs_to_its_end():
    done = subprocess.run([sys.executable, "-m", "tools.arena.vs_jsettlers", "--games", "1", "--seed", "7",
                           "--playouts", "20", "--json"], capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-2000:]
    import json
    out = json.loads(done.stdout)
    assert out["games_played"] == 1
    assert out["bridge"]["resync_own"] == 0, out["resync_own_examples"]
    assert out["bridge"]["declined"] == 0 and out["bridge"]["stalls"] == 0
