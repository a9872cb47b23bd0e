"""The windowless forms of `kolonisten host`, `join` and `browse` (game/cli.py
parses the arguments and calls these).

Ctrl-C and SIGTERM stop `host` and `join` cleanly (`run_stoppable`): every
`finally` runs, so a host says goodbye to its players and on the LAN (its row
leaves the others' join lists), and one line says so instead of a traceback."""

import asyncio
import json
import logging
import os
import secrets
import signal
import sys
import time

from game import saves
from game.engine import default_config
from game.engine.match import Authority

from .host.game import Host
from .host.limits import LOG_EVERY, QuietLog
from .host.resume import resume_file
from .host.saving import SAVE_PREFIX, OptionMismatch, save_target_problem
from .peer.bot import play, seat_names
from .peer.computers import ComputerPlayers
from .peer.tokens import TokenStore
from .wire import secure
from .wire.discovery import Advertiser, browse


def _interfaces(text):
    """'all' -> None (every interface); '127.0.0.1,10.0.0.2' -> a list."""
    if text is None or text == "all":
        return None
    return [part.strip() for part in text.split(",") if part.strip()]


LINGER = 60.0       # seconds a finished game waits for absent seats to collect the result


async def run_host(players: int | None = None, rules: str | None = None, port: int = 0, seed=None,
                   name: str | None = None, bind="0.0.0.0", interfaces=None, discovery=True,
                   out=None, save_path=None, autosave=True, resume=None, assign=(), bots=0,
                   bot_level="medium", join_code=None, allow=None, talk_line=None) -> int:
    """A dedicated host.  Exit codes: 0 the game ended; 1 the save given to
    resume cannot be used (damaged, foreign, newer, hot-seat); 2 bad options
    (unusable rules, options that disagree with the save, a bad --assign,
    the port is taken, no host key).  The save to resume is only ever read when
    refused.  join_code: what joining players must prove (None: anyone may join).
    allow: what the host allows besides playing ({"watchers": bool, "hints": bool}; those
    on are added to what a resumed game's save allowed).  talk_line(said, names) -> str:
    how the table talk the host passes on is printed on stderr (None: it is not)."""
    out = out or sys.stdout
    hear = _hearing("host", talk_line)
    same_file = resume is not None and save_path is not None and (
        os.path.abspath(save_path) == os.path.abspath(resume))
    problem = save_target_problem(save_path) if save_path is not None and not same_file else None
    if problem:
        print(f"kolonisten host: --save: {problem}", file=sys.stderr)
        return 2
    try:
        identity = secure.load_identity()
    except secure.HostKeyError as exc:
        print(f"kolonisten host: {exc}", file=sys.stderr)
        return 2
    if resume is not None:
        host, code = _resumed_host(resume, save_path, name, rules, players, seed, identity,
                                   join_code)
    else:
        if seed is not None:
            print("kolonisten host: the seed of a LAN game is drawn by every seat together "
                  "(fair deal); --seed only checks a save given with --resume", file=sys.stderr)
        host, code = _new_host(players or 4, rules or "base", None, name or "Kolonisten",
                               save_path, autosave, identity, join_code)
    if host is not None and allow:      # before anyone joins; a resumed game's saved ones stay on
        host.watchers.set_allowed(**{option: True for option, on in allow.items() if on})
    if host is None:
        return code
    for text in assign:
        try:
            who, _, seat_text = text.rpartition("=")
            if not who:
                raise ValueError("write --assign NAME=SEAT (a seat number or its player's name)")
            seat = host.seat_of(seat_text)
            host.assign(seat, who)
        except ValueError as exc:
            print(f"kolonisten host: --assign {text}: {exc}", file=sys.stderr)
            return 2
        print(f"seat {seat} ({host.seats[seat].name}) goes to the next player who joins as "
              f"{who.strip()!r}", file=sys.stderr, flush=True)
    try:
        port = await host.listen(bind, port)
    except OSError as exc:
        print(f"kolonisten host: cannot listen on {bind}:{port}: {exc}", file=sys.stderr)
        return 2
    config = host.config
    print(f"hosting {host.name!r} ({config['rules']}, {config['players']} players) on {bind}:{port}",
          file=sys.stderr, flush=True)
    print(f"host key {identity.short_code} (players see this code next to the game; "
          f"fingerprint {identity.fingerprint})"
          + ("; a join code is required" if host.join_code else ""), file=sys.stderr, flush=True)
    if host.save_path is not None:
        print(f"autosaving to {host.save_path} (continue after a crash with: kolonisten host "
              f"--headless --resume {host.save_path})", file=sys.stderr, flush=True)
    advertiser = None
    if discovery:
        advertiser = Advertiser(interfaces)
        try:
            await advertiser.start(port, host.txt())
            advertiser.follow(host.txt)
        except Exception as exc:
            print(f"kolonisten host: not advertised on the LAN ({exc}); join by address",
                  file=sys.stderr)
            advertiser = None

    # Knocks come by the thousand from a crowd: one line per interval, the rest summed up.
    knocks = QuietLog(_Printer(out))
    flushing = asyncio.ensure_future(_flush_every(knocks))

    def on_change(kind, data):
        if kind == "seat" and data[1] is not None:
            print(f"seat {data[0]} joined: {data[1]}", file=out, flush=True)
        elif kind == "seat":
            print(f"seat {data[0]} left", file=out, flush=True)
        elif kind == "seat_status":
            seat, connected = data
            print(f"seat {seat} {'back' if connected else 'away'}: {host.seats[seat].name}",
                  file=out, flush=True)
        elif kind == "knocking":
            hint = (f"; if their token is lost, restart the host with --resume {host.save_path} "
                    f"--assign '{data}=SEAT'" if host.save_path else "")
            knocks.log(logging.INFO, "knock", f"{data!r} has no seat token for this game{hint}",
                       summary="{n} more players without a seat token knocked in the last {s} s")
        elif kind == "talk" and hear is not None:
            hear(data, seat_names(host.lobby()))
        elif kind == "save_error":
            print(f"kolonisten host: cannot save the game to {host.save_path}: {data} "
                  "(playing on; the next save rewrites it all)", file=sys.stderr, flush=True)
        if advertiser is not None and kind in ("lobby", "seat"):
            advertiser.changed()

    host.listeners.append(on_change)
    computers = ComputerPlayers(f"{'127.0.0.1' if bind in ('0.0.0.0', '') else bind}:{port}",
                                join_code=host.join_code, pin=identity.fingerprint,
                                announce=host.expect_computer)
    try:
        for _ in range(bots):
            name = computers.add(bot_level)
            print(f"{name} ({bot_level}) takes a seat", file=sys.stderr, flush=True)
        saved_computers = host.computer_seats() if resume is not None else {}
        for seat, (who, _, level) in sorted(saved_computers.items()):
            print(f"{who} ({level}) takes seat {seat} back", file=sys.stderr, flush=True)
        computers.restart(identity.fingerprint, host.game_id, saved_computers)
        await host.finished.wait()
        # Seats that were away at the end (or when a finished game was resumed)
        # get a while to come back for the result.
        deadline = time.monotonic() + LINGER
        while not host.everyone_told() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await host.wait_peers_gone(3.0)
        # The result is the last line: what happens at the table after it
        # (a seat leaving, a knock) is no longer printed.
        host.listeners.remove(on_change)
        knocks.flush(every=0)
        result = dict(host.result(), seed=host.config["seed"], fair=host.fair is not None)
        print(json.dumps(result), file=out, flush=True)
    finally:
        deadline = time.monotonic() + 5.0          # after the game they leave by themselves
        while host.finished.is_set() and computers.running() and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        if host.finished.is_set():
            _report_computers(computers)
        computers.stop()
        flushing.cancel()
        knocks.flush(every=0)
        if advertiser is not None:
            await advertiser.close()
        await host.close()
    return 0



