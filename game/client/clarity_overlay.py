"""What the table draws on top for clarity (issue 10): the reasons behind
greyed buttons (reasons.py) and the staged big moments (staging.py).
table.py calls `draw(table, surf)` once a frame, last, so a staged barbarian
attack covers everything (dialogs too) until it is dismissed."""

from . import reasons


def draw(table, surf) -> None:
    reasons.add_targets(table)
    table.stage.draw(surf)
