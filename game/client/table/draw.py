"""Drawing the table: the frame's order, the board's highlights, notes and
the curtain.  The player panels and the log are drawn by panels.py, the
hand and the action buttons by hand.py, the dice by dice.py, the tooltip by
tips.py; what a rule set adds (C&K's barbarians, a selected knight's
buttons, its pieces) by its table part (parts/, `m.part`).

Every function reads the table model `m` (model.py) and draws with `ui`
(ui.py: layout, board geometry, text); clickable rectangles go into
`ui.targets`, with the actions of `play` (play.py) where a click does
something."""

import math
import time

import pygame

from .. import cards, theme, widgets
from ..boardview import draw_city, draw_knight, draw_settlement
from .. import i18n
from ..i18n import tr
from . import hand, hints, panels, reasons, staging
from .dice import draw_dice
from .model import dropping, fly_seconds, special_builder
from .prompts import table_prompt
from .tips import draw_tooltip
from .ui import btn

class Canvas:
    """The table's frame, cached: everything that changes only with the game,
    the window or the language (board, pieces, panels, log, the prompt) is
    drawn into `layer` once; a frame blits it and draws over it only what
    follows the mouse or the clock (buttons, cards, highlights, dice,
    notes, tooltip, the dialog).  The clickable rectangles found while
    drawing the layer are kept with it and given back every frame."""

    def __init__(self):
        self.layer = None
        self.key = None
        self.targets = []
        self.builds = 0              # how often the layer was drawn (tests count this)
        self.dialogs = None          # the open dialog's pictures (DialogPictures)
        self.bare = None             # the layer before the spots to pick were drawn on it (draw_pick)

    @staticmethod
    def key_for(m, ui, size) -> tuple:
        """What the layer shows depends on exactly these."""
        v = m.view
        modal = m.modal()
        return (size, i18n.language(), ui.fonts.scale, id(v), m.seen, dropping(m.flying), m.viewer, m.curtain_for, m.mode,
                m.knight, top_text(m), len(m.log), m.log[-1] if m.log else None, m.log_scroll, ui.layout.log_shown(m),
                m.game_over_at is None, id(m.dialog) if modal else None, panels.log_baseline(m, ui),
                tuple(sorted(ui.name_marks.items())), tuple(m.colours))


