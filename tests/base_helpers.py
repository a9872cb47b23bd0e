"""Shared helpers for the rule tests (B-1 … B-9; ck_helpers adds what only
Cities & Knights needs, CK-1 … CK-11).

A position is best written in the position notation (docs/position.md) and
loaded with `game_at(text)`: the notation's builder derives supplies, points,
road lengths and ratios, and refuses an impossible position.  The older
helpers below set fields of a live state directly and keep it consistent by
hand (bank + hands = 19 per resource, pieces on board + supply, public VP,
road lengths); `consistent()` verifies a state with the engine's own invariant
checker.  What a test asserts should go through the public command path:
`auth.submit`, `check`, `legal_commands`, events.
"""

import pytest

from game.engine import IllegalCommand, check, default_config, legal_commands
from game.engine.board import STANDARD
from game.engine.constants import GENERIC_HARBOR, KNIGHT
from game.engine.invariants import check_state, check_views
from game.engine.longest_road import road_length
from game.engine.match import Authority
from game.engine.notation import names_of
from game.engine.position import parse
from game.engine.rng import Rng
from game.engine.state import PHASE_NAMES
edge_id = names_of(STANDARD).edge_id
node_id = names_of(STANDARD).node_id

KIND = {"wood": 0, "brick": 1, "wool": 2, "grain": 3, "ore": 4, "paper": 5, "cloth": 6, "coin": 7}


def counts(size, named) -> tuple:
    """`size` card counts with the `named` ones ({"wood": 1, ...}) set."""
    out = [0] * size
    for name, k in named.items():
        out[KIND[name]] = k
    return tuple(out)


def cards(**named) -> tuple:
    """Card counts per resource kind, e.g. cards(wood=1, brick=1)."""
    return counts(5, named)


def phase_name(state) -> str:
    return PHASE_NAMES[state.phase]


# --- games and positions --------------------------------------------------------

def game_at(text: str) -> Authority:
    """An authority whose game stands at the position `text` (position notation),
    with an empty log."""
    state = parse(text)
    auth = Authority.__new__(Authority)
    auth.config = dict(state.config)
    auth.state = state
    auth.start_events = ()
    auth.log = []
    return auth


def corner(name: str) -> int:
    """The intersection id of a corner name such as 'J12' (docs/position.md)."""
    return node_id(name)


def side(name: str) -> int:
    """The path id of a side name such as 'J1'."""
    return edge_id(name)


def make_game(players=4, board="beginner", seed=1, **options) -> Authority:
    return Authority(default_config(players=players, board=board, seed=seed, **options))


def start_turn(auth, seat=0, phase="main", turn=None) -> None:
    """Skip the setup: an empty board (unless pieces were put), `seat`'s turn in
    `phase` ("roll" before rolling, "main" after); turn 1 (Cities & Knights: 3)
    unless given."""
    s = auth.state
    ck = s.config["rules"] == "ck"
    s.setup_step = 2 * s.n
    s.turn = turn if turn is not None else (3 if ck else 1)
    s.current = seat
    s.phase = PHASE_NAMES.index(phase)
    s.rolled = phase != "roll"
    s.dice = ([1, 2, 0] if ck else [2, 3]) if s.rolled else None
    s.built = False
    s.dev_played = False


def put_building(state, seat, node, city=False) -> None:
    """A settlement (or city) of `seat` on `node`, taken from supply, scored, and
    with its harbor's ratios (B-7.2)."""
    assert state.node_owner[node] == -1, f"node {node} is taken"
    state.node_owner[node] = seat
    state.node_level[node] = 2 if city else 1
    if city:
        state.cities_left[seat] -= 1
        state.vp_public[seat] += 2
    else:
        state.settlements_left[seat] -= 1
        state.vp_public[seat] += 1
    kind = STANDARD.harbor_nodes(state.harbors).get(node)
    if kind == GENERIC_HARBOR:
        state.ratios[seat] = [min(r, 3) for r in state.ratios[seat]]
    elif kind is not None:
        state.ratios[seat][kind] = 2
    sync_road_lengths(state)


def put_road(state, seat, *nodes) -> list:
    """Roads of `seat` along a path of adjacent intersections; returns the edges."""
    edges = []
    for a, b in zip(nodes, nodes[1:]):
        e = STANDARD.edge_between(a, b)
        assert state.edge_owner[e] == -1, f"path {a}-{b} is taken"
        state.edge_owner[e] = seat
        state.roads_left[seat] -= 1
        edges.append(e)
    sync_road_lengths(state)
    return edges


def sync_road_lengths(state) -> None:
    for s in range(state.n):
        state.road_len[s] = road_length(state.edge_owner, state.node_owner, state.knight_owner, s)


