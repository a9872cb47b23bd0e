"""LAN play in the game window (headless, SDL dummy driver): host and join
from the main menu, the live list of games, the lobby, and the table over
real TCP on 127.0.0.1.  Discovery multicasts on loopback only; every host
listens on a port of its own (port 0: the system picks a free one)."""

import secrets
import time

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import click_gui, make_lan_app, run_until  # noqa: E402
from wait_helpers import WAIT  # noqa: E402
from game.client import lan, lantext  # noqa: E402
from game.client.scenes.lan_host import LanHostScene  # noqa: E402
from game.client.scenes.lan_join import LanJoinScene  # noqa: E402
from game.client.scenes.lan_table import LanEndScene  # noqa: E402
from game.client.scenes.lan_table import LanTableScene  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.client.table.prompts import table_prompt  # noqa: E402
from net.wire.secrecy import peer_hash  # noqa: E402
from net.session import ClientSession, HostSession  # noqa: E402
from net.peer.tokens import TokenStore  # noqa: E402

LOOPBACK = ["127.0.0.1"]


def make_app(lang="en", size=(1280, 720)):
    return make_lan_app(lang, size, reconnect_for=3.0)


def click_at(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])


def type_into(entry, text):
    entry.set_text(text)


def open_join_scene(app):
    app.reset_to(MenuScene(app))
    click_gui(app, "join")
    assert isinstance(app.scene, LanJoinScene)
    return app.scene


def row_of(scene, game_name):
    for i, ad in enumerate(scene.games):
        if ad.name == game_name:
            return i
    return None


def click_a_legal_move(app):
    """The table's own seat makes one move by clicking: a highlighted board
    spot if there is one, else the first enabled action button."""
    table = app.scene
    table.dirty = True
    app.dirty = True
    app.step([])
    if table.model.pick and table.model.pick[1]:
        spot = sorted(table.model.pick[1])[0]
        click_at(app, table.ui.board.target_pos(table.model.pick[0], spot))
        return True
    for name in ("roll", "end_turn"):
        rect = table.ui.targets.rect(("btn", name))
        if rect is not None:
            click_at(app, rect.center)
            return True
    return False


def click_next_move(apps, tables, auth):
    """The seat that must decide makes one move by clicking in its window;
    returns when both windows have its record."""
    n = len(auth.log)
    assert run_until(list(apps.values()), lambda: any(t.c.session.game.must_decide() for t in tables.values()))
    seat = next(s for s, t in tables.items() if t.c.session.game.must_decide())
    assert click_a_legal_move(apps[seat])
    assert run_until(list(apps.values()), lambda: len(auth.log) == n + 1 and all(
        t.c.seq == n + 1 for t in tables.values())), (seat, n, len(auth.log), tables[seat].model.notes)


