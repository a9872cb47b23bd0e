"""What the developer's loop costs: `pytest -n 2 -m "not slow"`, timed whole,
and the CPU of each test in it.

    python -m tools.bench.dev_loop [--load N] [--top K] [--over SECONDS] [--json] [-- PYTEST ARGS]

Runs the loop as the README gives it, in a child process, with this module
loaded into pytest as a plugin that notes each test's CPU time (the worker's
`time.process_time` around the test: its own threads count, other processes
not).  Prints the wall time, the CPU time of the whole run (every process
pytest started), the number of tests, the load average before and after, the
K heaviest tests and, with `--over`, the tests whose CPU passed SECONDS (the
candidates for `@pytest.mark.slow`: the loop keeps tests that cost under
about 0.2 s of CPU each; heavier ones run on CI only).

`--load N` keeps N busy processes spinning beside the run (at normal
priority, ended with it; `load_cpu_s` is what they spent): with N = 2 on
two cores the load is about 4, the loaded figure the README gives.  Only
figures, never a verdict: the machine is shared and a wall time says as much
about the others as about the tests.  The exit status is pytest's.
"""

import argparse
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time

import pytest

# Where the plugin writes its rows ("cpu seconds, node id" a line); set by
# the tool for its child run, absent (plugin idle) otherwise.
_COSTS_ENV = "KOLONISTEN_TEST_COSTS"
CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    path = os.environ.get(_COSTS_ENV)
    start = time.process_time()
    yield
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(f"{time.process_time() - start:.4f} {item.nodeid}\n")


def _spin():
    while True:
        pass


def run(load: int, pytest_args: list) -> dict:
    hogs = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(load)]
    for hog in hogs:
        hog.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            costs = os.path.join(folder, "costs.txt")
            env = dict(os.environ, **{_COSTS_ENV: costs}, SDL_VIDEODRIVER="dummy",
                       SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
            command = [sys.executable, "-m", "pytest", "-n", "2", "-m", "not slow",
                       "-p", "no:cacheprovider", "-p", "tools.bench.dev_loop", *pytest_args]
            load_before = os.getloadavg()[0]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            wall = time.perf_counter()
            result = subprocess.run(command, env=env, capture_output=True, text=True, cwd=CHECKOUT)
            wall = time.perf_counter() - wall
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            load_after = os.getloadavg()[0]
            rows = []
            if os.path.exists(costs):
                with open(costs, encoding="utf-8") as lines:
                    rows = [(float(cpu), node) for cpu, node in
                            (line.rstrip("\n").split(" ", 1) for line in lines)]
    finally:
        for hog in hogs:
            hog.terminate()
            hog.join()
    spun = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    load_cpu = (spun.ru_utime - after.ru_utime) + (spun.ru_stime - after.ru_stime)
    summary = (result.stdout.strip().splitlines() or [""])[-1]
    return {"exit": result.returncode, "summary": summary, "tests": len(rows),
            "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "tests_cpu_s": round(sum(c for c, _ in rows), 1), "load_cpu_s": round(load_cpu, 1),
            "load_before": round(load_before, 2), "load_after": round(load_after, 2),
            "rows": sorted(rows, reverse=True)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--load", type=int, default=0, help="busy processes beside the run")
    parser.add_argument("--top", type=int, default=15, help="heaviest tests to list")
    parser.add_argument("--over", type=float, help="list every test over this many CPU seconds")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest (after --)")
    args = parser.parse_args(argv)
    out = run(args.load, args.pytest_args)
    rows = out.pop("rows")
    out["heaviest"] = [f"{cpu:.2f} {node}" for cpu, node in rows[:args.top]]
    if args.over is not None:
        out["over"] = [f"{cpu:.2f} {node}" for cpu, node in rows if cpu > args.over]
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            if isinstance(value, list):
                print(f"{key} ({len(value)}):")
                for line in value:
                    print(f"  {line}")
            else:
                print(f"{key}: {value}")
    if out["exit"] != 0:
        sys.exit(out["exit"])


if __name__ == "__main__":
    main()
