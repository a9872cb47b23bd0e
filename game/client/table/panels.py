"""The table's side column: the player panels, the bank and the game log
(player names drawn in their colours, after their seat's emblem)."""

import re
from collections import namedtuple

import pygame

from game.engine.state import GAME_OVER

from .. import cards, emblems, icons, theme, widgets
from ..i18n import tr
from ..label_lines import shortened
from ..seatnames import SeatNames
from .model import special_builder


def draw_panels(m, ui, surf) -> None:
    L = ui.layout
    pygame.draw.rect(surf, theme.BG_SIDE, L.side)
    for seat, rect in enumerate(L.panels):
        draw_player(m, ui, surf, seat, rect)
    draw_bank(m, ui, surf)


# the sizes of a player panel's rows (design units; text sizes)
# (`name_min`: the least the name shrinks to before it is squeezed)
PanelLook = namedtuple("PanelLook", "top badge name name_min vp stats_y stat_icon number")
FULL = PanelLook(7, 22, 17, 12, 20, 36, 20, 15)      # the name row, the counts under it, the rule set's rows
COMPACT = PanelLook(4, 16, 14, 10, 16, 25, 16, 13)   # two rows: the name row, the counts with the awards beside
ROW = PanelLook(0, 16, 13, 10, 15, 0, 15, 13)        # one row (the narrow table's many seats): stats_y unused
AWARD_ICON = 18                       # the awards' icons
ROW_AWARD_ICON = 14                   # (in one row)


def look(layout) -> PanelLook:
    """The panels' look in `layout`: COMPACT where the column gives a seat
    less than its full panel (layout.compact: many seats at a large scale)."""
    if getattr(layout, "rows", False):
        return ROW
    return COMPACT if layout.compact else FULL


