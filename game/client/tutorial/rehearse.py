"""The guided game played without a window: the person's seat does exactly
what the guide asks (Next on every explanation), the computers play as in
the window (Easy, their own seeds, their seats' views).  Tests use it to
show every step comes, in order; tools/tutorial_dice.py uses it to make the
dice script."""

from game.bots import bot_seed, make_bot
from game.bots.loop import Table, clockwise
from game.engine.state import GAME_OVER

from . import steps as S
from .guide import Guide, TutorialController

MAX_COMMANDS = 4000


def controller(guide=None, dice=None, **kwargs) -> TutorialController:
    names = [f"P{seat + 1}" for seat in range(S.PLAYERS)]
    return TutorialController(S.config(dice), names, [(0, 0, 0)] * S.PLAYERS, guide=guide or Guide(),
                              computers=S.computers(), **kwargs)


def play(c: TutorialController, before_roll=None, max_commands=MAX_COMMANDS, stop=None) -> dict:
    """Play the guided game on `c` to its end (or until `stop(c)`).
    `before_roll(c)` is called before every roll (the dice tool's hook)."""
    guide = c.guide
    seed = c.config["seed"]
    bots = {seat: make_bot(level, seat, bot_seed(seed, seat)) for seat, level in enumerate(c.computers) if level}

    def submit(cmd):
        if cmd[0] == "roll" and before_roll is not None:
            before_roll(c)
        return c.submit(cmd)

    table = Table(bots, lambda: c.view(None), submit, view=c.view, order=clockwise)
    stuck = 0
    while len(c.auth.log) < max_commands and not (stop and stop(c)):
        view = c.view(guide.seat)
        what, step, cmd = guide.advice(view)
        if what == "next":
            if guide.finished:
                break
            c.next()
            continue
        if what in ("do", "routine"):
            submit(cmd)
            continue
        if c.auth.state.phase == GAME_OVER or not table.step():
            stuck += 1
            if stuck > 3:                  # nobody can move: the game is over or stalled
                break
    return {"reached": list(guide.reached), "step": guide.step.name, "commands": len(c.auth.log),
            "turns": c.auth.state.turn, "winner": c.auth.state.winner, "finished": guide.finished}
