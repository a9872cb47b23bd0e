"""Rule options are declared once, by their rule set (game/engine/ruleset.py
`Option`): the config's defaults and checks, the position notation's game line,
the forms' rows and the LAN lobby's summary all read the declaration, and every
option has its words in every language."""

import pytest

from game.client import i18n
from game.engine import default_config, validate_config
from game.engine.position import format as format_position, parse as parse_position
from game.engine.rules import new_game
from game.engine.ruleset import Option, all_options
from game.engine.rulesets import BASE


def test_every_option_has_its_label_value_texts_and_summary_in_every_language():
    """B-4.1 (combine_trade_build), CK-8.5 (knight_commit): an option without a
    text in either catalog fails here, not silently in a form."""
    assert all_options(), "the rule sets declare options"
    for o in all_options():
        for lang in i18n.LANGUAGES:
            for key in (o.label, o.summary, *o.texts):
                assert i18n.has_text(lang, key), f"{o.name}: no {lang} text for {key}"


def test_a_config_holds_every_option_at_its_default_and_refuses_values_outside_its_domain():
    """B-4.1, CK-8.5: the defaults and the checks come from the declarations."""
    cfg = default_config()
    for o in all_options():
        assert cfg[o.config] == o.default
        assert validate_config(default_config(**{o.config: "maybe"})) == \
            f"{o.config} must be one of: " + ", ".join(str(v).lower() for v in o.values)
        for value in o.values:
            assert validate_config(default_config(**{o.config: value})) is None
    assert validate_config(default_config(combine_trade_build=1)) is not None    # a number is no flag


@pytest.fixture
def toy_option(monkeypatch):
    """One more option of the base game, of three values, as a newcomer would
    add it: declared on the rule set and nowhere else (its words borrowed)."""
    toy = Option("robber_mercy", "mercy", (0, 2, 3), 2, "B-5.4", label="new.combine",
                 texts=("new.yes", "new.no", "new.no"), summary="new.combine")
    monkeypatch.setattr(BASE, "options", BASE.options + (toy,))
    return toy


def test_a_new_option_reaches_the_config_the_game_line_and_the_lobby_from_its_declaration(toy_option):
    """An option added to a rule set alone is in every config, checked, written
    on the position's game line when not at its default and read back, and
    named in the lobby's summary."""
    from game.client.scenes.lobby import rules_summary
    toy = toy_option
    cfg = default_config(robber_mercy=3, seed=5)
    assert validate_config(cfg) is None
    assert validate_config(dict(cfg, robber_mercy=1)).startswith("robber_mercy must be one of")
    state, _ = new_game(cfg)
    text = format_position(state)
    assert "robber_mercy=3" in text.splitlines()[0]
    assert parse_position(text).config["robber_mercy"] == 3
    state, _ = new_game(dict(cfg, robber_mercy=2))
    assert "robber_mercy" not in format_position(state).splitlines()[0]     # the default is left out
    i18n.set_language("en")
    assert rules_summary(cfg).endswith(i18n.tr(toy.summary))
    assert i18n.tr(toy.summary) not in rules_summary(dict(cfg, robber_mercy=2))
