"""Message catalogs (English and Dutch).  Every string the player sees comes
from here: `tr("key", name="Ann")`.  Catalogs are JSON files in lang/:
<lang>.json and part files <lang>.<part>.json, merged (a key may live in one
file only).

Plurals: a text that counts something has one entry per plural form, with
the suffixes of the i18next JSON convention, `key_one` and `key_other`
("{n} card in hand" / "{n} cards in hand").  `trn("key", n)` (or `tr("key",
n=...)`) picks the form for the current language; English and Dutch both
say "one" for 1 only and "other" for everything else, 0 included.  JSON
rather than gettext .po: each area of the game keeps its own part file,
the tests check both languages complete key by key, and there is no compile
step between editing a text and seeing it."""

import json
import os

LANGUAGES = ("en", "nl")
PLURAL_FORMS = ("one", "other")
_DIR = os.path.join(os.path.dirname(__file__), "lang")
_catalogs = {}
_current = "en"


def catalog_files(lang: str) -> list:
    """lang/<lang>.json plus the part files lang/<lang>.<part>.json (one part per
    area of the game, so each area keeps its own strings)."""
    names = sorted(n for n in os.listdir(_DIR)
                   if n == lang + ".json" or (n.startswith(lang + ".") and n.endswith(".json")))
    return [os.path.join(_DIR, n) for n in names]


def catalog(lang: str) -> dict:
    cat = _catalogs.get(lang)
    if cat is None:
        cat = {}
        for path in catalog_files(lang):
            with open(path, encoding="utf-8") as f:
                part = json.load(f)
            twice = sorted(set(part) & set(cat))
            if twice:
                raise ValueError(f"{os.path.basename(path)} repeats keys: {', '.join(twice[:5])}")
            cat.update(part)
        _catalogs[lang] = cat
    return cat


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    catalog(lang)
    _current = lang


def language() -> str:
    return _current


def plural_form(n, lang=None) -> str:
    """The plural category of count `n` (English and Dutch: "one" for 1)."""
    return "one" if n == 1 else "other"


def has_text(lang: str, key: str) -> bool:
    """True if the catalog has `key`, as one text or in every plural form."""
    cat = catalog(lang)
    return key in cat or all(f"{key}_{form}" in cat for form in PLURAL_FORMS)


def _lookup(lang, key, kw):
    cat = catalog(lang)
    text = cat.get(key)
    if text is None and "n" in kw:
        text = cat.get(f"{key}_{plural_form(kw['n'], lang)}")
    return text


def tr(key: str, **kw) -> str:
    """The text for `key` in the current language (the plural form for
    `n` when the key has plural forms); falls back to English and then to
    the key itself, so a missing entry shows up but never crashes."""
    text = _lookup(_current, key, kw)
    if text is None:
        text = _lookup("en", key, kw)
    if text is None:
        text = key
    return text.format(**kw) if kw else text


def trn(key: str, n, **kw) -> str:
    """The text for `key` counting `n` things, in the right plural form."""
    return tr(key, n=n, **kw)
