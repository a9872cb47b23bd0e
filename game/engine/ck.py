"""Cities & Knights rules (CK-1 … CK-11), built on the base rules in rules.py.

The roll and every progress card that involves other players are resolved as
an *agenda*: a list of steps run in order by `rules.resume`.  A step either
does its work or sets `state.pending`, a decision some seats must take with a
`("resolve", seat, kind, args)` command (phase DECIDE).  Decisions that only
the deciding seat (and the card's player) may know — which cards a Wedding
gift holds, the card a Spy takes — are redacted from everyone else; replicas
apply them as card counts.
"""

from itertools import combinations

from .board import EDGE_NODES, HEX_NODES, NODE_EDGES, NODE_HEXES, NODE_LINKS, NUM_HEXES, NUM_NODES
from .constants import (
    BARBARIAN_TRACK_LENGTH, BRICK, COMMODITIES, COMMODITY_OF_TERRAIN, COST_ACTIVATE, COST_CITY,
    COST_KNIGHT, COST_MEDICINE_CITY, COST_WALL, EVENT_FACES, FIELDS, MOUNTAINS, ORE, GRAIN, POLITICS, PROGRESS_CARDS, PROGRESS_HAND_LIMIT, PROGRESS_INDEX,
    PROGRESS_TRACK, PROGRESS_VP_CARDS, RESOURCES, SCIENCE, SHIP_FACES, TRACK_COMMODITY, TRADE,
    WOOL,
)
from . import rules as R
from .rules import IllegalCommand
from .state import DECIDE, MAIN, ROLL, SETUP_SETTLEMENT, State

P = PROGRESS_INDEX
MAX_LEVEL = 5


# --- facts about the position ---------------------------------------------------------

def cities(state: State, seat: int) -> list:
    """Own cities on the board (a city reduced to a settlement is not one)."""
    return [n for n in range(NUM_NODES) if state.node_owner[n] == seat and state.node_level[n] == 2]


def metropolis_nodes(state: State) -> set:
    return {n for n in state.metropolis if n != -1}


def plain_cities(state: State, seat: int) -> list:
    """Own cities without a metropolis: the ones barbarians can pillage (CK-8.3)
    and the ones that can take a new metropolis (CK-6.5)."""
    metro = metropolis_nodes(state)
    return [n for n in cities(state, seat) if n not in metro]


def knights_of(state: State, seat: int) -> list:
    return [n for n in range(NUM_NODES) if state.knight_owner[n] == seat]


def node_is_free(state: State, node: int) -> bool:
    return state.node_owner[node] == -1 and state.knight_owner[node] == -1


def touches_own_road(state: State, seat: int, node: int) -> bool:
    return any(state.edge_owner[e] == seat for e in NODE_EDGES[node])


def can_act(state: State, node: int) -> bool:
    """CK-7: an active knight that was not activated this turn."""
    return state.knight_active[node] == 1 and not state.knight_fresh[node]


def knight_reach(state: State, seat: int, start: int):
    """Intersections a knight of `seat` at `start` can reach along its own roads
    without passing other players' pieces (CK-7.1).  Returns (free nodes,
    nodes holding another player's knight)."""
    free, foreign = [], []
    seen = {start}
    frontier = [start]
    while frontier:
        node = frontier.pop()
        for e, other in NODE_LINKS[node]:
            if state.edge_owner[e] != seat or other in seen:
                continue
            seen.add(other)
            k = state.knight_owner[other]
            o = state.node_owner[other]
            if k != -1 and k != seat:
                foreign.append(other)            # may be displaced, never passed
            elif o != -1 and o != seat:
                continue                         # the road is broken here
            else:
                if o == -1 and k == -1:
                    free.append(other)
                frontier.append(other)
    return sorted(free), sorted(foreign)


def effective_ratio(state: State, seat: int, kind: int) -> int:
    """Best bank ratio for giving `kind` (B-7.2, CK-4): harbors, the trading
    house for commodities, the merchant's hex, and a Merchant Fleet."""
    ratio = state.ratios[seat][kind]
    if kind >= 5 and state.improvements[seat][TRADE] >= 3:
        ratio = 2
    hex_, owner = state.merchant
    if owner == seat and kind < 5 and state.terrain[hex_] == kind:
        ratio = 2
    if state.fleet >> kind & 1:
        ratio = 2
    return ratio


def knight_strength(state: State, seat: int) -> int:
    """The strength of a player's active knights (CK-8.1)."""
    return sum(state.knight_strength[n] for n in range(NUM_NODES)
               if state.knight_owner[n] == seat and state.knight_active[n])


def barbarian_strength(state: State) -> int:
    """CK-8.1: one per city on the board, metropolises included (a city reduced
    to a settlement does not count)."""
    return sum(1 for level in state.node_level if level == 2)


def _recompute_roads_at(state: State, node: int, mover: int, events: list) -> None:
    """A knight arrived at or left `node`: roads of other players through it may
    have been cut or joined (CK-5.5)."""
    seats = sorted({state.edge_owner[e] for e in NODE_EDGES[node]} - {-1, mover})
    if seats:
        R.update_longest_road(state, seats, events)


# --- small state changes, shared by commands and decisions --------------------------------

def _place_knight(state, seat, node, strength, active, events):
    state.knight_owner[node] = seat
    state.knight_strength[node] = strength
    state.knight_active[node] = active
    state.knight_fresh[node] = 0
    state.knight_promoted[node] = 0
    state.knights_left[seat][strength - 1] -= 1
    _recompute_roads_at(state, node, seat, events)


def _lift_knight(state, node, events):
    """Take a knight off the board (not to supply); returns (owner, strength, active)."""
    owner = state.knight_owner[node]
    info = (owner, state.knight_strength[node], state.knight_active[node])
    state.knight_owner[node] = -1
    state.knight_strength[node] = 0
    state.knight_active[node] = 0
    state.knight_fresh[node] = 0
    state.knight_promoted[node] = 0
    _recompute_roads_at(state, node, owner, events)
    return info


def _to_supply(state, owner, strength):
    state.knights_left[owner][strength - 1] += 1


def _make_city(state, seat, node, events, cost):
    R._pay(state, seat, cost)
    state.built = True
    if state.flipped[node]:
        state.flipped[node] = 0              # a reduced city is rebuilt (CK-8.3)
    else:
        state.cities_left[seat] -= 1
        state.settlements_left[seat] += 1
    state.node_level[node] = 2
    state.vp_public[seat] += 1
    events.append(("built", seat, "city", node))


