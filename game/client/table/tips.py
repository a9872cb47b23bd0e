"""The table's tooltip: words for what the mouse rests on (a harbor, a hex,
a knight, a card, a button; a greyed button or an unlit spot says why not,
reasons.py), from the table model."""

from game.engine.constants import GENERIC_HARBOR, TERRAIN_NAMES

from ..eventtext import cards_text, count_text, event_die_text, track_name
from ..i18n import tr
from . import reasons
from .hand import BUILD_COSTS, card_tip


def tooltip(m, ui):
    """The tooltip of the target under the mouse (m.hover_key), or None."""
    key, v = m.hover_key, m.view
    if key is None or m.dialog is not None or m.curtain_for is not None:
        return None
    if key[0] == "why":                  # a greyed button says why (reasons.py)
        return reasons.hover_reason(m)
    if key[0] == "unlit":
        return reasons.unlit_reason(m, key)
    if key[0] == "panel_tip":            # an icon of a player panel names itself
        return key[1]
    if key[0] == "harbor":
        kind = v.harbors[key[1]]
        return tr("tip.harbor_generic") if kind == GENERIC_HARBOR else tr("tip.harbor", cards=count_text(kind, 2))
    if key[0] == "hex_info":
        h = key[1]
        terrain = tr("terrain." + TERRAIN_NAMES[v.terrain[h]])
        text = tr("tip.hex", terrain=terrain, n=v.numbers[h]) if v.numbers[h] else terrain
        return text + (" · " + tr("tip.robber") if h == v.robber else "")
    if key[0] in ("hand_card", "dev_card", "prog_card"):
        return card_tip(key)
    if key[0] == "knight_info":
        n = key[1]
        return tr("tip.knight_active" if v.knight_active[n] else "tip.knight_inactive",
                  name=m.names[v.knight_owner[n]], n=v.knight_strength[n])
    if key[0] == "event_die":
        return tr("tip.event_die", face=event_die_text(key[1]))
    if key[0] == "barbarians":
        return tr("tip.barbarians")
    if key[0] == "improvements":
        seat, track = key[1], key[2]
        return tr("tip.improvement", name=m.names[seat], track=track_name(track),
                  n=v.improvements[seat][track])
    if key[0] == "btn" and key[1] == "chart":
        return tr("tip.chart")
    if key[0] == "btn" and key[1] in BUILD_COSTS:
        return f"{tr('btn.' + key[1])}: {cards_text(dict(BUILD_COSTS[key[1]]).get(k, 0) for k in range(5))}"
    return None
