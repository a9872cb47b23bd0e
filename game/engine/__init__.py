"""The Kolonisten rules engine: pure Python, no pygame, no networking.

Typical use on the authority:

    state, events = new_game(default_config(seed=7))
    for cmd in legal_commands(state, state.current): ...
    outcome, events = apply(state, cmd)

A peer applies the same command with the outcome redacted for it to its own
view: `apply(my_view, cmd, redact_outcome(cmd, outcome, me), validate=False)`.
"""

from .codec import decode_state, encode_state, pack, state_hash, unpack
from .rules import (
    COMMANDS, ERROR_CODES, IllegalCommand, apply, check, deciders, legal_commands, may_offer,
    new_game,
)
from .ruleset import RULESETS, default_config, ruleset_of, validate_config
from .state import PHASE_NAMES, State, is_ck
from .views import (
    public_hash, redact_command, redact_event, redact_outcome, view, view_hash, view_obj,
)

__all__ = [
    "COMMANDS", "ERROR_CODES", "IllegalCommand", "PHASE_NAMES", "RULESETS", "State", "apply", "check",
    "decode_state", "deciders", "default_config", "encode_state", "is_ck", "legal_commands", "may_offer",
    "new_game", "pack", "public_hash", "redact_command", "redact_event", "redact_outcome", "ruleset_of",
    "state_hash", "unpack",
    "validate_config", "view", "view_hash", "view_obj",
]
