"""The client's scenes construct and draw at both design resolutions, and
the table behaves as the issue asks (headless, SDL dummy driver)."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import curtained_seats, draw, make_app, push_table  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client.table import dialogs  # noqa: E402
from game.client.scenes.end import EndScene, game_summary  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.newgame import NewGameScene  # noqa: E402
from game.client.scenes.settings_scene import SettingsScene  # noqa: E402
from game.client.table.model import holds_secrets, pick_actor  # noqa: E402
from game.client.table.scene import TableScene  # noqa: E402
from game.client.scenes.game_menu import GameMenuScene  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.state import DISCARD, GAME_OVER, MAIN, TRADE  # noqa: E402
from game.client.table.prompts import table_prompt  # noqa: E402
from game.client.table.tips import tooltip  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]


def make_table(app, players=4, seed=3):
    return push_table(app, default_config(players=players, seed=seed))


def drive(table, bot, until, limit=4000):
    """Let random bots play through the table until `until(table)` holds."""
    for i in range(limit):
        if until(table):
            return True
        if table.model.game_over_at is not None:
            return False
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        table.play.submit(bot.player(table.model.viewer, ("offer",)).choose(table.c.auth.state) if i % 8
                     else bot[table.model.viewer].choose(table.c.auth.state))
    return until(table)



@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_every_scene_draws(size):
    app = make_app(size)
    app.push(MenuScene(app))
    assert draw(app)
    assert {"new_game", "load", "settings", "quit"} <= set(app.scene.targets())
    for scene in (SettingsScene(app), NewGameScene(app)):
        app.push(scene)
        assert draw(app)
        app.pop()
    table = make_table(app)
    assert draw(app)
    # The founding round: nobody holds a card yet, so no curtain, the corners are lit.
    assert table.model.curtain_for is None and table.model.pick is not None
    assert draw(app)
    assert ("btn", "end_turn") in [k for k in table.ui.targets.keys()] or table.model.pick is not None
    bot = RandomSeats(5)
    assert drive(table, bot, lambda t: t.model.view.phase == MAIN and t.model.view.turn > 8)
    for dlg in (dialogs.TradeEditor(table.play), dialogs.BankDialog(table.play), dialogs.DevCardDialog(table.play, 2)):
        table.model.dialog = dlg
        assert draw(app)
    table.model.dialog = None
    assert drive(table, bot, lambda t: t.model.view.phase == GAME_OVER, limit=20000)
    assert draw(app)
    app.replace(EndScene(app, table.c, 60.0))
    assert draw(app)
def test_resize_rescales_layout():
    app = make_app()
    table = make_table(app)
    small = table.ui.layout.board.w
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=3840, h=2160, size=(3840, 2160)))
    assert app.size == (3840, 2160)
    assert table.ui.layout.board.w == pytest.approx(small * 3, rel=0.02)
    assert draw(app)
@pytest.mark.slow
def test_curtain_before_every_change_of_viewer_and_no_foreign_hand():
    """Hot-seat privacy: a hand is only drawn after its owner passed the
    curtain, and the drawn view never holds another seat's cards."""
    app = make_app()
    table = make_table(app, players=3, seed=11)
    bot = RandomSeats(2)
    kinds_seen = set()
    for i, seat in enumerate(curtained_seats(app, table, 1500)):
        for other, hand in enumerate(table.model.view.hands):
            if other != seat:
                assert hand is None and table.model.view.dev[other] is None
        kinds_seen.add(table.model.view.phase)
        cmd = bot.player(seat, ("offer",)).choose(table.c.auth.state) if i % 4 else \
            bot[seat].choose(table.c.auth.state)
        assert table.play.submit(cmd)
    assert {DISCARD, TRADE} <= kinds_seen     # the private screens of other seats were exercised


def test_pick_actor_takes_answers_in_turn():
    app = make_app()
    table = make_table(app, players=4, seed=3)
    bot = RandomSeats(9)
    assert drive(table, bot, lambda t: t.model.view.phase == MAIN and t.model.view.turn > 4)
    me = table.model.viewer
    give = [0] * 5
    get = [0] * 5
    hand = table.model.view.hands[me]
    k = max(range(5), key=lambda i: hand[i])
    give[k] = 1
    get[(k + 1) % 5] = 1
    state = table.c.auth.state
    for other in range(4):               # everyone can accept (who cannot declines without a handover)
        if other != me and not state.hands[other][(k + 1) % 5]:
            state.hands[other][(k + 1) % 5] += 1
            state.bank[(k + 1) % 5] -= 1
            state.hand_n[other] += 1
    assert table.play.submit(("offer", me, tuple(give), tuple(get), tuple(s for s in range(4) if s != me)))
    assert table.model.curtain_for == (me + 1) % 4
    public = table.c.view(None)
    assert pick_actor(public) == (me + 1) % 4


