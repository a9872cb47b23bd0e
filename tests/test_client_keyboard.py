"""The board by keyboard (game/client/table/keyboard.py, game/client/focus.py):
Tab, Shift+Tab and the arrows move a cursor over the legal spots of the
current pick only (B-3.3, B-6.2: the corners and sides the engine allows),
Enter submits the spot's command, a line names the spot in the reader's
language; every dialog, the game menu, the forms and the end screen are
operated by keys (posted pygame key events, headless); the buttons'
tooltips name their keys; the guided game plays by keys alone."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import COLOURS, NAMES, bot_game, draw, make_app, push_table  # noqa: E402
from game.client import i18n  # noqa: E402
from game.client.table import dialogs, keyboard  # noqa: E402
from game.client.table.tips import tooltip  # noqa: E402
from game.engine import default_config, legal_commands  # noqa: E402
from game.engine.board import board_of  # noqa: E402
from game.engine.constants import YEAR_OF_PLENTY  # noqa: E402
from game.engine.notation import names_of  # noqa: E402
from game.engine.state import DISCARD, MAIN, SETUP_SETTLEMENT, STEAL  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

MOVES = (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def press(app, key, mod=0):
    """A key as the window gets it (the modifiers with the event), then a frame."""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")])
    draw(app)


def tab_to(app, focus, key, limit=200):
    """Tab until `focus` (a KeyFocus) is on `key`."""
    for _ in range(limit):
        if focus.by_keys and focus.key == key:
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {key!r} (at {focus.key!r})")


def new_table(lang="en", players=3, size=(1280, 720), ui_scale=100, **config):
    app = make_app(size, lang=lang, ui_scale=ui_scale)
    table = push_table(app, default_config(players=players, seed=1, board="beginner", **config),
                       names=NAMES[:players], colours=COLOURS[:players])
    if table.model.curtain_for is not None:
        table.play.reveal()
    draw(app)
    return app, table


def table_at(until, seed=3, players=3, rules="base", **controller):
    """A table over a random game played until `until(auth)` holds, shown to the seat that must act."""
    auth, _ = bot_game(rules=rules, seed=seed, players=players, until=until)
    app = make_app()
    table = push_table(app, auth=auth, names=NAMES[:players], colours=COLOURS[:players], **controller)
    if table.model.curtain_for is not None:
        table.play.reveal()
    draw(app)
    return app, table


def last_command(table):
    return table.c.auth.log[-1].cmd


# --- the cursor over the board ------------------------------------------------------------------
_APP, _TABLE = None, None


def _setup_table():
    """A table in the founding round after two settlements: some corners are no longer allowed."""
    global _APP, _TABLE
    if _APP is None:
        _APP, _TABLE = table_at(lambda a: a.state.phase == SETUP_SETTLEMENT
                                and sum(o != -1 for o in a.state.node_owner) >= 2)
    return _APP, _TABLE


@settings(max_examples=12, deadline=None, derandomize=True)
@given(keys=st.lists(st.tuples(st.sampled_from(MOVES), st.booleans()), min_size=1, max_size=25))
def test_the_cursor_goes_over_the_legal_corners_only(keys):
    """B-3.3: whatever keys move it, the board cursor is only ever on a
    corner the engine lets the player settle, shown as the mouse would
    show it there (the settlement previewed)."""
    app, table = _setup_table()
    m = table.model
    m.focus.clear()
    legal = {c[2] for c in m.legal if c[0] == "place_settlement"}
    assert legal and len(legal) < board_of(m.view).num_nodes
    for key, shift in keys:
        press(app, key, pygame.KMOD_SHIFT if shift else 0)
        assert m.focus.by_keys and m.focus.key is not None
        if m.focus.key[0] == "spot":
            assert m.focus.key[1] == "node" and m.focus.key[2] in legal
            assert m.hover_spot == m.focus.key[2]
        else:                                        # past the spots: the table's buttons, all enabled
            assert ui_action(table, m.focus.key) is not None


def ui_action(table, key):
    return next((a for k, _, a in table.ui.targets.items if k == key), None)


def test_the_first_tab_goes_to_a_spot_and_tab_goes_round_them_in_reading_order():
    app, table = new_table()
    m = table.model
    spots = [it.key for it in keyboard.spot_items(m, table.ui)]
    press(app, pygame.K_TAB)
    assert m.focus.key == spots[0]
    press(app, pygame.K_TAB)
    assert m.focus.key == spots[1]
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert m.focus.key == keyboard.items(m, table.ui)[-1].key          # round the end, backwards
    ys = [keyboard.spot_items(m, table.ui)[i].point[1] for i in range(len(spots))]
    assert ys == sorted(ys)                                           # top to bottom


def test_an_arrow_goes_to_the_nearest_spot_that_way_on_screen():
    app, table = new_table()
    m = table.model
    press(app, pygame.K_TAB)
    for key, (dx, dy) in ((pygame.K_RIGHT, (1, 0)), (pygame.K_DOWN, (0, 1)), (pygame.K_LEFT, (-1, 0)),
                          (pygame.K_UP, (0, -1))):
        before = m.focus.point
        press(app, key)
        after = m.focus.point
        assert (after[0] - before[0]) * dx + (after[1] - before[1]) * dy > 0, key


def test_enter_places_the_settlement_under_the_cursor_and_the_cursor_goes_on_to_its_roads():
    """B-3.2 then B-6.2: the corner chosen by keys is the command sent; the
    road asked next starts at the new settlement, and the cursor is on one."""
    app, table = new_table()
    m = table.model
    seat = m.viewer
    for _ in range(3):
        press(app, pygame.K_TAB)
    spot = m.focus.key[2]
    press(app, pygame.K_RETURN)
    assert last_command(table) == ("place_settlement", seat, spot)
    assert m.focus.key[:2] == ("spot", "edge")
    assert ("place_road", seat, m.focus.key[2]) in m.legal
    assert spot in board_of(m.view).edge_nodes[m.focus.key[2]]      # the road nearest where the cursor was
    press(app, pygame.K_RETURN)
    assert last_command(table)[0] == "place_road"


def test_in_a_build_mode_the_cursor_goes_over_the_roads_allowed_and_escape_leaves_the_mode():
    """B-6.2: a road only where it joins the player's own."""
    app, table = table_at(lambda a: a.state.phase == MAIN and any(
        c[0] == "build_road" for c in legal_commands(a.state, a.state.current)))
    m = table.model
    press(app, pygame.K_1)                                            # the Road button's key
    assert m.mode == "build_road"
    legal = {c[2] for c in m.legal if c[0] == "build_road"}
    seen = set()
    for _ in range(len(legal)):
        press(app, pygame.K_TAB)
        assert m.focus.key[:2] == ("spot", "edge") and m.focus.key[2] in legal
        seen.add(m.focus.key[2])
    assert seen == legal                                             # every one, once round
    press(app, pygame.K_ESCAPE)
    assert m.mode is None and m.focus.key is None
    assert type(app.scene).__name__ == "TableScene"                  # (the menu only at a second Escape)