def _reduce_city(state, node, events):
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


def _set_metropolis(state, track, node, events):
    old = state.metropolis[track]
    if old != -1:
        state.vp_public[state.node_owner[old]] -= 2
    state.metropolis[track] = node
    state.vp_public[state.node_owner[node]] += 2
    events.append(("metropolis", state.node_owner[node], track, node))


def _draw_progress(state, seat, track, out, events):
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


def _under_deck(state, card, track):
    """A played or discarded progress card goes under its deck (CK-9.2, CK-9.3)."""
    if state.prog_decks is not None and card is not None:
        state.prog_decks[track].insert(0, card)
    state.prog_deck_n[track] += 1


def _give_cards(state, giver, taker, cards, count):
    """Move cards between hands; `cards` may be None on a replica that may not
    know them, then only `count` moves."""
    if cards is None:
        R._transfer(state, giver, taker, None, count)
        return
    for kind, k in enumerate(cards):
        if k:
            R._transfer(state, giver, taker, kind, k)


def _decide(state, kind, seats, **data):
    """Wait for `seats` to resolve a decision of this kind."""
    state.pending = dict(kind=kind, seats=sorted(seats), **data)
    state.phase = DECIDE


# --- the roll (CK-3) -------------------------------------------------------------------------

def roll(state, seat, out, events, chosen=None):
    """Three dice: event die first (barbarians or city gate), then production
    or the 7.  `chosen` = (white, red) from an Alchemist (CK-11)."""
    if state.rng is not None:
        if chosen is None:
            white, red = state.rng.die(), state.rng.die()
        else:
            white, red = chosen
        out["dice"] = [white, red, state.rng.below(EVENT_FACES)]
    white, red, event = out["dice"]
    state.dice = [white, red, event]
    state.rolled = True
    events.append(("rolled", seat, white, red, event))
    state.resume_phase = MAIN
    state.agenda = [["event"], ["yield"]]
    R.resume(state, out, events)


def _step_event(state, step, out, events):
    white, red, event = state.dice
    if event < SHIP_FACES:
        state.barb_pos += 1
        events.append(("barbarians_advance", state.barb_pos))
        if state.barb_pos >= BARBARIAN_TRACK_LENGTH:
            _start_attack(state)
    else:
        state.agenda.insert(0, ["gate", event - SHIP_FACES])


def _step_gate(state, step, out, events):
    """CK-3.3: players with level L >= 1 in the track draw if red <= L + 1,
    clockwise from the current player."""
    track = step[1]
    red = state.dice[1]
    for i in range(state.n):
        s = (state.current + i) % state.n
        level = state.improvements[s][track]
        if level >= 1 and red <= level + 1:
            _draw_progress(state, s, track, out, events)
    _check_hand_limits(state)


def _check_hand_limits(state):
    """CK-9.2: other players over 4 progress cards discard one at once; the
    current player may still play, and is checked when ending the turn."""
    over = [s for s in range(state.n)
            if s != state.current and state.prog_n[s] > PROGRESS_HAND_LIMIT]
    if over:
        _decide(state, "progress_limit", over)


def _step_yield(state, step, out, events):
    white, red, _ = state.dice
    if white + red == 7:
        R.start_robber(state, MAIN, out, events, with_discards=True)
        return
    gains = produce(state, white + red, events)
    # CK-3.6: aqueduct owners who received nothing take a resource of choice.
    empty = [s for s in range(state.n)
             if state.improvements[s][SCIENCE] >= 3 and not any(gains[s])]
    if empty and any(state.bank[r] for r in RESOURCES):
        _decide(state, "aqueduct", empty)


def produce(state, total, events):
    """CK-3.4: settlements 1 resource; cities 2 resources on hills and fields,
    1 resource + 1 commodity on forest, pasture and mountains."""
    kinds = 8
    gains = [[0] * kinds for _ in range(state.n)]
    for h in R.hexes_with_number(state.numbers, total):
        if h == state.robber:
            continue
        t = state.terrain[h]
        for node in HEX_NODES[h]:
            o = state.node_owner[node]
            if o == -1:
                continue
            gains[o][t] += 1
            if state.node_level[node] == 2:
                gains[o][COMMODITY_OF_TERRAIN.get(t, t)] += 1
    short = []
    for kind in range(kinds):
        if sum(g[kind] for g in gains) > state.bank[kind]:
            short.append(kind)                      # B-5.2 per card type
            for g in gains:
                g[kind] = 0
    for seat, g in enumerate(gains):
        for kind, k in enumerate(g):
            if k:
                R._take_from_bank(state, seat, kind, k)
    if any(any(g) for g in gains):
        events.append(("produced", tuple(tuple(g) for g in gains)))
    if short:
        events.append(("shortage", tuple(short)))
    return gains


# --- barbarians (CK-8) ------------------------------------------------------------------------

def _start_attack(state):
    steps = [["battle", []]]
    if state.config["knight_commit"]:            # CK-8.5: each player chooses, clockwise
        order = [(state.current + i) % state.n for i in range(state.n)]
        steps = [["commit", s] for s in order] + [["battle", []]]
    state.agenda[0:0] = steps


def _step_commit(state, step, out, events):
    seat = step[1]
    if any(state.knight_active[n] for n in knights_of(state, seat)):
        _decide(state, "commit", [seat])


def _step_battle(state, step, out, events):
    commit_variant = state.config["knight_commit"]
    committed = set(step[1])
    defenders = [n for n in range(NUM_NODES) if state.knight_owner[n] != -1
                 and state.knight_active[n] and (not commit_variant or n in committed)]
    strength = [0] * state.n
    for n in defenders:
        strength[state.knight_owner[n]] += state.knight_strength[n]
    barbarians = barbarian_strength(state)
    catan = sum(strength)
    for n in defenders:                          # CK-8.2: win or lose, knights go home
        state.knight_active[n] = 0
    state.barb_pos = 0
    state.barb_attacks += 1
    events.append(("barbarians_attack", barbarians, catan, tuple(strength)))
    if barbarians > catan:
        exposed = [s for s in range(state.n) if plain_cities(state, s)]
        if not exposed:
            return
        weakest = min(strength[s] for s in exposed)
        losers = [s for s in exposed if strength[s] == weakest]
        events.append(("barbarians_win", tuple(losers)))
        choosing = []
        for s in losers:
            options = plain_cities(state, s)
            if len(options) == 1:
                _reduce_city(state, options[0], events)
            else:
                choosing.append(s)
        if choosing:
            _decide(state, "lose_city", choosing)
        return
    best = max(strength)
    if best == 0:
        events.append(("catan_wins", ()))
        return
    heroes = [s for s in range(state.n) if strength[s] == best]
    events.append(("catan_wins", tuple(heroes)))
    if len(heroes) == 1:                          # CK-8.4
        if state.defenders_left:
            state.defenders_left -= 1
            state.defenders[heroes[0]] += 1
            state.vp_public[heroes[0]] += 1
            events.append(("defender", heroes[0]))
    elif any(state.prog_deck_n):
        state.agenda.insert(0, ["limits"])
        _decide(state, "defender_deck", heroes)


