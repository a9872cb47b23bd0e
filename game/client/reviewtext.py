"""A game review (game/bots/review.py) in words: the swing lines, the names
of card sources, the hint's reason (current language).  The end screen, the
replay viewer and tools/review.py all speak through here."""

from .i18n import tr

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
        if kind in ("build_settlement", "build_city", "place_settlement", "place_city") and numbers:
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


def source_name(source) -> str:
    return tr("review.source." + source)


__all__ = ["percent", "signed_percent", "what_text", "swing_line", "source_name"]

