"""The table's big moments, staged from the records' events.

- A barbarian attack (CK-8) stops the table: a panel over the board shows
  the ship landing, the barbarians' strength against each player's active
  knights, then the result — the Defender of Catan, a progress card for
  tied defenders, which cities are pillaged — and, after the first attack,
  that the robber is free now (CK-3.5).  Lines appear one after another;
  play resumes when the player clicks Continue (or presses a key).
- A 7 (B-5.3, B-5.4) and production (B-5.1) get a panel in the corner of
  the sea that stays while the 7 is being resolved (who discards how many,
  where the robber went, who was robbed) or a few seconds after a roll
  (who got what), so nobody has to read the log to follow the game.

`Stage.event(event, view)` is called for every event the table absorbs
(play.py, as it absorbs records); events of records older than the table itself (a resumed
game's history) are not staged.  `Stage.draw` draws on top of the table,
`Stage.key` and the panel's click targets take input while the attack
panel is up: a click or key first shows every line, the next goes on;
Continue goes on at once.
"""

import math
import time

import pygame

from game.engine.constants import TERRAIN_NAMES

from .. import emblems, theme, widgets
from ..boardview import draw_ship
from ..i18n import tr, trn
from .ui import scaled_ui

REVEAL_SECONDS = 0.55            # between two lines of the attack
ATTACK_SHADE = (6, 10, 18, 150)  # over the board while the barbarians attack
PRODUCTION_SECONDS = 4.0
# The panels' looks, largest first: (text size, title size, ship's height); a
# panel taller than its room (an attack on six seats) takes the next one.
LOOKS = ((15, 18, 70), (14, 17, 54), (13, 16, 40), (12, 15, 32))
SEVEN_AFTER_SECONDS = 4.0        # the 7's panel stays this long after the steal


class Line:
    """One line of a staged panel: words, a colour, an optional seat swatch
    and card counts drawn as chips."""

    def __init__(self, text, colour=theme.TEXT, seat=None, cards=None, bold=False, pips=0):
        self.text, self.colour, self.seat, self.cards, self.bold = text, colour, seat, cards, bold
        self.pips = pips                 # a strength, drawn as that many shields in the seat's colour


class Panel:
    def __init__(self, title, modal=False, until=None):
        self.picture = None              # (what it showed, its picture): Stage._picture
        self.title = title
        self.lines = []
        self.modal = modal
        self.opened = time.monotonic()
        self.until = until               # non-modal: when it goes (None: while its story goes on)

    def shown_lines(self, now) -> int:
        """Modal panels reveal their lines one by one."""
        if not self.modal:
            return len(self.lines)
        return min(len(self.lines), 1 + int((now - self.opened) / REVEAL_SECONDS))

    def complete(self, now) -> bool:
        return self.shown_lines(now) >= len(self.lines)


