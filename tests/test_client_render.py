"""How the table is drawn: the board fills it, the static table is a cached
layer redrawn only on change, the robber dims the number it blocks, cards
are pictures with their counts, and a frame is quick to draw."""

import math

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app, push_table  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client import cards  # noqa: E402
from game.client.i18n import tr  # noqa: E402
from game.client.boardview import BoardView  # noqa: E402
from game.client.table.layout import TableLayout  # noqa: E402
from game.client.table.parts import PARTS  # noqa: E402
from game.client.theme import PLAYER_COLOURS  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.board import STANDARD  # noqa: E402
from game.engine.state import MAIN, ROLL  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402


def make_table(size=(1280, 720), rules="base", seed=3, players=4):
    app = make_app(size)
    return app, push_table(app, default_config(rules=rules, players=players, seed=seed))


def play_until(table, until, seed=3, limit=3000):
    bot = RandomSeats(seed)
    for _ in range(limit):
        if until(table):
            return True
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        table.play.submit(bot.player(table.model.viewer, ("offer",)).choose(table.c.auth.state))
    return until(table)


def frame(app):
    app.dirty = True
    assert app.step([]) is True


def island_rect(board: BoardView) -> pygame.Rect:
    pts = [p for h in range(len(STANDARD.hex_center)) for p in board.hex_corners(h)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (2560, 1080), (1280, 1024), (3840, 2160)])
@pytest.mark.parametrize("rules", ["base", "ck"])
def test_the_board_fills_the_table_at_every_size(size, rules):
    """The island fills the board in its tighter direction, and up to 16:9
    it covers nearly a third of the window and three quarters of the
    board's width (the left column, the players' column and the hand strip
    arranged round it, none of them over it); nothing of the island leaves
    the board."""
    layout = TableLayout(size, 4, PARTS[rules])
    board = BoardView()
    board.fit(layout.board)
    area = size[0] * size[1]
    island = island_rect(board)
    assert layout.board.contains(island)
    assert max(island.w / layout.board.w, island.h / layout.board.h) >= 0.8
    if size[0] / size[1] <= 16 / 9 + 0.01:
        assert island.w * island.h >= 0.25 * area
    if abs(size[0] / size[1] - 16 / 9) < 0.01:
        assert island.w * island.h >= 0.29 * area and island.w >= 0.72 * layout.board.w
    for rect in [layout.hand, layout.side, layout.top, layout.left, layout.log] + list(layout.buttons.values()):
        assert not rect.colliderect(island), rect
    # the dice and the menu button lie in the sea's corners: over no hex
    for rect in [layout.menu_button] + list(layout.dice):
        for h in range(len(STANDARD.hex_center)):
            x, y = board.hex_center(h)
            assert not any(rect.collidepoint(p) for p in board.hex_corners(h, 0.97) + [(x, y)]), (rect, h)
            near = (min(max(x, rect.left), rect.right), min(max(y, rect.top), rect.bottom))
            assert math.hypot(near[0] - x, near[1] - y) > 0.8 * board.R, (rect, h)


def test_the_island_is_larger_than_before_at_1280x720():
    """The hexes had a radius of 49.6 px at 1280x720 at first, 58.3 px
    with the board between the top bar and the hand strip beside the
    players and the log."""
    layout = TableLayout((1280, 720), 4, PARTS["ck"])
    board = BoardView()
    board.fit(layout.board)
    assert board.R >= 62


