"""Cities & Knights: small state changes shared by commands, progress cards
and decisions (knights on and off the board, cities made and lost, walls,
metropolises, progress cards drawn and returned, a decision to wait for)."""

from ...board import board_of
from ...constants import PROGRESS_HAND_LIMIT, PROGRESS_VP_CARDS
from ...helpers import pay, transfer
from ...state import DECIDE, State
from ..base.building import update_longest_road
from .facts import knight_reach


def recompute_roads_at(state: State, node: int, mover: int, events: list) -> None:
    """A knight arrived at or left `node`: roads of other players through it may
    have been cut or joined (CK-5.5)."""
    board = board_of(state)
    seats = sorted({state.edge_owner[e] for e in board.node_edges[node]} - {-1, mover})
    if seats:
        update_longest_road(state, seats, events)


def place_knight(state, seat, node, strength, active, events):
    state.knight_owner[node] = seat
    state.knight_strength[node] = strength
    state.knight_active[node] = active
    state.knight_fresh[node] = 0
    state.knight_promoted[node] = 0
    state.knights_left[seat][strength - 1] -= 1
    recompute_roads_at(state, node, seat, events)


def lift_knight(state, node, events):
    """Take a knight off the board (not to supply); returns (owner, strength, active)."""
    owner = state.knight_owner[node]
    info = (owner, state.knight_strength[node], state.knight_active[node])
    state.knight_owner[node] = -1
    state.knight_strength[node] = 0
    state.knight_active[node] = 0
    state.knight_fresh[node] = 0
    state.knight_promoted[node] = 0
    recompute_roads_at(state, node, owner, events)
    return info


def to_supply(state, owner, strength):
    state.knights_left[owner][strength - 1] += 1


def move_knight(state, seat, src, dst, events):
    _, strength, _ = lift_knight(state, src, events)
    promoted = state.knight_promoted[src]
    state.knights_left[seat][strength - 1] += 1
    place_knight(state, seat, dst, strength, 0, events)       # acting deactivates it
    state.knight_promoted[dst] = promoted


def promote(state, seat, node, events):
    strength = state.knight_strength[node]
    state.knights_left[seat][strength] -= 1
    state.knights_left[seat][strength - 1] += 1
    state.knight_strength[node] = strength + 1
    state.knight_promoted[node] = 1
    events.append(("knight_promoted", seat, node, strength + 1))


def retreat_or_supply(state, node, owner, strength, active, events):
    to_supply(state, owner, strength)      # until it is placed again
    options = [n for n in knight_reach(state, owner, node)[0] if n != node]
    if options:
        decide(state, "retreat", [owner], strength=strength, active=active, options=options)
    else:
        events.append(("knight_to_supply", owner, strength))


def make_city(state, seat, node, events, cost):
    pay(state, seat, cost)
    state.built = True
    if state.flipped[node]:
        state.flipped[node] = 0              # a reduced city is rebuilt (CK-8.3)
    else:
        state.cities_left[seat] -= 1
        state.settlements_left[seat] += 1
    state.node_level[node] = 2
    state.vp_public[seat] += 1
    events.append(("built", seat, "city", node))


def reduce_city(state, node, events):
    """A pillaged city becomes a settlement (CK-8.3)."""
    owner = state.node_owner[node]
    state.node_level[node] = 1
    state.vp_public[owner] -= 1
    if state.wall[node]:
        state.wall[node] = 0
        state.walls_left[owner] += 1
    if state.settlements_left[owner]:
        state.settlements_left[owner] -= 1
        state.cities_left[owner] += 1
    else:
        state.flipped[node] = 1
    events.append(("city_lost", owner, node))


def add_wall(state, seat, node, events):
    state.wall[node] = 1
    state.walls_left[seat] -= 1
    events.append(("built", seat, "wall", node))


def set_metropolis(state, track, node, events):
    old = state.metropolis[track]
    if old != -1:
        state.vp_public[state.node_owner[old]] -= 2
    state.metropolis[track] = node
    state.vp_public[state.node_owner[node]] += 2
    events.append(("metropolis", state.node_owner[node], track, node))


def draw_progress(state, seat, track, out, events):
    """Draw the top progress card of a deck (chance: recorded in the outcome).
    VP cards are laid face up at once (CK-9.2)."""
    if state.prog_deck_n[track] == 0:
        return
    if state.rng is not None:
        card = state.prog_decks[track].pop()
        out.setdefault("draws", []).append([seat, card])
    else:
        i = out.get("_draw", 0)
        out["_draw"] = i + 1
        card = out["draws"][i][1]
    state.prog_deck_n[track] -= 1
    if card in PROGRESS_VP_CARDS:
        state.prog_vp[seat] += 1
        state.vp_public[seat] += 1
        events.append(("progress_vp", seat, card))
        return
    state.prog_n[seat] += 1
    if card is not None and state.prog[seat] is not None:
        state.prog[seat][card] += 1
    events.append(("drew_progress", seat, track, card))


def under_deck(state, card, track):
    """A played or discarded progress card goes under its deck (CK-9.2, CK-9.3)."""
    if state.prog_decks is not None and card is not None:
        state.prog_decks[track].insert(0, card)
    state.prog_deck_n[track] += 1


def give_cards(state, giver, taker, cards, count):
    """Move cards between hands; `cards` may be None on a replica that may not
    know them, then only `count` moves."""
    if cards is None:
        transfer(state, giver, taker, None, count)
        return
    for kind, k in enumerate(cards):
        if k:
            transfer(state, giver, taker, kind, k)


def decide(state, kind, seats, **data):
    """Wait for `seats` to resolve a decision of this kind."""
    state.pending = dict(kind=kind, seats=sorted(seats), **data)
    state.phase = DECIDE


def check_hand_limits(state):
    """CK-9.2: other players over 4 progress cards discard one at once; the
    current player may still play, and is checked when ending the turn."""
    over = [s for s in range(state.n)
            if s != state.current and state.prog_n[s] > PROGRESS_HAND_LIMIT]
    if over:
        decide(state, "progress_limit", over)