def _report_computers(computers) -> None:
    """What each of the host's computers found at the end (on stderr, after the
    result): whether its copy ended on the host's hashes with the deal verified
    fair, or what went wrong."""
    for key, result in sorted(computers.results().items()):
        who = f"{result.get('name') or key} (seat {result.get('seat')})"
        if result.get("ok"):
            print(f"{who}: ended on the host's hashes (public {result['public_hash']}), "
                  f"{result['divergences']} divergences, the deal verified fair", file=sys.stderr, flush=True)
        else:
            print(f"{who}: {result.get('problem')}", file=sys.stderr, flush=True)


class _Printer:
    """A logger's `log` that prints the line (for QuietLog)."""

    def __init__(self, out):
        self.out = out

    def log(self, level, msg, *args, exc_info=None):
        print(msg % args if args else msg, file=self.out, flush=True)


async def _flush_every(quiet: QuietLog) -> None:
    while True:
        await asyncio.sleep(LOG_EVERY / 2)
        quiet.flush()


def _new_host(players, rules, seed, name, save_path, autosave, identity, join_code):
    """(Host, 0) for a new game, or (None, exit code) with the reason printed."""
    seed = secrets.randbits(63) if seed is None else seed
    config = default_config(rules=rules, players=players, seed=seed)
    try:
        Authority(config)       # refuse an unusable config (or unfinished rules) before anyone joins
    except ValueError as exc:
        print(f"kolonisten host: {exc}", file=sys.stderr)
        return None, 2
    if autosave and save_path is None:
        try:
            save_path = saves.new_save_path(SAVE_PREFIX)
        except OSError as exc:
            print(f"kolonisten host: no folder for saved games ({exc.strerror or exc}); "
                  "this game will not be saved", file=sys.stderr)
    return Host(config, name=name, auto_start=True, save_path=save_path if autosave else None,
                identity=identity, join_code=join_code), 0