class DialogPictures:
    """Pictures of the open dialog, one per look (its choices, the mouse on
    it, the view, the size and language) and per table under it: a frame
    blits the picture of the dialog's area as it looks now; the mouse moving
    between the dialog's buttons and cards finds the pictures drawn before.
    A picture is the screen's area of the dialog (its frame and the
    rectangles it made clickable) copied right after the dialog was drawn
    there, with the table under its rounded corners: so the key holds what
    lies under the dialog too (the layer, the staged panels, the notes).

    The mouse reaching a target not hovered before does not draw the whole
    dialog again: a target declares the area its look under the mouse may
    change (widgets.Targets.hover_area), and the new look is the dialog's
    whole picture with only the areas of the target now and the one then
    hovered drawn anew (the dialog drawn clipped to them over the table as
    it lies there), kept as a small patch."""
    KEEP = 6            # whole pictures
    KEEP_PATCHES = 40   # looks of hovered targets

    def __init__(self):
        self.whole = {}     # key without the mouse -> (picture, rect, targets, areas, hover it was drawn with)
        self.kept = {}      # key -> (its whole picture's key, (patch, rect) or None)

    def draw(self, m, ui, surf, under) -> None:
        """The dialog over `surf`, whose picture so far `under` names
        (None: something moves, the dialog is drawn and not kept)."""
        d = m.dialog
        if under is None:
            d.draw(surf)
            return
        try:
            base = (id(d), d.look(), m.viewer, under, i18n.language(), ui.fonts.scale)
            key = (base, m.hover_key)
            kept = self.kept.get(key)
        except TypeError:                # (a dialog holding something that cannot be a key: drawn every time)
            d.draw(surf)
            return
        whole = self.whole.get(base)
        if whole is None:
            self._draw_whole(d, ui, surf, base, key, m.hover_key)
            return
        img, rect, targets, _, _ = whole
        if kept is None:
            self._patch(d, ui, surf, key, whole, m.hover_key)
        else:
            surf.blit(img, rect)
            if kept[1] is not None:
                surf.blit(*kept[1])
        ui.targets.items.extend(targets)

    def _draw_whole(self, d, ui, surf, base, key, hover) -> None:
        targets, areas = ui.targets.items, ui.targets.hover_areas
        mark, area_mark = len(targets), len(areas)
        d.draw(surf)
        drawn = targets[mark:]
        rect = d.ui.layout.dialog(*d.size).unionall([r for _, r, _ in drawn]).clip(surf.get_rect())
        declared = {}
        for k, r in areas[area_mark:]:
            declared[k] = declared[k].union(r) if k in declared else r
        self.whole[base] = (surf.subsurface(rect).copy(), rect, drawn, declared, hover)
        self.kept[key] = (base, None)
        for kept, limit in ((self.whole, self.KEEP), (self.kept, self.KEEP_PATCHES)):
            if len(kept) > limit:
                del kept[next(iter(kept))]

    def _patch(self, d, ui, surf, key, whole, hover):
        """The look with the mouse on `hover`, from the whole picture: the
        dialog is drawn again only where `hover` or the whole picture's
        hovered target declared their looks may differ, over the whole
        picture blitted to `surf`."""
        img, rect, targets, areas, was = whole
        region = [areas[k] for k in (hover, was) if k in areas]
        if not region:
            surf.blit(img, rect)
            self.kept[key] = (key[0], None)
            return
        clip = region[0].unionall(region[1:]).clip(rect)
        table = surf.subsurface(clip).copy()    # the table there, before the dialog
        surf.blit(img, rect)
        surf.blit(table, clip)
        items, declared = ui.targets.items, ui.targets.hover_areas
        mark, area_mark = len(items), len(declared)
        before = surf.get_clip()
        surf.set_clip(clip)
        try:
            d.draw(surf)
        finally:
            surf.set_clip(before)
            del items[mark:], declared[area_mark:]
        self.kept[key] = (key[0], (surf.subsurface(clip).copy(), clip))
        if len(self.kept) > self.KEEP_PATCHES:
            del self.kept[next(iter(self.kept))]


def forget_looks(ui) -> None:
    """Drop the open dialog's pictures of hovered targets, keeping the whole
    pictures (tools.bench.render --fresh: frames in which the mouse reaches
    something it was not on before)."""
    if ui.canvas is not None and ui.canvas.dialogs is not None:
        ui.canvas.dialogs.kept.clear()


def draw_dialog(m, ui, canvas, surf) -> None:
    """A modal dialog, from its pictures (DialogPictures)."""
    if canvas.dialogs is None:
        canvas.dialogs = DialogPictures()
    under = None if animating(m) else (canvas.builds, canvas.key, m.stage.look(time.monotonic()),
                                        tuple((text, colour) for text, colour, _ in m.notes))
    canvas.dialogs.draw(m, ui, surf, under)


def canvas_of(ui) -> Canvas:
    canvas = ui.canvas
    if canvas is None:
        canvas = ui.canvas = Canvas()
    return canvas


def draw(m, ui, play, surf, on_panels=None) -> None:
    """One frame of the table; last, over everything (dialogs too), the
    reasons behind greyed buttons and the staged big moments.  `on_panels`
    draws what a scene adds on the player panels (a LAN table's connections):
    under the staged panels, which the narrow table lays over them."""
    shaded = attack_still(m)
    draw_table(m, ui, play, surf, shaded, on_panels)
    hints.draw(m, ui, play, surf)
    if on_panels is not None and not (m.curtain_for is not None or m.modal()):
        on_panels(surf)                      # (under a dialog or the curtain: in the layer, under the veil)
    if m.curtain_for is None:
        if not m.modal():
            draw_tooltip(m, ui, surf)        # (over the Hint button, which a tooltip may reach)
        reasons.add_targets(m, ui, play)
        m.stage.draw(ui, surf, shaded)


