"""Cities & Knights: the roll (CK-3): the event die (barbarians advance or a
city gate opens), production with commodities, the aqueduct, and the 7
(discard limits raised by walls, the robber locked until the first attack)."""

from ...board import board_of
from ...constants import (
    BARBARIAN_TRACK_LENGTH, CARD_NAMES, COMMODITY_OF_TERRAIN, DISCARD_LIMIT, EVENT_FACES, RESOURCES, SCIENCE,
    SHIP_FACES,
)
from ...helpers import dice_rng, positions
from ...ruleset import resume
from ...state import MAIN, ROBBER
from ..base.robber import gains_by_seat, hand_out, hexes_with_number, start_robber
from .barbarians import start_attack
from .pieces import check_hand_limits, decide, draw_progress


def roll(state, seat, out, events, chosen=None):
    """Three dice: event die first (barbarians or city gate), then production
    or the 7.  `chosen` = (white, red) from an Alchemist (CK-11)."""
    if state.rng is not None:
        dice = dice_rng(state, out)
        if chosen is None:
            white, red = dice.die(), dice.die()
        else:
            white, red = chosen
        out["dice"] = [white, red, dice.below(EVENT_FACES)]
    white, red, event = out["dice"]
    state.dice = [white, red, event]
    state.rolled = True
    events.append(("rolled", seat, white, red, event))
    state.resume_phase = MAIN
    state.agenda = [["event"], ["yield"]]
    resume(state, out, events)


def step_event(state, step, out, events):
    white, red, event = state.dice
    if event < SHIP_FACES:
        state.barb_pos += 1
        events.append(("barbarians_advance", state.barb_pos))
        if state.barb_pos >= BARBARIAN_TRACK_LENGTH:
            start_attack(state)
    else:
        state.agenda.insert(0, ["gate", event - SHIP_FACES])


def step_gate(state, step, out, events):
    """CK-3.3: players with level L >= 1 in the track draw if red <= L + 1,
    clockwise from the current player."""
    track = step[1]
    red = state.dice[1]
    for i in range(state.n):
        s = (state.current + i) % state.n
        level = state.improvements[s][track]
        if level >= 1 and red <= level + 1:
            draw_progress(state, s, track, out, events)
    check_hand_limits(state)


def step_yield(state, step, out, events):
    white, red, _ = state.dice
    if white + red == 7:
        start_robber(state, MAIN, out, events, with_discards=True)
        return
    gains = produce(state, white + red, events)
    # CK-3.6: aqueduct owners who received nothing take a resource of choice.
    empty = [s for s in range(state.n)
             if state.improvements[s][SCIENCE] >= 3 and not any(gains[s * KINDS:(s + 1) * KINDS])]
    if empty and any(state.bank[r] for r in RESOURCES):
        decide(state, "aqueduct", empty)


KINDS = len(CARD_NAMES)       # card kinds in a C&K hand: five resources, three commodities


def produce(state, total, events):
    """CK-3.4: settlements 1 resource; cities 2 resources on hills and fields,
    1 resource + 1 commodity on forest, pasture and mountains.  Returns what
    each seat was given, flat (base.robber.hand_out)."""
    board = board_of(state)
    gains = [0] * (state.n * KINDS)
    demand = [0] * KINDS
    owner, level, robber, terrain = state.node_owner, state.node_level, state.robber, state.terrain
    for h in hexes_with_number(state.numbers, total):
        if h == robber:
            continue
        t = terrain[h]
        for node in board.hex_nodes[h]:
            o = owner[node]
            if o == -1:
                continue
            gains[o * KINDS + t] += 1
            demand[t] += 1
            if level[node] == 2:
                c = COMMODITY_OF_TERRAIN.get(t, t)
                gains[o * KINDS + c] += 1
                demand[c] += 1
    short = hand_out(state, gains, demand)          # B-5.2 per card type
    if any(gains):
        events.append(("produced", gains_by_seat(gains, KINDS)))
    if short:
        events.append(("shortage", tuple(short)))
    return gains


def apply_roll(state, cmd, out, events):
    roll(state, cmd[1], out, events)


def discard_limit(state, seat: int) -> int:
    """B-5.3, plus 2 for each own city wall (CK-3.5, CK-5.1)."""
    wall = state.wall
    return DISCARD_LIMIT + 2 * sum(1 for n in positions(state.node_owner, seat) if wall[n])


def after_discards(state, out: dict, events: list) -> None:
    """After a 7's discards the robber moves only once the barbarians have
    attacked (CK-3.5)."""
    if not state.barb_attacks:
        resume(state, out, events)
    else:
        state.phase = ROBBER
