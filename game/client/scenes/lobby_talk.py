"""Table talk in the LAN lobby (scenes/lobby.py; the rules: net/host/talk.py).

The host's lobby has a row of its own above the buttons of what it allows:
"Table talk: on/off" for everyone and whether the watchers may talk, and
each seat a person holds (not the host's own, not a computer's) has a Mute
toggle at its right end (HostSession.set_talk; the table's talk panel holds
the same switches during the game).  Every lobby says the rules in its line
of the rules when they differ from talk on for everyone (`talk_summary`), so
the guests know before the game starts.
"""

import pygame

from ..i18n import tr
from ..lantext import seat_name
from ..table.talk import rules_of

MUTE_UNITS = 130        # the Mute toggle's width in the seat's design units (900 across a row)


def talk_summary(lan) -> str:
    """The talk part of the line of the rules ("" while talk is on for everyone)."""
    rules = rules_of(lan)
    if not rules["on"]:
        return tr("talk.rule_off")
    seats = (lan.session.game.lobby or {}).get("seats") or []
    muted = [seat_name(seats[i]) for i in rules["muted"] if i < len(seats) and seats[i]]
    if rules["watchers_muted"]:
        muted.append(tr("talk.rule_watchers"))
    return tr("talk.rule_muted", names=", ".join(muted)) if muted else ""


def mute_rect(r: pygame.Rect, across: bool) -> pygame.Rect:
    """Where a seat's Mute toggle stands in its rectangle `r`: at the right
    end of a row across the form, or beside the name in a seat's card."""
    u = r.w / 900 if across else r.w / 446
    w = int(MUTE_UNITS * u) if across else int(110 * u)
    h = r.h - 2 * int(3 * u) if across else r.h * 11 // 20     # a card's: the name's line, kept inside the card
    cy = r.centery if across else r.y + r.h * 3 // 10
    return pygame.Rect(r.right - w - int(8 * u), cy - h // 2, w, h)


class LobbyTalk:
    """The host's talk switches in one lobby scene (none for a guest)."""

    def __init__(self, scene):
        self.scene = scene

    @property
    def rules(self) -> dict:
        return rules_of(self.scene.lan)

    def build(self, on, watchers) -> None:
        """The host's two switches in their rectangles `on` and `watchers`
        and a Mute toggle per seat (shown only where a person sits)."""
        scene = self.scene
        scene.button("talk_on", on, "")
        scene.button("talk_watchers", watchers, "")
        for seat, r in enumerate(scene.seat_rects()):
            scene.button(f"talk_mute_{seat}", mute_rect(r, scene.across(r)), "")

    def people(self) -> list:
        """The seats the host may mute: a person's, not its own, not a computer's."""
        seats, me = self.scene.lobby["seats"], self.scene.session.seat
        return [i for i, seat in enumerate(seats) if seat and i != me and not seat.get("computer")]

    def refresh(self) -> None:
        buttons, rules = self.scene.buttons, self.rules
        if "talk_on" not in buttons:
            return
        on = buttons["talk_on"]
        on.set_text(tr("talk.host_on" if rules["on"] else "talk.host_off"))
        (on.unselect if rules["on"] else on.select)()
        quiet = buttons["talk_watchers"]
        quiet.set_text(tr("talk.watchers_muted" if rules["watchers_muted"] else "talk.watchers_may"))
        (quiet.select if rules["watchers_muted"] else quiet.unselect)()
        people = self.people()
        for seat in range(len(self.scene.lobby["seats"])):
            b = buttons.get(f"talk_mute_{seat}")
            if b is None:
                continue
            if seat not in people:
                b.hide()
                continue
            muted = seat in rules["muted"]
            b.set_text(tr("talk.seat_muted" if muted else "talk.mute"))
            (b.select if muted else b.unselect)()
            b.show()

    def shown_mute(self, seat: int) -> bool:
        """Does the seat's Mute toggle stand in its rectangle (the name keeps clear of it)?"""
        b = self.scene.buttons.get(f"talk_mute_{seat}")
        return b is not None and b.visible

    def press(self, key: str) -> bool:
        """A click on one of the talk switches (False: not one of them)."""
        rules = self.rules
        if key == "talk_on":
            change = {"on": not rules["on"]}
        elif key == "talk_watchers":
            change = {"watchers_muted": not rules["watchers_muted"]}
        elif key.startswith("talk_mute_"):
            seat = int(key[len("talk_mute_"):])
            change = {"unmute" if seat in rules["muted"] else "mute": seat}
        else:
            return False
        try:
            self.scene.lan.hosting.set_talk(**change)
        except ValueError as exc:
            self.scene.error = tr("talk.cannot", reason=str(exc))
        return True
