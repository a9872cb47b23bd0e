"""A game review (game/bots/review.py) in words: the swing lines, the names
of card sources, the hint's reason (current language).  The end screen, the
replay viewer and tools/review.py all speak through here."""

from .eventtext import card_name, cards_text, count_text, dev_name
from .i18n import has_text, language, tr, trn

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


def _name(names, seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def _produced(produced, names) -> str:
    """"Cato 2 grain, 1 ore; Anna 1 wool": who got what from a roll, the most first (three at most)."""
    rows = sorted(((int(seat), row) for seat, row in produced.items()), key=lambda sr: (-sum(sr[1]), sr[0]))
    return "; ".join(f"{_name(names, seat)} {cards_text(row)}" for seat, row in rows[:3])


def _what_details(kind, detail, names) -> tuple:
    """(the catalog key, its fields) of a command's words, naming what its
    detail holds: what a roll produced, whom the robber blocks, the card
    stolen, bought or named, the cards traded, the decision answered."""
    key = "review.what." + kind
    fields = {"numbers": "-".join(str(x) for x in detail.get("numbers", ())),
              "total": detail.get("total", ""), "victim": _name(names, detail.get("victim"))}
    cards = detail.get("cards", ())
    if kind in ("build_settlement", "build_city", "place_settlement", "place_city") and fields["numbers"]:
        key += "_on"
    elif kind == "move_robber" and fields["numbers"]:
        key += "_on"
        if detail.get("blocked"):
            key += "_blocking"
            fields["victims"] = ", ".join(_name(names, s) for s in detail["blocked"])
    elif kind == "roll" and detail.get("total", 7) != 7:
        produced = detail.get("produced")
        key += "_produced" if produced else "_nothing"
        fields["gains"] = _produced(produced, names) if produced else ""
    elif kind == "steal" and "stolen" in detail:
        key += "_card"
        fields["card"] = card_name(detail["stolen"])
    elif kind == "buy_dev" and "dev" in detail:
        key += "_card"
        fields["card"] = dev_name(detail["dev"])
    elif kind == "play_monopoly" and cards:
        key += "_took" if "took" in detail else "_on"
        fields.update(card=card_name(cards[0]), n=detail.get("took", 0))
    elif kind == "play_year_of_plenty" and len(cards) == 2:
        key += "_for"
        fields.update(a=card_name(cards[0]), b=card_name(cards[1]))
    elif kind == "maritime" and len(cards) == 2:
        key += "_cards"
        paid = detail.get("paid")
        fields.update(give=count_text(cards[0], paid) if paid else card_name(cards[0]), get=card_name(cards[1]))
    elif kind == "confirm_trade" and "give" in detail:
        key += "_cards"
        fields.update(give=cards_text(detail["give"]), get=cards_text(detail["get"]),
                      partner=_name(names, detail.get("partner")))
    elif kind == "resolve" and has_text(language(), f"decide.{detail.get('decision')}.title"):
        key += "_on"
        fields["decision"] = tr(f"decide.{detail['decision']}.title")
    return key, fields


def what_text(kind, detail, names) -> str:
    """What one command did, e.g. "city on 6-8", "rolled 8: Cato 2 grain",
    "played Monopoly on ore, took 5"."""
    if kind == "progress" and "card" in detail:
        return tr("review.what.progress", card=tr("prog." + detail["card"]))
    if kind in _WHAT:
        key, fields = _what_details(kind, detail, names)
        return tr(key, **fields)
    return tr("review.what.other")


def swing_line(swing, names) -> str:
    """"Turn 23: Anna, city on 6-8 — Anna +14 %"."""
    actor, seat = swing["actor"], swing["seat"]
    line = tr("review.swing", turn=swing["turn"], actor=names[actor],
              what=what_text(swing["kind"], swing["detail"], names),
              name=names[seat], delta=signed_percent(swing["delta"]))
    detail = swing["detail"]
    extra = [tr("review.extra." + key) for key in ("longest_road", "largest_army", "barbarians") if key in detail]
    extra += [tr("review.extra.drew", name=_name(names, s)) for s in sorted(set(detail.get("drew", ())))]
    return line + (" (" + ", ".join(extra) + ")" if extra else "")


def parts_line(seat, part, names) -> str:
    """Where one seat's change in its chance came from, in one line: "luck
    gave Anna +18 %, own choices +9 %, the others' choices −2 %"."""
    return tr("review.parts_line", name=names[seat], chance=signed_percent(part["chance"]),
              own=signed_percent(part["own"]), others=signed_percent(part["others"]))


def parts_short(part) -> str:
    """The same as parts_line beside a player's name: "luck +18 %, own choices +9 %, others −2 %"."""
    return tr("review.parts_short", chance=signed_percent(part["chance"]), own=signed_percent(part["own"]),
              others=signed_percent(part["others"]))


def decimal(x, places=1) -> str:
    """A number with a decimal comma in Dutch, a point in English."""
    out = f"{x:.{places}f}"
    return out.replace(".", ",") if language() == "nl" else out


def better_line(entry, names) -> str:
    """One of a person's decisions where Hard's choice was clearly better:
    "Turn 40: bought a development card — Hard: traded with the bank (+0.7 points)"."""
    played = what_text(entry["played"][0], entry.get("played_detail", {}), names)
    hard = what_text(entry["hard"][0], entry.get("hard_detail", {}), names)
    if hard == played:          # the same kind of move, somewhere else or with other cards
        hard = tr("review.better_elsewhere", what=hard)
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


__all__ = ["percent", "signed_percent", "what_text", "swing_line", "parts_line", "parts_short", "source_name", "better_line",
           "better_status", "decimal"]

