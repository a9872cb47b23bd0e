"""The guided game's overlay on the table: a box with the step's two lines
(what to do, and why), the step count and, for an explanation, the Next
button; and a pulsing ring on what to click — a board spot (placed by the
board view's own geometry, `BoardView.target_pos`) or a button or dialog
control (the rectangle the table drew for it this frame, `ui.targets`).

The box stands in the left column in place of the table's prompt, so the
board stays in full sight; while a dialog covers the table it sits over the
hand strip's cards."""

import math
import time

import pygame

from game.engine.constants import KNIGHT

from .. import theme, widgets
from ..i18n import tr
from ..table import dialogs
from ..table.ui import btn

NEXT_KEY = ("tutorial", "next")
BOARD_SPOT = {"place_settlement": "node", "place_road": "edge", "build_road": "edge", "build_settlement": "node",
              "build_city": "node", "move_robber": "hex"}
BUTTONS = ("roll", "end_turn", "buy_dev")


def lines(advice, winner=None) -> tuple:
    """(what, why) of the advice, in the current language (the last step
    says who won: `winner`, when it is not the person)."""
    what, step, cmd = advice
    if step.name == "won" and winner is not None:
        return tr("tutorial.lost.what", name=winner), tr("tutorial.lost.why")
    if what in ("next", "do"):
        return tr(f"tutorial.step.{step.name}.what"), tr(f"tutorial.step.{step.name}.why")
    if what == "routine":
        why = "tutorial.routine.why" if cmd[0] in ("roll", "end_turn") else "tutorial.routine.why_first"
        return tr("tutorial.routine." + cmd[0]), tr(why)
    return tr("tutorial.wait"), tr("tutorial.wait_why")


def targets(advice, m) -> list:
    """What to ring: ("spot", kind, index) on the board or ("rect", target key)."""
    what, _, cmd = advice
    if what not in ("do", "routine") or cmd is None or m.viewer is None:
        return []
    kind = cmd[0]
    dialog = m.dialog
    if kind in BOARD_SPOT and (not kind.startswith("build_") or m.mode == kind):
        return [("spot", BOARD_SPOT[kind], cmd[2])]
    if kind.startswith("build_") or kind in BUTTONS:
        return [("rect", ("btn", kind))]
    if kind == "offer":
        if isinstance(dialog, dialogs.TradeEditor):
            give = [k for k, n in enumerate(cmd[2]) if n]
            get = [k for k, n in enumerate(cmd[3]) if n]
            return [("rect", ("give", "plus", k)) for k in give] + \
                [("rect", ("get", "plus", k)) for k in get] + [("rect", ("trade", "send"))]
        return [("rect", ("btn", "trade"))]
    if kind == "maritime":
        if isinstance(dialog, dialogs.BankDialog):
            return [("rect", ("bank", "give", cmd[2])), ("rect", ("bank", "get", cmd[3])), ("rect", ("bank", "ok"))]
        return [("rect", ("btn", "bank"))]
    if kind == "play_knight":
        if isinstance(dialog, dialogs.DevCardDialog):
            return [("rect", ("dev", "play"))]
        return [("rect", ("dev_card", KNIGHT))]
    if kind == "confirm_trade":
        return [("rect", ("responses", "with", cmd[2]))]
    if kind == "cancel_trade":
        return [("rect", ("responses", "withdraw"))]
    if kind == "steal":
        return [("rect", ("steal", cmd[2]))]
    if kind == "discard":
        return [("rect", ("discard", "ok"))]
    return []


def _points(ui, rings) -> list:
    out = []
    for ring in rings:
        if ring[0] == "spot" and ring[1] == "hex":             # the whole tile, round its number
            out.append(("tile", ui.board.hex_center(ring[2]), ui.board.R * 0.78))
        elif ring[0] == "spot":
            out.append(("spot", ui.board.target_pos(ring[1], ring[2])))
        else:
            rect = ui.targets.rect(ring[1])
            if rect is not None:
                out.append(("rect", rect))
    return out


def box_rect(ui, height, modal=False) -> pygame.Rect:
    """In the left column, over the prompt it stands for (the board stays in
    full sight); over the hand strip's cards while a dialog covers the table."""
    L, s = ui.layout, ui.layout.s
    if modal:
        right = min(r.x for r in L.buttons.values()) - int(8 * s)
        box = pygame.Rect(L.hand.x + int(6 * s), L.hand.y + int(4 * s), right - L.hand.x - int(12 * s), height)
        box.h = min(box.h, L.hand.h - int(8 * s))
        return box
    return pygame.Rect(L.top.x, L.top.y, L.top.w, max(height, L.top.h))


