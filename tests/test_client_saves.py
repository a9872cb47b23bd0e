"""Saved games in the client: hot-seat autosave, the Load game scene (damaged
files listed with their reason, deleting with a confirmation), resuming a
game exactly, the replay viewer, and `kolonisten replay` (headless, SDL
dummy driver; every save goes to tmp_path)."""

import json
import os
import random

import msgpack
import pytest
from hypothesis import given, strategies as st

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from game import cli, saves  # noqa: E402
from client_helpers import make_app, draw  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client.app import App  # noqa: E402
from game.client.controller import HotseatController  # noqa: E402
from game.client.scenes.load import LoadScene, reason_text  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.newgame import NewGameScene  # noqa: E402
from game.client.scenes.replay import SPEEDS, ReplayScene  # noqa: E402
from game.client.saved import ALL, SNAPSHOT_EVERY, Replay  # noqa: E402
from game.client.table.scene import TableScene  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.codec import state_hash  # noqa: E402
from game.engine.state import GAME_OVER  # noqa: E402
from tools.screens.autoplay import Driver  # noqa: E402

COLOURS = [(214, 56, 48), (52, 104, 214), (236, 140, 30)]



def play_table(table, commands, seed=1):
    """Random bots play `commands` more moves through the table's own submit."""
    bot = RandomSeats(seed)
    done = 0
    while done < commands and table.model.game_over_at is None:
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        state = table.c.auth.state
        assert table.play.submit(bot.player(table.model.viewer, ("offer",)).choose(state))
        done += 1


def saved_game(saves_folder, rules="base", seed=3, players=3, stop=None):
    """A game played by bots and saved as the client's autosave writes it
    (written once at the end: one fsync instead of one per move); returns its path."""
    c = HotseatController(default_config(rules=rules, players=players, seed=seed),
                          ["Ann", "Bo", "Cas"][:players], COLOURS[:players])
    bot, hashes = RandomSeats(seed), []
    while c.auth.state.phase != GAME_OVER and (stop is None or len(c.auth.log) < stop):
        state = c.auth.state
        seat = bot.pick_seat(state)
        c.submit(bot.player(seat, ("offer",)).choose(state))
        hashes.append(state_hash(c.auth.state))
    saver = HotseatController(c.config, c.names, c.colours, autosave=True, auth=c.auth, hashes=hashes).saver
    saver.record()
    return saver.path


