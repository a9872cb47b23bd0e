"""Tools that drive the game's real window: screenshots of every screen
(shoot.py, one module per family of screens, window.py the shared window)
and whole games played by clicks and keys (autoplay.py)."""
