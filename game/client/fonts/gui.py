"""pygame_gui's text with the same per-character fallback as the table.

pygame_gui (0.6.14) draws every label, button and text field with one font
file and has no fallback of its own, so a name in Chinese, Arabic or emoji
came out as the font's missing-glyph boxes on the forms.  Every font it
opens is made in one place, `pygame_gui.core.utility.FontResource.load`,
through the module name `GUIFontPygame`; install() points that name at
FallbackGUIFont, which draws text the primary font covers exactly as before
and anything else with a FontStack (fonts/__init__.py) built on the very
same primary font, so both kinds of text share size and baseline.

The forms' themes name only "noto_sans" (PRIMARY), which is the file whose
coverage the stack checks."""

import pygame
from pygame_gui.core import utility as _gui_utility
from pygame_gui.core.gui_font_pygame import GUIFontPygame

from . import PRIMARY, FontStack, covers


class FallbackGUIFont(GUIFontPygame):
    """A pygame_gui font that falls back per character (see the module docstring)."""

    def __init__(self, file, size, force_style=False, style=None):
        super().__init__(file, size, force_style, style)
        self.bold_file = bool(style and style.get("bold"))
        self._stack = None

    @property
    def stack(self) -> FontStack:
        if self._stack is None:            # most forms never show a foreign character
            primary = self._GUIFontPygame__internal_font
            self._stack = FontStack(self.point_size, self.bold_file, primary=primary)
        return self._stack

    def needs_fallback(self, text: str) -> bool:
        if text.isascii():
            return False
        path = PRIMARY[self.bold_file]
        return any(not covers(path, ch) for ch in text if not ch.isspace())

    def _render(self, text, colour) -> pygame.Surface:
        img = self.stack.render(text, self.antialiased, colour)
        if pygame.display.get_surface() is not None:
            img = img.convert_alpha()
        return img

    def get_rect(self, text: str) -> pygame.Rect:
        if not self.needs_fallback(text):
            return super().get_rect(text)
        return pygame.Rect((0, self.stack.primary.get_ascent()), self._render(text, (255, 255, 255)).get_size())

    def render_premul(self, text, text_color):
        if not self.needs_fallback(text):
            return super().render_premul(text, text_color)
        img = self._render(text, text_color)
        return img.premul_alpha() if img.get_width() and img.get_height() else img

    def render_premul_to(self, text, text_colour, surf_size, surf_position):
        if not self.needs_fallback(text):
            return super().render_premul_to(text, text_colour, surf_size, surf_position)
        out = pygame.Surface(surf_size, depth=32, flags=pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        img = self._render(text, text_colour)
        if img.get_width() and img.get_height():
            out.blit(img.premul_alpha(), (surf_position[0], surf_position[1] - self.stack.primary.get_ascent()),
                     special_flags=pygame.BLEND_PREMULTIPLIED)
        return out


def install() -> None:
    """Make every pygame_gui font opened from now on a FallbackGUIFont."""
    if _gui_utility.GUIFontPygame is not FallbackGUIFont:
        _gui_utility.GUIFontPygame = FallbackGUIFont


def installed() -> bool:
    return _gui_utility.GUIFontPygame is FallbackGUIFont
