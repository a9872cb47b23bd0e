"""The viewing player's hand (resource, development and progress cards) and
the row of action buttons under it."""

import pygame

from game.engine.constants import DEV_NAMES, PROGRESS_TRACK
from game.engine.state import GAME_OVER

from .. import theme, widgets
from ..eventtext import card_name, progress_name
from ..i18n import tr
from . import table_draw


def draw_hand(t, surf) -> None:
    L, text, v, me = t.layout, t.app.text, t.view, t.viewer
    s = L.s
    pygame.draw.rect(surf, theme.PANEL, L.hand)
    pygame.draw.line(surf, theme.PANEL_EDGE, L.hand.topleft, L.hand.topright)
    if me is None or v.phase == GAME_OVER:
        t.drawn_hand_seat = None
        return
    t.drawn_hand_seat = me
    hand = v.hands[me]
    label = text.render(tr("hand.title", name=t.names[me]), 13, t.colours[me], bold=True)
    surf.blit(label, (int(10 * s), L.hand.y + int(5 * s)))

    x = int(10 * s)
    for kind in range(len(hand)):
        r = pygame.Rect(x, L.cards_y, L.card_w, L.card_h)
        widgets.resource_card(surf, text, r, kind, hand[kind], card_name(kind), dim=hand[kind] == 0)
        x += L.card_w + L.card_gap
    x += int(14 * s)
    if t.ck:
        draw_progress_hand(t, surf, x)
    else:
        draw_dev_hand(t, surf, x)
    draw_buttons(t, surf)


def draw_progress_hand(t, surf, x) -> None:
    """The viewer's progress cards, one card per kind (×count), in the
    track's colour; clicking one opens it (its text and its choices)."""
    L, text, v, me = t.layout, t.app.text, t.view, t.viewer
    s = L.s
    label = text.render(tr("hand.progress"), 13, theme.TEXT_DIM, bold=True)
    surf.blit(label, (x, L.hand.y + int(5 * s)))
    prog = v.prog[me]
    held = [c for c in range(len(prog)) if prog[c]]
    room = L.hand.right - int(8 * s) - x
    w = min(int(L.card_w * 1.45), (room - L.card_gap * max(0, len(held) - 1)) // max(1, len(held)))
    for card in held:
        r = pygame.Rect(x, L.cards_y, w, L.card_h)
        hov = t.hover_key == ("prog_card", card)
        playable = any(c[0] == "progress" and c[2] == card for c in t.legal)
        base = theme.TRACK_RGB[PROGRESS_TRACK[card]]
        fill = theme.lighter(base, 0.2) if hov else (base if playable else theme.darker(base, 0.4))
        pygame.draw.rect(surf, (20, 20, 24), r.move(2, 3), border_radius=7)
        pygame.draw.rect(surf, fill, r, border_radius=7)
        pygame.draw.rect(surf, theme.ACCENT if hov else (240, 240, 236), r, 2, border_radius=7)
        ink = (16, 16, 16) if playable or hov else (210, 210, 210)
        font = t.app.fonts.get(11, True)
        for j, line in enumerate(widgets.wrap(progress_name(card), font, r.w - 6)[:3]):
            img = text.render(line, 11, ink, bold=True)
            if img.get_width() > r.w - 6:
                img = pygame.transform.smoothscale(img, (r.w - 6, img.get_height()))
            surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + int(5 * s) + j * img.get_height())))
        if prog[card] > 1:
            img = text.render(f"×{prog[card]}", 18, ink, bold=True)
            surf.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom - int(4 * s))))
        t.targets.add(("prog_card", card), r, lambda c=card: t.open_progress(c))
        x += r.w + L.card_gap
    if not held:
        img = text.render(tr("hand.no_progress"), 12, theme.TEXT_DIM)
        surf.blit(img, (x, L.cards_y + int(8 * s)))


def draw_dev_hand(t, surf, x) -> None:
    L, text, v, me = t.layout, t.app.text, t.view, t.viewer
    s = L.s
    dev = v.dev[me]
    new = v.dev_new[me]
    label = text.render(tr("hand.dev"), 13, theme.TEXT_DIM, bold=True)
    surf.blit(label, (x, L.hand.y + int(5 * s)))
    for kind in range(len(dev)):
        if not dev[kind]:
            continue
        r = pygame.Rect(x, L.cards_y, int(L.card_w * 1.25), L.card_h)
        hov = t.hover_key == ("dev_card", kind)
        fill = (92, 64, 130) if not hov else (120, 86, 166)
        pygame.draw.rect(surf, (20, 20, 24), r.move(2, 3), border_radius=7)
        pygame.draw.rect(surf, fill, r, border_radius=7)
        pygame.draw.rect(surf, theme.ACCENT if hov else (220, 210, 240), r, 2, border_radius=7)
        name = tr("dev." + DEV_NAMES[kind])
        for j, line in enumerate(widgets.wrap(name, t.app.fonts.get(12, True), r.w - 6)[:2]):
            img = text.render(line, 12, theme.TEXT, bold=True)
            if img.get_width() > r.w - 6:
                img = pygame.transform.smoothscale(img, (r.w - 6, img.get_height()))
            surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + int(6 * s) + j * img.get_height())))
        img = text.render(f"×{dev[kind]}", 20, theme.ACCENT, bold=True)
        surf.blit(img, img.get_rect(center=(r.centerx, r.centery + int(10 * s))))
        if new[kind]:
            img = text.render(tr("hand.new", n=new[kind]), 11, theme.TEXT_DIM)
            surf.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom - int(4 * s))))
        t.targets.add(("dev_card", kind), r, lambda k=kind: t.open_dev_card(k))
        x += r.w + L.card_gap


def draw_buttons(t, surf) -> None:
    from .table import BUILD_COSTS, SHORTCUT_LABELS
    L, text = t.layout, t.app.text
    s = L.s
    for name, rect in L.buttons.items():
        enabled = t.action_enabled(name)
        cost = BUILD_COSTS.get(name)
        sub = (lambda r, en, c=cost: widgets.cost_badges(surf, r, c, en)) if cost else None
        table_draw.btn(t, surf, ("btn", name), rect, tr("btn." + name), lambda n=name: t.action(n), enabled,
                 primary=enabled and name in ("roll", "end_turn") or t.mode == name,
                 selected=t.mode == name, size=14, sub=sub)
        hint = text.render(SHORTCUT_LABELS[name], 10, theme.TEXT_DIM if enabled else (100, 104, 112))
        surf.blit(hint, hint.get_rect(topright=(rect.right - int(5 * s), rect.y + int(2 * s))))
