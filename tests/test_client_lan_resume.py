"""Resuming a saved LAN game from the game window (Load game → "Resume as
host"): the host's laptop rejoins its own seat by the token it holds (or the
seat its owner picks), the lobby shows the saved seats away until their
players rejoin with their tokens, lists players knocking without a token
and gives one a seat only when the host clicks.

Headless (SDL dummy driver), real TCP on 127.0.0.1, a port per test (port 0:
any free port), saves and seat tokens in tmp_path, discovery on loopback
only or off."""

import os
import socket
import time

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from game import saves  # noqa: E402
import client_helpers  # noqa: E402
from client_helpers import click_gui, dealt_lan_save, make_lan_app  # noqa: E402
from wait_helpers import WAIT  # noqa: E402
from game.client.scenes.lan_host import LanHostScene  # noqa: E402
from game.client.scenes.load import LoadScene  # noqa: E402
from game.client.scenes.lan_table import LanTableScene  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.engine import legal_commands  # noqa: E402
from game.engine.codec import state_hash  # noqa: E402
from net.peer.connection import JoinRefused  # noqa: E402
from net.wire.secrecy import peer_hash  # noqa: E402
from net.session import ClientSession  # noqa: E402

SHOTS = os.environ.get("KOLONISTEN_SHOTS")      # a folder: save screenshots there


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLONISTEN_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("KOLONISTEN_SAVE_DIR", str(tmp_path / "saves"))
    os.makedirs(tmp_path / "saves")


def make_app(**opts):
    return make_lan_app(**dict(dict(reconnect_for=1.0), **opts))


def continue_resumed(app):
    """Click Start in the lobby of a resumed game (it opens the table at
    once). One click: the lobby's updates while seats come back must not
    rebuild the button under the player's pointer."""
    click_gui(app, "start")
    assert not isinstance(app.scene, LobbyScene)


def click_at(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])


def run_until(app, sessions, predicate, timeout=WAIT):
    """Step the window and poll the other players' sessions until `predicate()`."""
    return client_helpers.run_until([app], predicate, timeout, sessions)


def shot(app, name):
    app.dirty = True
    app.step([])
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, name))


def click_a_legal_move(app):
    """The window's own seat makes one move by clicking (as test_client_lan)."""
    table = app.scene
    app.dirty = True
    app.step([])
    if table.model.pick and table.model.pick[1]:
        click_at(app, table.ui.board.target_pos(table.model.pick[0], sorted(table.model.pick[1])[0]))
        return
    for name in ("roll", "end_turn"):
        rect = table.ui.targets.rect(("btn", name))
        if rect is not None:
            click_at(app, rect.center)
            return
    raise AssertionError("no move to click")


def play(app, others, auth, n):
    """`n` moves: the window's seat by clicks, the other sessions by the
    first legal command on their own view."""
    table = app.scene
    for _ in range(n):
        k = len(auth.log)
        everyone = [table.c.session] + others
        assert run_until(app, others, lambda: any(s.game.must_decide() for s in everyone))
        mover = next(s for s in everyone if s.game.must_decide())
        if mover is table.c.session:
            click_a_legal_move(app)
        else:
            mover.submit(legal_commands(mover.view, mover.seat)[0])
        assert run_until(app, others, lambda: len(auth.log) == k + 1
                         and all(s.game.seq == k + 1 for s in everyone)), (k, table.model.notes)
    for s in [table.c.session] + others:
        assert peer_hash(auth.state, s.seat) == peer_hash(s.view, s.seat)


def close_all(app, sessions):
    for s in sessions:
        s.close()
    scene = app.scene
    if isinstance(scene, (LobbyScene, LanTableScene)):
        scene.lan.close().wait(5)