def test_refused_command_changes_nothing_and_says_why():
    app = make_app()
    table = make_table(app)
    table.play.reveal()
    before = table.c.auth.view_hash(None)
    assert table.play.submit(("build_city", table.model.viewer, 0)) is False
    assert table.c.auth.view_hash(None) == before
    assert table.model.notes and "Not possible" in table.model.notes[-1][0]


def test_new_game_form_refuses_bad_seed_and_duplicate_colours():
    app = make_app()
    app.push(MenuScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    ng.seed_entry.set_text("12x")          # (an empty field means a fresh seed: tests/test_client_newgame.py)
    ng.start()
    assert app.scene is ng and ng.error
    ng.seed_entry.set_text("42")
    ng.colours[1] = ng.colours[0]
    ng.start()
    assert app.scene is ng and ng.error
    ng.colours[1] = "blue"
    ng.start()
    assert isinstance(app.scene, TableScene)
    assert app.scene.c.config["seed"] == 42


def test_end_summary_counts_rolls_and_points():
    app = make_app()
    table = make_table(app, players=2, seed=8)
    assert drive(table, RandomSeats(1), lambda t: t.model.view.phase == GAME_OVER, limit=20000)
    summary = game_summary(table.c)
    state = table.c.auth.state
    rolls = sum(1 for r in table.c.auth.log if r.cmd[0] == "roll")
    assert sum(summary["dice"]) == rolls
    winner_row = summary["rows"][summary["winner"]]
    assert winner_row["total"] >= state.config["vp_target"]
    assert all(r["total"] == state.vp_public[r["seat"]] + state.dev[r["seat"]][4] for r in summary["rows"])


def test_language_switch_redraws_the_table_in_dutch():
    app = make_app()
    table = make_table(app)
    table.play.reveal()
    assert draw(app)
    english = table_prompt(table.model)
    app.set_language("nl")
    try:
        assert draw(app)
        assert table_prompt(table.model) != english and "dorp" in table_prompt(table.model)
    finally:
        app.set_language("en")


def test_sound_effects_are_generated_and_mute_is_respected():
    from game.client import sound
    for name, make in sound.GENERATORS.items():
        samples = make()
        assert len(samples) > sound.RATE // 10, name
        assert max(abs(s) for s in samples) > 0, name
    played = []
    s = sound.Sounds(volume=50, muted=True)
    s._ready = lambda: played.append(1) or True
    s.play("dice")
    assert played == []                     # muted: the mixer is not even touched
    s = sound.Sounds(volume=50, muted=False)
    s.play("build")                         # dummy audio driver: plays or stays silent, never raises


def test_hovering_harbors_and_hexes_explains_them():
    app = make_app()
    table = make_table(app)
    table.play.reveal()
    assert draw(app)
    v = table.model.view
    for spot, kind in enumerate(v.harbors):
        x, y = table.ui.board.harbor_pos(spot)
        table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0)))
        assert ("3:1" if kind == 5 else "2:1") in tooltip(table.model, table.ui)
    table.model.pick = None                              # outside any placing mode
    h = v.numbers.index(8)
    x, y = table.ui.board.hex_center(h)
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y) + 3), rel=(0, 0), buttons=(0, 0, 0)))
    assert "8" in tooltip(table.model, table.ui)
    assert draw(app)
def test_records_from_elsewhere_are_picked_up_on_the_next_frame():
    """The LAN seam: a command applied without the table (as a host's record
    arriving at a peer) shows up in the log and the board on the next update."""
    app = make_app()
    table = make_table(app)
    table.play.reveal()
    assert draw(app)
    seat = table.model.viewer
    cmd = next(c for c in table.model.legal if c[0] == "place_settlement")
    table.c.auth.submit(cmd)
    app.step([])
    assert table.model.seen == table.c.seq
    assert table.model.view.node_owner[cmd[2]] == seat
    assert table.model.log[-1] == "P%d builds a settlement." % seat


