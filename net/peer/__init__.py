"""A player's side of a LAN game: the connection to a host, the game copy
kept in lockstep, the check of what the host sends, seat tokens, and the
computer players that join like any peer (see net/__init__.py)."""
