"""The window every screenshot family draws into, and stepping its frames
until a condition holds."""

import os
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


def step_until(app, until, who: str, timeout: float = 10.0) -> None:
    """Run the window's frames until `until()` holds (a LAN session answered,
    a scene opened); a run that never gets there stops with a message."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not until():
        app.step([])
        time.sleep(0.01)
    if not until():
        raise SystemExit(f"{who}: timed out on {app.scene.__class__.__name__}")
