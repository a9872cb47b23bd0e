"""How the table follows the game and what the person's actions do:
`TablePlay` changes the table model (model.py) and nothing else draws or
submits.

It renders nothing: it re-reads the controller after every change (who
acts, their view and legal commands, the dialog their phase needs), turns
the records into log lines, notes and animations, submits commands, and
opens what the action buttons open (dialogs, the game menu, the rules).
What is legal is asked from the engine: `legal_commands` for enumerable
commands and `check` for free-form trade terms.

Hot-seat privacy: the viewer is the seat that must decide now; whenever that
changes a curtain ("pass the device to NAME") hides the screen until that
player reveals it, and only then is their hand drawn (in the Special
Building Phase of five and six each builder's part too: the engine skips
a seat without cards, so only those who hold something get one).  Over LAN
(`controller.hotseat` False) the viewer is always the laptop's own seat and
there is no curtain.
"""

import functools
import time

from game.engine import COMMANDS, check, deciders, legal_commands
from game.engine.board import board_of
from game.engine.constants import PROGRESS_NAMES
from game.engine.rules import IllegalCommand
from game.engine.state import DECIDE, DISCARD, GAME_OVER, ROAD_BUILDING, ROBBER, SETUP_ROAD, \
    SETUP_SETTLEMENT, SPECIAL_BUILD, STEAL, TRADE
from game.engine.undo import UNDO

from .. import theme
from ..eventtext import LogTeller, error_text, sentences
from ..i18n import tr
from . import ckdialogs, dialogs, explain, hints, panels, reasons, staging
from .model import BUILDING_PHASES, DICE_SECONDS, FLY_SECONDS, fly_seconds, holds_secrets, pick_actor, skippable

# (board spot kind, command kind) per phase, and per build mode
PHASE_PICKS = {SETUP_SETTLEMENT: ("node", "place_settlement"), SETUP_ROAD: ("edge", "place_road"),
               ROAD_BUILDING: ("edge", "place_road"), ROBBER: ("hex", "move_robber")}
MODE_PICKS = {"build_road": ("edge", "build_road"), "build_settlement": ("node", "build_settlement"),
              "build_city": ("node", "build_city"), "build_wall": ("node", "build_wall"),
              "recruit_knight": ("node", "recruit_knight")}
ATTACK_EVENTS = ("barbarians_attack", "barbarians_win", "catan_wins", "defender", "city_lost")
END_DELAY = 1.6


def cannot_accept(controller, public) -> list:
    """Persons asked in the open trade offer who cannot accept it (they lack
    the cards asked, as the engine's own check says from their view): on a
    shared screen they decline without the device being passed to them."""
    if public.phase != TRADE:
        return []
    computers = getattr(controller, "computers", None) or [None] * public.n
    return [s for s in deciders(public) if s != public.current and computers[s] is None
            and check(controller.view(s), ("accept", s)) is not None]


def cannot_build(controller, public) -> list:
    """The person whose part of the Special Building Phase it is, when the
    engine lists nothing for them but passing (X-1.7): on a shared screen
    they pass without the device being handed to them."""
    if public.phase != SPECIAL_BUILD:
        return []
    computers = getattr(controller, "computers", None) or [None] * public.n
    return [s for s in deciders(public) if computers[s] is None
            and legal_commands(controller.view(s), s) == [("pass_build", s)]]


