"""The window every screenshot family draws into, and stepping its frames
until a condition holds."""

import os
import shutil
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def window(out, w, h, lang, tag="", saved=None, **prefs):
    """A window of w×h in `lang` for screenshots (settings `prefs` beside the
    defaults), and save(name), which draws a frame and writes it to
    <out>/<W>x<H>-<lang><tag>/<name>.png; returns (app, save, the paths saved
    so far: `saved` when given)."""
    import pygame

    from game.client.app import App
    from game.client.settings import DEFAULTS

    folder = os.path.join(out, f"{w}x{h}-{lang}{tag}")
    os.makedirs(folder, exist_ok=True)
    app = App((w, h), fullscreen=False, prefs=dict(DEFAULTS, language=lang, muted=True, **prefs))
    saved = [] if saved is None else saved

    def save(name):
        app.dirty = True
        app.step([])
        path = os.path.join(folder, name + ".png")
        pygame.image.save(app.screen, path)
        saved.append(path)
    return app, save, saved


def scratch_folder(**variables):
    """A temporary folder, with each environment variable given pointing into
    it (at the subfolder its value names, "" for the folder itself).  Returns
    (the folder, undo); undo() gives the variables their old values back and
    removes the folder."""
    folder = tempfile.mkdtemp(prefix="kolonisten-shots-")
    old = {name: os.environ.get(name) for name in variables}
    for name, sub in variables.items():
        os.environ[name] = os.path.join(folder, sub) if sub else folder

    def undo():
        for name, value in old.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(folder, ignore_errors=True)
    return folder, undo


def close_all(closers) -> None:
    """Call every one of `closers`, the last added first, whatever any raises."""
    for close in reversed(closers):
        try:
            close()
        except Exception:
            pass


def step_until(app, until, who: str, timeout: float = 10.0) -> None:
    """Run the window's frames until `until()` holds (a LAN session answered,
    a scene opened); a run that never gets there stops with a message."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not until():
        app.step([])
        time.sleep(0.01)
    if not until():
        raise SystemExit(f"{who}: timed out on {app.scene.__class__.__name__}")
