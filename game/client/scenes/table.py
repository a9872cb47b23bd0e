"""The table: the board, the players, the viewing seat's hand, dice, log.

It renders `controller.view(viewer)` and turns clicks into command tuples
submitted through the controller.  What is legal (spots, affordable builds,
playable cards, valid trades) is asked from the engine: `legal_commands` for
enumerable commands and `check` for free-form trade terms.

Hot-seat privacy: the viewer is the seat that must decide now; whenever that
changes a curtain ("pass the device to NAME") hides the screen until that
player reveals it, and only then is their hand drawn.  Over LAN
(`controller.hotseat` False) the viewer is always the laptop's own seat and
there is no curtain; scenes/lan_table.py's LanTableScene adds the connection
state.

Cities & Knights: knights, walls, metropolises and the merchant are drawn
by BoardView.draw_pieces; walls and knights are build modes (MODE_PICKS);
a knight is used by clicking it (the knight is selected: its legal
destinations light up on the board, and buttons in a panel in the sea left
of the island activate or promote it or chase the robber); progress cards in the hand and every decision of
phase DECIDE open a ckdialogs.Chooser, which asks board spots on the board;
the improvement chart is a dialog; the barbarians' track and the event die
are drawn on the sea.
"""

import functools
import random
import time

from game.engine import COMMANDS, check, deciders, is_ck, legal_commands
from game.engine.board import HEX_NODES
from game.engine.constants import PROGRESS_NAMES
from game.engine.rules import IllegalCommand
from game.engine.state import (
    PHASE_NAMES, DECIDE, DISCARD, GAME_OVER, MAIN, ROAD_BUILDING, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT,
    STEAL, TRADE,
)

from .. import clarity_overlay, staging, theme, widgets
from ..boardview import BoardView
from ..computers import ComputerSeats
from ..eventtext import error_text, sentences
from ..i18n import tr
from ..layout import TableLayout
from ..prompts import main_prompt, roll_prompt
from . import ckdialogs, dialogs, table_draw
from .base import Scene
from .table_input import MODE_PICKS, TableInput

# (board spot kind, command kind) per phase (per build mode: MODE_PICKS in table_input.py)
PHASE_PICKS = {SETUP_SETTLEMENT: ("node", "place_settlement"), SETUP_ROAD: ("edge", "place_road"),
               ROAD_BUILDING: ("edge", "place_road"), ROBBER: ("hex", "move_robber")}
ATTACK_EVENTS = ("barbarians_attack", "barbarians_win", "catan_wins", "defender", "city_lost")
KNIGHT_ACTIONS = ("activate_knight", "promote_knight", "move_knight", "displace_knight", "chase_robber")
DICE_SECONDS = 0.7
FLY_SECONDS = 1.0
END_DELAY = 1.6


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


def holds_secrets(public, seat) -> bool:
    """Whether the seat has anything the others may not see: resource cards,
    development cards, progress cards.  Only then must the shared screen go
    behind a curtain before it shows that seat (in the founding round nobody
    holds anything yet, so the device simply goes round)."""
    private_counts = (public.hand_n, public.dev_n, public.dev_new_n, getattr(public, "prog_n", ()))
    return any(counts[seat] for counts in private_counts if counts)


def cannot_accept(controller, public) -> list:
    """Persons asked in the open trade offer who cannot accept it (they lack
    the cards asked, as the engine's own check says from their view): on a
    shared screen they decline without the device being passed to them."""
    if public.phase != TRADE:
        return []
    computers = getattr(controller, "computers", None) or [None] * public.n
    return [s for s in deciders(public) if s != public.current and computers[s] is None
            and check(controller.view(s), ("accept", s)) is not None]


