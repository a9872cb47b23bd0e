"""A form taller than the window scrolls (scene.GuiScene's forms at a
large scale of text: app.py).

At 200 % a window holds a canvas of 640x360 design units, less than the
new-game form with six seats or the lobby need even with their rows as
close as their words allow.  Such a form is laid out on a page as tall as
it needs (its pygame_gui manager as large as the page), drawn on that
page and shown through the window from `scroll` pixels down.  The mouse
reaches the page through the same offset (the manager's
calculate_scaled_mouse_position, which pygame_gui asks for every click and
hover); the wheel, Page Up/Page Down and a click on the bar at the right
edge scroll it; Tab and the arrows bring the control they focus into view.
A form that fits has a page the window's size and never scrolls.

`ScrollingForm` goes before GuiScene among a scene's bases; the scene
draws its page in `draw_page` (not `draw`) and ends its build with
`set_card` (the page reaches below the card's frame), or says how tall
its page is in `page_height`."""

import pygame

from . import focus, theme

SIDE = 40             # design units kept free on each side of a form: the scroll bar stands in the right one
BAR = 8               # the scroll bar's width (design units)
ARROW = 6             # half an arrow's width at the bar's ends (design units)
CARD_FOOT = 26        # design units of the page below a form's content: its card's frame (scene.set_card: at most 26)
WHEEL = 48            # how far one notch of the wheel scrolls (design units)
NEAR_EDGE = 12        # design units kept between a focused control and the window's edge


def form_room(app, widest: float) -> float:
    """A form's width in design units: `widest` where the canvas holds it
    beside the sides kept free, else what the canvas leaves."""
    return min(widest, app.size[0] / app.scale - 2 * SIDE)


class ScrollingForm:
    scroll = 0            # pixels of the page above the window's top
    page_h = None         # the page's height in pixels (None before the first build)
    content_bottom = 0    # the lowest pixel the form draws (its card's frame), from set_card

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

    def scroll_to(self, y) -> None:
        most = max(0, (self.page_h or 0) - self.app.size[1])
        y = max(0, min(most, int(y)))
        if y != self.scroll:
            self.scroll = y
            self.app.dirty = True

    def show_rect(self, rect) -> None:
        """Scroll so that `rect` (on the page) stands inside the window, with a margin."""
        h, margin = self.app.size[1], int(NEAR_EDGE * self.app.scale)
        if rect.top - margin < self.scroll:
            self.scroll_to(rect.top - margin)
        elif rect.bottom + margin > self.scroll + h:
            self.scroll_to(rect.bottom + margin - h)

    def on_screen(self, rect) -> pygame.Rect:
        """A rectangle of the page where the window shows it."""
        return pygame.Rect(rect).move(0, -self.scroll)

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.scrolls() and self._scroll_event(event):
            return
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            element = self.focused_element()
            if element is not None and element.visible:
                self.show_rect(element.rect)

    def _scroll_event(self, event) -> bool:
        """The wheel, Page Up/Page Down or a click on the bar: True when it scrolled."""
        s, h = self.app.scale, self.app.size[1]
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * int(WHEEL * s))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = h - int(2 * WHEEL * s)
            self.scroll_to(self.scroll + (page if event.key == pygame.K_PAGEDOWN else -page))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track, thumb = self.bar_rects()
            if track.inflate(int(8 * s), 0).collidepoint(event.pos) and not thumb.collidepoint(event.pos):
                page = h - int(2 * WHEEL * s)
                self.scroll_to(self.scroll + (page if event.pos[1] > thumb.centery else -page))
                return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        if not self.scrolls():
            return self.draw_page(surf)
        w, h = self.app.size
        page = getattr(self, "_page", None)
        if page is None or page.get_size() != (w, self.page_h):
            page = self._page = pygame.Surface((w, self.page_h)).convert()
        self.draw_page(page)
        surf.blit(page, (0, 0), pygame.Rect(0, self.scroll, w, h))
        self.draw_scroll_hint(surf)

    def draw_page(self, surf) -> None:
        """The whole form on its page (a scene that draws more extends this)."""
        super().draw(surf)

    def bar_rects(self) -> tuple:
        """(the scroll bar's track, its thumb) at the window's right edge."""
        s, (w, h) = self.app.scale, self.app.size
        bw, pad = max(4, int(BAR * s)), int(ARROW * 3 * s)        # (the arrows above and below the track)
        track = pygame.Rect(w - bw - int(4 * s), pad, bw, h - 2 * pad)
        thumb_h = max(int(24 * s), track.h * h // self.page_h)
        top = track.y + (track.h - thumb_h) * self.scroll // max(1, self.page_h - h)
        return track, pygame.Rect(track.x, top, bw, thumb_h)

    def draw_scroll_hint(self, surf) -> None:
        """The bar (how much of the page shows, and where) and an arrow at
        each end of the window the page goes on past."""
        s, h = self.app.scale, self.app.size[1]
        track, thumb = self.bar_rects()
        pygame.draw.rect(surf, theme.PANEL, track, border_radius=track.w // 2)
        pygame.draw.rect(surf, theme.ACCENT, thumb, border_radius=track.w // 2)
        size, cx = int(ARROW * s), track.centerx
        if self.scroll + h < self.page_h:        # more below
            y = track.bottom + int(ARROW * 2.5 * s)
            pygame.draw.polygon(surf, theme.ACCENT, [(cx - size, y - size), (cx + size, y - size), (cx, y)])
        if self.scroll > 0:                      # more above
            y = track.top - int(ARROW * 2.5 * s)
            pygame.draw.polygon(surf, theme.ACCENT, [(cx - size, y + size), (cx + size, y + size), (cx, y)])

    def draw_focus(self, surf) -> None:
        element = self.focused_element()
        if element is not None and element.visible:
            focus.draw_ring(surf, self.on_screen(element.rect), self.app.scale)
