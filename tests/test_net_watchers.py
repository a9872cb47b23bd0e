"""Watchers of a LAN game (net/host/watchers.py): they join with the join
code when the host allows it, are listed in the lobby, get the spectator's
view (no seat's hidden cards), cannot act, count against the connection
caps, and may be handed a computer's seat by the host's owner."""

import asyncio

import msgpack
import pytest

from game.bots.random_bot import RandomSeats
from game.engine import deciders, default_config, legal_commands
from game.engine.codec import decode_state, state_to_obj
from game.engine.views import SEAT_SECRETS
from net.host import connections, limits
from net.host.connections import Conn
from net.host.game import Host
from net.host.seats import Seat
from net.host.watchers import MAX_WATCHERS
from net.peer.bot import BotPlayer, play
from net.peer.game import PeerGame
from net.peer.tokens import TokenStore
from net.wire import pake
from net.wire.fairdice import commitment
from net.wire.protocol import APP, HEADER, HOST, PROTOCOL_VERSION, TAKEN_OVER, decode
from test_net_fuzz import FakeWriter

CODE = "4817-2206"


class Writer(FakeWriter):
    """A connection's writer that keeps what it is sent, from an address."""

    def __init__(self, address="10.0.0.9"):
        super().__init__()
        self.address = address

    def get_extra_info(self, key):
        return (self.address, 1234) if key == "peername" else None


