"""Random players: every decision is a uniform choice among the legal commands.

`RandomPlayer` is the "random" level (game.bots.make_bot), a seat's bot like
any other.  `random_table(seed, players)` seats one at every seat drawing
from one generator, with the seat order that draws who moves when several
must decide: the random games of tools.simulate, the engine benchmark and the
tests, played through the shared loop (loop.py).  `RandomBot(seed)` makes the
same draws for code that picks commands by hand for any seat
(`pick_seat(state)`, then `choose(state, seat)`); the players draw through one.

A random player's generator is its own, never the game's, so it never
influences the game's chance outcomes.
"""

import functools

from game.engine import deciders, legal_commands
from game.engine.rng import Rng

STREAM = 1013


def _uniform(seat: int, offers: bool, dropped: frozenset, below, state):
    """A uniform choice among `seat`'s legal commands in `state` without the
    kinds in `dropped` (offers are not even built when `offers` is false), or
    None when it has none.  `below(n)` draws the choice."""
    cmds = legal_commands(state, seat, offers)
    if dropped:
        cmds = [c for c in cmds if c[0] not in dropped]
    return cmds[below(len(cmds))] if cmds else None


def _filters(exclude) -> tuple:
    """(offers, dropped) of _uniform for the command kinds in `exclude`:
    offers left out are never built, other kinds are filtered out."""
    return "offer" not in exclude, frozenset(exclude) - {"offer"}


class RandomBot:
    """Random commands for any seat from one generator."""

    def __init__(self, seed: int):
        self.rng = Rng(seed, stream=STREAM)

    def choose(self, state, seat, exclude=()):
        """A uniform legal command for `seat`, or None if it has none.
        `exclude` drops command kinds (used to match another engine's action set)."""
        return _uniform(seat, *_filters(exclude), self.rng.below, state)

    def pick_seat(self, state) -> int:
        """When several seats must decide at once, who moves next (uniform)."""
        return self.pick_seats(state)[0]

    def pick_seats(self, state) -> list:
        """pick_seat's seat as a one-seat list (loop.Table's order); every
        seat that must decide when it is just one."""
        seats = deciders(state)
        return [seats[self.rng.below(len(seats))]] if len(seats) > 1 else seats


class RandomPlayer:
    level = "random"

    def __init__(self, seat: int, seed: int = 0, draws: RandomBot | None = None, exclude=()):
        """`draws`: a RandomBot shared with other players (random_table); by
        default the player's own, seeded by `seed`."""
        self.seat = seat
        self.draws = draws if draws is not None else RandomBot(seed)
        self.exclude = exclude
        # choose(view): RandomBot.choose for this seat, bound once (one call a decision).
        self.choose = functools.partial(_uniform, seat, *_filters(exclude), self.draws.rng.below)


def random_table(seed: int, players: int, exclude=()):
    """Random players for every seat, sharing one generator, and the seat
    order (for loop.Table) that draws one of the seats that must decide:
    (bots, order)."""
    draws = RandomBot(seed)
    bots = [RandomPlayer(seat, draws=draws, exclude=exclude) for seat in range(players)]
    return bots, draws.pick_seats
