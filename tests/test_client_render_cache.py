"""What a frame of the table reuses instead of drawing again: a dialog's
picture per look, the attack's panel and shaded board, the table under the
game menu, wrapped text and the sizes of text in other scripts.  Each kept
picture looks exactly like the one drawn afresh (or within the rounding of
one blend), and is drawn anew when what it shows changes."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import bot_game, make_app, push_table  # noqa: E402
from game.client import widgets  # noqa: E402
from game.client.fonts import Fonts  # noqa: E402
from game.client.scenes.game_menu import GameMenuScene  # noqa: E402
from game.client.table import dialogs, draw, staging  # noqa: E402
from game.client.table.scene import TableScene  # noqa: E402
from game.engine.state import MAIN  # noqa: E402
from test_client_render import make_table, play_until  # noqa: E402


KEEP = object()


def frame(app, hover=KEEP):
    """Draw a frame (the mouse on `hover`); the screen's bytes."""
    if hover is not KEEP:
        app.scene.model.hover_key = hover
    app.dirty = True
    assert app.step([]) is True
    return pygame.image.tobytes(app.screen, "RGB")


def largest_difference(a, b) -> int:
    return max((abs(x - y) for x, y in zip(a, b)), default=0)


def counting(obj, name, calls):
    """Record each call of obj.name (its arguments) in `calls`."""
    original = getattr(obj, name)

    def wrapper(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)
    setattr(obj, name, wrapper)


def still(table):
    """No dice in the air, no cards in flight."""
    table.model.dice_until = table.model.glow_until = 0.0
    table.model.flying = []


def trade_table():
    app, table = make_table()
    assert play_until(table, lambda t: t.model.curtain_for is None and t.model.view.phase == MAIN
                      and t.c.auth.state.turn > 8 and sum(t.model.view.hands[t.model.viewer]))
    still(table)
    ed = dialogs.TradeEditor(table.play)
    ed.give[max(range(5), key=lambda k: table.model.view.hands[table.model.viewer][k])] = 1
    table.model.dialog = ed
    return app, table, ed


def test_a_dialog_is_drawn_once_per_look_and_its_picture_is_the_dialog(monkeypatch):
    app, table, ed = trade_table()
    calls = []
    counting(ed, "draw", calls)
    lit = frame(app, None)
    cancel = table.ui.targets.rect(("trade", "cancel"))
    targets = list(table.ui.targets.items)
    for hover in (("trade", "cancel"), None, ("trade", "cancel"), None):
        frame(app, hover)
    assert len(calls) == 2                          # two looks: the mouse off and on Cancel
    assert frame(app, None) == lit and table.ui.targets.items == targets
    # the kept picture is the dialog as drawn straight onto the table
    monkeypatch.setattr(draw, "draw_dialog", lambda m, ui, canvas, surf: m.dialog.draw(surf))
    assert frame(app, None) == lit
    assert table.ui.targets.rect(("trade", "cancel")) == cancel
    monkeypatch.undo()
    # a choice in the dialog is a new look
    drawn = len(calls)
    ed.get[(ed.give.index(1) + 1) % 5] = 1
    assert frame(app, None) != lit and len(calls) == drawn + 1


def test_a_dialog_picture_follows_the_language():
    app, table, ed = trade_table()
    english = frame(app)
    app.set_language("nl")
    assert frame(app) != english


def attack_table():
    auth, _ = bot_game(rules="ck", seed=5, players=3, stop=1500)
    i = next(k for k, r in enumerate(auth.log) if any(e[0] == "barbarians_attack" for e in r.events))
    app = make_app()
    table = push_table(app, auth.config)
    for record in auth.log[:i + 1]:
        table.c.submit(record.cmd)
        table.play.refresh()
    if table.model.curtain_for is not None:
        table.play.reveal()
    still(table)
    assert table.model.stage.attack is not None
    return app, table


@pytest.mark.slow
def test_the_attack_panel_is_drawn_once_and_the_board_shaded_once(monkeypatch):
    app, table = attack_table()
    panel = table.model.stage.attack
    panel.opened -= 60                              # every line revealed
    pictures = []
    counting(table.model.stage, "_draw_picture", pictures)
    shaded = frame(app, None)
    builds = table.ui.canvas.builds
    for hover in (("stage", "continue"), ("stage",), ("stage", "continue"), None):
        frame(app, hover)
    assert [args[1] for args in pictures].count(panel) == 1 and table.ui.canvas.builds == builds
    # the same as shading the board over the table every frame (within a blend's rounding)
    monkeypatch.setattr(draw, "attack_still", lambda m: False)
    assert largest_difference(frame(app, None), shaded) <= 2
    monkeypatch.undo()
    # a line more is a new picture
    panel.lines.append(staging.Line("one line more"))
    frame(app, None)
    assert [args[1] for args in pictures].count(panel) == 2


