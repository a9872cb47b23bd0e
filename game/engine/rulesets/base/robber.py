"""Base rules: the roll and production (B-5.1, B-5.2, B-5.5), and the 7:
discards, the robber and the steal (B-5.3, B-5.4)."""

from ...board import board_of
from ...constants import DISCARD_LIMIT
from ...helpers import IllegalCommand, compositions, holds, move_to_bank, need_turn, random_card, transfer, \
    two_dice
from ...ruleset import resume, ruleset_of
from ...state import DISCARD, MAIN, ROBBER, ROLL, STEAL, State


# --- checks ----------------------------------------------------------------------------

def check_roll(state, cmd):
    return need_turn(state, cmd[1], ROLL)


def check_discard(state, cmd):
    seat, cards = cmd[1], cmd[2]
    if state.phase != DISCARD or state.discard_need[seat] == 0:
        return IllegalCommand("wrong_phase", "you do not have to discard now")
    if sum(cards) != state.discard_need[seat]:
        return IllegalCommand("wrong_count", f"discard exactly {state.discard_need[seat]} cards (B-5.3)")
    if not holds(state.hands[seat], cards):
        return IllegalCommand("missing_cards", "you do not hold those cards")
    return None


def check_move_robber(state, cmd):
    err = need_turn(state, cmd[1], ROBBER)
    if err is None and cmd[2] == state.robber:
        err = IllegalCommand("bad_spot", "the robber must move to another hex (B-5.4)")
    return err


def check_steal(state, cmd):
    err = need_turn(state, cmd[1], STEAL)
    if err is None and cmd[2] not in steal_candidates(state):
        err = IllegalCommand("bad_target", "steal from a player with a building on the robber's hex")
    return err


def check_skip_steal(state, cmd):
    return need_turn(state, cmd[1], STEAL)


# --- the roll ----------------------------------------------------------------------------

def apply_roll(state, cmd, out, events):
    seat = cmd[1]
    if state.rng is not None:
        out["dice"] = two_dice(state, out)
    d1, d2 = out["dice"]
    state.dice = [d1, d2]
    state.rolled = True
    events.append(("rolled", seat, d1, d2))
    if d1 + d2 == 7:
        start_robber(state, MAIN, out, events, with_discards=True)
    else:
        produce(state, d1 + d2, events)
        state.phase = MAIN


_NUMBER_INDEX = {}
_last_numbers = ([], ())        # the board asked for last and its index (one game at a time, mostly)


def hexes_with_number(numbers, total: int) -> tuple:
    """Hexes carrying a number token, looked up by the board's token layout
    (tokens only move by the Inventor card, so the index is cached)."""
    global _last_numbers
    last, index = _last_numbers
    if numbers != last:
        key = tuple(numbers)
        index = _NUMBER_INDEX.get(key)
        if index is None:
            if len(_NUMBER_INDEX) > 4096:
                _NUMBER_INDEX.clear()
            index = tuple(tuple(h for h in range(len(numbers)) if numbers[h] == t) for t in range(13))
            _NUMBER_INDEX[key] = index
        _last_numbers = (list(numbers), index)
    return index[total]


def produce(state: State, total: int, events: list) -> None:
    """B-5.1, B-5.2, B-5.5: pay every building on hexes with this number."""
    board = board_of(state)
    gains = None
    terrain, owner, level, robber = state.terrain, state.node_owner, state.node_level, state.robber
    for h in hexes_with_number(state.numbers, total):
        if h != robber:
            t = terrain[h]
            for node in board.hex_nodes[h]:
                o = owner[node]
                if o != -1:
                    if gains is None:
                        kinds = len(state.bank)
                        gains = [0] * (state.n * kinds)
                        demand = [0] * kinds
                    k = level[node]
                    gains[o * kinds + t] += k
                    demand[t] += k
    if gains is None:
        return
    short = hand_out(state, gains, demand)
    events.append(("produced", gains_by_seat(gains, kinds)))
    if short:
        events.append(("shortage", tuple(short)))