def _pack(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


class Table:
    """A host driven frame by frame, with connections that keep what they are sent."""

    def __init__(self, players=3, allow=None, code=CODE, computers=()):
        self.host = Host(default_config(players=players, seed=77), name="Watched",
                         join_code=code, allow=allow)
        self.cid = 0
        self.players = []
        for i in range(players):
            name = f"p{i}"
            if i in computers:
                self.host.expect_computer(name, "easy")
            self.players.append(self.join(name))

    def conn(self, address="10.0.0.9"):
        self.cid += 1
        conn = Conn(Writer(address), self.cid)
        self.host.connections.conns.add(conn)
        self.feed(conn, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
        return conn

    def feed(self, conn, msg):
        self.host.handle_payload(conn, _pack(msg))

    def join(self, name, kind="join", code=CODE, address="10.0.0.9"):
        """A connection joins (kind "watch": to watch), proving `code` by the key exchange."""
        conn = self.conn(address)
        msg = {"t": "join", "name": name}
        if kind == "watch":
            msg["watch"] = True
        joiner = pake.JoinerSide(code, self.host.identity.fingerprint, conn.nonce) if code else None
        self.feed(conn, dict(msg, **joiner.fields()) if joiner else msg)
        answer = received(conn)[-1]
        if joiner is not None and answer["t"] == "pake":
            right = joiner.check_host(answer["msg"], answer["confirm"])
            self.feed(conn, {"t": "join_confirm", "confirm": joiner.confirm if right else bytes(32)})
        return conn

    def deal(self):
        self.host.start()
        values = [bytes([i + 1]) * 32 for i in range(len(self.players))]
        for conn, value in zip(self.players, values):
            self.feed(conn, {"t": "pledge", "pledge": commitment(value)})
        for conn, value in zip(self.players, values):
            self.feed(conn, {"t": "reveal", "value": value})
        assert self.host.auth is not None

    def play(self, commands, seed=5):
        """`commands` legal commands, each sent by the connection of the seat that decides."""
        bot = RandomSeats(seed)
        state = self.host.auth.state
        for _ in range(commands):
            seat = bot.pick_seat(state)
            self.feed(self.host.seats[seat].conn, {"t": "cmd", "id": 1, "seq": len(self.host.auth.log),
                                                   "cmd": list(bot[seat].choose(state))})


def received(conn, since=0) -> list:
    return [decode(frame[HEADER.size:], HOST) for frame in conn.writer.frames[since:]]


def copy_of(conn) -> PeerGame:
    """A peer's copy fed what `conn` was sent (the key exchange is the connection's own)."""
    game = PeerGame(send=lambda msg: None)
    for msg in received(conn):
        if msg["t"] != "pake":
            game.handle(msg)
    return game


def last(conn, kind):
    return [m for m in received(conn) if m["t"] == kind][-1]


def test_a_watcher_joins_with_the_join_code_only_when_the_host_allows_watchers():
    closed = Table(allow=None)
    refused = closed.join("Wendy", kind="watch")
    assert received(refused)[-1]["code"] == "no_watchers"
    assert closed.host.watchers.conns == {}

    table = Table(allow={"watchers": True})
    assert received(table.join("Wendy", kind="watch", code=None))[-1]["code"] == "join_code"
    assert received(table.join("Wendy", kind="watch", code="1111"))[-1]["code"] == "join_code_wrong"
    wendy = table.join("Wendy", kind="watch")
    assert received(wendy)[-2]["t"] == "watching"
    # listed in every lobby, players' and watchers' alike, with what the host allows
    for conn in table.players + [wendy]:
        lobby = last(conn, "lobby")
        assert lobby["watchers"] == [{"id": wendy.cid, "name": "Wendy"}]
        assert lobby["allow"] == {"watchers": True, "hints": False}
    assert table.host.seats_taken() == 3 and wendy.seat is None
    table.host.drop(wendy)
    assert last(table.players[0], "lobby")["watchers"] == []


def test_every_command_of_a_watcher_is_refused_with_its_reason_and_changes_nothing():
    table = Table(allow={"watchers": True})
    wendy = table.join("Wendy", kind="watch")
    table.deal()
    table.play(20)
    state = table.host.auth.state
    before = (table.host.auth.state_hash(), len(table.host.auth.log))
    since = len(wendy.writer.frames)
    # a legal command of the seat that decides, sent by the watcher
    seat = deciders(state)[0]
    cmd = list(legal_commands(state, seat)[0])
    table.feed(wendy, {"t": "cmd", "id": 7, "seq": len(table.host.auth.log), "cmd": cmd})
    table.feed(wendy, {"t": "lobby_set", "ready": True})
    table.feed(wendy, {"t": "pledge", "pledge": b"\x01" * 32})
    table.feed(wendy, {"t": "join", "name": "Wendy"})
    answers = [(m["t"], m["code"]) for m in received(wendy, since)]
    assert answers == [("reject", "watcher"), ("error", "not_seated"), ("error", "no_deal"),
                       ("error", "already_watching")]
    assert (table.host.auth.state_hash(), len(table.host.auth.log)) == before
    # and a watcher's copy has nothing to decide: the window shows no controls
    game = copy_of(wendy)
    assert game.watching and not game.must_decide()
    with pytest.raises(RuntimeError):
        game.submit(tuple(cmd))


def test_a_watcher_gets_the_spectators_view_and_records_and_keeps_in_step():
    table = Table(allow={"watchers": True})
    early = table.join("Early", kind="watch")       # watches from the lobby on
    table.deal()
    table.play(40)
    late = table.join("Late", kind="watch")         # comes in mid-game: a view of its own
    table.play(60, seed=6)
    for conn in (early, late):
        game = PeerGame(send=lambda msg: None)
        for msg in received(conn):
            if msg["t"] == "pake":
                continue
            if msg["t"] == "sync":
                obj = state_to_obj(decode_state(msg["view"]))
                for field in SEAT_SECRETS:
                    assert all(v is None for v in (obj.get(field) or [])), field
            game.handle(msg)
        assert game.divergences == 0 and game.seat is None
        assert game.seq == len(table.host.auth.log)
        assert game.replica.view_hash() == table.host.auth.view_hash(None)


def _seat_of(table, conn):
    return next(i for i, s in enumerate(table.host.seats) if s.conn is conn)


def test_the_host_hands_a_computers_seat_to_a_watcher_who_then_plays_it():
    table = Table(allow={"watchers": True}, computers=(1,))
    wendy = table.join("Wendy", kind="watch")
    table.deal()
    table.play(30)
    computer = table.players[1]
    old_token = table.host.seats[1].token
    with pytest.raises(ValueError, match="not a computer"):
        table.host.hand_over(0, wendy.cid)
    with pytest.raises(ValueError, match="no watcher"):
        table.host.hand_over(1, 999)
    table.host.hand_over(1, wendy.cid)
    assert received(computer)[-1] == {"t": "bye", "reason": TAKEN_OVER}
    seat = table.host.seats[1]
    assert seat.conn is wendy and seat.name == "Wendy" and seat.computer is None
    assert seat.token != old_token and wendy.watcher is None
    assert table.host.watchers.conns == {}
    # the watcher's copy becomes the seat's: seated, the seat's view, in step
    game = copy_of(wendy)
    assert (game.seat, game.token, game.watching) == (1, seat.token, False)
    assert game.replica.view_hash() == table.host.auth.view_hash(1)
    assert game.view.hands[1] is not None
    # ... and the seat is hers to play: the game goes on with her commands accepted
    table.play(60, seed=8)
    assert any(r.cmd[1] == 1 for r in table.host.auth.log[-60:])


def test_watchers_are_capped_and_count_against_the_connection_caps():
    table = Table(allow={"watchers": True})
    watchers = [table.join(f"w{i}", kind="watch") for i in range(MAX_WATCHERS)]
    assert len(table.host.watchers.conns) == MAX_WATCHERS
    one_more = table.join("late", kind="watch")
    assert received(one_more)[-1]["code"] == "watchers_full"

    # The total cap: watchers hold connections like players.  A stranger finds
    # no room when watchers fill the strangers' share (they are never pushed
    # out for a stranger); a player's address always gets in, watchers last.
    async def main():
        host = Host(default_config(players=2, seed=1), allow={"watchers": True})
        host.connections.admission = limits.Admission(cap=4, per_address=100)
        cid = 0

        def arrive(address):
            nonlocal cid
            cid += 1
            conn = connections.Conn(Writer(address), cid)
            conn.opened = cid
            if host.connections._admit(conn):
                host.connections.conns.add(conn)
                return conn
            return None
        players = []
        for seat in range(2):
            conn = arrive(f"10.0.0.{seat + 1}")
            host.seats[seat] = Seat(f"p{seat}", "red", "t" * 24)
            host._take_seat(conn, seat)
            players.append(conn)
        watching = []
        for i in range(2):
            conn = arrive(f"192.168.1.{i + 1}")
            host.watchers.add(conn, f"w{i}")
            watching.append(conn)
        assert arrive("192.168.1.50") is None           # full: no room for a stranger
        assert all(c in host.connections.conns for c in watching)
        host.phase = "running"
        host.drop(players[0])
        assert arrive("192.168.1.51") is None           # a player's free slot is kept for players
        back = arrive("10.0.0.1")
        assert back is not None
        assert len(host.connections.conns) <= 4
    asyncio.run(main())
    assert all(w.watcher is not None for w in watchers)


def test_what_the_host_allows_is_set_in_the_lobby_only_and_checked():
    table = Table(allow=None)
    table.host.set_allowed(hints=True)
    assert last(table.players[0], "lobby")["allow"] == {"watchers": False, "hints": True}
    with pytest.raises(ValueError):
        table.host.set_allowed(hints="yes")
    with pytest.raises(ValueError):
        table.host.set_allowed(cheats=True)
    table.deal()
    with pytest.raises(ValueError, match="fixed"):
        table.host.set_allowed(watchers=True)


@pytest.mark.slow
def test_over_tcp_a_watcher_takes_over_a_computers_seat_and_the_game_ends_well(tmp_path):
    """A whole game over TLS: two computers play, a friend watches with the
    join code and is handed one computer's seat mid-game; the computer stops
    (its seat was taken over), the friend plays it to the end, and both
    remaining copies end in step with a fair deal."""
    async def main():
        host = Host(default_config(players=2, seed=1), name="Evening", auto_start=True,
                    join_code=CODE, allow={"watchers": True})
        await host.listen("127.0.0.1", 0)
        for i in range(2):
            host.expect_computer(f"bot{i}", "random")
        address, pin = ("127.0.0.1", host.port), host.identity.fingerprint
        store = TokenStore(str(tmp_path))
        bots = [play(address, f"bot{i}", store, seed=i, pin=pin, join_code=CODE) for i in range(2)]
        friend = BotPlayer("Friend", store, seed=9)
        tasks = [asyncio.ensure_future(b) for b in bots]
        watcher = asyncio.ensure_future(play(address, "Friend", pin=pin, join_code=CODE,
                                             player=friend, watch=True))
        while host.auth is None or len(host.auth.log) < 30 or not host.watchers.conns:
            await asyncio.sleep(0.02)
        ident = next(iter(host.watchers.conns)).cid
        host.hand_over(1, ident)
        results = await asyncio.wait_for(asyncio.gather(*tasks, watcher), 120)
        await host.close()
        return host, results
    host, (first, second, friend) = asyncio.run(main())
    assert second["problem"] == "our seat was taken over by another connection"
    assert first["ok"] and friend["ok"], (first, friend)
    assert friend["seat"] == 1 and host.seats[1].name == "Friend"


@pytest.mark.slow
def test_a_headless_host_allows_watchers_and_a_windowless_watcher_follows_the_game(tmp_path, capsys):
    """`kolonisten host --headless --allow-watchers` and `kolonisten join --watch`:
    refused by a host that allows none; with it, the watcher follows the game
    to the end in step with the host, the deal checked, without a seat."""
    import io
    import json

    from net.headless import run_host, run_join

    async def host_port(allow):
        out = io.StringIO()
        host = asyncio.ensure_future(run_host(2, "base", port=0, bind="127.0.0.1", discovery=False,
                                              out=out, autosave=False, allow=allow))
        for _ in range(200):
            await asyncio.sleep(0.05)
            err = capsys.readouterr().err
            if "on 127.0.0.1:" in err:
                return host, out, int(err.split("on 127.0.0.1:")[1].split()[0])
        raise AssertionError("the host did not start")

    async def main():
        closed, _, port = await host_port({"watchers": False, "hints": False})
        refused = io.StringIO()
        assert await run_join(f"127.0.0.1:{port}", "w", str(tmp_path / "w0"), reconnect_for=0.5,
                              out=refused, watch=True) == 1
        assert "no_watchers" in json.loads(refused.getvalue())["problem"]
        closed.cancel()
        host, out, port = await host_port({"watchers": True, "hints": True})
        outs = [io.StringIO() for _ in range(3)]
        watcher = asyncio.ensure_future(run_join(f"127.0.0.1:{port}", "w", str(tmp_path / "w"),
                                                 reconnect_for=5, out=outs[2], watch=True))
        await asyncio.sleep(0.5)
        codes = await asyncio.gather(*[
            run_join(f"127.0.0.1:{port}", n, str(tmp_path / n), seed=i, reconnect_for=5, out=o)
            for i, (n, o) in enumerate(zip(("a", "b"), outs))], watcher)
        assert codes == [0, 0, 0]
        assert await asyncio.wait_for(host, 60) == 0
        watched = json.loads(outs[2].getvalue())
        assert watched["seat"] is None and watched["fair"]
        assert watched["public_hash"] == json.loads(out.getvalue().splitlines()[-1])["public_hash"]
    asyncio.run(main())
