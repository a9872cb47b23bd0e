"""Frame times of a mid-game table and the idle CPU use of the client loop.

    python -m tools.bench.render [--size 1920x1080] [--frames 300] [--idle 3] [--rules base]
    python -m tools.bench.render --all [--pairs 40] [--repeats 3] [--json]

--all: every table state of tools/screens/states.py (the plain table, the
curtain, each staged panel, each dialog, the game menu; both rule sets) and
of tools/screens/six.py (six seats: the table, the Special Building Phase,
its curtain, a C&K attack) at
1280x720 and 1920x1080: frames in which the mouse moves on and off the
state's topmost button, each frame's CPU time paired with one full-screen
blit and flip (A and B alternating in the same run), `--repeats` times;
prints one line per state with the ratio of the medians (the median of the
repeats, and their range) and the worst state last.  Target: <= 3x in
every state.  --fresh: a dialog's pictures of hovered targets are dropped
each frame, its whole picture kept (the mouse reaching a button for the first
time while the dialog is open).

Plays a seeded game with random bots to a mid-game position, then redraws the
table --frames times, each frame after a change the mouse makes (a button
lit and unlit), and reports the median and 99th-percentile frame CPU time;
each frame is paired with the floor every frame pays, one full-screen blit
and flip, timed right after it, and the ratio of the two medians is printed.
Then runs the real main loop with no input for --idle seconds and reports the
CPU it used as a percentage of one core.  Headless (SDL dummy driver).
Targets: median <= 3x the floor (the static table is a cached layer: see
game/client/table/draw.Canvas), idle < 3 %.
"""

import argparse
import json
import os
import sys

from tools.user_data import use_scratch_user_data
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def midgame_table(size, seed=4, turns=60, players=4, rules="base", scale=100):
    from game.bots.random_bot import RandomSeats
    from game.client.app import App
    from game.client.controller import HotseatController
    from game.client.table.scene import TableScene
    from game.client.settings import DEFAULTS
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config

    app = App(size, fullscreen=False, prefs=dict(DEFAULTS, muted=True, ui_scale=scale))
    config = default_config(rules=rules, players=players, seed=seed)
    names = [f"Player {i + 1}" for i in range(players)]
    c = HotseatController(config, names, [rgb for _, rgb in PLAYER_COLOURS[:players]])
    table = TableScene(app, c)
    app.push(table)
    bot = RandomSeats(seed)
    while c.auth.state.turn < turns and table.model.game_over_at is None:
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        cmd = bot.player(table.model.viewer, ("offer",)).choose(c.auth.state)
        table.play.submit(cmd)
    if table.model.curtain_for is not None:
        table.play.reveal()
    table.model.dice_until = table.model.glow_until = 0.0
    table.model.flying = []
    return app, table


STARTUP_PROBE = """
import time, os
t0 = time.perf_counter()
from game.client.app import App
from game.client.scenes.menu import MenuScene
from game.client.settings import DEFAULTS
app = App((1280, 720), fullscreen=False, prefs=dict(DEFAULTS, muted=True))
app.push(MenuScene(app))
app.step([])
print((time.perf_counter() - t0) * 1000)
"""


def startup_ms() -> float:
    """Wall time from a fresh interpreter to the first drawn menu frame
    (imports included), measured in a child process."""
    import subprocess
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", STARTUP_PROBE], capture_output=True, text=True, check=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    total = (time.perf_counter() - t0) * 1000
    return round(total, 1), round(float(out.stdout.strip().splitlines()[-1]), 1)


