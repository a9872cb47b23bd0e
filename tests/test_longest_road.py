"""Longest Road (B-8.2 … B-8.4): `road_length` against an independent brute
force, on hand-made networks and on random ones (hypothesis), and the Longest
Road card through random building in play."""

import pytest
from hypothesis import given, strategies as st

from game.bots.random_bot import RandomSeats
from game.engine import legal_commands
from game.engine.board import STANDARD
from game.engine.longest_road import road_length
from game.engine.notation import names_of

from base_helpers import cards, make_game, set_hand, start_turn
N = names_of(STANDARD).node_id

NO_KNIGHTS = [-1] * 54


def brute_force_length(roads, blocked) -> int:
    """Longest trail (no road twice) over `roads` (edge ids), never passing
    *through* a node in `blocked`: such a node may only be a trail's end.
    Exhaustive: every trail from every node is walked, no pruning."""
    ends = {e: STANDARD.edge_nodes[e] for e in roads}
    at = {}
    for e, (a, b) in ends.items():
        at.setdefault(a, []).append(e)
        at.setdefault(b, []).append(e)

    def longest_from(node, used):
        best = 0
        for e in at.get(node, ()):
            if e in used:
                continue
            a, b = ends[e]
            nxt = b if a == node else a
            if nxt in blocked:
                length = 1
            else:
                length = 1 + longest_from(nxt, used | {e})
            best = max(best, length)
        return best

    return max((longest_from(n, frozenset()) for n in at), default=0)


def length_of(roads, foreign=(), own=(), seat=0) -> int:
    edge_owner = [-1] * 72
    for e in roads:
        edge_owner[e] = seat
    node_owner = [-1] * 54
    for n in own:
        node_owner[n] = seat
    for n in foreign:
        node_owner[n] = seat + 1
    return road_length(edge_owner, node_owner, NO_KNIGHTS, seat)


def path(*corners):
    """The sides along a chain of corner names (docs/position.md), e.g. path("H8", "H6")."""
    nodes = [N(c) for c in corners]
    return [STANDARD.edge_between(a, b) for a, b in zip(nodes, nodes[1:])]


# --- hand-made networks (B-8.2) ---------------------------------------------------

def test_B_8_2_a_straight_road_counts_every_segment():
    roads = path("H8", "H6", "H4", "I6", "I4", "J6", "J4")
    assert length_of(roads) == 6 == brute_force_length(roads, set())


def test_B_8_2_branches_do_not_add():
    # a line of 4 with a 2-long branch from its middle: longest trail is 4
    roads = path("H8", "H6", "H4", "I6", "I4") + path("H4", "D6", "D8")
    assert length_of(roads) == 4


def test_B_8_2_a_closed_loop_counts_each_segment_once():
    # the six sides round the centre hex J, plus a tail of 2
    ring = path("E4", "F6", "J4", "J6", "I4", "E6", "E4")
    assert length_of(ring) == 6
    assert length_of(ring + path("E4", "B6", "A4")) == 8


def test_B_8_2_a_figure_eight_trail_uses_every_road_once():
    # two hex rings sharing the side F6-J4 (hexes J and K): 11 roads, and an
    # Euler trail exists (exactly two nodes of odd degree), so the length is 11
    roads = set(path("E4", "F6", "J4", "J6", "I4", "E6", "E4")) | set(
        path("F6", "F4", "G6", "K4", "K6", "J4"))
    assert len(roads) == 11
    assert length_of(roads) == 11


def test_B_8_2_a_foreign_settlement_breaks_the_road_an_own_one_does_not():
    roads = path("H8", "H6", "H4", "I6", "I4", "J6", "J4")
    assert length_of(roads, own=[N("I6")]) == 6
    assert length_of(roads, foreign=[N("I6")]) == 3          # H8-H6-H4-I6 | I6-I4-J6-J4
    assert length_of(roads, foreign=[N("H4")]) == 4          # H8-H6-H4 | H4-I6-I4-J6-J4
    assert length_of(roads, foreign=[N("H8"), N("J4")]) == 6      # ends may be foreign
    assert length_of(roads, foreign=[N("H6"), N("I4")]) == 3          # H8-H6 | H6-H4-I6-I4 | I4-J6-J4
    assert length_of(roads, foreign=[N("H6"), N("I6"), N("J6")]) == 2          # H6-H4-I6 and I6-I4-J6
    assert length_of(roads, foreign=[N("H6"), N("H4"), N("I6"), N("I4"), N("J6")]) == 1


def test_B_8_2_a_loop_cut_at_one_foreign_settlement_is_one_road_between_its_ends():
    """A closed ring broken at one intersection is a road of 6 from that
    intersection round to itself: it never passes *through* the settlement."""
    for h in (0, 9, 18):
        ring = list(STANDARD.hex_edges[h])
        for n in STANDARD.hex_nodes[h]:
            assert length_of(ring, foreign=[n]) == 6 == brute_force_length(ring, {n})
        a, b = STANDARD.hex_nodes[h][0], STANDARD.hex_nodes[h][3]          # opposite corners
        assert length_of(ring, foreign=[a, b]) == 3


