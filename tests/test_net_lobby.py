"""Lobby (seats, names, colours, ready flags, the host's start), heartbeats,
resync after a divergence, and seat tokens on disk."""

import asyncio
import os
import stat

import pytest

from wait_helpers import WAIT, until

from game.engine import default_config
from net.peer import connection as client_module
from net.host import connections
from net.peer.bot import BotPlayer, play
from net.peer.connection import JoinRefused, handshake, open_connection, pump
from net.host.game import Host
from net.wire.secure import load_identity
from net_helpers import local_game, raw_connection, seat_peer, start_host
from net.peer.tokens import TokenStore


async def _seat(host, name, store=None):
    return await seat_peer(host, name, store)


async def _read_until(conn, game, done, timeout=WAIT):
    """Read what the host sends until `done(events)` holds for the events
    read so far (checked after every message); returns the events."""
    events = []
    await asyncio.wait_for(pump(conn, lambda m: events.extend(game.handle(m)), until=lambda: done(events)), timeout)
    assert done(events), f"the connection ended first; events: {events}"
    return events


async def _read_for(conn, game, seconds):
    """Read what the host sends for `seconds` (what a while of quiet does); returns the events."""
    events = []
    try:
        await asyncio.wait_for(pump(conn, lambda m: events.extend(game.handle(m))), seconds)
    except asyncio.TimeoutError:
        pass
    return events


def _errors(events) -> list:
    return [d["code"] for k, d in events if k == "error"]


def test_lobby_seats_names_colours_ready_and_the_hosts_start():
    async def main():
        host = Host(default_config(players=3, seed=2), name="Lobby")
        await host.listen("127.0.0.1", 0)
        (c1, g1), (c2, g2) = await _seat(host, "Ann"), await _seat(host, "Bob")
        assert (g1.seat, g2.seat) == (0, 1)
        g2.set_lobby(colour="red")                       # Ann has red
        g2.set_lobby(colour="black")
        g2.set_lobby(colour="white", name="Bobby", ready=True)
        events = await _read_until(c2, g2, lambda events: len(_errors(events)) == 2
                                   and (g2.lobby["seats"][1] or {}).get("ready"))
        assert _errors(events) == ["colour_taken", "bad_colour"]
        seats = g2.lobby["seats"]
        assert seats[0]["colour"] == "red" and seats[0]["ready"] is False
        assert seats[1] == {"name": "Bobby", "colour": "white", "ready": True, "connected": True,
                            "computer": None}
        assert seats[2] is None and g2.lobby["config"]["seed"] is None
        with pytest.raises(RuntimeError):
            host.start()                                 # a seat is empty
        c3, g3 = await _seat(host, "Cor")
        assert host.phase == "lobby"                     # not auto-started: the host decides
        c4 = await open_connection(("127.0.0.1", host.port))
        with pytest.raises(JoinRefused) as info:
            await handshake(c4, "Dirk", None, lambda m: None)
        assert info.value.code == "full"
        host.start()                                     # the fair deal needs every seat
        def dealt(game):
            return lambda events: game.view is not None and game.lobby["state"] == "running"
        await asyncio.gather(*(_read_until(c, g, dealt(g)) for c, g in ((c1, g1), (c2, g2), (c3, g3))))
        assert g1.view is not None and g1.lobby["state"] == "running"
        assert g1.deal is not None and g1.deal.values[0] == g1._value
        g1.set_lobby(ready=True)
        await _read_until(c1, g1, lambda events: g1.last_error is not None)
        assert g1.last_error["code"] == "running"
        c5 = await open_connection(("127.0.0.1", host.port))
        with pytest.raises(JoinRefused) as info:
            await handshake(c5, "Eve", None, lambda m: None)
        assert info.value.code == "running"
        for c in (c1, c2, c3):
            c.close()
        await host.close()
    asyncio.run(main())


