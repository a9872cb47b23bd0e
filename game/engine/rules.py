"""The kernel: checks and applies commands of whichever rule set a state plays.

A command is a tuple `(kind, seat, *args)` of plain ints (see COMMANDS).  The
authority calls `apply(state, cmd)`: the command is checked, chance is
resolved with the state's own generator, the state is changed, and
`(outcome, events)` is returned.  `outcome` holds what chance or hidden
information decided (dice, the card drawn, the card stolen, monopoly amounts,
the winner); replaying a command with its outcome on any copy of the game,
including a seat's redacted view, makes the same change (`apply(view, cmd,
outcome, validate=False)`).  That is how peers stay in lockstep.

Legal commands are enumerated by `legal_commands(state, seat)`; `check` says
why anything else is refused.  Both use the same predicates, so they cannot
disagree about a spot or a cost.  A command is checked once: one of the very
command objects `legal_commands` just listed, applied to the state it was
listed for before anything else was applied, is not checked again (see
`apply`); every other command, from the network, a save, a click or a bot's
own making, is checked in full.

The rules themselves are rule sets (game/engine/rulesets/: `base`, and `ck`
which extends it); see ruleset.py for what a rule set declares.  This module
only checks a command's shape, finds the state's rule set and runs it.
"""

from .board import board_of
from .changes import TALK
from .constants import DESERT, PROGRESS_NAMES, RESOURCES
from .helpers import ERROR_CODES, MIX, MIX_LIMIT, IllegalCommand
from .rng import Rng
from .ruleset import RULESETS, ruleset_of, validate_config
from .rulesets import BASE, CK
from .state import (
    DECIDE, DISCARD, GAME_OVER, MAIN, PENDING, SETUP_ROAD, SETUP_SETTLEMENT, SPECIAL_BUILD, TRADE, State,
)

__all__ = ["COMMANDS", "ERROR_CODES", "IllegalCommand", "apply", "check", "deciders", "discard_limit",
           "legal_commands", "may_offer", "new_game", "restore", "rolls", "with_mix"]

# kind -> argument types after the seat, over every rule set.  Types: node,
# edge, hex, seat, res (a resource), card (any card kind in this rule set),
# cards (counts per card kind), seats (distinct seats), track, prog (a
# progress card), args (small whole numbers), name (a decision's name).
COMMANDS = {kind: c.args for rs in (BASE, CK) for kind, c in rs.commands.items()}

MAX_CARDS_IN_COMMAND = 174  # more cards than exist can never be legal (5–6 C&K: 5 × 24 + 3 × 18)
_JUST_INT = frozenset((int,))     # the type of every number in a command (True is not a number here)
MAX_ARGS = 8

# Phases in which seats other than the current player may act.
_ANYONE_PHASES = (DISCARD, TRADE, DECIDE, SPECIAL_BUILD)

# The commands `legal_commands` listed last: (state, commands, seat, offers),
# the commands a tuple of their own (a caller may change the list it was
# handed).  Every `apply` clears it, so it always describes the state as it
# was listed.
_NOTHING_LISTED = (None, (), None, None)
_listed = _NOTHING_LISTED

# A phase MAIN listing kept through the talk of a trade (the same tuple as
# `_listed`).  An offer made right after its state's MAIN listing keeps that
# listing; the talk that follows (changes.TALK: answers, the cancel) changes
# nothing a MAIN listing reads, so when it ends back in phase MAIN the next
# listing of that state for that seat is the kept one, once.  Any other
# command applied anywhere drops it.  (A state is changed through `apply`
# only; code that edits one by hand does so before it lists, as tests set up
# positions.)
_kept = None


# --- shape checks (anything may arrive from the network or a save file) ------

_SHAPES = {}   # (rule set, players, card kinds) -> kind -> (arguments after the seat, their check)
# (the players choose the island, so they fix its numbers of corners, paths and hexes)
_LIST_TYPES = (tuple, list)


