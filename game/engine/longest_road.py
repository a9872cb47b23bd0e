"""Longest Road length (B-8.2): the longest trail through a player's roads that
uses no road twice, cut at intersections held by another player's building
(or, in Cities & Knights, another player's knight, CK-5.5).

Most networks have no cycle once every blocked intersection is cut into one
end per road that meets it (a trail may end there but not pass through).  In
such a forest every trail is a path, and the longest is a tree's diameter,
found in one walk; only a network with a cycle is searched trail by trail.
"""

from .board import board_of_paths
from .helpers import positions


def road_length(edge_owner, node_owner, knight_owner, seat: int) -> int:
    own = positions(edge_owner, seat)
    if not own:
        return 0
    board = board_of_paths(edge_owner)
    length = _forest_length(board, own, node_owner, knight_owner, seat)
    if length is not None:
        return length
    return _trail_length(board, own, node_owner, knight_owner, seat)


class _Cycle(Exception):
    """The network has a cycle: no forest."""


def _forest_length(board, own, node_owner, knight_owner, seat: int):
    """The longest path of the network when it is a forest with every blocked
    intersection cut apart; None when it has a cycle."""
    adj = {}            # node (or, at a blocked one, the end of one road there) -> neighbours
    for e in own:
        a, b = board.edge_nodes[e]
        o, k = node_owner[a], knight_owner[a]
        if (o != -1 and o != seat) or (k != -1 and k != seat):
            a = board.num_nodes + 128 * a + e         # this road's own end at the blocked node
        o, k = node_owner[b], knight_owner[b]
        if (o != -1 and o != seat) or (k != -1 and k != seat):
            b = board.num_nodes + 128 * b + e
        if a in adj:
            adj[a].append(b)
        else:
            adj[a] = [b]
        if b in adj:
            adj[b].append(a)
        else:
            adj[b] = [a]
    if len(own) >= len(adj):
        return None                 # more roads than a forest on these nodes can have
    seen = set()
    best = 0

    def height(node, parent):
        """The longest path down from `node`; the longest through it is kept in `best`."""
        nonlocal best
        h1 = h2 = 0
        for other in adj[node]:
            if other != parent:
                if other in seen:
                    raise _Cycle
                seen.add(other)
                h = height(other, node) + 1
                if h > h1:
                    h1, h2 = h, h1
                elif h > h2:
                    h2 = h
        if h1 + h2 > best:
            best = h1 + h2
        return h1

    try:
        for root in adj:
            if root not in seen:
                seen.add(root)
                height(root, -1)
    except _Cycle:
        return None
    return best


def _trail_length(board, own, node_owner, knight_owner, seat: int) -> int:
    """The longest trail, searched from every node a longest trail may start at."""
    links = {}                  # node -> (bit of the road, the node at its other end) per own road
    for e in own:
        a, b = board.edge_nodes[e]
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
