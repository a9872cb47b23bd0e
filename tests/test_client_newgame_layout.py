"""The new-game form's words stay on its card: every label's words lie inside
the form's frame and fit their label, with either board, in both languages
and at both sizes, with four seats and six (headless, SDL dummy driver)."""

import warnings

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from client_helpers import make_app  # noqa: E402
from game.client.scenes.newgame import NewGameScene  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402


@pytest.mark.parametrize("size", tightest_fast("size", [(1280, 720), (1920, 1080)]))
@pytest.mark.parametrize("lang", tightest_fast("lang", ["en", "nl"]))
@pytest.mark.parametrize("board", ["beginner", "random"])
@pytest.mark.parametrize("players", tightest_fast("players", [4, 6]))
def test_every_label_of_the_new_game_form_lies_on_its_card(size, lang, board, players):
    """With six seats too (X-1.1), a computer among them: the card and its
    buttons stay inside the window."""
    app = make_app(size, lang)
    form = NewGameScene(app)
    app.push(form)
    form.board = board
    form.players = players
    form.kinds[players - 1] = "hard"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        form.resize(app.size)
    too_small = [str(w.message) for w in caught if "too small" in str(w.message)]
    assert too_small == []
    labels = [e for e in form.manager.get_root_container().elements
              if isinstance(e, pygame_gui.elements.UILabel)]
    assert labels
    outside = [e.text for e in labels if not form.card.contains(words_rect(e))]
    assert outside == []
    screen = pygame.Rect(0, 0, *size)
    assert screen.contains(form.card)
    assert [key for key, b in form.buttons.items() if not form.card.contains(b.rect)] == []


def words_rect(label):
    """Where a label's words are drawn: its text's size, centred in its rect."""
    width, height = label.font.size(label.text)
    return pygame.Rect(0, 0, width, height).move_to(center=label.rect.center)
