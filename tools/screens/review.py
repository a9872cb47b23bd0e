"""Screens of the game review and hints: the end screen's review of a game
computer players played, the replay viewer's review, a hint on the table,
a computer's line in the log explained."""

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
    and C&K), the replay viewer's review, a hint, an explained log line."""
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
        shoot_explained(app, save)
        return saved
    finally:
        undo()


def solo_table(app, rules, seed):
    """Anna against three Medium computers, the table pushed on `app`:
    (table, controller, a Medium bot per seat to make everyone's moves)."""
    from game.bots import make_bot
    from game.client.controller import HotseatController
    from game.client.table.scene import TableScene
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config

    c = HotseatController(default_config(rules=rules, players=4, seed=seed), NAMES,
                          [rgb for _, rgb in PLAYER_COLOURS[:4]], computers=[None, "medium", "medium", "medium"])
    table = TableScene(app, c)
    app.push(table)
    return table, c, [make_bot("medium", seat, seed + seat) for seat in range(4)]


def shoot_hints(app, save):
    """A solo game: the hint for the founding settlement, and one in the
    middle of the game (the first building hint after turn 20)."""
    from game.client.table import hints
    from game.engine import deciders, view

    for rules, seed in (("base", 7), ("ck", 8)):
        table, c, bots = solo_table(app, rules, seed)
        while deciders(c.auth.state)[0] != 0:         # the computers found before Anna
            seat = deciders(c.auth.state)[0]
            c.submit(bots[seat].choose(view(c.auth.state, seat)))
        table.play.refresh()
        hints.show(table.model, table.play)
        save(f"{rules}-60-hint-founding")
        for _ in range(5000):
            st = c.auth.state
            if st.phase == 9:
                break
            seat = deciders(st)[0]
            if seat == 0 and st.turn >= 20:
                v = view(st, 0)
                cmd = bots[0].choose(v)
                if cmd and cmd[0] in ("build_city", "build_settlement", "build_road", "move_robber"):
                    table.play.refresh()
                    table.model.hint, table.model.notes = None, []
                    table.model.dice_until = table.model.glow_until = 0.0      # a still frame: no dice
                    table.model.flying = []                                    # or pieces in the air
                    table.model.stage.close()          # an earlier attack's panel: its Continue long clicked
                    hints.show(table.model, table.play)
                    if table.model.hint is not None and table.model.hint["cmd"][0] in hints._SPOT:
                        save(f"{rules}-61-hint-midgame")
                        break
            c.submit(bots[seat].choose(view(st, seat)))
        app.pop()


def shoot_explained(app, save):
    """A solo game in its middle: the mouse on the newest line of the log
    that tells a computer's decision, its tooltip saying why (table/explain.py)."""
    import pygame

    from game.engine import deciders, view

    for rules, seed in (("base", 7), ("ck", 8)):
        table, c, bots = solo_table(app, rules, seed)
        m, ui = table.model, table.ui
        for _ in range(5000):
            st = c.auth.state
            seat = deciders(st)[0]
            if seat == 0 and st.turn >= 12:
                table.play.refresh()
                m.notes, m.flying = [], []
                m.dice_until = m.glow_until = 0.0
                m.stage.close()
                app.dirty = True
                app.step([])
                lines = [(key, rect) for key, rect, _ in ui.targets.items if key[0] == "log_line"
                         and m.explainer.text(key[1], m.names)]
                if lines:
                    pos = lines[-1][1].center
                    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
                    save(f"{rules}-62-log-explained")
                    break
            c.submit(bots[seat].choose(view(st, seat)))
        app.pop()
