"""Message catalogs: complete in English and Dutch, every key the client uses
exists, Dutch game terms as in the rule books."""

import json
import os
import re

import pytest

from catalog_helpers import CLIENT, fields, literal_keys
from game.client import i18n


def _catalog(lang):
    """The whole catalog of a language: every lang/<lang>/<area>.json."""
    out = {}
    for path in i18n.catalog_files(lang):
        with open(path, encoding="utf-8") as f:
            part = json.load(f)
        assert not set(part) & set(out), f"{path} repeats keys"
        out.update(part)
    return out


def test_catalogs_have_the_same_keys_and_placeholders():
    en, nl = _catalog("en"), _catalog("nl")
    assert set(en) == set(nl)
    for key in en:
        assert fields(en[key]) == fields(nl[key]), key
        assert nl[key].strip(), key


def _files(lang):
    """{area: the keys of lang/<lang>/<area>.json}"""
    out = {}
    for path in i18n.catalog_files(lang):
        with open(path, encoding="utf-8") as f:
            out[os.path.basename(path)[:-len(".json")]] = list(json.load(f))
    return out


def test_both_languages_have_the_same_files_with_the_same_keys():
    en, nl = _files("en"), _files("nl")
    assert sorted(en) == sorted(nl) == sorted(i18n.AREAS)
    for area in en:
        assert en[area] == nl[area], area            # same keys, same order: the files diff line by line


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_key_lives_in_the_file_its_prefix_names(lang):
    """`log.x` is in log.json, `prompt.x` in prompts.json: AREAS says where."""
    for area, keys in _files(lang).items():
        assert keys, area
        assert [k for k in keys if i18n.area_of(k) != area] == [], area
    prefixes = [p for ps in i18n.AREAS.values() for p in ps]
    assert len(prefixes) == len(set(prefixes))       # one file per prefix


def test_the_readme_lists_the_areas_as_they_are():
    """README's catalog table names every file with the prefixes AREAS gives it."""
    with open(os.path.join(CLIENT, "..", "..", "README.md"), encoding="utf-8") as f:
        rows = re.findall(r"^\| `(\w+)\.json`[^|]*\|(.*)\|$", f.read(), re.M)
    assert {area: tuple(re.findall(r"`(\w+)`", prefixes)) for area, prefixes in rows} == i18n.AREAS


def test_a_key_without_an_area_is_named():
    with pytest.raises(KeyError, match="nowhere"):
        i18n.area_of("nowhere.at_all")


def test_every_literal_key_in_the_code_exists():
    en = _catalog("en")
    used = literal_keys("tr")
    assert used, "found no tr() calls"
    missing = sorted(k for k in used if k not in en)
    assert not missing


def test_dynamic_keys_exist():
    """Keys built at run time: card, terrain, development card, colour, prompts, errors."""
    from game.engine.constants import CARD_NAMES, DEV_NAMES, TERRAIN_NAMES
    from game.engine.state import PHASE_NAMES
    from game.client.theme import PLAYER_COLOURS
    en = _catalog("en")
    keys = [f"res.{c}" for c in CARD_NAMES] + [f"terrain.{t}" for t in TERRAIN_NAMES]
    keys += [f"dev.{d}" for d in DEV_NAMES] + [f"dev.{d}.text" for d in DEV_NAMES]
    keys += [f"colour.{c}" for c, _ in PLAYER_COLOURS]
    base_phases = ("setup_settlement", "setup_road", "roll", "discard", "robber", "steal", "main",
                   "road_building", "game_over")
    assert set(base_phases) <= set(PHASE_NAMES)
    # (the main phase's prompt is built by prompts.main_prompt from the prompt.do_* words)
    keys += [f"prompt.{p}" for p in base_phases if p != "main"]
    keys += ["prompt.trade_wait", "prompt.trade_answer", "prompt.other"]
    keys += [f"btn.{b}" for b in ("roll", "build_road", "build_settlement", "build_city", "buy_dev", "trade",
                                  "bank", "end_turn")]
    keys += [f"piece.{p}" for p in ("road", "settlement", "city")]
    assert [k for k in keys if k not in en] == []


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_switching_language_covers_every_key(lang):
    i18n.set_language(lang)
    try:
        cat = _catalog(lang)
        for key, text in cat.items():
            args = {f: 1 for f in fields(text)}
            assert i18n.tr(key, **args) == text.format(**args)
    finally:
        i18n.set_language("en")


def test_dutch_game_terms_follow_the_rule_books():
    nl = _catalog("nl")
    assert [nl[f"res.{r}"] for r in ("wood", "brick", "wool", "grain", "ore")] == \
        ["hout", "baksteen", "wol", "graan", "erts"]
    assert (nl["piece.settlement"], nl["piece.city"], nl["piece.road"]) == ("dorp", "stad", "straat")
    assert "struikrover" in nl["prompt.robber"]
    # one word for the robber everywhere: the hints and the review said "rover"
    assert not [k for k, text in nl.items() if re.search(r"\brover\b", text)]
    assert nl["panel.longest_road"].lower() == "langste handelsroute"
    assert nl["panel.largest_army"].lower() == "grootste riddermacht"
    assert nl["dev.knight"] == "Ridder" and "ontwikkelingskaart" in nl["btn.buy_dev"].lower()


def test_unknown_language_is_refused_clearly():
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("fr")


