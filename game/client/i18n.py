"""Message catalogs (English and Dutch).  Every string the player sees comes
from here: `tr("key", name="Ann")`.

Where a text lives: lang/<lang>/<area>.json, one file per area of the game,
the same files and the same keys in both languages.  The first part of a key
(before its first dot) names its area, so `log.rolled` is in log.json and
`prompt.robber` in prompts.json; AREAS below lists which prefixes each file
holds (the tests keep every key in its prefix's file, and in one file only).

Plurals: a text that counts something has one entry per plural form, with
the suffixes of the i18next JSON convention, `key_one` and `key_other`
("{n} card in hand" / "{n} cards in hand").  `trn("key", n)` (or `tr("key",
n=...)`) picks the form for the current language; English and Dutch both
say "one" for 1 only and "other" for everything else, 0 included.

JSON rather than gettext .po: a catalog is a plain dict the loader reads
without a compile step (edit a text, see it on the next start), the tests
compare both languages key by key and placeholder by placeholder with the
standard library alone, and the JSON plural suffixes need no .po headers."""

import json
import os

LANGUAGES = ("en", "nl")
PLURAL_FORMS = ("one", "other")
_DIR = os.path.join(os.path.dirname(__file__), "lang")

# lang/<lang>/<area>.json -> the key prefixes it holds.
AREAS = {
    "menu": ("app", "menu", "settings", "lang", "gamemenu"),         # main menu, settings, in-game menu
    "new_game": ("new", "seats", "colour"),                          # setting up a game: seats, colours
    "bots": ("bot",),                                                # computer players and their levels
    "table": ("terrain", "piece", "btn", "hand", "panel", "tip", "note", "curtain", "stage",
              "discard", "steal", "yop", "mono", "pick", "position", "end"),    # the table and its dialogs
    "cards": ("res", "dev", "cards", "count"),                       # card names, texts and counts
    "trade": ("trade", "answer", "responses", "bank"),               # offers, answers, the bank
    "ck": ("knight", "barb", "die", "track", "prog", "decide", "choice", "chart",
           "harbor_trade"),                                          # Cities & Knights
    "prompts": ("prompt",),                                          # the line that says what to do now
    "log": ("log",),                                                 # the game log
    "errors": ("err", "why", "oserr"),                               # refusals and system errors
    "tutorial": ("tutorial", "ckintro"),                             # the guided game, the C&K introduction
    "lan": ("lan", "lanbots", "netfault"),                           # hosting, joining, the lobby
    "secure": ("secure",),                                           # join codes, host keys, fair dealing
    "saves": ("load", "replay", "reason"),                           # loading, replaying, bad saves
    "rules": ("rulebook",),                                          # the rules screen
    "review": ("review", "hint"),                                    # the game review, hints
    "watch": ("watch",),                                             # watchers of a LAN game, what the host allows
    "talk": ("talk",),                                               # table talk on a LAN: phrases, the talk panel
}
_catalogs = {}
_current = "en"


def area_of(key: str) -> str:
    """The area (catalog file name without .json) that holds `key`."""
    prefix = key.split(".", 1)[0]
    for area, prefixes in AREAS.items():
        if prefix in prefixes:
            return area
    raise KeyError(f"no catalog area for the prefix {prefix!r} of {key!r}")


def catalog_files(lang: str) -> list:
    """The area files lang/<lang>/<area>.json, in a fixed order."""
    folder = os.path.join(_DIR, lang)
    return [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".json")]


def catalog(lang: str) -> dict:
    cat = _catalogs.get(lang)
    if cat is None:
        cat = {}
        for path in catalog_files(lang):
            with open(path, encoding="utf-8") as f:
                part = json.load(f)
            twice = sorted(set(part) & set(cat))
            if twice:
                raise ValueError(f"{lang}/{os.path.basename(path)} repeats keys: {', '.join(twice[:5])}")
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
