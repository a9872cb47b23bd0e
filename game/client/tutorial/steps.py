"""The guided first game: its setup and its steps, in order.

The person plays seat 0 against three Easy computers, base rules on the
beginner board, to a short target (`TARGET` points instead of 10; the
first step says so).  The dice are shaped as the game goes (dice.py: the
config's `mixed_dice`, the guide choosing each roll's mix), so the cards
each step needs come whatever the person built in between; the seed
(`SEED`) puts knights on top of the development deck, and the computers
buy no cards (computers.py), so the person's cards are the knights the
steps play.

A step is one thing taught.  It waits either for Next (`kinds` empty: an
explanation) or for the person's command of one of its `kinds`; `choose`
names the command the step asks for now (the ringed spot, the card to
give), or None while it cannot be done yet, and for the kinds in
`pinned` (a board spot) only that command will do, for the others any
command of the kind.  While a step cannot be done yet, `routine` says the
turn's plain next move (roll, end the turn, a discard) and `lacks` what
the step still needs (the dice bring it).  A step is done after its
command, unless its `done` says otherwise (Longest Road: roads until you
hold it).  A step the game or the person already did (`settled`: an offer
everybody declined, a city built before its lesson) is shown as an
explanation of what happened (its texts `.done.what` / `.done.why`).

`points` is what a step brings the person; the guide keeps the person
from reaching the target before the last of them (guide.py).

The lessons of the `group` "lessons" come in whatever order the person's
cards allow: the 7, the bank, the development card, Longest Road, a
settlement, a city and Largest Army (`after` the knight of the development
card's lesson); a lesson is its `opens` step and the steps after it up to
the next one (the 7: the roll, the discards, the robber, the steal).  The
guide takes them in order, except one that cannot be done now when
another can."""

import math
from dataclasses import dataclass
from typing import Callable

from game.bots.facts import PIPS, node_pips, seat_production, spots_by_distance
from game.engine import apply, check, default_config, deciders
from game.engine.board import board_of
from game.engine.constants import COST_CITY, COST_DEV, COST_ROAD, COST_SETTLEMENT, KNIGHT
from game.engine.rules import discard_limit
from game.engine.state import GAME_OVER, MAIN, ROBBER, STEAL, TRADE

PLAYERS = 4
PERSON = 0                       # the person's seat
LEVEL = "easy"
TARGET = 8                       # points that win the guided game
# The development deck of this seed starts with eight knights (and the
# person founds first): whatever the person buys, the steps' cards are knights.
SEED = 1122
# The person's founding corners (they found first and last): wood, wool
# and the board's best ore, then wood and brick for the roads; of the
# corners tried these bring every lesson soonest (tools/tutorial_dice.py).
FOUNDING = (31, 44)
LONGEST_MIN = 5                  # roads in a row for Longest Road (B-8.1)
ARMY_MIN = 3                     # knights played for Largest Army (B-9.3)


def config() -> dict:
    """The guided game's config (the engine validates it): every roll carries
    the mix the guide chose for it (dice.py)."""
    return dict(default_config(players=PLAYERS, board="beginner", seed=SEED, vp_target=TARGET), mixed_dice=True)


def computers() -> list:
    return [None if seat == PERSON else LEVEL for seat in range(PLAYERS)]


# --- what the person is asked to do (each from the person's own view) ----------------

def _of(legal, kind):
    return [c for c in legal if c[0] == kind]


def _node_pips(v, node) -> int:
    board = board_of(v)
    return sum(PIPS[v.numbers[h]] for h in board.node_hexes[node])


# What the lessons cost per resource, about: founding weighs each kind by
# it over what the board yields of it (the beginner board is short of ore).
LESSON_CARDS = (4, 4, 4, 6, 6)


def _spread(v, pips) -> float:
    """A production worth founding on for the lessons: every kind a little
    (each lesson asks for other cards) before much of one, the kinds the
    lessons need and the board has little of first."""
    board = [0] * 5
    for h, t in enumerate(v.terrain):
        if t < 5:
            board[t] += PIPS[v.numbers[h]]
    return sum(math.sqrt(p) * w / max(1, b) for p, w, b in zip(pips, LESSON_CARDS, board))


def choose_found(v, me, legal):
    """The founding corner: the one `FOUNDING` names for it, else (taken) the
    one that, with what the person produces already, spreads the production
    best over the kinds the lessons need."""
    cmds = _of(legal, "place_settlement")
    designed = ("place_settlement", me, FOUNDING[min(1, buildings(v, me))])
    if designed in cmds:
        return designed
    have = seat_production(v, me, skip_robber=False)
    return max(cmds, key=lambda c: (_spread(v, [a + b for a, b in zip(have, node_pips(v, c[2]))]), -c[2]), default=None)