def still_key(m, ui, size):
    """Everything a frame of the table shows depends on, or None while
    something on it moves (dice, cards in flight, a glow): two frames with
    the same key are the same picture (Scene.draw_dimmed keeps it)."""
    if animating(m):
        return None
    now = time.monotonic()
    return (Canvas.key_for(m, ui, size), attack_still(m), m.hover_key, m.hover_spot, m.mouse, m.pick_style,
            tuple((text, colour) for text, colour, _ in m.notes), m.stage.look(now),
            (id(m.dialog), m.dialog.look()) if m.dialog is not None else None)


def animating(m) -> bool:
    now = time.monotonic()
    return now < m.dice_until or now < m.glow_until or bool(m.flying)


def attack_still(m) -> bool:
    """The barbarians' attack stops the table and nothing moves under it:
    the table's cached layer is drawn shaded under the attack's panel, with
    the controls and dice still (as under a dialog), so a frame does not
    shade the board again."""
    return (m.stage is not None and m.stage.blocking and m.curtain_for is None and m.dialog is None
            and not animating(m))


def draw_table(m, ui, play, surf, shaded=False, on_panels=None) -> None:
    """`shaded`: the board lies shaded under the attack (attack_still);
    `on_panels`: what a scene adds on the panels (draw), drawn into the
    layer under a dialog's veil (the layer's key follows it: ui.name_marks)."""
    ui.targets.clear()
    curtain = m.curtain_for is not None
    if curtain:
        ui.drawn_hand_seat = None
    canvas = canvas_of(ui)
    modal = curtain or m.modal()
    still = modal or shaded                  # the controls belong to the layer
    key = Canvas.key_for(m, ui, surf.get_size()) + (
        m.stage.look(time.monotonic()) if shaded else None, None if still else pick_key(m))
    if key != canvas.key or canvas.layer is None:
        if canvas.layer is None or canvas.layer.get_size() != surf.get_size():
            canvas.layer = pygame.Surface(surf.get_size()).convert()
        canvas.keep_view = m.view            # (the key holds its id: keep it alive)
        draw_layer(m, ui, canvas.layer)
        canvas.bare = None
        if not still and m.pick is not None:
            canvas.bare = canvas.layer.copy()            # (to wipe the hovered spot's resting look)
            draw_pick(m, ui, canvas.layer, "rest")
        if modal:                            # under a dialog the controls are still
            if not curtain:
                draw_controls(m, ui, play, canvas.layer)
            if on_panels is not None:
                on_panels(canvas.layer)
            canvas.layer.blit(veil(surf.get_size()), (0, 0))
        elif shaded:
            hover, m.hover_key = m.hover_key, None      # (the attack's panel takes the mouse)
            draw_moving(m, ui, play, canvas.layer)
            m.hover_key = hover
            draw_dice(m, ui, canvas.layer)
            m.stage.draw_side_under(ui, canvas.layer)
            canvas.layer.blit(staging.board_shade(ui.layout.board.size), ui.layout.board.topleft)
        canvas.targets = list(ui.targets.items)
        canvas.key = key
        canvas.builds += 1
    else:
        ui.targets.items.extend(canvas.targets)
    surf.blit(canvas.layer, (0, 0))
    if not still:
        draw_moving(m, ui, play, surf, "hovered", canvas.bare)
    if not shaded:
        draw_dice(m, ui, surf)
    draw_flying(m, ui, surf)
    draw_notes(m, ui, surf)
    if curtain:
        draw_curtain(m, ui, play, surf)
        return
    if m.dialog is not None:
        if modal:
            ui.targets.add(("backdrop",), ui.layout.screen, None)
            m.stage.draw_side_under(ui, surf)      # a roll's or a 7's panel lies under the dialog
            draw_dialog(m, ui, canvas, surf)
        else:
            m.dialog.draw(surf)


def draw_moving(m, ui, play, surf, picks="all", bare=None) -> None:
    """What follows the mouse over the board and the hand: highlights, the
    spots to pick (`picks`, `bare`: which of them, draw_pick), the cards
    and buttons, and what the rule set adds (C&K: the selected knight's buttons)."""
    draw_glow(m, ui, surf)
    draw_pick(m, ui, surf, picks, bare)
    draw_controls(m, ui, play, surf)
    m.part.draw_moving(m, ui, play, surf)


