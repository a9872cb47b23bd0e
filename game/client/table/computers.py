"""Computer seats in the game window (hot-seat and solo games).

`ComputerSeats` plays every seat the controller marks as a computer
(`controller.computers[seat]` is a level of game.bots, None for a person).
The table calls `poll()` from its update, once a frame:

- When a computer seat must decide (`deciders` of the public view: its turn,
  a discard, an answer to a trade offer, a Cities & Knights choice), its bot
  is handed a copy of that seat's view, `controller.view(seat)`, never the
  authority's state, and thinks in a worker thread so the window stays
  responsive while a strong bot searches.
- The chosen command is submitted at a watchable pace: a speed setting
  (slow, normal, fast, instant) sets the pause between computer moves, and
  `hurry()` (the table's Space key) drops the pauses until a person must
  decide again.  The table animates and logs each move like anyone's.
- A decision made on a game that has moved on in the meantime (a person
  answered while the bot thought) is dropped and thought again, so a bot
  never acts on a stale view.
- In the Special Building Phase of five and six (X-1.7) a computer's builds
  are paced like the moves of its turn; one that builds nothing in its part
  passes without a pause (there is nothing to watch: with five computers a
  pause each would hold every turn up for seconds).
- Several computers that must decide at once take turns, clockwise from the
  current player.  A bot may answer None while someone else decides too
  (an offerer waiting for answers): it is asked again after the next move.
  A bot that fails (raises, answers nothing when it alone must decide, or
  answers an illegal command) is made to play a safe legal move instead, so
  the game never stalls; that is reported on stderr.
"""

import contextlib
import sys
import threading
import time

from game.bots import bot_seed, make_bot
from game.bots.loop import Table, clockwise
from game.bots.protocol import awaits_answers, safe_command
from game.engine import IllegalCommand, deciders, legal_commands

# Seconds between two computer moves at each speed (settings.COMPUTER_SPEEDS).
PAUSES = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
# At "instant", how long one frame may spend waiting for computers' moves.
INSTANT_FRAME_SECONDS = 0.04


class _Thought:
    """One bot deciding in a worker thread: `done()`, then `command` or `error`."""

    def __init__(self, bot, view, seq):
        self.seat, self.seq = bot.seat, seq
        self.command, self.error = None, None
        self._finished = threading.Event()
        threading.Thread(target=self._run, args=(bot, view), daemon=True,
                         name=f"kolonisten-bot-{bot.seat}").start()

    def _run(self, bot, view) -> None:
        try:
            self.command = bot.choose(view)
        except Exception as exc:          # a bot's bug must not take the window down
            self.error = exc
        finally:
            self._finished.set()

    def done(self, timeout=0.0) -> bool:
        return self._finished.wait(timeout)