@pytest.mark.slow
def test_host_window_and_join_window_play_from_the_menu_to_the_table():
    """Ann hosts from the menu, Bob finds the game in his list and joins;
    ready flags, the host's start, moves made by clicks on both tables,
    Bob's window closing (Ann's table shows him away and waits for him),
    Bob reclaiming his seat with the saved token ("Welcome back"), and
    equal state hashes with the host's authority."""
    ann, bob = (make_lan_app(reconnect_for=3.0, discovery=True) for _ in "ab")   # Ann advertises, Bob looks
    game_name = f"Zeeland {secrets.token_hex(3)}"
    # --- Ann hosts
    ann.push(MenuScene(ann))
    click_gui(ann, "host")
    form = ann.scene
    assert isinstance(form, LanHostScene)
    type_into(form.name_entry, "Ann")
    type_into(form.game_entry, game_name)
    click_gui(ann, "players_2")
    click_gui(ann, "board_beginner")
    click_gui(ann, "host")
    assert run_until([ann], lambda: isinstance(ann.scene, LobbyScene))
    ann_lobby = ann.scene
    hosting = ann_lobby.lan.hosting
    try:
        assert ann_lobby.lan.is_host and ann_lobby.session.seat == 0
        # --- Bob joins from the list of games on the network
        join = open_join_scene(bob)
        type_into(join.name_entry, "Bob")
        assert run_until([bob], lambda: row_of(join, game_name) is not None)
        i = row_of(join, game_name)
        assert "1/2" in join.buttons[f"game_{i}"].text
        click_gui(bob, f"game_{i}")
        assert run_until([bob], lambda: isinstance(bob.scene, LobbyScene))
        bob_lobby = bob.scene
        assert bob_lobby.session.seat == 1
        # Ann sees Bob, not ready: she cannot start yet
        assert run_until([ann], lambda: ann_lobby.lobby["seats"][1] is not None)
        assert not ann_lobby.buttons["start"].is_enabled
        assert ann_lobby._info_text() == "Waiting for Bob to be ready."
        click_gui(bob, "ready")
        assert run_until([ann, bob], lambda: ann_lobby.buttons["start"].is_enabled
                         and bob_lobby.lobby["seats"][1]["ready"] is True)
        click_gui(ann, "start")
        assert run_until([ann, bob], lambda: isinstance(ann.scene, LanTableScene)
                         and isinstance(bob.scene, LanTableScene))
        tables = {0: ann.scene, 1: bob.scene}
        apps = {0: ann, 1: bob}
        auth = hosting.host.auth
        for seat, table in tables.items():
            assert table.model.curtain_for is None and table.model.viewer == seat    # no curtain on LAN
        # --- moves by clicks (whoever the start rolls made first begins), until Bob must decide
        while len(auth.log) < 2 or not tables[1].c.session.game.must_decide():
            click_next_move(apps, tables, auth)
        assert table_prompt(bob.scene.model).startswith("Bob, place")
        assert table_prompt(ann.scene.model) == "Waiting for Bob…"
        # --- Bob's window goes away: Ann's table shows him away and waits
        bob.scene.lan.close().wait(5)
        assert run_until([ann], lambda: not tables[0].c.connected(1))
        ann.dirty = True
        ann.step([])
        assert tables[0].shown_away == {1}
        assert "Waiting for Bob, who is away" in tables[0].banner_text()
        # --- Bob starts again: the list offers his seat, joining takes it back
        join = open_join_scene(bob)
        assert join.name_entry.get_text() == "Bob"         # the name is remembered
        assert run_until([bob], lambda: row_of(join, game_name) is not None
                         and "your seat 2" in join.buttons[f"game_{row_of(join, game_name)}"].text)
        click_gui(bob, f"game_{row_of(join, game_name)}")
        assert run_until([bob], lambda: isinstance(bob.scene, LanTableScene))
        tables[1] = bob.scene
        assert tables[1].c.seat == 1 and tables[1].c.rejoined
        assert any("Welcome back, Bob: you have seat 2 again." in note[0] for note in tables[1].model.notes)
        assert run_until([ann], lambda: tables[0].c.connected(1))
        ann.dirty = True
        ann.step([])
        assert tables[0].shown_away == set() and tables[0].banner_text() == ""
        # --- the rest of the setup and the first roll, by clicks
        while len(auth.log) < 9:
            click_next_move(apps, tables, auth)
        for seat, table in tables.items():
            assert peer_hash(auth.state, seat) == peer_hash(table.c.session.view, seat)
            assert peer_hash(auth.state, None) == peer_hash(table.c.view(None), None)
            assert table.c.view(seat).hands[1 - seat] is None          # only our own hand
            assert table.ui.drawn_hand_seat in (seat, None)
        assert tables[0].model.log and tables[1].model.log
    finally:
        for app in (bob, ann):
            if isinstance(app.scene, (LanTableScene, LobbyScene)):
                app.scene.lan.close().wait(5)
        if ann_lobby.lan.closing is None:
            ann_lobby.lan.close().wait(5)


