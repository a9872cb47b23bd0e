"""The guide's box on the narrow table (200 %, layout.TableLayout.narrow):
a band across the window's top beside the players' column, where the
table's prompt band was, with the board (its menu, dice and log drawer)
and the dialogs under it (`make_room`), so the band covers nothing a step
asks to click and the log stays in its drawer.

Its words are the box's (overlay.lines) in TEXT_LINES lines of the step's
head size; what does not fit comes in pages of whole sentences (`book`: a
page never ends inside a sentence, unless one sentence alone is taller than
the band): the More button (its label says which page) or PageDown shows
the next one, PageUp the one before.
The row at its bottom holds the step count, More and, for an explanation,
Next (the Enter key as before)."""

import re
from itertools import groupby
from types import SimpleNamespace

import pygame

from .. import theme, widgets
from ..i18n import tr
from ..table.ui import btn

TEXT_LINES = 3             # the band's lines of words (a bold head line's height each)
ROW_H = 30                 # the row of the count and the buttons (design units)
PAD = 6
MORE_KEY = ("tutorial", "more")


def height(ui, head) -> int:
    """The band's height at the layout's scale (`head`: the bold lines' text size)."""
    return int(2 * PAD * ui.layout.s) + text_room(ui, head) + int(ROW_H * ui.layout.s)


def make_room(layout, box_h, island=None) -> None:
    """Make the narrow table's prompt band room for the guide's box `box_h`
    tall: the board and what lies over it move down under it, the dialogs
    open below it; the dice as far from the band as the menu button is,
    and the island (`island`: the board's, boardview) as large as the board
    leaves it clear of the menu, the dice and the Hint button (`island_room`)."""
    L = layout
    dy = box_h - L.top.h
    L.left.h += dy
    L.top.h += dy
    for r in (L.board, L.island, L.drawer):
        r.y += dy
        r.h -= dy
    for r in [L.menu_button, L.barbarians] + L.dice + ([L.left_chip] if L.left_chip is not None else []):
        r.y += dy
    L.log.y += dy
    L.log.h -= dy
    if not L.side.contains(L.notes):           # (the notices over the board)
        L.notes.y += dy
        L.notes.h -= dy
    L.free = pygame.Rect(0, L.board.y, L.screen.w, L.screen.h - L.board.y)
    for r in L.dice:
        r.y = L.menu_button.y
    if island is not None:
        L.island = island_room(L, island)


