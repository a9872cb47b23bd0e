"""Which code an arena measured: the checkout the `game` package came from,
its commit and whether it had changes not committed."""

import os
import subprocess


def code_under_test() -> dict:
    """{"path", "commit", "dirty"} of the checkout holding the imported `game`
    package (commit None when it is not a git checkout)."""
    import game
    root = os.path.dirname(os.path.dirname(os.path.abspath(game.__file__)))
    out = {"path": root, "commit": None, "dirty": None}
    try:
        out["commit"] = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], capture_output=True,
                                       text=True, check=True, timeout=10).stdout.strip()
        status = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no",
                                 "--", "game", "net"], capture_output=True, text=True, check=True,
                                timeout=10).stdout
        out["dirty"] = bool(status.strip())
    except (OSError, subprocess.SubprocessError):
        pass
    return out
