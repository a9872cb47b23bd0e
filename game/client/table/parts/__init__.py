"""What the table shows for each rule set: one table part per rule set.

The table's drawing, input, prompts and staged moments, the rules screen,
the end screen and the replay are the same code for every rule set; where
they differ they ask the table part of the game (base.py: `TablePart`, the
base game's part and the interface every part extends; ck.py: Cities &
Knights).  A part is chosen once per table, from the game's config:

    part = part_for(controller.config)

and kept on the table model (`m.part`).  `part_for` is the one place that
maps a rule set's name to its part; a new rule set brings a part of its own
(a subclass of the part it plays like, as the engine's rule sets extend one
another) and names it in PARTS.
"""

from .base import TablePart
from .ck import CkPart

PARTS = {part.rules: part for part in (TablePart(), CkPart())}


def part_for(config) -> TablePart:
    """The table part of the rule set a game's config names."""
    return PARTS[config["rules"]]
