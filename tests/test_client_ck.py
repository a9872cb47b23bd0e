"""Cities & Knights in the client (CK-1 … CK-11 on screen): the new-game
screen offers it, every C&K command is entered with the mouse on the spots
and buttons the table draws, decisions are taken in turn behind the curtain,
and no screen shows another seat's cards (headless, SDL dummy driver)."""

from collections import Counter

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import curtained_seats, draw, make_app, push_table  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client.controller import HotseatController  # noqa: E402
from game.client.table import ckdialogs  # noqa: E402
from game.client.scenes.newgame import NewGameScene  # noqa: E402
from game.client.table.scene import TableScene  # noqa: E402
from game.client.theme import PLAYER_COLOURS  # noqa: E402
from game.client.scenes.game_menu import GameMenuScene  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.constants import PROGRESS_NAMES  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.rules import IllegalCommand  # noqa: E402
from game.engine.state import DECIDE, MAIN  # noqa: E402
from game.client.table.prompts import table_prompt  # noqa: E402
from tools.screens import autoplay as ui_autoplay  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

CK_KINDS = {"place_city", "build_wall", "recruit_knight", "activate_knight", "promote_knight", "move_knight",
            "displace_knight", "chase_robber", "improve", "progress", "resolve"}


def make_table(app, players=3, seed=3, knight_commit=False):
    return push_table(app, default_config(rules="ck", players=players, seed=seed, knight_commit=knight_commit))



def _norm(cmd):
    return tuple(tuple(a) if isinstance(a, (list, tuple)) else a for a in cmd)


def test_new_game_offers_cities_and_knights_and_the_table_shows_its_parts():
    """CK-1: the C&K button is enabled, sets 13 VP, and the table gets the
    third die, the barbarians' track and the C&K buttons."""
    app = make_app()
    app.push(NewGameScene(app))
    assert draw(app)
    driver = ui_autoplay.Driver(app, pygame)
    driver.click_gui("rules_ck")
    assert app.scene.rules == "ck" and app.scene.vp == 13
    driver.click_gui("start")
    assert type(app.scene).__name__ == "CkIntroScene"         # the first C&K game: its introduction
    driver.click_at(app.scene.targets.rect("skip").center)
    table = app.scene
    assert isinstance(table, TableScene) and table.model.part.rules == "ck"
    assert len(table.ui.layout.dice) == 3
    assert {"build_wall", "recruit_knight", "chart"} <= set(table.ui.layout.buttons)
    assert "buy_dev" not in table.ui.layout.buttons
    table.play.reveal()
    assert draw(app)
    assert ("barbarians",) in table.ui.targets.keys()
    assert table.model.pick is not None and table.model.pick[0] == "node"        # the first settlement


@pytest.mark.slow
@pytest.mark.parametrize("seed,commit", [(8, False), (9, True)])
def test_every_legal_ck_command_is_entered_by_mouse_on_the_drawn_screen(seed, commit):
    """For positions along a random C&K game, each legal command (sampled per
    kind) is entered with the clicks tools.screens.autoplay plans on the positions
    the table drew, and reaches the controller as exactly that command (CK-5,
    CK-6, CK-7, CK-9, CK-11 decisions).  The probe refuses it, so the game
    goes on unchanged."""
    app = make_app()
    table = make_table(app, players=3, seed=seed, knight_commit=commit)
    driver = ui_autoplay.Driver(app, pygame)
    bot = RandomSeats(seed)
    rng = Rng(seed, stream=77)
    real_submit = table.c.submit
    checked = Counter()

    def reset():
        table.model.dialog, table.model.mode, table.model.knight = None, None, None
        table.model.notes = []
        table.play.sync()
        assert draw(app)
    def probe(cmd):
        got = []

        def capture(c):
            got.append(_norm(c))
            raise IllegalCommand("probe", "refused by the test")
        table.c.submit = capture
        try:
            reset()
            for step in ui_autoplay.plan(table, cmd, rng, pygame):
                if step[0] == "key":
                    driver.key(step[1])
                elif step[0] == "board":
                    driver.click_at(table.ui.board.target_pos(step[1], step[2]))
                else:
                    rect = table.ui.targets.rect(step[1])
                    assert rect is not None, (cmd, step, type(table.model.dialog).__name__)
                    driver.click_at(rect.center)
        finally:
            table.c.submit = real_submit
        assert got == [_norm(cmd)], cmd
        reset()

    for i in range(2500):
        if table.model.game_over_at is not None or sum(checked.values()) >= 220:
            break
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        seat = table.model.viewer
        for cmd in table.model.legal:
            name = cmd[0] if cmd[0] not in ("progress", "resolve") else f"{cmd[0]}:{cmd[2]}"
            if cmd[0] in CK_KINDS and checked[name] < 2:
                checked[name] += 1
                probe(cmd)
        table.play.submit(bot.player(seat, ("offer",)).choose(table.c.auth.state))
    kinds = {k.split(":")[0] for k in checked}
    assert {"place_city", "recruit_knight", "activate_knight", "move_knight", "improve", "progress",
            "resolve"} <= kinds, checked
    assert len([k for k in checked if k.startswith("progress:")]) >= 5, checked
    if commit:                                   # CK-8.5 option: knights sent one by one
        assert checked["resolve:commit"], checked


