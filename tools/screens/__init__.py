"""Tools that drive the game's real window: screenshots of every screen (`python -m tools.screens.shoot`) and whole games played by clicks (`python -m tools.screens.autoplay`)."""
