"""tools.check.imports: circles between files and imports from a lower layer
to a higher one, found on a small package tree written for the test."""

import json
import os
import subprocess
import sys

import pytest

from tools.check import imports

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _tree(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return str(root)


CLEAN = {
    "game/__init__.py": "",
    "game/engine/__init__.py": "from game.engine.state import State\n",
    "game/engine/state.py": "import os\n\n\nclass State:\n    pass\n",
    "game/engine/rules.py": "from . import state\nfrom .state import State\n",
    "game/bots/__init__.py": "",
    "game/bots/easy.py": "from ..engine import rules\n",
    "game/client/__init__.py": "",
    "game/client/app.py": "import pygame\nfrom game.bots import easy\nimport net.host\n",
    "game/cli.py": "def main():\n    from game.client import app\n",
    "net/__init__.py": "",
    "net/host.py": "from game.engine import State\n",
    "tools/__init__.py": "",
    "tools/simulate.py": "import game.cli\n",
}


def test_a_layered_tree_without_circles_passes(tmp_path):
    report = imports.check(_tree(tmp_path, CLEAN))
    assert report["circles"] == [] and report["upward"] == [] and report["unlayered"] == []
    assert report["files"] == len(CLEAN)


def test_a_circle_through_a_local_relative_import_and_an_upward_import_are_found(tmp_path):
    files = dict(CLEAN)
    # state -> rules (inside a function, relative) and rules -> state: a circle
    files["game/engine/state.py"] += "\n\ndef step():\n    from .rules import state\n"
    # the engine reaching up into the client, and the client into an entry point
    files["game/engine/board.py"] = "import game.client.app as app\n"
    files["game/client/menu.py"] = "from game import cli\n"
    root = _tree(tmp_path, files)
    report = imports.check(root)
    assert [c["files"] for c in report["circles"]] == [["game.engine.rules", "game.engine.state"]]
    assert {(e["at"], e["to"]) for e in report["circles"][0]["imports"]} == {
        ("game/engine/rules.py:1", "game.engine.state"), ("game/engine/rules.py:2", "game.engine.state"),
        ("game/engine/state.py:9", "game.engine.rules")}
    assert [(e["from"], e["to"]) for e in report["upward"]] == [
        ("game.client.menu", "game.cli"), ("game.engine.board", "game.client.app")]
    done = subprocess.run([sys.executable, "-m", "tools.check.imports", "--root", root, "--json"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert json.loads(done.stdout) == report
    done = subprocess.run([sys.executable, "-m", "tools.check.imports", "--root", root],
                          cwd=ROOT, capture_output=True, text=True)
    assert "1. 2 files: game.engine.rules, game.engine.state" in done.stdout
    assert "game/engine/board.py:1 (game.engine) imports game.client.app (the client's window)" in done.stdout


def test_layers_of_modules():
    assert imports.layer_of("game.engine.state") < imports.layer_of("game.saves") < imports.layer_of("net.host")
    assert imports.layer_of("game.client.app") < imports.layer_of("game.replay_cli") < imports.layer_of("tools")
    assert imports.layer_of("game.client.foo_cli") == imports.layer_of("game.client")
    assert imports.layer_of("game.elsewhere") is None


def test_the_clients_floors():
    """Inside the client: the ground floor, the table, the guided game, the
    scenes, the window; a floor reaching up (the guided game into a scene)
    is an upward import."""
    floors = ["game.client.theme", "game.client.table.panels", "game.client.tutorial.session",
              "game.client.scenes.replay", "game.client.app"]
    assert [imports.layer_of(m) for m in floors] == sorted({imports.layer_of(m) for m in floors})
    assert imports.layer_of("game.net") is None and imports.layer_of("net.peer") < imports.layer_of(floors[0])


def test_a_client_floor_reaching_up_is_found(tmp_path):
    files = dict(CLEAN)
    files["game/client/saved.py"] = "from game.engine import State\n"
    files["game/client/scenes/__init__.py"] = ""
    files["game/client/scenes/load.py"] = "from ..saved import State\n"
    files["game/client/tutorial/__init__.py"] = ""
    files["game/client/tutorial/session.py"] = "def resume():\n    from ..scenes.load import State\n"
    report = imports.check(_tree(tmp_path, files))
    assert report["circles"] == []
    assert [(e["from"], e["to"], e["from_layer"], e["to_layer"]) for e in report["upward"]] == [
        ("game.client.tutorial.session", "game.client.scenes.load", "game.client.tutorial", "game.client.scenes")]


@pytest.mark.slow
def test_the_real_tree_has_no_circle_and_no_upward_import():
    report = imports.check(ROOT)
    assert report["circles"] == [] and report["upward"] == []
