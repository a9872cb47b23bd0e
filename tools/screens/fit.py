"""Does the text fit?  A checker that watches a screen draw itself.

While `Probe` is installed every text the client draws with its fonts
(fonts.FontStack: the table, the hand-drawn menus, the end screen, the
replay) is marked with the rectangle of its glyphs, and the marks travel
with the pixels: through
every blit onto a cached picture and from there onto the window, through
the smoothscale that squeezes a long label, through fill and the dimming
shade.  Filled rectangles (pygame.draw.rect: panels, buttons, chips, card
faces) are marked as boxes the same way.  After one frame the probe has:

- `cut`: texts that reached past the surface (or its clip) they were
  blitted onto, so part of them was lost;
- `overlaps`: pairs of texts on the window whose glyphs overlap;
- `outside`: texts that stick out of their box, the smallest box drawn
  before them that holds their centre (else the window);
- `squeezed`: texts squeezed to less than SQUEEZE of their width;
- `covered`: texts a filled rectangle drawn later covers in part (a button
  over a panel's line), not wholly (what is wholly covered is simply hidden);
- `icon`: texts an icon drawn later lies over (the client's small pictures:
  icons.icon, a seat's emblem and badge), marked as icons the same way.

A box drawn over a text hides it (it is not checked further); a shade over
most of a surface (a dialog's, the game menu's) puts everything under it
out of the checks.  The forms' pygame_gui widgets draw their text with
pygame_gui's own fonts onto surfaces it makes itself, out of the probe's
sight, so they are checked as widgets (`gui_problems`): each label's and
button's text fits its rectangle, measured as pygame_gui measures it, and
no two widgets overlap.

    python -m tools.screens.fit_screens          # every screen at every scale, both sizes: problems printed
    python -m tools.screens.fit_more       # the further screens (tools/screens/fit_more.py)

The tests tests/test_client_fit.py and tests/test_client_fit_more.py run the same screens."""

import weakref

import pygame

SQUEEZE = 0.8            # a text squeezed narrower than this is a problem
SLACK = 1                # pixels a glyph may touch past its box (antialiasing)

_Real = pygame.Surface
_MARKS = weakref.WeakKeyDictionary()      # surface -> [Mark]
_SHADED = weakref.WeakSet()               # surfaces filled with a translucent colour
_SEQ = [0]


class Mark:
    __slots__ = ("kind", "rect", "label", "seq", "squeeze", "under")

    def __init__(self, kind, rect, label="", squeeze=1.0, seq=None):
        self.kind, self.rect, self.label, self.squeeze = kind, pygame.Rect(rect), label, squeeze
        if seq is None:
            _SEQ[0] += 1
            seq = _SEQ[0]
        self.seq, self.under = seq, False

    def moved(self, rect):
        m = Mark(self.kind, rect, self.label, self.squeeze, self.seq)
        m.under = self.under
        return m

    def __repr__(self):
        return f"{self.kind}({self.label!r} {tuple(self.rect)})"


def marks(surf) -> list:
    try:
        return _MARKS.get(surf, [])
    except TypeError:
        return []


def _set(surf, items) -> None:
    try:
        _MARKS[surf] = items
    except TypeError:
        pass


class _Meta(type):
    def __instancecheck__(cls, obj):           # a plain pygame surface is a Surface still
        return isinstance(obj, _Real)

    def __subclasscheck__(cls, sub):
        return issubclass(sub, _Real)


def _pos(dest):
    if isinstance(dest, pygame.Rect):
        return dest.x, dest.y
    return int(dest[0]), int(dest[1])


def _opaque(surf) -> bool:
    """A picture without an alpha channel hides what it is blitted over (one
    with a colour key too: its keyed pixels are a panel's rounded corners)."""
    return not (surf.get_flags() & pygame.SRCALPHA) and surf.get_alpha() in (None, 255)


class Marked(_Real, metaclass=_Meta):
    """pygame.Surface while the probe is installed: its blits carry marks."""

    def blit(self, source, dest, area=None, special_flags=0):
        out = _Real.blit(self, source, dest, area, special_flags)
        _carry(self, source, dest, area)
        return out

    def blits(self, blit_sequence, doreturn=1):
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color, rect=None, special_flags=0):
        out = _Real.fill(self, color, rect, special_flags)
        if special_flags == 0:
            c = pygame.Color(color) if not isinstance(color, int) else None
            whole = rect is None or pygame.Rect(rect).contains(self.get_rect())
            if whole:
                _set(self, [])
                if c is not None and 0 < c.a < 255 and self.get_flags() & pygame.SRCALPHA:
                    _SHADED.add(self)
                else:
                    _SHADED.discard(self)
            elif c is None or c.a == 255 or not self.get_flags() & pygame.SRCALPHA:
                _cover(self, pygame.Rect(rect))
        return out

    def copy(self):
        out = _Real.copy(self)
        _set(out, list(marks(self)))
        if self in _SHADED:
            _SHADED.add(out)
        return out

    def convert(self, *args):
        out = _Real.convert(self, *args)
        _set(out, list(marks(self)))
        return out

    def convert_alpha(self, *args):
        out = _Real.convert_alpha(self, *args)
        _set(out, list(marks(self)))
        if self in _SHADED:
            _SHADED.add(out)
        return out

    def subsurface(self, *rect):
        out = _Real.subsurface(self, *rect)
        r = pygame.Rect(*rect)
        _set(out, [m.moved(m.rect.clip(r).move(-r.x, -r.y)) for m in marks(self) if r.contains(m.rect)])
        return out


