"""Checks of the code itself: the import graph (imports), the engine's results
against another checkout (engine_digest), and the seat colours for
colour-blind eyes (colours); the rules are checked by tools.simulate."""
