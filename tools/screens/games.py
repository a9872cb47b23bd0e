"""Screens of one seeded base game and one Cities & Knights game played by
random bots through the table: the menus, every table scene and decision
dialog as it first comes up, the end screen."""

import time

from tools.screens.window import window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"))


def shoot_base(out, w, h, lang, seed=4):
    import pygame

    from game.bots.random_bot import RandomSeats
    from game.client.table import controls, dialogs
    from game.client.scenes.end import EndScene
    from game.client.scenes.menu import MenuScene
    from game.client.scenes.newgame import NewGameScene
    from game.client.scenes.settings_scene import SettingsScene
    from game.engine.state import GAME_OVER, MAIN, ROBBER, SETUP_SETTLEMENT

    app, save, saved = window(out, w, h, lang)

    app.push(MenuScene(app))
    save("01-menu")
    app.push(SettingsScene(app))
    save("02-settings")
    app.pop()
    app.push(NewGameScene(app))
    ng = app.scene
    ng.board = "random"
    ng.resize(app.size)
    ng.seed_entry.set_text(str(seed))
    save("03-new-game")
    ng.start()
    table = app.scene
    save("04-curtain")
    bot = RandomSeats(seed)
    taken = set()

    def once(name, ready, prepare=None):
        if name in taken or not ready:
            return
        taken.add(name)
        old = table.model.dialog, table.model.mode
        table.model.dice_until = table.model.glow_until = 0.0     # still frames: real dice faces, no fly-outs
        table.model.flying = []
        table.play.update_pick()
        if prepare:
            prepare()
        save(name)
        if prepare:
            table.model.dialog, table.model.mode = old
            table.play.update_pick()

    def hover_first():
        if table.model.pick and table.model.pick[1]:
            spot = sorted(table.model.pick[1])[len(table.model.pick[1]) // 2]
            pos = table.ui.board.target_pos(table.model.pick[0], spot)
            table.model.mouse = (int(pos[0]), int(pos[1]))
            table.model.hover_spot = spot

    steps = 0
    while app.scene is table and steps < 20000:
        steps += 1
        if table.model.game_over_at is not None:
            save("30-game-over")
            table.play.show_results()
            break
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        v, me = table.model.view, table.model.viewer
        kinds = table.model.legal_kinds()
        once("05-setup-settlement", v.phase == SETUP_SETTLEMENT and v.turn == 0 and
             sum(1 for o in v.node_owner if o != -1) >= 3, hover_first)
        once("10-robber", v.phase == ROBBER, hover_first)
        once("11-discard", isinstance(table.model.dialog, dialogs.DiscardDialog),
             lambda: table.model.dialog.sel.__setitem__(max(range(5), key=lambda k: v.hands[me][k]), 1))
        once("12-steal", isinstance(table.model.dialog, dialogs.StealDialog))
        once("13-answer", isinstance(table.model.dialog, dialogs.AnswerDialog))
        once("14-responses", isinstance(table.model.dialog, dialogs.ResponsesDialog))
        if v.phase == MAIN and v.turn > 12:
            once("15-build-road", "build_road" in kinds,
                 lambda: (setattr(table.model, "mode", "build_road"), table.play.update_pick(), hover_first()))

            def open_trade():
                ed = dialogs.TradeEditor(table.play)
                held = [k for k in range(5) if v.hands[me][k]]
                ed.give[held[0]] = 1
                ed.get[(held[0] + 2) % 5] = 2
                table.model.dialog = ed
            once("16-trade", table.model.action_enabled("trade") and v.turn > 20, open_trade)

            def open_bank():
                bd = dialogs.BankDialog(table.play)
                bd.give = next(c[2] for c in table.model.legal if c[0] == "maritime")
                bd.get = (bd.give + 1) % 5
                table.model.dialog = bd
            once("17-bank", "maritime" in kinds, open_bank)
            held_dev = [k for k in (2, 3, 0, 1) if v.dev[me][k]]
            if held_dev:
                def open_dev():
                    dd = dialogs.DevCardDialog(table.play, held_dev[0])
                    dd.picks = [1, 4] if held_dev[0] == 2 else [3]
                    table.model.dialog = dd
                once("18-dev-card", True, open_dev)
            once("20-midgame", v.turn >= 90)

            def hover_harbor():
                x, y = table.ui.board.harbor_pos(1)
                table.model.mouse = (int(x), int(y))
                controls.update_hover(table.model, table.ui, table.play)
            once("21-harbor-tip", v.turn >= 30, hover_harbor)
        exclude = ("offer",) if steps % 10 else ()          # bots offer trades far too often
        cmd = bot.player(me, exclude).choose(table.c.auth.state)
        table.model.flying = []          # (the real loop expires these in update())
        if v.phase != GAME_OVER and not table.play.submit(cmd):
            raise SystemExit(f"the engine refused the bot's command {cmd!r}")
        if cmd[0] == "roll" and len(table.model.flying) >= 3 and "19-production" not in taken:
            taken.add("19-production")
            table.model.dice_until = 0.0           # dice settled, cards half-way to their owners
            now = time.monotonic()
            table.model.flying = [(now - 0.45 - 0.04 * i, kind, a, b) for i, (_, kind, a, b) in enumerate(table.model.flying)]
            save("19-production")
    if isinstance(app.scene, EndScene):
        save("31-end")
    pygame.quit()
    return saved


def shoot_ck(out, w, h, lang, seed=5, players=4):
    import pygame

    from game.bots.random_bot import RandomSeats
    from game.client.controller import HotseatController
    from game.client.table import ckdialogs, dialogs
    from game.client.table.scene import TableScene
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config
    from game.engine.constants import PROGRESS_NAMES
    from game.engine.state import DECIDE, GAME_OVER, MAIN, ROLL, SETUP_SETTLEMENT

    app, save_frame, saved = window(out, w, h, lang, "-ck")
    names = ["Anna", "Bram", "Cees", "Dirk"][:players]
    c = HotseatController(default_config(rules="ck", players=players, seed=seed), names,
                          [rgb for _, rgb in PLAYER_COLOURS[:players]])
    table = TableScene(app, c)
    app.push(table)
    taken = set()

    def save(name):
        table.model.dice_until = table.model.glow_until = 0.0
        table.model.flying = []
        save_frame(name)

    def once(name, ready, prepare=None):
        if name in taken or not ready:
            return
        taken.add(name)
        old = table.model.dialog, table.model.mode, table.model.knight
        table.play.update_pick()
        if prepare:
            prepare()
        save(name)
        if prepare:
            table.model.dialog, table.model.mode, table.model.knight = old
            table.play.update_pick()

    def hover(kind, spot):
        pos = table.ui.board.target_pos(kind, spot)
        table.model.mouse = (int(pos[0]), int(pos[1]))
        table.model.hover_spot = spot

    bot = RandomSeats(seed)
    steps = 0
    while steps < 30000:
        steps += 1
        if table.model.game_over_at is not None:
            save("ck-40-game-over")
            table.play.show_results()
            save_frame("ck-41-end")
            break
        if table.model.curtain_for is not None:
            if "ck-01-curtain" not in taken:
                taken.add("ck-01-curtain")
                save("ck-01-curtain")
            table.play.reveal()
            continue
        v, me = table.model.view, table.model.viewer
        kinds = table.model.legal_kinds()
        if v.phase == SETUP_SETTLEMENT and "place_city" in kinds:
            def hover_city():
                spot = sorted(table.model.pick[1])[len(table.model.pick[1]) // 2]
                hover("node", spot)
            once("ck-02-setup-city", True, hover_city)
        if v.phase == DECIDE and isinstance(table.model.dialog, ckdialogs.Chooser):
            d = table.model.dialog
            if d.name in ("wedding", "saboteur", "master_merchant"):
                opts = d.options()
                prep = (lambda o=opts[0]: d.sel.__setitem__(slice(None), list(o))) if opts else None
            else:
                prep = None
            once(f"ck-20-decide-{v.pending['kind']}", True, prep)
        if v.phase == ROLL and v.prog[me][0] and any(c[0] == "progress" for c in table.model.legal):
            def alchemist():
                table.play.open_progress(0)
                table.model.dialog.chosen = [4]          # the white die chosen, the red one asked
            once("ck-31-progress-alchemist", True, alchemist)
        if v.phase == MAIN and me == v.current:
            knights = [n for n in range(len(v.knight_owner)) if v.knight_owner[n] == me and table.model.knight_commands(n)]
            if knights and v.turn > 30:
                def select():
                    table.play.select_knight(knights[0])
                    dests = sorted(table.model.pick[1]) if table.model.pick else []
                    if dests:
                        hover("node", dests[0])
                once("ck-10-knight-selected", True, select)
            once("ck-11-chart", v.turn > 60, lambda: setattr(table.model, "dialog", ckdialogs.ChartDialog(table.play)))
            for mode in ("recruit_knight", "build_wall"):
                if mode in kinds:
                    def pick_mode(m=mode):
                        table.model.mode = m
                        table.play.update_pick()
                        hover("node", sorted(table.model.pick[1])[0])
                    once(f"ck-12-mode-{mode}", True, pick_mode)
            if "maritime" in kinds and sum(v.hands[me][5:]) > 0:
                def open_bank():
                    bd = dialogs.BankDialog(table.play)
                    bd.give = next(c[2] for c in table.model.legal if c[0] == "maritime")
                    bd.get = 6 if bd.give != 6 else 7
                    table.model.dialog = bd
                once("ck-13-bank", True, open_bank)
            if table.model.action_enabled("trade") and sum(v.hands[me]) >= 3 and v.turn > 40:
                def open_trade():
                    ed = dialogs.TradeEditor(table.play)
                    held = [k for k in range(8) if v.hands[me][k]]
                    ed.give[held[-1]] = 1
                    ed.get[(held[-1] + 3) % 8] = 1
                    table.model.dialog = ed
                once("ck-14-trade", True, open_trade)
            held = [k for k in range(25) if v.prog[me][k]]
            for card in held:
                name = PROGRESS_NAMES[card]
                playable = any(c[0] == "progress" and c[2] == card for c in table.model.legal)
                if playable:
                    def open_card(card=card):
                        table.play.open_progress(card)
                        d = table.model.dialog
                        if not d.modal and table.model.pick and table.model.pick[1]:
                            hover(table.model.pick[0], sorted(table.model.pick[1])[0])
                    once(f"ck-30-progress-{name}", True, open_card)
            once("ck-15-midgame", v.turn >= 150)
            once("ck-16-late", v.turn >= 300)
        cmd = bot.player(me, ("offer",)).choose(c.auth.state)
        if v.phase == GAME_OVER:
            continue
        before = len(c.auth.log)
        table.play.submit(cmd)
        if len(c.auth.log) != before + 1:
            raise SystemExit(f"the engine refused the bot's command {cmd!r}")
        if any(e[0] == "barbarians_attack" for e in c.auth.log[-1].events) and "ck-21-attack" not in taken:
            taken.add("ck-21-attack")
            if table.model.curtain_for is None:
                save("ck-21-attack")
    pygame.quit()
    return saved
