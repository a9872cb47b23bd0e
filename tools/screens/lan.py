"""Screens of a game over the LAN: the host form, the list of games, the
lobby and the table over LAN."""

import os
import time

from tools.screens.window import close_all, scratch_folder, step_until, window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))


def shoot(out, w, h, lang):
    """The LAN screens into <out>/<W>x<H>-<lang>-lan/: the host form, the list
    of games found (a loopback host advertising; one game holds our seat),
    a refusal, the lobby as host and as guest, and the table over LAN
    (waiting for another player, an away player who must decide, our own
    link being re-established, what a roll of mixed dice says).  Everything runs on 127.0.0.1 with
    discovery on loopback only; seat tokens go to a temporary folder."""

    import pygame

    from game.bots.random_bot import RandomSeats
    from game.client import lan, lantext
    from game.client.scenes.lan_host import LanHostScene
    from game.client.scenes.lan_join import LanJoinScene
    from game.client.scenes.lan_table import LanTableScene
    from game.client.scenes.lobby import LobbyScene
    from game.client.scenes.menu import MenuScene
    from game.engine import default_config
    from net.session import ClientSession, HostSession
    from net.peer.tokens import TokenStore

    folder, undo = scratch_folder(KOLONISTEN_HOME="")     # the remembered name and seat tokens
    app, save, saved = window(out, w, h, lang, "-lan", ck_intro_seen=True)   # (the introduction: -tutorial)
    app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], reconnect_for=5.0)
    opts = lan.options(app)
    closers = []

    def frames(until, timeout=10.0):
        step_until(app, until, "screens.lan", timeout)

    def session(port, name, join_code=None):
        s = ClientSession(f"127.0.0.1:{port}", name, token_dir=opts.token_dir, reconnect_for=5.0,
                          join_code=join_code)
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
        game_name = "Anna's game" if lang == "en" else "Spel van Anna"
        form.game_entry.set_text(game_name)
        form.code_entry.set_text("4821-0937")          # as "New code" makes them (a fixed one: stable shots)
        save("70-host-form")
        form.host()
        frames(lambda: isinstance(app.scene, LobbyScene))
        host_lobby = app.scene
        hosting = host_lobby.lan.hosting
        closers.append(host_lobby.lan.close)
        port = hosting.port
        code = hosting.host.join_code
        bram = session(port, "Bram", code)
        # a copy of Anna's advert with another key, as a relay would show it
        copy = HostSession(default_config(players=4, seed=2), game_name, port=0, bind="127.0.0.1",
                           interfaces=["127.0.0.1"], key_dir=os.path.join(folder, "copy_key"))
        copy.start()
        closers.append(copy.close)
        bram.set_lobby(ready=True)
        # the list of games as Cees sees it
        lan.save_name("Cees")
        app.push(LanJoinScene(app))
        join = app.scene
        frames(lambda: len(join.games) >= 3)
        save("71-join-list")
        # Cees joins Anna's game; Dirk's typed address is refused once it is full
        cees = lan.join(f"127.0.0.1:{port}", "Cees", opts, join_code=code)
        closers.append(cees.close)
        dirk = session(port, "Dirk", code)
        join.address_entry.set_text(f"127.0.0.1:{port}")
        join.code_entry.set_text(code)
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
        table.model.dice_until = table.model.glow_until = 0.0
        # the others play as random bots; Dirk leaves while he must decide
        for s in (bram, cees.session, dirk):
            s.poll()                               # (a session learns its seat when polled)
        others = {s.seat: s for s in (bram, cees.session, dirk)}
        bot = RandomSeats(7)
        waiting_shot = False
        for _ in range(3000):
            app.step([])
            for s in others.values():
                s.poll()
            view = table.c.session.view
            if not waiting_shot and table.c.waiting_for() and sum(o != -1 for o in view.node_owner) >= 3:
                waiting_shot = True
                table.model.flying = []
                save("76-table-waiting")
            if waiting_shot and dirk.game.must_decide():
                closers.remove(dirk.close)
                dirk.close()                       # Dirk's laptop goes to sleep
                frames(lambda: table.c.away_deciders())
                table.model.flying = []
                save("77-table-away")
                break
            for seat, s in others.items():
                if s.game.must_decide():
                    s.submit(bot.player(seat, ("offer",)).choose(s.view))
            if table.c.session.game.must_decide():
                table.play.submit(bot.player(table.c.seat, ("offer",)).choose(view))
            time.sleep(0.002)
        table.c.link = "reconnecting"
        table.model.flying = []
        save("78-table-reconnecting")
        table.c.link = "ok"
        # what a roll of mixed dice says: a seat left out, and a failed check of a roll
        from game.client import theme
        from net.session import Verdict
        seq = table.c.seq
        notes = {"79-table-roll-without": lantext.roll_without_text({"seq": seq, "seats": {3: "away"}},
                                                                 table.model.names),
                 "80-table-roll-dropped": lantext.fair_text(Verdict(False, seq, "roll_dropped", "",
                                                                kind="roll"))[0],
                 "81-table-roll-reopened": lantext.roll_reopened_text({"roll": 12, "after_reveal": True}),
                 "81b-table-roll-late": lantext.roll_without_text({"seq": seq, "seats": {2: "late"}},
                                                              table.model.names)}
        for name, text in notes.items():        # one at a time, as a game shows them
            table.model.notes = []
            table.play.note(text, theme.BAD, 60.0)
            save(name)
    finally:
        close_all(closers)
        pygame.quit()
        undo()
    return saved
