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
- `options`: the rule choices this rule set offers (`Option`), each declared
  once here: the config's defaults and checks (`default_config`,
  `validate_config` below), the position notation's game line, the forms'
  rows and the LAN lobby's summary all read them.
- `seats`: the player counts it is played with; `vp_target`: the points to win
  by default.

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

from .state import DECIDE, GAME_OVER, OPTIONAL_CONFIG, OPTIONAL_FLAGS, State, scripted_dice_problem


class Command(NamedTuple):
    args: tuple          # argument types after the seat
    check: Callable      # (state, cmd) -> IllegalCommand or None
    apply: Callable      # (state, cmd, out, events) -> None


class Option(NamedTuple):
    """A rule choice, declared once by the rule set that offers it.

    `config` is its key in a game's config, `name` a short name (the forms'
    buttons are "<name>_<value>", the forms remember it by it), `values` its
    domain in the order a form offers it, `default` the value a config has
    when nobody chose, `rule` the rule id it varies.  The words are catalog
    keys: `label` the form's label, `texts` one per value (in the order of
    `values`), `summary` the LAN lobby's word for it when it is not at its
    default."""
    config: str
    name: str
    values: tuple
    default: object
    rule: str
    label: str
    texts: tuple
    summary: str

    def text(self, value) -> str:
        """The catalog key of one value's text."""
        return self.texts[self.values.index(value)]


RULESETS = {}    # name -> RuleSet; a rule set is known once it is defined


class RuleSet:
    HOOKS = ("deal", "discard_limit", "after_discards", "trading_open", "check_win", "list_offers")

    def __init__(self, name: str, commands: dict, listers: dict, steps: dict, options: tuple,
                 seats: tuple, vp_target: int, **hooks):
        if set(hooks) != set(self.HOOKS):
            raise TypeError(f"a rule set names exactly the hooks {self.HOOKS}")
        for o in options:
            if o.default not in o.values or len(o.texts) != len(o.values):
                raise TypeError(f"option {o.name}: its default and texts must match its values")
        self.name = name
        self.commands = dict(commands)
        self.listers = dict(listers)
        self.steps = dict(steps)
        self.options = tuple(options)
        self.seats = tuple(seats)
        self.vp_target = vp_target
        for hook, fn in hooks.items():
            setattr(self, hook, fn)
        # Flat tables for the kernel's hot path.
        self.checks = {kind: c.check for kind, c in self.commands.items()}
        self.doers = {kind: c.apply for kind, c in self.commands.items()}
        RULESETS[name] = self

    def extend(self, name: str, commands=None, drop=(), listers=None, steps=None, options=None,
               seats=None, vp_target=None, **hooks):
        """A rule set that plays like this one except for what is given:
        commands, listers and steps are added or replaced one by one, the
        command kinds in `drop` are not part of it, `options` replaces the
        whole list, `seats` and `vp_target` replace this one's, and any hook
        may be replaced."""
        kept = {kind: c for kind, c in self.commands.items() if kind not in drop}
        return RuleSet(name, {**kept, **(commands or {})},
                       {**self.listers, **(listers or {})}, {**self.steps, **(steps or {})},
                       self.options if options is None else options,
                       self.seats if seats is None else seats,
                       self.vp_target if vp_target is None else vp_target,
                       **{h: hooks.get(h, getattr(self, h)) for h in self.HOOKS})

    def __repr__(self):
        return f"RuleSet({self.name!r})"


def ruleset_of(state: State) -> RuleSet:
    """The rule set a state plays."""
    return RULESETS[state.config["rules"]]


# --- configs ---------------------------------------------------------------------------

def all_options() -> tuple:
    """Every rule set's options, each once, in the order the rule sets were
    defined (a config holds every one of them, whatever its rules: a Cities &
    Knights config keeps the base game's at their defaults)."""
    seen = {}
    for rules in RULESETS.values():
        for o in rules.options:
            seen.setdefault(o.config, o)
    return tuple(seen.values())


def default_config(**overrides) -> dict:
    """A complete game config; every key is validated by `validate_config`.
    `vp_target` None (or left out) is the rule set's own (B-8.6, CK-10)."""
    cfg = {"rules": "base", "players": 4, "vp_target": None, "board": "random", "seed": 0}
    cfg.update((o.config, o.default) for o in all_options())
    cfg.update(overrides)
    if cfg["vp_target"] is None and cfg["rules"] in RULESETS:
        cfg["vp_target"] = RULESETS[cfg["rules"]].vp_target
    return cfg


def validate_config(cfg) -> str | None:
    """Reason the config is unusable, or None."""
    if not isinstance(cfg, dict):
        return "config must be a mapping"
    expected = set(default_config())
    if set(cfg) - OPTIONAL_CONFIG != expected:
        return "config keys must be exactly: " + ", ".join(sorted(expected))
    rules = RULESETS.get(cfg["rules"]) if isinstance(cfg["rules"], str) else None
    if rules is None:
        return "rules must be " + " or ".join(repr(name) for name in RULESETS)
    if type(cfg["players"]) is not int or cfg["players"] not in rules.seats:
        counts = ", ".join(map(str, rules.seats[:-1])) + " or " + str(rules.seats[-1])
        return f"players must be {counts} (B-1.8)"
    if type(cfg["vp_target"]) is not int or not 3 <= cfg["vp_target"] <= 30:
        return "vp_target must be a whole number from 3 to 30"
    if cfg["board"] not in ("random", "beginner"):
        return "board must be 'random' or 'beginner'"
    if type(cfg["seed"]) is not int or not 0 <= cfg["seed"] < 2 ** 64:
        return "seed must be a whole number from 0 to 2**64-1"
    for o in all_options():
        value = cfg[o.config]
        # (True == 1: a flag's value must also be of its domain's type)
        if not any(type(value) is type(v) and value == v for v in o.values):
            return f"{o.config} must be one of: " + ", ".join(str(v).lower() for v in o.values)
    for flag in OPTIONAL_FLAGS:
        if type(cfg.get(flag, False)) is not bool:
            return f"{flag} must be true or false"
    if cfg.get("dice") is not None:
        return scripted_dice_problem(cfg)
    return None


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
