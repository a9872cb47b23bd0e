"""Start-up time: a new process until the main menu is drawn.

    python -m tools.bench.startup [--runs 5] [--json]

Each run starts a fresh Python (bytecode already compiled), opens the game
window as `kolonisten` does (dummy video driver), opens the main menu and
draws its first frame, then reports the process's CPU time and the wall time
since the process was started (from outside).  Prints the median and the
minimum of each over the runs (the target: 0.5 s wall on an idle machine).
`python -X importtime -c "import game.client.app"` shows which imports cost.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

from tools.bench import print_figures

# What one run does in the child process.
CHILD = """
import time
from game.client.app import App, DESIGN
app = App(DESIGN, fullscreen=False)
app.nav.open("menu")
app.dirty = True
app.step([], 0.0)
assert app.frames_drawn == 1
print(time.process_time())
"""


def one_run() -> tuple:
    """(cpu_s, wall_s) of one start-up to the first drawn menu frame."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)     # else the warm-up run keeps no bytecode and every run compiles
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=root, capture_output=True, text=True,
                         check=True)
    wall = time.perf_counter() - t0
    return float(out.stdout.strip().splitlines()[-1]), wall


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    one_run()                                # compiles any missing bytecode first
    runs = [one_run() for _ in range(args.runs)]
    cpu, wall = [r[0] for r in runs], [r[1] for r in runs]
    out = {"runs": args.runs,
           "cpu_s_median": round(statistics.median(cpu), 3), "cpu_s_min": round(min(cpu), 3),
           "wall_s_median": round(statistics.median(wall), 3), "wall_s_min": round(min(wall), 3)}
    print_figures(out, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
