"""The table by keyboard: a cursor over the board's legal spots and a focus
ring over everything the mouse could click.

What the keys move over (`items`): first the spots of the current pick
(`m.pick`: the corners, sides or hexes the phase, the build mode, a C&K
choice or a knight asks for), top to bottom and left to right; then the
clickable things of the last frame (the hand's cards that open, the
action buttons, a dialog's cards and buttons, the hint and menu buttons),
in the same reading order.  Under a modal dialog only the dialog's own
(the veil's target covers the rest).  Tab and Shift+Tab go round that
order, the arrows to the nearest item that way on screen (focus.py);
Enter does what a click there does (a spot: its command, through the same
`play.choose_spot` as the mouse); Escape lets go of the focus, or of
the build mode as before.  Without a focus every key keeps its own
meaning (Enter ends the turn, confirms a dialog, goes on in the guided
game).

The focus is shown as if the mouse rested there: the spot's piece is
previewed, the button lit, its tooltip (which names the button's key)
beside it; a ring marks it, and for a spot a line over the board (at its
bottom, or where it leaves the spot, its harbor and a hint's spots in
sight; on the narrow table over the bank) says what it is in the notation's names (docs/position.md): "corner B4:
6 wood, 8 brick, 3:1 harbor".  The first move key goes to the spot or
control the scene suggests (`scene.key_suggestions`: the hint on show, the guided game's
lesson), else to the first item.  While the keys lead, a new pick
(a road after the settlement) puts the cursor on its suggested spot or on
the one nearest where it was; the mouse moving takes over again.
"""

import pygame

from game.engine.board import board_of
from game.engine.constants import DESERT, GENERIC_HARBOR, TERRAIN_NAMES
from game.engine.notation import names_of

from .. import focus, theme, widgets
from ..eventtext import card_name
from ..focus import ENTER_KEYS, MOVE_KEYS, Item
from ..i18n import tr
from . import board_lines, hints

SPOT_REACH = {"node": 0.42, "edge": 0.34, "hex": 0.8}     # the ring round a spot, in hex radii
NOT_FOCUSED = ("why", "unlit", "backdrop", "stage")         # greyed buttons' reasons, veils


# --- what the keys move over ------------------------------------------------------------
def spot_items(m, ui) -> list:
    """The spots of the current pick as focus items, in reading order."""
    if m.pick is None or m.viewer is None or m.modal():
        return []
    kind, cands = m.pick
    board, reach = ui.board, SPOT_REACH[kind] * ui.board.R
    drawer = ui.layout.open_drawer(m)
    out = []
    for spot in cands:
        x, y = board.hex_center(spot) if kind == "hex" else board.target_pos(kind, spot)
        if drawer is not None and drawer.collidepoint(x, y):
            continue                        # (under the narrow table's open log, as out of the mouse's reach)
        rect = pygame.Rect(0, 0, int(2 * reach), int(2 * reach))
        rect.center = (int(x), int(y))
        out.append(Item(("spot", kind, spot), rect, (x, y)))
    return focus.reading_order(out)


