"""Encrypted, authenticated LAN connections (net/wire/secure.py): a sniffer on
the wire finds no token and no hand, a copy of a game advertised with
another key is another game that never gets a token or a proof, a rogue
host with another key is refused on rejoin, and join codes are proven."""

import asyncio
import os

import pytest

from wait_helpers import WAIT, until
from zeroconf import DNSOutgoing, DNSPointer, const
from zeroconf.asyncio import AsyncZeroconf

from game.engine import default_config
from net.wire import discovery as discovery_module
from net.wire import secure
from net.peer.bot import BotPlayer, play
from net.peer.connection import JoinRefused, handshake, open_connection
from net.wire.discovery import SERVICE_TYPE, Advertiser, Browser
from net.host.game import Host
from net.peer.game import PeerGame
from net.wire.protocol import CLIENT, decode
from net.session import ClientSession
from net_helpers import start_host
from net.peer.tokens import TokenStore

LOOPBACK = ["127.0.0.1"]


class Relay:
    """A TCP relay on loopback that keeps every byte crossing it (both ways):
    what a sniffer on the Wi-Fi would see."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.captured = bytearray()
        self.server = None
        self.port = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._pipe, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def _pipe(self, reader, writer):
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)

        async def copy(src, dst):
            try:
                while True:
                    data = await src.read(65536)
                    if not data:
                        break
                    self.captured += data
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()
        await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer))

    async def close(self):
        self.server.close()


class Recorder:
    """Every message a host handles (its type and raw payload)."""

    def __init__(self, host: Host):
        self.messages = []
        handle = host.connections.on_frame     # where every frame read reaches the host

        def recording(conn, payload):
            try:
                self.messages.append((decode(payload, CLIENT)["t"], payload))
            except Exception:
                self.messages.append(("?", payload))
            return handle(conn, payload)
        host.connections.on_frame = recording

    def types(self):
        return [t for t, _ in self.messages]


@pytest.mark.slow
def test_a_sniffer_finds_no_token_and_no_hand_in_a_complete_game(tmp_path):
    """Every byte of a complete 3-player game, captured on its way: none of the
    seat tokens, no field name of a frame, and no frame the peers decoded
    (views with their hands, records with their draws) appears in clear.  The
    positive control: the same search over the decrypted frames finds them."""
    async def main():
        host = await start_host(3)
        relay = Relay(host.port)
        await relay.start()
        players = [BotPlayer(f"bot{i}", TokenStore(str(tmp_path)), seed=i) for i in range(3)]
        logs = [[] for _ in players]
        results = await asyncio.wait_for(asyncio.gather(*[
            play(("127.0.0.1", relay.port), p.game.name, raw_log=logs[i], player=p,
                 pin=host.identity.fingerprint) for i, p in enumerate(players)]), 120)
        tokens = [s.token.encode() for s in host.seats]
        await relay.close()
        await host.close()
        return results, bytes(relay.captured), logs, tokens
    results, captured, logs, tokens = asyncio.run(main())
    assert all(r["ok"] for r in results), results
    assert len(captured) > 50_000                       # a whole game went through the relay
    plain = b"".join(p for log in logs for p in log)
    secrets_in_clear = tokens + [b"\xa5token", b"\xa4view", b"\xa6seated", b"\xa3rec"]
    assert all(s in plain for s in secrets_in_clear)    # the search finds them in clear frames
    assert [s for s in secrets_in_clear if s in captured] == []
    frames = [p for log in logs for p in log if len(p) >= 24]
    views = [p for p in frames if b"\xa4view" in p]
    assert len(views) >= 3 and len(frames) > 1000
    assert [p[:40] for p in frames if p in captured] == []


@pytest.mark.slow
def test_a_copy_advertised_with_another_key_is_another_game_that_never_gets_a_proof(tmp_path):
    """A stranger copies the advertisement of a running game (same name, same
    game id) with a key of their own.  The list shows two games with different
    key codes; only the real one carries our seat; joining the copy sends it a
    plain join, never a token or a proof, and asking for the real key at the
    copy's address is refused before a byte reaches it."""
    async def main():
        real = await start_host(2, name="Zeeland")
        store = TokenStore(str(tmp_path / "ann"))
        game = PeerGame(send=None, name="ann", store=store)
        conn = await open_connection(("127.0.0.1", real.port), pin=real.identity.fingerprint)
        game.send, game.pin = conn.send, conn.fingerprint
        await handshake(conn, "ann", store, game.handle)
        assert store.load(real.identity.fingerprint, real.game_id, "ann") == (0, game.token)

        copy = Host(default_config(players=2), name="Zeeland",
                    identity=secure.load_identity(str(tmp_path / "strangers-key")))
        copy.game_id = real.game_id
        await copy.listen("127.0.0.1", 0)
        heard = Recorder(copy)
        browser = Browser(LOOPBACK)
        await browser.start()
        ads = [Advertiser(LOOPBACK), Advertiser(LOOPBACK)]
        await ads[0].start(real.port, real.txt())
        await ads[1].start(copy.port, dict(copy.txt(), game=copy.name + " "))   # its own label
        try:
            for _ in range(200):
                found = [g for g in browser.games.values() if g.game_id == real.game_id]
                if len(found) == 2:
                    break
                await asyncio.sleep(0.05)
            assert len(found) == 2
            by_port = {g.port: g for g in found}
            real_ad, copy_ad = by_port[real.port], by_port[copy.port]
            assert real_ad.short_code == real.identity.short_code
            assert copy_ad.short_code == copy.identity.short_code != real_ad.short_code
            # The "your seat: rejoin" mark follows the key (what the join list reads).
            assert store.load(real_ad.fingerprint, real_ad.game_id, "ann") is not None
            assert store.load(copy_ad.fingerprint, copy_ad.game_id, "ann") is None
            # Asking for the real game's key at the copy's address: refused, nothing sent.
            with pytest.raises(JoinRefused) as refused:
                await open_connection(("127.0.0.1", copy.port), pin=real_ad.fingerprint)
            assert refused.value.code == "wrong_key"
            await asyncio.sleep(0.1)
            assert heard.types() == []
            # Joining the copy as the player clicked it: a plain join, no proof.
            other = await open_connection(("127.0.0.1", copy.port), pin=copy_ad.fingerprint)
            await handshake(other, "ann", store, lambda m: None)
            assert heard.types() == ["hello", "join"]
            assert not any(game.token.encode() in p for _, p in heard.messages)
            other.close()
        finally:
            for ad in ads:
                await ad.close()
            await browser.close()
            conn.close()
            await copy.close()
            await real.close()
    asyncio.run(main())


