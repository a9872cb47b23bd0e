"""Play a complete hot-seat game through the real client, the way a person would.

    python -m tools.screens.autoplay --rules base --players 4 --seed 3
    python -m tools.screens.autoplay --rules ck --players 3 --seed 5 [--vp 8] [--knight-commit] [--lang nl]
    python -m tools.screens.autoplay --rules base --players 4 --computers 3 --level easy --seed 4

Random bots choose the commands; each command is turned into the mouse clicks
and key presses a person would make on the rendered screen (at the positions
the client drew things at: its click targets and board spots), posted as
pygame events, and after each command the tool checks that the engine
received exactly that command.  Exits 0 on reaching the end screen and prints
a JSON summary.  Runs headless (SDL dummy driver) unless a display is set
with --visible.

With --computers K the last K seats are set to computers on the new-game form
(at --level, default easy) and play by themselves at the "instant" speed; the
tool enters only the people's moves, and before each lets the computers make
theirs.  A person's move is checked the same way; the other records it may
bring are the table's automatic "decline" for people who cannot accept an
offer and its automatic "pass_build" for people who could only pass in the
Special Building Phase.

Random bots offer trades far more often than people (most of their legal
commands are offers); --trade-rate (default 0.1) is the chance an offer stays
among the bot's choices, which keeps games to a few hundred turns.
"""

import argparse
import json
import os
import sys

import time

from game.engine.ruleset import seat_counts
from tools.user_data import use_scratch_user_data


def _setup_env(visible: bool) -> None:
    if not visible:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class AutoplayError(Exception):
    pass


SEED_DIGITS = 10      # a fresh seed is below 10**9 (scenes/newgame.py), a typed one may be longer


class Driver:
    """Posts input events to the app and runs its loop one step at a time."""

    def __init__(self, app, pygame):
        self.app = app
        self.pg = pygame
        self.clicks = 0
        self.keys = 0

    def frame(self, n=1):
        for _ in range(n):
            self.app.step()

    def click_at(self, pos):
        pg = self.pg
        pos = (int(pos[0]), int(pos[1]))
        w, h = self.app.size
        if not (0 <= pos[0] < w and 0 <= pos[1] < h):
            raise AutoplayError(f"click outside the window at {pos}")
        pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=1))
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=1))
        self.clicks += 1
        self.frame(2)          # pygame_gui answers a click with an event of its own

    def key(self, key, text=None):
        pg = self.pg
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=key, mod=0, unicode=text or "", scancode=0))
        pg.event.post(pg.event.Event(pg.KEYUP, key=key, mod=0, unicode=text or "", scancode=0))
        if text:
            pg.event.post(pg.event.Event(pg.TEXTINPUT, text=text))
        self.keys += 1
        self.frame(2)

    def click_gui(self, key):
        rect = self.app.scene.targets().get(key)
        if rect is None:
            raise AutoplayError(f"no enabled button {key!r} on {type(self.app.scene).__name__}")
        self.click_at(rect.center)

    def into_field(self, entry):
        """Put the text cursor at the end of a form's text field."""
        self.click_at((entry.rect.right - 4, entry.rect.centery))

    def press_target(self, table, key, cmd=None):
        """Click the table's target `key` (a button, a card) where the last frame drew it."""
        rect = table.ui.targets.rect(key)
        if rect is None:
            raise AutoplayError(f"for {cmd!r}: target {key!r} is not on screen "
                                f"(dialog {type(table.model.dialog).__name__})")
        self.click_at(rect.center)

    def choose_spot(self, table, kind, spot, cmd=None):
        """Click a spot of the board."""
        self.click_at(table.ui.board.target_pos(kind, spot))

    def press_in(self, scene, key):
        """Click the target `key` of a hand-drawn scene (scene.targets: the C&K introduction)."""
        self.click_at(scene.targets.rect(key).center)


