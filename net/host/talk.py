"""Table talk at the host: who may say something now, and passing it on.

A seated player or a watcher sends `talk` (net/wire/talk.py: a quick phrase
or a short text); the host checks it and sends every seat and every watcher
the words with who said them, cleaned, or answers the speaker alone with an
`error` saying why not:

    not_seated      the connection neither holds a seat nor watches
    talk_off        the host's owner turned table talk off
    talk_muted      the host's owner muted this seat, or the watchers
    talk_bad        neither or both of a phrase and a text, or no such phrase
    talk_empty      a text with nothing left once cleaned
    talk_too_fast   a second message within MIN_GAP seconds of the last
    talk_too_much   more than PER_MINUTE messages within WINDOW seconds

The bounds are per speaker (a seat, or a watcher's name) and count only
what was passed on, so a refused message costs its speaker nothing more and
nothing else of theirs is lost: their commands, acks and pings go on as
before.  Talk touches neither the game nor its record: it is not a
command, and no word of it enters a record, a hash, the save or the replay.

The Host owns one `TableTalk`; the host's owner sets its rules
(`configure`, at any time: HostSession.set_talk) and every lobby message
carries them (`public`) so each window shows who may talk.  The rules (not
the words) are kept in a LAN save (net/host/saving.py "talk"), so a resumed
host keeps talk off and its muted seats and watchers muted (`restore`).
"""

import collections
import time

from ..wire import talk
from ..wire.protocol import MAX_NAME, error

MIN_GAP = 1.0               # seconds between two messages of one speaker
PER_MINUTE = 20             # messages of one speaker ...
WINDOW = 60.0               # ... within this many seconds
MAX_SPEAKERS = 64           # watchers' names remembered with their messages


class TableTalk:
    def __init__(self, seating, watchers, tell_everyone, changed, clock=time.monotonic):
        """seating, watchers: the host's (who holds which seat, who watches);
        tell_everyone(msg): to every seat and watcher; changed(): the rules
        changed (the host sends its lobby); clock: seconds (tests move it)."""
        self.seating, self.watchers = seating, watchers
        self.tell_everyone, self.changed = tell_everyone, changed
        self.clock = clock
        self.on = True
        self.muted = set()              # seats the host's owner muted
        self.watchers_muted = False
        self.spoken = {}                # speaker -> deque of when their messages were passed on

    def public(self) -> dict:
        """The rules as the lobby carries them (net/wire/talk.py RULES)."""
        return {"on": self.on, "muted": sorted(self.muted), "watchers_muted": self.watchers_muted}

    def restore(self, rules: dict) -> None:
        """The rules a resumed host had (net/host/saving.py saved_talk,
        already checked)."""
        self.on, self.watchers_muted = rules["on"], rules["watchers_muted"]
        self.muted = set(rules["muted"])

    def configure(self, on=None, mute=None, unmute=None, watchers_muted=None) -> None:
        """The host's owner: talk on or off for everyone, a seat muted or no
        longer, the watchers muted or not.  Raises ValueError with a reason,
        changing nothing."""
        seats = len(self.seating.seats)
        for seat in (mute, unmute):
            if seat is not None and (type(seat) is not int or not 0 <= seat < seats):
                raise ValueError(f"no seat {seat!r} in a game of {seats}")
        for flag in (on, watchers_muted):
            if flag is not None and type(flag) is not bool:
                raise ValueError(f"{flag!r} is neither on nor off")
        if on is not None:
            self.on = on
        if mute is not None:
            self.muted.add(mute)
        if unmute is not None:
            self.muted.discard(unmute)
        if watchers_muted is not None:
            self.watchers_muted = watchers_muted
        self.changed()

    def on_talk(self, conn, msg) -> None:
        """A peer's `talk`: passed on to everyone, or refused to the speaker."""
        speaker = self._speaker(conn)
        refusal = self._refusal(speaker, msg)
        if refusal is not None:
            return conn.send(error(*refusal))
        key, seat, name = speaker
        self._spoke(key)
        self.tell_everyone(dict(talk.words_of(msg), t="talk", seat=seat, name=name))

    def _speaker(self, conn):
        """(bound key, seat or WATCHER, name) of the connection, or None."""
        if conn.seat is not None and conn.seat < len(self.seating.seats) \
                and self.seating.seats[conn.seat] is not None:
            return ("seat", conn.seat), conn.seat, self.seating.seats[conn.seat].name[:MAX_NAME]
        if conn.watcher is not None:
            return ("watcher", conn.watcher.casefold()), talk.WATCHER, conn.watcher[:MAX_NAME]
        return None

    def _refusal(self, speaker, msg):
        if speaker is None:
            return "not_seated", "take a seat or watch before you talk"
        if not self.on:
            return "talk_off", "the host has turned table talk off"
        key, seat, _ = speaker
        if (seat in self.muted) if seat != talk.WATCHER else self.watchers_muted:
            return "talk_muted", "the host has muted you"
        wrong = talk.problem(msg)
        if wrong is not None:
            return wrong
        now, times = self.clock(), self.spoken.get(key, ())
        if times and now - times[-1] < MIN_GAP:
            return "talk_too_fast", f"at most one message every {MIN_GAP:g} s"
        if sum(1 for t in times if now - t < WINDOW) >= PER_MINUTE:
            return "talk_too_much", f"at most {PER_MINUTE} messages a minute"
        return None

    def _spoke(self, key) -> None:
        now = self.clock()
        times = self.spoken.setdefault(key, collections.deque(maxlen=PER_MINUTE))
        times.append(now)
        if len(self.spoken) > MAX_SPEAKERS:         # the quiet ones first
            quiet = [k for k, ts in self.spoken.items() if now - ts[-1] >= WINDOW]
            for k in quiet or [min(self.spoken, key=lambda k: self.spoken[k][-1])]:
                del self.spoken[k]