def _step_limits(state, step, out, events):
    _check_hand_limits(state)


def _step_end_turn(state, step, out, events):
    finish_turn(state, events)


STEPS = {"event": _step_event, "gate": _step_gate, "yield": _step_yield, "commit": _step_commit,
         "battle": _step_battle, "limits": _step_limits, "end_turn": _step_end_turn}


# --- turn end ---------------------------------------------------------------------------------

def end_turn(state, out, events):
    """CK-9.2: the current player keeps at most 4 progress cards past the turn."""
    if state.prog_n[state.current] > PROGRESS_HAND_LIMIT:
        state.agenda.insert(0, ["end_turn"])
        _decide(state, "progress_limit", [state.current])
        return
    finish_turn(state, events)


def finish_turn(state, events):
    for n in range(NUM_NODES):
        state.knight_fresh[n] = 0
        state.knight_promoted[n] = 0
    state.crane = 0
    state.fleet = 0
    state.harbor_swaps = [0] * state.n
    R.next_turn(state, events)


# --- commands ---------------------------------------------------------------------------------

def _main(state, seat):
    return R._need_turn(state, seat, MAIN)


def _chk_place_city(state, cmd):
    err = R._need_turn(state, cmd[1], SETUP_SETTLEMENT)
    if err is None and state.setup_step < state.n:
        err = IllegalCommand("wrong_phase", "the first round places a settlement (CK-2.1)")
    if err is None and not R._distance_ok(state, cmd[2]):
        err = IllegalCommand("bad_spot", "intersection taken or too close to a building (B-3.3)")
    return err