def _resumed_host(path, save_path, name, rules, players, seed, identity, join_code):
    """(Host, 0) continuing the save at `path`, or (None, exit code)."""
    try:
        host = resume_file(path, save_path, name=name, auto_start=True, rules=rules,
                           players=players, seed=seed, identity=identity, join_code=join_code)
    except saves.SaveError as exc:
        print(f"kolonisten host: cannot resume {path}: {exc}", file=sys.stderr)
        return None, 1
    except OptionMismatch as exc:
        print(f"kolonisten host: cannot resume {path}: {exc} (leave out --rules, --players "
              "and --seed to take them from the save)", file=sys.stderr)
        return None, 2
    state = host.auth.state
    status = f"won by seat {state.winner}" if host.phase == "over" else f"turn {state.turn}"
    print(f"resumed {path}: {len(host.auth.log)} commands, {status}; waiting for the players:",
          file=sys.stderr, flush=True)
    for seat, holder in enumerate(host.seats):
        computer = f", a computer ({holder.computer})" if holder.computer else ""
        print(f"  seat {seat}: {holder.name} ({holder.colour}{computer})", file=sys.stderr, flush=True)
    return host, 0


async def run_join(address: str, name: str, token_dir=None, seed=None, reconnect_for=30.0,
                   out=None, pin=None, join_code=None, level="random", stop=None,
                   watch=False, talk_line=None) -> int:
    """A windowless seat or watcher to the end (`kolonisten join`): notices and,
    with talk_line(said, names) -> str, the table talk heard, on stderr."""
    out = out or sys.stdout
    store = TokenStore(token_dir)
    seed = secrets.randbits(32) if seed is None else seed
    hear = _hearing("join", talk_line)
    result = await play(address, name, store=store, seed=seed, reconnect_for=reconnect_for,
                        pin=pin, join_code=join_code, level=level, stop=stop, watch=watch,
                        say=_say, hear=hear)
    if result["problem"]:
        _say(result["problem"])
    print(json.dumps(result), file=out, flush=True)
    return 0 if result["ok"] else 1