def _far_end(v, me, edge):
    """The end of a new road away from the person's own pieces."""
    edge_nodes = board_of(v).edge_nodes
    a, b = edge_nodes[edge]
    mine = {n for e, o in enumerate(v.edge_owner) if o == me for n in edge_nodes[e]}
    mine |= {n for n, o in enumerate(v.node_owner) if o == me}
    return b if a in mine else a


def _outlook(v, me, cmd):
    """How much a road opens up: None when it runs into another player's
    building (a road that leads nowhere), else (the fewest more roads to a
    free settlement spot, that spot's pips) — roads before, pips after."""
    far = _far_end(v, me, cmd[2])
    if v.node_owner[far] not in (-1, me):
        return None
    copy = v.copy()
    apply(copy, cmd, validate=False)
    spots = spots_by_distance(copy, me, 3)
    if not spots:
        return (9, 0)
    near = min(spots.values())
    return (near, max(_node_pips(v, n) for n, d in spots.items() if d == near))


def _road_key(v, me, cmd, longest):
    outlook = _outlook(v, me, cmd)
    blocked = outlook is None
    near, pips = outlook or (9, 0)
    length = 0
    if longest:
        copy = v.copy()
        apply(copy, cmd, validate=False)
        length = copy.road_len[me]
    return (not blocked, length, -near, pips, -cmd[2])


def choose_found_road(v, me, legal):
    """The founding road toward the best free spot, never into a neighbour."""
    cmds = _of(legal, "place_road")
    return max(cmds, key=lambda c: _road_key(v, me, c, longest=False), default=None)


def choose_road(v, me, legal):
    """A road toward a free settlement spot (never one running into another
    player's building)."""
    return max(_of(legal, "build_road"), key=lambda c: _road_key(v, me, c, longest=False), default=None)


def choose_longest(v, me, legal):
    """The road that makes the person's road longest, toward open corners."""
    return max(_of(legal, "build_road"), key=lambda c: _road_key(v, me, c, longest=True), default=None)


def choose_settlement(v, me, legal):
    """The corner the person can build on that spreads their production best
    (the kinds they lack first); with none in reach, the road toward the
    nearest free corner (the step then asks for a road first)."""
    built = _of(legal, "build_settlement")
    if built:
        have = seat_production(v, me, skip_robber=False)
        return max(built, key=lambda c: (_spread(v, [a + b for a, b in zip(have, node_pips(v, c[2]))]), -c[2]))
    if spots_by_distance(v, me, 0):
        return None                    # a corner to build on: the cards are missing
    return choose_road(v, me, legal)


def choose_city(v, me, legal):
    return max(_of(legal, "build_city"), key=lambda c: (_node_pips(v, c[2]), -c[2]), default=None)


def robber_harm(v, me, h) -> tuple:
    """What the robber on hex `h` costs the others and not the person (less
    on a kind the lessons need much: the person trades for those)."""
    nodes = board_of(v).hex_nodes[h]
    owners = [v.node_owner[n] for n in nodes]
    if me in owners or h == v.robber:
        return (-1, 0, -h)
    others = sum(v.node_level[n] for n in nodes if v.node_owner[n] not in (-1, me))
    rich = any(v.hand_n[o] for o in owners if o not in (-1, me))
    kind = v.terrain[h]
    spared = min(LESSON_CARDS) / LESSON_CARDS[kind] if kind < len(LESSON_CARDS) else 0
    return (others * PIPS[v.numbers[h]] * spared + 100 * rich, others, -h)


def choose_robber(v, me, legal):
    """A hex where others build and the person does not, the richer the
    better, with a card to take there."""
    return max(_of(legal, "move_robber"), key=lambda c: robber_harm(v, me, c[2]), default=None)


def choose_steal(v, me, legal):
    return max(_of(legal, "steal"), key=lambda c: (v.hand_n[c[2]], -c[2]), default=None) or \
        (_of(legal, "skip_steal") or [None])[0]


def choose_discard(v, me, legal):
    """Half the hand, from the kinds held most."""
    need = v.discard_need[me]
    hand = list(v.hands[me])
    out = [0] * len(hand)
    for _ in range(need):
        k = max(range(len(hand)), key=lambda i: (hand[i], -i))
        hand[k] -= 1
        out[k] += 1
    return ("discard", me, tuple(out))