def test_the_static_table_is_drawn_once_and_reused_while_only_the_mouse_moves():
    app, table = make_table()
    assert play_until(table, lambda t: t.model.curtain_for is None and t.model.view.phase == ROLL and t.c.auth.state.turn > 3)
    table.model.flying = []                 # (the last built piece landed: its drop redraws the table once)
    frame(app)
    builds, board_builds = table.ui.canvas.builds, table.ui.board.static_builds
    for key in (("btn", "roll"), ("btn", "end_turn"), None, ("btn", "trade")):
        table.model.hover_key = key
        frame(app)
    assert table.ui.canvas.builds == builds                     # the mouse moved: no redraw of the table
    assert table.ui.board.static_builds == board_builds
    assert ("btn", "roll") in table.ui.targets.keys()           # its clickable places are still known
    assert any(k[0] == "hand_card" for k in table.ui.targets.keys() if k) or sum(table.model.view.hands[table.model.viewer]) == 0
    table.play.submit(("roll", table.model.viewer))                      # the game changed: the table is drawn anew
    if table.model.curtain_for is not None:
        table.play.reveal()
    frame(app)
    assert table.ui.canvas.builds == builds + 1
    assert table.ui.board.static_builds == board_builds        # (the island itself did not change)
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900))
    frame(app)
    assert table.ui.canvas.builds == builds + 2
    assert table.ui.board.static_builds == board_builds + 1


def test_a_language_change_redraws_the_cached_table():
    app, table = make_table()
    play_until(table, lambda t: t.model.curtain_for is None)
    frame(app)
    builds = table.ui.canvas.builds
    app.set_language("nl")
    frame(app)
    assert table.ui.canvas.builds == builds + 1


def _token_brightness(surf, board, h):
    cx, cy = board.hex_center(h)
    r = int(board.R * 0.2)
    total = n = 0
    for dx in range(-r, r + 1, 2):
        for dy in range(-r, r + 1, 2):
            c = surf.get_at((int(cx + dx), int(cy + dy)))
            total += c.r + c.g + c.b
            n += 1
    return total / n


def test_the_robber_dims_the_number_it_blocks():
    """The token under the robber is much darker than the
    same token without it; the robber is drawn at least half a hex high."""
    app, table = make_table()
    play_until(table, lambda t: t.model.curtain_for is None and t.model.view.phase == MAIN)
    v = table.model.view
    h = next(h for h in range(len(v.numbers)) if v.numbers[h] and h != v.robber)
    layer = table.ui.board.static_layer(v, app.text)
    plain = layer.copy()
    robbed = layer.copy()
    origin = table.ui.board.rect.topleft
    board = table.ui.board
    board.rect.topleft = (0, 0)           # draw into the layer's own coordinates
    board.cx -= origin[0]
    board.cy -= origin[1]
    try:
        board.draw_robber_at(robbed, h, v.numbers[h])
        assert _token_brightness(robbed, board, h) < 0.6 * _token_brightness(plain, board, h)
        diff = [y for y in range(robbed.get_height()) for x in range(0, robbed.get_width(), 3)
                if robbed.get_at((x, y)) != plain.get_at((x, y))]
        assert max(diff) - min(diff) >= 0.5 * board.R
    finally:
        board.cx += origin[0]
        board.cy += origin[1]
        board.rect.topleft = origin


def test_cards_are_pictures_with_their_counts():
    """Every resource and commodity card is a picture that
    differs from every other, and the count is drawn on it."""
    app, _ = make_table()
    w, h = 64, 92
    seen = set()
    for kind in range(8):
        img = cards.card(app.text, ("res", kind), w, h, f"k{kind}", 2)
        assert pygame.mask.from_surface(img).count() > w * h * 0.9
        data = pygame.image.tobytes(img, "RGBA")
        assert data not in seen
        seen.add(data)
        other = cards.card(app.text, ("res", kind), w, h, f"k{kind}", 3)
        assert pygame.image.tobytes(other, "RGBA") != data              # the count is on the card
    for face in [("dev", k) for k in range(5)] + [("prog", k) for k in (0, 10, 20)] + [("back",)]:
        data = pygame.image.tobytes(cards.card(app.text, face, w, h, "x", 1), "RGBA")
        assert data not in seen
        seen.add(data)


