"""The guided first game: its setup and its steps, in order.

The person plays seat 0 against three Easy computers, base rules on the
beginner board, to a short target (`TARGET` points instead of 10; the
first step says so).  The seed and the scripted dice (`DICE`, one pair per
turn, made by `python -m tools.tutorial_dice`) make every step come in
that game: production for the person's spots, a 7 on the person's own roll,
the cards for roads, a city and three knights.  Past the script the game's
own generator rolls on, so a person who strays still finishes the game.

A step is one thing taught.  It waits either for Next (`kinds` empty: an
explanation) or for the person's command of one of its `kinds`; `choose`
names the command the step asks for now (the ringed spot, the card to
give), or None while it cannot be done yet, and `pinned` steps take only
that command (a board spot), the others any command of their kinds.  While
a step waits for something not possible yet, `routine` says the turn's
plain next move (roll, end the turn, a discard).  A step is done after its
command, unless its `done` says otherwise (Longest Road: roads until you
hold it)."""

from dataclasses import dataclass
from typing import Callable

from game.bots import decisions as D
from game.bots.facts import PIPS
from game.engine import apply, check, default_config, deciders
from game.engine.board import board_of
from game.engine.state import GAME_OVER, TRADE

PLAYERS = 4
PERSON = 0                       # the person's seat
LEVEL = "easy"
TARGET = 8                       # points that win the guided game
SEED = 17
# One pair of dice per turn from turn 1 (python -m tools.tutorial_dice).
DICE = ((1, 4), (1, 2), (1, 1), (2, 6), (2, 1), (6, 6), (3, 5), (1, 5), (3, 6), (1, 3), (3, 4),
        (1, 2), (2, 3), (2, 1), (2, 4), (3, 2), (2, 2), (4, 4), (3, 3), (1, 2), (4, 5), (4, 2),
        (5, 6), (3, 1), (1, 3), (5, 1), (4, 1), (2, 1), (6, 6), (6, 5), (5, 4), (5, 3), (4, 6),
        (2, 2), (5, 5), (1, 2), (1, 1), (6, 3))


def config(dice=None) -> dict:
    """The guided game's config (the engine validates it)."""
    return default_config(players=PLAYERS, board="beginner", seed=SEED, vp_target=TARGET,
                          dice=[list(p) for p in (DICE if dice is None else dice)])


def computers() -> list:
    return [None if seat == PERSON else LEVEL for seat in range(PLAYERS)]


# --- what the person is asked to do (each from the person's own view) ----------------

def _of(legal, kind):
    return [c for c in legal if c[0] == kind]


def _node_pips(v, node) -> int:
    board = board_of(v)
    return sum(PIPS[v.numbers[h]] for h in board.node_hexes[node])


def choose_found(v, me, legal):
    cmds = _of(legal, "place_settlement")
    return max(cmds, key=lambda c: (D.setup_score(v, me, c[2], diversity=True, harbors=False), -c[2]), default=None)


def choose_found_road(v, me, legal):
    cmds = _of(legal, "place_road")
    return D.best_road(v, me, cmds) if cmds else None


def choose_road(v, me, legal):
    """The road that makes the person's road longest, toward good corners."""
    board = board_of(v)
    best, key = None, None
    for cmd in _of(legal, "build_road"):
        copy = v.copy()
        apply(copy, cmd)
        a, b = board.edge_nodes[cmd[2]]
        k = (copy.road_len[me], max(_node_pips(v, a), _node_pips(v, b)), -cmd[2])
        if key is None or k > key:
            best, key = cmd, k
    return best


def choose_settlement(v, me, legal):
    return max(_of(legal, "build_settlement"), key=lambda c: (_node_pips(v, c[2]), -c[2]), default=None)


def choose_city(v, me, legal):
    return max(_of(legal, "build_city"), key=lambda c: (_node_pips(v, c[2]), -c[2]), default=None)


def choose_robber(v, me, legal):
    """A hex where others build and the person does not, the richer the better."""
    board = board_of(v)
    def harm(cmd):
        h = cmd[2]
        owners = [v.node_owner[n] for n in board.hex_nodes[h]]
        if me in owners:
            return (-1, 0, -h)
        others = sum(1 + (v.node_level[n] > 1) for n in board.hex_nodes[h] if v.node_owner[n] not in (None, -1, me))
        return (others * PIPS[v.numbers[h]], others, -h)
    return max(_of(legal, "move_robber"), key=harm, default=None)


def choose_steal(v, me, legal):
    return max(_of(legal, "steal"), key=lambda c: (v.hand_n[c[2]], -c[2]), default=None)


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
    """Two of the kind held most for one of the kind held least, to everyone."""
    if "end_turn" not in {c[0] for c in legal}:
        return None
    hand = v.hands[me]
    give_kind = max(range(5), key=lambda k: (hand[k], -k))
    get_kind = min(range(5), key=lambda k: (hand[k], k))
    if hand[give_kind] < 2 or give_kind == get_kind:
        return None
    give, get = [0] * len(hand), [0] * len(hand)
    give[give_kind], get[get_kind] = 2, 1
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
    hand = v.hands[me]
    cmds = _of(legal, "maritime")
    return max(cmds, key=lambda c: (hand[c[2]], -hand[c[3]], -c[2], -c[3]), default=None)


