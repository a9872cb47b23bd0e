"""Screens of the menus and forms: the main
menu, settings, the new-game form with names in four scripts, the in-game
menu and its leave dialog (hot-seat and over a LAN, host and guest), the
load list, the end screen, the LAN host form and a lobby of such names.

    python -m tools.screens.shoot --rules menus --out shots

Writes <out>/<W>x<H>-<lang>-menus/<name>.png at 1280x720 and 1920x1080 in
English and Dutch.  LAN runs on 127.0.0.1 without discovery; saves and seat
tokens go to a temporary folder."""

from tools.screens.window import close_all, scratch_folder, step_until, window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
NAMES = ["李雷", "Анна", "مريم", "Zoë 🙂"]


def _finish(table, seed):
    """Random bots play the table's game to its end (commands as its buttons would send)."""
    from game.bots.random_bot import RandomSeats
    from game.engine.state import GAME_OVER
    bot = RandomSeats(seed)
    for step in range(20000):
        if table.c.view(None).phase == GAME_OVER:
            return
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        state = table.c.auth.state
        table.play.submit(bot.player(table.model.viewer, ("offer",) if step % 9 else ()).choose(state))
    raise SystemExit("screens.menus: the game did not end")


def shoot(out, w, h, lang):
    from game.client import lan
    from game.client.scenes.end import EndScene
    from game.client.scenes.game_menu import GameMenuScene
    from game.client.scenes.lan_host import LanHostScene
    from game.client.scenes.load import LoadScene
    from game.client.scenes.lan_table import LanTableScene
    from game.client.scenes.lobby import LobbyScene
    from game.client.scenes.menu import MenuScene
    from game.client.scenes.newgame import NewGameScene
    from game.client.scenes.settings_scene import SettingsScene
    from game.engine import default_config
    from net.session import ClientSession
    import pygame

    _, undo = scratch_folder(KOLONISTEN_HOME="", KOLONISTEN_SAVE_DIR="saves")
    app, save, saved = window(out, w, h, lang, "-menus")
    closers = []

    def frames(until, timeout=10.0):
        step_until(app, until, "screens.menus", timeout)

    try:
        app.push(MenuScene(app))
        save("01-menu")
        app.push(SettingsScene(app))
        save("02-settings")
        app.pop()
        # the form: four names in four scripts, the last seat a computer
        form = NewGameScene(app)
        app.push(form)
        form.kinds[3] = "medium"
        form._rebuild()
        for entry, name in zip(form.entries, NAMES):
            entry.set_text(name)
        save("03-new-game")
        form.rules = "ck"
        form._keep_texts()
        form._rebuild()
        save("03-new-game-ck")
        form.rules = "base"
        form._keep_texts()
        form.players, form.vp = 2, 3
        form.kinds[:2] = ["person", "person"]
        form._rebuild()
        form.start()
        table = app.scene
        table.play.reveal()
        app.push(GameMenuScene(app, table))
        save("04-game-menu")
        app.scene.save()
        save("05-game-menu-saved")
        app.scene.leave()
        save("06-leave-confirm")
        app.pop()
        _finish(table, 3)
        app.replace(EndScene(app, table.c, 754.0))
        save("07-end")
        app.reset_to(MenuScene(app))
        app.push(LoadScene(app))
        save("08-load")
        app.reset_to(MenuScene(app))
        # LAN: the host form, a lobby of names in four scripts, the table's menu
        app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], reconnect_for=5.0, discovery=False)
        opts = lan.options(app)
        app.push(LanHostScene(app))
        host_form = app.scene
        host_form.name_entry.set_text(NAMES[0])
        host_form.game_entry.set_text(f"{NAMES[0]} & {NAMES[1]}")
        host_form.resize(app.size)
        save("10-host-form")
        from game.client.scenes.lan_join import LanJoinScene
        app.push(LanJoinScene(app))
        save("09-join-list")
        app.pop()
        game = lan.host(default_config(players=4, seed=12), f"{NAMES[0]} & {NAMES[1]}", NAMES[0], opts)
        closers.append(lambda: game.close().wait(10))
        app.push(LobbyScene(app, game, game.session.poll()))
        lobby = app.scene
        others = []
        for name in NAMES[1:]:
            s = ClientSession(f"127.0.0.1:{game.port}", name, token_dir=opts.token_dir)
            s.connect()
            closers.append(s.close)
            s.set_lobby(ready=True)
            others.append(s)
        frames(lambda: lobby.can_start())
        save("11-lobby")
        game.hosting.start_game()
        frames(lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        table.model.dice_until = table.model.glow_until = 0.0
        table.model.flying = []
        table.play.open_menu()
        save("12-lan-menu-host")
        app.scene.leave()
        save("13-lan-leave-host")
        app.pop()
        table.c.lan.hosting = None            # as a guest's table sees itself (no Save, the guest's words)
        table.play.open_menu()
        save("14-lan-menu-guest")
        table.c.link = "reconnecting"
        save("15-lan-menu-reconnecting")
        table.c.link = "ok"
        table.c.lan.hosting = game.hosting
        app.pop()
    finally:
        close_all(closers)
        pygame.quit()
        undo()
    return saved
