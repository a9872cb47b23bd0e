"""Choosing a card, or a kind of card, by clicking its picture.

Every decision that names a card kind or a card (Monopoly and Year of
Plenty, Resource/Trade Monopoly, Merchant Fleet, Aqueduct, Commercial
Harbor, the Spy's pick, the progress-card limit) shows the candidates as a
row of card pictures (game/client/cards.py), the same pictures as the hand
and the discard dialog.  A card under the mouse rises, and a line under
the row says what it is and does: inside a dialog the table's tooltip is
not shown."""

import pygame

from game.engine.constants import CARD_NAMES, PROGRESS_NAMES

from .. import cards, theme, widgets
from ..eventtext import card_name, progress_name
from ..i18n import tr


class Pick:
    """One card of a row: its face ("res", kind) or ("prog", card), the
    target key its click is known by, what the click does, and how it
    looks (a count on it, chosen, or not offered)."""

    def __init__(self, face, key, action, count=None, selected=False, enabled=True):
        self.face, self.key, self.action = face, key, action
        self.count, self.selected, self.enabled = count, selected, enabled


def face_for(kind, value):
    """The card face of a chooser's value: a resource or commodity kind
    ("card"), or a progress card ("prog", "prog_pair")."""
    return ("prog", value) if kind in ("prog", "prog_pair") else ("res", value)


def label(face) -> str:
    return progress_name(face[1]) if face[0] == "prog" else card_name(face[1])


def describe(face) -> str:
    """The full name and what the card does (the hover line)."""
    if face[0] == "prog":
        return f"{progress_name(face[1])}: {tr('prog.' + PROGRESS_NAMES[face[1]] + '.text')}"
    return tr("cards.tip." + CARD_NAMES[face[1]])


CARD = (62, 86)            # a resource or commodity card in a dialog, in design units
PROGRESS_CARD = (78, 108)  # progress cards are larger: their names are longer
LINE = 52                  # room under a row for the hover line


def _design_size(picks) -> tuple:
    return PROGRESS_CARD if any(p.face[0] == "prog" for p in picks) else CARD


def size_for(m, ui, picks) -> tuple:
    """(w, h) in pixels of the cards of a row."""
    w, h = _design_size(picks)
    return int(w * ui.layout.s), int(h * ui.layout.s)


def row_units(picks) -> int:
    """The height a row with its hover line takes, in design units (for
    sizing a dialog)."""
    return _design_size(picks)[1] + LINE


def draw_row(m, ui, surf, centre_x, y, picks, max_w, explain=True, card=None) -> pygame.Rect:
    """Draw `picks` as a row of cards centred on centre_x from y (the cards
    overlap when the row would be wider than max_w), add their targets, and
    under the row the name and use of the card under the mouse.  Returns
    the rect of the row and its line (`explain`: that line is wanted).
    `card`: (w, h) in design units, where not the usual size (size_for)."""
    s = ui.layout.s
    w, h = size_for(m, ui, picks) if card is None else (int(card[0] * s), int(card[1] * s))
    gap = int((10 if card is None else 6) * s)
    n = len(picks)
    step = min(w + gap, (max_w - w) / max(1, n - 1)) if n > 1 else 0
    total = int(w + step * (n - 1))
    x = centre_x - total // 2
    hovered = None
    line_y = y + h + int(10 * s)
    lines = pygame.Rect(0, line_y, max_w + int(40 * s), 2 * ui.fonts.get(13).get_linesize() + int(4 * s))
    lines.centerx = centre_x
    for i, p in enumerate(picks):
        r = pygame.Rect(int(x + i * step), y, w, h)
        hover = p.enabled and m.hover_key == p.key
        if hover or (m.hover_key == p.key and not p.enabled):
            hovered = p
        img = cards.card(ui.text, p.face, w, h, label(p.face), p.count, dim=not p.enabled,
                         hover=hover, selected=p.selected)
        surf.blit(img, r.move(0, -int(8 * s) if hover or p.selected else 0))
        # under the mouse a card lifts (its shadow lies outside r), and its name and use stand under the row
        drawn = pygame.Rect(r.topleft, img.get_size())
        ui.targets.hover_area(p.key, drawn.union(drawn.move(0, -int(8 * s))).union(lines) if explain
                              else drawn.union(drawn.move(0, -int(8 * s))))
        if p.enabled:
            ui.targets.add(p.key, r, p.action)
        else:
            ui.targets.add(p.key, r, None)          # hovering says what it is all the same
    if hovered is not None and explain:
        font = ui.fonts.get(13)
        for k, line in enumerate(widgets.wrap(describe(hovered.face), font, max_w)[:2]):
            img = ui.text.render(line, 13, theme.ACCENT)
            surf.blit(img, img.get_rect(midtop=(centre_x, line_y + k * font.get_linesize())))
    return pygame.Rect(x, y, total, h + int(LINE * s))


def draw_tray(m, ui, surf, tray, chosen, empty="pick.tray_empty") -> None:
    """The tray under a row: the chosen cards, one small picture each;
    `chosen` is [(face, key, action)], a click on a card puts it back;
    `empty`: the catalog key of what an empty tray says (where the cards
    to click lie)."""
    s = ui.layout.s
    pygame.draw.rect(surf, theme.darker(theme.PANEL, 0.35), tray, border_radius=int(8 * s))
    if not chosen:                 # what the tray is for, in two lines where one is wider than the tray
        font = ui.fonts.get(13)
        lines = widgets.wrap(tr(empty), font, tray.w - int(12 * s))
        y = tray.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            img = ui.text.render(line, 13, theme.TEXT_DIM)
            surf.blit(img, img.get_rect(midtop=(tray.centerx, y)) if len(lines) > 1 else img.get_rect(center=tray.center))
            y += font.get_linesize()
        return
    tw, th = int(34 * s), int(48 * s)
    step = min(tw + int(4 * s), (tray.w - int(12 * s) - tw) / max(1, len(chosen) - 1))
    x = tray.x + int(6 * s)
    for face, key, action in chosen:
        r = pygame.Rect(int(x), tray.y + int(5 * s), tw, th)
        surf.blit(cards.card(ui.text, face, tw, th), r)
        ui.targets.add(key, r, action)
        x += step
