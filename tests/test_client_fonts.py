"""Names in any script are drawn with real glyphs, not boxes."""

import os

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from game.client import fonts  # noqa: E402

NAMES = ("李小龙", "محمد", "Борис", "😀🎲", "שרה", "田中さん", "김민수", "Zoë 🦊 王")


@pytest.fixture(scope="module")
def stack():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield fonts.FontStack(24, False, system_emoji=False)


def _pixels(img):
    return img.get_size(), pygame.image.tobytes(img, "RGBA")


def test_every_character_of_names_in_other_scripts_has_a_font(stack):
    for name in NAMES:
        for ch in name:
            if not ch.isspace():
                assert any(face.has(ch) for face in stack.faces), (name, ch)


def test_the_primary_font_alone_draws_boxes_and_the_stack_does_not(stack):
    """Compared with the tofu: the bundled Noto Sans draws "李" as its
    missing-glyph box; the stack draws a different, non-blank glyph for every
    character of every name."""
    primary = stack.primary
    tofu = _pixels(primary.render("\ue000", True, (255, 255, 255)))
    assert _pixels(primary.render("李", True, (255, 255, 255))) == tofu     # the check itself works
    for name in NAMES:
        for ch in name:
            if ch.isspace():
                continue
            img = stack.render(ch, True, (255, 255, 255))
            assert _pixels(img) != tofu, (name, ch)
            assert pygame.mask.from_surface(img).count() > 10, (name, ch)


def test_a_mixed_name_is_cut_into_runs_of_one_font_each(stack):
    runs = stack.runs("Zoë 🦊 王")
    assert [chunk for _, chunk in runs] == ["Zoë ", "🦊 ", "王"]
    assert len({face.path for face, _ in runs}) == 3
    img = stack.render("Zoë 🦊 王", True, (255, 255, 255))
    assert img.get_width() >= sum(stack.render(c, True, (255, 255, 255)).get_width() for _, c in runs) - 2


def test_right_to_left_words_are_laid_out_right_to_left(stack):
    """A two-word Arabic name: its first word is drawn at the right."""
    first, second = "سلام", "عليكم"
    whole = stack.render(first + " " + second, True, (255, 255, 255))
    a = stack.render(first, True, (255, 255, 255))
    w = whole.get_width()

    def alpha_cols(img, x0, width):
        return [img.get_at((x0 + x, y)).a for x in range(width) for y in range(min(img.get_height(), whole.get_height()))]
    right = alpha_cols(whole, w - a.get_width(), a.get_width())
    assert right == alpha_cols(a, 0, a.get_width())


def test_the_shipped_fonts_are_in_the_package():
    """Shipped inside game/client/fonts (a package, so package-data's "*.ttf"
    installs them), each under a free licence listed in assets/README.md."""
    here = os.path.dirname(fonts.__file__)
    readme = open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(here))), "assets", "README.md"),
                  encoding="utf-8").read()
    shipped = [regular for regular, _, _ in fonts.FALLBACKS] + [b for _, b, _ in fonts.FALLBACKS if b]
    shipped += [fonts.SHIPPED_COLOUR_EMOJI, fonts.SHIPPED_EMOJI]
    for name in shipped:
        assert os.path.exists(os.path.join(here, name)), name
        assert name in readme, name


def test_a_right_to_left_name_keeps_its_space_before_latin_words(stack):
    """"محمد علي doet …": the space after the Arabic name stays between it and
    the next word, and the line is as high as a Latin one."""
    white = (255, 255, 255)
    name, word = stack.render("محمد علي", True, white), stack.render("doet", True, white)
    line = stack.render("محمد علي doet", True, white)
    space = stack.primary.size(" ")[0]
    assert line.get_width() >= name.get_width() + word.get_width() + space - 1
    assert line.get_height() == stack.render("Anna doet", True, white).get_height()
    runs = stack.runs("from محمد علي.")
    assert runs[-1][1] == "." and not runs[-1][0].rtl          # the stop ends the sentence on the right
