"""tools.arena: ARENA_CODE puts another checkout's `game` first for every
arena, and the arenas name the code they measured."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_arena_code_measures_the_named_checkout(tmp_path):
    other = tmp_path / "checkout"
    (other / "game").mkdir(parents=True)
    (other / "game" / "__init__.py").write_text("MARK = 'other'\n")
    subprocess.run(["git", "init", "-q", str(other)], check=True)
    subprocess.run(["git", "-C", str(other), "add", "."], check=True)
    subprocess.run(["git", "-C", str(other), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"],
                   check=True)
    code = ("import tools.arena, game, json; from tools.arena.provenance import code_under_test; "
            "print(json.dumps([game.MARK, code_under_test()]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, ARENA_CODE=str(other)), check=True)
    import json
    mark, info = json.loads(done.stdout)
    assert mark == "other" and info["path"] == str(other) and len(info["commit"]) == 40 and info["dirty"] is False


def test_without_arena_code_the_arenas_measure_this_checkout():
    from tools.arena.provenance import code_under_test
    assert code_under_test()["path"] == ROOT
