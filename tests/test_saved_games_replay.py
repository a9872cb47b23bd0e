"""Games saved by an earlier version of Kolonisten (tests/data/saves, see its
README) still load, replay with every recorded state hash, resume where they
stopped, and are written back byte for byte the same: the save format, the
commands and the state hashes must not change when the code is reorganised."""

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from game import cli, saves
from game.client.controller import HotseatController
from net.host.resume import resume_file

SAVES = Path(__file__).parent / "data" / "saves"

# file: rules, mode, players, commands, turn, winner (-1: unfinished), state hash after the last command
EXPECTED = {
    "hotseat-base-finished.kolonisten": ("base", "hotseat", 3, 390, 79, 2, "a624100378119962fe202b8e35d1de3a"),
    "hotseat-ck-finished.kolonisten": ("ck", "hotseat", 3, 409, 71, 1, "589ba9586fe693aaa9b4f02015478c5a"),
    "hotseat-ck-unfinished.kolonisten": ("ck", "hotseat", 4, 166, 27, -1, "9aa13af083c13b669e9a2b9a0ac47d8d"),
    "lan-base-finished.kolonisten": ("base", "lan", 3, 270, 47, 1, "f2e5b91c6562d0707dab92854fb96ac3"),
    "lan-base-unfinished.kolonisten": ("base", "lan", 4, 121, 21, -1, "1cadc646fd984185d0db29d8e08c5f0d"),
    "lan-ck-finished.kolonisten": ("ck", "lan", 3, 517, 54, 2, "da3d0398cae39f3cfcda634698c09beb"),
    "lan-ck-unfinished.kolonisten": ("ck", "lan", 4, 108, 15, -1, "760eb6e8a7d87eeb59bfaa1ded8fdbea"),
}
HOTSEAT = sorted(name for name, expected in EXPECTED.items() if expected[1] == "hotseat")
LAN = sorted(name for name, expected in EXPECTED.items() if expected[1] == "lan")


def _path(name) -> str:
    return str(SAVES / name)


def _same_save_apart_from_date(written: str, name: str) -> None:
    """The file at `written` holds exactly the saved game `name` (down to its
    bytes) except the time of the last save, which a new write refreshes."""
    original = saves.load(_path(name))
    again = dataclasses.replace(saves.load(written), updated=original.updated)
    assert saves.encode(again) == Path(_path(name)).read_bytes()


