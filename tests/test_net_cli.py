"""The `host`, `join` and `browse` sub-commands parse and refuse clearly."""

import pytest

from game.cli import main


def test_window_forms_not_built_yet_say_so(capsys):
    assert main(["host", "--players", "2"]) == 2
    assert "--headless" in capsys.readouterr().err
    assert main(["join", "127.0.0.1:7531"]) == 2
    assert "--bot LEVEL" in capsys.readouterr().err


def test_bad_arguments_are_refused_before_anything_runs(capsys):
    with pytest.raises(SystemExit):
        main(["host", "--headless", "--players", "5"])
    with pytest.raises(SystemExit):
        main(["host", "--headless", "--seed", "-1"])
    assert "--seed" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["join", "127.0.0.1", "--bot", "clever"])


def test_join_gives_up_on_an_unreachable_host(tmp_path, capsys):
    import socket
    with socket.socket() as s:          # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = main(["join", f"127.0.0.1:{port}", "--bot", "random", "--name", "x",
                 "--token-dir", str(tmp_path), "--reconnect-for", "0.3"])
    assert code == 1
    assert "could not reach the host" in capsys.readouterr().out
