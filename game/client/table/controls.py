"""The table's input: pointer, keys and the action buttons.

`handle(m, ui, play, event)` takes one event: the pointer hovers and clicks
the targets the last frame drew (ui.targets) and the spots the current
mode or phase asks for on the board (m.pick); the action buttons' keys
(hand.SHORTCUTS: R rolls, E ends the turn, ...) do what the buttons do,
and Ctrl+Z (Cmd+Z) what Undo does, saying why when nothing may be taken back;
Esc, F1 and the curtain's keys lead elsewhere.  Space only ever hurries
the computers: pressed again and again while they play, it must never
roll, answer, dismiss a panel or reveal a hand for the person.  Tab, the
arrows and Enter on what they focused are keyboard.py's (the board's
cursor, the dialogs' focus).  What a click or key does is play.py's.
"""

import pygame

from .. import theme
from . import hints, keyboard, reasons
from .hand import SHORTCUTS, slot_action
from .position_copy import copy_position, paste_position

UNDO_MODS = pygame.KMOD_CTRL | pygame.KMOD_META     # Ctrl+Z, and Cmd+Z on a Mac


def handle(m, ui, play, event) -> None:
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
        play.skip_animations()
    if m.game_over_at is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
        play.show_results()            # no need to wait for the end screen
        return
    if event.type == pygame.MOUSEMOTION:
        keyboard.mouse_moved(m, event.pos)
        m.mouse = event.pos
        m.tips_hushed_at = None
        update_hover(m, ui, play)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        m.mouse = event.pos
        click(m, ui, play, event.pos)
    elif event.type == pygame.MOUSEWHEEL:
        if ui.layout.log_shown(m) and ui.layout.log.collidepoint(m.mouse):
            m.log_scroll = max(0, min(len(m.log) - 1, m.log_scroll + event.y))
            play.redraw()
    elif event.type == pygame.KEYDOWN:
        press(m, play, event.key, getattr(event, "mod", None))


def update_hover(m, ui, play) -> None:
    """What the mouse rests on: a target, a lit spot, an unlit one, or a
    piece of the rule set (a knight), a harbor or a hex of the board (their
    tooltips)."""
    key, _ = ui.targets.at(m.mouse)
    if key == ("backdrop",) and m.dialog is None:
        key = None                    # the dialog just closed; its frame is stale
    spot = None
    if key is None and m.pick is not None:
        spot = ui.board.hit(m.pick[0], m.pick[1], m.mouse)
    unlit = reasons.unlit_spot(m, ui, m.mouse) if key is None and spot is None else None
    if unlit is not None:
        key = ("unlit",) + unlit            # a spot that is not allowed: the tooltip says why
    if key is None and spot is None and m.dialog is None and ui.layout.board.collidepoint(m.mouse) \
            and m.tips_hushed_at != m.mouse:      # (after a click on the board: until the mouse moves)
        harbor = ui.board.harbor_at(m.mouse)
        piece = m.part.piece_at(m, ui, m.mouse)         # (C&K: a knight)
        if piece is not None:
            key = piece
        elif harbor is not None:
            key = ("harbor", harbor)
        else:
            h = ui.board.hit("hex", range(len(m.view.terrain)), m.mouse)
            key = ("hex_info", h) if h is not None else None
    aside = hints.line_aside(m, ui)
    if key != m.hover_key or spot != m.hover_spot or aside != m.hint_aside:
        m.hover_key, m.hover_spot, m.hint_aside = key, spot, aside
        play.redraw()


def click(m, ui, play, pos) -> None:
    key, action = ui.targets.at(pos)
    if action is not None:
        action()
        play.redraw()
    elif key is None and m.pick is not None:
        spot = ui.board.hit(m.pick[0], m.pick[1], pos)
        if spot is not None:
            play.choose_spot(spot)
        elif m.knight is not None:
            m.knight = None          # a click beside the knight's spots lets go of it
            play.update_pick()
        else:
            reasons.explain_spot(m, ui, play, pos)     # a spot that is not lit: say why
        play.redraw()
    if key is None and ui.layout.board.collidepoint(pos):
        m.tips_hushed_at = pos       # the board's own tooltips (hexes, harbors, knights) stop covering it
    update_hover(m, ui, play)


def press(m, play, key, mods=None) -> None:
    """A key, with the modifiers held when it was pressed (`mods`: the
    event's; None: as they are now)."""
    if mods is None:
        mods = pygame.key.get_mods()
    if key == pygame.K_F8 and mods & pygame.KMOD_SHIFT:                 # paste: check a position
        play.note(paste_position(), theme.ACCENT, 8.0)
        play.redraw()
        return
    if key == pygame.K_F8 and m.view is not None:     # what this screen shows, never more
        play.note(copy_position(m.view), theme.ACCENT, 6.0)
        play.redraw()
        return
    if key == pygame.K_SPACE:                        # the computers' hurry key, and nothing else
        if m.computers_playing():
            m.computers.hurry()
            play.redraw()
        return
    if m.stage.blocking and m.curtain_for is None:     # a staged attack: a key goes on
        m.stage.key(key)
        play.redraw()
        return
    if key in (pygame.K_F1, pygame.K_h):             # rules and costs, from anywhere
        return play.open_rules()
    if m.curtain_for is None and keyboard.press(m, play.ui, play, key, mods):
        return                                       # the cursor and the focus (Tab, arrows, Enter)
    if key == pygame.K_ESCAPE and (m.curtain_for is not None or
                                   (m.dialog is None and not m.mode and m.knight is None)):
        return play.open_menu()                      # (Esc first lets go of a mode or a knight)
    if m.curtain_for is not None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            play.reveal()
        return
    if key in hints.KEYS:                            # ? : what the Hard computer would do now
        return hints.show(m, play)
    if m.dialog is not None:
        m.dialog.key(key)
        play.redraw()
        return
    if key == pygame.K_ESCAPE:
        m.mode = None
        m.knight = None
        play.update_pick()
    elif key == pygame.K_z and mods & UNDO_MODS:
        play.take_back()
    elif key == pygame.K_RETURN:
        play.action(slot_action(m, "end_turn"))       # (in the Special Building Phase: pass)
    elif key == pygame.K_l:
        play.toggle_log()
    elif key in SHORTCUTS:
        play.action(SHORTCUTS[key])
    play.redraw()
