"""What the table shows, as one plain object: `TableModel`.

The table's drawing (draw.py, hand.py, panels.py), its input (controls.py),
its dialogs and its staged moments read this model; play.py changes it as
the game goes on and the person acts.  Nothing here draws or submits.

Besides the fields, the model answers the questions every part asks the
same way: which commands the viewing seat has, whether an action button is
enabled, what a knight may do.
"""

from game.engine import check, deciders
from game.engine.rules import IllegalCommand
from game.engine.state import MAIN, SPECIAL_BUILD, TRADE

from .. import theme

from ..focus import KeyFocus

DICE_SECONDS = 0.7                   # a roll's dice in the air
FLY_SECONDS = 1.0                    # a produced card on its way to its player
DROP_SECONDS = 0.35                  # a piece built falling into its place
TRADE_SECONDS = 0.45                 # a traded card on its way between two players


def fly_seconds(what) -> float:
    """How long an entry of `TableModel.flying` moves: a produced card (its
    kind), a built piece dropping ("drop", piece, spot, seat) or a traded
    card ("trade", kind)."""
    if isinstance(what, tuple):
        return DROP_SECONDS if what[0] == "drop" else TRADE_SECONDS
    return FLY_SECONDS


def skippable(what) -> bool:
    """A click or key ends these at once (built pieces, traded cards)."""
    return isinstance(what, tuple)


def dropping(flying) -> tuple:
    """The pieces in the air: ((piece, spot), ...); the table's cached layer
    leaves them out until they have landed."""
    return tuple((w[1], w[2]) for _, w, _, _ in flying if isinstance(w, tuple) and w[0] == "drop")
# the phases in which the seat on the move builds (build modes, knights): its
# turn after the roll, and its part of the Special Building Phase
BUILDING_PHASES = (MAIN, SPECIAL_BUILD)


def special_builder(public):
    """The seat whose part of the Special Building Phase it is (X-1.7), or None."""
    return deciders(public)[0] if public is not None and public.phase == SPECIAL_BUILD else None


KNIGHT_ACTIONS = ("activate_knight", "promote_knight", "move_knight", "displace_knight", "chase_robber")


def pick_actor(public, people=None):
    """The seat the shared screen serves next, from public facts only: the
    current player, except that discards and answers to a trade offer are
    taken in turn, clockwise from the current player.  With `people` (the
    seats persons play; computers decide by themselves) only those are
    served: None when only computers must decide."""
    seats = deciders(public)
    if people is not None:
        seats = [s for s in seats if s in people]
    if not seats:
        return None
    n, cur = public.n, public.current
    if public.phase == TRADE:
        pending = [s for s in seats if s != cur]
        return min(pending, key=lambda s: (s - cur) % n) if pending else cur
    return min(seats, key=lambda s: (s - cur) % n)


def holds_secrets(part, public, seat) -> bool:
    """Whether the seat has anything the others may not see: resource cards,
    development cards, progress cards (the table part's secret_counts).
    Only then must the shared screen go behind a curtain before it shows
    that seat (in the founding round nobody holds anything yet, so the
    device simply goes round)."""
    return any(counts[seat] for counts in part.secret_counts(public) if counts)