def damaged_copies(saves_folder, good_path) -> dict:
    """Broken versions of a good save, by name -> bytes written."""
    data = open(good_path, "rb").read()
    wrapper = msgpack.unpackb(data[len(saves.MAGIC):], raw=False)
    wrapper["format"] = saves.FORMAT + 1
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x10
    out = {"truncated": data[: len(data) // 3], "bitflip": bytes(flipped), "foreign": b"PK\x03\x04 a zip",
           "newer": saves.MAGIC + msgpack.packb(wrapper, use_bin_type=True), "empty": b""}
    for name, blob in out.items():
        with open(os.path.join(saves_folder, f"{name}{saves.SUFFIX}"), "wb") as f:
            f.write(blob)
    return out


@pytest.mark.slow
def test_a_hotseat_game_autosaves_lists_and_resumes_exactly(saves_folder):
    """Menu -> new game -> play -> the save is written after every move with
    names and colours -> Load game lists it -> Resume restores the identical
    state and goes on saving into the same file."""
    app = make_app()
    app.push(MenuScene(app))
    d = Driver(app, pygame)
    d.frame()
    d.click_gui("new_game")
    ng = app.scene
    assert isinstance(ng, NewGameScene)
    d.click_gui("players_3")
    d.click_gui("start")
    table = app.scene
    assert isinstance(table, TableScene)
    play_table(table, 120)
    auth = table.c.auth
    path = table.c.saver.path
    assert os.path.dirname(path) == saves_folder
    game = saves.load(path)
    assert len(game.commands) == len(auth.log) == 120
    assert game.hashes[-1] == state_hash(auth.state)
    assert [p["name"] for p in game.players] == ["Player 1", "Player 2", "Player 3"]
    assert [tuple(p["colour"]) for p in game.players] == list(table.model.colours)
    original = state_hash(auth.state)

    app.pop()                                     # back to the menu, as after "Menu" twice
    d.frame()
    d.click_gui("load")
    load = app.scene
    assert isinstance(load, LoadScene)
    assert draw(app)
    assert [e.path for e in load.entries] == [path]
    assert ("row", 0) in load.targets()
    d.click_gui("resume")
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed is not table
    assert state_hash(resumed.c.auth.state) == original
    assert resumed.model.names == ["Player 1", "Player 2", "Player 3"] and resumed.model.colours == table.model.colours
    assert resumed.model.flying == [] and len(resumed.model.log) > 100        # the history is in the log
    assert draw(app)
    play_table(resumed, 5, seed=2)
    again = saves.load(path)
    assert len(again.commands) == 125 and again.created == game.created
    assert state_hash(saves.restore(again).state) == state_hash(resumed.c.auth.state)
    assert os.listdir(saves_folder) == [os.path.basename(path)]        # the same file, nothing else


@pytest.mark.slow
def test_damaged_files_are_listed_greyed_with_their_reason_and_left_alone(saves_folder):
    good = saved_game(saves_folder, stop=60)
    broken = damaged_copies(saves_folder, good)
    finished = saved_game(saves_folder, seed=4)
    app = make_app()
    app.push(MenuScene(app))
    load = LoadScene(app)
    app.push(load)
    assert draw(app)
    by_name = {os.path.basename(e.path): e for e in load.entries}
    assert len(load.entries) == 2 + len(broken)
    assert [os.path.basename(e.path) for e in load.entries[:2]] == [os.path.basename(finished),
                                                                     os.path.basename(good)]  # newest first
    assert "newer Kolonisten" in str(by_name["newer.kolonisten"].error)
    assert "not a Kolonisten" in str(by_name["foreign.kolonisten"].error)
    assert all(by_name[f"{n}{saves.SUFFIX}"].error for n in broken)
    for i, entry in enumerate(load.entries):
        load.select(i)
        assert draw(app)
        enabled = set(load.targets())
        if entry.error:
            assert not {"resume", "replay", "delete"} & enabled       # nothing to do with it but look
        elif entry.path == finished:
            assert {"replay", "delete"} <= enabled and "resume" not in enabled   # over: replay only
        else:
            assert {"resume", "replay", "delete"} <= enabled
    app.set_language("nl")
    try:
        assert draw(app)
        assert "nieuwere Kolonisten" in reason_text(by_name["newer.kolonisten"].error)
        assert "geen opgeslagen Kolonisten-spel" in reason_text(by_name["foreign.kolonisten"].error)
        assert "beschadigd" in reason_text(by_name["bitflip.kolonisten"].error)
    finally:
        app.set_language("en")
    for name, blob in broken.items():
        assert open(os.path.join(saves_folder, f"{name}{saves.SUFFIX}"), "rb").read() == blob
    d = Driver(app, pygame)
    load.select(len(load.entries) - 1)                 # a damaged one: a double click does nothing
    assert draw(app)
    rect = load.targets()[("row", load.selected)]
    d.click_at(rect.center)
    d.click_at(rect.center)
    assert app.scene is load
    load.select(0)                                     # the finished game: a double click replays it
    assert draw(app)
    rect = load.targets()[("row", 0)]
    d.click_at(rect.center)
    d.click_at(rect.center)
    assert isinstance(app.scene, ReplayScene) and app.scene.path == finished


def test_a_save_whose_log_does_not_replay_is_refused_with_a_message(saves_folder):
    path = saved_game(saves_folder, stop=80)
    game = saves.load(path)
    game.hashes[40] = "0" * 32                  # well-formed, but not this game
    saves.save(path, game)
    before = open(path, "rb").read()
    app = make_app()
    app.push(MenuScene(app))
    load = LoadScene(app)
    app.push(load)
    load.resume()
    assert app.scene is load and "differs after move 41" in load.message and load.message_bad
    load.replay()
    assert app.scene is load and "differs after move 41" in load.message
    assert draw(app)
    assert open(path, "rb").read() == before


def test_deleting_asks_first_and_removes_only_that_file(saves_folder):
    keep = saved_game(saves_folder, seed=5, stop=30)
    gone = saved_game(saves_folder, seed=6, stop=30)
    app = make_app()
    app.push(MenuScene(app))
    load = LoadScene(app)
    app.push(load)
    d = Driver(app, pygame)
    d.frame()
    assert load.entry.path == gone
    d.click_gui("delete")
    assert load.confirm and set(load.targets()) >= {"confirm_yes", "confirm_no"}
    assert draw(app)
    d.click_gui("confirm_no")
    assert os.path.exists(gone) and not load.confirm
    d.click_gui("delete")
    d.click_gui("confirm_yes")
    assert not os.path.exists(gone) and os.path.exists(keep)
    assert [e.path for e in load.entries] == [keep]


def test_the_replay_viewer_steps_to_the_recorded_state_hashes(saves_folder):
    """Forward, backward, jumps across snapshots, Home/End: after each, the
    state is the one whose hash the save recorded."""
    path = saved_game(saves_folder, seed=7, stop=4 * SNAPSHOT_EVERY + 17)
    game = saves.load(path)
    app = make_app()
    scene = ReplayScene(app, Replay(game), path)
    app.push(scene)
    m = scene.m

    def at(k):
        assert m.pos == k
        assert m.state_hash() == (game.hashes[k - 1] if k else state_hash(Replay(game).state))

    key = lambda k: scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    assert draw(app)
    at(0)
    for _ in range(3):
        key(pygame.K_RIGHT)
    at(3)
    key(pygame.K_LEFT)
    at(2)
    key(pygame.K_END)
    at(m.length)
    assert draw(app)
    key(pygame.K_LEFT)
    at(m.length - 1)
    rnd = random.Random(1)
    for _ in range(25):                        # random seeks, mostly backward across snapshots
        k = rnd.randrange(m.length + 1)
        scene.go(k)
        at(k)
    # the buttons do the same as the keys
    scene.go(SNAPSHOT_EVERY)
    assert draw(app)
    d = Driver(app, pygame)
    d.click_at(scene.targets.rect(("btn", "back1")).center)
    at(SNAPSHOT_EVERY - 1)
    d.click_at(scene.targets.rect(("btn", "fwd1")).center)
    d.click_at(scene.targets.rect(("btn", "fwd1")).center)
    at(SNAPSHOT_EVERY + 1)
    d.click_at(scene.targets.rect(("btn", "first")).center)
    at(0)
    t = scene.targets.rect(("timeline",))
    d.click_at((t.x + t.w // 2, t.centery))
    assert abs(m.pos - m.length // 2) <= 2
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(t.x + 2, t.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(t.x + t.w * 3 // 4, t.centery), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    d.frame()
    assert abs(m.pos - m.length * 3 // 4) <= 2                  # dragging the knob seeks as it goes
    at(m.pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(t.x + t.w * 3 // 4, t.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(t.x + 3, t.centery), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    d.frame()
    assert abs(m.pos - m.length * 3 // 4) <= 2                  # let go: moving no longer seeks
    key(pygame.K_HOME)
    at(0)


def test_the_replay_shows_all_hands_or_one_seats_view(saves_folder):
    path = saved_game(saves_folder, seed=8)                  # a finished game (an unfinished one: see test_client_replay_privacy)
    app = make_app()
    scene = ReplayScene(app, Replay(saves.load(path)), path)
    app.push(scene)
    scene.go(150)
    assert scene.audience == ALL
    shown = scene.m.shown(scene.audience)
    assert all(h is not None for h in shown.hands)              # every hand, side by side
    assert draw(app)
    assert {("card", s, 0) for s in range(3)} <= set(scene.targets.keys())
    scene.key(pygame.K_v)
    assert scene.audience == 0
    shown = scene.m.shown(0)
    assert shown.hands[0] is not None and shown.hands[1] is None and shown.hands[2] is None
    assert draw(app)
    assert ("card", 0, 0) in scene.targets.keys() and ("card", 1, 0) not in scene.targets.keys()
    for _ in range(3):
        scene.key(pygame.K_v)
    assert scene.audience is None                                 # the public view
    assert draw(app)
    scene.key(pygame.K_v)
    assert scene.audience == ALL


def test_the_replay_plays_at_the_chosen_speed_and_stops_at_the_end(saves_folder):
    path = saved_game(saves_folder, seed=9)                            # a finished game
    app = make_app((1920, 1080))
    scene = ReplayScene(app, Replay(saves.load(path)), path)
    app.push(scene)
    assert draw(app)
    speed = scene.speed
    Driver(app, pygame).click_at(scene.targets.rect(("btn", "faster")).center)
    assert scene.speed == speed + 1
    scene.toggle_play()
    assert scene.busy()
    app.step([], dt=1.0)
    assert scene.m.pos == SPEEDS[scene.speed]
    app.step([], dt=0.5)
    assert scene.m.pos == SPEEDS[scene.speed] + SPEEDS[scene.speed] // 2
    scene.set_speed(len(SPEEDS) - 1)
    for _ in range(100):
        app.step([], dt=1.0)
        if not scene.playing:
            break
    assert not scene.playing and scene.m.pos == scene.m.length
    assert scene.m.state.winner != -1 and scene.m.state_hash() == saves.load(path).hashes[-1]
    scene.key(pygame.K_ESCAPE)
    assert app.scene is not scene


def test_cli_replay_verify_exit_codes_and_messages(saves_folder, capsys):
    good = saved_game(saves_folder, seed=10, stop=200)
    broken = damaged_copies(saves_folder, good)
    assert cli.main(["replay", good, "--verify"]) == 0
    out = capsys.readouterr().out
    assert "all 200 recorded state hashes match" in out and "200 commands" in out
    assert cli.main(["replay", good, "--verify", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] and result["hashes_checked"] == 200
    assert result["state_hash"] == saves.load(good).hashes[-1]
    reasons = {"truncated": "damaged", "bitflip": "damaged", "foreign": "not a Kolonisten saved game",
               "newer": "newer Kolonisten", "empty": "not a Kolonisten saved game"}
    for name, blob in broken.items():
        path = os.path.join(saves_folder, f"{name}{saves.SUFFIX}")
        assert cli.main(["replay", path, "--verify"]) == 1, name
        err = capsys.readouterr().err
        assert reasons[name] in err and path in err and "Traceback" not in err, name
        assert open(path, "rb").read() == blob
    assert cli.main(["replay", os.path.join(saves_folder, "missing.kolonisten"), "--verify"]) == 1
    assert "cannot read the file" in capsys.readouterr().err
    game = saves.load(good)
    game.commands[10] = ["end_turn", 0]
    saves.save(good, game)
    assert cli.main(["replay", good, "--verify"]) == 1
    assert "command 11" in capsys.readouterr().err


def test_cli_replay_without_verify_opens_the_viewer(saves_folder, capsys, monkeypatch):
    good = saved_game(saves_folder, seed=11, stop=40)
    broken = damaged_copies(saves_folder, good)
    seen = []

    def run_briefly(app):                       # instead of the endless loop: a few frames
        for _ in range(3):
            app.step([])
        seen.append(app.scene)

    monkeypatch.setattr(App, "run", run_briefly)
    assert cli.main(["replay", good]) == 0
    assert isinstance(seen[0], ReplayScene) and seen[0].m.length == 40
    assert cli.main(["replay", os.path.join(saves_folder, f"newer{saves.SUFFIX}")]) == 1
    assert "newer Kolonisten" in capsys.readouterr().err
    assert len(seen) == 1                       # no window for a file that cannot be replayed
    assert open(os.path.join(saves_folder, f"newer{saves.SUFFIX}"), "rb").read() == broken["newer"]


_MODEL = {}


def _model():
    """One replay model of a 3-player C&K game, built in memory once."""
    if not _MODEL:
        from game.engine.match import Authority
        auth = Authority(default_config(rules="ck", players=3, seed=12))
        bot, hashes = RandomSeats(12), []
        while len(auth.log) < 3 * SNAPSHOT_EVERY + 11:
            seat = bot.pick_seat(auth.state)
            auth.submit(bot.player(seat, ("offer",)).choose(auth.state))
            hashes.append(state_hash(auth.state))
        game = saves.decode(saves.encode(saves.SavedGame(
            config=dict(auth.config), commands=[list(r.cmd) for r in auth.log], hashes=hashes)))
        _MODEL["m"], _MODEL["hashes"] = Replay(game), hashes
    return _MODEL["m"], _MODEL["hashes"]


@given(st.lists(st.integers(0, 3 * SNAPSHOT_EVERY + 11), min_size=1, max_size=6))
def test_any_sequence_of_seeks_lands_on_the_recorded_state(targets):
    """Property: wherever the viewer was, seeking to move k gives the state
    whose hash the save recorded after move k (C&K game, snapshots crossed)."""
    m, hashes = _model()
    for k in targets:
        m.seek(k)
        assert m.pos == k
        if k:
            assert m.state_hash() == hashes[k - 1]


def test_a_save_without_hashes_resumes_and_gains_them(saves_folder):
    """A well-formed save that records no state hashes (allowed by the format)
    still resumes; autosaving from then on writes a hash for every command."""
    path = saved_game(saves_folder, seed=13, stop=50)
    game = saves.load(path)
    expected = list(game.hashes)
    game.hashes = []
    saves.save(path, game)
    app = make_app()
    app.push(MenuScene(app))
    load = LoadScene(app)
    app.push(load)
    load.resume()
    table = app.scene
    assert isinstance(table, TableScene)
    play_table(table, 1)
    again = saves.load(path)
    assert again.hashes[:50] == expected and len(again.hashes) == 51
    saves.restore(again, verify=True)


def test_saves_with_nonsense_summaries_and_dates_are_listed_without_a_crash(saves_folder):
    """A well-formed, checksummed save may still carry junk: junk dates make it
    a damaged save (listed with its reason); junk in the fields the list shows
    (points, turn, winner, players) is shown as far as it can be, and the game
    still replays."""
    for i, junk in enumerate(("x", None, [1], 5.0)):
        saves.save(os.path.join(saves_folder, f"odd{i}{saves.SUFFIX}"), saves.SavedGame(
            config=default_config(players=2), commands=[], hashes=[], updated=junk,
            players=[{"name": 7, "colour": "red"}, "junk"], summary={"vp": "x", "turn": "y", "winner": 99}))
    app = make_app()
    app.push(MenuScene(app))
    load = LoadScene(app)
    app.push(load)
    assert len(load.entries) == 4
    assert [e.error is None for e in load.entries].count(True) == 1      # only the 5.0 date is one
    assert all(e.error.code == "damaged" for e in load.entries if e.error is not None)
    for i in range(4):
        load.select(i)
        assert draw(app)
    load.select([i for i, e in enumerate(load.entries) if e.error is None][0])
    load.replay()
    assert isinstance(app.scene, ReplayScene) and app.scene.names == ["Player 1", "Player 2"]
    assert draw(app)
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_load_list_draws_each_players_points_apart_from_the_name(saves_folder, lang):
    """"Player 1 3" read like "Player 13": the name is drawn alone, its
    points apart ("3 VP")."""
    from game.client import i18n
    saved_game(saves_folder, stop=80)
    app = make_app(lang=lang)
    try:
        app.push(MenuScene(app))
        load = LoadScene(app)
        app.push(load)
        drawn = []
        real = app.text.render

        def spy(text, *a, **k):
            drawn.append(text)
            return real(text, *a, **k)
        app.text.render = spy
        assert draw(app)
        vp = load.entries[0].game.summary["vp"]
        for name, points in zip(["Ann", "Bo", "Cas"], vp):
            assert name in drawn and i18n.tr("panel.vp", n=points) in drawn
            assert f"{name} {points}" not in drawn
    finally:
        i18n.set_language("en")



def test_a_save_without_a_move_reads_as_dealt_not_as_zero_moves(saves_folder):
    """A LAN game saved when it was dealt (so a crash before the first move
    loses nothing) is listed to be resumed, as "dealt, no move yet"."""
    from game.client.scenes.load import describe
    from game.engine.match import Authority
    empty = os.path.join(saves_folder, "lan-dealt" + saves.SUFFIX)
    saves.Autosaver(Authority(default_config(players=3, seed=9)), empty, mode="lan",
                    players=[{"name": n, "colour": "red"} for n in ("Ann", "Bo", "Cas")]).record()
    facts = describe(saves.load(empty))["facts"]
    assert "dealt, no move yet" in facts and "0 moves" not in facts


class _RecordingSurface(pygame.Surface):
    """A surface that notes where each image is drawn on it."""

    def __init__(self, size):
        super().__init__(size)
        self.drawn = []

    def blit(self, source, dest, *args, **kwargs):
        self.drawn.append(pygame.Rect(dest if len(dest) == 4 else (dest, source.get_size())))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_six_seat_row_of_long_computer_names_stays_inside_its_row_X_1(saves_folder, lang):
    """Six computers named to the 16 characters with their level word ran
    past the row and out of the list at 200 %: the row drops the level
    words (the facts count the computers), then shortens the names."""
    names = [f"Computerspeler{k}x" for k in range(6)]
    c = HotseatController(default_config(rules="ck", players=6, seed=5), names,
                          [(200, 40 * k, 40) for k in range(6)], autosave=True, computers=["medium"] * 6)
    c.saver.record()
    from game.client import i18n
    app = make_app(lang=lang, ui_scale=200)
    try:
        app.push(MenuScene(app))
        load = LoadScene(app)
        app.push(load)
        assert draw(app)
        _, row = load.rows[0]
        surf = _RecordingSurface(app.size)
        load._draw_row(surf, row, load.entries[0], True)
        assert surf.drawn and all(row.contains(rect) for rect in surf.drawn), (row, surf.drawn)
        drawn = []
        real = app.text.render
        app.text.render = lambda text, *a, **k: drawn.append(text) or real(text, *a, **k)
        load._draw_row(_RecordingSurface(app.size), row, load.entries[0], True)
        assert any(t.startswith("Computerspeler0") or t.startswith("Comp") for t in drawn)
        assert not any(i18n.tr("bot.level.medium") in t for t in drawn if t.startswith("Comp"))
        assert i18n.tr("seats.load_computers", n=6) in " ".join(drawn)
    finally:
        i18n.set_language("en")
