import sys

# The test modules' compiled files (with pytest's rewritten asserts) are kept
# in __pycache__ (ignored by git) even where PYTHONDONTWRITEBYTECODE is set:
# without them every run, in every worker, rewrites and compiles every test
# module again, about 9 s of CPU each.  Set before hypothesis is imported:
# pytest rewrites the asserts of a plugin's whole package, so every process
# otherwise compiled hypothesis's modules anew (collection 1.9-2.2 s of CPU,
# 1.5-1.7 s with them kept).
sys.dont_write_bytecode = False

import atexit
import os
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, settings

from example_counts import DEFAULT, PROFILE

# Headless pygame for every test (no display, no sound card on CI).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Games started through the client autosave; unless a test picks its own
# folder they go to a throwaway one, never into the player's saved games
# (in memory where the system offers it: an autosave fsyncs after every move).
_SAVES = tempfile.mkdtemp(prefix="kolonisten-test-saves-",
                          dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
os.environ["KOLONISTEN_SAVE_DIR"] = _SAVES
atexit.register(shutil.rmtree, _SAVES, True)
# LAN hosts make a key pair on first use: never in the player's data folder.
_KEYS = tempfile.mkdtemp(prefix="kolonisten-test-keys-")
os.environ["KOLONISTEN_KEY_DIR"] = _KEYS
atexit.register(shutil.rmtree, _KEYS, True)

# Tests import `tools.*`, which lives at the repo root and is not installed.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Hypothesis: a quick profile while working, a thorough one on CI (.ci/run sets
# CI=true); HYPOTHESIS_PROFILE picks one by name.  No deadline and no "too
# slow" health check in either: a test must not fail because the machine is busy.
_PATIENT = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=DEFAULT["dev"], **_PATIENT)
settings.register_profile("ci", max_examples=DEFAULT["ci"], print_blob=True, **_PATIENT)
settings.load_profile(PROFILE)


@pytest.fixture(autouse=True)
def _user_data(tmp_path_factory, monkeypatch):
    """Settings and seat tokens (KOLONISTEN_HOME) and saved games in fresh
    folders for each test, so no test sees another's files."""
    monkeypatch.setenv("KOLONISTEN_HOME", str(tmp_path_factory.mktemp("home")))
    monkeypatch.setenv("KOLONISTEN_SAVE_DIR", tempfile.mkdtemp(prefix="test-", dir=_SAVES))


@pytest.fixture(autouse=True)
def _english_after():
    """Each test leaves the window's language as it found it, English (a
    test that draws in Dutch made a later one in the same worker fail)."""
    yield
    i18n = sys.modules.get("game.client.i18n")         # (only where a test used the client)
    if i18n is not None and i18n.language() != "en":
        i18n.set_language("en")


@pytest.fixture
def saves_folder():
    """This test's own saved-games folder (fresh for each test, see _user_data)."""
    from game import saves
    return saves.saves_dir()
