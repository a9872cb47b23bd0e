"""New hot-seat game: the seats (a person or a computer at a level, names,
colours), rules, board, seed, VP target and the engine's options.  The config
is checked by the engine itself (`default_config` / `Authority`), whose
refusal is shown as a message.

Every opening of the form gets a fresh random seed (shown, and editable for a
rematch on the same board; an empty field means a fresh one).  The form
remembers the last seats (names, colours, person or computer, level), rules,
board, points to win and rule options in the settings file."""

import secrets

import pygame
import pygame_gui

from game.bots import LEVELS
from game.engine import RULESETS, default_config, seat_counts

from .. import theme
from ..controller import HotseatController
from ..form_scroll import ScrollingForm, form_room
from ..i18n import tr
from ..scene import GuiScene
from ..seatnames import MAX_NAME, MAX_SHOWN_NAME, PERSON, default_person_name, name_fits, shown_name
from ..tutorial import intro as ck_intro

MAX_SEED = 2 ** 64 - 1
# Rule sets the table can show.
CLIENT_RULES = ("base", "ck")
OPTION_MIN_WIDTH, OPTION_PADDING = 120, 40       # an option button's width, unscaled
COLOUR_IDS = tuple(c for c, _ in theme.PLAYER_COLOURS)
SEAT_COUNTS = seat_counts()                      # the player counts the form offers (the rule sets')
MAX_SEATS = max(SEAT_COUNTS)                     # the seats the form keeps (names, colours, kinds)
DEFAULT_LEVEL = "medium"


def default_options() -> dict:
    """Every rule set's options at their defaults, by option name (a form keeps
    them all, so switching the rules back and forth keeps a choice)."""
    return {o.name: o.default for rules in RULESETS.values() for o in rules.options}


def option_rows(form, text_width) -> list:
    """(label, button key, [(value, text)], current value, width) for each option
    the form's rule set offers (game/engine/rulesets), in the rule set's order.
    The row's buttons are as wide as its longest text needs: `text_width(text)`
    is a text's width on a button, in unscaled pixels."""
    rows = []
    for o in RULESETS[form.rules].options:
        texts = [(v, tr(o.text(v))) for v in o.values]
        width = max(OPTION_MIN_WIDTH, max(text_width(text) for _, text in texts) + OPTION_PADDING)
        rows.append((o.label, o.name, texts, form.options[o.name], int(width)))
    return rows


def button_text_width(app):
    """A function giving a text's width on a form's button, unscaled (the forms'
    buttons use the theme's 17 px font: scene.gui_theme)."""
    font, scale = app.fonts.get(16), app.fonts.scale
    return lambda text: font.size(text)[0] / scale


def choice_buttons(form, frame, label, key, options, current, width, below=False) -> int:
    """One row of choices on a form (new game, host a LAN game): its label
    in the first column and a button per (value, text) of `options`, the
    current one selected.  When they do not fit beside the label (`below`,
    a narrow form) they stand one under the other in the second column, or,
    where even one is wider than that column, on the line under the label
    from the form's left edge (for two choices, either takes two lines).
    `frame`: (the form's left, the row's top, the first column's width, the
    form's width, a button's height, the gap), pixels.  Returns the next
    row's top."""
    x0, y, col0, form_w, bh, gap = frame
    form.label((x0, y, col0 - gap, bh), tr(label))
    stacked = below and width <= form_w - col0
    left = x0 + col0
    if below and not stacked:
        y, left = y + bh + gap, x0
    for i, (value, text) in enumerate(options):
        enabled = key != "rules" or value in CLIENT_RULES
        place = (left, y + i * (bh + gap)) if stacked else (left + i * (width + gap), y)
        b = form.button(f"{key}_{value}", (*place, width, bh), text,
                        enabled, tooltip=None if enabled else tr("menu.coming"))
        if value == current:
            b.select()
    return y + (len(options) if stacked else 1) * (bh + gap)


