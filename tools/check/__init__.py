"""Checks of the code itself (the import graph); the rules are checked by
tools.simulate."""