class Stage:
    def __init__(self, m, controller):
        self.m = m                             # the table model (its names, what is open, the mouse)
        self.live_from = controller.seq        # records up to here are history: not staged
        self.attacks = m.part.attacks(controller.view(None))     # the barbarians' so far (CK-8)
        self.attack = None                     # the modal attack panel
        self.seven = None                      # the 7's panel
        self.production = None                 # the last roll's panel
        self.button = None                     # the Continue button's rect (last frame)
        self.first_attack = False              # the attack on show is the game's first (CK-3.5)
        self.robber_line = None
        self.tied = set()                      # tied best defenders still to draw a progress card

    @property
    def blocking(self) -> bool:
        return self.attack is not None

    # --- events -----------------------------------------------------------------------------
    def event(self, event, view) -> bool:
        """Stage one event of a record just absorbed; True if anything changed."""
        if self.m.seen <= self.live_from:
            return False
        kind = event[0]
        handler = getattr(self, "_on_" + kind, None)
        if handler is not None:
            handler(event, view)
            return True
        return False

    def _name(self, seat):
        return self.m.names[seat]

    def _on_rolled(self, event, view):
        total = event[2] + event[3]
        self.production = self.seven = None             # a new roll: the last one's panels go
        if total == 7:
            self.seven = Panel(tr("stage.seven_title", name=self._name(event[1])))
            if self.m.part.robber_waits(self.attacks):
                self.seven.lines.append(Line(tr("stage.robber_waits"), theme.TEXT_DIM))
                self.seven.until = time.monotonic() + 2 * SEVEN_AFTER_SECONDS

    def _on_produced(self, event, view):
        if not view.dice:                   # the starting cards of the founding round (B-3.4)
            return
        total = sum(view.dice[:2])
        panel = Panel(tr("stage.production_title", n=total), until=time.monotonic() + PRODUCTION_SECONDS)
        for seat, gains in enumerate(event[1]):
            if any(gains):
                panel.lines.append(Line(self._name(seat), seat=seat, cards=tuple(gains)))
        if not panel.lines:
            panel.lines.append(Line(tr("stage.nothing_produced"), theme.TEXT_DIM))
        self.production = panel

    def _on_must_discard(self, event, view):
        if self.seven is None:
            return
        for seat, k in enumerate(event[1]):
            if k:
                self.seven.lines.append(Line(trn("stage.must_discard", k, name=self._name(seat)), seat=seat))

    def _on_discarded(self, event, view):
        if self.seven is None:
            return
        seat, k = event[1], sum(event[2])
        for line in self.seven.lines:
            if line.seat == seat and line.cards is None and line.colour == theme.TEXT:
                line.text = trn("stage.discarded", k, name=self._name(seat))
                line.colour = theme.TEXT_DIM
                line.cards = tuple(event[2])
                if self.seven.until is not None:
                    self.seven.until = max(self.seven.until, time.monotonic() + SEVEN_AFTER_SECONDS)
                return

    def _on_robber_moved(self, event, view):
        if self.seven is None or self.seven.until is not None:      # (a knight's robber: the log tells it)
            return
        h = event[2]
        terrain = tr("terrain." + TERRAIN_NAMES[view.terrain[h]])
        words = tr("stage.robber_to_number", terrain=terrain, n=view.numbers[h]) if view.numbers[h] \
            else tr("stage.robber_to", terrain=terrain)
        self.seven.lines.append(Line(words, theme.ACCENT))
        self.seven.until = time.monotonic() + 2 * SEVEN_AFTER_SECONDS    # (stays on if nobody can be robbed)

    def _on_stole(self, event, view):
        last = self.seven.lines[-1] if self.seven is not None and self.seven.lines else None
        if last is None or last.colour != theme.ACCENT or last.seat is not None:    # (after the robber only)
            return
        thief, victim, card = event[1], event[2], event[3]
        if card == -1:
            words = tr("stage.stole_nothing", name=self._name(thief), victim=self._name(victim))
        else:
            words = tr("stage.stole", name=self._name(thief), victim=self._name(victim))
        self.seven.lines.append(Line(words, theme.ACCENT, seat=thief))
        self.seven.until = time.monotonic() + SEVEN_AFTER_SECONDS

    def _on_turn(self, event, view):
        if self.seven is not None and self.seven.until is None:
            self.seven.until = time.monotonic() + 1.0       # (a 7 that ended without a steal)

    # the barbarians (CK-8)
    def _on_barbarians_attack(self, event, view):
        barbarians, catan, per = event[1], event[2], event[3]
        self.attacks += 1
        self.seven = None
        panel = Panel(tr("stage.attack_title"), modal=True)
        panel.lines.append(Line(tr("stage.attack_strength", barbarians=barbarians, knights=catan),
                                theme.BAD if barbarians > catan else theme.GOOD, bold=True))
        for seat, k in enumerate(per):
            panel.lines.append(Line(tr("stage.attack_knights", n=k, name=self._name(seat)), seat=seat, pips=k))
        self.attack = panel
        self.first_attack = self.attacks == 1

    def _on_barbarians_win(self, event, view):
        if self.attack is not None:
            names = ", ".join(self._name(s) for s in event[1])
            self._add(Line(tr("stage.barbarians_win", names=names), theme.BAD, bold=True))
            self._robber_free()

    def _on_city_lost(self, event, view):
        if self.attack is not None:
            self._add(Line(tr("stage.city_lost", name=self._name(event[1])), theme.BAD,
                                          seat=event[1]))

    def _on_catan_wins(self, event, view):
        if self.attack is None:
            return
        heroes = event[1]
        if not heroes:
            words = tr("stage.catan_wins_nobody")
        elif len(heroes) == 1:
            words = tr("stage.catan_wins")
        else:
            words = tr("stage.catan_wins_tie", names=", ".join(self._name(s) for s in heroes))
        self._add(Line(words, theme.GOOD, bold=True))
        if len(heroes) != 1:
            self.tied = set(heroes)
            self._robber_free()

    def _on_defender(self, event, view):
        if self.attack is not None:
            self._add(Line(tr("stage.defender", name=self._name(event[1])), theme.ACCENT,
                                          seat=event[1], bold=True))
            self._robber_free()

    def _on_drew_progress(self, event, view):
        if self.attack is not None and event[1] in self.tied:       # a tied defender's reward (CK-8.4)
            self._add(Line(tr("stage.drew_progress", name=self._name(event[1])), theme.ACCENT,
                                          seat=event[1]))

    def _robber_free(self):
        """The first attack frees the robber from the desert (CK-3.5): said once, last."""
        if self.attack is not None and self.first_attack:
            self.first_attack = False
            self.robber_line = Line(tr("stage.robber_free"), theme.TEXT_DIM)
            self.attack.lines.append(self.robber_line)

    def _add(self, line):
        """A line of the attack panel, before the robber's note if it is there."""
        lines = self.attack.lines
        if lines and lines[-1] is self.robber_line:
            lines.insert(len(lines) - 1, line)
        else:
            lines.append(line)

    # --- time and input ------------------------------------------------------------------------
    def update(self, now) -> bool:
        """Drop panels whose time is up; True if the picture changed."""
        changed = False
        for name in ("seven", "production"):
            panel = getattr(self, name)
            if panel is not None and panel.until is not None and now > panel.until:
                setattr(self, name, None)
                changed = True
        if self.attack is not None and not self.attack.complete(now):
            changed = True                      # the next line is due
        return changed

    def wake_ms(self) -> int:
        return 100 if self.attack is not None or self.seven or self.production else 1000

    def dismiss(self) -> None:
        now = time.monotonic()
        if self.attack is not None and not self.attack.complete(now):
            self.attack.opened = now - REVEAL_SECONDS * len(self.attack.lines)     # show the rest at once
        else:
            self.attack = None

    def close(self) -> None:
        self.attack = None

    def key(self, key) -> None:
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_KP_ENTER):
            self.dismiss()

    def look(self, now) -> tuple:
        """What the panels on show look like now (their lines as far as revealed)."""
        return tuple((id(p), p.title, tuple((line.text, line.colour, line.cards) for line in p.lines[:p.shown_lines(now)]))
                     for p in (self.attack, self.seven, self.production) if p is not None)

    # --- drawing -----------------------------------------------------------------------------------
    def under_dialog(self) -> bool:
        """A modal dialog is open: the side panels go under it (draw_side,
        called by the table before the dialog), not over its buttons."""
        return self.m.modal()

    def _side_panels(self, ui) -> list:
        """[(picture, rect)]: the last roll's and the 7's panels, stacked up
        from the bottom of the left column."""
        L, s = ui.layout, ui.layout.s
        x, y = L.stage.x, L.stage.bottom
        out = []
        for panel in (self.production, self.seven):
            if panel is not None:       # (at most the room left above: smaller words, else smaller)
                img = self._picture(ui, panel, L.stage.w, False, room=max(1, y - L.stage.y))
                r = img.get_rect(bottomleft=(x, y))
                out.append((img, r))
                y = r.top - int(8 * s)
        return out

    def side_top(self, ui) -> int:
        """Where the stacked side panels begin: the log ends above them, so its
        newest lines are never hidden under a panel."""
        panels = self._side_panels(ui)
        return panels[-1][1].top if panels else ui.layout.stage.bottom

    def draw_side(self, ui, surf) -> None:
        """The last roll's and the 7's panels, stacked up from the bottom of
        the left column (the log ends above them)."""
        for img, r in self._side_panels(ui):
            surf.blit(img, r)

    def draw_side_under(self, ui, surf) -> None:
        """The side panels under a dialog or the attack's panel, which lie
        over the room they may use (layout.free): where the side panels lie
        in it too (the narrow table's), they are not drawn."""
        if not ui.layout.free.colliderect(ui.layout.stage):
            self.draw_side(ui, surf)

    def draw(self, ui, surf, shaded=False) -> None:
        """The side panels (unless a dialog lies over them) and the attack;
        `shaded`: the table's cached layer already has the side panels and
        the board shaded under the attack (draw.attack_still)."""
        if self.m.curtain_for is not None:
            return
        L, s = ui.layout, ui.layout.s
        if not self.under_dialog() and not shaded:
            (self.draw_side if self.attack is None else self.draw_side_under)(ui, surf)
        if self.attack is not None:
            if not shaded:
                surf.blit(board_shade(L.board.size), L.board.topleft)
            # over the board; at a larger scale, where the board is narrower, over the players
            # rather than the left column's prompt and staged panels (as a dialog, layout.dialog)
            width = min(int(520 * s), L.free.w - 20)
            cx = max(L.free.x + 10 + width // 2, min(L.overlay.centerx, L.screen.w - 10 - width // 2))
            r = self._panel(ui, surf, self.attack, width, center=(cx, L.overlay.centery), ship=True,
                            room=L.overlay.h - int(8 * s))
            k = self.attack.picture[2]                  # (the scale it was drawn at: _picture)
            self.button = pygame.Rect(0, 0, int(200 * s * k), int(40 * s * k))
            self.button.midbottom = (r.centerx, r.bottom - int(14 * s * k))
            hover = self.button.collidepoint(self.m.mouse)
            text = ui.text if k == 1.0 else scaled_ui(ui, k).text
            widgets.button(surf, text, self.button, tr("stage.continue"), True, hover, True, False, 15)
            ui.targets.add(("stage",), L.screen, self.dismiss)        # the whole table answers
            ui.targets.add(("stage", "continue"), self.button, self.close)

    def _panel(self, ui, surf, panel, width, ship=False, room=None, **where):
        """Draw `panel` placed by `where` (rect attributes), at most `room`
        high where it can be (smaller words); returns its rect."""
        img = self._picture(ui, panel, width, ship, room)
        r = img.get_rect()
        for k, v in where.items():
            setattr(r, k, v)
        surf.blit(img, r)
        return r

    def _picture(self, ui, panel, width, ship, room=None):
        """The panel's picture, drawn once for what it shows (its lines as
        far as revealed, their words and colours, the players' colours, the
        size) and kept on the panel: every frame blits it.  Opaque, its
        rounded corners a colour key.  With `room`, the largest of LOOKS
        whose picture is no taller (the smallest when none is)."""
        shown = panel.lines[:panel.shown_lines(time.monotonic())]
        key = (width, ship, room, ui.layout.s, ui.fonts.scale, panel.title, tuple(self.m.colours),
               tuple((line.text, line.colour, line.seat, line.cards, line.bold, line.pips) for line in shown))
        if panel.picture is not None and panel.picture[0] == key:
            return panel.picture[1]
        for look in LOOKS if room is not None else LOOKS[:1]:
            img = self._draw_picture(ui, panel, shown, width, ship, look)
            if room is None or img.get_height() <= room:
                break
        k = 1.0                  # (what is still too tall is drawn smaller, ui.scaled_ui)
        while room is not None and img.get_height() > room and k > 0.5:
            k = math.floor(k * room / img.get_height() * 100) / 100
            img = self._draw_picture(scaled_ui(ui, k), panel, shown, width, ship, LOOKS[-1])
        panel.picture = (key, img, k)
        return img

    def _draw_picture(self, ui, panel, shown, width, ship, look=LOOKS[0]):
        s, text = ui.layout.s, ui.text
        size, title_size, ship_size = look
        pad = int(12 * s)
        rows = []                                       # (images, line)
        for line in shown:
            text_room = width - 2 * pad - (int(20 * s) if line.seat is not None else 0)
            room = text_room - int(16 * s) * line.pips
            wrap_font = ui.fonts.get(size, line.bold)
            imgs = [text.render(w, size, line.colour, bold=line.bold) for w in widgets.wrap(line.text, wrap_font, room)]
            if line.cards:
                # the cards after the last words when they fit there, else on a line of their own
                # (the words keep the whole width either way: no word alone on a line)
                chips = int(10 * s) + int(34 * s) * sum(1 for k in line.cards if k)
                if imgs and imgs[-1].get_width() + chips > room:
                    imgs.append(pygame.Surface((0, int(22 * s))))
            rows.append((imgs, line))
        # A long name makes a long title ("Computer 3 (Medium) rolled a 7"): it wraps like the lines.
        titles = [text.render(w, title_size, theme.ACCENT, bold=True)
                  for w in widgets.wrap(panel.title, ui.fonts.get(title_size, True), width - 2 * pad)]
        ship_h = int(ship_size * s) if ship else 0
        height = pad + sum(t.get_height() for t in titles) + ship_h + int(6 * s) + sum(
            sum(i.get_height() for i in imgs) + int(4 * s) for imgs, _ in rows) + pad
        if panel.modal:
            height += int(58 * s)
        surf = pygame.Surface((width, height)).convert()
        surf.fill(widgets.CORNER_KEY)
        surf.set_colorkey(widgets.CORNER_KEY, pygame.RLEACCEL)
        r = surf.get_rect()
        widgets.panel(surf, r, (18, 24, 34), theme.ACCENT if panel.modal else theme.PANEL_EDGE, radius=10,
                      width=2 if panel.modal else 1)
        y = r.y + pad
        for title in titles:
            surf.blit(title, title.get_rect(midtop=(r.centerx, y)) if panel.modal else (r.x + pad, y))
            y += title.get_height()
        if ship:
            box = pygame.Rect(0, 0, ship_h, ship_h)
            box.midtop = (r.centerx, y)
            draw_ship(surf, box, sail=(250, 250, 245))
            y += ship_h
        y += int(6 * s)
        for imgs, line in rows:
            x = r.x + pad
            if line.seat is not None:
                surf.blit(emblems.badge(line.seat, int(14 * s), self.m.colours[line.seat]), (x, y + int(3 * s)))
                x += int(20 * s)
            ly = y
            for img in imgs:
                surf.blit(img, (x, ly))
                ly += img.get_height()
            if line.cards:                              # the cards after the line's last words
                cx = x + (imgs[-1].get_width() if imgs else 0) + int(10 * s)
                cy = ly - (imgs[-1].get_height() if imgs else 0)
                for kind, k in enumerate(line.cards):
                    if k:
                        cx = self._chip(ui, surf, cx, cy, kind, k)
            for i in range(line.pips):
                cx = x + (imgs[-1].get_width() if imgs else 0) + int(12 * s) + i * int(16 * s)
                self._shield(ui, surf, cx, y + int(3 * s), self.m.colours[line.seat])
            y = ly + int(4 * s)
        return surf

    def _shield(self, ui, surf, x, y, colour) -> None:
        """One point of knight strength: a small shield."""
        s = ui.layout.s
        w, h = int(12 * s), int(15 * s)
        pts = [(x, y), (x + w, y), (x + w, y + h * 0.55), (x + w / 2, y + h), (x, y + h * 0.55)]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, (20, 20, 20), pts, 1)

    def _chip(self, ui, surf, x, y, kind, k) -> int:
        """A small card of `kind` with its count; returns the x after it."""
        s, text = ui.layout.s, ui.text
        r = pygame.Rect(x, y + int(1 * s), int(16 * s), int(20 * s))
        pygame.draw.rect(surf, theme.RESOURCE_RGB[kind], r, border_radius=3)
        pygame.draw.rect(surf, (240, 240, 236), r, 1, border_radius=3)
        img = text.render(f"{k}", 13, theme.TEXT, bold=True)
        surf.blit(img, (r.right + int(3 * s), y + int(2 * s)))
        return r.right + int(3 * s) + img.get_width() + int(8 * s)


_SHADES = {}


def board_shade(size) -> pygame.Surface:
    """The translucent shade over the board behind the attack (one per size)."""
    shade = _SHADES.get(size)
    if shade is None:
        _SHADES.clear()
        shade = _SHADES[size] = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill(ATTACK_SHADE)
    return shade