def plan(table, cmd, rng, pygame):
    """The input steps a person makes for `cmd` on the table as it is now:
    ("click", target key) | ("board", spot kind, id) | ("key", pygame key)."""
    kind = cmd[0]
    steps = []
    if kind in ("place_settlement", "place_city"):
        steps = [("board", "node", cmd[2])]
    elif kind == "place_road":
        steps = [("board", "edge", cmd[2])]
    elif kind == "move_robber":
        steps = [("board", "hex", cmd[2])]
    elif kind in ("roll", "end_turn"):
        if rng.below(2):
            steps = [("key", pygame.K_r if kind == "roll" else pygame.K_e)]
        else:
            steps = [("click", ("btn", kind))]
    elif kind == "pass_build":                 # the Special Building Phase: P or the Pass button
        steps = [("key", pygame.K_p) if rng.below(2) else ("click", ("btn", kind))]
    elif kind == "buy_dev":
        steps = [("click", ("btn", "buy_dev"))]
    elif kind in ("build_road", "build_settlement", "build_city", "build_wall", "recruit_knight"):
        spot = "edge" if kind == "build_road" else "node"
        first = ("key", {"build_road": pygame.K_1, "build_settlement": pygame.K_2, "build_city": pygame.K_3,
                         "build_wall": pygame.K_w, "recruit_knight": pygame.K_k}[kind]) \
            if rng.below(2) else ("click", ("btn", kind))
        steps = [first, ("board", spot, cmd[2])]
    elif kind in ("activate_knight", "promote_knight", "chase_robber"):
        # click the knight, then the button beside it
        steps = [("board", "node", cmd[2]), ("click", ("knight", kind.split("_")[0]))]
    elif kind in ("move_knight", "displace_knight"):
        steps = [("board", "node", cmd[2]), ("board", "node", cmd[3])]
    elif kind == "improve":
        steps = [("key", pygame.K_i) if rng.below(2) else ("click", ("btn", "chart")),
                 ("click", ("chart", "improve", cmd[2]))]
    elif kind == "progress":
        from game.client.table.ckdialogs import input_steps
        from game.engine.constants import PROGRESS_NAMES
        steps = [("click", ("prog_card", cmd[2]))] + input_steps("progress", PROGRESS_NAMES[cmd[2]], cmd[3])
    elif kind == "resolve":
        from game.client.table.ckdialogs import input_steps
        steps = input_steps("resolve", cmd[2], cmd[3])
    elif kind == "discard":
        for k, count in enumerate(cmd[2]):
            steps += [("click", ("discard", "plus", k))] * count
        steps.append(("click", ("discard", "ok")))
    elif kind == "steal":
        steps = [("click", ("steal", cmd[2]))]
    elif kind == "skip_steal":
        steps = [("click", ("steal", "skip"))]
    elif kind == "harbor_trade":
        from game.client.table.ckdialogs import input_steps
        steps = [("key", pygame.K_o)] + input_steps("harbor_trade", "harbor_trade", cmd[2:])
    elif kind.startswith("play_"):
        from game.engine.constants import DEV_NAMES
        card = DEV_NAMES.index(kind[5:])
        steps = [("click", ("dev_card", card))]
        steps += [("click", ("dev", "pick", r)) for r in cmd[2:]]
        steps.append(("click", ("dev", "play")))
    elif kind == "maritime":
        steps = [("click", ("btn", "bank")), ("click", ("bank", "give", cmd[2])),
                 ("click", ("bank", "get", cmd[3])), ("click", ("bank", "ok"))]
    elif kind == "offer":
        steps = [("key", pygame.K_t) if rng.below(2) else ("click", ("btn", "trade"))]
        for k, count in enumerate(cmd[2]):
            steps += [("click", ("give", "plus", k))] * count
        for k, count in enumerate(cmd[3]):
            steps += [("click", ("get", "plus", k))] * count
        for s in range(table.model.n):
            if s != cmd[1] and s not in cmd[4]:
                steps.append(("click", ("to", s)))
        steps.append(("click", ("trade", "send")))
    elif kind in ("accept", "decline"):
        steps = [("click", ("answer", kind))]
    elif kind == "counter":
        trade = table.model.view.trade
        steps = [("click", ("answer", "counter"))]
        # the editor starts from the offer, seen from me: I give what was asked
        for prefix, start, target in (("give", trade["get"], cmd[3]), ("get", trade["give"], cmd[2])):
            for k in range(len(start)):
                d = target[k] - start[k]
                steps += [("click", (prefix, "plus" if d > 0 else "minus", k))] * abs(d)
        steps.append(("click", ("trade", "send")))
    elif kind == "confirm_trade":
        steps = [("click", ("responses", "with", cmd[2]))]
    elif kind == "cancel_trade":
        steps = [("click", ("responses", "withdraw"))]
    else:
        raise AutoplayError(f"no way to enter command {cmd!r} yet")
    # Playing a Commercial Harbor opens its swap chooser; a player doing
    # something else first closes it with Escape (it comes back with O).
    dialog = table.model.dialog
    if getattr(dialog, "what", None) == "harbor_trade" and kind != "harbor_trade":
        steps = [("key", pygame.K_ESCAPE)] + steps
    stage = table.model.stage
    if stage is not None and stage.blocking:           # a staged barbarian attack: Continue first
        steps = [("click", ("stage", "continue"))] + steps
    return steps


def at_menu(lang, size, app=None, make_driver=None):
    """The main menu in a window (`app`, or a new one: muted, computers
    instant) and a Driver for it (`make_driver(app, pygame)`: another
    kind, tools/screens/keys.py's)."""
    import pygame

    from game.client.app import App
    from game.client.scenes.menu import MenuScene
    from game.client.settings import DEFAULTS
    if app is None:
        app = App(size, fullscreen=False, prefs=dict(DEFAULTS, muted=True, language=lang, computer_speed="instant"))
    app.push(MenuScene(app))
    d = (make_driver or Driver)(app, pygame)
    d.frame()
    return app, d


