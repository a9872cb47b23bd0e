"""The table: the board, the players, the viewing seat's hand, dice, log.

It renders `controller.view(viewer)` and turns clicks into command tuples
submitted through the controller.  What is legal (spots, affordable builds,
playable cards, valid trades) is asked from the engine: `legal_commands` for
enumerable commands and `check` for free-form trade terms.

Hot-seat privacy: the viewer is the seat that must decide now; whenever that
changes a curtain ("pass the device to NAME") hides the screen until that
player reveals it, and only then is their hand drawn.  Over LAN
(`controller.hotseat` False) the viewer is always the laptop's own seat and
there is no curtain; scenes/lobby.py's LanTableScene adds the connection
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

import pygame

from game.engine import COMMANDS, check, deciders, legal_commands, may_offer
from game.engine.board import HEX_NODES
from game.engine.ck import barbarian_strength, knight_strength
from game.engine.constants import (
    BARBARIAN_TRACK_LENGTH, COST_ACTIVATE, COST_CITY, COST_DEV, COST_KNIGHT, COST_ROAD, COST_SETTLEMENT,
    COST_WALL, DEV_NAMES, GENERIC_HARBOR, PROGRESS_NAMES, PROGRESS_TRACK, SHIP_FACES, TERRAIN_NAMES,
)
from game.engine.rules import IllegalCommand
from game.engine.state import (
    PHASE_NAMES, DECIDE, DISCARD, GAME_OVER, MAIN, ROAD_BUILDING, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT,
    STEAL, TRADE,
)

from .. import clarity_overlay, reasons, staging, theme, widgets
from ..boardview import (
    BoardView, draw_city, draw_gate, draw_knight, draw_robber, draw_settlement, draw_ship, draw_wall,
)
from ..eventtext import card_name, cards_text, error_text, event_die_text, progress_name, sentences, track_name
from ..i18n import tr
from ..layout import TableLayout
from ..prompts import main_prompt, roll_prompt
from . import ckdialogs, dialogs
from .base import Scene

BUILD_COSTS = {"build_road": COST_ROAD, "build_settlement": COST_SETTLEMENT,
               "build_city": COST_CITY, "buy_dev": COST_DEV, "build_wall": COST_WALL,
               "recruit_knight": COST_KNIGHT}
# (board spot kind, command kind) per phase or build mode
PHASE_PICKS = {SETUP_SETTLEMENT: ("node", "place_settlement"), SETUP_ROAD: ("edge", "place_road"),
               ROAD_BUILDING: ("edge", "place_road"), ROBBER: ("hex", "move_robber")}
MODE_PICKS = {"build_road": ("edge", "build_road"), "build_settlement": ("node", "build_settlement"),
              "build_city": ("node", "build_city"), "build_wall": ("node", "build_wall"),
              "recruit_knight": ("node", "recruit_knight")}
SHORTCUTS = {pygame.K_r: "roll", pygame.K_1: "build_road", pygame.K_2: "build_settlement",
             pygame.K_3: "build_city", pygame.K_d: "buy_dev", pygame.K_t: "trade",
             pygame.K_b: "bank", pygame.K_e: "end_turn", pygame.K_w: "build_wall",
             pygame.K_k: "recruit_knight", pygame.K_i: "chart"}
ATTACK_EVENTS = ("barbarians_attack", "barbarians_win", "catan_wins", "defender", "city_lost")
KNIGHT_ACTIONS = ("activate_knight", "promote_knight", "move_knight", "displace_knight", "chase_robber")
# A selected knight's actions that need no destination (CK-5.3, CK-5.4, CK-7.3)
KNIGHT_BUTTONS = (("activate", "activate_knight"), ("promote", "promote_knight"), ("chase", "chase_robber"))
SHORTCUT_LABELS = {name: pygame.key.name(key).upper() for key, name in SHORTCUTS.items()}
DICE_SECONDS = 0.7
FLY_SECONDS = 1.0
END_DELAY = 1.6


def pick_actor(public):
    """The seat the shared screen serves next, from public facts only: the
    current player, except that discards and answers to a trade offer are
    taken in turn, clockwise from the current player."""
    seats = deciders(public)
    if not seats:
        return None
    n, cur = public.n, public.current
    if public.phase == TRADE:
        pending = [s for s in seats if s != cur]
        return min(pending, key=lambda s: (s - cur) % n) if pending else cur
    return min(seats, key=lambda s: (s - cur) % n)


class TableScene(Scene):
    def __init__(self, app, controller):
        super().__init__(app)
        self.c = controller
        self.n = controller.config["players"]
        self.ck = controller.config["rules"] == "ck"
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
        self.leave_armed_until = 0.0
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
        actor = pick_actor(public) if self.c.hotseat else self.c.seat
        if actor != self.viewer:
            self.curtain_for = actor
            self.dialog, self.mode = None, None
            self.view, self.legal, self.pick = public, [], None
        else:
            self._sync()
        self.app.dirty = True

    def reveal(self) -> None:
        """The player at the curtain has taken the device."""
        self.viewer, self.curtain_for = self.curtain_for, None
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
        for event in events:           # the acting seat's own, unredacted news
            if event[0] == "stole" and event[1] == cmd[1] and event[3] not in (None, -1):
                self.note(sentences(event, self.names)[0], theme.ACCENT)
            elif event[0] == "bought_dev" and event[2] is not None:
                self.note(sentences(event, self.names)[0], theme.ACCENT)
            elif event[0] in ("drew_progress", "spied", "took", "harbor_swap") and event[3] not in (None, -1) \
                    and (event[1] == cmd[1] or (event[0] != "drew_progress" and event[2] == cmd[1])):
                self.note(sentences(event, self.names)[0], theme.ACCENT)
        self.refresh()
        return True

    def note(self, text, colour=theme.TEXT, seconds=3.5) -> None:
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

    # --- input --------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.game_over_at is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.show_results()            # no need to wait for the end screen
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._update_hover()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.layout.log.collidepoint(self.mouse):
                self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + event.y))
                self.app.dirty = True
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)

    def _update_hover(self) -> None:
        key, _ = self.targets.at(self.mouse)
        if key == ("backdrop",) and self.dialog is None:
            key = None                    # the dialog just closed; its frame is stale
        spot = None
        if key is None and self.pick is not None:
            spot = self.board.hit(self.pick[0], self.pick[1], self.mouse)
        unlit = reasons.unlit_spot(self, self.mouse) if key is None and spot is None else None
        if unlit is not None:
            key = ("unlit",) + unlit            # a spot that is not allowed: the tooltip says why
        if key is None and spot is None and self.dialog is None and self.layout.board.collidepoint(self.mouse):
            harbor = self.board.harbor_at(self.mouse)
            knight = self.board.hit("node", [m for m in range(len(self.view.node_owner))
                                             if self.view.knight_owner[m] != -1], self.mouse) if self.ck else None
            if knight is not None:
                key = ("knight_info", knight)
            elif harbor is not None:
                key = ("harbor", harbor)
            else:
                h = self.board.hit("hex", range(len(self.view.terrain)), self.mouse)
                key = ("hex_info", h) if h is not None else None
        if key != self.hover_key or spot != self.hover_spot:
            self.hover_key, self.hover_spot = key, spot
            self.app.dirty = True

    def tooltip(self):
        """Words for what the mouse rests on: a harbor, a hex, a card, a button."""
        key, v = self.hover_key, self.view
        if key is None or self.dialog is not None or self.curtain_for is not None:
            return None
        if key[0] == "why":                  # a greyed button says why (reasons.py)
            return reasons.hover_reason(self)
        if key[0] == "unlit":
            return reasons.unlit_reason(self, key)
        if key[0] == "harbor":
            kind = v.harbors[key[1]]
            return tr("tip.harbor_generic") if kind == GENERIC_HARBOR else tr("tip.harbor", res=card_name(kind))
        if key[0] == "hex_info":
            h = key[1]
            terrain = tr("terrain." + TERRAIN_NAMES[v.terrain[h]])
            text = tr("tip.hex", terrain=terrain, n=v.numbers[h]) if v.numbers[h] else terrain
            return text + (" · " + tr("tip.robber") if h == v.robber else "")
        if key[0] == "dev_card":
            return tr(f"dev.{DEV_NAMES[key[1]]}.text")
        if key[0] == "prog_card":
            return f"{progress_name(key[1])}: {tr('prog.' + PROGRESS_NAMES[key[1]] + '.text')}"
        if key[0] == "knight_info":
            n = key[1]
            return tr("tip.knight_active" if v.knight_active[n] else "tip.knight_inactive",
                      name=self.names[v.knight_owner[n]], n=v.knight_strength[n])
        if key[0] == "event_die":
            return tr("tip.event_die", face=event_die_text(key[1]))
        if key[0] == "barbarians":
            return tr("tip.barbarians")
        if key[0] == "improvements":
            seat, track = key[1], key[2]
            return tr("tip.improvement", name=self.names[seat], track=track_name(track),
                      n=v.improvements[seat][track])
        if key[0] == "btn" and key[1] == "chart":
            return tr("tip.chart")
        if key[0] == "btn" and key[1] in BUILD_COSTS:
            return f"{tr('btn.' + key[1])}: {cards_text(dict(BUILD_COSTS[key[1]]).get(k, 0) for k in range(5))}"
        return None

    def click(self, pos) -> None:
        key, action = self.targets.at(pos)
        if action is not None:
            action()
            self.app.dirty = True
        elif key is None and self.pick is not None:
            spot = self.board.hit(self.pick[0], self.pick[1], pos)
            if spot is not None:
                target = self.pick[1][spot]
                if callable(target):
                    target()
                else:
                    self.submit(target)
            elif self.knight is not None:
                self.knight = None          # a click beside the knight's spots lets go of it
                self._update_pick()
            else:
                reasons.explain_spot(self, pos)     # a spot that is not lit: say why
            self.app.dirty = True
        self._update_hover()

    def key(self, key) -> None:
        if self.stage.blocking and self.curtain_for is None:     # a staged attack: a key goes on
            return self.stage.key(key)
        if key in (pygame.K_F1, pygame.K_h):             # rules and costs, from anywhere
            return self.open_rules()
        if key == pygame.K_ESCAPE and (self.curtain_for is not None or
                                       (self.dialog is None and not self.mode and self.knight is None)):
            return self.open_game_menu()                 # (Esc first lets go of a mode or a knight)
        if self.curtain_for is not None:
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.reveal()
            return
        if self.dialog is not None:
            self.dialog.key(key)
            self.app.dirty = True
            return
        if key == pygame.K_ESCAPE:
            self.mode = None
            self.knight = None
            self._update_pick()
        elif key == pygame.K_SPACE:
            self.action("roll")
        elif key == pygame.K_RETURN:
            self.action("end_turn")
        elif key in SHORTCUTS:
            self.action(SHORTCUTS[key])
        self.app.dirty = True

    def action_enabled(self, name) -> bool:
        if self.viewer is None or self.curtain_for is not None:
            return False
        kinds = self.legal_kinds()
        if name == "trade":
            return may_offer(self.view, self.viewer) if self.ck else self._probe_offer() is None
        if name == "bank":
            return "maritime" in kinds
        if name == "chart":
            return self.ck
        return name in kinds

    def _probe_offer(self):
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

    def action(self, name) -> None:
        if not self.action_enabled(name):
            return
        if name in MODE_PICKS:
            self.mode = None if self.mode == name else name
            self.knight = None
            self._update_pick()
        elif name == "chart":
            self.dialog = ckdialogs.ChartDialog(self)
            self._update_pick()
        elif name == "trade":
            self.dialog = dialogs.TradeEditor(self)
        elif name == "bank":
            self.dialog = dialogs.BankDialog(self)
        else:                                   # roll, buy_dev, end_turn
            self.submit((name, self.viewer))
        self.app.dirty = True

    def open_dev_card(self, kind) -> None:
        self.dialog = dialogs.DevCardDialog(self, kind)

    def open_progress(self, card) -> None:
        self.mode, self.knight = None, None
        self.dialog = ckdialogs.Chooser(self, "progress", PROGRESS_NAMES[card], card)
        self._update_pick()

    def select_knight(self, node) -> None:
        self.knight = node
        self.mode = None
        self._update_pick()
        self.app.dirty = True

    def to_menu(self) -> None:
        """The Menu button: the in-game menu (resume, settings, rules, save, leave)."""
        self.open_game_menu()

    def open_game_menu(self) -> None:
        from .game_menu import GameMenuScene
        self.app.push(GameMenuScene(self.app, self))

    def open_rules(self) -> None:
        from .rules_screen import RulesScreen
        self.app.push(RulesScreen(self.app, self.ck))

    def leave_game(self) -> None:
        """Leave the table for the menu below it (hot-seat games are saved
        after every move; a LAN seat closes its session first)."""
        if not self.c.hotseat:
            self.c.lan.close()
        self.app.pop()

    # --- update ---------------------------------------------------------------------------
    def busy(self) -> bool:
        now = time.monotonic()
        return now < self.dice_until or now < self.glow_until or bool(self.flying)

    def wake_ms(self) -> int:
        return min(200 if self.notes or self.game_over_at is not None else 1000, self.stage.wake_ms())

    def update(self, dt) -> None:
        if self.c.seq != self.seen:      # records that came from elsewhere (a LAN host)
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

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surf) -> None:
        self.targets.clear()
        text = self.app.text
        surf.fill(theme.BG)
        if self.curtain_for is not None:
            self.drawn_hand_seat = None
            self._draw_curtain(surf)
            return
        v = self.view
        surf.blit(self.board.static_layer(v, text), self.layout.board.topleft)
        self._draw_glow(surf)
        self.board.draw_pieces(surf, v, self.colours)
        self._draw_pick(surf)
        self._draw_dice(surf)
        self._draw_top(surf)
        self._draw_panels(surf)
        self._draw_log(surf)
        self._draw_hand(surf)
        if self.ck:
            self._draw_barbarians(surf)
            self._draw_knight_buttons(surf)
        self._draw_flying(surf)
        self._draw_notes(surf)
        self._draw_tooltip(surf)
        if self.dialog is not None:
            if getattr(self.dialog, "modal", True):
                self.targets.add(("backdrop",), self.layout.screen, None)
            self.dialog.draw(surf)
        clarity_overlay.draw(self, surf)

    def btn(self, surf, key, rect, label, action, enabled=True, primary=False, selected=False,
            size=15, sub=None):
        hover = enabled and self.hover_key == key
        widgets.button(surf, self.app.text, rect, label, enabled, hover, primary, selected, size, sub)
        if enabled:
            self.targets.add(key, rect, action)

    def _draw_curtain(self, surf) -> None:
        s, text = self.layout.s, self.app.text
        seat = self.curtain_for
        surf.fill(theme.CURTAIN)
        w, h = surf.get_size()
        band = pygame.Rect(0, h * 0.3, w, h * 0.34)
        pygame.draw.rect(surf, theme.darker(self.colours[seat], 0.55), band)
        pygame.draw.rect(surf, self.colours[seat], band, max(2, int(4 * s)))
        title = text.render(tr("curtain.title", name=self.names[seat]), 34, theme.TEXT, bold=True)
        surf.blit(title, title.get_rect(center=(w / 2, band.y + band.h * 0.28)))
        sub = text.render(tr("curtain.sub", name=self.names[seat]), 17, theme.TEXT_DIM)
        surf.blit(sub, sub.get_rect(center=(w / 2, band.y + band.h * 0.52)))
        r = pygame.Rect(0, 0, int(420 * s), int(50 * s))
        r.center = (w / 2, band.y + band.h * 0.78)
        self.btn(surf, ("curtain",), r, tr("curtain.button", name=self.names[seat]), self.reveal,
                 primary=True, size=18)

    def _draw_glow(self, surf) -> None:
        if time.monotonic() >= self.glow_until:
            return
        for h in self.glow_hexes:
            pygame.draw.polygon(surf, theme.HILITE, self.board.hex_corners(h, 0.93), max(3, int(self.board.R * 0.09)))

    def _draw_pick(self, surf) -> None:
        if self.pick is None or (self.dialog is not None and getattr(self.dialog, "modal", True)):
            return
        kind, cands = self.pick
        R = self.board.R
        colour = self.colours[self.viewer]
        style = self.pick_style
        for spot, target in cands.items():
            hov = spot == self.hover_spot
            cmd = target[0] if isinstance(target, tuple) else None
            if kind == "node" and style == "knight_select":
                x, y = self.board.node_pos(spot)
                ring = theme.ACCENT if hov else theme.HILITE
                pygame.draw.circle(surf, ring, (x, y), R * 0.36, max(2, int(R * (0.08 if hov else 0.05))))
            elif kind == "node" and style == "choice":
                x, y = self.board.node_pos(spot)
                pygame.draw.circle(surf, (20, 20, 20), (x, y), R * 0.36, max(3, int(R * 0.08)))
                pygame.draw.circle(surf, theme.ACCENT if hov else theme.HILITE, (x, y), R * 0.34,
                                   max(2, int(R * (0.08 if hov else 0.05))))
            elif kind == "node":
                x, y = self.board.node_pos(spot)
                if hov:
                    if cmd == "build_wall":
                        draw_wall(surf, x, y, R)
                        draw_city(surf, x, y, R, colour)
                    elif cmd in ("recruit_knight", "move_knight"):
                        draw_knight(surf, x, y, R, colour, self.view.knight_strength[self.knight]
                                    if cmd == "move_knight" else 1, 0)
                    elif cmd == "displace_knight":
                        pygame.draw.circle(surf, theme.BAD, (x, y), R * 0.36, max(3, int(R * 0.08)))
                    elif self.view.node_owner[spot] == self.viewer or cmd == "place_city":
                        draw_city(surf, x, y, R, colour)
                    else:
                        draw_settlement(surf, x, y, R, colour)
                elif cmd == "displace_knight":
                    pygame.draw.circle(surf, theme.BAD, (x, y), R * 0.34, max(2, int(R * 0.05)))
                else:
                    pygame.draw.circle(surf, (20, 20, 20), (x, y), R * 0.17)
                    pygame.draw.circle(surf, theme.HILITE, (x, y), R * 0.14)
            elif kind == "edge":
                if hov:
                    self.board.draw_road(surf, spot, colour, theme.HILITE)
                else:
                    x, y = self.board.edge_pos(spot)
                    pygame.draw.circle(surf, (20, 20, 20), (x, y), R * 0.15)
                    pygame.draw.circle(surf, theme.HILITE, (x, y), R * 0.12)
            else:
                pts = self.board.hex_corners(spot, 0.9)
                pygame.draw.polygon(surf, theme.HILITE, pts, max(2, int(R * (0.1 if hov else 0.05))))
                if hov:
                    cx, cy = self.board.hex_center(spot)
                    draw_robber(surf, cx - R * 0.48, cy + R * 0.05, R)

    def _draw_dice(self, surf) -> None:
        v = self.view
        now = time.monotonic()
        if now < self.dice_until:
            faces = (self._rnd.randint(1, 6), self._rnd.randint(1, 6), self._rnd.randint(0, 5))
        elif v.dice:
            faces = tuple(v.dice)
        else:
            return
        seven = sum(faces[:2]) == 7 and now >= self.dice_until
        for i, (rect, face) in enumerate(zip(self.layout.dice, faces)):
            jitter = int(3 * self.layout.s) if now < self.dice_until else 0
            r = rect.move(self._rnd.randint(-jitter, jitter), self._rnd.randint(-jitter, jitter))
            if i == 2:
                self._draw_event_die(surf, r, face)
            elif i == 1 and self.ck:           # C&K: the red die decides progress cards (CK-3.3)
                widgets.die(surf, r, face, colour=(196, 40, 36), pip=(250, 246, 236))
            else:
                widgets.die(surf, r, face, pip=(196, 30, 30) if seven else (30, 30, 30))
        if len(faces) > 2 and now >= self.dice_until:
            self.targets.add(("event_die", faces[2]), self.layout.dice[2], None)

    def _draw_event_die(self, surf, rect, face) -> None:
        """The event die (CK-1.6): a black ship, or a city gate in a track's colour."""
        rect = pygame.Rect(rect)
        pygame.draw.rect(surf, (20, 20, 20), rect.move(3, 4), border_radius=int(rect.w * 0.18))
        pygame.draw.rect(surf, (250, 246, 236), rect, border_radius=int(rect.w * 0.18))
        pygame.draw.rect(surf, (90, 90, 90), rect, 1, border_radius=int(rect.w * 0.18))
        inner = rect.inflate(-rect.w * 0.16, -rect.h * 0.16)
        if face < SHIP_FACES:
            draw_ship(surf, inner)
        else:
            draw_gate(surf, inner, theme.TRACK_RGB[face - SHIP_FACES])

    def _draw_barbarians(self, surf) -> None:
        """The barbarians' track: the ship's step (0-7, attack on 7), the
        barbarians' strength (one per city) against the active knights'."""
        L, v, text = self.layout, self.view, self.app.text
        s = L.s
        r = L.barbarians
        widgets.panel(surf, r, (20, 30, 44), theme.PANEL_EDGE, radius=8)
        img = text.render(tr("barb.title", n=v.barb_pos, k=BARBARIAN_TRACK_LENGTH), 13, theme.TEXT, bold=True)
        surf.blit(img, (r.x + int(8 * s), r.y + int(4 * s)))
        steps = BARBARIAN_TRACK_LENGTH + 1
        step_w = (r.w - int(16 * s)) / steps
        y = r.y + int(34 * s)
        for i in range(steps):
            cx = r.x + int(8 * s) + step_w * (i + 0.5)
            fill = (150, 40, 36) if i == steps - 1 else (60, 80, 104)
            pygame.draw.circle(surf, fill, (cx, y), step_w * 0.36)
            if i == v.barb_pos:
                box = pygame.Rect(0, 0, step_w * 1.05, step_w * 1.05)
                box.center = (cx, y - step_w * 0.1)
                draw_ship(surf, box, sail=(250, 250, 245))
        cities = barbarian_strength(v)
        knights = sum(knight_strength(v, seat) for seat in range(v.n))     # what defends (CK-8.1)
        colour = theme.BAD if cities > knights else theme.GOOD
        img = text.render(tr("barb.strength", barbarians=cities, knights=knights), 12, colour)
        surf.blit(img, (r.x + int(8 * s), r.bottom - int(18 * s)))
        self.targets.add(("barbarians",), r, None)

    def _draw_knight_buttons(self, surf) -> None:
        """The selected knight is ringed; its actions without a destination
        are buttons in the side panel, in the sea off the board's spots."""
        if self.knight is None or self.dialog is not None:
            return
        cmds = {c[0]: c for c in self.knight_commands(self.knight)}
        x, y = self.board.node_pos(self.knight)
        R = self.board.R
        pygame.draw.circle(surf, theme.ACCENT, (x, y), R * 0.38, max(2, int(R * 0.08)))
        v = self.view
        title = tr("knight.active" if v.knight_active[self.knight] else "knight.inactive",
                   n=v.knight_strength[self.knight])
        buttons = []
        for name, kind in KNIGHT_BUTTONS:
            if kind in cmds:
                cost = {"activate": COST_ACTIVATE, "promote": COST_KNIGHT}.get(name)
                label = tr("knight." + name) + (f" ({cards_text(dict(cost).get(k, 0) for k in range(8))})"
                                                if cost else "")
                buttons.append((("knight", name), label, lambda c=cmds[kind]: self.submit(c), True, True))
        buttons.append((("knight", "cancel"), tr("btn.cancel"), self.drop_knight, True, False))
        ckdialogs.side_panel(self, surf, title, tr("knight.help"), buttons)

    def drop_knight(self) -> None:
        self.knight = None
        self._update_pick()

    def prompt(self) -> str:
        v, me = self.view, self.viewer
        if v.phase == GAME_OVER:
            return tr("prompt.game_over", name=self.names[v.winner])
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

    def _draw_top(self, surf) -> None:
        L, text = self.layout, self.app.text
        pygame.draw.rect(surf, theme.PANEL, L.top)
        pygame.draw.line(surf, theme.PANEL_EDGE, L.top.bottomleft, L.top.bottomright)
        if self.viewer is not None:
            pygame.draw.rect(surf, self.colours[self.viewer], (0, 0, int(8 * L.s), L.top.h))
        img = text.render(self.prompt(), 17, theme.TEXT, bold=True)
        surf.blit(img, img.get_rect(midleft=(int(18 * L.s), L.top.centery)))
        self.btn(surf, ("btn", "menu"), L.menu_button, tr("btn.menu"), self.to_menu, size=13)

    def _draw_panels(self, surf) -> None:
        L, text, v = self.layout, self.app.text, self.view
        s = L.s
        pygame.draw.rect(surf, (26, 32, 42), L.side)
        for seat, rect in enumerate(L.panels):
            active = seat == v.current and v.phase != GAME_OVER
            widgets.player_panel(surf, rect, self.colours[seat], active, int(10 * s))
            x = rect.x + int(18 * s)
            name = text.render(self.names[seat], 17, theme.TEXT, bold=True)
            surf.blit(name, (x, rect.y + int(6 * s)))
            vp = v.vp_public[seat]
            if v.vp_cards_shown[seat] >= 0:          # revealed when the game is won
                vp += v.vp_cards_shown[seat]
                hidden = 0
            else:
                hidden = v.dev[seat][4] if v.dev[seat] is not None and seat == self.viewer else 0
            vp_text = tr("panel.vp", n=vp) + (f" (+{hidden})" if hidden else "")
            img = text.render(vp_text, 18, theme.ACCENT, bold=True)
            surf.blit(img, img.get_rect(topright=(rect.right - int(10 * s), rect.y + int(6 * s))))
            if self.ck:
                own = [n for n in range(len(v.knight_owner)) if v.knight_owner[n] == seat]
                ready = knight_strength(v, seat)
                total = sum(v.knight_strength[n] for n in own)
                facts = (f"{tr('panel.cards')} {v.hand_n[seat]}", f"{tr('panel.progress')} {v.prog_n[seat]}",
                         f"{tr('panel.ck_knights')} {ready}/{total}", f"{tr('panel.road')} {v.road_len[seat]}")
            else:
                facts = (f"{tr('panel.cards')} {v.hand_n[seat]}", f"{tr('panel.dev')} {v.dev_n[seat]}",
                         f"{tr('panel.knights')} {v.knights[seat]}", f"{tr('panel.road')} {v.road_len[seat]}")
            fx = x
            imgs = [text.render(fact, 13, theme.TEXT_DIM) for fact in facts]
            gap = int(12 * s)
            room = rect.right - int(8 * s) - x
            if sum(i.get_width() for i in imgs) + gap * (len(imgs) - 1) > room:     # long words (Dutch)
                imgs = [text.render(fact, 11, theme.TEXT_DIM) for fact in facts]
                gap = max(4, (room - sum(i.get_width() for i in imgs)) // max(1, len(imgs) - 1))
                gap = min(gap, int(10 * s))
            for img in imgs:
                surf.blit(img, (fx, rect.y + int(32 * s)))
                fx += img.get_width() + gap
            bx = x
            badges = [(v.longest_road == seat, tr("panel.longest_road"), theme.ACCENT),
                      (v.largest_army == seat, tr("panel.largest_army"), theme.ACCENT)]
            if self.ck:
                self._draw_improvements(surf, seat, x, rect.y + int(52 * s))     # badges go on the row below
                badges += [(v.defenders[seat] > 0, tr("panel.defenders", n=v.defenders[seat]), theme.GOOD),
                           (v.prog_vp[seat] > 0, tr("panel.prog_vp", n=v.prog_vp[seat]), theme.GOOD),
                           (v.merchant[1] == seat, tr("panel.merchant"), theme.ACCENT)]
                badges += [(v.metropolis[t] != -1 and v.node_owner[v.metropolis[t]] == seat,
                            tr("panel.metropolis", track=track_name(t)), theme.TRACK_RGB[t]) for t in range(3)]
            by = rect.y + int((74 if self.ck else 54) * s)
            for shown, label, colour in badges:
                if shown:
                    img = text.render(label, 11 if self.ck else 12, (30, 24, 10), bold=True)
                    r = img.get_rect(topleft=(bx + int(6 * s), by)).inflate(int(10 * s), int(2 * s))
                    if r.right > rect.right - int(6 * s) and self.ck:
                        continue                    # no room: left out (the log and end screen tell it)
                    pygame.draw.rect(surf, colour, r, border_radius=5)
                    surf.blit(img, img.get_rect(center=r.center))
                    bx = r.right + int(2 * s)
            if active and not self.ck:          # (C&K panels are full: the frame says it)
                img = text.render(tr("panel.turn"), 12, theme.ACCENT)
                surf.blit(img, img.get_rect(bottomright=(rect.right - int(10 * s), rect.bottom - int(6 * s))))
        # the bank's stock and the development deck
        b = L.bank
        widgets.panel(surf, b, theme.PANEL)
        img = text.render(tr("panel.bank"), 13, theme.TEXT_DIM, bold=True)
        surf.blit(img, (b.x + int(8 * s), b.y + int(5 * s)))
        x = b.x + int(8 * s)
        step = (b.w - int(16 * s)) / len(v.bank) if self.ck else int(50 * s)
        for kind in range(len(v.bank)):
            r = pygame.Rect(x, b.y + int(24 * s), int(14 * s), int(20 * s))
            pygame.draw.rect(surf, theme.RESOURCE_RGB[kind], r, border_radius=3)
            img = text.render(str(v.bank[kind]), 13, theme.TEXT)
            surf.blit(img, img.get_rect(midleft=(r.right + int(3 * s), r.centery)))
            x += step
        if self.ck:
            decks = " ".join(str(k) for k in v.prog_deck_n)
            img = text.render(tr("panel.prog_decks", n=decks), 12, theme.TEXT_DIM)
        else:
            img = text.render(tr("panel.deck", n=v.deck_n), 12, theme.TEXT_DIM)
        surf.blit(img, img.get_rect(topright=(b.right - int(8 * s), b.y + int(6 * s))))

    def _draw_improvements(self, surf, seat, x, y) -> int:
        """Three small track boxes with the seat's level in each (C&K)."""
        s, text, v = self.layout.s, self.app.text, self.view
        for track in range(3):
            level = v.improvements[seat][track]
            r = pygame.Rect(x, y, int(56 * s), int(18 * s))
            colour = theme.TRACK_RGB[track]
            pygame.draw.rect(surf, theme.darker(colour, 0.6), r, border_radius=4)
            if level:
                pygame.draw.rect(surf, colour, (r.x, r.y, r.w * level // 5, r.h), border_radius=4)
            pygame.draw.rect(surf, colour, r, 1, border_radius=4)
            img = text.render(f"{level}/5", 11, (16, 16, 16) if level >= 3 else theme.TEXT, bold=True)
            surf.blit(img, img.get_rect(center=r.center))
            self.targets.add(("improvements", seat, track), r, None)
            x = r.right + int(5 * s)
        return x - int(5 * s)

    def _draw_log(self, surf) -> None:
        L, text = self.layout, self.app.text
        s = L.s
        r = L.log
        widgets.panel(surf, r, (24, 30, 40))
        head = text.render(tr("log.title"), 13, theme.TEXT_DIM, bold=True)
        surf.blit(head, (r.x + int(8 * s), r.y + int(5 * s)))
        font = self.app.fonts.get(13)
        line_h = font.get_linesize()
        width = r.w - int(16 * s)
        y = r.bottom - int(6 * s)
        top = r.y + int(24 * s)
        end = len(self.log) - self.log_scroll
        i = end - 1
        while i >= 0 and y - line_h >= top:
            colour = theme.TEXT if i >= len(self.log) - 3 else theme.TEXT_DIM
            for line in reversed(self._wrapped(self.log[i], font, width)):
                if y - line_h < top:
                    break
                y -= line_h
                surf.blit(text.render(line, 13, colour), (r.x + int(8 * s), y))
            i -= 1

    def _wrapped(self, sentence, font, width):
        key = (sentence, width)
        lines = self._wrap_cache.get(key)
        if lines is None:
            if len(self._wrap_cache) > 2000:
                self._wrap_cache.clear()
            lines = self._wrap_cache[key] = widgets.wrap(sentence, font, width)
        return lines

    def _draw_hand(self, surf) -> None:
        L, text, v, me = self.layout, self.app.text, self.view, self.viewer
        s = L.s
        pygame.draw.rect(surf, theme.PANEL, L.hand)
        pygame.draw.line(surf, theme.PANEL_EDGE, L.hand.topleft, L.hand.topright)
        if me is None or v.phase == GAME_OVER:
            self.drawn_hand_seat = None
            return
        self.drawn_hand_seat = me
        hand = v.hands[me]
        label = text.render(tr("hand.title", name=self.names[me]), 13, self.colours[me], bold=True)
        surf.blit(label, (int(10 * s), L.hand.y + int(5 * s)))

        x = int(10 * s)
        for kind in range(len(hand)):
            r = pygame.Rect(x, L.cards_y, L.card_w, L.card_h)
            widgets.resource_card(surf, text, r, kind, hand[kind], card_name(kind), dim=hand[kind] == 0)
            x += L.card_w + L.card_gap
        x += int(14 * s)
        if self.ck:
            self._draw_progress_hand(surf, x)
        else:
            self._draw_dev_hand(surf, x)
        self._draw_buttons(surf)

    def _draw_progress_hand(self, surf, x) -> None:
        """The viewer's progress cards, one card per kind (×count), in the
        track's colour; clicking one opens it (its text and its choices)."""
        L, text, v, me = self.layout, self.app.text, self.view, self.viewer
        s = L.s
        label = text.render(tr("hand.progress"), 13, theme.TEXT_DIM, bold=True)
        surf.blit(label, (x, L.hand.y + int(5 * s)))
        prog = v.prog[me]
        held = [c for c in range(len(prog)) if prog[c]]
        room = L.hand.right - int(8 * s) - x
        w = min(int(L.card_w * 1.45), (room - L.card_gap * max(0, len(held) - 1)) // max(1, len(held)))
        for card in held:
            r = pygame.Rect(x, L.cards_y, w, L.card_h)
            hov = self.hover_key == ("prog_card", card)
            playable = any(c[0] == "progress" and c[2] == card for c in self.legal)
            base = theme.TRACK_RGB[PROGRESS_TRACK[card]]
            fill = theme.lighter(base, 0.2) if hov else (base if playable else theme.darker(base, 0.4))
            pygame.draw.rect(surf, (20, 20, 24), r.move(2, 3), border_radius=7)
            pygame.draw.rect(surf, fill, r, border_radius=7)
            pygame.draw.rect(surf, theme.ACCENT if hov else (240, 240, 236), r, 2, border_radius=7)
            ink = (16, 16, 16) if playable or hov else (210, 210, 210)
            font = self.app.fonts.get(11, True)
            for j, line in enumerate(widgets.wrap(progress_name(card), font, r.w - 6)[:3]):
                img = text.render(line, 11, ink, bold=True)
                if img.get_width() > r.w - 6:
                    img = pygame.transform.smoothscale(img, (r.w - 6, img.get_height()))
                surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + int(5 * s) + j * img.get_height())))
            if prog[card] > 1:
                img = text.render(f"×{prog[card]}", 18, ink, bold=True)
                surf.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom - int(4 * s))))
            self.targets.add(("prog_card", card), r, lambda c=card: self.open_progress(c))
            x += r.w + L.card_gap
        if not held:
            img = text.render(tr("hand.no_progress"), 12, theme.TEXT_DIM)
            surf.blit(img, (x, L.cards_y + int(8 * s)))

    def _draw_dev_hand(self, surf, x) -> None:
        L, text, v, me = self.layout, self.app.text, self.view, self.viewer
        s = L.s
        dev = v.dev[me]
        new = v.dev_new[me]
        label = text.render(tr("hand.dev"), 13, theme.TEXT_DIM, bold=True)
        surf.blit(label, (x, L.hand.y + int(5 * s)))
        for kind in range(len(dev)):
            if not dev[kind]:
                continue
            r = pygame.Rect(x, L.cards_y, int(L.card_w * 1.25), L.card_h)
            hov = self.hover_key == ("dev_card", kind)
            fill = (92, 64, 130) if not hov else (120, 86, 166)
            pygame.draw.rect(surf, (20, 20, 24), r.move(2, 3), border_radius=7)
            pygame.draw.rect(surf, fill, r, border_radius=7)
            pygame.draw.rect(surf, theme.ACCENT if hov else (220, 210, 240), r, 2, border_radius=7)
            name = tr("dev." + DEV_NAMES[kind])
            for j, line in enumerate(widgets.wrap(name, self.app.fonts.get(12, True), r.w - 6)[:2]):
                img = text.render(line, 12, theme.TEXT, bold=True)
                if img.get_width() > r.w - 6:
                    img = pygame.transform.smoothscale(img, (r.w - 6, img.get_height()))
                surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + int(6 * s) + j * img.get_height())))
            img = text.render(f"×{dev[kind]}", 20, theme.ACCENT, bold=True)
            surf.blit(img, img.get_rect(center=(r.centerx, r.centery + int(10 * s))))
            if new[kind]:
                img = text.render(tr("hand.new", n=new[kind]), 11, theme.TEXT_DIM)
                surf.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom - int(4 * s))))
            self.targets.add(("dev_card", kind), r, lambda k=kind: self.open_dev_card(k))
            x += r.w + L.card_gap

    def _draw_buttons(self, surf) -> None:
        L, text = self.layout, self.app.text
        s = L.s
        for name, rect in L.buttons.items():
            enabled = self.action_enabled(name)
            cost = BUILD_COSTS.get(name)
            sub = (lambda r, en, c=cost: widgets.cost_badges(surf, r, c, en)) if cost else None
            self.btn(surf, ("btn", name), rect, tr("btn." + name), lambda n=name: self.action(n), enabled,
                     primary=enabled and name in ("roll", "end_turn") or self.mode == name,
                     selected=self.mode == name, size=14, sub=sub)
            hint = text.render(SHORTCUT_LABELS[name], 10, theme.TEXT_DIM if enabled else (100, 104, 112))
            surf.blit(hint, hint.get_rect(topright=(rect.right - int(5 * s), rect.y + int(2 * s))))

    def _draw_flying(self, surf) -> None:
        now = time.monotonic()
        s = self.layout.s
        for start, kind, (x0, y0), (x1, y1) in self.flying:
            t = (now - start) / FLY_SECONDS
            if t < 0 or t > 1:
                continue
            e = t * t * (3 - 2 * t)
            x, y = x0 + (x1 - x0) * e, y0 + (y1 - y0) * e - 60 * s * 4 * t * (1 - t)
            r = pygame.Rect(0, 0, int(22 * s), int(30 * s))
            r.center = (x, y)
            pygame.draw.rect(surf, theme.RESOURCE_RGB[kind], r, border_radius=4)
            pygame.draw.rect(surf, (250, 250, 245), r, 2, border_radius=4)

    def _draw_tooltip(self, surf) -> None:
        tip = self.tooltip()
        if not tip:
            return
        tip = tip[:1].upper() + tip[1:]
        s, text = self.layout.s, self.app.text
        font = self.app.fonts.get(14)
        lines = widgets.wrap(tip, font, int(320 * s))
        imgs = [text.render(line, 14, theme.TEXT) for line in lines]
        w = max(i.get_width() for i in imgs) + int(16 * s)
        h = sum(i.get_height() for i in imgs) + int(10 * s)
        r = pygame.Rect(self.mouse[0] + int(16 * s), self.mouse[1] + int(18 * s), w, h)
        r.clamp_ip(self.layout.screen)
        if r.collidepoint(self.mouse):
            r.bottom = self.mouse[1] - int(8 * s)
        widgets.panel(surf, r, (16, 20, 28), theme.ACCENT, radius=6)
        y = r.y + int(5 * s)
        for img in imgs:
            surf.blit(img, (r.x + int(8 * s), y))
            y += img.get_height()

    def _draw_notes(self, surf) -> None:
        """Notices at the top of the sea (between the barbarians' track and
        the dice in C&K), wrapped to fit."""
        L, s, text = self.layout, self.layout.s, self.app.text
        if self.ck:
            left, right = L.barbarians.right + int(8 * s), L.dice[0].x - int(8 * s)
        else:
            left, right = L.board.x + int(60 * s), L.dice[0].x - int(8 * s)
        cx, width = (left + right) // 2, right - left - int(20 * s)
        font = self.app.fonts.get(16, True)
        y = L.board.y + int(10 * s)
        for msg, colour, _ in self.notes:
            imgs = [text.render(line, 16, colour, bold=True) for line in self._wrapped(msg, font, width)]
            r = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + int(20 * s),
                            sum(i.get_height() for i in imgs) + int(10 * s))
            r.midtop = (cx, y)
            widgets.panel(surf, r, (20, 26, 36), colour)
            ly = r.y + int(5 * s)
            for img in imgs:
                surf.blit(img, img.get_rect(midtop=(r.centerx, ly)))
                ly += img.get_height()
            y = r.bottom + int(6 * s)
