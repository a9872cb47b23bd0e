"""The rules: which commands are legal, and what they do (base game, B-1 … B-9).

A command is a tuple `(kind, seat, *args)` of plain ints (see COMMANDS).  The
authority calls `apply(state, cmd)`: the command is checked, chance is
resolved with the state's own generator, the state is changed, and
`(outcome, events)` is returned.  `outcome` holds what chance or hidden
information decided (dice, the card drawn, the card stolen, monopoly amounts,
the winner); replaying a command with its outcome on any copy of the game,
including a seat's redacted view, makes the same change (`apply(view, cmd,
outcome, validate=False)`).  That is how peers stay in lockstep.

Legal commands are enumerated by `legal_commands(state, seat)`; `check` says
why anything else is refused.  Both use the same predicates below, so they
cannot disagree about a spot or a cost.
"""

from .board import (
    EDGE_NODES, HEX_NODES, NODE_EDGES, NODE_HEXES, NODE_NEIGHBORS, NUM_EDGES, NUM_HEXES,
    NUM_NODES, harbor_nodes,
)
from .constants import (
    BRICK, COST_CITY, COST_DEV, COST_ROAD, COST_SETTLEMENT, DESERT, DEV_DECK_COUNTS, DISCARD_LIMIT,
    GENERIC_HARBOR, GRAIN, KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, MONOPOLY, ORE,
    RESOURCES, ROAD_BUILDING, VICTORY_POINT, WOOD, WOOL, YEAR_OF_PLENTY,
)
from .longest_road import road_length
from .state import (
    ACCEPTED, COUNTERED, DECIDE, DECLINED, DISCARD, GAME_OVER, MAIN, NOT_ASKED, PENDING, ROAD_BUILDING
    as PHASE_ROAD_BUILDING, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, STEAL, TRADE, State,
    validate_config,
)


# Every reason code a refused command can carry (for translations and tests).
ERROR_CODES = (
    "bad_choice", "bad_seat", "bad_spot", "bad_target", "bad_terms", "bank_empty",
    "cannot_afford", "cannot_improve", "deck_empty", "game_over", "knight_not_ready",
    "malformed", "missing_cards", "no_card", "no_pieces", "not_in_these_rules",
    "not_your_turn", "one_card_per_turn", "robber_locked", "roll_first", "same_kind",
    "too_weak", "trade_over", "unknown_command", "wrong_count", "wrong_decision", "wrong_phase",
)


class IllegalCommand(Exception):
    """A refused command.  `code` is stable (for translations and the network),
    `detail` a plain English explanation."""

    def __init__(self, code: str, detail: str):
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


# kind -> argument types after the seat.  Types: node, edge, hex, seat, res
# (a resource), card (any card kind in this rule set), cards (counts per card
# kind), seats (distinct seats).
COMMANDS = {
    "place_settlement": ("node",),      # setup round (B-3)
    "place_road": ("edge",),            # setup round, or a free road (B-9.4)
    "roll": (),
    "discard": ("cards",),              # B-5.3
    "move_robber": ("hex",),            # B-5.4, B-9.3
    "steal": ("seat",),
    "skip_steal": (),                   # stealing is a right, not a duty (B-5.4)
    "build_road": ("edge",),            # B-6
    "build_settlement": ("node",),
    "build_city": ("node",),
    "buy_dev": (),
    "play_knight": (),                  # B-9
    "play_road_building": (),
    "play_year_of_plenty": ("res", "res"),
    "play_monopoly": ("res",),
    "maritime": ("card", "card"),       # give, get (B-7.2, CK-4.1)
    "offer": ("cards", "cards", "seats"),   # give, get, to (B-7.1)
    "accept": (),                       # answers to an offer
    "decline": (),
    "counter": ("cards", "cards"),      # terms seen from the offerer: give, get
    "confirm_trade": ("seat",),         # the offerer closes with one partner
    "cancel_trade": (),
    "end_turn": (),
    # Cities & Knights (ck.py)
    "place_city": ("node",),            # setup round 2 (CK-2.1)
    "build_wall": ("node",),            # CK-5.1
    "recruit_knight": ("node",),        # CK-5.2
    "activate_knight": ("node",),       # CK-5.3
    "promote_knight": ("node",),        # CK-5.4
    "move_knight": ("node", "node"),    # CK-7.1
    "displace_knight": ("node", "node"),  # CK-7.2
    "chase_robber": ("node",),          # CK-7.3
    "improve": ("track",),              # CK-6
    "progress": ("prog", "args"),       # play a progress card (CK-9, CK-11)
    "resolve": ("name", "args"),        # answer the decision awaited (phase DECIDE)
    "harbor_trade": ("seat", "res"),    # a Commercial Harbor swap (CK-11)
}
BASE_ONLY = frozenset(("buy_dev", "play_knight", "play_road_building", "play_year_of_plenty",
                       "play_monopoly"))
CK_ONLY = frozenset(("place_city", "build_wall", "recruit_knight", "activate_knight",
                     "promote_knight", "move_knight", "displace_knight", "chase_robber",
                     "improve", "progress", "resolve", "harbor_trade"))

MAX_CARDS_IN_COMMAND = 95   # more cards than exist can never be legal
MAX_ARGS = 8


# --- small helpers -------------------------------------------------------------

def _afford(hand, cost) -> bool:
    for kind, k in cost:
        if hand[kind] < k:
            return False
    return True


def _move_to_bank(state: State, seat: int, kind: int, k: int) -> None:
    """Seat pays k cards of one kind to the bank (works on views: unknown hands
    only track their count)."""
    hand = state.hands[seat]
    if hand is not None:
        hand[kind] -= k
    state.hand_n[seat] -= k
    state.bank[kind] += k


def _take_from_bank(state: State, seat: int, kind: int, k: int) -> None:
    _move_to_bank(state, seat, kind, -k)


def _pay(state: State, seat: int, cost) -> None:
    for kind, k in cost:
        _move_to_bank(state, seat, kind, k)