def _do_place_city(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    R._place_building(state, seat, node, events)
    state.node_level[node] = 2
    state.settlements_left[seat] += 1
    state.cities_left[seat] -= 1
    state.vp_public[seat] += 1
    events.append(("built", seat, "city", node))
    state.last_setup_node = node
    state.phase = R.SETUP_ROAD
    R.starting_resources(state, seat, node, events)          # CK-2.2


def wall_spots(state, seat):
    return [n for n in cities(state, seat) if not state.wall[n]]


def _chk_build_wall(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = _main(state, seat)
    if err:
        return err
    if not state.walls_left[seat]:
        return IllegalCommand("no_pieces", "you have built all 3 city walls (CK-5.1)")
    if not R._afford(state.hands[seat], COST_WALL):
        return IllegalCommand("cannot_afford", "a city wall costs 2 brick")
    if node not in wall_spots(state, seat):
        return IllegalCommand("bad_spot", "a wall goes under an own city without one")
    return None


def _add_wall(state, seat, node, events):
    state.wall[node] = 1
    state.walls_left[seat] -= 1
    events.append(("built", seat, "wall", node))


def _do_build_wall(state, cmd, out, events):
    R._pay(state, cmd[1], COST_WALL)
    state.built = True
    _add_wall(state, cmd[1], cmd[2], events)


def recruit_spots(state, seat):
    return [n for n in range(NUM_NODES) if node_is_free(state, n) and touches_own_road(state, seat, n)]


def _chk_recruit(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = _main(state, seat)
    if err:
        return err
    if not state.knights_left[seat][0]:
        return IllegalCommand("no_pieces", "both basic knights are on the board: promote one first (CK-5.2)")
    if not R._afford(state.hands[seat], COST_KNIGHT):
        return IllegalCommand("cannot_afford", "a knight costs 1 ore and 1 wool")
    if not (node_is_free(state, node) and touches_own_road(state, seat, node)):
        return IllegalCommand("bad_spot", "a knight goes on a free intersection on your own road")
    return None


def _do_recruit(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    R._pay(state, seat, COST_KNIGHT)
    state.built = True
    _place_knight(state, seat, node, 1, 0, events)
    events.append(("knight_recruited", seat, node))


def _own_knight(state, seat, node):
    return state.knight_owner[node] == seat


def _chk_activate(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = _main(state, seat)
    if err:
        return err
    if not _own_knight(state, seat, node) or state.knight_active[node]:
        return IllegalCommand("bad_spot", "choose one of your inactive knights")
    if not R._afford(state.hands[seat], COST_ACTIVATE):
        return IllegalCommand("cannot_afford", "activating a knight costs 1 grain")
    return None


def _do_activate(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    R._pay(state, seat, COST_ACTIVATE)
    state.built = True
    state.knight_active[node] = 1
    state.knight_fresh[node] = 1                  # CK-5.3: cannot act this turn
    events.append(("knight_activated", seat, node))


def can_promote(state, seat, node, fortress_needed=True) -> bool:
    """CK-5.4: own knight, not promoted this turn, a stronger one in supply,
    mighty only with the fortress (politics level 3)."""
    if not _own_knight(state, seat, node) or state.knight_promoted[node]:
        return False
    strength = state.knight_strength[node]
    if strength >= 3 or not state.knights_left[seat][strength]:
        return False
    return not (fortress_needed and strength == 2 and state.improvements[seat][POLITICS] < 3)


def _chk_promote(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = _main(state, seat)
    if err:
        return err
    if not can_promote(state, seat, node):
        return IllegalCommand("bad_spot", "that knight cannot be promoted now (CK-5.4)")
    if not R._afford(state.hands[seat], COST_KNIGHT):
        return IllegalCommand("cannot_afford", "promoting costs 1 ore and 1 wool")
    return None


def _promote(state, seat, node, events):
    strength = state.knight_strength[node]
    state.knights_left[seat][strength] -= 1
    state.knights_left[seat][strength - 1] += 1
    state.knight_strength[node] = strength + 1
    state.knight_promoted[node] = 1
    events.append(("knight_promoted", seat, node, strength + 1))


def _do_promote(state, cmd, out, events):
    R._pay(state, cmd[1], COST_KNIGHT)
    state.built = True
    _promote(state, cmd[1], cmd[2], events)


def _chk_knight_action(state, seat, node):
    err = _main(state, seat)
    if err:
        return err
    if not _own_knight(state, seat, node) or not can_act(state, node):
        return IllegalCommand("knight_not_ready", "only a knight active since before this turn can act (CK-7)")
    return None


def _chk_move(state, cmd):
    seat, src, dst = cmd[1], cmd[2], cmd[3]
    err = _chk_knight_action(state, seat, src)
    if err is None and dst not in knight_reach(state, seat, src)[0]:
        err = IllegalCommand("bad_spot", "a knight moves to a free intersection along your own roads (CK-7.1)")
    return err


def _move_knight(state, seat, src, dst, events):
    _, strength, _ = _lift_knight(state, src, events)
    promoted = state.knight_promoted[src]
    state.knights_left[seat][strength - 1] += 1
    _place_knight(state, seat, dst, strength, 0, events)       # acting deactivates it
    state.knight_promoted[dst] = promoted


def _do_move(state, cmd, out, events):
    seat, src, dst = cmd[1], cmd[2], cmd[3]
    _move_knight(state, seat, src, dst, events)
    events.append(("knight_moved", seat, src, dst))


def _chk_displace(state, cmd):
    seat, src, dst = cmd[1], cmd[2], cmd[3]
    err = _chk_knight_action(state, seat, src)
    if err:
        return err
    if dst not in knight_reach(state, seat, src)[1]:
        return IllegalCommand("bad_spot", "reach another player's knight along your own roads (CK-7.2)")
    if state.knight_strength[dst] >= state.knight_strength[src]:
        return IllegalCommand("too_weak", "only a strictly weaker knight can be displaced (CK-7.2)")
    return None


def _displace(state, node, events):
    """Lift a foreign knight; its owner must retreat it along their own roads,
    or it returns to supply (CK-7.2)."""
    owner, strength, active = _lift_knight(state, node, events)
    return owner, strength, active


def _retreat_or_supply(state, node, owner, strength, active, events):
    _to_supply(state, owner, strength)      # until it is placed again
    options = [n for n in knight_reach(state, owner, node)[0] if n != node]
    if options:
        _decide(state, "retreat", [owner], strength=strength, active=active, options=options)
    else:
        events.append(("knight_to_supply", owner, strength))


def _do_displace(state, cmd, out, events):
    seat, src, dst = cmd[1], cmd[2], cmd[3]
    owner, strength, active = _displace(state, dst, events)
    _move_knight(state, seat, src, dst, events)
    events.append(("knight_displaced", seat, src, dst, owner))
    _retreat_or_supply(state, dst, owner, strength, active, events)


def robber_free(state) -> bool:
    """CK-3.5: the robber leaves the desert only after the first attack."""
    return state.barb_attacks > 0


def _chk_chase(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = _chk_knight_action(state, seat, node)
    if err:
        return err
    if not robber_free(state):
        return IllegalCommand("robber_locked", "the robber stays in the desert until the barbarians attack (CK-3.5)")
    if state.robber not in NODE_HEXES[node]:
        return IllegalCommand("bad_spot", "the knight must stand at the robber's hex (CK-7.3)")
    return None


def _do_chase(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    state.knight_active[node] = 0
    events.append(("robber_chased", seat, node))
    R.start_robber(state, MAIN, out, events, with_discards=False)


def improvement_cost(state, seat, track) -> int:
    return max(0, state.improvements[seat][track] + 1 - (1 if state.crane else 0))


def can_improve(state, seat, track) -> str | None:
    """Reason the seat cannot take the next level of a track now, or None (CK-6)."""
    level = state.improvements[seat][track]
    if level >= MAX_LEVEL:
        return "this track is complete"
    if not cities(state, seat):
        return "improvements need a city on the board (CK-6.6)"
    if level >= 3:
        holder_node = state.metropolis[track]
        holds_it = holder_node != -1 and state.node_owner[holder_node] == seat
        if not holds_it and not plain_cities(state, seat):
            return "levels 4 and 5 need a city without a metropolis (CK-6.5)"
    if state.hands[seat][TRACK_COMMODITY[track]] < improvement_cost(state, seat, track):
        return "not enough commodities for the next level (CK-6.1)"
    return None


def _chk_improve(state, cmd):
    seat, track = cmd[1], cmd[2]
    err = _main(state, seat)
    if err:
        return err
    reason = can_improve(state, seat, track)
    return IllegalCommand("cannot_improve", reason) if reason else None


def _do_improve(state, cmd, out, events):
    seat, track = cmd[1], cmd[2]
    cost = improvement_cost(state, seat, track)
    if state.crane:
        state.crane -= 1
    if cost:
        R._move_to_bank(state, seat, TRACK_COMMODITY[track], cost)
    state.built = True
    state.improvements[seat][track] += 1
    level = state.improvements[seat][track]
    events.append(("improved", seat, track, level))
    holder_node = state.metropolis[track]
    holder = state.node_owner[holder_node] if holder_node != -1 else -1
    first_to_4 = level == 4 and holder == -1
    takes_at_5 = level == 5 and holder not in (-1, seat) and state.improvements[holder][track] < 5
    if first_to_4 or takes_at_5:                    # CK-6.4
        options = plain_cities(state, seat)
        if len(options) == 1:
            _set_metropolis(state, track, options[0], events)
        else:
            _decide(state, "metropolis", [seat], track=track)


def _chk_maritime(state, cmd):
    seat, give, get = cmd[1], cmd[2], cmd[3]
    err = _main(state, seat)
    if err:
        return err
    if not R._trading_open(state):
        return IllegalCommand("trade_over", "trading is over once you have built (B-4.1)")
    if give == get:
        return IllegalCommand("same_kind", "trade for a different kind")
    ratio = effective_ratio(state, seat, give)
    if state.hands[seat][give] < ratio:
        return IllegalCommand("cannot_afford", f"you need {ratio} of that card")
    if state.bank[get] == 0:
        return IllegalCommand("bank_empty", "the bank has none of that card left")
    return None


def _do_maritime(state, cmd, out, events):
    seat, give, get = cmd[1], cmd[2], cmd[3]
    ratio = effective_ratio(state, seat, give)
    R._move_to_bank(state, seat, give, ratio)
    R._take_from_bank(state, seat, get, 1)
    events.append(("maritime", seat, give, ratio, get))


def _chk_harbor_trade(state, cmd):
    """Commercial Harbor (CK-11): offer a held resource to a player still owing
    a swap this turn, who must give a commodity of their choice for it."""
    seat, target, resource = cmd[1], cmd[2], cmd[3]
    err = _main(state, seat)
    if err:
        return err
    if not any(state.harbor_swaps):
        return IllegalCommand("no_card", "no Commercial Harbor has been played this turn (CK-11)")
    if target == seat or not state.harbor_swaps[target]:
        return IllegalCommand("bad_target", "the Commercial Harbor forces one swap with each other player (CK-11)")
    if not state.hands[seat][resource]:
        return IllegalCommand("missing_cards", "you do not hold that resource")
    return None


def _do_harbor_trade(state, cmd, out, events):
    seat, target, resource = cmd[1], cmd[2], cmd[3]    # resource: None where hidden
    state.harbor_swaps[target] -= 1
    events.append(("harbor_offer", seat, target, resource))
    state.resume_phase = MAIN
    _decide(state, "harbor_answer", [target], resource=resource, private={"resource": [seat, target]})


def _chk_build_city(state, cmd):
    seat, node = cmd[1], cmd[2]
    err = _main(state, seat)
    if err:
        return err
    if state.node_owner[node] != seat or state.node_level[node] != 1:
        return IllegalCommand("bad_spot", "a city replaces one of your settlements")
    if not state.flipped[node] and not state.cities_left[seat]:
        return IllegalCommand("no_pieces", "no city left in your supply (B-6.6)")
    if not R._afford(state.hands[seat], COST_CITY):
        return IllegalCommand("cannot_afford", "a city costs 2 grain and 3 ore")
    return None


def _do_build_city(state, cmd, out, events):
    _make_city(state, cmd[1], cmd[2], events, COST_CITY)


# --- progress cards (CK-9, CK-11) ------------------------------------------------------------

def _chk_progress(state, cmd):
    seat, card, args = cmd[1], cmd[2], list(cmd[3])
    alchemist = card == P["alchemist"]
    err = R._need_turn(state, seat, ROLL if alchemist else MAIN)
    if err:
        if alchemist and state.phase == MAIN:
            return IllegalCommand("wrong_phase", "the Alchemist is played before rolling (CK-3.1)")
        if not alchemist and state.phase == ROLL and seat == state.current:
            return IllegalCommand("roll_first", "only the Alchemist may be played before rolling (CK-3.1)")
        return err
    if card in PROGRESS_VP_CARDS or not state.prog[seat][card]:
        return IllegalCommand("no_card", "you hold no such progress card")
    if args not in progress_options(state, seat, card):
        return IllegalCommand("bad_choice", f"that is not a possible use of {PROGRESS_CARDS[card][0]}")
    return None


def _promotable_sets(state, seat):
    nodes = [n for n in knights_of(state, seat) if can_promote(state, seat, n)]
    out = [[n] for n in nodes]
    for a, b in combinations(nodes, 2):
        s = state.knight_strength
        if s[a] != s[b] or state.knights_left[seat][s[a]] >= 2:   # enough stronger ones for both
            out.append([a, b])
    return out


def progress_options(state, seat, card) -> list:
    """Every legal argument list for playing `card` now (finite for every card)."""
    name = PROGRESS_CARDS[card][0]
    others = [s for s in range(state.n) if s != seat]
    if name == "alchemist":
        return [[w, r] for w in range(1, 7) for r in range(1, 7)]
    if name in ("crane", "mining", "irrigation", "warlord", "wedding", "saboteur", "commercial_harbor"):
        return [[]]
    if name == "road_building":
        return [[]] if state.roads_left[seat] and R.road_spots(state, seat) else []
    if name == "inventor":
        fit = [h for h in range(NUM_HEXES) if state.numbers[h] not in (0, 2, 6, 8, 12)]
        return [[a, b] for a, b in combinations(fit, 2)]
    if name == "engineer":
        return [[n] for n in wall_spots(state, seat)] if state.walls_left[seat] else []
    if name == "medicine":
        if not R._afford(state.hands[seat], COST_MEDICINE_CITY):
            return []
        return [[n] for n in range(NUM_NODES) if state.node_owner[n] == seat and state.node_level[n] == 1
                and (state.flipped[n] or state.cities_left[seat])]
    if name == "smith":
        return _promotable_sets(state, seat)
    if name == "bishop":
        return [[h] for h in range(NUM_HEXES) if h != state.robber] if robber_free(state) else []
    if name == "diplomat":
        return [[e] for e in range(len(state.edge_owner)) if _open_road(state, e)]
    if name == "intrigue":
        return [[n] for n in range(NUM_NODES) if state.knight_owner[n] not in (-1, seat)
                and touches_own_road(state, seat, n)]
    if name in ("spy",):
        return [[s] for s in others]
    if name == "deserter":
        return [[s] for s in others if knights_of(state, s)]
    if name == "merchant":
        return [[h] for h in range(NUM_HEXES)
                if any(state.node_owner[n] == seat for n in HEX_NODES[h])]
    if name == "merchant_fleet":
        return [[k] for k in range(8)]
    if name == "master_merchant":
        return [[s] for s in others if state.vp_public[s] > state.vp_public[seat]]
    if name == "resource_monopoly":
        return [[r] for r in RESOURCES]
    if name == "trade_monopoly":
        return [[c] for c in COMMODITIES]
    return []          # printer, constitution: laid face up when drawn, never played


def _open_road(state, edge) -> bool:
    """Diplomat (CK-11): a road with an end touching none of its owner's roads,
    buildings or knights."""
    owner = state.edge_owner[edge]
    if owner == -1:
        return False
    for node in EDGE_NODES[edge]:
        if state.node_owner[node] == owner or state.knight_owner[node] == owner:
            continue
        if not any(e != edge and state.edge_owner[e] == owner for e in NODE_EDGES[node]):
            return True
    return False


def _do_progress(state, cmd, out, events):
    seat, card, args = cmd[1], cmd[2], list(cmd[3])
    if state.prog[seat] is not None:
        state.prog[seat][card] -= 1
    state.prog_n[seat] -= 1
    _under_deck(state, card, PROGRESS_TRACK[card])
    events.append(("played_progress", seat, card, tuple(args)))
    state.resume_phase = MAIN
    PLAYS[PROGRESS_CARDS[card][0]](state, seat, args, out, events)


def _play_alchemist(state, seat, args, out, events):
    roll(state, seat, out, events, chosen=(args[0], args[1]))


def _play_crane(state, seat, args, out, events):
    state.crane += 1


def _harvest(terrain, resource):
    def play(state, seat, args, out, events):
        hexes = [h for h in range(NUM_HEXES) if state.terrain[h] == terrain
                 and any(state.node_owner[n] == seat for n in HEX_NODES[h])]
        k = min(2 * len(hexes), state.bank[resource])
        if k:
            R._take_from_bank(state, seat, resource, k)
        events.append(("harvest", seat, resource, k))
    return play


def _play_inventor(state, seat, args, out, events):
    a, b = args
    state.numbers[a], state.numbers[b] = state.numbers[b], state.numbers[a]
    events.append(("numbers_swapped", seat, a, b))


def _play_engineer(state, seat, args, out, events):
    _add_wall(state, seat, args[0], events)


def _play_medicine(state, seat, args, out, events):
    _make_city(state, seat, args[0], events, COST_MEDICINE_CITY)


def _play_smith(state, seat, args, out, events):
    for node in args:
        _promote(state, seat, node, events)


def _play_road_building(state, seat, args, out, events):
    state.resume_phase = MAIN
    state.free_roads = min(2, state.roads_left[seat])
    state.phase = R.PHASE_ROAD_BUILDING


def _steal_random(state, thief, victim, out):
    """One random card from a hand (chance); None on a replica that may not see it."""
    if state.rng is not None:
        card = R.random_card(state, victim)
        out.setdefault("steals", []).append([victim, card])
        return card
    i = out.get("_steal", 0)
    out["_steal"] = i + 1
    return out["steals"][i][1]


def _play_bishop(state, seat, args, out, events):
    state.robber = args[0]
    events.append(("robber_moved", seat, args[0]))
    for victim in R.steal_candidates(state):        # one card from every player there
        had = state.hand_n[victim] > 0
        card = _steal_random(state, seat, victim, out)
        if had:
            R._transfer(state, victim, seat, card, 1)
        events.append(("stole", seat, victim, card if had else -1))


def _play_diplomat(state, seat, args, out, events):
    edge = args[0]
    owner = state.edge_owner[edge]
    state.edge_owner[edge] = -1
    state.roads_left[owner] += 1
    events.append(("road_removed", seat, edge, owner))
    R.update_longest_road(state, [owner], events)
    if owner == seat and R.road_spots(state, seat):
        _decide(state, "diplomat_rebuild", [seat])


def _play_warlord(state, seat, args, out, events):
    for n in knights_of(state, seat):
        if not state.knight_active[n]:
            state.knight_active[n] = 1
            state.knight_fresh[n] = 1
    events.append(("knights_activated", seat))


def _play_wedding(state, seat, args, out, events):
    givers = [s for s in range(state.n) if s != seat and state.vp_public[s] > state.vp_public[seat]
              and state.hand_n[s]]
    if givers:
        _decide(state, "wedding", givers)


def _play_intrigue(state, seat, args, out, events):
    node = args[0]
    owner, strength, active = _displace(state, node, events)
    events.append(("knight_displaced", seat, -1, node, owner))
    _retreat_or_supply(state, node, owner, strength, active, events)


def _play_saboteur(state, seat, args, out, events):
    need = [state.hand_n[s] // 2 if s != seat and state.vp_public[s] >= state.vp_public[seat] else 0
            for s in range(state.n)]
    if any(need):
        _decide(state, "saboteur", [s for s in range(state.n) if need[s]], need=need)


def _play_spy(state, seat, args, out, events):
    target = args[0]
    if state.rng is not None:
        out["reveal"] = [seat, target, list(state.prog[target])]
    shown = out["reveal"][2]
    if state.prog_n[target]:
        _decide(state, "spy", [seat], target=target, shown=shown, private={"shown": [seat, target]})


def _play_deserter(state, seat, args, out, events):
    _decide(state, "deserter_remove", [args[0]])


def _play_merchant(state, seat, args, out, events):
    old = state.merchant[1]
    if old != -1:
        state.vp_public[old] -= 1
    state.merchant = [args[0], seat]
    state.vp_public[seat] += 1
    events.append(("merchant", seat, args[0]))


def _play_commercial_harbor(state, seat, args, out, events):
    """For the rest of the turn the player may force one swap with each other
    player (seed 003): the right is kept in harbor_swaps and used by
    `harbor_trade` commands between any other actions."""
    for s in range(state.n):
        if s != seat:
            state.harbor_swaps[s] += 1


def _play_fleet(state, seat, args, out, events):
    state.fleet |= 1 << args[0]        # a second fleet adds a second kind (CK-11)


def _play_master_merchant(state, seat, args, out, events):
    target = args[0]
    if state.rng is not None:
        out["reveal"] = [seat, target, list(state.hands[target])]
    if state.hand_n[target]:
        _decide(state, "master_merchant", [seat], target=target, shown=out["reveal"][2],
                private={"shown": [seat, target]})


def _monopoly(limit):
    def play(state, seat, args, out, events):
        kind = args[0]
        if state.rng is not None:
            out["amounts"] = [0 if s == seat else min(limit, state.hands[s][kind]) for s in range(state.n)]
        amounts = out["amounts"]
        for s, k in enumerate(amounts):
            if k:
                R._transfer(state, s, seat, kind, k)
        events.append(("monopoly", seat, kind, tuple(amounts)))
    return play


PLAYS = {
    "alchemist": _play_alchemist, "crane": _play_crane,
    "mining": _harvest(MOUNTAINS, ORE), "irrigation": _harvest(FIELDS, GRAIN),
    "inventor": _play_inventor, "engineer": _play_engineer, "medicine": _play_medicine,
    "smith": _play_smith, "road_building": _play_road_building,
    "bishop": _play_bishop, "diplomat": _play_diplomat, "warlord": _play_warlord,
    "wedding": _play_wedding, "intrigue": _play_intrigue, "saboteur": _play_saboteur,
    "spy": _play_spy, "deserter": _play_deserter,
    "merchant": _play_merchant, "commercial_harbor": _play_commercial_harbor,
    "merchant_fleet": _play_fleet, "master_merchant": _play_master_merchant,
    "resource_monopoly": _monopoly(2), "trade_monopoly": _monopoly(1),
}


# --- decisions (phase DECIDE) -----------------------------------------------------------------

def _cards_options(hand, count):
    return [list(c) for c in R._compositions(hand, count)]


def decision_options(state, seat, pending) -> list:
    """Every legal argument list for `seat`'s answer to the pending decision.
    Card choices list all compositions (they are small: 2 cards, or half a
    hand); `check_decision` accepts exactly these."""
    kind = pending["kind"]
    if kind == "lose_city":
        return [[n] for n in plain_cities(state, seat)]
    if kind == "defender_deck":
        return [[t] for t in range(3) if state.prog_deck_n[t]]
    if kind == "commit":
        active = [n for n in knights_of(state, seat) if state.knight_active[n]]
        return [list(c) for k in range(len(active) + 1) for c in combinations(active, k)]
    if kind == "aqueduct":
        return [[r] for r in RESOURCES if state.bank[r]]
    if kind == "progress_limit":
        return [[PROGRESS_TRACK[c], c] for c in range(25) if state.prog[seat][c]]
    if kind == "retreat":
        return [[n] for n in pending["options"]]
    if kind == "wedding":
        return _cards_options(state.hands[seat], min(2, state.hand_n[seat]))
    if kind == "saboteur":
        return _cards_options(state.hands[seat], pending["need"][seat])
    if kind == "spy":
        cards = [c for c in range(25) if pending["shown"][c] and c not in PROGRESS_VP_CARDS]
        return [[c] for c in cards] or [[-1]]
    if kind == "deserter_remove":
        return [[n] for n in knights_of(state, seat)]
    if kind == "deserter_place":
        return [[n] for n in recruit_spots(state, seat)] + [[-1]]
    if kind == "diplomat_rebuild":
        return [[e] for e in R.road_spots(state, seat)] + [[-1]]
    if kind == "harbor_answer":
        return [[c] for c in COMMODITIES if state.hands[seat][c]] or [[-1]]
    if kind == "master_merchant":
        target = pending["target"]
        return _cards_options(pending["shown"], min(2, state.hand_n[target]))
    if kind == "metropolis":
        return [[n] for n in plain_cities(state, seat)]
    raise AssertionError(kind)


# Decisions whose answer only some seats may see: kind -> argument positions
# hidden from everyone else (see private_parties).
HIDDEN_ANSWERS = {"progress_limit": (1,), "wedding": None, "spy": None,
                  "harbor_answer": None, "master_merchant": None}


def private_parties(state, seat, pending, args):
    """Seats allowed to see a hidden answer (the answerer and the card's player)."""
    kind = pending["kind"]
    if kind == "progress_limit":
        return [seat]
    if kind in ("spy", "master_merchant"):
        return sorted({seat, pending["target"]})
    if kind == "harbor_answer" and args[0] == -1:
        return None              # "I have no commodity" is said openly
    return sorted({seat, state.current})


def _chk_resolve(state, cmd):
    seat, kind, args = cmd[1], cmd[2], list(cmd[3])
    pending = state.pending
    if state.phase != DECIDE or pending is None or seat not in pending["seats"]:
        return IllegalCommand("wrong_phase", "no decision of yours is awaited")
    if kind != pending["kind"]:
        return IllegalCommand("wrong_decision", f"the decision awaited is {pending['kind']}")
    if args not in decision_options(state, seat, pending):
        return IllegalCommand("bad_choice", "that is not one of the possible answers")
    return None


def _answered(state, seat, out, events, keep=False):
    """The seat has answered; when every seat has, play goes on."""
    pending = state.pending
    if not keep:
        pending["seats"].remove(seat)
    if not pending["seats"]:
        state.pending = None
        R.resume(state, out, events)


def _do_resolve(state, cmd, out, events):
    seat, kind, args = cmd[1], cmd[2], list(cmd[3])
    pending = state.pending
    if kind in HIDDEN_ANSWERS and state.rng is not None:
        parties = private_parties(state, seat, pending, args)
        if parties is not None:
            out["private"] = [parties, HIDDEN_ANSWERS[kind]]
    ANSWERS[kind](state, seat, pending, args, out, events)


def _ans_lose_city(state, seat, pending, args, out, events):
    _reduce_city(state, args[0], events)
    _answered(state, seat, out, events)


def _ans_defender_deck(state, seat, pending, args, out, events):
    _draw_progress(state, seat, args[0], out, events)
    _answered(state, seat, out, events)


def _ans_commit(state, seat, pending, args, out, events):
    for step in state.agenda:
        if step[0] == "battle":
            step[1].extend(args)
            break
    events.append(("knights_committed", seat, tuple(args)))
    _answered(state, seat, out, events)


def _ans_aqueduct(state, seat, pending, args, out, events):
    R._take_from_bank(state, seat, args[0], 1)
    events.append(("aqueduct", seat, args[0]))
    _answered(state, seat, out, events)


def _ans_progress_limit(state, seat, pending, args, out, events):
    track, card = args
    if state.prog[seat] is not None and card is not None:
        state.prog[seat][card] -= 1
    state.prog_n[seat] -= 1
    _under_deck(state, card, track)
    events.append(("progress_discarded", seat, track, card))
    _answered(state, seat, out, events, keep=state.prog_n[seat] > PROGRESS_HAND_LIMIT)


def _ans_retreat(state, seat, pending, args, out, events):
    _place_knight(state, seat, args[0], pending["strength"], pending["active"], events)
    events.append(("knight_retreated", seat, args[0]))
    _answered(state, seat, out, events)


def _ans_wedding(state, seat, pending, args, out, events):
    count = min(2, state.hand_n[seat])
    cards = None if None in args else args
    _give_cards(state, seat, state.current, cards, count)
    events.append(("gave", seat, state.current, count, None if cards is None else tuple(cards)))
    _answered(state, seat, out, events)


def _ans_saboteur(state, seat, pending, args, out, events):
    for kind, k in enumerate(args):
        if k:
            R._move_to_bank(state, seat, kind, k)
    events.append(("discarded", seat, tuple(args)))
    _answered(state, seat, out, events)


def _ans_spy(state, seat, pending, args, out, events):
    target, card = pending["target"], args[0]
    if card != -1:
        if card is not None:
            if state.prog[target] is not None:
                state.prog[target][card] -= 1
            if state.prog[seat] is not None:
                state.prog[seat][card] += 1
        state.prog_n[target] -= 1
        state.prog_n[seat] += 1
    events.append(("spied", seat, target, card))
    _answered(state, seat, out, events)


def _ans_deserter_remove(state, seat, pending, args, out, events):
    owner, strength, active = _lift_knight(state, args[0], events)
    _to_supply(state, owner, strength)
    events.append(("knight_deserted", owner, args[0], strength))
    thief = state.current
    # The card's player places one of the same strength, or weaker if none is left.
    usable = [k for k in range(strength, 0, -1) if state.knights_left[thief][k - 1]]
    state.pending = None
    if usable and recruit_spots(state, thief):
        _decide(state, "deserter_place", [thief], strength=usable[0], active=active)
        return
    R.resume(state, out, events)


def _ans_deserter_place(state, seat, pending, args, out, events):
    if args[0] != -1:
        _place_knight(state, seat, args[0], pending["strength"], pending["active"], events)
        state.knight_fresh[args[0]] = 1
        events.append(("knight_recruited", seat, args[0]))
    _answered(state, seat, out, events)


def _ans_diplomat_rebuild(state, seat, pending, args, out, events):
    if args[0] != -1:
        state.edge_owner[args[0]] = seat
        state.roads_left[seat] -= 1
        events.append(("built", seat, "road", args[0]))
        R.update_longest_road(state, [seat], events)
    _answered(state, seat, out, events)


def _ans_harbor_answer(state, seat, pending, args, out, events):
    commodity = args[0]
    if commodity != -1:
        R._transfer(state, state.current, seat, pending["resource"], 1)
        R._transfer(state, seat, state.current, commodity, 1)
    events.append(("harbor_swap", state.current, seat, pending["resource"] if commodity != -1 else None,
                   commodity))
    _answered(state, seat, out, events)


def _ans_master_merchant(state, seat, pending, args, out, events):
    target = pending["target"]
    count = min(2, state.hand_n[target])
    cards = None if None in args else args
    _give_cards(state, target, seat, cards, count)
    events.append(("took", seat, target, count, None if cards is None else tuple(cards)))
    _answered(state, seat, out, events)


def _ans_metropolis(state, seat, pending, args, out, events):
    _set_metropolis(state, pending["track"], args[0], events)
    _answered(state, seat, out, events)


ANSWERS = {
    "lose_city": _ans_lose_city, "defender_deck": _ans_defender_deck, "commit": _ans_commit,
    "aqueduct": _ans_aqueduct, "progress_limit": _ans_progress_limit, "retreat": _ans_retreat,
    "wedding": _ans_wedding, "saboteur": _ans_saboteur, "spy": _ans_spy,
    "deserter_remove": _ans_deserter_remove, "deserter_place": _ans_deserter_place,
    "diplomat_rebuild": _ans_diplomat_rebuild,
    "harbor_answer": _ans_harbor_answer, "master_merchant": _ans_master_merchant,
    "metropolis": _ans_metropolis,
}


# --- legal command enumeration ---------------------------------------------------------------

def roll_commands(state, seat, out):
    if state.prog[seat][P["alchemist"]]:
        out.extend(("progress", seat, P["alchemist"], tuple(a))
                   for a in progress_options(state, seat, P["alchemist"]))


def main_commands(state, seat, out):
    """The Cities & Knights additions to the main phase."""
    hand = state.hands[seat]
    if hand[BRICK] >= 2 and state.walls_left[seat]:
        out.extend(("build_wall", seat, n) for n in wall_spots(state, seat))
    if hand[ORE] and hand[WOOL]:         # ore + wool: recruit or promote
        if state.knights_left[seat][0]:
            out.extend(("recruit_knight", seat, n) for n in recruit_spots(state, seat))
        out.extend(("promote_knight", seat, n) for n in knights_of(state, seat) if can_promote(state, seat, n))
    own = knights_of(state, seat)
    if hand[GRAIN]:
        out.extend(("activate_knight", seat, n) for n in own if not state.knight_active[n])
    for n in own:
        if can_act(state, n):
            free, foreign = knight_reach(state, seat, n)
            out.extend(("move_knight", seat, n, m) for m in free)
            out.extend(("displace_knight", seat, n, m) for m in foreign
                       if state.knight_strength[m] < state.knight_strength[n])
            if robber_free(state) and state.robber in NODE_HEXES[n]:
                out.append(("chase_robber", seat, n))
    for track in range(3):
        if can_improve(state, seat, track) is None:
            out.append(("improve", seat, track))
    for target, owed in enumerate(state.harbor_swaps):
        if owed:
            out.extend(("harbor_trade", seat, target, r) for r in RESOURCES if hand[r])
    prog = state.prog[seat]
    for card in range(25):
        if prog[card] and card != P["alchemist"]:
            out.extend(("progress", seat, card, tuple(a)) for a in progress_options(state, seat, card))


def maritime_commands(state, seat, out):
    hand, bank = state.hands[seat], state.bank
    for g in range(8):
        if hand[g] >= effective_ratio(state, seat, g):
            for w in range(8):
                if w != g and bank[w]:
                    out.append(("maritime", seat, g, w))


def decide_commands(state, seat):
    pending = state.pending
    if pending is None or seat not in pending["seats"]:
        return []
    return [("resolve", seat, pending["kind"], tuple(a)) for a in decision_options(state, seat, pending)]


# --- a new game -------------------------------------------------------------------------------

def deal(state, rng):
    """Shuffle the three progress decks (CK-1.3)."""
    for track in range(3):
        deck = [c for c, (_, t, k) in enumerate(PROGRESS_CARDS) if t == track for _ in range(k)]
        rng.shuffle(deck)
        state.prog_decks[track] = deck
        state.prog_deck_n[track] = len(deck)


R.CHECKS.update({
    "place_city": _chk_place_city, "build_wall": _chk_build_wall, "recruit_knight": _chk_recruit,
    "activate_knight": _chk_activate, "promote_knight": _chk_promote, "move_knight": _chk_move,
    "displace_knight": _chk_displace, "chase_robber": _chk_chase, "improve": _chk_improve,
    "progress": _chk_progress, "resolve": _chk_resolve, "harbor_trade": _chk_harbor_trade,
})
R.DOERS.update({
    "place_city": _do_place_city, "build_wall": _do_build_wall, "recruit_knight": _do_recruit,
    "activate_knight": _do_activate, "promote_knight": _do_promote, "move_knight": _do_move,
    "displace_knight": _do_displace, "chase_robber": _do_chase, "improve": _do_improve,
    "progress": _do_progress, "resolve": _do_resolve, "harbor_trade": _do_harbor_trade,
})
R.STEPS.update(STEPS)
R.CK_CHECKS.update({"maritime": _chk_maritime, "build_city": _chk_build_city})
R.CK_DOERS.update({"maritime": _do_maritime, "build_city": _do_build_city})
