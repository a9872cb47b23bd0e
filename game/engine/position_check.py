"""Filling a position's unknown parts, and refusing impossible positions
(used by position_build.Builder.finish)."""

from .board import board_of
from .constants import (
    BANK_PER_COMMODITY, BANK_PER_RESOURCE, DESERT, DEV_DECK_COUNTS, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN,
    PROGRESS_CARDS, PROGRESS_TRACK, PROGRESS_VP_CARDS, RESOURCES, TRACK_NAMES,
    VICTORY_POINT,
)
from .invariants import check_state
from .notation import CARD_LETTERS, DEV_LETTERS, PositionError, names_of
from .relations import relation_problems
from .rng import Rng
from .rules import apply, deciders, legal_commands
from .state import is_ck


# --- shared with the builder ------------------------------------------------------------------

def card_totals(kinds):
    """The bank's full count of each card kind (every card of the game)."""
    return [BANK_PER_RESOURCE] * 5 + [BANK_PER_COMMODITY] * (kinds - 5)


def distance_problems(s):
    """Pairs of buildings closer than the distance rule allows."""
    board = board_of(s)
    for node, o in enumerate(s.node_owner):
        if o != -1:
            for m in board.node_neighbors[node]:
                if m > node and s.node_owner[m] != -1:
                    name = names_of(board).node_name
                    yield f"buildings on {name[node]} and {name[m]} break the distance rule (B-3.3)"


# --- filling the unknown ----------------------------------------------------------------------

def fill_unknown(b) -> None:
    s = b.s
    rng = None

    def fill_rng():
        nonlocal rng
        if rng is None:
            rng = b.fill_rng()
        return rng

    _fill_hands(b, fill_rng)
    if b.ck:
        _fill_progress(b, fill_rng)
    else:
        _fill_dev(b, fill_rng)
    if b.rng is not None:
        s.rng = b.rng
    else:
        r = fill_rng()
        s.rng = Rng((r.next32() << 32) | r.next32())
    if s.config["seed"] is None:
        r = fill_rng()
        s.config["seed"] = (r.next32() << 32) | r.next32()
    _fill_private(s, fill_rng)


def _deal(pool_counts, rng) -> list:
    cards = [kind for kind, k in enumerate(pool_counts) for _ in range(k)]
    rng.shuffle(cards)
    return cards


def _fill_hands(b, fill_rng):
    s = b.s
    kinds = len(s.bank)
    totals = card_totals(kinds)
    known = [s.hands[seat] for seat in range(s.n) if b.hand_unknown[seat] is None]
    held = [sum(column) for column in zip(*known)] if known else [0] * kinds
    unknown = [seat for seat in range(s.n) if b.hand_unknown[seat] is not None]
    if not unknown:
        bank = [t - h for t, h in zip(totals, held)]
        for k in range(kinds):
            if bank[k] < 0:
                raise PositionError(f"the hands hold {held[k]} {_card(k)} but there are only {totals[k]}")
        if b.bank is not None and b.bank != bank:
            raise PositionError(f"the bank {b.bank} differs from what the hands leave: {bank}")
        s.bank = bank
        return
    if b.bank is None:
        raise PositionError("a hand is unknown ('?'), so the bank line is needed")
    pool = [t - h - bk for t, h, bk in zip(totals, held, b.bank)]
    for k in range(kinds):
        if pool[k] < 0:
            raise PositionError(f"the bank and the known hands hold more {_card(k)} than there are")
    need = sum(b.hand_unknown[seat] for seat in unknown)
    if sum(pool) != need:
        raise PositionError(f"the unknown hands hold {need} cards but bank and known hands leave {sum(pool)}")
    cards = _deal(pool, fill_rng())
    for seat in unknown:
        hand = [0] * kinds
        for _ in range(b.hand_unknown[seat]):
            hand[cards.pop()] += 1
        s.hands[seat] = hand
    s.bank = list(b.bank)


def _card(kind):
    return f"'{CARD_LETTERS[kind]}' cards"


