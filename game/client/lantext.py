"""What a LAN game says to the player, in the player's language: why a join
or hosting failed, the keys and codes the lobby shows, why the link to the
host ended, the fair deal's verdict and its doubts, the rolls of mixed dice
gone on without a seat, an impostor and the deal's events (game/client/lan.py
holds the sessions; the lobby and the LAN table show these)."""

import ssl

from net.session import LATE, REVEAL_WAIT, ROLL_WAIT, JoinRefused, pake, secure

from .i18n import tr, trn
from .oserrors import os_reason
from .seatnames import shown_name


# What the host or the client may refuse a join with, each with a sentence in the catalogs
# (lan.refused.<code>); any other code shows the host's own words.
REFUSALS = ("full", "running", "version", "bad_token", "protocol", "wrong_key", "tls",
            "join_code", "join_code_wrong", "join_code_unasked", "join_busy", "seat_in_use", "other_game",
            "internal", "no_watchers", "watchers_full")
PROTOCOL_SLIPS = ("hello_first", "already_seated")     # a client bug: said as "protocol"


def refusal_text(exc, address: str = "") -> str:
    """Why joining `address` failed, in the player's language."""
    if isinstance(exc, JoinRefused):
        code = "protocol" if exc.code in PROTOCOL_SLIPS else exc.code
        if code == "busy":
            return tr("lan.refused.busy")
        if code in REFUSALS:
            return tr("lan.refused." + code, **exc.params)
        return tr("lan.refused.other", detail=exc.detail)
    if isinstance(exc, ValueError):
        return tr("lan.bad_address")
    return tr("lan.unreachable", address=address, reason=os_reason(exc))


def hosting_failure_text(exc) -> str:
    """Why hosting failed (the port, the host key), in the player's language."""
    if isinstance(exc, secure.HostKeyError):
        cause = exc.__cause__
        damaged = not isinstance(cause, OSError) or isinstance(cause, ssl.SSLError)
        return tr("lan.no_host_key", reason=tr("oserr.damaged_file") if damaged else os_reason(cause))
    return tr("lan.cannot_host", reason=os_reason(exc))


def key_lines(lan) -> list:
    """(words, code) pairs the lobby shows large: the host key's short code,
    which players compare with the code in their join list and on the host's
    screen, and on the host's own screen its join code, to read aloud."""
    if lan.is_host:
        lines = [(tr("secure.host_key"), lan.hosting.short_code)]
        code = lan.hosting.host.join_code
        if code:
            lines.append((tr("secure.join_code"), pake.shown_code(code)))
        return lines
    pin = lan.session.pin
    return [(tr("secure.lobby_key"), secure.short_code(pin) if pin else "?")]


def seat_name(seat: dict) -> str:
    """A seat's name as players see it: a computer the host started shows
    its level, like the computers of a game on one screen."""
    return shown_name(seat["name"], seat.get("computer") or None)


def fault_text(fault) -> str:
    """Why the link to the host was ended (a net.peer.faults.HostFault), in the
    player's language: the catalog's words for its code and reason."""
    why = tr("netfault.why." + fault.why, **fault.params) if fault.why else ""
    return tr("lan.host_fault", detail=tr("netfault." + fault.code, why=why, **fault.params))


DOUBTS_SAID = 6             # the rolls an unverified verdict names one by one; the rest are counted


def fair_text(verdict, names=()) -> tuple:
    """(text, ok) for the check of the fair deal (net.wire.fairdice.Verdict);
    `names`: the seats' names, for the doubts of an unverified game."""
    if verdict.ok:
        restarts = (verdict.attempt or 1) - 1
        return trn("secure.fair_ok", verdict.checked) + (
            " " + trn("secure.fair_restarts", restarts) if restarts else ""), True
    if verdict.what == "unverified":
        return tr("secure.fair_bad", what=doubts_text(verdict.doubts, names)), False
    what = tr("secure.fair_what." + verdict.what, seq=verdict.seq, kind=verdict.kind,
              error=verdict.kind, seconds=round(REVEAL_WAIT), wait=round(ROLL_WAIT))
    return tr("secure.fair_bad", what=what), False


