"""Table talk: what the people at a LAN table say to each other.

Talk is no game command.  Its words never reach the Authority, the engine's
log, the saved game, the records' hashes or the replay (a LAN save keeps only
the host's RULES for talk, net/host/saving.py): the host checks it
(net/host/talk.py) and passes it on to every seat and watcher, and each
peer shows it in its game log (game/client/table/talk.py).

Two kinds of words travel:

- a quick phrase, by its key in PHRASES: each reader sees it in their own
  language (the window's catalog "talk.phrase.<key>");
- a short free text, at most MAX_TALK characters, as `clean` leaves it.

    client -> host   {"t": "talk", "phrase": key}  or  {"t": "talk", "text": words}
    host -> peers    {"t": "talk", "seat": n (WATCHER for a watcher), "name": who,
                      "phrase": key  or  "text": words}

`clean` is what makes hostile text plain: control and format characters
(bidi overrides and isolates, zero-width characters, the byte-order mark)
go, every kind of space or line break becomes one space, piles of
combining marks are cut to MAX_MARKS, and the rest is cut to MAX_TALK.
The host cleans what it passes on and every peer cleans what it is given,
so neither has to trust the other.
"""

import unicodedata

MAX_TALK = 200                  # characters of free text
MAX_MARKS = 2                   # combining marks kept on one character
MAX_PHRASE_KEY = 32
WATCHER = -1                    # the "seat" of a watcher's words

# The quick phrases, by key (the window's words: "talk.phrase.<key>").
PHRASES = ("good_luck", "nice_move", "wood", "deal", "one_moment", "thanks", "oops", "well_played")

# What the host's owner decides about talk (the lobby's "talk"): on for
# everyone or off, the muted seats, and whether the watchers are muted.
RULES = ("on", "muted", "watchers_muted")

_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})    # controls, formats (bidi), surrogates, private, unassigned
_MARKS = frozenset({"Mn", "Me"})


def clean(text: str, limit: int = MAX_TALK) -> str:
    """`text` as plain words: see the module docstring.  Never raises for a
    str, and looks at no more than a few times `limit` characters of it."""
    out, marks, space = [], 0, False
    for ch in unicodedata.normalize("NFC", text[:4 * limit]):
        if ch.isspace():
            space, marks = bool(out), 0
            continue
        category = unicodedata.category(ch)
        if category in _DROPPED:
            continue
        if category in _MARKS:
            if marks >= MAX_MARKS or not out:
                continue
            marks += 1
        else:
            marks = 0
            if space:
                out.append(" ")
                space = False
        out.append(ch)
        if len(out) >= limit:
            break
    return "".join(out)


def problem(msg: dict):
    """What is wrong with the words of a schema-checked talk message (either
    way), as (code, detail), or None: exactly one of a known phrase or a
    text that is not empty once cleaned."""
    has_phrase, has_text = "phrase" in msg, "text" in msg
    if has_phrase == has_text:
        return "talk_bad", "a talk message holds either a phrase or a text"
    if has_phrase and msg["phrase"] not in PHRASES:
        return "talk_bad", f"no quick phrase called {msg['phrase'][:MAX_PHRASE_KEY]!r}"
    if has_text and not clean(msg["text"]):
        return "talk_empty", "there is nothing to say in that text"
    return None


def words_of(msg: dict) -> dict:
    """The words of a talk message whose `problem` is None, cleaned:
    {"phrase": key} or {"text": words}."""
    return {"phrase": msg["phrase"]} if "phrase" in msg else {"text": clean(msg["text"])}


def heard(msg: dict, players):
    """A host's schema-checked talk message as a peer shows it, cleaned again
    (the host may be hostile too): {"seat", "name", and "phrase" or "text"},
    or None for words no window can show (no such seat among `players`, a
    phrase this version does not know, nothing left of the text)."""
    seat = msg["seat"]
    if problem(msg) is not None or (seat != WATCHER and (players is None or seat >= players)):
        return None
    return dict(words_of(msg), seat=seat, name=clean(msg["name"]) or "?")     # (the schema bounds its length)


# --- field checkers for net/wire/protocol.py -------------------------------------------------

def phrase_field(v) -> bool:
    return type(v) is str and len(v) <= MAX_PHRASE_KEY


def text_field(v) -> bool:
    return type(v) is str and len(v) <= MAX_TALK


def rules_field(v) -> bool:
    """The lobby's "talk": {"on": bool, "muted": [seat, ...], "watchers_muted": bool}."""
    return (type(v) is dict and set(v) == set(RULES) and type(v["on"]) is bool
            and type(v["watchers_muted"]) is bool and type(v["muted"]) is list and len(v["muted"]) <= 16
            and all(type(s) is int and 0 <= s <= 15 for s in v["muted"]))


def default_rules() -> dict:
    """What a host that says nothing of talk means: on for everyone."""
    return {"on": True, "muted": [], "watchers_muted": False}