def _say(line: str, who: str = "join") -> None:
    print(f"kolonisten {who}: {line}", file=sys.stderr, flush=True)


def _hearing(who: str, talk_line):
    """hear(said, names): a line of table talk heard, printed on stderr by
    `kolonisten WHO` in talk_line's words (None: talk is not printed)."""
    if talk_line is None:
        return None
    return lambda said, names: _say(talk_line(said, names), who)


async def run_browse(timeout: float, as_json: bool, interfaces=None, out=None) -> int:
    out = out or sys.stdout
    games = await browse(timeout, interfaces)
    if as_json:
        print(json.dumps([g.as_dict() for g in games]), file=out, flush=True)
    elif not games:
        print("no games found", file=out)
    else:
        for g in games:
            print(f"{g.name}  {g.address}:{g.port}  {g.rules}  seats {g.seats_taken}/{g.seats_total}"
                  f"  {g.state}  key {g.short_code}" + ("  join code" if g.join_code else ""),
                  file=out)
    return 0


STOP_SIGNALS = {signal.SIGINT: "Ctrl-C", signal.SIGTERM: "SIGTERM"}


def run_stoppable(start, who: str) -> int:
    """asyncio.run(start(stop)), where Ctrl-C and SIGTERM set `stop` (an
    asyncio.Event) and cancel the command, so that its `finally` blocks run;
    then one line on stderr and exit code 128 + the signal's number."""
    got = []

    async def main():
        loop, task, stop = asyncio.get_running_loop(), asyncio.current_task(), asyncio.Event()

        def on_signal(sig):
            if not got:
                got.append(sig)
                stop.set()
                task.cancel()
        installed = []
        for sig in STOP_SIGNALS:
            try:
                loop.add_signal_handler(sig, on_signal, sig)
                installed.append(sig)
            except (NotImplementedError, RuntimeError, ValueError):     # no such signals here
                pass
        try:
            return await start(stop)
        except asyncio.CancelledError:
            if not got:
                raise
            return None
        finally:
            for sig in installed:
                loop.remove_signal_handler(sig)
    try:
        code = asyncio.run(main())
    except KeyboardInterrupt:                   # before the loop took the signal over
        got.append(signal.SIGINT)
        code = None
    if got:
        print(f"kolonisten {who}: stopped ({STOP_SIGNALS[got[0]]})", file=sys.stderr, flush=True)
        return 128 + got[0]
    return code


def host_main(args, talk_line=None) -> int:
    """talk_line(said, names) -> str: how the table talk passed on is printed (None: it is not)."""
    return run_stoppable(lambda stop: run_host(
        args.players, args.rules, args.port, args.seed, args.name, args.bind,
        _interfaces(args.interfaces), not args.no_discovery, save_path=args.save,
        autosave=not args.no_save, resume=args.resume, assign=args.assign or (), bots=args.bots,
        bot_level=args.bot_level, join_code=getattr(args, "join_code", None),
        allow={"watchers": bool(getattr(args, "allow_watchers", False)),
               "hints": bool(getattr(args, "allow_hints", False))}, talk_line=talk_line), "host")


def join_main(args, talk_line=None) -> int:
    """talk_line(said, names) -> str: how heard table talk is printed (None: it is not)."""
    pin = getattr(args, "key", None)
    if pin is not None and not secure.is_fingerprint(pin.lower()):
        print("kolonisten join: --key takes the host's fingerprint (64 hex digits, as "
              "`kolonisten browse` or the host prints it)", file=sys.stderr)
        return 2
    return run_stoppable(lambda stop: run_join(
        args.address, args.name, args.token_dir, args.seed, args.reconnect_for,
        pin=pin.lower() if pin else None, join_code=getattr(args, "join_code", None),
        level=args.bot, stop=stop, watch=bool(getattr(args, "watch", False)),
        talk_line=talk_line), "join")


def browse_main(args) -> int:
    return asyncio.run(run_browse(args.timeout, args.json, _interfaces(args.interfaces)))