def draw(scene, surf) -> None:
    m, ui = scene.model, scene.ui
    guide = scene.c.guide
    if m.stage.blocking:
        return
    advice = scene.advice()
    s = ui.layout.s
    rings = _points(ui, targets(advice, m))
    draw_rings(surf, rings, s)
    view = m.view
    winner = view.winner if view is not None and view.winner not in (None, -1, guide.seat) else None
    what, why = lines(advice, None if winner is None else m.names[winner])
    head_font, body_font = ui.fonts.get(16, True), ui.fonts.get(14)
    modal = m.modal()
    next_w = int(96 * s) if advice[0] == "next" else 0
    next_h = int(38 * s) if next_w else 0
    probe = box_rect(ui, 10, modal)
    inner = probe.w - int(24 * s) - (next_w if modal else 0)    # the Next button: beside, or under
    head = widgets.wrap(what, head_font, inner)
    body = widgets.wrap(why, body_font, inner)
    lh_head, lh_body = head_font.get_linesize(), body_font.get_linesize()
    count_img = None if modal else \
        ui.text.render(tr("tutorial.count", k=guide.index + 1, n=len(guide.steps)), 12, theme.TEXT_DIM)
    count_h = count_img.get_height() if count_img else 0
    if modal:                                         # over the hand strip: the what comes first
        room = ui.layout.hand.h - int(20 * s)
        head = head[:2]
        while len(body) > 1 and len(head) * lh_head + len(body) * lh_body > room:
            body = body[:-1]
    height = int(16 * s) + count_h + len(head) * lh_head + len(body) * lh_body
    if next_h and not modal:
        height += next_h + int(8 * s)
    box = box_rect(ui, height, modal)
    pygame.draw.rect(surf, DARK, box, border_radius=10)     # opaque: the prompt and log lie under it
    pygame.draw.rect(surf, theme.ACCENT, box, max(1, int(2 * s)), border_radius=10)
    x, y = box.x + int(12 * s), box.y + int(6 * s)
    if count_img is not None:
        surf.blit(count_img, (x, y))
        y += count_h
    for line in head:
        surf.blit(ui.text.render(line, 16, theme.ACCENT, bold=True), (x, y))
        y += lh_head
    for line in body:
        surf.blit(ui.text.render(line, 14, theme.TEXT), (x, y))
        y += lh_body
    if next_w:
        rect = pygame.Rect(box.right - next_w - int(10 * s), 0, next_w, next_h)
        if modal:
            rect.centery = box.centery
        else:
            rect.bottom = box.bottom - int(8 * s)
        btn(m, ui, surf, NEXT_KEY, rect, tr("tutorial.next"), scene.press_next, primary=True)


DARK = (16, 20, 28)
RING = (255, 90, 60)                   # apart from the table's own yellow highlights


def draw_rings(surf, rings, s) -> None:
    """A pulsing ring round each target, and an arrow above it pointing down."""
    pulse = 0.5 + 0.5 * math.sin(time.monotonic() * 5)
    width = max(3, int(4 * s))
    for kind, where, *size in rings:
        if kind in ("spot", "tile"):
            x, y = int(where[0]), int(where[1])
            radius = int((size[0] if size else 18 * s) + 5 * pulse * s)
            pygame.draw.circle(surf, DARK, (x, y), radius + 2, width + 4)
            pygame.draw.circle(surf, RING, (x, y), radius, width)
            tip = y - radius - int(4 * s)
        else:
            pad = int((4 + 3 * pulse) * s)
            outline = where.inflate(2 * pad, 2 * pad)
            pygame.draw.rect(surf, DARK, outline.inflate(4, 4), width + 4, border_radius=9)
            pygame.draw.rect(surf, RING, outline, width, border_radius=8)
            x, tip = outline.centerx, outline.y - int(3 * s)
        if len(rings) == 1:
            a, h = int(11 * s), int((16 + 6 * pulse) * s)
            arrow = [(x, tip), (x - a, tip - h), (x + a, tip - h)]
            pygame.draw.polygon(surf, RING, arrow)
            pygame.draw.polygon(surf, DARK, arrow, max(1, int(2 * s)))