@pytest.mark.slow
def test_the_host_resumes_a_lan_game_from_the_load_scene(tmp_path):
    """Ann hosts from the window with Bob and Cid; after a few moves her
    host closes.  Load game offers the save "Resume as host"; it reopens on a
    free port with Ann back in her own seat (her laptop's token), Bob and
    Cid away and the saved state hash.  Bob rejoins by his token; Eva
    (Cid's token is lost) knocks, is refused, and gets Cid's seat only when
    Ann clicks; then play continues and the save verifies."""
    ann = make_app()
    others = []
    try:
        # --- Ann hosts from the window; Bob and Cid join as sessions
        ann.push(MenuScene(ann))
        click_gui(ann, "host")
        form = ann.scene
        assert isinstance(form, LanHostScene)
        form.name_entry.set_text("Ann")
        form.game_entry.set_text("Drenthe")
        click_gui(ann, "players_3")
        click_gui(ann, "board_beginner")
        click_gui(ann, "host")
        assert run_until(ann, [], lambda: isinstance(ann.scene, LobbyScene))
        hosting = ann.scene.lan.hosting
        port = hosting.port
        for name in ("Bob", "Cid"):
            s = ClientSession(f"127.0.0.1:{port}", name, token_dir=str(tmp_path / name), reconnect_for=0.5)
            s.connect()
            s.set_lobby(ready=True)
            others.append(s)
        assert run_until(ann, others, lambda: ann.scene.can_start())
        click_gui(ann, "start")
        assert run_until(ann, others, lambda: isinstance(ann.scene, LanTableScene)
                         and all(s.view is not None for s in others))
        auth = hosting.host.auth
        play(ann, others, auth, 5)
        path = hosting.save_path
        saved = saves.load(path)
        assert saved.mode == "lan" and len(saved.commands) == 5
        assert saved.hashes[-1] == state_hash(auth.state)
        # --- everybody goes: the host closes
        close_all(ann, others)
        others = []

        # --- Load game: the LAN save, "Resume as host"
        ann.reset_to(MenuScene(ann))
        ann.push(LoadScene(ann))
        load = ann.scene
        assert [e.game.mode for e in load.entries] == ["lan"]
        assert load.buttons["resume"].text == "Resume as host"
        shot(ann, "load_lan_selected.png")
        click_gui(ann, "resume")
        assert isinstance(ann.scene, LobbyScene) or (load.pending is not None and "resume" not in load.buttons)
        assert run_until(ann, [], lambda: isinstance(ann.scene, LobbyScene))
        lobby = ann.scene
        hosting = lobby.lan.hosting
        assert lobby.lan.resumed and lobby.session.seat == 0
        assert hosting.save_path == path
        assert state_hash(hosting.host.auth.state) == saved.hashes[-1]
        assert run_until(ann, [], lambda: lobby.held is not None and lobby.buttons["start"].is_enabled)
        seats = lobby.lobby["seats"]
        assert [s["name"] for s in seats] == ["Ann", "Bob", "Cid"]
        assert [s["connected"] for s in seats] == [True, False, False]
        assert lobby._info_text() == ("Saved game resumed. Away until they rejoin: Bob, Cid. "
                                      "You may continue without them.")

        # --- Bob rejoins by his token
        bob = ClientSession(f"127.0.0.1:{hosting.port}", "Bob", token_dir=str(tmp_path / "Bob"),
                            reconnect_for=0.5)
        bob.connect()
        others.append(bob)
        assert run_until(ann, others, lambda: bob.view is not None and lobby.lobby["seats"][1]["connected"])
        assert bob.seat == 1
        assert peer_hash(hosting.host.auth.state, 1) == peer_hash(bob.view, 1)

        # --- Eva (Cid's token is lost) knocks; nothing happens until Ann clicks
        eva = ClientSession(f"127.0.0.1:{hosting.port}", "Eva", token_dir=str(tmp_path / "Eva"),
                            reconnect_for=0.5)
        with pytest.raises(JoinRefused) as refused:
            eva.connect()
        assert refused.value.code == "running"
        eva.close()
        assert run_until(ann, others, lambda: "assign_2_0" in lobby.buttons)
        assert "assign_1_0" not in lobby.buttons            # Bob is connected: not his seat
        assert hosting.host.seating.assignments == {}
        assert lobby.buttons["assign_2_0"].text == "Give seat 3 (Cid)"
        shot(ann, "lobby_resumed.png")
        click_gui(ann, "assign_2_0")
        assert hosting.host.seating.assignments == {"eva": 2}
        assert lobby._info_text() == "Seat 3 is kept for Eva: they can join now."
        eva = ClientSession(f"127.0.0.1:{hosting.port}", "Eva", token_dir=str(tmp_path / "Eva"),
                            reconnect_for=0.5)
        eva.connect()
        others.append(eva)
        assert run_until(ann, others, lambda: eva.view is not None and lobby.lobby["seats"][2]["connected"]
                         and "assign_2_0" not in lobby.buttons)
        assert eva.seat == 2
        assert lobby.lobby["seats"][2]["name"] == "Eva"
        assert lobby._info_text() == "Everyone is back: continue the game."

        # --- Ann continues: the table, and play goes on from the saved state.
        # A lobby update arrives between her click and the frame that reads
        # the button's press (pygame_gui posts it to the next frame): it holds.
        pos = lobby.buttons["start"].rect.center
        pygame.event.clear()
        ann.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        lobby._handle([("lobby", lobby.lobby)])
        lobby._read_knocking()
        ann.step(pygame.event.get())            # the button's press, posted by pygame_gui
        assert isinstance(ann.scene, LanTableScene) and ann.scene.c.seq == 5
        play(ann, others, hosting.host.auth, 4)
        resaved = saves.load(path)
        assert len(resaved.commands) == 9 and resaved.commands[:5] == saved.commands
        saves.restore(resaved, verify=True)                 # every hash replays
        assert [p["name"] for p in resaved.players] == ["Ann", "Bob", "Eva"]
    finally:
        close_all(ann, others)


