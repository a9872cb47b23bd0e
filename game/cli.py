"""The `kolonisten` command: the game window by default, plus headless forms.

`kolonisten [--size WxH] [--lang en|nl] [--fullscreen]` and `kolonisten play`
with the same options open the window; they are the options of
`python -m game.client` too (game/client/cmdline.py)."""

import argparse
import sys

from game import position_cli, replay_cli
from game.client.cmdline import DESCRIPTION, add_window_options
from game.client.i18n import LANGUAGES
from game.engine import seat_counts


def parser() -> argparse.ArgumentParser:
    """The `kolonisten` command and its sub-commands."""
    ap = argparse.ArgumentParser(prog="kolonisten", description="Kolonisten, a Catan-style table game. "
                                 "Without a command it opens the game window.")
    add_window_options(ap)
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser("play", help="open the game window (the default)",
                          description=DESCRIPTION)
    add_window_options(play, defaults=False)
    _add_lan_commands(sub)
    replay_cli.add_parser(sub)
    position_cli.add_parser(sub)
    return ap


def main(argv=None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    if args.command == "replay":
        return replay_cli.main(args)
    if args.command == "position":
        return position_cli.main(args)
    if args.command in ("host", "join", "browse"):
        return _run_lan_command(ap, args)
    if args.command in (None, "play"):
        from game.client.app import open_window
        return open_window(args)
    return 0


STOPPED = "130 or 143: stopped by Ctrl-C or SIGTERM (cleanly)."


def _add_lan_commands(sub) -> None:
    """`host`, `join` and `browse`: LAN play (net/)."""
    from game.bots import ALL_LEVELS
    from net.wire.protocol import DEFAULT_PORT
    h = sub.add_parser("host", help="host a LAN game without a window (or resume a saved one)",
                       description="A dedicated LAN host without a window (--headless): it starts the "
                                   "game when every seat is taken, prints one line per seat and a JSON "
                                   "result line. To host and play, start kolonisten and choose Host "
                                   "LAN game.",
                       epilog="Exit codes: 0 the game ended; 1 the save given to --resume cannot "
                              "be used; 2 bad options (also options that disagree with the save); "
                              + STOPPED)
    h.add_argument("--headless", action="store_true", help="a dedicated host without a window (required)")
    h.add_argument("--players", type=int, choices=seat_counts(), default=None,
                   help="how many seats (default 4; with --resume: must match the save)")
    h.add_argument("--rules", choices=("base", "ck"), default=None,
                   help="base game or Cities & Knights (default base; with --resume: must match the save)")
    h.add_argument("--port", type=_port, default=DEFAULT_PORT,
                   help=f"TCP port (default {DEFAULT_PORT}; 0: any free port)")
    h.add_argument("--seed", type=int, default=None,
                   help="with --resume: must match the save (a new game's seed is drawn "
                   "fairly by all seats)")
    h.add_argument("--name", default=None,
                   help="the game's name in the list of games (default Kolonisten; with --resume: the save's)")
    h.add_argument("--save", metavar="FILE", default=None,
                   help="autosave the game to FILE (default: a new file in the saved-games folder; "
                        "with --resume: the resumed file)")
    h.add_argument("--no-save", action="store_true", help="do not autosave the game")
    h.add_argument("--resume", metavar="FILE", default=None,
                   help="continue the LAN game saved in FILE; its players rejoin with their "
                        "seat tokens, and its computers are started again in their seats")
    h.add_argument("--assign", metavar="NAME=SEAT", action="append", default=None,
                   help="with --resume: give SEAT (a number or its player's name) to the player "
                        "who joins as NAME without a token (repeatable)")
    h.add_argument("--bind", metavar="ADDRESS", default="0.0.0.0",
                   help="address to listen on (default 0.0.0.0: every interface)")
    h.add_argument("--interfaces", metavar="ADDRESSES", default="all",
                   help="comma-separated IPv4 addresses to advertise on, or 'all' (the default)")
    h.add_argument("--no-discovery", action="store_true",
                   help="do not advertise on the LAN (players join by address)")
    h.add_argument("--bots", type=int, default=0, metavar="K",
                   help="computer players that take K of the seats, each its own `kolonisten join "
                        "--bot` process (the rest join over the network)")
    h.add_argument("--bot-level", choices=ALL_LEVELS, default="medium",
                   help="the computers' level (default medium)")
    h.add_argument("--join-code", metavar="CODE", default=None,
                   help="players must know this code to join (tell it to them; not advertised)")
    h.add_argument("--allow-watchers", action="store_true",
                   help="let others watch the game (the public table, no hands; with the join code)")
    h.add_argument("--allow-hints", action="store_true", help="let players ask for hints at the table")
    h.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                   help="the language the table talk it passes on is printed in, for this run only "
                        "(default: the window's language in Settings, which keep their own)")
    j = sub.add_parser("join", help="join a LAN game by address without a window (a computer "
                                    "player, or a watcher)",
                       description="Play a seat windowless with a computer player (--bot LEVEL), or "
                                   "watch the game (--watch, where the host allows it); either checks "
                                   "every move against the host like a player. Prints a JSON result "
                                   "line at the end. To join and play yourself, start kolonisten and "
                                   "choose Join LAN game.",
                       epilog="Exit codes: 0 the game ended in step with the host and its deal "
                              "verified fair; 1 not (refused, unreachable, out of step, the deal "
                              "not verified); 2 bad options; " + STOPPED)
    j.add_argument("address", type=_address, help=f"the host: host or host:port (default port {DEFAULT_PORT})")
    j.add_argument("--bot", metavar="LEVEL", choices=ALL_LEVELS,
                   help=f"play the seat with a computer player of this level ({', '.join(ALL_LEVELS)}); "
                        "with --watch: the level that plays a seat the host hands over (default random)")
    j.add_argument("--name", default="Speler", help="the name at the table (default Speler)")
    j.add_argument("--key", metavar="FINGERPRINT", default=None,
                   help="the host key's fingerprint to require (default: trust the first one met)")
    j.add_argument("--join-code", metavar="CODE", default=None, help="the host's join code, if it has one")
    j.add_argument("--watch", action="store_true",
                   help="watch the game (where the host allows it) instead of playing a seat")
    j.add_argument("--seed", type=int, default=None,
                   help="the computer player's own seed (default: a fresh one)")
    j.add_argument("--token-dir", metavar="FOLDER", default=None,
                   help="where seat tokens are kept (default: the user data directory)")
    j.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                   help="the language table talk is printed in, for this run only (default: the "
                        "window's language in Settings, which keep their own)")
    j.add_argument("--reconnect-for", metavar="SECONDS", type=_seconds, default=300.0,
                   help="seconds to keep trying to reach the host after the line drops (long "
                        "enough for the host's laptop to reboot and resume the game; default 300)")
    b = sub.add_parser("browse", help="list the LAN games that are advertised",
                       description="List the games advertised on the LAN: name, address, rules, seats, "
                                   "state and host key.")
    b.add_argument("--timeout", metavar="SECONDS", type=_seconds, default=3.0,
                   help="how long to listen (default 3)")
    b.add_argument("--json", action="store_true", help="print the games as one JSON list")
    b.add_argument("--interfaces", metavar="ADDRESSES", default="all",
                   help="comma-separated IPv4 addresses to listen on, or 'all' (the default)")


