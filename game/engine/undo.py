"""Taking back a move: `("undo", seat)` takes back that seat's last command of
this turn, if that command revealed nothing and left nothing to chance.

What may be taken back (TAKE_BACK, per rule set): builds — the founding
round's settlement or city before its road, a road, a settlement, a city, a
free road of Road Building; in Cities & Knights also a city wall, a knight
recruited, activated, promoted or moved, and a city improvement — and trades
with the bank or a harbor.  Each only while nothing else happened since:
several undos in a row walk back over the seat's commands of the turn, newest
first.  Never a roll, a card drawn or played, a steal, the robber, a trade
offered to other players, a decision, anything another seat chose or saw
hidden, nor a command that set something off (the game won, a metropolis
taken or to be placed: anything beyond its own plain events, PLAIN_EVENTS).
The turn's end ends what may be taken back.

How it works: nothing about it is in the game state, so every state hash,
save and digest is what it was.  Each copy of a game — the Authority, every
LAN Replica (its own view), a bot's belief — keeps a `TakeBacks`: before a
command of a kind in TAKE_BACK it keeps a copy of its state (`watch`), and
after the command (`note`) it either pushes that copy, or, for anything that
may not be taken back, drops every copy it kept and remembers why (the
reason a refused undo gives).  The undo restores the newest copy in place
(rules.restore).  Every copy decides from what every audience sees alike
(the command, whether it had an outcome, the events' kinds, the turn and
the player on turn), so the Authority and each Replica keep the same
entries and an undo puts each back exactly where it was: the view hashes
agree by construction.  A copy that joined after the command (a resync, a
rejoin) has no entry for it: `take` raises `Untracked` and the LAN peer
asks for a fresh view.

An undo is recorded like any command, with one event
("took_back", seat, seq of the record taken back, that command), so a save
replays it (`kolonisten replay --verify`), the log tells it and the replay
viewer steps over it.  It is never listed by `legal_commands`: computers
never undo.  The refusals are IllegalCommands with their own codes (below).
"""

from .helpers import IllegalCommand
from .state import GAME_OVER

UNDO = "undo"

_BUILDS = ("place_settlement", "place_road", "build_road", "build_settlement", "build_city", "maritime")
TAKE_BACK = {
    "base": frozenset(_BUILDS),
    "ck": frozenset(_BUILDS + ("place_city", "build_wall", "recruit_knight", "activate_knight",
                               "promote_knight", "move_knight", "improve")),
}
# The events such a command makes when it did only what it says (the second
# founding building's starting cards included); any other event means it set
# something off.
PLAIN_EVENTS = frozenset(("built", "longest_road", "produced", "maritime", "improved", "knight_recruited",
                          "knight_activated", "knight_promoted", "knight_moved"))

# Why an undo is refused; a fresh copy is raised each time (`_refusal`).
NOTHING = IllegalCommand("undo_nothing", "nothing of yours this turn is left to take back")
DICE = IllegalCommand("undo_dice", "a roll of the dice cannot be taken back")
CARD_DRAWN = IllegalCommand("undo_card_drawn", "a card drawn cannot be taken back")
CARD_PLAYED = IllegalCommand("undo_card_played", "a card played cannot be taken back")
PROGRESS = IllegalCommand("undo_progress", "a progress card played cannot be taken back")
STEAL = IllegalCommand("undo_steal", "a steal cannot be taken back")
ROBBER = IllegalCommand("undo_robber", "the robber's move cannot be taken back")
TRADE = IllegalCommand("undo_trade", "a trade with other players cannot be taken back")
DECISION = IllegalCommand("undo_decision", "a decision cannot be taken back")
SET_OFF = IllegalCommand("undo_set_off", "a move that set something off cannot be taken back")

# kind -> why a command of that kind ends what may be taken back (default DECISION)
_WHY = {
    "roll": DICE, "buy_dev": CARD_DRAWN, "steal": STEAL,
    "play_knight": CARD_PLAYED, "play_road_building": CARD_PLAYED, "play_year_of_plenty": CARD_PLAYED,
    "play_monopoly": CARD_PLAYED, "progress": PROGRESS,
    "move_robber": ROBBER, "skip_steal": ROBBER, "chase_robber": ROBBER,
    "offer": TRADE, "accept": TRADE, "decline": TRADE, "counter": TRADE, "confirm_trade": TRADE,
    "cancel_trade": TRADE, "harbor_trade": TRADE,
    "end_turn": NOTHING, "pass_build": NOTHING,        # (the end of a seat's Special Building Phase, X-1.7)
}


def _refusal(template: IllegalCommand) -> IllegalCommand:
    return IllegalCommand(template.code, template.detail)


class Untracked(ValueError):
    """An undo of a command this copy of the game kept nothing for (it
    joined the game after it)."""


