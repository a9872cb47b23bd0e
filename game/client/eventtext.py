"""Engine events as plain sentences for the game log (current language).

`sentences(event, names)` tells one event; `LogTeller` tells a run of them
in order and remembers what a later event needs from an earlier one (who
made the trade offer a counter-offer answers), and for whom the log is
written (`reader`, the seat it calls "you")."""

from game.engine.constants import CARD_NAMES, DEV_NAMES, PROGRESS_NAMES, SHIP_FACES, TERRAIN_NAMES, TRACK_NAMES

from .i18n import has_text, language, tr, trn


def error_text(err) -> str:
    """Why the engine refused a command (an IllegalCommand), in the player's
    language; the engine's English detail where the catalog has no entry."""
    text = tr("err." + err.code)
    return err.detail if text == "err." + err.code else text


def card_name(kind) -> str:
    return tr("res." + CARD_NAMES[kind])


def count_text(kind, k) -> str:
    """`k` cards of `kind`: "2 coins" where the word has plural forms
    (catalog entries count.<card>_one/_other), else "2 ore"."""
    key = "count." + CARD_NAMES[kind]
    return trn(key, k) if has_text(language(), key) else f"{k} {card_name(kind)}"


def cards_text(counts) -> str:
    parts = [count_text(kind, k) for kind, k in enumerate(counts) if k]
    return ", ".join(parts) if parts else "0"


def dev_name(kind) -> str:
    return tr("dev." + DEV_NAMES[kind])


def progress_name(card) -> str:
    return tr("prog." + PROGRESS_NAMES[card])


def track_name(track) -> str:
    return tr("track." + TRACK_NAMES[track])


def event_die_text(face) -> str:
    """The event die (CK-1.6): the barbarians' ship, or a city gate of a track."""
    return tr("die.ship") if face < SHIP_FACES else tr("die.gate", track=track_name(face - SHIP_FACES))


# what an undo takes back, per kind of the command taken back (catalog words)
_TAKEN_BACK = {"build_road": "log.took_back.road", "place_road": "log.took_back.road", "build_settlement": "log.took_back.settlement",
               "place_settlement": "log.took_back.settlement", "build_city": "log.took_back.city", "place_city": "log.took_back.city",
               "build_wall": "log.took_back.wall", "recruit_knight": "log.took_back.knight_recruited",
               "activate_knight": "log.took_back.knight_activated", "promote_knight": "log.took_back.knight_promoted",
               "move_knight": "log.took_back.knight_moved", "improve": "log.took_back.improvement", "maritime": "log.took_back.bank_trade"}


def taken_back_text(cmd) -> str:
    """What undoing `cmd` takes back: "the road", "the trade with the bank"."""
    return tr(_TAKEN_BACK.get(cmd[0], "log.took_back.move"))


def _names(names, seats):
    return ", ".join(names[s] for s in seats)