@pytest.mark.slow
def test_decisions_come_in_turn_behind_the_curtain_and_no_foreign_cards_show():
    """Hot-seat privacy in C&K: each decision (CK-8, CK-9, CK-11) is shown to
    its seat only after the curtain; the drawn view never holds another
    seat's hand or progress cards; what a Spy / Master Merchant shows is in
    the view of the card's player only."""
    app = make_app()
    table = make_table(app, players=4, seed=12)
    bot = RandomSeats(3)
    decisions = Counter()
    for seat in curtained_seats(app, table, 2200):
        v = table.model.view
        for other in range(v.n):
            if other != seat:
                assert v.hands[other] is None and v.prog[other] is None
        if v.phase == DECIDE:
            assert seat in v.pending["seats"]
            assert isinstance(table.model.dialog, ckdialogs.Chooser) and table.model.dialog.name == v.pending["kind"]
            decisions[v.pending["kind"]] += 1
            if v.pending.get("target") is not None and v.pending["kind"] in ("spy", "master_merchant"):
                assert v.pending["shown"] is not None
                public = table.c.view((seat + 1) % v.n if (seat + 1) % v.n != v.pending["target"]
                                      else (seat + 2) % v.n)
                assert public.pending["shown"] is None
        cmd = bot.player(seat, ("offer",)).choose(table.c.auth.state)
        assert table.play.submit(cmd)
    assert len(decisions) >= 3, decisions


@pytest.mark.slow
@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((1920, 1080), "nl")])
def test_ck_dialogs_draw_for_every_progress_card_and_the_chart(size, lang):
    app = make_app(size, lang)
    table = make_table(app, players=4, seed=5)
    bot = RandomSeats(5)
    for _ in range(3000):
        if table.model.view.phase == MAIN and table.model.view.turn > 40 and table.model.curtain_for is None:
            break
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        table.play.submit(bot.player(table.model.viewer, ("offer",)).choose(table.c.auth.state))
    assert table.model.view.phase == MAIN
    for card, name in enumerate(PROGRESS_NAMES):
        table.model.dialog = ckdialogs.Chooser(table.play, "progress", name, card)
        table.play.update_pick()
        assert draw(app)
        if table.model.dialog.modal:
            assert ("choice", "cancel") in table.ui.targets.keys()
    table.model.dialog = ckdialogs.ChartDialog(table.play)
    assert draw(app)
    assert {("chart", "improve", t) for t in range(3)} & set(table.ui.targets.keys()) or \
        not any(c[0] == "improve" for c in table.model.legal)
    table.model.dialog = None
    table.play.action("chart")
    assert isinstance(table.model.dialog, ckdialogs.ChartDialog)


