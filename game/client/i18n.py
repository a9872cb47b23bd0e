"""Message catalogs (English and Dutch).  Every string the player sees comes
from here: `tr("key", name="Ann")`.  Catalogs are JSON files in lang/."""

import json
import os

LANGUAGES = ("en", "nl")
_DIR = os.path.join(os.path.dirname(__file__), "lang")
_catalogs = {}
_current = "en"


def catalog(lang: str) -> dict:
    cat = _catalogs.get(lang)
    if cat is None:
        with open(os.path.join(_DIR, lang + ".json"), encoding="utf-8") as f:
            cat = json.load(f)
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