def test_a_rogue_host_with_another_key_is_refused_on_rejoin(tmp_path):
    """Our host vanishes mid-game and a host with another key takes its
    address and port: the session's reconnect refuses it (wrong key) and
    gives up once its window is over; the rogue hears nothing, not even a
    hello.  (The rogue listens before the lines drop, so the session's first
    try meets it: the window is as short as the session allows.)"""
    import time

    from net.session import HostSession
    hosting = HostSession(default_config(players=2), "Echt", port=0, bind="127.0.0.1",
                          discovery=False, autosave=False)
    port = hosting.start()
    sessions = [ClientSession(f"127.0.0.1:{port}", n, token_dir=str(tmp_path / n), reconnect_for=0.5,
                              pin=hosting.fingerprint) for n in ("ann", "bob")]
    rogue = None
    try:
        for s in sessions:
            s.connect()
        hosting.start_game()
        deadline = time.monotonic() + WAIT
        while sessions[0].view is None and time.monotonic() < deadline:
            sessions[0].poll()
            time.sleep(0.02)
        assert sessions[0].view is not None and sessions[0].pin == hosting.fingerprint

        async def stop_listening():
            hosting.host.connections.server.close()

        async def crash():
            _crash(hosting.host)
        hosting.net.run(stop_listening(), 5)
        rogue = HostSession(default_config(players=2), "Echt", port=port, bind="127.0.0.1",
                            discovery=False, autosave=False, key_dir=str(tmp_path / "rogue-key"))
        assert rogue.fingerprint != hosting.fingerprint
        heard = Recorder(rogue.host)
        rogue.start()
        hosting.net.run(crash(), 5)
        hosting.net.stop()
        events = []
        deadline = time.monotonic() + WAIT
        while not any(k == "disconnected" and d.startswith("gave up") for k, d in events) \
                and time.monotonic() < deadline:
            events += sessions[0].poll()
            time.sleep(0.05)
        assert "impostor" in [k for k, _ in events]       # it met the rogue and refused it
        assert ("disconnected", "gave up reaching the host") in events
        assert heard.types() == []
    finally:
        for s in sessions:
            s.close()
        if rogue is not None:
            rogue.close()