def ck_sentences(event, names, state=None):
    """Sentences for Cities & Knights events, or None for an event not of C&K."""
    kind, n = event[0], names
    if kind == "rolled" and len(event) > 4:
        return [tr("log.rolled_ck", name=n[event[1]], d1=event[2], d2=event[3], total=event[2] + event[3],
                   event=event_die_text(event[4]))]
    if kind == "barbarians_advance":
        return [tr("log.barbarians_advance", n=event[1])]
    if kind == "barbarians_attack":
        per = ", ".join(f"{n[s]} {k}" for s, k in enumerate(event[3]))
        return [tr("log.barbarians_attack", barbarians=event[1], knights=event[2], per=per)]
    if kind == "barbarians_win":
        return [tr("log.barbarians_win", names=_names(n, event[1]))]
    if kind == "catan_wins":
        if not event[1]:
            return [tr("log.catan_wins_nobody")]
        if len(event[1]) == 1:
            return [tr("log.catan_wins_one", name=n[event[1][0]])]
        return [tr("log.catan_wins_tie", names=_names(n, event[1]))]
    if kind == "defender":
        return [tr("log.defender", name=n[event[1]])]
    if kind == "city_lost":
        return [tr("log.city_lost", name=n[event[1]])]
    if kind == "metropolis":
        return [tr("log.metropolis", name=n[event[1]], track=track_name(event[2]))]
    if kind == "knight_recruited":
        return [tr("log.knight_recruited", name=n[event[1]])]
    if kind == "knight_activated":
        return [tr("log.knight_activated", name=n[event[1]])]
    if kind == "knights_activated":
        return [tr("log.knights_activated", name=n[event[1]])]
    if kind == "knight_promoted":
        return [tr("log.knight_promoted", name=n[event[1]], n=event[3])]
    if kind == "knight_moved":
        return [tr("log.knight_moved", name=n[event[1]])]
    if kind == "knight_displaced":
        return [tr("log.knight_displaced", name=n[event[1]], victim=n[event[4]])]
    if kind == "knight_retreated":
        return [tr("log.knight_retreated", name=n[event[1]])]
    if kind == "knight_to_supply":
        return [tr("log.knight_to_supply", name=n[event[1]])]
    if kind == "knight_deserted":
        return [tr("log.knight_deserted", name=n[event[1]], n=event[3])]
    if kind == "knights_committed":
        return [trn("log.knights_committed", len(event[2]), name=n[event[1]])]
    if kind == "robber_chased":
        return [tr("log.robber_chased", name=n[event[1]])]
    if kind == "improved":
        return [tr("log.improved", name=n[event[1]], track=track_name(event[2]), n=event[3],
                   level=tr(f"chart.{TRACK_NAMES[event[2]]}.{event[3]}"))]
    if kind == "drew_progress":
        if event[3] is None:
            return [tr("log.drew_progress", name=n[event[1]], track=track_name(event[2]))]
        return [tr("log.drew_progress_known", name=n[event[1]], card=progress_name(event[3]))]
    if kind == "progress_vp":
        return [tr("log.progress_vp", name=n[event[1]], card=progress_name(event[2]))]
    if kind == "played_progress":
        return [tr("log.played_progress", name=n[event[1]], card=progress_name(event[2]))]
    if kind == "progress_discarded":
        if event[3] is None:
            return [tr("log.progress_discarded", name=n[event[1]], track=track_name(event[2]))]
        return [tr("log.progress_discarded_known", name=n[event[1]], card=progress_name(event[3]))]
    if kind == "harvest":
        return [tr("log.harvest", name=n[event[1]], cards=count_text(event[2], event[3]))]
    if kind == "numbers_swapped":
        return [tr("log.numbers_swapped", name=n[event[1]])]
    if kind == "road_removed":
        return [tr("log.road_removed", name=n[event[1]], victim=n[event[3]])]
    if kind == "merchant":
        terrain = tr("terrain." + TERRAIN_NAMES[state.terrain[event[2]]]) if state is not None else "?"
        return [tr("log.merchant", name=n[event[1]], terrain=terrain)]
    if kind == "spied":
        if event[3] == -1:
            return [tr("log.spied_nothing", name=n[event[1]], victim=n[event[2]])]
        if event[3] is None:
            return [tr("log.spied", name=n[event[1]], victim=n[event[2]])]
        return [tr("log.spied_known", name=n[event[1]], victim=n[event[2]], card=progress_name(event[3]))]
    if kind in ("gave", "took"):
        who = {"gave": (event[1], event[2]), "took": (event[2], event[1])}[kind]
        cards = cards_text(_counts(event[4])) if event[4] is not None else trn("log.cards_n", event[3])
        return [tr("log.gave", name=n[who[0]], to=n[who[1]], cards=cards)]
    if kind == "steal_skipped":
        return [tr("log.steal_skipped", name=n[event[1]])]
    if kind == "harbor_offer":
        return [tr("log.harbor_offer", name=n[event[1]], to=n[event[2]])]
    if kind == "harbor_swap":
        if event[4] == -1:
            return [tr("log.harbor_none", name=n[event[2]])]
        if event[3] is None:
            return [tr("log.harbor_swap", name=n[event[1]], to=n[event[2]])]
        return [tr("log.harbor_swap_known", name=n[event[1]], to=n[event[2]], card=count_text(event[3], 1),
                   back=count_text(event[4], 1))]
    if kind == "aqueduct":
        return [tr("log.aqueduct", name=n[event[1]], card=card_name(event[2]))]
    return None


