"""Longest Road length (B-8.2): the longest trail through a player's roads that
uses no road twice, cut at intersections held by another player's building
(or, in Cities & Knights, another player's knight, CK-5.5)."""

from .board import EDGE_NODES
from .helpers import positions


def road_length(edge_owner, node_owner, knight_owner, seat: int) -> int:
    own = positions(edge_owner, seat)
    if not own:
        return 0
    links = {}                  # node -> (bit of the road, the node at its other end) per own road
    for e in own:
        a, b = EDGE_NODES[e]
        bit = 1 << e
        links.setdefault(a, []).append((bit, b))
        links.setdefault(b, []).append((bit, a))
    blocked = {n for n in links
               if (node_owner[n] >= 0 and node_owner[n] != seat)
               or (knight_owner[n] >= 0 and knight_owner[n] != seat)}

    def walk(node, used):
        best = 0
        for bit, other in links[node]:
            if not used & bit:
                # A trail may end at a foreign piece but never pass through it.
                length = 1 if other in blocked else 1 + walk(other, used | bit)
                if length > best:
                    best = length
        return best

    # A longest trail can be taken maximal; each of its ends then is a node of
    # odd degree or a blocked node, unless the trail is closed, in which case
    # it covers a whole piece of network with only even, unblocked nodes.  So
    # it suffices to start from those nodes, plus one node of every such piece.
    starts = {n for n, ends in links.items() if len(ends) % 2 or n in blocked}
    if len(starts) < len(links):        # some nodes of even degree: pieces without a start?
        for piece in _pieces(links, blocked):
            if not piece & starts:
                starts.add(min(piece))
    # No trail is longer than the network: once one uses every road, stop.
    best = 0
    for n in sorted(starts):
        length = walk(n, 0)
        if length > best:
            best = length
            if best == len(own):
                break
    return best


def _pieces(links, blocked):
    """Node sets of the road network, split at blocked nodes (each blocked
    node ends up in every piece it touches)."""
    seen = set()
    for start in sorted(links):
        if start in seen or start in blocked:
            continue
        piece, stack = set(), [start]
        while stack:
            node = stack.pop()
            if node in piece:
                continue
            piece.add(node)
            if node in blocked:
                continue
            for _, other in links[node]:
                if other not in piece:
                    stack.append(other)
        seen |= piece - blocked
        yield piece
