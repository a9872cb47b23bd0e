"""Easy: a sensible beginner.

It builds whatever it can afford in a fixed order of value (city, settlement,
then cards and knights), places its starting settlements on the richest spots
without thinking about the mix of resources, trades with the bank only when
that completes a build, puts the robber where it hurts someone else, and
accepts an offer only when it plainly helps.  It never makes offers, never
gives cards away for nothing and never declines a free benefit (free roads,
Year of Plenty, an aqueduct pick are always taken).
"""

from game.engine.state import SETUP_SETTLEMENT, TRADE

from . import decisions as D
from . import trading
from .policy import policy
from .player import Player


class EasyPlayer(Player):
    level = "easy"
    stream = 2001

    def decide(self, view, cmds):
        seat = self.seat
        if view.phase == SETUP_SETTLEMENT:
            # Richest spots, mix ignored; a little variety among near-equals.
            return max(cmds, key=lambda c: D.setup_score(view, seat, c[2], diversity=False, harbors=False)
                       + self.rng.below(300) / 100)
        if view.phase == TRADE and seat != view.current:
            if "accept" in {c[0] for c in cmds} and not trading.unhelpable(view, view.current):
                trade = view.trade
                if trading.trade_gain(view, seat, trade["give"], trade["get"]) > 0.1:
                    return ("accept", seat)
            return ("decline", seat)
        return policy(view, seat, self.rng)
