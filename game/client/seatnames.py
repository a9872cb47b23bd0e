"""Seat names as the window shows them: a computer's name with its level in
the current language ("Bram (Medium)", in Dutch "Bram (Gemiddeld)").

A save keeps a computer's name with the word of the language it was started
in ("Bram (Gemiddeld)", as every version wrote it) and the level apart; the
window takes that word off (`plain_name`, either language) and adds the
current language's each time a name is shown, so names follow a change of
language in the middle of a game and a save made in one language reads
right in the other, while the save itself is written as it always was.  A
person's seat under the form's own name for it ("Player 2", "Speler 2")
reads in the current language the same way."""

from collections.abc import Sequence

from .i18n import LANGUAGES, catalog, tr

MAX_NAME = 16            # a name's own characters, as typed (what fits a player panel)
MAX_SHOWN_NAME = 32      # with a computer's level word in either language ("Floris (Makkelijk)")
PERSON = "person"        # the kind of a seat a person plays (the others: a computer's level)


def shown_name(name: str, level) -> str:
    """`name` as shown: with the level's word when a computer (level) plays it."""
    if not isinstance(level, str):          # a person's seat (None)
        return name
    return tr("seats.computer_name", name=name, level=tr("bot.level." + level))


def default_person_name(seat: int) -> str:
    """The name the forms give a person's seat before one is typed ("Player 2")."""
    return tr("new.player_n", n=seat + 1)


def is_default_name(name: str, seat: int) -> bool:
    """Whether `name` is seat `seat`'s default name in any language."""
    return any(name == catalog(lang).get("new.player_n", "").replace("{n}", str(seat + 1)) for lang in LANGUAGES)


def plain_name(name: str, level) -> str:
    """`name` without its level's word (in any language), for a computer's seat;
    a person's name is left as it is."""
    if not isinstance(level, str):
        return name
    for lang in LANGUAGES:
        words = catalog(lang)
        word = words.get("bot.level." + level)
        template = words.get("seats.computer_name")
        if word and template and "{name}" in template:
            before, _, after = template.format(name="\0", level=word).partition("\0")
            if len(name) > len(before) + len(after) and name.startswith(before) and name.endswith(after):
                return name[len(before):len(name) - len(after)]
    return name


class SeatNames(Sequence):
    """The seats' names as shown, read at the moment they are shown (see the
    module's docstring).  `saved` holds the names as given, which a save keeps."""

    def __init__(self, names=(), levels=None):
        self.saved, self.plain, self.levels = [], [], []
        self.set(names, levels)

    def set(self, names, levels=None) -> None:
        """New names (and levels, None for a person's seat), in place: the table
        holds this object."""
        self.saved = list(names.saved if isinstance(names, SeatNames) else names)
        levels = list(levels) if levels is not None else []
        self.levels = (levels + [None] * len(self.saved))[:len(self.saved)]
        self.plain = [plain_name(n, lv) for n, lv in zip(self.saved, self.levels)]

    def __getitem__(self, seat):
        if isinstance(seat, slice):
            return [self[i] for i in range(len(self))[seat]]
        name, level = self.plain[seat], self.levels[seat]
        if level is None and is_default_name(name, seat):
            return default_person_name(seat)
        return shown_name(name, level)

    def __setitem__(self, seat: int, name: str) -> None:
        """Seat `seat` goes by `name` now (given as a save would keep it)."""
        self.saved[seat] = name
        self.plain[seat] = plain_name(name, self.levels[seat])

    def __len__(self) -> int:
        return len(self.plain)

    def __eq__(self, other):
        if isinstance(other, (list, tuple, SeatNames)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"SeatNames({list(self)!r})"


def name_fits(name: str, kind: str) -> bool:
    """A seat's name may be started with: 1 to MAX_NAME characters, not
    counting a computer's level word, which the form adds ("Eline (Gemiddeld)")."""
    own = plain_name(name, None if kind == PERSON else kind)
    return 0 < len(own) <= MAX_NAME
