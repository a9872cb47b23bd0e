"""The dice at the table, drawn once per look by the rule set's table part
(the base game's two white dice; in Cities & Knights one of them red,
CK-3.3, and the event die, CK-1.6) and thrown into the sea when a roll is
fresh."""

import math
import time

import pygame

from .model import DICE_SECONDS


_DICE = {}


def die_sprite(m, ui, i, face, size, seven=False) -> pygame.Surface:
    """Die i showing `face`, as the table part draws it, once per look."""
    key = (i, face, size, seven, m.part.rules)
    img = _DICE.get(key)
    if img is None:
        if len(_DICE) > 200:
            _DICE.clear()
        pad = max(3, size // 10)
        img = pygame.Surface((size + pad, size + pad), pygame.SRCALPHA)
        m.part.draw_die(img, pygame.Rect(0, 0, size, size), i, face, seven)
        _DICE[key] = img
    return img


def draw_dice(m, ui, surf) -> None:
    """The dice at rest in the sea; while a roll is fresh they are thrown
    there from the hand: tumbling, bouncing and showing random faces."""
    v = m.view
    now = time.monotonic()
    rolling = now < m.dice_until
    if rolling:
        faces = m.part.rolling_faces(ui.rnd)
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
    if not rolling:
        for i, (rect, face) in enumerate(zip(L.dice, faces)):
            key = m.part.die_target(i, face)
            if key is not None:
                ui.targets.add(key, rect, None)
