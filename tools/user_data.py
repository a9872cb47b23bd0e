"""Tools that drive the game window (screenshots, autoplay, render benchmark)
must not touch the player's own settings, saved games or seat tokens: they
work in a scratch folder unless the caller points them elsewhere."""

import atexit
import os
import shutil
import tempfile


def use_scratch_user_data() -> None:
    """Point KOLONISTEN_HOME (settings, seat tokens) and KOLONISTEN_SAVE_DIR at a
    temporary folder removed at exit; variables already set are kept."""
    if os.environ.get("KOLONISTEN_HOME") and os.environ.get("KOLONISTEN_SAVE_DIR"):
        return
    scratch = tempfile.mkdtemp(prefix="kolonisten-tool-")
    atexit.register(shutil.rmtree, scratch, True)
    os.environ.setdefault("KOLONISTEN_HOME", os.path.join(scratch, "home"))
    os.environ.setdefault("KOLONISTEN_SAVE_DIR", os.path.join(scratch, "saves"))
