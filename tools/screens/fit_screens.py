"""Every screen and main dialog, made on demand for the text checker
(tools/screens/fit.py) and the scale's screenshots (tools/screens/scale.py).

`SCREENS` maps a name to make(app, games), which leaves the screen on the
window; `games` (states.Games) keeps the bot games they are cut from and
the LAN game and saves some of them need (`Extras`), each made once.
`problems(app, probe)` draws the screen on the window once under the probe
and returns what does not fit.

    python -m tools.screens.fit_screens [--lang nl] [--size 1280x720] [--scale 150] [NAME ...]

prints each screen's problems at each scale (all by default);
`python -m tools.screens.fit_more` does the same for the screens of
tools/screens/fit_more.py (the review, the guided game, the larger and
resumed lobbies, the LAN table's own additions)."""

import argparse
import copy
import os
import sys

from tools.screens import six, states

SIZES = ((1280, 720), (1920, 1080))
LANGS = ("en", "nl")
NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Femke"]


# --- what the screens need besides the table's games ---------------------------------------------
class Extras(states.Games):
    """The bot games (states.Games), saved games for the load list and the
    replay, and one LAN game hosted on 127.0.0.1 with three guests."""

    def __init__(self):
        super().__init__()
        self.closers = []

    def saves(self):
        return self.get(("saves",), self._make_saves)

    def _make_saves(self):
        from game.bots.loop import Table
        from game.bots.random_bot import random_table
        from game.client.controller import HotseatController
        from game.client.theme import PLAYER_COLOURS
        from game.engine import default_config
        from tools.screens.window import scratch_folder
        folder, undo = scratch_folder(KOLONISTEN_SAVE_DIR="")
        self.closers.append(undo)
        paths = {}
        for name, rules, players, seed, stop in (("base", "base", 4, 4, None), ("ck-six", "ck", 6, 7, 600)):
            c = HotseatController(default_config(rules=rules, players=players, seed=seed), NAMES[:players],
                                  [rgb for _, rgb in PLAYER_COLOURS[:players]], autosave=True,
                                  computers=None if players < 6 else [None, "hard", "medium", "easy", "medium", "hard"])
            bots, order = random_table(seed, players, avoid=("offer",))
            table = Table(bots, lambda: c.auth.state, c.submit, view=lambda seat: c.auth.state, order=order)
            table.run(until=lambda: stop is not None and len(c.auth.log) >= stop)
            paths[name] = c.saver.path
        return folder, paths

    def lan_game(self, app):
        """(the hosted game, its lobby's first events), guests ready."""
        def make():
            from game.client import lan
            from game.engine import default_config
            from net.session import ClientSession
            app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], reconnect_for=5.0, discovery=False)
            opts = lan.options(app)
            game = lan.host(default_config(players=4, seed=12), "Anna & Bram", NAMES[0], opts)
            self.closers.append(lambda: game.close().wait(10))
            for name in NAMES[1:4]:
                s = ClientSession(f"127.0.0.1:{game.port}", name, token_dir=opts.token_dir)
                s.connect()
                self.closers.append(s.close)
                s.set_lobby(ready=True)
            return game
        return self.get(("lan",), make)

    def close(self):
        from tools.screens.window import close_all
        close_all(self.closers)
        self.closers = []


# --- the screens ---------------------------------------------------------------------------------
def _gui(name):
    def make(app, games):
        from game.client.scenes.menu import MenuScene
        app.reset_to(MenuScene(app))
        if name != "menu":
            app.nav.open(name)
    return make


def _new_game(rules, players):
    def make(app, games):
        from game.client.scenes.newgame import NewGameScene
        form = NewGameScene(app)
        app.reset_to(form)
        form.rules, form.players = rules, players
        form.kinds[players - 1] = "hard"
        form._rebuild()
        for entry, name in zip(form.entries, NAMES):
            entry.set_text(name)
    return make


