"""The guided game played without a window: the person's seat does what the
guide asks (Next on every explanation), and with a `Wanderer` also makes a
few random moves of its own between the lessons, as a newcomer would; the
computers play as in the window (the guided Easy computers, their own
seeds, their seats' views).  Tests use it to show every step comes, in
order, however the person strays; tools/tutorial_dice.py measures the dice
over many such games; the window's autoplay asks the same Wanderer."""

from game.bots import bot_seed
from game.bots.loop import Table, clockwise
from game.engine import check, legal_commands
from game.engine.rng import Rng
from game.engine.state import GAME_OVER, MAIN

from . import steps as S
from .guide import Guide, TutorialController

MAX_COMMANDS = 4000
WANDER_KINDS = ("build_road", "build_settlement", "build_city", "maritime", "offer")


def controller(guide=None, **kwargs) -> TutorialController:
    names = [f"P{seat + 1}" for seat in range(S.PLAYERS)]
    return TutorialController(S.config(), names, [(0, 0, 0)] * S.PLAYERS, guide=guide or Guide(),
                              computers=S.computers(), **kwargs)


class Wanderer:
    """`moves` random moves of the person's own (builds, bank trades, offers)
    between two lessons: after each step begins, at the first moments the
    person may make them, a kind at random among those possible, then one
    of its commands at random."""

    def __init__(self, moves: int, seed: int):
        self.moves = moves
        self.rng = Rng(seed, stream=91)
        self.step = None
        self.left = 0
        self.made = 0

    def choose(self, c):
        guide, me = c.guide, c.guide.seat
        if guide.index != self.step:
            self.step, self.left = guide.index, self.moves
        view = c.view(me)
        if not self.left or view.current != me or view.phase != MAIN or not view.rolled:
            return None
        by_kind = {}
        for cmd in legal_commands(view, me, offers=False) + self._offers(view, me):
            if cmd[0] in WANDER_KINDS and guide.allows(view, cmd) is None:
                by_kind.setdefault(cmd[0], []).append(cmd)
        if not by_kind:
            return None
        kinds = sorted(by_kind)
        options = by_kind[kinds[self.rng.below(len(kinds))]]
        self.left -= 1
        self.made += 1
        return options[self.rng.below(len(options))]

    def _offers(self, view, me) -> list:
        """One random offer: one or two of a kind held for one of another, to everyone."""
        hand = view.hands[me]
        held = [k for k in range(5) if hand[k]]
        if not held:
            return []
        give_kind = held[self.rng.below(len(held))]
        get_kind = [k for k in range(5) if k != give_kind][self.rng.below(4)]
        give, get = [0] * 5, [0] * 5
        give[give_kind] = 1 + self.rng.below(min(2, hand[give_kind]))
        get[get_kind] = 1
        cmd = ("offer", me, tuple(give), tuple(get), tuple(s for s in range(view.n) if s != me))
        return [cmd] if check(view, cmd) is None else []


def play(c: TutorialController, wander: Wanderer = None, max_commands=MAX_COMMANDS, stop=None) -> dict:
    """Play the guided game on `c` to its end (or until `stop(c)`)."""
    guide = c.guide
    seed = c.config["seed"]
    bots = {seat: c.make_computer(level, seat, bot_seed(seed, seat)) for seat, level in enumerate(c.computers) if level}
    table = Table(bots, lambda: c.view(None), c.submit, view=c.view, order=clockwise)
    stuck = 0
    person_commands = nexts = 0
    while len(c.auth.log) < max_commands and not (stop and stop(c)):
        view = c.view(guide.seat)
        what, step, cmd = guide.advice(view)
        if what == "next":
            if guide.finished:
                break
            c.next()
            nexts += 1
            continue
        if what in ("do", "routine"):
            own = wander.choose(c) if wander is not None else None
            c.submit(own or cmd)
            person_commands += 1
            continue
        if c.auth.state.phase == GAME_OVER or not table.step():
            stuck += 1
            if stuck > 3:                  # nobody can move: the game is over or stalled
                break
    return summary(c, person_commands=person_commands, nexts=nexts, computer_moves=table.moves,
                   wandered=wander.made if wander is not None else 0)


# A newcomer's pace, for the whole game's minutes: reading an explanation,
# making a move of their own; the computers move at the normal pace.
READ_SECONDS, MOVE_SECONDS = 15.0, 6.0


def summary(c, person_commands, nexts, computer_moves, wandered=0) -> dict:
    from ..table.computers import PAUSES
    guide, state = c.guide, c.auth.state
    minutes = (nexts * READ_SECONDS + person_commands * MOVE_SECONDS + computer_moves * PAUSES["normal"]) / 60
    return {"reached": list(guide.reached), "step": guide.step.name, "commands": len(c.auth.log),
            "turns": state.turn, "winner": state.winner, "finished": guide.finished,
            "waits": dict(guide.waits), "max_wait_turns": guide.max_wait, "wandered": wandered,
            "minutes": round(minutes, 1)}
