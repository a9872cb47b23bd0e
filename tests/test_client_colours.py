"""Seats told apart without colour: the palettes measured for colour-blind
eyes (tools.check.colours), each seat's emblem and road pattern on its
pieces, badge and log name, the C&K red die's mark, and the palette setting
(kept, and applied to the table)."""

import itertools

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import draw, make_app, push_table  # noqa: E402
from game.client import emblems, settings, theme  # noqa: E402
from game.client.boardview import BoardView, draw_city, draw_knight, draw_settlement  # noqa: E402
from game.engine import default_config, new_game  # noqa: E402
from tools.check import colours as check  # noqa: E402
from tools.screens.autoplay import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _standard_palette_after():
    yield
    theme.set_palette("standard")


# --- the figures -----------------------------------------------------------------------------------
# Sharma, Wu and Dalal (2005), the CIEDE2000 test data: (Lab 1, Lab 2, ΔE00)
SHARMA = (((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
          ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
          ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
          ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
          ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
          ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082))


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA)
def test_ciede2000_gives_the_published_differences(lab1, lab2, expected):
    assert check.delta_e00(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert check.delta_e00(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_gives_the_figures_the_issue_and_okabe_ito_are_known_by():
    """Machado 2009 at severity 1.0 on linear sRGB: the old blue and purple
    were 3.1 apart under deuteranopia and 4.4 under protanopia; Okabe–Ito's
    seven colours reach 11.6 (deuteranopia) and 10.9 (tritanopia)."""
    blue, old_purple = (52, 104, 214), (142, 78, 196)
    assert round(check.difference(blue, old_purple, "deuteranopia"), 1) == 3.1
    assert round(check.difference(blue, old_purple, "protanopia"), 1) == 4.4
    okabe_ito = [(str(k), rgb) for k, rgb in enumerate(check.OKABE_ITO)]
    assert round(check.closest_pair(okabe_ito, "deuteranopia")[0], 1) == 11.6
    assert round(check.closest_pair(okabe_ito, "tritanopia")[0], 1) == 10.9
    assert check.simulate((255, 255, 255), "protanopia") == pytest.approx((255, 255, 255), abs=0.6)


def test_the_colour_tool_meets_its_targets():
    out = check.report()
    missed = [t for t in out["targets"] if not t["met"]]
    assert not missed, missed
    four = out["default_seats"]["4"]
    assert four["seats"] == [cid for cid, _ in theme.PALETTES["standard"][:4]]
    for vision in ("protanopia", "deuteranopia"):
        assert four["closest"][vision]["delta_e"] >= check.DEFAULT_TARGET
    safe = theme.PALETTES["safe"]
    assert len(safe) >= 6
    for six in itertools.combinations(safe, 6):               # any six seats of the safe palette
        for vision, least in (("protanopia", 10), ("deuteranopia", 10), ("tritanopia", 8)):
            assert check.closest_pair(list(six), vision)[0] >= least, (six, vision)
    assert check.main(["--json"]) == 0


def test_the_palettes_name_the_same_colours_in_the_same_order():
    ids = [[cid for cid, _ in colours] for colours in theme.PALETTES.values()]
    assert all(i == ids[0] for i in ids) and len(set(ids[0])) == len(ids[0])
    for name, colours in theme.PALETTES.items():
        assert len({rgb for _, rgb in colours}) == len(colours), name


# --- emblems ---------------------------------------------------------------------------------------
def _mask(surf, background):
    """The pixels of `surf` that are not the background, as a set."""
    w, h = surf.get_size()
    return frozenset((x, y) for x in range(w) for y in range(h) if surf.get_at((x, y))[:3] != background)


def _drawn(paint, size=(80, 80), background=(90, 90, 90)):
    """The pixels `paint` changes on a plain surface."""
    surf = pygame.Surface(size)
    surf.fill(background)
    paint(surf)
    return _mask(surf, background)


def _picture(paint, size=(80, 80), background=(90, 90, 90)) -> bytes:
    surf = pygame.Surface(size)
    surf.fill(background)
    paint(surf)
    return pygame.image.tobytes(surf, "RGB")


def test_every_seat_0_to_5_has_its_own_emblem_and_road_pattern():
    assert len({emblems.emblem_of(seat) for seat in range(6)}) == 6
    assert len(set(emblems.ROAD_PATTERNS)) == len(emblems.ROAD_PATTERNS) >= 6
    shapes = [_drawn(lambda s, seat=seat: emblems.draw_emblem(s, seat, (40, 40), 14, (250, 250, 250)))
              for seat in range(6)]
    assert len(set(shapes)) == 6
    roads = [_picture(lambda s, seat=seat: (pygame.draw.line(s, (200, 60, 50), (8, 40), (72, 40), 9),
                                            emblems.draw_road_pattern(s, seat, (8, 40), (72, 40), 9, (200, 60, 50))))
             for seat in range(6)]
    assert len(set(roads)) == 6


@pytest.mark.parametrize("colour", [(236, 236, 228), (52, 104, 214), (213, 94, 0)])
def test_two_seats_pieces_differ_in_shape_when_their_colours_are_equal(colour):
    """With every seat in the same colour, the settlements, cities and
    knights (active and not) of seats 0-5 still look different."""
    R = 60
    for paint in (lambda s, seat: draw_settlement(s, 40, 40, R, colour, seat),
                  lambda s, seat: draw_city(s, 40, 40, R, colour, seat),
                  lambda s, seat: draw_knight(s, 40, 40, R, colour, 2, 1, seat),
                  lambda s, seat: draw_knight(s, 40, 40, R, colour, 1, 0, seat)):
        looks = [_picture(lambda s, seat=seat: paint(s, seat)) for seat in range(6)]
        assert len(set(looks)) == 6
        assert _picture(lambda s: paint(s, None)) not in looks          # (the emblem is what differs)


def test_the_board_draws_each_seats_emblem_on_its_buildings():
    """draw_pieces with all seats in one colour: each settlement on the
    board is its owner's (its emblem), not another seat's."""
    state, _ = new_game(default_config(players=4, seed=3))
    board = BoardView()
    board.show(state)
    board.fit(pygame.Rect(0, 0, 900, 760))
    robber = board.hex_center(state.robber)
    nodes = []
    for n in range(len(state.node_owner)):
        x, y = board.node_pos(n)
        if all(abs(x - board.node_pos(o)[0]) + abs(y - board.node_pos(o)[1]) > 2 * board.R for o in nodes) \
                and abs(x - robber[0]) + abs(y - robber[1]) > 2 * board.R:
            nodes.append(n)
    owners = dict(zip(nodes[:6], (0, 1, 2, 3, 0, 1)))
    for node, owner in owners.items():
        state.node_owner[node] = owner
        state.node_level[node] = 1

    class Plain:                       # no rule set's pieces
        def building_under(self, *a): pass
        building_over = building_under

        def more_pieces(self, *a): pass
    red = (200, 60, 50)
    surf = pygame.Surface(board.rect.size)
    surf.fill((90, 90, 90))
    board.draw_pieces(surf, state, [red] * 4, Plain())
    for node, owner in owners.items():
        x, y = board.node_pos(node)
        box = pygame.Rect(int(x - board.R * 0.4), int(y - board.R * 0.4), int(board.R * 0.8), int(board.R * 0.8))
        drawn = pygame.image.tobytes(surf.subsurface(box), "RGB")
        looks = [_picture(lambda s, seat=seat: draw_settlement(s, x - box.x, y - box.y, board.R, red, seat), box.size)
                 for seat in range(4)]
        assert [seat for seat in range(4) if looks[seat] == drawn] == [owner]


def test_the_badge_and_the_log_carry_the_emblem(monkeypatch):
    app = make_app()
    table = push_table(app, default_config(players=4, seed=2))
    from game.client.table import panels
    drawn = []
    real = emblems.draw_emblem
    monkeypatch.setattr(emblems, "draw_emblem", lambda surf, seat, *a, **k: drawn.append(seat) or real(surf, seat, *a, **k))
    table.model.log.append(f"{table.model.names[2]} builds a road.")
    assert draw(app)
    assert 2 in drawn                                   # the emblem before the name in the log
    badges = {emblems.badge(seat, 22, (200, 60, 50)) for seat in range(4)}
    assert len({pygame.image.tobytes(b, "RGBA") for b in badges}) == 4
    assert panels.emblem_room(20) > 0


def test_the_red_die_differs_from_the_white_die_by_a_mark():
    """CK-3.3: the red die is told from the white one without its colour:
    its marks (pips and a frame) are more than the white die's pips."""
    from game.client import widgets
    from game.client.table.parts.ck import draw_red_die

    def marks(paint, body):
        surf = pygame.Surface((60, 60))
        surf.fill((0, 0, 0))
        paint(surf)
        inner = pygame.Rect(0, 0, 50, 50).inflate(-4, -4)
        return {(x - inner.x, y - inner.y) for x in range(inner.x, inner.right) for y in range(inner.y, inner.bottom)
                if sum(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], body)) > 120}
    white = marks(lambda s: widgets.die(s, pygame.Rect(0, 0, 50, 50), 4), (250, 246, 236))
    red = marks(lambda s: draw_red_die(s, pygame.Rect(0, 0, 50, 50), 4), (196, 40, 36))
    assert white < red and len(red - white) > len(white) // 2


