"""Hints at the table: the ? key (or / and the Hint button in the sea's
bottom right corner) shows what the Hard computer would do now for the
person whose hand is shown — the spot lit on the board (a tile ringed
whole) and one line of why, drawn from the valuation terms the move raises
most (game/bots/hint.py), and what a 7 would take of a hand the move
leaves too big.  A guided game's controller gives its own hint, the
lesson's move (`controller.advise`), so the hint and the lesson agree.

The computer is shown that person's view only, never more.  In a LAN game
only when its host allows hints (the lobby tells every peer: the
controller's `hints_allowed`), and then for the laptop's own seat, from its
own view; otherwise the hint says the host does not allow them."""

import math
import time

import pygame

from game.bots.hint import advice
from game.engine import deciders
from game.engine.constants import PROGRESS_NAMES

from .. import theme, widgets
from . import board_lines
from .ckdialogs import arg_types
from .tips import draw_tooltip
from .ui import btn
from ..eventtext import card_name, cards_text, count_text, progress_name, track_name
from ..i18n import tr, trn

LEVEL = "hard"
HINT_RING = (255, 255, 255)
# Cards a round from which a reason counts them ("about 1 brick a round");
# below it, it names the kind alone ("more brick coming in").
ABOUT_ONE = 0.75
KEYS = (pygame.K_QUESTION, pygame.K_SLASH)

# The board spot a command points at: (spot kind, index of the argument).
_SPOT = {"build_road": ("edge", 2), "place_road": ("edge", 2), "build_settlement": ("node", 2),
         "place_settlement": ("node", 2), "build_city": ("node", 2), "place_city": ("node", 2),
         "build_wall": ("node", 2), "recruit_knight": ("node", 2), "activate_knight": ("node", 2),
         "promote_knight": ("node", 2), "chase_robber": ("node", 2), "move_knight": ("node", 3),
         "displace_knight": ("node", 3), "move_robber": ("hex", 2)}


def spots_of(cmd) -> list:
    """The (spot kind, id) the hinted command points at on the board: one,
    several (the knights a C&K decision sends) or none."""
    spot = _SPOT.get(cmd[0])
    if spot is not None:
        return [(spot[0], cmd[spot[1]])]
    if cmd[0] in ("resolve", "progress"):   # a decision or a card answered on the board
        types, args = arg_types(cmd[0], cmd[2] if cmd[0] == "resolve" else PROGRESS_NAMES[cmd[2]]), cmd[3]
        if types == "nodeset":
            return [("node", n) for n in args]
        if isinstance(types, tuple):
            return [(kind, a) for kind, a in zip(types, args) if kind in ("node", "edge", "hex") and a != -1]
    return []


def seat_to_advise(m, play):
    """The person whose hand is shown, when they have something to decide now."""
    if m.curtain_for is not None or m.view is None or m.viewer is None:
        return None
    if m.viewer not in m.people or m.viewer not in deciders(m.view):
        return None
    return m.viewer


def available(m, play) -> bool:
    return bool(getattr(play.c, "hotseat", False) or getattr(play.c, "hints_allowed", False))


def show(m, play) -> None:
    """Work out the hint (the ? key, the button) and put it on the table."""
    if not available(m, play):
        play.note(tr("hint.lan_off"), theme.TEXT_DIM)
        return
    seat = seat_to_advise(m, play)
    if seat is None:
        play.note(tr("hint.nothing"), theme.TEXT_DIM)
        return
    view = play.c.view(seat)                 # that person's view, nothing more
    guided = getattr(play.c, "advise", None)  # a guided game hints its lesson's move (tutorial/guide.py)
    found = guided(seat) if guided is not None else advice(view, seat, LEVEL, seed=len(m.log))
    if found is None:
        play.note(tr("hint.nothing"), theme.TEXT_DIM)
        return
    m.hint = {"view": m.view, "seat": seat, "cmd": found["cmd"], "why": found["why"],
              "line": hint_line(found["cmd"], found["why"], m.names, found.get("seven")),
              "shown": time.monotonic()}
    play.redraw()


