"""Small pictures drawn in code for the player panels: cards in hand,
development and progress cards, knights, roads, Largest Army, Longest Road,
a metropolis and victory points (a seat's badge: emblems.py).

`icon(name, size, colour=None)` gives a square picture (transparent around
it), drawn once per look and kept."""

import math

import pygame

from . import theme

OUTLINE = (16, 18, 24)
_ICONS = {}


def icon(name, size, colour=None) -> pygame.Surface:
    key = (name, int(size), colour)
    img = _ICONS.get(key)
    if img is None:
        if len(_ICONS) > 300:
            _ICONS.clear()
        size = max(8, int(size))
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        PAINTERS[name](img, size, colour)
        _ICONS[key] = img
    return img


def _card(surf, rect, fill, edge=OUTLINE):
    rad = max(2, rect.w // 5)
    pygame.draw.rect(surf, edge, rect.inflate(2, 2), border_radius=rad)
    pygame.draw.rect(surf, fill, rect, border_radius=rad)


def _cards(surf, n, colour):
    """Two fanned card backs."""
    w, h = int(n * 0.52), int(n * 0.74)
    back = pygame.Rect(int(n * 0.12), int(n * 0.08), w, h)
    _card(surf, back, (150, 64, 52))
    front = pygame.Rect(int(n * 0.36), int(n * 0.2), w, h)
    _card(surf, front, (196, 86, 66))
    pygame.draw.rect(surf, (236, 210, 150), front.inflate(-w // 3, -h // 3), max(1, n // 14),
                     border_radius=max(1, n // 10))


def _dev(surf, n, colour):
    """A development card: a purple card with a gold star."""
    r = pygame.Rect(int(n * 0.2), int(n * 0.08), int(n * 0.6), int(n * 0.84))
    _card(surf, r, (112, 70, 160))
    _star(surf, r.centerx, r.centery, n * 0.2, theme.ACCENT)


def _progress(surf, n, colour):
    """A progress card: a parchment card with a quill stroke."""
    r = pygame.Rect(int(n * 0.2), int(n * 0.08), int(n * 0.6), int(n * 0.84))
    _card(surf, r, (226, 208, 160))
    for k in range(3):
        y = r.y + r.h * (0.3 + 0.2 * k)
        pygame.draw.line(surf, (120, 96, 60), (r.x + r.w * 0.2, y), (r.right - r.w * 0.2, y), max(1, n // 14))


def _knight(surf, n, colour):
    """A knight's helm from the front: a round crown with a red plume, a
    dark eye slit, the cheeks drawn in to a pointed chin (a square foot
    read as a little house at panel size)."""
    c = colour or (190, 196, 206)
    w = max(1, n // 12)
    pygame.draw.polygon(surf, (200, 50, 40), [(n * 0.44, n * 0.2), (n * 0.56, n * 0.02), (n * 0.9, n * 0.1),
                                              (n * 0.6, n * 0.24)])
    helm = [(n * 0.5 + n * 0.32 * math.cos(a), n * 0.44 - n * 0.3 * math.sin(a))
            for a in (math.pi * k / 8 for k in range(9))]                     # the crown, right to left
    helm += [(n * 0.2, n * 0.7), (n * 0.5, n * 0.96), (n * 0.8, n * 0.7)]       # the cheeks and the chin
    pygame.draw.polygon(surf, c, helm)
    pygame.draw.polygon(surf, OUTLINE, helm, w)
    pygame.draw.line(surf, OUTLINE, (n * 0.22, n * 0.5), (n * 0.78, n * 0.5), max(2, n // 7))     # the eye slit
    for k in (-1, 1):                                                                              # breaths
        pygame.draw.line(surf, OUTLINE, (n * (0.5 + 0.1 * k), n * 0.64), (n * (0.5 + 0.1 * k), n * 0.76),
                         max(1, n // 14))


def _road(surf, n, colour):
    """A road piece, slanted."""
    c = colour or (196, 150, 96)
    w = max(3, int(n * 0.22))
    a, b = (n * 0.16, n * 0.8), (n * 0.84, n * 0.22)
    pygame.draw.line(surf, OUTLINE, a, b, w + 3)
    pygame.draw.line(surf, c, a, b, w)


def _longest_road(surf, n, colour):
    """Longest Road: a winding road of three pieces."""
    c = colour or theme.ACCENT
    pts = [(n * 0.1, n * 0.78), (n * 0.38, n * 0.6), (n * 0.38, n * 0.32), (n * 0.66, n * 0.16), (n * 0.9, n * 0.3)]
    w = max(2, int(n * 0.16))
    pygame.draw.lines(surf, OUTLINE, False, pts, w + 3)
    pygame.draw.lines(surf, c, False, pts, w)


def _army(surf, n, colour):
    """Largest Army: a shield with crossed swords."""
    c = colour or theme.ACCENT
    pts = [(n * 0.18, n * 0.14), (n * 0.82, n * 0.14), (n * 0.82, n * 0.5), (n * 0.5, n * 0.9), (n * 0.18, n * 0.5)]
    pygame.draw.polygon(surf, c, pts)
    pygame.draw.polygon(surf, OUTLINE, pts, max(1, n // 12))
    wdt = max(1, n // 10)
    pygame.draw.line(surf, OUTLINE, (n * 0.32, n * 0.26), (n * 0.66, n * 0.64), wdt)
    pygame.draw.line(surf, OUTLINE, (n * 0.68, n * 0.26), (n * 0.34, n * 0.64), wdt)


def _metropolis(surf, n, colour):
    """A metropolis: a tower with battlements, in its track's colour."""
    c = colour or theme.ACCENT
    body = pygame.Rect(int(n * 0.28), int(n * 0.3), int(n * 0.44), int(n * 0.6))
    pygame.draw.rect(surf, OUTLINE, body.inflate(2, 2))
    pygame.draw.rect(surf, c, body)
    m = max(2, int(n * 0.12))
    for k in range(3):
        r = pygame.Rect(body.x + k * (body.w - m) // 2, body.y - m, m, m + 1)
        pygame.draw.rect(surf, OUTLINE, r.inflate(2, 2))
        pygame.draw.rect(surf, c, r)
    door = pygame.Rect(0, 0, max(2, int(n * 0.14)), int(n * 0.22))
    door.midbottom = body.midbottom
    pygame.draw.rect(surf, OUTLINE, door)


def _vp(surf, n, colour):
    _star(surf, n / 2, n / 2, n * 0.46, colour or theme.ACCENT)


def _defender(surf, n, colour):
    """Defender of Catan: a green shield."""
    _army(surf, n, colour or theme.GOOD)


def _merchant(surf, n, colour):
    """The merchant: a figure in its owner's colour."""
    c = colour or theme.ACCENT
    body = [(n * 0.24, n * 0.9), (n * 0.5, n * 0.38), (n * 0.76, n * 0.9)]
    pygame.draw.polygon(surf, c, body)
    pygame.draw.polygon(surf, OUTLINE, body, max(1, n // 12))
    pygame.draw.circle(surf, c, (n * 0.5, n * 0.28), n * 0.16)
    pygame.draw.circle(surf, OUTLINE, (n * 0.5, n * 0.28), n * 0.16, max(1, n // 12))


def _star(surf, cx, cy, r, colour):
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, OUTLINE, pts, 1)


PAINTERS = {"cards": _cards, "dev": _dev, "progress": _progress, "knight": _knight, "road": _road,
            "longest_road": _longest_road, "army": _army, "metropolis": _metropolis, "vp": _vp,
            "defender": _defender, "merchant": _merchant}
