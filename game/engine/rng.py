"""The game's own random generator (PCG32, XSH-RR variant).

Every random choice of a game (board, dice, deck order, steals) comes from one
instance owned by the game state.  We implement it ourselves instead of using
`random.Random` so that a saved game replays identically across Python
versions and platforms, and so that its whole state is two integers that
serialize trivially.
"""

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_SMALL = 1024
_LIMITS = [0] + [(1 << 32) - ((1 << 32) % n) for n in range(1, _SMALL)]   # below()'s bound per n
_TWICE = (1 << 32) | 1             # x * _TWICE: a 32-bit x twice, side by side


class Rng:
    __slots__ = ("state", "inc")

    def __init__(self, seed: int, stream: int = 54):
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next32()

    @classmethod
    def from_state(cls, state: int, inc: int) -> "Rng":
        rng = cls.__new__(cls)
        rng.state = state
        rng.inc = inc
        return rng

    def next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        # The 32-bit rotation right by old >> 59, as one shift of the value
        # written twice side by side (xorshifted * _TWICE).
        return ((xorshifted * _TWICE) >> (old >> 59)) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (n <= 2**32)."""
        if 0 < n < _SMALL:
            limit = _LIMITS[n]
        elif n <= 0:
            raise ValueError("below() needs a positive bound")
        else:
            limit = (1 << 32) - ((1 << 32) % n)
        # Reject the top partial bucket so every residue is equally likely.
        # next32, written out: this runs for every die and every random choice.
        inc, old = self.inc, self.state
        while True:
            new = (old * _MULT + inc) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            x = ((xorshifted * _TWICE) >> (old >> 59)) & 0xFFFFFFFF
            if x < limit:
                self.state = new
                return x % n
            old = new

    def die(self) -> int:
        return self.below(6) + 1

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
