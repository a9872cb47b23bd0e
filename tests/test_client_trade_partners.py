"""The offer dialog's partner buttons (B-6.1 domestic trade: the player on
turn offers to the others, X-1 at five and six seats): each partner's name
is drawn whole, clear of its colour mark, inside the dialog, however many
partners there are and however long their names (computers are named with
their level: "Bram (Gemiddeld)")."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app, push_table  # noqa: E402
from game.client.table import dialogs  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.state import MAIN  # noqa: E402

from tests.test_client_card_picking import click  # noqa: E402
from tests.test_client_render import frame, play_until  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

LONG = ["Anna", "Bram (Gemiddeld)", "Cees (Makkelijk)", "Dirk (Gemiddeld)", "Eva (Makkelijk)", "Fenna (Gemiddeld)"]


@pytest.mark.parametrize("players,size,lang", tightest_fast("players,size,lang", [
    (4, (1280, 720), "en"), (5, (1280, 720), "nl"), (6, (1280, 720), "nl"), (6, (1920, 1080), "en")]))
def test_every_partner_button_holds_its_whole_name(players, size, lang):
    app = make_app(size, lang)
    table = push_table(app, default_config(rules="base", players=players, seed=3), names=LONG)
    assert play_until(table, lambda t: t.model.curtain_for is None and t.model.view.phase == MAIN
                      and t.model.action_enabled("trade") and t.model.viewer == t.model.view.current)
    table.play.action("trade")
    frame(app)
    editor, me = table.model.dialog, table.model.viewer
    assert isinstance(editor, dialogs.TradeEditor)
    box = table.ui.layout.dialog(*editor.size)
    rects = {s: table.ui.targets.rect(("to", s)) for s in range(players) if s != me}
    mark = editor.s(4) + editor.s(6)          # the colour mark on each button's left
    for s, r in rects.items():
        assert r is not None and box.contains(r), (s, r, box)
        name_w = table.ui.text.render(LONG[s], 14, (0, 0, 0)).get_width()
        assert r.w >= name_w + 2 * mark, (LONG[s], r.w, name_w)
        assert not any(r.colliderect(o) for t, o in rects.items() if t != s)
    buttons_top = box.bottom - editor.s(14) - editor.s(40)      # Cancel and Make offer
    assert max(r.bottom for r in rects.values()) < buttons_top
    first = min(rects)                          # the buttons still choose the partners
    click(app, table, ("to", first))
    assert first not in editor.to and len(editor.to) == players - 2
