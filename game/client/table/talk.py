"""Table talk at a LAN table (net/wire/talk.py): quick phrases and short
texts, told in the game log.

Each line names its speaker the way the log names players, in the seat's
colour after its emblem; a watcher as "NAME (watching)", in no seat's
colour.  A phrase is said in the reader's language, whatever the speaker's;
a text as the host passed it on, cleaned again here.  Words inside a text
are never drawn as a seat's name (`TalkLine.runs`), so nobody can make
their words look like another player's.

`TableTalk` is the LAN table's (scenes/lan_table.py):

- C, or the Talk button in the log's head, opens the talk panel over the
  top of the log: the quick phrases as buttons, and a line to type in
  (Enter sends, Backspace takes back a character, Esc closes).  While it
  is open every key is the line's (R types an r, it does not roll).
- For the host, the panel also holds table talk on or off for everyone and
  a mute button per player and one for the watchers (HostSession.set_talk);
  every window reads the rules from the host's lobby.
- What the host refuses (too fast, muted, off) comes back as an error and
  is shown as a note, like any refusal; the game is never held up by talk.
- Heard lines go into the log after the records heard before them; after
  a change of language the log is told anew (play.retell) and the talk is
  put back in its place, in the new language.
"""

import unicodedata

import pygame

from net.session import MAX_TALK, PHRASES, WATCHER, clean_talk, default_talk_rules

from .. import theme, widgets
from ..i18n import tr
from ..talktext import said_runs, words_of
from .panels import log_baseline, wrapped
from .ui import btn

KEY = pygame.K_c
KEPT = 120                  # talk lines kept to tell again after a change of language
RUN_UNITS = 18              # the longest run without a space the log is given (a wide character: 2)
_SEND_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
_NO_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


class TalkLine(str):
    """A line of talk in the log: its text, where the speaker's name stands
    (`runs`: [(text, seat or None)], the log draws these instead of looking
    for names), and `seq`, the records heard before it."""

    def __new__(cls, text, runs, seq):
        line = super().__new__(cls, text)
        line.runs, line.seq = runs, seq
        return line


def breakable(text: str, units: int = RUN_UNITS) -> str:
    """`text` with a space put into every run of more than `units` without
    one (a wide character counts two), so the log's wrap can cut a long word
    or a sentence in a script without spaces; never before a combining mark."""
    out, run = [], 0
    for ch in text:
        if ch == " ":
            run = 0
        elif not unicodedata.category(ch).startswith("M"):
            width = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
            if run + width > units:
                out.append(" ")
                run = 0
            run += width
        out.append(ch)
    return "".join(out)


def talk_line(said: dict, names, seq: int = 0) -> TalkLine:
    """The log's line for `said` (net/wire/talk.py `heard`) in the current language."""
    runs = said_runs(said, names, breakable(words_of(said)))
    return TalkLine("".join(text for text, _ in runs), runs, seq)


def rules_of(lan) -> dict:
    """The host's rules of talk, as its lobby says (on until it says otherwise)."""
    rules = (lan.session.game.lobby or {}).get("talk")
    return rules if isinstance(rules, dict) else default_talk_rules()


