"""Scenes of the client: main menu, settings, new game, table, end screen."""
