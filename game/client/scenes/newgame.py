"""New hot-seat game: players (names, colours), rules, board, seed, VP target
and the engine's options.  The config is checked by the engine itself
(`default_config` / `Authority`), whose refusal is shown as a message."""

import pygame
import pygame_gui

from game.engine import default_config

from .. import theme
from ..controller import HotseatController
from ..i18n import tr
from .base import GuiScene

MAX_NAME = 16
# Rule sets the table can show.
CLIENT_RULES = ("base", "ck")


def choose_rule(form, key: str) -> bool:
    """Apply a pressed rule-option button (rules, board, points to win, the
    engine's options) to a form that has the attributes rules, board, vp,
    combine and commit; False when `key` is not one of these buttons.
    Shared by the new hot-seat game form and the host LAN game form."""
    if key.startswith("rules_"):
        form.rules = key[6:]
        form.vp = default_config(rules=form.rules)["vp_target"]
    elif key.startswith("board_"):
        form.board = key[6:]
    elif key == "vp_minus":
        form.vp = max(3, form.vp - 1)
    elif key == "vp_plus":
        form.vp = min(30, form.vp + 1)
    elif key.startswith("combine_"):
        form.combine = key == "combine_True"
    elif key.startswith("commit_"):
        form.commit = key == "commit_True"
    else:
        return False
    return True


def rule_config(form, players: int, seed: int) -> dict:
    """The engine config a form's rule choices make (options only where their
    rule set has them)."""
    return default_config(rules=form.rules, players=players, vp_target=form.vp, board=form.board,
                          seed=seed, combine_trade_build=form.combine and form.rules == "base",
                          knight_commit=form.commit and form.rules == "ck")