def test_a_join_code_is_proven_never_sent_and_refusals_say_which(tmp_path):
    """With a join code set, a join without it or with a wrong one is refused
    with its own code; the right one (any case, any spaces) seats the player;
    the code's text never reaches the host, only a proof bound to the
    connection."""
    async def main():
        host = await start_host(2, join_code="Tulp 42")
        heard = Recorder(host)
        fp = host.identity.fingerprint
        codes = []
        for code in (None, "tulp 43"):
            conn = await open_connection(("127.0.0.1", host.port), pin=fp)
            with pytest.raises(JoinRefused) as refused:
                await handshake(conn, "ann", None, lambda m: None, join_code=code)
            codes.append(refused.value.code)
            conn.close()
        assert codes == ["join_code", "join_code_wrong"] and host.seats == [None, None]
        conn = await open_connection(("127.0.0.1", host.port), pin=fp)
        game = PeerGame(send=conn.send, name="ann")
        await handshake(conn, "ann", None, game.handle, join_code=" TULP42 ")
        assert game.seat == 0 and host.txt()["code"] == "1"
        assert not any(b"ulp" in p.lower() for _, p in heard.messages)
        conn.close()
        await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_spoofed_goodbyes_do_not_make_a_live_game_vanish(monkeypatch):
    """Anyone can multicast a goodbye (TTL 0) for a game they do not run.
    The browser asks the game again once the goodbye has settled and keeps
    it while it answers; a real goodbye (the host stops) still removes it."""
    monkeypatch.setattr(discovery_module, "GOODBYE_SETTLE", 1.1)

    async def main():
        host = await start_host(2, name="Groningen")
        browser = Browser(LOOPBACK)
        await browser.start()
        advertiser = Advertiser(LOOPBACK)
        await advertiser.start(host.port, host.txt())
        spoofer = AsyncZeroconf(interfaces=LOOPBACK)
        try:
            def mine():
                return [g for g in browser.games.values() if g.game_id == host.game_id]
            assert await until(lambda: mine())
            name = advertiser.info.name
            removed = []
            browser.on_change = lambda games: removed.append(name not in games)
            for _ in range(3):
                out = DNSOutgoing(const._FLAGS_QR_RESPONSE | const._FLAGS_AA)
                out.add_answer_at_time(DNSPointer(SERVICE_TYPE, const._TYPE_PTR, const._CLASS_IN,
                                                  0, name), 0)
                spoofer.zeroconf.async_send(out)
                await asyncio.sleep(0.3)
            await asyncio.sleep(4.0)            # settle, ask again, get the answer
            assert mine() and not any(removed)
            await advertiser.close()            # the real goodbye
            assert await until(lambda: not mine())
        finally:
            await advertiser.close()
            await spoofer.async_close()
            await browser.close()
            await host.close()
    asyncio.run(main())


def test_host_key_is_made_once_kept_private_and_its_code_is_stable(tmp_path):
    first = secure.load_identity(str(tmp_path))
    again = secure.load_identity(str(tmp_path))
    assert first.fingerprint == again.fingerprint and secure.is_fingerprint(first.fingerprint)
    assert os.stat(first.path).st_mode & 0o077 == 0
    code = first.short_code
    assert len(code) == 14 and code.count("-") == 2 and code == secure.short_code(first.fingerprint)
    other = secure.load_identity(str(tmp_path / "other"))
    assert other.fingerprint != first.fingerprint
    with open(tmp_path / "bad.pem", "w") as f:
        f.write("not a key")
    os.makedirs(tmp_path / "bad", exist_ok=True)
    os.replace(tmp_path / "bad.pem", tmp_path / "bad" / "host.pem")
    with pytest.raises(secure.HostKeyError):
        secure.load_identity(str(tmp_path / "bad"))


def _crash(host: Host):
    """The host program dies: lines drop without a goodbye."""
    host.connections.server.close()
    for conn in list(host.connections.conns):
        conn.writer.transport.abort()
        conn.closed = True
    for task in host.connections._tasks:
        task.cancel()


@pytest.mark.parametrize("code", ["wrong_key", "tls", "join_code", "join_code_wrong"])
def test_every_security_refusal_reads_as_a_sentence_in_both_languages(code):
    """The window shows a sentence for each way joining can fail for
    security reasons (never a code or a traceback)."""
    from game.client import i18n
    from game.client.lantext import refusal_text
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        text = refusal_text(JoinRefused(code, "detail", expected="K7QF-2M9X", got="AB12-CD34", why="X"))
        assert text == i18n.tr("lan.refused." + code, expected="K7QF-2M9X", got="AB12-CD34", why="X")
        assert text and code not in text
    i18n.set_language("en")