def clickable_point(targets, key, rect):
    """A point of `rect` where a click reaches `key` (the centre, else a
    point left or right of it: fanned cards lie over each other's right
    part), or None when others cover all of them."""
    for fx, fy in ((0.5, 0.5), (0.15, 0.5), (0.85, 0.5), (0.5, 0.2), (0.15, 0.2)):
        point = (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
        if targets.at(point)[0] == key:
            return point
    return None


def control_items(m, ui) -> list:
    """The last frame's clickable targets with an action, as focus items,
    in reading order (each key once, where it was drawn last)."""
    screen = ui.layout.screen
    seen, out = set(), []
    for key, rect, action in reversed(ui.targets.items):
        if key in seen or action is None or not isinstance(key, tuple) or key[0] in NOT_FOCUSED \
                or rect.contains(screen):
            seen.add(key)
            continue
        seen.add(key)
        point = clickable_point(ui.targets, key, rect)
        if point is not None:
            out.append(Item(key, rect, point))
    return focus.reading_order(out)


def items(m, ui) -> list:
    return spot_items(m, ui) + control_items(m, ui)


def suggested(play, among):
    """The first of the scene's suggestions (the guided game's lesson)
    that is among the items `among`, or None."""
    keys = {it.key: it for it in among}
    for ring in play.scene.key_suggestions():
        key = ("spot",) + tuple(ring[1:]) if ring[0] == "spot" else ring[1]
        if key in keys:
            return keys[key]
    return None


def context(m) -> tuple:
    """What the focus belongs to: a new dialog, pick or seat starts it anew."""
    pick = None if m.pick is None else (m.pick[0], m.pick_style, tuple(sorted(m.pick[1])))
    return (id(m.dialog) if m.dialog is not None else None, m.modal(), pick, m.viewer, m.curtain_for, m.mode,
            m.knight)


# --- the keys ----------------------------------------------------------------------------------
def press(m, ui, play, key, mods) -> bool:
    """A key at the table (no curtain, no staged panel): True when it moved
    or used the focus, and nothing else may take it."""
    f = m.focus
    if key in MOVE_KEYS:
        follow(m, ui, play)
        found = items(m, ui)
        if f.move(found, key, mods, suggested(play, found)):
            show(m, ui, play)
            return True
        return key == pygame.K_TAB          # (Tab has no other meaning at the table)
    if not f.by_keys or f.key is None:
        return False
    if key in ENTER_KEYS:
        found = items(m, ui)
        item = f.on(found)
        if item is None:                    # what it was on went: the nearest instead, nothing done
            if f.move(found, pygame.K_TAB):
                show(m, ui, play)
            return True
        choose(m, ui, play, item)
        return True
    if key == pygame.K_ESCAPE and m.dialog is None and not m.mode and m.knight is None:
        f.key = None                        # (a second Escape opens the menu)
        play.redraw()
        return True
    return False


def choose(m, ui, play, item) -> None:
    """Enter on `item`: what a click on it does."""
    if item.key[0] == "spot":
        play.choose_spot(item.key[2])
    else:
        action = next((a for k, _, a in reversed(ui.targets.items) if k == item.key), None)
        if action is not None:
            action()
    play.redraw()


def show(m, ui, play) -> None:
    """The focused item looks as if the mouse rested on it."""
    f = m.focus
    m.mouse = (int(f.point[0]), int(f.point[1]))
    m.tips_hushed_at = None
    if f.key[0] == "spot":
        m.hover_key, m.hover_spot = None, f.key[2]
    else:
        m.hover_key, m.hover_spot = f.key, None
    m.hint_aside = hints.line_aside(m, ui)
    play.redraw()


def mouse_moved(m, pos) -> None:
    """The mouse moved (to somewhere else than the keys put the pointer): it leads again."""
    if m.focus.by_keys and tuple(pos) != tuple(m.mouse):
        m.focus.clear()


def follow(m, ui, play) -> None:
    """Keep the focus with what the table shows: a new dialog, pick or seat
    drops it; while the keys lead, a new pick puts the cursor on the spot
    suggested, or on the one nearest where the focus was."""
    f = m.focus
    now = context(m)
    if now == f.context:
        return
    f.context = now
    if not f.by_keys:                       # (the mouse leads: nothing to keep)
        return
    spots = spot_items(m, ui)
    kept = f.on(spots)
    if kept is not None:
        f.put(kept)
    elif spots:
        f.put(suggested(play, spots) or (focus.nearest(spots, f.point) if f.point else spots[0]))
    else:
        f.key = None
        return
    show(m, ui, play)


# --- drawing -------------------------------------------------------------------------------------
def draw(m, ui, play, surf) -> None:
    """The focus ring, and for a spot the line that says what it is."""
    f = m.focus
    if not f.by_keys:
        return
    follow(m, ui, play)
    if f.key is None or m.curtain_for is not None:
        return
    s = ui.layout.s
    if f.key[0] == "spot":
        item = next((it for it in spot_items(m, ui) if it.key == f.key), None)
        if item is None:
            return
        focus.draw_ring(surf, item.rect, s, round_spot=True)
        draw_line(m, ui, surf, describe(m, ui, f.key[1], f.key[2]), item.point)
        return
    rect = ui.targets.rect(f.key) or f.rect
    focus.draw_ring(surf, rect, s)


def line_rect(m, ui, lines, line_h, spot_at) -> pygame.Rect:
    """Where the line of the spot at `spot_at` goes: of line_places, the
    first that keeps clear of the spot it names (a harbor hangs beside it)
    and, with a hint on show, of the spots the hint rings, then covers the
    fewest harbors and spots to choose from."""
    places, keep = line_places(m, ui, lines, line_h, spot_at)
    marks = board_lines.harbor_points(ui) + [it.point for it in spot_items(m, ui)]
    return board_lines.clearest(ui, places, keep, marks)   # (of equals the bottom left, as before)


def line_places(m, ui, lines, line_h, spot_at) -> tuple:
    """(The places the spot's line may take: the board's bottom left (over
    the Hint button and the hint's line when one is on show), its bottom
    right, its top left and top right (under the menu and the dice, and the
    hint's line when that is at the top); the board points it should keep
    clear of.)"""
    L, s = ui.layout, ui.layout.s
    w = max(img.get_width() for img in lines) + int(20 * s)
    h = len(lines) * line_h + int(10 * s)
    bottom, top = hints.button_rect(ui).y, board_lines.top_y(ui)
    hint = hints.current(m)
    keep = [spot_at]
    if hint is not None:                     # (the hint's line at the board's bottom or top: beside it)
        keep += hints.hinted_points(ui, hint)
        box = hints.line_box(ui, hint)[0]
        if box.centery > L.board.centery:
            bottom = min(bottom, box.y)
        else:
            top = max(top, box.bottom + int(6 * s))
    left, right = L.board.x + int(12 * s), max(L.board.x + int(12 * s), L.board.right - int(12 * s) - w)
    return [pygame.Rect(x, y, w, h) for y in (bottom - int(6 * s) - h, top) for x in (left, right)], keep


def draw_line(m, ui, surf, text, spot_at) -> None:
    box, imgs = line_layout(m, ui, text, spot_at)
    s = ui.layout.s
    widgets.panel(surf, box, (16, 20, 28), focus.FOCUS, radius=8)
    for i, img in enumerate(imgs):
        surf.blit(img, (box.x + int(10 * s), box.y + int(5 * s) + i * img.get_height()))


def line_layout(m, ui, text, spot_at) -> tuple:
    """(Where the spot's line goes, its rendered lines, at most two.)  On the
    narrow table over the bank: there the island fills the board, and any
    place on it would lie over spots near the one the line names; elsewhere
    on the board (line_rect)."""
    L, s = ui.layout, ui.layout.s
    font = ui.fonts.get(15, True)
    room = (L.bank.w if L.narrow else L.board.w - int(20 * s)) - int(20 * s)
    imgs = [ui.text.render(line, 15, theme.TEXT, bold=True) for line in widgets.wrap(text, font, room)[:2]]
    if L.narrow:
        return pygame.Rect(L.bank.x, L.bank.y, L.bank.w, len(imgs) * imgs[0].get_height() + int(10 * s)), imgs
    return line_rect(m, ui, imgs, imgs[0].get_height(), spot_at), imgs


# --- words -----------------------------------------------------------------------------------------
def describe(m, ui, kind, spot) -> str:
    """A spot in words, with the position notation's name: what it yields,
    its harbor, what stands there."""
    v = m.view
    board = board_of(v)
    names = names_of(board)
    if kind == "hex":
        what = [hex_words(v, spot, long=True)]
        what += [building_words(m, n) for n in board.hex_nodes[spot] if v.node_owner[n] != -1]
        return tr("tip.spot_hex", name=names.hex_letters[spot], what=", ".join(what))
    if kind == "edge":
        what = [hex_words(v, h) for h in board.edge_hexes[spot]]
        if v.edge_owner[spot] != -1:
            what.append(piece_words(m, "road", v.edge_owner[spot]))
        return tr("tip.spot_side", name=names.edge_name[spot], what=", ".join(what))
    what = [hex_words(v, h) for h in board.node_hexes[spot]]
    harbor = board.harbor_nodes(v.harbors).get(spot)
    if harbor is not None:
        what.append(tr("tip.spot_harbor_generic") if harbor == GENERIC_HARBOR
                    else tr("tip.spot_harbor", kind=card_name(harbor)))
    if v.node_owner[spot] != -1:
        what.append(building_words(m, spot))
    piece = m.part.piece_at(m, ui, ui.board.node_pos(spot))        # (C&K: a knight there)
    if piece is not None and piece[-1] == spot:
        said = m.part.tooltip(m, piece)
        if said:
            what.append(said[:1].lower() + said[1:])
    return tr("tip.spot_corner", name=names.node_name[spot], what=", ".join(what))


def hex_words(v, h, long=False) -> str:
    """"6 wood" (`long`: the hex's tooltip, "forest, produces on a roll of 6"),
    "desert"; "(robber)" where it stands."""
    terrain = v.terrain[h]
    if terrain == DESERT or not v.numbers[h]:
        words = tr("terrain." + TERRAIN_NAMES[terrain])
    elif long:
        words = tr("tip.hex", terrain=tr("terrain." + TERRAIN_NAMES[terrain]), n=v.numbers[h])
    else:
        words = tr("tip.spot_yield", number=v.numbers[h], card=card_name(terrain))
    return tr("tip.spot_robber", what=words) if h == v.robber else words


def piece_words(m, piece, seat) -> str:
    """"settlement of Bram", "your city"."""
    return tr(f"tip.own_{piece}") if seat == m.viewer else tr(f"tip.{piece}_of", name=m.names[seat])


def building_words(m, node) -> str:
    v = m.view
    return piece_words(m, "city" if v.node_level[node] == 2 else "settlement", v.node_owner[node])
