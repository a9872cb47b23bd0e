"""What the host allows besides playing (watchers, hints: net/host/watchers.py)
is kept in its LAN save (net/host/saving.py "allow"), like the talk rules: a
resumed host allows what it allowed (its lobby says so to every window, so the
table's Hint and the join list's Watch follow), `kolonisten host --headless
--resume` keeps it and adds what --allow-watchers / --allow-hints turn on, a
save from before it was saved allows nothing, a damaged one allows nothing and
says so (the game is not lost for it), and every such save still replays with
every hash (`kolonisten replay --verify`).  Hosts fed frame by frame."""

import logging
import socket

import pytest

from game import cli, saves
from net import headless
from net.host import autosave
from test_net_talk_saved import Door, _played, _resumed

NOTHING = {"watchers": False, "hints": False}


def _saved_with(path, allow, moves=10):
    """A three-seat host that allowed `allow` in its lobby, saved `moves` commands on."""
    host = _played(path, moves=moves)
    host.watchers.allow = dict(NOTHING)
    host.watchers.set_allowed(**allow)      # (as the lobby's buttons did, before the deal)
    host.save()
    host.autosave.close()
    return host


def test_a_resumed_host_allows_what_it_allowed_and_the_save_replays(tmp_path, capsys):
    path = tmp_path / "allow.kol"
    _saved_with(path, {"watchers": True, "hints": True})
    assert saves.load(str(path)).extra["allow"] == {"watchers": True, "hints": True}

    resumed = _resumed(path)
    assert resumed.watchers.allow == {"watchers": True, "hints": True}
    assert resumed.lobby()["allow"] == {"watchers": True, "hints": True}     # every window is told so
    assert resumed.txt()["watch"] == "1"                                       # and the join list
    door = Door(resumed)
    wendy = door.conn({"t": "join", "name": "Wendy", "watch": True})
    assert wendy.watcher == "Wendy"
    assert cli.main(["replay", str(path), "--verify"]) == 0
    assert "Traceback" not in capsys.readouterr().err

    hints_only = tmp_path / "hints.kol"
    _saved_with(hints_only, {"hints": True})
    resumed = _resumed(hints_only)
    assert resumed.lobby()["allow"] == {"watchers": False, "hints": True}
    refused = Door(resumed).feed(Door(resumed).conn(), {"t": "join", "name": "Wim", "watch": True})
    assert refused[-1]["code"] == "no_watchers"


def test_a_save_that_allowed_nothing_or_from_before_resumes_allowing_nothing(tmp_path, monkeypatch):
    nothing = tmp_path / "nothing.kol"
    _saved_with(nothing, {})
    assert "allow" not in saves.load(str(nothing)).extra        # written as before it was kept
    assert _resumed(nothing).watchers.allow == NOTHING

    old_extra_for = autosave.extra_for
    monkeypatch.setattr(autosave, "extra_for", lambda game_id, name, seats, fair, talk, allow:
                        old_extra_for(game_id, name, seats, fair, talk))     # as an older Kolonisten saved
    old = tmp_path / "old.kol"
    _saved_with(old, {"watchers": True, "hints": True}, moves=6)
    assert "allow" not in saves.load(str(old)).extra
    resumed = _resumed(old)
    assert resumed.lobby()["allow"] == NOTHING and len(resumed.auth.log) == 6


@pytest.mark.parametrize("allow", [
    {"watchers": "yes", "hints": False},
    {"watchers": True, "cheats": True},
    [True, True],
    "watchers",
])
def test_a_damaged_allow_in_a_save_resumes_allowing_nothing_and_says_so(tmp_path, monkeypatch,
                                                                        caplog, allow):
    old_extra_for = autosave.extra_for
    monkeypatch.setattr(autosave, "extra_for", lambda game_id, name, seats, fair, talk, _allow:
                        dict(old_extra_for(game_id, name, seats, fair, talk), allow=allow))
    path = tmp_path / "damaged.kol"
    _saved_with(path, {"watchers": True}, moves=5)
    monkeypatch.undo()
    with caplog.at_level(logging.WARNING):
        resumed = _resumed(path)
    assert resumed.watchers.allow == NOTHING and len(resumed.auth.log) == 5    # the game goes on
    assert "host options (watchers, hints) are damaged" in caplog.text
    resumed.save()
    resumed.autosave.close()
    assert "allow" not in saves.load(str(path)).extra       # the next save is whole again
    assert cli.main(["replay", str(path), "--verify"]) == 0


def test_the_headless_host_resumes_with_the_saved_allow_and_adds_its_options(tmp_path, monkeypatch,
                                                                             capsys):
    """`kolonisten host --headless --resume`: without --allow-* the save's choices
    stay; with one it is added.  (The port is taken, so the host stops right
    after it was resumed and set up, with exit code 2.)"""
    path = tmp_path / "cli.kol"
    _saved_with(path, {"hints": True})
    hosts = []
    real_resume = headless.resume_file
    monkeypatch.setattr(headless, "resume_file", lambda *a, **k: hosts.append(real_resume(*a, **k))
                        or hosts[-1])
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        for options in ([], ["--allow-watchers"]):
            assert cli.main(["host", "--headless", "--resume", str(path), "--port", port,
                             "--bind", "127.0.0.1", "--no-discovery", *options]) == 2
            assert "cannot listen" in capsys.readouterr().err
    assert [host.watchers.allow for host in hosts] == [{"watchers": False, "hints": True},
                                                       {"watchers": True, "hints": True}]
