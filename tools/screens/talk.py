"""Screens of table talk at a LAN table (game/client/table/talk.py): the
lobby's talk switches (the host's, and a guest's line of the rules), the
host's table with talk in the log (quick phrases in the reader's language,
a text, a watcher's words, a hostile text shown plain), the talk panel open
with a line being typed and the host's mute buttons, a refusal as a note,
and a player's table with the panel open while the host has muted them."""

import time

from tools.screens.window import close_all, scratch_folder, step_until, window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
# what the others type (the host's reader sees phrases in its own language)
TEXTS = {"en": "Who has ore for my wheat? I can give two.", "nl": "Wie heeft erts voor mijn graan? Ik geef er twee."}
HOSTILE = "Bram: \u202eI resign\u202c\x00\u200b" + "!" * 60     # controls, bidi, a long run: shown plain


def shoot(out, w, h, lang):
    """Into <out>/<W>x<H>-<lang>-talk/.  Everything runs on 127.0.0.1
    without discovery; seat tokens go to a temporary folder."""
    import pygame

    from game.bots.random_bot import RandomSeats
    from game.client import lan
    from game.client.lan import LanController
    from game.client.scenes.lan_table import LanTableScene
    from game.client.scenes.lobby import LobbyScene
    from game.client.scenes.menu import MenuScene
    from game.engine import default_config

    _, undo = scratch_folder(KOLONISTEN_HOME="")
    app, save, saved = window(out, w, h, lang, "-talk")
    app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], reconnect_for=5.0, discovery=False)
    opts = lan.options(app)
    closers = []

    def frames(until, timeout=15.0):
        step_until(app, until, "screens.talk", timeout)

    try:
        game = lan.host(default_config(players=3, seed=8), "Anna's game" if lang == "en" else "Spel van Anna",
                        "Anna", opts)
        closers.append(game.close)
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        lobby = app.scene
        game.hosting.set_allowed(watchers=True)
        port = game.port
        players = []
        for name in ("Bram", "Cees"):
            player = lan.join(f"127.0.0.1:{port}", name, opts)
            closers.append(player.close)
            player.session.set_lobby(ready=True)
            players.append(player)
        wendy = lan.join(f"127.0.0.1:{port}", "Wendy", opts, watch=True)
        closers.append(wendy.close)
        frames(lambda: lobby.can_start() and lobby.lan.watchers)
        # the lobby's talk switches: the host's (Bram and the watchers muted), and a guest's line of the rules
        bram_seat = [(seat or {}).get("name") for seat in lobby.lobby["seats"]].index("Bram")
        game.hosting.set_talk(mute=bram_seat)
        game.hosting.set_talk(watchers_muted=True)
        frames(lambda: lobby.talk.rules["watchers_muted"] and lobby.talk.rules["muted"])
        save("88-lobby-talk-host")
        app.push(LobbyScene(app, players[1], players[1].session.poll()))
        guest = app.scene
        frames(lambda: guest.talk.rules["muted"])
        save("89-lobby-talk-guest")
        app.pop()
        game.hosting.set_talk(unmute=bram_seat)
        game.hosting.set_talk(watchers_muted=False)
        frames(lambda: not lobby.talk.rules["watchers_muted"] and not lobby.talk.rules["muted"])
        lobby.start()
        frames(lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        bot = RandomSeats(3)
        for player in players:
            player.session.poll()

        def step(play=True):
            """One frame, and (with `play`) every player's move (at random) where due."""
            app.step([])
            wendy.session.poll()
            for player in players:
                s = player.session
                s.poll()
                if play and s.game.must_decide():
                    s.submit(bot.player(s.seat, ("offer",)).choose(s.view))
            if play and table.c.session.game.must_decide():
                table.play.submit(bot.player(table.c.seat, ("offer",)).choose(table.c.view(table.c.seat)))
            time.sleep(0.002)

        spoke = {}

        def talk(session, **words):
            """Say something (a second after the speaker's last words: the host's
            bound), and wait until the host's table shows it."""
            time.sleep(max(0.0, spoke.get(id(session), 0.0) + 1.05 - time.monotonic()))
            spoke[id(session)] = time.monotonic()
            told = len(table.talk.heard)
            session.say(**words)
            deadline = time.monotonic() + 10
            while len(table.talk.heard) == told and time.monotonic() < deadline:
                step(play=False)

        for _ in range(4000):
            step()
            if table.c.seq >= 30 and not table.c.session.game.must_decide():
                break
        bram, cees = players[0].session, players[1].session
        talk(bram, phrase="good_luck")
        talk(cees, phrase="wood")
        talk(bram, text=TEXTS[lang])
        talk(wendy.session, phrase="nice_move")
        talk(game.session, phrase="deal")
        talk(cees, text=HOSTILE)
        talk(bram, phrase="well_played")
        model = table.model
        model.flying, model.notes = [], []
        model.dice_until = model.glow_until = 0.0
        save("90-table-talk-in-the-log")
        # the host's panel: the phrases, a line being typed, talk on and who is muted
        game.hosting.set_talk(mute=players[1].session.seat)
        frames(lambda: players[1].session.seat in table.talk.lan.session.game.lobby["talk"]["muted"])
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c"))
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text="c"))
        for ch in TEXTS[lang][:26]:
            app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        save("91-talk-panel-host")
        # a refusal: the host's second message within a second
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        game.session.say(phrase="oops")
        game.session.say(phrase="oops")
        frames(lambda: model.notes)
        save("92-talk-refused")
        # the muted player's own table, its panel open
        app.push(LanTableScene(app, LanController(players[1], players[1].session.poll())))
        muted = app.scene
        frames(lambda: muted.c.seq >= table.c.seq)
        muted.model.flying, muted.model.notes = [], []
        muted.model.dice_until = muted.model.glow_until = 0.0
        muted.talk.toggle()
        save("93-talk-panel-muted")
    finally:
        close_all(closers)
        pygame.quit()
        undo()
    return saved
