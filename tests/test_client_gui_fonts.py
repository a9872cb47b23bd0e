"""Names in any script on the forms: pygame_gui's labels,
buttons and text fields fall back per character like the table does
(game/client/fonts/gui.py), and a name typed into the new-game form is drawn
in the lobby and on the end screen with a real glyph for every character."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from pygame_gui.core.gui_font_pygame import GUIFontPygame  # noqa: E402

from client_helpers import make_app, make_lan_app, run_until, draw  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client import fonts, lan  # noqa: E402
from game.client.fonts.gui import FallbackGUIFont  # noqa: E402
from game.client.scenes.end import EndScene  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.newgame import NewGameScene  # noqa: E402
from game.client.table.scene import TableScene  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.state import GAME_OVER  # noqa: E402

NAME = "李雷 Анна مريم 🙂"
TOFU = "\ue000"          # a private-use character no font here has: the primary font's missing-glyph box


@pytest.fixture(autouse=True)
def _pygame():
    """Fonts and a display, whatever tests before this one quit."""
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))



def type_text(app, entry, text):
    """Type as a player would: one TEXTINPUT event per character into the focused field."""
    entry.set_text("")
    entry.focus()
    for ch in text:
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    entry.unfocus()


def entry_pixels(app, entry, text):
    entry.set_text(text)
    entry.rebuild()
    draw(app)
    return pygame.image.tobytes(app.screen.subsurface(entry.rect), "RGBA")


def test_every_font_of_the_forms_falls_back_per_character():
    """pygame_gui opens every font through the fallback class once a form exists."""
    app = make_app()
    scene = NewGameScene(app)
    loaded = scene.manager.get_theme().get_font_dictionary().loaded_fonts
    assert loaded
    assert all(isinstance(res.loaded_font, FallbackGUIFont) for res in loaded.values())
    assert isinstance(scene.entries[0].font, FallbackGUIFont)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_name_in_four_scripts_is_typed_and_drawn_without_boxes_in_the_form(size):
    """Each character of the name, alone in the form's name field, draws
    something other than the field with the primary font's missing-glyph
    box in it; the plain pygame_gui font would draw "李" as that very box."""
    app = make_app(size)
    scene = NewGameScene(app)
    app.push(scene)
    entry = scene.entries[0]
    type_text(app, entry, NAME)
    assert entry.get_text() == NAME
    scene._keep_texts()
    assert scene.name_of(0) == NAME
    box = entry_pixels(app, entry, TOFU)
    for ch in NAME:
        if not ch.isspace():
            assert entry_pixels(app, entry, ch) != box, ch
    assert entry_pixels(app, entry, " ") != box           # (the comparison can tell a box from no box)
    # the check itself: pygame_gui's own font class draws "李" as the box
    plain = GUIFontPygame(fonts.PRIMARY[False], 20)
    white = pygame.Color("white")
    assert (pygame.image.tobytes(plain.render_premul("李", white), "RGBA")
            == pygame.image.tobytes(plain.render_premul(TOFU, white), "RGBA"))
    ours = FallbackGUIFont(fonts.PRIMARY[False], 20)
    assert (pygame.image.tobytes(ours.render_premul("李", white), "RGBA")
            != pygame.image.tobytes(ours.render_premul(TOFU, white), "RGBA"))


def test_text_the_primary_font_covers_is_drawn_exactly_as_before():
    plain = GUIFontPygame(fonts.PRIMARY[True], 24, style={"bold": True, "italic": False, "antialiased": True})
    ours = FallbackGUIFont(fonts.PRIMARY[True], 24, style={"bold": True, "italic": False, "antialiased": True})
    for text in ("Start game", "Zoë Ørsted", "Борис"):
        assert ours.get_rect(text) == plain.get_rect(text)
        assert (pygame.image.tobytes(ours.render_premul(text, pygame.Color("white")), "RGBA")
                == pygame.image.tobytes(plain.render_premul(text, pygame.Color("white")), "RGBA"))


def test_a_mixed_name_measures_as_wide_as_it_is_drawn():
    """Text fields place the cursor by measuring prefixes: the measure of a
    fallback string is the size of what is drawn, on the primary font's line."""
    font = FallbackGUIFont(fonts.PRIMARY[False], 17)
    rect = font.get_rect(NAME)
    img = font.render_premul(NAME, pygame.Color("white"))
    assert rect.size == img.get_size()
    assert font.get_rect("李雷").width < rect.width
    assert font.get_rect("李").width > font.get_rect("l").width


