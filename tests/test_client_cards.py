"""Decisions that choose cards are made by clicking card pictures:
every such dialog of both rule sets, driven headless with posted
mouse events at the rectangles the dialog drew, submits exactly the command
the clicks mean; Enter confirms and Escape goes back where that is allowed."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app, push_table  # noqa: E402
from game.client.table import ckdialogs, dialogs  # noqa: E402
from game.engine.constants import MONOPOLY, SCIENCE, YEAR_OF_PLENTY  # noqa: E402
from game.client.table.tips import tooltip  # noqa: E402

import base_helpers as bh  # noqa: E402
from ck_helpers import P, Table, add_vp, give_prog, hand, make_ck, on_top, put_building, \
    put_city, put_knight, put_road, set_cards, set_level, start_turn  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

WOOD, BRICK, WOOL, GRAIN, ORE, PAPER, CLOTH, COIN = range(8)


def open_table(auth, size=(1280, 720), lang="en"):
    """A hot-seat window on the authority's game, the curtain lifted."""
    app = make_app(size, lang)
    table = push_table(app, auth=auth)
    lift(app, table)
    return app, table


def frame(app):
    app.dirty = True
    assert app.step([]) is True


def lift(app, table):
    if table.model.curtain_for is not None:
        table.play.reveal()
    frame(app)


def click(app, table, key):
    """A real left click at the centre of what was drawn under `key`."""
    rect = table.ui.targets.rect(key)
    assert rect is not None, (key, table.ui.targets.keys())
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    frame(app)


def picks(table, prefix, kind="pick"):
    """The values offered under (prefix, kind, value), each asserted to be a
    card picture (taller than wide), not a text button (wider than tall)."""
    out = set()
    for key in table.ui.targets.keys():
        if key[:2] == (prefix, kind):
            rect = table.ui.targets.rect(key)
            assert rect.h > rect.w * 1.2, (key, rect)
            out.add(key[2])
    return out


def press(app, key):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    frame(app)


def last(table):
    return table.c.auth.log[-1].cmd


def ck_position(card=None, seat=0, phase_name="main"):
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 7)
    put_road(s, 0, 7, 12, 17, 23)
    put_city(s, 1, 15)
    put_road(s, 1, 15, 20, 25)
    put_building(s, 2, 41)
    put_building(s, 3, 48)
    if card:
        give_prog(s, seat, card)
    start_turn(auth, seat, phase_name)
    return auth


def base_position(kind):
    auth = bh.make_game()
    s = auth.state
    bh.put_building(s, 0, 7)
    bh.put_building(s, 1, 15)
    bh.put_building(s, 2, 41)
    bh.put_building(s, 3, 48)
    bh.give_dev(s, 0, kind)
    bh.start_turn(auth, 0, "main", turn=3)
    return auth


# --- Cities & Knights decisions -------------------------------------------------------------

def test_CK_11_wedding_gift_is_chosen_by_clicking_cards_and_taken_back_from_the_tray():
    """CK-11 Wedding: the richer player gives 2 cards of their choice, clicked."""
    auth = ck_position("wedding")
    s = auth.state
    add_vp(s, 1, 2)
    set_cards(s, 1, hand(brick=3, coin=2))
    Table(auth).play(0, "wedding")
    app, table = open_table(auth)
    assert table.model.viewer == 1 and isinstance(table.model.dialog, ckdialogs.Chooser)
    assert picks(table, "choice", "plus") == {BRICK, COIN}           # only the cards held are offered
    click(app, table, ("choice", "plus", COIN))
    click(app, table, ("choice", "plus", BRICK))
    click(app, table, ("choice", "minus", BRICK))                    # taken back from the tray
    click(app, table, ("choice", "plus", COIN))
    assert table.model.dialog.sel[COIN] == 2 and sum(table.model.dialog.sel) == 2
    press(app, pygame.K_RETURN)
    assert last(table) == ("resolve", 1, "wedding", hand(coin=2))
    assert s.hands[1] == list(hand(brick=3))