def test_without_a_focus_enter_still_ends_the_turn_and_the_mouse_takes_the_lead_back():
    app, table = table_at(lambda a: a.state.phase == MAIN)
    m = table.model
    press(app, pygame.K_TAB)
    assert m.focus.by_keys
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))])
    assert not m.focus.by_keys
    seat = m.viewer
    press(app, pygame.K_RETURN)
    assert last_command(table) == ("end_turn", seat)


# --- the words --------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, corner, harbor, side, hexes, built", [
    ("en", "corner A12: 10 ore, 3:1 harbor", "corner C12: 9 wood, 2:1 wool harbor", "side F7: 4 wool, desert (robber)",
     "hex A: mountains, produces on a roll of 10", "corner C12: 9 wood, 2:1 wool harbor, your settlement"),
    ("nl", "driesprong A12: 10 erts, haven 3:1", "driesprong C12: 9 hout, haven 2:1 wol",
     "pad F7: 4 wol, woestijn (struikrover)", "landtegel A: gebergte, brengt op bij een worp van 10",
     "driesprong C12: 9 hout, haven 2:1 wol, je dorp"),
])
def test_the_cursor_names_its_spot_in_the_notation_and_the_readers_language(lang, corner, harbor, side, hexes, built):
    app, table = new_table(lang)
    m, ui = table.model, table.ui
    names = names_of(board_of(m.view))
    assert keyboard.describe(m, ui, "node", names.node_id("A12")) == corner
    assert keyboard.describe(m, ui, "node", names.node_id("C12")) == harbor
    assert keyboard.describe(m, ui, "edge", names.edge_id("F7")) == side
    assert keyboard.describe(m, ui, "hex", names.hex_id("A")) == hexes
    table.play.submit(("place_settlement", m.viewer, names.node_id("C12")))
    assert keyboard.describe(m, ui, "node", names.node_id("C12")) == built