def choose_offer(v, me, legal):
    """Two of the kind held most (one if none is held twice) for one of a
    kind held least, to everyone."""
    if "end_turn" not in {c[0] for c in legal}:
        return None
    hand = v.hands[me]
    give_kind = max(range(5), key=lambda k: (hand[k], -k))
    get_kind = min((k for k in range(5) if k != give_kind), key=lambda k: (hand[k], k))
    if hand[give_kind] == 0:
        return None
    give, get = [0] * len(hand), [0] * len(hand)
    give[give_kind], get[get_kind] = min(2, hand[give_kind]), 1
    cmd = ("offer", me, tuple(give), tuple(get), tuple(s for s in range(v.n) if s != me))
    return cmd if check(v, cmd) is None else None


def _answering(v, me) -> bool:
    """Others still answer the person's open offer."""
    return v.phase == TRADE and any(s != me for s in deciders(v))


def choose_answer(v, me, legal):
    """Once all have answered: trade with the first who accepted, or withdraw."""
    if _answering(v, me):
        return None
    return (_of(legal, "confirm_trade") + _of(legal, "cancel_trade") or [None])[0]


def choose_maritime(v, me, legal):
    """The bank trade that leaves the most to build: one after which
    something can be built (a bank trade of the last wood left nothing to
    build), the cards given of a kind the coming steps do not need, else not
    the last of a kind, the card taken the one they lack most."""
    cmds = _of(legal, "maritime")
    if not cmds:
        return None
    after_bank = list(range(STEP_NAMES.index("bank") + 1, len(STEPS)))
    cards, weight = coming_lacks(v, me, after_bank)
    hand = v.hands[me]
    needed = coming_needs(v, me, after_bank)

    def key(c):
        give, get = c[2], c[3]
        left = hand[give] - v.ratios[me][give]
        after = list(hand)
        after[give], after[get] = left, after[get] + 1
        builds = any(all(after[k] >= n for k, n in cost) for cost in (COST_ROAD, COST_SETTLEMENT, COST_CITY, COST_DEV))
        return (builds, left >= needed[give], left > 0, cards[get] * weight[get], left - needed[give], -hand[get],
                -give, -get)
    return max(cmds, key=key)


def choose_plain(kind):
    def pick(v, me, legal):
        return (_of(legal, kind) or [None])[0]
    return pick


def choose_seven_roll(v, me, legal):
    """The roll of the 7's lesson, once the person holds more than the
    discard limit (the dice then bring the 7 and a discard shows)."""
    return ("roll", me) if ("roll", me) in legal and v.hand_n[me] > discard_limit(v, me) else None


def choose_knight_build(v, me, legal):
    """Toward Largest Army: play a knight when one may be played, else buy a card."""
    return (_of(legal, "play_knight") or _of(legal, "buy_dev") or [None])[0]


def choose_knight_robber(v, me, legal):
    return choose_robber(v, me, legal) or choose_steal(v, me, legal)


# Routine moves where any choice of the person will do.
ANY_ROUTINE = ("discard", "steal", "skip_steal", "move_robber", "accept", "decline", "counter")
# Builds, bank trades and offers the person may make on their own turn
# whatever the step (unless the step asks for that kind itself, on a spot it
# names): the guide teaches, it does not hold the cards back.
FREE = ("build_road", "build_settlement", "build_city", "maritime", "offer")


def routine(v, me, legal):
    """The turn's plain next move while the step waits: what must be answered
    first (a discard, the robber after a knight, a steal, an offer), else the
    roll, else the end of the turn.  None: nothing for the person to do."""
    kinds = {c[0] for c in legal}
    if "discard" in kinds:
        return choose_discard(v, me, legal)
    if "move_robber" in kinds:
        return choose_robber(v, me, legal)
    if "steal" in kinds or "skip_steal" in kinds:
        return choose_steal(v, me, legal)
    if "cancel_trade" in kinds:
        return choose_answer(v, me, legal)          # (None: the others still answer)
    if "decline" in kinds:
        return ("decline", me)
    for kind in ("roll", "end_turn"):
        if kind in kinds:
            return (kind, me)
    return None


# --- what the steps need --------------------------------------------------------------

def _cost(*costs):
    def need(v, me, whole=True):
        out = [0] * 5
        for cost in costs:
            for kind, k in cost:
                out[kind] += k
        return out, 0
    return need


