import os
import sys

# Headless pygame for every test (no display, no sound card on CI).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Tests import `tools.*`, which lives at the repo root and is not installed.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
