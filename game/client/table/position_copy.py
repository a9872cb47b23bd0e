"""The table's position keys.  F8 copies the position of what this screen may
see — the viewing seat's view, or the public view behind the curtain — in the
position notation (docs/position.md) to the clipboard.  Where the clipboard
cannot be used (no clipboard under this video driver, a headless session) the
text goes to a file in the user data folder instead, and the note says where.
Shift+F8 pastes: it reads the position on the clipboard (or, without one, the
newest file in that folder) and says whether a game can reach it, or what is
wrong with it — a message, never a traceback, whatever the clipboard holds."""

import glob
import os
import time

from game.client.i18n import tr
from game.engine.position import MAX_CHARS, PositionError, format as format_position, parse

NOTE_REASON = 160           # characters of the reader's message shown in a note


def positions_dir() -> str:
    """Where copied positions are written when there is no clipboard: the user
    data folder, or $KOLONISTEN_HOME/positions when that is set (tests, tools'
    scratch folders, portable installs)."""
    home = os.environ.get("KOLONISTEN_HOME")
    if home:
        path = os.path.join(home, "positions")
    else:
        import platformdirs
        path = os.path.join(platformdirs.user_data_dir("kolonisten", appauthor=False), "positions")
    os.makedirs(path, exist_ok=True)
    return path


def _clipboard_usable() -> bool:
    import pygame
    return pygame.display.get_init() and os.environ.get("SDL_VIDEODRIVER") != "dummy"


def _to_clipboard(text: str) -> bool:
    """True if the clipboard now holds `text` (checked by reading it back)."""
    try:
        import pygame
        if not _clipboard_usable():
            return False
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except Exception:       # no clipboard on this system: any pygame/SDL error means the same
        return False


def copy_position(view) -> str:
    """Copy the position of `view` (a state holding only what this screen may
    see); returns the note to show."""
    text = format_position(view)
    if _to_clipboard(text):
        return tr("position.copied")
    try:
        path = os.path.join(positions_dir(), time.strftime("position-%Y%m%d-%H%M%S.txt"))
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        return tr("position.copy_failed", reason=str(exc))
    return tr("position.saved", path=path)


def _from_clipboard():
    """The clipboard's text, or None where there is no clipboard or no text."""
    try:
        import pygame
        if not _clipboard_usable():
            return None
        return pygame.scrap.get_text() or None
    except Exception:       # no clipboard on this system: any pygame/SDL error means the same
        return None


def _newest_copied():
    """(path, text) of the newest position copied to the positions folder, or None."""
    files = sorted(glob.glob(os.path.join(positions_dir(), "position-*.txt")))
    if not files:
        return None
    with open(files[-1], encoding="utf-8") as f:
        return files[-1], f.read(MAX_CHARS + 1)


def paste_position() -> str:
    """Read the position on the clipboard (without a clipboard: the newest copied
    to the positions folder) and check it; returns the note to show."""
    text = _from_clipboard()
    if text is None:
        try:
            found = _newest_copied()
        except (OSError, UnicodeDecodeError) as exc:
            return tr("position.paste_refused", reason=str(exc)[:NOTE_REASON])
        if found is None:
            return tr("position.paste_nothing")
        text = found[1]
    try:
        state = parse(text[:MAX_CHARS + 1])
    except PositionError as exc:
        reason = str(exc)
        return tr("position.paste_refused",
                  reason=reason if len(reason) <= NOTE_REASON else reason[:NOTE_REASON] + "…")
    return tr("position.paste_ok", turn=state.turn)
