"""Screens of saved games: the Load game scene, a resumed game and the replay
viewer."""

import os

from tools.screens.window import scratch_folder, window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))


def shoot(out, w, h, lang):
    """The Load game scene (with damaged files, the delete confirmation, a
    refusal), a resumed game and the replay viewer, into <out>/<W>x<H>-<lang>-saves/.
    The saves are made in a temporary folder, never the player's own."""
    import msgpack
    import pygame

    from game import saves
    from game.bots.loop import Table
    from game.bots.random_bot import random_table
    from game.client.controller import HotseatController
    from game.client.scenes.load import LoadScene
    from game.client.scenes.menu import MenuScene
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config

    tmp, undo = scratch_folder(KOLONISTEN_SAVE_DIR="")
    try:
        app, save, saved = window(out, w, h, lang, "-saves")
        app.push(MenuScene(app))
        app.push(LoadScene(app))
        save("40-load-empty")
        app.pop()

        def play(rules, players, seed, names, stop=None, stamp=None):
            c = HotseatController(default_config(rules=rules, players=players, seed=seed), names,
                                  [rgb for _, rgb in PLAYER_COLOURS[:players]], autosave=True)
            bots, order = random_table(seed, players, avoid=("offer",))
            table = Table(bots, lambda: c.auth.state, c.submit, view=lambda seat: c.auth.state, order=order)
            table.run(until=lambda: stop is not None and len(c.auth.log) >= stop)
            if stamp is not None:                 # spread the dates like real play
                game = saves.load(c.saver.path)
                game.updated = game.created = stamp
                saves.save(c.saver.path, game)
            return c.saver.path

        finished = play("base", 4, 4, ["Anna", "Bram", "Cees", "Dirk"], stamp=1_790_000_000)
        ck = play("ck", 3, 5, ["Marieke", "Jan-Willem", "Sanne"], stop=700, stamp=1_795_000_000)
        short = play("base", 2, 6, ["Ann", "Bo"], stop=90)
        six = play("ck", 6, 7, ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fenna"], stop=900)
        data = open(finished, "rb").read()
        with open(os.path.join(tmp, "kapot" + saves.SUFFIX), "wb") as f:
            f.write(data[: len(data) // 2])
        with open(os.path.join(tmp, "notes" + saves.SUFFIX), "wb") as f:
            f.write(b"just some text")
        wrapper = msgpack.unpackb(data[len(saves.MAGIC):], raw=False)
        wrapper["format"] = saves.FORMAT + 1
        with open(os.path.join(tmp, "future" + saves.SUFFIX), "wb") as f:
            f.write(saves.MAGIC + msgpack.packb(wrapper, use_bin_type=True))

        load = LoadScene(app)
        app.push(load)
        save("41-load")
        paths = [e.path for e in load.entries]
        load.select(paths.index(os.path.join(tmp, "future" + saves.SUFFIX)))
        save("42-load-damaged-selected")
        load.select(paths.index(finished))
        save("43-load-finished-selected")
        load.confirm = True
        load.resize(app.size)
        save("44-load-confirm-delete")
        load.confirm = False
        load.select(paths.index(ck))
        load.replay()
        replay = app.scene
        replay.go(350)
        save("50-replay-ck")
        replay.next_view()
        save("51-replay-ck-seat-view")
        app.pop()
        load.select(paths.index(finished))
        load.replay()
        replay = app.scene
        replay.go(0)
        save("52-replay-start")
        replay.go(replay.m.length // 2)
        save("53-replay-base-mid")
        replay.go(replay.m.length)
        save("54-replay-base-end")
        replay.audience = None
        save("55-replay-public-view")
        app.pop()
        load.reload()
        load.select([e.path for e in load.entries].index(six))
        load.replay()
        app.scene.go(800)
        save("56-replay-ck-six-seats")
        app.pop()
        game = saves.load(ck)                 # a log that does not match its hashes
        game.hashes[100] = "0" * 32
        saves.save(ck, game)
        load.reload()
        load.select([e.path for e in load.entries].index(ck))
        load.resume()
        save("45-load-refused")
        load.select([e.path for e in load.entries].index(short))
        load.resume()
        table = app.scene
        save("60-resumed-curtain")
        table.play.reveal()
        save("61-resumed-table")
        pygame.quit()
    finally:
        undo()
    return saved
