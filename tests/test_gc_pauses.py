"""A long game's log stays out of the collector's full walks (match.FREEZE_EVERY),
and tools.bench.gc_pauses reports the pauses with and without that."""

import gc

import pytest

from game.engine import match

from engine_play import random_game


@pytest.mark.slow
def test_a_long_log_is_moved_out_of_the_collectors_walks(monkeypatch):
    monkeypatch.setattr(match, "FREEZE_EVERY", 500)
    gc.collect()
    try:
        auth = random_game(3, rules="ck", max_commands=1200)
        assert len(auth.log) == 1200
        walked = {id(o) for o in gc.get_objects()}
        # the records of the first 1000 commands were frozen, the newest not
        assert not any(id(r) in walked for r in auth.log[:1000])
        assert all(id(r) in walked for r in auth.log[1000:])
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


@pytest.mark.slow
def test_gc_pauses_tool_prints_both_runs(capsys):
    from tools.bench import gc_pauses
    assert gc_pauses.main(["--commands", "600", "--json"]) == 0
    import json
    out = json.loads(capsys.readouterr().out)
    assert out["commands"] == 600
    assert {"max_full_ms", "no_freeze_max_full_ms", "walked_objects", "no_freeze_walked_objects"} <= set(out)
