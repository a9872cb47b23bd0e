"""Determinization: one complete game state sampled from what a seat may know.

A search bot only holds its seat's view (`engine.view(state, seat)`): other
seats' hands, development and progress cards are counts, the decks and the
generator are gone.  To search with the engine's own `apply`, it fills those
in with a sample that the seat could not tell apart from the real game:

- resources and commodities: every kind has a fixed total (19, C&K
  commodities 12); what is neither in the public bank nor in the seat's own
  hand is with the other seats, dealt to them by their public hand counts
  (a seat that accepted or countered an open offer holds what it would give),
  inside the bounds of the seat's card counting (belief.py) when it has one;
- development cards: the full deck minus the played (public) cards and the
  seat's own, dealt to the others by their counts (cards bought this turn
  among them by `dev_new_n`), the rest shuffled into the deck;
- progress cards: per track the full composition minus the seat's own cards
  and the victory-point cards already laid face up; decks get their public
  counts per track (an undrawn VP card can only be in a deck), other hands
  the rest;
- private parts of a pending decision (what a Spy is shown, a Commercial
  Harbor resource) are taken from the sampled hands;
- a fresh generator seeded from the bot's own, so dice and draws are sampled.

The sample's view for the seat equals the given view (tests check this).
"""

from itertools import combinations

from game.engine import State
from game.engine.constants import (
    PROGRESS_CARDS, PROGRESS_TRACK,
    PROGRESS_VP_CARDS, RESOURCES, VICTORY_POINT,
)
from game.engine.board import board_of
from game.engine.rng import Rng
from game.engine.state import ACCEPTED, COUNTERED, GAME_OVER, is_ck

def determinize(view: State, seat: int, rng: Rng, belief=None) -> State:
    """A complete state consistent with `view` (seat's view); `rng` is the
    bot's own generator and the only source of randomness.  With a `belief`
    (belief.py, kept by the seat from what it saw) the other hands are dealt
    inside what it says each seat can hold, else uniformly."""
    world = view.copy()
    others = [s for s in range(world.n) if s != seat]
    if belief is None or not belief.deal(world, rng):
        _deal_hands(world, seat, others, rng)
    if is_ck(world):
        _deal_progress(world, seat, others, rng)
        _fill_pending(world, rng)
        for s in others:                # no development cards in these rules
            world.dev[s], world.dev_new[s] = [0] * 5, [0] * 5
    else:
        _deal_development(world, seat, others, rng)
    world.rng = Rng((rng.next32() << 32) | rng.next32(), stream=rng.below(1 << 16))
    if world.config.get("mixed_dice") or world.config.get("streams"):
        # A LAN game's dice come from each roll's mix of every seat's values and from
        # the seed (helpers.dice_rng), which no view holds: a sampled world's from its
        # own generator.
        world.config = dict(world.config, mixed_dice=False, streams=False)
    return world


def _deal(pool: list, counts: dict, rng: Rng) -> dict:
    """Shuffle `pool` and hand each seat its count of items."""
    rng.shuffle(pool)
    dealt, i = {}, 0
    for s, k in counts.items():
        dealt[s] = pool[i:i + k]
        i += k
    return dealt


def _deal_hands(world: State, seat: int, others: list, rng: Rng) -> None:
    kinds = len(world.bank)
    own = world.hands[seat]
    # Cards a seat is known to hold: what it agreed to give in an open trade.
    known = {s: [0] * kinds for s in others}
    if world.trade is not None:
        for s in others:
            answer = world.trade["answers"][s]
            if answer == ACCEPTED:
                known[s] = list(world.trade["get"])
            elif answer == COUNTERED:
                known[s] = list(world.trade["counters"][s][1])
    pool = []
    totals = board_of(world).supply.bank(kinds)
    for kind in range(kinds):
        total = totals[kind]
        pool += [kind] * (total - world.bank[kind] - own[kind] - sum(known[s][kind] for s in others))
    # The unknown cards are exactly the other hands (their counts are public).
    dealt = _deal(pool, {s: world.hand_n[s] - sum(known[s]) for s in others}, rng)
    for s in others:
        hand = known[s]
        for kind in dealt[s]:
            hand[kind] += 1
        world.hands[s] = hand


