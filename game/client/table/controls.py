"""The table's input: pointer, keys and the action buttons (TableInput, a
part of TableScene in table.py, split off to keep each file readable).

Clicks on the board pick the spots the current mode or phase asks for
(PHASE_PICKS in table.py, MODE_PICKS here); the action buttons and their
keyboard shortcuts (SHORTCUTS) open dialogs or submit commands; hovering
shows tooltips with the reason an action is not possible now.
"""

import time

import pygame

from game.engine import check, may_offer
from game.engine.constants import (
    COST_CITY, COST_DEV, COST_KNIGHT, COST_ROAD, COST_SETTLEMENT, COST_WALL, GENERIC_HARBOR,
    PROGRESS_NAMES, TERRAIN_NAMES,
)
from game.engine.rules import IllegalCommand
from game.engine.state import MAIN

from .. import theme
from . import reasons
from ..eventtext import card_name, cards_text, event_die_text, track_name
from ..i18n import tr
from . import ckdialogs, dialogs, hand

BUILD_COSTS = {"build_road": COST_ROAD, "build_settlement": COST_SETTLEMENT,
               "build_city": COST_CITY, "buy_dev": COST_DEV, "build_wall": COST_WALL,
               "recruit_knight": COST_KNIGHT}
# (board spot kind, command kind) per build mode
MODE_PICKS = {"build_road": ("edge", "build_road"), "build_settlement": ("node", "build_settlement"),
              "build_city": ("node", "build_city"), "build_wall": ("node", "build_wall"),
              "recruit_knight": ("node", "recruit_knight")}
SHORTCUTS = {pygame.K_r: "roll", pygame.K_1: "build_road", pygame.K_2: "build_settlement",
             pygame.K_3: "build_city", pygame.K_d: "buy_dev", pygame.K_t: "trade",
             pygame.K_b: "bank", pygame.K_e: "end_turn", pygame.K_w: "build_wall",
             pygame.K_k: "recruit_knight", pygame.K_i: "chart", pygame.K_o: "harbor"}
SHORTCUT_LABELS = {name: pygame.key.name(key).upper() for key, name in SHORTCUTS.items()}
SPACE_GRACE_SECONDS = 1.0    # after the computers' last move, Space (their hurry key) does nothing


class TableInput:
    """Input handling of TableScene (uses its state: view, viewer, mode, dialog...)."""

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
        if key[0] in ("hand_card", "dev_card", "prog_card"):
            return hand.card_tip(self, key)
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
        if key == pygame.K_F8 and self.view is not None:     # what this screen shows, never more
            from .position_copy import copy_position
            self.note(copy_position(self.view), theme.ACCENT, 6.0)
            self.app.dirty = True
            return
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
        if key == pygame.K_SPACE and self.computers_playing():
            self.computers.hurry()           # Space: the computers play on without pauses
            self.app.dirty = True
            return
        if key == pygame.K_SPACE and time.monotonic() - self.computers_moved_at < SPACE_GRACE_SECONDS:
            return      # a hurry key pressed as the computers finished must not roll or answer for the person
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
        if name == "harbor":                    # Commercial Harbor swaps still owed this turn (CK-11)
            return "harbor_trade" in kinds
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
        elif name == "harbor":
            self.open_harbor()
        else:                                   # roll, buy_dev, end_turn
            self.submit((name, self.viewer))
        self.app.dirty = True

    def open_dev_card(self, kind) -> None:
        self.dialog = dialogs.DevCardDialog(self, kind)

    def open_progress(self, card) -> None:
        self.mode, self.knight = None, None
        self.dialog = ckdialogs.Chooser(self, "progress", PROGRESS_NAMES[card], card)
        self._update_pick()

    def open_harbor(self) -> None:
        """Choose a player and a resource for a Commercial Harbor swap."""
        self.mode, self.knight = None, None
        self.dialog = ckdialogs.Chooser(self, "harbor_trade", "harbor_trade")
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
        self.app.nav.open("game_menu", self)

    def open_rules(self) -> None:
        self.app.nav.open("rules", self.ck)

    def leave_game(self) -> None:
        """Leave the table for the menu below it (hot-seat games are saved
        after every move; a LAN seat closes its session first)."""
        if not self.c.hotseat:
            self.c.lan.close()
        self.app.nav.back()