def test_the_table_under_the_game_menu_is_drawn_once_while_it_stays_the_same():
    app, table = make_table()
    assert play_until(table, lambda t: t.model.curtain_for is None and t.c.auth.state.turn > 3)
    still(table)
    draws = []
    counting(table, "draw", draws)
    menu = GameMenuScene(app, table)
    app.push(menu)
    first = frame(app)
    for hover in ("resume", "settings", None, "resume"):
        menu.hover = hover
        frame(app)
    assert len(draws) == 1
    menu.hover = None
    assert frame(app) == first
    table.play.note("a note", (240, 200, 90))      # the table changed under the menu: drawn again
    assert frame(app) != first and len(draws) == 2


def test_a_table_that_draws_more_than_the_table_is_drawn_under_the_menu_every_time():
    class Marked(TableScene):
        def draw(self, surf):
            super().draw(surf)
    app = make_app()
    from game.client.controller import HotseatController
    from game.engine import default_config
    c = HotseatController(default_config(rules="base", players=3, seed=3), ["A", "B", "C"],
                          [(200, 50, 50), (50, 50, 200), (230, 230, 230)])
    table = Marked(app, c)
    app.push(table)
    assert table.picture_key() is None


def test_wrapped_lines_are_remembered_and_not_shared():
    fonts = Fonts(1.0)
    font = fonts.get(15)
    text = "De barbaren zijn sterker: zij plunderen een stad van de zwakste verdedigers · één"
    first = widgets.wrap(text, font, 200)
    assert len(first) > 1 and all(font.size(line)[0] <= 200 for line in first)
    first.append("changed by the caller")
    assert widgets.wrap(text, font, 200) == first[:-1]
    assert widgets.wrap(text, font, 2000) == [text]


def test_the_size_of_text_in_other_scripts_is_the_size_it_is_drawn_at():
    make_app()
    font = Fonts(1.0).get(15)
    for text in ("Zoë", "李小龙 en محمد", "één · twee"):
        assert font.size(text) == font.render(text, True, (0, 0, 0)).get_size()
        assert font.size(text) == font.size(text)


@pytest.mark.parametrize("phase_commands", [0, 1])         # the first settlement's nodes, then its road's edges
def test_the_spots_to_pick_belong_to_the_layer_and_the_hovered_one_looks_as_drawn_afresh(monkeypatch, phase_commands):
    auth, _ = bot_game(rules="base", seed=6, players=3, stop=phase_commands)
    app = make_app()
    table = push_table(app, auth.config)
    for record in auth.log:
        table.c.submit(record.cmd)
        table.play.refresh()
    if table.model.curtain_for is not None:
        table.play.reveal()
    still(table)
    kind, cands = table.model.pick
    frame(app)
    builds = table.ui.canvas.builds
    shots = []
    for spot in sorted(cands)[:3]:
        x, y = table.ui.board.target_pos(kind, spot)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))])
        assert table.model.hover_spot == spot
        shots.append(frame(app))
    assert table.ui.canvas.builds == builds                     # the mouse went from spot to spot: no new layer
    # every spot drawn every frame, the hovered one instead of its resting look
    original = draw.draw_pick

    def every_frame(m, ui, surf, which="all", bare=None):
        if which != "rest":
            original(m, ui, surf)
    monkeypatch.setattr(draw, "draw_pick", every_frame)
    monkeypatch.setattr(draw, "pick_key", lambda m: "every frame")
    for spot, shot in zip(sorted(cands)[:3], shots):
        x, y = table.ui.board.target_pos(kind, spot)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))])
        assert frame(app) == shot