def _transfer(state: State, giver: int, taker: int, kind, k: int) -> None:
    """Move k cards from one hand to another.  `kind` may be None on a view that
    does not know it (then neither of the two hands is known here)."""
    if kind is not None:
        if state.hands[giver] is not None:
            state.hands[giver][kind] -= k
        if state.hands[taker] is not None:
            state.hands[taker][kind] += k
    state.hand_n[giver] -= k
    state.hand_n[taker] += k


def _trading_open(state: State) -> bool:
    """B-4.1: once the player has built or bought, trading is over this turn.
    Cities & Knights lets the player trade and build in any order (seed 003,
    'Het spel in vogelvlucht')."""
    return not state.built or state.config["combine_trade_build"] or state.barb_pos is not None


def may_offer(state: State, seat: int) -> bool:
    """Whether `seat` may open a domestic trade now (B-7.1, B-4.1): the current
    player, after rolling, before building, holding at least one card."""
    return (seat == state.current and state.phase == MAIN and _trading_open(state)
            and state.hand_n[seat] > 0)


def _distance_ok(state: State, node: int) -> bool:
    """B-3.3: the intersection and its neighbours hold no settlement or city."""
    owner = state.node_owner
    if owner[node] != -1:
        return False
    for m in NODE_NEIGHBORS[node]:
        if owner[m] != -1:
            return False
    return True


def _passable(state: State, seat: int, node: int) -> bool:
    """Can seat's road network continue through this intersection (B-6.2, CK-5.5)?"""
    o = state.node_owner[node]
    k = state.knight_owner[node]
    return (o == -1 or o == seat) and (k == -1 or k == seat)


def road_spot_ok(state: State, seat: int, edge: int) -> bool:
    if state.edge_owner[edge] != -1:
        return False
    eo = state.edge_owner
    for n in EDGE_NODES[edge]:
        if state.node_owner[n] == seat:
            return True
        if _passable(state, seat, n):
            for e in NODE_EDGES[n]:
                if eo[e] == seat:
                    return True
    return False


def road_spots(state: State, seat: int) -> list:
    eo, no = state.edge_owner, state.node_owner
    spots = set()
    for e in range(NUM_EDGES):
        if eo[e] == seat:
            for n in EDGE_NODES[e]:
                if _passable(state, seat, n):
                    for f in NODE_EDGES[n]:
                        if eo[f] == -1:
                            spots.add(f)
    for n in range(NUM_NODES):
        if no[n] == seat:
            for f in NODE_EDGES[n]:
                if eo[f] == -1:
                    spots.add(f)
    return sorted(spots)


def settlement_spot_ok(state: State, seat: int, node: int) -> bool:
    if state.knight_owner[node] != -1 or not _distance_ok(state, node):
        return False
    eo = state.edge_owner
    for e in NODE_EDGES[node]:
        if eo[e] == seat:
            return True
    return False


def settlement_spots(state: State, seat: int) -> list:
    return [n for n in range(NUM_NODES) if settlement_spot_ok(state, seat, n)]


def setup_settlement_spots(state: State) -> list:
    return [n for n in range(NUM_NODES) if _distance_ok(state, n)]


def city_spots(state: State, seat: int) -> list:
    return [n for n in range(NUM_NODES)
            if state.node_owner[n] == seat and state.node_level[n] == 1]


def steal_candidates(state: State) -> list:
    """Seats other than the current player with a building on the robber's hex."""
    out = set()
    for n in HEX_NODES[state.robber]:
        o = state.node_owner[n]
        if o != -1 and o != state.current:
            out.add(o)
    return sorted(out)


def playable_dev(state: State, seat: int, kind: int) -> bool:
    """B-9.2: one card per turn, own turn, not bought this turn."""
    if state.dev_played or seat != state.current or state.phase not in (ROLL, MAIN):
        return False
    return state.dev[seat][kind] - state.dev_new[seat][kind] > 0


def _valid_terms(give, get) -> bool:
    """B-7.1: each side gives at least one card; no kind on both sides."""
    if sum(give) == 0 or sum(get) == 0:
        return False
    for a, b in zip(give, get):
        if a and b:
            return False
    return True


def _holds(hand, cards) -> bool:
    for have, need in zip(hand, cards):
        if have < need:
            return False
    return True


def _compositions(hand, total):
    """Every way to choose `total` cards from a hand (counts per kind)."""
    out = []
    kinds = len(hand)
    pick = [0] * kinds

    def rec(i, left):
        if i == kinds - 1:
            if left <= hand[i]:
                pick[i] = left
                out.append(tuple(pick))
            return
        for k in range(min(left, hand[i]), -1, -1):
            pick[i] = k
            rec(i + 1, left - k)
        pick[i] = 0

    rec(0, total)
    return out


# --- shape checks (anything may arrive from the network or a save file) ------

_ARG_LIMITS = {}   # (players, card kinds) -> kind -> per-argument limit or marker


def _arg_limits(n: int, kinds: int) -> dict:
    limits = _ARG_LIMITS.get((n, kinds))
    if limits is None:
        size = {"node": NUM_NODES, "edge": NUM_EDGES, "hex": NUM_HEXES, "seat": n,
                "res": len(RESOURCES), "card": kinds, "track": 3, "prog": 25,
                "cards": "cards", "seats": "seats", "args": "args", "name": "name"}
        limits = {kind: tuple(size[t] for t in spec) for kind, spec in COMMANDS.items()}
        _ARG_LIMITS[(n, kinds)] = limits
    return limits