class TablePlay:
    def __init__(self, app, scene, controller, model, ui, end_scene="end"):
        self.app = app
        self.scene = scene                   # the table's scene (the game menu draws it underneath)
        self.c = controller
        self.m = model
        self.ui = ui
        self.end_scene = end_scene           # the navigator's name of the screen after the game
        self.teller = LogTeller(model.names)   # the game log's sentences, in order
        model.explainer = explain.for_controller(controller)

    def reader(self):
        """The seat the log may call "you": this screen's one player (a LAN
        seat, a solo game's person); None while several share it or one watches."""
        if not self.c.hotseat:
            return self.c.seat
        return self.m.people[0] if self.m.solo else None

    @property
    def watching(self) -> bool:
        """A LAN watcher's table: no seat of ours (net/host/watchers.py)."""
        return not self.c.hotseat and self.c.seat is None

    def redraw(self) -> None:
        """The table changed: the next frame draws it."""
        self.app.dirty = True

    # --- following the game ------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the game after anything changed: who acts, their view,
        their legal commands, and the dialog their phase needs."""
        m = self.m
        self.absorb_records()
        public = self.c.view(None)
        if public.phase == GAME_OVER:
            m.view, m.legal, m.pick = public, [], None
            m.viewer, m.curtain_for, m.dialog, m.mode = None, None, None, None
            if m.game_over_at is None:
                m.game_over_at = time.monotonic()
            self.app.dirty = True
            return
        if self.watching:                    # the public table, nothing to decide, no hand shown
            m.viewer, m.curtain_for, m.dialog, m.mode, m.knight = None, None, None, None, None
            m.view, m.legal, m.pick = public, [], None
            self.app.dirty = True
            return
        if not self.c.hotseat:               # a LAN peer's own laptop: no curtain
            m.viewer = self.c.seat
            actor = self.c.seat
        else:
            if self._decline_impossible(public) or self._pass_impossible(public):
                return self.refresh()
            actor = pick_actor(public, m.people)
            if actor is None and m.solo:     # a solo player watches the computers from their seat
                actor = m.people[0]
            if actor is None:
                # Only computers decide and several people share the screen:
                # it shows what everybody may see.  Whoever holds the device
                # keeps it (no curtain for a computer's turn).
                if m.viewer is not None:
                    m.notes = []             # they may tell the person's own cards
                m.viewer, m.curtain_for = None, None
                m.dialog, m.mode, m.knight = None, None, None
                m.view, m.legal, m.pick = public, [], None
                self.app.dirty = True
                return
            if m.viewer is None and actor == m.holder:
                m.viewer = actor             # the holder's turn again after the computers'
        if actor != m.viewer and self.c.hotseat and not holds_secrets(m.part, public, actor):
            m.viewer = m.holder = actor      # nothing to hide: no curtain, just their turn
            m.notes = []
            m.dialog, m.mode = None, None
            self.sync()
        elif actor != m.viewer:
            m.curtain_for = actor
            m.dialog, m.mode = None, None
            m.view, m.legal, m.pick = public, [], None
        else:
            self.sync()
        self.app.dirty = True

    def _decline_impossible(self, public) -> bool:
        """Answer "decline" for the persons who cannot accept the open trade
        offer (no handover to someone who could only say no); tell the
        offerer when that leaves nobody.  The words are a real decline's:
        never why (who lacks which cards).  True when anything was sent."""
        seats = cannot_accept(self.c, public)
        for seat in seats:
            try:
                self.c.submit(("decline", seat))
            except IllegalCommand:           # the engine says otherwise: they get to answer
                return False
        if not seats:
            return False
        self.absorb_records()
        if self.c.view(None).phase != TRADE and public.current in self.m.people:
            self.note(tr("seats.all_declined", name=self.m.names[public.current]), theme.ACCENT)
        return True

    def _pass_impossible(self, public) -> bool:
        """Pass for the person who could only pass in the Special Building
        Phase (no curtain, no prompt to press P for nothing).  True when a
        pass was sent."""
        sent = False
        for seat in cannot_build(self.c, public):
            try:
                self.c.submit(("pass_build", seat))
            except IllegalCommand:           # the engine says otherwise: they get to choose
                return False
            sent = True
        if sent:
            self.absorb_records()
        return sent

    def reveal(self) -> None:
        """The player at the curtain has taken the device."""
        m = self.m
        if m.curtain_for is None:            # no curtain up (the founding round, a solo game)
            return
        m.viewer = m.holder = m.curtain_for
        m.curtain_for = None
        m.notes = []
        self.sync()
        self.app.sounds.play("chime")
        self.app.dirty = True

    def sync(self) -> None:
        """The viewer's view, legal commands and the dialog their phase needs."""
        m = self.m
        v = self.c.view(m.viewer)
        m.view = v
        m.legal = legal_commands(v, m.viewer)
        m.undo = self.c.undo_status(m.viewer)
        me, phase = m.viewer, v.phase
        want, keep = None, False            # the dialog this phase needs, and whether the open one is it
        if phase == DISCARD and v.discard_need[me]:
            want = dialogs.DiscardDialog
        elif phase == STEAL and me == v.current:
            want = dialogs.StealDialog
        elif phase == TRADE and me in deciders(v):        # (over LAN a player may just watch)
            want = dialogs.ResponsesDialog if me == v.current else dialogs.AnswerDialog
            keep = want is dialogs.AnswerDialog and isinstance(m.dialog, dialogs.TradeEditor)
            if want is dialogs.AnswerDialog and m.stage is not None and m.stage.seven is not None:
                m.stage.seven = None         # an offer ends the 7's story (the log keeps it): its panel goes
        elif phase == DECIDE and me in v.pending["seats"]:
            kind = v.pending["kind"]
            want = functools.partial(ckdialogs.Chooser, what="resolve", name=kind)
            keep = isinstance(m.dialog, ckdialogs.Chooser) and m.dialog.what == "resolve" \
                and m.dialog.name == kind
        if want is not None:
            if not (keep or (isinstance(want, type) and isinstance(m.dialog, want))):
                m.dialog = want(self)
        elif m.dialog is not None and m.dialog.phase_bound:
            m.dialog = None
        if m.mode and not any(c[0] == m.mode for c in m.legal):
            m.mode = None
        if m.knight is not None and not m.knight_commands(m.knight):
            m.knight = None
        hints.withdraw_nothing(m, self)
        self.update_pick()

    def update_pick(self) -> None:
        """What can be clicked on the board now: (spot kind, {spot: command
        tuple or action}); `pick_style` says how to draw the candidates."""
        m = self.m
        m.pick_style = "build"
        m.hover_spot = None
        if m.viewer is None:
            m.pick = None
            return
        if isinstance(m.dialog, ckdialogs.Chooser):
            m.pick = m.dialog.board_picks()
            m.pick_style = "choice"
            return
        spec = PHASE_PICKS.get(m.view.phase)
        if m.view.phase == SETUP_SETTLEMENT and any(c[0] == "place_city" for c in m.legal):
            spec = ("node", "place_city")                       # C&K: the second building is a city
        if m.view.phase in BUILDING_PHASES and m.mode:
            spec = MODE_PICKS[m.mode]
        elif m.view.phase in BUILDING_PHASES and m.part.main_pick(m, self):
            return                                      # (C&K: the knights to use)
        if spec is None and len(m.legal_kinds()) == 1:
            # A phase this client has no special screen for, whose only
            # command names one spot: let the player pick it on the board.
            kind = m.legal[0][0]
            if COMMANDS.get(kind) in (("node",), ("edge",), ("hex",)):
                spec = (COMMANDS[kind][0], kind)
        if spec is None or m.viewer is None:
            m.pick = None
            return
        spot, kind = spec
        m.pick = (spot, {c[2]: c for c in m.legal if c[0] == kind})

    def submit(self, cmd) -> bool:
        """Send one command; on refusal show why and change nothing."""
        m = self.m
        try:
            events = self.c.submit(cmd)
        except IllegalCommand as err:
            self.note(tr("note.refused", reason=error_text(err)), theme.BAD)
            return False
        m.mode = None
        m.dialog = None
        m.knight = None
        self.refresh()
        if cmd[0] == "progress" and PROGRESS_NAMES[cmd[2]] == "commercial_harbor" and m.action_enabled("harbor"):
            self.open_harbor()
        for event in events:           # the acting seat's own, unredacted news
            if event[0] == "stole" and event[1] == cmd[1] and event[3] not in (None, -1):
                self.note(sentences(event, m.names)[0], theme.ACCENT)
            elif event[0] == "bought_dev" and event[2] is not None:
                self.note(sentences(event, m.names)[0], theme.ACCENT)
            elif event[0] in ("drew_progress", "spied", "took", "harbor_swap") and event[3] not in (None, -1) \
                    and (event[1] == cmd[1] or (event[0] != "drew_progress" and event[2] == cmd[1])):
                self.note(sentences(event, m.names)[0], theme.ACCENT)
        return True

    def note(self, text, colour=theme.TEXT, seconds=3.5) -> None:
        m = self.m
        # The same note again (a refusal clicked twice) shows once, for longer.
        m.notes = [n for n in m.notes if n[0] != text]
        m.notes.append((text, colour, time.monotonic() + seconds))
        m.notes = m.notes[-3:]
        self.app.dirty = True

    def absorb_records(self) -> None:
        m = self.m
        public = None
        self.teller.reader = self.reader()
        for record in self.c.records_since(m.seen):
            m.seen = record.seq
            if public is None:
                public = self.c.view(None)
            attack = []              # a barbarian attack and its results: one notice (CK-8)
            for event in record.events:
                said = self.teller.tell(event, public)
                m.log.extend(explain.told(said, record, m.names))
                if event[0] in ATTACK_EVENTS:
                    attack.extend(said)
                self._animate(event, public)
            if attack and m.stage.attack is None:       # (staged attacks tell it themselves)
                self.note(" ".join(attack), theme.ACCENT, 9.0)
        if len(m.log) > 500:
            del m.log[:-400]
        m.log_scroll = 0

    def retell(self) -> None:
        """Everything already said, again in the current language (after a
        switch): the log from the start, the staged panels on show (told
        again from the last roll, their times kept); the passing notes go."""
        m = self.m
        public = self.c.view(None)
        records = self.c.records_since(0)
        log = [line for event in self.c.start_events() for line in sentences(event, m.names)]
        self.teller = LogTeller(m.names, self.reader())
        for record in records:
            for event in record.events:
                log.extend(explain.told(self.teller.tell(event, public), record, m.names))
        m.log, m.log_scroll, m.notes = log[-400:], 0, []
        old = m.stage
        rolls = [i for i, r in enumerate(records) if any(e[0] == "rolled" for e in r.events)]
        if not rolls or not (old.seven or old.production or old.attack):
            return
        told = records[rolls[-1]:]
        new = staging.Stage(m, self.c)
        new.live_from = -1
        new.attacks -= sum(1 for r in told for e in r.events if e[0] == "barbarians_attack")
        seen = m.seen
        try:
            for record in told:
                m.seen = record.seq
                for event in record.events:
                    new.event(event, public)
        finally:
            m.seen = seen
        for name in ("seven", "production", "attack"):
            was, now = getattr(old, name), getattr(new, name)
            if was is None or now is None:
                setattr(new, name, None)
            else:
                now.opened, now.until = was.opened, was.until
        new.live_from = old.live_from
        m.stage = new

    def _animate(self, event, public) -> None:
        m = self.m
        if m.stage.event(event, public):
            self.app.dirty = True
        now = time.monotonic()
        kind = event[0]
        if kind == "rolled":
            m.dice_until = now + DICE_SECONDS
            total = event[2] + event[3]
            m.glow_hexes = tuple(h for h in range(len(public.numbers))
                                 if public.numbers[h] == total and h != public.robber)
            m.glow_until = now + DICE_SECONDS + FLY_SECONDS + 0.6
            self.app.sounds.play("dice")
        elif kind == "produced" and public.phase != SETUP_ROAD:
            total = sum(public.dice) if public.dice else 0
            start = now + DICE_SECONDS
            k = 0
            for h in range(len(public.numbers)):
                if public.numbers[h] != total or h == public.robber:
                    continue
                for node in board_of(public).hex_nodes[h]:
                    o = public.node_owner[node]
                    if o != -1 and any(event[1][o]):
                        for _ in range(public.node_level[node]):
                            m.flying.append((start + 0.08 * k, public.terrain[h], self.ui.board.hex_center(h),
                                             panels.cards_spot(self.ui, self.ui.layout.panels[o])))
                            k += 1
        elif kind in ("built", "knight_recruited"):
            if kind == "built":
                self.app.sounds.play("build")
            piece, spot = (event[2], event[3]) if kind == "built" else ("knight", event[2])
            if self.animations_on() and piece != "wall":
                m.flying.append((now, ("drop", piece, spot, event[1]), None, None))
        elif kind in ("traded", "maritime") and self.animations_on():
            self._fly_trade(event, now)
        elif kind == "took_back":            # what is still in the air of the move taken back is gone
            m.flying = [f for f in m.flying if not skippable(f[1])]
        elif kind == "robber_moved":
            self.app.sounds.play("robber")
        elif kind in ("longest_road", "largest_army", "shortage", "metropolis"):
            self.note(sentences(event, m.names, public)[0], theme.ACCENT)
        elif kind == "barbarians_attack":
            self.app.sounds.play("robber")

    def offer_seconds(self) -> int:
        """How long the offer on the table waits for the viewer's answer: the
        setting offer_timeout for a computer's offer, else no limit (0)."""
        m = self.m
        computers = getattr(m.computers, "bots", None) or {}
        if m.view is None or m.view.current not in computers:
            return 0
        return self.app.prefs.get("offer_timeout", 0)

    def animations_on(self) -> bool:
        """Built pieces and traded cards move, except at the computers'
        speed Instant (the table then only shows where things are)."""
        return self.app.prefs.get("computer_speed", "normal") != "instant"

    def _fly_trade(self, event, now) -> None:
        """The cards of a trade fly between the two players' panels (a bank
        trade: between the player and the bank), a few of each kind."""
        L, m = self.ui.layout, self.m
        here = panels.cards_spot(self.ui, L.panels[event[1]])
        if event[0] == "traded":
            partner, give, get = event[2:5]
            there = panels.cards_spot(self.ui, L.panels[partner])
            legs = [(k, here, there) for k in range(len(give)) for _ in range(min(give[k], 3))]
            legs += [(k, there, here) for k in range(len(get)) for _ in range(min(get[k], 3))]
        else:
            give, paid, get = event[2:5]
            legs = [(give, here, L.bank.center)] * min(paid, 4) + [(get, L.bank.center, here)]
        for i, (kind, a, b) in enumerate(legs[:10]):
            m.flying.append((now + 0.04 * i, ("trade", kind), a, b))

    def skip_animations(self) -> None:
        """A click or key: built pieces land and traded cards arrive at once
        (the input itself still does what it does)."""
        m = self.m
        if any(skippable(f[1]) for f in m.flying):
            m.flying = [f for f in m.flying if not skippable(f[1])]
            self.app.dirty = True

    # --- time -------------------------------------------------------------------------------
    def update(self, dt) -> None:
        m = self.m
        # (behind a curtain too; never under the barbarians' panel: what
        # happens next waits until the person has read it)
        if m.computers is not None and m.game_over_at is None and not m.stage.blocking:
            m.computers.poll(busy=time.monotonic() < m.dice_until)
        if self.c.seq != m.seen:         # records that came from elsewhere (a LAN host, a computer)
            self.refresh()
        now = time.monotonic()
        if m.stage.update(now):
            self.app.dirty = True
        answer = m.dialog
        if isinstance(answer, dialogs.AnswerDialog) and answer.seconds_left() is not None:
            self.app.dirty = True            # the countdown
            if answer.expired() and m.viewer is not None and ("decline", m.viewer) in m.legal:
                self.submit(("decline", m.viewer))
        if m.notes and m.notes[0][2] < now:
            m.notes = [n for n in m.notes if n[2] >= now]
            self.app.dirty = True
        if m.flying:
            m.flying = [f for f in m.flying if f[0] + fly_seconds(f[1]) > now]
            if not m.flying:
                self.app.dirty = True
        if m.game_over_at is not None and now - m.game_over_at > END_DELAY:
            self.show_results()

    # --- the person's actions ------------------------------------------------------------------
    def action(self, name) -> None:
        """An action button (or its key): a build mode, a dialog, or a command."""
        m = self.m
        if not m.action_enabled(name):
            return
        if name in MODE_PICKS:
            m.mode = None if m.mode == name else name
            m.knight = None
            self.update_pick()
        elif name == "chart":
            m.dialog = ckdialogs.ChartDialog(self)
            self.update_pick()
        elif name == "trade":
            m.dialog = dialogs.TradeEditor(self)
        elif name == "bank":
            m.dialog = dialogs.BankDialog(self)
        elif name == "harbor":
            self.open_harbor()
        elif name == "undo":
            self.take_back()
        else:                                   # roll, buy_dev, end_turn, pass_build
            self.submit((name, m.viewer))
        self.app.dirty = True

    def choose_spot(self, spot) -> None:
        """A lit spot of the board chosen (clicked, or Enter on the keys' cursor)."""
        target = self.m.pick[1][spot]
        if callable(target):
            target()
        else:
            self.submit(target)

    def take_back(self) -> None:
        """The Undo button or Ctrl+Z: the viewer's last move of this turn is
        taken back; when none may be, a note says why (with its rule)."""
        m = self.m
        if m.viewer is None or m.curtain_for is not None or m.view is None:
            return
        why = m.undo[1]
        if why is None:
            self.submit((UNDO, m.viewer))
        else:
            self.note(reasons.reason(why, (UNDO, m.viewer), m.view), theme.BAD, 6.0)

    def open_dev_card(self, kind) -> None:
        self.m.dialog = dialogs.DevCardDialog(self, kind)

    def open_progress(self, card) -> None:
        self.m.mode, self.m.knight = None, None
        self.m.dialog = ckdialogs.Chooser(self, "progress", PROGRESS_NAMES[card], card)
        self.update_pick()

    def open_harbor(self) -> None:
        """Choose a player and a resource for a Commercial Harbor swap."""
        self.m.mode, self.m.knight = None, None
        self.m.dialog = ckdialogs.Chooser(self, "harbor_trade", "harbor_trade")
        self.update_pick()

    def select_knight(self, node) -> None:
        self.m.knight = node
        self.m.mode = None
        self.update_pick()
        self.app.dirty = True

    def drop_knight(self) -> None:
        self.m.knight = None
        self.update_pick()

    # --- other screens ----------------------------------------------------------------------------
    def open_menu(self) -> None:
        """The Menu button or Esc: the in-game menu (resume, settings, rules, save, leave)."""
        self.app.nav.open("game_menu", self.scene)

    def toggle_log(self) -> None:
        """The narrow table's Log button or L: its drawer (the log, C&K's barbarians) opens or closes."""
        if self.ui.layout.drawer is not None:
            self.m.log_open = not self.m.log_open
            self.redraw()

    def open_rules(self) -> None:
        self.app.nav.open("rules", self.m.part)

    def show_results(self) -> None:
        self.app.nav.go(self.end_scene, self.c, time.monotonic() - self.m.started)

    def leave_game(self) -> None:
        """Leave the table for the menu below it (hot-seat games are saved
        after every move; a LAN seat closes its session first)."""
        if not self.c.hotseat:
            self.c.lan.close()
        self.app.nav.back()
