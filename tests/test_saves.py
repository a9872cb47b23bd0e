"""Saved games: round trips, replay verification, damaged files, atomic writes."""

import os
import random
import time

import pytest
from hypothesis import given, strategies as st

from game import saves
from game.engine.codec import state_hash
from game.bots.random_bot import RandomSeats
from game.engine import default_config
from game.engine.match import Authority


def _autosaved_game(saves_folder, rules, seed, stop_at, compact=False):
    """Play a random game, autosaving after every command; returns (auth, path).
    With `compact` the file ends as one snapshot (no journal after it)."""
    auth = Authority(default_config(rules=rules, seed=seed, players=3))
    path = saves.new_save_path(folder=saves_folder)
    saver = saves.Autosaver(auth, path, players=[{"name": n} for n in ("Ann", "Bo", "Cas")])
    bot = RandomSeats(seed)
    while auth.state.phase != 9 and len(auth.log) < stop_at:
        auth.submit(bot.command(auth.state))
        saver.record()
    if compact:
        saver.compact()
    return auth, path


@pytest.mark.slow
@pytest.mark.parametrize("rules, seed, stop_at", [("base", 1, 37), ("base", 2, 900), ("ck", 3, 50),
                                                  ("ck", 4, 1500)])
def test_a_save_at_a_random_point_restores_the_identical_game(saves_folder, rules, seed, stop_at):
    auth, path = _autosaved_game(saves_folder, rules, seed, stop_at)
    loaded = saves.load(path)
    again = saves.restore(loaded, verify=True)
    assert state_hash(again.state) == state_hash(auth.state)
    assert loaded.summary["commands"] == len(auth.log)
    assert loaded.players[1]["name"] == "Bo"


@pytest.mark.slow
def test_restored_game_plays_on_like_the_original(saves_folder):
    auth, path = _autosaved_game(saves_folder, "base", 5, 400)
    again = saves.restore(saves.load(path))
    b1, b2 = RandomSeats(9), RandomSeats(9)
    for _ in range(200):
        if auth.state.phase == 9:
            break
        r1 = auth.submit(b1.command(auth.state))
        r2 = again.submit(b2.command(again.state))
        assert (r1.cmd, r1.outcome) == (r2.cmd, r2.outcome)
    assert state_hash(auth.state) == state_hash(again.state)


@pytest.mark.slow
def test_a_finished_game_verifies(saves_folder):
    auth, path = _autosaved_game(saves_folder, "base", 6, 10**6)
    assert auth.state.winner != -1
    game = saves.load(path)
    assert saves.restore(game).state.winner == auth.state.winner
    assert game.summary["winner"] == auth.state.winner


def _damaged_versions(data: bytes):
    rnd = random.Random(7)
    yield "truncated", data[: len(data) // 2]
    yield "truncated tail", data[:-1]
    for i in range(5):
        flipped = bytearray(data)
        pos = rnd.randrange(len(saves.MAGIC), len(data))
        flipped[pos] ^= 1 << rnd.randrange(8)
        yield f"bit flip {i}", bytes(flipped)
    yield "random bytes", bytes(rnd.randrange(256) for _ in range(500))
    yield "empty", b""
    yield "foreign", b"PK\x03\x04 this is a zip file"
    yield "magic only", saves.MAGIC


def test_damaged_saves_are_refused_with_a_reason_and_left_alone(saves_folder):
    """Damage in the snapshot (see the journal tests for damage after it)."""
    _, path = _autosaved_game(saves_folder, "base", 8, 300, compact=True)
    good = open(path, "rb").read()
    for label, bad in _damaged_versions(good):
        broken = os.path.join(saves_folder, f"broken-{label.replace(' ', '_')}{saves.SUFFIX}")
        with open(broken, "wb") as f:
            f.write(bad)
        with pytest.raises(saves.SaveError) as info:
            saves.restore(saves.load(broken))
        assert str(info.value), label
        assert info.value.code in ("not_a_save", "damaged", "too_large"), label
        assert open(broken, "rb").read() == bad            # never "repaired" or removed
    listing = saves.list_saves(saves_folder)
    assert sum(e.error is None for e in listing) == 1      # the good one
    assert all(e.error for e in listing if e.path != path)
    assert open(path, "rb").read() == good


def test_a_newer_format_asks_for_an_update(saves_folder):
    import msgpack
    auth, path = _autosaved_game(saves_folder, "base", 10, 20, compact=True)
    data = open(path, "rb").read()
    wrapper = msgpack.unpackb(data[len(saves.MAGIC):], raw=False)
    wrapper["format"] = saves.FORMAT + 1
    newer = saves.MAGIC + msgpack.packb(wrapper, use_bin_type=True)
    with pytest.raises(saves.SaveError, match="newer Kolonisten"):
        saves.decode(newer)


def test_a_tampered_log_fails_verification(saves_folder):
    """A well-formed save whose recorded hashes do not match its commands."""
    auth, path = _autosaved_game(saves_folder, "base", 11, 120)
    game = saves.load(path)
    game.hashes[60] = "0" * 32
    with pytest.raises(saves.SaveError, match="after command 61"):
        saves.restore(game)
    game = saves.load(path)
    game.commands[5] = ["end_turn", 3]
    with pytest.raises(saves.SaveError, match="command 6"):
        saves.restore(game)


def test_an_interrupted_write_leaves_the_previous_save_whole(saves_folder, monkeypatch):
    auth, path = _autosaved_game(saves_folder, "base", 12, 50)
    before = open(path, "rb").read()

    def crash(src, dst):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    saver = saves.Autosaver(auth, path, hashes=saves.load(path).hashes)
    auth.submit(RandomSeats(1)[auth.state.current].choose(auth.state) or ("end_turn", auth.state.current))
    with pytest.raises(OSError):
        saver.record()
    assert open(path, "rb").read() == before
    assert [n for n in os.listdir(saves_folder) if n.startswith(".tmp-")] == []


@given(st.binary(max_size=300))
def test_any_bytes_give_a_save_or_a_save_error(blob):
    for data in (blob, saves.MAGIC + blob):
        try:
            saves.decode(data)
        except saves.SaveError as exc:
            assert str(exc)


def test_temporary_files_of_killed_writes_are_cleared_once_stale(saves_folder):
    _autosaved_game(saves_folder, "base", 14, 10)
    fresh = os.path.join(saves_folder, ".tmp-fresh.kolonisten")
    stale = os.path.join(saves_folder, ".tmp-stale.kolonisten")
    for path in (fresh, stale):
        with open(path, "wb") as f:
            f.write(b"half a save")
    old = time.time() - saves.STALE_TEMP_SECONDS - 10
    os.utime(stale, (old, old))
    assert len(saves.list_saves(saves_folder)) == 1
    assert os.path.exists(fresh) and not os.path.exists(stale)


@pytest.mark.slow
def test_autosave_bytes_are_exactly_the_encoding_of_what_they_hold(saves_folder):
    """The autosaver packs the log piece by piece; the file must be the very
    bytes a whole-record encode gives."""
    auth, path = _autosaved_game(saves_folder, "ck", 15, 400, compact=True)
    data = open(path, "rb").read()
    assert saves.encode(saves.load(path)) == data
    assert len(saves.load(path).commands) == len(auth.log) == 400