@pytest.mark.slow
def test_random_clicks_never_break_a_ck_table():
    """A monkey on a C&K table: clicks on drawn targets and board spots and
    keys; nothing raises and only legal commands reach the engine."""
    import random
    app = make_app()
    table = make_table(app, players=3, seed=31)
    rnd = random.Random(6)
    keys = [pygame.K_r, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_w, pygame.K_k, pygame.K_i, pygame.K_t,
            pygame.K_b, pygame.K_e, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_BACKSPACE]
    w, h = app.size
    for _ in range(6000):               # until the monkey has made C&K moves too
        if table.model.game_over_at is not None:
            break
        log = table.c.auth.log
        if len(log) > 40 and any(r.cmd[0] in CK_KINDS - {"place_city"} for r in log):
            break
        roll = rnd.random()
        # (ending the turn is left mostly to the keys, so turns last long enough to build)
        targets = [t for t in table.ui.targets.items
                   if t[0] not in (("btn", "menu"), ("btn", "end_turn")) and t[2] is not None]
        if roll < 0.55 and targets:
            _, rect, _ = rnd.choice(targets)
            pos = (rnd.randint(rect.left, rect.right - 1), rnd.randint(rect.top, rect.bottom - 1))
        elif roll < 0.8 and table.model.pick is not None and table.model.pick[1]:
            spot = rnd.choice(sorted(table.model.pick[1]))
            pos = tuple(int(c) for c in table.ui.board.target_pos(table.model.pick[0], spot))
        else:
            pos = (rnd.randrange(w), rnd.randrange(h))
            if table.ui.targets.at(pos)[0] == ("btn", "menu"):
                continue
        if rnd.random() < 0.85:
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]
        else:
            events = [pygame.event.Event(pygame.KEYDOWN, key=rnd.choice(keys), mod=0, unicode="", scancode=0)]
        app.step(events)
        if isinstance(app.scene, GameMenuScene):      # Esc opens the in-game menu: close it again
            app.scene.resume()
        assert app.scene is table
    assert len(table.c.auth.log) > 40
    assert any(r.cmd[0] in CK_KINDS - {"place_city"} for r in table.c.auth.log)


@pytest.mark.slow
def test_autoplay_plays_a_whole_ck_game_through_the_client():
    """tools.screens.autoplay --rules ck: a complete C&K game, every command
    clicked on screen, ending on the end screen (a lower VP target keeps the
    test short)."""
    summary = ui_autoplay.play("ck", 3, 4, vp=7)
    assert summary["winner"] in range(3) and summary["vp_target"] == 7
    kinds = summary["kinds"]
    assert kinds.get("place_city") == 3
    assert any(k.startswith("progress:") for k in kinds) and any(k.startswith("resolve:") for k in kinds)
    assert kinds.get("recruit_knight", 0) and kinds.get("activate_knight", 0)
    assert summary["clicks"] + summary["keys"] > summary["commands"]


def test_improving_from_the_chart_to_a_chosen_metropolis():
    """CK-6.4 on screen: the chart's button builds the 4th politics level; the
    player has two cities, so the metropolis decision asks for one on the
    board, and clicking it places the metropolis (+2 VP) and says so."""
    from ck_helpers import hand, put_city, set_cards, set_level, start_turn
    from game.engine.constants import POLITICS
    app = make_app()
    c = HotseatController(default_config(rules="ck", players=3, board="beginner", seed=1), ["A", "B", "C"],
                          [rgb for _, rgb in PLAYER_COLOURS[:3]])
    start_turn(c.auth, 0, "main")
    st = c.auth.state
    put_city(st, 0, 0)
    put_city(st, 0, 30)
    set_level(st, 0, POLITICS, 3)
    set_cards(st, 0, hand(coin=4))
    table = TableScene(app, c)
    app.push(table)
    driver = ui_autoplay.Driver(app, pygame)
    driver.key(pygame.K_RETURN)                      # the curtain
    driver.click_at(table.ui.targets.rect(("btn", "chart")).center)
    assert isinstance(table.model.dialog, ckdialogs.ChartDialog)
    driver.click_at(table.ui.targets.rect(("chart", "improve", POLITICS)).center)
    assert st.improvements[0][POLITICS] == 4 and st.phase == DECIDE and st.pending["kind"] == "metropolis"
    assert isinstance(table.model.dialog, ckdialogs.Chooser) and not table.model.dialog.modal
    assert sorted(table.model.pick[1]) == [0, 30]
    vp = st.vp_public[0]
    driver.click_at(table.ui.board.target_pos("node", 30))
    assert st.metropolis[POLITICS] == 30 and st.vp_public[0] == vp + 2 and st.phase == MAIN
    assert any("metropolis" in line for line in table.model.log)