def choose_plain(kind):
    def pick(v, me, legal):
        return (_of(legal, kind) or [None])[0]
    return pick


def choose_knight_build(v, me, legal):
    """Toward Largest Army: play a knight when one may be played, else buy a card."""
    return (_of(legal, "play_knight") or _of(legal, "buy_dev") or [None])[0]


# Routine moves where any choice of the person will do.
ANY_ROUTINE = ("discard", "steal", "skip_steal", "move_robber")
# Builds and bank trades the person may make on their own turn whatever the
# step (unless the step asks for that kind itself, on a spot it names): the
# guide teaches, it does not hold the cards back.  Not development cards:
# buying one would change which card the buy_dev step draws.
FREE_BUILDS = ("build_road", "build_settlement", "build_city", "maritime")


def routine(v, me, legal):
    """The turn's plain next move while the step waits: what must be answered
    first (a discard, the robber after a knight, a steal), else the roll,
    else the end of the turn.  None: nothing for the person to do."""
    kinds = {c[0] for c in legal}
    if "discard" in kinds:
        return choose_discard(v, me, legal)
    if "move_robber" in kinds:
        return choose_robber(v, me, legal)
    if "steal" in kinds:
        return choose_steal(v, me, legal) or ("skip_steal", me)
    if "cancel_trade" in kinds:
        return choose_answer(v, me, legal)          # (None: the others still answer)
    if "decline" in kinds:
        return ("decline", me)
    for kind in ("roll", "end_turn"):
        if kind in kinds:
            return (kind, me)
    return None


# --- the steps ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    name: str                            # texts: tutorial.step.<name>.what / .why
    kinds: tuple = ()                    # commands it waits for; () waits for Next
    choose: Callable = None              # (view, seat, legal) -> the command asked now, or None
    pinned: bool = False                 # only the chosen command (a board spot) will do
    done: Callable = None                # (view, seat) -> finished (default: after its command)
    ready: Callable = None               # (view, seat) -> an explanation may show now (default: always)
    settled: Callable = None             # (view, seat) -> the game itself ended the step (no command)


def _rolled(v, me) -> bool:
    return bool(v.rolled) and v.current == me


def _seven(v, me) -> bool:
    return _rolled(v, me) and v.dice is not None and sum(v.dice) == 7


def _trade_closed(v, me) -> bool:
    return v.phase != TRADE


def _knight_played(v, me) -> bool:
    return v.knights[me] > 0


def _longest(v, me) -> bool:
    return v.longest_road == me


def _army(v, me) -> bool:
    return v.largest_army == me


def _over(v, me) -> bool:
    return v.phase == GAME_OVER


STEPS = (
    Step("welcome"),
    Step("island"),
    Step("found", ("place_settlement",), choose_found, pinned=True),
    Step("found_road", ("place_road",), choose_found_road, pinned=True),
    Step("found_second", ("place_settlement",), choose_found, pinned=True),
    Step("found_road_second", ("place_road",), choose_found_road, pinned=True),
    Step("roll", ("roll",), choose_plain("roll")),
    Step("production", ready=_rolled),
    Step("costs", ready=_rolled),
    Step("build_road", ("build_road",), choose_road, pinned=True),
    Step("end_turn", ("end_turn",), choose_plain("end_turn")),
    Step("offer", ("offer",), choose_offer),
    Step("answers", ("confirm_trade", "cancel_trade"), choose_answer, settled=_trade_closed),
    Step("bank", ("maritime",), choose_maritime),
    Step("seven_roll", ("roll",), choose_plain("roll"), done=_seven),
    Step("seven", ready=_seven),
    Step("robber", ("move_robber",), choose_robber, pinned=True),
    Step("steal", ("steal",), choose_steal),
    Step("buy_dev", ("buy_dev",), choose_plain("buy_dev")),
    Step("dev_wait", ("end_turn",), choose_plain("end_turn")),
    Step("knight", ("play_knight", "buy_dev"), choose_knight_build, done=_knight_played),
    Step("knight_robber", ("move_robber",), choose_robber, pinned=True),
    Step("longest_intro"),
    Step("longest", ("build_road",), choose_road, pinned=True, done=_longest),
    Step("settlement", ("build_settlement",), choose_settlement, pinned=True),
    Step("city", ("build_city",), choose_city, pinned=True),
    Step("army", ("play_knight", "buy_dev"), choose_knight_build, done=_army),
    Step("won", ready=_over),
)

STEP_NAMES = tuple(step.name for step in STEPS)
