"""Screens that explain the game: staged moments (a barbarian attack,
a 7, production), reasons on greyed buttons and unlit spots, the rules and
costs screen, the in-game menu, the replay of an unfinished game, and
taking a move back (Undo after a road, the log after it, a refused undo
after a card was bought; the C&K table's buttons with Undo).

    python -m tools.screens.shoot --rules explain --out shots

Writes <out>/<W>x<H>-<lang>-explain/<name>.png at 1280x720 and 1920x1080 in
English and Dutch.  The games are played by random bots; the table is fed
their commands one by one, as its own moves would come in."""

import os
import shutil
import tempfile

from tools.screens import states
from tools.screens.states import bot_game
from tools.screens.window import window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
NAMES = ["Anna", "Bram", "Cees", "Dirk"]


def shoot(out, w, h, lang):
    import pygame

    from game.client.scenes.game_menu import GameMenuScene
    from game.client.scenes.replay import ReplayScene
    from game.client.saved import Replay
    from game.client.scenes.rules_screen import RulesScreen
    from game.client.table.parts import part_for
    from game.client.theme import PLAYER_COLOURS
    from game import saves
    from game.engine.state import MAIN, SETUP_SETTLEMENT

    app, save, saved = window(out, w, h, lang, "-explain")

    def table_for(rules, auth_log, players, config):
        return states.table_for(app, auth_log, config, names=NAMES[:players])

    # a 7: discards, the robber, the theft (base game)
    auth = bot_game("base", 3, 3, stop=1500)
    found = states.seven_with_steal(auth)
    if found is not None:
        table = table_for("base", auth.log[:found[1] + 1], 3, auth.config)
        save("01-seven")
    # production after a roll, mid-game
    k = states.production_roll(auth)
    table = table_for("base", auth.log[:k + 1], 3, auth.config)
    save("02-production")
    # a greyed button says why (hover), an unlit spot says why (click)
    if table.model.view.phase == MAIN:
        for name in ("build_city", "build_settlement", "buy_dev", "build_road"):
            rect = table.ui.targets.rect(("why", name))
            if rect is not None:
                app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
                save("03-why-button")
                break
    setup = bot_game("base", 6, 3, stop=2)
    table = table_for("base", setup.log, 3, setup.config)
    if table.model.view.phase == SETUP_SETTLEMENT:
        built = next(n for n in range(len(table.model.view.node_owner)) if table.model.view.node_owner[n] != -1)
        x, y = table.ui.board.node_pos(table.ui.board.island.node_neighbors[built][0])
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1)])
        save("04-why-spot")
    # barbarian attacks (C&K): a lost battle and a Defender of Catan
    for seed, name in ((5, "05-attack-lost"), (9, "06-attack-defender"), (12, "07-attack-tie")):
        ck = bot_game("ck", seed, 3, stop=1500)
        want = {"05-attack-lost": "barbarians_win", "06-attack-defender": "defender",
                "07-attack-tie": "drew_progress"}[name]
        _, last = states.attack_record(ck, want)
        table = table_for("ck", ck.log[:last + 1], 3, ck.config)
        if table.model.stage.attack is not None:
            table.model.stage.attack.opened -= 60                  # every line revealed
        save(name)
    # rules and costs, the in-game menu
    app.reset_to(RulesScreen(app, part_for(auth.config)))
    save("08-rules-base")
    app.reset_to(RulesScreen(app, part_for(ck.config)))
    save("09-rules-ck")
    table = table_for("base", auth.log[:k + 1], 3, auth.config)
    table.model.stage.production = None
    app.push(GameMenuScene(app, table))
    save("10-game-menu")
    app.scene.leave()
    save("11-leave-confirm")
    # the replay of an unfinished game: public view only
    tmp = tempfile.mkdtemp(prefix="kolonisten-shots-")
    try:
        path = os.path.join(tmp, "unfinished" + saves.SUFFIX)
        players = [{"name": n, "colour": list(rgb)} for n, (_, rgb) in zip(NAMES, PLAYER_COLOURS[:3])]
        part = bot_game("base", 8, 3, stop=150)
        saver = saves.Autosaver(part, path, players=players, hashes=_hashes(part))
        saver.record()
        app.reset_to(ReplayScene(app, Replay(saves.load(path)), path))
        app.scene.go(150)
        save("12-replay-unfinished")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    shoot_undo(app, save, table_for)
    return saved


def shoot_undo(app, save, table_for):
    """A road built and taken back (the Undo button's tooltip, the log's
    line), Ctrl+Z refused after a development card was bought, and the
    C&K table's buttons with Undo lit."""
    import pygame

    from game.engine import legal_commands
    from game.engine.state import MAIN

    def can(kind):
        return lambda auth: auth.state.phase == MAIN and any(
            c[0] == kind for c in legal_commands(auth.state, auth.state.current))

    def move(table, kind):
        m = table.model
        cmd = next(c for c in m.legal if c[0] == kind)
        table.play.submit(cmd)
        settle_frames(app)

    def hover_undo(table):
        rect = table.ui.layout.buttons["undo"]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])

    def ctrl_z():
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")])

    auth = states.bot_game("base", 3, 3, until=can("build_road"), stop=3000)
    table = table_for("base", auth.log, 3, auth.config)
    move(table, "build_road")
    hover_undo(table)
    save("13-undo-road")
    ctrl_z()
    save("14-took-back")
    auth = states.bot_game("base", 5, 3, until=can("buy_dev"), stop=3000)
    table = table_for("base", auth.log, 3, auth.config)
    move(table, "buy_dev")
    ctrl_z()
    save("15-undo-refused")
    ck = states.bot_game("ck", 4, 3, until=can("build_road"), stop=3000)
    table = table_for("ck", ck.log, 3, ck.config)
    move(table, "build_road")
    hover_undo(table)
    save("16-undo-ck")


def settle_frames(app, frames=30):
    """Draw frames until the pieces have landed (the drop takes a moment)."""
    import time
    for _ in range(frames):
        app.step([])
        time.sleep(0.02)


def _hashes(auth):
    """The state hash after every command of `auth`'s log (replayed)."""
    from game.engine.codec import state_hash
    from game.engine.match import Authority
    again = Authority(auth.config)
    out = []
    for record in auth.log:
        again.submit(record.cmd)
        out.append(state_hash(again.state))
    return out