def island_room(L, island) -> pygame.Rect:
    """The tallest rectangle across the board whose island (as boardview
    fits it: its sea frame and harbors, `drawn`) stays clear of the board's
    corner controls: the menu (and C&K's chip), the dice and the Hint
    button.  The narrow layout's own keeps a row over the whole board for
    the menu and the dice; the island's middle reaches up between them."""
    from ..boardview import BoardView
    from ..table.hints import button_rect
    pad = int(4 * L.s)
    corners = [L.menu_button, button_rect(SimpleNamespace(layout=L))] + L.dice + \
        ([L.left_chip] if L.left_chip is not None else [])
    view = BoardView()
    view.island = island
    top, bottom = L.board.y + pad, L.board.bottom - pad
    step = max(1, pad // 2)
    for h in range(bottom - top, L.island.h, -step):
        for y in range(top, bottom - h + 1, step):
            rect = pygame.Rect(L.board.x, y, L.board.w, h)
            view.fit(rect)
            if not any(overlaps(shape, r) for shape in drawn(view) for r in corners):
                return rect
    return L.island


def drawn(view) -> list:
    """What boardview draws of the island fitted to its rectangle, as convex
    polygons: its sea frame (the hexagon round it, boardview._draw_static)
    and each harbor's marker with the picture under it."""
    frame = [view.point(x, y) for x, y in ((0, -9.6), (5.9, -4.8), (5.9, 4.8), (0, 9.6), (-5.9, 4.8), (-5.9, -4.8))]
    out = [frame]
    R = view.R
    for spot in range(len(view.island.harbor_edges)):
        x, y = view.harbor_pos(spot)
        out.append([(x - 0.5 * R, y - 0.4 * R), (x + 0.5 * R, y - 0.4 * R), (x + 0.5 * R, y + 0.6 * R),
                    (x - 0.5 * R, y + 0.6 * R)])
    return out


def overlaps(polygon, rect) -> bool:
    """Whether a convex polygon and a rectangle overlap (their insides;
    separating axes)."""
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
    edges = zip(polygon, polygon[1:] + polygon[:1])
    for ax, ay in [(1, 0), (0, 1)] + [(y1 - y2, x2 - x1) for (x1, y1), (x2, y2) in edges]:
        p = [x * ax + y * ay for x, y in polygon]
        q = [x * ax + y * ay for x, y in corners]
        if max(p) <= min(q) or max(q) <= min(p):
            return False
    return True


SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def sentences(text) -> list:
    """`text`'s sentences (each ends in . ! or ? and the whitespace after it)."""
    return [part for part in SENTENCE_END.split(text.strip()) if part]


def book(ui, what, why, head, body) -> list:
    """The band's pages of `what` (bold, `head` size) and `why` (`body` size):
    each page as many whole sentences as its lines hold, wrapped as one
    paragraph per text; a sentence taller than a page alone goes on over
    the next (`pages`)."""
    width = ui.layout.top.w - int(2 * 12 * ui.layout.s)
    fonts, room = ui.fonts, text_room(ui, head)
    parts = [(head, True, part) for part in sentences(what)] + [(body, False, part) for part in sentences(why)]

    def laid(chosen):
        out = []
        for (size, bold), group in groupby(chosen, key=lambda part: part[:2]):
            text = " ".join(part[2] for part in group)
            out += [(size, bold, line) for line in widgets.wrap(text, fonts.get(size, bold), width)]
        return out

    out, chosen = [], []
    for part in parts:
        if chosen and _height(laid(chosen + [part]), fonts) > room:
            out.append(laid(chosen))
            chosen = []
        chosen.append(part)
    if chosen:
        out.append(laid(chosen))
    return [page for lines in out for page in pages(lines, fonts, room)]


def _height(lines, fonts) -> int:
    return sum(fonts.get(size, bold).get_linesize() for size, bold, _ in lines)


def pages(lines, fonts, room) -> list:
    """The (size, bold, line) lines in pages of at most `room` pixels of line heights."""
    out, used = [[]], 0
    for line in lines:
        h = fonts.get(line[0], line[1]).get_linesize()
        if out[-1] and used + h > room:
            out.append([])
            used = 0
        out[-1].append(line)
        used += h
    return out


def text_room(ui, head) -> int:
    return TEXT_LINES * ui.fonts.get(head, True).get_linesize()


def draw(scene, surf, paged, count, explaining, sizes, dark, next_key) -> None:
    """The band with the page on show of `paged` (`book`'s pages), `count`
    (the step count) and the buttons; `sizes`: the (head, count) text sizes."""
    m, ui = scene.model, scene.ui
    s, fonts = ui.layout.s, ui.fonts
    head, count_size = sizes
    if scene.band_lines != paged:               # other words: their first page
        scene.band_lines, scene.band_page = paged, 0
    scene.band_pages = len(paged)
    page = scene.band_page = min(scene.band_page, len(paged) - 1)
    box = ui.layout.top
    pygame.draw.rect(surf, dark, box, border_radius=10)
    pygame.draw.rect(surf, theme.ACCENT, box, max(1, int(2 * s)), border_radius=10)
    x, y = box.x + int(12 * s), box.y + int(PAD * s)
    for size, bold, line in paged[page]:
        surf.blit(ui.text.render(line, size, theme.ACCENT if bold else theme.TEXT, bold=bold), (x, y))
        y += fonts.get(size, bold).get_linesize()
    row = pygame.Rect(box.x, box.bottom - int((ROW_H + PAD - 2) * s), box.w, int(ROW_H * s))
    right = box.right - int(10 * s)
    if explaining:
        rect = pygame.Rect(0, 0, int(84 * s), row.h)
        rect.midright = (right, row.centery)
        btn(m, ui, surf, next_key, rect, tr("tutorial.next"), scene.press_next, primary=True)
        right = rect.x - int(6 * s)
    if len(paged) > 1:
        rect = pygame.Rect(0, 0, int(84 * s), row.h)
        rect.midright = (right, row.centery)
        btn(m, ui, surf, MORE_KEY, rect, tr("tutorial.more", k=page + 1, n=len(paged)), scene.turn_page)
    img = ui.text.render(count, count_size, theme.TEXT_DIM)
    surf.blit(img, img.get_rect(midleft=(x, row.centery)))
