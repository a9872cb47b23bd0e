"""Helpers for the network tests and tools.bench_net: a host and bot peers
playing a complete game over real TCP on loopback, in one asyncio loop."""

import asyncio

from game.engine import default_config

from .bot import BotPlayer, play
from .host import Host
from .tokens import TokenStore


async def start_host(players: int, rules: str = "base", seed: int = 1, name: str = "Test") -> Host:
    host = Host(default_config(rules=rules, players=players, seed=seed), name=name, auto_start=True)
    await host.listen("127.0.0.1", 0)
    return host


async def local_game(players: int, token_dir: str, rules: str = "base", seed: int = 1,
                     raw_logs: bool = False, host: Host | None = None):
    """Play one complete game: returns (host, bot results, raw payload logs per
    bot in join order, the BotPlayers).  The caller closes the host."""
    host = host or await start_host(players, rules, seed)
    logs = [[] if raw_logs else None for _ in range(players)]
    players_ = [BotPlayer(f"bot{i}", TokenStore(token_dir), seed=100 + i) for i in range(players)]
    results = await asyncio.wait_for(asyncio.gather(*[
        play(("127.0.0.1", host.port), p.game.name, seed=0, raw_log=logs[i], player=p)
        for i, p in enumerate(players_)]), 120)
    return host, results, logs, players_