def draw_layer(m, ui, surf) -> None:
    """What follows the game only: the board with its pieces, the prompt,
    the players, the bank, the log, the hand's background and the rule
    set's widget in the left column (C&K: the barbarians)."""
    surf.fill(theme.BG)
    draw_board(m, ui, surf)
    draw_top(m, ui, surf)
    panels.draw_panels(m, ui, surf)
    hand.draw_hand_base(m, ui, surf)
    if ui.layout.log_shown(m):
        draw_drawer(m, ui, surf)
        panels.draw_log(m, ui, surf, panels.log_baseline(m, ui))
        m.part.draw_left(m, ui, surf)
    elif ui.layout.left_chip is not None:
        m.part.draw_left_chip(m, ui, surf, ui.layout.left_chip)      # (C&K: the barbarians in short)


def draw_drawer(m, ui, surf) -> None:
    """The narrow table's drawer over the board (layout.drawer), when open:
    its frame, which takes the clicks that would reach the board under it."""
    r = ui.layout.drawer
    if r is not None:
        surf.blit(drawer_picture(r.size), r)
        ui.targets.add(("drawer",), r, None)


_DRAWERS = {}


def drawer_picture(size) -> pygame.Surface:
    """The drawer's frame, opaque (it hides the board under it; its rounded
    corners a colour key), one per size."""
    img = _DRAWERS.get(size)
    if img is None:
        _DRAWERS.clear()
        img = _DRAWERS[size] = pygame.Surface(size).convert()
        img.fill(widgets.CORNER_KEY)
        img.set_colorkey(widgets.CORNER_KEY, pygame.RLEACCEL)
        widgets.panel(img, img.get_rect(), theme.BG_SIDE, theme.PANEL_EDGE, radius=8)
    return img


def draw_board(m, ui, surf) -> None:
    """The island (its cached static layer) with the pieces on it."""
    if ui.board.rect != ui.layout.board:                 # (the narrow table: sea over the island, layout.island)
        pygame.draw.rect(surf, theme.SEA, ui.layout.board)
    surf.blit(ui.board.static_layer(m.view, ui.text), ui.board.rect.topleft)
    ui.board.draw_pieces(surf, m.view, m.colours, m.part, dropping(m.flying))


def draw_controls(m, ui, play, surf) -> None:
    """What follows the mouse: the cards in the hand and the buttons."""
    L = ui.layout
    if not (L.drawer is not None and m.log_open):         # (the open drawer lies over it: Esc)
        btn(m, ui, surf, ("btn", "menu"), L.menu_button, tr("btn.menu"), play.open_menu, size=13)
    if L.log_button is not None:
        btn(m, ui, surf, ("btn", "log"), L.log_button, tr("btn.log"), play.toggle_log, selected=m.log_open,
            size=14, hint="L")
    hand.draw_hand_cards(m, ui, play, surf)
    if not play.watching:                    # a watcher has no controls of a seat
        hand.draw_buttons(m, ui, play, surf)


_VEILS = {}


def veil(size):
    """A translucent veil over the table behind a dialog (cached per size)."""
    shade = _VEILS.get(size)
    if shade is None:
        _VEILS.clear()
        shade = _VEILS[size] = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
    return shade


