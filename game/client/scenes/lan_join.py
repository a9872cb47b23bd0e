"""Join a LAN game: the games found on the network (a live list: entries
appear, change and vanish as hosts advertise), or a typed address.

Joining runs in the background; a game we hold a seat in (a token saved by
an earlier run under this name, for this host key) is marked, and joining it
takes the seat back and opens the table directly ("Welcome back").

Each row shows the short code of the host's key (net/wire/secure.py), which the
players compare with the host's screen; joining a row requires exactly that
key, so a copy of a game advertised with another key is another row, never
marked as ours; games listed under one name are flagged, and the heading
asks the player to compare the key code with the host's screen.  A join code (if the host set one) is typed in its field."""

import pygame
import pygame_gui

from net.session import PROTOCOL_VERSION, BrowserSession, TokenStore

from .. import lan
from .. import lantext
from ..form_scroll import CARD_FOOT, ScrollingForm, form_room
from ..i18n import tr
from ..scene import GuiScene

ROWS = 5                     # games shown at once (a LAN rarely has more; fewer in a short canvas)
LEAST_STEP, LEAST_ROWS = 31, 2      # the least pitch of the form's rows, the least games shown
# Posted from the discovery thread when the list of games changes: it wakes
# the idle window loop (asleep in pygame.event.wait) so the list redraws at once.
LIST_CHANGED = pygame.event.custom_type()


def wake_on_change(browser) -> bool:
    """Make `browser` (a BrowserSession) post LIST_CHANGED whenever its
    list changes.  Its Browser calls `on_change` on the network thread after
    every change; we chain onto that.  False if there is nothing to hook."""
    inner = getattr(getattr(browser, "browser", None), "on_change", None)
    if inner is None:
        return False

    def changed(games):
        inner(games)
        try:
            pygame.event.post(pygame.event.Event(LIST_CHANGED))     # (thread-safe in SDL)
        except pygame.error:             # the window is already gone
            pass
    browser.browser.on_change = changed
    return True