class TableScene(TableInput, Scene):
    def __init__(self, app, controller):
        super().__init__(app)
        self.c = controller
        self.n = controller.config["players"]
        self.ck = is_ck(controller.config)
        self.knight = None                   # C&K: the selected knight's node
        self.pick_style = "build"            # how board candidates are drawn (see _update_pick)
        self.names = controller.names
        self.colours = controller.colours
        self.board = BoardView()
        self.targets = widgets.Targets()
        self.viewer = None                   # seat whose hand is shown (None: nobody yet)
        self.curtain_for = None              # seat the device must be passed to
        self.mode = None                     # a build mode chosen with a button
        self.dialog = None
        self.mouse = (0, 0)
        self.hover_key = None
        self.hover_spot = None
        self.log = []                        # sentences, oldest first
        self.log_scroll = 0                  # lines scrolled up from the newest
        self.notes = []                      # (text, colour, expires)
        self.seen = 0                        # records absorbed into log and animations
        self.started = time.monotonic()
        self.dice_until = 0.0
        self.computers_moved_at = float("-inf")
        self.dice_rolled_total = 0
        self.flying = []                     # (start, colour, from, to)
        self.glow_hexes = ()
        self.glow_until = 0.0
        self.game_over_at = None
        self.view = None
        self.legal = []
        self.pick = None
        self.drawn_hand_seat = None          # whose private cards the last frame showed
        self._rnd = random.Random()
        self._wrap_cache = {}
        # Computer seats (hot-seat): played by ComputerSeats, never shown a curtain.
        levels = getattr(controller, "computers", None) or [None] * self.n
        self.people = [s for s in range(self.n) if levels[s] is None]
        self.computers = None
        if controller.hotseat and len(self.people) < self.n:
            self.computers = ComputerSeats(controller, app.prefs.get("computer_speed", "normal"))
        self.solo = controller.hotseat and len(self.people) == 1
        self.holder = None                   # the person who last took the device
        if self.solo:                        # one person: the screen is theirs, no curtain ever
            self.viewer = self.holder = self.people[0]
        self.stage = staging.Stage(self)     # the big moments, staged (staging.py)
        for event in controller.start_events():
            self.log.extend(sentences(event, self.names))
        self.resize(app.size)
        self.refresh()

    # --- state -----------------------------------------------------------------------
    def resize(self, size) -> None:
        self.layout = TableLayout(size, self.n, self.ck)
        self.board.fit(self.layout.board)
        self.app.dirty = True

    def language_changed(self) -> None:
        self.app.dirty = True

    def refresh(self) -> None:
        """Re-read the game after anything changed: who acts, their view,
        their legal commands, and the dialog their phase needs."""
        self._absorb_records()
        public = self.c.view(None)
        if public.phase == GAME_OVER:
            self.view, self.legal, self.pick = public, [], None
            self.viewer, self.curtain_for, self.dialog, self.mode = None, None, None, None
            if self.game_over_at is None:
                self.game_over_at = time.monotonic()
            self.app.dirty = True
            return
        if not self.c.hotseat:               # a LAN peer's own laptop: no curtain
            self.viewer = self.c.seat
            actor = self.c.seat
        else:
            if self._decline_impossible(public):
                return self.refresh()
            actor = pick_actor(public, self.people)
            if actor is None and self.solo:  # a solo player watches the computers from their seat
                actor = self.people[0]
            if actor is None:
                # Only computers decide and several people share the screen:
                # it shows what everybody may see.  Whoever holds the device
                # keeps it (no curtain for a computer's turn).
                if self.viewer is not None:
                    self.notes = []          # they may tell the person's own cards
                self.viewer, self.curtain_for = None, None
                self.dialog, self.mode, self.knight = None, None, None
                self.view, self.legal, self.pick = public, [], None
                self.app.dirty = True
                return
            if self.viewer is None and actor == self.holder:
                self.viewer = actor          # the holder's turn again after the computers'
        if actor != self.viewer and self.c.hotseat and not holds_secrets(public, actor):
            self.viewer = self.holder = actor        # nothing to hide: no curtain, just their turn
            self.notes = []
            self.dialog, self.mode = None, None
            self._sync()
        elif actor != self.viewer:
            self.curtain_for = actor
            self.dialog, self.mode = None, None
            self.view, self.legal, self.pick = public, [], None
        else:
            self._sync()
        self.app.dirty = True

    def _decline_impossible(self, public) -> bool:
        """Answer "decline" for the persons who cannot accept the open trade
        offer (issue: no handover to someone who could only say no); tell
        the offerer when that leaves nobody.  True when anything was sent."""
        seats = cannot_accept(self.c, public)
        for seat in seats:
            try:
                self.c.submit(("decline", seat))
            except IllegalCommand:           # the engine says otherwise: they get to answer
                return False
        if not seats:
            return False
        self._absorb_records()
        names = ", ".join(self.names[s] for s in seats)
        self.note(tr("seats.declined_for", names=names), theme.TEXT_DIM)
        if self.c.view(None).phase != TRADE and public.current in self.people:
            self.note(tr("seats.nobody_can_accept", name=self.names[public.current]), theme.ACCENT)
        return True

    def reveal(self) -> None:
        """The player at the curtain has taken the device."""
        if self.curtain_for is None:         # no curtain up (the founding round, a solo game)
            return
        self.viewer = self.holder = self.curtain_for
        self.curtain_for = None
        self.notes = []
        self._sync()
        self.app.sounds.play("chime")
        self.app.dirty = True

    def _sync(self) -> None:
        v = self.c.view(self.viewer)
        self.view = v
        self.legal = legal_commands(v, self.viewer)
        me, phase = self.viewer, v.phase
        want, keep = None, False            # the dialog this phase needs, and whether the open one is it
        if phase == DISCARD and v.discard_need[me]:
            want = dialogs.DiscardDialog
        elif phase == STEAL and me == v.current:
            want = dialogs.StealDialog
        elif phase == TRADE and me in deciders(v):        # (over LAN a player may just watch)
            want = dialogs.ResponsesDialog if me == v.current else dialogs.AnswerDialog
            keep = want is dialogs.AnswerDialog and isinstance(self.dialog, dialogs.TradeEditor)
        elif phase == DECIDE and me in v.pending["seats"]:
            kind = v.pending["kind"]
            want = functools.partial(ckdialogs.Chooser, what="resolve", name=kind)
            keep = isinstance(self.dialog, ckdialogs.Chooser) and self.dialog.what == "resolve" \
                and self.dialog.name == kind
        if want is not None:
            if not (keep or (isinstance(want, type) and isinstance(self.dialog, want))):
                self.dialog = want(self)
        elif self.dialog is not None and self.dialog.phase_bound:
            self.dialog = None
        if self.mode and not any(c[0] == self.mode for c in self.legal):
            self.mode = None
        if self.knight is not None and not self.knight_commands(self.knight):
            self.knight = None
        self._update_pick()

    def knight_commands(self, node) -> list:
        """Legal commands of the viewer's knight at `node` (C&K)."""
        return [c for c in self.legal if c[0] in KNIGHT_ACTIONS and c[2] == node]

    def _update_pick(self) -> None:
        """What can be clicked on the board now: (spot kind, {spot: command
        tuple or action}); `pick_style` says how to draw the candidates."""
        self.pick_style = "build"
        self.hover_spot = None
        if self.viewer is None:
            self.pick = None
            return
        if isinstance(self.dialog, ckdialogs.Chooser):
            self.pick = self.dialog.board_picks()
            self.pick_style = "choice"
            return
        spec = PHASE_PICKS.get(self.view.phase)
        if self.view.phase == SETUP_SETTLEMENT and any(c[0] == "place_city" for c in self.legal):
            spec = ("node", "place_city")                       # C&K: the second building is a city
        if self.view.phase == MAIN and self.mode:
            spec = MODE_PICKS[self.mode]
        elif self.ck and self.view.phase == MAIN:
            if self.knight is not None:
                self.pick_style = "knight_dest"
                self.pick = ("node", {c[3]: c for c in self.knight_commands(self.knight)
                                      if c[0] in ("move_knight", "displace_knight")})
            else:
                self.pick_style = "knight_select"
                own = {c[2] for c in self.legal if c[0] in KNIGHT_ACTIONS}
                self.pick = ("node", {n: (lambda n=n: self.select_knight(n)) for n in own}) if own else None
            return
        if spec is None and len(self.legal_kinds()) == 1:
            # A phase this client has no special screen for, whose only
            # command names one spot: let the player pick it on the board.
            kind = self.legal[0][0]
            if COMMANDS.get(kind) in (("node",), ("edge",), ("hex",)):
                spec = (COMMANDS[kind][0], kind)
        if spec is None or self.viewer is None:
            self.pick = None
            return
        spot, kind = spec
        self.pick = (spot, {c[2]: c for c in self.legal if c[0] == kind})

    def legal_kinds(self) -> set:
        return {c[0] for c in self.legal}

    def submit(self, cmd) -> bool:
        """Send one command; on refusal show why and change nothing."""
        try:
            events = self.c.submit(cmd)
        except IllegalCommand as err:
            self.note(tr("note.refused", reason=error_text(err)), theme.BAD)
            return False
        self.mode = None
        self.dialog = None
        self.knight = None
        self.refresh()
        if cmd[0] == "progress" and PROGRESS_NAMES[cmd[2]] == "commercial_harbor" and self.action_enabled("harbor"):
            self.open_harbor()
        for event in events:           # the acting seat's own, unredacted news
            if event[0] == "stole" and event[1] == cmd[1] and event[3] not in (None, -1):
                self.note(sentences(event, self.names)[0], theme.ACCENT)
            elif event[0] == "bought_dev" and event[2] is not None:
                self.note(sentences(event, self.names)[0], theme.ACCENT)
            elif event[0] in ("drew_progress", "spied", "took", "harbor_swap") and event[3] not in (None, -1) \
                    and (event[1] == cmd[1] or (event[0] != "drew_progress" and event[2] == cmd[1])):
                self.note(sentences(event, self.names)[0], theme.ACCENT)
        return True

    def note(self, text, colour=theme.TEXT, seconds=3.5) -> None:
        # The same note again (a refusal clicked twice) shows once, for longer.
        self.notes = [n for n in self.notes if n[0] != text]
        self.notes.append((text, colour, time.monotonic() + seconds))
        self.notes = self.notes[-3:]
        self.app.dirty = True

    def _absorb_records(self) -> None:
        public = None
        for record in self.c.records_since(self.seen):
            self.seen = record.seq
            if public is None:
                public = self.c.view(None)
            attack = []              # a barbarian attack and its results: one notice (CK-8)
            for event in record.events:
                said = sentences(event, self.names, public)
                self.log.extend(said)
                if event[0] in ATTACK_EVENTS:
                    attack.extend(said)
                self._animate(event, public)
            if attack and self.stage.attack is None:       # (staged attacks tell it themselves)
                self.note(" ".join(attack), theme.ACCENT, 9.0)
        if len(self.log) > 500:
            del self.log[:-400]
        self.log_scroll = 0

    def _animate(self, event, public) -> None:
        self.stage.event(event, public)
        now = time.monotonic()
        kind = event[0]
        if kind == "rolled":
            self.dice_until = now + DICE_SECONDS
            total = event[2] + event[3]
            self.glow_hexes = tuple(h for h in range(len(public.numbers))
                                    if public.numbers[h] == total and h != public.robber)
            self.glow_until = now + DICE_SECONDS + FLY_SECONDS + 0.6
            self.app.sounds.play("dice")
        elif kind == "produced" and public.phase != SETUP_ROAD:
            total = sum(public.dice) if public.dice else 0
            start = now + DICE_SECONDS
            k = 0
            for h in range(len(public.numbers)):
                if public.numbers[h] != total or h == public.robber:
                    continue
                for node in HEX_NODES[h]:
                    o = public.node_owner[node]
                    if o != -1 and any(event[1][o]):
                        for _ in range(public.node_level[node]):
                            self.flying.append((start + 0.08 * k, public.terrain[h],
                                                self.board.hex_center(h), self.layout.panels[o].center))
                            k += 1
        elif kind == "built":
            self.app.sounds.play("build")
        elif kind == "robber_moved":
            self.app.sounds.play("robber")
        elif kind in ("longest_road", "largest_army", "shortage", "metropolis"):
            self.note(sentences(event, self.names, public)[0], theme.ACCENT)
        elif kind == "barbarians_attack":
            self.app.sounds.play("robber")

    # --- update ---------------------------------------------------------------------------
    def busy(self) -> bool:
        now = time.monotonic()
        return now < self.dice_until or now < self.glow_until or bool(self.flying)

    def wake_ms(self) -> int:
        if self.computers is not None and self.game_over_at is None and self.computers.active():
            return 30                    # computers are thinking or about to move
        return min(200 if self.notes or self.game_over_at is not None else 1000, self.stage.wake_ms())

    def computers_playing(self) -> bool:
        """A computer must decide and the person at the screen need not."""
        if self.computers is None or self.game_over_at is not None or self.curtain_for is not None:
            return False
        return bool(self.computers.deciding(self.view)) and not self.legal

    def update(self, dt) -> None:
        if self.computers is not None and self.game_over_at is None:     # (behind a curtain too)
            if self.computers.poll(busy=time.monotonic() < self.dice_until):
                self.computers_moved_at = time.monotonic()
        if self.c.seq != self.seen:      # records that came from elsewhere (a LAN host, a computer)
            self.refresh()
        now = time.monotonic()
        if self.stage.update(now):
            self.app.dirty = True
        if self.notes and self.notes[0][2] < now:
            self.notes = [n for n in self.notes if n[2] >= now]
            self.app.dirty = True
        if self.flying:
            self.flying = [f for f in self.flying if f[0] + FLY_SECONDS > now]
            if not self.flying:
                self.app.dirty = True
        if self.game_over_at is not None and now - self.game_over_at > END_DELAY:
            self.show_results()

    def show_results(self) -> None:
        from .end import EndScene
        self.app.replace(EndScene(self.app, self.c, time.monotonic() - self.started))

    # --- drawing (scenes/table_draw.py, hand.py, panels.py) ------------------------------
    def draw(self, surf) -> None:
        table_draw.draw(self, surf)
        if self.curtain_for is None:
            clarity_overlay.draw(self, surf)     # reasons on greyed buttons, staged moments

    def btn(self, surf, key, rect, label, action, enabled=True, primary=False, selected=False,
            size=15, sub=None, cost=None):
        """A button on the table (dialogs draw theirs with this too)."""
        table_draw.btn(self, surf, key, rect, label, action, enabled, primary, selected, size, sub, cost)

    def drop_knight(self) -> None:
        self.knight = None
        self._update_pick()

    def prompt(self) -> str:
        v, me = self.view, self.viewer
        if v.phase == GAME_OVER:
            return tr("prompt.game_over", name=self.names[v.winner])
        if self.computers_playing():
            seat = self.computers.deciding(v)[0]
            return tr("seats.playing", name=self.names[seat])
        if me is None:
            return ""
        name = self.names[me]
        if isinstance(self.dialog, ckdialogs.Chooser) and not self.dialog.modal:
            return self.dialog.ask_text()
        if v.phase == MAIN and self.mode:
            return tr("prompt.mode_" + self.mode)
        if v.phase == MAIN and self.knight is not None:
            return tr("prompt.knight_selected")
        if v.phase == DECIDE:
            return tr("prompt.decide", what=tr("decide." + v.pending["kind"] + ".title"))
        if v.phase == SETUP_SETTLEMENT and self.ck and any(c[0] == "place_city" for c in self.legal):
            return tr("prompt.setup_city", name=name)
        if v.phase == SETUP_ROAD and v.node_level[v.last_setup_node] == 2:      # C&K: beside the new city
            return tr("prompt.setup_road_city", name=name)
        if v.phase == MAIN and self.ck and self.action_enabled("harbor"):
            owed = sum(1 for n in v.harbor_swaps if n)
            return tr("prompt.harbor", name=name, n=owed)
        if v.phase == MAIN:
            return main_prompt(self.legal, name, self.ck, self.action_enabled("trade"))
        if v.phase == ROLL:
            return roll_prompt(self.legal, name, self.ck)
        key = PHASE_NAMES[v.phase]
        if v.phase == TRADE:
            key = "trade_wait" if me == v.current else "trade_answer"
        if tr("prompt." + key) == "prompt." + key:       # a phase this client has no words for yet
            key = "other"
        return tr("prompt." + key, name=name, n=v.discard_need[me] if v.phase == DISCARD else v.free_roads)