def _need_pair(v, me, whole=True):
    """An offer: two of one kind (the kind held most)."""
    hand = v.hands[me]
    kind = max(range(5), key=lambda k: (hand[k], -k))
    out = [0] * 5
    out[kind] = 2
    return out, 0


def _need_bank(v, me, whole=True):
    """A bank trade: the ratio of the kind the person comes to soonest (the
    fewest cards short for what they produce of it)."""
    hand, ratios = v.hands[me], v.ratios[me]
    made = seat_production(v, me)
    kind = min(range(5), key=lambda k: (max(0, ratios[k] - hand[k]) / max(made[k], 1), LESSON_CARDS[k], k))
    out = [0] * 5
    out[kind] = ratios[kind]
    return out, 0


def _need_seven(v, me, whole=True):
    """A 7 with a discard: more cards in hand than the limit."""
    return [0] * 5, discard_limit(v, me) + 1


def _need_knight(v, me, whole=True):
    return ([0] * 5, 0) if v.dev[me][KNIGHT] else _cost(COST_DEV)(v, me)


def _need_longest(v, me, whole=True):
    """The roads still to build for Longest Road (`whole` False: the next one)."""
    others = max(v.road_len[s] for s in range(v.n) if s != me)
    roads = max(0, max(LONGEST_MIN, others + 1) - v.road_len[me]) if v.longest_road != me else 0
    return _cost(*[COST_ROAD] * (roads if whole else min(roads, 1)))(v, me)


def _need_settlement(v, me, whole=True):
    extra = [] if spots_by_distance(v, me, 0) else [COST_ROAD]
    return _cost(COST_SETTLEMENT, *extra)(v, me)


def _need_army(v, me, whole=True):
    """The cards still to buy for Largest Army (`whole` False: the next one)."""
    cards = max(0, ARMY_MIN - v.knights[me] - v.dev[me][KNIGHT])
    return _cost(*[COST_DEV] * (cards if whole else min(cards, 1)))(v, me)


# --- when a step is done or already done ------------------------------------------------

def _rolled(v, me) -> bool:
    return bool(v.rolled) and v.current == me


def _seven(v, me) -> bool:
    return _rolled(v, me) and v.dice is not None and sum(v.dice) == 7


def _trade_closed(v, me) -> bool:
    return v.phase != TRADE


def _no_discard(v, me) -> bool:
    return v.current == me and not v.discard_need[me]


def _no_steal(v, me) -> bool:
    return v.current == me and v.phase not in (ROBBER, STEAL)


def _knight_played(v, me) -> bool:
    return v.knights[me] > 0


def _robbed(v, me) -> bool:
    return v.phase not in (ROBBER, STEAL)


def _longest(v, me) -> bool:
    return v.longest_road == me


def buildings(v, me) -> int:
    return sum(1 for o in v.node_owner if o == me)


def _settled_more(v, me) -> bool:
    """A settlement beyond the two founded ones stands already."""
    return buildings(v, me) > 2


def _has_city(v, me) -> bool:
    return any(o == me and v.node_level[n] == 2 for n, o in enumerate(v.node_owner))


def _army(v, me) -> bool:
    return v.largest_army == me


def _over(v, me) -> bool:
    return v.phase == GAME_OVER


def _main(v, me) -> bool:
    return v.phase == MAIN


# --- the steps ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    name: str                            # texts: tutorial.step.<name>.what / .why
    kinds: tuple = ()                    # commands it waits for; () waits for Next
    choose: Callable = None              # (view, seat, legal) -> the command asked now, or None
    pinned: tuple = ()                   # kinds for which only the chosen command will do (a board spot)
    done: Callable = None                # (view, seat) -> finished (default: after its command)
    ready: Callable = None               # (view, seat) -> an explanation may show now (default: always)
    settled: Callable = None             # (view, seat) -> already done: shown as what happened
    lacks: Callable = None               # (view, seat, whole=True) -> (cards per kind it needs (whole
                                         # False: for its next command), cards in hand it needs)
    points: int = 0                      # points it brings the person
    trade_first: bool = False            # a trade step: building (which ends trading, B-4.1) waits for it
    group: str = None                    # lessons of one group come in any order (see above)
    opens: bool = False                  # the first step of a lesson of a group
    after: str = None                    # a lesson of a group: the step that must come before it


