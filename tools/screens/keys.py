"""Games through the window by keys alone: `KeyDriver`, the Driver of
tools/screens/autoplay.py that makes every click a person would make as
the keys a person without a mouse presses instead.

    python -m tools.ui_autoplay --keys-only [--visible]              a solo game
    python -m tools.ui_autoplay --tutorial --keys-only [--visible]   the guided game

To press a button or choose a spot it looks where the focus is (the
table's cursor, game/client/table/keyboard.py; a form's focus ring,
scene.GuiScene) and presses the arrow that brings it nearer, or Tab and
Shift+Tab round the order when no arrow does, then Enter; text goes into
a form's field after Tab has put the focus there.  A staged panel, the
curtain and the guided game's Next answer Enter itself.

Headless (the SDL dummy driver) the keys are posted as pygame events.  With
`xdotool` (--visible, under X, e.g. Xvfb) each key is an `xdotool key` to
the real window and the loop runs until the window has it: no pointer
event is ever made, and `mouse_events` counts any the window received."""

import math
import shutil
import subprocess
import time

from .autoplay import AutoplayError, Driver

MAX_MOVES = 400          # keys to reach one thing before the tool gives up
# pygame's keys by the names xdotool gives them (the rest: pygame.key.name, "r", "1")
X_NAMES = {"tab": "Tab", "return": "Return", "escape": "Escape", "left": "Left", "right": "Right", "up": "Up",
           "down": "Down", "backspace": "BackSpace", "end": "End", "space": "space", "/": "slash"}


def x_keysym(pygame, key, text=None, mod=0) -> str:
    """The xdotool name of `key` (or of the character `text`), with Shift or Ctrl."""
    name = text if text else pygame.key.name(key)
    name = X_NAMES.get(name, name)
    if mod & pygame.KMOD_SHIFT:
        name = "shift+" + name
    if mod & pygame.KMOD_CTRL:
        name = "ctrl+" + name
    return name


