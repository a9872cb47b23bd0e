"""A digest of the engine's results over random games, to compare two checkouts.

    python -m tools.check.engine_digest [--base 80] [--ck 20] [--json]

Run it in two checkouts (say, a worktree of main before a change, and the
change) with the same arguments: equal digests mean the engine listed the same
commands, produced the same outcomes and events and reached the same states,
bit for bit.  Two digests:

- `listings`: random games, `--base` of the base game and
  `--ck` of Cities & Knights (3 and 4 players in turn; offers listed in two
  games of three; every fifth base game with the config's separate dice
  streams): every list of legal commands, every command's outcome and events,
  and the state hash every 97 commands and at the end;
- `bench_games`: the games of tools.bench.engine, played through its loop
  (like for like, with every command, and C&K): each game's command count and
  final state hash.

A random game is the game a uniform choice among the listed commands makes,
with a generator of its own (game/bots/random_bot.py), so a changed listing
changes the rest of its game, and the digest with it.
"""

import argparse
import functools
import hashlib
import itertools

from game.bots.loop import Table
from game.bots.random_bot import RandomSeats
from game.engine import apply, default_config, legal_commands, new_game
from game.engine.codec import state_hash
from tools.bench import print_figures
from tools.bench.engine import TURN_LIMIT, _random_table

HASH_EVERY = 97         # commands between two state hashes taken into the digest
TURN_CAP = 600          # turns of a listings game


class _Listed:
    """A random player that puts every list of legal commands it draws from
    into the digest (seat `seat`, its generator shared: RandomSeats')."""

    def __init__(self, seat, offers, rng, digest):
        self.seat, self.offers, self.below, self.digest = seat, offers, rng.below, digest

    def choose(self, state):
        cmds = legal_commands(state, self.seat, self.offers)
        self.digest.update(repr(cmds).encode())
        return cmds[self.below(len(cmds))]


def listings_digest(base_games: int, ck_games: int) -> str:
    h = hashlib.sha256()
    for rules, games in (("base", base_games), ("ck", ck_games)):
        for g in range(games):
            config = default_config(rules=rules, players=3 + g % 2, seed=100 + g)
            if rules == "base" and g % 5 == 4:
                config["streams"] = True
            state, _ = new_game(config)
            seats = RandomSeats(g)
            offers = g % 3 != 0
            bots = [_Listed(seat, offers, seats.rng, h) for seat in range(state.n)]

            def after(move):
                h.update(repr(move.record).encode())        # the command's outcome and events
                if table.moves % HASH_EVERY == 0:
                    h.update(repr(state_hash(state)).encode())

            table = Table(bots, itertools.repeat(state).__next__, functools.partial(apply, state),
                          view=lambda seat: state, order=seats.order)
            table.run(turn_cap=TURN_CAP, after=after)
            h.update(repr(state_hash(state)).encode())
    return h.hexdigest()


def bench_games_digest(base_games: int, ck_games: int) -> str:
    h = hashlib.sha256()
    for rules, games, exclude in (("base", base_games, ("offer",)), ("base", base_games, ()), ("ck", ck_games, ())):
        for g in range(games):
            state, _ = new_game(default_config(rules=rules, players=4, seed=1 + g))
            table = _random_table(state, 1 + g, exclude)
            table.run(turn_cap=TURN_LIMIT if rules == "base" else 2500)
            h.update(repr((table.moves, state_hash(state))).encode())
    return h.hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", type=int, default=80, help="base games (default 80)")
    ap.add_argument("--ck", type=int, default=20, help="Cities & Knights games (default 20)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.base < 0 or args.ck < 0:
        ap.error("--base and --ck take a number of games, 0 or more")
    out = {"base": args.base, "ck": args.ck, "listings": listings_digest(args.base, args.ck),
           "bench_games": bench_games_digest(args.base, args.ck)}
    print_figures(out, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
