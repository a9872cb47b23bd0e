"""Names used by the position notation (docs/position.md): hexes, corners and
sides by letter and clock face, cards and terrain by letter.

Hexes are lettered A … S row by row, top to bottom, left to right (rows of 3,
4, 5, 4, 3).  A corner of hex J is J plus the hour its point shows on a clock
face: J12 is the top corner, then J2, J4, J6, J8, J10.  A side is named by the
odd hour it faces: J1 is the upper right side (between J12 and J2), J3 the
right side, … J11.  Most corners and sides belong to more than one hex; the
canonical name uses the first hex in letter order, and any name is accepted.
"""

from .board import HEX_EDGES, HEX_NODES, NUM_EDGES, NUM_HEXES, NUM_NODES

HEX_LETTERS = "ABCDEFGHIJKLMNOPQRS"
ROW_LENGTHS = (3, 4, 5, 4, 3)
CORNER_HOURS = (12, 2, 4, 6, 8, 10)      # HEX_NODES order: top, then clockwise
SIDE_HOURS = (1, 3, 5, 7, 9, 11)         # HEX_EDGES order: side k joins corners k and k+1

# Cards: the resource a terrain yields shares its letter (desert: D).
CARD_LETTERS = "WBSGOPCM"                # wood brick wool(sheep) grain ore paper cloth coin(munt)
TERRAIN_LETTERS = "WBSGOD"               # forest hills pasture fields mountains desert
HARBOR_LETTERS = "WBSGO3"                # 2:1 of a resource, or 3 for the generic 3:1
DEV_LETTERS = "KRYMV"                    # knight, road building, year of plenty, monopoly, VP

assert len(HEX_LETTERS) == NUM_HEXES


def _names(pieces_of_hex, hours, count):
    canonical = [None] * count
    lookup = {}
    for h in range(NUM_HEXES):
        for k, piece in enumerate(pieces_of_hex[h]):
            name = f"{HEX_LETTERS[h]}{hours[k]}"
            lookup[name] = piece
            if canonical[piece] is None:
                canonical[piece] = name
    return tuple(canonical), lookup


NODE_NAME, _NODE_LOOKUP = _names(HEX_NODES, CORNER_HOURS, NUM_NODES)
EDGE_NAME, _EDGE_LOOKUP = _names(HEX_EDGES, SIDE_HOURS, NUM_EDGES)


class PositionError(ValueError):
    """A position text that cannot be read, or describes an impossible position."""


def hex_id(name: str) -> int:
    if len(name) != 1 or name not in HEX_LETTERS:
        raise PositionError(f"'{name}' is not a hex (A to S)")
    return HEX_LETTERS.index(name)


def node_id(name: str) -> int:
    node = _NODE_LOOKUP.get(name)
    if node is None:
        raise PositionError(f"'{name}' is not a corner (a hex A-S and an even hour, e.g. J12)")
    return node


def edge_id(name: str) -> int:
    edge = _EDGE_LOOKUP.get(name)
    if edge is None:
        raise PositionError(f"'{name}' is not a side (a hex A-S and an odd hour, e.g. J1)")
    return edge


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


def rows(items) -> str:
    """19 per-hex items as the island's rows, separated by '/'."""
    out, i = [], 0
    for length in ROW_LENGTHS:
        out.append(items[i:i + length])
        i += length
    return out
