"""Helpers of the client tests: bot-played games, saved as the client
saves them; a headless window, a hot-seat table on it, and waiting while
the windows run."""

import os

from game import saves
from game.bots.random_bot import RandomSeats
from game.engine import default_config
from game.engine.codec import state_hash
from game.engine.match import Authority
from game.engine.state import GAME_OVER
from wait_helpers import WAIT, wait_until

NAMES = ["Ann", "Bo", "Cas", "Dirk"]
COLOURS = [(200, 40, 40), (40, 90, 200), (240, 240, 240), (230, 140, 20)]


def make_app(size=(1280, 720), lang="en", **prefs):
    """A headless game window, muted, in `lang`; `prefs` override other settings.
    Its LAN stays on loopback and advertises and looks for nothing (the join
    form's browser looked on every interface of the machine and outlived
    its test); make_lan_app for other LAN options."""
    from game.client import lan
    from game.client.app import App
    from game.client.settings import DEFAULTS
    settings = dict(DEFAULTS, language=lang, muted=True)
    settings.update(prefs)
    app = App(size, fullscreen=False, prefs=settings)
    app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], discovery=False)
    return app


def draw(app):
    """Draw one frame now, as the window does after a change; returns whether
    it did (not when the window has closed or holds no scene)."""
    app.dirty = True
    return app.step([])


def curtained_seats(app, table, steps):
    """Draw the hot-seat table frame by frame for at most `steps` frames, passing
    each curtain, and yield the seat whose hand each frame drew; asserts the
    privacy rule on the way: a hand is drawn only after its owner passed the
    curtain (unless it holds nothing secret).  The caller submits a command
    for the yielded seat; the loop ends when the game does."""
    from game.client.table.model import holds_secrets
    shown, curtain_seen = None, set()
    for _ in range(steps):
        if table.model.game_over_at is not None:
            return
        assert draw(app)
        if table.model.curtain_for is not None:
            assert table.ui.drawn_hand_seat is None
            curtain_seen.add(table.model.curtain_for)
            table.play.reveal()
            continue
        seat = table.ui.drawn_hand_seat
        assert seat == table.model.viewer
        if seat != shown:
            assert seat in curtain_seen or not holds_secrets(table.model.part, table.c.view(None), seat), \
                "a hand was shown without the curtain"
            curtain_seen.discard(seat)
            shown = seat
        yield seat


def make_lan_app(lang="en", size=(1280, 720), **options):
    """make_app for LAN tests: hosts on any free port and advertises nothing
    (advertising waits over a second for its announcements); with
    discovery=True it is found on 127.0.0.1 only.  `options` override those
    and the rest of lan.LanOptions (reconnect_for ...)."""
    from game.client import lan
    app = make_app(size, lang)
    app.lan_options = lan.LanOptions(**dict(dict(port=0, interfaces=["127.0.0.1"], discovery=False), **options))
    return app


def push_table(app, config=None, auth=None, names=None, colours=None, **controller):
    """A hot-seat table pushed onto `app`: a new game with `config`, or the game
    `auth` holds.  The seats are P0, P1, ... in the player colours unless
    `names` and `colours` are given; `controller` goes to HotseatController
    (autosave, computers)."""
    from game.client.controller import HotseatController
    from game.client.table.scene import TableScene
    from game.client.theme import PLAYER_COLOURS
    config = auth.config if auth is not None else config
    n = config["players"]
    names = names or [f"P{i}" for i in range(n)]
    colours = colours or [rgb for _, rgb in PLAYER_COLOURS]
    table = TableScene(app, HotseatController(config, names[:n], colours[:n], auth=auth, **controller))
    app.push(table)
    return table


def bot_game(rules="base", seed=3, players=3, stop=None, until=None):
    """An Authority after random bots played until the end, `stop` moves,
    or `until(auth)` is true; returns (auth, state hashes after each move)."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bot, hashes = RandomSeats(seed), []
    while auth.state.phase != GAME_OVER and (stop is None or len(auth.log) < stop):
        if until is not None and until(auth):
            break
        state = auth.state
        seat = bot.pick_seat(state)
        auth.submit(bot.player(seat, ("offer",)).choose(state))
        hashes.append(state_hash(auth.state))
    return auth, hashes


def save_game(auth, hashes, folder):
    """Write `auth`'s game as a hot-seat autosave; returns the path."""
    players = [{"name": n, "colour": list(c)} for n, c in zip(NAMES, COLOURS)][:auth.state.n]
    path = os.path.join(folder, f"game-{len(auth.log)}{saves.SUFFIX}")
    saves.Autosaver(auth, path, players=players, hashes=hashes).record()
    return path


def run_until(apps, predicate, timeout=WAIT, sessions=()):
    """Step the windows (and poll the LAN sessions) until `predicate()` holds;
    False if it still does not after `timeout` seconds."""
    def step():
        for app in apps:
            app.step([])
        for session in sessions:
            session.poll()
    return wait_until(predicate, timeout, step)


def lan_table(app, config, host, guests, **session):
    """`host` hosts `config` from the window on loopback; a headless session
    per name of `guests` joins ready (`session`: their ClientSession options);
    the lobby starts, and once every guest has its view: (the hosted game,
    the window's LanTableScene, the guests' sessions).  The caller closes
    the sessions and the game (close_now)."""
    from game.client import lan
    from game.client.scenes.lan_table import LanTableScene
    from game.client.scenes.lobby import LobbyScene
    from net.session import ClientSession
    opts = lan.options(app)
    game = lan.host(config, "Spel", host, opts)
    joined = []
    for name in guests:
        guest = ClientSession(f"127.0.0.1:{game.port}", name, token_dir=opts.token_dir, **session)
        guest.connect()
        guest.set_lobby(ready=True)
        joined.append(guest)
    app.push(LobbyScene(app, game, game.session.poll()))
    lobby = app.scene
    assert run_until([app], lobby.can_start, sessions=joined)
    lobby.start()
    assert run_until([app], lambda: isinstance(app.scene, LanTableScene)
                     and all(g.view is not None for g in joined), sessions=joined)
    return game, app.scene, joined


def click_gui(app, key):
    """Click the scene's pygame_gui button `key` as a player would (it must be
    enabled); pygame_gui answers with an event of its own, which goes back to
    the same window."""
    import pygame
    button = app.scene.buttons[key]
    assert button.is_enabled, key
    pos = button.rect.center
    pygame.event.clear()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    app.step(pygame.event.get())


def dealt_lan_save(path: str, title: str, names, token_dir, then=None) -> None:
    """A LAN save at `path` of a dealt game (one seat per name) by a host
    that is not this window; each player's seat token in token_dir(name);
    then(hosting): what the host does to the running game before it closes."""
    from net.session import ClientSession, HostSession
    hosting = HostSession(default_config(players=len(names), seed=5), title, port=0, bind="127.0.0.1",
                          discovery=False, save_path=path)
    hosting.start()
    sessions = [ClientSession(f"127.0.0.1:{hosting.port}", name, token_dir=token_dir(name)) for name in names]
    try:
        for s in sessions:
            s.connect()
        # "seated": the token is saved on the player's laptop
        assert wait_until(lambda: all(s.seat is not None for s in sessions),
                          step=lambda: [s.poll() for s in sessions])
        hosting.start_game()
        assert wait_until(lambda: hosting.lobby()["state"] == "running")   # the fair deal: pledges, reveals
        if then is not None:
            then(hosting)
    finally:
        for s in sessions:
            s.close()
        hosting.close()