def test_cost_chips_of_ore_do_not_look_like_an_empty_button():
    """An ore chip on a disabled button has light and dark
    parts (its drawing and rim), unlike the flat button behind it."""
    app, _ = make_table()
    chip = cards.chip(4, 20, enabled=False)
    lum = sorted(sum(chip.get_at((x, y))[:3]) for x in range(20) for y in range(20))
    assert lum[-1] - lum[0] > 250


def test_the_hand_is_fanned_cards_that_can_be_clicked_and_hovered():
    app, table = make_table()
    assert play_until(table, lambda t: t.model.curtain_for is None and sum(t.model.view.hands[t.model.viewer]) >= 3
                      and sum(1 for k in t.model.view.hands[t.model.viewer] if k) >= 2)
    frame(app)
    keys = [k for k in table.ui.targets.keys() if k and k[0] == "hand_card"]
    held = [k for k in range(5) if table.model.view.hands[table.model.viewer][k]]
    assert [k[1] for k in keys] == held
    r0, r1 = table.ui.targets.rect(keys[0]), table.ui.targets.rect(keys[1])
    assert r1.x > r0.x and r0.colliderect(table.ui.layout.cards)
    table.model.hover_key = keys[1]
    frame(app)
    assert table.ui.targets.rect(keys[1]).y < r1.y              # the hovered card rises


def test_the_log_draws_player_names_in_their_colours():
    """A log line is cut at whole names, and the
    log panel shows the name's player colour."""
    from game.client.table.panels import name_runs, readable_on_dark
    names = ["Anna", "Ann", "李明"]
    assert name_runs("Ann and Anna trade with 李明.", names) == [
        ("Ann", 1), (" and ", None), ("Anna", 0), (" trade with ", None), ("李明", 2), (".", None)]
    assert name_runs("Annabel builds.", names) == [("Annabel builds.", None)]
    app, table = make_table()
    play_until(table, lambda t: t.model.curtain_for is None and len(t.model.log) > 3)
    frame(app)
    colour = readable_on_dark(table.model.colours[0])
    r = table.ui.layout.log
    found = any(tuple(app.screen.get_at((x, y)))[:3] == colour
                for x in range(r.x, r.right, 1) for y in range(r.y, r.bottom, 2))
    assert found


def test_the_curtain_hides_the_hand_but_not_the_public_table():
    """While the device is passed, the board, scores and
    log stay visible; the hand strip shows no card; the words on the curtain
    are light on a dark frame for every player colour."""
    app, table = make_table()
    assert play_until(table, lambda t: t.model.curtain_for is not None)   # once players hold cards
    frame(app)
    keys = table.ui.targets.keys()
    assert ("curtain",) in keys
    assert not any(k and k[0] in ("hand_card", "dev_card", "btn") for k in keys)
    assert table.ui.drawn_hand_seat is None
    shot = app.screen.copy()
    # the island is still drawn (under a veil): sea and land differ in the board area
    b = table.ui.board
    sea = shot.get_at((b.rect.x + 3, b.rect.bottom - 3))
    land = shot.get_at([int(v) for v in b.hex_center(9)])
    assert sea != land
    # the title's words stand on the dark frame whatever the player's colour
    from game.client import theme
    seat = table.model.curtain_for
    for _, rgb in PLAYER_COLOURS:
        table.model.colours[seat] = rgb
        frame(app)
        button = table.ui.targets.rect(("curtain",))
        behind = app.screen.get_at((button.x + 2, button.y - int(70 * table.ui.layout.s)))[:3]
        assert _contrast(theme.TEXT, behind) >= 7, (rgb, behind)


def _contrast(a, b):
    def lum(rgb):
        c = [v / 255 for v in rgb]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_title_scene_shows_the_island():
    """The main menu is a title scene with the island."""
    from game.client.scenes.menu import MenuScene
    app = make_app()
    menu = MenuScene(app)
    app.push(menu)
    frame(app)
    assert menu.island.static_builds == 1
    island = island_rect(menu.island)
    assert island.w * island.h >= 0.3 * 1280 * 720
    for button in menu.buttons.values():
        assert not button.rect.colliderect(island)