def test_CK_9_2_progress_limit_shows_the_progress_cards_and_a_click_discards_one():
    """CK-9.2: a fifth progress card outside one's turn; the player sees their
    progress cards as pictures and clicks the one to give back."""
    auth = make_ck()
    s = auth.state
    set_level(s, 1, SCIENCE, 1)
    for name in ("crane", "mining", "smith", "inventor"):
        give_prog(s, 1, name)
    on_top(s, "alchemist")
    put_building(s, 2, 9)
    start_turn(auth, 0, "roll")
    Table(auth).roll(1, 1, 3 + SCIENCE)
    assert s.pending["kind"] == "progress_limit"
    app, table = open_table(auth)
    assert table.model.viewer == 1
    shown = picks(table, "choice")
    assert shown == {P[n] for n in ("crane", "mining", "smith", "inventor", "alchemist")}
    click(app, table, ("choice", "pick", P["smith"]))
    assert last(table) == ("resolve", 1, "progress_limit", (SCIENCE, P["smith"]))
    assert s.prog[1][P["smith"]] == 0 and s.prog_n[1] == 4


def test_CK_11_commercial_harbor_chooser_and_answer_are_card_pictures():
    """CK-11 Commercial Harbor: the player picks a partner and clicks the
    resource card offered; the partner clicks the commodity they give back."""
    auth = ck_position("commercial_harbor")
    s = auth.state
    set_cards(s, 0, hand(wood=2, brick=1))
    set_cards(s, 1, hand(coin=1, cloth=1, ore=1))
    set_cards(s, 2, hand(wool=1))
    Table(auth).play(0, "commercial_harbor")
    app, table = open_table(auth)
    table.play.open_harbor()
    frame(app)
    click(app, table, ("choice", "pick", 1))                          # the partner: a button with their name
    offered = picks(table, "choice")
    assert offered == {WOOD, BRICK}                                   # own resources, as cards
    click(app, table, ("choice", "pick", WOOD))
    assert last(table) == ("harbor_trade", 0, 1, WOOD)
    lift(app, table)
    assert table.model.viewer == 1 and table.model.dialog.name == "harbor_answer"
    assert picks(table, "choice") == {CLOTH, COIN}
    click(app, table, ("choice", "pick", CLOTH))
    assert last(table) == ("resolve", 1, "harbor_answer", (CLOTH,))
    assert s.hands[0] == list(hand(wood=1, brick=1, cloth=1))


def test_CK_11_master_merchant_takes_two_cards_clicked_from_the_revealed_hand():
    """CK-11 Master Merchant: the revealed hand of a richer player is shown as
    cards with their counts; two clicks and OK take them."""
    auth = ck_position("master_merchant")
    s = auth.state
    add_vp(s, 1, 3)
    set_cards(s, 1, hand(ore=2, paper=1))
    Table(auth).play(0, "master_merchant", 1)
    app, table = open_table(auth)
    assert table.model.viewer == 0 and table.model.dialog.name == "master_merchant"
    assert picks(table, "choice", "plus") == {ORE, PAPER}
    click(app, table, ("choice", "plus", PAPER))
    click(app, table, ("choice", "plus", ORE))
    click(app, table, ("choice", "ok"))
    assert last(table) == ("resolve", 0, "master_merchant", hand(ore=1, paper=1))
    assert s.hands[1] == list(hand(ore=1))


def test_CK_11_spy_takes_one_of_the_revealed_progress_cards_by_clicking_it():
    """CK-11 Spy: the other player's progress cards are shown as pictures; a
    click takes that one."""
    auth = ck_position("spy")
    s = auth.state
    give_prog(s, 2, "medicine")
    give_prog(s, 2, "crane")
    Table(auth).play(0, "spy", 2)
    app, table = open_table(auth)
    assert table.model.dialog.name == "spy"
    assert picks(table, "choice") == {P["medicine"], P["crane"]}
    click(app, table, ("choice", "pick", P["crane"]))
    assert last(table) == ("resolve", 0, "spy", (P["crane"],))
    assert s.prog[0][P["crane"]] == 1 and s.prog[2][P["crane"]] == 0


@pytest.mark.parametrize("card,kind", [("resource_monopoly", ORE), ("trade_monopoly", COIN),
                                       ("merchant_fleet", GRAIN)])
