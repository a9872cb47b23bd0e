"""Card pictures: resource, commodity, development and progress cards, drawn
in code (our own simple vector drawings) and cached as sprites.

`card(text, face, w, h, ...)` returns a surface for one card; `face` is
("res", kind) for a resource or commodity, ("dev", kind), ("prog", card) or
("back",).  The same arguments give the same (cached) surface, so a frame
that shows a hand costs one blit per card."""

import math
import re

import pygame

from game.engine.constants import DEV_NAMES, PROGRESS_TRACK

from . import theme

PAPER = (250, 246, 232)
INK = (28, 24, 20)
DEV_RGB = (96, 70, 140)

_CACHE = {}


def card(text, face, w, h, label="", count=None, dim=False, hover=False, selected=False, angle=0.0,
         seen_w=None):
    """`seen_w`: how much of the card's width is seen (the rest lies under
    the next card of a fan); the label is fitted into that part."""
    seen_w = None if seen_w is None or seen_w >= w else max(8, int(seen_w))
    key = (face, w, h, label, count, dim, hover, selected, round(angle, 1), text.fonts.scale, seen_w)
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) > 600:
            _CACHE.clear()
        surf = _draw_card(text, face, w, h, label, count, dim, hover, selected, seen_w)
        if angle:
            surf = pygame.transform.rotozoom(surf, angle, 1.0)
        _CACHE[key] = surf
    return surf


def face_colour(face):
    kind, ident = face[0], face[1] if len(face) > 1 else None
    if kind == "res":
        return theme.RESOURCE_RGB[ident]
    if kind == "prog":
        return theme.TRACK_RGB[PROGRESS_TRACK[ident]]
    return DEV_RGB


