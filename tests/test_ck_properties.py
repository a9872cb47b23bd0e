"""Property tests (hypothesis) for the Cities & Knights roll and attack rules:
the engine, driven through the command path from generated positions, agrees
with a direct restatement of the rule (CK-3.3, CK-3.5 with CK-5.1, CK-8.1 …
CK-8.4)."""

from hypothesis import given, strategies as st

from game.engine.board import STANDARD
from game.engine.constants import PROGRESS_TRACK

from ck_helpers import Table, make_ck, put_city, put_knight, put_wall, set_cards, start_turn


def _spread_nodes():
    """Mutually non-adjacent intersections (room for cities), and the rest."""
    chosen = []
    for n in range(54):
        if all(m not in chosen for m in STANDARD.node_neighbors[n]):
            chosen.append(n)
    return chosen, [n for n in range(54) if n not in chosen]


CITY_NODES, OTHER_NODES = _spread_nodes()


@given(levels=st.lists(st.integers(0, 5), min_size=4, max_size=4),
       current=st.integers(0, 3), red=st.integers(1, 6), track=st.integers(0, 2))
def test_CK_3_3_gate_draws_follow_level_and_red_die_clockwise(levels, current, red, track):
    auth = make_ck()
    s = auth.state
    for seat, level in enumerate(levels):
        s.improvements[seat][track] = level
    start_turn(auth, current, "roll")
    deck = list(s.prog_decks[track])
    t = Table(auth)
    white = 1 if red != 6 else 2                      # never a 7
    r = t.roll(white, red, 3 + track)
    order = [(current + i) % 4 for i in range(4)]
    expected = [seat for seat in order if levels[seat] >= 1 and red <= levels[seat] + 1]
    draws = (r.outcome or {}).get("draws", [])
    assert [seat for seat, _ in draws] == expected
    assert [card for _, card in draws] == deck[::-1][:len(expected)]
    assert all(PROGRESS_TRACK[card] == track for _, card in draws)


@given(hands=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4),
                                st.integers(0, 4), st.integers(0, 4)), min_size=4, max_size=4),
       commodities=st.lists(st.integers(0, 3), min_size=4, max_size=4),
       walls=st.lists(st.integers(0, 2), min_size=4, max_size=4))
def test_CK_3_5_and_CK_5_1_seven_discards_half_over_seven_plus_two_per_wall(hands, commodities, walls):
    auth = make_ck()
    s = auth.state
    nodes = iter(CITY_NODES)
    for seat in range(4):
        for w in range(max(1, walls[seat])):
            node = next(nodes)
            put_city(s, seat, node)
            if w < walls[seat]:
                put_wall(s, node)
        set_cards(s, seat, tuple(hands[seat]) + (commodities[seat], 0, 0))
    start_turn(auth, 0, "roll")
    t = Table(auth)
    t.roll(3, 4, 0)
    sizes = [sum(h) + c for h, c in zip(hands, commodities)]
    expected = [k // 2 if k > 7 + 2 * w else 0 for k, w in zip(sizes, walls)]
    if any(expected):
        assert s.discard_need == expected
    else:
        assert s.phase != 3 and s.discard_need == [0] * 4      # no discard phase at all


@given(cities=st.lists(st.integers(0, 2), min_size=4, max_size=4),
       knights=st.lists(st.lists(st.tuples(st.integers(1, 3), st.booleans()), max_size=2),
                        min_size=4, max_size=4))
def test_CK_8_1_to_CK_8_4_attack_outcome_matches_the_rule(cities, knights):
    auth = make_ck()
    s = auth.state
    nodes, spare = iter(CITY_NODES), iter(OTHER_NODES)
    for seat in range(4):
        for _ in range(cities[seat]):
            put_city(s, seat, next(nodes))
        for strength, active in knights[seat]:
            put_knight(s, seat, next(spare), strength, active)
    s.barb_pos = 6
    start_turn(auth, 0, "roll")
    t = Table(auth)
    r = t.roll(1, 2, 0)
    strength = [sum(k for k, a in knights[seat] if a) for seat in range(4)]
    barbarians, catan = sum(cities), sum(strength)
    assert ("barbarians_attack", barbarians, catan, tuple(strength)) in r.events
    assert not any(s.knight_active) and s.barb_pos == 0
    if barbarians > catan:
        exposed = [seat for seat in range(4) if cities[seat]]
        weakest = min(strength[seat] for seat in exposed)
        losers = [seat for seat in exposed if strength[seat] == weakest]
        assert ("barbarians_win", tuple(losers)) in r.events
        assert sorted(s.pending["seats"] if s.pending else []) == [x for x in losers if cities[x] > 1]
    elif catan:
        best = max(strength)
        heroes = [seat for seat in range(4) if strength[seat] == best]
        assert ("catan_wins", tuple(heroes)) in r.events
        if len(heroes) == 1:
            assert s.defenders[heroes[0]] == 1
        else:
            assert s.pending["kind"] == "defender_deck" and s.pending["seats"] == heroes
