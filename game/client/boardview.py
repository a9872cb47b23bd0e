"""Drawing the island and hit-testing clicks on it.

Geometry comes from the game's island (game.engine.board: integer layout
points, x unit = half a hex width, y unit = a quarter of the hex height); this
module only scales it into a screen rectangle.  The terrain, tokens and harbors are drawn once into a
cached layer (procedural art, no image files); pieces, the robber and
highlights are drawn on top each frame.
"""

import math
import random

import pygame

from game.engine.board import STANDARD, board_of
from game.engine.constants import DESERT, FIELDS, FOREST, GENERIC_HARBOR, HILLS, MOUNTAINS, PASTURE

from . import theme
from .cards import chip
from .emblems import draw_emblem, draw_road_pattern, ink

SQ3 = math.sqrt(3)
# the sea frame and harbors round the island, in the same units: a harbor's
# disc reaches 4.6 R above the centre, below it its card picture 4.8 R
X_MARGIN, Y_TOP, Y_BOTTOM = 1.1, 1.4, 1.6
BEACH_RGB = (214, 196, 140)          # the sand under every hex
OUTLINE = (20, 20, 20)               # round every piece: it stands out from any ground in any palette


class BoardView:
    def __init__(self):
        self.island = STANDARD            # the island drawn (`show` changes it)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.R = 1.0
        self.layer = None
        self._layer_key = None
        self.static_builds = 0            # how often the static layer was drawn (tests count this)

    # --- geometry -------------------------------------------------------------
    def show(self, state) -> None:
        """Draw the island `state` (any copy, or a config) is played on."""
        island = board_of(state)
        if island is not self.island:
            self.island = island
            self.layer = self._layer_key = None
            self.fit(self.rect)

    def fit(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        xs = [x for x, _ in self.island.node_point]
        ys = [y for _, y in self.island.node_point]
        x_extent, y_extent = (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2
        ux = rect.w / (2 * (x_extent + X_MARGIN))     # pixels per x unit
        uy = rect.h / (2 * y_extent + Y_TOP + Y_BOTTOM)
        self.R = min(ux * 2 / SQ3, uy * 2)
        self.ux, self.uy = self.R * SQ3 / 2, self.R / 2
        spare = rect.h - (2 * y_extent + Y_TOP + Y_BOTTOM) * self.uy
        # the island's middle at the rectangle's middle (its points need not centre on 0)
        self.cx = rect.centerx - (max(xs) + min(xs)) / 2 * self.ux
        self.cy = rect.y + spare / 2 + (y_extent + Y_TOP) * self.uy - (max(ys) + min(ys)) / 2 * self.uy

    def point(self, x, y):
        return (self.cx + x * self.ux, self.cy + y * self.uy)

    def hex_center(self, h):
        return self.point(*self.island.hex_center[h])

    def node_pos(self, n):
        return self.point(*self.island.node_point[n])

    def edge_pos(self, e):
        a, b = self.island.edge_nodes[e]
        (x1, y1), (x2, y2) = self.node_pos(a), self.node_pos(b)
        return ((x1 + x2) / 2, (y1 + y2) / 2)

    def hex_corners(self, h, k=1.0):
        cx, cy = self.hex_center(h)
        return [(cx + (px - cx) * k, cy + (py - cy) * k)
                for px, py in (self.node_pos(n) for n in self.island.hex_nodes[h])]

    def target_pos(self, kind, ident):
        """Screen point of a clickable spot: ("node", n), ("edge", e), ("hex", h)."""
        if kind == "node":
            return self.node_pos(ident)
        if kind == "edge":
            return self.edge_pos(ident)
        cx, cy = self.hex_center(ident)
        return (cx, cy - 0.5 * self.R)      # above the number token

    def harbor_pos(self, spot):
        """Centre of a harbor's marker in the sea, off its coastal path."""
        e = self.island.harbor_edges[spot]
        hx, hy = self.hex_center(self.island.edge_hexes[e][0])
        mx, my = self.edge_pos(e)
        d = math.hypot(mx - hx, my - hy) or 1
        return (mx + (mx - hx) / d * self.R * 0.62, my + (my - hy) / d * self.R * 0.62)

    def harbor_at(self, pos):
        for spot in range(len(self.island.harbor_edges)):
            x, y = self.harbor_pos(spot)
            if math.hypot(pos[0] - x, pos[1] - y) <= self.R * 0.34:
                return spot
        return None

    def hit(self, kind, candidates, pos):
        """The candidate spot under `pos`, or None.  Only legal spots are
        candidates, so the nearest one within reach wins."""
        reach = {"node": 0.42, "edge": 0.36, "hex": 0.86}[kind] * self.R
        best, best_d = None, reach
        for ident in candidates:
            x, y = (self.hex_center(ident) if kind == "hex" else self.target_pos(kind, ident))
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d <= best_d:
                best, best_d = ident, d
        return best

    # --- the static layer -------------------------------------------------------
    def static_layer(self, state, text) -> pygame.Surface:
        self.show(state)
        key = (self.rect.size, tuple(state.terrain), tuple(state.numbers), tuple(state.harbors),
               text.fonts.scale)
        if key != self._layer_key:
            self.layer = self._draw_static(state, text)
            self._layer_key = key
            self.static_builds += 1
        return self.layer

    def _draw_static(self, state, text):
        surf = pygame.Surface(self.rect.size).convert()
        ox, oy = self.rect.topleft
        surf.fill(theme.SEA)
        # gentle wave marks on the sea
        rnd = random.Random(5)
        for _ in range(int(self.rect.w * self.rect.h / 9000)):
            x, y = rnd.uniform(0, self.rect.w), rnd.uniform(0, self.rect.h)
            w = self.R * rnd.uniform(0.15, 0.3)
            pygame.draw.arc(surf, theme.lighter(theme.SEA, 0.12), (x, y, w, w * 0.5), 0.3, 2.8, 1)
        # the sea frame: a darker hexagon of shallow water round the island
        frame = [self.point(x, y) for x, y in
                 ((0, -9.6), (5.9, -4.8), (5.9, 4.8), (0, 9.6), (-5.9, 4.8), (-5.9, -4.8))]
        pygame.draw.polygon(surf, theme.SEA_DARK, [(x - ox, y - oy) for x, y in frame])
        for h in range(len(self.island.hex_center)):
            pts = [(x - ox, y - oy) for x, y in self.hex_corners(h, 1.04)]
            pygame.draw.polygon(surf, BEACH_RGB, pts)          # beach under every hex
        for h in range(len(self.island.hex_center)):
            self._draw_hex(surf, h, state.terrain[h], (ox, oy))
        for spot, kind in enumerate(state.harbors):
            self._draw_harbor(surf, spot, kind, (ox, oy), text)
        for h in range(len(self.island.hex_center)):
            if state.numbers[h]:
                self._draw_token(surf, h, state.numbers[h], (ox, oy), text)
        return surf

    def _draw_hex(self, surf, h, terrain, off):
        ox, oy = off
        R = self.R
        pts = [(x - ox, y - oy) for x, y in self.hex_corners(h, 0.97)]
        base = theme.TERRAIN_RGB[terrain]
        pygame.draw.polygon(surf, base, pts)
        inner = [(x - ox, y - oy) for x, y in self.hex_corners(h, 0.86)]
        pygame.draw.polygon(surf, theme.lighter(base, 0.08), inner)
        cx, cy = self.hex_center(h)
        cx, cy = cx - ox, cy - oy
        rnd = random.Random(h * 7919 + terrain)
        spots = _scatter(rnd, 14, 0.7 * R, avoid=0.36 * R)
        painter = _PAINTERS[terrain]
        for dx, dy in sorted(spots, key=lambda p: p[1]):
            painter(surf, cx + dx, cy + dy, R, rnd)
        pygame.draw.polygon(surf, theme.darker(base, 0.35), pts, max(1, int(R * 0.03)))

    def _draw_token(self, surf, h, number, off, text):
        ox, oy = off
        cx, cy = self.hex_center(h)
        cx, cy = int(cx - ox), int(cy - oy)
        r = int(self.R * 0.3)
        pygame.draw.circle(surf, (60, 48, 30), (cx + 2, cy + 3), r)
        pygame.draw.circle(surf, (246, 234, 200), (cx, cy), r)
        pygame.draw.circle(surf, (150, 120, 80), (cx, cy), r, max(1, r // 12))
        red = number in (6, 8)
        colour = (196, 30, 30) if red else (40, 32, 24)
        size = 22 if red else (19 if number in (5, 9, 4, 10) else 16)
        label = text.render(str(number), max(8, int(size * self.R / 60 / text.fonts.scale)), colour, True)
        surf.blit(label, label.get_rect(center=(cx, cy - r * 0.15)))
        pips = 6 - abs(7 - number)
        pr = max(1.5, r * 0.09)
        for i in range(pips):
            px = cx + (i - (pips - 1) / 2) * pr * 2.6
            pygame.draw.circle(surf, colour, (px, cy + r * 0.55), pr)

    def _draw_harbor(self, surf, spot, kind, off, text):
        ox, oy = off
        e = self.island.harbor_edges[spot]
        px, py = self.harbor_pos(spot)
        for n in self.island.edge_nodes[e]:
            nx, ny = self.node_pos(n)
            pygame.draw.line(surf, (120, 86, 50), (nx - ox, ny - oy), (px - ox, py - oy),
                             max(2, int(self.R * 0.08)))
        r = int(self.R * 0.3)
        fill = (236, 240, 246) if kind == GENERIC_HARBOR else theme.RESOURCE_RGB[kind]
        pygame.draw.circle(surf, (30, 40, 60), (px - ox + 2, py - oy + 2), r)
        pygame.draw.circle(surf, fill, (px - ox, py - oy), r)
        pygame.draw.circle(surf, (250, 250, 250), (px - ox, py - oy), r, max(1, r // 10))
        ratio = "3:1" if kind == GENERIC_HARBOR else "2:1"
        label = text.render(ratio, max(8, int(15 * self.R / 60 / text.fonts.scale)), (20, 20, 30), True)
        surf.blit(label, label.get_rect(center=(px - ox, py - oy - (r * 0.15 if kind == GENERIC_HARBOR else r * 0.3))))
        if kind != GENERIC_HARBOR:
            # The harbor's resource as a card picture hanging from the disc: its
            # colour alone does not tell ore from a 3:1 harbor, nor green from green.
            picture = chip(kind, r * 1.15)
            surf.blit(picture, picture.get_rect(center=(px - ox, py - oy + r * 1.05)))

    # --- dynamic pieces ---------------------------------------------------------
    def draw_pieces(self, surf, state, colours, part, hidden=()):
        """Every piece on the board but those `hidden` ((piece, spot) pairs:
        ("road", edge), ("settlement" or "city", node), ("knight", node)).
        `part` is the rule set's table part (game/client/table/parts): it
        draws its own pieces with each building and after them, before the
        robber."""
        R = self.R
        for e, owner in enumerate(state.edge_owner):
            if owner != -1 and ("road", e) not in hidden:
                self.draw_road(surf, e, colours[owner], seat=owner)
        for n, owner in enumerate(state.node_owner):
            if owner != -1 and ("settlement", n) not in hidden and ("city", n) not in hidden:
                x, y = self.node_pos(n)
                part.building_under(surf, state, n, x, y, R)
                if state.node_level[n] == 2:
                    draw_city(surf, x, y, R, colours[owner], owner)
                else:
                    draw_settlement(surf, x, y, R, colours[owner], owner)
                part.building_over(surf, state, n, x, y, R)
        part.more_pieces(self, surf, state, colours, hidden)
        self.draw_robber_at(surf, state.robber, state.numbers[state.robber])

    def draw_robber_at(self, surf, h, number=0, ghost=False):
        """The robber on hex h: the number it blocks is dimmed under a dark
        veil, and the robber stands large beside it (ghost: where it would go)."""
        R = self.R
        cx, cy = self.hex_center(h)
        if number:
            surf.blit(_token_veil(int(R * 0.31)), (cx - int(R * 0.31), cy - int(R * 0.31)))
        draw_robber(surf, cx - R * 0.42, cy + R * 0.1, R, ghost)

    def draw_road(self, surf, e, colour, outline=OUTLINE, dy=0.0, seat=None):
        """The road on edge e (`dy`: that many pixels lower, as it drops in),
        with `seat`'s pattern on it (emblems.py)."""
        a, b = self.island.edge_nodes[e]
        (x1, y1), (x2, y2) = self.node_pos(a), self.node_pos(b)
        y1, y2 = y1 + dy, y2 + dy
        k = 0.16
        p1 = (x1 + (x2 - x1) * k, y1 + (y2 - y1) * k)
        p2 = (x2 + (x1 - x2) * k, y2 + (y1 - y2) * k)
        w = max(3, int(self.R * 0.14))
        pygame.draw.line(surf, outline, p1, p2, w + 4)
        pygame.draw.line(surf, colour, p1, p2, w)
        if seat is not None:
            draw_road_pattern(surf, seat, p1, p2, w, colour)


def _scatter(rnd, count, radius, avoid):
    """Points inside a circle, off the centre (where the number token sits)."""
    out = []
    tries = 0
    while len(out) < count and tries < count * 20:
        tries += 1
        x, y = rnd.uniform(-radius, radius), rnd.uniform(-radius, radius)
        if x * x + y * y > radius * radius or x * x + y * y < avoid * avoid:
            continue
        if all((x - a) ** 2 + (y - b) ** 2 > (radius * 0.26) ** 2 for a, b in out):
            out.append((x, y))
    return out


def _tree(surf, x, y, R, rnd):
    s = R * rnd.uniform(0.1, 0.14)
    pygame.draw.rect(surf, (92, 60, 30), (x - s * 0.15, y, s * 0.3, s * 0.5))
    for k, shade in ((0, (24, 84, 36)), (0.45, (34, 104, 44))):
        top = y - s * (1.4 - k)
        pygame.draw.polygon(surf, shade, [(x, top), (x + s * 0.7, y + s * 0.1 - k * s),
                                          (x - s * 0.7, y + s * 0.1 - k * s)])


def _hill(surf, x, y, R, rnd):
    s = R * rnd.uniform(0.1, 0.14)
    pygame.draw.ellipse(surf, (150, 74, 44), (x - s, y - s * 0.5, s * 2, s))
    for row in range(2):
        for col in range(2):
            bx = x - s * 0.55 + col * s * 0.55 + (row % 2) * s * 0.25
            by = y - s * 0.95 - row * s * 0.3
            pygame.draw.rect(surf, (200, 100, 64), (bx, by, s * 0.5, s * 0.26))
            pygame.draw.rect(surf, (120, 56, 36), (bx, by, s * 0.5, s * 0.26), 1)


def _pasture(surf, x, y, R, rnd):
    s = R * 0.1
    if rnd.random() < 0.45:
        pygame.draw.ellipse(surf, (246, 246, 240), (x - s * 0.8, y - s * 0.5, s * 1.6, s))
        pygame.draw.circle(surf, (50, 50, 50), (x + s * 0.8, y - s * 0.2), s * 0.32)
    else:
        for k in (-1, 0, 1):
            pygame.draw.line(surf, (88, 150, 58), (x + k * s * 0.3, y), (x + k * s * 0.5, y - s * 0.7), 2)


def _field(surf, x, y, R, rnd):
    s = R * 0.12
    for k in (-1, 0, 1):
        bx = x + k * s * 0.35
        pygame.draw.line(surf, (170, 130, 40), (bx, y + s * 0.4), (bx, y - s * 0.6), 2)
        pygame.draw.ellipse(surf, (244, 214, 110), (bx - s * 0.14, y - s * 0.95, s * 0.28, s * 0.5))


def _mountain(surf, x, y, R, rnd):
    s = R * rnd.uniform(0.14, 0.2)
    pygame.draw.polygon(surf, (96, 98, 110), [(x, y - s * 1.2), (x + s, y + s * 0.3), (x - s, y + s * 0.3)])
    pygame.draw.polygon(surf, (150, 152, 164), [(x, y - s * 1.2), (x + s, y + s * 0.3), (x, y + s * 0.3)])
    pygame.draw.polygon(surf, (244, 246, 250), [(x, y - s * 1.2), (x + s * 0.3, y - s * 0.75),
                                                (x - s * 0.3, y - s * 0.75)])


def _desert(surf, x, y, R, rnd):
    s = R * 0.16
    if rnd.random() < 0.2:
        pygame.draw.rect(surf, (80, 140, 70), (x - s * 0.08, y - s * 0.8, s * 0.16, s * 0.8))
        pygame.draw.rect(surf, (80, 140, 70), (x - s * 0.35, y - s * 0.6, s * 0.12, s * 0.3))
    else:
        pygame.draw.arc(surf, (196, 170, 110), (x - s, y - s * 0.3, s * 2, s * 0.6), 0.2, 2.9, 2)


_PAINTERS = {FOREST: _tree, HILLS: _hill, PASTURE: _pasture, FIELDS: _field,
             MOUNTAINS: _mountain, DESERT: _desert}


def draw_settlement(surf, x, y, R, colour, seat=None):
    """A settlement: a house in its owner's colour with `seat`'s emblem on it."""
    s = R * 0.23
    pts = [(x - s, y + s * 0.8), (x - s, y - s * 0.1), (x, y - s), (x + s, y - s * 0.1), (x + s, y + s * 0.8)]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, OUTLINE, pts, max(2, int(R * 0.035)))
    if seat is not None:
        draw_emblem(surf, seat, (x, y + s * 0.2), s * 0.42, ink(colour))


def draw_city(surf, x, y, R, colour, seat=None):
    """A city: a hall and a tower in its owner's colour, `seat`'s emblem on the hall."""
    s = R * 0.25
    pts = [(x - s * 1.3, y + s * 0.8), (x - s * 1.3, y - s * 0.1), (x - s * 0.6, y - s * 0.8),
           (x, y - s * 0.1), (x, y - s * 0.9), (x + s * 0.45, y - s * 1.4), (x + s * 0.9, y - s * 0.9),
           (x + s * 0.9, y + s * 0.8)]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, OUTLINE, pts, max(2, int(R * 0.035)))
    if seat is not None:
        draw_emblem(surf, seat, (x - s * 0.62, y + s * 0.3), s * 0.4, ink(colour))


def draw_wall(surf, x, y, R):
    """A city wall: a grey stone base wider than the city above it."""
    w, h = R * 0.82, R * 0.2
    r = pygame.Rect(0, 0, w, h)
    r.midtop = (x - R * 0.05, y + R * 0.1)
    pygame.draw.rect(surf, (20, 20, 20), r.inflate(4, 4), border_radius=2)
    pygame.draw.rect(surf, (168, 164, 156), r, border_radius=2)
    for k in range(1, 5):
        bx = r.x + r.w * k / 5
        pygame.draw.line(surf, (90, 88, 84), (bx, r.y), (bx, r.bottom), 1)
    pygame.draw.line(surf, (90, 88, 84), (r.x, r.centery), (r.right, r.centery), 1)


def draw_metropolis(surf, x, y, R, colour):
    """A metropolis: a tall tower in its track's colour beside the city."""
    s = R * 0.25
    pts = [(x + s * 0.55, y + s * 0.8), (x + s * 0.55, y - s * 1.9), (x + s * 0.95, y - s * 2.5),
           (x + s * 1.35, y - s * 1.9), (x + s * 1.35, y + s * 0.8)]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, (20, 20, 20), pts, max(2, int(R * 0.035)))


def draw_knight(surf, x, y, R, colour, strength, active, seat=None):
    """A knight: a round shield in its owner's colour with `seat`'s emblem at
    its top and its strength as 1-3 white bars under it.  Active knights are
    bright with a thick gold rim and a gold crest; inactive ones are dark
    with a thin grey rim and a slash, so the two read apart at a glance."""
    r = R * 0.27
    fill = colour if active else theme.darker(colour, 0.6)
    rim = (250, 208, 60) if active else (130, 130, 136)
    rim_w = max(2, R * (0.07 if active else 0.035))
    pygame.draw.circle(surf, (12, 12, 12), (x + 1, y + 2), r + rim_w + 1)
    pygame.draw.circle(surf, rim, (x, y), r + rim_w)
    pygame.draw.circle(surf, fill, (x, y), r)
    if active:                     # the crest: a gold triangle on top
        pygame.draw.polygon(surf, rim, [(x - r * 0.45, y - r * 0.95), (x + r * 0.45, y - r * 0.95),
                                        (x, y - r * 1.65)])
    bar_w, bar_h, bar_y = max(2, r * 0.3), r * 1.1, y
    if seat is not None:
        draw_emblem(surf, seat, (x, y - r * 0.5), r * 0.27, ink(fill))
        bar_h, bar_y = r * 0.72, y + r * 0.3
    for i in range(strength):
        bx = x + (i - (strength - 1) / 2) * bar_w * 1.7
        bar = pygame.Rect(0, 0, bar_w, bar_h)
        bar.center = (bx, bar_y)
        pygame.draw.rect(surf, (16, 16, 16), bar.inflate(2, 2))
        pygame.draw.rect(surf, (252, 252, 248) if active else (170, 170, 170), bar)
    if not active:                 # a slash: cannot defend or act
        pygame.draw.line(surf, (200, 200, 200), (x - r * 0.85, y + r * 0.85), (x + r * 0.85, y - r * 0.85),
                         max(2, int(R * 0.04)))


def draw_merchant(surf, x, y, R, colour, seat=None):
    """The merchant (CK-9): a figure in its owner's colour, `seat`'s emblem on its robe."""
    s = R * 0.2
    body = [(x - s * 0.6, y + s * 1.1), (x, y - s * 0.6), (x + s * 0.6, y + s * 1.1)]
    pygame.draw.polygon(surf, colour, body)
    pygame.draw.polygon(surf, (250, 250, 250), body, 2)
    pygame.draw.circle(surf, colour, (x, y - s * 0.7), s * 0.42)
    pygame.draw.circle(surf, (250, 250, 250), (x, y - s * 0.7), s * 0.42, 2)
    if seat is not None:
        draw_emblem(surf, seat, (x, y + s * 0.62), s * 0.26, ink(colour))


def draw_ship(surf, rect, colour=theme.SHIP_RGB, sail=(236, 232, 220)):
    """The barbarians' ship (event die face and track marker)."""
    r = pygame.Rect(rect)
    hull = [(r.x + r.w * 0.1, r.y + r.h * 0.62), (r.right - r.w * 0.1, r.y + r.h * 0.62),
            (r.right - r.w * 0.25, r.y + r.h * 0.85), (r.x + r.w * 0.25, r.y + r.h * 0.85)]
    pygame.draw.polygon(surf, colour, hull)
    mast = r.x + r.w * 0.5
    pygame.draw.line(surf, colour, (mast, r.y + r.h * 0.12), (mast, r.y + r.h * 0.62), max(1, int(r.w * 0.05)))
    pygame.draw.polygon(surf, sail, [(mast + 2, r.y + r.h * 0.15), (mast + 2, r.y + r.h * 0.56),
                                     (r.right - r.w * 0.16, r.y + r.h * 0.56)])
    pygame.draw.polygon(surf, sail, [(mast - 2, r.y + r.h * 0.22), (mast - 2, r.y + r.h * 0.56),
                                     (r.x + r.w * 0.22, r.y + r.h * 0.56)])


def draw_gate(surf, rect, colour):
    """A city gate in a track's colour (event die face)."""
    r = pygame.Rect(rect)
    body = pygame.Rect(r.x + r.w * 0.18, r.y + r.h * 0.25, r.w * 0.64, r.h * 0.6)
    pygame.draw.rect(surf, colour, body)
    for k in range(3):
        pygame.draw.rect(surf, colour, (body.x + k * body.w * 0.4, r.y + r.h * 0.14, body.w * 0.2, r.h * 0.12))
    arch = pygame.Rect(0, 0, body.w * 0.4, body.h * 0.42)
    arch.midbottom = body.midbottom
    pygame.draw.rect(surf, (40, 32, 24), arch, border_top_left_radius=int(arch.w / 2),
                     border_top_right_radius=int(arch.w / 2))


_VEILS = {}


def _token_veil(r):
    """A dark translucent disc laid over a number token the robber blocks."""
    veil = _VEILS.get(r)
    if veil is None:
        veil = _VEILS[r] = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.circle(veil, (12, 10, 16, 170), (r, r), r)
    return veil


def draw_robber(surf, x, y, R, ghost=False):
    """The robber: a tall dark hooded pawn with a light rim, about half a hex
    high, on a shadow; `ghost` draws it lighter (a hovered destination)."""
    s = R * 0.3
    body = [(x - s * 0.75, y + s * 1.2), (x - s * 0.42, y - s * 0.1), (x - s * 0.2, y - s * 0.35),
            (x + s * 0.2, y - s * 0.35), (x + s * 0.42, y - s * 0.1), (x + s * 0.75, y + s * 1.2)]
    fill = (96, 92, 104) if ghost else (34, 30, 38)
    rim = (250, 240, 200) if ghost else (226, 220, 200)
    pygame.draw.ellipse(surf, (16, 14, 18), (x - s * 0.95, y + s * 0.95, s * 1.9, s * 0.55))
    pygame.draw.polygon(surf, fill, body)
    pygame.draw.circle(surf, fill, (x, y - s * 0.75), s * 0.52)
    width = max(2, int(R * 0.035))
    pygame.draw.polygon(surf, rim, body, width)
    pygame.draw.circle(surf, rim, (x, y - s * 0.75), s * 0.52, width)
    pygame.draw.line(surf, rim, (x - s * 0.5, y + s * 0.35), (x + s * 0.5, y + s * 0.35), width)

