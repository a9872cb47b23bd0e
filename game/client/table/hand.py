"""The viewing player's hand and the action buttons beside it.

The hand is a fan of card pictures (game/client/cards.py): one card per kind
held, its count on it, resources and commodities first, then development or
progress cards; a card under the mouse rises.  Development and progress
cards open when clicked.  The strip's background and title belong to the
cached layer (draw_hand_base); the cards and buttons follow the mouse and are
drawn every frame from cached sprites."""

import pygame

from game.engine.constants import DEV_NAMES
from game.engine.state import GAME_OVER

from .. import cards, theme
from ..eventtext import card_name, progress_name
from ..i18n import tr
from . import cardpick, draw as table_draw

FAN_DEGREES = 3.0          # the tilt of the outermost cards


def draw_hand_base(t, surf) -> None:
    L, text, v, me = t.layout, t.app.text, t.view, t.viewer
    s = L.s
    pygame.draw.rect(surf, theme.PANEL, L.hand)
    pygame.draw.line(surf, theme.PANEL_EDGE, L.hand.topleft, L.hand.topright)
    if me is None or v.phase == GAME_OVER or t.curtain_for is not None:
        t.drawn_hand_seat = None
        return
    t.drawn_hand_seat = me
    label = text.render(tr("hand.title", name=t.names[me]), 13, t.colours[me], bold=True)
    surf.blit(label, (L.cards.x + int(4 * s), L.hand.y + int(4 * s)))
    if not hand_cards(t):
        img = text.render(tr("hand.none"), 13, theme.TEXT_DIM)
        surf.blit(img, img.get_rect(midleft=(L.cards.x + int(8 * s), L.cards.centery)))


def hand_cards(t) -> list:
    """[(face, count, label, key, action, playable)] of the viewer's hand, in
    the order they are fanned."""
    v, me = t.view, t.viewer
    out = []
    held = v.hands[me]
    for kind in range(len(held)):
        if held[kind]:
            out.append((("res", kind), held[kind], card_name(kind), ("hand_card", kind), None, True))
    if t.ck:
        prog = v.prog[me]
        for card in range(len(prog)):
            if prog[card]:
                playable = any(c[0] == "progress" and c[2] == card for c in t.legal)
                out.append((("prog", card), prog[card], progress_name(card), ("prog_card", card),
                            lambda c=card: t.open_progress(c), playable))
    else:
        dev = v.dev[me]
        for kind in range(len(dev)):
            if dev[kind]:
                out.append((("dev", kind), dev[kind], tr("dev." + DEV_NAMES[kind]), ("dev_card", kind),
                            lambda k=kind: t.open_dev_card(k), True))
    return out


def fan(rect, n, card_w, card_h, gap, hover=None):
    """Rectangles and tilts of n cards fanned across `rect` (left to right);
    the hovered one rises."""
    if n == 0:
        return []
    step = min(card_w + gap, (rect.w - card_w) / max(1, n - 1)) if n > 1 else 0
    width = card_w + step * (n - 1)
    x0 = rect.x + max(0, (min(rect.w, width * 1.0) - width) / 2)
    out = []
    for i in range(n):
        k = (i - (n - 1) / 2) / max(1, (n - 1) / 2) if n > 1 else 0.0       # -1 .. 1
        lift = int(card_h * 0.12) if i == hover else 0
        r = pygame.Rect(int(x0 + i * step), rect.y + int(abs(k) * card_h * 0.04) - lift, card_w, card_h)
        out.append((r, -k * FAN_DEGREES if step < card_w else 0.0))
    return out


def draw_hand_cards(t, surf) -> None:
    L, v, me = t.layout, t.view, t.viewer
    if me is None or v.phase == GAME_OVER or t.curtain_for is not None:
        return
    items = hand_cards(t)
    hover = next((i for i, item in enumerate(items) if item[3] == t.hover_key), None)
    placed = fan(L.cards, len(items), L.card_w, L.card_h, L.card_gap, hover)
    for i, ((r, angle), (face, count, label, key, action, playable)) in enumerate(zip(placed, items)):
        # the next card covers this one's right part: the name is fitted into what shows
        seen = placed[i + 1][0].x - r.x if i + 1 < len(placed) else None
        img = cards.card(t.app.text, face, r.w, r.h, label, count, dim=not playable,
                         hover=i == hover and action is not None, angle=angle, seen_w=seen)
        surf.blit(img, img.get_rect(center=r.center))
        t.targets.add(key, r, action)


def card_tip(t, key) -> str:
    """The hover text of a card in the hand: its full name and what it is
    for (progress and development cards say what they do)."""
    if key[0] == "hand_card":
        return cardpick.describe(("res", key[1]))
    if key[0] == "prog_card":
        return cardpick.describe(("prog", key[1]))
    return f"{tr('dev.' + DEV_NAMES[key[1]])}: {tr('dev.' + DEV_NAMES[key[1]] + '.text')}"


def draw_buttons(t, surf) -> None:
    from .controls import BUILD_COSTS, SHORTCUT_LABELS
    for name, rect in t.layout.buttons.items():
        enabled = t.action_enabled(name)
        table_draw.btn(t, surf, ("btn", name), rect, tr("btn." + name), lambda n=name: t.action(n), enabled,
                       primary=enabled and name in ("roll", "end_turn") or t.mode == name,
                       selected=t.mode == name, size=14, cost=BUILD_COSTS.get(name), hint=SHORTCUT_LABELS[name])