def test_end_summary_counts_cities_and_knights_points():
    """CK-10 on the end screen: metropolises (2 each), Defender of Catan
    cards, the merchant and face-up progress VP cards are columns, and the
    total is the public score."""
    from ck_helpers import add_vp, give_vp_card, put_city, put_metropolis, set_level, start_turn
    from game.client.scenes.end import EndScene, game_summary
    from game.engine.constants import SCIENCE
    app = make_app()
    c = HotseatController(default_config(rules="ck", players=2, board="beginner", seed=2), ["A", "B"],
                          [rgb for _, rgb in PLAYER_COLOURS[:2]])
    start_turn(c.auth, 0, "main")
    st = c.auth.state
    put_city(st, 1, 10)
    set_level(st, 1, SCIENCE, 4)
    put_metropolis(st, SCIENCE, 10)
    add_vp(st, 1, 2)
    give_vp_card(st, 1, "printer")
    st.merchant = [4, 1]
    st.vp_public[1] += 1
    row = game_summary(c)["rows"][1]
    # every column in points: the city 2, the metropolis 2, two defenders, the merchant, the printer
    assert (row["cities"], row["metropolis"], row["defenders"], row["merchant"], row["vp_cards"]) == (2, 2, 2, 1, 1)
    assert row["total"] == st.vp_public[1] == 2 + 2 + 2 + 1 + 1
    app.push(EndScene(app, c, 30.0))
    assert draw(app)
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_founding_road_prompt_names_the_building_it_joins_CK_2_1(lang):
    """CK-2.1: the second founding building is a city; the road prompt after
    it says city (it said 'settlement'), after the first one settlement."""
    from game.client import i18n
    from game.engine.state import SETUP_ROAD
    app = make_app(lang=lang)
    i18n.set_language(lang)
    try:
        table = make_table(app)
        bot = RandomSeats(4)
        seen = set()
        for _ in range(40):                     # the founding rounds of three players
            if table.model.curtain_for is not None:
                table.play.reveal()
            v = table.model.view
            if v.phase == SETUP_ROAD:
                city = v.node_level[v.last_setup_node] == 2
                want = "prompt.setup_road_city" if city else "prompt.setup_road"
                assert table_prompt(table.model) == i18n.tr(want, name=table.model.names[table.model.viewer])
                seen.add(city)
            if seen == {True, False}:
                break
            assert table.play.submit(bot.player(table.model.viewer, ("offer",)).choose(table.c.auth.state))
        assert seen == {True, False}
    finally:
        i18n.set_language("en")


def test_the_improvements_button_is_greyed_in_the_founding_round_and_says_why():
    """CK-6.1 improvements come once the game runs: during the founding round
    the button is not lit, and hovering it says why; afterwards it is."""
    from game.client.table import reasons
    from game.engine.state import SETUP_ROAD, SETUP_SETTLEMENT
    app = make_app()
    table = make_table(app)
    bot = RandomSeats(3)
    seen_founding = False
    for _ in range(200):
        if table.model.curtain_for is not None:
            table.play.reveal()
        v = table.c.auth.state
        if v.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
            seen_founding = True
            assert not table.model.action_enabled("chart")
            why = reasons.button_reason(table.model, "chart")
            assert why and why.endswith("(CK-6.1)")
        elif v.phase == MAIN or v.turn > 0 and table.model.viewer == v.current:
            assert table.model.action_enabled("chart")
            break
        assert table.play.submit(bot[table.model.viewer].choose(v))
    assert seen_founding and table.model.action_enabled("chart")


@pytest.mark.parametrize("size,lang", tightest_fast("size,lang", [((1280, 720), "en"), ((1280, 720), "nl"),
                                                         ((1920, 1080), "nl")]))
def test_a_chosen_knight_that_cannot_move_says_why_and_never_asks_for_a_corner(size, lang, monkeypatch):
    """CK-7: only a knight active since before this turn acts, once; one that
    cannot move is not told to click a highlighted corner (none is lit), and
    the reason fits the side panel whole."""
    from client_helpers import bot_game
    from game.client import widgets
    from game.client.i18n import tr

    def idle_knight(auth):
        s = auth.state
        return s.phase == MAIN and any(
            s.knight_owner[n] == s.current and not s.knight_active[n] for n in range(54))
    auth, _ = bot_game(rules="ck", seed=4, players=3, until=idle_knight)
    assert idle_knight(auth)
    app = make_app(size, lang)
    table = push_table(app, auth=auth)
    m = table.model
    if m.curtain_for is not None:
        table.play.reveal()
    node = next(n for n in range(54) if m.view.knight_owner[n] == m.viewer and not m.view.knight_active[n])
    table.play.select_knight(node)
    assert not m.knight_moves(node)
    assert table_prompt(m) == tr("prompt.knight_selected_still")
    told = []
    real = ckdialogs.side_panel
    monkeypatch.setattr(ckdialogs, "side_panel", lambda m, ui, surf, title, text, buttons: (
        told.append(text), real(m, ui, surf, title, text, buttons)))
    assert draw(app)
    assert told == [tr("knight.help_idle")]
    for key in ("knight.help_idle", "knight.help_still", "knight.help"):
        width = table.ui.layout.choice_panel.w - int(20 * table.ui.layout.s)
        assert len(widgets.wrap(tr(key), table.ui.fonts.get(13), width)) <= 7, key