def test_B_8_2_no_roads_no_length_and_other_players_roads_do_not_count():
    assert length_of([]) == 0
    edge_owner = [-1] * 72
    for e in path("H8", "H6", "H4", "I6", "I4", "J6"):
        edge_owner[e] = 1
    assert road_length(edge_owner, [-1] * 54, NO_KNIGHTS, 0) == 0
    assert road_length(edge_owner, [-1] * 54, NO_KNIGHTS, 1) == 5


# --- property: random networks -------------------------------------------------------

@st.composite
def road_networks(draw, max_roads=12):
    """A connected-ish network grown by random walks (long trails, loops and
    branches), plus scattered single roads."""
    roads = set()
    if draw(st.booleans()):                       # a closed ring of one hex
        roads |= set(STANDARD.hex_edges[draw(st.integers(0, 18))])
    walks = draw(st.integers(1, 3))
    for _ in range(walks):
        node = draw(st.integers(0, 53))
        for _ in range(draw(st.integers(0, max_roads))):
            if len(roads) >= max_roads:
                break
            e = draw(st.sampled_from(STANDARD.node_edges[node]))
            roads.add(e)
            a, b = STANDARD.edge_nodes[e]
            node = b if a == node else a
    extra = draw(st.lists(st.integers(0, 71), max_size=3))
    for e in extra:
        if len(roads) < max_roads:
            roads.add(e)
    return sorted(roads)


@given(roads=road_networks(), data=st.data())
def test_B_8_2_road_length_equals_brute_force(roads, data):
    touched = sorted({n for e in roads for n in STANDARD.edge_nodes[e]} or {0})
    foreign = data.draw(st.lists(st.sampled_from(touched), max_size=3, unique=True))
    own = data.draw(st.lists(st.sampled_from(touched), max_size=2, unique=True))
    own = [n for n in own if n not in foreign]
    # Other players' roads elsewhere must not matter.
    edge_owner = [-1] * 72
    for e in roads:
        edge_owner[e] = 0
    for e in data.draw(st.lists(st.integers(0, 71), max_size=6)):
        if edge_owner[e] == -1:
            edge_owner[e] = 2
    node_owner = [-1] * 54
    for n in own:
        node_owner[n] = 0
    for n in foreign:
        node_owner[n] = 1
    expected = brute_force_length(roads, set(foreign))
    assert road_length(edge_owner, node_owner, NO_KNIGHTS, 0) == expected
    # Own buildings never change the length.
    assert brute_force_length(roads, set()) == length_of(roads, own=own)


@given(roads=st.lists(st.integers(0, 71), max_size=12, unique=True),
       foreign=st.lists(st.integers(0, 53), max_size=6, unique=True))
def test_B_8_2_road_length_equals_brute_force_on_scattered_roads(roads, foreign):
    assert length_of(roads, foreign=foreign) == brute_force_length(roads, set(foreign))


# --- property: the Longest Road card through the command path (B-8.2 … B-8.4) ---------

def expected_holder(holder, before, after):
    """B-8.3/B-8.4 restated: the holder keeps the card unless one other player
    alone is strictly longer; after the holder's road was cut (or with the card
    set aside) it goes to the one player alone in front with 5+, else aside."""
    best = max(after)
    leaders = [s for s, k in enumerate(after) if k == best]
    if holder != -1 and after[holder] >= before[holder]:
        return leaders[0] if best > after[holder] and len(leaders) == 1 else holder
    return leaders[0] if best >= 5 and len(leaders) == 1 else -1


@given(seed=st.integers(0, 2 ** 32), players=st.sampled_from([2, 3, 4]),
       choices=st.lists(st.integers(0, 10 ** 6), min_size=30, max_size=90))
@pytest.mark.slow
def test_B_8_3_B_8_4_longest_road_card_follows_the_rules_in_play(seed, players, choices):
    """Random road and settlement building by random seats (after a random
    setup): after each build the tracked lengths equal the brute force and the
    card sits where the rules put it."""
    auth = make_game(players=players, board="random", seed=seed)
    state = auth.state
    bot = RandomSeats(seed)
    for _ in range(4 * players):                       # setup: settlement + road each
        auth.submit(bot[state.current].choose(state))
    for turn, pick in enumerate(choices):
        seat = pick % players
        start_turn(auth, seat=seat, turn=turn + 2)
        set_hand(state, seat, cards(wood=1, brick=1, grain=1, wool=1))
        builds = [c for c in legal_commands(state, seat) if c[0] in ("build_road", "build_settlement")]
        if not builds:
            continue
        # Mostly roads (long networks); settlements on other players' roads cut them.
        roads = [c for c in builds if c[0] == "build_road"]
        cutting = [c for c in builds if c[0] == "build_settlement"
                   and any(state.edge_owner[e] not in (-1, seat) for e in STANDARD.node_edges[c[2]])]
        pool = {0: cutting, 1: builds}.get(pick // players % 5, roads) or builds
        cmd = pool[(pick // (5 * players)) % len(pool)]
        before = list(state.road_len)
        holder = state.longest_road
        auth.submit(cmd)
        after = [brute_force_length([e for e in range(72) if state.edge_owner[e] == s],
                                    {n for n in range(54) if state.node_owner[n] not in (-1, s)})
                 for s in range(players)]
        assert state.road_len == after
        assert state.longest_road == expected_holder(holder, before, after), (cmd, before, after)