def test_the_chart_without_its_buttons_is_drawn_once_for_the_view_it_shows():
    from game.client.table import ckdialogs
    app, table = make_table(rules="ck")
    assert play_until(table, lambda t: t.model.curtain_for is None and t.model.view.phase == MAIN
                      and t.c.auth.state.turn > 8)
    still(table)
    chart = ckdialogs.ChartDialog(table.play)
    table.model.dialog = chart
    backgrounds = []
    original = chart._chart

    def counted(surf, rect, buttons):
        if not buttons:
            backgrounds.append(rect)
        return original(surf, rect, buttons)
    chart._chart = counted
    draw.forget_looks(table.ui)
    for hover in (None, ("chart", "close"), ("chart", "improve", 0), None):
        draw.forget_looks(table.ui)              # (each frame drawn, not taken from the dialog's pictures)
        frame(app, hover)
    assert len(backgrounds) == 1
    assert ("chart", "close") in table.ui.targets.keys()
    table.play.sync()                               # a new view: the chart is drawn anew
    frame(app)
    assert len(backgrounds) == 2


def test_a_dialog_whose_choices_cannot_be_a_key_is_drawn_every_frame():
    app, table, ed = trade_table()
    calls = []
    counting(ed, "draw", calls)
    ed.notes = {(1, 2): [1], "a": [2]}           # keys that cannot be sorted together
    for hover in (None, ("trade", "cancel"), None):
        frame(app, hover)
    assert len(calls) == 3 and ("trade", "cancel") in table.ui.targets.keys()


def _every_hover_looks_as_drawn_whole(app, table, monkeypatch):
    """Hover every target of the open dialog in turn, from pictures (a
    newly hovered target patched into the whole picture), and compare the
    dialog's area of each frame with the dialog drawn whole straight onto
    the table (the area only: the table around it may move on meanwhile)."""
    frame(app, None)
    whole = [w for base, w in table.ui.canvas.dialogs.whole.items() if base[0] == id(table.model.dialog)][-1]
    area = whole[1]
    keys = [None] + list(dict.fromkeys(k for k, _, _ in whole[2]))      # the dialog's own targets

    def dialog_area(hover):
        frame(app, hover)
        return pygame.image.tobytes(app.screen.subsurface(area), "RGB")
    kept = [(hover, dialog_area(hover)) for hover in keys + keys[::-1]]    # after every kind of neighbour
    patched = len(table.ui.canvas.dialogs.kept)
    monkeypatch.setattr(draw, "draw_dialog", lambda m, ui, canvas, surf: m.dialog.draw(surf))
    for hover, picture in kept:
        assert picture == dialog_area(hover), hover
    monkeypatch.undo()
    assert patched >= len(keys) - 1 and len({picture for _, picture in kept}) > 1
    return len(keys)


@pytest.mark.slow
def test_a_newly_hovered_target_of_a_dialog_looks_as_the_dialog_drawn_whole(monkeypatch):
    """Buttons, cards that lift with their line of explanation, and counters:
    each target's look under the mouse is patched into the picture the dialog
    was drawn whole in, and is the same to the pixel."""
    app, table, ed = trade_table()
    assert _every_hover_looks_as_drawn_whole(app, table, monkeypatch) > 10
    table.model.dialog = dialogs.BankDialog(table.play)
    assert _every_hover_looks_as_drawn_whole(app, table, monkeypatch) > 10
    table.model.dialog = dialogs.DevCardDialog(table.play, dialogs.YEAR_OF_PLENTY)
    assert _every_hover_looks_as_drawn_whole(app, table, monkeypatch) > 5


def test_a_newly_hovered_target_of_the_chart_looks_as_the_chart_drawn_whole(monkeypatch):
    from game.client.table import ckdialogs
    app, table = make_table(rules="ck")
    assert play_until(table, lambda t: t.model.curtain_for is None and t.model.view.phase == MAIN
                      and t.c.auth.state.turn > 8)
    still(table)
    table.model.dialog = ckdialogs.ChartDialog(table.play)
    assert _every_hover_looks_as_drawn_whole(app, table, monkeypatch) > 1


def test_a_newly_hovered_button_redraws_only_its_area(monkeypatch):
    app, table, ed = trade_table()
    frame(app, None)
    cancel = table.ui.targets.rect(("trade", "cancel"))
    clips = []
    original = dialogs.TradeEditor.draw

    def draw_recording(self, surf):
        clips.append(surf.get_clip())
        return original(self, surf)
    monkeypatch.setattr(dialogs.TradeEditor, "draw", draw_recording)   # (not on ed: that is a new look)
    frame(app, ("trade", "cancel"))
    frame(app, None)
    assert clips == [cancel]                        # and the mouse gone again is the whole picture