def _shapes(rules, n: int, kinds: int, board) -> dict:
    """Per command kind of `rules`, for `n` players on `board` and `kinds` card kinds: the
    number of its arguments after the seat and a function(cmd) -> the
    IllegalCommand for the first argument (the seat first) out of shape, or
    None, written out as one function with a line per argument (the checks
    of every command arriving from outside, and of every command in a save)."""
    size = {"node": board.num_nodes, "edge": board.num_edges, "hex": board.num_hexes, "seat": n,
            "res": len(RESOURCES), "card": kinds, "track": 3, "prog": 25}
    space = {"IllegalCommand": IllegalCommand, "LISTS": _LIST_TYPES, "JUST_INT": _JUST_INT,
             "CARD_COUNTS": frozenset(range(MAX_CARDS_IN_COMMAND + 1)), "SEATS": frozenset(range(n)),
             "SMALL": frozenset(range(-1, 1000))}
    shapes = {}
    for kind, command in rules.commands.items():
        lines = ["def shape(cmd):", "    a = cmd[1]",
                 f"    if type(a) is not int or not 0 <= a < {n}:",
                 '        return IllegalCommand("bad_seat", "no such seat")']
        for i, t in enumerate(command.args):
            lines.append(f"    a = cmd[{2 + i}]")
            if t in size:
                lines += [f"    if type(a) is not int or not 0 <= a < {size[t]}:",
                          f'        return IllegalCommand("malformed", "argument {i + 1} must be a whole number '
                          f'below {size[t]}")']
            elif t == "cards":      # (a flag is not a number: the types first, then the values)
                lines += [f"    if (type(a) not in LISTS or len(a) != {kinds} or not JUST_INT.issuperset(map(type, a))"
                          "            or not CARD_COUNTS.issuperset(a)):",
                          f'        return IllegalCommand("malformed", "card counts must be {kinds} small whole numbers")']
            elif t == "args":
                lines += [f"    if (type(a) not in LISTS or len(a) > {MAX_ARGS} or not JUST_INT.issuperset(map(type, a))"
                          "            or not SMALL.issuperset(a)):",
                          f'        return IllegalCommand("malformed", "arguments must be up to {MAX_ARGS} small whole '
                          'numbers")']
            elif t == "name":
                lines += ["    if type(a) is not str or len(a) > 40:",
                          '        return IllegalCommand("malformed", "a decision name is expected")']
            elif t == "seats":
                lines += ["    if (type(a) not in LISTS or not a or not JUST_INT.issuperset(map(type, a))"
                          "            or not SEATS.issuperset(a) or len(set(a)) != len(a)):",
                          '        return IllegalCommand("malformed", "a list of distinct seats is expected")']
            else:
                raise ValueError(f"{kind}: no argument type {t!r}")
        lines.append("    return None")
        exec("\n".join(lines), space)
        shapes[kind] = (len(command.args), space.pop("shape"))
    _SHAPES[(rules, n, kinds)] = shapes
    return shapes


def _shape_error(state: State, cmd, rules):
    if not isinstance(cmd, _LIST_TYPES) or len(cmd) < 2 or not isinstance(cmd[0], str):
        return IllegalCommand("malformed", "a command is [kind, seat, arguments...]")
    n, kinds = state.n, len(state.bank)
    shape = (_SHAPES.get((rules, n, kinds)) or _shapes(rules, n, kinds, board_of(state))).get(cmd[0])
    if shape is None:
        if cmd[0] not in COMMANDS:
            return IllegalCommand("unknown_command", f"no command called {cmd[0]!r}")
        return IllegalCommand("not_in_these_rules", f"{cmd[0]} is not part of these rules")
    declared, args_error = shape
    extra = len(cmd) - 2 - declared
    if extra or cmd[0] in _ROLLING_KINDS:
        err = _mix_error(state, cmd, extra, declared)
        if err:
            return err
    return args_error(cmd)


# --- the mix of a roll (the config's mixed_dice) -----------------------------------------
# In a game with mixed dice the authority's rolling commands carry one more
# element, the roll's mix (net/wire/rolldice.py), from which the dice are
# drawn (helpers.dice_rng); a seat asks for the roll without it, the host adds it.

