"""The keyboard's focus: Tab, Shift+Tab and the arrow keys move it over the
things a screen lets the mouse click, Enter presses the one it is on.

A screen gives its focusable things as `Item`s (a key it knows them by,
the rectangle the ring is drawn round, the point the arrows measure from),
in their fixed order.  Tab goes to the next in that order (Shift+Tab the
one before, both round the end); an arrow goes to the nearest item in its
direction on screen (`towards`): within a cone round the arrow's
direction, nearer and straighter first, or else the nearest anywhere on
that side.  Nothing is focused until the first of these keys; then the
screen's first item (or the one it suggests).

`KeyFocus` keeps the focus of one screen; `draw_ring` draws it.  The
table's board cursor and its dialogs (table/keyboard.py), the forms built
with pygame_gui (scene.GuiScene) and the hand-drawn menus
(scene.keys_over_targets) all move it the same way."""

import math

import pygame

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
MOVE_KEYS = (pygame.K_TAB,) + tuple(ARROWS)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
CONE = 2.0             # an arrow's cone: sideways at most this many times as far as ahead (about 63°)
SIDEWAYS = 0.5         # inside the cone the nearest wins, a step sideways counting half a step more


class Item:
    """One focusable thing: its `key`, its `rect` (the ring goes round it)
    and the `point` the arrows measure from (the rect's centre unless given)."""

    __slots__ = ("key", "rect", "point")

    def __init__(self, key, rect, point=None):
        self.key = key
        self.rect = pygame.Rect(rect)
        self.point = tuple(point) if point is not None else self.rect.center

    def __repr__(self):
        return f"Item({self.key!r}, {tuple(self.rect)})"


def reading_order(items) -> list:
    """Items in rows from the top, each row left to right: an item is in the
    row of the topmost one not yet placed when its point lies within half
    that one's height of it (a lifted card, the tilted ends of a fan, stay
    in their row: the order does not change with the look)."""
    out, row = [], []
    for it in sorted(items, key=lambda it: it.point[1]):
        if row and it.point[1] - row[0].point[1] > max(row[0].rect.h, it.rect.h) / 2:
            out += sorted(row, key=lambda r: r.point[0])
            row = []
        row.append(it)
    return out + sorted(row, key=lambda r: r.point[0])


def towards(items, here, direction, skip=None):
    """The item nearest `here` in `direction` ((dx, dy) of an arrow), or
    None when nothing lies that way; `skip`: the key of the item at `here`."""
    dx, dy = direction
    best, best_score, side, side_d = None, None, None, None
    for it in items:
        if it.key == skip:
            continue
        vx, vy = it.point[0] - here[0], it.point[1] - here[1]
        ahead = vx * dx + vy * dy
        if ahead <= 0.5:
            continue
        across = abs(vx * dy - vy * dx)
        if across <= CONE * ahead:
            score = math.hypot(vx, vy) + SIDEWAYS * across
            if best_score is None or score < best_score:
                best, best_score = it, score
        d = math.hypot(vx, vy)
        if side_d is None or d < side_d:
            side, side_d = it, d
    return best if best is not None else side


def nearest(items, here):
    """The item whose point is nearest `here` (None for no items)."""
    return min(items, key=lambda it: math.hypot(it.point[0] - here[0], it.point[1] - here[1]), default=None)


class KeyFocus:
    """The focus of one screen: the key of the item it is on (None: none),
    whether the keys put it there (`by_keys`: the ring is drawn, Enter
    presses it), and where it was last (`rect`, `point`), which keeps the
    ring in place and lets a focus whose item went find the nearest one."""

    def __init__(self):
        self.key = None
        self.by_keys = False
        self.rect = None
        self.point = None
        self.context = None            # what the screen showed when the focus was set (its owner's business)

    def clear(self) -> None:
        self.key, self.by_keys = None, False

    def put(self, item) -> None:
        """Focus `item` (by the keys)."""
        self.key, self.rect, self.point, self.by_keys = item.key, pygame.Rect(item.rect), item.point, True

    def on(self, items):
        """The item the focus is on, among `items`, or None."""
        if self.key is None:
            return None
        return next((it for it in items if it.key == self.key), None)

    def move(self, items, key, mods=0, start=None) -> bool:
        """Apply the move key `key` (Tab, Shift+Tab or an arrow) over `items`
        (in their fixed order); `start`: the item to go to first (else the
        first item).  True when the key was a move key and items there are."""
        if key not in MOVE_KEYS or not items:
            return False
        current = self.on(items)
        if current is None:
            if self.key is not None and self.point is not None and self.by_keys:
                target = nearest(items, self.point)          # its item went: the nearest one instead
            else:
                target = start if start is not None and start in items else items[0]
        elif key == pygame.K_TAB:
            i = items.index(current) + (-1 if mods & pygame.KMOD_SHIFT else 1)
            target = items[i % len(items)]
        else:
            target = towards(items, current.point, ARROWS[key], current.key) or current
        self.put(target)
        return True


def draw_ring(surf, rect, scale, round_spot=False) -> None:
    """The focus ring round `rect` (a round spot of the board: a circle),
    dark-edged so that it shows on the sea, the island and the panels."""
    width = max(2, int(3 * scale))
    if round_spot:
        radius = max(rect.w, rect.h) // 2
        pygame.draw.circle(surf, (12, 14, 20), rect.center, radius + width, width + 3)
        pygame.draw.circle(surf, FOCUS, rect.center, radius, width)
        return
    pad = max(2, int(3 * scale))
    outline = pygame.Rect(rect).inflate(2 * pad, 2 * pad)
    pygame.draw.rect(surf, (12, 14, 20), outline.inflate(4, 4), width + 2, border_radius=8)
    pygame.draw.rect(surf, FOCUS, outline, width, border_radius=7)


FOCUS = (120, 220, 255)        # apart from the yellow of lit spots and the guided game's red rings
