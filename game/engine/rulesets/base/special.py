"""The Special Building Phase of five and six players (X-1.7, X-1.8).

When the player on turn ends the turn, each other player in turn order,
starting with the next one, may build and buy (what the rule set allows:
`RuleSet.special_builds`), paying as usual; nobody trades and nobody plays a
card.  It is turn steps of the rule set: ending the turn puts an
["special", seat] step on the agenda for every other seat, then the rule
set's own end of the turn (["next_turn"]).  A "special" step starts phase
SPECIAL_BUILD and stays first on the agenda while its seat builds, so the seat
building now is always `state.agenda[0][1]` and a decision a build starts
(a Cities & Knights metropolis) comes back to the same seat when it is
answered.  `pass_build` ends the seat's part.

A seat with no card in hand has nothing to pay with and is skipped: its
count is public, so the skip tells nobody anything.  Points reached count
only in the seat's own turn (B-8.6): the win is not checked while the phase
lasts (see `in_special_build`), and a seat that reached the target wins when
its turn begins.
"""

from ...constants import SPECIAL_BUILD_SEATS
from ...helpers import IllegalCommand
from ...ruleset import resume, ruleset_of
from ...state import MAIN, SPECIAL_BUILD, State


def plays_special_build(state: State) -> bool:
    """X-1.7: the phase belongs to the games of five and six."""
    return state.n >= SPECIAL_BUILD_SEATS


def in_special_build(state: State) -> bool:
    """Whether a Special Building Phase is under way (its phase, or a decision
    one of its builds started)."""
    for step in state.agenda:       # (a loop: asked after every command, mostly of an empty agenda)
        if step[0] == "special":
            return True
    return False


def special_builder(state: State):
    """The seat building in the Special Building Phase now, or None."""
    return state.agenda[0][1] if state.phase == SPECIAL_BUILD else None


def start_special_build(state: State, out: dict, events: list) -> None:
    """The turn is over: every other seat in turn order gets its part, then the
    rule set ends the turn."""
    n, current = state.n, state.current
    state.agenda[0:0] = [["special", (current + k) % n] for k in range(1, n)] + [["next_turn"]]
    events.append(("special_build", current))
    resume(state, out, events)


def step_special(state: State, step, out: dict, events: list) -> None:
    seat = step[1]
    if state.hand_n[seat] == 0:
        return                          # nothing to pay with: the next seat
    state.agenda.insert(0, step)        # stays first while the seat builds
    state.phase = SPECIAL_BUILD
    events.append(("special_turn", seat))


def need_builder(state: State, seat: int):
    """The refusal when `seat` may not build now, else None: the player on turn
    in phase MAIN, or the seat whose part of the Special Building Phase it is."""
    if state.phase == SPECIAL_BUILD:
        if seat != state.agenda[0][1]:
            return IllegalCommand("not_your_turn", "another player builds now (X-1.7)")
        return None
    if seat != state.current:
        return IllegalCommand("not_your_turn", "only the player whose turn it is may do that")
    if state.phase != MAIN:
        return IllegalCommand("wrong_phase", "that is not possible at this moment")
    return None


def check_pass_build(state, cmd):
    if state.phase != SPECIAL_BUILD:
        return IllegalCommand("wrong_phase", "there is no Special Building Phase now (X-1.7)")
    if cmd[1] != state.agenda[0][1]:
        return IllegalCommand("not_your_turn", "another player builds now (X-1.7)")
    return None


def apply_pass_build(state, cmd, out, events):
    state.agenda.pop(0)
    events.append(("special_done", cmd[1]))
    resume(state, out, events)


def special_build_commands(state: State, seat: int) -> list:
    """What the seat may do in its part: pass, or what the rule set lets it
    build in the phase, as its main phase would list it."""
    if seat != state.agenda[0][1]:
        return []
    rules = ruleset_of(state)
    allowed = rules.special_builds
    out = [("pass_build", seat)]
    out += [c for c in rules.listers[MAIN](state, seat) if c[0] in allowed]
    return out
