"""Every tool in tools/ answers --help with its usage and exits 0: a help
text argparse cannot format (a bare '%' in it) crashes the tool before it
does anything, which no run of the tool itself would show until someone asks
for help."""

import importlib
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOOLS = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for path in (ROOT / "tools").rglob("*.py")
    if "argparse" in path.read_text(encoding="utf-8") and "def main(" in path.read_text(encoding="utf-8")
)


def test_the_tools_are_found():
    assert "tools.screens.shoot" in TOOLS and "tools.simulate" in TOOLS


@pytest.mark.parametrize("name", TOOLS)
def test_a_tool_answers_help(name, capsys):
    module = importlib.import_module(name)
    with pytest.raises(SystemExit) as done:
        module.main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage:"), out[:200]


def test_the_window_autoplays_help_names_its_own_ways(capsys):
    """tools.ui_autoplay hands a whole game's options to tools.screens.autoplay,
    whose help named neither --tutorial nor --keys-only."""
    from tools import ui_autoplay
    with pytest.raises(SystemExit):
        ui_autoplay.main(["--help"])
    out = capsys.readouterr().out
    assert "--rules" in out and "--tutorial" in out and "--keys-only" in out
