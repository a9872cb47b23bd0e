"""Plurals: every text that counts something has both
plural forms in both languages, and reads right for 0, 1 and 2."""

import re

import pytest

from catalog_helpers import fields, literal_keys
from game.client import i18n

# Nouns that change with their count, right after a {placeholder}.
COUNTED = r"\{(n|k)\} (cards?|kaart(en)?|moves?|zet(ten)?|knights?|ridders?|" \
          r"development cards?|ontwikkelingskaart(en)?|progress cards?)\b"


def _plural_keys(lang):
    return sorted(k[:-len("_other")] for k in i18n.catalog(lang) if k.endswith("_other"))


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def test_every_counted_text_has_both_forms_in_both_languages():
    used = literal_keys("trn")
    assert {"steal.cards", "discard.title", "load.moves", "replay.hidden_cards"} <= used
    keys = used | set(_plural_keys("en")) | set(_plural_keys("nl"))
    for lang in i18n.LANGUAGES:
        cat = i18n.catalog(lang)
        for key in keys:
            forms = [cat.get(f"{key}_{form}") for form in i18n.PLURAL_FORMS]
            assert all(forms), (lang, key)
            assert key not in cat, (lang, key)                  # one spelling, not three
            assert fields(forms[0]) == fields(forms[1]) == fields(i18n.catalog("en")[key + "_other"])
            assert forms[0] != forms[1], (lang, key)


def test_no_count_is_written_before_a_noun_without_plural_forms():
    """A "{n} cards" text outside a plural entry would read "1 cards" again."""
    for lang in i18n.LANGUAGES:
        wrong = [k for k, text in i18n.catalog(lang).items()
                 if re.search(COUNTED, text) and not k.endswith(("_one", "_other"))]
        assert wrong == [], lang


@pytest.mark.parametrize("lang,expected", [
    ("en", ["0 cards in hand", "1 card in hand", "2 cards in hand"]),
    ("nl", ["0 kaarten in de hand", "1 kaart in de hand", "2 kaarten in de hand"]),
])
def test_the_robbers_victim_list_counts_right(lang, expected):
    i18n.set_language(lang)
    assert [i18n.trn("steal.cards", n) for n in (0, 1, 2)] == expected


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_plural_text_renders_for_0_1_and_2(lang):
    i18n.set_language(lang)
    cat = i18n.catalog(lang)
    for key in _plural_keys(lang):
        args = {f: "X" for f in fields(cat[key + "_other"]) if f != "n"}
        assert i18n.trn(key, 1, **args) == cat[key + "_one"].format(n=1, **args)
        for n in (0, 2, 11):
            assert i18n.trn(key, n, **args) == cat[key + "_other"].format(n=n, **args)
        assert i18n.tr(key, n=1, **args) == i18n.trn(key, 1, **args)      # dynamic keys (decide.*.help)


def test_log_sentences_use_the_singular_for_one():
    from game.client.eventtext import sentences
    names = ["Ann", "Bob"]
    assert sentences(("knights_committed", 0, (5,)), names) == ["Ann sends 1 knight against the barbarians."]
    assert sentences(("knights_committed", 0, (5, 7)), names) == ["Ann sends 2 knights against the barbarians."]
    i18n.set_language("nl")
    assert sentences(("gave", 0, 1, 1, None), names) == ["Ann geeft Bob: 1 kaart."]


@pytest.mark.parametrize("lang,one,two", [("en", "1 coin", "2 coins"), ("nl", "1 munt", "2 munten")])
def test_card_counts_in_sentences_use_the_right_form(lang, one, two):
    """CK-1.2: coin is the one commodity whose word changes with the count."""
    from game.client.eventtext import cards_text
    i18n.set_language(lang)
    assert cards_text([0, 0, 0, 0, 2, 0, 0, 1]) == f"2 {i18n.tr('res.ore')}, {one}"
    assert cards_text([0, 0, 0, 0, 0, 0, 0, 2]) == two


# Placeholders that stand for card names: a count before one would read
# "1 munten"; counts of cards go through eventtext.count_text instead.
CARD_PLACEHOLDER = r"(\{(n|k|r)\}|\b\d+) \{(card|res|give|get|back)\}"
# Counted nouns besides COUNTED's, and the texts whose count is never 1.
MORE_COUNTED = r"\{\w+\} (points?|punten?|players?|spelers?|turns?|beurt(en)?|coins?|munt(en)?|" \
               r"roads?|stra(a)?t(en)?|victory points?|overwinningspunt(en)?|VP|OP)\b"
NEVER_ONE = {
    "lan.players_n",            # 2 to 4 players
    "lan.points_n",             # points to win: 5 or more
    "log.won",                  # a winner has 5 or more points
    "end.length",               # a finished game has many turns and moves
    "netfault.bad_seat", "netfault.bad_winner", "netfault.why.bad_own_seat",     # 2 to 4 players
    "panel.vp",                 # "VP" / "OP": an abbreviation, the same for any count
    "review.better_gain",       # a decimal with one place ("1.0 points", "1,0 punten")
    "hint.why.robber_leader_yours",     # the leader has 2 points or more
    "hint.their.robber_leader_yours",   # (its words about a computer)
}


def test_no_count_stands_before_a_card_name_in_either_language():
    for lang in i18n.LANGUAGES:
        wrong = [k for k, text in i18n.catalog(lang).items() if re.search(CARD_PLACEHOLDER, text)]
        assert wrong == [], lang


def test_every_counted_noun_has_plural_forms_or_is_never_one():
    for lang in i18n.LANGUAGES:
        wrong = [k for k, text in i18n.catalog(lang).items()
                 if re.search(MORE_COUNTED, text) and not k.endswith(("_one", "_other")) and k not in NEVER_ONE]
        assert wrong == [], lang


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_counted_card_sentences_read_right_for_1_and_2(lang):
    """Every log sentence and label that counts cards of one kind, for each
    kind with 1 and 2: the count's own words (count_text), never "1 munten"."""
    from game.client.eventtext import count_text, sentences
    from game.engine.constants import CARD_NAMES
    i18n.set_language(lang)
    names = ["Ann", "Bob"]
    for kind in range(len(CARD_NAMES)):
        one, two = count_text(kind, 1), count_text(kind, 2)
        assert one.startswith("1 ") and two.startswith("2 ")
        if i18n.has_text(lang, "count." + CARD_NAMES[kind]):
            assert one[2:] != two[2:]
        for k, said in ((1, one), (2, two)):
            assert said in sentences(("harvest", 0, kind, k), names)[0]
        assert sentences(("maritime", 0, (kind + 1) % 5, 4, kind), names)[0].endswith(f" {one}.")
    coin = CARD_NAMES.index("coin")
    maritime = sentences(("maritime", 0, 0, 4, coin), names)[0]
    assert maritime.endswith({"en": "for 1 coin.", "nl": "voor 1 munt."}[lang])
    assert "1 munten" not in maritime and "1 coins" not in maritime
