"""Finding games without typing an address (zeroconf).  Multicast only on
loopback (`interfaces=["127.0.0.1"]`), or, when run as root, inside two
network namespaces joined by a veth pair that this test creates and deletes."""

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys

import pytest

from wait_helpers import until

from net.peer.connection import handshake, open_connection
from net.wire.discovery import Advertiser, Browser, browse
from net.wire.protocol import PROTOCOL_VERSION
from net_helpers import start_host

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOOPBACK = ["127.0.0.1"]


@pytest.mark.slow
def test_browser_sees_a_hosted_game_appear_change_and_vanish():
    async def main():
        host = await start_host(3, name="Zeeland")
        browser = Browser(LOOPBACK)
        await browser.start()
        advertiser = Advertiser(LOOPBACK)
        await advertiser.start(host.port, host.txt())
        try:
            def mine():     # other tests may advertise on loopback at the same time
                return [g for g in browser.games.values() if g.game_id == host.game_id]
            assert await until(lambda: mine())
            (ad,) = mine()
            assert (ad.name, ad.address, ad.port, ad.rules, ad.state) == (
                "Zeeland", "127.0.0.1", host.port, "base", "lobby")
            assert (ad.seats_taken, ad.seats_total, ad.version, ad.game_id) == (
                0, 3, PROTOCOL_VERSION, host.game_id)
            assert (ad.fingerprint, ad.short_code, ad.join_code) == (
                host.identity.fingerprint, host.identity.short_code, False)
            # A player takes a seat: the TXT record follows.
            conn = await open_connection(("127.0.0.1", host.port))
            await handshake(conn, "Ann", None, lambda msg: None)
            await advertiser.update(host.txt())
            assert await until(lambda: [g.seats_taken for g in mine()] == [1])
            await advertiser.close()
            assert await until(lambda: not mine())
        finally:
            await advertiser.close()
            await browser.close()
            await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_browse_lists_two_games_and_a_typed_address_still_joins(tmp_path):
    """Discovery is a hint: the handshake with the advertised address decides."""
    from net.peer.bot import play
    from net.peer.tokens import TokenStore

    async def main():
        hosts = [await start_host(2, name=n, seed=i) for i, n in enumerate(("Alpha", "Beta"))]
        ads = [Advertiser(LOOPBACK) for _ in hosts]
        await asyncio.gather(*[ad.start(host.port, host.txt()) for ad, host in zip(ads, hosts)])
        try:
            ids = [h.game_id for h in hosts]
            games = []
            for _ in range(5):      # a loaded machine may answer late: browse again
                games = [g for g in await browse(2.0, LOOPBACK) if g.game_id in ids]
                if len(games) == 2:
                    break
            assert [g.name for g in games] == ["Alpha", "Beta"]
            beta = games[1]
            assert (beta.address, beta.port) == ("127.0.0.1", hosts[1].port)
            results = await asyncio.gather(*[
                play(f"{beta.address}:{beta.port}", f"p{i}", TokenStore(str(tmp_path)), seed=i)
                for i in range(2)])
            assert all(r["ok"] for r in results)
            assert hosts[1].phase == "over" and hosts[0].phase == "lobby"
        finally:
            for ad in ads:
                await ad.close()
            for host in hosts:
                await host.close()
    asyncio.run(main())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_cli_browse_json_finds_a_headless_host():
    port = _free_port()
    host = subprocess.Popen([sys.executable, "-m", "game.cli", "host", "--headless", "--players", "2",
                             "--port", str(port), "--name", "Friesland", "--bind", "127.0.0.1",
                             "--interfaces", "127.0.0.1"], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        games = []
        for _ in range(3):      # registration probes for about a second; allow a slow machine
            out = subprocess.run([sys.executable, "-m", "game.cli", "browse", "--timeout", "2",
                                  "--json", "--interfaces", "127.0.0.1"], cwd=ROOT, text=True,
                                 capture_output=True, timeout=30)
            assert out.returncode == 0, out.stderr
            games = [g for g in json.loads(out.stdout) if g["port"] == port]
            if games:
                break
        assert len(games) == 1
        assert games[0]["name"] == "Friesland" and games[0]["seats_total"] == 2
        assert games[0]["state"] == "lobby" and games[0]["address"] == "127.0.0.1"
    finally:
        host.kill()
        host.wait()


# --- two network namespaces joined by a veth pair -------------------------------------

def _can_make_namespaces() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("ip") is not None


def _ip(*args):
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@pytest.mark.slow
@pytest.mark.skipif(not _can_make_namespaces(), reason="needs root and iproute2")
def test_host_and_clients_in_separate_network_namespaces(tmp_path):
    """A host in one namespace, the browser and two bots in another, joined by
    a veth pair (10.99.0.1 / 10.99.0.2).  Nothing multicasts outside them."""
    tag = f"{os.getpid() % 100000}"
    ns_host, ns_peer = f"kolh{tag}", f"kolp{tag}"
    veth_h, veth_p = f"kvh{tag}", f"kvp{tag}"
    made = []
    try:
        try:
            for ns in (ns_host, ns_peer):
                _ip("netns", "add", ns)
                made.append(ns)
        except subprocess.CalledProcessError as exc:
            pytest.skip(f"cannot create network namespaces here: {exc.stderr!r}")
        _ip("link", "add", veth_h, "netns", ns_host, "type", "veth", "peer", "name", veth_p,
            "netns", ns_peer)
        for ns, dev, addr in ((ns_host, veth_h, "10.99.0.1/24"), (ns_peer, veth_p, "10.99.0.2/24")):
            _ip("-n", ns, "addr", "add", addr, "dev", dev)
            _ip("-n", ns, "link", "set", dev, "up")
            _ip("-n", ns, "link", "set", "lo", "up")

        def run_in(ns, *args, **kw):
            return subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, "-m", "game.cli", *args],
                                    cwd=ROOT, text=True, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, **kw)

        host = run_in(ns_host, "host", "--headless", "--players", "2", "--port", "7531",
                      "--name", "Over de brug", "--bind", "10.99.0.1", "--interfaces", "10.99.0.1",
                      "--seed", "3")
        procs = [host]
        try:
            for _ in range(3):      # allow a slow machine a second look
                browse_out = run_in(ns_peer, "browse", "--timeout", "2.5", "--json",
                                    "--interfaces", "10.99.0.2")
                procs.append(browse_out)
                out, err = browse_out.communicate(timeout=30)
                games = json.loads(out)
                if games:
                    break
            assert [(g["name"], g["address"], g["port"]) for g in games] == [
                ("Over de brug", "10.99.0.1", 7531)], err
            bots = [run_in(ns_peer, "join", "10.99.0.1:7531", "--bot", "random", "--name", f"b{i}",
                           "--token-dir", str(tmp_path / f"b{i}")) for i in range(2)]
            procs += bots
            hashes = set()
            for bot in bots:
                out, err = bot.communicate(timeout=60)
                assert bot.returncode == 0, err
                hashes.add(json.loads(out.strip().splitlines()[-1])["public_hash"])
            out, err = host.communicate(timeout=30)
            assert host.returncode == 0, err
            hashes.add(json.loads(out.strip().splitlines()[-1])["public_hash"])
            assert len(hashes) == 1
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
                    p.wait()
    finally:
        for ns in made:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


@pytest.mark.slow
def test_a_host_gone_silent_without_a_goodbye_ages_out_of_the_list(monkeypatch):
    """A host killed without a goodbye stops answering: once its records
    expire the browser asks the network, hears nothing and drops the row."""
    from net.wire import discovery
    monkeypatch.setattr(discovery, "HOST_TTL", 2)
    monkeypatch.setattr(discovery, "AGE_CHECK", 0.5)

    async def main():
        host = await start_host(2, name="Stil")
        browser = Browser(LOOPBACK)
        await browser.start()
        advertiser = Advertiser(LOOPBACK)
        await advertiser.start(host.port, host.txt())
        try:
            def mine():
                return [g for g in browser.games.values() if g.game_id == host.game_id]
            assert await until(lambda: mine())
            await asyncio.sleep(3)                   # alive: asked again after its records expired
            assert mine()
            advertiser.azc.zeroconf.async_send = lambda *a, **k: None     # silent from now on, no goodbye
            assert await until(lambda: not mine(), timeout=30)
        finally:
            await browser.close()
            await host.close()
    asyncio.run(main())