def _shape_error(state: State, cmd):
    if not isinstance(cmd, (tuple, list)) or len(cmd) < 2 or not isinstance(cmd[0], str):
        return IllegalCommand("malformed", "a command is [kind, seat, arguments...]")
    kinds = len(state.bank)
    limits = (_ARG_LIMITS.get((state.n, kinds)) or _arg_limits(state.n, kinds)).get(cmd[0])
    if limits is None:
        return IllegalCommand("unknown_command", f"no command called {cmd[0]!r}")
    if cmd[0] in (BASE_ONLY if kinds == 8 else CK_ONLY):
        return IllegalCommand("not_in_these_rules", f"{cmd[0]} is not part of these rules")
    if len(cmd) != 2 + len(limits):
        return IllegalCommand("malformed", f"{cmd[0]} takes {len(limits)} argument(s)")
    seat = cmd[1]
    if type(seat) is not int or not 0 <= seat < state.n:
        return IllegalCommand("bad_seat", "no such seat")
    for i, limit in enumerate(limits):
        arg = cmd[2 + i]
        if limit == "cards":
            if type(arg) not in (tuple, list) or len(arg) != kinds:
                return IllegalCommand("malformed", f"card counts must be {kinds} small whole numbers")
            for x in arg:
                if type(x) is not int or not 0 <= x <= MAX_CARDS_IN_COMMAND:
                    return IllegalCommand("malformed", f"card counts must be {kinds} small whole numbers")
        elif limit == "args":
            if (type(arg) not in (tuple, list) or len(arg) > MAX_ARGS
                    or not all(type(x) is int and -1 <= x < 1000 for x in arg)):
                return IllegalCommand("malformed", f"arguments must be up to {MAX_ARGS} small whole numbers")
        elif limit == "name":
            if type(arg) is not str or len(arg) > 40:
                return IllegalCommand("malformed", "a decision name is expected")
        elif limit == "seats":
            if (type(arg) not in (tuple, list) or not arg
                    or not all(type(x) is int and 0 <= x < state.n for x in arg)
                    or len(set(arg)) != len(arg)):
                return IllegalCommand("malformed", "a list of distinct seats is expected")
        elif type(arg) is not int or not 0 <= arg < limit:
            return IllegalCommand("malformed", f"argument {i + 1} must be a whole number below {limit}")
    return None


# --- checks: why a well-formed command is refused ------------------------------

def _need_turn(state: State, seat: int, *phases):
    if seat != state.current:
        return IllegalCommand("not_your_turn", "only the player whose turn it is may do that")
    if state.phase not in phases:
        return IllegalCommand("wrong_phase", "that is not possible at this moment")
    return None


def _chk_place_settlement(state, cmd):
    err = _need_turn(state, cmd[1], SETUP_SETTLEMENT)
    if err is None and state.barb_pos is not None and state.setup_step >= state.n:
        err = IllegalCommand("wrong_phase", "the second round places a city (CK-2.1)")
    if err is None and not _distance_ok(state, cmd[2]):
        err = IllegalCommand("bad_spot", "intersection taken or too close to a building (B-3.3)")
    return err


def _chk_place_road(state, cmd):
    seat, edge = cmd[1], cmd[2]
    err = _need_turn(state, seat, SETUP_ROAD, PHASE_ROAD_BUILDING)
    if err:
        return err
    if state.phase == SETUP_ROAD:
        ok = state.edge_owner[edge] == -1 and state.last_setup_node in EDGE_NODES[edge]
    else:
        ok = road_spot_ok(state, seat, edge)
    return None if ok else IllegalCommand("bad_spot", "a road must join your own network on a free path")


def _chk_roll(state, cmd):
    return _need_turn(state, cmd[1], ROLL)


def _chk_discard(state, cmd):
    seat, cards = cmd[1], cmd[2]
    if state.phase != DISCARD or state.discard_need[seat] == 0:
        return IllegalCommand("wrong_phase", "you do not have to discard now")
    if sum(cards) != state.discard_need[seat]:
        return IllegalCommand("wrong_count", f"discard exactly {state.discard_need[seat]} cards (B-5.3)")
    if not _holds(state.hands[seat], cards):
        return IllegalCommand("missing_cards", "you do not hold those cards")
    return None


def _chk_move_robber(state, cmd):
    err = _need_turn(state, cmd[1], ROBBER)
    if err is None and cmd[2] == state.robber:
        err = IllegalCommand("bad_spot", "the robber must move to another hex (B-5.4)")
    return err


def _chk_steal(state, cmd):
    err = _need_turn(state, cmd[1], STEAL)
    if err is None and cmd[2] not in steal_candidates(state):
        err = IllegalCommand("bad_target", "steal from a player with a building on the robber's hex")
    return err


def _chk_skip_steal(state, cmd):
    return _need_turn(state, cmd[1], STEAL)


def _chk_build(cost, pieces_attr, spot_ok, what):
    def check(state, cmd):
        seat = cmd[1]
        err = _need_turn(state, seat, MAIN)
        if err:
            return err
        if getattr(state, pieces_attr)[seat] == 0:
            return IllegalCommand("no_pieces", f"no {what} left in your supply (B-6.6)")
        if not _afford(state.hands[seat], cost):
            return IllegalCommand("cannot_afford", f"you cannot pay for a {what} (B-6.1)")
        if not spot_ok(state, seat, cmd[2]):
            return IllegalCommand("bad_spot", f"a {what} cannot go there")
        return None
    return check


def _city_spot_ok(state, seat, node):
    return state.node_owner[node] == seat and state.node_level[node] == 1


def _chk_buy_dev(state, cmd):
    seat = cmd[1]
    err = _need_turn(state, seat, MAIN)
    if err:
        return err
    if state.deck_n == 0:
        return IllegalCommand("deck_empty", "no development cards left (B-6.5)")
    if not _afford(state.hands[seat], COST_DEV):
        return IllegalCommand("cannot_afford", "a development card costs grain, wool and ore")
    return None


def _chk_play(kind):
    def check(state, cmd):
        seat = cmd[1]
        err = _need_turn(state, seat, ROLL, MAIN)
        if err:
            return err
        if state.dev_played:
            return IllegalCommand("one_card_per_turn", "one development card per turn (B-9.2)")
        if not playable_dev(state, seat, kind):
            return IllegalCommand("no_card", "you have no such card that you may play now (B-9.2)")
        if kind == ROAD_BUILDING and not (state.roads_left[seat] and road_spots(state, seat)):
            return IllegalCommand("no_pieces", "no road could be placed")
        return None
    return check


def _chk_maritime(state, cmd):
    seat, give, get = cmd[1], cmd[2], cmd[3]
    err = _need_turn(state, seat, MAIN)
    if err:
        return err
    if not _trading_open(state):
        return IllegalCommand("trade_over", "trading is over once you have built (B-4.1)")
    if give == get:
        return IllegalCommand("same_kind", "trade for a different kind")
    if state.hands[seat][give] < state.ratios[seat][give]:
        return IllegalCommand("cannot_afford", f"you need {state.ratios[seat][give]} of that card")
    if state.bank[get] == 0:
        return IllegalCommand("bank_empty", "the bank has none of that card left (B-1.4)")
    return None