def _fill_dev(b, fill_rng):
    s = b.s
    pool = list(DEV_DECK_COUNTS)
    for seat in range(s.n):
        if b.dev_unknown[seat] is None:
            for k in range(5):
                pool[k] -= s.dev[seat][k]
    for k in range(5):
        pool[k] -= s.dev_discard[k]
    if b.deck_given and b.deck_unknown is None:
        for k in s.deck:
            pool[k] -= 1
    for k in range(5):
        if pool[k] < 0:
            raise PositionError(f"more '{DEV_LETTERS[k]}' development cards in play than the "
                                f"{DEV_DECK_COUNTS[k]} there are (B-1.5)")
    unknown = [seat for seat in range(s.n) if b.dev_unknown[seat] is not None]
    if not unknown and (b.deck_given and b.deck_unknown is None):
        if sum(pool):
            missing = "".join(DEV_LETTERS[k] * pool[k] for k in range(5))
            raise PositionError(f"development cards missing from hands, played pile and deck: {missing}")
        return
    cards = _deal(pool, fill_rng())
    # Seats whose victory point cards were shown at the end (B-9.7) get exactly those first.
    unknown.sort(key=lambda seat: s.vp_cards_shown[seat] == -1)
    for seat in unknown:
        old, new = b.dev_unknown[seat]
        shown = s.vp_cards_shown[seat]
        if old + new > len(cards) or shown > old + new:
            raise PositionError("more unknown development cards than are left")
        hand = []
        if shown >= 0:
            for _ in range(shown):
                if VICTORY_POINT not in cards:
                    raise PositionError(f"seat {seat} showed {shown} victory point cards; not enough are left")
                cards.remove(VICTORY_POINT)
                hand.append(VICTORY_POINT)
            others = [c for c in cards if c != VICTORY_POINT]
            if len(others) < old + new - shown:
                raise PositionError(f"seat {seat} showed only {shown} victory point cards; too few others are left")
            picked = others[len(others) - (old + new - shown):]
            for c in picked:
                cards.remove(c)
            hand += picked
        else:
            hand = [cards.pop() for _ in range(old + new)]
        new_cards = [0] * 5
        for c in hand[len(hand) - new:] if new else ():
            new_cards[c] += 1
        dev = [0] * 5
        for c in hand:
            dev[c] += 1
        s.dev[seat], s.dev_new[seat] = dev, new_cards
    if b.deck_given and b.deck_unknown is None:
        if cards:
            raise PositionError("development cards missing from hands, played pile and deck")
        return
    if b.deck_unknown is not None and b.deck_unknown != len(cards):
        raise PositionError(f"the deck should hold {len(cards)} cards, not {b.deck_unknown}")
    s.deck = cards


def _fill_progress(b, fill_rng):
    s = b.s
    pool = [total for _, _, total in PROGRESS_CARDS]
    for seat in range(s.n):
        if b.prog_unknown[seat] is None:
            for c in range(25):
                pool[c] -= s.prog[seat][c]
    for t in range(3):
        if b.prog_deck_given[t] and b.prog_deck_unknown[t] is None:
            for c in s.prog_decks[t]:
                pool[c] -= 1
    laid = sum(s.prog_vp)
    if laid > len(PROGRESS_VP_CARDS):
        raise PositionError(f"{laid} victory point progress cards laid out; there are 2 (CK-11)")
    # Which VP cards are laid out is not recorded: take them from decks that have too many.
    vp_left = [c for c in PROGRESS_VP_CARDS if pool[c] > 0]
    for _ in range(laid):
        vp_left.sort(key=lambda c: -_excess(b, pool, PROGRESS_TRACK[c]))
        if not vp_left:
            raise PositionError("victory point progress cards counted twice")
        pool[vp_left.pop(0)] -= 1
    for c in range(25):
        if pool[c] < 0:
            raise PositionError(f"more {PROGRESS_CARDS[c][0]} cards in play than the {PROGRESS_CARDS[c][2]} "
                                f"there are (CK-11)")
    unknown_hands = [seat for seat in range(s.n) if b.prog_unknown[seat] is not None]
    rng = None
    if unknown_hands or any(not (given and b.prog_deck_unknown[t] is None)
                            for t, given in enumerate(b.prog_deck_given)):
        rng = fill_rng()
    # Decks with a given count take their cards first (all VP cards of their track:
    # those are never held in a hand).
    rest = [0] * 25
    for c in range(25):
        rest[c] = pool[c]
    for t in range(3):
        count = b.prog_deck_unknown[t]
        if count is None:
            continue
        vp = [c for c in PROGRESS_VP_CARDS if PROGRESS_TRACK[c] == t for _ in range(rest[c])]
        for c in vp:
            rest[c] -= 1
        others = _deal([rest[c] if PROGRESS_TRACK[c] == t else 0 for c in range(25)], rng)
        if count < len(vp) or count - len(vp) > len(others):
            raise PositionError(f"the {TRACK_NAMES[t]} progress deck cannot hold {count} cards")
        deck = vp + others[:count - len(vp)]
        for c in others[:count - len(vp)]:
            rest[c] -= 1
        rng.shuffle(deck)
        s.prog_decks[t] = deck
    hand_pool = [0 if c in PROGRESS_VP_CARDS else rest[c] for c in range(25)]
    cards = _deal(hand_pool, rng) if unknown_hands else []
    for seat in unknown_hands:
        if b.prog_unknown[seat] > len(cards):
            raise PositionError("more unknown progress cards than are left")
        hand = [0] * 25
        for _ in range(b.prog_unknown[seat]):
            c = cards.pop()
            hand[c] += 1
            rest[c] -= 1
        s.prog[seat] = hand
    for t in range(3):
        if b.prog_deck_given[t]:
            continue
        deck = _deal([rest[c] if PROGRESS_TRACK[c] == t else 0 for c in range(25)], rng)
        for c in deck:
            rest[c] -= 1
        s.prog_decks[t] = deck
    if any(rest):
        missing = [PROGRESS_CARDS[c][0] for c in range(25) for _ in range(rest[c])]
        raise PositionError("progress cards missing from hands and decks: " + " ".join(missing))