class LanJoinScene(ScrollingForm, GuiScene):
    def __init__(self, app):
        self.opts = lan.options(app)
        self.store = TokenStore(self.opts.token_dir)
        self.name = lan.saved_name()
        self.address = ""
        self.error = ""
        self.games = []                      # GameAds shown, in row order
        self.pending = None                  # the Background joining
        self.joining = ""                    # the address being joined
        self.browser = None
        self.browser_error = None
        self.join_code = ""
        self.watch = False                   # join as a watcher (net/host/watchers.py)
        self.warned = False                  # is a name listed twice (build)
        self.name_entry = self.address_entry = self.code_entry = None
        # Games are looked for unless the LAN options say not to (tests and
        # tools on loopback): then only an address typed joins.
        self.finding = lan.Background(BrowserSession, self.opts.interfaces) if self.opts.discovery else None
        if not self.opts.discovery:
            self.browser_error = "no discovery asked for"
        self.rows_shown = ROWS
        super().__init__(app)

    # --- widgets -------------------------------------------------------------------------
    def _keep_texts(self) -> None:
        if self.name_entry is not None:
            self.name = self.name_entry.get_text()
            self.address = self.address_entry.get_text()
            self.join_code = self.code_entry.get_text()

    def resize(self, size) -> None:
        self._keep_texts()
        super().resize(size)

    def lines(self, width) -> tuple:
        """(the rows of the form besides the games', each game row counted
        apart): the name and the join code share a row where the form is 900
        design units wide, the address and its buttons where it holds them."""
        return (1 if width >= 900 else 2) + 1 + (1 if width >= 910 else 2) + 2

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        width_u = form_room(self.app, 900)
        fixed = self.lines(width_u)
        room = h / s - 180
        self.rows_shown = max(LEAST_ROWS, min(ROWS, int(room / LEAST_STEP) - fixed))
        # closer rows in a shorter canvas, never closer than their words allow: then the form scrolls
        step = max(LEAST_STEP, min(48.0, room / (fixed + self.rows_shown)))
        bh, gap, col0 = int(step * 38 / 48 * s), int(step * 10 / 48 * s), int(190 * s)
        width = int(width_u * s)
        x0 = (w - width) // 2
        y = int(28 * s)
        self.label((0, y, w, int(46 * s)), tr("lan.join_title"), "#heading")
        y += int(64 * s)
        self.label((x0, y, col0, bh), tr("lan.your_name"))
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x0 + col0, y, min(int(330 * s), width - col0), bh), self.manager, initial_text=self.name)
        self.name_entry.set_text_length_limit(lan.NAME_LIMIT)
        if width_u >= 900:
            cx, cw = x0 + col0 + int(340 * s), int(150 * s)
        else:                                             # the join code on a row of its own
            y += bh + gap
            cx, cw = x0, col0
        self.label((cx, y, cw, bh), tr("secure.join_code"))
        self.code_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(cx + cw, y, int(220 * s), bh), self.manager,
            initial_text=self.join_code, placeholder_text=tr("secure.join_code_hint"))
        self.code_entry.set_text_length_limit(32)
        y += bh + gap * 2
        self.warned = self.duplicated() is not None       # the warning shows in the error colour
        self.list_label = self.label((x0, y, width, bh), "", "#error" if self.warned else None)
        y += bh
        for i in range(self.rows_shown):
            self.button(f"game_{i}", (x0, y, width, bh), "")
            y += bh + int(6 * step / 48 * s)
        y += gap
        self.label((x0, y, col0, bh), tr("lan.address"))
        self.address_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x0 + col0, y, min(int(330 * s), width - col0), bh), self.manager, initial_text=self.address,
            placeholder_text=tr("lan.address_hint"))
        self.address_entry.set_text_length_limit(60)
        if width_u >= 910:
            bx = x0 + col0 + int(340 * s)
        else:                                             # its buttons on the row under it
            y += bh + gap
            bx = x0 + col0
        self.button("join_address", (bx, y, int(200 * s), bh), tr("lan.join_button"))
        watch = self.button("watch", (bx + int(210 * s), y, int(160 * s), bh), tr("watch.as_watcher"))
        if self.watch:
            watch.select()
        y += bh + gap
        self.status_label = self.label((x0, y, width, bh), "", "#dim")
        self.error_label = self.label((x0, y + bh, width, bh), "", "#error")
        bw = int(220 * s)
        bottom = max(h - int(CARD_FOOT * s), y + 2 * bh + gap + int(46 * s))     # (the window's foot, or lower)
        self.button("back", (w // 2 - bw // 2, bottom - int(46 * s), bw, int(46 * s)), tr("new.back"))
        self.set_card(x0, int(28 * s), x0 + width, bottom)
        self._refresh_widgets()

    def saved_seat(self, ad):
        """The seat we hold in an advertised game (a token from an earlier run), or None."""
        name = (self.name_entry.get_text() if self.name_entry else self.name).strip()
        saved = self.store.load(ad.fingerprint, ad.game_id, name) if name and ad.fingerprint else None
        return saved[0] if saved else None

    def row_text(self, ad) -> tuple:
        """(text, joinable) for one advertised game."""
        seat = self.saved_seat(ad)
        text = tr("lan.game_row", name=ad.name, rules=tr("new.rules." + ad.rules) if ad.rules in ("base", "ck")
                  else ad.rules, taken=ad.seats_taken, total=ad.seats_total,
                  state=tr("lan.state." + ad.state) if ad.state in ("lobby", "running", "over") else ad.state)
        if ad.version != PROTOCOL_VERSION or not ad.fingerprint:
            return text + " · " + tr("lan.other_version"), False
        text += " · " + tr("secure.key", code=ad.short_code)
        if self.same_names(ad):
            text += " · " + tr("secure.same_name")
        if ad.join_code:
            text += " · " + tr("secure.needs_code")
        if ad.watchable:
            text += " · " + tr("watch.row_watchable")
        if seat is not None and ad.state == "running":
            return text + " · " + tr("lan.your_seat", n=seat + 1), True
        if self.watch:
            return text, ad.watchable
        return text, ad.state == "lobby" and ad.seats_taken < ad.seats_total

    def same_names(self, ad) -> int:
        """How many listed games share `ad`'s name (0 when it is alone): a
        copied advert with another key looks the same but for the key code."""
        key = ad.name.strip().casefold()
        n = sum(g.name.strip().casefold() == key for g in self.games)
        return n if n > 1 else 0

    def duplicated(self):
        """The first listed game whose name another listed game has too (None: no such)."""
        return next((g for g in self.games if self.same_names(g)), None)

    def list_heading(self) -> str:
        """Above the list: what was found, or a warning naming a game listed more than once."""
        if self.browser is None and self.browser_error is None:
            return tr("lan.searching")
        if self.browser_error is not None:
            return tr("lan.no_discovery")
        twice = self.duplicated()
        if twice is not None:
            return tr("secure.duplicate_games", n=self.same_names(twice), name=twice.name.strip())
        return tr("lan.games_found") if self.games else tr("lan.no_games")

    def _refresh_widgets(self) -> None:
        if self.warned != (self.duplicated() is not None):
            return self.resize(self.app.size)       # (build refreshes the widgets)
        self.list_label.set_text(self.list_heading())
        for i in range(self.rows_shown):
            b = self.buttons[f"game_{i}"]
            if i < len(self.games):
                text, joinable = self.row_text(self.games[i])
                b.set_text(text)
                b.show()
                (b.enable if joinable and self.pending is None else b.disable)()
            else:
                b.hide()
        busy = self.pending is not None
        (self.buttons["join_address"].disable if busy else self.buttons["join_address"].enable)()
        (self.buttons["back"].disable if busy else self.buttons["back"].enable)()
        self.status_label.set_text(tr("lan.joining", address=self.joining) if busy else "")
        self.error_label.set_text(self.error)
        self.app.dirty = True

    # --- input ------------------------------------------------------------------------------
    def on_gui(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.address_entry:
            return self.join_address()
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            return self._refresh_widgets()          # the "your seat" marks follow the name
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if key == "back":
            self.leave()
        elif key == "join_address":
            self.join_address()
        elif key == "watch":
            self.watch = not self.watch
            (event.ui_element.select if self.watch else event.ui_element.unselect)()
            self._refresh_widgets()
        elif key and key.startswith("game_"):
            i = int(key[5:])
            if i < len(self.games):
                ad = self.games[i]
                self.join(f"{ad.address}:{ad.port}", pin=ad.fingerprint)

    def join_address(self) -> None:
        text = self.address_entry.get_text().strip()
        why = lan.check_address(text)
        if why:
            self.error = tr(why)
            return self._refresh_widgets()
        self.join(text)

    def join(self, address: str, pin: str | None = None) -> None:
        """Join the host at `address`; pin: the advertised key of the row
        clicked (None for a typed address: the first key met is trusted)."""
        if self.pending is not None:
            return
        name = self.name_entry.get_text().strip()
        why = lan.check_name(name)
        if why:
            self.error = tr(why)
            return self._refresh_widgets()
        lan.save_name(name)
        self.error, self.joining = "", address
        self.pending = lan.Background(lan.join, address, name, self.opts, pin,
                                      self.code_entry.get_text().strip(), self.watch)
        self._refresh_widgets()

    def leave(self) -> None:
        self.close_browser()
        self.app.nav.back()

    def close_browser(self, wait: bool = False) -> None:
        """Stop looking for games, in the background (`wait`: before returning)."""
        finding, browser = self.finding, self.browser
        self.finding = self.browser = None

        def close():
            if finding is not None:
                finding.wait(15)
                if finding.result is not None:
                    finding.result.close()
            elif browser is not None:
                browser.close()
        if wait:
            close()
        else:
            lan.Background(close)

    def closing(self) -> None:
        self.close_browser(wait=True)           # (its network thread must not outlive the window)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.pending is None:
            self.leave()
            return
        super().handle_event(event)

    # --- network -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        # The network first, then the widgets' own update: pygame_gui builds a
        # changed button's image in update(), so this frame already shows it.
        if self.finding is not None and self.finding.done():
            job, self.finding = self.finding, None
            self.browser, self.browser_error = job.result, job.error
            if self.browser is not None:
                wake_on_change(self.browser)
            self._refresh_widgets()
        if self.browser is not None:
            games = self.browser.games()[:self.rows_shown]
            if games != self.games:
                self.games = games
                self._refresh_widgets()
        if self.pending is not None and self.pending.done():
            self._joined()
        super().update(dt)

    def _joined(self) -> None:
        job, self.pending = self.pending, None
        if job.error is not None:
            self.error = lantext.refusal_text(job.error, self.joining)
            return self._refresh_widgets()
        game = job.result
        self.close_browser()
        events = game.session.poll()
        if game.session.view is not None:            # a running game: our seat taken back
            from ..lan import LanController
            self.app.nav.go("lan_table", LanController(game, events))
        else:
            self.app.nav.go("lobby", game, events)

    def wake_ms(self) -> int:
        # The list wakes the loop itself (LIST_CHANGED); a join in progress is polled.
        return 100 if self.pending is not None or self.finding is not None else super().wake_ms()
