"""The catalog keys of the menus and forms are all used (no key is left
behind that nothing shows), in both languages."""

import re

import pytest

import catalog_helpers
from game.client import i18n

# the areas this check covers: main menu, new game, in-game menu, settings, end and load screens
FORM_PREFIXES = ("app.", "menu.", "new.", "gamemenu.", "settings.", "end.", "load.")


def used(key: str, source: str) -> bool:
    """Named whole in a string literal (a plural's base for _one/_other), or
    built at run time from a literal that is a beginning of it ("end." + col,
    f"menu.{key}")."""
    base = re.sub(r"_(one|other)$", "", key)
    if re.search(r"[\"']" + re.escape(base) + r"[\"']", source):
        return True
    for cut in range(key.index(".") + 1, len(key)):
        if re.search(r"[\"']" + re.escape(key[:cut]) + r"(\{|[\"']\s*\+)", source):
            return True
    return False


@pytest.mark.slow
def test_every_form_and_menu_key_is_used():
    code = catalog_helpers.source(catalog_helpers.GAME)
    for lang in i18n.LANGUAGES:
        keys = [k for k in i18n.catalog(lang) if k.startswith(FORM_PREFIXES)]
        assert len(keys) > 40
        assert [k for k in keys if not used(k, code)] == [], lang


def test_the_check_finds_a_key_nothing_uses():
    source = 'tr("menu.quit")\ntr("end." + col)\ntr(f"seats.level.{x}")\ntrn("load.moves", n)'
    assert used("menu.quit", source) and used("end.total", source) and used("seats.level.hard", source)
    assert used("load.moves_one", source)
    assert not used("menu.coming_soon", source) and not used("new.seed_hint", source)
