"""The words of a line of table talk (net/wire/talk.py `heard`) in the
current language, without pygame: the game log's line (table/talk.py
`talk_line`) and the command-line peer's (`kolonisten join`, game/cli.py)
are both made here.

A phrase is said in the reader's language, whatever the speaker's; a text
as the host passed it on, cleaned again.  A seat's speaker is named as the
reader's lobby names that seat; a watcher as "NAME (watching)"."""

from net.session import WATCHER, clean_talk

from .i18n import tr


def words_of(said: dict) -> str:
    """What was said, in the reader's language (a phrase) or as typed (a text)."""
    if "phrase" in said:
        return tr("talk.phrase." + said["phrase"])
    return clean_talk(said["text"])


def said_runs(said: dict, names, words: str) -> list:
    """The line saying `words` for `said`, as [(text, seat or None)]: the
    speaker's name is the one run with a seat (a watcher's has none)."""
    seat = said["seat"]
    if seat == WATCHER or not 0 <= seat < len(names):
        text = tr("talk.said", name=tr("talk.watcher", name=clean_talk(said["name"])), words=words)
        return [(text, None)]
    before, _, after = tr("talk.said", name="\0", words=words).partition("\0")
    return [(part, who) for part, who in ((before, None), (names[seat], seat), (after, None)) if part]


def said_line(said: dict, names) -> str:
    """The plain line for `said`: "Ann: “Good luck!”"."""
    return "".join(text for text, _ in said_runs(said, names, words_of(said)))
