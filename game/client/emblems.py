"""Each seat's emblem and road pattern: a second mark besides its colour, so
that seats are told apart without colour (colour-blind eyes, a grey
printout, two colours that look alike in a dim room).

Seat 0-5 has the emblem EMBLEMS[seat] (a circle, a triangle, a square, a
diamond, a star, a cross), drawn on its settlements, cities, knights and
merchant, on its badge in the player panel, before its name in the log and
as the marker of its line in the review chart; its roads carry the pattern
ROAD_PATTERNS[seat] (plain, dashes, dots, rungs, a centre line, a zigzag).
Marks on a piece are drawn in its `ink`: dark on a light colour, light on
a dark one, whichever stands out more."""

import math

import pygame

EMBLEMS = ("circle", "triangle", "square", "diamond", "star", "cross")
ROAD_PATTERNS = ("plain", "dashes", "dots", "rungs", "line", "zigzag")
INK_DARK = (20, 20, 20)
INK_LIGHT = (250, 248, 240)


def emblem_of(seat: int) -> str:
    return EMBLEMS[seat % len(EMBLEMS)]


def _luminance(rgb) -> float:
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink(rgb) -> tuple:
    """The mark colour on a piece of colour `rgb`: the one of INK_DARK and
    INK_LIGHT with the higher contrast ratio to it."""
    y = _luminance(rgb)
    dark = (y + 0.05) / (_luminance(INK_DARK) + 0.05)
    light = (_luminance(INK_LIGHT) + 0.05) / (y + 0.05)
    return INK_DARK if dark >= light else INK_LIGHT


def outline(shape: str, cx: float, cy: float, r: float):
    """The emblem's polygon round (cx, cy), about r from its middle (None
    for the circle).  The shapes have about the same area."""
    if shape == "triangle":
        return [(cx, cy - 1.25 * r), (cx + 1.15 * r, cy + 0.8 * r), (cx - 1.15 * r, cy + 0.8 * r)]
    if shape == "square":
        k = 0.88 * r
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "diamond":
        return [(cx, cy - 1.3 * r), (cx + 0.95 * r, cy), (cx, cy + 1.3 * r), (cx - 0.95 * r, cy)]
    if shape == "star":
        pts = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = 1.3 * r if k % 2 == 0 else 0.55 * r
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    if shape == "cross":
        a, b = 0.36 * r, 1.1 * r
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a), (cx + b, cy + a),
                (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b), (cx - a, cy + a), (cx - b, cy + a),
                (cx - b, cy - a), (cx - a, cy - a)]
    return None


SUPERSAMPLE = 4                # emblems are drawn this much larger and scaled down: smooth edges when small
_SPRITES = {}


def draw_emblem(surf, seat, centre, r, fill, edge=None, edge_w=1) -> None:
    """Seat's emblem at `centre`, about `r` from its middle, filled with
    `fill` and (with `edge`) rimmed in it, `edge_w` pixels wide."""
    img = emblem_sprite(seat, r, fill, edge, edge_w)
    surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def emblem_sprite(seat, r, fill, edge=None, edge_w=1) -> pygame.Surface:
    """The emblem as a small picture (transparent round it), kept per look."""
    key = (seat % len(EMBLEMS), round(r * 2) / 2, tuple(fill), tuple(edge) if edge else None, edge_w)
    img = _SPRITES.get(key)
    if img is None:
        if len(_SPRITES) > 400:
            _SPRITES.clear()
        r = key[1]
        k = SUPERSAMPLE
        side = int(2 * (1.35 * r + edge_w)) + 2
        big = pygame.Surface((side * k, side * k), pygame.SRCALPHA)
        c = side * k / 2
        pts = outline(emblem_of(seat), c, c, r * k)
        if edge is not None:             # the rim: the shape in the edge colour, the fill inset in it
            grow = edge_w * k
            if pts is None:
                pygame.draw.circle(big, edge, (c, c), r * k + grow / 2)
                pygame.draw.circle(big, fill, (c, c), r * k - grow / 2)
            else:
                pygame.draw.polygon(big, edge, pts)
                pygame.draw.polygon(big, fill, outline(emblem_of(seat), c, c, r * k - grow))
        elif pts is None:
            pygame.draw.circle(big, fill, (c, c), r * k)
        else:
            pygame.draw.polygon(big, fill, pts)
        img = _SPRITES[key] = pygame.transform.smoothscale(big, (side, side))
    return img


def draw_road_pattern(surf, seat, p1, p2, width, colour) -> None:
    """Seat's pattern in the ink of `colour` on a road drawn from p1 to p2,
    `width` wide."""
    pattern = ROAD_PATTERNS[seat % len(ROAD_PATTERNS)]
    if pattern == "plain":
        return
    (x1, y1), (x2, y2) = p1, p2
    length = math.hypot(x2 - x1, y2 - y1) or 1
    ux, uy = (x2 - x1) / length, (y2 - y1) / length         # along the road
    nx, ny = -uy, ux                                          # across it
    mark = ink(colour)
    thin = max(1, round(width * 0.3))

    def at(t, across=0.0):
        return (x1 + ux * length * t + nx * across, y1 + uy * length * t + ny * across)
    if pattern == "dashes":
        for k in range(3):
            pygame.draw.line(surf, mark, at(0.08 + 0.32 * k), at(0.08 + 0.32 * k + 0.2), thin)
    elif pattern == "dots":
        for k in range(4):
            pygame.draw.circle(surf, mark, at(0.14 + 0.24 * k), max(1.0, width * 0.26))
    elif pattern == "rungs":
        half = width * 0.5
        for k in range(4):
            t = 0.14 + 0.24 * k
            pygame.draw.line(surf, mark, at(t, -half), at(t, half), thin)
    elif pattern == "line":
        pygame.draw.line(surf, mark, at(0.04), at(0.96), thin)
    elif pattern == "zigzag":
        amp = width * 0.32
        pts = [at(0.04 + 0.92 * k / 6, amp if k % 2 else -amp) for k in range(7)]
        pygame.draw.lines(surf, mark, False, pts, thin)


_BADGES = {}


def badge(seat, size, colour) -> pygame.Surface:
    """A seat's badge: a disc of its colour with a dark rim and its emblem
    in the disc's ink (kept per look)."""
    key = (seat, int(size), tuple(colour))
    img = _BADGES.get(key)
    if img is None:
        if len(_BADGES) > 100:
            _BADGES.clear()
        n = max(8, int(size))
        img = pygame.Surface((n, n), pygame.SRCALPHA)
        pygame.draw.circle(img, INK_DARK, (n / 2, n / 2), n / 2)
        pygame.draw.circle(img, colour, (n / 2, n / 2), n / 2 - max(1, n // 10))
        draw_emblem(img, seat, (n / 2, n / 2), n * 0.22, ink(colour))
        _BADGES[key] = img
    return img