class KeyDriver(Driver):
    """A Driver whose every input is a key (see the module's text)."""

    by_keys = True

    def __init__(self, app, pygame, xdotool=None):
        """`xdotool`: the keys by xdotool to the real window (None: when the window is an X one)."""
        super().__init__(app, pygame)
        self.mouse_events = 0        # pointer events the window received (none are made)
        self.window = None
        if xdotool is None:
            xdotool = pygame.display.get_driver() == "x11"
        if xdotool:
            if shutil.which("xdotool") is None:
                raise AutoplayError("--visible with --keys-only needs xdotool (apt-get install xdotool)")
            self.window = str(pygame.display.get_wm_info()["window"])
            subprocess.run(["xdotool", "windowfocus", "--sync", self.window], check=False,
                           capture_output=True, timeout=10)

    # --- keys ---------------------------------------------------------------------------------
    def key(self, key, text=None, mod=0):
        if self.window is None:
            pg = self.pg
            pg.event.post(pg.event.Event(pg.KEYDOWN, key=key, mod=mod, unicode=text or "", scancode=0))
            pg.event.post(pg.event.Event(pg.KEYUP, key=key, mod=mod, unicode=text or "", scancode=0))
            if text:
                pg.event.post(pg.event.Event(pg.TEXTINPUT, text=text))
            self.keys += 1
            self.frame(2)
            return
        self._x_key(x_keysym(self.pg, key, text, mod))

    def _x_key(self, keysym) -> None:
        """`xdotool key` to the window, and its frames until the window has the key."""
        pg = self.pg
        subprocess.run(["xdotool", "key", "--delay", "0", keysym], check=True, capture_output=True, timeout=10)
        self.keys += 1
        deadline = time.monotonic() + 10
        arrived = False
        while time.monotonic() < deadline:
            events = pg.event.get()
            arrived = arrived or any(e.type == pg.KEYDOWN for e in events)
            self.mouse_events += sum(e.type in (pg.MOUSEMOTION, pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP, pg.MOUSEWHEEL)
                                     for e in events)
            self.app.step(events)
            if arrived and not events:
                return
            if not events:
                time.sleep(0.002)
        raise AutoplayError(f"the window did not get the key {keysym}")

    def click_at(self, pos):
        raise AutoplayError(f"keys only: a click at {pos} was asked")

    # --- forms ----------------------------------------------------------------------------------
    def focus_gui(self, key):
        """Tab (or Shift+Tab, whichever is shorter) until a form's focus is on `key`."""
        pg = self.pg
        for _ in range(MAX_MOVES):
            scene = self.app.scene
            keys = [it.key for it in scene.focus_items()]
            if key not in keys:
                raise AutoplayError(f"no {key!r} to focus on {type(scene).__name__}")
            f = scene.key_focus
            if f.by_keys and f.key == key:
                return
            here = keys.index(f.key) if f.by_keys and f.key in keys else None
            if here is None:
                self.key(pg.K_TAB)
                continue
            ahead = (keys.index(key) - here) % len(keys)
            self.key(pg.K_TAB, mod=0 if ahead <= len(keys) - ahead else pg.KMOD_SHIFT)
        raise AutoplayError(f"the focus did not reach {key!r}")

    def click_gui(self, key):
        self.focus_gui(("button", key))
        self.key(self.pg.K_RETURN)

    def into_field(self, entry):
        fields = self.app.scene.fields()
        self.focus_gui(("field", fields.index(entry)))

    def press_in(self, scene, key):
        if key == "skip":                  # the C&K introduction: Escape skips it
            self.key(self.pg.K_ESCAPE)
        else:
            raise AutoplayError(f"keys only: no key for {key!r} on {type(scene).__name__}")

    # --- the table ------------------------------------------------------------------------------
    def press_target(self, table, key, cmd=None):
        pg = self.pg
        if key == ("stage", "continue"):
            for _ in range(3):             # a staged attack: Enter shows the rest, then closes it
                if not table.model.stage.blocking:
                    return
                self.key(pg.K_RETURN)
            raise AutoplayError("Enter did not close the staged attack")
        if key in (("curtain",), ("tutorial", "next")):
            self.key(pg.K_RETURN)          # (the curtain, the guided game's Next: Enter)
            return
        self.focus_table(table, key, cmd)
        self.key(pg.K_RETURN)

    def choose_spot(self, table, kind, spot, cmd=None):
        self.focus_table(table, ("spot", kind, spot), cmd)
        self.key(self.pg.K_RETURN)

    def focus_table(self, table, want, cmd=None):
        """Bring the table's focus to `want`: the arrow that brings it
        nearest, and once none does, Tab or Shift+Tab round the order."""
        from game.client import focus
        from game.client.table import keyboard
        pg = self.pg
        m, ui = table.model, table.ui
        tabbing = False
        for _ in range(MAX_MOVES):
            found = keyboard.items(m, ui)
            keys = [it.key for it in found]
            if want not in keys:
                raise AutoplayError(f"for {cmd!r}: {want!r} cannot be focused (dialog "
                                    f"{type(m.dialog).__name__}; focusable: {keys[:12]}…)")
            current = m.focus.on(found) if m.focus.by_keys else None
            if current is not None and current.key == want:
                return
            if current is None:
                self.key(pg.K_TAB)
                continue
            goal = found[keys.index(want)].point
            if not tabbing:
                best, best_d = None, math.dist(current.point, goal) - 0.5
                for arrow, direction in focus.ARROWS.items():
                    then = focus.towards(found, current.point, direction, current.key)
                    if then is not None and math.dist(then.point, goal) < best_d:
                        best, best_d = arrow, math.dist(then.point, goal)
                if best is not None:
                    self.key(best)
                    continue
                tabbing = True
            ahead = (keys.index(want) - keys.index(current.key)) % len(keys)
            self.key(pg.K_TAB, mod=0 if ahead <= len(keys) - ahead else pg.KMOD_SHIFT)
        raise AutoplayError(f"for {cmd!r}: the focus did not reach {want!r}")


def maker(xdotool=None):
    """A make_driver for autoplay.at_menu: a KeyDriver (`xdotool`: KeyDriver's)."""
    return lambda app, pygame: KeyDriver(app, pygame, xdotool)
