"""What a rule set is, and which one a state plays.

A rule set declares, as data:
- `commands`: kind -> Command(args, check, apply).  `args` are the argument
  types after the seat (node, edge, hex, seat, res, card, cards, seats, track,
  prog, args, name: see rules.py); `check(state, cmd)` returns None or the
  IllegalCommand saying why not; `apply(state, cmd, out, events)` changes the
  state and records chance in `out`.
- `listers`: phase -> function(state, seat) listing the legal commands there.
- `steps`: agenda step name -> function(state, step, out, events) (see `resume`).
- hooks, the places where rule sets differ inside shared flows: `deal` (a new
  game's decks), `discard_limit` (what a 7 asks), `after_discards` (what follows
  a 7's discards), `trading_open`, `check_win`, `list_offers(state, seat, out)`
  (the domestic offers listed in phase MAIN while trading is open; the kernel
  adds them only when a caller asks, see `legal_commands`).
- `options`: the config choices the new-game form offers for this rule set.

`base` and `ck` live in game/engine/rulesets/; `ck = base.extend(...)`.  The
kernel (rules.py) runs whichever rule set the state's config names.

Which rule set a state plays is asked in one way: `ruleset_of(state)` for the
rule set object, and `is_ck(state)` (state.py) for the question "is this
Cities & Knights?".  Both read the config's "rules", which every copy of a
game (authority, view, save, position) carries.  (The kernel's check, apply
and legal_commands read `RULESETS[state.config["rules"]]` themselves: they
run for every command, and a call costs more than the look-up.)
"""

from typing import Callable, NamedTuple

from .state import DECIDE, GAME_OVER, State


class Command(NamedTuple):
    args: tuple          # argument types after the seat
    check: Callable      # (state, cmd) -> IllegalCommand or None
    apply: Callable      # (state, cmd, out, events) -> None


class Option(NamedTuple):
    """A choice the new-game form offers: the config key it sets, a short name
    (the form's buttons and texts), its values in the order offered, and the
    default (as `default_config` has it)."""
    config: str
    name: str
    values: tuple
    default: object


RULESETS = {}    # name -> RuleSet; a rule set is known once it is defined


class RuleSet:
    HOOKS = ("deal", "discard_limit", "after_discards", "trading_open", "check_win", "list_offers")

    def __init__(self, name: str, commands: dict, listers: dict, steps: dict, options: tuple,
                 **hooks):
        if set(hooks) != set(self.HOOKS):
            raise TypeError(f"a rule set names exactly the hooks {self.HOOKS}")
        self.name = name
        self.commands = dict(commands)
        self.listers = dict(listers)
        self.steps = dict(steps)
        self.options = tuple(options)
        for hook, fn in hooks.items():
            setattr(self, hook, fn)
        # Flat tables for the kernel's hot path.
        self.checks = {kind: c.check for kind, c in self.commands.items()}
        self.doers = {kind: c.apply for kind, c in self.commands.items()}
        RULESETS[name] = self

    def extend(self, name: str, commands=None, drop=(), listers=None, steps=None, options=None, **hooks):
        """A rule set that plays like this one except for what is given:
        commands, listers and steps are added or replaced one by one, the
        command kinds in `drop` are not part of it, `options` replaces the
        whole list, and any hook may be replaced."""
        kept = {kind: c for kind, c in self.commands.items() if kind not in drop}
        return RuleSet(name, {**kept, **(commands or {})},
                       {**self.listers, **(listers or {})}, {**self.steps, **(steps or {})},
                       self.options if options is None else options,
                       **{h: hooks.get(h, getattr(self, h)) for h in self.HOOKS})

    def __repr__(self):
        return f"RuleSet({self.name!r})"


def ruleset_of(state: State) -> RuleSet:
    """The rule set a state plays."""
    return RULESETS[state.config["rules"]]


def resume(state: State, out: dict, events: list) -> None:
    """A sub-flow (robber, discards, free roads, a decision) has finished: run
    the steps still on the agenda, or go back to the phase play resumes in."""
    state.phase = DECIDE
    while state.pending is None:
        if not state.agenda:
            state.phase = state.resume_phase
            return
        step = state.agenda.pop(0)
        ruleset_of(state).steps[step[0]](state, step, out, events)
        if state.phase not in (DECIDE, GAME_OVER):
            return          # the step started a phase of its own (e.g. discards)
        if state.phase == GAME_OVER:
            return