def test_the_line_under_the_board_says_what_the_cursor_is_on():
    app, table = new_table()
    m = table.model
    press(app, pygame.K_TAB)
    said = []
    real = keyboard.draw_line
    keyboard.draw_line = lambda m, ui, surf, text, spot_at: said.append(text)
    try:
        draw(app)
    finally:
        keyboard.draw_line = real
    assert said == [keyboard.describe(m, table.ui, "node", m.focus.key[2])]


@pytest.mark.parametrize("scale,size", tightest_fast("scale,size", [(100, (1280, 720)), (150, (1280, 720)),
                                                          (200, (1280, 720)), (200, (1920, 1080))]))
def test_the_spots_line_never_hides_the_corner_it_names_nor_its_harbor(scale, size, monkeypatch):
    """Over every corner of the founding round, at each scale: the line
    that names the cursor's corner lies clear of that corner and of the
    harbor beside it (the island's lowest corners used to sit under it)."""
    app, table = new_table(players=4, size=size, ui_scale=scale)
    m, ui = table.model, table.ui
    island = ui.board.island
    boxes = []
    real = keyboard.line_layout
    monkeypatch.setattr(keyboard, "line_layout", lambda *args: boxes.append(real(*args)[0]) or (boxes[-1], real(*args)[1]))
    seen = set()
    while True:
        press(app, pygame.K_TAB)
        if m.focus.key[0] != "spot" or m.focus.key[2] in seen:
            break
        corner = m.focus.key[2]
        seen.add(corner)
        box = boxes[-1]
        if ui.layout.narrow:                    # (over the bank, beside the island)
            assert ui.layout.side.contains(box) and not box.colliderect(ui.layout.board)
        R = ui.board.R
        assert not box.inflate(int(0.8 * R), int(0.8 * R)).collidepoint(ui.board.node_pos(corner)), corner
        for h, e in enumerate(island.harbor_edges):
            if corner in island.edge_nodes[e]:
                assert not box.inflate(int(0.6 * R), int(0.6 * R)).collidepoint(ui.board.harbor_pos(h)), corner
    assert len(seen) == len({c[2] for c in m.legal if c[0] == "place_settlement"})


def test_the_open_log_drawer_draws_no_spot_to_pick_over_its_log():
    """The narrow table (200 %): with the drawer open during the founding the
    lit corners under it were drawn over the log's lines; they stay out of
    sight as they are out of reach."""
    from game.client import theme
    app, table = new_table(players=4, ui_scale=200)
    drawer = table.ui.layout.drawer
    under = [c for c in table.model.pick[1] if drawer.collidepoint(table.ui.board.node_pos(c))]
    assert under                                        # (corners under the drawer's place to pick)

    def lit_pixels():
        area = app.screen.subsurface(drawer.inflate(-8, -8))
        return pygame.mask.from_threshold(area, theme.HILITE, (1, 1, 1, 255)).count()
    draw(app)
    assert lit_pixels() > 0                             # closed: the corners there are lit
    press(app, pygame.K_l)
    draw(app)
    assert table.model.log_open and lit_pixels() == 0


def test_the_open_log_drawer_hides_its_spots_from_the_cursor_as_from_the_mouse():
    """The narrow table (200 %): while the log's drawer lies open over the
    board's left, the cursor goes over the corners still in sight only; closed,
    over all of them again."""
    app, table = new_table(players=4, ui_scale=200)
    m, ui = table.model, table.ui
    drawer = ui.layout.drawer
    assert drawer is not None
    every = {it.key for it in keyboard.spot_items(m, ui)}
    press(app, pygame.K_l)
    assert m.log_open
    draw(app)
    shown = {it.key for it in keyboard.spot_items(m, ui)}
    hidden = every - shown
    assert hidden and shown
    assert all(drawer.collidepoint(ui.board.node_pos(key[2])) for key in hidden)
    assert not any(drawer.collidepoint(ui.board.node_pos(key[2])) for key in shown)
    for _ in range(2 * len(every)):
        press(app, pygame.K_RIGHT)
        assert m.focus.key not in hidden
    press(app, pygame.K_l)
    assert not m.log_open
    assert {it.key for it in keyboard.spot_items(m, ui)} == every


