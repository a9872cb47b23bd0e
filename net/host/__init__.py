"""The authoritative host: Host (game.py) owns its Connections and its
FairDeal, which call it back (see net/__init__.py for the modules)."""
