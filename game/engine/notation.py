"""Names used by the position notation (docs/position.md): hexes, corners and
sides by letter and clock face, cards and terrain by letter.

Hexes are lettered row by row, top to bottom, left to right: A … S on the
base game's island (rows of 3, 4, 5, 4, 3), A … Z and then a … d on the 5–6
player island (rows of 3, 4, 5, 6, 5, 4, 3).  A corner of hex J is J plus the
hour its point shows on a clock face: J12 is the top corner, then J2, J4, J6,
J8, J10.  A side is named by the odd hour it faces: J1 is the upper right
side (between J12 and J2), J3 the right side, … J11.  Most corners and sides
belong to more than one hex; the canonical name uses the first hex in letter
order, and any name is accepted.  `names_of(board)` gives one island's names.
"""

import functools

CORNER_HOURS = (12, 2, 4, 6, 8, 10)      # Board.hex_nodes order: top, then clockwise
SIDE_HOURS = (1, 3, 5, 7, 9, 11)         # Board.hex_edges order: side k joins corners k and k+1
_HEX_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcd"

# Cards: the resource a terrain yields shares its letter (desert: D).
CARD_LETTERS = "WBSGOPCM"                # wood brick wool(sheep) grain ore paper cloth coin(munt)
TERRAIN_LETTERS = "WBSGOD"               # forest hills pasture fields mountains desert
HARBOR_LETTERS = "WBSGO3"                # 2:1 of a resource, or 3 for the generic 3:1
DEV_LETTERS = "KRYMV"                    # knight, road building, year of plenty, monopoly, VP


class PositionError(ValueError):
    """A position text that cannot be read, or describes an impossible position."""


class Names:
    """The names of one island's hexes, corners and sides (see the module's text)."""

    def __init__(self, board):
        self.board = board
        self.hex_letters = _HEX_ALPHABET[:board.num_hexes]
        self.hex_range = f"{self.hex_letters[0]}-{self.hex_letters[-1]}"
        self.node_name, self._node_lookup = self._names(board.hex_nodes, CORNER_HOURS, board.num_nodes)
        self.edge_name, self._edge_lookup = self._names(board.hex_edges, SIDE_HOURS, board.num_edges)

    def _names(self, pieces_of_hex, hours, count):
        canonical = [None] * count
        lookup = {}
        for h, pieces in enumerate(pieces_of_hex):
            for k, piece in enumerate(pieces):
                name = f"{self.hex_letters[h]}{hours[k]}"
                lookup[name] = piece
                if canonical[piece] is None:
                    canonical[piece] = name
        return tuple(canonical), lookup

    def hex_id(self, name: str) -> int:
        if len(name) != 1 or name not in self.hex_letters:
            raise PositionError(f"'{name}' is not a hex ({self.hex_range})")
        return self.hex_letters.index(name)

    def node_id(self, name: str) -> int:
        node = self._node_lookup.get(name)
        if node is None:
            raise PositionError(f"'{name}' is not a corner (a hex {self.hex_range} and an even hour, e.g. J12)")
        return node

    def edge_id(self, name: str) -> int:
        edge = self._edge_lookup.get(name)
        if edge is None:
            raise PositionError(f"'{name}' is not a side (a hex {self.hex_range} and an odd hour, e.g. J1)")
        return edge

    def rows(self, items) -> list:
        """Per-hex items as the island's rows (joined with '/' in the notation)."""
        out, i = [], 0
        for length in self.board.row_lengths:
            out.append(items[i:i + length])
            i += length
        return out


@functools.cache
def names_of(board) -> Names:
    """The names of `board`'s hexes, corners and sides."""
    return Names(board)


def letters_to_counts(text: str, alphabet: str, what: str) -> list:
    counts = [0] * len(alphabet)
    if text == "-":
        return counts
    for ch in text:
        k = alphabet.find(ch)
        if k < 0:
            raise PositionError(f"'{ch}' in '{text}' is not a {what} letter ({alphabet})")
        counts[k] += 1
    return counts


def counts_to_letters(counts, alphabet: str) -> str:
    return "".join(alphabet[k] * c for k, c in enumerate(counts)) or "-"
