"""Screens of a watched LAN game: the lobby as host with watchers and hints
allowed and a watcher listed, the lobby as the watcher sees it, the table
as host (the watchers named, a button per computer's seat to hand it over)
the watcher's table (the public view: no hand, no controls), the
watcher's end screen (what players see at the end) and its review."""

import sys
import time

from tools.screens.window import close_all, scratch_folder, step_until, window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))


def shoot(out, w, h, lang):
    """Into <out>/<W>x<H>-<lang>-watch/.  Everything runs on 127.0.0.1
    without discovery; seat tokens go to a temporary folder."""
    import pygame

    from game.bots.random_bot import RandomSeats
    from game.client import lan
    from game.client.scenes.lan_table import LanTableScene
    from game.client.scenes.lobby import LobbyScene
    from game.client.scenes.menu import MenuScene
    from game.engine import default_config
    from net.session import ClientSession

    _, undo = scratch_folder(KOLONISTEN_HOME="")
    app, save, saved = window(out, w, h, lang, "-watch")
    app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], reconnect_for=5.0, discovery=False)
    opts = lan.options(app)
    closers = []

    def frames(until, timeout=15.0):
        step_until(app, until, "screens.watch", timeout)

    def session(port, name):
        s = ClientSession(f"127.0.0.1:{port}", name, token_dir=opts.token_dir, reconnect_for=5.0)
        s.connect()
        closers.append(s.close)
        return s

    try:
        game = lan.host(default_config(players=3, seed=8, vp_target=4), "Anna's game" if lang == "en" else "Spel van Anna",
                        "Anna", opts)
        closers.append(game.close)
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        lobby = app.scene
        game.hosting.set_allowed(watchers=True, hints=True)
        port = game.port
        bram = session(port, "Bram")
        bram.set_lobby(ready=True)
        game.hosting.expect_computer("Computer 1", "easy")
        computer = session(port, "Computer 1")
        computer.set_lobby(ready=True)
        wendy = lan.join(f"127.0.0.1:{port}", "Wendy", opts, watch=True)
        closers.append(wendy.close)
        frames(lambda: lobby.can_start() and lobby.lan.watchers)
        save("80-lobby-host-watchers")
        app.push(LobbyScene(app, wendy, wendy.session.poll()))
        frames(lambda: app.scene.lan.watchers)
        save("81-lobby-watcher")
        app.pop()
        lobby.start()
        frames(lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        others = {}
        for s in (bram, computer):
            s.poll()
            others[s.seat] = s
        bot = RandomSeats(3)

        def step(poll):
            """One frame: the window, then every player's move (at random) where due."""
            app.step([])
            poll()
            for seat, s in others.items():
                s.poll()
                if s.game.must_decide():
                    s.submit(bot.player(seat, ("offer",)).choose(s.view))
            if table.c.session.game.must_decide():
                view = table.c.view(table.c.seat)
                table.play.submit(bot.player(table.c.seat, ("offer",)).choose(view))
            time.sleep(0.002)

        for _ in range(4000):
            step(wendy.session.poll)
            if table.c.seq >= 40 and not table.c.session.game.must_decide():
                break
        table.model.flying, table.model.notes = [], []
        table.model.dice_until = table.model.glow_until = 0.0
        save("82-table-host-watchers")
        from game.client.lan import LanController
        events = wendy.session.poll()
        app.push(LanTableScene(app, LanController(wendy, events)))
        watched = app.scene
        frames(lambda: watched.c.seq >= table.c.seq)
        watched.model.flying = []
        watched.model.dice_until = watched.model.glow_until = 0.0
        save("83-table-watcher")
        from game.client.scenes.lan_table import LanEndScene
        deadline = time.monotonic() + 120      # the game to its end (4 points), the watcher's window on top
        while not isinstance(app.scene, LanEndScene) and time.monotonic() < deadline:
            step(table.service)         # (the host's table lies under the watcher's)
        end = app.scene
        frames(lambda: isinstance(end, LanEndScene) and end.c.fair is not None, timeout=60)
        save("84-end-watcher")
        # the watcher's own review of the game it checked (the same on every laptop)
        if end.can_review():
            end.toggle_review()
            end.review_view.check.run()
            save("86-end-watcher-review")
            end.toggle_review()
        else:                   # (its check failed: the screen says there is no review)
            print(f"screens.watch: the watcher's check failed ({end.c.fair.what}): no review to shoot",
                  file=sys.stderr)
        # the end of a game in which the host could pick rolls (net/wire/fairdice.py Doubt)
        from net.session import Verdict
        from net.wire.fairdice import Doubt
        doubts = tuple(Doubt("roll_late", seq, {"seats": [1], "dice": [5, 6]}) for seq in (23, 41, 57, 88, 102))
        end.c.fair = Verdict(False, 23, "unverified", "", 120, doubts=doubts + (
            Doubt("deal_restarted", 0, {"attempt": 2}),))
        end.app.dirty = True
        save("85-end-unverified")
    finally:
        close_all(closers)
        pygame.quit()
        undo()
    return saved