def state_ratios(app, hover, pairs, repeats, fresh=False) -> dict:
    """Frame CPU against a full-screen blit + flip, interleaved: the window
    shows a state; each frame the mouse moves onto `hover` (key, rect) or off
    it (`fresh`: the dialog's pictures of hovered targets forgotten first, as
    when the mouse reaches a button for the first time).  Returns the ratio
    of medians per repeat and the medians in ms."""
    import gc

    import pygame

    from game.client.table.draw import forget_looks
    full = pygame.Surface(app.screen.get_size()).convert()
    full.fill((30, 40, 50))
    spots = [hover[1].center if hover else (app.screen.get_width() // 2, app.screen.get_height() // 2), (2, 2)]
    moves = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)) for pos in spots]
    clock = time.process_time
    ratios, frame_ms, floor_ms = [], [], []
    app.dirty = True
    app.step([])                          # the first frame builds what is cached
    for _ in range(repeats):
        gc.collect()
        frames, floors = [], []
        for i in range(pairs):
            app.dirty = True
            if fresh and hasattr(app.scene, "ui"):
                forget_looks(app.scene.ui)
            t0 = clock()
            app.step([moves[i % 2]])
            t1 = clock()
            app.screen.blit(full, (0, 0))
            pygame.display.flip()
            t2 = clock()
            frames.append(t1 - t0)
            floors.append(t2 - t1)
        frames.sort()
        floors.sort()
        a, b = frames[len(frames) // 2], floors[len(floors) // 2]
        ratios.append(a / b if b > 0 else float("inf"))
        frame_ms.append(a * 1000)
        floor_ms.append(b * 1000)
    mid = sorted(range(repeats), key=lambda k: ratios[k])[repeats // 2]
    return {"ratio": round(ratios[mid], 2), "ratios": [round(r, 2) for r in ratios],
            "frame_ms": round(frame_ms[mid], 3), "blit_flip_ms": round(floor_ms[mid], 3)}


def run_all(sizes, pairs, repeats, only=None, out=sys.stdout, fresh=False, scale=100) -> list:
    """Every table state at every size, text and controls at `scale` %: [{state, size, ratio, ...}]."""
    import pygame

    from game.client.app import App
    from game.client.settings import DEFAULTS
    from tools.screens import six, states

    results = []
    games = states.Games()              # the bot games are played once for both sizes
    for w, h in sizes:
        app = App((w, h), fullscreen=False, prefs=dict(DEFAULTS, muted=True, ui_scale=scale))
        for state in states.STATES + six.STATES:
            if only and not any(word in state.name for word in only):
                continue
            key = state.make(app, games)
            if key is False:
                print(f"{state.name:26} {w}x{h}  not reached by the seeded games", file=out)
                continue
            row = {"state": state.name, "rules": state.rules, "size": [w, h], "scale": app.ui_used}
            app.dirty = True
            app.step([])
            row.update(state_ratios(app, states.hover_target(app, key), pairs, repeats, fresh))
            results.append(row)
            print(f"{state.name:26} {w}x{h}  {row['ratio']:5.2f}x  (repeats {min(row['ratios']):.2f}-"
                  f"{max(row['ratios']):.2f}; frame {row['frame_ms']:.3f} ms, blit+flip {row['blit_flip_ms']:.3f} ms)",
                  file=out, flush=True)
        pygame.quit()
    return results


def main_all(args) -> int:
    sizes = [tuple(int(v) for v in size.lower().split("x")) for size in args.sizes.split(",")]
    only = args.states.split(",") if args.states else None
    results = run_all(sizes, args.pairs, args.repeats, only, out=sys.stderr if args.json else sys.stdout,
                      fresh=args.fresh, scale=args.scale)
    if not results:
        print("no state measured", file=sys.stderr)
        return 1
    worst = max(results, key=lambda r: r["ratio"])
    line = (f"worst: {worst['state']} at {worst['size'][0]}x{worst['size'][1]} {worst['scale']} %, {worst['ratio']:.2f}x a "
            f"full-screen blit + flip (target <= 3x; {sum(r['ratio'] <= 3 for r in results)} of "
            f"{len(results)} states within it)")
    if args.json:
        print(json.dumps({"states": results, "worst": worst, "target": 3, "pairs": args.pairs,
                          "repeats": args.repeats, "fresh": args.fresh}))
        print(line, file=sys.stderr)
    else:
        print(line)
    return 0


def main(argv=None) -> int:
    from game.client.settings import UI_SCALES
    use_scratch_user_data()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--idle", type=float, default=3.0)
    ap.add_argument("--rules", choices=("base", "ck"), default="ck",
                    help="ck: a Cities & Knights table (knights, walls, barbarians, progress cards)")
    ap.add_argument("--turns", type=int, default=None, help="turns played before measuring (default 60; ck 150)")
    ap.add_argument("--all", action="store_true",
                    help="every table state and dialog of both rule sets, at --sizes, against the blit floor")
    ap.add_argument("--sizes", default="1280x720,1920x1080", help="--all: the window sizes")
    ap.add_argument("--pairs", type=int, default=40, help="--all: frame / blit pairs per repeat")
    ap.add_argument("--repeats", type=int, default=3, help="--all: repeats per state")
    ap.add_argument("--states", default=None, help="--all: only states whose names contain one of these words")
    ap.add_argument("--fresh", action="store_true",
                    help="--all: every frame the mouse on a target of the dialog not hovered before")
    ap.add_argument("--json", action="store_true", help="--all: the figures as JSON on stdout")
    ap.add_argument("--scale", type=int, choices=UI_SCALES, default=100,
                    help="text and controls at this percent (200: the narrow table)")
    args = ap.parse_args(argv)
    if args.all:
        return main_all(args)
    import pygame
    w, h = (int(v) for v in args.size.lower().split("x"))
    turns = args.turns or (150 if args.rules == "ck" else 60)
    app, table = midgame_table((w, h), turns=turns, rules=args.rules, scale=args.scale)
    clock = time.process_time
    t0 = clock()
    app.dirty = True
    app.step([])                 # the first frame also builds the cached board layer
    first = (clock() - t0) * 1000
    full = pygame.Surface(app.screen.get_size()).convert()
    full.fill((30, 40, 50))

    def frame_and_floor():
        """One frame's CPU and, right after it, one full-screen blit + flip's (ms)."""
        t0 = clock()
        app.dirty = True
        app.step([])
        t1 = clock()
        app.screen.blit(full, (0, 0))
        pygame.display.flip()
        return (t1 - t0) * 1000, (clock() - t1) * 1000

    times, floors = [], []
    for i in range(args.frames):
        table.model.hover_key = ("btn", "end_turn") if i % 2 else None    # a change, as after a mouse move
        frame, floor = frame_and_floor()
        times.append(frame)
        floors.append(floor)
    # the same with a dialog open (a translucent veil over the table)
    from game.client.table.dialogs import TradeEditor
    table.model.dialog = TradeEditor(table.play)
    dialog_times = []
    for i in range(max(20, args.frames // 3)):
        table.model.hover_key = ("trade", "cancel") if i % 2 else None
        dialog_times.append(frame_and_floor()[0])
    table.model.dialog = None
    dialog_times.sort()
    times.sort()
    floors.sort()
    floor = floors[len(floors) // 2]
    median = times[len(times) // 2]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    # idle: the real loop, nothing happening
    pygame.event.clear()
    pygame.time.set_timer(pygame.QUIT, int(args.idle * 1000), loops=1)
    drawn = app.frames_drawn
    wall0, cpu0 = time.perf_counter(), time.process_time()
    app.run()
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    result = {"size": [w, h], "scale": app.ui_used, "rules": args.rules, "turns": turns, "frames": args.frames, "first_frame_ms": round(first, 2), "median_ms": round(median, 2), "p99_ms": round(p99, 2),
              "dialog_median_ms": round(dialog_times[len(dialog_times) // 2], 2),
              "idle_seconds": round(wall, 2), "idle_cpu_percent": round(100 * cpu / wall, 2),
              "idle_frames_drawn": app.frames_drawn - drawn,
              "blit_flip_ms": round(floor, 3), "ratio_to_blit_flip": round(median / floor, 2),
              "layer_builds": table.ui.canvas.builds,
              "targets": {"ratio_to_blit_flip": 3, "idle_cpu_percent": 3, "startup_ms": 1000}}
    result["startup_ms"], result["startup_in_process_ms"] = startup_ms()
    print(json.dumps(result))
    print(f"table at {app.ui_used} % median {median:.2f} ms, blit+flip {floor:.3f} ms, ratio {median / floor:.1f}x "
          f"(target <= 3x)", file=sys.stderr)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
