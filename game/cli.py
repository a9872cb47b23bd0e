"""The `kolonisten` command: the game window by default, plus headless forms."""

import argparse
import sys


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="kolonisten", description="Kolonisten, a Catan-style table game.")
    sub = ap.add_subparsers(dest="command")
    sub.add_parser("play", help="open the game window (the default)")
    _add_lan_commands(sub)
    from game import position_cli, replay_cli
    replay_cli.add_parser(sub)
    position_cli.add_parser(sub)
    args = ap.parse_args(argv)
    if args.command == "replay":
        return replay_cli.main(args)
    if args.command == "position":
        return position_cli.main(args)
    if args.command in ("host", "join", "browse"):
        return _run_lan_command(ap, args)
    if args.command in (None, "play"):
        from game.client.app import run
        return run()
    return 0


def _add_lan_commands(sub) -> None:
    """`host`, `join` and `browse`: LAN play (net/)."""
    from game.bots import ALL_LEVELS
    from net.wire.protocol import DEFAULT_PORT
    h = sub.add_parser("host", help="host a LAN game (or resume a saved one)",
                       epilog="Exit codes: 0 the game ended; 1 the save given to --resume cannot "
                              "be used; 2 bad options (also options that disagree with the save).")
    h.add_argument("--headless", action="store_true", help="a dedicated host without a window")
    h.add_argument("--players", type=int, choices=(2, 3, 4), default=None, help="default 4")
    h.add_argument("--rules", choices=("base", "ck"), default=None, help="default base")
    h.add_argument("--port", type=int, default=DEFAULT_PORT, help="TCP port (0: any free port)")
    h.add_argument("--seed", type=int, default=None, 
                   help="with --resume: must match the save (a new game's seed is drawn "
                   "fairly by all seats)")
    h.add_argument("--name", default=None, help="the game's name in the list of games")
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
    h.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    h.add_argument("--interfaces", default="all",
                   help="comma-separated IPv4 addresses to advertise on, or 'all'")
    h.add_argument("--no-discovery", action="store_true", help="do not advertise on the LAN")
    h.add_argument("--bots", type=int, default=0, metavar="K",
                   help="computer players that take K of the seats (the rest join over the network)")
    h.add_argument("--bot-level", choices=ALL_LEVELS, default="medium",
                   help="the computers' level (default medium)")
    h.add_argument("--join-code", default=None,
                   help="players must know this code to join (tell it to them; not advertised)")
    h.add_argument("--allow-watchers", action="store_true",
                   help="let others watch the game (the public table, no hands; with the join code)")
    h.add_argument("--allow-hints", action="store_true", help="let players ask for hints at the table")
    j = sub.add_parser("join", help="join a LAN game by address (host[:port])")
    j.add_argument("address")
    j.add_argument("--bot", choices=ALL_LEVELS,
                   help="play the seat windowless with a computer player of this level")
    j.add_argument("--name", default="Speler")
    j.add_argument("--key", default=None,
                   help="the host key's fingerprint to require (default: trust the first one met)")
    j.add_argument("--join-code", default=None, help="the host's join code, if it has one")
    j.add_argument("--watch", action="store_true",
                   help="watch the game (where the host allows it) instead of playing a seat")
    j.add_argument("--seed", type=int, default=None, help="the bot's own seed")
    j.add_argument("--token-dir", default=None,
                   help="where seat tokens are kept (default: the user data directory)")
    j.add_argument("--reconnect-for", type=float, default=300.0,
                   help="seconds to keep trying to reach the host after the line drops (long "
                        "enough for the host's laptop to reboot and resume the game; default 300)")
    b = sub.add_parser("browse", help="list the LAN games that are advertised")
    b.add_argument("--timeout", type=float, default=3.0)
    b.add_argument("--json", action="store_true")
    b.add_argument("--interfaces", default="all",
                   help="comma-separated IPv4 addresses to listen on, or 'all'")


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
        return headless.host_main(args)
    if args.command == "join":
        if args.bot is None:
            print("kolonisten: `join` plays windowless with --bot LEVEL; to join and play, "
                  "start `kolonisten` and choose Join LAN game.", file=sys.stderr)
            return 2
        return headless.join_main(args)
    return headless.browse_main(args)


if __name__ == "__main__":
    sys.exit(main())