def _port(text: str) -> int:
    """A TCP port number, 0 to 65535 (else argparse's error)."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"wants a port number from 0 to 65535, not {text!r}")
    return port


def _seconds(text: str) -> float:
    """A number of seconds, 0 or more (else argparse's error)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"wants a number of seconds, 0 or more, not {text!r}")
    return seconds


def _address(text: str) -> str:
    """The join address as typed, once it is known to be one (else argparse's error)."""
    from net.wire.protocol import parse_address
    try:
        parse_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _talk_printer(lang):
    """How `join` and `host` print the table talk they hear: in `lang`, or the language
    in Settings (read, never written), like the window's line in its log."""
    from game.client import i18n, settings
    from game.client.talktext import said_line
    i18n.set_language(lang or settings.load()["language"])
    return said_line


def _run_lan_command(ap, args) -> int:
    from net import headless
    if args.command == "host":
        if not args.headless:
            print("kolonisten: `host` runs a dedicated host with --headless; to host and play, "
                  "start `kolonisten` and choose Host LAN game.", file=sys.stderr)
            return 2
        if args.seed is not None and not 0 <= args.seed < 2 ** 64:
            ap.error("--seed must be a whole number from 0 to 2**64-1")
        if args.assign and args.resume is None:
            ap.error("--assign gives seats of a resumed game: use it with --resume")
        if not 0 <= args.bots <= (args.players or 4):
            ap.error(f"--bots must be from 0 to the number of players ({args.players or 4})")
        if args.bots and args.resume:
            ap.error("--bots fills the seats of a new game; the seats of a resumed game are taken "
                     "back with their tokens (its computers restart in their seats by themselves)")
        if args.no_save and (args.save or args.resume):
            ap.error("--no-save cannot go with --save or --resume (a resumed game saves on)")
        return headless.host_main(args, talk_line=_talk_printer(getattr(args, "lang", None)))
    if args.command == "join":
        if args.bot is None and not args.watch:
            print("kolonisten: `join` plays windowless with --bot LEVEL or watches with --watch; "
                  "to join and play, start `kolonisten` and choose Join LAN game.", file=sys.stderr)
            return 2
        if args.bot is None:
            args.bot = "random"         # plays a seat only if the host hands one over to the watcher
        return headless.join_main(args, talk_line=_talk_printer(getattr(args, "lang", None)))
    return headless.browse_main(args)


if __name__ == "__main__":
    sys.exit(main())