@pytest.mark.slow
def test_the_join_list_is_live_and_refusals_are_clear(monkeypatch):
    """An advertised loopback game appears in the list, its seats change
    live, and it vanishes when the host closes; joining refusals read as
    sentences (full, started, wrong token, other version, unreachable, bad
    address)."""
    app = make_lan_app("en", (1280, 720), reconnect_for=3.0, discovery=True)
    name = f"Veluwe {secrets.token_hex(3)}"
    hosting = HostSession(default_config(players=2, seed=3), name, port=0, bind="127.0.0.1",
                          interfaces=LOOPBACK)
    port = hosting.start()
    sessions = []
    try:
        join = open_join_scene(app)
        type_into(join.name_entry, "Eva")
        assert run_until([app], lambda: row_of(join, name) is not None)
        row = join.buttons[f"game_{row_of(join, name)}"]
        assert "seats 0/2" in row.text and "in the lobby" in row.text and row.is_enabled
        for who in ("Ann", "Bob"):
            s = ClientSession(f"127.0.0.1:{port}", who, token_dir=lan.options(app).token_dir)
            s.connect()
            sessions.append(s)
        assert run_until([app], lambda: "seats 2/2" in join.buttons[f"game_{row_of(join, name)}"].text)
        assert not join.buttons[f"game_{row_of(join, name)}"].is_enabled      # full
        # a typed address to the full game
        type_into(join.address_entry, f"127.0.0.1:{port}")
        click_gui(app, "join_address")
        assert run_until([app], lambda: join.pending is None and join.error)
        assert join.error == "Every seat of that game is taken."
        # started: a stranger is refused, a wrong saved token too
        hosting.start_game()
        assert run_until([app], lambda: hosting.lobby()["state"] == "running")   # dealt fairly
        click_gui(app, "join_address")
        assert run_until([app], lambda: join.pending is None and join.error)
        assert join.error.startswith("That game has already started")
        TokenStore(lan.options(app).token_dir).save(hosting.fingerprint, hosting.host.game_id, "Eva", 1,
                                                    "not-the-token")
        click_gui(app, "join_address")
        assert run_until([app], lambda: join.pending is None and join.error)
        assert join.error == "The host no longer knows your seat in that game."
        # another protocol version
        monkeypatch.setattr("net.peer.connection.PROTOCOL_VERSION", 99)
        click_gui(app, "join_address")
        assert run_until([app], lambda: join.pending is None and join.error)
        assert join.error == "That host runs another version of Kolonisten."
        monkeypatch.undo()
        # an address that is not one, and one where nobody listens
        type_into(join.address_entry, "192.168.1.20:notaport")
        click_gui(app, "join_address")
        assert join.error.startswith("That is not an address")
        type_into(join.address_entry, f"127.0.0.1:{_free_port()}")
        click_gui(app, "join_address")
        assert run_until([app], lambda: join.pending is None and join.error)
        assert join.error.startswith("Could not reach 127.0.0.1:")
        assert isinstance(app.scene, LanJoinScene)
        # the host goes away: its entry vanishes
        for s in sessions:
            s.close()
        sessions = []
        hosting.close()
        hosting = None
        assert run_until([app], lambda: row_of(join, name) is None)
    finally:
        for s in sessions:
            s.close()
        if hosting is not None:
            hosting.close()
        if isinstance(app.scene, LanJoinScene):
            app.scene.leave()