class TableTalk:
    """The talk of one LAN table: what was heard, the panel and its line."""

    def __init__(self, scene):
        self.scene = scene
        self.open = False
        self.line = ""              # what is typed, not yet sent
        self._swallow = False       # the text of the key that opened the panel is not typed
        self.heard = []             # [(said, seq)], oldest first, at most KEPT
        self._new = 0               # of these, not yet in the log

    @property
    def lan(self):
        return self.scene.lan

    # --- what may be said ------------------------------------------------------------
    def refusal(self) -> str | None:
        """Why this laptop may not talk now, as the catalog key (None: it may)."""
        rules, seat = rules_of(self.lan), self.scene.c.seat
        if not rules["on"]:
            return "talk.off"
        if rules["watchers_muted"] if seat is None else seat in rules["muted"]:
            return "talk.muted"
        return None

    # --- what is heard ---------------------------------------------------------------
    def take(self, events) -> None:
        """The talk among a batch of the session's events, each after the
        records that came before it; `place` puts it into the log."""
        seq = None
        for kind, data in events:
            if kind == "record":
                seq = data.seq
            elif kind == "talk":
                self.heard.append((data, self.scene.model.seen if seq is None else seq))
                self._new += 1
        if len(self.heard) > KEPT:
            del self.heard[:-KEPT]
            self._new = min(self._new, KEPT)

    def place(self) -> None:
        """Put the talk heard since the last call into the log (the records
        before it are in by now)."""
        new, self._new = self._new, 0
        if new:
            self._insert(self.heard[-new:])
            self.scene.app.dirty = True

    def retell(self) -> None:
        """The log was told anew (a change of language): the talk goes back in."""
        self._insert(self.heard)

    def _insert(self, heard) -> None:
        m = self.scene.model
        for said, seq in heard:
            at = len(m.log)
            while at and getattr(m.log[at - 1], "seq", 0) > seq:
                at -= 1
            m.log.insert(at, talk_line(said, m.names, seq))

    # --- keys ------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """True when the event was talk's (the table does not see it)."""
        if event.type == pygame.TEXTINPUT and self.open:
            swallowed, self._swallow = self._swallow, False
            if not (swallowed and event.text.lower() == "c"):
                self.type(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if self.open:
            self._swallow = False
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in _SEND_KEYS:
                self.send_line()
            elif event.key == pygame.K_BACKSPACE:
                self.line = self.line[:-1]
            self.scene.app.dirty = True
            return True
        if event.key == KEY and not (getattr(event, "mod", 0) & _NO_MODS) and self.shown():
            self.open, self._swallow = True, True
            self.scene.app.dirty = True
            return True
        return False

    def type(self, text: str) -> None:
        line = self.line + text
        if len(clean_talk(line, MAX_TALK + 1)) <= MAX_TALK:
            self.line = line
        self.scene.app.dirty = True

    # --- what the panel does ---------------------------------------------------------------
    def shown(self) -> bool:
        """The talk control is on the table (not once the game is over)."""
        return self.scene.model.game_over_at is None

    def toggle(self) -> None:
        self.open = not self.open
        self._swallow = False
        if self.open:
            self.scene.model.log_open = True           # (the narrow table: its panel lies in the log's drawer)

    def close(self) -> None:
        self.open, self.line = False, ""

    def say(self, phrase) -> None:
        self.lan.session.say(phrase=phrase)
        self.close()

    def send_line(self) -> None:
        text = clean_talk(self.line)
        if text:
            self.lan.session.say(text=text)
        self.close()

    def host_sets(self, **rules) -> None:
        """The host's owner changes the rules of talk (the lobby brings them back)."""
        try:
            self.lan.hosting.set_talk(**rules)
        except ValueError as exc:
            self.scene.play.note(tr("talk.cannot", reason=str(exc)), theme.BAD)

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surf) -> None:
        """The Talk button in the log's head; the panel under it when open
        (the narrow table's: the button in the log's drawer, when open; the
        panel over the prompt and the board, layout.talk, which holds its rows)."""
        if not self.shown():
            self.open = False
            return
        m, ui = self.scene.model, self.scene.ui
        L = ui.layout
        s, log = L.s, L.log
        if L.log_shown(m):
            b = pygame.Rect(0, 0, int(96 * s), int(22 * s))
            b.topright = (log.right - int(3 * s), log.y + int(2 * s))
            btn(m, ui, surf, ("talk",), b, tr("talk.button"), self.toggle, selected=self.open, size=12, hint="C")
        if not self.open:
            return
        if L.drawer is None:
            self._draw_panel(surf, pygame.Rect(log.x, b.bottom + int(3 * s), log.w, 0), log_baseline(m, ui))
        else:
            self._draw_panel(surf, pygame.Rect(L.talk.x, L.talk.y, L.talk.w, 0), L.talk.bottom, row=22)

    def _draw_panel(self, surf, r, grid, row=24) -> None:
        """The panel from `r`'s top down to `grid` at most (over the log: its
        lines stand on it, a line apart); `row`: a row's height (design units)."""
        m, ui = self.scene.model, self.scene.ui
        s = ui.layout.s
        pad, gap, row = int(6 * s), int(4 * s), int(row * s)
        rows = []                   # (height, draw(rect)) from the top down
        why = self.refusal()
        if why is None:
            half = (len(PHRASES) + 1) // 2
            for i in range(half):
                rows.append((row, lambda rect, i=i: self._phrase_pair(surf, rect, PHRASES[2 * i:2 * i + 2])))
            rows.append((int(28 * s), lambda rect: self._draw_line(surf, rect)))
        else:
            font = ui.fonts.get(13)
            lines = wrapped(m, ui, tr(why), font, r.w - 2 * pad)
            rows.append((len(lines) * font.get_linesize(), lambda rect: self._say_lines(surf, rect, lines)))
        if self.lan.is_host:
            rows += self._host_rows(surf, r.w - 2 * pad, row)
        r.h = sum(h for h, _ in rows) + gap * (len(rows) - 1) + 2 * pad
        r.h = min(r.h, grid - r.y)                    # above a roll's or a 7's panel (rows that miss it wait)
        if r.bottom < grid and ui.layout.log.colliderect(r):    # down to a line's top: no line shows cut under it
            r.h += (grid - r.bottom) % ui.fonts.get(13).get_linesize()
        pygame.draw.rect(surf, (18, 24, 34), r, border_radius=8)
        pygame.draw.rect(surf, theme.ACCENT, r, 1, border_radius=8)
        ui.targets.add(("talk_panel",), r, None)        # clicks on the panel go to nothing under it
        y = r.y + pad
        for h, draw in rows:
            if y + h > r.bottom - pad // 2:
                break
            draw(pygame.Rect(r.x + pad, y, r.w - 2 * pad, h))
            y += h + gap

    def _phrase_pair(self, surf, rect, keys) -> None:
        m, ui = self.scene.model, self.scene.ui
        w = (rect.w - int(4 * ui.layout.s)) // 2
        for j, key in enumerate(keys):
            b = pygame.Rect(rect.x + j * (w + int(4 * ui.layout.s)), rect.y, w, rect.h)
            btn(m, ui, surf, ("talk_phrase", key), b, tr("talk.phrase." + key), lambda key=key: self.say(key),
                size=12)

    def _draw_line(self, surf, rect) -> None:
        """The line being typed: its end in view, a cursor after it, the room left."""
        ui, s = self.scene.ui, self.scene.ui.layout.s
        pygame.draw.rect(surf, (10, 14, 20), rect, border_radius=5)
        pygame.draw.rect(surf, theme.PANEL_EDGE, rect, 1, border_radius=5)
        inner = rect.inflate(-int(10 * s), 0)
        line = clean_talk(self.line) if self.line.strip() else ""
        if not line:
            img = widgets.fit_label(ui.text, tr("talk.type_here"), 12, theme.TEXT_DIM, False, inner.w, 9)
            surf.blit(img, img.get_rect(midleft=(inner.x, rect.centery)))
            return
        left = ui.text.render(str(MAX_TALK - len(line)), 10, theme.TEXT_DIM)
        surf.blit(left, left.get_rect(bottomright=(inner.right, rect.bottom - int(2 * s))))
        room = inner.w - left.get_width() - int(6 * s)
        img = ui.text.render(line, 13, theme.TEXT)
        shown = min(img.get_width(), room)
        y = rect.centery - img.get_height() // 2
        surf.blit(img, (inner.x, y), (img.get_width() - shown, 0, shown, img.get_height()))
        pygame.draw.line(surf, theme.ACCENT, (inner.x + shown + 1, rect.y + int(5 * s)),
                         (inner.x + shown + 1, rect.bottom - int(5 * s)), max(1, int(2 * s)))

    def _say_lines(self, surf, rect, lines) -> None:
        ui = self.scene.ui
        y = rect.y
        for line in lines:
            img = ui.text.render(line, 13, theme.TEXT_DIM)
            surf.blit(img, (rect.x, y))
            y += ui.fonts.get(13).get_linesize()

    def _host_rows(self, surf, width, row) -> list:
        """The host's own: talk on or off, and who is muted."""
        m, ui, c = self.scene.model, self.scene.ui, self.scene.c
        rules = rules_of(self.lan)
        seats = (self.lan.session.game.lobby or {}).get("seats") or []
        people = [seat for seat in range(m.n) if seat != c.seat
                  and not (seat < len(seats) and seats[seat] and seats[seat].get("computer"))]
        toggles = [(("talk_mute", seat), m.names[seat], seat in rules["muted"],
                    lambda seat=seat, muted=seat in rules["muted"]: self.host_sets(**{
                        "unmute" if muted else "mute": seat})) for seat in people]
        if self.lan.watchers:
            toggles.append((("talk_mute", WATCHER), tr("talk.the_watchers"), rules["watchers_muted"],
                            lambda: self.host_sets(watchers_muted=not rules["watchers_muted"])))

        def on_off(rect):
            key = "talk.host_on" if rules["on"] else "talk.host_off"
            btn(m, ui, surf, ("talk_on",), rect, tr(key), lambda: self.host_sets(on=not rules["on"]),
                selected=not rules["on"], size=12)

        def heading(rect):
            img = ui.text.render(tr("talk.mute_heading"), 12, theme.TEXT_DIM)
            surf.blit(img, img.get_rect(midleft=(rect.x, rect.centery)), (0, 0, rect.w, img.get_height()))

        def pair(rect, two):
            w = (rect.w - int(4 * ui.layout.s)) // 2
            for j, (key, label, muted, action) in enumerate(two):
                b = pygame.Rect(rect.x + j * (w + int(4 * ui.layout.s)), rect.y, w, rect.h)
                btn(m, ui, surf, key, b, tr("talk.muted_name", name=label) if muted else label, action,
                    selected=muted, size=12)
        rows = [(row, on_off)]
        if toggles:
            rows.append((int(16 * ui.layout.s), heading))
            rows += [(row, lambda rect, two=toggles[i:i + 2]: pair(rect, two)) for i in range(0, len(toggles), 2)]
        return rows
