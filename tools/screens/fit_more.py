"""More screens for the text checker (tools/screens/fit.py), beside
fit_screens.py's: the end screen's review and a solo player's rating box,
the guided game's box at some of its steps, the LAN lobby at five and six
seats and resumed (the host's and a guest's), the LAN table's own
additions (an away seat's banner and marks, who watches, the talk panel)
the Cities & Knights introduction's pages and the game menu (over
stand-ins for the table, which hold every scale).

`SCREENS` maps a name to make(app, games) as fit_screens.SCREENS does;
`games` is a fit_screens.Extras (its `closers` end the LAN games made here).

    python -m tools.screens.fit_more [--lang nl] [--size 1280x720] [--scale 150] [NAME ...]"""

import os
import shutil
import tempfile

from tools.screens import fit_screens
from tools.screens.window import step_until

NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Femke"]


def _options(app, **more):
    from game.client import lan
    app.lan_options = lan.LanOptions(**dict(dict(port=0, interfaces=["127.0.0.1"], reconnect_for=5.0,
                                                 discovery=False), **more))
    return lan.options(app)


def _folder(games) -> str:
    folder = tempfile.mkdtemp(prefix="kolonisten-fit-")
    games.closers.append(lambda: shutil.rmtree(folder, ignore_errors=True))
    return folder


def _wait(app, until):
    step_until(app, until, "fit_more", 15.0)


def _poll(sessions) -> bool:
    """Every session takes what its host sent (True, for a condition's `and`)."""
    for s in sessions:
        s.poll()
    return True


# --- the end screen: the review, a solo player's rating ------------------------------------------
def _played(games, rules):
    from tools.screens.review import played_game
    return games.get(("played", rules), lambda: played_game(rules, 3 if rules == "base" else 5))


def _end(rules, reviewing):
    def make(app, games):
        c = _played(games, rules)
        end = app.nav.make("end", c, 1500.0)
        app.reset_to(end)
        if reviewing:
            def checked():
                view = end.open_review()
                view.check.run()
                return view
            end.review_view = games.get(("review", rules), checked)
            end.review_view.app = app           # (kept from another window: drawn with this one's fonts)
            end.toggle_review()
        elif end.solo is None:
            raise SystemExit("fit_more: the played game is no solo game (no rating box)")
    return make


def _seats_game(games, rules, players):
    """A finished hot-seat game of `players` seats between computers, the
    first counting as a person's (a solo game: the rating box too)."""
    def make():
        from game.bots import make_bot
        from game.bots.loop import Table
        from game.client.controller import HotseatController
        from game.client.theme import PLAYER_COLOURS
        from game.engine import default_config
        levels = (["medium", "easy"] * 3)[:players]
        c = HotseatController(default_config(rules=rules, players=players, seed=5), NAMES[:players],
                              [rgb for _, rgb in PLAYER_COLOURS[:players]], computers=[None] + levels[1:])
        bots = [make_bot(level, seat, 35 + seat) for seat, level in enumerate(levels)]
        Table(bots, lambda: c.auth.state, c.submit).run(turn_cap=800)
        return c
    return games.get(("seats", rules, players), make)


def _end_seats(rules, players, reviewing):
    """The end screen of a game of `players` seats: its scores, or its review
    (the person's decisions checked at ten, for time)."""
    def make(app, games):
        from game.bots.review import ChoiceCheck
        c = _seats_game(games, rules, players)
        end = app.nav.make("end", c, 1500.0)
        app.reset_to(end)
        if reviewing:
            def checked():
                view = end.open_review()
                view.check = ChoiceCheck(c.auth.config, [r.cmd for r in c.auth.log], [0], budget=10)
                view.check.run()
                return view
            end.review_view = games.get(("seats-review", rules, players), checked)
            end.review_view.app = app
            end.toggle_review()
    return make


# --- the guided game -----------------------------------------------------------------------------
TUTORIAL_STEPS = ("welcome", "found", "production", "costs", "offer", "seven", "steal", "knight", "longest", "won")


def _tutorial_saves(app, games) -> dict:
    """The guided game played once through the window (tools/screens/tutorial.py),
    its save copied as each step of TUTORIAL_STEPS first shows: {step: path}."""
    def make():
        from game.client.tutorial import session
        from tools.screens import tutorial
        folder = _folder(games)
        kept = {}

        def shot(name):
            step = name.split("-", 1)[1] if "-" in name else name
            where = session.path()
            if step in TUTORIAL_STEPS and step not in kept and os.path.exists(where):
                kept[step] = os.path.join(folder, step + ".kolonisten")
                shutil.copyfile(where, kept[step])
        speed = app.prefs.get("computer_speed")
        app.prefs["computer_speed"] = "instant"
        try:
            tutorial.play(app.prefs["language"], app.size, app=app, shot=shot)
        finally:
            app.prefs["computer_speed"] = speed
        return kept
    return games.get(("tutorial", app.prefs["language"]), make)


