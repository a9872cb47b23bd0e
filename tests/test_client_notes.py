"""The table's notices (a refusal, a rejoin, ...) in the side column: every
one is read, at every scale of text and seat count (draw.note_boxes)."""

import pytest

pygame = pytest.importorskip("pygame")

from client_helpers import draw, make_app, push_table  # noqa: E402
from game.client import i18n  # noqa: E402
from game.client.table import draw as table_draw  # noqa: E402
from game.engine import default_config  # noqa: E402

REFUSAL = {"en": "Not possible: Found your first settlement: click the ringed corner.",
           "nl": "Niet mogelijk: Sticht je eerste dorp: klik op de omcirkelde driesprong."}


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("scale", [100, 150, 200])
@pytest.mark.parametrize("players,rules", [(4, "base"), (6, "ck")])
def test_the_newest_notice_is_drawn_whole_at_every_scale_X_1(lang, scale, players, rules):
    """At 150 and 200 % a refusal taller than the room under the bank was
    left out: a click on the wrong corner of the guided game said nothing."""
    try:
        app = make_app((1280, 720), lang=lang, ui_scale=scale)
        table = push_table(app, default_config(rules=rules, players=players, seed=3))
        assert draw(app)
        before = pygame.image.tobytes(app.screen, "RGB")
        table.play.note(REFUSAL[lang])
        assert draw(app)
        assert pygame.image.tobytes(app.screen, "RGB") != before        # (it was left out where too tall)
        table.play.note("An older notice")
        table.play.note(REFUSAL[lang])                                 # (the same again: the newest)
        assert draw(app)
        boxes = table_draw.note_boxes(table.model, table.ui)
        window = pygame.Rect((0, 0), app.size)
        assert boxes and all(window.contains(box) for box, _, _ in boxes)
        assert not any(a.colliderect(b) for i, (a, _, _) in enumerate(boxes) for b, _, _ in boxes[i + 1:])
        newest = boxes[-1][0]
        assert newest.bottom <= table_draw.notes_area(table.ui.layout).bottom
    finally:
        i18n.set_language("en")