# --- the palette setting -----------------------------------------------------------------------------
def test_the_palette_setting_is_kept_and_a_bad_value_gives_the_standard():
    prefs = settings.load()
    assert prefs["palette"] == "standard"
    prefs["palette"] = "safe"
    assert settings.save(prefs) is None
    assert settings.load()["palette"] == "safe"
    settings.save(dict(prefs, palette="<script>"))
    assert settings.load()["palette"] == "standard"


def test_a_table_draws_its_seats_in_the_chosen_palette():
    app = make_app(palette="safe")
    assert theme.palette_name() == "safe"
    standard = [rgb for _, rgb in theme.PALETTES["standard"][:4]]
    table = push_table(app, default_config(players=4, seed=2), colours=standard)
    assert table.model.colours == [rgb for _, rgb in theme.PALETTES["safe"][:4]]
    assert table.c.colours is table.model.colours            # (the controller's list, saved as shown)
    assert draw(app)


def test_choosing_the_palette_in_settings_recolours_the_game_underneath_and_is_saved():
    from game.client.scenes.settings_scene import SettingsScene
    app = make_app()
    table = push_table(app, default_config(players=4, seed=2))
    before = list(table.model.colours)
    assert before == [rgb for _, rgb in theme.PALETTES["standard"][:4]]
    assert draw(app)
    app.push(SettingsScene(app))
    d = Driver(app, pygame)
    d.frame()
    d.click_gui("palette_safe")
    assert theme.palette_name() == "safe"
    assert table.model.colours == [rgb for _, rgb in theme.PALETTES["safe"][:4]]
    d.click_gui("back")
    assert app.scene is table
    assert settings.load()["palette"] == "safe"
    assert draw(app)
    make_app(palette=settings.load()["palette"])             # the next start
    assert theme.palette_name() == "safe"


def test_colour_names_follow_the_palette():
    from game.client.i18n import tr
    assert tr(theme.colour_key("pink")) == "Pink"
    theme.set_palette("safe")
    assert tr(theme.colour_key("pink")) == "Sky blue"
    assert theme.shown(dict(theme.PALETTES["standard"])["purple"]) == dict(theme.PALETTES["safe"])["purple"]
    assert theme.shown((142, 78, 196)) == dict(theme.PALETTES["safe"])["purple"]     # an older save's purple
    assert theme.shown((1, 2, 3)) == (1, 2, 3)