class NewGameScene(GuiScene):
    def __init__(self, app):
        self.players = 4
        self.names = [None] * 4             # None: the default "Player n" in the current language
        self.colours = [c for c, _ in theme.PLAYER_COLOURS]
        self.rules = "base"
        self.board = "beginner"
        self.seed_text = "1"
        self.vp = 10
        self.combine = False
        self.commit = False                  # C&K option CK-8.5: players choose their defending knights
        self.error = ""
        self.entries = []
        super().__init__(app)

    # --- form -------------------------------------------------------------------------
    def _keep_texts(self) -> None:
        for i, e in enumerate(self.entries):
            self.names[i] = e.get_text()
        if getattr(self, "seed_entry", None) is not None:
            self.seed_text = self.seed_entry.get_text()

    def resize(self, size) -> None:
        if self.entries:
            self._keep_texts()
        super().resize(size)

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        compact = self.rules == "ck"          # one more row (the C&K option) must fit at 720 px
        bh, gap = (int(34 * s), int(8 * s)) if compact else (int(38 * s), int(10 * s))
        col0 = int(190 * s)
        x0 = (w - int(900 * s)) // 2
        y = int(28 * s)
        self.label((0, y, w, int(46 * s)), tr("new.title"), "#heading")
        y += int((56 if compact else 64) * s)

        def choice_row(label, key, options, current, width=int(170 * s)):
            nonlocal y
            self.label((x0, y, col0, bh), tr(label))
            for i, (value, text) in enumerate(options):
                enabled = key != "rules" or value in CLIENT_RULES
                b = self.button(f"{key}_{value}", (x0 + col0 + i * (width + gap), y, width, bh), text,
                                enabled, tooltip=None if enabled else tr("menu.coming"))
                if value == current:
                    b.select()
            y += bh + gap

        choice_row("new.players", "players", [(n, str(n)) for n in (2, 3, 4)], self.players, int(80 * s))
        self.entries = []
        for i in range(self.players):
            self.label((x0, y, col0, bh), tr("new.player_n", n=i + 1))
            name = self.names[i] if self.names[i] is not None else tr("new.player_n", n=i + 1)
            e = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x0 + col0, y, int(330 * s), bh), self.manager, initial_text=name)
            e.set_text_length_limit(MAX_NAME)
            self.entries.append(e)
            self.button(f"colour_{i}", (x0 + col0 + int(340 * s), y, int(170 * s), bh),
                        tr("colour." + self.colours[i]))
            y += bh + gap
        y += gap
        choice_row("new.rules", "rules", [("base", tr("new.rules.base")), ("ck", tr("new.rules.ck"))],
                   self.rules, int(250 * s))
        choice_row("new.board", "board", [("beginner", tr("new.board.beginner")),
                                          ("random", tr("new.board.random"))], self.board, int(250 * s))
        self.label((x0, y, col0, bh), tr("new.seed"))
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x0 + col0, y, int(250 * s), bh), self.manager, initial_text=self.seed_text,
            placeholder_text=tr("new.seed_hint"))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(19)
        y += bh + gap
        self.label((x0, y, col0, bh), tr("new.vp_target"))
        self.button("vp_minus", (x0 + col0, y, bh, bh), "−")
        self.label((x0 + col0 + bh, y, int(80 * s), bh), str(self.vp))
        self.button("vp_plus", (x0 + col0 + bh + int(80 * s), y, bh, bh), "+")
        y += bh + gap
        if self.rules == "base":            # C&K trades and builds in any order anyway
            choice_row("new.combine", "combine", [(True, tr("new.yes")), (False, tr("new.no"))],
                       self.combine, int(120 * s))
        else:
            choice_row("new.commit", "commit", [(False, tr("new.commit_all")), (True, tr("new.commit_choose"))],
                       self.commit, int(250 * s))
        self.label((x0, y, int(900 * s), bh), self.error, "#error")
        y += bh + gap
        bw = int(220 * s)
        self.button("back", (w // 2 - bw - gap, y, bw, int(46 * s)), tr("new.back"))
        self.button("start", (w // 2 + gap, y, bw, int(46 * s)), tr("new.start"))

    def on_gui(self, event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if key is None:
            return
        self._keep_texts()
        if key.startswith("players_"):
            self.players = int(key[8:])
        elif key.startswith("colour_"):
            i = int(key[7:])
            ids = [c for c, _ in theme.PLAYER_COLOURS]
            self.colours[i] = ids[(ids.index(self.colours[i]) + 1) % len(ids)]
        elif choose_rule(self, key):
            pass
        elif key == "back":
            self.app.pop()
            return
        elif key == "start":
            self.start()
            return
        self.error = ""
        self.resize(self.app.size)

    def start(self) -> None:
        self._keep_texts()
        names = [(self.names[i] or "").strip() for i in range(self.players)]
        colours = self.colours[:self.players]
        if not all(names) or any(len(n) > MAX_NAME for n in names):
            return self._fail(tr("new.bad_name"))
        if len(set(colours)) != len(colours):
            return self._fail(tr("new.same_colour"))
        # The seed decides dice, cards and (on a random board) the island.
        if not self.seed_text.isdigit() or int(self.seed_text) >= 2 ** 64:
            return self._fail(tr("new.bad_seed"))
        seed = int(self.seed_text)
        config = rule_config(self, self.players, seed)
        try:
            controller = HotseatController(config, names, [theme.COLOUR_RGB[c] for c in colours], autosave=True)
        except ValueError as e:
            return self._fail(tr("new.engine_refused", reason=str(e)))
        from .table import TableScene
        self.app.replace(TableScene(self.app, controller))

    def _fail(self, message: str) -> None:
        self.error = message
        self.resize(self.app.size)

    def draw(self, surf) -> None:
        super().draw(surf)
        s = self.app.scale
        for i in range(self.players):        # a swatch of each player's colour
            b = self.buttons.get(f"colour_{i}")
            if b is not None:
                r = pygame.Rect(b.rect.x + int(8 * s), b.rect.y + int(8 * s), int(22 * s), b.rect.h - int(16 * s))
                pygame.draw.rect(surf, theme.COLOUR_RGB[self.colours[i]], r, border_radius=3)
                pygame.draw.rect(surf, (20, 20, 20), r, 1, border_radius=3)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        super().handle_event(event)