def _chk_offer(state, cmd):
    seat, give, get, to = cmd[1], cmd[2], cmd[3], cmd[4]
    err = _need_turn(state, seat, MAIN)
    if err:
        return err
    if not _trading_open(state):
        return IllegalCommand("trade_over", "trading is over once you have built (B-4.1)")
    if seat in to:
        return IllegalCommand("bad_target", "you cannot trade with yourself")
    if not _valid_terms(give, get):
        return IllegalCommand("bad_terms", "both sides give at least one card, never the same kind (B-7.1)")
    if not _holds(state.hands[seat], give):
        return IllegalCommand("missing_cards", "you do not hold the cards you offer")
    return None


def _chk_answer(state, cmd):
    seat = cmd[1]
    if state.phase != TRADE or state.trade["answers"][seat] != PENDING:
        return IllegalCommand("wrong_phase", "no trade offer is waiting for your answer")
    if cmd[0] == "accept" and not _holds(state.hands[seat], state.trade["get"]):
        return IllegalCommand("missing_cards", "you do not hold the cards asked for")
    if cmd[0] == "counter":
        give, get = cmd[2], cmd[3]
        if not _valid_terms(give, get):
            return IllegalCommand("bad_terms", "both sides give at least one card, never the same kind (B-7.1)")
        if not _holds(state.hands[seat], get):
            return IllegalCommand("missing_cards", "you do not hold the cards you would give")
    return None


def _trade_terms(state, partner):
    """The terms (offerer gives, offerer gets) on the table with a partner."""
    trade = state.trade
    if trade["answers"][partner] == COUNTERED:
        return trade["counters"][partner]
    return trade["give"], trade["get"]


def _chk_confirm_trade(state, cmd):
    seat, partner = cmd[1], cmd[2]
    err = _need_turn(state, seat, TRADE)
    if err:
        return err
    if state.trade["answers"][partner] not in (ACCEPTED, COUNTERED):
        return IllegalCommand("bad_target", "that player has not accepted or countered")
    give, get = _trade_terms(state, partner)
    if not _holds(state.hands[seat], give):
        return IllegalCommand("missing_cards", "you do not hold the cards for those terms")
    if state.hands[partner] is not None and not _holds(state.hands[partner], get):
        return IllegalCommand("missing_cards", "your partner no longer holds those cards")
    return None


def _chk_cancel_trade(state, cmd):
    return _need_turn(state, cmd[1], TRADE)


def _chk_end_turn(state, cmd):
    return _need_turn(state, cmd[1], MAIN)


CHECKS = {
    "place_settlement": _chk_place_settlement,
    "place_road": _chk_place_road,
    "roll": _chk_roll,
    "discard": _chk_discard,
    "move_robber": _chk_move_robber,
    "steal": _chk_steal,
    "skip_steal": _chk_skip_steal,
    "build_road": _chk_build(COST_ROAD, "roads_left", road_spot_ok, "road"),
    "build_settlement": _chk_build(COST_SETTLEMENT, "settlements_left", settlement_spot_ok, "settlement"),
    "build_city": _chk_build(COST_CITY, "cities_left", _city_spot_ok, "city"),
    "buy_dev": _chk_buy_dev,
    "play_knight": _chk_play(KNIGHT),
    "play_road_building": _chk_play(ROAD_BUILDING),
    "play_year_of_plenty": _chk_play(YEAR_OF_PLENTY),
    "play_monopoly": _chk_play(MONOPOLY),
    "maritime": _chk_maritime,
    "offer": _chk_offer,
    "accept": _chk_answer,
    "decline": _chk_answer,
    "counter": _chk_answer,
    "confirm_trade": _chk_confirm_trade,
    "cancel_trade": _chk_cancel_trade,
    "end_turn": _chk_end_turn,
}


# Cities & Knights versions of base commands (filled in by ck.py).
CK_CHECKS = {}
CK_DOERS = {}


def check(state: State, cmd):
    """None if `cmd` is legal now, else the IllegalCommand saying why."""
    err = _shape_error(state, cmd)
    if err:
        return err
    if state.phase == GAME_OVER:
        return IllegalCommand("game_over", "the game has ended")
    if state.barb_pos is not None and cmd[0] in CK_CHECKS:
        return CK_CHECKS[cmd[0]](state, cmd)
    return CHECKS[cmd[0]](state, cmd)


# --- legal command enumeration ---------------------------------------------------

def deciders(state: State) -> list:
    """Seats that have a decision to make now (B-4.3: own turn, plus discards
    and answers to a trade offer)."""
    phase = state.phase
    if phase == GAME_OVER:
        return []
    if phase == DISCARD:
        return [s for s in range(state.n) if state.discard_need[s]]
    if phase == TRADE:
        answers = state.trade["answers"]
        return [state.current] + [s for s in range(state.n) if answers[s] == PENDING]
    if phase == DECIDE:
        return list(state.pending["seats"])
    return [state.current]


