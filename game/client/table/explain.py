"""A computer's line in the log explained: the mouse on a line that tells
what a computer did shows why it did it, in one line in the reader's
language, from the reasons hints give (game/bots/hint.py `why`, worded by
hints.why_text) — worked out on the view that computer's seat had just
before its command, never on more.

Only decisions are explained (there was a choice, and not of the roll:
game/bots/review.py `matters`).  The reason is worked out when a line is
hovered, not when the computer decides: the game's log replays to that
moment in about 12 ms of CPU for 400 commands and the reason takes 0.2 ms
(the saves in tests/data), so nothing is spent on the lines nobody hovers,
the bots' loop stays as it is, and a game loaded from a save explains its
earlier moves too.  The replay is kept between hovers and goes on forward
from where the last one stopped.

It needs the whole game, which only the laptop holding the authority has
(hot-seat and solo games: `for_controller`; the replay of a finished game,
scenes/replay.py); a LAN laptop never sees another seat's hand, so it
explains nothing at its table."""

from game.bots.hint import why
from game.bots.review import matters
from game.engine import legal_commands, view as seat_view
from game.engine.match import Authority

from ..i18n import tr
from .hints import why_text


class LogLine(str):
    """A sentence of the log that knows the record it tells of: `seq`, and
    `actor`, the seat whose command it was (None: no seat's)."""

    def __new__(cls, text, seq, actor):
        line = super().__new__(cls, text)
        line.seq, line.actor = seq, actor
        return line


def told(lines, record, names) -> list:
    """The log's sentences of `record`, each knowing its record; its actor
    only in those that name it (an end of turn's "Turn 12: Cees's turn" is
    no line about the seat that ended its turn)."""
    cmd = record.cmd
    actor = cmd[1] if len(cmd) > 1 and type(cmd[1]) is int and 0 <= cmd[1] < len(names) else None
    name = names[actor] if actor is not None else None
    return [LogLine(line, record.seq, actor if name and name in line else None) for line in lines]


def reason(state, seat, cmd):
    """Why `seat` made `cmd` in `state` (hint.why's data), from the seat's
    own view only; None when it was no decision (one thing to do, the roll:
    review.matters)."""
    view = seat_view(state, seat)
    if not matters(view, seat, cmd, legal_commands(view, seat)):
        return None
    return why(view, seat, cmd)


class Explainer:
    """The reasons of the computers' commands in the game of `config` whose
    records are `records` (an authority's log: it may grow); `computers`:
    the seats computers play."""

    def __init__(self, config, records, computers):
        self.config = config
        self.records = records
        self.computers = frozenset(computers)
        self._replay = None             # an Authority replaying the log, before the last record asked of
        self._reasons = {}              # seq -> (seat, why data)

    def explains(self, line) -> bool:
        """Whether `line` (of the log) tells of a computer's command this game holds."""
        return getattr(line, "actor", None) in self.computers and 0 < line.seq <= len(self.records)

    def reason(self, seq) -> tuple:
        """(seat, hint.why data or None: no decision) of the command of record `seq`."""
        if seq not in self._reasons:
            cmd = self.records[seq - 1].cmd
            self._reasons[seq] = (cmd[1], reason(self._state_before(seq), cmd[1], cmd))
        return self._reasons[seq]

    def text(self, seq, names):
        """The reason of record `seq` in words ("Why Cees did this: about 1
        ore extra a round"), or None when it was no decision."""
        seat, data = self.reason(seq)
        if data is None:
            return None
        plain = getattr(names, "plain", names)          # (a computer's name without its level)
        return tr("hint.computer", name=plain[seat], why=why_text(data, plain, seat))

    def _state_before(self, seq):
        if self._replay is None or len(self._replay.log) > seq - 1:
            self._replay = Authority(self.config)
        while len(self._replay.log) < seq - 1:
            self._replay.submit(self.records[len(self._replay.log)].cmd)
        return self._replay.state


def for_controller(controller):
    """The Explainer of a game this laptop holds whole with computers in it, else None."""
    auth = getattr(controller, "auth", None)
    levels = getattr(controller, "computers", None) or ()
    computers = [seat for seat, level in enumerate(levels) if level is not None]
    return Explainer(auth.config, auth.log, computers) if auth is not None and computers else None