@pytest.mark.parametrize("lang, words", [("en", "(key R)"), ("nl", "(toets R)")])
def test_the_buttons_tooltips_name_their_keys(lang, words):
    app, table = table_at(lambda a: a.state.phase != MAIN and any(
        c[0] == "roll" for c in legal_commands(a.state, a.state.current)))
    i18n.set_language(lang)
    m = table.model
    m.hover_key = ("btn", "roll")
    assert tooltip(m, table.ui).endswith(words)
    m.hover_key = ("btn", "menu")
    assert tooltip(m, table.ui).endswith(words.replace("R", "Esc"))


def test_every_action_button_of_each_rule_set_has_a_key_that_does_what_it_does():
    from game.client.table.hand import SHORTCUT_LABELS, SHORTCUTS
    from game.client.table.parts import part_for
    for rules in ("base", "ck"):
        for name in part_for(default_config(rules=rules)).buttons:
            assert name in SHORTCUT_LABELS, name
            if name != "undo":                                        # (Ctrl+Z: test_client_undo)
                assert SHORTCUTS[getattr(pygame, "K_" + SHORTCUT_LABELS[name].lower())] == name


# --- Cities & Knights by keys -------------------------------------------------------------------
def _ck_table_where(kind):
    """A C&K table in the main phase where the seat on turn may `kind` (a node command)."""
    return table_at(lambda a: a.state.phase == MAIN and any(
        c[0] == kind for c in legal_commands(a.state, a.state.current)), rules="ck", seed=3)


@pytest.mark.parametrize("kind,key", [("recruit_knight", pygame.K_k), ("build_wall", pygame.K_w)])
def test_a_knight_and_a_city_wall_by_keys(kind, key):
    """CK-5.2 and CK-5.1: the action's key opens its pick, the cursor goes
    over the corners the engine allows for it only, Enter builds there."""
    app, table = _ck_table_where(kind)
    m = table.model
    seat, allowed = m.viewer, {c[2] for c in m.legal if c[0] == kind}
    press(app, key)
    assert m.pick is not None and set(m.pick[1]) == allowed
    press(app, pygame.K_TAB)
    assert m.focus.key[:2] == ("spot", "node") and m.focus.key[2] in allowed
    spot = m.focus.key[2]
    press(app, pygame.K_RETURN)
    assert last_command(table) == (kind, seat, spot)


# --- dialogs --------------------------------------------------------------------------------------
def test_the_bank_dialog_by_keys():
    """B-7.2: the cards to give and get chosen with Tab and Enter, the trade sent with Enter on its button."""
    app, table = table_at(lambda a: a.state.phase == MAIN and any(
        c[0] == "maritime" for c in legal_commands(a.state, a.state.current)))
    m = table.model
    seat = m.viewer
    want = next(c for c in m.legal if c[0] == "maritime")
    press(app, pygame.K_b)
    assert isinstance(m.dialog, dialogs.BankDialog)
    for key in (("bank", "give", want[2]), ("bank", "get", want[3]), ("bank", "ok")):
        tab_to(app, m.focus, key)
        assert all(it.key[0] == "bank" for it in keyboard.items(m, table.ui))     # only the dialog's own
        press(app, pygame.K_RETURN)
    assert last_command(table) == ("maritime", seat, want[2], want[3])
    assert m.dialog is None


def test_escape_closes_a_dialog_the_focus_is_in():
    app, table = table_at(lambda a: a.state.phase == MAIN and any(
        c[0] == "maritime" for c in legal_commands(a.state, a.state.current)))
    m = table.model
    press(app, pygame.K_b)
    press(app, pygame.K_TAB)
    assert m.focus.key[0] == "bank"
    press(app, pygame.K_ESCAPE)
    assert m.dialog is None and type(app.scene).__name__ == "TableScene"


