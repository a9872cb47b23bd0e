"""The LAN lobby's codes (scenes/lobby.py): the host key's short code (and
on the host's screen its join code) large, centred under the hint: what
players compare and read aloud before anyone trusts the game.  In one line
where the form's width holds them, else a line each, else each one's words
over its code (a narrow form: lobby_heights.NARROW)."""

from .. import theme
from ..lantext import key_lines


def code_rows(scene) -> list:
    """The codes' lines as drawn, each a list of (picture, the gap after it)."""
    s, text = scene.app.scale, scene.app.text
    gap, space = int(36 * s), int(10 * s)
    pairs = [[(text.render(words, 16, theme.TEXT_DIM), space), (text.render(code, 28, theme.ACCENT, bold=True), gap)]
             for words, code in key_lines(scene.lan)]
    room = scene.form_width() * s
    one = [part for pair in pairs for part in pair]
    if _row_width(one) <= room:
        return [one]
    if all(_row_width(pair) <= room for pair in pairs):
        return pairs
    return [[part] for pair in pairs for part in pair]


def draw_codes(scene, surf) -> None:
    """The codes' lines, ending where the seats begin (scene.rows_top)."""
    w, rows, line = scene.app.size[0], code_rows(scene), scene.m["codes"]
    cy = scene.rows_top() - len(rows) * line + line // 2
    for row in rows:
        x = (w - _row_width(row)) // 2
        for img, gap in row:
            surf.blit(img, img.get_rect(midleft=(x, cy)))
            x += img.get_width() + gap
        cy += line


def _row_width(row) -> int:
    """A line of pictures' width (each followed by its gap, the last one's not counted)."""
    return sum(img.get_width() + gap for img, gap in row) - (row[-1][1] if row else 0)
