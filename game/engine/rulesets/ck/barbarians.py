"""Cities & Knights: the barbarians' attack (CK-8): the battle, pillaged
cities, the Defender of Catan and the progress card for a shared win."""

from ...board import board_of
from .facts import barbarian_strength, knights_of, plain_cities
from .pieces import check_hand_limits, decide, reduce_city


def start_attack(state):
    steps = [["battle", []]]
    if state.config["knight_commit"]:            # CK-8.5: each player chooses, clockwise
        order = [(state.current + i) % state.n for i in range(state.n)]
        steps = [["commit", s] for s in order] + [["battle", []]]
    state.agenda[0:0] = steps


def step_commit(state, step, out, events):
    seat = step[1]
    if any(state.knight_active[n] for n in knights_of(state, seat)):
        decide(state, "commit", [seat])


def step_battle(state, step, out, events):
    board = board_of(state)
    commit_variant = state.config["knight_commit"]
    committed = set(step[1])
    defenders = [n for n in range(board.num_nodes) if state.knight_owner[n] != -1
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
                reduce_city(state, options[0], events)
            else:
                choosing.append(s)
        if choosing:
            decide(state, "lose_city", choosing)
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
        decide(state, "defender_deck", heroes)


def step_limits(state, step, out, events):
    check_hand_limits(state)