def test_a_discard_by_keys():
    """B-5.3: the cards put on the tray one Enter at a time, then the discard confirmed."""
    app, table = table_at(lambda a: a.state.phase == DISCARD)
    m = table.model
    assert isinstance(m.dialog, dialogs.DiscardDialog)
    seat, need = m.viewer, m.view.discard_need[m.viewer]
    hand = list(m.view.hands[seat])
    chosen = [0] * len(hand)
    for _ in range(need):
        kind = next(k for k in range(len(hand)) if hand[k] > chosen[k])
        tab_to(app, m.focus, ("discard", "plus", kind))
        press(app, pygame.K_RETURN)
        chosen[kind] += 1
        assert m.dialog.sel == chosen
    tab_to(app, m.focus, ("discard", "ok"))
    press(app, pygame.K_RETURN)
    assert last_command(table) == ("discard", seat, tuple(chosen))


def test_the_robber_and_the_steal_by_keys():
    """B-5.4: the hex chosen with the cursor, then the victim with Tab and Enter."""
    def robbing(a):
        s = a.state
        return any(c[0] == "move_robber" and any(
            a.state.node_owner[n] not in (-1, s.current) for n in board_of(s).hex_nodes[c[2]])
            for c in legal_commands(s, s.current))
    app, table = table_at(robbing)
    m = table.model
    seat = m.viewer
    target = next(c[2] for c in m.legal if c[0] == "move_robber" and any(
        m.view.node_owner[n] not in (-1, seat) and m.view.hand_n[m.view.node_owner[n]]
        for n in board_of(m.view).hex_nodes[c[2]]))
    tab_to(app, m.focus, ("spot", "hex", target))
    press(app, pygame.K_RETURN)
    assert last_command(table) == ("move_robber", seat, target)
    assert m.view.phase == STEAL and isinstance(m.dialog, dialogs.StealDialog)
    victim = next(c[2] for c in m.legal if c[0] == "steal")
    tab_to(app, m.focus, ("steal", victim))
    press(app, pygame.K_RETURN)
    assert last_command(table) == ("steal", seat, victim)


def test_year_of_plenty_by_keys():
    """B-9.4: the card opened from the hand, two resources picked, played, all with Tab and Enter."""
    app, table = table_at(lambda a: any(c[0] == "play_year_of_plenty" for c in legal_commands(a.state, a.state.current)),
                          seed=11)
    m = table.model
    seat = m.viewer
    tab_to(app, m.focus, ("dev_card", YEAR_OF_PLENTY))
    press(app, pygame.K_RETURN)
    assert isinstance(m.dialog, dialogs.DevCardDialog)
    for res in (0, 3):
        tab_to(app, m.focus, ("dev", "pick", res))
        press(app, pygame.K_RETURN)
    tab_to(app, m.focus, ("dev", "play"))
    press(app, pygame.K_RETURN)
    assert last_command(table) == ("play_year_of_plenty", seat, 0, 3)


def test_an_offer_by_keys():
    """B-7.1: what to give and to get and to whom, then Send, all with Tab and Enter."""
    app, table = table_at(lambda a: a.state.phase == MAIN and sum(a.state.hands[a.state.current]) >= 2)
    m = table.model
    seat = m.viewer
    give = next(k for k, n in enumerate(m.view.hands[seat]) if n)
    get = (give + 1) % 5
    press(app, pygame.K_t)
    assert isinstance(m.dialog, dialogs.TradeEditor)
    for key in (("give", "plus", give), ("get", "plus", get), ("trade", "send")):
        tab_to(app, m.focus, key)
        press(app, pygame.K_RETURN)
    cmd = next(r.cmd for r in reversed(table.c.auth.log) if r.cmd[0] == "offer")
    assert cmd[:2] == ("offer", seat) and cmd[2][give] == 1 and cmd[3][get] == 1


def test_the_game_menu_by_keys():
    app, table = new_table()
    press(app, pygame.K_ESCAPE)
    menu = app.scene
    assert type(menu).__name__ == "GameMenuScene"
    tab_to(app, menu.key_focus, "leave")
    assert menu.hover == "leave"                                     # (it looks as the mouse would make it)
    press(app, pygame.K_RETURN)
    assert menu.confirm_leave
    tab_to(app, menu.key_focus, "stay")
    press(app, pygame.K_RETURN)
    assert not menu.confirm_leave
    tab_to(app, menu.key_focus, "resume")
    press(app, pygame.K_DOWN)
    assert menu.key_focus.key == "settings"
    press(app, pygame.K_UP)
    assert menu.key_focus.key == "resume"
    press(app, pygame.K_RETURN)
    assert app.scene is table


