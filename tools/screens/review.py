"""Screens of the game review and hints: the end screen's review of a game
computer players played, the replay viewer's review, a hint on the table."""

from tools.screens.window import scratch_folder, window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
NAMES = ["Anna", "Bram", "Cees", "Dirk"]


def played_game(rules, seed, levels=("medium", "easy", "medium", "easy")):
    """A hot-seat controller (saving itself) of a finished 4-player game
    between computers; the first seat counts as a person's (the review checks
    its decisions), its moves made by a computer all the same."""
    from game.bots import make_bot
    from game.bots.loop import Table
    from game.client.controller import HotseatController
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config

    c = HotseatController(default_config(rules=rules, players=4, seed=seed), NAMES,
                          [rgb for _, rgb in PLAYER_COLOURS[:4]], autosave=True,
                          computers=[None] + list(levels[1:]))
    bots = [make_bot(level, seat, seed * 7 + seat) for seat, level in enumerate(levels)]
    Table(bots, lambda: c.auth.state, c.submit).run(turn_cap=800)
    return c


def shoot(out, w, h, lang):
    """<out>/<W>x<H>-<lang>-review/: the end screen's scores and review (base
    and C&K), the replay viewer's review, a hint."""
    from game.client.scenes.replay import open_file

    tmp, undo = scratch_folder(KOLONISTEN_SAVE_DIR="")
    try:
        app, save, saved = window(out, w, h, lang, "-review")
        for rules, seed in (("base", 3), ("ck", 5)):
            c = played_game(rules, seed)
            end = app.nav.make("end", c, 1500.0)
            app.push(end)
            save(f"{rules}-50-end-scores")
            end.toggle_review()
            end.update(0.0)
            save(f"{rules}-51-end-review-checking")
            end.review_view.check.run()
            save(f"{rules}-51-end-review")
            app.pop()
            replay = open_file(app, c.saver.path)
            app.push(replay)
            replay.go(replay.m.length * 2 // 3)
            if hasattr(replay, "toggle_review"):
                replay.toggle_review()
                replay.review_view.check.run()
            save(f"{rules}-52-replay-review")
            app.pop()
        shoot_hints(app, save)
        return saved
    finally:
        undo()


def shoot_hints(app, save):
    """A solo game: the hint for the founding settlement, and one in the
    middle of the game (the first building hint after turn 20)."""
    from game.bots import make_bot
    from game.bots.loop import Table
    from game.client.controller import HotseatController
    from game.client.table import hints
    from game.client.table.scene import TableScene
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config, deciders

    for rules, seed in (("base", 7), ("ck", 8)):
        c = HotseatController(default_config(rules=rules, players=4, seed=seed), NAMES,
                              [rgb for _, rgb in PLAYER_COLOURS[:4]], computers=[None, "medium", "medium", "medium"])
        table = TableScene(app, c)
        app.push(table)
        bots = [make_bot("medium", seat, seed + seat) for seat in range(4)]
        shown = []

        def before(seat, v, cmd):
            """Anna's first building hint after turn 20, shown before her command goes in."""
            if shown or seat != 0 or v.turn < 20 or cmd[0] not in ("build_city", "build_settlement",
                                                                    "build_road", "move_robber"):
                return
            table.play.refresh()
            table.model.hint, table.model.notes = None, []
            table.model.dice_until = table.model.glow_until = 0.0      # a still frame: no dice
            table.model.flying = []                                    # or pieces in the air
            table.model.stage.close()          # an earlier attack's panel: its Continue long clicked
            hints.show(table.model, table.play)
            if table.model.hint is not None and table.model.hint["cmd"][0] in hints._SPOT:
                save(f"{rules}-61-hint-midgame")
                shown.append(True)

        # Medium players at every seat, the first seat that must decide moving.
        game = Table(bots, lambda: c.auth.state, c.submit, order=lambda state: deciders(state)[:1],
                     before=before)
        game.run(until=lambda: deciders(c.auth.state)[0] == 0)         # the computers found before Anna
        table.play.refresh()
        hints.show(table.model, table.play)
        save(f"{rules}-60-hint-founding")
        game.run(until=lambda: bool(shown) or game.moves >= 5000)
        app.pop()
