"""tools.screens.autoplay plays whole hot-seat games through the real client: every
command is entered as clicks and key presses on the drawn screen and the
engine must receive exactly that command."""

import pytest

pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from tools.screens import autoplay as ui_autoplay  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2)])
def test_autoplay_reaches_the_end_screen(players, seed):
    summary = ui_autoplay.play("base", players, seed)
    assert summary["winner"] in range(players)
    assert summary["commands"] > 100
    assert summary["clicks"] + summary["keys"] > summary["commands"]
    assert summary["curtains"] > 0


@pytest.mark.slow
def test_autoplay_is_reproducible():
    a = ui_autoplay.play("base", 3, 7, board="beginner")
    b = ui_autoplay.play("base", 3, 7, board="beginner")
    for key in ("commands", "clicks", "keys", "winner", "turns"):
        assert a[key] == b[key]


@pytest.mark.slow
@pytest.mark.parametrize("rules,players,vp", [("base", 6, 6), ("ck", 5, 7)])
def test_autoplay_plays_five_and_six_with_the_special_building_phase(rules, players, vp):
    """X-1: five and six seats through the window, every seat's part of the
    Special Building Phase entered as P or a click on Pass, or passed by the
    table for a person who could only pass (a lower points target keeps the
    game short)."""
    summary = ui_autoplay.play(rules, players, 3, vp=vp)
    assert summary["winner"] in range(players)
    assert summary["kinds"].get("pass_build", 0) > 0 and summary["automatic_passes"] > 0
    assert summary["kinds"].get("pass_build", 0) + summary["automatic_passes"] > summary["turns"]