def _tutorial(step):
    def make(app, games):
        from game import saves
        from game.client.scenes.menu import MenuScene
        from game.client.tutorial import session
        path = None if step == "welcome" else _tutorial_saves(app, games).get(step)
        app.reset_to(MenuScene(app))
        if step == "welcome":                         # the first step: before anything is saved
            session.start(app)
            return None
        if path is None:
            return False
        where = session.path()
        shutil.copyfile(path, where)
        if session.open_saved(app, where, saves.load(where)) is not None:
            return False
        table = app.scene
        m = table.model
        m.flying, m.notes = [], []
        m.dice_until = m.glow_until = 0.0
    return make


def _tutorial_more(step):
    """The step's box with its next page of words on show (the narrow table's band, tutorial/band.py)."""
    first = _tutorial(step)

    def make(app, games):
        if first(app, games) is False:
            return False
        app.dirty = True
        app.step([])                                  # (the band counts its pages as it draws)
        app.scene.turn_page()
    return make


# --- the LAN lobby: five and six seats, resumed ---------------------------------------------------
def _lobby_of(players):
    """(the host's LanGame, a guest's) of a lobby of `players` seats, all taken, a watcher in it."""
    def make_for(app, games):
        def make():
            from game.client import lan
            from game.engine import default_config
            from net.session import ClientSession
            opts = _options(app)
            game = lan.host(default_config(rules="ck", players=players, seed=4), "Anna & Bram", NAMES[0], opts)
            games.closers.append(game.close_now)
            game.hosting.set_allowed(watchers=True)
            guests = []
            for name in NAMES[1:players]:
                guest = ClientSession(f"127.0.0.1:{game.port}", name, token_dir=opts.token_dir)
                guest.connect()
                games.closers.append(guest.close)
                guests.append(guest)
            watcher = lan.join(f"127.0.0.1:{game.port}", "Wendy", opts, watch=True)
            games.closers.append(watcher.close_now)
            for guest in guests[:2]:
                guest.set_lobby(ready=True)

            def everyone_in():
                _poll(guests + [game.session])
                lobby = game.session.game.lobby or {}
                return (len([s for s in lobby.get("seats", []) if s]) == players and lobby.get("watchers")
                        and all(g.seat is not None for g in guests))
            _wait(app, everyone_in)
            return game, lan.LanGame(guests[-1])
        return games.get(("lobby", players), make)

    def make(who):
        def shown(app, games):
            from game.client.scenes.lobby import LobbyScene
            host, guest = make_for(app, games)
            game = host if who == "host" else guest
            lobby = LobbyScene(app, game, game.session.poll())
            app.reset_to(lobby)
            _wait(app, lambda: all(lobby.lobby["seats"]) and lobby.lan.watchers)
        return shown
    return make


def _resumed(app, games):
    """A saved six-seat LAN game resumed by its host (seat 0): four seats
    away, Bram back with his token, Gijs knocking without one, Cees muted;
    (host, Bram's LanGame)."""
    def make():
        from game import saves
        from game.client import lan
        from game.engine import default_config
        from net.peer.connection import JoinRefused
        from net.session import ClientSession, HostSession
        folder = _folder(games)
        path = os.path.join(folder, "six.klsave")
        hosting = HostSession(default_config(players=6, seed=5), "Zes", port=0, bind="127.0.0.1",
                              discovery=False, save_path=path)
        hosting.start()
        sessions = [ClientSession(f"127.0.0.1:{hosting.port}", name, token_dir=os.path.join(folder, name))
                    for name in NAMES]
        try:
            for s in sessions:
                s.connect()
            _wait(app, lambda: _poll(sessions) and all(s.seat is not None for s in sessions))
            hosting.start_game()
            _wait(app, lambda: hosting.lobby()["state"] == "running")
            hosting.set_talk(mute=2)        # kept in the save: Cees's Mute toggle is on when resumed
        finally:
            for s in sessions:
                s.close()
            hosting.close()
        opts = _options(app, reconnect_for=1.0, token_dir=os.path.join(folder, NAMES[0]))
        game = lan.resume_host(path, saves.load(path), 0, opts)
        games.closers.append(game.close_now)
        bram = ClientSession(f"127.0.0.1:{game.port}", NAMES[1], token_dir=os.path.join(folder, NAMES[1]))
        bram.connect()
        games.closers.append(bram.close)
        gijs = ClientSession(f"127.0.0.1:{game.port}", "Gijs", token_dir=os.path.join(folder, "Gijs"),
                             reconnect_for=0.5)
        try:
            gijs.connect()
        except JoinRefused:
            pass
        gijs.close()
        _wait(app, lambda: _poll([bram]) and bram.seat is not None)
        return game, lan.LanGame(bram)
    return games.get(("resumed",), make)


def _resumed_lobby(who):
    def make(app, games):
        from game.client.scenes.lobby import LobbyScene
        host, guest = _resumed(app, games)
        game = host if who == "host" else guest
        lobby = LobbyScene(app, game, game.session.poll())
        app.reset_to(lobby)
        if who == "host":
            _wait(app, lambda: "assign_5_0" in lobby.buttons)
        else:
            _wait(app, lambda: lobby.lobby.get("seats"))
    return make


