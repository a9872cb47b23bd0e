"""Fonts for every script a player's name may use, with per-character fallback.

Text is drawn in Noto Sans (the font pygame_gui bundles: Latin, Greek,
Cyrillic).  A character it lacks is drawn with the first font of FALLBACKS
that has it: Arabic, Hebrew, Devanagari and Thai (Noto Sans), Chinese,
Japanese and Korean (Droid Sans Fallback) and emoji in colour (the system's
Noto Color Emoji when it is installed, else the OpenMoji colour font shipped
here), then the monochrome Symbola for symbols the colour font lacks.  A
string is cut into runs of one font each; right-to-left runs (Arabic,
Hebrew) are shaped right to left.  The font files beside this module and
their licences are listed in assets/README.md.  The forms (pygame_gui) use
the same fallback through fonts/gui.py.

Sizes are given at the 1280x720 design size and scaled by the window's
scale factor."""

import os

import pygame
import pygame.freetype
import pygame_gui

HERE = os.path.dirname(os.path.abspath(__file__))
_GUI_DIR = os.path.join(os.path.dirname(pygame_gui.__file__), "data")
PRIMARY = {False: os.path.join(_GUI_DIR, "NotoSans-Regular.ttf"),
           True: os.path.join(_GUI_DIR, "NotoSans-Bold.ttf")}

# (regular file, bold file or None, script of a right-to-left font or None)
FALLBACKS = (
    ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf", "Arab"),
    ("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf", "Hebr"),
    ("NotoSansDevanagari-Regular.ttf", None, None),
    ("NotoSansThai-Regular.ttf", None, None),
    ("DroidSansFallback.ttf", None, None),
)
# Colour emoji: the system's where it has them, else the shipped OpenMoji
# (COLRv0 outlines, 2.7 MB, which SDL_ttf 2.24 draws in colour; Noto Color
# Emoji is 11 MB of bitmaps).  Symbola (monochrome, Unicode 9) comes after
# it for the symbols a colour font lacks.
SYSTEM_EMOJI = ("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
                "/usr/share/fonts/noto/NotoColorEmoji.ttf",
                "C:\\Windows\\Fonts\\seguiemj.ttf")
SHIPPED_COLOUR_EMOJI = "OpenMoji-Color.ttf"
SHIPPED_EMOJI = "Symbola.ttf"


def emoji_files(system=True) -> list:
    """The emoji fonts to fall back on, in order: a colour one, then Symbola."""
    colour = next((p for p in SYSTEM_EMOJI if os.path.exists(p)), None) if system else None
    return [colour or os.path.join(HERE, SHIPPED_COLOUR_EMOJI), os.path.join(HERE, SHIPPED_EMOJI)]


def _open(path, px):
    try:
        return pygame.font.Font(path, px)
    except (OSError, FileNotFoundError):
        return None


_COVERAGE = {}       # font path -> (freetype font, {character: has a glyph})


def covers(path, ch) -> bool:
    """Whether the font file has a glyph for `ch` (pygame.font would answer
    with the file's "missing" box instead, so freetype is asked)."""
    known = _COVERAGE.get(path, (None, {}))[1].get(ch)
    if known is None:
        try:
            known = _ask(path, ch)
        except pygame.error:           # freetype was quit and started again since
            _COVERAGE.pop(path, None)
            known = _ask(path, ch)
    return known


def _ask(path, ch) -> bool:
    entry = _COVERAGE.get(path)
    if entry is None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        try:
            entry = _COVERAGE[path] = (pygame.freetype.Font(path, 12), {})
        except (OSError, FileNotFoundError):
            entry = _COVERAGE[path] = (None, {})
    font, memo = entry
    known = memo[ch] = font is not None and font.get_metrics(ch)[0] is not None
    return known


class _Face:
    """One font file at one pixel size, opened when first drawn with (the
    fallbacks are large and most games never need them)."""

    def __init__(self, path, px, bold=False, rtl_script=None, font=None):
        self.path, self.px, self.bold_wanted, self.rtl_script = path, px, bold, rtl_script
        self.rtl = bool(rtl_script)
        self._font = font

    @property
    def font(self):
        if self._font is None:
            font = _open(self.path, self.px) or pygame.font.Font(None, self.px)
            if self.bold_wanted:
                font.bold = True
            if self.rtl_script:            # shaped and laid out right to left
                font.set_script(self.rtl_script)
                font.set_direction(pygame.DIRECTION_RTL)
            self._font = font
        return self._font

    @property
    def bitmap(self) -> bool:
        """Fixed-size colour glyphs (colour emoji), scaled to the line."""
        return self.font.get_height() > self.px * 2.5

    def has(self, ch) -> bool:
        return covers(self.path, ch)


