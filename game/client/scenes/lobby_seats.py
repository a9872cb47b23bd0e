"""How the LAN lobby (scenes/lobby.py) draws its seats: up to four as rows
across the form (number, colour, name, ready, connection; the host's Mute
toggle, scenes/lobby_talk.py, at the right end), five and six as cards in
two columns (the name on the first line beside the Mute toggle; the seat's
number, ready and connection on the second)."""

import pygame

from .. import theme, widgets
from ..i18n import tr
from ..lantext import seat_name
from .lobby_talk import mute_rect


def draw_seats(scene, surf) -> None:
    """Every seat of the lobby in its rectangle (scene.seat_rects): a row across the form, or a card."""
    seats = scene.lobby["seats"]
    for i, (seat, r) in enumerate(zip(seats, scene.seat_rects())):
        mine = i == scene.session.seat
        pygame.draw.rect(surf, theme.PANEL_LIGHT if mine else theme.PANEL, r, border_radius=8)
        pygame.draw.rect(surf, theme.ACCENT if mine else theme.PANEL_EDGE, r, 2 if mine else 1, border_radius=8)
        if scene.across(r):
            _draw_seat_row(scene, surf, r, i, seat, mine)
        else:
            _draw_seat_card(scene, surf, r, i, seat, mine)


def _seat_facts(scene, seat, mine):
    """(the name as shown, the ready word and its colour or None, the
    connection word and its colour) of a taken seat."""
    name = seat_name(seat) + ("  " + tr("lan.you") if mine else "")
    ready = None
    if scene.lobby["state"] == "lobby":      # a resumed game's seats are all ready
        ready = (tr("lan.ready"), theme.GOOD) if seat["ready"] else (tr("lan.not_ready_yet"), theme.TEXT_DIM)
    conn = (tr("lan.connected"), theme.TEXT) if seat["connected"] else (tr("lan.away"), theme.BAD)
    return name, ready, conn


def _swatch(surf, seat, rect) -> None:
    pygame.draw.rect(surf, theme.seat_rgb(seat["colour"]), rect, border_radius=4)
    pygame.draw.rect(surf, (20, 20, 20), rect, 1, border_radius=4)


def _draw_seat_row(scene, surf, r, i, seat, mine) -> None:
    """A seat across the form: number, colour, name, ready, connection in one line
    (their places in 900 design units, closer on a narrower form)."""
    s, text = r.w / 900, scene.app.text           # (pixels per design unit along the row)
    seat_no = text.render(tr("lan.seat_n", n=i + 1), 14, theme.TEXT_DIM)
    surf.blit(seat_no, seat_no.get_rect(midleft=(r.x + int(14 * s), r.centery)))
    x = r.x + int(96 * s)
    if seat is None:
        img = text.render(tr("lan.open_seat"), 16, theme.TEXT_DIM)
        surf.blit(img, img.get_rect(midleft=(x, r.centery)))
        return
    name, ready, (conn, conn_colour) = _seat_facts(scene, seat, mine)
    sw = pygame.Rect(x, r.y + int(9 * s), int(24 * s), r.h - int(18 * s))
    _swatch(surf, seat, sw)
    img = widgets.fit_label(text, name, 18, theme.TEXT, True, r.x + int(470 * s) - sw.right - int(24 * s))
    surf.blit(img, img.get_rect(midleft=(sw.right + int(12 * s), r.centery)))
    if ready is not None:
        img = text.render(ready[0], 16, ready[1], bold=seat["ready"])
        surf.blit(img, img.get_rect(midleft=(r.x + int(490 * s), r.centery)))
    dot = (r.x + int(640 * s), r.centery)       # (the host's Mute toggle at the right end)
    pygame.draw.circle(surf, theme.GOOD if seat["connected"] else theme.BAD, dot, int(6 * s))
    img = text.render(conn, 15, conn_colour)
    surf.blit(img, img.get_rect(midleft=(dot[0] + int(14 * s), r.centery)))


def _draw_seat_card(scene, surf, r, i, seat, mine) -> None:
    """A seat in one of two columns: its colour, the name on the first
    line; the seat's number, ready and connection on the second."""
    s, text = scene.app.scale, scene.app.text
    pad = int(12 * s)
    top, bottom = r.y + r.h * 3 // 10, r.y + r.h * 7 // 10
    x = r.x + pad
    if seat is not None:
        sw = pygame.Rect(x, r.y + int(12 * s), int(24 * s), r.h - int(24 * s))
        _swatch(surf, seat, sw)
        x = sw.right + pad
    room = (mute_rect(r, False).x if scene.talk.shown_mute(i) else r.right) - pad - x
    parts = [(tr("lan.seat_n", n=i + 1), 14, theme.TEXT_DIM, False)]
    if seat is None:
        first = widgets.fit_label(text, tr("lan.open_seat"), 16, theme.TEXT_DIM, False, room)
    else:
        name, ready, conn = _seat_facts(scene, seat, mine)
        first = widgets.fit_label(text, name, 18, theme.TEXT, True, room)
        if ready is not None:
            parts.append((ready[0], 15, ready[1], seat["ready"]))
        parts.append((conn[0], 15, conn[1], False))
    surf.blit(first, first.get_rect(midleft=(x, top)))
    gap = int(18 * s)
    for k, (words, size, colour, bold) in enumerate(parts):
        if seat is not None and k == len(parts) - 1:        # the connection: a dot before its word
            radius = max(3, int(5 * s))
            pygame.draw.circle(surf, theme.GOOD if seat["connected"] else theme.BAD, (x + radius, bottom), radius)
            x += 2 * radius + int(6 * s)
        img = text.render(words, size, colour, bold=bold)
        surf.blit(img, img.get_rect(midleft=(x, bottom)))
        x += img.get_width() + gap
