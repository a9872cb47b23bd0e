"""What every computer player answers, whatever its level.

    bot.seat, bot.level
    bot.choose(view) -> command or None
        `view` is the seat's view (engine.view(state, seat), a LAN replica's
        state; tools that play random games may hand the full state); the
        answer is one legal command for bot.seat, or None when that seat has
        nothing to decide now.
    bot.observe(record)          (optional)
        called by the game loop (loop.py) after every command, with the
        record as the bot's seat may see it.

`make_bot` (game.bots) makes one for any level.  When a bot fails (raises,
answers nothing or something the rules refuse) the seat plays `safe_command`
instead, so a game never stalls.
"""

from typing import Protocol

from game.engine import deciders
from game.engine.state import TRADE


class Bot(Protocol):
    seat: int
    level: str

    def choose(self, view):
        ...


# Commands that never lose anything.  A seat has at most one of them at a
# time (roll: its turn before the dice, end_turn: after, cancel_trade: its
# own offer open, decline: someone else's offer, pass_build: its part of a
# Special Building Phase).
SAFE_KINDS = ("end_turn", "decline", "cancel_trade", "roll", "pass_build")


def safe_command(cmds):
    """The safe command among `cmds` (legal commands of one seat), else the
    first of them; None when there are none."""
    for cmd in cmds:
        if cmd[0] in SAFE_KINDS:
            return cmd
    return cmds[0] if cmds else None


def awaits_answers(view, seat, away=()) -> bool:
    """True while `seat`'s own trade offer still waits for someone's answer:
    where people answer (the window, a LAN), an offerer closes its offer
    only once nobody asked is still to answer.  Seats in `away` (a LAN seat
    whose player is disconnected) are not waited for."""
    return view.phase == TRADE and view.current == seat and any(
        s != seat and s not in away for s in deciders(view))
