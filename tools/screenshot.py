"""Save PNGs of every scene and the table's key dialogs (headless).

    python -m tools.screenshot --out shots

Writes <out>/<W>x<H>-<lang>/<name>.png at 1280x720 and 1920x1080 in English,
and 1280x720 in Dutch.  The game screens come from one seeded game played by
random bots through the table (commands submitted as the table's own buttons
would); each screen is saved the first time it occurs.  A Cities & Knights
game is shot the same way into <out>/<W>x<H>-<lang>-ck/ (knights, walls,
metropolises, the barbarians, the chart, progress cards and every decision
dialog that comes up).  The Load game scene, a resumed game and the replay
viewer go into <out>/<W>x<H>-<lang>-saves/ at both sizes in both languages;
the LAN screens (host form, list of games, lobby, the table over LAN) into
<out>/<W>x<H>-<lang>-lan/, also at both sizes in both languages; computer
seats (the form, the speed setting, a solo game against three computers, two
people and two computers) into <out>/<W>x<H>-<lang>-solo/; the table's looks
(tools/screenshot_looks.py) into <out>/<W>x<H>-<lang>-looks/; the menus and
forms (tools/screenshot_forms.py) into <out>/<W>x<H>-<lang>-forms/.
"""

import argparse
import os
import sys
import time

from tools.scratch import use_scratch_user_data

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

def window(out, w, h, lang, tag=""):
    """A window of w×h in `lang` for screenshots, and save(name), which draws a
    frame and writes it to <out>/<W>x<H>-<lang><tag>/<name>.png; returns
    (app, save, the paths saved so far)."""
    import pygame

    from game.client.app import App
    from game.client.settings import DEFAULTS

    folder = os.path.join(out, f"{w}x{h}-{lang}{tag}")
    os.makedirs(folder, exist_ok=True)
    app = App((w, h), fullscreen=False, prefs=dict(DEFAULTS, language=lang, muted=True))
    saved = []

    def save(name):
        app.dirty = True
        app.step([])
        path = os.path.join(folder, name + ".png")
        pygame.image.save(app.screen, path)
        saved.append(path)
    return app, save, saved


SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"))


def shoot(out, w, h, lang, seed=4):
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
    from game.client.app import App
    from game.client.controller import HotseatController
    from game.client.scenes import ckdialogs, dialogs
    from game.client.scenes.table import TableScene
    from game.client.settings import DEFAULTS
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config
    from game.engine.constants import PROGRESS_NAMES
    from game.engine.state import DECIDE, GAME_OVER, MAIN, ROLL, SETUP_SETTLEMENT

    folder = os.path.join(out, f"{w}x{h}-{lang}-ck")
    os.makedirs(folder, exist_ok=True)
    app = App((w, h), fullscreen=False, prefs=dict(DEFAULTS, language=lang, muted=True))
    names = ["Anna", "Bram", "Cees", "Dirk"][:players]
    c = HotseatController(default_config(rules="ck", players=players, seed=seed), names,
                          [rgb for _, rgb in PLAYER_COLOURS[:players]])
    table = TableScene(app, c)
    app.push(table)
    saved = []
    taken = set()

    def save(name):
        table.dice_until = table.glow_until = 0.0
        table.flying = []
        app.dirty = True
        app.step([])
        path = os.path.join(folder, name + ".png")
        pygame.image.save(app.screen, path)
        saved.append(path)

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
            app.dirty = True
            app.step([])
            path = os.path.join(folder, "ck-41-end.png")
            pygame.image.save(app.screen, path)
            saved.append(path)
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


SAVES_SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))