def _free_port():
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_lobby_shows_ready_flags_refusals_and_a_lost_host():
    app = make_app("nl")
    hosting = HostSession(default_config(players=3, seed=4), "Lobby", port=0, bind="127.0.0.1",
                          discovery=False)
    port = hosting.start()
    cor = None
    try:
        game = lan.join(f"127.0.0.1:{port}", "Ann", lan.options(app))
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        lobby = app.scene
        assert run_until([app], lambda: lobby.lobby["seats"][0] is not None)
        assert "start" not in lobby.buttons                 # only the host starts
        cor = ClientSession(f"127.0.0.1:{port}", "Cor", token_dir=lan.options(app).token_dir)
        cor.connect()
        cor.set_lobby(ready=True, colour="white")
        assert run_until([app], lambda: (lobby.lobby["seats"][1] or {}).get("ready") is True)
        assert lobby.lobby["seats"][0]["ready"] is False
        assert lobby._info_text() == "Wacht op nog 1 speler."
        click_gui(app, "ready")
        assert run_until([app], lambda: lobby.lobby["seats"][0]["ready"] is True)
        assert lobby.buttons["ready"].text == "Toch nog niet klaar"
        # a colour another player has is refused in words
        game.session.set_lobby(colour="white")
        assert run_until([app], lambda: lobby.error)
        assert lobby.error == "Een andere speler heeft die kleur al."
        click_gui(app, "colour")                            # the next free colour: not white
        assert run_until([app], lambda: lobby.lobby["seats"][0]["colour"] == "blue")
        type_into(lobby.name_entry, "Anna")
        click_gui(app, "rename")
        assert run_until([app], lambda: lobby.lobby["seats"][0]["name"] == "Anna")
        app.dirty = True
        app.step([])
        # the host goes away
        cor.close()
        cor = None
        hosting.close()
        hosting = None
        assert run_until([app], lambda: lobby.error)
        assert lobby.error == "De gastheer heeft het spel gesloten."
        assert not lobby.buttons["ready"].is_enabled
        click_gui(app, "leave")
        assert isinstance(app.scene, MenuScene)
        assert game.closing.wait(5)
    finally:
        if cor is not None:
            cor.close()
        if hosting is not None:
            hosting.close()


def host_with_a_guest(app, config, game_name, guest="Bob"):
    """Ann hosts `config` from the window; (the game, the headless session
    `guest` joins with, not connected yet)."""
    game = lan.host(config, game_name, "Ann", lan.options(app))
    return game, ClientSession(f"127.0.0.1:{game.port}", guest, token_dir=lan.options(app).token_dir)


def start_from_the_lobby(app, game, guest):
    """The guest joins ready, Ann's lobby opens and she clicks Start."""
    guest.connect()
    guest.set_lobby(ready=True)
    app.push(MenuScene(app))
    app.push(LobbyScene(app, game, game.session.poll()))
    lobby = app.scene
    assert run_until([app], lambda: lobby.can_start())
    click_gui(app, "start")


