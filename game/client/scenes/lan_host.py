"""Host a LAN game: your name, the game's name and the rule choices (as in
the new-game scene).  Hosting starts a HostSession (listen + advertise) in
the background and seats this player through a ClientSession; then the
lobby opens.  The seed is drawn at random: nobody at the table knows it."""

import secrets

import pygame
import pygame_gui

from game.engine import RULESETS
from game.engine.match import Authority
from net.session import pake

from .. import lan, lantext
from ..i18n import tr
from ..scene import GuiScene
from ..form_scroll import ScrollingForm, form_room
from .newgame import (
    button_text_width, choice_buttons, choose_rule, default_options, option_rows, recall_rules, rule_config,
    rule_memory,
)


class LanHostScene(ScrollingForm, GuiScene):
    def __init__(self, app):
        self.name = lan.saved_name()
        self.game_name = None                # None: "<name>'s game" in the current language
        self.players = 4
        self.rules = "base"
        self.board = "random"
        self.vp = 10
        self.options = default_options()
        memory = app.prefs.get("lan_host")
        recall_rules(self, memory)                          # the last game hosted
        if isinstance(memory, dict) and memory.get("players") in RULESETS[self.rules].seats:
            self.players = memory["players"]                # (five and six too: X-1)
        self.error = ""
        self.pending = None                  # the Background starting the host
        self.join_code = ""                  # optional: what other players must type to join
        self.name_entry = self.game_entry = self.code_entry = None
        super().__init__(app)

    def _keep_texts(self) -> None:
        if self.name_entry is not None:
            self.name = self.name_entry.get_text()
            text = self.game_entry.get_text()
            self.game_name = text if text != self._default_game_name() else None
            self.join_code = self.code_entry.get_text()

    def _default_game_name(self) -> str:
        return tr("lan.default_game", name=self.name.strip() or "Kolonisten")

    def resize(self, size) -> None:
        self._keep_texts()
        super().resize(size)

    LEAST_STEP = 31                  # the least pitch of the form's rows that holds their words
    WIDTH = 720                      # the form's width (design units), less in a narrower window
    COL0 = 190                       # its first column: the labels

    def arrangement(self) -> tuple:
        """(the option rows, the keys of the rows whose buttons stand under
        their label, and "new_code" when its button stands under the join
        code's field: where they do not fit beside it on a narrow form)."""
        options = option_rows(self, button_text_width(self.app))
        width = form_room(self.app, self.WIDTH)
        below = {key for _, key, values, _, w in options if self.COL0 + len(values) * (w + 10) > width}
        if self.COL0 + 340 + 170 > width:
            below.add("new_code")
        return options, below

    def rows(self, below) -> int:
        """name, game, join code, players, rules, board, points, the options, the status,
        and the lines of what stands under its label."""
        return 8 + len(RULESETS[self.rules].options) + len(below)

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        options, below = self.arrangement()
        # the rows' pitch: 48 design units, closer in a shorter canvas (a larger scale of text),
        # never closer than their words allow: then the form scrolls (form_scroll.py)
        room = h - int((28 + 64 + 10 + 10 + 46 + 28) * s)
        step = max(self.LEAST_STEP * s, min(48 * s, room / self.rows(below)))
        bh, gap = int(step * 38 / 48), int(step * 10 / 48)
        col0 = int(self.COL0 * s)
        width = int(form_room(self.app, self.WIDTH) * s)       # the widest row: rules, two choices
        x0 = (w - width) // 2
        y = int(28 * s)
        self.label((0, y, w, int(46 * s)), tr("lan.host_title"), "#heading")
        y += int(64 * s)

        def choice_row(label, key, options, current, row_width=int(170 * s)):
            nonlocal y
            y = choice_buttons(self, (x0, y, col0, width, bh, gap), label, key, options, current,
                               row_width, key in below)

        self.label((x0, y, col0, bh), tr("lan.your_name"))
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x0 + col0, y, int(330 * s), bh), self.manager, initial_text=self.name)
        self.name_entry.set_text_length_limit(lan.NAME_LIMIT)
        y += bh + gap
        self.label((x0, y, col0, bh), tr("lan.game_name"))
        self.game_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x0 + col0, y, int(330 * s), bh), self.manager,
            initial_text=self.game_name if self.game_name is not None else self._default_game_name())
        self.game_entry.set_text_length_limit(40)
        y += bh + gap
        self.label((x0, y, col0, bh), tr("secure.join_code"))      # its own row: the hint fits in the field
        self.code_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x0 + col0, y, int(330 * s), bh), self.manager,
            initial_text=self.join_code, placeholder_text=tr("secure.join_code_host_hint"))
        self.code_entry.set_text_length_limit(32)
        if "new_code" in below:
            y += bh + gap
            self.button("new_code", (x0 + col0, y, int(170 * s), bh), tr("secure.new_code"))
        else:
            self.button("new_code", (x0 + col0 + int(340 * s), y, int(170 * s), bh), tr("secure.new_code"))
        y += bh + gap * 2
        seats = RULESETS[self.rules].seats
        choice_row("new.players", "players", [(n, str(n)) for n in seats], self.players,
                   min(int(80 * s), (width - col0) // len(seats) - gap))
        choice_row("new.rules", "rules", [("base", tr("new.rules.base")), ("ck", tr("new.rules.ck"))],
                   self.rules, min(int(250 * s), (width - col0 - gap) // 2))
        choice_row("new.board", "board", [("beginner", tr("new.board.beginner")),
                                          ("random", tr("new.board.random"))], self.board,
                   min(int(250 * s), (width - col0 - gap) // 2))
        self.label((x0, y, col0, bh), tr("new.vp_target"))
        self.button("vp_minus", (x0 + col0, y, bh, bh), "−")
        self.label((x0 + col0 + bh, y, int(80 * s), bh), str(self.vp))
        self.button("vp_plus", (x0 + col0 + bh + int(80 * s), y, bh, bh), "+")
        y += bh + gap
        for label, key, values, current, row_width in options:
            choice_row(label, key, values, current, int(row_width * s))
        status = tr("lan.starting") if self.pending else self.error
        self.label((x0, y, width, bh), status, "#dim" if self.pending else "#error")
        y += bh + gap
        bw = int(220 * s)
        self.button("back", (w // 2 - bw - gap, y, bw, int(46 * s)), tr("new.back"), self.pending is None)
        self.button("host", (w // 2 + gap, y, bw, int(46 * s)), tr("lan.host_button"), self.pending is None)
        self.set_card(x0, int(28 * s), x0 + width, y + int(46 * s))

    def on_gui(self, event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if key is None:
            return
        self._keep_texts()
        if key.startswith("players_"):
            self.players = int(key[8:])
        elif choose_rule(self, key):
            pass
        elif key == "back":
            self.app.nav.back()
            return
        elif key == "host":
            self.host()
            return
        elif key == "new_code":         # long enough that guessing it takes longer than an evening
            self.code_entry.set_text(pake.new_code())
        self.error = ""
        self.resize(self.app.size)

    def config(self) -> dict:
        return rule_config(self, self.players, secrets.randbits(63))

    def host(self) -> None:
        if self.pending is not None:
            return
        self._keep_texts()
        name = self.name.strip()
        why = lan.check_name(name)
        if why:
            return self._fail(tr(why), "name_entry")
        game_name = (self.game_name if self.game_name is not None else self._default_game_name()).strip()
        if not game_name or not game_name.isprintable():
            return self._fail(tr("lan.bad_game_name"), "game_entry")
        config = self.config()
        try:
            Authority(config)                # the engine's own refusal, before anyone joins
        except ValueError as exc:
            return self._fail(tr("new.engine_refused", reason=str(exc)))
        lan.save_name(name)
        self.app.prefs["lan_host"] = rule_memory(self)
        self.app.save_prefs()
        self.pending = lan.Background(lan.host, config, game_name, name, lan.options(self.app),
                                      self.code_entry.get_text().strip())
        self.error = ""
        self.resize(self.app.size)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.pending is None or not self.pending.done():
            return
        job, self.pending = self.pending, None
        enter_lobby_or_fail(self.app, job, self._fail)

    def wake_ms(self) -> int:
        return 100 if self.pending else 400

    def _fail(self, message: str, field=None) -> None:
        """Say why the game cannot be hosted; `field`: the name of the text
        field it is about."""
        self.error = message
        self.resize(self.app.size)
        if field is not None:
            self.show_field(getattr(self, field))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.pending is None:
            self.app.nav.back()
            return
        super().handle_event(event)


def enter_lobby_or_fail(app, job, fail) -> None:
    """A finished hosting job (lan.Background): on to its lobby, or `fail`
    with the reason in the player's language."""
    if job.error is not None:
        return fail(lantext.hosting_failure_text(job.error))
    app.nav.go("lobby", job.result, job.result.session.poll())