def withdraw_nothing(m, play) -> None:
    """Take back "no hint now: nothing to decide" once the person has
    something to decide (asked during the computers' turn, it would still
    be on show when their own begins)."""
    if m.notes and seat_to_advise(m, play) is not None:
        nothing = tr("hint.nothing")
        m.notes = [note for note in m.notes if note[0] != nothing]


def hint_line(cmd, why, names, seven=None) -> str:
    """"Hint: build a city here — about 2 ore extra a round": what to do, in
    the imperative, with the cards, card or player it names, and why; with
    `seven` cards still held after it, what a 7 would take."""
    what = tr("hint.do." + cmd[0], **_details(cmd, names))
    line = tr("hint.line", what=what, why=why_text(why, names))
    return line if seven is None else trn("hint.seven", seven, line=line, half=seven // 2)


def _details(cmd, names) -> dict:
    """What a hinted command's words name: its cards, its card, whom."""
    kind = cmd[0]
    if kind == "discard":
        return {"cards": cards_text(cmd[2])}
    if kind == "offer":
        return {"give": cards_text(cmd[2]), "get": cards_text(cmd[3])}
    if kind == "counter":                # (its cards are the offerer's give and get)
        return {"give": cards_text(cmd[3]), "get": cards_text(cmd[2])}
    if kind == "maritime":
        return {"give": card_name(cmd[2]), "get": card_name(cmd[3])}
    if kind == "play_monopoly":
        return {"card": card_name(cmd[2])}
    if kind == "play_year_of_plenty":
        return {"a": card_name(cmd[2]), "b": card_name(cmd[3])}
    if kind == "progress":
        return {"card": progress_name(cmd[2])}
    if kind in ("steal", "confirm_trade"):
        return {"name": names[cmd[2]]}
    if kind == "harbor_trade":
        return {"name": names[cmd[2]], "card": card_name(cmd[3])}
    if kind == "resolve":
        return {"choice": _choice(cmd[2], cmd[3])}      # (the decision's panel says which)
    return {}


def _choice(name, args) -> str:
    """A decision's answer in words (one on the board is ringed there)."""
    types = arg_types("resolve", name)
    if types == "cards":
        return cards_text(args)
    if types == "prog_pair":
        return progress_name(args[1])
    if types == "nodeset":
        return trn("hint.choice.knights", len(args)) if args else tr("hint.choice.none")
    if not types or not args or args[0] == -1:
        return tr("hint.choice.none")
    kind, value = types[0], args[0]
    if kind == "card":
        return card_name(value)
    if kind == "prog":
        return progress_name(value)
    if kind == "track":
        return track_name(value)
    return tr("hint.choice.ringed")


def why_text(why, names, seat=None) -> str:
    """hint.why's data in words: to the person hinted ("your hand gets
    nearer to a build"), or about `seat`, a computer whose move the log
    explains (explain.py: "Cees's hand gets nearer to a build")."""
    def say(key, **params):
        if seat is not None:                # the words about a seat, where they differ
            theirs = key.replace("hint.why.", "hint.their.", 1)
            text = tr(theirs, seat=names[seat], **params)
            if text != theirs:
                return text
        return tr(key, **params)

    term = why["term"]
    if term == "robber":
        name = names[why["victim"]]
        if why["per_round"] >= ABOUT_ONE:
            text = say("hint.why.robber", name=name, cards=count_text(why["kind"], max(1, round(why["per_round"]))))
        else:
            text = say("hint.why.robber_some", name=name, card=card_name(why["kind"]))
        if "leader" not in why:
            return text
        leader = {"name": names[why["leader"]], "points": why["leader_points"]}
        if why["spared"] == "yours":
            return say("hint.why.robber_leader_yours", why=text, **leader)
        return trn("hint.why.robber_leader_less", max(1, round(why["leader_per_round"])), why=text, **leader)
    if term == "production" and why.get("per_round", 0) > 0:
        kind = why["kind"]
        k = max(1, round(why["per_round"]))
        cards = count_text(kind, k) if why["per_round"] >= ABOUT_ONE else card_name(kind)
        key = "hint.why.production" if why["per_round"] >= ABOUT_ONE else "hint.why.production_some"
        return say(key, cards=cards)
    if term == "points":
        return trn("hint.why.points", why.get("points", 1))
    key = "hint.why." + term
    text = say(key)
    return say("hint.why.best") if text == key else text


def current(m):
    """The hint on show, while the position it was made for is."""
    hint = getattr(m, "hint", None)
    if hint is not None and hint["view"] is not m.view:
        m.hint = hint = None
    return hint


def spot_point(ui, spot):
    """Where on the window a hinted spot (kind, id) is."""
    return ui.board.hex_center(spot[1]) if spot[0] == "hex" else ui.board.target_pos(*spot)


def button_rect(ui) -> pygame.Rect:
    L = ui.layout
    s = L.s
    return pygame.Rect(L.board.right - int(112 * s), L.board.bottom - int(44 * s), int(104 * s), int(36 * s))


def draw(m, ui, play, surf) -> None:
    """The Hint button, and the hint on show: its spot and its line."""
    if m.curtain_for is not None or m.stage.blocking or not available(m, play):
        return                               # (a staged panel covers the table: nothing over it)
    s, modal = ui.layout.s, m.modal()
    if not modal and seat_to_advise(m, play) is not None:
        btn(m, ui, surf, ("btn", "hint"), button_rect(ui), tr("hint.button"), lambda: show(m, play), size=14)
    hint = current(m)
    if hint is None:
        if not modal:
            draw_tooltip(m, ui, surf)        # (over the button: a tooltip beside it is never covered)
        return
    # White and wider than the yellow rings of the spots to choose from, so
    # that among them the hinted one stands out.
    pulse = 0.5 + 0.5 * math.sin((time.monotonic() - hint["shown"]) * 5)
    radius, width = int((26 + 5 * pulse) * s), max(3, int(4 * s))
    for spot in () if modal else spots_of(hint["cmd"]):
        x, y = spot_point(ui, spot)
        # the whole tile, round its number (not a corner of it)
        r = int(ui.board.R * 0.78 + 5 * pulse * s) if spot[0] == "hex" else radius
        pygame.draw.circle(surf, (16, 20, 28), (int(x), int(y)), r + 2, width + 4)
        pygame.draw.circle(surf, HINT_RING, (int(x), int(y)), r, width)
    if not line_aside(m, ui):
        box, imgs = line_box(ui, hint)
        widgets.panel(surf, box, (16, 20, 28), theme.HILITE, radius=8)
        lh = imgs[0].get_height()
        for i, img in enumerate(imgs):
            surf.blit(img, (box.x + int(10 * s), box.y + int(5 * s) + i * lh))
    if not modal:
        draw_tooltip(m, ui, surf)            # (the button and the line are drawn after it: it stays on top)


def line_aside(m, ui) -> bool:
    """Whether the hint's line steps aside for what lies under it (a
    harbor, with its tooltip): while the mouse is over the line."""
    hint = current(m)
    return hint is not None and line_box(ui, hint)[0].collidepoint(m.mouse)


def line_box(ui, hint):
    """Where the hint's line goes and its rendered lines, at most two: in the
    sea at the board's bottom, left of the Hint button, unless it would lie
    over a hinted spot there (the narrow table's island reaches the board's
    bottom): then at the board's top (board_lines.py)."""
    L = ui.layout
    s = L.s
    right = button_rect(ui).x - int(10 * s)
    left = L.board.x + int(12 * s)
    font = ui.fonts.get(14, True)
    lines = widgets.wrap(hint["line"], font, right - left - int(20 * s))[:2]
    imgs = [ui.text.render(line, 14, theme.TEXT, bold=True) for line in lines]
    w = max(img.get_width() for img in imgs) + int(20 * s)
    lh = imgs[0].get_height()
    h = len(imgs) * lh + int(10 * s)
    bottom, top = L.board.bottom - int(8 * s) - h, board_lines.top_y(ui)
    places = [pygame.Rect(right - w, bottom, w, h), pygame.Rect(left, bottom, w, h),
              pygame.Rect(left, top, w, h), pygame.Rect(L.board.right - int(12 * s) - w, top, w, h)]
    return board_lines.clearest(ui, places, hinted_points(ui, hint)), imgs


def hinted_points(ui, hint) -> list:
    """Where on the board the spots the hint rings are."""
    return [spot_point(ui, spot) for spot in spots_of(hint["cmd"])]
