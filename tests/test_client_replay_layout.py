"""The replay viewer's players' column (game/client/scenes/replay.py
ReplayLayout) for every seat count (X-1: five and six players): each seat's
panel is as tall as the table draws it (or as the table draws six seats,
which it squeezes most), its hand row under it, none over another or over
the timeline's bar, all inside the window."""

import pytest

pygame = pytest.importorskip("pygame")

from game.client.scenes.replay import ReplayLayout  # noqa: E402
from game.client.table.layout import TableLayout  # noqa: E402
from game.client.table.parts import part_for  # noqa: E402
from game.engine import default_config  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seat_has_its_panel_and_hand_row_apart_X_1(size, rules, players):
    part = part_for(default_config(rules=rules, players=players))
    replay, table = ReplayLayout(size, players, part), TableLayout(size, players, part)
    least = TableLayout(size, 6, part).panels[0].h
    screen = pygame.Rect(0, 0, *size)
    rects = replay.seats + replay.hands
    for seat, (panel, hand) in enumerate(zip(replay.seats, replay.hands)):
        assert panel.h >= min(table.panels[seat].h, least), (seat, panel, table.panels[seat])
        assert hand.top == panel.bottom and hand.h > 0
    for i, a in enumerate(rects):
        assert screen.contains(a) and replay.side.contains(a), a
        assert not a.colliderect(replay.bar) and not a.colliderect(replay.top), a
        assert all(not a.colliderect(b) for b in rects[i + 1:]), a
    assert not replay.bar.colliderect(replay.side) and screen.contains(replay.bar)
