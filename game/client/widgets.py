"""Drawing helpers for the table: buttons, cards, cost badges, dice.

The table is a game canvas redrawn only on change, so its controls are drawn
here rather than with pygame_gui (whose per-frame update and draw would cost
more than the whole board, and whose rectangles we would have to mirror for
hit-testing anyway).  Every clickable thing is registered as a target with a
semantic key; clicks, hover and the UI autoplay tool all use that one list."""

import pygame

from . import theme

CORNER_KEY = (1, 254, 3)     # the colour key of cached panel pictures' rounded corners (nothing draws it)


class Targets:
    """Clickable rectangles of the last drawn frame, topmost last."""

    def __init__(self):
        self.items = []           # (key, rect, action)
        self.hover_areas = []     # (key, rect): what may look otherwise while the mouse is on key

    def clear(self):
        self.items = []
        self.hover_areas = []

    def add(self, key, rect, action):
        self.items.append((key, pygame.Rect(rect), action))

    def hover_area(self, key, rect):
        """Declare the only pixels whose look depends on the mouse being on
        `key` (a lit button, a lifted card and its line of explanation):
        a dialog's picture for a newly hovered target is then redrawn there
        only (table/draw.py DialogPictures).  Whatever draws differently
        under the mouse must declare its area."""
        self.hover_areas.append((key, pygame.Rect(rect)))

    def at(self, pos):
        for key, rect, action in reversed(self.items):
            if rect.collidepoint(pos):
                return key, action
        return None, None

    def rect(self, key):
        for k, rect, _ in reversed(self.items):
            if k == key:
                return rect
        return None

    def keys(self):
        return [k for k, _, _ in self.items]


def panel(surf, rect, fill=theme.PANEL, border=theme.PANEL_EDGE, radius=8, width=1):
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surf, border, rect, width, border_radius=radius)


def player_panel(surf, rect, colour, active: bool, stripe: int) -> None:
    """A player's panel: highlighted while it is their move, with a stripe of
    their colour down the left edge (table and replay viewer alike)."""
    panel(surf, rect, theme.PANEL_LIGHT if active else theme.PANEL,
          theme.ACCENT if active else theme.PANEL_EDGE, width=2 if active else 1)
    pygame.draw.rect(surf, colour, (rect.x, rect.y, stripe, rect.h),
                     border_top_left_radius=8, border_bottom_left_radius=8)


_BUTTONS = {}


