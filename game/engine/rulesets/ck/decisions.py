"""Cities & Knights: decisions (phase DECIDE) — what each may answer, who
may see a hidden answer, and what each answer does."""

from itertools import combinations

from ...constants import COMMODITIES, PROGRESS_HAND_LIMIT, PROGRESS_TRACK, PROGRESS_VP_CARDS, RESOURCES
from ...helpers import IllegalCommand, compositions, move_to_bank, take_from_bank, transfer
from ...ruleset import resume
from ...state import DECIDE
from ..base.building import road_spots, update_longest_road
from .facts import knights_of, plain_cities, recruit_spots
from .pieces import (
    decide, draw_progress, give_cards, lift_knight, place_knight, reduce_city, set_metropolis, to_supply,
    under_deck,
)


def _cards_options(hand, count):
    return [list(c) for c in compositions(hand, count)]


def decision_options(state, seat, pending) -> list:
    """Every legal argument list for `seat`'s answer to the pending decision.
    Card choices list all compositions (they are small: 2 cards, or half a
    hand); `check_decision` accepts exactly these."""
    kind = pending["kind"]
    if kind == "lose_city":
        return [[n] for n in plain_cities(state, seat)]
    if kind == "defender_deck":
        return [[t] for t in range(3) if state.prog_deck_n[t]]
    if kind == "commit":
        active = [n for n in knights_of(state, seat) if state.knight_active[n]]
        return [list(c) for k in range(len(active) + 1) for c in combinations(active, k)]
    if kind == "aqueduct":
        return [[r] for r in RESOURCES if state.bank[r]]
    if kind == "progress_limit":
        return [[PROGRESS_TRACK[c], c] for c in range(25) if state.prog[seat][c]]
    if kind == "retreat":
        return [[n] for n in pending["options"]]
    if kind == "wedding":
        return _cards_options(state.hands[seat], min(2, state.hand_n[seat]))
    if kind == "saboteur":
        return _cards_options(state.hands[seat], pending["need"][seat])
    if kind == "spy":
        cards = [c for c in range(25) if pending["shown"][c] and c not in PROGRESS_VP_CARDS]
        return [[c] for c in cards] or [[-1]]
    if kind == "deserter_remove":
        return [[n] for n in knights_of(state, seat)]
    if kind == "deserter_place":
        return [[n] for n in recruit_spots(state, seat)] + [[-1]]
    if kind == "diplomat_rebuild":
        return [[e] for e in road_spots(state, seat)] + [[-1]]
    if kind == "harbor_answer":
        return [[c] for c in COMMODITIES if state.hands[seat][c]] or [[-1]]
    if kind == "master_merchant":
        target = pending["target"]
        return _cards_options(pending["shown"], min(2, state.hand_n[target]))
    if kind == "metropolis":
        return [[n] for n in plain_cities(state, seat)]
    raise AssertionError(kind)


HIDDEN_ANSWERS = {"progress_limit": (1,), "wedding": None, "spy": None,
                  "harbor_answer": None, "master_merchant": None}


def private_parties(state, seat, pending, args):
    """Seats allowed to see a hidden answer (the answerer and the card's player)."""
    kind = pending["kind"]
    if kind == "progress_limit":
        return [seat]
    if kind in ("spy", "master_merchant"):
        return sorted({seat, pending["target"]})
    if kind == "harbor_answer" and args[0] == -1:
        return None              # "I have no commodity" is said openly
    return sorted({seat, state.current})


def check_resolve(state, cmd):
    seat, kind, args = cmd[1], cmd[2], list(cmd[3])
    pending = state.pending
    if state.phase != DECIDE or pending is None or seat not in pending["seats"]:
        return IllegalCommand("wrong_phase", "no decision of yours is awaited")
    if kind != pending["kind"]:
        return IllegalCommand("wrong_decision", f"the decision awaited is {pending['kind']}")
    if args not in decision_options(state, seat, pending):
        return IllegalCommand("bad_choice", "that is not one of the possible answers")
    return None


def _answered(state, seat, out, events, keep=False):
    """The seat has answered; when every seat has, play goes on."""
    pending = state.pending
    if not keep:
        pending["seats"].remove(seat)
    if not pending["seats"]:
        state.pending = None
        resume(state, out, events)


def apply_resolve(state, cmd, out, events):
    seat, kind, args = cmd[1], cmd[2], list(cmd[3])
    pending = state.pending
    if kind in HIDDEN_ANSWERS and state.rng is not None:
        parties = private_parties(state, seat, pending, args)
        if parties is not None:
            out["private"] = [parties, HIDDEN_ANSWERS[kind]]
    ANSWERS[kind](state, seat, pending, args, out, events)


def answer_lose_city(state, seat, pending, args, out, events):
    reduce_city(state, args[0], events)
    _answered(state, seat, out, events)


def answer_defender_deck(state, seat, pending, args, out, events):
    draw_progress(state, seat, args[0], out, events)
    _answered(state, seat, out, events)


