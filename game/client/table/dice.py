"""The dice at the table: the two number dice (in Cities & Knights one of
them red, CK-3.3) and the event die (CK-1.6), drawn once per look and
thrown into the sea when a roll is fresh."""

import math
import time

import pygame

from game.engine.constants import SHIP_FACES

from .. import theme, widgets
from ..boardview import draw_gate, draw_ship
from .model import DICE_SECONDS


_DICE = {}


def die_sprite(m, ui, i, face, size, seven=False) -> pygame.Surface:
    """Die i (0 white, 1 white or C&K's red, 2 the event die) showing
    `face`, drawn once per look."""
    key = (i, face, size, seven, m.ck)
    img = _DICE.get(key)
    if img is None:
        if len(_DICE) > 200:
            _DICE.clear()
        pad = max(3, size // 10)
        img = pygame.Surface((size + pad, size + pad), pygame.SRCALPHA)
        r = pygame.Rect(0, 0, size, size)
        if i == 2:
            draw_event_die(m, ui, img, r, face)
        elif i == 1 and m.ck:           # C&K: the red die decides progress cards (CK-3.3)
            widgets.die(img, r, face, colour=(196, 40, 36), pip=(250, 246, 236))
        else:
            widgets.die(img, r, face, pip=(196, 30, 30) if seven else (30, 30, 30))
        _DICE[key] = img
    return img


def draw_event_die(m, ui, surf, rect, face) -> None:
    """The event die (CK-1.6): a black ship, or a city gate in a track's colour."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, (20, 20, 20), rect.move(3, 4), border_radius=int(rect.w * 0.18))
    pygame.draw.rect(surf, (250, 246, 236), rect, border_radius=int(rect.w * 0.18))
    pygame.draw.rect(surf, (90, 90, 90), rect, 1, border_radius=int(rect.w * 0.18))
    inner = rect.inflate(-rect.w * 0.16, -rect.h * 0.16)
    if face < SHIP_FACES:
        draw_ship(surf, inner)
    else:
        draw_gate(surf, inner, theme.TRACK_RGB[face - SHIP_FACES])


def draw_dice(m, ui, surf) -> None:
    """The dice at rest in the sea; while a roll is fresh they are thrown
    there from the hand: tumbling, bouncing and showing random faces."""
    v = m.view
    now = time.monotonic()
    rolling = now < m.dice_until
    if rolling:
        faces = (ui.rnd.randint(1, 6), ui.rnd.randint(1, 6), ui.rnd.randint(0, 5))
    elif v.dice:
        faces = tuple(v.dice)
    else:
        return
    L = ui.layout
    seven = sum(faces[:2]) == 7 and not rolling
    k = 1.0 - (m.dice_until - now) / DICE_SECONDS if rolling else 1.0
    k = min(1.0, max(0.0, k))
    for i, (rect, face) in enumerate(zip(L.dice, faces)):
        img = die_sprite(m, ui, i, face, rect.w, seven)
        if rolling:
            e = 1 - (1 - k) ** 3                      # ease out: fast throw, soft landing
            x0, y0 = L.board.centerx + (i - 1) * rect.w, L.board.bottom - rect.h
            x = x0 + (rect.centerx - x0) * e
            y = y0 + (rect.centery - y0) * e - abs(math.sin(k * math.pi * 2.5)) * rect.h * (1 - k) * 1.5
            img = pygame.transform.rotate(img, (1 - e) * 540 * (1 if i % 2 else -1))
            surf.blit(img, img.get_rect(center=(x, y)))
        else:
            surf.blit(img, rect)
    if len(faces) > 2 and not rolling:
        ui.targets.add(("event_die", faces[2]), L.dice[2], None)
