"""The table's "copy position" key (F8): the position of what this screen may
see — the viewing seat's view, or the public view behind the curtain — in the
position notation (docs/position.md), put on the clipboard.  Where the
clipboard cannot be used (no clipboard under this video driver, a headless
session) the text goes to a file in the user data folder instead, and the
note says where."""

import os
import time

from game.client.i18n import tr
from game.engine.position import format as format_position


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


def _to_clipboard(text: str) -> bool:
    """True if the clipboard now holds `text` (checked by reading it back)."""
    try:
        import pygame
        if not pygame.display.get_init() or os.environ.get("SDL_VIDEODRIVER") == "dummy":
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