STEPS = (
    Step("welcome"),
    Step("island"),
    Step("found", ("place_settlement",), choose_found, pinned=("place_settlement",)),
    Step("found_road", ("place_road",), choose_found_road, pinned=("place_road",)),
    Step("found_second", ("place_settlement",), choose_found, pinned=("place_settlement",)),
    Step("found_road_second", ("place_road",), choose_found_road, pinned=("place_road",)),
    Step("roll", ("roll",), choose_plain("roll")),
    Step("production", ready=_rolled),
    Step("costs", ready=_rolled),
    Step("build_road", ("build_road",), choose_road, pinned=("build_road",), lacks=_cost(COST_ROAD)),
    Step("end_turn", ("end_turn",), choose_plain("end_turn")),
    Step("offer", ("offer",), choose_offer, lacks=_need_pair, trade_first=True),
    Step("answers", ("confirm_trade", "cancel_trade"), choose_answer, settled=_trade_closed, trade_first=True),
    Step("seven_roll", ("roll",), choose_seven_roll, done=_seven, lacks=_need_seven, group="lessons", opens=True),
    Step("seven", ready=_seven, group="lessons"),
    Step("discard", ("discard",), choose_discard, settled=_no_discard, group="lessons"),
    Step("robber", ("move_robber",), choose_robber, pinned=("move_robber",), group="lessons"),
    Step("steal", ("steal", "skip_steal"), choose_steal, settled=_no_steal, group="lessons"),
    Step("bank", ("maritime",), choose_maritime, lacks=_need_bank, trade_first=True, group="lessons", opens=True),
    Step("buy_dev", ("buy_dev",), choose_plain("buy_dev"), lacks=_cost(COST_DEV), group="lessons", opens=True),
    Step("dev_wait", ("end_turn",), choose_plain("end_turn"), group="lessons"),
    Step("knight", ("play_knight", "buy_dev"), choose_knight_build, done=_knight_played, lacks=_need_knight,
         group="lessons"),
    Step("knight_robber", ("move_robber", "steal", "skip_steal"), choose_knight_robber, pinned=("move_robber",),
         done=_robbed, group="lessons"),
    Step("longest_intro", ready=_main, group="lessons", opens=True),
    Step("longest", ("build_road",), choose_longest, pinned=("build_road",), done=_longest, settled=_longest,
         lacks=_need_longest, points=2, group="lessons"),
    Step("settlement", ("build_settlement", "build_road"), choose_settlement, pinned=("build_settlement", "build_road"),
         done=lambda v, me: buildings(v, me) > 2, settled=_settled_more, lacks=_need_settlement, points=1,
         group="lessons", opens=True),
    Step("city", ("build_city",), choose_city, pinned=("build_city",), settled=_has_city, lacks=_cost(COST_CITY),
         points=1, group="lessons", opens=True),
    Step("army", ("play_knight", "buy_dev"), choose_knight_build, done=_army, lacks=_need_army, points=2,
         group="lessons", opens=True, after="knight_robber"),
    Step("won", ready=_over),
)

STEP_NAMES = tuple(step.name for step in STEPS)


def shortfall(v, me, step) -> int:
    """How many cards the step still lacks (0: it can be done with the hand)."""
    if step.lacks is None:
        return 0
    cost, cards = step.lacks(v, me)
    return sum(max(0, n - h) for n, h in zip(cost, v.hands[me])) + max(0, cards - v.hand_n[me])


def coming_lacks(v, me, indices, count=6) -> tuple:
    """What the steps at `indices` (the coming ones, in order) still lack
    beyond the hand: per resource the cards, and how much the nearest step
    lacking it weighs (the next 2, the one after 1, later ones 0.5): what
    the dice should bring."""
    cards, weight = [0] * 5, [0.0] * 5
    have = list(v.hands[me])
    for k, step in enumerate([STEPS[i] for i in indices[:count]]):
        if step.lacks is None or (step.settled is not None and step.settled(v, me)):
            continue
        cost, _ = step.lacks(v, me)
        for kind, n in enumerate(cost):
            short = max(0, n - have[kind])
            have[kind] = max(0, have[kind] - n)
            if short:
                cards[kind] += short
                weight[kind] = max(weight[kind], 2.0 if k == 0 else 1.0 if k == 1 else 0.5)
    return cards, weight


def coming_needs(v, me, indices) -> list:
    """Per resource, the cards the steps at `indices` spend."""
    out = [0] * 5
    for step in [STEPS[i] for i in indices]:
        if step.lacks is not None and not (step.settled is not None and step.settled(v, me)):
            for kind, n in enumerate(step.lacks(v, me)[0]):
                out[kind] += n
    return out
