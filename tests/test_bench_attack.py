"""The attack bench (tools/bench/network_attack.py, tools/bench/netns.py):
every attack speaks the current protocol after TLS, from as many addresses as
asked, and namespaces it makes are gone afterwards.  Each flood lasts a
second from two addresses, against a host on its own port."""

import asyncio
import json
import os
import subprocess

import pytest

from net.host import connections
from net_helpers import start_host
from tools.bench import netns
from tools.bench.network_attack import _attack
from wait_helpers import WAIT


@pytest.mark.parametrize("kind", ["ping", "junk", "hello", "noread", "storm", "join"])
def test_every_attack_says_hello_in_the_current_protocol_from_each_address(kind, monkeypatch):
    errors, hellos = [], set()
    real_send = connections.Conn.send

    def send(conn, msg):
        if msg["t"] == "error":
            errors.append(msg["code"])
        elif msg["t"] == "welcome":
            hellos.add(conn.address)
        real_send(conn, msg)
    monkeypatch.setattr(connections.Conn, "send", send)

    def join_refusals_seen() -> bool:
        # the guesses reach the join code: refused as wrong, or, while the host's half of the
        # key exchange is still being worked out off the loop, as out of order
        return "bad_token" in errors and bool({"join_code_bad", "join_code_wrong", "busy", "out_of_order"}
                                              & set(errors))

    def seen() -> bool:
        return hellos == {"127.0.0.2", "127.0.0.3"} and (kind != "join" or join_refusals_seen())

    async def main():
        host = await start_host(2, join_code="4711-0815")
        addresses = netns.Addresses(2, namespaces=False)
        stats = await _attack(kind, addresses, host.port, WAIT, 1, enough=seen)     # (ends once seen)
        await host.close()
        return stats
    stats = asyncio.run(main())
    assert stats["connections"] >= 2
    assert hellos == {"127.0.0.2", "127.0.0.3"}     # welcomed: the hello was understood
    assert "version" not in errors and "hello_first" not in errors
    if kind == "join":
        assert join_refusals_seen()


def _ours(listing: str) -> list:
    """This process's namespaces (others' may exist at the same time: another run on the machine)."""
    mine = f"{netns.PREFIX}{os.getpid()}n"
    return [line.split()[0] for line in listing.splitlines() if line.startswith(mine)]


@pytest.mark.skipif(not netns.namespaces_possible(), reason="network namespaces need root and `ip`")
def test_attack_namespaces_reach_the_host_address_only_and_are_deleted_afterwards():
    with netns.Addresses(3) as addresses:
        assert addresses.kind == "namespaces"
        made = _ours(subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout)
        assert len(made) == 3
        routes = subprocess.run(["ip", "-n", made[0], "route"], capture_output=True, text=True).stdout
        assert "default" not in routes          # nothing they send can leave the machine
        attached = netns.Addresses.attach(json.loads(json.dumps(addresses.describe())))
        server = __import__("socket").create_server((addresses.host_address, 0))
        sock = attached.socket_from(2)
        sock.connect((addresses.host_address, server.getsockname()[1]))
        peer, (source, _) = server.accept()
        assert source == addresses.sources[2]
        for s in (peer, sock, server):
            s.close()
        attached.close()
    left = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    assert not set(made) & set(_ours(left))
    links = subprocess.run(["ip", "-o", "link"], capture_output=True, text=True).stdout
    assert f"kc{os.getpid()}" not in links


def test_without_root_the_attack_comes_from_loopback_addresses():
    addresses = netns.Addresses(4, namespaces=False)
    assert addresses.kind == "loopback" and addresses.host_address == "127.0.0.1"
    assert addresses.sources == ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]
    sock = addresses.socket_from(5)         # wraps around
    assert sock.getsockname()[0] == "127.0.0.3"
    sock.close()
    with pytest.raises(ValueError):
        netns.Addresses(netns.MAX_ADDRESSES + 1, namespaces=False)
