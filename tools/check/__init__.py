"""Checks of the code itself: the import graph (imports), and the engine's results
against another checkout (engine_digest); the rules are checked by tools.simulate."""