def _load(which):
    def make(app, games):
        from game.client.scenes.load import LoadScene
        folder, paths = games.saves()
        load = LoadScene(app, folder)
        app.reset_to(load)
        load.select([e.path for e in load.entries].index(paths[which]))
    return make


def _replay(which):
    def make(app, games):
        _load(which)(app, games)
        app.scene.replay()
        app.scene.go(350)
    return make


def _replay_log(which):
    """A replay with the narrow replay's log drawer opened (its L key; wider, the log shows anyway)."""
    def make(app, games):
        import pygame
        _replay(which)(app, games)
        if app.scene.layout.drawer is not None and not app.scene.table.log_open:
            app.scene.key(pygame.K_l)
    return make


def _lobby(app, games):
    from game.client.scenes.lobby import LobbyScene
    from tools.screens.window import step_until
    game = games.lan_game(app)
    lobby = LobbyScene(app, game, game.session.poll())
    app.reset_to(lobby)
    step_until(app, lambda: lobby.can_start(), "fit_screens")


def _lan_form(name):
    def make(app, games):
        from game.client import lan
        from game.client.scenes.menu import MenuScene
        app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], reconnect_for=5.0, discovery=False)
        app.reset_to(MenuScene(app))
        app.nav.open(name)
    return make


def _end(app, games):
    from game.client.controller import HotseatController
    from game.client.theme import PLAYER_COLOURS
    auth = games.get(("finished", 4), lambda: states.bot_game("base", 4, 4))
    c = HotseatController(auth.config, NAMES[:4], [rgb for _, rgb in PLAYER_COLOURS[:4]], auth=auth)
    app.reset_to(app.nav.make("end", c, 2400.0))


def _rules(rules):
    def make(app, games):
        from game.client.scenes.rules_screen import RulesScreen
        from game.client.table.parts import PARTS
        app.reset_to(RulesScreen(app, PARTS[rules]))
    return make


def _six(rules):
    def make(app, games):
        states.table_on(app, copy.deepcopy(games.get(("six-mid", rules), lambda: states.mid_game(rules, players=6))),
                        names=NAMES)
    return make


def _log_open(make):
    """A table screen with the narrow table's log drawer opened (its L key; the three columns show the log anyway)."""
    def made(app, games):
        import pygame
        from game.client.table import controls
        if make(app, games) is False:
            return False
        table = app.scene
        if not table.model.log_open:
            controls.press(table.model, table.play, pygame.K_l, 0)
    return made


def _state(name):
    state = next(s for s in states.STATES + six.STATES if s.name == name)

    def make(app, games):
        return state.make(app, games)
    return make


SCREENS = {
    "menu": _gui("menu"), "settings": _gui("settings"),
    "new-game": _new_game("base", 4), "new-game-ck": _new_game("ck", 4), "new-game-six": _new_game("base", 6),
    "load": _load("base"), "load-six": _load("ck-six"), "lan-host": _lan_form("lan_host"), "lan-join": _lan_form("lan_join"), "lobby": _lobby,
    "base-table": _state("base-table"), "ck-table": _state("ck-table"),
    "base-six-table": _six("base"), "ck-six-table": _six("ck"),
    "base-table-log": _log_open(_state("base-table")), "ck-six-table-log": _log_open(_six("ck")),
    **{f"{rules}-{what}": _state(f"{rules}-{what}") for rules in ("base", "ck")
       for what in ("bank", "trade", "discard", "steal", "answer", "responses", "seven", "menu")},
    "ck-chart": _state("ck-chart"), "ck-six-special": _state("ck-six-special"),
    **{f"{rules}-six-{what}": _state(f"{rules}-six-{what}") for rules in ("base", "ck") for what in ("trade", "responses")},
    **{name: _state(name) for name in ("base-curtain", "base-production", "base-monopoly", "ck-attack-lost",
                                       "ck-knight", "ck-board-pick", "ck-alchemist", "ck-harbor", "ck-spy",
                                       "ck-six-attack")},
    "new-game-six-safe": _new_game("base", 6), "ck-six-table-safe": _six("ck"),
    "end": _end, "replay-base": _replay("base"), "replay-ck-six": _replay("ck-six"), "replay-base-log": _replay_log("base"),
    "replay-ck-six-log": _replay_log("ck-six"), "rules-base": _rules("base"), "rules-ck": _rules("ck"),
}