def test_host_rule_choices_in_the_lobby_reach_the_peers():
    async def main():
        host = Host(default_config(players=4, seed=2), name="Rules")
        await host.listen("127.0.0.1", 0)
        (c1, _), (c2, g2) = await _seat(host, "Ann"), await _seat(host, "Bob")
        c1.close()
        assert await until(lambda: host.seats[0] is None)     # Ann leaves seat 0 before the choice
        host.configure(players=3, vp_target=12, board="beginner")
        with pytest.raises(ValueError, match="players"):
            host.configure(players=7)
        with pytest.raises(ValueError, match="seed"):
            host.configure(seed=1)
        await _read_until(c2, g2, lambda events: len(g2.lobby["seats"]) == 3)
        assert g2.seat == 0                       # seats close up; Bob keeps his token
        assert g2.lobby["config"]["vp_target"] == 12 and g2.lobby["config"]["players"] == 3
        assert len(g2.lobby["seats"]) == 3 and host.config["seed"] == 2
        c2.close()
        await host.close()
    asyncio.run(main())


def test_a_lobby_seat_left_is_free_again():
    async def main():
        host = Host(default_config(players=2, seed=2))
        await host.listen("127.0.0.1", 0)
        c1, _ = await _seat(host, "Ann")
        c1.close()
        assert await until(lambda: host.seats == [None, None])
        c2, g2 = await _seat(host, "Bob")
        assert g2.seat == 0
        c2.close()
        await host.close()
    asyncio.run(main())


def test_host_pings_and_drops_a_silent_peer(monkeypatch):
    monkeypatch.setattr(connections, "PING_EVERY", 0.05)
    monkeypatch.setattr(connections, "SILENCE_LIMIT", 0.3)

    async def main():
        host = Host(default_config(players=2, seed=2))
        await host.listen("127.0.0.1", 0)
        reader, writer = await raw_connection(host.port)
        got = b""
        try:
            while True:
                chunk = await asyncio.wait_for(reader.read(4096), WAIT)
                if not chunk:
                    break
                got += chunk
        finally:
            writer.close()
        assert b"ping" in got            # it was pinged, never answered, then dropped
        assert not host.connections.conns
        await host.close()
    asyncio.run(main())


def test_peer_keepalive_holds_a_quiet_line_open(monkeypatch):
    monkeypatch.setattr(connections, "PING_EVERY", 0.05)
    monkeypatch.setattr(connections, "SILENCE_LIMIT", 1.0)    # well above a busy machine's stalls
    monkeypatch.setattr(client_module, "PING_EVERY", 0.05)

    async def main():
        host = Host(default_config(players=2, seed=2))
        await host.listen("127.0.0.1", 0)
        conn, game = await _seat(host, "Ann")
        await _read_for(conn, game, 1.5)          # quiet for longer than the silence limit
        assert host.seats[0] is not None and host.seats[0].conn is not None
        conn.close()
        await host.close()
    asyncio.run(main())


def test_peer_drops_a_silent_host(monkeypatch):
    monkeypatch.setattr(client_module, "PING_EVERY", 0.05)
    monkeypatch.setattr(client_module, "SILENCE_LIMIT", 0.3)

    async def main():
        async def mute(reader, writer):      # accepts, then never says anything
            await asyncio.sleep(5)
        server = await asyncio.start_server(mute, "127.0.0.1", 0,
                                            ssl=load_identity().server_context())
        conn = await open_connection(("127.0.0.1", server.sockets[0].getsockname()[1]))
        with pytest.raises(ConnectionError):
            await asyncio.wait_for(conn.recv(), WAIT)        # dropped after its silence limit
        conn.close(say_bye=False)
        server.close()
    asyncio.run(main())


