"""Message catalogs (English and Dutch).  Every string the player sees comes
from here: `tr("key", name="Ann")`.  Catalogs are JSON files in lang/:
<lang>.json and part files <lang>.<part>.json, merged (a key may live in one
file only)."""

import json
import os

LANGUAGES = ("en", "nl")
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


def tr(key: str, **kw) -> str:
    """The text for `key` in the current language; falls back to English and
    then to the key itself, so a missing entry shows up but never crashes."""
    text = catalog(_current).get(key)
    if text is None:
        text = catalog("en").get(key, key)
    return text.format(**kw) if kw else text
