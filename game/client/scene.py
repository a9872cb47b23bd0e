"""The scene interface and a base for scenes built from pygame_gui widgets."""

import math
import warnings

import pygame
import pygame_gui

from . import focus, theme, widgets
from .focus import ENTER_KEYS, MOVE_KEYS, Item, KeyFocus
from .fonts import gui as gui_fonts

gui_fonts.install()          # names in any script on the forms too (fonts/gui.py)


class Scene:
    """One screen.  The app calls handle_event for every event, update once a
    frame, and draw only when `app.dirty` is set or `busy()` says an animation
    is running (so an idle screen costs next to nothing)."""

    def __init__(self, app):
        self.app = app

    def handle_event(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf) -> None:
        pass

    def draw_focus(self, surf) -> None:
        """Drawn after `draw`, over everything: the keys' focus ring (forms and menus)."""

    def busy(self) -> bool:
        """True while something moves and every frame must be drawn."""
        return False

    def resize(self, size) -> None:
        pass

    def min_canvas(self) -> tuple:
        """The smallest window, in design units, this scene is laid out for:
        the app caps the scale of text and controls so that every scene on
        the stack gets at least this much room (App.ui_scale_for)."""
        return (640, 360)

    def wake_ms(self) -> int:
        """How long the idle loop may sleep without an event (timers, blinking)."""
        return 1000

    def language_changed(self) -> None:
        self.resize(self.app.size)

    def palette_changed(self) -> None:
        """Settings chose another palette for the seat colours
        (theme.set_palette): a scene that holds seats' rgb recolours them."""
        self.app.dirty = True

    def update_underneath(self, dt: float) -> None:
        """Called once a frame while another scene lies on top of this one
        (a menu, the rules, settings): a LAN table keeps its session serviced."""

    def wake_ms_underneath(self):
        """How long the idle loop may sleep while this scene lies under
        another one (None: it has nothing to do there)."""
        return None

    def closing(self) -> None:
        """The window is closing (its close button, or the system asked the
        program to stop): let go of what must not outlive it."""

    def alert_text(self) -> str:
        """What the player must know even while another scene covers this one
        (a LAN table's lost connection); '' for nothing."""
        return ""

    def picture_key(self):
        """What the scene's picture depends on, when it can say so and
        nothing on it moves (None: it must be drawn every time)."""
        return None

    def draw_dimmed(self, surf, rgba) -> None:
        """The scene as it lies under another one (the game menu), shaded by
        `rgba`: drawn and shaded once, then blitted while its picture_key
        stays the same."""
        key = self.picture_key()
        key = None if key is None else (key, rgba, surf.get_size())
        kept = getattr(self, "_dimmed", None)
        if key is not None and kept is not None and kept[0] == key:
            surf.blit(kept[1], (0, 0))
            return
        self.draw(surf)
        surf.blit(shade(surf.get_size(), rgba), (0, 0))
        self._dimmed = (key, surf.copy()) if key is not None else None


_SHADES = {}


def shade(size, rgba) -> pygame.Surface:
    """A translucent full-screen shade (kept per size and colour)."""
    key = (size, rgba)
    img = _SHADES.get(key)
    if img is None:
        if len(_SHADES) > 8:
            _SHADES.clear()
        img = _SHADES[key] = pygame.Surface(size, pygame.SRCALPHA)
        img.fill(rgba)
    return img


def point_and_click(scene, event) -> bool:
    """Hover and left click over `scene.targets` (keys with actions), for
    scenes drawn by hand: hovering marks `scene.hover` and redraws, a click
    runs the action under the pointer.  True when the event was one of these."""
    if event.type == pygame.MOUSEMOTION:
        key, _ = scene.targets.at(event.pos)
        if key != scene.hover:
            scene.hover = key
            scene.app.dirty = True
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        _, action = scene.targets.at(event.pos)
        if action is not None:
            action()
        return True
    return False


def keys_over_targets(scene, event) -> bool:
    """Tab, Shift+Tab and the arrows over `scene.targets` (the hand-drawn
    menus: keys with actions), Enter presses the one focused; the focus is
    `scene.hover`, as if the mouse were there (`scene.key_focus` keeps
    where).  True when the event was one of these."""
    if event.type != pygame.KEYDOWN:
        return False
    f = scene.key_focus
    found = focus.reading_order([Item(key, rect) for key, rect, action in scene.targets.items if action])
    if f.key != scene.hover:
        f.clear()                               # the mouse moved it
    if f.move(found, event.key, getattr(event, "mod", 0)):
        scene.hover = f.key
        scene.app.dirty = True
        return True
    item = f.on(found) if f.by_keys else None
    if event.key in ENTER_KEYS and item is not None:
        next(action for key, _, action in scene.targets.items if key == item.key)()
        scene.app.dirty = True
        return True
    return False


def draw_key_focus(scene, surf) -> None:
    """The ring round what the keys focused (keys_over_targets)."""
    f = scene.key_focus
    rect = scene.targets.rect(f.key) if f.by_keys and f.key == scene.hover else None
    if rect is not None:
        focus.draw_ring(surf, rect, scene.app.scale)


