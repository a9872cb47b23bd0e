"""Helpers for the Cities & Knights rule tests (CK-1 … CK-11).

Like base_helpers: a game is created with `Authority`, a position is set up by
writing state fields while keeping every invariant (bank + hands, pieces on
board + supply, public VP, road lengths, 54 progress cards), and what a test
asserts goes through the real command path.  `Table` wraps an authority with
one replica per audience and checks after every accepted command that each
replica, fed only its redacted record, stays in lockstep with the authority,
and that the whole state is still consistent.
"""

from game.engine import check, legal_commands
from game.engine.constants import PROGRESS_INDEX, PROGRESS_TRACK, PROGRESS_VP_CARDS
from game.engine.longest_road import road_length
from game.engine.match import Authority, Replica

from base_helpers import (  # noqa: F401 (re-exported for the Cities & Knights tests)
    FixedRng, _normal, consistent, counts, events, fix_next, make_game, put_building, put_road,
    refuse, start_turn, sync_road_lengths)
from base_helpers import phase_name as phase  # noqa: F401
from base_helpers import set_hand as set_cards  # noqa: F401

P = PROGRESS_INDEX


def hand(**named) -> tuple:
    """Counts per card kind (5 resources + 3 commodities), e.g. hand(ore=1, coin=2)."""
    return counts(8, named)


# --- positions -----------------------------------------------------------------------------

def make_ck(players=4, seed=1, **options) -> Authority:
    return make_game(players=players, seed=seed, rules="ck", **options)


def put_city(state, seat, node) -> None:
    put_building(state, seat, node, city=True)


def put_knight(state, seat, node, strength=1, active=False) -> None:
    assert state.knight_owner[node] == -1 and state.node_owner[node] == -1
    state.knight_owner[node] = seat
    state.knight_strength[node] = strength
    state.knight_active[node] = int(active)
    state.knights_left[seat][strength - 1] -= 1
    sync_road_lengths(state)


def put_wall(state, node) -> None:
    seat = state.node_owner[node]
    assert state.node_level[node] == 2 and not state.wall[node]
    state.wall[node] = 1
    state.walls_left[seat] -= 1


def set_level(state, seat, track, level) -> None:
    state.improvements[seat][track] = level


def put_metropolis(state, track, node) -> None:
    seat = state.node_owner[node]
    assert state.metropolis[track] == -1 and state.improvements[seat][track] >= 4
    state.metropolis[track] = node
    state.vp_public[seat] += 2


def give_prog(state, seat, name, k=1) -> None:
    """Move progress cards of a kind from their deck into `seat`'s hand."""
    card = P[name]
    for _ in range(k):
        state.prog_decks[PROGRESS_TRACK[card]].remove(card)
        state.prog_deck_n[PROGRESS_TRACK[card]] -= 1
        state.prog[seat][card] += 1
        state.prog_n[seat] += 1


def give_vp_card(state, seat, name) -> None:
    card = P[name]
    assert card in PROGRESS_VP_CARDS
    state.prog_decks[PROGRESS_TRACK[card]].remove(card)
    state.prog_deck_n[PROGRESS_TRACK[card]] -= 1
    state.prog_vp[seat] += 1
    state.vp_public[seat] += 1


def on_top(state, name) -> None:
    """The next card drawn from its deck will be `name` (decks are drawn from the end)."""
    card = P[name]
    deck = state.prog_decks[PROGRESS_TRACK[card]]
    deck.remove(card)
    deck.append(card)


def add_vp(state, seat, k) -> None:
    """Raise `seat`'s public VP by k with Defender of Catan cards (simple, consistent)."""
    state.defenders[seat] += k
    state.defenders_left -= k
    state.vp_public[seat] += k


def road_len(state, seat) -> int:
    return road_length(state.edge_owner, state.node_owner, state.knight_owner, seat)


# --- the command path ----------------------------------------------------------------------

class Table:
    """An authority plus a replica per audience (every seat and a spectator).
    Create it after the position is set up."""

    def __init__(self, auth):
        self.auth = auth
        self.consistent()
        self.replicas = {a: Replica(auth.view(a), a) for a in list(range(auth.state.n)) + [None]}
        for rep in self.replicas.values():
            rep.seq = len(auth.log)          # the position may be set up mid-game
        self.records = []

    @property
    def state(self):
        return self.auth.state

    def do(self, *cmd, listed=True):
        """Submit a legal command (`listed`: it must also be among legal_commands,
        which lists free-form trade offers only partially)."""
        cmd = _normal(cmd)
        assert check(self.state, cmd) is None, f"{cmd} refused: {check(self.state, cmd)}"
        if listed:
            assert cmd in legal_commands(self.state, cmd[1]), f"{cmd} not listed as legal"
        record = self.auth.submit(cmd)
        self.records.append(record)
        for a, rep in self.replicas.items():
            rep.receive(record.for_audience(a))
            assert rep.view_hash() == self.auth.view_hash(a), f"replica {a} out of step after {cmd}"
        self.consistent()
        return record

    def consistent(self):
        consistent(self.state)

    def roll(self, white, red, event, *more):
        """The current player rolls: white, red, event face (0-2 ship, 3+t gate of track t)."""
        fix_next(self.auth, white - 1, red - 1, event, *more)
        return self.do("roll", self.state.current)

    def play(self, seat, name, *args):
        return self.do("progress", seat, P[name], tuple(args))

    def resolve(self, seat, kind, *args):
        return self.do("resolve", seat, kind, tuple(args))

    def refuse(self, cmd, code):
        return refuse(self.auth, cmd, code)

    def legal(self, seat, kind=None):
        return [c for c in legal_commands(self.state, seat) if kind is None or c[0] == kind]