def draw_curtain(m, ui, play, surf) -> None:
    """Pass the device: the public table stays in view under a veil (board,
    scores, log, dice); only the hand strip and any dialog are hidden.  A
    card in the middle names the next player in a neutral dark frame with
    their colour as a broad stripe, so that the words read for every colour."""
    s, text = ui.layout.s, ui.text
    seat = m.curtain_for
    L = ui.layout
    pygame.draw.rect(surf, theme.CURTAIN, L.hand)
    colour = m.colours[seat]
    room = L.free.inflate(-int(20 * s), -int(20 * s))
    card = pygame.Rect(0, 0, min(int(560 * s), room.w), int(200 * s))
    card.center = (L.board.centerx, L.board.centery)
    card = card.clamp(room)
    pygame.draw.rect(surf, (0, 0, 0), card.move(int(4 * s), int(6 * s)), border_radius=int(14 * s))
    pygame.draw.rect(surf, theme.CURTAIN, card, border_radius=int(14 * s))
    stripe = pygame.Rect(card.x, card.y, card.w, int(16 * s))
    pygame.draw.rect(surf, colour, stripe, border_top_left_radius=int(14 * s), border_top_right_radius=int(14 * s))
    pygame.draw.rect(surf, colour, card, max(2, int(3 * s)), border_radius=int(14 * s))
    title_words, sub_words = curtain_words(m)
    title = text.render(title_words, 26, theme.TEXT, bold=True)
    if title.get_width() > card.w - int(30 * s):
        title = pygame.transform.smoothscale(title, (card.w - int(30 * s), title.get_height()))
    surf.blit(title, title.get_rect(center=(card.centerx, card.y + int(56 * s))))
    sub = text.render(sub_words, 15, theme.TEXT_DIM)
    if sub.get_width() > card.w - int(30 * s):
        sub = pygame.transform.smoothscale(sub, (card.w - int(30 * s), sub.get_height()))
    surf.blit(sub, sub.get_rect(center=(card.centerx, card.y + int(96 * s))))
    r = pygame.Rect(0, 0, min(int(400 * s), card.w - int(30 * s)), int(48 * s))
    r.midbottom = (card.centerx, card.bottom - int(20 * s))
    btn(m, ui, surf, ("curtain",), r, tr("curtain.button", name=m.names[seat]), play.reveal, primary=True, size=17)


def curtain_words(m) -> tuple:
    """The curtain card's title and the line under it; for a builder's part
    of the Special Building Phase the line says so (X-1.7)."""
    name = m.names[m.curtain_for]
    sub = "curtain.sub_special" if special_builder(m.view) == m.curtain_for else "curtain.sub"
    return tr("curtain.title", name=name), tr(sub, name=name)


def draw_glow(m, ui, surf) -> None:
    if time.monotonic() >= m.glow_until:
        return
    for h in m.glow_hexes:
        pygame.draw.polygon(surf, theme.HILITE, ui.board.hex_corners(h, 0.93), max(3, int(ui.board.R * 0.09)))


def pick_key(m):
    """What the spots to pick look like when the mouse is on none of them
    (they belong to the cached layer; see draw_pick)."""
    if m.pick is None or m.modal():
        return None
    kind, cands = m.pick
    return (kind, m.pick_style, m.viewer,
            tuple(sorted((spot, t[0] if isinstance(t, tuple) else None) for spot, t in cands.items())))


