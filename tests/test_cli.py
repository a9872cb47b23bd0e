"""The `kolonisten` command line as the README writes it: every sub-command's
--help, the window's options (the same for `kolonisten`, `kolonisten play`
and `python -m game.client`, and for that run only), `join --watch` without
a computer, and the README's host and watcher lines against a host on
loopback."""

import argparse
import json
import os
import re
import subprocess
import sys

import pytest

from game import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def readme_commands() -> list:
    """The README's command lines that start with `kolonisten` (between backticks)."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    return [c.replace("\\|", "|") for c in re.findall(r"`(kolonisten(?: [^`]*)?)`", text)]


def sub_parsers() -> dict:
    """{name: parser} of the `kolonisten` sub-commands."""
    ap = cli.parser()
    action = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def options_of(parser) -> set:
    return {s for a in parser._actions for s in a.option_strings}


def test_every_sub_command_answers_help_with_a_description_and_a_text_for_every_option(capsys):
    parsers = sub_parsers()
    assert set(parsers) == {"play", "host", "join", "browse", "replay", "position"}
    for name, parser in [(None, cli.parser())] + sorted(parsers.items()):
        with pytest.raises(SystemExit) as done:
            cli.main(([name] if name else []) + ["--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith("usage: kolonisten" + (f" {name}" if name else "")), out[:80]
        assert parser.description, name
        for action in parser._actions:
            if action.help == argparse.SUPPRESS or isinstance(action, argparse._SubParsersAction):
                continue
            assert action.help, (name, action.dest)          # no option without a word on what it does
            if action.option_strings:
                assert action.option_strings[-1] in out, (name, action.dest)


def test_every_option_the_readme_names_is_an_option_of_its_command():
    parsers = sub_parsers()
    top = cli.parser()
    commands = readme_commands()
    assert any("--watch" in c for c in commands)
    for command in commands:
        words = command.split()
        name = words[1] if len(words) > 1 and words[1] in parsers else None
        known = options_of(parsers[name] if name else top)
        for option in re.findall(r"(?<![\w-])--[a-z][\w-]*", command):
            assert option in known, (command, option)


def test_python_m_game_client_and_kolonisten_take_the_same_window_options():
    from game.client.cmdline import window_parser
    window = options_of(window_parser("python -m game.client"))
    assert {"--size", "--lang", "--fullscreen"} <= window
    assert window <= options_of(cli.parser())
    assert options_of(sub_parsers()["play"]) == window
    out = subprocess.run([sys.executable, "-m", "game.client", "--help"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0 and "--size WxH" in out.stdout and "--fullscreen" in out.stdout


def test_the_window_options_reach_the_window(monkeypatch, capsys):
    """`kolonisten --size 1280x720 --lang nl --fullscreen` (refused before:
    only `python -m game.client` took them), also before and after `play`."""
    opened = []
    monkeypatch.setattr("game.client.app.open_window", lambda args: opened.append(args) or 0)
    assert cli.main(["--size", "1280x720", "--lang", "nl", "--fullscreen"]) == 0
    assert cli.main(["--lang", "nl", "play", "--size", "1920x1080"]) == 0
    assert cli.main(["play"]) == 0
    first, second, plain = opened
    assert (first.size, first.lang, first.fullscreen) == ((1280, 720), "nl", True)
    assert (second.size, second.lang, second.fullscreen) == ((1920, 1080), "nl", False)
    assert (plain.size, plain.lang, plain.fullscreen) == (None, None, False)
    with pytest.raises(SystemExit) as done:
        cli.main(["--size", "big"])
    assert done.value.code == 2 and "--size" in capsys.readouterr().err


def test_the_command_lines_language_and_full_screen_are_not_written_into_the_settings():
    """`--lang nl` shows the window in Dutch for the run; leaving Settings
    (which saves them) keeps the settings' English; a language the person
    picks in Settings is kept."""
    import pygame

    from game.client import i18n, settings
    from game.client.app import App
    assert settings.save(dict(settings.DEFAULTS, language="en", fullscreen=False, muted=True)) is None
    app = App((1280, 720), fullscreen=None, language="nl")
    try:
        assert i18n.language() == "nl" and not app.fullscreen
        app.nav.open("menu")
        app.nav.open("settings")
        app.scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert settings.load()["language"] == "en"
        app.set_language("nl")                      # the person's choice in Settings
        app.save_prefs()
        assert settings.load()["language"] == "nl"
    finally:
        i18n.set_language("en")


def test_join_watches_without_a_computer_level(tmp_path, capsys):
    """`kolonisten join ADDRESS --watch` (exit 2 asking for --bot before):
    here against a port nobody listens on, so it gives up with exit 1."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = cli.main(["join", f"127.0.0.1:{port}", "--watch", "--name", "Wim", "--join-code", "kaas",
                     "--token-dir", str(tmp_path), "--reconnect-for", "0.3"])
    assert code == 1
    assert json.loads(capsys.readouterr().out)["problem"] == "could not reach the host"
    assert cli.main(["join", f"127.0.0.1:{port}"]) == 2            # neither a level nor --watch
    assert "--watch" in capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    (["host", "--headless", "--port", "99999"], "--port"),
    (["join", "foo:bar", "--bot", "random"], "bad port"),
    (["join", "127.0.0.1", "--watch", "--reconnect-for", "-1"], "--reconnect-for"),
    (["browse", "--timeout", "nan"], "--timeout"),
])
def test_bad_numbers_and_addresses_are_refused_with_their_reason(argv, words, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(argv)
    assert done.value.code == 2 and words in capsys.readouterr().err


def _words(command: str, values: dict) -> list:
    """A README command line with its placeholders filled in and its optional
    parts ([--x X]) given, as the arguments of `python -m game.cli`."""
    for name, value in values.items():
        command = re.sub(rf"\b{re.escape(name)}\b", value, command)
    command = command.replace("[", "").replace("]", "")
    words = command.split()
    assert words[0] == "kolonisten"
    return [sys.executable, "-m", "game.cli"] + words[1:]


@pytest.mark.slow
def test_the_readmes_watcher_line_follows_a_game_on_a_local_host(tmp_path):
    """The README's `kolonisten host --headless ... --allow-watchers` with two
    computers, and its `kolonisten join ADDRESS --watch --name NAME
    [--join-code CODE]`, as separate processes on loopback: the watcher
    follows the game to its end in step with the host (exit 0)."""
    host_line, watch_line = re.findall(
        r"`(kolonisten host [^`]*--allow-watchers[^`]*)` / `(kolonisten join [^`]*--watch[^`]*)`",
        open(os.path.join(ROOT, "README.md"), encoding="utf-8").read())[0]
    env = dict(os.environ, PYTHONPATH=ROOT)
    host_argv = _words(host_line.replace("...", "--players 2 --rules base --port 0 --no-discovery "
                                                "--no-save --bots 2 --bot-level random --join-code kaas"), {})
    host = subprocess.Popen(host_argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        port = None
        for line in host.stderr:
            found = re.search(r" on [\d.]+:(\d+)", line)
            if found:
                port = int(found.group(1))
                break
        assert port, "the host did not say where it listens"
        watcher = subprocess.run(
            _words(watch_line, {"ADDRESS": f"127.0.0.1:{port}", "NAME": "Wim", "CODE": "kaas"})
            + ["--token-dir", str(tmp_path)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        result = json.loads(watcher.stdout.splitlines()[-1])
        assert watcher.returncode == 0, (result, watcher.stderr[-2000:])
        assert result["ok"] and result["fair"] and result["seat"] is None and result["winner"] is not None
        assert host.wait(timeout=120) == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
