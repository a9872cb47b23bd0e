"""Whole-state consistency checks, recomputed from scratch (used by
tools.simulate and the tests).  Each returns a list of violation messages."""

from .board import board_of
from .constants import (
    BANK_PER_COMMODITY, BANK_PER_RESOURCE, CITIES_PER_PLAYER, DEV_DECK_COUNTS,
    GENERIC_HARBOR, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, PROGRESS_CARDS,
    PROGRESS_VP_CARDS, ROADS_PER_PLAYER, SETTLEMENTS_PER_PLAYER,
)
from .longest_road import road_length
from .relations import settled_problems
from .state import is_ck
from .views import AUTHORITY_ONLY, SEAT_SECRETS, view_obj


_last_lengths = [None, None]


def _check_dev_cards(state) -> list:
    bad = []
    if state.deck_n != len(state.deck):
        bad.append("deck count differs from deck")
    for kind, total in enumerate(DEV_DECK_COUNTS):
        seen = state.deck.count(kind) + sum(d[kind] for d in state.dev) + state.dev_discard[kind]
        if seen != total:
            bad.append(f"development card {kind}: {seen} in game, expected {total}")
    if sum(state.knights) != state.dev_discard[0]:
        bad.append("played knights differ from the face-up knight pile")
    return bad


def _check_ck(state) -> list:
    """Cities & Knights pieces and cards (CK-1): progress cards 54 in all, knights
    2 per strength per player, walls 3 per player under own cities, metropolises
    on cities of players at level 4+, Defender cards 6."""
    bad = []
    n = state.n
    counts = [0] * 25
    for t in range(3):
        deck = state.prog_decks[t]
        if state.prog_deck_n[t] != len(deck):
            bad.append(f"progress deck {t}: count differs from deck")
        for card in deck:
            counts[card] += 1
    for s in range(n):
        hand = state.prog[s]
        if sum(hand) != state.prog_n[s] or min(hand) < 0:
            bad.append(f"seat {s}: progress hand {hand} vs count {state.prog_n[s]}")
        for card in range(25):
            counts[card] += hand[card]
    for card in PROGRESS_VP_CARDS:
        if any(p[card] for p in state.prog):
            bad.append(f"VP progress card {PROGRESS_CARDS[card][0]} held in a hand")
    vp_cards = sum(counts[c] for c in PROGRESS_VP_CARDS) + sum(state.prog_vp)
    if vp_cards != sum(PROGRESS_CARDS[c][2] for c in PROGRESS_VP_CARDS):
        bad.append("VP progress cards lost or duplicated")
    for card, (name, _, total) in enumerate(PROGRESS_CARDS):
        if card not in PROGRESS_VP_CARDS and counts[card] != total:
            bad.append(f"progress card {name}: {counts[card]} in game, expected {total}")
    knights = [[0, 0, 0] for _ in range(n)]
    walls = [0] * n
    for node in range(len(state.node_owner)):
        k = state.knight_owner[node]
        if k == -1:
            if state.knight_strength[node] or state.knight_active[node]:
                bad.append(f"ghost knight data at {node}")
        else:
            if not 1 <= state.knight_strength[node] <= 3:
                bad.append(f"knight of strength {state.knight_strength[node]} at {node}")
            else:
                knights[k][state.knight_strength[node] - 1] += 1
            if state.node_owner[node] != -1:
                bad.append(f"knight and building share intersection {node}")
        if state.wall[node]:
            if state.node_level[node] != 2:
                bad.append(f"wall without a city at {node}")
            else:
                walls[state.node_owner[node]] += 1
    for s in range(n):
        for k in range(3):
            if knights[s][k] + state.knights_left[s][k] != 2:
                bad.append(f"seat {s}: knights of strength {k + 1}: {knights[s][k]} + supply != 2")
        if walls[s] + state.walls_left[s] != 3:
            bad.append(f"seat {s}: walls on board + supply != 3")
    for track, node in enumerate(state.metropolis):
        if node != -1:
            owner = state.node_owner[node]
            if state.node_level[node] != 2 or state.improvements[owner][track] < 4:
                bad.append(f"metropolis {track} misplaced at {node}")
    placed = [m for m in state.metropolis if m != -1]
    if len(set(placed)) != len(placed):
        bad.append("two metropolises on one city")
    if state.defenders_left + sum(state.defenders) != 6:
        bad.append("Defender of Catan cards lost or duplicated")
    # Commercial Harbor: at most one swap per card (two exist) with each other player
    if state.harbor_swaps[state.current] or not all(0 <= k <= 2 for k in state.harbor_swaps):
        bad.append(f"Commercial Harbor swaps owed {state.harbor_swaps} (current seat {state.current})")
    if not 0 <= state.fleet < 1 << len(state.bank):
        bad.append(f"Merchant Fleet kinds {state.fleet} out of range")
    landing = any(step[0] == "battle" for step in state.agenda)   # CK-8.5 commits pending
    if not 0 <= state.barb_pos < (8 if landing else 7):
        bad.append("barbarian ship off its track")
    return bad


