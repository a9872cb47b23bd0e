"""Screenshots of the table's looks (issue 10): the title scene, names in four
scripts, thrown dice, a 7 with a discard chosen by clicks, a trade as card
pictures; into <out>/<W>x<H>-<lang>-looks/ (run by tools.screenshot --rules looks)."""

from tools.screenshot import window


LOOKS_SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
WORLD_NAMES = ["李小龙", "محمد علي", "Борис", "Zoë 🦊"]


def shoot_looks(out, w, h, lang, seed=5):
    """The table's looks (issue 10) into <out>/<W>x<H>-<lang>-looks/: a C&K
    mid-game with names in four scripts, the dice being thrown, a 7 with a
    discard chosen by clicks, a trade offer and its answer as card pictures,
    and the title scene."""
    import time

    import pygame

    from game.bots.random_bot import RandomBot
    from game.client.controller import HotseatController
    from game.client.scenes import dialogs
    from game.client.scenes.menu import MenuScene
    from game.client.scenes.table import TableScene
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config
    from game.engine.state import MAIN, ROLL

    app, save, saved = window(out, w, h, lang, "-looks")

    app.push(MenuScene(app))
    save("looks-00-title")
    c = HotseatController(default_config(rules="ck", players=4, seed=seed), WORLD_NAMES,
                          [rgb for _, rgb in PLAYER_COLOURS[:4]])
    table = TableScene(app, c)
    app.push(table)
    save("looks-01-curtain")
    bot = RandomBot(seed)
    taken = set()
    for step in range(30000):
        if table.game_over_at is not None or len(taken) == 5:
            break
        if table.curtain_for is not None:
            table.reveal()
            continue
        v, me = table.view, table.viewer
        table.dice_until = table.glow_until = 0.0
        table.flying = []
        if "discard" not in taken and isinstance(table.dialog, dialogs.DiscardDialog):
            taken.add("discard")
            d = table.dialog
            d.sel[max(range(len(d.sel)), key=lambda k: v.hands[me][k])] = 1
            save("looks-03-seven-discard")
            d.sel = [0] * len(d.sel)
        if "answer" not in taken and isinstance(table.dialog, dialogs.AnswerDialog):
            taken.add("answer")
            save("looks-05-trade-answer")
        if v.phase == MAIN and me == v.current and v.turn > 40 and "trade" not in taken \
                and table.action_enabled("trade"):
            taken.add("trade")
            ed = dialogs.TradeEditor(table)
            held = [k for k in range(len(v.hands[me])) if v.hands[me][k]]
            ed.give[held[0]] = 1
            ed.get[(held[0] + 2) % 5] = 2
            table.dialog = ed
            save("looks-04-trade-offer")
            table.dialog = None
        if v.phase == MAIN and v.turn >= 120 and "midgame" not in taken:
            taken.add("midgame")
            save("looks-02-midgame-names")
        if v.phase == ROLL and me == v.current and v.turn > 60 and "dice" not in taken:
            taken.add("dice")
            table.submit(("roll", me))
            if table.curtain_for is None:
                table.dice_until = time.monotonic() + 0.3
                table.flying = []
                save("looks-06-dice-thrown")
                table.dice_until = 0.0
            continue
        exclude = ("offer",) if step % 10 else ()
        cmd = bot.choose(table.c.auth.state, me, exclude) or bot.choose(table.c.auth.state, me)
        if not table.submit(cmd):
            raise SystemExit(f"the engine refused the bot's command {cmd!r}")
    pygame.quit()
    return saved
