"""The compact table (game/client/table/layout.py TableLayout.compact,
panels.COMPACT): with text and controls at 150 % the table of every seat
count (X-1: five and six players) holds the scale, its player panels in
two rows each; the replay of four to six seats holds 150 % too.  Every part of
the table lies inside the window and none over another."""

import pytest

pygame = pytest.importorskip("pygame")

from game.client.cmdline import fit  # noqa: E402
from game.client.scenes.replay import ReplayLayout  # noqa: E402
from game.client.table.layout import TableLayout  # noqa: E402
from game.client.table.parts import PARTS  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))


def canvas(size, percent):
    """The design units a window of `size` leaves at `percent` (app.py App.ui_scale_for)."""
    s = fit(size) * percent / 100
    return size[0] / s, size[1] / s


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_of_every_seat_count_holds_150_percent_X_1(size, players, rules):
    w, h = canvas(size, 150)
    cw, ch = TableLayout.min_canvas(players, PARTS[rules])
    assert cw <= w + 0.5 and ch <= h + 0.5, (cw, ch, w, h)


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("size", SIZES)
def test_five_and_six_seats_at_150_percent_lay_out_compact_panels_apart_X_1(size, players, rules):
    part = PARTS[rules]
    s = fit(size) * 1.5
    L = TableLayout(size, players, part, s)
    assert L.compact
    screen = pygame.Rect(0, 0, *size)
    parts = L.panels + [L.bank, L.notes]
    for i, r in enumerate(parts):
        assert L.side.contains(r) and screen.contains(r), r
        assert all(not r.colliderect(o) for o in parts[i + 1:]), r
    assert all(r.h >= int(part.panel_compact_h * s) for r in L.panels)
    assert L.notes.h >= int(40 * s)                   # a line of notices stays
    for r in (L.left, L.board, L.hand):
        assert screen.contains(r) and not r.colliderect(L.side), r
    assert not L.board.colliderect(L.left) and not L.board.colliderect(L.hand)
    buttons = list(L.buttons.values())
    for i, b in enumerate(buttons):
        assert L.hand.contains(b) and not b.colliderect(L.cards), b
        assert all(not b.colliderect(o) for o in buttons[i + 1:]), b


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("size", SIZES)
def test_the_full_panels_stay_where_the_column_holds_them(size, rules):
    """At 100 % six seats, and at 150 % four, keep the full panels."""
    assert not TableLayout(size, 6, PARTS[rules]).compact
    assert not TableLayout(size, 4, PARTS[rules], fit(size) * 1.5).compact


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("players", [4, 5, 6])
@pytest.mark.parametrize("size", SIZES)
def test_the_replay_of_four_to_six_seats_holds_150_percent_X_1(size, players, rules):
    """Four seats in compact panels over the timeline's bar; five and six
    down to the window's bottom beside the bar, its buttons in two rows."""
    part = PARTS[rules]
    w, h = canvas(size, 150)
    cw, ch = ReplayLayout.min_canvas(players, part)
    assert cw <= w + 0.5 and ch <= h + 0.5, (cw, ch, w, h)
    s = fit(size) * 1.5
    L = ReplayLayout(size, players, part, s)
    screen = pygame.Rect(0, 0, *size)
    rects = L.seats + L.hands
    for i, r in enumerate(rects):
        assert L.side.contains(r) and screen.contains(r) and not r.colliderect(L.bar), r
        assert all(not r.colliderect(o) for o in rects[i + 1:]), r
    assert L.compact and all(r.h >= int(part.panel_compact_h * s) for r in L.seats)
    buttons = list(L.buttons.values())
    for i, b in enumerate(buttons):
        assert L.bar.contains(b) and not b.colliderect(L.timeline), b
        assert all(not b.colliderect(o) for o in buttons[i + 1:]), b
    assert L.bar.right <= L.side.x if players > 4 else L.bar.w == size[0]
    assert screen.contains(L.bar) and not L.board.colliderect(L.bar) and L.board.h >= int(290 * s)
