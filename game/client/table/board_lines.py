"""Where a line of words over the board goes — the keyboard cursor's line
about its spot (keyboard.py), the hint's line (hints.py) — so that it keeps
the spots it is about in sight: of the places the line may take, the first
that comes least near them and then covers the fewest other marks.  On the
narrow table (200 %) the island fills the board, and a line at its bottom
would lie over the lower spots."""

import math

import pygame

SPOT_CLEARANCE = 1.2          # how near a line may come to a spot it is about, in hex radii,
HARBOR_CLEARANCE = 0.8        # and to the centre of a harbor beside it (its disc and card)


def top_y(ui) -> int:
    """The first row free for a line at the board's top: under the menu, the
    dice and the chip beside them."""
    L = ui.layout
    tools = [L.menu_button] + list(L.dice) + ([L.left_chip] if L.left_chip else [])
    return max(r.bottom for r in tools) + int(6 * L.s)


def harbor_points(ui) -> list:
    return [ui.board.harbor_pos(i) for i in range(len(ui.board.island.harbor_edges))]


def clearest(ui, places, spots, marks=()) -> pygame.Rect:
    """The first of `places` (rects) that comes least nearer than it should to
    `spots` (board points) and a harbor beside one, then covers the fewest
    `marks` (points)."""
    R = ui.board.R
    keep = [(p, SPOT_CLEARANCE * R) for p in spots]
    keep += [(h, HARBOR_CLEARANCE * R) for h in harbor_points(ui) if any(math.dist(h, p) < 1.5 * R for p in spots)]

    def cost(box):
        short = 0.0                          # (how much nearer than they should the line comes to them)
        for (x, y), clearance in keep:
            dx, dy = max(box.x - x, 0, x - box.right), max(box.y - y, 0, y - box.bottom)
            short += max(0.0, clearance - math.hypot(dx, dy))
        return (short, sum(box.inflate(int(R), int(R)).collidepoint(p) for p in marks))
    return min(places, key=cost)          # (the first of equals)