def _lan_save(tmp_path, path):
    """A LAN save of a dealt 2-player game by a headless host (not this window)."""
    dealt_lan_save(path, "Friesland", ("Ann", "Bob"), lambda name: str(tmp_path / name))
    return saves.load(path)


@pytest.mark.slow
def test_without_a_token_the_host_picks_a_seat_and_refusals_read_clearly(tmp_path, monkeypatch):
    """A laptop that holds no token of the save asks which player the host
    is; picking seat 2 rejoins as Bob.  The chosen port being busy falls
    back to a free one, and advertising that fails falls back to a game
    joined by typed address; a save with damaged LAN seats is refused with a
    message and left alone."""
    folder = os.environ["KOLONISTEN_SAVE_DIR"]
    path = os.path.join(folder, "lan-a.kolonisten")
    game = _lan_save(tmp_path, path)
    damaged = os.path.join(folder, "lan-b.kolonisten")
    game.extra["seats"][1]["token"] = "short"
    game.updated += 100                                  # listed first
    saves.save(damaged, game)
    before = open(damaged, "rb").read()

    busy = socket.socket()
    busy.bind(("0.0.0.0", 0))
    busy.listen()
    async def no_multicast(*args, **kwargs):
        raise OSError("no multicast here")
    monkeypatch.setattr("net.session.Advertiser.start", no_multicast)
    app = make_app(port=busy.getsockname()[1], discovery=True)
    try:
        app.reset_to(MenuScene(app))
        app.push(LoadScene(app))
        load = app.scene
        assert [e.path for e in load.entries] == [damaged, path]
        click_gui(app, "resume")
        assert load.message == "This game cannot be continued: the file is damaged or incomplete"
        assert load.message_bad
        assert open(damaged, "rb").read() == before
        load.select(1)
        click_gui(app, "resume")
        assert load.picking == ["Ann", "Bob"] and load.pending is None
        assert load.buttons["seat_1"].text == "2: Bob"
        shot(app, "load_pick_seat.png")
        click_gui(app, "seat_1")
        assert run_until(app, [], lambda: isinstance(app.scene, LobbyScene))
        lobby = app.scene
        assert lobby.session.seat == 1
        assert lobby.lan.port != busy.getsockname()[1] and not lobby.lan.advertised
        assert run_until(app, [], lambda: lobby.held is not None)
        assert [s["connected"] for s in lobby.lobby["seats"]] == [False, True]
        # Ann's laptop still holds her own token: she rejoins seat 1
        ann = ClientSession(f"127.0.0.1:{lobby.lan.port}", "Ann", token_dir=str(tmp_path / "Ann"))
        ann.connect()
        try:
            assert run_until(app, [ann], lambda: lobby._info_text() == "Everyone is back: continue the game.")
            assert ann.seat == 0
        finally:
            ann.close()
    finally:
        busy.close()
        if isinstance(app.scene, (LobbyScene, LanTableScene)):
            app.scene.lan.close().wait(5)


