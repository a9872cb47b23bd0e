"""Every table dialog at 200 % (issue 32: the narrow table, a canvas of
640x360 design units) has an arrangement of its own for that room: it is
drawn at the table's own scale (no less than 0.9 of it), inside the
window, and the keys reach each of its controls (table/keyboard.py).
Two and six seats (X-1), both rule sets, 1280x720 and 1920x1080; the
dialogs opened with their most crowded content as
tools/screens/dialog_scale.py opens them."""

import pytest

pygame = pytest.importorskip("pygame")

from tools.screens import dialog_scale  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))
_TABLES = dialog_scale.Tables()             # (the mid-games, played once for the module)


@pytest.fixture(scope="module", params=tightest_fast("size", SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
def _window(request):
    from client_helpers import make_app
    return make_app(request.param, "nl", ui_scale=200)


@pytest.fixture
def app(_window):
    """The module's Dutch window, its language set again for each test (conftest sets English back after each)."""
    from game.client import i18n
    i18n.set_language("nl")
    return _window


@pytest.mark.parametrize("players", tightest_fast("players", [2, 6]))
@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("name", list(dialog_scale.DIALOGS))
def test_every_dialog_at_200_percent_is_drawn_at_the_tables_scale_inside_the_window_X_1(app, name, rules, players):
    from game.client.table import keyboard
    table = dialog_scale.opened(app, _TABLES, name, rules, players)
    if table is None:
        pytest.skip(f"no {name} dialog in {rules}")
    d, ui = table.model.dialog, table.ui
    assert ui.layout.narrow
    assert dialog_scale.k_of(table) >= 0.9, (name, d.size)
    screen = ui.layout.screen
    assert screen.contains(d.ui.layout.dialog(*d.size))
    controls = [(key, r) for key, r, action in ui.targets.items if action is not None]
    assert controls and all(screen.contains(r) for _, r in controls)
    # Tab and the arrows go over every one of them
    focused = {item.key for item in keyboard.control_items(table.model, ui)}
    assert {key for key, _ in controls} <= focused


def test_the_narrow_chart_shows_one_track_and_its_tabs_show_the_others_CK_6():
    """CK-6: three tracks; on the narrow table a tab for each, its levels and
    its Build button under it."""
    from client_helpers import make_app
    app = make_app((1280, 720), "en", ui_scale=200)
    table = dialog_scale.opened(app, _TABLES, "chart", "ck", 4)
    ui, chart = table.ui, table.model.dialog
    keys = {key for key, _ in ui.targets.hover_areas}          # (a button not enabled: only its hover area)
    assert {("chart", "track", t) for t in range(3)} <= keys
    shown = chart.track
    assert ("chart", "improve", shown) in keys and len([k for k in keys if k[:2] == ("chart", "improve")]) == 1
    other = (shown + 1) % 3
    ui.targets.at(ui.targets.rect(("chart", "track", other)).center)[1]()       # its tab, clicked
    ui.targets.clear()
    chart.draw(pygame.Surface(app.size))
    assert chart.track == other and ("chart", "improve", other) in {key for key, _ in ui.targets.hover_areas}

