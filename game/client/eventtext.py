"""Engine events as plain sentences for the game log (current language)."""

from game.engine.constants import CARD_NAMES, DEV_NAMES, TERRAIN_NAMES

from .i18n import tr


def error_text(err) -> str:
    """Why the engine refused a command (an IllegalCommand), in the player's
    language; the engine's English detail where the catalog has no entry."""
    text = tr("err." + err.code)
    return err.detail if text == "err." + err.code else text


def card_name(kind) -> str:
    return tr("res." + CARD_NAMES[kind])


def cards_text(counts) -> str:
    parts = [f"{k} {card_name(kind)}" for kind, k in enumerate(counts) if k]
    return ", ".join(parts) if parts else "0"


def dev_name(kind) -> str:
    return tr("dev." + DEV_NAMES[kind])


def sentences(event, names, state=None) -> list:
    """Sentences for one event.  `names` maps seat -> name; `state` (a view
    after the event) is used for details such as the robber's terrain."""
    kind = event[0]
    n = names
    if kind == "first_player":
        return [tr("log.first_player", name=n[event[1]])]
    if kind == "start_roll":
        return [tr("log.start_roll", rolls=", ".join(f"{n[s]} {r}" for s, r in zip(event[1], event[2])))]
    if kind == "turn":
        return [tr("log.turn", turn=event[2], name=n[event[1]])]
    if kind == "rolled":
        return [tr("log.rolled", name=n[event[1]], d1=event[2], d2=event[3], total=event[2] + event[3])]
    if kind == "produced":
        out = [tr("log.produced", name=n[s], cards=cards_text(g)) for s, g in enumerate(event[1]) if any(g)]
        return out or [tr("log.nothing_produced")]
    if kind == "shortage":
        return [tr("log.shortage", cards=", ".join(card_name(k) for k in event[1]))]
    if kind == "built":
        return [tr("log.built", name=n[event[1]], piece=tr("piece." + event[2]))]
    if kind == "must_discard":
        return [tr("log.must_discard")]
    if kind == "discarded":
        return [tr("log.discarded", name=n[event[1]], cards=cards_text(event[2]))]
    if kind == "robber_moved":
        terrain = tr("terrain." + TERRAIN_NAMES[state.terrain[event[2]]]) if state is not None else "?"
        return [tr("log.robber_moved", name=n[event[1]], terrain=terrain)]
    if kind == "stole":
        thief, victim, card = event[1], event[2], event[3]
        if card == -1:
            return [tr("log.stole_nothing", name=n[thief], victim=n[victim])]
        if card is None:
            return [tr("log.stole", name=n[thief], victim=n[victim])]
        return [tr("log.stole_known", name=n[thief], victim=n[victim], card=card_name(card))]
    if kind == "bought_dev":
        if event[2] is None:
            return [tr("log.bought_dev", name=n[event[1]])]
        return [tr("log.bought_dev_known", name=n[event[1]], card=dev_name(event[2]))]
    if kind == "played_dev":
        return [tr("log.played_dev", name=n[event[1]], card=dev_name(event[2]))]
    if kind == "year_of_plenty":
        return [tr("log.year_of_plenty", name=n[event[1]], cards=cards_text(event[2]))]
    if kind == "monopoly":
        return [tr("log.monopoly", name=n[event[1]], n=sum(event[3]), card=card_name(event[2]))]
    if kind == "maritime":
        return [tr("log.maritime", name=n[event[1]], k=event[3], give=card_name(event[2]), get=card_name(event[4]))]
    if kind == "offered":
        return [tr("log.offered", name=n[event[1]], give=cards_text(event[2]), get=cards_text(event[3]))]
    if kind == "trade_answer":
        if event[2] == "counter":
            return [tr("log.trade_counter", name=n[event[1]], give=cards_text(event[3]), get=cards_text(event[4]))]
        return [tr("log.trade_" + event[2], name=n[event[1]])]
    if kind == "traded":
        return [tr("log.traded", name=n[event[1]], partner=n[event[2]], give=cards_text(event[3]),
                   get=cards_text(event[4]))]
    if kind == "trade_closed":
        return [tr("log.trade_closed")]
    if kind == "longest_road":
        if event[1] == -1:
            return [tr("log.longest_road_none")]
        return [tr("log.longest_road", name=n[event[1]], n=event[2])]
    if kind == "largest_army":
        return [tr("log.largest_army", name=n[event[1]], n=event[2])]
    if kind == "won":
        vp = state.vp_public[event[1]] + event[2][event[1]] if state is not None else "?"
        return [tr("log.won", name=n[event[1]], vp=vp)]
    return [" ".join(str(x) for x in event)]        # an event this client does not know yet
