"""The panels' small pictures (game/client/icons.py) read as what they
stand for at panel size."""

import pytest

pygame = pytest.importorskip("pygame")

from game.client import icons  # noqa: E402


def opaque_widths(img):
    """How many opaque pixels each row of `img` has, top to bottom (empty rows left out)."""
    w, h = img.get_size()
    rows = [sum(img.get_at((x, y)).a > 128 for x in range(w)) for y in range(h)]
    return [n for n in rows if n]


@pytest.mark.parametrize("size", [14, 16, 24, 48])
def test_the_knights_helm_narrows_to_a_chin_and_does_not_stand_on_a_square_foot_like_a_house(size):
    """The knights' count of a C&K panel (and base's played knights): a
    helm whose foot is square read as a little house at panel size."""
    widths = opaque_widths(icons.icon("knight", size))
    assert widths[-1] <= max(widths) / 3, widths