def test_the_dice_are_thrown_before_they_settle_large_in_the_sea():
    """A fresh roll shows the dice on their way (not at
    their resting places); then they lie in the sea, each at least 1/12 of
    the board's height."""
    import time
    app, table = make_table(rules="ck")
    assert play_until(table, lambda t: t.model.curtain_for is None and t.model.view.phase == ROLL and t.c.auth.state.turn > 3)
    table.play.submit(("roll", table.model.viewer))
    if table.model.curtain_for is not None:
        table.play.reveal()
    table.model.flying = []
    table.model.dice_until = 0.0
    frame(app)
    rest = [app.screen.subsurface(r).copy() for r in table.ui.layout.dice]
    assert ("event_die", table.model.view.dice[2]) in table.ui.targets.keys()
    for r in table.ui.layout.dice:
        assert r.h >= table.ui.layout.board.h / 12 and table.ui.layout.board.contains(r)
    for _ in range(20):     # a busy machine may finish the frame after the throw: throw again
        table.model.dice_until = time.monotonic() + 0.4      # half-way through the throw
        frame(app)
        if time.monotonic() < table.model.dice_until:
            break
    moving = [app.screen.subsurface(r).copy() for r in table.ui.layout.dice]
    assert any(pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB") for a, b in zip(rest, moving))
    assert not any(k and k[0] == "event_die" for k in table.ui.targets.keys())


def test_a_two_to_one_harbor_shows_its_resource_as_a_card_picture():
    """Readable at a glance: under each 2:1 harbor's disc
    hangs its resource's card picture; a 3:1 harbor has none.  Drawn twice,
    once with every harbor made 3:1, the board differs exactly under the 2:1 discs."""
    from game.engine.constants import GENERIC_HARBOR
    app, table = make_table()
    frame(app)
    b, state = table.ui.board, table.c.view(None)
    ox, oy = b.rect.topleft
    plain = state.copy()
    plain.harbors = [GENERIC_HARBOR] * len(state.harbors)
    with_pictures = b.static_layer(state, app.text).copy()
    without = b.static_layer(plain, app.text).copy()
    r = b.R * 0.3
    assert any(kind != GENERIC_HARBOR for kind in state.harbors)
    for spot, kind in enumerate(state.harbors):
        x, y = b.harbor_pos(spot)
        probe = (int(x - ox), int(y - oy + r * 1.2))        # in the picture, below the disc
        differs = with_pictures.get_at(probe) != without.get_at(probe)
        assert differs == (kind != GENERIC_HARBOR), (spot, kind)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_log_lines_with_bold_names_stay_inside_the_log(size, monkeypatch):
    """Names in the log are drawn bold, wider than the plain font measures:
    a line full of long names (computers with their level) is wrapped as it
    is drawn, so nothing runs past the panel's edge."""
    from game.client.table import panels
    app, table = make_table(size)
    table.model.names[:] = ["Speler 1", "Bram (Gemiddeld)", "Cato (Gemiddeld)", "Daan (Gemiddeld)"]
    table.model.log[:] = [f"Startworp: Speler 1 {k}, Bram (Gemiddeld) 10, Cato (Gemiddeld) 5, "
                    f"Daan (Gemiddeld) 8, Bram (Gemiddeld) {k}." for k in range(2, 13)]

    class Recorder:
        def __init__(self, real):
            self.real, self.right = real, 0

        def blit(self, img, pos):
            self.right = max(self.right, pos[0] + img.get_width())
            return self.real.blit(img, pos)

    monkeypatch.setattr(panels.widgets, "panel", lambda *a, **k: None)
    surf = Recorder(pygame.Surface(size))
    panels.draw_log(table.model, table.ui, surf)
    inner_right = table.ui.layout.log.right - int(8 * table.ui.layout.s)
    assert 0 < surf.right <= inner_right


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_log_keeps_a_name_on_one_line_and_shows_whole_entries_at_its_top(size, monkeypatch):
    """A wrap inside a computer's name read "▲ Bram" / "▲ (Medium)'s turn",
    and the log's top line could be the tail of an entry ("settlement.")."""
    from game.client.table import panels
    app, table = make_table(size)
    m, ui = table.model, table.ui
    m.names[:] = ["Jan", "Bram (Medium)", "Cato (Medium)", "Daan (Medium)"]
    m.log[:] = ["Special building after Bram (Medium)'s turn; Cato (Medium) builds a road."] * 30
    drawn = []
    render = ui.text.render
    monkeypatch.setattr(ui.text, "render", lambda t, *a, **k: drawn.append(t) or render(t, *a, **k))
    panels.draw_log(m, ui, pygame.Surface(size))
    font, bold = ui.fonts.get(13), ui.fonts.get(13, True)
    width = ui.layout.log.w - int(16 * ui.layout.s)
    lines = panels.log_lines(m, ui, m.log[0], font, width, bold)
    assert len(lines) >= 2
    assert [chunk for line in lines for chunk, seat in line if seat is not None] == ["Bram (Medium)", "Cato (Medium)"]
    entry = [chunk for line in reversed(lines) for chunk, _ in line]      # as drawn: bottom line first
    body = drawn[1:]                                                       # (after the log's title)
    assert len(body) >= len(entry) and body == entry * (len(body) // len(entry))
    # a name wider than the line is cut, at a space where it can be
    m.names[1] = "Bram de Grote van het Noorderkwartier en Omstreken (Moeilijk)"
    m.log[:] = ["Bram de Grote van het Noorderkwartier en Omstreken (Moeilijk) wins."]
    long = panels.log_lines(m, ui, m.log[0], font, width, bold)
    assert len(long) >= 2 and all(panels.emblem_room(font.get_linesize()) + bold.size(line[0][0])[0] <= width
                                  for line in long if line[0][1] == 1)
    assert " ".join(chunk for line in long for chunk, _ in line).replace("  ", " ") == m.log[0]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_trade_offer_targets_are_wide_enough_for_names_beside_their_colour_mark(size):
    """The 'offer to' buttons carry a colour mark at their left edge: a long
    name (a computer with its level) is centred clear of it, and the row
    stays inside the dialog."""
    from game.client.table import dialogs
    app, table = make_table(size)
    table.model.names[:] = ["Speler 1", "Bram (Gemiddeld)", "Cato (Gemiddeld)", "Daan (Gemiddeld)"]
    play_until(table, lambda t: t.model.curtain_for is None and t.model.view.phase == MAIN)
    table.model.dialog = dialogs.TradeEditor(table.play)
    frame(app)
    s = table.ui.layout.s
    for seat in range(4):
        if seat == table.model.viewer:
            continue
        r = table.ui.targets.rect(("to", seat))
        label = app.text.render(table.model.names[seat], 14, (255, 255, 255)).get_width()
        assert (r.w - label) / 2 >= int(14 * s), (seat, r, label)      # clear of the mark (4..10 px)
        assert table.ui.layout.dialog(*table.model.dialog.size).contains(r)


@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((1920, 1080), "nl")])
def test_trade_with_buttons_show_a_long_name_at_full_size(size, lang):
    """B-7.1: the offerer's answers list "Trade with <name>" for each who
    accepted; a computer's name with its level ("Computer 3 (Medium)") is
    written at the button's own size, never squeezed, and the dialog holds it."""
    from game.client.table import dialogs
    from tools.screens import states
    app = make_app(size, lang=lang)
    assert states._offer("base", True)(app, states.Games()) is None
    table = app.scene
    m = table.model
    m.names[:] = ["Computer 1 (Medium)", "Computer 2 (Medium)", "Computer 3 (Medium)", "Computer 4 (Medium)"]
    assert isinstance(m.dialog, dialogs.ResponsesDialog)
    frame(app)
    buttons = [(p, table.ui.targets.rect(("responses", "with", p))) for p in range(4)]
    buttons = [(p, r) for p, r in buttons if r is not None]
    assert buttons
    box = table.ui.layout.dialog(*m.dialog.size)
    for p, r in buttons:
        label = app.text.render(tr("responses.trade_with", name=m.names[p]), 14, (255, 255, 255), True)
        assert label.get_width() <= r.w - 6, (p, r, label.get_width())
        assert box.contains(r)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_name_the_log_wraps_moves_to_the_next_line_whole_in_its_colour(size):
    """A player's name of several words that the log's wrap reaches moves to
    the next line whole, in its player's colour and bold."""
    from game.client.table import panels
    name = "Anna Maria van den Berg"
    app = make_app(size)
    table = push_table(app, default_config(players=3, seed=3), names=[name, "Bo", "Cas"])
    m, ui = table.model, table.ui
    colour = panels.readable_on_dark(m.colours[0])
    drawn = []
    real = ui.text.render

    def spy(text, size, colour=None, *a, **k):
        drawn.append((text, colour))
        return real(text, size, colour, *a, **k)
    ui.text.render = spy
    wrapped = 0
    for k in range(60):
        m.log = ["w " * k + name + " builds a road."]
        m.log_scroll = 0
        drawn.clear()
        panels.draw_log(m, ui, app.screen)
        assert [t for t, c in drawn if c == colour] == [name], (k, drawn)
        lines = panels.log_lines(m, ui, m.log[0], ui.fonts.get(13), ui.layout.log.w - int(16 * ui.layout.s),
                                 ui.fonts.get(13, True))
        wrapped += any(line[0] == (name, 0) for line in lines[1:])
    assert wrapped                               # the wrap did reach the name somewhere


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hand_title_has_room_above_the_cards(size):
    """"Hand of NAME" stands clear of the cards and their count badges."""
    app, table = make_table(size)
    play_until(table, lambda t: t.model.curtain_for is None and t.model.viewer is not None
               and sum(t.model.view.hands[t.model.viewer]) >= 2)
    frame(app)
    m, L = table.model, table.ui.layout
    colour = tuple(m.colours[m.viewer])
    tops = [table.ui.targets.rect(("hand_card", k)).top for k in range(5) if m.view.hands[m.viewer][k]]
    title = [y for y in range(L.hand.y, L.cards.bottom) for x in range(L.cards.x, L.cards.x + int(200 * L.s))
             if tuple(app.screen.get_at((x, y)))[:3] == colour]
    assert title and max(title) < min(tops) - 6 * L.s, (max(title), min(tops))      # (a clear line between)


@pytest.mark.parametrize("size", tightest_fast("size", [(1280, 720), (1920, 1080)]))
@pytest.mark.parametrize("lang", tightest_fast("lang", ["en", "nl"]))
def test_every_prompt_fits_its_box_whole(size, lang):
    """The prompt box at the top of the left column shows every prompt of
    the catalog whole (a long name of a computer in it), in both languages:
    smaller type for long ones, never a cut line."""
    import json
    from pathlib import Path
    from game.client.table import draw as table_draw
    app, table = make_table(size)
    catalog = json.loads((Path(__file__).parent.parent / "game/client/lang" / lang / "prompts.json").read_text("utf-8"))
    L = table.ui.layout
    for key, text in catalog.items():
        text = text.replace("{name}", "Bram (Gemiddeld)").replace("{n}", "3")
        size_, lines = table_draw.fit_prompt(table.model, table.ui, text)
        font = table.ui.fonts.get(size_, True)
        assert " ".join(lines).split() == text.split(), (key, lines)
        assert len(lines) * font.get_linesize() <= L.top.h, key