def draw_pick(m, ui, surf, which="all", bare=None) -> None:
    """The spots to pick on the board: `which` "all", "rest" (each as
    if the mouse were on none: the cached layer's) or "hovered" (the one
    under the mouse, every frame; its resting look is first wiped off with
    `bare`, the layer as it was before the spots were drawn on it)."""
    if m.pick is None or m.modal():
        return
    kind, cands = m.pick
    R = ui.board.R
    colour = m.colours[m.viewer]
    style = m.pick_style
    if which == "hovered":
        cands = {m.hover_spot: cands[m.hover_spot]} if m.hover_spot in cands else {}
        if cands and bare is not None and kind in ("node", "edge"):
            x, y = ui.board.node_pos(m.hover_spot) if kind == "node" else ui.board.edge_pos(m.hover_spot)
            reach = R * (0.38 if kind == "node" else 0.17) + 2       # the resting marker's radius
            spot = pygame.Rect(int(x - reach), int(y - reach), int(2 * reach) + 1, int(2 * reach) + 1)
            surf.blit(bare, spot, spot)
    drawer = ui.layout.open_drawer(m)
    if drawer is not None:                  # (the spots under the narrow table's open log stay out of sight)
        at = ui.board.hex_center if kind == "hex" else (lambda spot: ui.board.target_pos(kind, spot))
        cands = {spot: target for spot, target in cands.items() if not drawer.collidepoint(at(spot))}
    for spot, target in cands.items():
        hov = spot == m.hover_spot and which != "rest"
        cmd = target[0] if isinstance(target, tuple) else None
        if kind == "node" and style == "knight_select":
            x, y = ui.board.node_pos(spot)
            ring = theme.ACCENT if hov else theme.HILITE
            pygame.draw.circle(surf, ring, (x, y), R * 0.36, max(2, int(R * (0.08 if hov else 0.05))))
        elif kind == "node" and style == "choice":
            x, y = ui.board.node_pos(spot)
            pygame.draw.circle(surf, (20, 20, 20), (x, y), R * 0.36, max(3, int(R * 0.08)))
            pygame.draw.circle(surf, theme.ACCENT if hov else theme.HILITE, (x, y), R * 0.34,
                               max(2, int(R * (0.08 if hov else 0.05))))
        elif kind == "node":
            x, y = ui.board.node_pos(spot)
            if m.part.node_pick(m, surf, cmd, spot, x, y, R, colour, hov):
                pass                                   # a piece of the rule set (a wall, a knight)
            elif hov:
                if m.view.node_owner[spot] == m.viewer or cmd == "place_city":
                    draw_city(surf, x, y, R, colour, m.viewer)
                else:
                    draw_settlement(surf, x, y, R, colour, m.viewer)
            else:
                pygame.draw.circle(surf, (20, 20, 20), (x, y), R * 0.17)
                pygame.draw.circle(surf, theme.HILITE, (x, y), R * 0.14)
        elif kind == "edge":
            if hov:
                ui.board.draw_road(surf, spot, colour, theme.HILITE, seat=m.viewer)
            else:
                x, y = ui.board.edge_pos(spot)
                pygame.draw.circle(surf, (20, 20, 20), (x, y), R * 0.15)
                pygame.draw.circle(surf, theme.HILITE, (x, y), R * 0.12)
        else:
            pts = ui.board.hex_corners(spot, 0.9)
            pygame.draw.polygon(surf, theme.HILITE, pts, max(2, int(R * (0.1 if hov else 0.05))))
            if hov:
                ui.board.draw_robber_at(surf, spot, m.view.numbers[spot], ghost=True)


def top_text(m) -> str:
    if m.curtain_for is not None:
        return tr("curtain.title", name=m.names[m.curtain_for])
    return table_prompt(m)


def draw_top(m, ui, surf) -> None:
    """The prompt: what to do now, at the top of the left column, wrapped
    (fit_prompt), with the colour of the seat it speaks to."""
    L, text, s = ui.layout, ui.text, ui.layout.s
    pygame.draw.rect(surf, theme.BG_SIDE, L.left)
    widgets.panel(surf, L.top, theme.PANEL, theme.PANEL_EDGE, radius=8)
    seat = m.curtain_for if m.curtain_for is not None else m.viewer
    if seat is not None:
        pygame.draw.rect(surf, m.colours[seat], (L.top.x, L.top.y, int(7 * s), L.top.h),
                         border_top_left_radius=8, border_bottom_left_radius=8)
    room = L.top.w - int(PROMPT_PAD * s)
    size, lines = fit_prompt(m, ui, top_text(m))
    font = ui.fonts.get(size, True)
    y = L.top.centery - len(lines) * font.get_linesize() // 2
    for line in lines:
        img = text.render(line, size, theme.TEXT, bold=True)
        if img.get_width() > room:
            img = pygame.transform.smoothscale(img, (room, img.get_height()))
        surf.blit(img, (L.top.x + int(12 * s), y))
        y += font.get_linesize()


PROMPT_PAD = 18            # the prompt box's colour stripe and margins (design units)