def cards_spot(ui, rect) -> tuple:
    """The centre of the cards-in-hand icon of the player panel `rect`:
    where cards a player gets fly to and cards they give fly from."""
    s, k = ui.layout.s, look(ui.layout)
    if k is ROW:
        return row_cards_rect(ui, rect).center
    return (rect.x + int(14 * s) + int(k.stat_icon * s) // 2, rect.y + int(k.stats_y * s) + int(k.stat_icon * s) // 2)


def draw_player(m, ui, surf, seat, rect) -> None:
    """One player's panel: a colour badge, the name and the points on top;
    under them icons with numbers (cards in hand, development or progress
    cards, knights, road length); the rule set's rows (C&K's three
    improvement tracks); and the awards held (Largest Army, Longest Road,
    metropolises, Defender, the merchant) as lit icons.  Each icon names
    itself in a tooltip.  What the rows hold is the table part's (m.part).
    The compact panel (many seats at a large scale) has two rows: the rule
    set's rows go into the name row (part.name_row) and the awards follow
    the counts.  The seat on the move is lit and tagged (in the Special
    Building Phase the seat building, X-1.7)."""
    if look(ui.layout) is ROW:
        return draw_player_row(m, ui, surf, seat, rect)
    text, v, s, part = ui.text, m.view, ui.layout.s, m.part
    k, compact = look(ui.layout), ui.layout.compact
    builder = special_builder(v)                  # (the Special Building Phase: its builder is on the move)
    active = seat == (v.current if builder is None else builder) and v.phase != GAME_OVER
    widgets.player_panel(surf, rect, m.colours[seat], active, int(6 * s))
    x = rect.x + int(14 * s)
    top = int(k.top * s)
    badge = emblems.badge(seat, int(k.badge * s), m.colours[seat])
    surf.blit(badge, (x, rect.y + top))
    row_mid = rect.y + top + int(k.badge * s) // 2
    vp, hidden = points(part, v, seat, seat == m.viewer)
    vp_img = text.render(str(vp) + (f" (+{hidden})" if hidden else ""), k.vp, theme.ACCENT, bold=True)
    vp_rect = vp_img.get_rect(midright=(rect.right - int(10 * s), row_mid)) if compact else \
        vp_img.get_rect(topright=(rect.right - int(10 * s), rect.y + int(5 * s)))
    surf.blit(vp_img, vp_rect)
    star = icons.icon("vp", int(k.vp * s))
    star_rect = star.get_rect(midright=(vp_rect.x - int(4 * s), vp_rect.centery))
    surf.blit(star, star_rect)
    ui.targets.add(("panel_tip", tr("panel.vp", n=vp) + (f" (+{hidden})" if hidden else "")),
                   star_rect.union(vp_rect), None)
    right = star_rect.x - int(8 * s)
    if compact:
        right = part.name_row(m, ui, surf, seat, right, row_mid)
    name, name_rect = player_name(m, ui, seat, rect, right - ui.name_marks.get(seat, 0))
    surf.blit(name, name_rect)
    ui.name_rects[seat] = name_rect
    # the counts: an icon and its number each, spread over the row (compact: one after another)
    stats = part.stats(v, seat)
    y = rect.y + int(k.stats_y * s)
    size = int(k.stat_icon * s)
    col = (rect.right - int(8 * s) - x) / len(stats)
    ix = x
    for name, value, label in stats:
        img = icons.icon(name, size, tuple(m.colours[seat]) if name == "road" else None)
        surf.blit(img, (int(ix), y))
        num = text.render(str(value), k.number, theme.TEXT, bold=True)
        num_rect = num.get_rect(midleft=(int(ix) + size + int(4 * s), y + size // 2))
        surf.blit(num, num_rect)
        step = num_rect.right + int(10 * s) - ix if compact else col
        ui.targets.add(("panel_tip", f"{tr(label)}: {value}"), pygame.Rect(int(ix), y, int(step) - int(4 * s), size),
                       None)
        ix += step
    rows_y = y + size + int(6 * s)
    # the awards held: on a row of their own, or beside the rule set's rows
    # when the panel has no room for one more (six seats in a column), or
    # in the compact panel beside the counts
    awards = part.awards(v, seat)
    size = int(AWARD_ICON * s)
    ax, limit = x, rect.right - int(8 * s)
    if compact:
        ax, y = int(ix), y + (int(k.stat_icon * s) - size) // 2
    else:
        y, beside = part.panel_rows(m, ui, surf, seat, x, rows_y)
        if beside is not None and y + size > rect.bottom - int(3 * s):
            ax, y = beside + int(10 * s), rows_y
    turn = text.render(tr("panel.turn" if builder is None else "panel.special_build"), 12, theme.ACCENT) \
        if active else None
    if turn is not None:
        limit -= turn.get_width() + int(6 * s)
    for shown, name, count, label, *colour in awards:
        if not shown:
            continue
        img = icons.icon(name, size, colour[0] if colour else None)
        words = part.award_words(label, count)
        tag = text.render(words, 12, theme.ACCENT, bold=True) if words else None
        w = size + (tag.get_width() + int(4 * s) if tag else 0)
        if ax + w > limit:
            break                              # no room: the log and the end screen tell it
        surf.blit(img, (ax, y))
        if tag:
            surf.blit(tag, tag.get_rect(midleft=(ax + size + int(3 * s), y + size // 2)))
        ui.targets.add(("panel_tip", label), pygame.Rect(ax, y, w, size), None)
        ax += w + int(8 * s)
    if turn is not None:
        surf.blit(turn, turn.get_rect(bottomright=(rect.right - int(10 * s), rect.bottom - int(5 * s))))


def row_cards_rect(ui, rect) -> pygame.Rect:
    """Where the one-row panel's cards-in-hand icon stands: left of the
    points, whose room (a number and a star) is kept the same in every row."""
    s = ui.layout.s
    size = int(ROW.stat_icon * s)
    return pygame.Rect(rect.right - int(ROW_POINTS_W * s) - int(36 * s), rect.centery - size // 2, size, size)


ROW_POINTS_W = 46                     # the one-row panel's points and star (design units)
ROW_NAME_LEAST = 80                   # its badge and the least room of the name


def draw_player_row(m, ui, surf, seat, rect) -> None:
    """A player's panel in one row (the narrow table's many seats): the
    colour badge and the name, the rule set's rows drawn small (C&K's
    improvement tracks, part.name_row), the awards held as small icons, the
    cards in hand and the points.  The other counts (development or progress
    cards, knights, road length) and the awards are named in the row's tooltip."""
    text, v, s, part = ui.text, m.view, ui.layout.s, m.part
    builder = special_builder(v)
    active = seat == (v.current if builder is None else builder) and v.phase != GAME_OVER
    widgets.player_panel(surf, rect, m.colours[seat], active, int(5 * s))
    mid = rect.centery
    stats = part.stats(v, seat)
    awards = [a for a in part.awards(v, seat) if a[0]]
    tip = ", ".join([f"{tr(label)}: {value}" for _, value, label in stats] + [a[3] for a in awards])
    if active:
        tip = tr("panel.turn" if builder is None else "panel.special_build") + " · " + tip
    ui.targets.add(("panel_tip", tip), rect, None)
    # the points, right-aligned in their room
    vp, hidden = points(part, v, seat, seat == m.viewer)
    vp_img = text.render(str(vp) + (f" (+{hidden})" if hidden else ""), ROW.vp, theme.ACCENT, bold=True)
    vp_rect = vp_img.get_rect(midright=(rect.right - int(8 * s), mid))
    surf.blit(vp_img, vp_rect)
    star = icons.icon("vp", int(ROW.vp * s))
    star_rect = star.get_rect(midright=(vp_rect.x - int(3 * s), mid))
    surf.blit(star, star_rect)
    ui.targets.add(("panel_tip", tr("panel.vp", n=vp) + (f" (+{hidden})" if hidden else "")),
                   star_rect.union(vp_rect), None)
    # the cards in hand
    cr = row_cards_rect(ui, rect)
    surf.blit(icons.icon("cards", cr.w), cr)
    num = text.render(str(v.hand_n[seat]), ROW.number, theme.TEXT, bold=True)
    num_rect = num.get_rect(midleft=(cr.right + int(3 * s), mid))
    surf.blit(num, num_rect)
    ui.targets.add(("panel_tip", f"{tr('panel.cards')}: {v.hand_n[seat]}"), cr.union(num_rect), None)
    # the awards held, small, leftwards from the cards
    size = int(ROW_AWARD_ICON * s)
    x = cr.x - int(6 * s)
    for _, name, count, label, *colour in reversed(awards):
        if x - size < rect.x + int((ROW_NAME_LEAST + part.name_row_w) * s):
            break                              # no room: the tooltip names them
        x -= size
        surf.blit(icons.icon(name, size, colour[0] if colour else None), (x, mid - size // 2))
        ui.targets.add(("panel_tip", label), pygame.Rect(x, mid - size // 2, size, size), None)
        x -= int(3 * s)
    right = part.name_row(m, ui, surf, seat, x - int(3 * s), mid)
    badge = emblems.badge(seat, int(ROW.badge * s), m.colours[seat])
    bx = rect.x + int(8 * s)
    surf.blit(badge, badge.get_rect(midleft=(bx, mid)))
    nx = bx + int(ROW.badge * s) + int(6 * s)
    name = name_label(ui.text, m.names, seat, ROW.name, right - ui.name_marks.get(seat, 0) - nx, ROW.name_min)
    name_rect = name.get_rect(midleft=(nx, mid))
    surf.blit(name, name_rect)
    ui.name_rects[seat] = name_rect


def points(part, v, seat, sees_hand) -> tuple:
    """(the seat's points as everybody sees them, its victory point cards
    still hidden that this view shows: `sees_hand`, the viewer's own seat or
    a replay's perspective that sees its hand).  The cards count for all
    once the game is won."""
    if v.vp_cards_shown[seat] >= 0:
        return v.vp_public[seat] + v.vp_cards_shown[seat], 0
    return v.vp_public[seat], part.hidden_points(v, seat) if sees_hand else 0


def name_label(text, names, seat, size, room, smallest):
    """A seat's name for its panel, fitted to `room` from `size` down to
    `smallest`: as shown; when that would be squeezed, a computer's without
    its level's word; and then cut with "…" rather than squeezed."""
    shown = names[seat]
    plain = names.plain[seat] if isinstance(names, SeatNames) else shown
    for label in dict.fromkeys((shown, plain)):
        if text.render(label, smallest, theme.TEXT, True).get_width() <= room:
            return widgets.fit_label(text, label, size, theme.TEXT, True, room, smallest)
    label = shortened(plain, room, lambda words: text.render(words, smallest, theme.TEXT, True).get_width())
    return widgets.fit_label(text, label, smallest, theme.TEXT, True, room, smallest)


def player_name(m, ui, seat, rect, right):
    """The player's name as their panel draws it, right of the colour badge
    and fitted left of `right`: (picture, where it goes)."""
    s, k = ui.layout.s, look(ui.layout)
    top = int(k.top * s)
    x = rect.x + int(14 * s) + int(k.badge * s) + int(8 * s)          # past the badge
    room = right - x
    name = name_label(ui.text, m.names, seat, k.name, room, k.name_min)
    return name, name.get_rect(midleft=(x, rect.y + top + int(k.badge * s) // 2))


def draw_bank(m, ui, surf) -> None:
    L, text, v = ui.layout, ui.text, m.view
    s = L.s
    # the bank's stock and the development deck
    b = L.bank
    widgets.panel(surf, b, theme.PANEL)
    img = text.render(tr("panel.bank"), 13, theme.TEXT_DIM, bold=True)
    surf.blit(img, (b.x + int(8 * s), b.y + int(5 * s)))
    x = b.x + int(8 * s)
    chip, size = m.part.bank_look
    step = m.part.bank_step(b, len(v.bank), s)
    for kind in range(len(v.bank)):
        side = int(chip * s)
        r = pygame.Rect(x, b.y + int(26 * s), side, side)
        surf.blit(cards.chip(kind, side), r)
        img = text.render(str(v.bank[kind]), size, theme.TEXT)
        surf.blit(img, img.get_rect(midleft=(r.right + int(2 * s), r.centery)))
        x += step
    img = text.render(m.part.deck_text(v), 12, theme.TEXT_DIM)
    surf.blit(img, img.get_rect(topright=(b.right - int(8 * s), b.y + int(6 * s))))


def log_baseline(m, ui) -> int:
    """Where the log's lowest line stands: above the staged panels that lie
    over the log's foot when some are on show.  The lines above it stand a
    line apart (the talk panel over the log's top ends on a line's top)."""
    r = ui.layout.log
    over = m.stage is not None and ui.layout.stage.colliderect(r)      # (the narrow table's lie elsewhere)
    bottom = min(r.bottom, m.stage.side_top(ui)) if over else r.bottom
    return bottom - int(6 * ui.layout.s)


def draw_log(m, ui, surf, baseline=None) -> None:
    """The log, newest line lowest, standing on `baseline` (log_baseline;
    the log's foot when None).  A computer's line is a target: its tooltip
    says why the computer did it (explain.py)."""
    L, text = ui.layout, ui.text
    s = L.s
    r = L.log
    widgets.panel(surf, r, (24, 30, 40))
    head = text.render(tr("log.title"), 13, theme.TEXT_DIM, bold=True)
    surf.blit(head, (r.x + int(8 * s), r.y + int(5 * s)))
    font, bold = ui.fonts.get(13), ui.fonts.get(13, True)
    line_h = font.get_linesize()
    width = r.w - int(16 * s)
    y = baseline if baseline is not None else r.bottom - int(6 * s)
    top = r.y + int(24 * s)
    end = len(m.log) - m.log_scroll
    i = end - 1
    while i >= 0 and y - line_h >= top:
        colour = theme.TEXT if i >= len(m.log) - 3 else theme.TEXT_DIM
        sentence, below = m.log[i], y
        if m.explainer is not None and m.explainer.explains(sentence):
            lines = len(log_lines(m, ui, sentence, font, width, bold))
            shown = min(lines, (y - top) // line_h)
            ui.targets.add(("log_line", sentence.seq), (r.x, below - shown * line_h, r.w, shown * line_h), None)
        lines = log_lines(m, ui, sentence, font, width, bold)
        if y - len(lines) * line_h < top and i < end - 1:
            break               # the top shows whole entries (one taller than the log: its end)
        for line in reversed(lines):
            if y - line_h < top:
                break
            y -= line_h
            x = r.x + int(8 * s)
            for chunk, seat in line:
                if seat is None:
                    img = text.render(chunk, 13, colour)
                else:
                    name_colour = readable_on_dark(m.colours[seat])
                    mark = emblem_room(line_h)
                    emblems.draw_emblem(surf, seat, (x + mark * 0.42, y + line_h * 0.54), line_h * 0.27,
                                        name_colour, emblems.INK_DARK)
                    x += mark
                    img = text.render(chunk, 13, name_colour, bold=True)
                surf.blit(img, (x, y))
                x += img.get_width()
        i -= 1


def name_runs(line, names) -> list:
    """[(text, seat or None)]: the line cut where a player's name stands
    (whole names only, the longest first), so that names can be drawn in
    their player's colour."""
    if not names:
        return [(line, None)]
    order = sorted(range(len(names)), key=lambda k: -len(names[k]))
    pattern = re.compile("|".join(r"(?<!\w)" + re.escape(names[k]) + r"(?!\w)" for k in order if names[k]))
    out, pos = [], 0
    for m in pattern.finditer(line):
        if m.start() > pos:
            out.append((line[pos:m.start()], None))
        out.append((m.group(0), names.index(m.group(0))))
        pos = m.end()
    if pos < len(line):
        out.append((line[pos:], None))
    return out


def emblem_room(line_h) -> int:
    """The width the log gives a seat's emblem before its name."""
    return max(6, int(line_h * 0.85))


def log_lines(m, ui, sentence, font, width, bold) -> list:
    """`sentence` wrapped to `width` as the log draws it: lines of
    [(text, seat or None)], the players' names bold and in their colour,
    each after the seat's emblem.  A name of several words ("Bram (Medium)")
    and what is glued to it ("(Medium)'s") stay on one line; only a name
    wider than the line is cut, its part on the next line again after the
    emblem (remembered)."""
    key = ("log", sentence, width, font.get_linesize())
    lines = ui.wrap_cache.get(key)
    if lines is not None:
        return lines
    if len(ui.wrap_cache) > 2000:
        ui.wrap_cache.clear()
    seat_at, name_at, pos = [], [], 0      # each character's seat, and which name run covers it
    for k, (chunk, seat) in enumerate(getattr(sentence, "runs", None) or name_runs(sentence, m.names)):
        seat_at += [seat] * len(chunk)       # (talk: table/talk.py gives its own runs)
        name_at += [k if seat is not None else None] * len(chunk)
        pos += len(chunk)

    def runs(a, b):
        out = []
        for c in range(a, b):
            if out and out[-1][1] == seat_at[c]:
                out[-1][0] += sentence[c]
            else:
                out.append([sentence[c], seat_at[c]])
        return [(text, seat) for text, seat in out]

    mark = emblem_room(font.get_linesize())

    def width_of(a, b):
        return sum((font if seat is None else bold).size(text)[0] + (0 if seat is None else mark)
                   for text, seat in runs(a, b))
    words = []                               # (start, end): a name's words are one
    for word in re.finditer(r"\S+", sentence):
        a, b = word.span()
        if words and name_at[a] is not None and name_at[a] == name_at[words[-1][1] - 1]:
            words[-1] = (words[-1][0], b)
        else:
            words.append((a, b))
    lines, start, end = [], None, None
    for a, b in words:
        if start is not None and width_of(start, b) > width:
            lines.append(runs(start, end))
            start = None
        if start is None:
            start = a
        while width_of(start, b) > width and b - start > 1:     # a name (or word) wider than the line
            fits = [c for c in range(start + 1, b) if c == start + 1 or width_of(start, c) <= width]
            spaces = [c for c in fits if sentence[c] == " "]
            cut = max(spaces or fits)
            lines.append(runs(start, cut))
            start = cut
            while sentence[start] == " ":
                start += 1
        end = b
    if start is not None:
        lines.append(runs(start, end))
    ui.wrap_cache[key] = lines
    return lines


def readable_on_dark(rgb):
    """A player's colour lightened until it reads on the dark panels (a dark
    blue name would not)."""
    r, g, b = rgb
    luma = 0.299 * r + 0.587 * g + 0.114 * b
    return theme.lighter(rgb, 0.35) if luma < 110 else tuple(rgb)


def wrapped(m, ui, sentence, font, width):
    """`sentence` wrapped to `width` in `font` (remembered)."""
    key = (sentence, width, id(font))
    lines = ui.wrap_cache.get(key)
    if lines is None:
        if len(ui.wrap_cache) > 2000:
            ui.wrap_cache.clear()
        lines = ui.wrap_cache[key] = widgets.wrap(sentence, font, width)
    return lines
