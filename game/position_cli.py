"""`kolonisten position FILE|-`: read a position in the notation (docs/position.md),
check it, and print its canonical form, or say what is wrong (exit code 1).
`--legal` also lists the commands open to the seats that must decide."""

import sys


def add_parser(sub) -> None:
    """The `position` sub-command, for game/cli.py."""
    p = sub.add_parser("position", help="check a pasted position and print its canonical form",
                       description="Read a position in the notation of docs/position.md, check that it "
                                   "can happen in a game, and print its canonical form.",
                       epilog="Exit codes: 0 a possible position; 1 the file cannot be read or the "
                              "position is not possible (the reason on stderr); 2 bad options.")
    p.add_argument("file", help="a text file holding a position, or - for standard input")
    p.add_argument("--legal", action="store_true",
                   help="also list the legal commands of every seat that must decide")


def main(args) -> int:
    from game.engine import deciders, legal_commands
    from game.engine.position import MAX_CHARS, PositionError, format, parse
    try:
        # One character more than a position may have: parse refuses it as too long.
        if args.file == "-":
            text = sys.stdin.read(MAX_CHARS + 1)
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read(MAX_CHARS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"kolonisten: cannot read {args.file}: {exc}", file=sys.stderr)
        return 1
    try:
        state = parse(text)
    except PositionError as exc:
        print(f"kolonisten: not a possible position: {exc}", file=sys.stderr)
        return 1
    # The reader has applied every command open now to a copy (position_check),
    # so listing them cannot fail.
    sys.stdout.write(format(state))
    if args.legal:
        for seat in deciders(state):
            for cmd in legal_commands(state, seat):
                print("# legal:", cmd)
    return 0
