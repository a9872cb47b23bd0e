"""Start-up pays only for the main menu: opening it imports neither the
network stack, the table nor the computer players (the navigator imports a
scene's module when the scene is first made)."""

import os
import subprocess
import sys

CHILD = """
import sys
from game.client.app import App, DESIGN
app = App(DESIGN, fullscreen=False)
app.nav.open("menu")
app.dirty = True
app.step([], 0.0)
print(" ".join(sorted(m for m in sys.modules if m.split(".")[0] in ("net", "zeroconf")
                      or m.startswith(("game.client.table", "game.bots")))))
"""


def test_the_main_menu_opens_without_loading_the_network_the_table_or_the_computers():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=root, capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.split() == []


def test_every_scene_name_opens_a_scene_class():
    from game.client.navigator import SCENES, scene_class
    from game.client.scene import Scene
    for name in SCENES:
        assert issubclass(scene_class(name), Scene), name