def fit_prompt(m, ui, text) -> tuple:
    """(size, lines): the prompt wrapped into the prompt box, in the largest
    size whose lines all fit (long prompts, Dutch, long names: smaller)."""
    L, s = ui.layout, ui.layout.s
    room, height = L.top.w - int(PROMPT_PAD * s), L.top.h - int(4 * s)
    for size in (17, 15, 14, 13, 12, 11):
        font = ui.fonts.get(size, True)
        lines = panels.wrapped(m, ui, text, font, room)
        if len(lines) * font.get_linesize() <= height:
            break
    return size, lines[:max(1, height // font.get_linesize())]


def draw_flying(m, ui, surf) -> None:
    """What moves over the table: produced cards flying to their players,
    traded cards between two players, built pieces dropping into place."""
    now = time.monotonic()
    s = ui.layout.s
    for start, what, a, b in m.flying:
        k = (now - start) / fly_seconds(what)
        if k < 0 or k > 1:
            continue
        if isinstance(what, tuple) and what[0] == "drop":
            draw_drop(m, ui, surf, what, k)
            continue
        (x0, y0), (x1, y1) = a, b
        e = k * k * (3 - 2 * k)
        arc = 60 if not isinstance(what, tuple) else 24          # (a trade's cards fly flatter)
        x, y = x0 + (x1 - x0) * e, y0 + (y1 - y0) * e - arc * s * 4 * k * (1 - k)
        kind = what[1] if isinstance(what, tuple) else what
        img = cards.card(ui.text, ("res", kind), int(26 * s), int(36 * s))
        surf.blit(img, img.get_rect(center=(x, y)))


def draw_drop(m, ui, surf, what, k) -> None:
    """A built piece `k` (0..1) of the way down into its place: it falls
    from above, lands with a small bounce, its shadow growing under it."""
    _, piece, spot, seat = what
    board, R = ui.board, ui.board.R
    if k < 0.7:
        lift = (1 - (k / 0.7) ** 2) * R * 1.4          # falling, faster and faster
    else:
        lift = math.sin((k - 0.7) / 0.3 * math.pi) * R * 0.12    # one small bounce
    colour = m.colours[seat]
    if piece == "road":
        x, y = board.edge_pos(spot)
        pygame.draw.ellipse(surf, (20, 28, 36), (x - R * 0.3 * k, y - R * 0.08 * k, R * 0.6 * k, R * 0.16 * k))
        board.draw_road(surf, spot, colour, dy=-lift, seat=seat)
        return
    x, y = board.node_pos(spot)
    pygame.draw.ellipse(surf, (20, 28, 36), (x - R * 0.25 * k, y + R * 0.12, R * 0.5 * k, R * 0.14 * k))
    if piece == "knight":
        draw_knight(surf, x, y - lift, R, colour, 1, 0, seat)
    elif piece == "city":
        m.part.building_under(surf, m.view, spot, x, y, R)        # (C&K: its wall stays on the ground)
        draw_city(surf, x, y - lift, R, colour, seat)
    else:
        draw_settlement(surf, x, y - lift, R, colour, seat)


NOTE_SIZES = (15, 14, 13, 12)          # a notice's words, smaller where the room is short


def draw_notes(m, ui, surf) -> None:
    """Notices in the side column under the players and the bank: they
    cover no hex, road or number of the island, nor the log."""
    for box, colour, imgs in note_boxes(m, ui):
        widgets.panel(surf, box, (16, 22, 32), colour, radius=8, width=2)
        ly = box.y + int(6 * ui.layout.s)
        for img in imgs:
            surf.blit(img, img.get_rect(midtop=(box.centerx, ly)))
            ly += img.get_height()


def note_boxes(m, ui) -> list:
    """[(box, colour, rendered lines)] of the notices shown, oldest first: the
    newest first find room in the notes area, each at the largest of
    NOTE_SIZES that fits, older ones giving way; the newest always shows,
    over what lies above the area if even its smallest words are taller
    (the side column under six players at 200 %: a refusal must be read)."""
    L, s, text = ui.layout, ui.layout.s, ui.text
    area, gap = notes_area(L), int(4 * s)
    shown, room = [], area.h
    for msg, colour, _ in reversed(m.notes):
        for size in NOTE_SIZES:
            lines = panels.wrapped(m, ui, msg, ui.fonts.get(size, True), area.w - int(20 * s))
            imgs = [text.render(line, size, colour, bold=True) for line in lines]
            h = sum(i.get_height() for i in imgs) + int(12 * s)
            if h <= room:
                break
        if h > room and shown:
            break
        shown.append((h, colour, imgs))
        room -= h + gap
    y = min(area.y, area.bottom - sum(h for h, _, _ in shown) - gap * (len(shown) - 1))
    boxes = []
    for h, colour, imgs in reversed(shown):
        boxes.append((pygame.Rect(area.x, y, area.w, h), colour, imgs))
        y += h + gap
    return boxes


def notes_area(L) -> pygame.Rect:
    """Where notices go: the side column under the players and the bank."""
    return L.notes