def button(surf, text, rect, label, enabled=True, hover=False, primary=False, selected=False,
           size=15, sub=None, cost=None, hint=None):
    """A rounded button; `cost` (kind, count) pairs are drawn as chips in its
    lower part; `sub` is a callable drawing other extra content; `hint` (a
    keyboard shortcut) stands small in the top right corner, and the label
    keeps clear of it.  Buttons without `sub` are drawn once per look and
    then blitted."""
    rect = pygame.Rect(rect)
    if sub is not None:
        _draw_button(surf, text, rect, label, enabled, hover, primary, selected, size, sub, cost, hint)
        return
    key = (rect.size, label, enabled, hover, primary, selected, size, cost and tuple(cost), text.fonts.scale, hint)
    img = _BUTTONS.get(key)
    if img is None:
        if len(_BUTTONS) > 400:
            _BUTTONS.clear()
        img = _BUTTONS[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
        _draw_button(img, text, img.get_rect(), label, enabled, hover, primary, selected, size, None, cost, hint)
    surf.blit(img, rect)


def fit_label(text, label, size, colour, bold, room, smallest=10):
    """The label rendered to fit `room` pixels: a smaller size first (down to
    `smallest`), squeezed only when even that is too wide."""
    img = text.render(label, size, colour, bold)
    while img.get_width() > room and size > smallest:
        size -= 1
        img = text.render(label, size, colour, bold)
    if img.get_width() > room:
        img = pygame.transform.smoothscale(img, (max(1, room), img.get_height()))
    return img


def label_width(text, label, size, bold, two_lines=False) -> int:
    """The width a button's label needs at `size`: on one line, or (`two_lines`,
    a label of several words) the wider half as _draw_button splits it."""
    words = label.split()
    if two_lines and len(words) > 1:
        half = (len(words) + 1) // 2
        return max(text.render(" ".join(part), size, theme.TEXT, bold).get_width() for part in (words[:half], words[half:]))
    return text.render(label, size, theme.TEXT, bold).get_width()


def label_and_hint_rects(rect, hint_w, pad):
    """Where a button's label may go (its top line) and where its shortcut
    hint stands: the hint in the top right corner, the label in the rest of
    the width, centred there, so that the two never overlap."""
    hint = pygame.Rect(rect.right - pad - hint_w, rect.y + max(1, pad // 2), hint_w, 0)
    label = pygame.Rect(rect.x + pad, rect.y, max(1, hint.x - pad - rect.x - pad), rect.h)
    return label, hint


def _draw_button(surf, text, rect, label, enabled, hover, primary, selected, size, sub, cost, hint=None):
    if not enabled:
        fill, fg = theme.BUTTON_OFF, (120, 126, 136)
    elif selected:
        fill, fg = (150, 118, 40), (255, 255, 255)
    elif hover:
        fill, fg = theme.BUTTON_HOVER, (255, 255, 255)
    else:
        fill, fg = theme.BUTTON, theme.TEXT
    pygame.draw.rect(surf, fill, rect, border_radius=6)
    border = theme.ACCENT if (enabled and (primary or hover or selected)) else theme.PANEL_EDGE
    pygame.draw.rect(surf, border, rect, 2 if enabled and primary else 1, border_radius=6)
    area = rect
    if hint:
        hint_img = text.render(hint, 10, theme.TEXT_DIM if enabled else (100, 104, 112))
        pad = max(3, rect.h // 12)
        area, hint_rect = label_and_hint_rects(rect, hint_img.get_width(), pad)
        if label_width(text, label, size - 3, primary, two_lines=sub is None and not cost) > area.w:
            # a narrow button (a larger scale of text): the label gets the room, the key goes unsaid
            area = label_and_hint_rects(rect, 0, pad)[0]
        else:
            surf.blit(hint_img, hint_rect.topleft)
    if not hint:
        img = text.render(label, size, fg, bold=primary)
        if img.get_width() > rect.w - 6:          # shrink long labels rather than overflow
            img = pygame.transform.smoothscale(img, (rect.w - 6, max(1, int(img.get_height() * (rect.w - 6) / img.get_width()))))
    else:
        img = fit_label(text, label, size, fg, primary, area.w)
        words = label.split()
        if sub is None and not cost and len(words) > 1 and img.get_height() < text.render(label, size - 2, fg,
                                                                                          primary).get_height():
            # a one-line label that had to shrink a lot ("Beurt beëindigen"): two lines at full size
            half = (len(words) + 1) // 2
            lines = [fit_label(text, " ".join(part), size, fg, primary, area.w, 9) for part in (words[:half], words[half:])]
            y = rect.centery - sum(li.get_height() for li in lines) // 2
            for li in lines:
                surf.blit(li, li.get_rect(midtop=(area.centerx, y)))
                y += li.get_height()
            return
    if sub is None and not cost:
        surf.blit(img, img.get_rect(center=(area.centerx, rect.centery)))
        return
    surf.blit(img, img.get_rect(midtop=(area.centerx, rect.y + rect.h * 0.05)))
    lower = pygame.Rect(rect.x, rect.y + rect.h * 0.47, rect.w, rect.h * 0.49)
    if cost:
        cost_badges(surf, lower, cost, enabled)
    else:
        sub(lower, enabled)


def resource_card(surf, text, rect, kind, count, label, dim=False, size=14):
    rect = pygame.Rect(rect)
    base = theme.RESOURCE_RGB[kind]
    if dim:
        base = theme.darker(base, 0.55)
    pygame.draw.rect(surf, (20, 20, 24), rect.move(2, 3), border_radius=7)
    pygame.draw.rect(surf, base, rect, border_radius=7)
    inner = rect.inflate(-rect.w * 0.16, -rect.h * 0.5).move(0, -rect.h * 0.1)
    pygame.draw.rect(surf, theme.lighter(base, 0.35), inner, border_radius=5)
    pygame.draw.rect(surf, (250, 250, 245), rect, 2, border_radius=7)
    ink = (20, 20, 20) if not dim else (150, 150, 150)
    num = text.render(str(count), int(size * 1.6), ink, bold=True)
    surf.blit(num, num.get_rect(center=inner.center))
    lab = text.render(label, size - 2, ink)
    if lab.get_width() > rect.w - 4:
        lab = pygame.transform.smoothscale(lab, (rect.w - 4, lab.get_height()))
    surf.blit(lab, lab.get_rect(midbottom=(rect.centerx, rect.bottom - rect.h * 0.06)))


def cost_badges(surf, rect, cost, enabled=True):
    """Small resource pictures, one per card of the cost (cards.chip)."""
    from . import cards
    kinds = [kind for kind, k in cost for _ in range(k)]
    if not kinds:
        return
    side = min(rect.h * 0.95, rect.w / (len(kinds) + 0.6))
    gap = side * 0.12
    total = len(kinds) * side + (len(kinds) - 1) * gap
    x = rect.centerx - total / 2
    for kind in kinds:
        surf.blit(cards.chip(kind, side, enabled), (x, rect.centery - side / 2))
        x += side + gap


_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
         4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
         6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(surf, rect, value, colour=(250, 246, 236), pip=(30, 30, 30)):
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, (20, 20, 20), rect.move(3, 4), border_radius=int(rect.w * 0.18))
    pygame.draw.rect(surf, colour, rect, border_radius=int(rect.w * 0.18))
    pygame.draw.rect(surf, (90, 90, 90), rect, 1, border_radius=int(rect.w * 0.18))
    r = rect.w * 0.09
    for dx, dy in _PIPS[value]:
        pygame.draw.circle(surf, pip, (rect.centerx + dx * rect.w * 0.27, rect.centery + dy * rect.h * 0.27), r)


_WRAPPED = {}


def wrap(text, font, width, measure=None):
    """Split text into lines that fit `width` pixels.  measure(line) gives a
    line's width when it is not drawn in `font` alone (bold names in the log).
    Without `measure` the lines are remembered (by text, font and width):
    panels and dialogs wrap the same words every frame."""
    if measure is None:
        key = (text, font, width)
        lines = _WRAPPED.get(key)
        if lines is None:
            if len(_WRAPPED) > 2000:
                _WRAPPED.clear()
            lines = _WRAPPED[key] = _wrap(text, width, lambda line: font.size(line)[0])
        return list(lines)
    return _wrap(text, width, measure)


def _wrap(text, width, measure):
    words = text.split()
    lines, line = [], ""
    for w in words:
        trial = w if not line else line + " " + w
        if measure(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    return lines
