"""Screens of computer seats: the form, the speed setting, a solo game against
three computers, two people and two computers, and the end screen of a solo
game with the person's rating against the computers."""

from tools.screens.window import scratch_folder, window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"))


def shoot(out, w, h, lang, seed=9):
    """Computer seats: the new-game form with computers, the settings with
    the computer speed, a solo game against three computers (the person's
    turn, a computer's turn, an answer to a computer's offer) and a game of
    two people and two computers while a computer plays (nobody's hand)."""
    import pygame

    from game.bots.random_bot import RandomSeats
    from game.client.table import dialogs
    from game.client.scenes.menu import MenuScene
    from game.client.scenes.newgame import NewGameScene
    from game.client.scenes.settings_scene import SettingsScene
    from game.engine import deciders
    from game.engine.state import MAIN

    saved = []

    def save(app, name):
        computers = getattr(getattr(app.scene, "model", None), "computers", None)
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
        bot = RandomSeats(seed)
        taken = set()
        for step in range(20000):
            if table.model.game_over_at is not None or len(taken) >= 3:
                break
            app.step([])
            if table.model.curtain_for is not None:
                table.play.reveal()
                continue
            v = table.c.auth.state
            table.model.dice_until = table.model.glow_until = 0.0
            table.model.flying = []
            if v.turn >= 24 and table.model.computers_playing() and "computer" not in taken:
                taken.add("computer")
                save(app, f"10-{tag}-computer-turn")      # as a computer is about to move
            me = table.model.viewer
            if me is None or me not in deciders(v) or not table.model.legal:
                continue
            if isinstance(table.model.dialog, dialogs.AnswerDialog) and "answer" not in taken:
                taken.add("answer")
                save(app, f"11-{tag}-answer-computer")
            if v.phase == MAIN and v.current == me and v.turn >= 30 and "own" not in taken:
                taken.add("own")
                save(app, f"12-{tag}-own-turn")
            cmd = bot.player(me, ("offer",) if step % 7 else ()).choose(v)
            table.play.submit(cmd)
    pygame.quit()
    saved = shoot_solo_end(out, w, h, lang, saved)
    return saved


def shoot_solo_end(out, w, h, lang, saved, seed=9):
    """The end screen of a solo game (one person, three computers) with the
    person's rating box, after a few earlier solo games (a rating file in a
    scratch folder; the computers' ratings as shipped)."""
    import json
    import os

    import pygame

    from game.bots.loop import Table
    from game.bots.random_bot import RandomSeats
    from game.client.controller import HotseatController
    from game.client.scenes.end import EndScene
    from game.engine import default_config, deciders

    folder, undo = scratch_folder(KOLONISTEN_HOME="")
    try:
        with open(os.path.join(folder, "rating.json"), "w") as fh:
            json.dump({"base": {"rating": 1420.0, "rd": 118.0, "games": 11, "counted": {}}}, fh)
        app, save_frame, saved = window(out, w, h, lang, "-solo", saved)
        c = HotseatController(default_config(players=4, seed=seed), ["Anna", "Easy", "Medium", "Hard"],
                              [(200, 40, 40), (40, 90, 200), (230, 230, 230), (230, 140, 30)],
                              computers=[None, "easy", "medium", "hard"])
        # Quick random play to the end (staging only), the first seat that must decide moving.
        randoms = RandomSeats(seed, avoid=("offer",))
        Table({seat: randoms[seat] for seat in range(4)}, lambda: c.auth.state, c.submit,
              view=lambda seat: c.auth.state, order=deciders).run()
        app.push(EndScene(app, c, 1260.0))
        save_frame("20-solo-end-rating")
        pygame.quit()
    finally:
        undo()
    return saved