def _play_with_computer(app, auth, seat, until):
    """Ann's seat makes the first legal move through her session (trade
    answers and discards included), the computer moves by itself, until `until()`."""
    ann = app.scene.c.session
    deadline = time.monotonic() + 5 * WAIT
    while not until():
        assert time.monotonic() < deadline, "the game did not move on"
        if ann.game.must_decide():
            k = len(auth.log)
            ann.submit(legal_commands(ann.view, ann.seat)[0])
            assert run_until(app, [], lambda: len(auth.log) > k)
        else:
            run_until(app, [], lambda: ann.game.must_decide() or until())


@pytest.mark.slow
def test_a_resumed_lan_game_restarts_its_computer_in_its_seat(tmp_path):
    """Saved games remember which seats are computers and their
    level; resuming keeps them playing.  Ann hosts from the window and adds
    an easy computer; after some moves her host closes.  Resume as host: the
    computer is started again by itself, is back in its seat in the lobby,
    and makes its moves when Ann continues."""
    ann = make_app()
    ann.prefs["lan_computer_level"] = "easy"
    try:
        ann.push(MenuScene(ann))
        click_gui(ann, "host")
        form = ann.scene
        form.name_entry.set_text("Ann")
        click_gui(ann, "players_2")
        click_gui(ann, "host")
        assert run_until(ann, [], lambda: isinstance(ann.scene, LobbyScene))
        hosting = ann.scene.lan.hosting
        # the button is usable once the host's first lobby list has arrived
        assert run_until(ann, [], lambda: ann.scene.buttons["add_computer"].is_enabled)
        click_gui(ann, "add_computer")
        assert run_until(ann, [], lambda: ann.scene.can_start())
        click_gui(ann, "start")
        assert run_until(ann, [], lambda: isinstance(ann.scene, LanTableScene))
        auth = hosting.host.auth
        _play_with_computer(ann, auth, 0, lambda: len(auth.log) >= 12)
        path = hosting.save_path
        saved = saves.load(path)
        assert saved.extra["seats"][1]["computer"] == "easy"
        assert "computer" not in saved.extra["seats"][0]
        close_all(ann, [])

        ann.reset_to(MenuScene(ann))
        ann.push(LoadScene(ann))
        click_gui(ann, "resume")
        assert run_until(ann, [], lambda: isinstance(ann.scene, LobbyScene))
        lobby = ann.scene
        hosting = lobby.lan.hosting
        assert lobby.session.seat == 0
        assert hosting.host.computer_seats()[1][2] == "easy"
        assert run_until(ann, [], lambda: lobby.lobby["seats"][1]["connected"])
        assert lobby.lan.computers.playing_for(1)
        assert run_until(ann, [], lambda: lobby.buttons["start"].is_enabled)
        continue_resumed(ann)
        assert isinstance(ann.scene, LanTableScene)
        auth = hosting.host.auth
        resumed_at = hosting.host.resumed_at
        _play_with_computer(ann, auth, 0, lambda: any(
            r.cmd[1] == 1 for r in auth.log[resumed_at:]))
    finally:
        close_all(ann, [])