def shape_error(state, cmd):
    """The refusal of an undo command that is not ("undo", seat), or None."""
    if len(cmd) != 2:
        return IllegalCommand("malformed", "undo takes no arguments")
    if type(cmd[1]) is not int or not 0 <= cmd[1] < state.n:
        return IllegalCommand("bad_seat", "no such seat")
    return None


class TakeBacks:
    """The commands of this turn one copy of a game may take back, newest
    last, all of one seat: (seq, command, what the copy kept before it).
    What is kept is the owner's business (a State for the Authority and a
    Replica); `take` hands it back."""

    __slots__ = ("entries", "last", "why", "_before")

    def __init__(self):
        self.entries = []
        self.last = None            # the last command that ended what may be taken back
        self.why = None             # why it did, when its kind does not say (see `_WHY`)
        self._before = None         # (turn, player on turn) before the command being watched

    def watch(self, state, cmd) -> bool:
        """Before `cmd` is applied to `state`: must the copy of the state be
        kept (the command may be one to take back)?"""
        try:
            if cmd[0] not in TAKE_BACK[state.config["rules"]]:
                return False
        except (TypeError, IndexError, KeyError):      # not a command at all: the kernel says so
            return False
        self._before = (state.turn, state.current)
        return True

    def note(self, seq, cmd, outcome, events, state, kept=None) -> None:
        """After record `seq` applied `cmd` to `state`: push `kept` (what was
        kept when `watch` said so, else None), or end what may be taken back.
        (It runs after every command: the common case does least.)"""
        if kept is None:
            self.last, self.why = cmd, None
            if self.entries:
                self.entries = []
            return
        why = _set_off(outcome, events, state, self._before)
        if why is not None:
            self.last, self.why, self.entries = cmd, why, []
            return
        if self.entries and self.entries[-1][1][1] != cmd[1]:
            self.entries = []
        self.entries.append((seq, cmd, kept))

    def refusal(self, state, seat):
        """None when `seat` may take back its last command now, else why not."""
        if state.phase == GAME_OVER:
            return IllegalCommand("game_over", "the game has ended")
        if self.entries:
            return None if self.entries[-1][1][1] == seat else _refusal(NOTHING)
        if self.last is None or self.last[1] != seat:
            return _refusal(NOTHING)
        return _refusal(self.why or _WHY.get(self.last[0], DECISION))

    def status(self, state, seat) -> tuple:
        """(the command an undo by `seat` would take back, None), or (None,
        why it may not)."""
        err = self.refusal(state, seat)
        return (None, err) if err is not None else (self.entries[-1][1], None)

    def take(self, state, cmd, seq=None) -> tuple:
        """Take the newest entry for the undo `cmd`: (seq, command, kept).
        Raises the IllegalCommand saying why not, or Untracked when `seq` (the
        record the authority took back) is not this copy's newest entry."""
        err = shape_error(state, cmd) or self.refusal(state, cmd[1])
        if seq is not None and (err is not None or self.entries[-1][0] != seq):
            raise Untracked(f"no copy kept of record {seq}")
        if err is not None:
            raise err
        return self.entries.pop()


def follow_from(rules: str, commands) -> int:
    """Where a replay of `commands` (a game of rule set `rules`, from its
    start) must begin to follow them with its TakeBacks (Authority.submit
    with `undoable`) for the TakeBacks to hold at every undo and after the
    last command what following every command would: the last command
    before the first undo (or the end) of a kind that ends what may be taken
    back (not in TAKE_BACK, not an undo: `note` then drops everything kept
    before it); 0 when there is none.  (A command not a command at all is
    taken as one such: the replay refuses it and stops there.)"""
    takes = TAKE_BACK[rules]
    start = 0
    for i, cmd in enumerate(commands):
        kind = cmd[0] if isinstance(cmd, (list, tuple)) and cmd else None
        if kind == UNDO:
            break
        if not isinstance(kind, str) or kind not in takes:
            start = i
    return start


def _set_off(outcome, events, state, before):
    """None when a command to take back did only what it says; else why it
    may not be taken back (the turn passed on with it: NOTHING)."""
    if (state.turn, state.current) != before:
        return NOTHING
    if outcome or state.pending is not None or state.phase == GAME_OVER:
        return SET_OFF
    for event in events:
        if event[0] not in PLAIN_EVENTS:
            return NOTHING if event[0] == "turn" else SET_OFF
    return None


def took_back_event(seat, seq, cmd) -> tuple:
    """The one event of an undo."""
    return ("took_back", seat, seq, tuple(cmd))


def taken_back(record):
    """The sequence number of the record an undo record took back, or None
    when `record` is not an undo."""
    if record.cmd[0] != UNDO:
        return None
    return record.events[0][2]
