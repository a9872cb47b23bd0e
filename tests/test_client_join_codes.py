"""Join codes and key codes in the window: the host form makes a code to
read aloud, the lobby shows the host key's code large (and on the host's
screen its join code), in both languages."""

from types import SimpleNamespace

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from client_helpers import make_app  # noqa: E402
from game.client import i18n  # noqa: E402
from game.client.lantext import key_lines  # noqa: E402
from game.client.scenes.lan_host import LanHostScene  # noqa: E402
from net.wire import pake, secure  # noqa: E402


def test_new_code_fills_the_host_forms_field_with_eight_digits_in_two_groups():
    app = make_app()
    app.push(LanHostScene(app))
    form = app.scene
    seen = set()
    for _ in range(3):
        form.on_gui(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=form.buttons["new_code"]))
        code = form.code_entry.get_text()
        assert len(code) == 9 and code[4] == "-" and code.replace("-", "").isdigit()
        seen.add(code)
    assert len(seen) == 3 and form.join_code == code        # kept across the form's rebuild


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_lobby_shows_the_key_code_and_on_the_hosts_screen_the_join_code(lang):
    i18n.set_language(lang)
    try:
        fp = "ab" * 32
        host = SimpleNamespace(is_host=True, hosting=SimpleNamespace(
            short_code=secure.short_code(fp), host=SimpleNamespace(join_code=pake.normal_code("4821-0937"))))
        lines = key_lines(host)
        assert [code for _, code in lines] == [secure.short_code(fp), "4821-0937"]
        host.hosting.host.join_code = None
        assert [code for _, code in key_lines(host)] == [secure.short_code(fp)]
        guest = SimpleNamespace(is_host=False, session=SimpleNamespace(pin=fp))
        (words, code), = key_lines(guest)
        assert code == secure.short_code(fp) and words == i18n.tr("secure.lobby_key")
        assert all(words and "{" not in words for words, _ in lines)
    finally:
        i18n.set_language("en")
