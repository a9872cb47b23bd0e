"""One game as a record: its config and the list of accepted commands with
their outcomes.  The same two classes serve hot-seat, LAN and replays:

- `Authority` owns the full state (and so the generator), checks and applies
  commands, and keeps the log.  It runs in the hot-seat process or the host.
- `Replica` holds one audience's view and applies the (redacted) records the
  authority hands it, so it never needs anything it may not know.

A game is fully defined by config + commands: `Authority.replay` re-applies a
log and confirms every recorded outcome came out the same.

Both keep what their copy may take back this turn (undo.py: `takebacks`):
an undo record restores each copy's own kept state, so the authority and
every replica go back alike.
"""

import gc
from dataclasses import dataclass

from .codec import state_hash
from .rules import apply, new_game, restore
from .undo import UNDO, TakeBacks, taken_back, took_back_event
from .views import holds_secrets, redact_command, redact_event, redact_outcome, view, view_hash


@dataclass(frozen=True)
class Record:
    """One accepted command: its sequence number (1-based), the command, the
    outcome chance or hidden information decided, and the events it caused."""
    seq: int
    cmd: tuple
    outcome: dict | None
    events: tuple

    def is_public(self) -> bool:
        """Does every audience see this record whole (for_audience changes nothing)?"""
        return not holds_secrets(self.cmd, self.outcome, self.events)

    def for_audience(self, audience) -> "Record":
        """The record as `audience` may see it (None: a spectator)."""
        return Record(self.seq, redact_command(self.cmd, self.outcome, audience),
                      redact_outcome(self.cmd, self.outcome, audience),
                      tuple(redact_event(e, audience) for e in self.events))


class ReplayMismatch(ValueError):
    pass


_PLAIN = frozenset((str, int, tuple))     # the arguments a command may hold as they are


def normal_command(cmd) -> tuple:
    """The one form the log keeps: tuples throughout (commands arrive as lists
    after msgpack), and Year of Plenty's two resources in ascending order (it
    accepts them in either order, B-9.5)."""
    if _PLAIN.issuperset(map(type, cmd)):
        cmd = tuple(cmd)
    else:
        cmd = tuple([tuple(a) if isinstance(a, list) else a for a in cmd])     # (a list: faster than a generator)
    if (len(cmd) == 4 and cmd[0] == "play_year_of_plenty" and type(cmd[2]) is int
            and type(cmd[3]) is int and cmd[2] > cmd[3]):
        cmd = cmd[:2] + (cmd[3], cmd[2])
    return cmd


# A long game's log is tens of thousands of records that live as long as the
# game, and every full collection of the cyclic garbage collector would walk
# them all: its pause grows with the log.  Every FREEZE_EVERY commands the
# young garbage is collected and everything alive is moved out of the
# collector's sight (gc.freeze), so a pause covers at most the objects made
# since (tools/bench/gc_pauses.py measures it).  Records are freed by their
# reference counts as before; 0 turns this off.
FREEZE_EVERY = 4096


def settle_collector() -> None:
    """Collect young garbage, then freeze what is alive (see FREEZE_EVERY)."""
    gc.collect(1)
    gc.freeze()


class Authority:
    def __init__(self, config: dict):
        self.config = dict(config)
        self.state, events = new_game(self.config)
        self.start_events = tuple(events)
        self.log: list[Record] = []
        self.takebacks = TakeBacks()

    def submit(self, cmd, shaped: bool = False, undoable: bool = True) -> Record:
        """Check and apply a command (an undo too); raises IllegalCommand
        (nothing changes).

        Two shortcuts for a replay of a log (saves.restore), which change
        nothing in the game: `shaped`: `cmd` is a command of the log (its
        normal_command form) whose shape this game has checked before (the
        same command earlier in the log; a shape never depends on the moment,
        see rules.apply), so only the rules are checked; `undoable` False:
        what an undo would need is not kept (the state's copy before a
        build), for a command that the replay knows no undo can reach (see
        undo.follow_from)."""
        if not shaped:
            cmd = normal_command(cmd)
        state, seq = self.state, len(self.log) + 1
        if cmd[:1] == (UNDO,):
            taken_seq, taken, earlier = self.takebacks.take(state, cmd)
            restore(state, earlier)
            outcome, events = None, (took_back_event(cmd[1], taken_seq, taken),)
        elif undoable:
            takebacks = self.takebacks
            kept = state.copy() if takebacks.watch(state, cmd) else None
            outcome, events = apply(state, cmd, shaped=shaped)
            takebacks.note(seq, cmd, outcome, events, state, kept)
        else:
            outcome, events = apply(state, cmd, shaped=shaped)
        record = Record(seq, cmd, outcome, tuple(events))
        self.log.append(record)
        if FREEZE_EVERY and record.seq % FREEZE_EVERY == 0:
            settle_collector()
        return record

    def view(self, audience):
        return view(self.state, audience)

    def view_hash(self, audience) -> str:
        return view_hash(self.state, audience)

    def state_hash(self) -> str:
        return state_hash(self.state)

    @classmethod
    def replay(cls, config: dict, commands, outcomes=None) -> "Authority":
        """Rebuild a game from its config and commands.  If the recorded outcomes
        are given, each replayed outcome must match (else ReplayMismatch)."""
        auth = cls(config)
        for i, cmd in enumerate(commands):
            record = auth.submit(cmd)
            if outcomes is not None and _normal(record.outcome) != _normal(outcomes[i]):
                raise ReplayMismatch(f"command {i + 1} gave a different outcome on replay")
        return auth


def _normal(outcome):
    from .codec import pack, unpack
    return unpack(pack(outcome))


class Replica:
    """A peer's copy of the game: one audience's view, kept in step by records."""

    def __init__(self, view_state, audience):
        self.state = view_state
        self.audience = audience
        self.seq = 0
        self.takebacks = TakeBacks()

    def receive(self, record: Record) -> tuple:
        """Apply a record (already redacted for this audience); returns its
        events.  Raises ReplayMismatch for a record out of order, and
        undo.Untracked for an undo of a command this copy kept nothing for
        (it was made from a view sent after it: ask for a fresh view)."""
        if record.seq != self.seq + 1:
            raise ReplayMismatch(f"expected record {self.seq + 1}, got {record.seq}")
        state, cmd = self.state, normal_command(record.cmd)
        if cmd[:1] == (UNDO,):
            _, _, earlier = self.takebacks.take(state, cmd, taken_back(record))
            restore(state, earlier)
            events = record.events
        else:
            kept = state.copy() if self.takebacks.watch(state, cmd) else None
            _, events = apply(state, cmd, record.outcome, validate=False)
            self.takebacks.note(record.seq, cmd, record.outcome, events, state, kept)
        self.seq = record.seq
        return tuple(events)

    def view_hash(self) -> str:
        return view_hash(self.state, self.audience)
