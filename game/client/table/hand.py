"""The viewing player's hand and the action buttons beside it.

The hand is a fan of card pictures (game/client/cards.py): one card per kind
held, its count on it, resources and commodities first, then development or
progress cards; a card under the mouse rises.  Development and progress
cards open when clicked.  The strip's background and title belong to the
cached layer (draw_hand_base); the cards and buttons follow the mouse and are
drawn every frame from cached sprites."""

import pygame

from game.engine.constants import (
    COST_CITY, COST_DEV, COST_KNIGHT, COST_ROAD, COST_SETTLEMENT, COST_WALL, DEV_NAMES,
)
from game.engine.state import GAME_OVER, SPECIAL_BUILD

from .. import cards, theme, widgets
from ..eventtext import card_name
from ..i18n import has_text, language, tr
from . import cardpick
from .ui import btn

FAN_DEGREES = 3.0          # the tilt of the outermost cards
BUILD_COSTS = {"build_road": COST_ROAD, "build_settlement": COST_SETTLEMENT,
               "build_city": COST_CITY, "buy_dev": COST_DEV, "build_wall": COST_WALL,
               "recruit_knight": COST_KNIGHT}
# the action buttons' keys (controls.py), shown on the buttons
SHORTCUTS = {pygame.K_r: "roll", pygame.K_1: "build_road", pygame.K_2: "build_settlement",
             pygame.K_3: "build_city", pygame.K_d: "buy_dev", pygame.K_t: "trade",
             pygame.K_b: "bank", pygame.K_e: "end_turn", pygame.K_w: "build_wall",
             pygame.K_k: "recruit_knight", pygame.K_i: "chart", pygame.K_o: "harbor",
             pygame.K_p: "pass_build"}
SHORTCUT_LABELS = {name: pygame.key.name(key).upper() for key, name in SHORTCUTS.items()}
SHORTCUT_LABELS["undo"] = "Ctrl+Z"          # (controls.py: with Ctrl or Cmd only)


def draw_hand_base(m, ui, surf) -> None:
    L, text, v, me = ui.layout, ui.text, m.view, m.viewer
    s = L.s
    pygame.draw.rect(surf, theme.PANEL, L.hand)
    pygame.draw.line(surf, theme.PANEL_EDGE, L.hand.topleft, L.hand.topright)
    if me is None or v.phase == GAME_OVER or m.curtain_for is not None:
        ui.drawn_hand_seat = None
        return
    ui.drawn_hand_seat = me
    room = min(L.buttons.values(), key=lambda r: r.x).x - L.cards.x - int(10 * s) if L.buttons else L.cards.w
    label = widgets.fit_label(text, tr("hand.title", name=m.names[me]), 13, m.colours[me], True, room)
    surf.blit(label, (L.cards.x + int(4 * s), L.hand.y + int(4 * s)))
    if not hand_cards(m):
        img = text.render(tr("hand.none"), 13, theme.TEXT_DIM)
        surf.blit(img, img.get_rect(midleft=(L.cards.x + int(8 * s), L.cards.centery)))


def hand_cards(m, play=None) -> list:
    """[(face, count, label, key, action, playable)] of the viewer's hand, in
    the order they are fanned: resources and commodities, then the rule
    set's cards (the table part's hand_cards; the actions are `play`'s)."""
    v, me = m.view, m.viewer
    out = []
    held = v.hands[me]
    for kind in range(len(held)):
        if held[kind]:
            out.append((("res", kind), held[kind], card_name(kind), ("hand_card", kind), None, True))
    out += m.part.hand_cards(m, play)         # development or progress cards
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


def draw_hand_cards(m, ui, play, surf) -> None:
    L, v, me = ui.layout, m.view, m.viewer
    if me is None or v.phase == GAME_OVER or m.curtain_for is not None:
        return
    items = hand_cards(m, play)
    hover = next((i for i, item in enumerate(items) if item[3] == m.hover_key), None)
    placed = fan(L.cards, len(items), L.card_w, L.card_h, L.card_gap, hover)
    for i, ((r, angle), (face, count, label, key, action, playable)) in enumerate(zip(placed, items)):
        # the next card covers this one's right part: the name is fitted into what shows
        seen = placed[i + 1][0].x - r.x if i + 1 < len(placed) else None
        img = cards.card(ui.text, face, r.w, r.h, label, count, dim=not playable,
                         hover=i == hover and action is not None, angle=angle, seen_w=seen)
        surf.blit(img, img.get_rect(center=r.center))
        ui.targets.add(key, r, action)


def card_tip(key) -> str:
    """The hover text of a card in the hand: its full name and what it is
    for (progress and development cards say what they do)."""
    if key[0] == "hand_card":
        return cardpick.describe(("res", key[1]))
    if key[0] == "prog_card":
        return cardpick.describe(("prog", key[1]))
    return f"{tr('dev.' + DEV_NAMES[key[1]])}: {tr('dev.' + DEV_NAMES[key[1]] + '.text')}"


def slot_action(m, name) -> str:
    """The action of the button in the layout's slot `name` now: in the
    Special Building Phase the End turn button passes (X-1.7; its key P)."""
    if name == "end_turn" and m.view is not None and m.view.phase == SPECIAL_BUILD:
        return "pass_build"
    return name


def button_label(ui, name, rect) -> str:
    """An action button's words: a shorter form where the full one would not
    fit its width at a readable size (narrow buttons at a larger scale)."""
    label = tr("btn." + name)
    short = "btn." + name + ".short"
    if has_text(language(), short) and widgets.label_width(ui.text, label, 10, False) > rect.w - int(6 * ui.layout.s):
        return tr(short)
    return label


def draw_buttons(m, ui, play, surf) -> None:
    for slot, rect in ui.layout.buttons.items():
        name = slot_action(m, slot)
        enabled = m.action_enabled(name)
        btn(m, ui, surf, ("btn", name), rect, button_label(ui, name, rect), lambda n=name: play.action(n), enabled,
            primary=enabled and name in ("roll", "end_turn", "pass_build") or m.mode == name,
            selected=m.mode == name, size=14, cost=BUILD_COSTS.get(name), hint=SHORTCUT_LABELS[name])