def enter(d, table, cmd, steps, before_click=None) -> None:
    """Make the input steps of `plan` on the table as it is drawn now;
    `before_click(i)` is called before the i-th."""
    for i, step in enumerate(steps):
        if before_click is not None:
            before_click(i)
        if step[0] == "key":
            d.key(step[1])
        elif step[0] == "board":
            d.choose_spot(table, step[1], step[2], cmd)
        else:
            d.press_target(table, step[1], cmd)


def _norm(cmd):
    return tuple(tuple(a) if isinstance(a, (list, tuple)) else a for a in cmd)


def settle(d, table, limit=20000):
    """Let the computers move until none of them has anything to decide (at
    the instant speed several moves fit in one frame), going on past a
    barbarian attack they rolled as a person would: Continue."""
    computers = table.model.computers
    if computers is None:
        return
    for _ in range(limit):
        stage = table.model.stage
        if stage is not None and stage.blocking and table.model.game_over_at is None:
            # The barbarians landed on a computer's roll: the computers wait
            # until a person has read the panel (the curtain first, if up).
            if table.model.curtain_for is not None:
                return
            if table.ui.targets.rect(("stage", "continue")) is not None:
                d.press_target(table, ("stage", "continue"))
                continue
        seq = table.c.seq
        d.frame()
        if d.app.scene is not table or table.model.game_over_at is not None:
            return
        if computers.thought is None and computers.ready is None and seq == table.c.seq \
                and not computers.deciding():
            return
    raise AutoplayError(f"the computers did not settle in {limit} frames")