def test_CK_11_monopolies_and_merchant_fleet_name_their_kind_by_a_card_picture(card, kind):
    """CK-11 Resource Monopoly, Trade Monopoly, Merchant Fleet: the kind is a
    card clicked in the card's dialog (resources or commodities as the card
    allows); Escape closes the dialog without playing."""
    auth = ck_position(card)
    app, table = open_table(auth, size=(1920, 1080), lang="nl")
    table.play.open_progress(P[card])
    frame(app)
    offered = picks(table, "choice")
    assert offered == ({PAPER, CLOTH, COIN} if card == "trade_monopoly" else set(range(5 if card != "merchant_fleet"
                                                                                          else 8)))
    press(app, pygame.K_ESCAPE)
    assert table.model.dialog is None and not table.c.auth.log
    table.play.open_progress(P[card])
    frame(app)
    click(app, table, ("choice", "pick", kind))
    assert last(table) == ("progress", 0, P[card], (kind,))


def test_CK_11_escape_steps_back_in_a_decision_that_cannot_be_closed():
    """CK-11 Commercial Harbor answer may not be declined: Escape does not
    close it, and nothing is sent."""
    auth = ck_position("commercial_harbor")
    s = auth.state
    set_cards(s, 0, hand(wood=2))
    set_cards(s, 1, hand(coin=1))
    t = Table(auth)
    t.play(0, "commercial_harbor")
    t.do("harbor_trade", 0, 1, WOOD)
    app, table = open_table(auth)
    n = len(auth.log)
    press(app, pygame.K_ESCAPE)
    assert isinstance(table.model.dialog, ckdialogs.Chooser) and len(auth.log) == n


# --- the base game's development cards ------------------------------------------------------

def test_B_7_monopoly_takes_the_resource_clicked_and_enter_plays_it():
    """B-7 Monopoly: the five resources are cards; the clicked one stands
    chosen, another click changes it, Enter plays."""
    auth = base_position(MONOPOLY)
    app, table = open_table(auth)
    table.play.open_dev_card(MONOPOLY)
    frame(app)
    assert picks(table, "dev") == set(range(5))
    click(app, table, ("dev", "pick", WOOL))
    click(app, table, ("dev", "pick", ORE))
    assert table.model.dialog.picks == [ORE]
    press(app, pygame.K_RETURN)
    assert last(table) == ("play_monopoly", 0, ORE)


def test_B_7_year_of_plenty_cards_go_on_a_tray_and_come_back_with_a_click():
    """B-7 Year of Plenty: each click puts a resource card on the tray (the
    same card twice is allowed), a click on the tray takes it back, and only
    two fit."""
    auth = base_position(YEAR_OF_PLENTY)
    app, table = open_table(auth, size=(1920, 1080))
    table.play.open_dev_card(YEAR_OF_PLENTY)
    frame(app)
    d = table.model.dialog
    assert isinstance(d, dialogs.DevCardDialog)
    assert picks(table, "dev") == set(range(5))
    click(app, table, ("dev", "pick", BRICK))
    click(app, table, ("dev", "pick", GRAIN))
    assert d.picks == [BRICK, GRAIN]
    assert table.ui.targets.at(table.ui.targets.rect(("dev", "pick", WOOD)).center)[1] is None   # the tray is full
    click(app, table, ("dev", "unpick", 0))
    click(app, table, ("dev", "pick", GRAIN))
    assert d.picks == [GRAIN, GRAIN]
    before = list(auth.state.hands[0])
    click(app, table, ("dev", "play"))
    assert last(table) == ("play_year_of_plenty", 0, GRAIN, GRAIN)
    assert auth.state.hands[0][GRAIN] == before[GRAIN] + 2


def test_B_5_2_a_fixed_position_seven_discards_by_clicks():
    """B-5.2 on a set-up position: 8 cards, a 7 rolled; the discard dialog's
    card pictures choose exactly the four clicked."""
    auth = bh.make_game()
    s = auth.state
    for seat, node in enumerate((7, 15, 41, 48)):
        bh.put_building(s, seat, node)
    bh.set_hand(s, 1, bh.cards(wood=3, ore=5))
    bh.start_turn(auth, 0, "roll", turn=3)
    bh.roll(auth, 4, 3)
    app, table = open_table(auth)
    assert table.model.viewer == 1 and isinstance(table.model.dialog, dialogs.DiscardDialog)
    for kind in (ORE, ORE, WOOD, ORE):
        click(app, table, ("discard", "plus", kind))
    press(app, pygame.K_RETURN)
    assert last(table) == ("discard", 1, (1, 0, 0, 0, 3))


