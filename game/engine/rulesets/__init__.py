"""The rule sets: `base` (the base game) and `ck` (Cities & Knights, which
extends it).  See game/engine/ruleset.py for what a rule set declares."""

from .base import BASE
from .ck import CK

__all__ = ["BASE", "CK"]
