"""What the table draws on top for clarity (issue 10): the reasons behind
greyed buttons and the staged big moments (staging.py).  table.py calls
`draw(table, surf)` once a frame, after its own layers and before the
tooltip and any dialog."""

from . import reasons


def draw(table, surf) -> None:
    reasons.add_targets(table)