def choose_rule(form, key: str) -> bool:
    """Apply a pressed rule-option button (rules, board, points to win, the
    rule set's options) to a form that has the attributes rules, board, vp
    and options; False when `key` is not one of these buttons.
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
    else:
        for o in RULESETS[form.rules].options:
            for value in o.values:
                if key == f"{o.name}_{value}":
                    form.options[o.name] = value
                    return True
        return False
    return True


def recall_rules(form, memory) -> None:
    """Take a form's last rule choices (players, rules, board, points to win,
    options) from the settings; anything malformed keeps its default.
    Shared by the new hot-seat game form and the host LAN game form."""
    if not isinstance(memory, dict):
        return
    if memory.get("players") in seat_counts():
        form.players = memory["players"]
    if memory.get("rules") in RULESETS:
        form.rules = memory["rules"]
        form.vp = default_config(rules=form.rules)["vp_target"]
    if memory.get("board") in ("beginner", "random"):
        form.board = memory["board"]
    if type(memory.get("vp")) is int and 3 <= memory["vp"] <= 30:
        form.vp = memory["vp"]
    options = memory.get("options")
    if isinstance(options, dict):
        for o in (o for rules in RULESETS.values() for o in rules.options):
            if o.name in options and options[o.name] in o.values:
                form.options[o.name] = options[o.name]


def rule_memory(form) -> dict:
    """What recall_rules takes back: the form's rule choices."""
    return {"players": form.players, "rules": form.rules, "board": form.board, "vp": form.vp,
            "options": dict(form.options)}


def rule_config(form, players: int, seed: int) -> dict:
    """The engine config a form's rule choices make (options only where their
    rule set has them)."""
    options = {o.config: form.options[o.name] for o in RULESETS[form.rules].options}
    return default_config(rules=form.rules, players=players, vp_target=form.vp, board=form.board,
                          seed=seed, **options)


def fresh_seed() -> int:
    """A new game's seed: short enough to type back for a rematch."""
    return secrets.randbelow(10 ** 9)


def parse_seed(text: str):
    """The seed a field's text names, a fresh one when it is empty, or None
    when it names no seed."""
    text = text.strip()
    if not text:
        return fresh_seed()
    if not text.isdigit() or int(text) > MAX_SEED:        # isdigit: no sign, no spaces
        return None
    return int(text)


def next_colour(colours: list, seat: int) -> str:
    """The colour after seat's own in the list that no other seat has."""
    taken = {c for i, c in enumerate(colours) if i != seat}
    k = COLOUR_IDS.index(colours[seat]) if colours[seat] in COLOUR_IDS else -1
    for step in range(1, len(COLOUR_IDS) + 1):
        colour = COLOUR_IDS[(k + step) % len(COLOUR_IDS)]
        if colour not in taken:
            return colour
    return colours[seat]


def distinct_colours(colours: list, players: int) -> list:
    """The seats' colours with each of the first `players` seats' its own: a
    seat whose colour an earlier seat in play has (a seat come back after the
    others changed colour) gets the first colour none of them has."""
    out = list(colours)
    for seat in range(1, players):
        if out[seat] in out[:seat]:
            out[seat] = next(c for c in COLOUR_IDS if c not in out[:players])
    return out


def same_names(names) -> list:
    """Seats whose name another seat also has (trimmed, case-insensitive)."""
    keys = [n.strip().casefold() for n in names]
    return [i for i, k in enumerate(keys) if keys.count(k) > 1]


def default_name(seat: int, kind: str) -> str:
    """The name a seat gets until someone types one: "Player 2", or a
    computer's own name with its level ("Bram (Hard)")."""
    if kind == PERSON:
        return default_person_name(seat)
    return shown_name(tr(f"seats.bot_name_{seat + 1}"), kind)


def name_room(kind: str) -> int:
    """How many characters a seat's name field takes: MAX_NAME, and for a
    computer also its level's word in the window's language."""
    return MAX_NAME if kind == PERSON else MAX_NAME + len(shown_name("", kind))


