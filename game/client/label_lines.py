"""A text that changes while a form shows (the LAN lobby's messages) in a
few pygame_gui labels one under the other: wrapped into them by words, the
last line shortened with "…" when the words need more lines than there are
(the mouse over any of them then shows the whole text in a tooltip)."""

from .widgets import wrap


class LabelLines:
    def __init__(self, scene, rect, lines: int, object_id=None):
        """`lines` labels in `rect` (x, y, width, the height of one line) of a GuiScene."""
        x, y, w, h = rect
        self.labels = [scene.label((x, y + k * h, w, h), "", object_id) for k in range(lines)]
        self.text = ""

    def set_text(self, text: str) -> None:
        self.text = text
        first = self.labels[0]
        room = first.rect.w - 2
        lines = wrap(text, None, room, _measure(first)) if text else []
        shown = lines[:len(self.labels)]
        cut = len(lines) > len(self.labels)
        if cut:
            shown[-1] = shortened(" ".join(lines[len(self.labels) - 1:]), room, _measure(first))
        for label, words in zip(self.labels, shown + [""] * len(self.labels)):
            if label.text != words:
                label.set_text(words)
            label.set_tooltip(text if cut else None, delay=0.3, wrap_width=max(room, 200))


def _measure(label):
    """A line's width as the label's font draws it."""
    return lambda words: label.font.get_rect(words).w if words else 0


def shortened(words: str, room: int, measure) -> str:
    """`words` cut at the end with "…" to fit `room` (`measure(words)`: their width)."""
    while words and measure(words + "…") > room:
        words = words[:-1].rstrip()
    return words + "…"

