"""Strength of the computer players: complete games between our levels
(levels.py), Hard with its search settings exposed (hard.py), Hard against
catanatron's players in catanatron's engine (vs_catanatron.py) and against
the JSettlers robots on their own server (vs_jsettlers.py), and the rating
ladder of the levels (ladder.py).

The code measured is the `game` package Python finds first: the checkout the
tool runs from, unless ARENA_CODE names another checkout (a clone of the
commit to measure), which then goes first on the path for every import of
`game` and `net` -- so these tools can measure a commit that predates them:

    ARENA_CODE=/work/arena-code/COMMIT python -m tools.arena.vs_jsettlers ...

Every arena's JSON names the code it measured (provenance.code_under_test).
"""

import os
import sys

_CODE = os.environ.get("ARENA_CODE")
if _CODE:
    sys.path.insert(0, os.path.abspath(_CODE))