# --- the LAN table's own additions ----------------------------------------------------------------
def _lan_table(app, games):
    """The host's table of a four-seat game: Dirk away while he must decide
    (the banner, the lend button, his panel marked), Wendy watching, a few
    lines of talk."""
    def make():
        import time

        from game.bots.random_bot import RandomSeats
        from game.client import lan
        from game.client.scenes.lan_table import LanTableScene
        from game.client.scenes.lobby import LobbyScene
        from game.engine import default_config
        from net.session import ClientSession
        opts = _options(app)
        game = lan.host(default_config(players=4, seed=12), "Anna & Bram", NAMES[0], opts)
        games.closers.append(game.close_now)
        game.hosting.set_allowed(watchers=True)
        guests = []
        for name in NAMES[1:4]:
            s = ClientSession(f"127.0.0.1:{game.port}", name, token_dir=opts.token_dir)
            s.connect()
            games.closers.append(s.close)
            s.set_lobby(ready=True)
            guests.append(s)
        watcher = lan.join(f"127.0.0.1:{game.port}", "Wendy", opts, watch=True)
        games.closers.append(watcher.close_now)
        lobby = LobbyScene(app, game, game.session.poll())
        app.reset_to(lobby)
        _wait(app, lambda: lobby.can_start() and lobby.lan.watchers)
        lobby.start()
        _wait(app, lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        bram, dirk = guests[0], guests[2]
        bot = RandomSeats(7)
        said = False

        def played():
            nonlocal said
            watcher.session.poll()
            _poll(guests)
            if table.c.seq >= 12 and not said:
                said = True
                bram.say(phrase="good_luck")
                game.session.say(phrase="deal")
            if said and table.c.seq >= 20 and dirk.game.must_decide() and len(table.talk.heard) >= 2:
                return True
            for s in guests:
                if s.game.must_decide():
                    s.submit(bot.player(s.seat, ("offer",)).choose(s.view))
            if table.c.session.game.must_decide():
                table.play.submit(bot.player(table.c.seat, ("offer",)).choose(table.c.view(table.c.seat)))
            time.sleep(0.002)
            return False
        step_until(app, played, "fit_more", 60.0)
        games.closers.remove(dirk.close)
        dirk.close()                                  # Dirk's laptop goes to sleep
        _wait(app, lambda: table.c.away_deciders())
        return table
    return games.get(("lan-table",), make)


def _lan(talking):
    def make(app, games):
        table = _lan_table(app, games)
        app.reset_to(table)
        if table.talk.open != talking:
            table.talk.toggle()
        m = table.model
        m.flying, m.notes = [], []
        m.dice_until = m.glow_until = 0.0
    return make


# --- the Cities & Knights introduction's pages (tutorial/intro.py), over a stand-in for the table ------
def _stand_in_table(app):
    """A hot-seat table's stand-in that holds every scale (a real table under a
    scene caps the scale at what the table holds: table/layout.py), made the
    window's only scene."""
    from types import SimpleNamespace

    from game.client.scene import Scene

    class Table(Scene):
        c = SimpleNamespace(hotseat=True, saver=None, save_error=None)

        def draw(self, surf):
            surf.fill((30, 34, 40))
    table = Table(app)
    app.reset_to(table)
    return table


def _ck_intro(page):
    def make(app, games):
        from game.client.tutorial.intro import CkIntroScene
        under = _stand_in_table(app)
        intro = CkIntroScene(app, under)
        app.push(intro)
        intro.page = page
    return make


def _game_menu(leaving):
    def make(app, games):
        from game.client.scenes.game_menu import GameMenuScene
        table = _stand_in_table(app)
        menu = GameMenuScene(app, table)
        app.push(menu)
        menu.save()                    # (no saver: the note says why it could not save)
        if leaving:
            menu.leave()
    return make


SCREENS = {
    "end-solo": _end("base", False), "end-review-base": _end("base", True), "end-review-ck": _end("ck", True),
    "end-two": _end_seats("base", 2, False), "end-review-two": _end_seats("base", 2, True),
    "end-six": _end_seats("ck", 6, False), "end-review-six": _end_seats("ck", 6, True),
    **{f"tutorial-{step}": _tutorial(step) for step in TUTORIAL_STEPS},
    **{f"tutorial-{step}-more": _tutorial_more(step) for step in ("welcome", "seven")},
    "lobby-five-host": _lobby_of(5)("host"), "lobby-five-guest": _lobby_of(5)("guest"),
    "lobby-six-host": _lobby_of(6)("host"), "lobby-six-guest": _lobby_of(6)("guest"),
    "lobby-resumed-host": _resumed_lobby("host"), "lobby-resumed-guest": _resumed_lobby("guest"),
    "lan-table-away": _lan(False), "lan-table-talk": _lan(True),
    **{f"ck-intro-{page + 1}": _ck_intro(page) for page in range(4)},
    "game-menu": _game_menu(False), "game-menu-leave": _game_menu(True),
}
SCREENS = {name: fit_screens.in_palette(name, make) for name, make in SCREENS.items()}


if __name__ == "__main__":
    raise SystemExit(fit_screens.main(screens=SCREENS))