def _deal_development(world: State, seat: int, others: list, rng: Rng) -> None:
    pool = []
    for kind, k in enumerate(board_of(world).supply.dev_deck):
        pool += [kind] * (k - world.dev_discard[kind] - world.dev[seat][kind])
    # VP cards shown at the end of the game are known exactly.
    shown = {s: max(0, world.vp_cards_shown[s]) for s in others}
    for s in others:
        for _ in range(shown[s]):
            pool.remove(VICTORY_POINT)
    counts = {s: world.dev_n[s] - shown[s] for s in others}
    dealt = _deal(pool, counts, rng)
    deck = pool[sum(counts.values()):]
    over = world.phase == GAME_OVER
    for s in others:
        cards = dealt[s]
        # No more VP cards than shown; and while the game runs, a seat cannot
        # hold enough to have won already (B-8.6): swap the surplus for other
        # cards from the deck where it has some.
        if world.vp_cards_shown[s] >= 0:
            room = 0
        else:
            room = len(cards) if over else max(0, world.config["vp_target"] - 1 - world.vp_public[s])
        for i, card in enumerate(cards):
            if card == VICTORY_POINT:
                if room:
                    room -= 1
                    continue
                swap = next((j for j, d in enumerate(deck) if d != VICTORY_POINT), None)
                if swap is not None:
                    cards[i], deck[swap] = deck[swap], card
        cards += [VICTORY_POINT] * shown[s]
        hand = [0] * 5
        for card in cards:
            hand[card] += 1
        world.dev[s] = hand
        # Cards bought this turn: any dev_new_n of the held ones.
        held = list(cards)
        rng.shuffle(held)
        new = [0] * 5
        for card in held[:world.dev_new_n[s]]:
            new[card] += 1
        world.dev_new[s] = new
    world.deck = deck
    world.deck_n = len(deck)


def _deal_progress(world: State, seat: int, others: list, rng: Rng) -> None:
    own = world.prog[seat]
    # Which VP cards lie face up is not in the state, only how many: sample a
    # choice that fits the decks (an undrawn VP card waits in its deck, and a
    # deck needs enough cards of its track left for its count).
    left = [sum(k - own[c] for c, (_, t, k) in enumerate(PROGRESS_CARDS) if t == track)
            for track in range(3)]

    def fits(shown):
        for c in PROGRESS_VP_CARDS:
            t = PROGRESS_TRACK[c]
            if c in shown and left[t] - 1 < world.prog_deck_n[t]:
                return False
            if c not in shown and world.prog_deck_n[t] == 0:
                return False
        return True

    laid = sum(world.prog_vp)
    choices = [set(combo) for combo in combinations(PROGRESS_VP_CARDS, laid)]
    fitting = [c for c in choices if fits(c)] or choices
    shown = fitting[rng.below(len(fitting))]
    decks, loose = [], []
    for track in range(3):
        cards = [c for c, (_, t, k) in enumerate(PROGRESS_CARDS) if t == track
                 for _ in range(k - own[c]) if c not in shown]
        rng.shuffle(cards)
        # Undrawn VP cards first into the deck (they never stay in a hand).
        cards.sort(key=lambda c: c not in PROGRESS_VP_CARDS)
        n = world.prog_deck_n[track]
        deck = cards[:n]
        rng.shuffle(deck)
        decks.append(deck)
        loose += cards[n:]
    dealt = _deal(loose, {s: world.prog_n[s] for s in others}, rng)
    for s in others:
        hand = [0] * 25
        for card in dealt[s]:
            hand[card] += 1
        world.prog[s] = hand
    world.prog_decks = decks


def _fill_pending(world: State, rng: Rng) -> None:
    """Private data of a pending decision hidden from this seat, from the sample."""
    pending = world.pending
    if not pending or "private" not in pending:
        return
    if pending.get("shown", 0) is None:
        target = pending["target"]
        source = world.prog if pending["kind"] == "spy" else world.hands
        pending["shown"] = list(source[target])
    if pending.get("resource", 0) is None:
        hand = world.hands[world.current]
        held = [r for r in RESOURCES if hand[r]] or list(RESOURCES)
        pending["resource"] = held[rng.below(len(held))]