class NewGameScene(ScrollingForm, GuiScene):
    def __init__(self, app):
        self.players = 4
        self.names = [None] * MAX_SEATS     # None: the seat's default name in the current language
        self.colours = list(COLOUR_IDS[:MAX_SEATS])
        self.kinds = [PERSON] * MAX_SEATS   # PERSON or a computer level (game.bots.LEVELS)
        self.rules = "base"
        self.board = "beginner"
        self.seed_text = str(fresh_seed())
        self.vp = 10
        self.options = default_options()     # the rule sets' options, by name
        self.error = ""
        self.entries = []
        self._remembered(app.prefs.get("new_game"))
        super().__init__(app)

    def _remembered(self, memory) -> None:
        """Take the last form's seats from the settings (anything malformed is
        left at its default; a memory of fewer seats, from before the form
        had six, keeps the defaults of the seats after them)."""
        if not isinstance(memory, dict):
            return
        recall_rules(self, memory)
        for field, ok in (("names", lambda v: v is None or (isinstance(v, str) and 0 < len(v) <= MAX_SHOWN_NAME)),
                          ("colours", lambda v: v in COLOUR_IDS),
                          ("kinds", lambda v: v == PERSON or v in LEVELS)):
            values = memory.get(field)
            if isinstance(values, list) and 4 <= len(values) <= MAX_SEATS and all(ok(v) for v in values):
                if field == "colours":
                    if len(set(values[:self.players])) < min(self.players, len(values)):
                        continue                      # two seats in play of one colour: the defaults
                    values = values + [c for c in COLOUR_IDS if c not in values][:MAX_SEATS - len(values)]
                getattr(self, field)[:len(values)] = values

    def _remember(self) -> None:
        self.app.prefs["new_game"] = dict(rule_memory(self), names=list(self.names),
                                          colours=list(self.colours), kinds=list(self.kinds))
        self.app.save_prefs()

    # --- form -------------------------------------------------------------------------
    def name_of(self, seat: int) -> str:
        return self.names[seat] if self.names[seat] is not None else default_name(seat, self.kinds[seat])

    def _keep_texts(self) -> None:
        for i, e in enumerate(self.entries):
            text = e.get_text()
            self.names[i] = None if text == default_name(i, self.kinds[i]) else text
        if getattr(self, "seed_entry", None) is not None:
            self.seed_text = self.seed_entry.get_text()

    def resize(self, size) -> None:
        if self.entries:
            self._keep_texts()
        super().resize(size)

    WIDTH = 970                      # the form's width (design units), less in a narrower window
    LEAST_STEP = 31                  # the least pitch of its rows that holds their words

    def widths(self) -> dict:
        """The columns' widths in design units: as designed where the window
        holds 970 units, else narrower, each no less than its words need; where
        even their words do not fit in one line (`narrow`), a seat takes two
        lines: its name and colour, then person or computer and the level."""
        text_w = button_text_width(self.app)
        labels = ("new.players", "new.rules", "new.board", "new.seed", "new.vp_target", "new.player_n")
        labels += tuple(o.label for rules in RULESETS.values() for o in rules.options)
        need = {"col0": max(text_w(tr(k)) for k in labels) + 24,
                "name": 180,
                # (the words centred clear of the swatch at the button's left: its room on both sides)
                "colour": max(text_w(tr(theme.colour_key(c))) for c in COLOUR_IDS) + 2 * 38,
                "kind": max(text_w(tr(k)) for k in ("seats.computer", "seats.person")) + 30,
                "level": max(text_w(tr("seats.level." + v)) for v in LEVELS) + 30}
        colour_w = max(150, need["colour"])          # (the safe palette's names are longer: the name gives way)
        design = {"col0": 200, "name": 290 - (colour_w - 150), "colour": colour_w, "kind": 150, "level": 150}
        need = {k: min(v, design[k]) for k, v in need.items()}
        form_w = form_room(self.app, self.WIDTH)
        room = form_w - 3 * 10
        if room < sum(need.values()):                # two lines a seat
            right = form_w - need["col0"] - 10
            out = {"col0": need["col0"], "colour": min(colour_w, right / 2)}
            out["name"] = min(design["name"], right - out["colour"] - 10)
            out["kind"] = out["level"] = min(150.0, (right - 10) / 2)
            return dict(out, form=form_w, narrow=True)
        spare = max(0.0, min(1.0, (room - sum(need.values())) / (sum(design.values()) - sum(need.values()))))
        out = {k: need[k] + spare * (design[k] - need[k]) for k in design}
        out["form"] = sum(out.values()) + 3 * 10
        return dict(out, narrow=False)

    def lines(self, cols, wraps) -> int:
        """The form's lines: players, the seats (two lines each on a narrow
        form), rules, board, seed (its hint under it where it does not fit
        beside), points, the options (their buttons under the label where
        they do not fit beside it), the message."""
        seats = self.players * (2 if cols["narrow"] else 1)
        return 1 + seats + 4 + len(RULESETS[self.rules].options) + 1 + len(wraps)

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        # Both rule sets have one option row (trade after building / defending
        # knights), so the form keeps its place when the rules change.
        self.colours = distinct_colours(self.colours, self.players)
        text_w = button_text_width(self.app)
        options = option_rows(self, text_w)
        cols = self.widths()
        form_w = int(cols["form"] * s)
        col0 = int(cols["col0"] * s)          # room for "Punten om te winnen" and a gap
        hint = "seats.seed_hint" if self.board == "random" else "seats.seed_hint_beginner"   # (that board never changes)
        seed_w = min(int(250 * s), int(160 * s) + max(0, form_w - int(880 * s)))
        wraps = {key for _, key, values, _, width in options
                 if cols["col0"] + len(values) * (width + 10) > cols["form"]}
        if (text_w(tr(hint)) + 10) * s > form_w - col0 - seed_w:
            wraps.add("seed_hint")
        # with five or six seats, or a larger scale of text, the rows are closer, so the form fits
        # the window; closer than their words allow they never come: the form scrolls (form_scroll.py)
        room = h - int((28 + 64 + 10 + 46 + 28) * s)
        step = max(self.LEAST_STEP * s, min(48 * s, room / self.lines(cols, wraps)))
        bh, gap = int(step * 38 / 48), int(step * 10 / 48)
        x0 = (w - form_w) // 2
        y = int(28 * s)
        self.label((0, y, w, int(46 * s)), tr("new.title"), "#heading")
        y += int(64 * s)

        def choice_row(label, key, options, current, width=int(170 * s)):
            nonlocal y
            y = choice_buttons(self, (x0, y, col0, form_w, bh, gap), label, key, options, current, width,
                               key in wraps)

        choice_row("new.players", "players", [(n, str(n)) for n in SEAT_COUNTS], self.players,
                   min(int(80 * s), (form_w - col0) // len(SEAT_COUNTS) - gap))
        self.entries = []
        name_w, colour_w, kind_w, level_w = (int(cols[k] * s) for k in ("name", "colour", "kind", "level"))
        wide = min(int(250 * s), (form_w - col0 - gap) // 2)      # the rules' and the board's buttons
        for i in range(self.players):
            self.label((x0, y, col0 - gap, bh), tr("new.player_n", n=i + 1))
            x = x0 + col0
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, name_w, bh), self.manager,
                                                    initial_text=self.name_of(i))
            e.set_text_length_limit(name_room(self.kinds[i]))
            self.entries.append(e)
            x += name_w + gap
            self.button(f"colour_{i}", (x, y, colour_w, bh), tr(theme.colour_key(self.colours[i])))
            x += colour_w + gap
            if cols["narrow"]:                   # person or computer and the level on the seat's second line
                x, y = x0 + col0, y + bh + gap
            computer = self.kinds[i] != PERSON
            self.button(f"kind_{i}", (x, y, kind_w, bh), tr("seats.computer" if computer else "seats.person"),
                        tooltip=tr("seats.kind_tip"))
            x += kind_w + gap
            if computer:
                self.button(f"level_{i}", (x, y, level_w, bh), tr("seats.level." + self.kinds[i]),
                            tooltip=tr("seats.level_tip"))
            y += bh + gap
        y += gap
        choice_row("new.rules", "rules", [("base", tr("new.rules.base")), ("ck", tr("new.rules.ck"))],
                   self.rules, wide)
        choice_row("new.board", "board", [("beginner", tr("new.board.beginner")),
                                          ("random", tr("new.board.random"))], self.board, wide)
        self.label((x0, y, col0 - gap, bh), tr("new.seed"))
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x0 + col0, y, seed_w, bh), self.manager, initial_text=self.seed_text,
            placeholder_text=tr("seats.seed_fresh"))
        self.seed_entry.set_text_length_limit(24)    # room to type nonsense, which gets a message
        if "seed_hint" in wraps:                     # the hint on a line of its own, across the form
            y += bh + gap
            self.label((x0, y, form_w, bh), tr(hint), "#dim")
        else:
            self.label((x0 + col0 + seed_w + gap, y, form_w - col0 - seed_w - gap, bh), tr(hint), "#dim")
        y += bh + gap
        self.label((x0, y, col0 - gap, bh), tr("new.vp_target"))
        self.button("vp_minus", (x0 + col0, y, bh, bh), "−")
        self.label((x0 + col0 + bh, y, int(80 * s), bh), str(self.vp))
        self.button("vp_plus", (x0 + col0 + bh + int(80 * s), y, bh, bh), "+")
        y += bh + gap
        for label, key, values, current, width in options:
            choice_row(label, key, values, current, int(width * s))
        self.label((x0, y, form_w, bh), self.error, "#error")
        y += bh + gap
        bw = int(220 * s)
        self.button("back", (w // 2 - bw - gap, y, bw, int(46 * s)), tr("new.back"))
        self.button("start", (w // 2 + gap, y, bw, int(46 * s)), tr("new.start"))
        self.set_card(x0, int(28 * s), x0 + form_w, y + int(46 * s))

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
            self.colours[i] = next_colour(self.colours[:self.players], i)
        elif key.startswith("kind_"):
            i = int(key[5:])
            self.kinds[i] = DEFAULT_LEVEL if self.kinds[i] == PERSON else PERSON
        elif key.startswith("level_"):
            i = int(key[6:])
            self.kinds[i] = LEVELS[(LEVELS.index(self.kinds[i]) + 1) % len(LEVELS)]
        elif choose_rule(self, key):
            pass
        elif key == "back":
            self.app.nav.back()
            return
        elif key == "start":
            self.start()
            return
        self.error = ""
        self._rebuild()

    def _rebuild(self) -> None:
        """Build the form again from the fields (the texts were kept already:
        a name left at its default follows the seat's new kind)."""
        self.entries = []
        self.resize(self.app.size)

    def start(self) -> None:
        self._keep_texts()
        n = self.players
        names = [self.name_of(i).strip() for i in range(n)]
        colours = self.colours[:n]
        bad = [i for i, (name, kind) in enumerate(zip(names, self.kinds)) if not name_fits(name, kind)]
        if bad:
            return self._fail(tr("new.bad_name"), bad[0])
        twice = same_names(names)
        if twice:
            return self._fail(tr("seats.same_name", name=names[twice[0]]), twice[-1])
        if len(set(colours)) != len(colours):
            return self._fail(tr("new.same_colour"))
        # The seed decides dice, cards and (on a random board) the island.
        seed = parse_seed(self.seed_text)
        if seed is None:
            shown = self.seed_text.strip()
            return self._fail(tr("seats.bad_seed", text=shown if len(shown) <= 21 else shown[:20] + "…"))
        self.seed_text = str(seed)
        config = rule_config(self, n, seed)
        computers = [None if kind == PERSON else kind for kind in self.kinds[:n]]
        try:
            controller = HotseatController(config, names, [theme.seat_rgb(c) for c in colours], autosave=True,
                                           computers=computers)
        except ValueError as e:
            return self._fail(tr("new.engine_refused", reason=str(e)))
        self._remember()
        self.app.nav.go("table", controller)
        ck_intro.offer(self.app, controller)        # the first Cities & Knights game: its introduction

    def _fail(self, message: str, seat=None) -> None:
        """Say why the game cannot start; `seat`: whose name field it is about."""
        self.error = message
        self._rebuild()
        if seat is not None:
            self.show_field(self.entries[seat])

    def draw_page(self, surf) -> None:
        super().draw_page(surf)
        s = self.app.scale
        for i in range(self.players):        # a swatch of each player's colour
            b = self.buttons.get(f"colour_{i}")
            if b is not None:
                r = pygame.Rect(b.rect.x + int(8 * s), b.rect.y + int(8 * s), int(22 * s), b.rect.h - int(16 * s))
                pygame.draw.rect(surf, theme.seat_rgb(self.colours[i]), r, border_radius=3)
                pygame.draw.rect(surf, (20, 20, 20), r, 1, border_radius=3)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.nav.back()
            return
        super().handle_event(event)
