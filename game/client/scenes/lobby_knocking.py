"""A resumed LAN lobby's players who knock without a seat token
(scenes/lobby.py; the host: HostSession.knocking and assign): the newest
few, each with a button per away seat that gives it to them, as many to a
line as the form's width holds (lobby_heights.knock_buttons; with more
away seats than one line holds only the newest knocker is shown)."""

from ..i18n import tr
from . import lobby_heights


def assigning(scene) -> tuple:
    """What the assign buttons show: who knocks, which seats are away."""
    away = tuple((i, seat["name"]) for i, seat in enumerate(scene.lobby["seats"])
                 if seat and not seat["connected"])
    return tuple(scene.knocking), away if scene.knocking else ()


def build_knocking(scene, y, bh, gap) -> None:
    """The heading and the knockers' lines from `y` down (pixels)."""
    s, width, x0 = scene.app.scale, scene.m["width"], scene.x0
    scene.built_assigning = assigning(scene)
    if not scene.knocking:
        return
    for words in scene.lines_of(tr("lan.knocking")):
        scene.label((x0, y, width, int(30 * s)), words, "#dim")
        y += int(lobby_heights.KNOCK_LINE * s)
    seats = scene.lobby["seats"]
    away = [i for i, seat in enumerate(seats) if seat and not seat["connected"]]
    bw, name_w = int(lobby_heights.KNOCK_BUTTON * s), int(lobby_heights.KNOCK_NAME * s)
    per_line = lobby_heights.knock_buttons(scene.form_width())
    lines = [away[k:k + per_line] for k in range(0, len(away), per_line)] or [[]]
    for name in scene.knocking[-2 if len(lines) == 1 else -1:]:
        widest = max(len(line) for line in lines)
        row_w = name_w + (widest * (bw + gap) if away else width - name_w)
        left = x0 + max(0, (width - row_w) // 2)
        scene.label((left, y, name_w - int(10 * s), bh), name)
        for line in lines:
            x = left + name_w
            for seat in line:
                scene.button(f"assign_{seat}_{scene.knocking.index(name)}", (x, y, bw, bh),
                             tr("lan.assign", n=seat + 1, name=seats[seat]["name"]))
                x += bw + gap
            if not away:
                scene.label((x, y, width - name_w, bh), tr("lan.no_free_seat"), "#dim")
            y += bh + gap