class Probe:
    """Install with `with Probe() as probe:`; `probe.check(surf)` after a frame."""

    def __init__(self):
        self.cut = []                 # (label, its rect, the room it had)
        self.covered = []             # (label, its rect, the box drawn over part of it)
        self._saved = []

    # --- install --------------------------------------------------------------------------------
    def __enter__(self):
        from game.client.fonts import FontStack
        _PROBES.append(self)
        self._patch(pygame, "Surface", Marked)
        for name in ("smoothscale", "scale"):
            self._patch(pygame.transform, name, _scaled(getattr(pygame.transform, name)))
        for name in ("rotate", "rotozoom"):
            self._patch(pygame.transform, name, _turned(getattr(pygame.transform, name)))
        self._patch(pygame.draw, "rect", _box(pygame.draw.rect))
        self._patch(FontStack, "render", _text(FontStack.render))
        from game.client import emblems, icons
        for owner, name in ((icons, "icon"), (emblems, "emblem_sprite"), (emblems, "badge")):
            self._patch(owner, name, _pictured(getattr(owner, name), name))
        forget_pictures()
        return self

    def __exit__(self, *exc):
        for owner, name, old in reversed(self._saved):
            setattr(owner, name, old)
        self._saved = []
        _PROBES.remove(self)
        forget_pictures()

    def _patch(self, owner, name, new):
        self._saved.append((owner, name, owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)))
        setattr(owner, name, new)

    # --- a frame's findings -----------------------------------------------------------------------
    def frame(self) -> "Probe":
        """Forget what earlier frames found (call before drawing)."""
        self.cut = []
        self.covered = []
        return self

    def check(self, surf) -> list:
        """The problems on `surf` after a frame: [(kind, words)], kind one of
        cut, covered, overlap, outside, squeezed, icon."""
        out = [("cut", f"{label!r} at {tuple(rect)} cut by its room {tuple(room)}")
               for label, rect, room in self.cut]
        out += [("covered", f"{label!r} at {tuple(rect)} partly under a box {tuple(box)}")
                for label, rect, box in self.covered]
        items = [m for m in marks(surf) if not m.under]
        texts = [m for m in items if m.kind == "text"]
        boxes = [m for m in items if m.kind == "box"]
        pictures = [m for m in items if m.kind == "icon"]
        window = surf.get_rect()
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                common = a.rect.clip(b.rect)
                if common.w > SLACK and common.h > SLACK and not shadow(a, b):
                    out.append(("overlap", f"{a.label!r} {tuple(a.rect)} and {b.label!r} {tuple(b.rect)}"))
            if a.squeeze < SQUEEZE:
                out.append(("squeezed", f"{a.label!r} to {a.squeeze:.0%} at {tuple(a.rect)}"))
            for icon in pictures:
                common = a.rect.clip(icon.rect)
                if icon.seq > a.seq and common.w > SLACK and common.h > SLACK:
                    out.append(("icon", f"{a.label!r} {tuple(a.rect)} under the icon {icon.label!r} {tuple(icon.rect)}"))
            box = own_box(a, boxes) or window
            if not box.inflate(2 * SLACK, 2 * SLACK).contains(a.rect):
                out.append(("outside", f"{a.label!r} {tuple(a.rect)} sticks out of its box {tuple(box)}"))
        return out

    def texts(self, surf) -> list:
        return [m for m in marks(surf) if m.kind == "text" and not m.under]


_PROBES = []


