"""Computer players.

Every computer player has the same small interface, so the window, the LAN
host, the headless client and the tools can seat any level:

    bot = make_bot(level, seat, seed)       # level in LEVELS, or "random"
    cmd = bot.choose(view)                  # view = engine.view(state, seat) or a
                                            # LAN replica's state; returns one legal
                                            # command for bot.seat, or None when
                                            # that seat has nothing to decide

A bot decides only from its seat's view and draws its randomness from its own
generator (seeded by `seed`), never from the game's.  The protocol and the
safe command a failing bot is replaced by: protocol.py; the one loop that asks
the bots and applies their commands: loop.py.

Layout: facts.py (what a position shows) -> evaluate.py (the valuation) ->
decisions.py, trading.py (choices every level makes alike) -> policy.py
(candidates, the fast policy) -> the levels: random_bot.py, player.py (what
Easy and Medium share), easy.py, medium.py, hard.py (with search.py and
determinize.py); belief.py: the card counting Medium and Hard keep.
"""

LEVELS = ("easy", "medium", "hard")
ALL_LEVELS = LEVELS + ("random",)      # every level a seat can be given (random: legal moves at random)


def make_bot(level: str, seat: int, seed: int = 0, **options):
    """A computer player for `seat` at `level` ("easy", "medium", "hard" or "random").
    Options: strict=True raises on a refused or failed decision instead of
    falling back to a safe legal command (for tests)."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown computer level {level!r} (choose from {', '.join(LEVELS)})")
    if level == "random":
        from .random_bot import RandomPlayer
        return RandomPlayer(seat, seed)
    if level == "easy":
        from .easy import EasyPlayer
        return EasyPlayer(seat, seed, **options)
    if level == "hard":
        from .hard import HardBot
        options.pop("strict", None)     # the search has its own never-stall fallback
        return HardBot(seat, seed, **options)
    from .medium import MediumPlayer
    return MediumPlayer(seat, seed, **options)