def test_a_form_by_keys_buttons_and_a_text_field():
    from game.client.scenes.newgame import NewGameScene
    app = make_app()
    app.push(NewGameScene(app))
    draw(app)
    form = app.scene
    tab_to(app, form.key_focus, ("button", "kind_1"))
    before = form.kinds[1]
    press(app, pygame.K_RETURN)
    assert form.kinds[1] != before
    field = form.fields().index(form.seed_entry)
    tab_to(app, form.key_focus, ("field", field))
    assert form.seed_entry.is_focused
    press(app, pygame.K_END)
    for _ in range(len(form.seed_entry.get_text())):
        press(app, pygame.K_BACKSPACE)
    for ch in "42":
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    assert form.seed_entry.get_text() == "42"
    press(app, pygame.K_TAB)
    assert not form.seed_entry.is_focused


def test_the_end_screen_by_keys():
    from game.client.controller import HotseatController
    from game.client.scenes.end import EndScene
    from game.client.scenes.menu import MenuScene
    auth, _ = bot_game(seed=3)
    app = make_app()
    app.push(MenuScene(app))
    app.nav.open("new_game")                     # (the end screen takes the place of the game's screens)
    c = HotseatController(auth.config, NAMES[:3], COLOURS[:3], auth=auth)
    app.nav.go("end", c, 60.0)
    draw(app)
    assert isinstance(app.scene, EndScene)
    tab_to(app, app.scene.key_focus, ("button", "menu"))
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)


# --- the guided game ----------------------------------------------------------------------------
def test_in_the_guided_game_the_cursor_goes_to_the_lessons_corner_first():
    from game.client.tutorial import session
    app = make_app(computer_speed="instant")
    session.start(app)
    table = app.scene
    for _ in range(400):
        draw(app)
        what, step, cmd = table.advice()
        if what == "next":
            press(app, pygame.K_RETURN)
        elif what == "do" and cmd[0] == "place_settlement":
            break
    press(app, pygame.K_TAB)
    assert table.model.focus.key == ("spot", "node", cmd[2])
    press(app, pygame.K_RETURN)
    assert table.c.auth.log[-1].cmd[:3] == cmd[:3]


def test_the_cursor_goes_to_the_hinted_corner_first_and_enter_takes_it():
    """B-3.3: with a hint on show the first move key goes to the corner the
    hint rings (not the first corner in reading order); Enter settles there."""
    from game.client.table import hints
    app, table = new_table()
    m = table.model
    hints.show(m, table.play)
    draw(app)
    hinted = hints.current(m)["cmd"]
    assert hinted[0] == "place_settlement"
    assert keyboard.spot_items(m, table.ui)[0].key != ("spot", "node", hinted[2])   # (else Tab alone gets there)
    press(app, pygame.K_TAB)
    assert m.focus.key == ("spot", "node", hinted[2])
    press(app, pygame.K_RETURN)
    assert last_command(table)[:3] == tuple(hinted[:3])


@pytest.mark.slow
def test_the_guided_game_plays_to_its_end_by_keys_alone():
    from tools.screens import keys, tutorial
    run = tutorial.play("en", make_driver=keys.maker(xdotool=False))
    assert run["finished"] and not run["skipped"] and run["clicks"] == 0 and run["keys"] > 100


# --- a LAN table ----------------------------------------------------------------------------------
from test_client_lan_game_menu import two_windows  # noqa: E402,F401  (the fixture: two windows over TCP)


@pytest.mark.slow
def test_a_lan_seat_places_its_settlement_by_keys(two_windows):
    """Over a LAN the same keys: the window whose seat must decide puts its
    cursor on a corner and Enter sends the command to the host; both
    windows get the record."""
    from client_helpers import run_until
    ann, bob, game, joined = two_windows
    apps, tables = [ann, bob], [ann.scene, bob.scene]
    assert run_until(apps, lambda: any(t.c.session.game.must_decide() for t in tables))
    app, table = next((a, t) for a, t in zip(apps, tables) if t.c.session.game.must_decide())
    draw(app)
    press(app, pygame.K_TAB)
    spot = table.model.focus.key[2]
    assert ("place_settlement", table.c.seat, spot) in table.model.legal
    press(app, pygame.K_RETURN)
    assert run_until(apps, lambda: all(t.c.seq == 1 for t in tables))
    assert game.hosting.host.auth.log[-1].cmd == ("place_settlement", table.c.seat, spot)