def play(rules="base", players=4, seed=1, size=(1280, 720), trade_rate=0.1, max_commands=20000,
         visible=False, board="random", vp=None, lang="en", knight_commit=False, computers=0, level="easy",
         make_driver=None):
    """One game (see the module's text); `make_driver`: at_menu's."""
    _setup_env(visible)
    import pygame

    from game.bots.random_bot import RandomSeats
    from game.client.scenes.end import EndScene
    from game.client.scenes.newgame import NewGameScene
    from game.client.table.scene import TableScene
    from game.engine import deciders
    from game.engine.rng import Rng

    t0 = time.monotonic()
    if not 0 <= computers < players:
        raise AutoplayError(f"--computers must leave at least one person among {players} players")
    app, d = at_menu(lang, size, make_driver=make_driver)
    d.click_gui("new_game")
    if not isinstance(app.scene, NewGameScene):
        raise AutoplayError("the new-game screen did not open")
    d.click_gui(f"players_{players}")
    for seat in range(players):               # the last `computers` seats: computers at `level`
        want = level if seat >= players - computers else "person"
        if (app.scene.kinds[seat] == "person") != (want == "person"):
            d.click_gui(f"kind_{seat}")
        for _ in range(3):
            if app.scene.kinds[seat] == want:
                break
            d.click_gui(f"level_{seat}")
        if app.scene.kinds[seat] != want:
            raise AutoplayError(f"seat {seat} could not be set to {want}")
    d.click_gui(f"rules_{rules}")
    d.click_gui(f"board_{board}")
    if knight_commit:
        d.click_gui("commit_True")           # C&K option CK-8.5
    while vp is not None and app.scene.vp != vp:      # the victory-point target, with − and +
        d.click_gui("vp_minus" if app.scene.vp > vp else "vp_plus")
    entry = app.scene.seed_entry
    d.into_field(entry)
    d.key(pygame.K_END)
    # As many backspaces as the longest fresh seed has digits, whatever this one's
    # length: the key count must not depend on the random seed the form offered.
    for _ in range(max(len(entry.get_text()), SEED_DIGITS)):
        d.key(pygame.K_BACKSPACE)
    for ch in str(seed):
        d.key(pygame.K_UNKNOWN, ch)
    if app.scene.seed_entry.get_text() != str(seed):
        raise AutoplayError(f"typing the seed gave {app.scene.seed_entry.get_text()!r}")
    d.click_gui("start")
    if type(app.scene).__name__ == "CkIntroScene":      # the first C&K game's introduction: skipped
        d.press_in(app.scene, "skip")
    if not isinstance(app.scene, TableScene):
        raise AutoplayError(f"the game did not start: {getattr(app.scene, 'error', '?')}")
    table = app.scene
    auth = table.c.auth
    bot = RandomSeats(seed)
    rng = Rng(seed, stream=77)
    commands = 0
    curtains = 0
    declines = passes = 0
    kinds = {}
    while not isinstance(app.scene, EndScene):
        settle(d, table)
        if isinstance(app.scene, EndScene):
            break
        if table.model.game_over_at is not None:
            # On to the results (the table also goes there by itself after a
            # moment, so on a slow machine this key may not be needed: it is
            # not counted, to keep the figures reproducible).
            d.key(pygame.K_RETURN)
            d.keys -= 1
            continue
        if len(auth.log) >= max_commands:
            raise AutoplayError(f"no winner after {len(auth.log)} commands")
        if table.model.curtain_for is not None:
            curtains += 1
            if rng.below(2):
                d.key(pygame.K_RETURN)
            else:
                d.press_target(table, ("curtain",))
            if table.model.curtain_for is not None:
                raise AutoplayError("the curtain did not lift")
            continue
        seat = table.model.viewer
        if seat is None or seat not in deciders(auth.state):
            raise AutoplayError(f"no computer and no person shown ({seat}) has anything to do")
        exclude = () if rng.below(1000) < trade_rate * 1000 else ("offer",)
        cmd = bot.player(seat, exclude).choose(auth.state)
        if cmd is None:
            raise AutoplayError(f"seat {seat} is shown but has nothing to do")
        before = len(auth.log)
        if table.model.computers is not None:
            table.model.computers.hold = True        # no computer moves while a person clicks
        enter(d, table, cmd, plan(table, cmd, rng, pygame))
        if table.model.computers is not None:
            table.model.computers.hold = False
        got = auth.log[before].cmd if len(auth.log) > before else None
        if got is None or _norm(got) != _norm(cmd):
            raise AutoplayError(f"wanted {cmd!r}, the engine received {got!r}")
        for record in auth.log[before + 1:]:       # only what the table sends for people with no choice
            if record.cmd[0] not in ("decline", "pass_build") or record.cmd[1] not in table.model.people:
                raise AutoplayError(f"after {cmd!r} the engine also received {record.cmd!r}")
            if record.cmd[0] == "decline":
                declines += 1
            else:
                passes += 1
        commands += 1
        name = cmd[0] if cmd[0] not in ("resolve", "progress") else f"{cmd[0]}:{cmd[2]}"
        kinds[name] = kinds.get(name, 0) + 1
    if getattr(d, "by_keys", False):                  # the end screen by keys too: back to the menu
        d.click_gui("menu")
        if type(app.scene).__name__ != "MenuScene":
            raise AutoplayError(f"the end screen's Menu led to {type(app.scene).__name__}")
    seconds = time.monotonic() - t0
    summary = {"rules": rules, "players": players, "seed": seed, "size": list(size),
               "commands": commands, "clicks": d.clicks, "keys": d.keys, "curtains": curtains,
               "mouse_events": getattr(d, "mouse_events", None),
               "automatic_declines": declines, "automatic_passes": passes, "computers": computers, "level": level if computers else None,
               "computer_moves": table.model.computers.moves if table.model.computers else 0,
               "computer_failures": table.model.computers.failures if table.model.computers else 0,
               "turns": auth.state.turn, "winner": auth.state.winner,
               "frames": app.frames_drawn, "seconds": round(seconds, 2), "minutes": round(seconds / 60, 1),
               "vp_target": auth.config["vp_target"], "knight_commit": auth.config["knight_commit"],
               "kinds": dict(sorted(kinds.items()))}
    pygame.quit()
    return summary


def main(argv=None, make_driver=None, epilog=None) -> int:
    """The command line; `make_driver`: at_menu's (tools/ui_autoplay --keys-only);
    `epilog`: more words for --help (the calling tool's)."""
    use_scratch_user_data()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=epilog,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", choices=("base", "ck"), default="base")
    ap.add_argument("--players", type=int, choices=seat_counts(), default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", choices=("random", "beginner"), default="random")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--trade-rate", type=float, default=0.1)
    ap.add_argument("--max-commands", type=int, default=20000)
    ap.add_argument("--vp", type=int, default=None, help="victory-point target (default: the rules' own)")
    ap.add_argument("--lang", choices=("en", "nl"), default="en")
    ap.add_argument("--knight-commit", action="store_true", help="C&K option CK-8.5: players choose defenders")
    ap.add_argument("--computers", type=int, default=0, help="how many seats (the last ones) computers play")
    ap.add_argument("--level", choices=("easy", "medium", "hard"), default="easy", help="the computers' level")
    ap.add_argument("--visible", action="store_true", help="use the real display (e.g. under Xvfb)")
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    try:
        summary = play(args.rules, args.players, args.seed, (w, h), args.trade_rate, args.max_commands,
                       args.visible, args.board, args.vp, args.lang, args.knight_commit, args.computers,
                       args.level, make_driver)
    except AutoplayError as e:
        print(json.dumps({"ok": False, "error": str(e)}))
        return 1
    summary["ok"] = True
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
