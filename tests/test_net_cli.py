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
        main(["host", "--headless", "--players", "7"])
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


@pytest.mark.slow
def test_a_bot_stops_when_the_host_closes_the_game(tmp_path):
    """`join --bot` seated in a lobby: the host closes (it says so) and the
    bot ends at once instead of trying to reconnect for minutes."""
    import asyncio

    from net.peer.bot import BotPlayer, play
    from net.peer.tokens import TokenStore
    from net_helpers import start_host
    from wait_helpers import until

    async def main_():
        host = await start_host(2)
        player = BotPlayer("bot", TokenStore(str(tmp_path)), level="easy")
        task = asyncio.ensure_future(play(("127.0.0.1", host.port), "bot", player=player, level="easy",
                                          reconnect_for=300.0, pin=host.identity.fingerprint))
        assert await until(lambda: player.game.seat is not None)
        await host.close()
        result = await asyncio.wait_for(task, 30)
        assert result["problem"] == "the host closed the game" and not result["ok"]
    asyncio.run(main_())


def _stop_with(sig, args, ready):
    """Start `kolonisten ARGS` (with Ctrl-C not ignored), wait until its
    stderr shows `ready` (None: a few seconds), send `sig`; (exit code, stderr)."""
    import os
    import signal
    import subprocess
    import sys
    import threading
    import time
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.Popen([sys.executable, "-m", "game.cli", *args], cwd=root, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 60
        while ready and not any(ready in line for line in lines) and time.monotonic() < deadline \
                and proc.poll() is None:
            time.sleep(0.05)
        assert not ready or any(ready in line for line in lines), lines
        if not ready:
            # Nothing to wait for (it prints nothing until it stops): a moment
            # to start its loop; a signal before that is caught all the same.
            time.sleep(4.0)
        # (`ready` is printed once its loop has taken the signals over)
        assert proc.poll() is None, lines
        proc.send_signal(sig)
        proc.wait(30)
        reader.join(10)
        return proc.returncode, "".join(lines)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.slow
@pytest.mark.parametrize("sig_name,words", [("SIGINT", "Ctrl-C"), ("SIGTERM", "SIGTERM")])
def test_a_headless_host_stops_on_ctrl_c_or_sigterm_without_a_traceback(sig_name, words):
    import signal
    sig = getattr(signal, sig_name)
    code, err = _stop_with(sig, ["host", "--headless", "--players", "2", "--port", "0", "--bind", "127.0.0.1",
                                 "--no-discovery", "--no-save"], "host key")
    assert code == 128 + sig and f"kolonisten host: stopped ({words})" in err
    assert "Traceback" not in err


@pytest.mark.slow
def test_a_joining_bot_stops_on_ctrl_c_without_a_traceback(tmp_path):
    import signal
    with socket_port() as port:
        code, err = _stop_with(signal.SIGINT, ["join", f"127.0.0.1:{port}", "--bot", "easy", "--name", "x",
                                               "--token-dir", str(tmp_path), "--reconnect-for", "300"],
                               None)
    assert code == 130 and "kolonisten join: stopped (Ctrl-C)" in err and "Traceback" not in err


def socket_port():
    """A port nobody listens on (the bot keeps trying to reach it)."""
    import contextlib
    import socket

    @contextlib.contextmanager
    def port():
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            yield s.getsockname()[1]
    return port()