def test_hand_cards_are_named_and_hover_tells_what_they_do():
    """A crowded C&K hand: every card keeps a target where it shows, and the
    mouse on a card gives its full name and use."""
    auth = ck_position()
    s = auth.state
    set_cards(s, 0, hand(wood=1, brick=1, wool=1, grain=1, ore=1, paper=1, cloth=1, coin=1))
    for name in ("medicine", "road_building", "smith", "crane"):
        give_prog(s, 0, name)
    app, table = open_table(auth)
    keys = [k for k in table.ui.targets.keys() if k[0] in ("hand_card", "prog_card")]
    assert len(keys) == 12
    tips = []
    for key in keys:
        rect = table.ui.targets.rect(key)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.x + 3, rect.centery), rel=(0, 0),
                                     buttons=(0, 0, 0))])
        frame(app)
        assert table.model.hover_key == key
        tips.append(tooltip(table.model, table.ui))
    assert len(set(tips)) == 12                                      # each card says its own
    assert any(tip.startswith("Medicine: ") for tip in tips) and any(tip.startswith("Coin: ") for tip in tips)


# --- the table's layout: labels, the barbarians' track, notices ---------------------------

@pytest.mark.parametrize("size", tightest_fast("size", [(1280, 720), (1920, 1080)]))
@pytest.mark.parametrize("lang", tightest_fast("lang", ["en", "nl"]))
def test_action_button_labels_keep_clear_of_their_shortcut(size, lang):
    """Every action button of both rule sets: the label, fitted to the room
    left of the shortcut hint, never reaches into the hint."""
    from game.client import i18n, widgets
    from game.client.table.layout import TableLayout
    from game.client.table.hand import SHORTCUT_LABELS
    from game.client.table.parts import PARTS
    app = make_app(size, lang)
    i18n.set_language(lang)
    for part in PARTS.values():
        L = TableLayout(size, 4, part)
        for name, rect in L.buttons.items():
            hint_img = app.text.render(SHORTCUT_LABELS[name], 10, (255, 255, 255))
            area, hint = widgets.label_and_hint_rects(rect, hint_img.get_width(), max(3, rect.h // 12))
            label = widgets.fit_label(app.text, i18n.tr("btn." + name), 14, (255, 255, 255), True, area.w)
            drawn = label.get_rect(midtop=(area.centerx, rect.y))
            assert drawn.right <= hint.x and drawn.left >= rect.x, (lang, name, drawn, hint)
            assert hint.right <= rect.right and hint.x > rect.centerx


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_barbarians_track_and_notices_cover_no_hex_of_the_island(size):
    """CK-8 track and the notices: neither covers a hex (its inner part, where
    the number and roads are) of the island, at both sizes; notices stay in
    the side column under the players and the bank."""
    from game.client.table import draw as table_draw
    auth = ck_position()
    app, table = open_table(auth, size=size)
    L, board = table.ui.layout, table.ui.board
    notes = table_draw.notes_area(L)
    assert L.side.contains(notes) and not notes.colliderect(L.board) and not notes.colliderect(L.log)
    assert not any(notes.colliderect(r) for r in L.panels + [L.bank])
    for h in range(len(table.model.view.terrain)):
        x, y = board.hex_center(h)
        core = pygame.Rect(0, 0, int(board.R * 1.5), int(board.R))
        core.center = (int(x), int(y))
        assert not core.colliderect(L.barbarians), h
        assert not any(L.barbarians.collidepoint(p) for p in board.hex_corners(h, 0.95)), h
    assert L.barbarians.h >= 100 * L.s and L.barbarians.w >= 230 * L.s     # a large track
    table.play.note("A long notice " * 8)
    frame(app)


def test_B_6_2_a_bank_trade_is_chosen_on_card_pictures():
    """B-6.2 maritime trade: give and get are card pictures; a card the hand
    cannot pay 4:1 is not offered, and the clicks make exactly the command."""
    auth = base_position(MONOPOLY)
    bh.set_hand(auth.state, 0, bh.cards(ore=4, wool=1))
    app, table = open_table(auth)
    table.play.action("bank")
    frame(app)
    gives = picks(table, "bank", "give")
    assert gives == set(range(5))                                  # every kind shown ...
    assert table.ui.targets.at(table.ui.targets.rect(("bank", "give", WOOL)).center)[1] is None   # ... 1 wool pays nothing
    click(app, table, ("bank", "give", ORE))
    assert table.ui.targets.at(table.ui.targets.rect(("bank", "get", ORE)).center)[1] is None     # not ore for ore
    click(app, table, ("bank", "get", BRICK))
    press(app, pygame.K_RETURN)
    assert last(table) == ("maritime", 0, ORE, BRICK)
    assert auth.state.hands[0][BRICK] == 1 and auth.state.hands[0][ORE] == 0


def test_CK_11_escape_declines_a_decision_that_may_be_declined():
    """CK-11 Deserter: the player may place the deserted knight or place none;
    Escape places none (as the "Place none" button would)."""
    auth = ck_position("deserter")
    s = auth.state
    put_road(s, 1, 23, 18, 13)
    put_knight(s, 1, 23, 2, active=True)
    t = Table(auth)
    t.play(0, "deserter", 1)
    t.resolve(1, "deserter_remove", 23)
    assert s.pending["kind"] == "deserter_place"
    app, table = open_table(auth)
    assert table.model.dialog.name == "deserter_place" and -1 in table.model.dialog.candidates()
    assert ("choice", "skip") in table.ui.targets.keys()
    press(app, pygame.K_ESCAPE)
    assert last(table) == ("resolve", 0, "deserter_place", (-1,))


def test_B_5_2_the_sevens_panel_lies_under_the_discard_dialog():
    """B-5.2: after a 7 the staged panel (who discards) stays in view but
    under a dialog, never over its cards or buttons: drawn before it."""
    auth = bh.make_game()
    s = auth.state
    for seat, node in enumerate((7, 15, 41, 48)):
        bh.put_building(s, seat, node)
    bh.set_hand(s, 1, bh.cards(wood=3, ore=5))
    bh.start_turn(auth, 0, "roll", turn=3)
    app, table = open_table(auth)
    bh.roll(auth, 4, 3)                  # the 7 comes in live, as from another seat
    table.play.refresh()
    lift(app, table)
    assert isinstance(table.model.dialog, dialogs.DiscardDialog) and table.model.stage.seven is not None
    order = []
    side, dialog_draw = table.model.stage.draw_side, table.model.dialog.draw
    table.model.stage.draw_side = lambda ui, surf: (order.append("panel"), side(ui, surf))
    table.model.dialog.draw = lambda surf: (order.append("dialog"), dialog_draw(surf))
    frame(app)
    assert order == ["panel", "dialog"]


@pytest.mark.parametrize("size", tightest_fast("size", [(1280, 720), (1920, 1080)]))
def test_B_9_1_a_victory_point_card_in_a_dutch_hand_parts_its_name_not_squeezes_it(size, monkeypatch):
    """B-9.1's Victory Point card in the hand: "Overwinningspunt" is one word
    too long for the card, drawn squeezed to about half its width; the card
    names it in two lines ("Overwin-" / "ningspunt", where the word parts) at a
    readable width."""
    from game.client import cards as card_art
    from game.engine.constants import VICTORY_POINT
    auth = bh.make_game()
    bh.start_turn(auth)
    bh.give_dev(auth.state, 0, VICTORY_POINT)
    squeezes, labels = [], []
    real, draw_label = pygame.transform.smoothscale, card_art._draw_label

    def spy(img, to):
        squeezes.append(to[0] / max(1, img.get_width()))
        return real(img, to)

    def noted(text, surf, label, band, size):
        labels.append(label)
        with monkeypatch.context() as squeezing:          # (only a label's squeezes)
            squeezing.setattr(card_art.pygame.transform, "smoothscale", spy)
            draw_label(text, surf, label, band, size)
    card_art._CACHE.clear()
    monkeypatch.setattr(card_art, "_draw_label", noted)
    app, _ = open_table(auth, size, "nl")
    frame(app)
    assert "Overwin-ningspunt" in labels
    assert not [r for r in squeezes if r < 0.8], squeezes
