"""Whole-state consistency checks, recomputed from scratch (used by
tools.simulate and the tests).  Each returns a list of violation messages."""

from .board import NODE_NEIGHBORS, NUM_HEXES, harbor_nodes
from .constants import (
    BANK_PER_COMMODITY, BANK_PER_RESOURCE, CITIES_PER_PLAYER, DEV_DECK_COUNTS,
    GENERIC_HARBOR, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, ROADS_PER_PLAYER,
    SETTLEMENTS_PER_PLAYER, VICTORY_POINT,
)
from .longest_road import road_length
from .state import GAME_OVER
from .views import SEAT_SECRETS, view_obj


_last_lengths = [None, None]


def _road_lengths(state) -> list:
    """Road lengths recomputed from the board; remembered for the last board
    seen, since most commands do not touch roads or buildings."""
    key = (tuple(state.edge_owner), tuple(state.node_owner), tuple(state.knight_owner))
    if _last_lengths[0] != key:
        _last_lengths[0] = key
        _last_lengths[1] = [road_length(state.edge_owner, state.node_owner, state.knight_owner, s)
                            for s in range(state.n)]
    return _last_lengths[1]


def check_state(state) -> list:
    bad = []
    n = state.n
    kinds = len(state.bank)
    for kind in range(kinds):
        total = BANK_PER_RESOURCE if kind < 5 else BANK_PER_COMMODITY
        held = sum(state.hands[s][kind] for s in range(n))
        if state.bank[kind] < 0 or state.bank[kind] + held != total:
            bad.append(f"card kind {kind}: bank {state.bank[kind]} + hands {held} != {total}")
    for s in range(n):
        if min(state.hands[s]) < 0 or sum(state.hands[s]) != state.hand_n[s]:
            bad.append(f"seat {s}: hand {state.hands[s]} vs count {state.hand_n[s]}")
        if sum(state.dev[s]) != state.dev_n[s] or min(state.dev[s]) < 0:
            bad.append(f"seat {s}: development cards {state.dev[s]} vs count {state.dev_n[s]}")
        if any(new > have for new, have in zip(state.dev_new[s], state.dev[s])):
            bad.append(f"seat {s}: more new development cards than held")
    if state.deck_n != len(state.deck):
        bad.append("deck count differs from deck")
    for kind, total in enumerate(DEV_DECK_COUNTS):
        seen = state.deck.count(kind) + sum(d[kind] for d in state.dev) + state.dev_discard[kind]
        if seen != total:
            bad.append(f"development card {kind}: {seen} in game, expected {total}")
    if sum(state.knights) != state.dev_discard[0]:
        bad.append("played knights differ from the face-up knight pile")
    # Pieces (B-1.6) and scoring (B-8.1) recomputed from the board.
    ports = harbor_nodes(state.harbors)
    for s in range(n):
        settlements = sum(1 for o, lv in zip(state.node_owner, state.node_level) if o == s and lv == 1)
        cities = sum(1 for o, lv in zip(state.node_owner, state.node_level) if o == s and lv == 2)
        roads = state.edge_owner.count(s)
        if settlements + state.settlements_left[s] != SETTLEMENTS_PER_PLAYER:
            bad.append(f"seat {s}: settlements on board + supply != 5")
        if cities + state.cities_left[s] != CITIES_PER_PLAYER:
            bad.append(f"seat {s}: cities on board + supply != 4")
        if roads + state.roads_left[s] != ROADS_PER_PLAYER:
            bad.append(f"seat {s}: roads on board + supply != 15")
        vp = settlements + 2 * cities + 2 * (state.longest_road == s) + 2 * (state.largest_army == s)
        if vp != state.vp_public[s]:
            bad.append(f"seat {s}: tracked public VP {state.vp_public[s]} != recomputed {vp}")
        length = _road_lengths(state)[s]
        if length != state.road_len[s]:
            bad.append(f"seat {s}: tracked road length {state.road_len[s]} != recomputed {length}")
        ratios = [4] * 5
        for node, kind in ports.items():
            if state.node_owner[node] == s:
                for r in range(5):
                    if kind == GENERIC_HARBOR or kind == r:
                        ratios[r] = min(ratios[r], 2 if kind == r else 3)
        if ratios != state.ratios[s]:
            bad.append(f"seat {s}: harbor ratios {state.ratios[s]} != recomputed {ratios}")
    for node, owner in enumerate(state.node_owner):
        if owner != -1 and any(state.node_owner[m] != -1 for m in NODE_NEIGHBORS[node]):
            bad.append(f"distance rule broken at intersection {node}")
    holder, lengths = state.longest_road, state.road_len
    leaders = [s for s in range(n) if lengths[s] == max(lengths)]
    if holder != -1 and (lengths[holder] < LONGEST_ROAD_MIN or lengths[holder] < max(lengths)):
        bad.append("Longest Road held without the longest road of 5+")
    if holder == -1 and len(leaders) == 1 and lengths[leaders[0]] >= LONGEST_ROAD_MIN:
        bad.append("Longest Road set aside although one player alone leads with 5+")
    army = state.largest_army
    if army != -1 and (state.knights[army] < LARGEST_ARMY_MIN or state.knights[army] < max(state.knights)):
        bad.append("Largest Army held without the largest army of 3+")
    if army == -1 and max(state.knights) >= LARGEST_ARMY_MIN:
        bad.append("Largest Army unassigned although someone has 3+ knights")
    if not 0 <= state.robber < NUM_HEXES:
        bad.append("robber off the island")
    if state.phase == GAME_OVER:
        w = state.winner
        if state.vp_public[w] + state.dev[w][VICTORY_POINT] < state.config["vp_target"]:
            bad.append("the winner does not have enough VP")
    return bad


def check_views(state) -> list:
    """No audience's view holds another seat's secrets, the deck or the generator."""
    bad = []
    for audience in list(range(state.n)) + [None]:
        obj = view_obj(state, audience)
        if obj["rng"] is not None or obj["deck"] is not None:
            bad.append(f"view for {audience} holds the deck or generator")
        for field in SEAT_SECRETS:
            for seat, value in enumerate(obj[field]):
                if seat != audience and value is not None:
                    bad.append(f"view for {audience} holds seat {seat}'s {field}")
    return bad
