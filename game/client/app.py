"""The window, the scene stack and the main loop.

`open_window(args)` opens it for `kolonisten` and `kolonisten play`
(game/cli.py), `run(argv)` for `python -m game.client`; both take the
options of cmdline.py.  The loop is capped at 60 fps and
only redraws when something changed (`app.dirty`) or a scene animates; when
nothing happens it sleeps in `pygame.event.wait`, so an idle game costs almost
no CPU.

The scale.  Every screen is laid out in design units (cmdline.DESIGN,
1280x720) times `App.scale`, the one factor the layouts, fonts and forms
read.  At 100 % it is the window's fit, min(W / 1280, H / 720): a larger
window draws the same design larger.  Settings' "Text and controls"
(settings.UI_SCALES: 100, 125, 150, 200 %) multiplies it, so at 150 % a
1280x720 window holds what a window 1.5x smaller would at 100 % (a canvas
of 853x480 design units), drawn 1.5x larger; the layouts reflow into the
smaller canvas (a narrower board, wrapped or shortened words).  Each scene
says how small a canvas it can hold (`Scene.min_canvas`, the six-seat
table more than the menus); the factor used (`ui_used`) is the largest
choice up to the chosen one that every scene on the stack holds, so a
screen never overflows: it is chosen again whenever the stack or the
window changes, and Settings say when the choice was capped.  Since the
canvas depends on the window's shape and not its size, the cap is the same
at 1280x720 and 1920x1080.  The system's own display scale is not offered:
pygame-ce 2.5 (SDL 2) reports no content scale or DPI setting on Linux.
"""

import os

import pygame

from . import i18n, settings, theme
from .cmdline import DESIGN, MIN_SIZE, fit, window_parser
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
        self.scenes = []
        self._open_window(fullscreen)
        self.ui_used = self.ui_scale_for([])
        self.fonts = theme.Fonts(self.scale)
        self.text = theme.TextCache(self.fonts)
        self.sounds = Sounds(self.prefs["volume"], self.prefs["muted"])
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
        """Pixels per design unit: the window's fit times the text and controls' scale used."""
        return fit(self.size) * self.ui_used / 100

    def ui_scale_for(self, canvases, chosen=None) -> int:
        """The largest of settings.UI_SCALES up to `chosen` (default: the
        person's choice) at which this window holds each canvas of
        `canvases` (design units, Scene.min_canvas); 100 % always."""
        chosen = self.prefs.get("ui_scale", 100) if chosen is None else chosen
        w, h = self.size
        f = fit(self.size)

        def holds(percent):
            s = f * percent / 100
            return all(w / s >= cw - 0.5 and h / s >= ch - 0.5 for cw, ch in canvases)
        return max(p for p in settings.UI_SCALES if p <= chosen and (p == 100 or holds(p)))

    def set_ui_scale(self, percent: int) -> None:
        """The person's choice in Settings: remembered with the settings."""
        self.prefs["ui_scale"] = percent
        self.rescale()

    def rescale(self) -> None:
        """Choose the scale again for the scenes on the stack (a scene whose
        min_canvas changed calls it); lay them out anew when it changed."""
        used = self.ui_scale_for([scene.min_canvas() for scene in self.scenes])
        if used != self.ui_used:
            self.ui_used = used
            self._resized()

    def set_fullscreen(self, on: bool) -> None:
        """The person's choice (Settings, F11): remembered with the settings."""
        self.prefs["fullscreen"] = on
        if on != self.fullscreen:
            self._open_window(on)
            self._resized()

    def _resized(self) -> None:
        self.ui_used = self.ui_scale_for([scene.min_canvas() for scene in self.scenes])
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
        self.rescale()
        self.dirty = True

    def pop(self) -> None:
        self.scenes.pop()
        if not self.scenes:
            self.running = False
        self.rescale()
        self.dirty = True

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def reset_to(self, scene) -> None:
        self.scenes = [scene]
        self.rescale()
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
