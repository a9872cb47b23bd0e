"""Computer players.

Every computer player has the same small interface, so the window, the LAN
host, the headless client and the tools can seat any level:

    bot = make_bot(level, seat, seed)       # level in LEVELS, or "random"
    cmd = bot.choose(view)                  # view = engine.view(state, seat) or a
                                            # LAN replica's state; returns one legal
                                            # command for bot.seat, or None when
                                            # that seat has nothing to decide

A bot decides only from its seat's view and draws its randomness from its own
generator (seeded by `seed`), never from the game's.
"""

LEVELS = ("easy", "medium", "hard")


def make_bot(level: str, seat: int, seed: int = 0, **options):
    """A computer player for `seat` at `level` ("easy", "medium", "hard" or "random")."""
    # Until the levelled players land, every level plays uniformly at random.
    if level not in LEVELS + ("random",):
        raise ValueError(f"unknown computer level {level!r} (choose from {', '.join(LEVELS)})")
    from .random_bot import SeatRandomBot
    return SeatRandomBot(level, seat, seed)