def _dev_plays(state: State, seat: int, out: list) -> None:
    if state.dev_played:
        return
    dev, new = state.dev[seat], state.dev_new[seat]
    if dev[KNIGHT] > new[KNIGHT]:
        out.append(("play_knight", seat))
    if dev[ROAD_BUILDING] > new[ROAD_BUILDING] and state.roads_left[seat] and road_spots(state, seat):
        out.append(("play_road_building", seat))
    if dev[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
        for a in RESOURCES:
            for b in RESOURCES[a:]:
                out.append(("play_year_of_plenty", seat, a, b))
    if dev[MONOPOLY] > new[MONOPOLY]:
        for r in RESOURCES:
            out.append(("play_monopoly", seat, r))


_OFFER_CACHE = {}


def _one_for_one_offers(hand, kinds):
    """Listed offers: one card of the kind held most for one card of a kind not
    held.  Cached by the hand's shape: this runs for every decision in a turn."""
    most, best, held = -1, 0, 0
    for k in kinds:
        c = hand[k]
        if c:
            held |= 1 << k
            if c > best:
                most, best = k, c
    if most < 0:
        return []
    key = (len(hand), most, held)
    terms = _OFFER_CACHE.get(key)
    if terms is None:
        terms = [(_one(len(hand), most), _one(len(hand), w)) for w in kinds if not hand[w]]
        _OFFER_CACHE[key] = terms
    return terms


def _one(size, kind):
    cards = [0] * size
    cards[kind] = 1
    return tuple(cards)


def legal_commands(state: State, seat: int) -> list:
    """Every legal command for `seat` now, in a stable order.

    Complete for every command kind except free-form trade terms, whose space
    is unbounded: `offer` is listed as one card of the kind held most for one
    card of a kind not held, to every other player, and `counter` as the offer's terms with
    one other held card given instead.  `check` accepts any legal terms."""
    phase = state.phase
    out = []
    if phase == GAME_OVER:
        return out
    if phase == DISCARD:
        need = state.discard_need[seat]
        if need:
            out = [("discard", seat, c) for c in _compositions(state.hands[seat], need)]
        return out
    if phase == TRADE:
        return _trade_commands(state, seat)
    if phase == DECIDE:
        return ck.decide_commands(state, seat)
    if seat != state.current:
        return out
    if phase == MAIN:
        _main_commands(state, seat, out)
    elif phase == ROLL:
        out.append(("roll", seat))
        if state.barb_pos is None:
            _dev_plays(state, seat, out)
        else:
            ck.roll_commands(state, seat, out)
    elif phase == SETUP_SETTLEMENT:
        kind = "place_city" if state.barb_pos is not None and state.setup_step >= state.n else "place_settlement"
        out = [(kind, seat, n) for n in setup_settlement_spots(state)]
    elif phase == SETUP_ROAD:
        out = [("place_road", seat, e) for e in NODE_EDGES[state.last_setup_node]
               if state.edge_owner[e] == -1]
    elif phase == ROBBER:
        out = [("move_robber", seat, h) for h in range(NUM_HEXES) if h != state.robber]
    elif phase == STEAL:
        out = [("steal", seat, v) for v in steal_candidates(state)]
        out.append(("skip_steal", seat))
    elif phase == PHASE_ROAD_BUILDING:
        out = [("place_road", seat, e) for e in road_spots(state, seat)]
    return out


def _main_commands(state: State, seat: int, out: list) -> None:
    hand = state.hands[seat]
    out.append(("end_turn", seat))
    ck_game = state.barb_pos is not None
    if hand[WOOD] and hand[BRICK]:
        if state.roads_left[seat]:
            out.extend(("build_road", seat, e) for e in road_spots(state, seat))
        if hand[GRAIN] and hand[WOOL] and state.settlements_left[seat]:
            out.extend(("build_settlement", seat, n) for n in settlement_spots(state, seat))
    if hand[GRAIN] >= 2 and hand[ORE] >= 3:
        out.extend(("build_city", seat, n) for n in city_spots(state, seat)
                   if state.cities_left[seat] or (ck_game and state.flipped[n]))
    if ck_game:
        ck.main_commands(state, seat, out)
    else:
        if state.deck_n and hand[GRAIN] and hand[WOOL] and hand[ORE]:
            out.append(("buy_dev", seat))
        _dev_plays(state, seat, out)
    if _trading_open(state):
        if ck_game:
            ck.maritime_commands(state, seat, out)
        else:
            ratios, bank = state.ratios[seat], state.bank
            for g in RESOURCES:
                if hand[g] >= ratios[g]:
                    for w in RESOURCES:
                        if w != g and bank[w]:
                            out.append(("maritime", seat, g, w))
        others = tuple(s for s in range(state.n) if s != seat)
        for give, get in _one_for_one_offers(hand, range(len(hand))):
            out.append(("offer", seat, give, get, others))


def _trade_commands(state: State, seat: int) -> list:
    trade = state.trade
    out = []
    if seat == state.current:
        for p in range(state.n):
            if trade["answers"][p] in (ACCEPTED, COUNTERED):
                cmd = ("confirm_trade", seat, p)
                if _chk_confirm_trade(state, cmd) is None:
                    out.append(cmd)
        out.append(("cancel_trade", seat))
    elif trade["answers"][seat] == PENDING:
        hand = state.hands[seat]
        if _holds(hand, trade["get"]):
            out.append(("accept", seat))
        out.append(("decline", seat))
        # Listed counter-offers: the same cards asked of the offerer, but one
        # card of another kind the responder holds in place of what was asked.
        give, get = trade["give"], trade["get"]
        for kind in range(len(hand)):
            if hand[kind] and not get[kind] and not give[kind]:
                out.append(("counter", seat, tuple(give), _one(len(hand), kind)))
    return out


# --- applying commands --------------------------------------------------------------

def apply(state: State, cmd, outcome=None, validate: bool = True):
    """Apply a command; return (outcome, events).

    On the authority (a state that owns its generator) chance is resolved here
    and `outcome` is produced.  On a view (no generator) the outcome the
    authority produced must be given, redacted for that view's audience.
    Raises IllegalCommand, changing nothing, when `validate` and the command
    is not legal."""
    if validate:
        err = check(state, cmd)
        if err:
            raise err
    authority = state.rng is not None
    # A replica works on a copy: steps may keep read cursors in it.
    out = {} if authority else dict(outcome or {})
    events = []
    if state.barb_pos is not None and cmd[0] in CK_DOERS:
        CK_DOERS[cmd[0]](state, cmd, out, events)
    else:
        DOERS[cmd[0]](state, cmd, out, events)
    if state.phase not in (SETUP_SETTLEMENT, SETUP_ROAD, GAME_OVER):
        _check_win(state, out, events, authority)
    return (out or None) if authority else outcome, events


def resume(state: State, out: dict, events: list) -> None:
    """A sub-flow (robber, discards, free roads, a decision) has finished: run
    the steps still on the agenda, or go back to the phase play resumes in."""
    state.phase = DECIDE
    while state.pending is None:
        if not state.agenda:
            state.phase = state.resume_phase
            return
        step = state.agenda.pop(0)
        STEPS[step[0]](state, step, out, events)
        if state.phase not in (DECIDE, GAME_OVER):
            return          # the step started a phase of its own (e.g. discards)
        if state.phase == GAME_OVER:
            return


def _check_win(state: State, out: dict, events: list, authority: bool) -> None:
    """B-8.6: the player whose turn it is wins on reaching the target."""
    if authority:
        seat = state.current
        if state.vp_public[seat] + state.dev[seat][VICTORY_POINT] < state.config["vp_target"]:
            return
        out["win"] = [seat, [d[VICTORY_POINT] for d in state.dev]]
    elif "win" not in out:
        return
    winner, shown = out["win"]
    state.winner = winner
    state.vp_cards_shown = list(shown)
    state.phase = GAME_OVER
    events.append(("won", winner, tuple(shown)))


def _place_building(state: State, seat: int, node: int, events: list) -> None:
    state.node_owner[node] = seat
    state.node_level[node] = 1
    state.settlements_left[seat] -= 1
    state.vp_public[seat] += 1
    kind = harbor_nodes(state.harbors).get(node)
    if kind is not None:
        ratios = state.ratios[seat]
        if kind == GENERIC_HARBOR:          # 3:1 for every card kind (B-7.2, CK-4.1)
            for r in range(len(ratios)):
                if ratios[r] > 3:
                    ratios[r] = 3
        else:
            ratios[kind] = 2
    # The new building may cut other players' roads (B-8.4).
    others = sorted({state.edge_owner[e] for e in NODE_EDGES[node]} - {-1, seat})
    if others:
        update_longest_road(state, others, events)


def _do_place_settlement(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    _place_building(state, seat, node, events)
    events.append(("built", seat, "settlement", node))
    state.last_setup_node = node
    state.phase = SETUP_ROAD
    if state.setup_step >= state.n:
        starting_resources(state, seat, node, events)


def starting_resources(state: State, seat: int, node: int, events: list) -> None:
    """1 resource per land hex touching the second building (B-3.4, CK-2.2)."""
    gains = [0] * len(state.bank)
    for h in NODE_HEXES[node]:
        if state.terrain[h] != DESERT:
            gains[state.terrain[h]] += 1
    for kind, k in enumerate(gains):
        if k:
            _take_from_bank(state, seat, kind, k)
    nothing = (0,) * len(gains)
    events.append(("produced", tuple(tuple(gains) if s == seat else nothing
                                     for s in range(state.n))))


def setup_order(n: int, first: int) -> list:
    """Seats in setup order: clockwise, then counter-clockwise (B-3.1, B-3.2)."""
    round1 = [(first + i) % n for i in range(n)]
    return round1 + round1[::-1]


def _do_place_road(state, cmd, out, events):
    seat, edge = cmd[1], cmd[2]
    state.edge_owner[edge] = seat
    state.roads_left[seat] -= 1
    events.append(("built", seat, "road", edge))
    update_longest_road(state, [seat], events)
    if state.phase == SETUP_ROAD:
        state.setup_step += 1
        if state.setup_step == 2 * state.n:
            state.current = state.first_player      # B-3.5
            state.turn = 1
            state.phase = ROLL
            events.append(("turn", state.current, state.turn))
        else:
            state.current = setup_order(state.n, state.first_player)[state.setup_step]
            state.phase = SETUP_SETTLEMENT
        return
    state.free_roads -= 1
    if state.free_roads == 0 or state.roads_left[seat] == 0 or not road_spots(state, seat):
        state.free_roads = 0
        resume(state, out, events)


def _do_roll(state, cmd, out, events):
    seat = cmd[1]
    if state.barb_pos is not None:
        ck.roll(state, seat, out, events)
        return
    if state.rng is not None:
        out["dice"] = [state.rng.die(), state.rng.die()]
    d1, d2 = out["dice"]
    state.dice = [d1, d2]
    state.rolled = True
    events.append(("rolled", seat, d1, d2))
    if d1 + d2 == 7:
        start_robber(state, MAIN, out, events, with_discards=True)
    else:
        produce(state, d1 + d2, events)
        state.phase = MAIN


def start_robber(state: State, resume_in: int, out: dict, events: list, with_discards: bool) -> None:
    """A 7 (with discards, B-5.3) or a knight (without, B-9.3) sends the current
    player to move the robber; afterwards play resumes in phase `resume`."""
    state.resume_phase = resume_in
    if with_discards:
        need = [k // 2 if k > discard_limit(state, s) else 0 for s, k in enumerate(state.hand_n)]
        if any(need):
            state.discard_need = need
            state.phase = DISCARD
            events.append(("must_discard", tuple(need)))
            return
        after_discards(state, out, events)
        return
    state.phase = ROBBER


def discard_limit(state: State, seat: int) -> int:
    """B-5.3; in Cities & Knights each own city wall adds 2 (CK-3.5, CK-5.1)."""
    if state.ck:
        return DISCARD_LIMIT + 2 * sum(1 for n in range(NUM_NODES)
                                       if state.wall[n] and state.node_owner[n] == seat)
    return DISCARD_LIMIT


_NUMBER_INDEX = {}


def hexes_with_number(numbers, total: int) -> tuple:
    """Hexes carrying a number token, looked up by the board's token layout
    (tokens only move by the Inventor card, so the index is cached)."""
    key = tuple(numbers)
    index = _NUMBER_INDEX.get(key)
    if index is None:
        if len(_NUMBER_INDEX) > 4096:
            _NUMBER_INDEX.clear()
        index = tuple(tuple(h for h in range(NUM_HEXES) if numbers[h] == t) for t in range(13))
        _NUMBER_INDEX[key] = index
    return index[total]


def produce(state: State, total: int, events: list) -> None:
    """B-5.1, B-5.2, B-5.5: pay every building on hexes with this number."""
    kinds = len(state.bank)
    gains = [[0] * kinds for _ in range(state.n)]
    any_gain = False
    terrain, owner, level = state.terrain, state.node_owner, state.node_level
    for h in hexes_with_number(state.numbers, total):
        if h != state.robber:
            t = terrain[h]
            for node in HEX_NODES[h]:
                o = owner[node]
                if o != -1:
                    gains[o][t] += level[node]
                    any_gain = True
    if not any_gain:
        return
    short = []
    for kind in range(kinds):
        demand = 0
        for g in gains:
            demand += g[kind]
        if demand > state.bank[kind]:
            short.append(kind)
            for g in gains:
                g[kind] = 0
    for seat, g in enumerate(gains):
        for kind, k in enumerate(g):
            if k:
                _take_from_bank(state, seat, kind, k)
    events.append(("produced", tuple(tuple(g) for g in gains)))
    if short:
        events.append(("shortage", tuple(short)))


def _do_discard(state, cmd, out, events):
    seat, cards = cmd[1], cmd[2]
    for kind, k in enumerate(cards):
        if k:
            _move_to_bank(state, seat, kind, k)
    state.discard_need[seat] = 0
    events.append(("discarded", seat, tuple(cards)))
    if not any(state.discard_need):
        after_discards(state, out, events)


def after_discards(state: State, out: dict, events: list) -> None:
    """After a 7's discards the robber moves — in Cities & Knights only once the
    barbarians have attacked (CK-3.5)."""
    if state.ck and not state.barb_attacks:
        resume(state, out, events)
    else:
        state.phase = ROBBER


def _do_move_robber(state, cmd, out, events):
    seat, hex_ = cmd[1], cmd[2]
    state.robber = hex_
    events.append(("robber_moved", seat, hex_))
    if steal_candidates(state):
        state.phase = STEAL
    else:
        resume(state, out, events)


def _do_steal(state, cmd, out, events):
    thief, victim = cmd[1], cmd[2]
    had_cards = state.hand_n[victim] > 0      # public: counts are known to all
    if state.rng is not None:
        out["card"] = random_card(state, victim)
    card = out.get("card")    # None on a view that may not know it (B-5.4)
    if had_cards:
        _transfer(state, victim, thief, card, 1)
    events.append(("stole", thief, victim, card if had_cards else -1))
    resume(state, out, events)


def _do_skip_steal(state, cmd, out, events):
    events.append(("steal_skipped", cmd[1]))
    resume(state, out, events)


def random_card(state: State, seat: int) -> int:
    """A uniformly random card from a hand (the authority's generator), or -1
    for an empty hand."""
    if not state.hand_n[seat]:
        return -1
    pick = state.rng.below(state.hand_n[seat])
    for kind, k in enumerate(state.hands[seat]):
        if pick < k:
            return kind
        pick -= k
    raise AssertionError("hand count differs from the hand")


def _do_build_road(state, cmd, out, events):
    seat, edge = cmd[1], cmd[2]
    _pay(state, seat, COST_ROAD)
    state.built = True
    state.edge_owner[edge] = seat
    state.roads_left[seat] -= 1
    events.append(("built", seat, "road", edge))
    update_longest_road(state, [seat], events)


def _do_build_settlement(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    _pay(state, seat, COST_SETTLEMENT)
    state.built = True
    _place_building(state, seat, node, events)
    events.append(("built", seat, "settlement", node))


def _do_build_city(state, cmd, out, events):
    seat, node = cmd[1], cmd[2]
    _pay(state, seat, COST_CITY)
    state.built = True
    state.node_level[node] = 2
    state.cities_left[seat] -= 1
    state.settlements_left[seat] += 1
    state.vp_public[seat] += 1
    events.append(("built", seat, "city", node))


def _do_buy_dev(state, cmd, out, events):
    seat = cmd[1]
    _pay(state, seat, COST_DEV)
    state.built = True
    if state.rng is not None:
        out["card"] = state.deck.pop()
    card = out.get("card")
    state.deck_n -= 1
    state.dev_n[seat] += 1
    state.dev_new_n[seat] += 1
    if card is not None and state.dev[seat] is not None:
        state.dev[seat][card] += 1
        state.dev_new[seat][card] += 1
    events.append(("bought_dev", seat, card))


def _spend_dev(state: State, seat: int, kind: int, events: list) -> None:
    if state.dev[seat] is not None:
        state.dev[seat][kind] -= 1
    state.dev_n[seat] -= 1
    state.dev_discard[kind] += 1
    state.dev_played = True
    events.append(("played_dev", seat, kind))


def _do_play_knight(state, cmd, out, events):
    seat = cmd[1]
    _spend_dev(state, seat, KNIGHT, events)
    state.knights[seat] += 1
    holder = state.largest_army
    k = state.knights[seat]
    if holder != seat and k >= LARGEST_ARMY_MIN and (holder == -1 or k > state.knights[holder]):
        if holder != -1:                                   # B-8.5
            state.vp_public[holder] -= 2
        state.vp_public[seat] += 2
        state.largest_army = seat
        events.append(("largest_army", seat, k))
    start_robber(state, state.phase, out, events, with_discards=False)


def _do_play_road_building(state, cmd, out, events):
    seat = cmd[1]
    _spend_dev(state, seat, ROAD_BUILDING, events)
    state.resume_phase = state.phase
    if road_spots(state, seat):
        state.free_roads = min(2, state.roads_left[seat])   # B-9.4
        state.phase = PHASE_ROAD_BUILDING


def _do_play_year_of_plenty(state, cmd, out, events):
    seat = cmd[1]
    _spend_dev(state, seat, YEAR_OF_PLENTY, events)
    got = [0] * len(state.bank)
    for kind in cmd[2:4]:
        if state.bank[kind]:            # as far as the bank has them (B-9.5)
            _take_from_bank(state, seat, kind, 1)
            got[kind] += 1
    events.append(("year_of_plenty", seat, tuple(got)))


def _do_play_monopoly(state, cmd, out, events):
    seat, kind = cmd[1], cmd[2]
    _spend_dev(state, seat, MONOPOLY, events)
    if state.rng is not None:
        out["amounts"] = [0 if s == seat else state.hands[s][kind] for s in range(state.n)]
    amounts = out["amounts"]
    for s, k in enumerate(amounts):
        if k:
            _transfer(state, s, seat, kind, k)
    events.append(("monopoly", seat, kind, tuple(amounts)))


def _do_maritime(state, cmd, out, events):
    seat, give, get = cmd[1], cmd[2], cmd[3]
    ratio = state.ratios[seat][give]
    _move_to_bank(state, seat, give, ratio)
    _take_from_bank(state, seat, get, 1)
    events.append(("maritime", seat, give, ratio, get))


def _do_offer(state, cmd, out, events):
    seat, give, get, to = cmd[1], cmd[2], cmd[3], cmd[4]
    answers = [NOT_ASKED] * state.n
    for s in to:
        answers[s] = PENDING
    state.trade = {"give": list(give), "get": list(get), "answers": answers,
                   "counters": [None] * state.n}
    state.phase = TRADE
    events.append(("offered", seat, tuple(give), tuple(get), tuple(sorted(to))))


def _do_answer(state, cmd, out, events):
    seat = cmd[1]
    trade = state.trade
    if cmd[0] == "accept":
        trade["answers"][seat] = ACCEPTED
        events.append(("trade_answer", seat, "accept"))
    elif cmd[0] == "decline":
        trade["answers"][seat] = DECLINED
        events.append(("trade_answer", seat, "decline"))
        if all(a in (NOT_ASKED, DECLINED) for a in trade["answers"]):
            state.trade = None                # everyone said no: offer withdrawn
            state.phase = MAIN
            events.append(("trade_closed", state.current))
    else:
        trade["answers"][seat] = COUNTERED
        trade["counters"][seat] = [list(cmd[2]), list(cmd[3])]
        events.append(("trade_answer", seat, "counter", tuple(cmd[2]), tuple(cmd[3])))


def _do_confirm_trade(state, cmd, out, events):
    seat, partner = cmd[1], cmd[2]
    give, get = _trade_terms(state, partner)
    for kind in range(len(give)):
        if give[kind]:
            _transfer(state, seat, partner, kind, give[kind])
        if get[kind]:
            _transfer(state, partner, seat, kind, get[kind])
    state.trade = None
    state.phase = MAIN
    events.append(("traded", seat, partner, tuple(give), tuple(get)))


def _do_cancel_trade(state, cmd, out, events):
    state.trade = None
    state.phase = MAIN
    events.append(("trade_closed", cmd[1]))


def _do_end_turn(state, cmd, out, events):
    if state.barb_pos is not None:
        ck.end_turn(state, out, events)
    else:
        next_turn(state, events)


def next_turn(state: State, events: list) -> None:
    n = state.n
    state.current = (state.current + 1) % n
    state.turn += 1
    state.rolled = False
    state.dev_played = False
    state.built = False
    state.dice = None
    for s in range(n):
        if state.dev_new_n[s]:
            state.dev_new_n[s] = 0
            if state.dev_new[s] is not None:
                state.dev_new[s] = [0] * 5
    state.phase = ROLL
    events.append(("turn", state.current, state.turn))


DOERS = {
    "place_settlement": _do_place_settlement,
    "place_road": _do_place_road,
    "roll": _do_roll,
    "discard": _do_discard,
    "move_robber": _do_move_robber,
    "steal": _do_steal,
    "skip_steal": _do_skip_steal,
    "build_road": _do_build_road,
    "build_settlement": _do_build_settlement,
    "build_city": _do_build_city,
    "buy_dev": _do_buy_dev,
    "play_knight": _do_play_knight,
    "play_road_building": _do_play_road_building,
    "play_year_of_plenty": _do_play_year_of_plenty,
    "play_monopoly": _do_play_monopoly,
    "maritime": _do_maritime,
    "offer": _do_offer,
    "accept": _do_answer,
    "decline": _do_answer,
    "counter": _do_answer,
    "confirm_trade": _do_confirm_trade,
    "cancel_trade": _do_cancel_trade,
    "end_turn": _do_end_turn,
}


# --- special cards ---------------------------------------------------------------------

def update_longest_road(state: State, seats, events: list) -> None:
    """Recompute road lengths of `seats` and move the Longest Road card
    (B-8.2 … B-8.4, with the almanac's set-aside rule)."""
    holder = state.longest_road
    holder_cut = False
    for s in seats:
        new = road_length(state.edge_owner, state.node_owner, state.knight_owner, s)
        if s == holder and new < state.road_len[s]:
            holder_cut = True
        state.road_len[s] = new
    lengths = state.road_len
    best = max(lengths)
    leaders = [s for s in range(state.n) if lengths[s] == best]
    new_holder = holder
    if holder != -1 and not holder_cut:
        if best > lengths[holder] and len(leaders) == 1:
            new_holder = leaders[0]                       # strictly longer (B-8.3)
    else:
        new_holder = leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else -1
    if new_holder != holder:
        if holder != -1:
            state.vp_public[holder] -= 2
        if new_holder != -1:
            state.vp_public[new_holder] += 2
        state.longest_road = new_holder
        events.append(("longest_road", new_holder, best))


# --- a new game --------------------------------------------------------------------------

def new_game(config: dict):
    """Create the authority's state for a config; returns (state, events).

    Raises ValueError for an unusable config."""
    from .board import beginner_layout, random_layout
    from .rng import Rng
    reason = validate_config(config)
    if reason:
        raise ValueError(reason)
    state = State.blank(config)
    rng = Rng(config["seed"])
    state.rng = rng
    if config["board"] == "beginner":
        state.terrain, state.numbers, state.harbors = beginner_layout()
    else:
        state.terrain, state.numbers, state.harbors = random_layout(rng)
    state.robber = state.terrain.index(DESERT)          # B-2.5
    if config["rules"] == "ck":
        ck.deal(state, rng)
    else:
        deck = [kind for kind, k in enumerate(DEV_DECK_COUNTS) for _ in range(k)]
        rng.shuffle(deck)
        state.deck, state.deck_n = deck, len(deck)
    events = []
    # B-3.1: the highest roll starts; ties roll again among themselves.
    contenders = list(range(state.n))
    while len(contenders) > 1:
        rolls = [rng.die() + rng.die() for _ in contenders]
        events.append(("start_roll", tuple(contenders), tuple(rolls)))
        top = max(rolls)
        contenders = [s for s, r in zip(contenders, rolls) if r == top]
    state.first_player = state.current = contenders[0]
    events.append(("first_player", state.current))
    return state, events


STEPS = {}      # agenda steps, filled in by ck.py

from . import ck  # noqa: E402  (registers the Cities & Knights commands)