def _road_lengths(state) -> list:
    """Road lengths recomputed from the board; remembered for the last board
    seen, since most commands do not touch roads or buildings."""
    key = (state.n, tuple(state.edge_owner), tuple(state.node_owner), tuple(state.knight_owner))
    if _last_lengths[0] != key:
        _last_lengths[0] = key
        _last_lengths[1] = [road_length(state.edge_owner, state.node_owner, state.knight_owner, s)
                            for s in range(state.n)]
    return _last_lengths[1]


def check_state(state) -> list:
    board = board_of(state)
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
    ck = is_ck(state)
    if not ck:
        bad += _check_dev_cards(state)
    # Pieces (B-1.6) and scoring (B-8.1) recomputed from the board, in one pass.
    settlements, cities, flipped = [0] * n, [0] * n, [0] * n
    owner_of = state.node_owner
    for node in range(len(state.node_owner)):
        o = owner_of[node]
        if o == -1:
            continue
        if state.node_level[node] == 2:
            cities[o] += 1
        elif ck and state.flipped[node]:
            flipped[o] += 1
        else:
            settlements[o] += 1
        for m in board.node_neighbors[node]:
            if owner_of[m] != -1:
                bad.append(f"distance rule broken at intersection {node}")
    ports = board.harbor_nodes(state.harbors)
    lengths_now = _road_lengths(state)
    for s in range(n):
        if settlements[s] + state.settlements_left[s] != SETTLEMENTS_PER_PLAYER:
            bad.append(f"seat {s}: settlements on board + supply != 5")
        # A reduced city still uses a city piece (CK-8.3).
        if cities[s] + flipped[s] + state.cities_left[s] != CITIES_PER_PLAYER:
            bad.append(f"seat {s}: cities on board + supply != 4")
        if state.edge_owner.count(s) + state.roads_left[s] != ROADS_PER_PLAYER:
            bad.append(f"seat {s}: roads on board + supply != 15")
        vp = settlements[s] + flipped[s] + 2 * cities[s] + 2 * (state.longest_road == s)
        if ck:
            vp += 2 * sum(1 for m in state.metropolis if m != -1 and owner_of[m] == s)
            vp += (state.merchant[1] == s) + state.defenders[s] + state.prog_vp[s]
        else:
            vp += 2 * (state.largest_army == s)
        if vp != state.vp_public[s]:
            bad.append(f"seat {s}: tracked public VP {state.vp_public[s]} != recomputed {vp}")
        if lengths_now[s] != state.road_len[s]:
            bad.append(f"seat {s}: tracked road length {state.road_len[s]} != recomputed {lengths_now[s]}")
        ratios = [4] * kinds
        for node, kind in ports.items():
            if owner_of[node] == s:
                if kind == GENERIC_HARBOR:
                    ratios = [min(x, 3) for x in ratios]
                else:
                    ratios[kind] = 2
        if ratios != state.ratios[s]:
            bad.append(f"seat {s}: harbor ratios {state.ratios[s]} != recomputed {ratios}")
    holder, lengths = state.longest_road, state.road_len
    leaders = [s for s in range(n) if lengths[s] == max(lengths)]
    if holder != -1 and (lengths[holder] < LONGEST_ROAD_MIN or lengths[holder] < max(lengths)):
        bad.append("Longest Road held without the longest road of 5+")
    if holder == -1 and len(leaders) == 1 and lengths[leaders[0]] >= LONGEST_ROAD_MIN:
        bad.append("Longest Road set aside although one player alone leads with 5+")
    army = state.largest_army
    if ck:
        bad += _check_ck(state)
    elif army != -1 and (state.knights[army] < LARGEST_ARMY_MIN or state.knights[army] < max(state.knights)):
        bad.append("Largest Army held without the largest army of 3+")
    if not ck and army == -1 and max(state.knights) >= LARGEST_ARMY_MIN:
        bad.append("Largest Army unassigned although someone has 3+ knights")
    if not 0 <= state.robber < board.num_hexes:
        bad.append("robber off the island")
    return bad + settled_problems(state)


def check_views(state) -> list:
    """No audience's view holds another seat's secrets, the deck or the generator."""
    bad = []
    for audience in list(range(state.n)) + [None]:
        obj = view_obj(state, audience)
        if any(obj[field] is not None for field in AUTHORITY_ONLY) or obj["config"]["seed"] is not None:
            bad.append(f"view for {audience} holds a deck, the generator or the seed")
        for field in SEAT_SECRETS:
            for seat, value in enumerate(obj[field] or ()):
                if seat != audience and value is not None:
                    bad.append(f"view for {audience} holds seat {seat}'s {field}")
    return bad
