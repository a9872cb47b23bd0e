"""The table's tooltip: words for what the mouse rests on (a harbor, a hex,
a card, a button, a computer's line in the log, and what the rule set's
table part names: a knight, a die; a greyed button or an unlit spot says
why not, reasons.py), from the table model, and where it is drawn (beside
the mouse, clear of the number tokens)."""

import pygame

from game.engine.constants import GENERIC_HARBOR, TERRAIN_NAMES

from .. import theme, widgets
from ..eventtext import cards_text, count_text, taken_back_text
from ..i18n import tr
from . import reasons
from .hand import BUILD_COSTS, SHORTCUT_LABELS, card_tip

# every button's key, said in its tooltip (the action buttons show theirs on the button too)
KEY_LABELS = dict(SHORTCUT_LABELS, menu="Esc", log="L")             # (the Hint button says "?" itself)


def tooltip(m, ui):
    """The tooltip of the target under the mouse (m.hover_key), or None."""
    key, v = m.hover_key, m.view
    if key is None or m.dialog is not None or m.curtain_for is not None:
        return None
    if key[0] == "why":                  # a greyed button says why (reasons.py)
        return reasons.hover_reason(m)
    if key[0] == "unlit":
        return reasons.unlit_reason(m, key)
    if key[0] == "panel_tip":            # an icon of a player panel names itself
        return key[1]
    if key[0] == "log_line":             # a computer's line in the log: why it did it (explain.py)
        return m.explainer.text(key[1], m.names)
    if key[0] == "harbor":
        kind = v.harbors[key[1]]
        return tr("tip.harbor_generic") if kind == GENERIC_HARBOR else tr("tip.harbor", cards=count_text(kind, 2))
    if key[0] == "hex_info":
        h = key[1]
        terrain = tr("terrain." + TERRAIN_NAMES[v.terrain[h]])
        text = tr("tip.hex", terrain=terrain, n=v.numbers[h]) if v.numbers[h] else terrain
        return text + (" · " + tr("tip.robber") if h == v.robber else "")
    if key[0] in ("hand_card", "dev_card", "prog_card"):
        return card_tip(key)
    tip = m.part.tooltip(m, key)          # the rule set's pieces, dice and widgets
    if tip is not None:
        return with_key(tip, key[1]) if key[0] == "btn" and key[1] in KEY_LABELS else tip
    if key == ("btn", "pass_build"):
        return tr("tip.pass_build")
    if key[0] == "btn" and key[1] == "undo" and m.undo[0] is not None:
        return tr("tip.undo", what=taken_back_text(m.undo[0]))          # (it names Ctrl+Z)
    if key[0] == "btn" and key[1] in BUILD_COSTS:
        return with_key(f"{tr('btn.' + key[1])}: {cards_text(dict(BUILD_COSTS[key[1]]).get(k, 0) for k in range(5))}",
                        key[1])
    if key[0] == "btn" and key[1] in KEY_LABELS:
        return with_key(tr("btn." + key[1]), key[1])
    return None


def with_key(text, button) -> str:
    """A button's tooltip with the key that does what it does."""
    return tr("tip.key", tip=text, shortcut=KEY_LABELS[button])


def draw_tooltip(m, ui, surf) -> None:
    tip = tooltip(m, ui)
    if not tip:
        return
    imgs, size = tip_lines(ui, tip)
    draw_tip(surf, ui, tooltip_rect(m, ui, size), imgs)


def tip_lines(ui, tip) -> tuple:
    """A tooltip's words rendered in lines (the first letter upper case), and the size of its box."""
    s = ui.layout.s
    lines = widgets.wrap(tip[:1].upper() + tip[1:], ui.fonts.get(14), int(320 * s))
    imgs = [ui.text.render(line, 14, theme.TEXT) for line in lines]
    return imgs, (max(i.get_width() for i in imgs) + int(16 * s), sum(i.get_height() for i in imgs) + int(10 * s))


def draw_tip(surf, ui, r, imgs) -> None:
    """A tooltip's box at `r` with its lines (tip_lines)."""
    s = ui.layout.s
    widgets.panel(surf, r, (16, 20, 28), theme.ACCENT, radius=6)
    y = r.y + int(5 * s)
    for img in imgs:
        surf.blit(img, (r.x + int(8 * s), y))
        y += img.get_height()


def tooltip_rect(m, ui, size) -> pygame.Rect:
    """Where a tooltip of `size` goes: beside the mouse, on the screen, off
    the mouse itself (a log line's: right of the log, level with the line);
    over the board also clear of every number token
    (the first place round the mouse that covers none, else the sea's
    corner farthest from the mouse), so the numbers stay readable."""
    L, s = ui.layout, ui.layout.s
    mx, my = m.mouse
    screen = L.screen
    line = ui.targets.rect(m.hover_key) if m.hover_key and m.hover_key[0] == "log_line" else None
    if line is not None:                # beside the log, level with its line: the log stays readable
        r = pygame.Rect(L.log.right + int(8 * s), line.y, *size)
        r.clamp_ip(screen)
        return r
    r = pygame.Rect(mx + int(16 * s), my + int(18 * s), *size)
    if L.hand.collidepoint(m.mouse):      # over the hand: above it, the cards stay in view
        r.bottom = L.hand.y - int(4 * s)
    r.clamp_ip(screen)
    if r.collidepoint(m.mouse):
        r.bottom = my - int(8 * s)
    if not L.board.collidepoint(m.mouse):
        return r
    tokens = token_rects(m, ui)
    if r.collidelist(tokens) == -1:
        return r
    w, h = size
    R = ui.board.R
    for reach in (0.4, 0.9, 1.5, 2.2):
        d = int(R * reach)
        for dx, dy in ((d, d), (-d - w, d), (d, -d - h), (-d - w, -d - h), (-w // 2, d), (-w // 2, -d - h),
                       (d, -h // 2), (-d - w, -h // 2)):
            c = pygame.Rect(mx + dx, my + dy, w, h)
            if screen.contains(c) and not c.collidepoint(m.mouse) and c.collidelist(tokens) == -1:
                return c
    corners = [pygame.Rect(0, 0, w, h) for _ in range(4)]
    pad = int(8 * s)
    corners[0].topleft = (L.board.x + pad, L.board.y + pad + L.menu_button.h + pad)
    corners[1].bottomleft = (L.board.x + pad, L.board.bottom - pad)
    corners[2].bottomright = (L.board.right - pad, L.board.bottom - pad - int(44 * s))
    corners[3].topright = (L.board.right - pad, L.dice[0].bottom + pad)
    return max(corners, key=lambda c: (c.collidelist(tokens) == -1, (c.centerx - mx) ** 2 + (c.centery - my) ** 2))


def token_rects(m, ui) -> list:
    """The number tokens on the board (with their shadow), as rectangles."""
    board = ui.board
    r = int(board.R * 0.3) + 3
    out = []
    for h, number in enumerate(m.view.numbers):
        if number:
            x, y = board.hex_center(h)
            out.append(pygame.Rect(int(x) - r, int(y) - r, 2 * r + 1, 2 * r + 4))
    return out