class FontStack:
    """The primary font and its fallbacks at one size and weight; render()
    draws a string with each character in the first font that has it."""

    def __init__(self, px, bold, system_emoji=True, primary=None):
        """`primary`: an open pygame font of the file PRIMARY[bold] (pygame_gui's)."""
        if primary is None:
            primary = _open(PRIMARY[bold], px)
        path = PRIMARY[bold]
        if primary is None:                   # (pygame_gui's font missing: pygame's own)
            primary, path = pygame.font.Font(None, round(px * 1.25)), pygame.font.get_default_font()
        self.primary = primary
        self._sizes = {}                      # text (not ASCII) -> its size, as drawn
        self.faces = [_Face(path, px, font=primary)]
        for regular, bold_file, rtl_script in FALLBACKS:
            if os.path.exists(os.path.join(HERE, regular)):
                path = os.path.join(HERE, bold_file if bold and bold_file else regular)
                self.faces.append(_Face(path, px, bold and not bold_file, rtl_script))
        for path in emoji_files(system_emoji):
            if os.path.exists(path):
                self.faces.append(_Face(path, px))

    # the pygame.font.Font interface the table uses
    def get_linesize(self):
        return self.primary.get_linesize()

    def get_height(self):
        return self.primary.get_height()

    def size(self, text):
        if text.isascii():
            return self.primary.size(text)
        size = self._sizes.get(text)
        if size is None:                      # measured by drawing it (runs of several fonts): once
            if len(self._sizes) > 4000:
                self._sizes.clear()
            size = self._sizes[text] = self.render(text, True, (0, 0, 0)).get_size()
        return size

    def runs(self, text):
        """[(face, substring)]: consecutive characters of one font."""
        out = []
        for ch in text:
            # a space or mark joins the run it is in; a right-to-left run takes
            # spaces only ("… from محمد." ends in the Latin run's full stop)
            if out and not ch.isalnum() and out[-1][0].has(ch) and (ch == " " or not out[-1][0].rtl):
                face = out[-1][0]
            else:
                face = next((f for f in self.faces if f.has(ch)), self.faces[0])
            if out and out[-1][0] is face:
                out[-1][1].append(ch)
            else:
                out.append((face, [ch]))
        return [(face, "".join(chars)) for face, chars in out]

    def render(self, text, antialias, colour, background=None):
        if text.isascii():
            return self.primary.render(text, antialias, colour, background)
        runs = self.runs(text)
        if len(runs) == 1 and not runs[0][0].bitmap and not runs[0][0].rtl and runs[0][1] == runs[0][1].strip(" "):
            return runs[0][0].font.render(text, antialias, colour, background)
        line_h = self.primary.get_height()
        ascent = self.primary.get_ascent()
        parts = []
        space = self.primary.size(" ")[0]
        for face, chunk in runs:
            # Spaces at the ends of another font's run are the primary font's
            # (an emoji font's are wide; a right-to-left run's stay where they
            # are in the line).
            body = chunk if face is self.faces[0] else chunk.strip(" ")
            lead = len(chunk) - len(chunk.lstrip(" ")) if body != chunk else 0
            trail = len(chunk) - len(chunk.rstrip(" ")) if body != chunk else 0
            if lead:
                parts.append((pygame.Surface((space * lead, 1), pygame.SRCALPHA), 0))
            if body:
                parts.append(self._run(face, body, antialias, colour, line_h, ascent))
            if trail:
                parts.append((pygame.Surface((space * trail, 1), pygame.SRCALPHA), 0))
        # one line box of the primary font: text of other fonts is set on its
        # baseline (what reaches beyond the box is cut, as on any line)
        width = sum(img.get_width() for img, _ in parts)
        out = pygame.Surface((max(1, width), line_h), pygame.SRCALPHA)
        if background is not None:
            out.fill(background)
        x = 0
        for img, y in parts:
            out.blit(img, (x, y))
            x += img.get_width()
        return out

    def _run(self, face, chunk, antialias, colour, line_h, ascent) -> tuple:
        """(image, y in the line) of a run of one font."""
        img = self._rtl(face, chunk, antialias, colour) if face.rtl else face.font.render(chunk, antialias, colour)
        if face.bitmap:                 # colour emoji come at one big size
            h = round(line_h * 0.86)
            w = max(1, round(img.get_width() * h / img.get_height()))
            img = pygame.transform.smoothscale(img.convert_alpha() if pygame.display.get_surface()
                                               else img, (w, h))
            return img, (line_h - h) // 2
        return img, ascent - face.font.get_ascent()

    @staticmethod
    def _rtl(face, chunk, antialias, colour):
        """A right-to-left run: its words right to left, each shaped whole."""
        if " " not in chunk:
            return face.font.render(chunk, antialias, colour)
        words = chunk.split(" ")
        pieces = [face.font.render(w, antialias, colour) if w else None for w in reversed(words)]
        space = face.font.size(" ")[0]
        w = sum(p.get_width() for p in pieces if p) + space * (len(pieces) - 1)
        img = pygame.Surface((max(1, w), face.font.get_height()), pygame.SRCALPHA)
        x = 0
        for piece in pieces:
            if piece:
                img.blit(piece, (x, 0))
                x += piece.get_width()
            x += space
        return img


class Fonts:
    """Cached font stacks by (design size, bold) at the current scale."""

    def __init__(self, scale: float = 1.0):
        self.scale = scale
        self._cache = {}

    def set_scale(self, scale: float) -> None:
        if abs(scale - self.scale) > 1e-6:
            self.scale = scale
            self._cache.clear()

    def px(self, size) -> int:
        return max(8, round(size * self.scale * 1.05))

    def get(self, size: int, bold: bool = False) -> FontStack:
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            font = self._cache[key] = FontStack(self.px(size), bold)
        return font


class TextCache:
    """Rendered text surfaces, reused while the same text is drawn."""

    def __init__(self, fonts: Fonts):
        self.fonts = fonts
        self._cache = {}

    def render(self, text: str, size: int, colour=(236, 232, 220), bold: bool = False) -> pygame.Surface:
        key = (text, size, colour, bold, self.fonts.scale)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 3000:
                self._cache.clear()
            surf = self.fonts.get(size, bold).render(text, True, colour)
            self._cache[key] = surf
        return surf
