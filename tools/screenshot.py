"""Save PNGs of every scene and the table's key dialogs (headless).

    python -m tools.screenshot --out shots

Writes <out>/<W>x<H>-<lang>/<name>.png at 1280x720 and 1920x1080 in English,
and 1280x720 in Dutch.  The game screens come from one seeded game played by
random bots through the table (commands submitted as the table's own buttons
would); each screen is saved the first time it occurs.
"""

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"))


def shoot(out, w, h, lang, seed=4):
    import pygame

    from game.bots.random_bot import RandomBot
    from game.client.app import App
    from game.client.scenes import dialogs
    from game.client.scenes.end import EndScene
    from game.client.scenes.menu import MenuScene
    from game.client.scenes.newgame import NewGameScene
    from game.client.scenes.settings_scene import SettingsScene
    from game.client.settings import DEFAULTS
    from game.engine.state import GAME_OVER, MAIN, ROBBER, SETUP_SETTLEMENT

    folder = os.path.join(out, f"{w}x{h}-{lang}")
    os.makedirs(folder, exist_ok=True)
    app = App((w, h), fullscreen=False, prefs=dict(DEFAULTS, language=lang, muted=True))
    saved = []

    def save(name):
        app.dirty = True
        app.step([])
        path = os.path.join(folder, name + ".png")
        pygame.image.save(app.screen, path)
        saved.append(path)

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
            import time
            taken.add("19-production")
            table.dice_until = 0.0           # dice settled, cards half-way to their owners
            now = time.monotonic()
            table.flying = [(now - 0.45 - 0.04 * i, kind, a, b) for i, (_, kind, a, b) in enumerate(table.flying)]
            save("19-production")
    if isinstance(app.scene, EndScene):
        save("31-end")
    pygame.quit()
    return saved


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="shots")
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args(argv)
    total = 0
    for w, h, lang in SIZES:
        saved = shoot(args.out, w, h, lang, args.seed)
        total += len(saved)
        print(f"{w}x{h} {lang}: {len(saved)} screens in {os.path.dirname(saved[0])}")
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