def shoot_saves(out, w, h, lang):
    """The Load game scene (with damaged files, the delete confirmation, a
    refusal), a resumed game and the replay viewer, into <out>/<W>x<H>-<lang>-saves/.
    The saves are made in a temporary folder, never the player's own."""
    import shutil
    import tempfile

    import msgpack
    import pygame

    from game import saves
    from game.bots.random_bot import RandomBot
    from game.client.app import App
    from game.client.controller import HotseatController
    from game.client.scenes.load import LoadScene
    from game.client.scenes.menu import MenuScene
    from game.client.settings import DEFAULTS
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config

    folder = os.path.join(out, f"{w}x{h}-{lang}-saves")
    os.makedirs(folder, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="kolonisten-shots-")
    old_dir = os.environ.get("KOLONISTEN_SAVE_DIR")
    os.environ["KOLONISTEN_SAVE_DIR"] = tmp
    saved = []
    try:
        app = App((w, h), fullscreen=False, prefs=dict(DEFAULTS, language=lang, muted=True))

        def save(name):
            app.dirty = True
            app.step([])
            path = os.path.join(folder, name + ".png")
            pygame.image.save(app.screen, path)
            saved.append(path)

        app.push(MenuScene(app))
        app.push(LoadScene(app))
        save("40-load-empty")
        app.pop()

        def play(rules, players, seed, names, stop=None, stamp=None):
            c = HotseatController(default_config(rules=rules, players=players, seed=seed), names,
                                  [rgb for _, rgb in PLAYER_COLOURS[:players]], autosave=True)
            bot = RandomBot(seed)
            while c.auth.state.phase != 9 and (stop is None or len(c.auth.log) < stop):
                st = c.auth.state
                seat = bot.pick_seat(st)
                c.submit(bot.choose(st, seat, ("offer",)) or bot.choose(st, seat))
            if stamp is not None:                 # spread the dates like real play
                game = saves.load(c.saver.path)
                game.updated = game.created = stamp
                saves.save(c.saver.path, game)
            return c.saver.path

        finished = play("base", 4, 4, ["Anna", "Bram", "Cees", "Dirk"], stamp=1_790_000_000)
        ck = play("ck", 3, 5, ["Marieke", "Jan-Willem", "Sanne"], stop=700, stamp=1_795_000_000)
        short = play("base", 2, 6, ["Ann", "Bo"], stop=90)
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
        table.reveal()
        save("61-resumed-table")
        pygame.quit()
    finally:
        if old_dir is None:
            os.environ.pop("KOLONISTEN_SAVE_DIR", None)
        else:
            os.environ["KOLONISTEN_SAVE_DIR"] = old_dir
        shutil.rmtree(tmp, ignore_errors=True)
    return saved


LAN_SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))


