"""A counter-offer (B-7.1) says who gives what, from the reader's side: the
offerer reads "Bo gives 1 wool, you give 1 grain" in the answers dialog and
the log, the counterer "you give …, Ann gives …", anyone else "Bo gives …,
Ann gives …"; in English and Dutch (before: two rows of card pictures and
"Bo counters: 1 wool for 1 grain")."""

import pytest

from client_helpers import NAMES, bot_game, make_app, push_table
from game.client import i18n
from game.client.eventtext import LogTeller, count_text, counter_text
from game.client.table import dialogs
from game.engine import check
from game.engine.state import MAIN

WOOL_1 = (0, 0, 1, 0, 0)
GRAIN_1 = (0, 0, 0, 1, 0)


@pytest.mark.parametrize("lang, to_offerer, to_counterer, to_others, unknown", [
    ("en", "Bo gives 1 wool, you give 1 grain", "you give 1 wool, Ann gives 1 grain",
     "Bo gives 1 wool, Ann gives 1 grain", "Bo gives 1 wool and asks for 1 grain"),
    ("nl", "Bo geeft 1 wol, jij geeft 1 graan", "jij geeft 1 wol, Ann geeft 1 graan",
     "Bo geeft 1 wol, Ann geeft 1 graan", "Bo geeft 1 wol en vraagt 1 graan"),
])
def test_a_counter_offer_reads_from_each_readers_side(lang, to_offerer, to_counterer, to_others, unknown):
    """Ann (seat 0) offered; Bo (seat 1) counters, giving 1 wool for 1 grain."""
    try:
        i18n.set_language(lang)
        said = {reader: counter_text(NAMES, 1, GRAIN_1, WOOL_1, offerer=0, reader=reader) for reader in (0, 1, 2)}
        assert said == {0: to_offerer, 1: to_counterer, 2: to_others}
        assert counter_text(NAMES, 1, GRAIN_1, WOOL_1) == unknown        # who offered is not known
    finally:
        i18n.set_language("en")


def test_the_log_remembers_who_made_the_offer_a_counter_answers():
    teller = LogTeller(NAMES, reader=2)
    teller.tell(("offered", 0, WOOL_1, GRAIN_1, (1, 2)))
    assert teller.tell(("trade_answer", 1, "counter", GRAIN_1, WOOL_1)) == [
        "Counter-offer: Bo gives 1 wool, Ann gives 1 grain."]


def _offer(state):
    """Ann's offer of one card she has for one kind Bo has, or None."""
    mine = next((k for k in range(5) if state.hands[0][k]), None)
    theirs = next((k for k in range(5) if state.hands[1][k] and k != mine), None)
    if state.phase != MAIN or state.current != 0 or mine is None or theirs is None:
        return None
    give, get = [0] * 5, [0] * 5
    give[mine], get[theirs] = 1, 1
    cmd = ("offer", 0, tuple(give), tuple(get), (1, 2))
    return (cmd, mine, theirs) if check(state, cmd) is None else None


def test_the_offerer_reads_the_counter_in_the_dialog_and_the_log_in_both_languages():
    """A solo game: Ann (the person, seat 0) offers, Bo (a computer) counters."""
    auth, _ = bot_game(players=3, seed=11, until=lambda a: len(a.log) > 20 and _offer(a.state))
    offer, mine, theirs = _offer(auth.state)
    app = make_app()
    try:
        table = push_table(app, auth=auth, names=NAMES, computers=[None, "easy", "easy"])
        c, m = table.c, table.model
        c.submit(offer)
        counter_gives, ann_gives = [0] * 5, [0] * 5
        counter_gives[theirs], ann_gives[mine] = 1, 2
        c.submit(("counter", 1, tuple(ann_gives), tuple(counter_gives)))
        table.play.absorb_records()
        table.play.refresh()
        terms = f"Bo (Easy) gives {count_text(theirs, 1)}, you give {count_text(mine, 2)}"
        assert m.log[-1] == f"Counter-offer: {terms}."
        assert isinstance(m.dialog, dialogs.ResponsesDialog) and m.viewer == 0
        assert m.dialog.answer_line(1, c.view(0).trade["answers"][1]) == terms
        app.dirty = True
        assert app.step([])                             # the dialog draws with the line
        app.set_language("nl")
        dutch = f"Bo (Makkelijk) geeft {count_text(theirs, 1)}, jij geeft {count_text(mine, 2)}"
        assert f"Tegenbod: {dutch}." in m.log
        assert m.dialog.answer_line(1, c.view(0).trade["answers"][1]) == dutch
    finally:
        i18n.set_language("en")