@pytest.mark.slow
def test_a_diverged_copy_is_resynced_from_the_host_never_played_on(tmp_path):
    """A peer whose copy stops matching the host's hash asks for a resync,
    ignores records until the host's view arrives, and ends in step."""
    class Tamperer(BotPlayer):
        def deliver(self, msg):
            super().deliver(msg)
            if msg["t"] == "rec" and msg["seq"] == 150:
                self.game.view.bank[0] += 1          # a silent corruption of our copy

    async def main():
        host = await start_host(3, seed=15)
        players = [Tamperer("t", TokenStore(str(tmp_path)), seed=1),
                   BotPlayer("a", TokenStore(str(tmp_path)), seed=2),
                   BotPlayer("b", TokenStore(str(tmp_path)), seed=3)]
        results = await asyncio.gather(*[play(("127.0.0.1", host.port), p.game.name, player=p)
                                         for p in players])
        await host.close()
        return results, players
    results, players = asyncio.run(main())
    assert all(r["ok"] for r in results)
    assert results[0]["divergences"] >= 1 and players[0].game.syncs >= 2
    assert results[1]["divergences"] == 0


def test_tokens_are_kept_per_host_key_game_and_name_readable_by_owner_only(tmp_path):
    store = TokenStore(str(tmp_path / "seats"))
    key, other_key = "a" * 64, "b" * 64
    assert store.load(key, "g1", "Ann") is None
    store.save(key, "g1", "Ann", 2, "secret-token")
    store.save(key, "g2", "Ann", 0, "other")
    assert store.load(key, "g1", "Ann") == (2, "secret-token")
    assert store.load(key, "g1", "Bob") is None
    assert store.load(other_key, "g1", "Ann") is None   # the same game id under another key
    (path,) = [p for p in os.listdir(tmp_path / "seats")
               if store._path(key, "g1", "Ann").endswith(p)]
    mode = stat.S_IMODE(os.stat(tmp_path / "seats" / path).st_mode)
    assert mode == 0o600
    (tmp_path / "seats" / path).write_text("{not json")
    assert store.load(key, "g1", "Ann") is None         # a damaged file is just no token
    store.forget(key, "g2", "Ann")
    assert store.load(key, "g2", "Ann") is None


def test_restarted_lobby_client_with_stale_token_joins_afresh(tmp_path):
    async def main():
        host = await start_host(2, seed=3)
        store = TokenStore(str(tmp_path))
        pin = host.identity.fingerprint
        store.save(pin, host.game_id, "Ann", 1, "token-from-a-left-seat")
        conn, game = await _seat(host, "Ann", store)
        assert game.seat == 0 and store.load(pin, host.game_id, "Ann") == (0, game.token)
        conn.close()
        await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_game_with_two_clients_reports_bytes(tmp_path):
    async def main():
        host, results, _, bots = await local_game(2, str(tmp_path), seed=4)
        sent = host.bytes_sent()
        await host.close()
        return sent, bots, len(host.auth.log)
    sent, bots, commands = asyncio.run(main())
    assert sent > commands * 2 * 40          # every record reaches both peers
    assert all(b.bytes_in > 0 and b.bytes_out > 0 for b in bots)


def test_a_computer_the_host_started_shows_its_level_to_every_player():
    """In the LAN lobby the seat of a computer the host put in shows its
    level in the lobby and on the table, in the player's language, like the
    computers of a game on one screen; a player's seat shows just the name."""
    from game.client import i18n
    from game.client.lantext import seat_name

    async def main():
        host = Host(default_config(players=3, seed=2), name="Lobby")
        await host.listen("127.0.0.1", 0)
        c1, g1 = await _seat(host, "Ann")
        host.expect_computer("Computer 1", "hard")
        c2, g2 = await _seat(host, "Computer 1")
        await _read_until(c1, g1, lambda events: g1.lobby["seats"][1] is not None)
        for conn in (c1, c2):
            conn.close()
        await host.close()
        return g1.lobby["seats"]
    seats = asyncio.run(main())
    assert seats[0]["computer"] is None and seats[1]["computer"] == "hard"
    try:
        i18n.set_language("nl")
        assert seat_name(seats[1]) == "Computer 1 (Moeilijk)" and seat_name(seats[0]) == "Ann"
    finally:
        i18n.set_language("en")
    assert seat_name(seats[1]) == "Computer 1 (Hard)"