def _draw_card(text, face, w, h, label, count, dim, hover, selected, seen_w=None):
    pad = max(2, w // 16)
    surf = pygame.Surface((w + pad, h + pad), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, w, h)
    radius = max(4, w // 8)
    pygame.draw.rect(surf, (0, 0, 0, 90), r.move(pad, pad), border_radius=radius)     # shadow
    rim = theme.GOOD if selected else (theme.ACCENT if hover else PAPER)     # chosen: green, under the mouse: gold
    pygame.draw.rect(surf, rim, r, border_radius=radius)
    inner = r.inflate(-max(4, w // 9), -max(4, w // 9))
    base = face_colour(face)
    pygame.draw.rect(surf, base, inner, border_radius=max(3, radius - 2))
    band_h = inner.h * (0.34 if face[0] in ('prog', 'dev') else 0.28) if label else 0
    art = pygame.Rect(inner.x, inner.y, inner.w, inner.h - band_h)
    _ART.get(face[0], _art_back)(surf, art, face, base)
    if label:
        band = pygame.Rect(inner.x, inner.bottom - band_h, inner.w, band_h)
        pygame.draw.rect(surf, PAPER, band, border_bottom_left_radius=max(3, radius - 2),
                         border_bottom_right_radius=max(3, radius - 2))
        size = 12 if h > 90 * text.fonts.scale else 10
        seen = band.copy()
        if seen_w is not None:                    # only the left part shows in a tight fan
            seen.w = max(6, min(band.w, seen_w - (inner.x - r.x) - 1))
        if seen.w < band.w * 0.7:                # a tight fan: every overlapped card alike
            _draw_side_label(text, surf, label, r, inner, seen.w, size)
        else:
            _draw_label(text, surf, label, seen, size)
    if count is not None:
        cr = max(8, int(w * 0.2))
        centre = (r.x + cr + 1, r.y + cr + 1)        # top left: still seen when the cards overlap
        pygame.draw.circle(surf, INK, centre, cr + 1)
        pygame.draw.circle(surf, PAPER if count else (150, 150, 150), centre, cr)
        num = text.render(str(count), 13 if w > 56 * text.fonts.scale else 11, INK, bold=True)
        surf.blit(num, num.get_rect(center=centre))
    if dim:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((20, 24, 32, 150))
        surf.blit(shade, (0, 0), special_flags=0)
    return surf


def _draw_label(text, surf, label, band, size):
    """The card's name in its band: one line, or two ("Trade / Monopoly")
    when one is too wide, squeezed only as a last resort."""
    room = band.w - 4
    img = text.render(label, size, INK, bold=True)
    words = re.split(r"\s+|(?<=-)", label)              # "Handelswaren-" / "monopolie" may part too
    if img.get_width() > room and len(words) > 1:       # two lines
        half = max(1, len(words) // 2)
        parts = [_join(words[:half]), _join(words[half:])]
        lines = [text.render(part, size - 1, INK, bold=True) for part in parts]
        if max(li.get_width() for li in lines) > room and size > 9:
            lines = [text.render(part, size - 2, INK, bold=True) for part in parts]
        y = band.centery - sum(li.get_height() for li in lines) * 0.42
        for li in lines:
            if li.get_width() > room:
                li = pygame.transform.smoothscale(li, (room, li.get_height()))
            surf.blit(li, li.get_rect(midtop=(band.centerx, y)))
            y += li.get_height() * 0.84
        return
    if img.get_width() > room and size > 9:
        img = text.render(label, size - 2, INK, bold=True)
    if img.get_width() > room:
        img = pygame.transform.smoothscale(img, (room, img.get_height()))
    surf.blit(img, img.get_rect(center=band.center))


def _draw_side_label(text, surf, label, r, inner, seen_w, size):
    """In a tight fan a name too long for the strip that shows is written
    upwards along the card's left edge, as on the index of a fanned hand of
    real cards: a narrow paper ribbon from under the count to the bottom,
    the rest of the strip keeps the picture."""
    top = r.y + int(r.w * 0.44)                   # under the count's circle
    img = text.render(label, size - 1, INK, bold=True)
    room = max(8, min(inner.w, seen_w - (inner.x - r.x) - 1))
    if img.get_height() > room - 2:
        img = text.render(label, size - 2, INK, bold=True)
    img = pygame.transform.rotate(img, 90)
    ribbon = pygame.Rect(inner.x, top, min(room, img.get_width() + 4), inner.bottom - top)
    pygame.draw.rect(surf, PAPER, ribbon, border_radius=3)
    if img.get_height() > ribbon.h - 4:
        img = pygame.transform.smoothscale(img, (img.get_width(), ribbon.h - 4))
    if img.get_width() > ribbon.w - 2:
        img = pygame.transform.smoothscale(img, (ribbon.w - 2, img.get_height()))
    surf.blit(img, img.get_rect(midbottom=(ribbon.centerx, ribbon.bottom - 2)))


def _join(words) -> str:
    """Words back into a line: a hyphenated part keeps its hyphen, no space."""
    return "".join(w if w.endswith("-") else w + " " for w in words).strip()


# --- artwork, one function per card family ------------------------------------------------
def _art_res(surf, r, face, base):
    kind = face[1]
    cx, cy, u = r.centerx, r.centery, min(r.w, r.h) / 10
    light, dark = theme.lighter(base, 0.35), theme.darker(base, 0.4)
    pygame.draw.ellipse(surf, theme.lighter(base, 0.15), r.inflate(-r.w * 0.12, -r.h * 0.2))
    if kind == 0:                      # wood: three firs
        for dx, s in ((-2.4, 0.8), (2.4, 0.8), (0, 1.0)):
            x = cx + dx * u
            pygame.draw.rect(surf, (92, 60, 30), (x - u * 0.35 * s, cy + u * 1.6 * s, u * 0.7 * s, u * 1.4 * s))
            for k, sh in ((0, (20, 70, 30)), (1, (34, 100, 44))):
                top = cy - u * (3.2 - k * 1.2) * s
                pygame.draw.polygon(surf, sh, [(x, top), (x + u * 1.9 * s, cy + u * (1.8 - k) * s),
                                               (x - u * 1.9 * s, cy + u * (1.8 - k) * s)])
    elif kind == 1:                    # brick: a small wall
        bw, bh = u * 2.6, u * 1.2
        for row in range(4):
            off = (row % 2) * bw / 2
            for col in range(-1, 3):
                b = pygame.Rect(cx - bw * 1.5 + col * bw + off - bw / 2 + bw / 2, cy + (row - 2) * bh, bw - 2, bh - 2)
                b = b.clip(r.inflate(-u, -u))
                if b.w > 2:
                    pygame.draw.rect(surf, (196, 98, 62), b)
                    pygame.draw.rect(surf, (110, 46, 28), b, 1)
    elif kind == 2:                    # wool: a sheep
        body = pygame.Rect(0, 0, u * 6, u * 3.8)
        body.center = (cx - u * 0.3, cy + u * 0.3)
        for dx, dy in ((-2, -1), (0, -1.4), (2, -1), (-2.2, 0.6), (0, 0.9), (2.2, 0.6)):
            pygame.draw.circle(surf, (250, 250, 244), (body.centerx + dx * u, body.centery + dy * u), u * 1.3)
        pygame.draw.ellipse(surf, (48, 44, 44), (body.right - u * 0.6, body.y + u * 0.2, u * 1.8, u * 2.2))
        for dx in (-1.6, 1.2):
            pygame.draw.line(surf, (48, 44, 44), (body.centerx + dx * u, body.bottom - u * 0.3),
                             (body.centerx + dx * u, body.bottom + u * 1.1), max(2, int(u * 0.5)))
    elif kind == 3:                    # grain: a sheaf
        for k in range(-3, 4):
            top = (cx + k * u * 0.9, cy - u * 3.2 + abs(k) * u * 0.4)
            pygame.draw.line(surf, (160, 118, 30), (cx, cy + u * 3.4), top, max(1, int(u * 0.3)))
            pygame.draw.ellipse(surf, (252, 222, 120), (top[0] - u * 0.5, top[1] - u * 0.9, u, u * 1.8))
            pygame.draw.ellipse(surf, (170, 126, 30), (top[0] - u * 0.5, top[1] - u * 0.9, u, u * 1.8), 1)
        pygame.draw.line(surf, (120, 80, 20), (cx - u * 1.2, cy + u * 1.6), (cx + u * 1.2, cy + u * 1.6),
                         max(2, int(u * 0.5)))
    elif kind == 4:                    # ore: a heap of rocks
        for dx, dy, s in ((-1.8, 1.2, 1.0), (1.8, 1.3, 1.0), (0, -0.4, 1.3)):
            x, y = cx + dx * u, cy + dy * u
            pts = [(x - 2 * u * s, y + u * s), (x - 1.2 * u * s, y - 1.3 * u * s), (x + 0.4 * u * s, y - 1.8 * u * s),
                   (x + 2 * u * s, y - 0.2 * u * s), (x + 1.4 * u * s, y + 1.2 * u * s)]
            pygame.draw.polygon(surf, (82, 86, 100), pts)
            pygame.draw.polygon(surf, (186, 190, 204), pts[1:4] + [(x, y)])
            pygame.draw.polygon(surf, (40, 42, 50), pts, 1)
    elif kind == 5:                    # paper: a scroll
        sheet = pygame.Rect(0, 0, u * 5, u * 6)
        sheet.center = (cx, cy)
        pygame.draw.rect(surf, (252, 248, 230), sheet)
        for k in range(4):
            y = sheet.y + u * (1.2 + k * 1.1)
            pygame.draw.line(surf, (120, 110, 90), (sheet.x + u * 0.8, y), (sheet.right - u * 0.8, y), 1)
        for y in (sheet.y, sheet.bottom):
            pygame.draw.ellipse(surf, (200, 180, 130), (sheet.x - u * 0.6, y - u * 0.6, sheet.w + u * 1.2, u * 1.2))
    elif kind == 6:                    # cloth: a bolt of cloth
        roll = pygame.Rect(0, 0, u * 6.4, u * 3.2)
        roll.center = (cx, cy - u * 0.6)
        pygame.draw.rect(surf, (186, 140, 206), roll, border_radius=int(u * 1.6))
        for k in range(1, 4):
            x = roll.x + roll.w * k / 4
            pygame.draw.line(surf, (120, 80, 150), (x, roll.y + 2), (x, roll.bottom - 2), 1)
        pygame.draw.polygon(surf, (186, 140, 206), [(roll.x + u, roll.bottom - 2), (roll.right - u * 0.5, roll.bottom - 2),
                                                    (roll.right - u * 1.4, roll.bottom + u * 2.4),
                                                    (roll.x + u * 0.2, roll.bottom + u * 2.4)])
    elif kind == 7:                    # coin: a stack of coins
        for k in range(3):
            e = pygame.Rect(0, 0, u * 5, u * 2)
            e.center = (cx, cy + u * (1.8 - k * 1.2))
            pygame.draw.ellipse(surf, (150, 112, 30), e.move(0, u * 0.5))
            pygame.draw.ellipse(surf, (246, 208, 84), e)
            pygame.draw.ellipse(surf, (150, 112, 30), e, 1)
    else:
        pygame.draw.circle(surf, light, (cx, cy), u * 3)
        pygame.draw.circle(surf, dark, (cx, cy), u * 3, 2)


def _star(surf, c, r, colour):
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)


def _art_dev(surf, r, face, base):
    kind = DEV_NAMES[face[1]]
    cx, cy, u = r.centerx, r.centery, min(r.w, r.h) / 10
    pygame.draw.circle(surf, theme.lighter(base, 0.2), (cx, cy), u * 4)
    gold = (246, 206, 80)
    if kind == "knight":               # a shield with a sword
        shield = [(cx - u * 2.4, cy - u * 2.6), (cx + u * 2.4, cy - u * 2.6), (cx + u * 2.2, cy + u * 0.6),
                  (cx, cy + u * 3), (cx - u * 2.2, cy + u * 0.6)]
        pygame.draw.polygon(surf, (200, 60, 50), shield)
        pygame.draw.polygon(surf, gold, shield, max(1, int(u * 0.4)))
        pygame.draw.line(surf, (236, 236, 240), (cx, cy - u * 3.4), (cx, cy + u * 1.8), max(2, int(u * 0.6)))
        pygame.draw.line(surf, gold, (cx - u * 1.2, cy - u * 1.4), (cx + u * 1.2, cy - u * 1.4), max(2, int(u * 0.5)))
    elif kind == "road_building":      # two road pieces
        for dy in (-1.2, 1.2):
            pygame.draw.line(surf, INK, (cx - u * 3, cy + dy * u + u), (cx + u * 3, cy + dy * u - u), int(u * 1.4))
            pygame.draw.line(surf, (214, 160, 90), (cx - u * 3, cy + dy * u + u), (cx + u * 3, cy + dy * u - u),
                             int(u * 0.9))
    elif kind == "year_of_plenty":     # two resource cards
        for k, res in ((0, 3), (1, 0)):
            c = pygame.Rect(0, 0, u * 3.2, u * 4.4)
            c.center = (cx - u * 0.9 + k * u * 1.8, cy - u * 0.3 + k * u * 0.6)
            pygame.draw.rect(surf, PAPER, c, border_radius=int(u * 0.5))
            pygame.draw.rect(surf, theme.RESOURCE_RGB[res], c.inflate(-u * 0.6, -u * 0.6), border_radius=int(u * 0.4))
    elif kind == "monopoly":           # a crown
        pts = [(cx - u * 3, cy + u * 1.8), (cx - u * 3, cy - u * 1.6), (cx - u * 1.5, cy), (cx, cy - u * 2.4),
               (cx + u * 1.5, cy), (cx + u * 3, cy - u * 1.6), (cx + u * 3, cy + u * 1.8)]
        pygame.draw.polygon(surf, gold, pts)
        pygame.draw.polygon(surf, INK, pts, 1)
    else:                              # a victory point: a star
        _star(surf, (cx, cy), u * 3.4, gold)


_TRACK_ICONS = {}


def _art_prog(surf, r, face, base):
    track = PROGRESS_TRACK[face[1]]
    cx, cy, u = r.centerx, r.y + r.h * 0.42, min(r.w, r.h) / 10
    dark = theme.darker(base, 0.45)
    pygame.draw.circle(surf, theme.lighter(base, 0.3), (cx, cy), u * 3)
    if track == 0:                     # trade: a coin with a ship's sail
        pygame.draw.circle(surf, (246, 208, 84), (cx, cy), u * 2.2)
        pygame.draw.circle(surf, dark, (cx, cy), u * 2.2, max(1, int(u * 0.3)))
        pygame.draw.polygon(surf, dark, [(cx - u * 0.2, cy - u * 1.4), (cx - u * 0.2, cy + u * 0.8), (cx + u * 1.2, cy + u * 0.8)])
    elif track == 1:                   # politics: a tower
        body = pygame.Rect(0, 0, u * 2.6, u * 3.6)
        body.midbottom = (cx, cy + u * 2)
        pygame.draw.rect(surf, dark, body)
        for k in range(3):
            pygame.draw.rect(surf, dark, (body.x + k * u * 1.0, body.y - u * 0.8, u * 0.6, u * 0.8))
    else:                              # science: a flask
        pygame.draw.polygon(surf, dark, [(cx - u * 0.6, cy - u * 2), (cx + u * 0.6, cy - u * 2), (cx + u * 0.6, cy - u * 0.4),
                                         (cx + u * 2, cy + u * 1.8), (cx - u * 2, cy + u * 1.8), (cx - u * 0.6, cy - u * 0.4)])


def _art_back(surf, r, face, base):
    cx, cy, u = r.centerx, r.centery, min(r.w, r.h) / 10
    pts = [(cx + u * 3 * math.cos(math.radians(60 * k + 30)), cy + u * 3 * math.sin(math.radians(60 * k + 30)))
           for k in range(6)]
    pygame.draw.polygon(surf, theme.lighter(base, 0.3), pts)
    pygame.draw.polygon(surf, PAPER, pts, max(1, int(u * 0.3)))


_ART = {"res": _art_res, "dev": _art_dev, "prog": _art_prog, "back": _art_back}


def chip(kind, side, enabled=True):
    """A small square picture of a resource or commodity (cost chips, bank,
    harbors): its colour, its drawing and a light rim, so that even grey ore
    reads as a card and not as an empty slot."""
    side = max(8, int(side))
    key = ("chip", kind, side, enabled)
    surf = _CACHE.get(key)
    if surf is None:
        big = 64
        art = pygame.Surface((big, big), pygame.SRCALPHA)
        base = theme.RESOURCE_RGB[kind]
        r = art.get_rect()
        pygame.draw.rect(art, PAPER, r, border_radius=12)
        inner = r.inflate(-8, -8)
        pygame.draw.rect(art, base, inner, border_radius=9)
        _art_res(art, inner.inflate(-4, -4), ("res", kind), base)
        surf = pygame.transform.smoothscale(art, (side, side))
        if not enabled:
            shade = pygame.Surface((side, side), pygame.SRCALPHA)
            shade.fill((40, 44, 52, 130))
            surf.blit(shade, (0, 0))
        _CACHE[key] = surf
    return surf
