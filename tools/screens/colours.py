"""Screens of seats told apart without colour: six seats in the
colour-blind-safe palette (and in the standard one), each seat's emblem on
its pieces, badge and log name and its pattern on its roads.

    python -m tools.screens.shoot --rules colours --out shots

Writes <out>/<W>x<H>-<lang>-colours/<name>.png at 1280x720 and 1920x1080 in
English and Dutch: the Settings screen with the safe palette chosen; a
six-seat base game and a six-seat Cities & Knights game with knights on the
board (with its improvement chart and a staged production), each also as a
grey picture (what is left without colour); the same
base game in the standard palette; the end screen's review of a six-seat
game (its lines told apart by their markers).  Saves go to a temporary
folder."""

import math

from tools.screens.window import scratch_folder, window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Femke"]
SEED = 7


def six_seat_games() -> dict:
    """The games the screens are cut from, played by random bots: a base
    game at turn 60, a C&K game once five knights stand on the board, and a
    base game to its end."""
    from tools.screens.states import bot_game, mid_game
    return {"base": mid_game("base", SEED, players=6),
            "ck": bot_game("ck", SEED, 6, until=lambda a: a.state.turn >= 30 and
                           sum(o != -1 for o in a.state.knight_owner) >= 5),
            "finished": bot_game("base", SEED, 6)}


def shoot(out, w, h, lang):
    import pygame

    from game.client import theme
    from game.client.controller import HotseatController
    from game.client.scenes.settings_scene import SettingsScene
    from game.client.table import ckdialogs
    from tools.screens.states import production_roll, table_for, table_on

    _, undo = scratch_folder(KOLONISTEN_HOME="", KOLONISTEN_SAVE_DIR="saves")
    try:
        games = six_seat_games()
        app, save, saved = window(out, w, h, lang, "-colours", palette="safe")

        def save_grey(name):
            save(name)
            grey = pygame.transform.grayscale(app.screen)
            path = saved[-1].replace(".png", "-grey.png")
            pygame.image.save(grey, path)
            saved.append(path)

        app.push(SettingsScene(app))
        save("01-settings-safe")
        table_on(app, games["base"], NAMES)
        save_grey("02-base-six-safe")
        table = table_on(app, games["ck"], NAMES)
        save_grey("03-ck-six-safe")
        table.model.dialog = ckdialogs.ChartDialog(table.play)      # who stands at which level: badges
        save_grey("03-ck-six-chart-safe")
        auth = games["ck"]
        k = production_roll(auth, start=1)
        if k is not None:                                           # the staged production: badges by the lines
            table = table_for(app, auth.log[:k + 1], auth.config, live_from=k, names=NAMES)
            if table.model.stage.production is not None:
                table.model.stage.production.until = math.inf
                save_grey("03-ck-six-production-safe")
        app.set_palette("standard")
        table_on(app, games["base"], NAMES)
        save_grey("04-base-six-standard")
        app.set_palette("safe")
        auth = games["finished"]
        c = HotseatController(auth.config, NAMES, [rgb for _, rgb in theme.palette()[:6]], auth=auth,
                              computers=["easy"] * 6)
        end = app.nav.make("end", c, 2400.0)
        app.reset_to(end)
        end.toggle_review()
        end.review_view.check.run()
        save_grey("05-end-review-six-safe")
        pygame.quit()
        return saved
    finally:
        undo()