def shadow(a, b) -> bool:
    """The same words a few pixels apart: a text and its shadow (or outline)."""
    near = max(4, a.rect.h // 6)
    return a.label == b.label and abs(a.rect.x - b.rect.x) <= near and abs(a.rect.y - b.rect.y) <= near


def own_box(text, boxes):
    """The box a text is drawn on: the last one drawn before it that holds
    its centre, else one of its ends (a text set from a box's left or right
    edge that runs out of it).  A bar's fill (a box drawn into the one before
    it from its left edge, as tall) is no text's box."""
    r = text.rect
    before = [b for b in boxes if b.seq < text.seq and b.label != "fill"]
    for points in ((r.center,), ((r.x + 1, r.centery), (r.right - 2, r.centery))):
        held = [b for b in before if any(b.rect.collidepoint(p) for p in points)]
        if held:
            return max(held, key=lambda b: b.seq).rect
    return None


# --- how marks travel ---------------------------------------------------------------------------
def _carry(target, source, dest, area):
    x, y = _pos(dest)
    src = source.get_rect() if area is None else pygame.Rect(area).clip(source.get_rect())
    room = target.get_clip().clip(pygame.Rect(x, y, src.w, src.h))
    items = marks(target)
    if _opaque(source):
        _cover(target, room)
        items = marks(target)
    elif source in _SHADED and room.w * room.h >= 0.8 * target.get_width() * target.get_height():
        for m in items:                          # dimmed: the scene under a dialog or menu
            m.under = True
    # a scrolled view onto a taller picture (drawn under a clip the program set) cuts lines at its
    # ends; a picture cut by the window's own edge is not a view: what it loses is cut
    view = src.h > room.h and target.get_clip() != target.get_rect()
    new = []
    for m in marks(source):               # (drawn now: after what the target holds, in their order)
        r = m.rect.move(x - src.x, y - src.y)
        seen = r.clip(room)
        if view and (not seen.w or not seen.h or (seen.x == r.x and seen.w == r.w)):
            pass
        elif m.kind == "text" and not m.under and seen != r and _PROBES:
            _PROBES[-1].cut.append((m.label, r, room))
        if seen.w > 0 and seen.h > 0:
            new.append(m.moved(seen))
            _SEQ[0] += 1
            new[-1].seq = _SEQ[0]
    if new:
        for m in new:
            if m.kind == "box" and not m.under:
                items = _hide_under(items, m.rect)
        _set(target, items + new)


def _hide_under(items, rect):
    """Texts and boxes a box covers wholly are gone from view."""
    return [m for m in items if not rect.contains(m.rect)]


def _cover(target, rect):
    _set(target, [m for m in marks(target) if not rect.colliderect(m.rect)])


def _box(draw_rect):
    def rect(surface, color, rect, width=0, *args, **kwargs):
        out = draw_rect(surface, color, rect, width, *args, **kwargs)
        if width == 0:
            r = pygame.Rect(rect)
            c = pygame.Color(color) if not isinstance(color, int) else pygame.Color(0, 0, 0)
            if c.a == 255 or not surface.get_flags() & pygame.SRCALPHA:
                for m in marks(surface):
                    if m.kind == "text" and not m.under and _PROBES and r.colliderect(m.rect) \
                            and not r.contains(m.rect) and _deep(r, m.rect):
                        _PROBES[-1].covered.append((m.label, m.rect, r))
                items = _hide_under(marks(surface), r)
                if r.w >= 6 and r.h >= 6:
                    items = items + [Mark("box", r.clip(surface.get_rect()), _fill(items, r))]
                _set(surface, items)
        return out
    return rect


def _fill(items, r) -> str:
    """"fill" for a box drawn into the last box from its left edge, as tall (a bar's fill)."""
    last = next((m.rect for m in reversed(items) if m.kind == "box"), None)
    if last is not None and last.contains(r) and abs(last.x - r.x) <= 1 and abs(last.y - r.y) <= 1 \
            and abs(last.bottom - r.bottom) <= 1 and r.w < last.w:
        return "fill"
    return ""


def _deep(box, rect) -> bool:
    """The box reaches more than a glyph's edge into the text."""
    common = box.clip(rect)
    return common.w > 2 and common.h > 2


def _text(render):
    def marked(self, text, *args, **kwargs):
        img = render(self, text, *args, **kwargs)
        _mark_text(img, text)
        return img
    return marked


def _mark_text(img, text):
    if text.strip():
        r = img.get_bounding_rect()
        if r.w and r.h:
            _set(img, [Mark("text", r, text)])


def _pictured(make, name):
    """A maker of a small picture (an icon, an emblem): its pictures marked as icons."""
    def made(*args, **kwargs):
        img = make(*args, **kwargs)
        r = img.get_bounding_rect()
        if r.w and r.h:
            _set(img, [m for m in marks(img) if m.kind != "icon"] + [Mark("icon", r, name)])
        return img
    return made


def _scaled(scale):
    def scaled(surface, size, *args, **kwargs):
        out = scale(surface, size, *args, **kwargs)
        items = marks(surface)
        if items:
            w, h = surface.get_size()
            sx, sy = out.get_width() / max(1, w), out.get_height() / max(1, h)
            squeeze = min(1.0, sx / sy) if sy else 1.0
            _set(out, [_scale_mark(m, sx, sy, squeeze) for m in items])
        return out
    return scaled


def _scale_mark(m, sx, sy, squeeze):
    r = m.rect
    out = m.moved(pygame.Rect(round(r.x * sx), round(r.y * sy), max(1, round(r.w * sx)), max(1, round(r.h * sy))))
    out.squeeze = m.squeeze * squeeze
    return out


def _turned(turn):
    """A turned picture (a fanned card) keeps its marks only when upright."""
    def turned(surface, angle, *args, **kwargs):
        out = turn(surface, angle, *args, **kwargs)
        if abs(angle) < 0.5 and out.get_size() == surface.get_size():
            _set(out, list(marks(surface)))
        return out
    return turned


# --- the pictures the client keeps between frames ------------------------------------------------
def forget_pictures() -> None:
    """Empty the client's module-level picture caches, so that every
    picture of the next frame is drawn (and marked) anew."""
    import importlib
    for module, names in (("game.client.widgets", ("_BUTTONS", "_WRAPPED")), ("game.client.scene", ("_SHADES", "_BACKGROUND")),
                          ("game.client.cards", ("_CACHE", "_TRACK_ICONS")), ("game.client.boardview", ("_VEILS",)),
                          ("game.client.emblems", ("_SPRITES", "_BADGES")), ("game.client.icons", ("_ICONS",)),
                          ("game.client.table.dice", ("_DICE",)), ("game.client.table.staging", ("_SHADES",)),
                          ("game.client.table.draw", ("_VEILS",)), ("game.client.table.ckdialogs", ("_SIDE_PANELS",))):
        mod = importlib.import_module(module)
        for name in names:
            getattr(mod, name).clear()


# --- the forms' widgets ---------------------------------------------------------------------------
def gui_problems(manager, window, card=None) -> list:
    """The widgets of a pygame_gui form: each label's and button's text
    within its rectangle (measured as pygame_gui measures it), no two
    widgets overlapping, every one on the window and on the form's card
    (`card`, its framed panel) when it has one."""
    from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel, UITextEntryLine
    widgets = _shown(manager, (UIButton, UILabel, UITextEntryLine, UIHorizontalSlider))
    out = []
    extents = [_extent(e, UILabel) for e in widgets]
    for i, e in enumerate(widgets):
        name, area = getattr(e, "text", "") or type(e).__name__, extents[i]
        if not window.contains(area):
            out.append(("outside", f"widget {name!r} {tuple(area)} off the window {tuple(window)}"))
        elif card is not None and not card.contains(area):
            out.append(("outside", f"widget {name!r} {tuple(area)} off its card {tuple(card)}"))
        if isinstance(e, (UIButton, UILabel)) and e.font is not None and e.text.strip():
            w, h = e.font.get_rect(e.text).size
            room_w = e.rect.w - (6 if isinstance(e, UIButton) else 0)
            if w > room_w or h > e.rect.h:
                out.append(("outside", f"widget {name!r} needs {w}x{h}, has {room_w}x{e.rect.h}"))
        for other, there in zip(widgets[i + 1:], extents[i + 1:]):
            common = area.clip(there)
            if common.w > SLACK and common.h > SLACK:
                out.append(("overlap", f"widgets {name!r} {tuple(area)} and "
                                       f"{getattr(other, 'text', '') or type(other).__name__!r} {tuple(there)}"))
    return out


def texts_under_widgets(manager, items) -> list:
    """The client's own texts (probe marks) that a form's widget lies over,
    and its boxes (a colour swatch) over part of a widget's words."""
    from pygame_gui.elements import UIButton, UILabel, UITextEntryLine
    out = []
    for e in _shown(manager, (UIButton, UILabel, UITextEntryLine)):
        area, words = _extent(e, UILabel), _extent(e, (UILabel, UIButton))
        for t in items:
            common = (area if t.kind == "text" else words).clip(t.rect)
            if common.w > SLACK and common.h > SLACK and (t.kind == "text" or not t.rect.contains(words)):
                out.append(("overlap", f"{t!r} over the widget "
                                       f"{getattr(e, 'text', '') or type(e).__name__!r} {tuple(area)}"))
    return out


def _shown(manager, kinds) -> list:
    """The form's visible widgets of `kinds` on its root container; a label
    without words shows nothing and is none of them."""
    from pygame_gui.elements import UILabel
    root = manager.get_root_container()
    return [e for e in manager.get_sprite_group().sprites()
            if isinstance(e, kinds) and e.visible and e.ui_container is root
            and not (isinstance(e, UILabel) and not e.text.strip())]


def _extent(e, label_type):
    """Where a widget shows: a label its words (centred in its rectangle, as
    the forms' labels are), anything else its rectangle."""
    if isinstance(e, label_type) and e.font is not None and e.text.strip():
        w, h = e.font.get_rect(e.text).size
        r = pygame.Rect(0, 0, min(w, e.rect.w), min(h, e.rect.h))
        r.center = e.rect.center
        return r
    return pygame.Rect(e.rect)
