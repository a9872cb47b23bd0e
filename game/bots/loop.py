"""The one game loop of computer players: who decides now, that seat's bot
asked with its own view, its command applied.

    table = Table(bots, state=lambda: auth.state, submit=auth.submit)
    table.run(turn_cap=500)                 # a whole game (tools, tests)
    move = table.step()                     # or one decision at a time

Every caller seats bots (game.bots.protocol) at a `Table` and keeps its own
specifics as parameters: where the game is (`state`, `submit`, `view`: an
authority, a window's controller, a LAN copy), who is asked first when
several seats must decide (`order`), checks before a command goes in
(`before`), timing (`timer`), what to do after each command and when to stop
(`run(turn_cap, until, after)`).  The window paces its computers itself and
uses the single steps: `deciding()`, the seat's `view(seat)`, `play(seat, cmd)`.
"""

import sys
import time
from typing import NamedTuple

from game.engine import deciders, view as seat_view
from game.engine.state import GAME_OVER


def others_first(state) -> list:
    """Seats that must decide, the others before the player whose turn it is
    (discards and answers to an offer come before the offerer closes it)."""
    seats = deciders(state)
    return [s for s in seats if s != state.current] + [s for s in seats if s == state.current]


def clockwise(state) -> list:
    """Seats that must decide, clockwise from the player whose turn it is."""
    return sorted(deciders(state), key=lambda s: (s - state.current) % state.n)


class Move(NamedTuple):
    seat: int
    cmd: tuple
    record: object          # what `submit` returned


_new_move = tuple.__new__     # Move(...) without its generated __new__'s frame: one per command


class Stalled(RuntimeError):
    """Seats must decide but none of their bots would (`seats`: those asked)."""

    def __init__(self, state, seats):
        super().__init__(f"no seat would decide in phase {state.phase} (asked {seats})")
        self.seats = seats


class Table:
    def __init__(self, bots, state, submit, view=None, order=others_first, before=None, timer=None):
        """`bots`: seat -> bot (a list is indexed by seat; seats without a bot
        are people, never asked).  `state()`: the state that says who decides
        (an authority's state or a public view).  `submit(cmd)` applies a
        command and returns its record.  `view(seat)`: what that seat's bot
        is shown (default: the seat's view of `state()`).  `order(state)`:
        the seats that must decide, in the order they are asked.
        `before(seat, view, cmd)` sees every chosen command before it is
        submitted; `timer(seat, wall_s, cpu_s)` every decision's time."""
        self.bots = dict(enumerate(bots)) if isinstance(bots, (list, tuple)) else dict(bots)
        self.seated = frozenset(self.bots)
        self.state = state
        self.submit = submit
        self.view = view if view is not None else (lambda seat: seat_view(self.state(), seat))
        self.order = order
        self.before = before
        self.timer = timer
        self.observers = [(s, b) for s, b in self.bots.items() if hasattr(b, "observe")]
        self.asked = []
        self.moves = 0          # commands submitted

    def deciding(self, state=None) -> list:
        """Seats with a bot that must decide now, in the order they are asked."""
        state = state if state is not None else self.state()
        if state.phase == GAME_OVER:
            return []
        seats = self.order(state)
        # Commonly every seat has a bot: then the order's list is the answer.
        return seats if self.seated.issuperset(seats) else [s for s in seats if s in self.bots]

    def play(self, seat, cmd) -> Move:
        """Submit `seat`'s command; bots that observe see its record as their
        seat may (only where `submit` returns an engine Record: the window
        and a LAN copy do not hand them one)."""
        record = self.submit(cmd)
        self.moves += 1
        if self.observers and hasattr(record, "for_audience"):
            for s, bot in self.observers:
                bot.observe(record.for_audience(s))
        return _new_move(Move, (seat, cmd, record))

    def step(self, state=None) -> Move | None:
        """One decision: the first seat in order whose bot answers a command
        makes it.  None when nobody had a command (or the game is over);
        `asked` then holds the seats asked.  `state`: state() when the
        caller has it already."""
        self.asked = self.deciding(state)
        for seat in self.asked:
            v = self.view(seat)
            if self.timer is None:
                cmd = self.bots[seat].choose(v)
            else:
                t0, c0 = time.perf_counter(), time.process_time()
                cmd = self.bots[seat].choose(v)
                self.timer(seat, time.perf_counter() - t0, time.process_time() - c0)
            if cmd is not None:
                if self.before is not None:
                    self.before(seat, v, cmd)
                if self.observers:
                    return self.play(seat, cmd)
                # play() without observers, written out: this runs for every command of a game.
                record = self.submit(cmd)
                self.moves += 1
                return _new_move(Move, (seat, cmd, record))
        return None

    def run(self, turn_cap=None, until=None, after=None) -> None:
        """Step until the game is over, more than `turn_cap` turns have been
        played or `until()` holds (checked before each step); `after(move)`
        sees every command and stops the game by returning True.  Raises
        Stalled when seats must decide and none of their bots would."""
        if after is None and self.timer is None and self.before is None and not self.observers:
            return self._run_plain(turn_cap, until)
        while True:
            state = self.state()
            if state.phase == GAME_OVER or turn_cap is not None and state.turn > turn_cap:
                return
            if until is not None and until():
                return
            move = self.step(state)
            if move is None:
                raise Stalled(state, self.asked)
            if after is not None and after(move):
                return

    def _run_plain(self, turn_cap, until) -> None:
        """run() with nothing to time, check, show or call after a command:
        step's work written out in one loop (a command costs a few
        microseconds in random play, and every call here weighs)."""
        current, order, bots, view, submit = self.state, self.order, self.bots, self.view, self.submit
        cap = turn_cap if turn_cap is not None else sys.maxsize
        every_seat = None           # whether every seat has a bot (then order's list is the answer)
        while True:
            state = current()
            if state.phase == GAME_OVER or state.turn > cap:
                return
            if until is not None and until():
                return
            seats = order(state)
            if every_seat is None:
                every_seat = self.seated.issuperset(range(state.n))
            if not every_seat:
                seats = [s for s in seats if s in bots]
            for seat in seats:
                cmd = bots[seat].choose(view(seat))
                if cmd is not None:
                    submit(cmd)
                    self.moves += 1
                    break
            else:
                self.asked = seats
                raise Stalled(state, seats)
