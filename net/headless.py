"""The windowless forms of `kolonisten host`, `join` and `browse` (game/cli.py
parses the arguments and calls these)."""

import asyncio
import json
import secrets
import sys

from game.engine import default_config
from game.engine.match import Authority

from .bot import play
from .discovery import Advertiser, browse
from .host import Host
from .tokens import TokenStore


def _interfaces(text):
    """'all' -> None (every interface); '127.0.0.1,10.0.0.2' -> a list."""
    if text is None or text == "all":
        return None
    return [part.strip() for part in text.split(",") if part.strip()]


async def run_host(players: int, rules: str, port: int, seed=None, name="Kolonisten",
                   bind="0.0.0.0", interfaces=None, discovery=True, out=None) -> int:
    out = out or sys.stdout
    seed = secrets.randbits(63) if seed is None else seed
    config = default_config(rules=rules, players=players, seed=seed)
    try:
        Authority(config)       # refuse an unusable config (or unfinished rules) before anyone joins
    except ValueError as exc:
        print(f"kolonisten host: {exc}", file=sys.stderr)
        return 2
    host = Host(config, name=name, auto_start=True)
    try:
        port = await host.listen(bind, port)
    except OSError as exc:
        print(f"kolonisten host: cannot listen on {bind}:{port}: {exc}", file=sys.stderr)
        return 2
    print(f"hosting {name!r} ({rules}, {players} players) on {bind}:{port}", file=sys.stderr, flush=True)
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

    def on_change(kind, data):
        if kind == "seat" and data[1] is not None:
            print(f"seat {data[0]} joined: {data[1]}", file=out, flush=True)
        elif kind == "seat":
            print(f"seat {data[0]} left", file=out, flush=True)
        if advertiser is not None and kind in ("lobby", "seat"):
            advertiser.changed()

    host.listeners.append(on_change)
    try:
        await host.finished.wait()
        await host.wait_peers_gone(3.0)
        result = dict(host.result(), seed=seed)
        print(json.dumps(result), file=out, flush=True)
    finally:
        if advertiser is not None:
            await advertiser.close()
        await host.close()
    return 0


async def run_join(address: str, name: str, token_dir=None, seed=None, reconnect_for=30.0,
                   out=None) -> int:
    out = out or sys.stdout
    store = TokenStore(token_dir)
    seed = secrets.randbits(32) if seed is None else seed
    result = await play(address, name, store=store, seed=seed, reconnect_for=reconnect_for)
    print(json.dumps(result), file=out, flush=True)
    return 0 if result["ok"] else 1


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
                  f"  {g.state}", file=out)
    return 0


def host_main(args) -> int:
    return asyncio.run(run_host(args.players, args.rules, args.port, args.seed, args.name,
                                args.bind, _interfaces(args.interfaces), not args.no_discovery))


def join_main(args) -> int:
    return asyncio.run(run_join(args.address, args.name, args.token_dir, args.seed,
                                args.reconnect_for))


def browse_main(args) -> int:
    return asyncio.run(run_browse(args.timeout, args.json, _interfaces(args.interfaces)))
