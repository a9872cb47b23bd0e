"""Computer players.

Every computer player has the same small interface, so the window, the LAN
host, the headless client and the tools can seat any level:

    bot = make_bot(level, seat, seed)       # level in LEVELS, or "random"
    cmd = bot.choose(view)                  # view = engine.view(state, seat) or a
                                            # LAN replica's state; returns one legal
                                            # command for bot.seat, or None when
                                            # that seat has nothing to decide

A bot decides only from its seat's view and draws its randomness from its own
generator (seeded by `seed`), never from the game's.  A computer seated in a
game is given `bot_seed(game_seed, seat, purpose)`: a one-way function of
the game's seed, so nothing a computer holds tells the game's seed (which
decides every roll and every draw to come).  The protocol and the
safe command a failing bot is replaced by: protocol.py; the one loop that asks
the bots and applies their commands: loop.py.

Layout: facts.py (what a position shows) -> evaluate.py (the valuation) ->
decisions.py, trading.py (choices every level makes alike) -> policy.py
(candidates, the fast policy) -> the levels: random_bot.py, player.py (what
Easy and Medium share), easy.py, medium.py, hard.py (with search.py and
determinize.py); belief.py: the card counting Medium and Hard keep.
"""

import hashlib

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


def bot_seed(game_seed, seat: int, purpose: str = "play") -> int:
    """The seed of the computer playing `seat` (or helping it: `purpose`
    names what for, so two computers of one seat never share a generator)
    in a game dealt with `game_seed`.  BLAKE2b, a one-way function: the
    game's seed cannot be worked back from it, so a computer's own input
    never carries the rolls and draws to come (a multiplication mod 2**63,
    as before, was undone by one more)."""
    text = b"%d\0%d\0" % (game_seed or 0, seat) + purpose.encode("utf-8")
    digest = hashlib.blake2b(text, digest_size=8, person=b"kolonisten-bot").digest()
    return int.from_bytes(digest, "big") >> 1
