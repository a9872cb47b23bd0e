import atexit
import os
import shutil
import sys
import tempfile

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
