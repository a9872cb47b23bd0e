"""Random players: every decision is a uniform choice among the legal commands.

Used by tools.simulate, the benchmarks, the UI autoplay and headless network
clients.  The bot's own generator is separate from the game's, so bots never
influence the game's chance outcomes.
"""

from game.engine import deciders, legal_commands
from game.engine.rng import Rng


class RandomBot:
    def __init__(self, seed: int):
        self.rng = Rng(seed, stream=1013)

    def choose(self, state, seat, exclude=()):
        """A uniform legal command for `seat`, or None if it has none.
        `exclude` drops command kinds (used to match another engine's action set)."""
        cmds = legal_commands(state, seat)
        if exclude:
            cmds = [c for c in cmds if c[0] not in exclude]
        if not cmds:
            return None
        return cmds[self.rng.below(len(cmds))]

    def pick_seat(self, state):
        """When several seats must decide at once, who moves next (uniform)."""
        seats = deciders(state)
        return seats[self.rng.below(len(seats))] if len(seats) > 1 else seats[0]


class SeatRandomBot:
    """RandomBot behind the seat interface of game.bots.make_bot."""

    def __init__(self, level: str, seat: int, seed: int):
        self.level, self.seat = level, seat
        self.bot = RandomBot(seed)

    def choose(self, view):
        if self.seat not in deciders(view):
            return None
        return self.bot.choose(view, self.seat)