def hand_out(state: State, gains: list, demand: list) -> list:
    """Give each seat its production from the bank; a kind the bank cannot
    give everyone is given to nobody (B-5.2).  `gains`: what each seat
    earns, flat (seat * kinds + kind, kinds = len(demand)), left as given
    out; `demand`: its sum per kind.  Returns the kinds that fell short."""
    kinds = len(demand)
    short = []
    bank, hands, hand_n = state.bank, state.hands, state.hand_n
    for kind, d in enumerate(demand):
        if not d:
            continue
        if d > bank[kind]:
            short.append(kind)
            gains[kind::kinds] = [0] * state.n
            continue
        bank[kind] -= d
        for seat, k in enumerate(gains[kind::kinds]):
            if k:
                hand_n[seat] += k
                if hands[seat] is not None:
                    hands[seat][kind] += k
    return short


def gains_by_seat(gains: list, kinds: int) -> tuple:
    """Flat gains (hand_out) as one tuple of counts per kind for each seat."""
    return tuple(zip(*[iter(gains)] * kinds))


# --- the 7 -------------------------------------------------------------------------------

def start_robber(state: State, resume_in: int, out: dict, events: list, with_discards: bool) -> None:
    """A 7 (with discards, B-5.3) or a knight (without, B-9.3) sends the current
    player to move the robber; afterwards play resumes in phase `resume`."""
    state.resume_phase = resume_in
    if with_discards:
        limit = ruleset_of(state).discard_limit
        need = [k // 2 if k > limit(state, s) else 0 for s, k in enumerate(state.hand_n)]
        if any(need):
            state.discard_need = need
            state.phase = DISCARD
            events.append(("must_discard", tuple(need)))
            return
        ruleset_of(state).after_discards(state, out, events)
        return
    state.phase = ROBBER


def discard_limit(state: State, seat: int) -> int:
    """B-5.3: more cards than this in hand on a 7 and half of them go."""
    return DISCARD_LIMIT


def apply_discard(state, cmd, out, events):
    seat, cards = cmd[1], cmd[2]
    for kind, k in enumerate(cards):
        if k:
            move_to_bank(state, seat, kind, k)
    state.discard_need[seat] = 0
    events.append(("discarded", seat, tuple(cards)))
    if not any(state.discard_need):
        ruleset_of(state).after_discards(state, out, events)


def after_discards(state: State, out: dict, events: list) -> None:
    """After a 7's discards the robber moves."""
    state.phase = ROBBER


def apply_move_robber(state, cmd, out, events):
    seat, hex_ = cmd[1], cmd[2]
    state.robber = hex_
    events.append(("robber_moved", seat, hex_))
    if steal_candidates(state):
        state.phase = STEAL
    else:
        resume(state, out, events)


def steal_candidates(state: State) -> list:
    """Seats other than the current player with a building on the robber's hex."""
    board = board_of(state)
    out = set()
    for n in board.hex_nodes[state.robber]:
        o = state.node_owner[n]
        if o != -1 and o != state.current:
            out.add(o)
    return sorted(out)


def apply_steal(state, cmd, out, events):
    thief, victim = cmd[1], cmd[2]
    had_cards = state.hand_n[victim] > 0      # public: counts are known to all
    if state.rng is not None:
        out["card"] = random_card(state, victim)
    card = out.get("card")    # None on a view that may not know it (B-5.4)
    if had_cards:
        transfer(state, victim, thief, card, 1)
    events.append(("stole", thief, victim, card if had_cards else -1))
    resume(state, out, events)


def apply_skip_steal(state, cmd, out, events):
    events.append(("steal_skipped", cmd[1]))
    resume(state, out, events)


# --- legal commands ----------------------------------------------------------------------

def discard_commands(state: State, seat: int) -> list:
    need = state.discard_need[seat]
    if not need:
        return []
    return [("discard", seat, c) for c in compositions(state.hands[seat], need)]


_ROBBER_MOVES = {}       # (seat, the robber's hex) -> the moves listed (every 7 and knight lists them)


def robber_commands(state: State, seat: int) -> list:
    board = board_of(state)
    key = (seat, state.robber)
    moves = _ROBBER_MOVES.get(key)
    if moves is None:
        moves = _ROBBER_MOVES[key] = tuple(("move_robber", seat, h) for h in range(board.num_hexes) if h != state.robber)
    return list(moves)


def steal_commands(state: State, seat: int) -> list:
    out = [("steal", seat, v) for v in steal_candidates(state)]
    out.append(("skip_steal", seat))
    return out
