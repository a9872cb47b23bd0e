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


def test_join_refuses_a_key_that_is_not_a_fingerprint(capsys):
    assert main(["join", "127.0.0.1:7531", "--bot", "random", "--key", "K7QF-2M9X"]) == 2
    assert "64 hex digits" in capsys.readouterr().err


@pytest.mark.slow
def test_a_headless_host_with_a_join_code_seats_only_players_who_know_it(tmp_path, capsys):
    """`kolonisten host --headless --join-code` and `kolonisten join --join-code`:
    a bot with the wrong code is refused by name, two with the right one play
    the game to the end (verified fair)."""
    import asyncio
    import json

    from net.headless import run_host, run_join
    from net.wire.secure import load_identity

    async def main_():
        import io
        out = io.StringIO()
        host = asyncio.ensure_future(run_host(2, "base", port=0, bind="127.0.0.1", discovery=False,
                                              out=out, autosave=False, join_code="Kaas"))
        port = None
        for _ in range(200):
            await asyncio.sleep(0.05)
            err = capsys.readouterr().err
            if "on 127.0.0.1:" in err:
                port = int(err.split("on 127.0.0.1:")[1].split()[0])
                assert load_identity().short_code in err
                break
        assert port is not None
        wrong = io.StringIO()
        assert await run_join(f"127.0.0.1:{port}", "x", str(tmp_path / "x"), seed=1,
                              reconnect_for=0.5, out=wrong, join_code="Brood") == 1
        assert "join_code_wrong" in json.loads(wrong.getvalue())["problem"]
        outs = [io.StringIO(), io.StringIO()]
        codes = await asyncio.gather(*[
            run_join(f"127.0.0.1:{port}", n, str(tmp_path / n), seed=i, reconnect_for=5, out=o,
                     join_code="kaas") for i, (n, o) in enumerate(zip(("a", "b"), outs))])
        assert codes == [0, 0]
        assert await asyncio.wait_for(host, 60) == 0
        result = json.loads(out.getvalue().splitlines()[-1])
        assert result["fair"] and all(json.loads(o.getvalue())["fair"] for o in outs)
    asyncio.run(main_())
