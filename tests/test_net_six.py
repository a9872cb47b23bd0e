"""Five and six seats over the LAN (X-1): the lobby of six plus watchers, the
views of the larger island a peer accepts, the Special Building Phase at the
host (decisions in one order on every laptop; an away seat is passed for),
and whole six-seat games that every peer, watcher included, ends on the
host's hashes with the deal verified fair.

The tests that open sockets listen on loopback, on ports 47360-47379 (nobody
else's; see PORTS)."""

import asyncio

import msgpack
import pytest

from game.bots.random_bot import RandomBot
from game.engine import default_config, deciders, legal_commands
from game.engine.board import LARGE
from game.engine.match import Authority
from game.engine.state import GAME_OVER, SPECIAL_BUILD
from net.host.connections import Conn
from net.host.game import Host
from net.peer.connection import handshake, open_connection, pump
from net.peer.faults import check_state, check_view
from net.peer.game import PeerGame
from net.wire.protocol import APP, COLOURS, PROTOCOL_VERSION
from net.wire.secrecy import peer_view_bytes
from net_helpers import FakeWriter

PORTS = range(47360, 47380)     # this file's own ports, one per test that listens


# --- the lobby ---------------------------------------------------------------------------

def test_a_lan_knows_a_colour_for_each_of_six_seats_and_the_windows_palette_draws_them_X_1_1():
    """X-1.1: five and six players, each with a colour of their own; the
    LAN carries the colour's id and every window draws it from its palette."""
    from game.client.theme import COLOUR_RGB
    assert len(set(COLOURS)) >= 6
    assert all(colour in COLOUR_RGB for colour in COLOURS)


async def _seat(port, name, pin, watch=False):
    game = PeerGame(send=None, name=name)
    conn = await open_connection(("127.0.0.1", port), pin=pin)
    game.send, game.pin = conn.send, conn.fingerprint
    await handshake(conn, name, None, game.handle, watch=watch)
    return conn, game


async def _settle(conn, game, seconds=0.3):
    events = []
    try:
        await asyncio.wait_for(pump(conn, lambda m: events.extend(game.handle(m))), seconds)
    except asyncio.TimeoutError:
        pass
    return events


def test_six_seats_and_watchers_fill_a_lobby_each_seat_with_its_colour_and_all_see_the_large_island_X_1_1():
    """X-1.1: a lobby of six seats (names, six different colours, ready,
    connected) and two watchers beside them; when the host starts, every
    seat and every watcher is shown the game on the island of 30 hexes."""
    async def main():
        host = Host(default_config(players=6, seed=3), name="Zes", allow={"watchers": True})
        await host.listen("127.0.0.1", PORTS[0])
        pin = host.identity.fingerprint
        names = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fien"]
        seats = [await _seat(PORTS[0], name, pin) for name in names]
        watchers = [await _seat(PORTS[0], name, pin, watch=True) for name in ("Gijs", "Hanna")]
        for conn, game in seats:
            game.set_lobby(ready=True)
        everyone = seats + watchers
        await asyncio.gather(*[_settle(conn, game) for conn, game in everyone])
        for _, game in everyone:
            lobby = game.lobby
            assert [s["name"] for s in lobby["seats"]] == names
            assert len({s["colour"] for s in lobby["seats"]}) == 6
            assert all(s["ready"] and s["connected"] for s in lobby["seats"])
            assert [w["name"] for w in lobby["watchers"]] == ["Gijs", "Hanna"]
        assert [game.seat for _, game in seats] == list(range(6))
        host.start()
        for _ in range(400):            # the fair deal: each seat pledges, then reveals
            await asyncio.gather(*[_settle(conn, game, 0.05) for conn, game in everyone])
            if all(game.view is not None for _, game in everyone):
                break
        for _, game in everyone:
            assert game.view.n == 6 and len(game.view.terrain) == LARGE.num_hexes
        for conn, _ in everyone:
            conn.close()
        await host.close()
    asyncio.run(main())


def test_honest_views_of_five_and_six_seat_games_pass_a_peers_check_X_1_1():
    """No false alarms on the larger island (X-1.1: 30 hexes, 11 harbors): every
    seat's view and the watcher's, as a sync carries them, after every tenth
    command of random five- and six-seat games in both rule sets."""
    for rules in ("base", "ck"):
        for players in (5, 6):
            auth = Authority(default_config(rules=rules, players=players, seed=8))
            bot = RandomBot(8)
            while auth.state.phase != GAME_OVER and len(auth.log) < 400:
                state = auth.state
                auth.submit(bot.choose(state, bot.pick_seat(state)))
                if len(auth.log) % 10 == 0:
                    for seat in list(range(players)) + [None]:
                        check_state(check_view(peer_view_bytes(state, seat), seat), seat)