def step_until(app, until, who: str, timeout: float = 10.0) -> None:
    """Run the window's frames until `until()` holds (a LAN session answered,
    a scene opened); a run that never gets there stops with a message."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not until():
        app.step([])
        time.sleep(0.01)
    if not until():
        raise SystemExit(f"{who}: timed out on {app.scene.__class__.__name__}")


def shoot_lan(out, w, h, lang):
    """The LAN screens into <out>/<W>x<H>-<lang>-lan/: the host form, the list
    of games found (a loopback host advertising; one game holds our seat),
    a refusal, the lobby as host and as guest, and the table over LAN
    (waiting for another player, an away player who must decide, our own
    link being re-established).  Everything runs on 127.0.0.1 with
    discovery on loopback only; seat tokens go to a temporary folder."""
    import shutil
    import tempfile

    import pygame

    from game.bots.random_bot import RandomBot
    from game.client import lan
    from game.client.app import App
    from game.client.scenes.lan_host import LanHostScene
    from game.client.scenes.lan_join import LanJoinScene
    from game.client.scenes.lobby import LanTableScene, LobbyScene
    from game.client.scenes.menu import MenuScene
    from game.client.settings import DEFAULTS
    from game.engine import default_config
    from net.session import ClientSession, HostSession
    from net.peer.tokens import TokenStore

    folder = os.path.join(out, f"{w}x{h}-{lang}-lan")
    os.makedirs(folder, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="kolonisten-shots-")
    old_home = os.environ.get("KOLONISTEN_HOME")
    os.environ["KOLONISTEN_HOME"] = tmp           # the remembered name and seat tokens
    app = App((w, h), fullscreen=False, prefs=dict(DEFAULTS, language=lang, muted=True))
    app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], reconnect_for=5.0)
    opts = lan.options(app)
    saved, closers = [], []

    def save(name):
        app.dirty = True
        app.step([])
        path = os.path.join(folder, name + ".png")
        pygame.image.save(app.screen, path)
        saved.append(path)

    def frames(until, timeout=10.0):
        step_until(app, until, "shoot_lan", timeout)

    def session(port, name):
        s = ClientSession(f"127.0.0.1:{port}", name, token_dir=opts.token_dir, reconnect_for=5.0)
        s.connect()
        closers.append(s.close)
        return s

    try:
        # another game on the network, running, in which "Cees" holds seat 3
        other = HostSession(default_config(players=3, seed=1), "Bram's avond", port=0, bind="127.0.0.1",
                            interfaces=["127.0.0.1"])
        other_port = other.start()
        closers.append(other.close)
        for who in ("Bram", "Eva", "Fien"):
            session(other_port, who)
        other.start_game()
        TokenStore(opts.token_dir).save(other.fingerprint, other.host.game_id, "Cees", 2, "shots")
        # the host form, then Anna hosts a C&K game for four
        app.push(MenuScene(app))
        app.push(LanHostScene(app))
        form = app.scene
        form.name_entry.set_text("Anna")
        form.rules, form.vp = "ck", 13
        form.resize(app.size)
        form.game_entry.set_text("Anna's game" if lang == "en" else "Spel van Anna")
        save("70-host-form")
        form.host()
        frames(lambda: isinstance(app.scene, LobbyScene))
        host_lobby = app.scene
        hosting = host_lobby.lan.hosting
        closers.append(host_lobby.lan.close)
        port = hosting.port
        bram = session(port, "Bram")
        bram.set_lobby(ready=True)
        # the list of games as Cees sees it
        lan.save_name("Cees")
        app.push(LanJoinScene(app))
        join = app.scene
        frames(lambda: len(join.games) >= 2)
        save("71-join-list")
        # Cees joins Anna's game; Dirk's typed address is refused once it is full
        cees = lan.join(f"127.0.0.1:{port}", "Cees", opts)
        closers.append(cees.close)
        dirk = session(port, "Dirk")
        join.address_entry.set_text(f"127.0.0.1:{port}")
        join.join_address()
        frames(lambda: join.pending is None)
        save("72-join-refused")
        join.leave()
        # the lobby: Anna's (the host's), and Cees's with a refused colour
        frames(lambda: len(host_lobby.lobby["seats"]) > 1 and all(host_lobby.lobby["seats"])
               and host_lobby.lobby["seats"][1]["ready"])
        save("73-lobby-host")
        app.push(LobbyScene(app, cees, cees.session.poll()))
        guest = app.scene
        cees.session.set_lobby(colour="red")
        frames(lambda: guest.error)
        save("74-lobby-guest")
        app.pop()
        for s in (cees.session, dirk):
            s.set_lobby(ready=True)
        frames(lambda: host_lobby.can_start())
        save("75-lobby-all-ready")
        host_lobby.start()
        frames(lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        table.dice_until = table.glow_until = 0.0
        # the others play as random bots; Dirk leaves while he must decide
        for s in (bram, cees.session, dirk):
            s.poll()                               # (a session learns its seat when polled)
        others = {s.seat: s for s in (bram, cees.session, dirk)}
        bot = RandomBot(7)
        waiting_shot = False
        for _ in range(3000):
            app.step([])
            for s in others.values():
                s.poll()
            view = table.c.session.view
            if not waiting_shot and table.c.waiting_for() and sum(o != -1 for o in view.node_owner) >= 3:
                waiting_shot = True
                table.flying = []
                save("76-table-waiting")
            if waiting_shot and dirk.game.must_decide():
                closers.remove(dirk.close)
                dirk.close()                       # Dirk's laptop goes to sleep
                frames(lambda: table.c.away_deciders())
                table.flying = []
                save("77-table-away")
                break
            for seat, s in others.items():
                if s.game.must_decide():
                    s.submit(bot.choose(s.view, seat, ("offer",)) or bot.choose(s.view, seat))
            if table.c.session.game.must_decide():
                table.submit(bot.choose(view, table.c.seat, ("offer",)) or bot.choose(view, table.c.seat))
            time.sleep(0.002)
        table.c.link = "reconnecting"
        table.flying = []
        save("78-table-reconnecting")
        table.c.link = "ok"
    finally:
        for close in reversed(closers):
            try:
                close()
            except Exception:
                pass
        pygame.quit()
        if old_home is None:
            os.environ.pop("KOLONISTEN_HOME", None)
        else:
            os.environ["KOLONISTEN_HOME"] = old_home
        shutil.rmtree(tmp, ignore_errors=True)
    return saved


SOLO_SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"))


def shoot_solo(out, w, h, lang, seed=9):
    """Computer seats: the new-game form with computers, the settings with
    the computer speed, a solo game against three computers (the person's
    turn, a computer's turn, an answer to a computer's offer) and a game of
    two people and two computers while a computer plays (nobody's hand)."""
    import pygame

    from game.bots.random_bot import RandomBot
    from game.client.app import App
    from game.client.scenes import dialogs
    from game.client.scenes.menu import MenuScene
    from game.client.scenes.newgame import NewGameScene
    from game.client.scenes.settings_scene import SettingsScene
    from game.client.settings import DEFAULTS
    from game.engine import deciders
    from game.engine.state import MAIN

    folder = os.path.join(out, f"{w}x{h}-{lang}-solo")
    os.makedirs(folder, exist_ok=True)
    saved = []

    def save(app, name):
        computers = getattr(app.scene, "computers", None)
        if computers is not None:
            computers.hold = True             # the frame as it is, no computer moving first
        app.dirty = True
        app.step([])
        if computers is not None:
            computers.hold = False
        path = os.path.join(folder, name + ".png")
        pygame.image.save(app.screen, path)
        saved.append(path)

    for kinds, tag in (([None, "easy", "medium", "hard"], "solo"), ([None, "medium", None, "hard"], "two")):
        app = App((w, h), fullscreen=False, prefs=dict(DEFAULTS, language=lang, muted=True,
                                                        computer_speed="instant"))
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
        bot = RandomBot(seed)
        taken = set()
        for step in range(20000):
            if table.game_over_at is not None or len(taken) >= 3:
                break
            app.step([])
            if table.curtain_for is not None:
                table.reveal()
                continue
            v = table.c.auth.state
            table.dice_until = table.glow_until = 0.0
            table.flying = []
            if v.turn >= 24 and table.computers_playing() and "computer" not in taken:
                taken.add("computer")
                save(app, f"10-{tag}-computer-turn")      # as a computer is about to move
            me = table.viewer
            if me is None or me not in deciders(v) or not table.legal:
                continue
            if isinstance(table.dialog, dialogs.AnswerDialog) and "answer" not in taken:
                taken.add("answer")
                save(app, f"11-{tag}-answer-computer")
            if v.phase == MAIN and v.current == me and v.turn >= 30 and "own" not in taken:
                taken.add("own")
                save(app, f"12-{tag}-own-turn")
            cmd = bot.choose(v, me, ("offer",) if step % 7 else ())
            table.submit(cmd)
    pygame.quit()
    return saved


def main(argv=None) -> int:
    use_scratch_user_data()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="shots")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--rules", choices=("base", "ck", "both", "saves", "lan", "solo", "clarity", "looks", "forms"),
                    default="both",
                    help="which screens: base, ck, saves (load game and replay), lan (host, join, "
                         "lobby, LAN table), solo (computer seats), clarity (staged moments, reasons, "
                         "rules, in-game menu), looks (title, names in four scripts, dice, a 7, a "
                         "trade), forms (menus and forms with names in four scripts, the in-game menu "
                         "hot-seat and LAN) or both (everything)")
    args = ap.parse_args(argv)
    from tools.screenshot_clarity import SIZES as CLARITY_SIZES, shoot_clarity
    from tools.screenshot_forms import SIZES as FORMS_SIZES, shoot_forms
    from tools.screenshot_looks import LOOKS_SIZES, shoot_looks
    families = (            # (--rules choice, sizes and languages, shoot(out, w, h, lang), label)
        ("solo", SOLO_SIZES, shoot_solo, " computers"),
        ("looks", LOOKS_SIZES, shoot_looks, " looks"),
        ("forms", FORMS_SIZES, shoot_forms, " forms"),
        ("clarity", CLARITY_SIZES, shoot_clarity, " clarity"),
        ("lan", LAN_SIZES, shoot_lan, " LAN"),
        ("saves", SAVES_SIZES, shoot_saves, " saves"),
        ("ck", SIZES, shoot_ck, " C&K"),
        ("base", SIZES, lambda out, w, h, lang: shoot(out, w, h, lang, args.seed), ""),
    )
    total = 0
    for rules, sizes, shoot_family, label in families:
        for w, h, lang in sizes if args.rules in (rules, "both") else ():
            saved = shoot_family(args.out, w, h, lang)
            total += len(saved)
            print(f"{w}x{h} {lang}{label}: {len(saved)} screens in {os.path.dirname(saved[0])}")
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