def in_palette(name, make):
    """A screen in the standard palette, or (a name ending in -safe) the colour-blind-safe one,
    whose colours have longer names."""
    def made(app, games):
        palette = "safe" if name.endswith("-safe") else "standard"
        if app.prefs.get("palette") != palette:
            app.set_palette(palette)
        return make(app, games)
    return made


SCREENS = {name: in_palette(name, make) for name, make in SCREENS.items()}


# --- checking --------------------------------------------------------------------------------------
def problems(app, probe) -> list:
    """Draw the screen on the window once under `probe`; what does not fit."""
    import pygame
    from game.client.scene import GuiScene
    from tools.screens import fit
    fit.forget_pictures()
    scene = app.scene
    scene.resize(app.size)                       # (its pictures drawn anew, under the probe)
    scrolls = getattr(scene, "scrolls", lambda: False)()
    surf = pygame.Surface((app.size[0], scene.page_h) if scrolls else app.size)
    probe.frame()
    scene.update(0)
    if scrolls:                                  # a form taller than the window: its whole page (form_scroll.py)
        scene.draw_page(surf)
    else:
        scene.draw(surf)
    found = probe.check(surf)
    if isinstance(scene, GuiScene):
        found += fit.gui_problems(scene.manager, surf.get_rect(), scene.card)
        found += fit.texts_under_widgets(scene.manager, [m for m in fit.marks(surf) if not m.under])
    return found


def main(argv=None, screens=None) -> int:
    """The command; `screens` (name: make) instead of SCREENS for another
    tool's screens (tools/screens/fit_more.py)."""
    screens = screens or SCREENS
    ap = argparse.ArgumentParser(description="What does not fit on each screen at each scale.")
    ap.add_argument("names", nargs="*", help="screens (default all): " + ", ".join(screens))
    ap.add_argument("--lang", choices=LANGS, action="append")
    ap.add_argument("--size", action="append", help="WxH (default 1280x720 and 1920x1080)")
    ap.add_argument("--scale", type=int, action="append", help="percent (default every choice)")
    ap.add_argument("--shots", metavar="FOLDER", help="also save each screen as <FOLDER>/<lang>-<W>x<H>-<percent>-<name>.png")
    args = ap.parse_args(argv)
    from tools.user_data import use_scratch_user_data
    use_scratch_user_data()
    from game.client.settings import UI_SCALES
    from tools.screens.fit import Probe
    from tools.screens.window import window
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size] if args.size else SIZES
    unknown = [name for name in args.names if name not in screens]
    if unknown:
        ap.error(f"no such screen: {', '.join(unknown)} (choose from {', '.join(screens)})")
    bad = 0
    with Probe() as probe:
        games = Extras()
        try:
            for lang in args.lang or LANGS:
                for w, h in sizes:
                    app, _, _ = window(os.path.join("/tmp", "fit-screens"), w, h, lang)
                    for percent in args.scale or UI_SCALES:
                        app.prefs["ui_scale"] = percent
                        for name in args.names or screens:
                            if screens[name](app, games) is False:
                                print(f"{name}: not reached")
                                continue
                            found = problems(app, probe)
                            if args.shots:
                                import pygame
                                os.makedirs(args.shots, exist_ok=True)
                                app.dirty = True
                                app.step([])
                                pygame.image.save(app.screen, os.path.join(args.shots, f"{lang}-{w}x{h}-{percent}-{name}.png"))
                            used = app.ui_used
                            bad += bool(found)
                            head = f"{lang} {w}x{h} {percent}%" + (f" (used {used}%)" if used != percent else "")
                            print(f"{head} {name}: {'ok' if not found else len(found)}")
                            for kind, words in found:
                                print(f"    {kind}: {words}")
        finally:
            games.close()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