@pytest.mark.slow
@pytest.mark.parametrize("rules,vp", [("base", 3), ("ck", 4)])
def test_a_lan_game_to_the_end_then_back_to_the_menu(rules, vp):
    """Ann (the window, hosting) and Bob (a headless peer) play random
    moves until somebody wins: both copies end with the host's public hash,
    the LAN end screen names the winner and leads back to the menu."""
    from game.bots.random_bot import RandomSeats
    app = make_app()
    app.prefs["ck_intro_seen"] = True            # (the introduction over a LAN table: its own test)
    config = default_config(rules=rules, players=2, vp_target=vp, seed=11)
    game, bob = host_with_a_guest(app, config, "Endspiel")
    try:
        start_from_the_lobby(app, game, bob)
        assert run_until([app], lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        table.c.session.submit(("end_turn", table.c.seat))      # refused by the host: said in words
        assert run_until([app], lambda: any(n[0].startswith("Not possible: ") for n in table.model.notes))
        bot = RandomSeats(3)
        deadline = time.monotonic() + 5 * WAIT
        while table.model.game_over_at is None and time.monotonic() < deadline:
            bob.poll()
            if bob.game.must_decide():
                bob.submit(bot.player(bob.seat, ("offer",)).choose(bob.view))
            table.update(0.016)                     # the window's frame: polls, no drawing
            if table.model.game_over_at is None and table.c.session.game.must_decide():
                view = table.c.view(table.c.seat)
                table.play.submit(bot.player(table.c.seat, ("offer",)).choose(view))
        assert table.model.game_over_at is not None, "no winner in time"
        assert run_until([app], lambda: table.c.over is not None)
        assert run_until([], lambda: bob.poll() is not None and bob.game.over is not None)
        assert table.c.session.game.hash_matches_host() and bob.game.hash_matches_host()
        table.play.show_results()
        end = app.scene
        assert isinstance(end, LanEndScene)
        assert end.summary["winner"] == game.hosting.result()["winner"]
        # The host revealed its secret and log; the replay (in its own thread)
        # confirms every outcome this window saw, and the end screen says so.
        assert run_until([app], lambda: end.c.fair is not None)       # (meanwhile it says it waits)
        text, ok = end.fair_line()
        assert ok and text.startswith("Dice and cards verified fair"), text
        # ... and reviews the game it checked, as the host's laptop would review it
        from game.bots.review import review
        host_auth = game.hosting.host.auth
        app.dirty = True
        app.step([])
        click_gui(app, "review")
        assert end.reviewing and end.review_view.r == review(host_auth.config, [r.cmd for r in host_auth.log])
        assert run_until([], lambda: bob.poll() is not None and bob.game.verdict is not None)
        assert bob.game.verdict.ok
        app.dirty = True
        app.step([])
        click_gui(app, "menu")
        assert isinstance(app.scene, MenuScene)
        assert game.closing.wait(10) and game.closing.error is None
    finally:
        bob.close()
        if game.closing is None:
            game.close().wait(10)


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_a_first_cities_and_knights_game_over_lan_opens_with_its_introduction(rules):
    """Started from the lobby, a player's first C&K game shows the short
    introduction over the LAN table, as one from the new-game form does; the
    table goes on taking the host's frames under it, and closing it leaves the
    table and marks it seen.  A base game opens straight at the table."""
    from game.client.tutorial.intro import CkIntroScene
    app = make_app()
    config = default_config(rules=rules, players=2, seed=12)
    game, bob = host_with_a_guest(app, config, "Inleiding")
    try:
        start_from_the_lobby(app, game, bob)
        assert run_until([app], lambda: isinstance(app.scene, (LanTableScene, CkIntroScene)))
        if rules == "base":
            assert isinstance(app.scene, LanTableScene)
            return
        intro = app.scene
        assert isinstance(intro, CkIntroScene) and isinstance(app.scenes[-2], LanTableScene)
        table = app.scenes[-2]
        # the host's frames reach the table under the introduction
        host = game.hosting.host
        assert run_until([app], lambda: table.c.seq == len(host.auth.log))
        app.dirty = True
        app.step([])                                # the introduction draws over the table
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
        assert app.scene is table and app.prefs["ck_intro_seen"] is True
    finally:
        bob.close()
        game.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.slow
def test_a_long_name_on_a_lan_table_leaves_room_for_its_connection_mark(size):
    """The panel fits a long name left of its connection dot, and left of
    "away" once the player is gone; neither mark reaches the points."""
    from game.client import theme
    app = make_lan_app("en", size, reconnect_for=3.0)
    app.prefs["ck_intro_seen"] = True
    game, bob = host_with_a_guest(app, default_config(players=2, seed=13), "Namen", "Bartholomeus Wolkenkrab")
    try:
        start_from_the_lobby(app, game, bob)
        assert run_until([app], lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        s = table.ui.layout.s

        def marks_fit(away):
            app.dirty = True
            app.step([])
            rect = table.ui.layout.panels[1]
            name = table.ui.name_rects[1]
            star = next(r for key, r, _ in table.ui.targets.items
                        if key[0] == "panel_tip" and rect.contains(r) and r.y < name.bottom)
            if away:
                mark_right = name.right + int(8 * s) + table._away_label().get_width() + int(6 * s)
            else:
                mark_right = name.right + int(12 * s) + max(3, int(5 * s))
                dot = (name.right + int(12 * s), name.centery)
                assert tuple(app.screen.get_at(dot))[:3] == theme.GOOD
            assert name.width > 100 and mark_right < star.x, (name, mark_right, star)

        marks_fit(away=False)
        bob.close()
        assert run_until([app], lambda: not table.c.connected(1))
        marks_fit(away=True)
        assert table.shown_away == {1}
    finally:
        bob.close()
        game.close()


def test_hosting_falls_back_to_a_free_port_when_the_usual_one_is_taken():
    import socket
    app = make_app()
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        opts = lan.options(app)
        opts.port, opts.discovery = taken, False
        game = lan.host(default_config(players=2, seed=1), "Port", "Ann", opts)
        try:
            assert game.port != taken and not game.advertised
            assert game.session.poll() and game.session.seat == 0
        finally:
            game.close().wait(10)


@pytest.mark.slow
def test_a_trade_offer_to_others_leaves_a_watching_lan_player_without_a_dialog():
    """Over LAN a player sees every phase, also the ones where they have
    nothing to decide: an offer made to somebody else opens no answer
    dialog for them, an offer to them does."""
    from game.bots.random_bot import RandomSeats
    from game.engine import check
    from game.engine.state import MAIN, TRADE
    from game.client.table import dialogs
    app = make_app()
    hosting = HostSession(default_config(players=3, seed=5), "Ruil", port=0, bind="127.0.0.1", discovery=False)
    port = hosting.start()
    game = None
    others = []
    try:
        game = lan.join(f"127.0.0.1:{port}", "Cees", lan.options(app))
        for who in ("Ann", "Bob"):
            s = ClientSession(f"127.0.0.1:{port}", who, token_dir=lan.options(app).token_dir)
            s.connect()
            others.append(s)
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        hosting.start_game()
        assert run_until([app], lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        for s in others:
            s.poll()
        seats = {s.seat: s for s in others}
        me = table.c.seat
        bot = RandomSeats(9)

        def offer_to(target):
            """An offer the current player (not us) could make to `target` only."""
            v = table.c.session.view
            if v.phase != MAIN or v.current == me or v.current not in seats:
                return None
            hand = seats[v.current].view.hands[v.current]
            for give_kind in (k for k in range(5) if hand[k]):
                give, get = [0] * 5, [0] * 5
                give[give_kind], get[(give_kind + 1) % 5] = 1, 1
                cmd = ("offer", v.current, tuple(give), tuple(get), (target,))
                if check(seats[v.current].view, cmd) is None:
                    return cmd
            return None

        found = {}
        deadline = time.monotonic() + 5 * WAIT
        while len(found) < 2 and time.monotonic() < deadline:
            table.update(0.016)
            for seat, s in seats.items():
                s.poll()
            v = table.c.session.view
            cmd = None
            if v.current in seats:      # first an offer to us, then one to the third player
                target = me if me not in found else next(x for x in seats if x != v.current)
                cmd = offer_to(target) if target not in found else None
            if cmd and seats[v.current].game.must_decide():
                seats[v.current].submit(cmd)
                assert run_until([app], lambda: table.c.session.view.phase != MAIN)
                app.dirty = True
                app.step([])
                found[target] = (type(table.model.dialog), table_prompt(table.model))
                offerer = seats[v.current]      # its copy must have the offer before it cancels
                assert run_until([app], lambda: offerer.poll() is not None and offerer.view.phase == TRADE)
                offerer.submit(("cancel_trade", v.current))
                assert run_until([app], lambda: table.c.session.view.phase == MAIN)
                continue
            if table.c.session.game.must_decide():
                view = table.c.view(me)
                table.play.submit(bot.player(me, ("offer",)).choose(view))
            for seat, s in seats.items():
                if s.game.must_decide():
                    s.submit(bot.player(seat, ("offer",)).choose(s.view))
        assert len(found) == 2, found
        assert found[me][0] is dialogs.AnswerDialog
        other = next(t for t in found if t != me)
        assert found[other][0] is type(None) and found[other][1].startswith("Waiting for ")
    finally:
        for s in others:
            s.close()
        if game is not None:
            game.close().wait(10)
        hosting.close()


@pytest.mark.slow
def test_our_own_dropped_line_shows_a_banner_until_the_session_is_back(monkeypatch):
    """The line to the host breaks (as on a Wi-Fi hiccup, the host out of
    reach for a moment): the table says it is reconnecting, the session
    takes the seat back by itself, and the copy is the host's again."""
    app = make_app()
    game = lan.host(default_config(players=2, seed=8), "Wifi", "Ann", lan.options(app))
    bob = ClientSession(f"127.0.0.1:{game.port}", "Bob", token_dir=lan.options(app).token_dir)
    try:
        bob.connect()
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        game.hosting.start_game()
        assert run_until([app], lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        session = game.session
        connect, refused = ClientSession._connect, []

        async def out_of_reach_twice(self, timeout):
            if len(refused) < 2:
                refused.append(1)
                raise OSError("network is unreachable")
            return await connect(self, timeout)
        monkeypatch.setattr(ClientSession, "_connect", out_of_reach_twice)
        session.net.call(session._conn.close, False)        # the line drops without a goodbye
        assert run_until([app], lambda: table.c.link == "reconnecting")
        assert table.banner_text() == "Connection to the host lost: reconnecting…"
        assert not table.c.connected(table.c.seat)
        assert run_until([app], lambda: table.c.link == "ok" and table.c.session.game.syncs >= 2)
        assert table.banner_text() == ""
        auth = game.hosting.host.auth
        assert peer_hash(auth.state, table.c.seat) == peer_hash(table.c.session.view, table.c.seat)
    finally:
        bob.close()
        game.close().wait(10)


def test_hosting_goes_on_without_discovery_when_advertising_fails(monkeypatch):
    """No multicast on this network: the game is hosted anyway and the lobby
    tells the host to give the address to the others."""
    import net.session

    class NoMulticast:
        def __init__(self, interfaces):
            pass

        async def start(self, port, txt):
            raise OSError("no multicast on this network")

        async def close(self):
            pass
    monkeypatch.setattr(net.session, "Advertiser", NoMulticast)
    app = make_lan_app(reconnect_for=3.0, discovery=True)
    game = lan.host(default_config(players=2, seed=1), "Stil", "Ann", lan.options(app))
    try:
        assert not game.advertised and game.port
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        hint = next(e for e in app.scene.manager.get_root_container().elements
                    if getattr(e, "text", "").startswith("Not visible on the network"))
        assert f":{game.port}" in hint.text
    finally:
        game.close().wait(10)


@pytest.mark.slow
def test_the_host_seats_a_computer_from_the_lobby_and_it_plays(monkeypatch):
    """The host can put a computer in any empty seat before
    starting; the computer (its own process) is ready at once and plays."""
    app = make_app("nl")
    config = default_config(players=2, seed=12)
    game = lan.host(config, "Tegen de computer", "Ann", lan.options(app))
    try:
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        lobby = app.scene
        assert run_until([app], lambda: lobby.lobby["seats"][0] is not None)
        assert lobby.buttons["add_computer"].text == "Computer toevoegen (Gemiddeld)"
        click_gui(app, "computer_level")
        assert lobby.buttons["add_computer"].text == "Computer toevoegen (Moeilijk)"
        click_gui(app, "computer_level")
        click_gui(app, "computer_level")                    # around to Easy
        click_gui(app, "add_computer")
        assert run_until([app], lambda: lobby.can_start())
        assert lobby.lobby["seats"][1]["name"] == "Computer 1"
        assert not lobby.buttons["add_computer"].is_enabled     # no empty seat left
        click_gui(app, "start")
        assert run_until([app], lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        # Ann plays her moves (at random here); the computer plays its own
        from game.bots.random_bot import RandomSeats
        bot = RandomSeats(5)
        deadline = time.monotonic() + 120
        while table.c.seq < 12 and time.monotonic() < deadline:
            table.update(0.016)
            if table.c.session.game.must_decide():
                view = table.c.view(table.c.seat)
                table.play.submit(bot.player(table.c.seat, ("offer",)).choose(view))
            time.sleep(0.01)
        log = game.hosting.host.auth.log
        assert len(log) >= 12, "the game did not go on"
        computer = 1 - table.c.seat
        assert any(r.cmd[1] == computer for r in log)        # the computer moved by itself
        # The computer's process dies: when its seat must decide, the host
        # lets another computer play for it with a click.
        for proc in game.computers.procs.values():
            proc.kill()
            proc.wait()
        deadline = time.monotonic() + 120
        while not table.lendable_seats() and time.monotonic() < deadline:
            table.update(0.016)
            if table.c.session.game.must_decide():
                view = table.c.view(table.c.seat)
                table.play.submit(bot.player(table.c.seat, ("offer",)).choose(view))
            time.sleep(0.01)
        assert table.lendable_seats() == [computer]
        app.dirty = True
        app.step([])
        button = table.ui.targets.rect(("lend", computer))
        assert button is not None
        click_at(app, button.center)
        assert game.computers.playing_for(computer)
        moved = len(log)
        assert run_until([app], lambda: len(game.hosting.host.auth.log) > moved)
        assert game.hosting.host.auth.log[moved].cmd[1] == computer
        assert table.lendable_seats() == []
    finally:
        game.close().wait(10)
        assert game._computers is None or game._computers.running() == 0


@pytest.mark.slow
def test_closing_the_window_during_a_lan_game_lets_go_of_it():
    """The window's close button (or the system stopping the program) in a
    hosted game: the game is closed for the others and the computers the
    host started stop with it, instead of lingering until they give up."""
    app = make_app("en")
    game = lan.host(default_config(players=2, seed=12), "Closing", "Ann", lan.options(app))
    try:
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        lobby = app.scene
        assert run_until([app], lambda: lobby.lobby["seats"][0] is not None)
        click_gui(app, "add_computer")
        assert run_until([app], lambda: lobby.can_start())
        assert game._computers.running() == 1
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app.run()
        assert game.closing is not None and game.closing.done()
        assert game._computers.running() == 0
    finally:
        game.close().wait(10)


def test_another_key_at_the_hosts_address_is_said_in_both_languages_and_the_link_looks_on():
    """A changed key at a pinned address: the window says so with both codes
    and keeps looking (the link stays "reconnecting", never "lost")."""
    from game.client import i18n
    data = {"got": "AAAA-BBBB-CCCC", "expected": "DDDD-EEEE-FFFF", "address": "10.0.0.2:7531"}
    assert lan.next_link("reconnecting", "impostor", data) == "reconnecting"
    for language in ("en", "nl"):
        i18n.set_language(language)
        text = lantext.impostor_text(data)
        assert "AAAA-BBBB-CCCC" in text and "DDDD-EEEE-FFFF" in text and "lan.impostor" not in text
    i18n.set_language("en")


def test_the_join_form_looks_for_no_games_when_the_lan_options_say_not_to():
    """With discovery off (tests and tools on loopback) the join form starts no
    browser, whose network thread would find whatever else on the machine
    advertises, and says that an address is to be typed."""
    from client_helpers import make_app
    app = make_app()
    app.push(LanJoinScene(app))
    scene = app.scene
    app.step([])
    assert scene.finding is None and scene.browser is None
    assert scene.list_heading() == lan_text("lan.no_discovery")
    looking = make_lan_app("en", (1280, 720), discovery=True)
    looking.push(LanJoinScene(looking))
    try:
        assert looking.scene.finding is not None or looking.scene.browser is not None
    finally:
        looking.scene.close_browser(wait=True)


def lan_text(key):
    from game.client.i18n import tr
    return tr(key)
