"""The pygame client: scene stack, rendering, input -> commands, text catalogs, sound.

The client never decides rules: what is legal, what it costs and what it does
come from game.engine; the client draws a seat's view and submits commands
through one controller object (see controller.py)."""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
