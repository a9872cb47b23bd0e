"""The `kolonisten` command: the game window by default, plus headless forms."""

import argparse
import sys


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="kolonisten", description="Kolonisten, a Catan-style table game.")
    sub = ap.add_subparsers(dest="command")
    sub.add_parser("play", help="open the game window (the default)")
    args = ap.parse_args(argv)
    if args.command in (None, "play"):
        try:
            from game.client.app import run
        except ImportError:
            print("kolonisten: the game window is not built yet; try `python -m tools.simulate`.",
                  file=sys.stderr)
            return 2
        return run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
