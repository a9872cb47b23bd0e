"""A form taller than the window scrolls (scene.GuiScene's forms at a
large scale of text: app.py).

At 200 % a window holds a canvas of 640x360 design units, less than the
new-game form with six seats or the lobby need even with their rows as
close as their words allow.  Such a form is laid out on a page as tall as
it needs (its pygame_gui manager as large as the page), drawn on that
page and shown through the window from `scroll` pixels down.  The mouse
reaches the page through the same offset (the manager's
calculate_scaled_mouse_position, which pygame_gui asks for every click and
hover); the wheel and Page Up/Page Down scroll it (scroller.py: its bar at
the window's right edge, an arrow at each end the page goes on past, and
in a band at the window's foot a line that says how);
Tab and the arrows bring the control they focus into view.
A form that fits has a page the window's size and never scrolls.

`ScrollingForm` goes before GuiScene among a scene's bases; the scene
draws its page in `draw_page` (not `draw`) and ends its build with
`set_card` (the page reaches below the card's frame), or says how tall
its page is in `page_height`."""

import pygame

from . import focus, theme
from .i18n import tr
from .scroller import Scroller

SIDE = 40             # design units kept free on each side of a form: the scroll bar stands in the right one
ARROW = 5             # half an arrow's width at the bar's ends (design units)
CARD_FOOT = 26        # design units of the page below a form's content: its card's frame (scene.set_card: at most 26)
NEAR_EDGE = 12        # design units kept between a focused control and the window's edge
BAND = 28             # design units at the window's foot, under a page that scrolls: the line that says how
KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)         # (the arrows move the focus; Home and End move in a text field)


def form_room(app, widest: float) -> float:
    """A form's width in design units: `widest` where the canvas holds it
    beside the sides kept free, else what the canvas leaves."""
    return min(widest, app.size[0] / app.scale - 2 * SIDE)


class ScrollingForm:
    page_h = None         # the page's height in pixels (None before the first build)
    content_bottom = 0    # the lowest pixel the form draws (its card's frame), from set_card
    _scroller = None

    @property
    def scroller(self) -> Scroller:
        """The page's offset, the wheel's and the keys' steps, the bar (scroller.py)."""
        if self._scroller is None:
            self._scroller = Scroller()
        return self._scroller

    @property
    def scroll(self) -> int:
        """Pixels of the page above the window's top."""
        return self.scroller.offset

    # --- the page -------------------------------------------------------------------------
    def resize(self, size) -> None:
        w, h = size
        page = max(h, self.page_h or h)
        super().resize((w, page))          # (the manager as large as the page; build() calls set_card)
        need = max(h, self.page_height())
        if need != page:                   # the form needs another height: built again on a page that holds it
            shown = self.retired           # (the buttons on show before: a press of one counts for its successor)
            super().resize((w, need))
            self.retired = shown
            page = need
        self.page_h = page
        self.manager.calculate_scaled_mouse_position = self._on_page
        self.scroller.room = max(0, page - self.view().h)       # (show() sets it again as it draws)
        self.scroll_to(self.scroll)

    def set_card(self, left, top, right, bottom) -> None:
        super().set_card(left, top, right, bottom)
        self.content_bottom = bottom + int(CARD_FOOT * self.app.scale)       # (the card as the page may clip it)

    def page_height(self) -> int:
        """The height (pixels) the last build needs: below its card's frame
        (a form that lays itself out on a page of its own says so instead)."""
        return self.content_bottom

    def _on_page(self, position) -> tuple:
        """Where a point of the window lies on the page."""
        return (int(position[0]), int(position[1]) + self.scroll)

    def scrolls(self) -> bool:
        return self.page_h is not None and self.page_h > self.app.size[1]

    def view(self) -> pygame.Rect:
        """Where the window shows the page: all of it, or above the band at its foot when the page scrolls."""
        w, h = self.app.size
        return pygame.Rect(0, 0, w, h - int(BAND * self.app.scale) if self.scrolls() else h)

    def scroll_to(self, y) -> None:
        if self.scroller.scroll_by(int(y) - self.scroll):
            self.app.dirty = True

    def show_rect(self, rect) -> None:
        """Scroll so that `rect` (on the page) stands inside the view, with a margin."""
        h, margin = self.view().h, int(NEAR_EDGE * self.app.scale)
        if rect.top - margin < self.scroll:
            self.scroll_to(rect.top - margin)
        elif rect.bottom + margin > self.scroll + h:
            self.scroll_to(rect.bottom + margin - h)

    def show_field(self, element) -> None:
        """Scroll to the text field `element` and give it the keys (the field
        a refusal is about: one scrolled out of sight is looked for)."""
        self.show_rect(element.rect)
        self.manager.set_focus_set(element)
        self.app.dirty = True

    def on_screen(self, rect) -> pygame.Rect:
        """A rectangle of the page where the window shows it."""
        return pygame.Rect(rect).move(0, -self.scroll)

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.scrolls() and (event.type == pygame.MOUSEWHEEL
                               or event.type == pygame.KEYDOWN and event.key in KEYS):
            if self.scroller.handle(event):
                self.app.dirty = True
            return
        if (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                and not self.view().collidepoint(event.pos)):
            return                         # (the band at the foot: nothing of the page is there)
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            element = self.focused_element()
            if element is not None and element.visible:
                self.show_rect(element.rect)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        if not self.scrolls():
            return self.draw_page(surf)
        w, h = self.app.size
        page = getattr(self, "_page", None)
        if page is None or page.get_size() != (w, self.page_h):
            page = self._page = pygame.Surface((w, self.page_h)).convert()
        self.draw_page(page)
        self.scroller.show(surf, page, self.view(), self.app.scale)
        self.draw_scroll_hint(surf)

    def draw_page(self, surf) -> None:
        """The whole form on its page (a scene that draws more extends this)."""
        super().draw(surf)

    def draw_scroll_hint(self, surf) -> None:
        """The band at the window's foot: while the page goes on below, a
        line that says how to get there, and an arrow at each end of the view
        the page goes on past (beside the scroller's bar)."""
        s, (w, h), view = self.app.scale, self.app.size, self.view()
        band = pygame.Rect(0, view.bottom, w, h - view.bottom)
        surf.fill(theme.BG, band)
        pygame.draw.line(surf, theme.PANEL_EDGE, band.topleft, band.topright)
        size, cx = int(ARROW * s), view.right - int(6 * s)
        if self.scroll < self.scroller.room:        # more below
            img = self.app.text.render(tr("menu.more_below"), 14, theme.TEXT_DIM)
            surf.blit(img, img.get_rect(center=band.center))
            y = view.bottom - int(3 * s)
            pygame.draw.polygon(surf, theme.TEXT, [(cx - size, y - size), (cx + size, y - size), (cx, y)])
        if self.scroll > 0:                         # more above
            y = int(3 * s)
            pygame.draw.polygon(surf, theme.TEXT, [(cx - size, y + size), (cx + size, y + size), (cx, y)])

    def draw_focus(self, surf) -> None:
        element = self.focused_element()
        if element is not None and element.visible:
            focus.draw_ring(surf, self.on_screen(element.rect), self.app.scale)