def answer_commit(state, seat, pending, args, out, events):
    for step in state.agenda:
        if step[0] == "battle":
            step[1].extend(args)
            break
    events.append(("knights_committed", seat, tuple(args)))
    _answered(state, seat, out, events)


def answer_aqueduct(state, seat, pending, args, out, events):
    take_from_bank(state, seat, args[0], 1)
    events.append(("aqueduct", seat, args[0]))
    _answered(state, seat, out, events)


def answer_progress_limit(state, seat, pending, args, out, events):
    track, card = args
    if state.prog[seat] is not None and card is not None:
        state.prog[seat][card] -= 1
    state.prog_n[seat] -= 1
    under_deck(state, card, track)
    events.append(("progress_discarded", seat, track, card))
    _answered(state, seat, out, events, keep=state.prog_n[seat] > PROGRESS_HAND_LIMIT)


def answer_retreat(state, seat, pending, args, out, events):
    place_knight(state, seat, args[0], pending["strength"], pending["active"], events)
    events.append(("knight_retreated", seat, args[0]))
    _answered(state, seat, out, events)


def answer_wedding(state, seat, pending, args, out, events):
    count = min(2, state.hand_n[seat])
    cards = None if None in args else args
    give_cards(state, seat, state.current, cards, count)
    events.append(("gave", seat, state.current, count, None if cards is None else tuple(cards)))
    _answered(state, seat, out, events)


def answer_saboteur(state, seat, pending, args, out, events):
    for kind, k in enumerate(args):
        if k:
            move_to_bank(state, seat, kind, k)
    events.append(("discarded", seat, tuple(args)))
    _answered(state, seat, out, events)


def answer_spy(state, seat, pending, args, out, events):
    target, card = pending["target"], args[0]
    if card != -1:
        if card is not None:
            if state.prog[target] is not None:
                state.prog[target][card] -= 1
            if state.prog[seat] is not None:
                state.prog[seat][card] += 1
        state.prog_n[target] -= 1
        state.prog_n[seat] += 1
    events.append(("spied", seat, target, card))
    _answered(state, seat, out, events)


def answer_deserter_remove(state, seat, pending, args, out, events):
    owner, strength, active = lift_knight(state, args[0], events)
    to_supply(state, owner, strength)
    events.append(("knight_deserted", owner, args[0], strength))
    thief = state.current
    # The card's player places one of the same strength, or weaker if none is left.
    usable = [k for k in range(strength, 0, -1) if state.knights_left[thief][k - 1]]
    state.pending = None
    if usable and recruit_spots(state, thief):
        decide(state, "deserter_place", [thief], strength=usable[0], active=active)
        return
    resume(state, out, events)


def answer_deserter_place(state, seat, pending, args, out, events):
    if args[0] != -1:
        place_knight(state, seat, args[0], pending["strength"], pending["active"], events)
        state.knight_fresh[args[0]] = 1
        events.append(("knight_recruited", seat, args[0]))
    _answered(state, seat, out, events)


def answer_diplomat_rebuild(state, seat, pending, args, out, events):
    if args[0] != -1:
        state.edge_owner[args[0]] = seat
        state.roads_left[seat] -= 1
        events.append(("built", seat, "road", args[0]))
        update_longest_road(state, [seat], events)
    _answered(state, seat, out, events)


def answer_harbor_answer(state, seat, pending, args, out, events):
    commodity = args[0]
    if commodity != -1:
        transfer(state, state.current, seat, pending["resource"], 1)
        transfer(state, seat, state.current, commodity, 1)
    events.append(("harbor_swap", state.current, seat, pending["resource"] if commodity != -1 else None,
                   commodity))
    _answered(state, seat, out, events)


def answer_master_merchant(state, seat, pending, args, out, events):
    target = pending["target"]
    count = min(2, state.hand_n[target])
    cards = None if None in args else args
    give_cards(state, target, seat, cards, count)
    events.append(("took", seat, target, count, None if cards is None else tuple(cards)))
    _answered(state, seat, out, events)


def answer_metropolis(state, seat, pending, args, out, events):
    set_metropolis(state, pending["track"], args[0], events)
    _answered(state, seat, out, events)


ANSWERS = {
    "lose_city": answer_lose_city, "defender_deck": answer_defender_deck, "commit": answer_commit,
    "aqueduct": answer_aqueduct, "progress_limit": answer_progress_limit, "retreat": answer_retreat,
    "wedding": answer_wedding, "saboteur": answer_saboteur, "spy": answer_spy,
    "deserter_remove": answer_deserter_remove, "deserter_place": answer_deserter_place,
    "diplomat_rebuild": answer_diplomat_rebuild,
    "harbor_answer": answer_harbor_answer, "master_merchant": answer_master_merchant,
    "metropolis": answer_metropolis,
}


def decide_commands(state, seat):
    pending = state.pending
    if pending is None or seat not in pending["seats"]:
        return []
    return [("resolve", seat, pending["kind"], tuple(a)) for a in decision_options(state, seat, pending)]