def doubts_text(doubts, names=()) -> str:
    """What of a game cannot be verified fair (net.wire.fairdice.Doubt each),
    in words: the rolls left without the same seats' values together, the
    deals dealt again together, the rest one by one."""
    groups = {}                 # (what, seats) -> doubts, in the order first met
    for doubt in doubts:
        key = (doubt.what, tuple(doubt.info["seats"]) if doubt.what == "roll_late" else
               () if doubt.what == "deal_restarted" else doubt.seq)
        groups.setdefault(key, []).append(doubt)
    return "; ".join(_group_text(group, names) for group in groups.values())


def _group_text(group, names) -> str:
    first = group[0]
    if len(group) == 1:
        return doubt_text(first, names)
    if first.what == "deal_restarted":
        return tr("secure.doubt.deals_restarted", deals=", ".join(str(d.info["attempt"]) for d in group))
    moves = ", ".join(f"{d.seq}{_dice(d)}" for d in group[:DOUBTS_SAID])
    if len(group) > DOUBTS_SAID:
        moves += " " + trn("secure.doubt.more", len(group) - DOUBTS_SAID)
    return tr("secure.doubt.rolls_late", moves=moves, names=_seat_names(first.info["seats"], names))


def _dice(doubt) -> str:
    dice = doubt.info.get("dice")
    return f" ({'+'.join(map(str, dice))})" if dice else ""


def doubt_text(doubt, names=()) -> str:
    """One thing of the game that cannot be verified fair (net.wire.fairdice.Doubt), in words."""
    info = doubt.info
    if doubt.what == "roll_late":
        return tr("secure.doubt.roll_late", seq=doubt.seq, dice=_dice(doubt),
                  names=_seat_names(info["seats"], names))
    if doubt.what == "deal_restarted":
        return tr("secure.doubt.deal_restarted", n=info["attempt"])
    return tr("secure.doubt." + doubt.what, seq=doubt.seq, roll=info["roll"])


def _seat_names(seats, names) -> str:
    return ", ".join(names[seat] if seat < len(names) else f"#{seat + 1}" for seat in sorted(seats))


def roll_reopened_text(info) -> str:
    """A host restarted since opened a roll again (PeerGame's "roll_reopened")."""
    key = "secure.roll_reopened_known" if info["after_reveal"] else "secure.roll_reopened"
    return tr(key, n=info["roll"])


def roll_without_text(info, names) -> str:
    """The seats a roll of mixed dice went on without (PeerGame's "roll_without"),
    by name: every player sees who was recorded as away, and who was left out
    after the others' values were shown (late: the game can no longer be
    verified fair)."""
    seats = info["seats"]
    late = [seat for seat, why in seats.items() if why == LATE]
    away = [seat for seat in seats if seat not in late]
    said = [tr("secure.roll_without", seq=info["seq"], names=_seat_names(away, names))] if away else []
    if late:
        said.append(tr("secure.roll_late", seq=info["seq"], names=_seat_names(late, names)))
    return " ".join(said)


def roll_unseen_text(info) -> str:
    """A view covered a roll we revealed to, and brought no proof of it (PeerGame's "roll_unseen")."""
    return tr("secure.roll_unseen", n=info["roll"])


def impostor_text(data) -> str:
    """Another key answered at our host's address (net/session.py, "impostor")."""
    return tr("lan.impostor", got=data["got"], expected=data["expected"])


def deal_text(kind: str, data) -> tuple:
    """(text, alarming) for the deal's events ("dealing", "deal_restarted"), or
    ('', False) for any other event: a restarted deal is said at once."""
    if kind == "dealing":
        return tr("secure.dealing"), False
    if kind == "deal_restarted":
        key = "secure.dealing_again_known" if data["after_reveal"] else "secure.dealing_again"
        return tr(key, n=data["attempt"]), data["after_reveal"]
    return "", False