class TableModel:
    def __init__(self, names, colours, part, people, solo=False, computers=None):
        # the game and its seats
        self.n = len(names)
        self.part = part                     # what the table shows for the rule set (parts/)
        self.names = names
        self.colours = colours
        theme.recolour(colours)              # (in place: the controller's list) in the chosen palette
        self.people = people                 # seats persons play
        self.computers = computers           # the computer seats' players (ComputerSeats) or None
        self.solo = solo                     # one person against computers on this screen
        self.waiting_for = ()                # LAN: seats whose answer the host waits for
        # whose screen it is
        self.view = None                     # the game as the viewer may see it
        self.legal = []                      # the viewer's legal commands
        self.undo = (None, None)             # the viewer's undo: (command it takes back, None) or (None, why not)
        self.viewer = None                   # seat whose hand is shown (None: nobody yet)
        self.holder = None                   # the person who last took the device
        self.curtain_for = None              # seat the device must be passed to
        if self.solo:                        # one person: the screen is theirs, no curtain ever
            self.viewer = self.holder = self.people[0]
        # what the person is doing
        self.mode = None                     # a build mode chosen with a button
        self.knight = None                   # C&K: the selected knight's node
        self.dialog = None                   # the open dialog (dialogs.py, ckdialogs.py)
        self.hint = None                     # the hint on show (hints.py)
        self.pick = None                     # (spot kind, {spot: command or action}) clickable on the board
        self.pick_style = "build"            # how board candidates are drawn (see play.update_pick)
        self.mouse = (0, 0)
        self.hover_key = None                # the target under the mouse
        self.hover_spot = None               # the board spot under the mouse
        self.hint_aside = False              # the hint's line steps aside for the mouse (hints.line_aside)
        self.tips_hushed_at = None           # where the board was clicked: no hex tooltip there
        self.focus = KeyFocus()              # the keyboard's cursor and focus ring (keyboard.py)
        # what happened
        self.log = []                        # sentences, oldest first (a record's: explain.LogLine)
        self.explainer = None                # why a computer did what a line tells (explain.py), if known here
        self.log_scroll = 0                  # lines scrolled up from the newest
        self.log_open = False                # the narrow table's log drawer is open (layout.drawer)
        self.notes = []                      # (text, colour, expires)
        self.seen = 0                        # records absorbed into log and animations
        self.stage = None                    # the big moments on show (staging.Stage)
        # animations and time
        self.started = 0.0
        self.dice_until = 0.0
        self.glow_hexes = ()
        self.glow_until = 0.0
        self.flying = []                     # (start, what, from, to): see fly_seconds
        self.game_over_at = None

    # --- what the viewer may do ----------------------------------------------------------
    def legal_kinds(self) -> set:
        return {c[0] for c in self.legal}

    def knight_commands(self, node) -> list:
        """Legal commands of the viewer's knight at `node` (C&K)."""
        return [c for c in self.legal if c[0] in KNIGHT_ACTIONS and c[2] == node]

    def knight_moves(self, node) -> list:
        """The moves of the viewer's knight at `node`, displacing or not (CK-7.1, 7.2)."""
        return [c for c in self.knight_commands(node) if c[0] in ("move_knight", "displace_knight")]

    def modal(self) -> bool:
        """A dialog covers the table (a C&K choice on the board does not)."""
        return self.dialog is not None and getattr(self.dialog, "modal", True)

    def action_enabled(self, name) -> bool:
        if self.viewer is None or self.curtain_for is not None:
            return False
        enabled = self.part.action_enabled(self, name)
        if enabled is not None:
            return enabled
        kinds = self.legal_kinds()
        if name == "bank":
            return "maritime" in kinds
        if name == "harbor":                    # Commercial Harbor swaps still owed this turn (CK-11)
            return "harbor_trade" in kinds
        if name == "undo":                      # the viewer's last move of the turn, taken back
            return self.undo[0] is not None
        return name in kinds

    def probe_offer(self):
        """Ask the engine whether any offer could be made now (one held card
        for one card of another kind, to everyone): None if so."""
        v, me = self.view, self.viewer
        hand = v.hands[me]
        if not hand or v.phase != MAIN:
            return IllegalCommand("wrong_phase", "")
        held = [k for k in range(len(hand)) if hand[k]]
        if not held:
            return IllegalCommand("missing_cards", "")
        give = [0] * len(hand)
        get = [0] * len(hand)
        give[held[0]] = 1
        get[(held[0] + 1) % 5] = 1
        return check(v, ("offer", me, tuple(give), tuple(get), tuple(s for s in range(self.n) if s != me)))

    def computers_playing(self) -> bool:
        """A computer must decide and the person at the screen need not."""
        if self.computers is None or self.game_over_at is not None or self.curtain_for is not None:
            return False
        return bool(self.computers.deciding(self.view)) and not self.legal
