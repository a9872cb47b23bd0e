"""State.copy(): every field copied, and the copy shares nothing mutable with
the original.  The checks walk `State.__slots__`, so a field added later is
checked too (and must be copied correctly by its rule in state.py)."""

import pytest

from game.engine import apply, deciders, legal_commands, state_hash, view
from game.engine.codec import state_to_obj
from game.engine.state import DECIDE, TRADE, State

from engine_play import random_game


def _shared_containers(a, b, path):
    """Paths where the copy `b` shares a mutable container with the original `a`."""
    out = []
    if isinstance(a, (list, dict)) and a is b:
        out.append(path)
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            out += _shared_containers(x, y, f"{path}[{i}]")
    elif isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if k in b:
                out += _shared_containers(a[k], b[k], f"{path}[{k!r}]")
    return out


def _assert_faithful_independent_copy(state):
    copy = state.copy()
    assert type(copy) is State
    for name in State.__slots__:
        original, copied = getattr(state, name), getattr(copy, name)
        if name == "rng":
            assert (original is None) == (copied is None)
            if original is not None:
                assert (copied.state, copied.inc) == (original.state, original.inc)
                assert copied is not original
            continue
        assert copied == original, f"field {name} differs in the copy"
        assert not _shared_containers(original, copied, name), f"field {name} shares lists with the copy"
    assert state_to_obj(copy) == state_to_obj(state)
    return copy


def _positions(rules, seed, every=37):
    """Authority states and seat views at many points of a random game, with
    trade offers and pending decisions among them."""
    found = []

    def on_record(auth, record):
        s = auth.state
        if len(auth.log) % every == 0 or s.phase in (TRADE, DECIDE):
            found.append(s.copy() if len(found) % 2 else view(s, len(found) % s.n))

    random_game(seed, rules=rules, on_record=on_record, max_commands=2500)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("rules, seed", [("base", 1), ("base", 2), ("ck", 3), ("ck", 4)])
def test_copy_equals_the_original_field_by_field_and_shares_nothing_mutable(rules, seed):
    positions = _positions(rules, seed)
    assert any(p.trade is not None for p in positions) or rules == "ck"
    if rules == "ck":
        assert any(p.pending is not None for p in positions)
    for state in positions:
        _assert_faithful_independent_copy(state)


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_playing_on_a_copy_leaves_the_original_untouched(rules):
    """Apply the next commands (generator included) to a copy: the original's
    hash does not move, and the copy plays exactly as the original would."""
    auth = random_game(9, rules=rules, max_commands=600)
    state = auth.state
    before = state_hash(state)
    copy = state.copy()
    twin = state.copy()
    for _ in range(40):
        seats = deciders(copy)
        if not seats:
            break
        cmd = legal_commands(copy, seats[0])[0]     # (end_turn first in the main phase: play moves on)
        out_a, _ = apply(copy, cmd)
        out_b, _ = apply(twin, cmd)
        assert out_a == out_b
    assert state_hash(copy) == state_hash(twin)
    assert state_hash(state) == before
    assert state_hash(copy) != before


def test_every_field_has_a_copy_rule_that_handles_its_value():
    """Guard for fields added later: a blank game of each rule set copies with
    every slot present (an unset slot would raise here)."""
    from game.engine import default_config, new_game
    for rules in ("base", "ck"):
        state, _ = new_game(default_config(rules=rules))
        copy = _assert_faithful_independent_copy(state)
        assert set(state_to_obj(copy)) == set(State.__slots__)


@pytest.mark.slow
def test_bench_engine_reports_copy_time(capsys):
    import json
    from tools.bench import engine as bench_engine
    assert bench_engine.main(["--games", "1", "--no-catanatron", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["copy_us_median"] > 0 and result["ck_copy_us_median"] > 0
