"""A game review (game/bots/review.py) in words: the swing lines, the names
of card sources, the hint's reason (current language).  The end screen, the
replay viewer and tools/review.py all speak through here."""

from .i18n import language, tr, trn

# Command kinds the review has its own words for (review.what.<kind>); others say "a move".
_WHAT = ("place_settlement", "place_road", "place_city", "roll", "discard", "move_robber", "steal",
         "build_road", "build_settlement", "build_city", "buy_dev", "play_knight", "play_road_building",
         "play_year_of_plenty", "play_monopoly", "maritime", "confirm_trade", "end_turn", "build_wall",
         "recruit_knight", "activate_knight", "promote_knight", "move_knight", "displace_knight",
         "chase_robber", "improve", "harbor_trade", "resolve", "accept", "offer", "decline", "counter",
         "cancel_trade", "skip_steal")


def percent(p) -> str:
    return f"{round(100 * p)} %"


def signed_percent(d) -> str:
    k = round(100 * d)
    return f"+{k} %" if k > 0 else f"−{-k} %" if k < 0 else "±0 %"


def what_text(kind, detail, names) -> str:
    """What one command did, e.g. "city on 6-8", "rolled 7"."""
    numbers = "-".join(str(x) for x in detail.get("numbers", ()))
    if kind == "progress" and "card" in detail:
        return tr("review.what.progress", card=tr("prog." + detail["card"]))
    if kind in _WHAT:
        key = "review.what." + kind
        if kind in ("build_settlement", "build_city", "place_settlement", "place_city", "move_robber") and numbers:
            key += "_on"
        victim = detail.get("victim")
        return tr(key, numbers=numbers, total=detail.get("total", ""),
                  victim=names[victim] if isinstance(victim, int) and 0 <= victim < len(names) else "")
    return tr("review.what.other")


def swing_line(swing, names) -> str:
    """"Turn 23: Anna, city on 6-8 — Anna +14 %"."""
    actor, seat = swing["actor"], swing["seat"]
    line = tr("review.swing", turn=swing["turn"], actor=names[actor],
              what=what_text(swing["kind"], swing["detail"], names),
              name=names[seat], delta=signed_percent(swing["delta"]))
    extra = [tr("review.extra." + key) for key in ("longest_road", "largest_army", "barbarians")
             if key in swing["detail"]]
    return line + (" (" + ", ".join(extra) + ")" if extra else "")


def decimal(x, places=1) -> str:
    """A number with a decimal comma in Dutch, a point in English."""
    out = f"{x:.{places}f}"
    return out.replace(".", ",") if language() == "nl" else out


def better_line(entry, names) -> str:
    """One of a person's decisions where Hard's choice was clearly better:
    "Turn 40: bought a development card — Hard: traded with the bank (+0.7 points)"."""
    played = what_text(entry["played"][0], entry.get("played_detail", {}), names)
    hard = what_text(entry["hard"][0], entry.get("hard_detail", {}), names)
    if entry.get("wins", 0) >= 0.05:
        gain = tr("review.better_wins", share=percent(entry["wins"]))
    else:
        gain = tr("review.better_gain", gain=decimal(entry["gain"]))
    return tr("review.better_line", turn=entry["turn"], played=played, hard=hard, gain=gain)


def better_status(person) -> str:
    """How much of one person's decisions the check covered ("" when all)."""
    if not person.get("limited"):
        return ""
    return trn("review.better_limited", person["decisions"], checked=person["checked"])


def source_name(source) -> str:
    return tr("review.source." + source)


__all__ = ["percent", "signed_percent", "what_text", "swing_line", "source_name", "better_line",
           "better_status", "decimal"]