def counter_text(names, counterer, offerer_gives, counterer_gives, offerer=None, reader=None) -> str:
    """A counter-offer's terms, who gives what, as `reader` reads them:
    "Bram gives 1 wool, you give 1 grain" to the offerer, "you give 1 wool,
    Anna gives 1 grain" to the counterer, "Bram gives 1 wool, Anna gives 1
    grain" to anyone else; without the offerer, "Bram gives 1 wool and asks
    for 1 grain"."""
    theirs, ours = cards_text(counterer_gives), cards_text(offerer_gives)
    if offerer is None:
        return tr("trade.counter_asks", name=names[counterer], theirs=theirs, ours=ours)
    if reader == offerer:
        return tr("trade.counter_to_you", name=names[counterer], theirs=theirs, ours=ours)
    if reader == counterer:
        return tr("trade.counter_by_you", partner=names[offerer], theirs=theirs, ours=ours)
    return tr("trade.counter_terms", name=names[counterer], partner=names[offerer], theirs=theirs, ours=ours)


class LogTeller:
    """Sentences for the events of one game, told in the order they happened."""

    def __init__(self, names, reader=None):
        self.names = names
        self.reader = reader            # the seat the log may call "you" (None: nobody)
        self.offerer = None             # who made the trade offer last

    def tell(self, event, state=None) -> list:
        if event[0] == "offered":
            self.offerer = event[1]
        return sentences(event, self.names, state, reader=self.reader, offerer=self.offerer)


def _counts(cards):
    """A Wedding/Master Merchant transfer: a count per card kind."""
    return list(cards)


def sentences(event, names, state=None, reader=None, offerer=None) -> list:
    """Sentences for one event.  `names` maps seat -> name; `state` (a view
    after the event) is used for details such as the robber's terrain;
    `reader` is the seat the sentence may call "you" and `offerer` who made
    the trade offer a counter-offer answers (LogTeller knows both)."""
    kind = event[0]
    n = names
    ck = ck_sentences(event, names, state)
    if ck is not None:
        return ck
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
    if kind == "took_back":
        return [tr("log.took_back", name=n[event[1]], what=taken_back_text(event[3]))]
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
        return [tr("log.stole_known", name=n[thief], victim=n[victim], card=count_text(card, 1))]
    if kind == "bought_dev":
        if event[2] is None:
            return [tr("log.bought_dev", name=n[event[1]])]
        return [tr("log.bought_dev_known", name=n[event[1]], card=dev_name(event[2]))]
    if kind == "played_dev":
        return [tr("log.played_dev", name=n[event[1]], card=dev_name(event[2]))]
    if kind == "year_of_plenty":
        return [tr("log.year_of_plenty", name=n[event[1]], cards=cards_text(event[2]))]
    if kind == "monopoly":
        return [tr("log.monopoly", name=n[event[1]], cards=count_text(event[2], sum(event[3])))]
    if kind == "maritime":
        return [tr("log.maritime", name=n[event[1]], give=count_text(event[2], event[3]),
                   get=count_text(event[4], 1))]
    if kind == "offered":
        return [tr("log.offered", name=n[event[1]], give=cards_text(event[2]), get=cards_text(event[3]))]
    if kind == "trade_answer":
        if event[2] == "counter":
            return [tr("log.trade_counter", terms=counter_text(n, event[1], event[3], event[4], offerer, reader))]
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
        return [trn("log.largest_army", event[2], name=n[event[1]])]
    if kind == "special_build":                     # the Special Building Phase after a turn
        return [tr("log.special_build", name=n[event[1]])]
    if kind in ("special_turn", "special_done"):    # (a seat's part: its builds tell themselves)
        return []
    if kind == "won":
        vp = state.vp_public[event[1]] + event[2][event[1]] if state is not None else "?"
        return [tr("log.won", name=n[event[1]], vp=vp)]
    return [" ".join(str(x) for x in event)]        # an event this client does not know yet
