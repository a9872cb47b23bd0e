"""Discards and trades are made by clicking card pictures:
the real dialogs driven with posted mouse events."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from game.client.table import dialogs  # noqa: E402
from game.engine.state import MAIN  # noqa: E402

from tests.test_client_render import frame, make_table, play_until  # noqa: E402


def click(app, table, key):
    """A real left click (posted through the app) on the centre of the
    target drawn under `key` in the last frame."""
    rect = table.ui.targets.rect(key)
    assert rect is not None, key
    pos = rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    frame(app)


def test_a_discard_is_chosen_by_clicking_cards_and_taken_back_from_the_tray():
    """B-5.2 discards on a 7, chosen by clicking the hand's card pictures."""
    app, table = make_table(seed=5)
    assert play_until(table, lambda t: t.model.curtain_for is None and isinstance(t.model.dialog, dialogs.DiscardDialog),
                      seed=5, limit=6000)
    frame(app)
    d, me = table.model.dialog, table.model.viewer
    hand = list(table.model.view.hands[me])
    need = table.model.view.discard_need[me]
    kind = max(range(5), key=lambda k: hand[k])
    click(app, table, ("discard", "plus", kind))
    assert d.sel[kind] == 1
    assert ("discard", "minus", kind) in table.ui.targets.keys()        # the chosen card lies on the tray
    click(app, table, ("discard", "minus", kind))
    assert d.sel[kind] == 0
    assert ("discard", "minus", kind) not in table.ui.targets.keys()
    chosen = 0
    for k in range(5):                                   # choose `need` cards by clicks only
        for _ in range(hand[k]):
            if chosen == need:
                break
            click(app, table, ("discard", "plus", k))
            chosen += 1
    assert sum(d.sel) == need
    for k in range(5):                                   # a kind chosen to the last card is no longer offered
        if d.sel[k] == hand[k]:
            assert ("discard", "plus", k) not in table.ui.targets.keys()
    click(app, table, ("discard", "ok"))
    assert list(table.c.auth.state.hands[me]) == [hand[k] - d.sel[k] for k in range(5)]


def test_an_offer_is_made_by_clicking_cards():
    """B-6.1 domestic trade: the offer's cards are chosen by clicks, and the
    command sent carries exactly them."""
    app, table = make_table(seed=3)
    assert play_until(table, lambda t: t.model.curtain_for is None and t.model.view.phase == MAIN and t.model.action_enabled("trade")
                      and t.model.viewer == t.model.view.current)
    table.play.action("trade")
    frame(app)
    ed, me = table.model.dialog, table.model.viewer
    assert isinstance(ed, dialogs.TradeEditor)
    held = [k for k in range(5) if table.model.view.hands[me][k]]
    want = next(k for k in range(5) if k not in held[:1])
    click(app, table, ("give", "plus", held[0]))
    click(app, table, ("get", "plus", want))
    click(app, table, ("get", "plus", want))
    assert ed.give[held[0]] == 1 and ed.get[want] == 2
    assert ed.command()[2][held[0]] == 1 and ed.command()[3][want] == 2
    click(app, table, ("get", "minus", want))
    assert ed.get[want] == 1