class ComputerSeats:
    def __init__(self, controller, speed: str = "normal"):
        self.c = controller
        seed = controller.config.get("seed")
        make = getattr(controller, "make_computer", make_bot)      # (the guided game seats its own)
        self.bots = {seat: make(level, seat, bot_seed(seed, seat))
                     for seat, level in enumerate(controller.computers) if level}
        # The shared loop, one step at a time: this class paces the steps and
        # lets the bots think in a worker thread.
        self.table = Table(self.bots, lambda: controller.view(None), lambda cmd: controller.submit(cmd),
                           view=lambda seat: controller.view(seat), order=clockwise)
        self.speed = speed if speed in PAUSES else "normal"
        self.thought = None             # the decision under way (a _Thought)
        self.ready = None               # a finished _Thought waiting for its moment
        self.last_move = 0.0            # when a computer last moved, or a person last did
        self.seen_seq = -1
        self.hurrying = False
        self.waiting = {}               # seat -> the game's seq at which its bot chose to wait
        self.hold = False               # True: start and make no move (a tool entering a person's move)
        self.failures = 0               # bot decisions replaced by a safe command

    @property
    def moves(self) -> int:
        """Commands the computers submitted (tools report it)."""
        return self.table.moves

    # --- what the table asks -----------------------------------------------------------
    def deciding(self, public=None) -> list:
        """Computer seats that must decide now, clockwise from the current
        player (not those whose bot chose to wait for the next move).  A
        computer's open trade offer waits for every answer: its offerer
        closes it only when nobody asked is still to answer (a person takes
        the time they need)."""
        public = public if public is not None else self.c.view(None)
        return [s for s in self.table.deciding(public)
                if self.waiting.get(s) != self.c.seq and not awaits_answers(public, s)]

    def active(self) -> bool:
        """True while a computer is thinking or has a move to make."""
        return self.thought is not None or self.ready is not None or bool(self.deciding())

    def hurry(self) -> None:
        """No more pauses until a person must decide."""
        self.hurrying = True

    def pause(self) -> float:
        return 0.0 if self.hurrying else PAUSES[self.speed]

    # --- the work ------------------------------------------------------------------------
    def poll(self, busy: bool = False) -> int:
        """Advance the computers; returns how many commands they submitted.
        `busy`: the table still animates the last move (dice in the air), so
        a paced computer waits for it.  At "instant" (or hurried) several
        moves fit in one call, within a frame's time."""
        moved = 0
        deadline = time.monotonic() + INSTANT_FRAME_SECONDS
        batch = getattr(self.c, "batch", contextlib.nullcontext)
        with batch():                        # one autosave for the moves of this call
            while self._step(busy):
                moved += 1
                if self.pause() > 0 or time.monotonic() > deadline:
                    break
        return moved

    def _notice_moves(self, now) -> None:
        """Anyone's move restarts the pause; hurrying ends when a person must decide."""
        if self.c.seq != self.seen_seq:
            self.seen_seq = self.c.seq
            self.last_move = now
            if any(s not in self.bots for s in deciders(self.c.view(None))):
                self.hurrying = False

    def _step(self, busy) -> bool:
        """Collect a finished thought, submit a ready move whose time has
        come, or start the next thought.  True when a command was submitted."""
        if self.hold:
            return False
        now = time.monotonic()
        self._notice_moves(now)
        instant = self.pause() == 0
        if self.thought is not None:
            if not self.thought.done(INSTANT_FRAME_SECONDS if instant else 0.0):
                return False
            self.ready, self.thought = self.thought, None
        if self.ready is not None and self.ready.seq != self.c.seq:
            self.ready = None                        # the game moved on: think again
        if self.ready is None:
            seats = self.deciding()
            if not seats:
                return False
            bot = self.bots[seats[0]]
            self.thought = _Thought(bot, self.table.view(bot.seat), self.c.seq)
            if not self.thought.done(INSTANT_FRAME_SECONDS if instant else 0.0):
                return False
            self.ready, self.thought = self.thought, None
        if not instant and (busy or (now - self.last_move < self.pause() and not self._nothing_to_watch(self.ready))):
            return False
        thought, self.ready = self.ready, None
        return self._submit(thought)

    def _nothing_to_watch(self, thought) -> bool:
        """A pass in the Special Building Phase by a seat whose part brought
        nothing yet (the last move is another seat's): no pause before it."""
        if thought.error is not None or thought.command is None or thought.command[0] != "pass_build":
            return False
        last = self.c.records_since(self.c.seq - 1)
        return not last or last[0].cmd[1] != thought.seat

    def _submit(self, thought) -> bool:
        """Make the thought's move; True when a command was submitted."""
        seat, cmd = thought.seat, thought.command
        if thought.error is None and cmd is None and any(s != seat for s in deciders(self.c.view(None))):
            self.waiting[seat] = thought.seq          # e.g. an offerer waiting for answers
            return False
        if thought.error is None and cmd is not None:
            try:
                self.table.play(seat, cmd)
                return True
            except IllegalCommand as err:
                why = f"an illegal command {cmd!r} ({err})"
        else:
            why = f"an error: {thought.error!r}" if thought.error else "no command"
        # A bot that fails to decide must not stall the game: a safe legal move.
        self.failures += 1
        print(f"kolonisten: computer player {seat} answered with {why}; it plays a safe move instead",
              file=sys.stderr)
        safe = safe_command(legal_commands(self.c.view(seat), seat))
        if safe is None:
            return False
        self.table.play(seat, safe)
        return True