def _excess(b, pool, track):
    count = b.prog_deck_unknown[track]
    have = sum(pool[c] for c in range(25) if PROGRESS_TRACK[c] == track)
    return have - (count or 0)


def _fill_private(s, fill_rng):
    """A view lacks what only some seats saw of a pending decision; rebuild it."""
    p = s.pending
    if not isinstance(p, dict) or "private" not in p:
        return
    for key in p.get("private", {}):
        if p.get(key) is not None:
            continue
        target = p.get("target")
        if key == "shown" and p.get("kind") == "spy" and isinstance(target, int) and 0 <= target < s.n:
            p[key] = list(s.prog[target])
        elif key == "shown" and isinstance(target, int) and 0 <= target < s.n:
            p[key] = list(s.hands[target])
        elif key == "resource":
            held = [r for r in RESOURCES if s.hands[s.current][r]] or list(RESOURCES)
            p[key] = held[fill_rng().below(len(held))]


# --- refusing the impossible ------------------------------------------------------------------

def check_position(b, verify=True) -> None:
    s = b.s
    problems = _layout_problems(s)
    n = s.n
    for seat in range(n):
        if s.settlements_left[seat] < 0:
            problems.append(f"seat {seat} has {5 - s.settlements_left[seat]} settlements; "
                            "a player has 5 (B-1.6)")
        if s.cities_left[seat] < 0:
            problems.append(f"seat {seat} has {4 - s.cities_left[seat]} cities; a player has 4 (B-1.6)")
        if s.roads_left[seat] < 0:
            problems.append(f"seat {seat} has {15 - s.roads_left[seat]} roads; a player has 15 (B-1.6)")
    problems += list(distance_problems(s))
    problems += _loose_roads(s)
    problems += _holder_problems(s)
    if b.ck:
        problems += _ck_problems(s)
    if problems:
        raise PositionError("; ".join(problems))
    # Relations the rules keep during play (phase, turn, decisions, limits, placement).
    guessed = [seat for seat in range(n) if b.dev_unknown[seat] is not None]
    problems = relation_problems(s, guessed)
    if problems:
        raise PositionError("; ".join(problems))
    if not verify:
        return
    # Last nets: the engine's own whole-state invariants, and one step of play.
    problems = check_state(s)
    if problems:
        raise PositionError("inconsistent position: " + "; ".join(problems))
    problem = next_step_problem(s, guessed)
    if problem:
        raise PositionError(problem)


def next_step_problem(s, guessed=()):
    """Every command open to the seats that must decide applies to a copy of
    the position and leaves it consistent; else what went wrong with the first
    that does not (a relation the reader's checks do not name yet)."""
    for seat in deciders(s):
        for cmd in legal_commands(s, seat):
            after = s.copy()
            try:
                apply(after, cmd)
            except Exception as exc:        # any failure of the engine here refuses the position
                return f"the position cannot go on: {cmd} fails ({type(exc).__name__}: {exc})"
            problems = check_state(after) + relation_problems(after, guessed)
            if problems:
                return f"the position cannot go on: after {cmd}: " + "; ".join(problems)
    return None