def set_longest_road(state, seat) -> None:
    """Hand the Longest Road card to `seat` (-1: set aside), moving its 2 VP."""
    if state.longest_road != -1:
        state.vp_public[state.longest_road] -= 2
    state.longest_road = seat
    if seat != -1:
        state.vp_public[seat] += 2


def set_hand(state, seat, counts) -> None:
    """Give `seat` exactly these cards (the 5 resources, or in Cities & Knights
    8 kinds with the commodities), exchanging with the bank."""
    for kind, k in enumerate(counts):
        state.bank[kind] += state.hands[seat][kind] - k
        assert state.bank[kind] >= 0, "the bank does not hold that many cards"
        state.hands[seat][kind] = k
    state.hand_n[seat] = sum(counts)


def give_dev(state, seat, kind, new=False) -> None:
    """Move one development card of `kind` from the deck to `seat`'s hand
    (`new`: as if bought this turn)."""
    state.deck.remove(kind)
    state.deck_n -= 1
    state.dev[seat][kind] += 1
    state.dev_n[seat] += 1
    if new:
        state.dev_new[seat][kind] += 1
        state.dev_new_n[seat] += 1


def put_on_top_of_deck(state, kind) -> None:
    """The next development card drawn will be `kind` (the deck is drawn from its end)."""
    state.deck.remove(kind)
    state.deck.append(kind)


def set_played_knights(state, seat, k) -> None:
    """`seat` has k knights face up (taken out of the deck onto the played pile)."""
    for _ in range(k - state.knights[seat]):
        state.deck.remove(KNIGHT)
        state.deck_n -= 1
        state.dev_discard[KNIGHT] += 1
    state.knights[seat] = k


def set_largest_army(state, seat) -> None:
    if state.largest_army != -1:
        state.vp_public[state.largest_army] -= 2
    state.largest_army = seat
    if seat != -1:
        state.vp_public[seat] += 2


def consistent(state) -> None:
    """The position obeys every whole-state invariant of the engine."""
    problems = check_state(state) + check_views(state)
    assert problems == [], problems


# --- the command path -------------------------------------------------------------

class FixedRng(Rng):
    """The game's generator, but the next results of `below` are fixed by the
    test (a die is below(6) + 1; the Cities & Knights event die is below(6))."""
    __slots__ = ("queue",)

    def __init__(self, rng, values):
        self.state, self.inc = rng.state, rng.inc
        self.queue = list(values)

    def below(self, n):
        if self.queue:
            value = self.queue.pop(0)
            assert 0 <= value < n, f"fixed result {value} out of range for below({n})"
            return value
        return Rng.below(self, n)


def fix_next(auth, *values) -> None:
    auth.state.rng = FixedRng(auth.state.rng, values)


def fix_dice(auth, d1, d2) -> None:
    """The next two dice thrown will be d1 and d2."""
    fix_next(auth, d1 - 1, d2 - 1)


def roll(auth, d1, d2):
    """The current player rolls d1 + d2 through the normal `roll` command."""
    fix_dice(auth, d1, d2)
    return auth.submit(("roll", auth.state.current))


def submit(auth, *cmd):
    return auth.submit(tuple(cmd))


def events(record, kind) -> list:
    return [e for e in record.events if e[0] == kind]


def _normal(cmd) -> tuple:
    return tuple(tuple(a) if isinstance(a, list) else a for a in cmd)


def is_legal(auth, cmd) -> bool:
    """`check` accepts the command (the authoritative answer)."""
    return check(auth.state, _normal(cmd)) is None


def listed(auth, cmd) -> bool:
    """The command is among `legal_commands` for its seat."""
    return _normal(cmd) in legal_commands(auth.state, cmd[1])


def refuse(auth, cmd, code) -> IllegalCommand:
    """The command is refused with `code`, not listed as legal, and changes nothing."""
    cmd = _normal(cmd)
    before = auth.state_hash()
    log_len = len(auth.log)
    assert not listed(auth, cmd), f"{cmd} is listed as legal"
    with pytest.raises(IllegalCommand) as info:
        auth.submit(cmd)
    assert info.value.code == code, \
        f"{cmd}: refused with {info.value.code} ({info.value.detail}), expected {code}"
    assert auth.state_hash() == before and len(auth.log) == log_len
    return info.value


def end_turn(auth):
    return submit(auth, "end_turn", auth.state.current)


def pass_turns(auth, k, dice=(1, 2)):
    """k players in turn roll (a 3 by default: no 7) and end their turn."""
    for _ in range(k):
        roll(auth, *dice)
        end_turn(auth)
