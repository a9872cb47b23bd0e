"""Longest Road length (B-8.2): the longest trail through a player's roads that
uses no road twice, cut at intersections held by another player's building
(or, in Cities & Knights, another player's knight, CK-5.5)."""

from .board import EDGE_NODES, NODE_LINKS
from .helpers import positions


def road_length(edge_owner, node_owner, knight_owner, seat: int) -> int:
    degree = {}
    for e in positions(edge_owner, seat):
        a, b = EDGE_NODES[e]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    if not degree:
        return 0
    blocked = {n for n in degree
               if (node_owner[n] >= 0 and node_owner[n] != seat)
               or (knight_owner[n] >= 0 and knight_owner[n] != seat)}

    def walk(node, used):
        best = 0
        for e, other in NODE_LINKS[node]:
            if edge_owner[e] == seat and not (used >> e) & 1:
                # A trail may end at a foreign piece but never pass through it.
                length = 1 if other in blocked else 1 + walk(other, used | (1 << e))
                if length > best:
                    best = length
        return best

    # A longest trail can be taken maximal; each of its ends then is a node of
    # odd degree or a blocked node, unless the trail is closed, in which case
    # it covers a whole piece of network with only even, unblocked nodes.  So
    # it suffices to start from those nodes, plus one node of every such piece.
    starts = {n for n, d in degree.items() if d % 2 or n in blocked}
    for piece in _pieces(degree, blocked, edge_owner, seat):
        if not piece & starts:
            starts.add(min(piece))
    return max(walk(n, 0) for n in sorted(starts))


def _pieces(degree, blocked, edge_owner, seat):
    """Node sets of the road network, split at blocked nodes (each blocked
    node ends up in every piece it touches)."""
    seen = set()
    for start in sorted(degree):
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
            for e, other in NODE_LINKS[node]:
                if edge_owner[e] == seat and other not in piece:
                    stack.append(other)
        seen |= piece - blocked
        yield piece
