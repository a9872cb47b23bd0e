"""Screens of one seeded base game and one Cities & Knights game played by
random bots through the table: the menus, every table scene and decision
dialog as it first comes up, the end screen."""

import time

from tools.screens.window import window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"))


def shoot_base(out, w, h, lang, seed=4):
    import pygame

    from game.bots.random_bot import RandomBot
    from game.client.scenes import dialogs
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
    bot = RandomBot(seed)
    taken = set()

    def once(name, ready, prepare=None):
        if name in taken or not ready:
            return
        taken.add(name)
        old = table.dialog, table.mode
        table.dice_until = table.glow_until = 0.0     # still frames: real dice faces, no fly-outs
        table.flying = []
        table._update_pick()
        if prepare:
            prepare()
        save(name)
        if prepare:
            table.dialog, table.mode = old
            table._update_pick()

    def hover_first():
        if table.pick and table.pick[1]:
            spot = sorted(table.pick[1])[len(table.pick[1]) // 2]
            pos = table.board.target_pos(table.pick[0], spot)
            table.mouse = (int(pos[0]), int(pos[1]))
            table.hover_spot = spot

    steps = 0
    while app.scene is table and steps < 20000:
        steps += 1
        if table.game_over_at is not None:
            save("30-game-over")
            table.show_results()
            break
        if table.curtain_for is not None:
            table.reveal()
            continue
        v, me = table.view, table.viewer
        kinds = table.legal_kinds()
        once("05-setup-settlement", v.phase == SETUP_SETTLEMENT and v.turn == 0 and
             sum(1 for o in v.node_owner if o != -1) >= 3, hover_first)
        once("10-robber", v.phase == ROBBER, hover_first)
        once("11-discard", isinstance(table.dialog, dialogs.DiscardDialog),
             lambda: table.dialog.sel.__setitem__(max(range(5), key=lambda k: v.hands[me][k]), 1))
        once("12-steal", isinstance(table.dialog, dialogs.StealDialog))
        once("13-answer", isinstance(table.dialog, dialogs.AnswerDialog))
        once("14-responses", isinstance(table.dialog, dialogs.ResponsesDialog))
        if v.phase == MAIN and v.turn > 12:
            once("15-build-road", "build_road" in kinds,
                 lambda: (setattr(table, "mode", "build_road"), table._update_pick(), hover_first()))

            def open_trade():
                ed = dialogs.TradeEditor(table)
                held = [k for k in range(5) if v.hands[me][k]]
                ed.give[held[0]] = 1
                ed.get[(held[0] + 2) % 5] = 2
                table.dialog = ed
            once("16-trade", table.action_enabled("trade") and v.turn > 20, open_trade)

            def open_bank():
                bd = dialogs.BankDialog(table)
                bd.give = next(c[2] for c in table.legal if c[0] == "maritime")
                bd.get = (bd.give + 1) % 5
                table.dialog = bd
            once("17-bank", "maritime" in kinds, open_bank)
            held_dev = [k for k in (2, 3, 0, 1) if v.dev[me][k]]
            if held_dev:
                def open_dev():
                    dd = dialogs.DevCardDialog(table, held_dev[0])
                    dd.picks = [1, 4] if held_dev[0] == 2 else [3]
                    table.dialog = dd
                once("18-dev-card", True, open_dev)
            once("20-midgame", v.turn >= 90)

            def hover_harbor():
                x, y = table.board.harbor_pos(1)
                table.mouse = (int(x), int(y))
                table._update_hover()
            once("21-harbor-tip", v.turn >= 30, hover_harbor)
        exclude = ("offer",) if steps % 10 else ()          # bots offer trades far too often
        cmd = bot.choose(table.c.auth.state, me, exclude) or bot.choose(table.c.auth.state, me)
        table.flying = []          # (the real loop expires these in update())
        if v.phase != GAME_OVER and not table.submit(cmd):
            raise SystemExit(f"the engine refused the bot's command {cmd!r}")
        if cmd[0] == "roll" and len(table.flying) >= 3 and "19-production" not in taken:
            taken.add("19-production")
            table.dice_until = 0.0           # dice settled, cards half-way to their owners
            now = time.monotonic()
            table.flying = [(now - 0.45 - 0.04 * i, kind, a, b) for i, (_, kind, a, b) in enumerate(table.flying)]
            save("19-production")
    if isinstance(app.scene, EndScene):
        save("31-end")
    pygame.quit()
    return saved


def shoot_ck(out, w, h, lang, seed=5, players=4):
    import pygame

    from game.bots.random_bot import RandomBot
    from game.client.controller import HotseatController
    from game.client.scenes import ckdialogs, dialogs
    from game.client.scenes.table import TableScene
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
        table.dice_until = table.glow_until = 0.0
        table.flying = []
        save_frame(name)

    def once(name, ready, prepare=None):
        if name in taken or not ready:
            return
        taken.add(name)
        old = table.dialog, table.mode, table.knight
        table._update_pick()
        if prepare:
            prepare()
        save(name)
        if prepare:
            table.dialog, table.mode, table.knight = old
            table._update_pick()

    def hover(kind, spot):
        pos = table.board.target_pos(kind, spot)
        table.mouse = (int(pos[0]), int(pos[1]))
        table.hover_spot = spot

    bot = RandomBot(seed)
    steps = 0
    while steps < 30000:
        steps += 1
        if table.game_over_at is not None:
            save("ck-40-game-over")
            table.show_results()
            save_frame("ck-41-end")
            break
        if table.curtain_for is not None:
            if "ck-01-curtain" not in taken:
                taken.add("ck-01-curtain")
                save("ck-01-curtain")
            table.reveal()
            continue
        v, me = table.view, table.viewer
        kinds = table.legal_kinds()
        if v.phase == SETUP_SETTLEMENT and "place_city" in kinds:
            def hover_city():
                spot = sorted(table.pick[1])[len(table.pick[1]) // 2]
                hover("node", spot)
            once("ck-02-setup-city", True, hover_city)
        if v.phase == DECIDE and isinstance(table.dialog, ckdialogs.Chooser):
            d = table.dialog
            if d.name in ("wedding", "saboteur", "master_merchant"):
                opts = d.options()
                prep = (lambda o=opts[0]: d.sel.__setitem__(slice(None), list(o))) if opts else None
            else:
                prep = None
            once(f"ck-20-decide-{v.pending['kind']}", True, prep)
        if v.phase == ROLL and v.prog[me][0] and any(c[0] == "progress" for c in table.legal):
            def alchemist():
                table.open_progress(0)
                table.dialog.chosen = [4]          # the white die chosen, the red one asked
            once("ck-31-progress-alchemist", True, alchemist)
        if v.phase == MAIN and me == v.current:
            knights = [n for n in range(54) if v.knight_owner[n] == me and table.knight_commands(n)]
            if knights and v.turn > 30:
                def select():
                    table.select_knight(knights[0])
                    dests = sorted(table.pick[1]) if table.pick else []
                    if dests:
                        hover("node", dests[0])
                once("ck-10-knight-selected", True, select)
            once("ck-11-chart", v.turn > 60, lambda: setattr(table, "dialog", ckdialogs.ChartDialog(table)))
            for mode in ("recruit_knight", "build_wall"):
                if mode in kinds:
                    def pick_mode(m=mode):
                        table.mode = m
                        table._update_pick()
                        hover("node", sorted(table.pick[1])[0])
                    once(f"ck-12-mode-{mode}", True, pick_mode)
            if "maritime" in kinds and sum(v.hands[me][5:]) > 0:
                def open_bank():
                    bd = dialogs.BankDialog(table)
                    bd.give = next(c[2] for c in table.legal if c[0] == "maritime")
                    bd.get = 6 if bd.give != 6 else 7
                    table.dialog = bd
                once("ck-13-bank", True, open_bank)
            if table.action_enabled("trade") and sum(v.hands[me]) >= 3 and v.turn > 40:
                def open_trade():
                    ed = dialogs.TradeEditor(table)
                    held = [k for k in range(8) if v.hands[me][k]]
                    ed.give[held[-1]] = 1
                    ed.get[(held[-1] + 3) % 8] = 1
                    table.dialog = ed
                once("ck-14-trade", True, open_trade)
            held = [k for k in range(25) if v.prog[me][k]]
            for card in held:
                name = PROGRESS_NAMES[card]
                playable = any(c[0] == "progress" and c[2] == card for c in table.legal)
                if playable:
                    def open_card(card=card):
                        table.open_progress(card)
                        d = table.dialog
                        if not d.modal and table.pick and table.pick[1]:
                            hover(table.pick[0], sorted(table.pick[1])[0])
                    once(f"ck-30-progress-{name}", True, open_card)
            once("ck-15-midgame", v.turn >= 150)
            once("ck-16-late", v.turn >= 300)
        cmd = bot.choose(c.auth.state, me, ("offer",)) or bot.choose(c.auth.state, me)
        if v.phase == GAME_OVER:
            continue
        before = len(c.auth.log)
        table.submit(cmd)
        if len(c.auth.log) != before + 1:
            raise SystemExit(f"the engine refused the bot's command {cmd!r}")
        if any(e[0] == "barbarians_attack" for e in c.auth.log[-1].events) and "ck-21-attack" not in taken:
            taken.add("ck-21-attack")
            if table.curtain_for is None:
                save("ck-21-attack")
    pygame.quit()
    return saved