_ALCHEMIST = PROGRESS_NAMES.index("alchemist")
_ROLLING_KINDS = ("roll", "progress")


def rolls(cmd) -> bool:
    """Whether a (well-shaped) command rolls the dice: the roll, and in C&K
    the Alchemist played instead of it (CK-11)."""
    return cmd[0] == "roll" or (cmd[0] == "progress" and len(cmd) > 2 and cmd[2] == _ALCHEMIST)


def with_mix(cmd, mix: int) -> tuple:
    """A seat's rolling command as the authority of a mixed-dice game applies it."""
    return tuple(cmd) + (mix,)


def _mixing(state: State, cmd) -> bool:
    return state.rng is not None and bool(state.config.get("mixed_dice")) and rolls(cmd)


def _mix_error(state: State, cmd, extra: int, declared: int):
    if extra == 0:
        if _mixing(state, cmd):
            return IllegalCommand("malformed", "in a game with mixed dice the host adds the roll's mix")
        return None
    if extra == 1 and _mixing(state, cmd) and type(cmd[-1]) is int and 0 <= cmd[-1] < MIX_LIMIT:
        return None
    return IllegalCommand("malformed", f"{cmd[0]} takes {declared} argument(s)")


# --- the kernel ----------------------------------------------------------------------

def check(state: State, cmd):
    """None if `cmd` is legal now, else the IllegalCommand saying why."""
    return _check(state, cmd, RULESETS[state.config["rules"]])


def _check(state: State, cmd, rules):
    err = _shape_error(state, cmd, rules)
    if err:
        return err
    return _rules_check(state, cmd, rules)


def _rules_check(state: State, cmd, rules):
    """`_check` of a command whose shape is right."""
    if state.phase == GAME_OVER:
        return IllegalCommand("game_over", "the game has ended")
    return rules.checks[cmd[0]](state, cmd)


def deciders(state: State) -> list:
    """Seats that have a decision to make now (B-4.3: own turn, plus discards
    and answers to a trade offer)."""
    phase = state.phase
    if phase == GAME_OVER:
        return []
    if phase == DISCARD:
        return [s for s in range(state.n) if state.discard_need[s]]
    if phase == TRADE:
        answers = state.trade["answers"]
        seats = [state.current]
        for s in range(state.n):
            if answers[s] == PENDING:
                seats.append(s)
        return seats
    if phase == DECIDE:
        return list(state.pending["seats"])
    if phase == SPECIAL_BUILD:
        return [state.agenda[0][1]]         # the seat building now
    return [state.current]


def legal_commands(state: State, seat: int, offers: bool = True) -> list:
    """Every legal command for `seat` now, in a stable order.

    Complete for every command kind except free-form trade terms, whose space
    is unbounded: `offer` is listed as one card of the kind held most for one
    card of a kind not held, to every other player, and `counter` as the offer's terms with
    one other held card given instead.  `check` accepts any legal terms.
    `offers=False` leaves the listed offers out (a caller that makes its own
    offers, or none, need not have them built)."""
    global _listed, _kept
    phase = state.phase
    if phase == GAME_OVER or (seat != state.current and phase not in _ANYONE_PHASES):
        return []
    if phase == MAIN and _kept is not None:
        kept = _kept
        if kept[0] is state and kept[2] == seat and kept[3] == offers:
            _kept = None
            _listed = kept
            return list(kept[1])
    rules = RULESETS[state.config["rules"]]
    lister = rules.listers.get(phase)
    if lister is None:
        return []
    cmds = lister(state, seat)
    if offers and phase == MAIN and rules.trading_open(state):
        rules.list_offers(state, seat, cmds)
    _listed = (state, tuple(cmds), seat, offers)
    return cmds


