"""What every levelled computer player shares: the seat interface, its own
generator, and the guarantee never to stall.

`choose(view)` asks the level's `decide` for a command and checks it against
the rules on the view; if the level has nothing, errs, or proposes something
the rules refuse, a safe legal command is played instead (unless the player
was made `strict`, as tests do, to see such mistakes).
"""

from game.engine import check, deciders, legal_commands
from game.engine.rng import Rng

from . import decisions as D
from .protocol import safe_command


class Player:
    level = "?"
    stream = 1

    def __init__(self, seat: int, seed: int = 0, strict: bool = False, **options):
        self.seat = seat
        self.rng = Rng(seed, stream=self.stream)
        self.strict = strict
        self.options = options
        self._turn = None
        self._offered = []          # terms offered this turn (never the same twice)

    def choose(self, view):
        """A legal command for this seat, or None when it has nothing to decide."""
        seat = self.seat
        if seat not in deciders(view):
            return None
        cmds = D.halving_choices(view, seat, 4)      # the best few ways to halve a hand
        if cmds is None:
            cmds = legal_commands(view, seat)
        if not cmds:
            return None
        if view.turn != self._turn:
            self._turn, self._offered = view.turn, []
        try:
            cmd = self.decide(view, cmds)
        except Exception:
            if self.strict:
                raise
            cmd = None
        if cmd is not None and check(view, cmd) is None:
            if cmd[0] == "offer":
                self._offered.append((tuple(cmd[2]), tuple(cmd[3])))
            return cmd
        if self.strict:
            raise AssertionError(f"{self.level} bot proposed {cmd!r}, which the rules refuse")
        return safe_command(cmds)

    def decide(self, view, cmds):
        raise NotImplementedError