def alert_below(app, scene) -> str:
    """The first alert of the scenes under `scene` (nearest first), or ''."""
    stack = app.scenes
    below = stack[:stack.index(scene)] if scene in stack else stack
    return next((text for text in (s.alert_text() for s in reversed(below)) if text), "")


def draw_alert(app, surf, text) -> None:
    """An alert from below, as a strip at the bottom of the screen."""
    if not text:
        return
    s = app.scale
    w, h = surf.get_size()
    img = app.text.render(text, 16, theme.TEXT, bold=True)
    if img.get_width() > w - int(60 * s):
        img = pygame.transform.smoothscale(img, (w - int(60 * s), img.get_height()))
    r = img.get_rect(midbottom=(w // 2, h - int(14 * s))).inflate(int(28 * s), int(14 * s))
    pygame.draw.rect(surf, (24, 20, 24), r, border_radius=8)
    pygame.draw.rect(surf, theme.BAD, r, 2, border_radius=8)
    surf.blit(img, img.get_rect(center=r.center))


def gui_theme(scale: float) -> dict:
    """pygame_gui theme matching the table's colours, with font sizes scaled."""
    def hx(rgb):
        return "#%02x%02x%02x" % rgb
    font = {"name": "noto_sans", "size": str(max(10, round(17 * scale)))}
    return {
        "defaults": {
            "colours": {
                "normal_bg": hx(theme.BUTTON), "hovered_bg": hx(theme.BUTTON_HOVER),
                "disabled_bg": hx(theme.BUTTON_OFF), "selected_bg": hx((150, 118, 40)),
                "active_bg": hx(theme.BUTTON_HOVER), "dark_bg": hx(theme.PANEL),
                "normal_text": hx(theme.TEXT), "hovered_text": hx((255, 255, 255)),
                "selected_text": hx((255, 255, 255)), "disabled_text": hx((120, 126, 136)),
                "active_text": hx((255, 255, 255)), "normal_border": hx(theme.PANEL_EDGE),
                "hovered_border": hx(theme.ACCENT), "disabled_border": hx((70, 76, 86)),
                "selected_border": hx(theme.ACCENT), "active_border": hx(theme.ACCENT),
                "text_cursor": hx(theme.ACCENT),
            },
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(max(3, round(6 * scale))),
                     "border_width": "1", "shadow_width": "0"},
        },
        "label": {"colours": {"dark_bg": "#00000000", "normal_text": hx(theme.TEXT)}, "font": font},
        "button": {"font": font},
        "text_entry_line": {"font": font},
        "tool_tip": {"font": dict(font, size=str(max(9, round(14 * scale))))},
        "#title": {"font": {"name": "noto_sans", "size": str(round(44 * scale)), "bold": "1"},
                   "colours": {"normal_text": hx(theme.ACCENT)}},
        "#heading": {"font": {"name": "noto_sans", "size": str(round(24 * scale)), "bold": "1"}},
        "#error": {"colours": {"normal_text": hx(theme.BAD)}},
        "#dim": {"colours": {"normal_text": hx(theme.TEXT_DIM)}},
    }


_BACKGROUND = {}


def _hex_backdrop(size, scale):
    """The menus' background: a faint hex pattern, like the island's grid."""
    surf = pygame.Surface(size).convert()
    surf.fill(theme.BG)
    w, h = size
    r = 46 * scale
    colour = theme.lighter(theme.BG, 0.05)
    dx, dy = r * math.sqrt(3), r * 1.5
    row, y = 0, 0.0
    while y < h + r:
        x = (dx / 2) if row % 2 else 0.0
        while x < w + r:
            pts = [(x + r * math.cos(math.radians(60 * k + 30)), y + r * math.sin(math.radians(60 * k + 30)))
                   for k in range(6)]
            pygame.draw.polygon(surf, colour, pts, 1)
            x += dx
        y += dy
        row += 1
    return surf


class GuiScene(Scene):
    """A form-like scene (menus, settings, new game) built with pygame_gui.
    Subclasses implement build() (create widgets for the current size) and
    on_gui(event)."""

    def __init__(self, app):
        super().__init__(app)
        self.manager = None
        self.buttons = {}          # semantic key -> UIButton (tools click these)
        self.retired = {}          # the buttons before the last rebuild -> their keys
        self.card = None           # the form's framed panel on the backdrop (build() sets it), or None
        self.key_focus = KeyFocus()
        self.resize(app.size)

    def resize(self, size) -> None:
        self.manager = pygame_gui.UIManager(size, gui_theme(self.app.scale))
        self.retired = {button: key for key, button in self.buttons.items()}
        self.buttons = {}
        self.card = None
        if self in self.app.scenes:
            self.build()
        else:
            # Built before it is pushed, at the scale of the scenes already there: pushing it
            # may cap the scale (App.ui_scale_for) and build it again, so pygame_gui's
            # complaints about labels too small for this first build are not worth saying.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                self.build()
        self.app.dirty = True

    def build(self) -> None:
        raise NotImplementedError

    def _pressed_before_rebuild(self, event):
        """pygame_gui reports a press on the next frame; if the widgets were
        rebuilt in between, the press names a button that is gone.  It counts
        for the button that replaced it when that one still offers the same
        thing (same key and text, enabled); otherwise it is dropped (None)."""
        old = event.ui_element
        new = self.buttons.get(self.retired[old])
        if new is None or not new.is_enabled or new.text != old.text:
            return None
        return pygame.event.Event(event.type, dict(event.dict, ui_element=new))

    def on_gui(self, event) -> None:
        pass

    def targets(self) -> dict:
        """Clickable rectangles by semantic key (used by tools and tests)."""
        return {k: b.rect for k, b in self.buttons.items() if b.visible and b.is_enabled}

    # --- the keys: Tab, Shift+Tab and the arrows move a focus over the buttons and fields ---------
    def focus_items(self) -> list:
        """The enabled buttons on show and the text fields, in reading order."""
        out = [Item(("button", key), b.rect) for key, b in self.buttons.items() if b.visible and b.is_enabled]
        out += [Item(("field", i), e.rect) for i, e in enumerate(self.fields()) if e.visible and e.is_enabled]
        return focus.reading_order(out)

    def fields(self) -> list:
        """The form's text fields, in the order they were made."""
        return [e for e in self.manager.get_sprite_group().sprites()
                if isinstance(e, pygame_gui.elements.UITextEntryLine)]

    def focused_element(self):
        """The button or text field the keys' focus is on, or None."""
        f = self.key_focus
        if not f.by_keys or f.key is None:
            return None
        if f.key[0] == "button":
            return self.buttons.get(f.key[1])
        fields = self.fields()
        return fields[f.key[1]] if f.key[1] < len(fields) else None

    def focus_key(self, event) -> bool:
        """A key for the focus: True when it moved it or pressed its button.
        In a text field that has the focus, Left and Right move in the text."""
        typing = any(e.is_focused for e in self.fields())
        if event.key in MOVE_KEYS and not (typing and event.key in (pygame.K_LEFT, pygame.K_RIGHT)):
            if self.key_focus.move(self.focus_items(), event.key, getattr(event, "mod", 0)):
                element = self.focused_element()
                is_field = isinstance(element, pygame_gui.elements.UITextEntryLine)
                self.manager.set_focus_set(element if is_field else None)
                self.app.dirty = True
                return True
        element = self.focused_element()
        if event.key in ENTER_KEYS and isinstance(element, pygame_gui.elements.UIButton) and element.is_enabled:
            self.on_gui(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))
            self.app.dirty = True
            return True
        return False

    def draw_focus(self, surf) -> None:
        element = self.focused_element()
        if element is not None and element.visible:
            focus.draw_ring(surf, element.rect, self.app.scale)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and self.focus_key(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.key_focus.clear()                  # the mouse leads again
        self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.retired:
            event = self._pressed_before_rebuild(event)
            if event is None:
                return
        if event.type in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                          pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            self.on_gui(event)
        self.app.dirty = True

    def update(self, dt: float) -> None:
        self.manager.update(dt)

    def wake_ms(self) -> int:
        return 400             # the text cursor blinks

    def draw(self, surf) -> None:
        self.draw_background(surf)
        self.manager.draw_ui(surf)

    def draw_background(self, surf) -> None:
        key = (surf.get_size(), self.app.scale)
        if _BACKGROUND.get("size") != key:
            _BACKGROUND["size"] = key
            _BACKGROUND["surf"] = _hex_backdrop(surf.get_size(), self.app.scale)
        surf.blit(_BACKGROUND["surf"], (0, 0))
        if self.card is not None:      # a table-top panel, framed like the game menu's
            widgets.panel(surf, self.card, theme.PANEL, theme.ACCENT, radius=max(6, round(12 * self.app.scale)),
                          width=2)

    def set_card(self, left, top, right, bottom) -> None:
        """Frame the form's content (its outer edges) with a margin."""
        s, w = self.app.scale, self.app.size[0]
        m = max(int(8 * s), min(int(26 * s), left - int(4 * s), w - right - int(4 * s)))     # narrower in a full window
        card = pygame.Rect(left - m, top - m // 2, right - left + 2 * m, bottom - top + m + m // 2)
        page = pygame.Rect((0, 0), self.manager.window_resolution)       # (a scrolling form: its page, form_scroll.py)
        self.card = card.clip(page.inflate(-m // 3, -m // 3))     # on screen

    def button(self, key, rect, text, enabled=True, tooltip=None):
        b = pygame_gui.elements.UIButton(pygame.Rect(rect), text, self.manager, tool_tip_text=tooltip)
        if not enabled:
            b.disable()
        self.buttons[key] = b
        return b

    def label(self, rect, text, object_id=None):
        return pygame_gui.elements.UILabel(pygame.Rect(rect), text, self.manager, object_id=object_id)
