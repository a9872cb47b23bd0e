"""Helpers for the network tests: a host and bot peers playing a complete
game over real TCP on loopback, in one asyncio loop."""

import asyncio
import struct

import msgpack

from game.engine import default_config

from net.host.game import Host
from net.peer.bot import BotPlayer, play
from net.peer.connection import handshake, open_connection
from net.peer.game import PeerGame
from net.peer.tokens import TokenStore
from net.wire.protocol import APP, PROTOCOL_VERSION
from net.wire.secure import client_context, token_proof


def frame(obj) -> bytes:
    """One protocol frame (length prefix and msgpack), as a peer sends it."""
    payload = msgpack.packb(obj, use_bin_type=True)
    return struct.pack(">I", len(payload)) + payload


HELLO = frame({"t": "hello", "v": PROTOCOL_VERSION, "app": APP})


class Clock:
    """A clock for the host's token buckets that moves only when a test moves it."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


async def start_host(players: int, rules: str = "base", seed: int = 1, name: str = "Test",
                     join_code: str | None = None, **options) -> Host:
    """A listening host on loopback with the test run's key (KOLONISTEN_KEY_DIR);
    its seed is drawn by the fair deal, `seed` is only the config's placeholder;
    `options`: more of the config (default_config's keys)."""
    host = Host(default_config(rules=rules, players=players, seed=seed, **options), name=name,
                auto_start=True, join_code=join_code)
    await host.listen("127.0.0.1", 0)
    return host


# Seconds a game may go without a single command before it counts as stuck:
# how long a game takes depends on the machine's load, a stall does not.
STALL_SECONDS = 60


async def local_game(players: int, token_dir: str, rules: str = "base", seed: int = 1,
                     raw_logs: bool = False, host: Host | None = None, say=None):
    """Play one complete game: returns (host, bot results, raw payload logs per
    bot in join order, the BotPlayers).  say(line): what the bots say at once.
    Fails when the host takes no command for STALL_SECONDS (before the deal:
    no seat joins), however long the whole game takes.  The caller closes the host."""
    host = host or await start_host(players, rules, seed)
    logs = [[] if raw_logs else None for _ in range(players)]
    players_ = [BotPlayer(f"bot{i}", TokenStore(token_dir), seed=100 + i, say=say) for i in range(players)]
    game = asyncio.gather(*[
        play(("127.0.0.1", host.port), p.game.name, seed=0, raw_log=logs[i], player=p,
             pin=host.identity.fingerprint)
        for i, p in enumerate(players_)])
    results = await until_done(game, lambda: host_progress(host))
    return host, results, logs, players_


def host_progress(host: Host):
    """What moves while a game goes on: the seats taken and connected, then
    the commands."""
    commands = len(host.auth.log) if host.auth is not None else -1
    return commands, [seat is not None and seat.conn is not None for seat in host.seats]


async def until_done(future, progress, stall: float = STALL_SECONDS):
    """`future`'s result, cancelling it and raising TimeoutError once
    `progress()` has not changed for `stall` seconds."""
    loop = asyncio.get_running_loop()
    seen, since = progress(), loop.time()
    while True:
        done, _ = await asyncio.wait({future}, timeout=1.0)
        if done:
            return future.result()
        now = progress()
        if now != seen:
            seen, since = now, loop.time()
        elif loop.time() - since >= stall:
            future.cancel()
            raise TimeoutError(f"the game stalled at {seen} for {stall} s")


async def seat_peer(host: Host, name: str, store=None, watch: bool = False):
    """A peer (no player behind it) joins `host` on loopback as `name`, for a
    seat or to watch: (its connection, its PeerGame)."""
    game = PeerGame(send=None, name=name, store=store)
    conn = await open_connection(("127.0.0.1", host.port), pin=host.identity.fingerprint)
    game.send, game.pin = conn.send, conn.fingerprint
    await handshake(conn, name, store, game.handle, watch=watch)
    return conn, game


async def raw_connection(port: int, host: str = "127.0.0.1"):
    """(reader, writer) of a TLS connection that checks no key: for tests
    that speak the protocol by hand."""
    return await asyncio.open_connection(host, port, ssl=client_context())


def seat_proof(host: Host, conn, seat: int, token: str | None = None) -> bytes:
    """The rejoin proof for `seat` on a host-side Conn (tests that feed frames)."""
    return token_proof(token or host.seats[seat].token, host.identity.fingerprint, conn.nonce, seat)


class FakeWriter:
    """A connection's writer that keeps the frames the host sends it."""
    transport = None

    def __init__(self):
        self.frames = []

    def write(self, data):
        self.frames.append(data)

    def close(self):
        pass
