"""The window, the scene stack and the main loop.

`open_window(args)` opens it for `kolonisten` and `kolonisten play`
(game/cli.py), `run(argv)` for `python -m game.client`; both take the
options of cmdline.py.  The loop is capped at 60 fps and
only redraws when something changed (`app.dirty`) or a scene animates; when
nothing happens it sleeps in `pygame.event.wait`, so an idle game costs almost
no CPU.
"""

import os

import pygame

from . import i18n, settings, theme
from .cmdline import DESIGN, MIN_SIZE, window_parser
from .navigator import Navigator
from .sound import Sounds

FPS = 60


class App:
    def __init__(self, size=DESIGN, fullscreen=None, prefs=None, language=None):
        """fullscreen and language: for this run (None: the settings'); the
        settings keep their own until the person chooses in the window."""
        self.prefs = dict(prefs if prefs is not None else settings.load())
        i18n.set_language(language or self.prefs["language"])
        theme.set_palette(self.prefs.get("palette", "standard"))
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(i18n.tr("app.title"))
        pygame.display.set_icon(_icon())
        if fullscreen is None:
            fullscreen = self.prefs["fullscreen"]
        self.windowed_size = tuple(size)
        self.fullscreen = False
        self.screen = None
        self._open_window(fullscreen)
        self.fonts = theme.Fonts(self.scale)
        self.text = theme.TextCache(self.fonts)
        self.sounds = Sounds(self.prefs["volume"], self.prefs["muted"])
        self.scenes = []
        self.nav = Navigator(self)           # the scenes by name (navigator.py)
        self.dirty = True
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames_drawn = 0

    # --- window ---------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> None:
        if fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.fullscreen = fullscreen

    @property
    def size(self):
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        w, h = self.size
        return min(w / DESIGN[0], h / DESIGN[1])

    def set_fullscreen(self, on: bool) -> None:
        """The person's choice (Settings, F11): remembered with the settings."""
        self.prefs["fullscreen"] = on
        if on != self.fullscreen:
            self._open_window(on)
            self._resized()

    def _resized(self) -> None:
        self.fonts.set_scale(self.scale)
        for scene in self.scenes:
            scene.resize(self.size)
        self.dirty = True

    def set_language(self, lang: str) -> None:
        """The person's choice in Settings: remembered with the settings."""
        self.prefs["language"] = lang
        i18n.set_language(lang)
        pygame.display.set_caption(i18n.tr("app.title"))
        for scene in self.scenes:
            scene.language_changed()
        self.dirty = True

    def set_palette(self, name: str) -> None:
        """The person's choice in Settings: remembered with the settings."""
        self.prefs["palette"] = name
        theme.set_palette(name)
        for scene in self.scenes:
            scene.palette_changed()
        self.dirty = True

    # --- scene stack ------------------------------------------------------------------
    @property
    def scene(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene) -> None:
        self.scenes.append(scene)
        self.dirty = True

    def pop(self) -> None:
        self.scenes.pop()
        if not self.scenes:
            self.running = False
        self.dirty = True

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def reset_to(self, scene) -> None:
        self.scenes = [scene]
        self.dirty = True

    # --- loop -----------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
            self.windowed_size = (w, h)
            if self.screen.get_size() != (w, h):
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.dirty = True
        if self.scene is not None:
            self.scene.handle_event(event)

    def step(self, events=None, dt=None) -> bool:
        """One iteration: handle events, update, draw if needed.  Returns True
        if a frame was drawn.  Tools call this directly."""
        if events is None:
            events = pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running:
                return False
        scene = self.scene
        if scene is None:
            return False
        dt = dt if dt is not None else 1 / FPS
        for below in self.scenes[:-1]:      # e.g. a LAN table under its menu: its session is serviced
            below.update_underneath(dt)
        scene = self.scene
        if scene is None:
            return False
        scene.update(dt)
        scene = self.scene
        if self.dirty or scene.busy():
            self.dirty = False
            scene.draw(self.screen)
            scene.draw_focus(self.screen)
            pygame.display.flip()
            self.frames_drawn += 1
            return True
        return False

    def run(self) -> None:
        while self.running and self.scenes:
            events = pygame.event.get()
            if not events and not self.dirty and not self.scene.busy():
                # Idle: sleep until something happens (the scene's timeout
                # lets text cursors blink and timed notes expire).
                first = pygame.event.wait(self.wake_ms())
                events = [first] if first.type != pygame.NOEVENT else []
                events += pygame.event.get()
            dt = self.clock.tick(FPS) / 1000
            self.step(events, dt)
        for scene in reversed(self.scenes):
            scene.closing()

    def wake_ms(self) -> int:
        """The idle loop's longest sleep: the top scene's, or shorter for a
        scene underneath that must be serviced (a LAN table under its menu)."""
        below = [ms for ms in (s.wake_ms_underneath() for s in self.scenes[:-1]) if ms is not None]
        return min([self.scene.wake_ms()] + below)

    def save_prefs(self) -> str | None:
        """Write the settings: the language and display the person chose in
        the window, never those of the command line (App's arguments)."""
        self.prefs["volume"] = self.sounds.volume
        self.prefs["muted"] = self.sounds.muted
        return settings.save(self.prefs)


def _icon() -> pygame.Surface:
    """The window icon: a small hex island, drawn in code."""
    import math
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    pts = [(16 + 15 * math.cos(math.radians(60 * k + 30)), 16 + 15 * math.sin(math.radians(60 * k + 30)))
           for k in range(6)]
    pygame.draw.polygon(icon, theme.TERRAIN_RGB[3], pts)
    pygame.draw.polygon(icon, theme.darker(theme.TERRAIN_RGB[3], 0.4), pts, 2)
    pygame.draw.circle(icon, (246, 234, 200), (16, 16), 7)
    pygame.draw.circle(icon, (196, 30, 30), (16, 16), 3)
    return icon


def run(argv=None) -> int:
    """`python -m game.client [--size WxH] [--lang en|nl] [--fullscreen]`."""
    return open_window(window_parser("python -m game.client").parse_args(argv if argv is not None else []))


def open_window(args) -> int:
    """The main menu in a window, with the options of cmdline.add_window_options
    (`kolonisten`, `kolonisten play`, `python -m game.client`)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    app = App(getattr(args, "size", None) or DESIGN, fullscreen=True if getattr(args, "fullscreen", False) else None,
              language=getattr(args, "lang", None))
    app.nav.open("menu")
    quit_after = getattr(args, "quit_after", None)
    if quit_after is not None:            # for scripted checks under Xvfb
        pygame.time.set_timer(pygame.QUIT, max(1, int(quit_after * 1000)), loops=1)
    app.run()
    pygame.quit()
    return 0
