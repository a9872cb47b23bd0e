"""The state hash is the SHA-256 of the canonical encoding (codec.py), however
it is built: `state_hash` reuses packed parts of unchanged fields, and must
give exactly `digest(encode_state(state))` for every state, every view and
every order in which states are hashed, so that saves made before keep
verifying (tests/test_saved_games_replay.py)."""

import pytest

from game.engine import codec, default_config, new_game, view
from game.engine.codec import digest, encode_state, state_hash
from game.engine.state import State

from engine_play import random_game


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.slow
def test_state_hash_equals_the_hash_of_the_canonical_bytes_through_a_game(rules):
    checked = []

    def compare(auth, record):
        state = auth.state
        assert state_hash(state) == digest(encode_state(state))
        if record.seq % 7 == 0:                 # views too, hashed in between
            for audience in (None, record.seq % state.n):
                v = view(state, audience)
                assert state_hash(v) == digest(encode_state(v))
        checked.append(record.seq)

    random_game(5, rules=rules, max_commands=1500 if rules == "base" else 2500, on_record=compare)
    assert len(checked) > 1000


def test_state_hash_keeps_true_apart_from_one_and_a_board_change_is_seen():
    """A flag that is False in one state and 0 in the next encodes differently;
    a changed board list is never answered from the kept part."""
    state, _ = new_game(default_config(rules="ck", players=3, seed=2))
    before = state_hash(state)
    assert state.crane is False
    state.crane = 0
    assert state_hash(state) == digest(encode_state(state)) != before
    state.crane = False
    assert state_hash(state) == before
    state.node_owner[10] = 1
    assert state_hash(state) == digest(encode_state(state)) != before
    state.node_owner[10] = -1
    assert state_hash(state) == before


@pytest.mark.parametrize("flag", ["rolled", "dev_played", "built", "crane"])
def test_state_hash_keeps_a_turn_flag_apart_from_a_number(flag):
    """Each flag of the turn packs False and 0 differently, both ways round."""
    state, _ = new_game(default_config(rules="ck", players=3, seed=4))
    setattr(state, flag, False)
    before = state_hash(state)
    setattr(state, flag, 0)
    assert state_hash(state) == digest(encode_state(state)) != before
    setattr(state, flag, False)
    assert state_hash(state) == before


def _holds_a_flag_inside(value) -> bool:
    """Whether a list or map holds True/False (or a fraction) at any depth:
    equal to a number, yet packed otherwise."""
    items = value.values() if type(value) is dict else value if type(value) is list else ()
    return any(type(v) in (bool, float) or _holds_a_flag_inside(v) for v in items)


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.slow
def test_kept_parts_hold_flags_only_where_their_types_are_compared(rules):
    """A kept part is reused while its fields compare equal, and True equals 1:
    so through whole games every field that holds a flag is in a run whose
    types are compared too (codec.STRICT), and no field of a kept run holds a
    flag inside a list or map (the runs packed anew each time may).  A
    replay's hasher (codec.StateHasher) compares each field's own type and
    packs `trade` and `pending` anew, so this covers it too."""
    how = {name: kind for kind, names, _, _ in codec._RUNS for name in names}
    flags = set()

    def look(auth, record):
        for name in State.__slots__:
            if how[name] is codec.FRESH or name == "config":    # the config's flags are bools only (validate_config)
                continue
            value = getattr(auth.state, name)
            if type(value) is bool:
                flags.add(name)
                assert how[name] is codec.STRICT, f"{name} holds a flag in a run compared by value only"
            assert not _holds_a_flag_inside(value), f"{name} holds a flag inside"

    random_game(7, rules=rules, max_commands=1500, on_record=look)
    assert {"rolled", "built"} <= flags


@pytest.mark.slow
def test_replay_bench_prints_its_figures(capsys):
    import json
    from tools.bench import replay
    assert replay.main(["--games", "1", "--rounds", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for rules in ("base", "ck"):
        assert out[f"{rules}_commands"] > 0
        assert out[f"{rules}_verify_us"] > 0 and out[f"{rules}_hash_ratio"] > 0 and out[f"{rules}_decode_us"] > 0


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.slow
def test_every_command_changes_only_the_fields_it_declares(rules):
    """game/engine/changes.py, which a replay trusts to look at fewer fields:
    after every command of a kind named there, in whole games, every other
    field is as before (unless the game ended), and every kind named is seen."""
    from game.engine.changes import CHANGES_ONLY
    from game.engine.state import GAME_OVER
    declared = CHANGES_ONLY[rules]
    seen = set()
    before = {}

    def look(auth, record):
        state = auth.state
        kind = record.cmd[0]
        now = {name: encode_state_field(state, name) for name in State.__slots__}
        if kind in declared and before and state.phase != GAME_OVER:
            changed = {name for name in State.__slots__ if now[name] != before[name]}
            assert changed <= set(declared[kind]), (kind, changed - set(declared[kind]))
            seen.add(kind)
        before.update(now)

    for seed in (9, 10, 11):
        random_game(seed, rules=rules, max_commands=1500, on_record=look)
    assert seen == set(declared)


def encode_state_field(state, name) -> bytes:
    value = getattr(state, name)
    return codec.pack([value.state, value.inc] if name == "rng" else value)


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_a_replays_hasher_gives_the_hash_of_the_canonical_bytes(rules):
    """codec.StateHasher, looking at every field and looking only at the
    fields each command declares (the replay's quick hash), gives exactly
    `digest(encode_state(state))` after every command of a whole game."""
    from game.engine.changes import CHANGES_ONLY
    from game.engine.codec import StateHasher, looker
    every, quick = StateHasher(), StateHasher()
    looks = {kind: looker(fields) for kind, fields in CHANGES_ONLY[rules].items()}
    checked = []

    def compare(auth, record):
        plain = digest(encode_state(auth.state))
        assert every.hash(auth.state) == plain
        assert quick.hash(auth.state, looks.get(record.cmd[0])) == plain, record.cmd
        checked.append(record.seq)

    random_game(6, rules=rules, max_commands=1500, on_record=compare)
    assert len(checked) > 1000


def test_a_replays_hasher_sees_a_flag_turn_into_a_number_and_a_board_change():
    """Each field is compared with its copy in value and in type, whichever
    part of the bytes it lies in (before a kept checkpoint of the hash or
    after it); a field not looked at keeps its bytes."""
    from game.engine.codec import StateHasher, looker
    state, _ = new_game(default_config(rules="ck", players=3, seed=2))
    hasher = StateHasher()
    before = hasher.hash(state)
    for change, undo in ((lambda: setattr(state, "crane", 0), lambda: setattr(state, "crane", False)),
                         (lambda: state.node_owner.__setitem__(10, 1), lambda: state.node_owner.__setitem__(10, -1)),
                         (lambda: state.hands[1].__setitem__(2, 3), lambda: state.hands[1].__setitem__(2, 0)),
                         (lambda: setattr(state, "current", (state.current + 1) % 3),
                          lambda: setattr(state, "current", (state.current + 2) % 3))):
        change()
        assert hasher.hash(state) == digest(encode_state(state)) != before
        undo()
        assert hasher.hash(state) == before
    state.robber = (state.robber + 1) % 19
    assert hasher.hash(state, looker(("phase",))) == before       # not looked at: its bytes kept
    assert hasher.hash(state, looker(("robber",))) == digest(encode_state(state)) != before
    with pytest.raises(ValueError):
        looker(("no_such_field",))