def test_settings_survive_a_broken_file(tmp_path, monkeypatch):
    from game.client import settings
    monkeypatch.setenv("KOLONISTEN_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text("{not json")
    assert settings.load() == settings.DEFAULTS
    assert settings.save(dict(settings.DEFAULTS, language="nl")) is None
    assert settings.load()["language"] == "nl"


def test_the_font_has_every_glyph_the_client_shows():
    """No tofu boxes: every character of both catalogs (and the symbols the
    table draws itself) exists in the bundled font."""
    pygame = pytest.importorskip("pygame")
    pytest.importorskip("pygame_gui")
    from game.client.theme import FONT_FILES
    pygame.font.init()
    chars = set("−+×·0123456789:")
    for lang in ("en", "nl"):
        for text in _catalog(lang).values():
            chars |= set(text)
    for bold, path in FONT_FILES.items():
        font = pygame.font.Font(path, 16)

        def shape(ch):
            img = font.render(ch, False, (255, 255, 255), (0, 0, 0))
            return img.get_size(), pygame.image.tobytes(img, "RGB")
        notdef = shape("\ue000")                # a private-use code point: the font's empty box
        assert shape("\u21ba") == notdef        # (the check itself works: a glyph Noto lacks)
        missing = [c for c in sorted(chars) if not c.isspace() and shape(c) == notdef]
        assert missing == [], (bold, missing)


def test_cities_and_knights_words_exist_in_both_languages():
    """Every C&K name the client builds at run time: progress cards and
    their texts, decisions, tracks, improvement levels; and every refusal
    code of the engine (C&K ones included)."""
    from game.engine import ERROR_CODES
    from game.engine.constants import PROGRESS_NAMES, TRACK_NAMES
    from game.engine.rulesets.ck.decisions import ANSWERS
    keys = [f"prog.{p}" for p in PROGRESS_NAMES] + [f"prog.{p}.text" for p in PROGRESS_NAMES]
    keys += [f"decide.{k}.{part}" for k in ANSWERS for part in ("title", "help")]
    keys += [f"track.{t}" for t in TRACK_NAMES] + [f"chart.{t}.ability" for t in TRACK_NAMES]
    keys += [f"chart.{t}.{level}" for t in TRACK_NAMES for level in range(1, 6)]
    keys += [f"err.{code}" for code in ERROR_CODES]
    keys += [f"btn.{b}" for b in ("build_wall", "recruit_knight", "chart")]
    for lang in ("en", "nl"):
        assert [k for k in keys if not i18n.has_text(lang, k)] == [], lang      # (a text or its plural forms)


def test_dutch_cities_and_knights_terms_follow_the_rule_book():
    nl = _catalog("nl")
    names = {"alchemist": "Alchimist", "crane": "Bouwkraan", "mining": "Mijnbouw", "irrigation": "Irrigatie",
             "printer": "Boekdrukkunst", "inventor": "Uitvinder", "engineer": "Ingenieur", "medicine": "Medicijn",
             "smith": "Smeedkunst", "road_building": "Stratenbouw", "bishop": "Bisschop", "diplomat": "Diplomaat",
             "warlord": "Veldheer", "wedding": "Bruidsschat", "intrigue": "Intrige", "saboteur": "Saboteur",
             "spy": "Spion", "deserter": "Overloper", "constitution": "Wetgeving", "merchant": "Handelaar",
             "commercial_harbor": "Handelshaven", "merchant_fleet": "Handelsvloot",
             "master_merchant": "Handelsmeester", "resource_monopoly": "Grondstoffen-monopolie",
             "trade_monopoly": "Handelswaren-monopolie"}
    assert {k: nl["prog." + k] for k in names} == names
    assert [nl[f"res.{c}"] for c in ("paper", "cloth", "coin")] == ["papier", "doek", "munten"]
    assert nl["btn.recruit_knight"].lower() == "ridder" and nl["btn.build_wall"].lower() == "stadsmuur"
    assert "metropool" in nl["decide.metropolis.title"] and "barbaren" in nl["barb.title"].lower()
    assert nl["btn.chart"].lower() == "stadsuitbouw"
    levels = {f"chart.{t}.{k}": name for t, k, name in (
        # Seed 003 names the third trade level, with the 2:1 commodity trade, "Gilde".
        ("trade", 1, "Markt"), ("trade", 3, "Gilde"), ("trade", 4, "Bank"), ("politics", 1, "Raadhuis"),
        ("politics", 3, "Vesting"), ("politics", 4, "Kathedraal"), ("politics", 5, "Raadhuis van Catan"),
        ("science", 1, "Klooster"), ("science", 3, "Aquaduct"), ("science", 4, "Theater"))}
    assert {k: nl[k] for k in levels} == levels          # CK-6.2


def test_every_base_refusal_has_words_in_both_languages():
    """Refusals are shown by their stable code; the base engine's codes all
    have catalog entries (C&K codes fall back to the engine's English detail)."""
    base_codes = ("not_your_turn", "wrong_phase", "bad_spot", "cannot_afford", "no_pieces", "trade_over",
                  "missing_cards", "bad_terms", "deck_empty", "bank_empty", "game_over", "bad_seat",
                  "bad_target", "malformed", "unknown_command", "no_card", "one_card_per_turn", "same_kind",
                  "wrong_count")
    for lang in ("en", "nl"):
        cat = _catalog(lang)
        assert [c for c in base_codes if "err." + c not in cat] == []
