"""The game window's command-line options: one set for `kolonisten`,
`kolonisten play` and `python -m game.client` (game/cli.py and app.run add
them with `add_window_options`).

They hold for the run they start: `--lang nl` shows the window in Dutch,
`--fullscreen` opens it full screen, and neither is written into Settings
(what the person chooses in the window is; app.py).  This module imports
no pygame, so that the headless commands that share the parser stay light."""

import argparse

from .i18n import LANGUAGES

DESIGN = (1280, 720)            # the size the screens are laid out for (and the window's default)
MIN_SIZE = (960, 540)


def fit(size) -> float:
    """How much larger than DESIGN a window of `size` draws the screens at 100 %."""
    return min(size[0] / DESIGN[0], size[1] / DESIGN[1])
DESCRIPTION = "Open the Kolonisten game window."


def window_size(text: str) -> tuple:
    """'1920x1080' -> (1920, 1080), at least MIN_SIZE; an argparse error otherwise."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"wants WIDTHxHEIGHT, e.g. 1920x1080, not {text!r}") from None
    if w <= 0 or h <= 0:
        raise argparse.ArgumentTypeError(f"wants a positive width and height, not {text!r}")
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


def add_window_options(parser, defaults: bool = True) -> None:
    """--size, --lang and --fullscreen on `parser`.  defaults=False for a
    sub-command's parser: an option it is not given then leaves the value
    given before the sub-command (`kolonisten --lang nl play`) alone."""
    kw = {} if defaults else {"default": argparse.SUPPRESS}
    parser.add_argument("--size", type=window_size, metavar="WxH",
                        help=f"the window's size, e.g. 1920x1080 (default {DESIGN[0]}x{DESIGN[1]}; "
                             f"at least {MIN_SIZE[0]}x{MIN_SIZE[1]})", **kw)
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="the window's language for this run only (Settings keep their own)", **kw)
    parser.add_argument("--fullscreen", action="store_true",
                        help="open full screen for this run only (Settings keep their own choice)", **kw)
    parser.add_argument("--quit-after", type=float, metavar="SECONDS", help=argparse.SUPPRESS, **kw)


def window_parser(prog: str) -> argparse.ArgumentParser:
    """The parser of a command that only opens the window (`python -m game.client`)."""
    ap = argparse.ArgumentParser(prog=prog, description=DESCRIPTION)
    add_window_options(ap)
    return ap