def apply(state: State, cmd, outcome=None, validate: bool = True, shaped: bool = False):
    """Apply a command; return (outcome, events).

    On the authority (a state that owns its generator) chance is resolved here
    and `outcome` is produced.  On a view (no generator) the outcome the
    authority produced must be given, redacted for that view's audience.
    Raises IllegalCommand, changing nothing, when `validate` and the command
    is not legal.  A command `legal_commands` just listed for this state (the
    very object, nothing applied since) was checked then and is not again.
    `shaped`: the caller knows the command's shape is right for this game (a
    replay that checked the same command before, match.Authority.submit), so
    only the rules are checked: a command's shape depends on the game's rule
    set, seats, card kinds and dice option alone, never on the moment."""
    global _listed, _kept
    rules = RULESETS[state.config["rules"]]
    listing = _listed
    if validate:
        listed_state = listing[0]
        if listed_state is state:
            # One of the very objects listed (identity, not equality: an equal
            # command made elsewhere, say with True for 1, is checked).
            for c in listing[1]:
                if c is cmd:
                    break
            else:
                listed_state = None
        if listed_state is not state:
            err = _rules_check(state, cmd, rules) if shaped else _check(state, cmd, rules)
            if err:
                raise err
    _listed = _NOTHING_LISTED
    if _kept is not None and cmd[0] not in TALK:       # not the talk of a trade
        _kept = None
    if cmd[0] == "offer" and listing[0] is state and listing[2] == cmd[1]:
        _kept = listing             # the offerer's MAIN listing, nothing applied since
    authority = state.rng is not None
    # A replica works on a copy: steps may keep read cursors in it.
    out = {} if authority else dict(outcome or {})
    if authority and cmd[0] in _ROLLING_KINDS and "mixed_dice" in state.config and _mixing(state, cmd):
        if len(cmd) != 3 + len(COMMANDS[cmd[0]]):      # (a listed command skips the check)
            raise IllegalCommand("malformed", "in a game with mixed dice the host adds the roll's mix")
        out[MIX] = cmd[-1]          # taken by helpers.dice_rng
    events = []
    rules.doers[cmd[0]](state, cmd, out, events)
    if state.phase not in (SETUP_SETTLEMENT, SETUP_ROAD, GAME_OVER):
        rules.check_win(state, out, events, authority)
    return (out or None) if authority else outcome, events


def restore(state: State, earlier: State) -> None:
    """Put `state` back to `earlier` (a copy of it made before, given up to
    it: its values become the state's own), in place, so whoever holds the
    state object sees the change (an undo, game/engine/undo.py).  What was
    listed or kept for `state` no longer describes it and is dropped."""
    global _listed, _kept
    for name in State.__slots__:
        setattr(state, name, getattr(earlier, name))
    _listed = _NOTHING_LISTED
    _kept = None


def may_offer(state: State, seat: int) -> bool:
    """Whether `seat` may open a domestic trade now (B-7.1, B-4.1): the current
    player, after rolling, while trading is open, holding at least one card."""
    return (seat == state.current and state.phase == MAIN and ruleset_of(state).trading_open(state)
            and state.hand_n[seat] > 0)


def discard_limit(state: State, seat: int) -> int:
    """How many cards `seat` may hold on a 7 without discarding half (B-5.3)."""
    return ruleset_of(state).discard_limit(state, seat)


# --- a new game --------------------------------------------------------------------------

def new_game(config: dict):
    """Create the authority's state for a config; returns (state, events).

    Raises ValueError for an unusable config."""
    reason = validate_config(config)
    if reason:
        raise ValueError(reason)
    state = State.blank(config)
    rng = Rng(config["seed"])
    state.rng = rng
    board = board_of(state)
    if config["board"] == "beginner":
        state.terrain, state.numbers, state.harbors = board.beginner_layout()
    else:
        state.terrain, state.numbers, state.harbors = board.random_layout(rng)
    state.robber = state.terrain.index(DESERT)          # B-2.5
    ruleset_of(state).deal(state, rng)
    events = []
    # B-3.1: the highest roll starts; ties roll again among themselves.
    contenders = list(range(state.n))
    while len(contenders) > 1:
        rolls = [rng.die() + rng.die() for _ in contenders]
        events.append(("start_roll", tuple(contenders), tuple(rolls)))
        top = max(rolls)
        contenders = [s for s, r in zip(contenders, rolls) if r == top]
    state.first_player = state.current = contenders[0]
    events.append(("first_player", state.current))
    return state, events
