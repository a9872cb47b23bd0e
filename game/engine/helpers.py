"""Small pieces every rule set uses: the refusal of a command, moving cards
between hands and the bank, and the turn check most commands start with.

They work on views too (a hand hidden from this copy is None: only its count
is tracked)."""

import hashlib

from .rng import Rng
from .state import State


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


def need_turn(state: State, seat: int, *phases):
    """The refusal when it is not `seat`'s turn or not one of `phases`, else None."""
    if seat != state.current:
        return IllegalCommand("not_your_turn", "only the player whose turn it is may do that")
    if state.phase not in phases:
        return IllegalCommand("wrong_phase", "that is not possible at this moment")
    return None


def positions(values: list, value) -> list:
    """The indexes at which `values` holds `value`, ascending.  Found with
    list.count and list.index, quicker than a scan when they are few (a
    seat's roads among the paths, its buildings among the corners)."""
    out, at = [], -1
    for _ in range(values.count(value)):
        at = values.index(value, at + 1)
        out.append(at)
    return out


# --- cards -----------------------------------------------------------------------------

def afford(hand, cost) -> bool:
    """Whether a hand holds a cost given as (kind, count) pairs."""
    for kind, k in cost:
        if hand[kind] < k:
            return False
    return True


def holds(hand, cards) -> bool:
    """Whether a hand holds the cards given as counts per kind."""
    for have, need in zip(hand, cards):
        if have < need:
            return False
    return True


def move_to_bank(state: State, seat: int, kind: int, k: int) -> None:
    """Seat pays k cards of one kind to the bank."""
    hand = state.hands[seat]
    if hand is not None:
        hand[kind] -= k
    state.hand_n[seat] -= k
    state.bank[kind] += k


def take_from_bank(state: State, seat: int, kind: int, k: int) -> None:
    move_to_bank(state, seat, kind, -k)


def pay(state: State, seat: int, cost) -> None:
    """Seat pays a cost given as (kind, count) pairs to the bank."""
    for kind, k in cost:
        move_to_bank(state, seat, kind, k)


def transfer(state: State, giver: int, taker: int, kind, k: int) -> None:
    """Move k cards from one hand to another.  `kind` may be None on a view that
    does not know it (then neither of the two hands is known here)."""
    if kind is not None:
        if state.hands[giver] is not None:
            state.hands[giver][kind] -= k
        if state.hands[taker] is not None:
            state.hands[taker][kind] += k
    state.hand_n[giver] -= k
    state.hand_n[taker] += k


MIX = "mix"                 # where the kernel hands a rolling command's mix to dice_rng
MIX_LIMIT = 2 ** 63         # a roll's mix is a whole number below this


def dice_rng(state: State, out: dict) -> Rng:
    """The generator this roll draws from (on the authority).  With the
    config's `mixed_dice` it is made from the roll's mix alone (the mix of the
    values every seat revealed at the roll, net/wire/rolldice.py), which the
    kernel took from the rolling command's last element into `out[MIX]`.
    Otherwise, with the config's `streams` the dice of each turn come from
    their own generator, made from the seed and the turn number alone, so no
    choice made in the game (a steal or its skip, a card bought) changes a
    later roll; without either (hot-seat, and every game saved before) the
    dice draw from the game's one generator, as the steals do."""
    if state.config.get("mixed_dice"):
        return Rng(out.pop(MIX))
    if not state.config.get("streams"):
        return state.rng
    digest = hashlib.sha256(b"kolonisten-dice\0%d\0%d" % (state.config["seed"], state.turn)).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


def two_dice(state: State, out: dict) -> list:
    """The two dice of a base roll on the authority: the config's script for
    this turn, else two dice from `dice_rng`."""
    dice = scripted_dice(state)
    if dice is None:
        rng = dice_rng(state, out)
        dice = [rng.die(), rng.die()]
    return dice


def scripted_dice(state: State):
    """The two dice the config scripts for this turn ([d1, d2]), or None when
    the generator rolls them (no script, or a turn past its end)."""
    script = state.config.get("dice")
    if not script or not 1 <= state.turn <= len(script):
        return None
    return [int(d) for d in script[state.turn - 1]]


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


_COMPOSITIONS = {}       # (hand as a tuple, total) -> compositions (the same hands recur)


def compositions(hand, total) -> tuple:
    """Every way to choose `total` cards from a hand (counts per kind), as
    tuples, the most of the first kind first (then of the next, ...)."""
    key = (tuple(hand), total)
    found = _COMPOSITIONS.get(key)
    if found is None:
        if len(_COMPOSITIONS) >= 4096:
            _COMPOSITIONS.clear()
        found = _COMPOSITIONS[key] = tuple(_compositions(key[0], total))
    return found


def _compositions(hand, total):
    """compositions, built kind by kind, extending every partial choice that
    can still be completed from the kinds after it, so no dead branch is walked."""
    kinds = len(hand)
    room = [0] * (kinds + 1)          # room[i]: cards held of kinds i, i+1, ...
    for i in range(kinds - 1, -1, -1):
        room[i] = room[i + 1] + hand[i]
    if not 0 <= total <= room[0]:
        return []
    if kinds == 1:
        return [(total,)]
    partial = [((), total)]
    for i in range(kinds - 2):
        held, after = hand[i], room[i + 1]
        grown = []
        for prefix, left in partial:
            for k in range(min(left, held), max(0, left - after) - 1, -1):
                grown.append((prefix + (k,), left - k))
        partial = grown
    # The last two kinds at once: what the one before last leaves, the last takes.
    held, last = hand[-2], hand[-1]
    return [prefix + (k, left - k) for prefix, left in partial
            for k in range(min(left, held), max(0, left - last) - 1, -1)]
