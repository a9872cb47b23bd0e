"""Speed: engine throughput, ours and catanatron's (engine.py), replay with
verification (replay.py), the garbage collector's pauses over a long game
(gc_pauses.py), start-up (startup.py), frame time of the window (render.py),
network latency and the host under attack (network.py, network_attack.py)."""

import json


def print_figures(out: dict, as_json: bool) -> None:
    """A tool's figures: one JSON object, or one `name: value` line each."""
    if as_json:
        print(json.dumps(out))
        return
    width = max(map(len, out), default=0)
    for key, value in out.items():
        print(f"{key:>{width}}: {value}")
