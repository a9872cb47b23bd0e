"""tools.check.engine_digest: the same engine gives the same digest, and a
change to what the engine lists shows in it."""

import json

import pytest

from game.engine.ruleset import RULESETS
from game.engine.state import ROBBER
from tools.check import engine_digest


@pytest.mark.slow
def test_the_digest_repeats_and_names_a_changed_listing(monkeypatch, capsys):
    assert engine_digest.main(["--base", "2", "--ck", "0", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert engine_digest.listings_digest(2, 0) == first["listings"]
    assert engine_digest.bench_games_digest(2, 0) == first["bench_games"]
    # The robber may no longer go to the last hex: both digests change.
    base = RULESETS["base"]
    lister = base.listers[ROBBER]
    monkeypatch.setitem(base.listers, ROBBER, lambda state, seat: [c for c in lister(state, seat) if c[2] != 18])
    assert engine_digest.listings_digest(2, 0) != first["listings"]
    assert engine_digest.bench_games_digest(2, 0) != first["bench_games"]