def test_every_saved_game_is_checked():
    assert sorted(p.name for p in SAVES.glob("*" + saves.SUFFIX)) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replay_verify_matches_every_recorded_hash(name, capsys):
    """`kolonisten replay FILE --verify --json`, the check a player can run."""
    rules, mode, players, commands, turn, winner, final = EXPECTED[name]
    assert cli.main(["replay", _path(name), "--verify", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result == {"file": _path(name), "ok": True, "rules": rules, "players": players,
                      "mode": mode, "commands": commands, "hashes_checked": commands,
                      "turn": turn, "winner": winner, "state_hash": final}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_resume_gives_the_last_recorded_state(name):
    game = saves.load(_path(name))
    auth, hashes = saves.resume(game)
    assert hashes == game.hashes
    assert auth.state_hash() == game.hashes[-1] == EXPECTED[name][-1]
    assert saves.encode(game) == Path(_path(name)).read_bytes()     # read and written alike


@pytest.mark.parametrize("name", HOTSEAT)
def test_hotseat_save_resumes_in_the_window_and_saves_on_unchanged(name, tmp_path):
    """The way *Load game* -> resume continues a hot-seat game: its computers
    play on at their levels and the autosave rewrites the same save."""
    game = saves.load(_path(name))
    auth, game.hashes = saves.resume(game)
    names = [p["name"] for p in game.players]
    colours = [tuple(p["colour"]) for p in game.players]
    written = str(tmp_path / name)
    controller = HotseatController.resume(auth, names, colours, written, game)
    assert controller.computers == saves.computer_levels(game)
    assert any(level is not None for level in controller.computers)
    assert controller.auth.state_hash() == EXPECTED[name][-1]
    controller.saver.record()
    _same_save_apart_from_date(written, name)


@pytest.mark.parametrize("name", LAN)
def test_lan_save_resumes_as_host_and_saves_on_unchanged(name, tmp_path):
    """`kolonisten host --headless --resume FILE --save OTHER`: the host replays
    the game, checks its fair deal and writes the same save to OTHER."""
    written = str(tmp_path / name)
    original = tmp_path / "original.kolonisten"
    shutil.copyfile(_path(name), original)
    host = resume_file(str(original), save_path=written)
    game = saves.load(_path(name))
    assert host.auth.state_hash() == EXPECTED[name][-1]
    assert host.finished.is_set() == (EXPECTED[name][5] >= 0)
    assert host.fair is not None
    assert [seat.name for seat in host.seats] == [p["name"] for p in game.players]
    assert any(seat.computer for seat in host.seats)
    _same_save_apart_from_date(written, name)
    assert original.read_bytes() == Path(_path(name)).read_bytes()


def _verify_tampered(game, tmp_path, capsys) -> dict:
    """`kolonisten replay FILE --verify --json` on `game` written as a well-formed save."""
    path = tmp_path / "tampered.kolonisten"
    path.write_bytes(saves.encode(game))
    assert cli.main(["replay", str(path), "--verify", "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] is False
    return result


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replay_verify_catches_every_changed_recorded_hash(name, tmp_path, capsys):
    """A recorded hash changed at the start, the middle or the end is named."""
    for at in (0, EXPECTED[name][3] // 2, EXPECTED[name][3] - 1):
        game = saves.load(_path(name))
        digit = game.hashes[at][7]
        game.hashes[at] = game.hashes[at][:7] + ("1" if digit == "0" else "0") + game.hashes[at][8:]
        result = _verify_tampered(game, tmp_path, capsys)
        assert f"state differs after command {at + 1}" in result["error"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replay_verify_catches_a_changed_command_that_is_legal(name, tmp_path, capsys):
    """A command swapped for another one legal at that moment replays, but the
    recorded hash after it no longer matches; one swapped for an illegal one
    is refused.  Either way the command is named."""
    from game.engine import legal_commands
    from game.engine.match import Authority, normal_command
    game = saves.load(_path(name))
    at = len(game.commands) // 2
    while True:         # the first command from the middle on with another legal choice
        auth = Authority.replay(game.config, game.commands[:at])
        seat = game.commands[at][1]
        others = [c for c in legal_commands(auth.state, seat, offers=False)
                  if normal_command(c) != normal_command(game.commands[at])]
        if others:
            break
        at += 1
    game.commands[at] = list(others[-1])
    assert f"state differs after command {at + 1}" in _verify_tampered(game, tmp_path, capsys)["error"]
    game = saves.load(_path(name))
    game.commands[at] = ["build_road", game.commands[at][1], 999]      # no such path
    assert f"command {at + 1} is refused" in _verify_tampered(game, tmp_path, capsys)["error"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_quick_hash_that_differs_is_decided_by_a_full_replay(name, monkeypatch):
    """If the fields a command was said to change were wrong, the quick hash
    would differ from the recorded one: the save is then replayed looking at
    every field, which decides (here: it verifies; a changed hash is still
    named)."""
    from game.engine.codec import looker
    wrong = {kind: looker(("trade",)) for kind in ("end_turn", "roll", "build_road")}
    monkeypatch.setattr(saves, "_LOOKERS", {rules: {**kinds, **wrong} for rules, kinds in saves._LOOKERS.items()})
    game = saves.load(_path(name))
    assert saves.restore(game).state_hash() == EXPECTED[name][-1]
    game.hashes[len(game.hashes) // 2] = "0" * 32
    with pytest.raises(saves.SaveError, match=f"after command {len(game.hashes) // 2 + 1}$"):
        saves.restore(game)


def _forged(name, at, forge):
    """Save `name` with the hash recorded after command `at` (0-based) made
    from the state after it as `forge(state)` changes it."""
    from game.engine.codec import state_hash
    from game.engine.match import Authority
    game = saves.load(_path(name))
    state = Authority.replay(game.config, game.commands[:at + 1]).state.copy()
    forge(state)
    game.hashes[at] = state_hash(state)
    return game


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_forged_hash_in_a_field_the_command_cannot_change_is_caught(name, tmp_path, capsys):
    """The quick hash looks only at the fields a command can change
    (game/engine/changes.py): a save whose recorded hashes say that such a
    command also moved the robber, handed out a card or gave a road away is
    still caught at that very command."""
    from game.engine.changes import CHANGES_ONLY
    rules = EXPECTED[name][0]
    game = saves.load(_path(name))
    middle = len(game.commands) // 2
    forgeries = (
        ("end_turn", "robber", lambda state: setattr(state, "robber", (state.robber + 1) % 19)),
        ("roll", "edge_owner", lambda state: state.edge_owner.__setitem__(state.edge_owner.index(-1), 0)),
        ("offer", "hands", lambda state: state.hands[0].__setitem__(0, state.hands[0][0] + 1)),
        ("maritime", "vp_public", lambda state: state.vp_public.__setitem__(1, state.vp_public[1] + 1)),
    )
    tried = 0
    for kind, field, forge in forgeries:
        assert field not in CHANGES_ONLY[rules][kind]
        at = next((i for i in range(middle, len(game.commands) - 1) if game.commands[i][0] == kind), None)
        if at is None:
            continue
        result = _verify_tampered(_forged(name, at, forge), tmp_path, capsys)
        assert f"state differs after command {at + 1}" in result["error"], (kind, field)
        tried += 1
    assert tried >= 3


@pytest.mark.parametrize("name", ["hotseat-ck-finished.kolonisten", "lan-base-unfinished.kolonisten"])
def test_resume_checks_the_recorded_hashes_or_makes_them(name):
    """Resuming hands the Autosaver the recorded hashes, each checked on the
    way (a changed one is named), and makes them for a save that recorded
    none: the same hashes."""
    game = saves.load(_path(name))
    recorded = list(game.hashes)
    game.hashes = []
    auth, made = saves.resume(game)
    assert made == recorded and auth.state_hash() == EXPECTED[name][-1]
    game = saves.load(_path(name))
    at = len(game.hashes) // 3
    game.hashes[at] = "f" * 32
    with pytest.raises(saves.SaveError, match=f"after command {at + 1}$"):
        saves.resume(game)
