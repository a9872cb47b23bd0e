"""The guided game's computers: Easy players held to the lessons.

Each wraps an Easy player (it decides from its own seat's view, as always)
and changes only what would take a lesson from the person:

- it founds elsewhere than on the corners kept for the person
  (steps.FOUNDING), which bring the person every kind the lessons ask;
- it buys no development cards (it is shown an empty deck, so it builds and
  trades instead): the deck's knights are the person's (the seed puts them
  on top), and no computer plays a knight on the person or races them to
  Largest Army;
- it accepts the person's offers that give it as many cards as they ask
  (the trade lesson's, and those the guide suggests to make up for a card a
  lesson lacks) when it holds the cards asked;
- it makes no build that would cut the person's road or take a point from
  them, make its own road five long or as long as the person's (Longest
  Road is the person's to take and to keep), or bring it within a point of
  the target (the guided game is the person's to win): it ends its turn
  instead.

Anything else is the Easy player's own move."""

from game.bots.decisions import setup_score
from game.engine import apply, check, legal_commands
from game.engine.board import board_of
from game.engine.state import MAIN, SETUP_SETTLEMENT, TRADE

from . import steps as S

BUILDS = ("build_road", "build_settlement", "build_city")


class GuidedComputer:
    def __init__(self, bot, guide):
        self.bot = bot
        self.guide = guide
        self.seat = bot.seat
        self.level = bot.level

    def __getattr__(self, name):          # observe() and the rest: the player's own
        return getattr(self.bot, name)

    def choose(self, view):
        seat = self.seat
        if view.deck_n:
            view = view.copy()
            view.deck_n = 0                 # it sees no cards to buy: it builds and trades instead
        cmd = self.bot.choose(view)
        if view.phase == SETUP_SETTLEMENT and cmd is not None and cmd[2] in self._kept(view):
            return self._found_elsewhere(view)
        if view.phase == TRADE and view.current == self.guide.seat and cmd is not None and cmd[0] == "decline":
            accept = ("accept", seat)
            fair = sum(view.trade["give"]) >= sum(view.trade["get"])
            if fair and check(view, accept) is None:
                return accept
        if cmd is not None and view.phase == MAIN and cmd[0] in BUILDS and self._held_back(view, cmd):
            return ("end_turn", seat)
        return cmd

    def _kept(self, view) -> set:
        """The corners kept for the person's founding (steps.FOUNDING) and
        those next to them (the distance rule), while they are free."""
        kept, neighbors = set(), board_of(view).node_neighbors
        for node in S.FOUNDING:
            if view.node_owner[node] == -1:
                kept |= {node, *neighbors[node]}
        return kept

    def _found_elsewhere(self, view):
        """The richest founding corner not kept for the person."""
        kept = self._kept(view)
        cmds = [c for c in legal_commands(view, self.seat) if c[0] == "place_settlement" and c[2] not in kept]
        return max(cmds, key=lambda c: (setup_score(view, self.seat, c[2], diversity=False, harbors=False), -c[2]))

    def _held_back(self, view, cmd) -> bool:
        """The build would cost the person a lesson or the game (above)."""
        me, person = self.seat, self.guide.seat
        after = view.copy()
        apply(after, cmd, validate=False)
        return (after.vp_public[person] < view.vp_public[person]
                or after.road_len[person] < view.road_len[person]
                or after.road_len[me] >= max(S.LONGEST_MIN, view.road_len[person])
                or after.vp_public[me] >= view.config["vp_target"] - 1)
