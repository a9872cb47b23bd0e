"""The guided game's overlay on the table: a box with the step's two lines
(what to do, and why), the step count and, for an explanation, the Next
button; and a pulsing ring on what to click — a board spot (placed by the
board view's own geometry, `BoardView.target_pos`) or a button or dialog
control (the rectangle the table drew for it this frame, `ui.targets`).

The box stands in the left column in place of the table's prompt, dialog
or not, so the board and the hand stay in full sight; the column's log
begins under it (`prompt_height`: the tallest box any step needs at the
window's size, so the log does not jump from step to step).  On the narrow
table (200 %) the box is the band over the board instead (band.py: its
words in pages).  No arrow points at a ring: it covered the words next to
what it pointed at."""

import math
import time

import pygame

from game.engine.constants import KNIGHT
from game.engine.rules import discard_limit

from .. import theme, widgets
from ..eventtext import card_name, cards_text, count_text
from ..i18n import tr
from ..table import dialogs
from ..table.ui import btn
from . import band
from . import steps as S
from .guide import SETTLED

NEXT_KEY = ("tutorial", "next")
BOARD_SPOT = {"place_settlement": "node", "place_road": "edge", "build_road": "edge", "build_settlement": "node",
              "build_city": "node", "move_robber": "hex"}
BUTTONS = ("roll", "end_turn", "buy_dev")
HEAD, BODY, COUNT = 16, 14, 12                 # text sizes (design size)


def lines(advice, winner=None, view=None, me=S.PERSON) -> tuple:
    """(what, why) of the advice, in the current language (the last step
    says who won: `winner`, when it is not the person; `view`, the person's,
    says what a waiting step still lacks)."""
    what, step, cmd = advice
    if step.name == "won" and winner is not None:
        return tr("tutorial.lost.what", name=winner), tr("tutorial.lost.why")
    lesson = tr(f"tutorial.step.{step.name}.what")
    if what == "next" and cmd == SETTLED:
        return tr(f"tutorial.step.{step.name}.done.what"), tr(f"tutorial.step.{step.name}.done.why")
    if what == "do" and cmd[0] not in step.kinds:       # a trade the lesson needs first
        return help_line(cmd), tr("tutorial.help.why", what=lesson)
    if what in ("next", "do"):
        return lesson, tr(f"tutorial.step.{step.name}.why")
    if what == "routine":
        return tr("tutorial.routine." + cmd[0]), waiting_why(step, cmd, view, me)
    return tr("tutorial.wait"), tr("tutorial.wait_why")


def help_line(cmd) -> str:
    if cmd[0] == "maritime":
        return tr("tutorial.help.maritime", give=card_name(cmd[2]), get=count_text(cmd[3], 1))
    return tr("tutorial.help.offer", give=cards_text(cmd[2]), get=cards_text(cmd[3]))


def waiting_why(step, cmd, view, me) -> str:
    """Why the step waits while the turn's plain move is asked: what it
    still lacks, when that is cards."""
    if cmd[0] not in ("roll", "end_turn"):
        return tr("tutorial.routine.why_first")
    if view is not None and step.lacks is not None:
        cost, cards = step.lacks(view, me)
        if cards and view.hand_n[me] < cards:
            return tr("tutorial.routine.keep", limit=discard_limit(view, me))
        short = [max(0, n - h) for n, h in zip(cost, view.hands[me])]
        if any(short):
            return tr("tutorial.routine.lacks", cards=cards_text(short))
    return tr("tutorial.routine.why")


def count_line(guide, advice, short=False) -> str:
    """The step count: the step on show, or (while the turn's plain move is
    asked) the step that comes next; `short`: without "Learn to play" (the narrow table's band)."""
    key = "tutorial.count" if advice[0] in ("next", "do") else "tutorial.count_next"
    return tr(key + ("_short" if short else ""), k=guide.number, n=len(guide.steps))


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
    if kind == "skip_steal":
        return [("rect", ("steal", "skip"))]
    if kind == "discard":
        chosen = getattr(dialog, "sel", None) or [0] * len(cmd[2])
        more = [k for k, n in enumerate(cmd[2]) if n > chosen[k]]
        return [("rect", ("discard", "plus", k)) for k in more] or [("rect", ("discard", "ok"))]
    if kind == "decline":
        return [("rect", ("answer", "decline"))]
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


def box_rect(ui, height=0) -> pygame.Rect:
    """In the left column, over the prompt it stands for (the board and the
    hand stay in full sight)."""
    L = ui.layout
    return pygame.Rect(L.top.x, L.top.y, L.top.w, max(height, L.top.h))


def _wrapped(ui, advice, winner, view, me, width):
    what, why = lines(advice, winner, view, me)
    return widgets.wrap(what, ui.fonts.get(HEAD, True), width), widgets.wrap(why, ui.fonts.get(BODY), width)


