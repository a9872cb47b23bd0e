"""Random players: every decision is a uniform choice among the legal commands.

`RandomPlayer` is the "random" level (game.bots.make_bot), a seat's bot like
any other: `choose(view)`.  `RandomSeats(seed)` seats random players at any
seat, all drawing from one generator, and draws who moves when several seats
must decide (`order`, for loop.Table; `pick_seat`): the random games of
tools.simulate, the benchmarks, the screenshots and the tests.

    seats = RandomSeats(seed)
    bots, order = random_table(seed, players)      # a Table's random players
    auth.submit(seats.command(auth.state))         # the seat drawn, its player's command
    seats.player(seat, avoid=("offer",)).choose(state)

`avoid`: command kinds a player draws from only when it has nothing else
(random players would offer trades at nearly every turn; offers left out are
not even built).

A random player's generator is its own, never the game's, so it never
influences the game's chance outcomes.
"""

import functools

from game.engine import deciders, legal_commands
from game.engine.rng import Rng

STREAM = 1013


def _uniform(seat: int, offers: bool, avoided: frozenset, below, state):
    """A uniform choice among `seat`'s legal commands in `state` without the
    kinds in `avoided` (offers are not built when `offers` is false), else
    among all of them; None when it has none.  `below(n)` draws the choice."""
    cmds = legal_commands(state, seat, offers)
    if avoided:
        cmds = [c for c in cmds if c[0] not in avoided]
    if not cmds and (avoided or not offers):
        cmds = legal_commands(state, seat)
    return cmds[below(len(cmds))] if cmds else None


class RandomPlayer:
    level = "random"

    def __init__(self, seat: int, seed: int = 0, rng: Rng | None = None, avoid=()):
        """`rng`: a generator shared with other players (RandomSeats); by
        default the player's own, seeded by `seed`."""
        self.seat = seat
        self.rng = rng if rng is not None else Rng(seed, stream=STREAM)
        self.avoid = tuple(avoid)
        # choose(view), bound once (one call a decision).
        self.choose = functools.partial(_uniform, seat, "offer" not in self.avoid,
                                        frozenset(self.avoid) - {"offer"}, self.rng.below)


class RandomSeats:
    """Random players for any seat, drawing from one generator, and the
    draw of who moves when several seats must decide."""

    def __init__(self, seed: int, avoid=()):
        self.rng = Rng(seed, stream=STREAM)
        self.avoid = tuple(avoid)
        self._players = {}

    def player(self, seat: int, avoid=None) -> RandomPlayer:
        """The random player of `seat` (avoiding `avoid`, default the seats'
        own), on this generator."""
        key = seat, self.avoid if avoid is None else tuple(avoid)
        found = self._players.get(key)
        if found is None:
            found = self._players[key] = RandomPlayer(seat, rng=self.rng, avoid=key[1])
        return found

    def __getitem__(self, seat: int) -> RandomPlayer:
        return self.player(seat)

    def order(self, state) -> list:
        """loop.Table's order: one seat drawn among those that must decide
        (the seat itself when it is just one)."""
        seats = deciders(state)
        return [seats[self.rng.below(len(seats))]] if len(seats) > 1 else seats

    def pick_seat(self, state) -> int:
        """When several seats must decide at once, who moves next (uniform)."""
        return self.order(state)[0]

    def command(self, state, avoid=None):
        """The command of the seat drawn to move now, chosen by its player
        from `state` (None when it has none)."""
        return self.player(self.pick_seat(state), avoid).choose(state)


def random_table(seed: int, players: int, avoid=()):
    """Random players for every seat, sharing one generator, and the seat
    order that draws one of the seats that must decide: (bots, order) for
    loop.Table."""
    seats = RandomSeats(seed, avoid)
    return [seats[seat] for seat in range(players)], seats.order