def _record_texts(app):
    drawn = []
    render = app.text.render

    def recording(text, size, colour=(236, 232, 220), bold=False):
        drawn.append((text, size, bold))
        return render(text, size, colour, bold)
    app.text.render = recording
    return drawn


def _assert_drawn_with_glyphs(app, drawn, name):
    """Some text drawn contains `name`, and every character of it comes from a font that has it."""
    shown = [(t, size, bold) for t, size, bold in drawn if name in t]
    assert shown, "the name was not drawn"
    for text, size, bold in shown:
        for face, chunk in app.fonts.get(size, bold).runs(text):
            for ch in chunk:
                assert ch.isspace() or face.has(ch), (text, ch, face.path)


@pytest.mark.slow
def test_the_name_from_the_form_is_drawn_with_glyphs_on_the_end_screen():
    app = make_app()
    app.push(MenuScene(app))
    form = NewGameScene(app)
    app.push(form)
    form.players = 2
    form.kinds = ["person"] * 4
    form._rebuild()
    type_text(app, form.entries[0], NAME)
    type_text(app, form.entries[1], "Bo")
    form.vp = 3
    form.start()
    table = app.scene
    assert isinstance(table, TableScene) and table.model.names[0] == NAME
    bot = RandomSeats(2)
    for i in range(20000):
        if table.c.view(None).phase == GAME_OVER:
            break
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        state = table.c.auth.state
        seat = table.model.viewer
        table.play.submit(bot.player(seat, ("offer",)).choose(state))
    assert table.c.view(None).phase == GAME_OVER
    app.replace(EndScene(app, table.c, 60.0))
    drawn = _record_texts(app)
    draw(app)
    _assert_drawn_with_glyphs(app, drawn, NAME)


def test_the_name_is_drawn_with_glyphs_in_the_lan_lobby():
    from net.session import HostSession
    app = make_lan_app("nl", reconnect_for=3.0)
    assert lan.check_name(NAME) is None
    hosting = HostSession(default_config(players=2, seed=4), "Namen", port=0, bind="127.0.0.1", discovery=False)
    port = hosting.start()
    game = None
    try:
        game = lan.join(f"127.0.0.1:{port}", NAME, lan.options(app))
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        lobby = app.scene
        assert run_until([app], lambda: lobby.lobby["seats"] and lobby.lobby["seats"][0])
        assert lobby.lobby["seats"][0]["name"] == NAME
        drawn = _record_texts(app)
        draw(app)
        _assert_drawn_with_glyphs(app, drawn, NAME)
    finally:
        if game is not None:
            game.close().wait(10)
        hosting.close()


def _has_colour(img) -> bool:
    """Some well covered pixel is clearly coloured (not a shade of grey)."""
    w, h = img.get_size()
    for x in range(w):
        for y in range(h):
            c = img.get_at((x, y))
            if c.a > 200 and max(c.r, c.g, c.b) - min(c.r, c.g, c.b) > 120:
                return True
    return False


def test_emoji_are_drawn_in_colour_by_the_shipped_font_and_symbols_it_lacks_by_symbola():
    """SDL_ttf draws the shipped OpenMoji (COLRv0) in colour, even when the
    text colour is white; Symbola stays behind it for symbols like ⚀."""
    import os
    stack = fonts.FontStack(24, False, system_emoji=False)
    paths = [face.path for face in stack.faces]
    colour, mono = (os.path.join(fonts.HERE, fonts.SHIPPED_COLOUR_EMOJI), os.path.join(fonts.HERE, fonts.SHIPPED_EMOJI))
    assert paths.index(colour) < paths.index(mono)
    for emoji in ("🙂", "🦊", "🍎"):
        [(face, _)] = stack.runs(emoji)
        assert face.path == colour
        assert _has_colour(stack.render(emoji, True, (255, 255, 255))), emoji
    [(face, _)] = stack.runs("⚀")
    assert face.path == mono
    assert not _has_colour(stack.render("⚀", True, (255, 255, 255)))      # (the check can say no)
    gui = FallbackGUIFont(fonts.PRIMARY[False], 20)
    assert _has_colour(gui.render_premul("🙂", pygame.Color("white")))