def box_height(ui, head, body, explaining) -> int:
    s = ui.layout.s
    height = int(16 * s) + ui.fonts.get(COUNT).get_linesize() + len(head) * ui.fonts.get(HEAD, True).get_linesize() \
        + len(body) * ui.fonts.get(BODY).get_linesize()
    return height + (int(46 * s) if explaining else 0)


def prompt_height(ui) -> int:
    """The tallest box of any step's texts (and the routine moves') at this size."""
    width = ui.layout.top.w - int(24 * ui.layout.s)
    head_font, body_font = ui.fonts.get(HEAD, True), ui.fonts.get(BODY)
    texts = [(tr(f"tutorial.step.{step.name}.what"), tr(f"tutorial.step.{step.name}.why"), not step.kinds)
             for step in S.STEPS]
    texts += [(tr(f"tutorial.step.{step.name}.done.what"), tr(f"tutorial.step.{step.name}.done.why"), True)
              for step in S.STEPS if step.settled is not None]
    texts.append((tr("tutorial.lost.what", name="M" * 12), tr("tutorial.lost.why"), True))
    texts.append((tr("tutorial.help.offer", give="1 wood", get="1 grain"),
                  tr("tutorial.help.why", what=tr("tutorial.step.settlement.what")), False))
    texts.append((tr("tutorial.routine.end_turn"), tr("tutorial.routine.lacks", cards="1 wood, 1 brick, 1 grain"),
                  False))
    return max(box_height(ui, widgets.wrap(a, head_font, width), widgets.wrap(b, body_font, width), explaining)
               for a, b, explaining in texts)


def draw(scene, surf) -> None:
    m, ui = scene.model, scene.ui
    guide = scene.c.guide
    if m.stage.blocking:
        return
    advice = scene.advice()
    s = ui.layout.s
    # (the narrow table's island is small: its rings keep to the hexes' size)
    draw_rings(surf, _points(ui, targets(advice, m)), min(s, ui.board.R / 30) if ui.layout.narrow else s)
    view = m.view
    winner = view.winner if view is not None and view.winner not in (None, -1, guide.seat) else None
    explaining = advice[0] == "next"
    if ui.layout.narrow:
        what, why = lines(advice, None if winner is None else m.names[winner], scene.c.view(guide.seat), guide.seat)
        band.draw(scene, surf, band.book(ui, what, why, HEAD, BODY), count_line(guide, advice, short=True),
                  explaining, (HEAD, COUNT), DARK, NEXT_KEY)
        return
    inner = box_rect(ui).w - int(24 * s)
    head, body = _wrapped(ui, advice, None if winner is None else m.names[winner], scene.c.view(guide.seat),
                          guide.seat, inner)
    box = box_rect(ui, box_height(ui, head, body, explaining))
    pygame.draw.rect(surf, DARK, box, border_radius=10)     # opaque: the prompt lies under it
    pygame.draw.rect(surf, theme.ACCENT, box, max(1, int(2 * s)), border_radius=10)
    x, y = box.x + int(12 * s), box.y + int(6 * s)
    count_img = ui.text.render(count_line(guide, advice), COUNT, theme.TEXT_DIM)
    surf.blit(count_img, (x, y))
    y += ui.fonts.get(COUNT).get_linesize()
    for line in head:
        surf.blit(ui.text.render(line, HEAD, theme.ACCENT, bold=True), (x, y))
        y += ui.fonts.get(HEAD, True).get_linesize()
    for line in body:
        surf.blit(ui.text.render(line, BODY, theme.TEXT), (x, y))
        y += ui.fonts.get(BODY).get_linesize()
    if explaining:
        rect = pygame.Rect(0, 0, int(96 * s), int(38 * s))
        rect.bottomright = (box.right - int(10 * s), box.bottom - int(8 * s))
        btn(m, ui, surf, NEXT_KEY, rect, tr("tutorial.next"), scene.press_next, primary=True)


DARK = (16, 20, 28)
RING = (255, 90, 60)                   # apart from the table's own yellow highlights


def draw_rings(surf, rings, s) -> None:
    """A pulsing ring round each target (a dark edge keeps it apart from
    the board; no arrow, which covered the words beside the target)."""
    pulse = 0.5 + 0.5 * math.sin(time.monotonic() * 5)
    width = max(3, int(4 * s))
    for kind, where, *size in rings:
        if kind in ("spot", "tile"):
            x, y = int(where[0]), int(where[1])
            radius = int((size[0] if size else 18 * s) + 5 * pulse * s)
            pygame.draw.circle(surf, DARK, (x, y), radius + 2, width + 4)
            pygame.draw.circle(surf, RING, (x, y), radius, width)
            if not size:                   # a small spot: a second, fainter ring draws the eye
                pygame.draw.circle(surf, RING, (x, y), radius + int((8 + 6 * pulse) * s), max(1, int(2 * s)))
        else:
            pad = int((2 + 2 * pulse) * s)
            outline = where.inflate(2 * pad, 2 * pad)
            pygame.draw.rect(surf, DARK, outline.inflate(4, 4), width + 2, border_radius=9)
            pygame.draw.rect(surf, RING, outline, width, border_radius=8)