@pytest.mark.slow
def test_random_clicks_and_keys_never_break_the_table():
    """A monkey at the keyboard: random clicks (mostly on drawn targets and
    board spots), keys and wheel turns.  Nothing raises, and every command that
    reached the engine was legal there (the log only holds accepted ones)."""
    import random
    app = make_app()
    table = make_table(app, players=3, seed=21)
    rnd = random.Random(4)
    keys = [pygame.K_r, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_d, pygame.K_t, pygame.K_b,
            pygame.K_e, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE]
    w, h = app.size
    for _ in range(2500):
        if table.model.game_over_at is not None:
            break
        roll = rnd.random()
        targets = [t for t in table.ui.targets.items if t[0] != ("btn", "menu")]   # leaving is not a bug
        if roll < 0.55 and targets:
            _, rect, _ = rnd.choice(targets)
            pos = (rnd.randint(rect.left, rect.right - 1), rnd.randint(rect.top, rect.bottom - 1))
        elif roll < 0.75 and table.model.pick is not None and table.model.pick[1]:
            spot = rnd.choice(sorted(table.model.pick[1]))
            pos = tuple(int(c) for c in table.ui.board.target_pos(table.model.pick[0], spot))
        else:
            pos = (rnd.randrange(w), rnd.randrange(h))
            if table.ui.targets.at(pos)[0] == ("btn", "menu"):
                continue
        kind = rnd.random()
        if kind < 0.8:
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]
        elif kind < 0.95:
            events = [pygame.event.Event(pygame.KEYDOWN, key=rnd.choice(keys), mod=0, unicode="", scancode=0)]
        else:
            events = [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rnd.choice((-1, 1)), flipped=False)]
        app.step(events)
        if isinstance(app.scene, GameMenuScene):      # Esc opens the in-game menu: close it again
            app.scene.resume()
        assert app.scene is table
    assert len(table.c.auth.log) > 50


def test_the_founding_round_needs_no_curtain_and_cards_bring_it_back():
    """The curtain hides only what is private: while a seat
    holds no card of any kind the device just goes round; once the seat the
    screen turns to holds a card, a curtain comes first."""
    app = make_app()
    table = make_table(app, players=3, seed=11)
    bot = RandomSeats(2)
    viewers = []
    for _ in range(400):
        assert draw(app)
        public = table.c.view(None)
        if table.model.curtain_for is not None:
            assert holds_secrets(table.model.part, public, table.model.curtain_for)
            break
        assert not viewers or table.model.viewer == viewers[-1] or not holds_secrets(table.model.part, public, table.model.viewer)
        viewers.append(table.model.viewer)
        assert table.play.submit(bot[table.model.viewer].choose(table.c.auth.state))
    assert table.model.curtain_for is not None
    assert len(set(viewers)) == 3          # every seat had the screen without a curtain first


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_main_menu_leaves_no_ghost_of_the_table_it_returns_from(size):
    """Every pixel of the menu's frame is the menu's own: what the screen
    showed before (the table just left) never shows through."""
    import pygame
    app = make_app(size)
    for scene in (MenuScene(app), NewGameScene(app), SettingsScene(app)):
        frames = []
        for before in ((0, 0, 0), (255, 255, 255)):
            app.screen.fill(before)
            scene.draw(app.screen)
            frames.append(pygame.image.tobytes(app.screen, "RGB"))
        assert frames[0] == frames[1], type(scene).__name__


@pytest.mark.parametrize("size", tightest_fast("size", [(1280, 720), (1920, 1080)]))
def test_the_hex_tooltip_covers_no_number_token(size):
    """Whichever hex the mouse rests on, and wherever in it, the tooltip
    (its words and frame as drawn) leaves every number token in view."""
    from game.client.table import tips
    app = make_app(size)
    table = make_table(app)
    table.play.reveal()
    assert draw(app)
    m, board = table.model, table.ui.board
    m.pick = None
    R = board.R
    tokens = []                                   # each number token's disc, as a square inside it
    for h, number in enumerate(m.view.numbers):
        if number:
            x, y = board.hex_center(h)
            tokens.append(pygame.Rect(int(x - R * 0.2), int(y - R * 0.2), int(R * 0.4), int(R * 0.4)))
    assert len(tokens) == 18
    for h in range(len(m.view.terrain)):
        cx, cy = board.hex_center(h)
        for dx, dy in ((0, 0.4), (0.45, 0.2), (-0.45, 0.2), (0, -0.5), (0.4, -0.3), (-0.5, -0.25)):
            pos = (int(cx + dx * R), int(cy + dy * R))
            table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            if m.hover_key is None or m.hover_key[0] != "hex_info":
                continue
            before = app.screen.copy()
            tips.draw_tooltip(m, table.ui, app.screen)
            changed = [r for r in tokens if pygame.image.tobytes(app.screen.subsurface(r), "RGB")
                       != pygame.image.tobytes(before.subsurface(r), "RGB")]
            assert not changed, (h, pos, changed)


def test_a_click_on_the_board_hides_the_hex_tooltip_until_the_mouse_moves():
    app = make_app()
    table = make_table(app)
    table.play.reveal()
    assert draw(app)
    table.model.pick = None                              # outside any placing mode
    v = table.model.view
    x, y = table.ui.board.hex_center(v.numbers.index(8))
    pos = (int(x), int(y) + 3)
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert "8" in tooltip(table.model, table.ui)
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert tooltip(table.model, table.ui) is None        # it would cover the numbers just clicked among
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 2, pos[1]), rel=(2, 0),
                                          buttons=(0, 0, 0)))
    assert "8" in tooltip(table.model, table.ui)
