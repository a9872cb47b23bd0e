"""Screens of computer seats: the form, the speed setting, a solo game against
three computers, two people and two computers."""

from tools.screens.window import window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"))


def shoot(out, w, h, lang, seed=9):
    """Computer seats: the new-game form with computers, the settings with
    the computer speed, a solo game against three computers (the person's
    turn, a computer's turn, an answer to a computer's offer) and a game of
    two people and two computers while a computer plays (nobody's hand)."""
    import pygame

    from game.bots.random_bot import RandomBot
    from game.client.scenes import dialogs
    from game.client.scenes.menu import MenuScene
    from game.client.scenes.newgame import NewGameScene
    from game.client.scenes.settings_scene import SettingsScene
    from game.engine import deciders
    from game.engine.state import MAIN

    saved = []

    def save(app, name):
        computers = getattr(app.scene, "computers", None)
        if computers is not None:
            computers.hold = True             # the frame as it is, no computer moving first
        save_frame(name)
        if computers is not None:
            computers.hold = False

    for kinds, tag in (([None, "easy", "medium", "hard"], "solo"), ([None, "medium", None, "hard"], "two")):
        app, save_frame, saved = window(out, w, h, lang, "-solo", saved, computer_speed="instant")
        app.push(MenuScene(app))
        form = NewGameScene(app)
        app.push(form)
        for seat, kind in enumerate(kinds):
            form.kinds[seat] = kind or "person"
        form.names[0] = "Anna"
        if tag == "two":
            form.names[2] = "Bert"
        form.board = "random"
        form.seed_text = str(seed)
        form._rebuild()
        if tag == "solo":
            save(app, "01-new-game-computers")
            app.push(SettingsScene(app))
            save(app, "02-settings-speed")
            app.pop()
        form.start()
        table = app.scene
        bot = RandomBot(seed)
        taken = set()
        for step in range(20000):
            if table.game_over_at is not None or len(taken) >= 3:
                break
            app.step([])
            if table.curtain_for is not None:
                table.reveal()
                continue
            v = table.c.auth.state
            table.dice_until = table.glow_until = 0.0
            table.flying = []
            if v.turn >= 24 and table.computers_playing() and "computer" not in taken:
                taken.add("computer")
                save(app, f"10-{tag}-computer-turn")      # as a computer is about to move
            me = table.viewer
            if me is None or me not in deciders(v) or not table.legal:
                continue
            if isinstance(table.dialog, dialogs.AnswerDialog) and "answer" not in taken:
                taken.add("answer")
                save(app, f"11-{tag}-answer-computer")
            if v.phase == MAIN and v.current == me and v.turn >= 30 and "own" not in taken:
                taken.add("own")
                save(app, f"12-{tag}-own-turn")
            cmd = bot.choose(v, me, ("offer",) if step % 7 else ())
            table.submit(cmd)
    pygame.quit()
    return saved