def _layout_problems(s):
    board = board_of(s)
    out = []
    if sorted(s.terrain) != sorted(board.terrain_bag):
        out.append("the terrain must be 4 W, 4 S, 4 G, 3 B, 3 O hexes and 1 desert D (B-1.1)")
    tokens = sorted(x for x in s.numbers if x)
    if tokens != sorted(board.number_sequence) or any((x == 0) != (t == DESERT) for x, t in zip(s.numbers, s.terrain)):
        out.append("the numbers must be the 18 tokens 2-12 without 7, none on the desert (B-1.2, B-2.5)")
    elif board.reds_adjacent(s.numbers):
        out.append("numbers: a 6 or 8 is never next to another 6 or 8 (B-2.4)")
    if sorted(s.harbors) != sorted(board.harbor_bag):
        out.append("the harbors must be four generic 3 and one of each W B S G O (B-1.3)")
    return out


def _loose_roads(s):
    """Every road belongs to a network that touches a building of its owner (B-6.2)."""
    board = board_of(s)
    owner = s.edge_owner
    reached = set()
    stack = [(n, o) for n, o in enumerate(s.node_owner) if o != -1]
    while stack:
        node, seat = stack.pop()
        for e, other in board.node_links[node]:
            if owner[e] == seat and e not in reached:
                reached.add(e)
                stack.append((other, seat))
    out = []
    if len(reached) < len(owner) - owner.count(-1):
        for e, o in enumerate(owner):
            if o != -1 and e not in reached:
                out.append(f"seat {o}'s road {names_of(board).edge_name[e]} is not connected to a building "
                           "of theirs (B-6.2)")
    return out


def _holder_problems(s):
    out = []
    lengths = s.road_len
    holder, best = s.longest_road, max(lengths)
    if holder != -1 and (lengths[holder] < LONGEST_ROAD_MIN or lengths[holder] < best):
        out.append(f"seat {holder} holds the Longest Road with a road of {lengths[holder]}, but it needs "
                   f"the longest road of {LONGEST_ROAD_MIN} or more (B-8.2; longest now {best})")
    if holder == -1 and best >= LONGEST_ROAD_MIN and lengths.count(best) == 1:
        out.append(f"seat {lengths.index(best)} alone has the longest road ({best}) but nobody holds "
                   "the Longest Road (B-8.2)")
    if not is_ck(s):
        army, best = s.largest_army, max(s.knights)
        if army != -1 and (s.knights[army] < LARGEST_ARMY_MIN or s.knights[army] < best):
            out.append(f"seat {army} holds the Largest Army with {s.knights[army]} knights, but it needs "
                       f"the most knights, {LARGEST_ARMY_MIN} or more (B-8.5)")
        if army == -1 and best >= LARGEST_ARMY_MIN:
            out.append(f"someone has {best} played knights but nobody holds the Largest Army (B-8.5)")
    return out


def _ck_problems(s):
    out = []
    node_name = names_of(board_of(s)).node_name
    for seat in range(s.n):
        if s.walls_left[seat] < 0:
            out.append(f"seat {seat} has {3 - s.walls_left[seat]} city walls; a player has 3 (CK-5.1)")
        for k in range(3):
            if s.knights_left[seat][k] < 0:
                out.append(f"seat {seat} has {2 - s.knights_left[seat][k]} knights of strength {k + 1}; "
                           "a player has 2 of each (CK-1.5)")
    for node, o in enumerate(s.knight_owner):
        if o != -1 and s.node_owner[node] != -1:
            out.append(f"a knight and a building share corner {node_name[node]}")
    for track, node in enumerate(s.metropolis):
        if node != -1 and s.improvements[s.node_owner[node]][track] < 4:
            out.append(f"the {TRACK_NAMES[track]} metropolis on {node_name[node]} needs its owner at "
                       f"level 4 or more in {TRACK_NAMES[track]} (CK-6.4)")
    if s.defenders_left < 0:
        out.append("more than 6 Defender of Catan cards (CK-8.4)")
    if not 0 <= s.barb_pos <= 7:
        out.append(f"the barbarian ship stands at {s.barb_pos}; its track has steps 0 to 7 (CK-1.6)")
    return out
