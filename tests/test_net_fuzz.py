"""The host survives anything a peer can send (tens of thousands of frames):
truncated, oversized, malformed, wrong-type, wrong-seat, forged or
replayed proofs, replayed and out-of-turn messages.  After each frame the game state is
unchanged, and the sender has an answer with a reason code."""

import asyncio
import struct

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots.random_bot import RandomSeats
from game.engine import default_config, deciders, legal_commands
from game.engine import rules
from game.engine.rng import Rng
from game.engine.state import DISCARD, TRADE
from net.host import connections
from net.host.connections import Conn
from net.host.game import Host
from net.wire.protocol import (
    APP, CLIENT_MESSAGES, HEADER, HOST, HOST_MESSAGES, MAX_FRAME, PROTOCOL_VERSION, decode,
)
from net.wire.fairdice import commitment
from net_helpers import local_game, raw_connection, seat_proof


class FakeWriter:
    transport = None

    def __init__(self):
        self.frames = []
        self.closed = False

    def write(self, data):
        self.frames.append(data)

    def close(self):
        self.closed = True


def _pack(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def _replies(writer, since) -> list:
    return [decode(frame[HEADER.size:], HOST) for frame in writer.frames[since:]]


class Table:
    """A running 3-seat game at a moment where exactly one seat must decide,
    with connections for every seat plus an unseated and an unintroduced one."""

    def __init__(self):
        self.host = Host(default_config(players=3, seed=4242), name="Fuzz")
        self.conns = []
        for i in range(3):
            conn = self.new_conn()
            self.feed(conn, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
            self.feed(conn, {"t": "join", "name": f"p{i}"})
            self.conns.append(conn)
        self.host.start()               # the fair deal: every seat pledges, then reveals
        values = [bytes([i + 1]) * 32 for i in range(3)]
        for conn, value in zip(self.conns, values):
            self.feed(conn, {"t": "pledge", "pledge": commitment(value)})
        for conn, value in zip(self.conns, values):
            self.feed(conn, {"t": "reveal", "value": value})
        self.tokens = [s.token for s in self.host.seats]
        self.accepted_frames = []       # frames of accepted commands, for replays
        bot = RandomSeats(3)
        state = self.host.auth.state
        while len(self.host.auth.log) < 60 or len(deciders(state)) != 1 or state.phase in (DISCARD, TRADE):
            seat = bot.pick_seat(state)
            payload = _pack({"t": "cmd", "id": 1, "seq": len(self.host.auth.log),
                             "cmd": list(bot[seat].choose(state))})
            self.feed(self.conns[seat], msgpack.unpackb(payload))
            self.accepted_frames.append(payload)
        self.decider = deciders(state)[0]
        self.stranger = self.new_conn()
        self.feed(self.stranger, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
        self.unintroduced = self.new_conn()

    def new_conn(self):
        conn = Conn(FakeWriter(), len(getattr(self, "conns", [])) + 100)
        self.host.connections.conns.add(conn)
        return conn

    def feed(self, conn, msg):
        self.host.handle_payload(conn, _pack(msg))

    def snapshot(self):
        host = self.host
        return (host.auth.state_hash(), len(host.auth.log), host.phase,
                [(s.name, s.colour, s.token) for s in host.seats])

    def senders(self):
        """Connections that may not change the game: every seat but the decider
        (out of turn), the stranger, the unintroduced one."""
        return [c for i, c in enumerate(self.conns) if i != self.decider] + [self.stranger,
                                                                            self.unintroduced]

    def restore(self):
        """Connections closed by a bye come back (seats by their tokens)."""
        for i, conn in enumerate(self.conns):
            if conn.closed:
                fresh = self.new_conn()
                self.feed(fresh, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
                self.feed(fresh, {"t": "rejoin", "seat": i, "proof": seat_proof(self.host, fresh, i)})
                self.conns[i] = fresh
        if self.stranger.closed:
            self.stranger = self.new_conn()
            self.feed(self.stranger, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
        if self.unintroduced.closed:
            self.unintroduced = self.new_conn()

    def send_and_check(self, conn, payload: bytes):
        before = self.snapshot()
        since = len(conn.writer.frames)
        self.host.handle_payload(conn, payload)
        assert self.snapshot() == before, f"state changed by {payload[:60]!r}"
        replies = _replies(conn.writer, since)
        for r in replies:
            assert not (r["t"] == "error" and r["code"] == "internal"), payload[:80]
            assert r["t"] != "rec" or conn is self.conns[self.decider]
        if not replies:     # only a heartbeat answer, a goodbye or a resync past the
            msg = msgpack.unpackb(payload)      # seat's budget (answered later) needs no reply
            assert msg.get("t") in ("pong", "bye", "resync"), f"no answer to {payload[:80]!r}"
            assert msg["t"] != "resync" or conn.resync_due
        else:
            first = replies[0]
            assert first["t"] in ("error", "reject", "pong", "welcome", "sync", "seated"), first
            if first["t"] in ("error", "reject"):
                assert first["code"] and first["detail"]
        self.restore()


TABLE = None


def table() -> Table:
    global TABLE
    if TABLE is None:
        TABLE = Table()
    return TABLE


# --- strategies -----------------------------------------------------------------------

_scalars = (st.none() | st.booleans() | st.integers(-2 ** 63, 2 ** 64 - 1)
            | st.text(max_size=12) | st.binary(max_size=12) | st.floats(allow_nan=False))
_plain = st.recursive(_scalars, lambda kids: st.lists(kids, max_size=4)
                      | st.dictionaries(st.text(max_size=6), kids, max_size=4), max_leaves=12)
_types = st.sampled_from(sorted(set(CLIENT_MESSAGES) | set(HOST_MESSAGES)) + ["", "cmdx", "HELLO"])
_field_names = st.sampled_from(["v", "app", "name", "seat", "proof", "id", "seq", "cmd", "n",
                                "colour", "ready", "reason", "code", "pledge", "value", "x"])


@st.composite
def message_like(draw):
    msg = {"t": draw(_types)}
    for name in draw(st.lists(_field_names, max_size=5)):
        msg[name] = draw(_plain)
    return msg


@st.composite
def commands(draw):
    """A command message with the shape of a real one but something wrong:
    another seat, a stale or future sequence number, or an engine-illegal
    command (sent on the connection of another seat than the decider's)."""
    t = table()
    state = t.host.auth.state
    seat = draw(st.integers(0, 2))
    legal = legal_commands(state, t.decider)
    cmd = list(draw(st.sampled_from(legal))) if draw(st.booleans()) else [
        draw(st.sampled_from(["roll", "end_turn", "build_road", "discard", "steal", "nope"])),
        draw(st.integers(-1, 4))] + draw(st.lists(st.integers(-2, 80), max_size=3))
    if draw(st.booleans()):
        cmd[1] = seat
    seq = draw(st.sampled_from([0, len(t.host.auth.log) - 1, len(t.host.auth.log),
                                len(t.host.auth.log) + 1, 2 ** 40]))
    return {"t": "cmd", "id": draw(st.integers(0, 2 ** 62)), "seq": seq, "cmd": cmd}


frames = st.one_of(
    st.binary(max_size=64),
    _plain.map(_pack),
    message_like().map(_pack),
    commands().map(_pack),
)


@settings(suppress_health_check=list(HealthCheck))
@given(batch=st.lists(st.tuples(st.integers(0, 4), frames), min_size=1, max_size=10))
def test_hypothesis_frames_never_change_the_game_and_always_get_a_reason(batch):
    t = table()
    for who, payload in batch:
        conn = t.senders()[who % len(t.senders())]
        # A command on the decider's own connection with the current
        # sequence number could be legal: that is play, not an attack.
        t.send_and_check(conn, payload)


@pytest.mark.slow
def test_many_random_and_mutated_frames():
    """Random bytes, and valid frames truncated, bit-flipped or replayed
    (tens of thousands in all, in process)."""
    t = table()
    rng = Rng(99, stream=7)
    valid = [_pack({"t": "hello", "v": PROTOCOL_VERSION, "app": APP}), _pack({"t": "ping", "n": 5}),
             _pack({"t": "resync"}), _pack({"t": "lobby_set", "ready": True})] + t.accepted_frames
    count = 0
    for i in range(24000):
        kind = i % 4
        if kind == 0:
            payload = bytes(rng.below(256) for _ in range(rng.below(40)))
        else:
            base = bytearray(valid[rng.below(len(valid))])
            if kind == 1 and len(base) > 1:
                base = base[:rng.below(len(base))]            # truncated
            elif kind == 2:
                for _ in range(1 + rng.below(3)):             # bit flips
                    j = rng.below(len(base))
                    base[j] ^= 1 << rng.below(8)
            payload = bytes(base)                             # kind 3: replayed as is
        conn = t.senders()[rng.below(len(t.senders()))]
        try:
            t.send_and_check(conn, payload)
        except (ValueError, msgpack.UnpackException, AttributeError, TypeError):
            # send_and_check could not parse a silent frame itself: the host
            # answered nothing, so it must not have been a valid pong/bye.
            raise AssertionError(f"no answer to {payload[:60]!r}")
        count += 1
    assert count == 24000


def test_replayed_and_out_of_turn_commands_get_specific_reasons():
    t = table()
    state = t.host.auth.state
    other = (t.decider + 1) % 3
    conn = t.conns[other]
    cmd = list(legal_commands(state, t.decider)[0])
    codes = []
    for msg in (
        {"t": "cmd", "id": 1, "seq": len(t.host.auth.log), "cmd": cmd},
        {"t": "cmd", "id": 3, "seq": len(t.host.auth.log), "cmd": [cmd[0], other] + cmd[2:]},
        {"t": "cmd", "id": 4, "seq": len(t.host.auth.log), "cmd": cmd, "token": t.tokens[t.decider]},
    ):
        since = len(conn.writer.frames)
        t.send_and_check(conn, _pack(msg))
        codes.append(_replies(conn.writer, since)[0]["code"])
    # A seat is its connection: a token in a command is not even a field any more.
    assert codes == ["wrong_seat", "not_deciding", "extra_field"]
    dconn = t.conns[t.decider]
    since = len(dconn.writer.frames)
    t.send_and_check(dconn, t.accepted_frames[-1])          # a replay of an accepted command
    assert _replies(dconn.writer, since)[0]["t"] in ("reject", "error")
    stale = {"t": "cmd", "id": 9, "seq": len(t.host.auth.log) - 1, "cmd": cmd}
    since = len(dconn.writer.frames)
    t.send_and_check(dconn, _pack(stale))
    assert _replies(dconn.writer, since)[0]["code"] == "stale"


@pytest.fixture
def engine_checks(monkeypatch) -> list:
    """The commands the engine checks from now on, in order."""
    checked = []
    real_check = rules._check

    def counting_check(state, cmd, ruleset):
        checked.append(cmd)
        return real_check(state, cmd, ruleset)
    monkeypatch.setattr(rules, "_check", counting_check)
    return checked


def test_a_stale_command_is_refused_as_stale_without_the_engine_looking_at_it(engine_checks):
    """A command chosen on an earlier state is refused for that, whatever the
    engine would say of it (several seats answering one offer at once make
    many such), and the engine checks nothing for it."""
    t = table()
    dconn = t.conns[t.decider]
    checked = engine_checks
    illegal = ["build_road", t.decider, 0]          # not where this seat may build now
    assert rules.check(t.host.auth.state, illegal) is not None
    checked.clear()
    since = len(dconn.writer.frames)
    t.send_and_check(dconn, _pack({"t": "cmd", "id": 7, "seq": len(t.host.auth.log) - 1, "cmd": illegal}))
    assert _replies(dconn.writer, since)[0]["code"] == "stale"
    assert checked == []


def test_an_accepted_command_is_checked_by_the_engine_once(engine_checks):
    """(A roll of mixed dice is checked when it is asked for and again when
    the seats' values are in: these are two different commands.)"""
    t = Table()
    checked = engine_checks
    while True:
        state = t.host.auth.state
        seat = deciders(state)[0]
        # listed on a copy: the engine trusts what it just listed for the state itself
        listed = legal_commands(state.copy(), seat, offers=False)
        others = [list(c) for c in listed if not rules.rolls(c)]
        seq = len(t.host.auth.log)
        checked.clear()
        t.feed(t.conns[seat], {"t": "cmd", "id": 8, "seq": seq, "cmd": others[-1] if others else list(listed[0])})
        assert len(t.host.auth.log) == seq + 1
        if others:
            break
    assert len(checked) == 1


@pytest.mark.slow
def test_socket_level_abuse_leaves_the_host_serving(tmp_path, monkeypatch):
    """Over real TCP: an oversized length, a frame cut off by a closed
    connection, a half frame left hanging, garbage, a wrong version and
    messages before hello.  Then a complete game is played on the same host."""
    monkeypatch.setattr(connections, "SILENCE_LIMIT", 0.5)
    monkeypatch.setattr(connections, "PING_EVERY", 0.2)

    async def exchange(port, data, read=True):
        reader, writer = await raw_connection(port)
        writer.write(data)
        await writer.drain()
        replies = []
        if read:
            try:
                while True:
                    header = await asyncio.wait_for(reader.readexactly(4), 2)
                    size = struct.unpack(">I", header)[0]
                    replies.append(decode(await reader.readexactly(size), HOST))
            except (asyncio.IncompleteReadError, ConnectionError, asyncio.TimeoutError):
                pass
        writer.close()
        return replies

    def frame(obj):
        payload = _pack(obj)
        return struct.pack(">I", len(payload)) + payload

    async def main():
        host = Host(default_config(players=2, seed=12), auto_start=True)
        port = await host.listen("127.0.0.1", 0)
        r = await exchange(port, struct.pack(">I", MAX_FRAME + 1) + b"x" * 10)
        assert r[0]["code"] == "oversized"          # answered, then closed
        await exchange(port, struct.pack(">I", 100) + b"abc", read=False)   # cut off
        r = await exchange(port, struct.pack(">I", 100) + b"abc")           # left hanging
        assert [m for m in r if m["t"] == "error"] == []     # dropped after silence, no crash
        r = await exchange(port, frame({"t": "join", "name": "x"}) + frame({"t": "nope"})
                           + struct.pack(">I", 3) + b"\xc1\xc1\xc1"
                           + frame({"t": "hello", "v": PROTOCOL_VERSION + 1, "app": APP}))
        assert [m["code"] for m in r if m["t"] == "error"] == [
            "hello_first", "unknown_type", "not_msgpack", "version"]
        assert host.phase == "lobby" and host.seats == [None, None]
        host, results, _, _ = await local_game(2, str(tmp_path), host=host)
        assert all(res["ok"] for res in results)
        await host.close()
    asyncio.run(main())


def test_a_forged_or_replayed_rejoin_proof_is_refused():
    """A proof of a seat's token is bound to one connection's nonce and to the
    seat: one captured on another connection, made with a non-ASCII or wrong
    token, or made for another seat takes nothing (bad_token); the right one
    on this connection does."""
    t = table()
    other = (t.decider + 1) % 3
    seen = t.new_conn()
    t.feed(seen, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
    for make in (lambda c: seat_proof(t.host, seen, other),                 # replayed from elsewhere
                 lambda c: seat_proof(t.host, c, other, token="Ҳ" + t.tokens[other][1:]),
                 lambda c: seat_proof(t.host, c, other, token=t.tokens[t.decider]),
                 lambda c: bytes(32)):
        conn = t.new_conn()
        t.feed(conn, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
        since = len(conn.writer.frames)
        t.send_and_check(conn, _pack({"t": "rejoin", "seat": other, "proof": make(conn)}))
        assert _replies(conn.writer, since)[0]["code"] == "bad_token"
        assert t.host.seats[other].conn is t.conns[other]
    conn = t.new_conn()
    t.feed(conn, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
    t.feed(conn, {"t": "rejoin", "seat": other, "proof": seat_proof(t.host, conn, other)})
    assert t.host.seats[other].conn is conn and t.conns[other].closed
    t.restore()


def test_wrong_join_codes_from_any_number_of_connections_share_one_limit():
    """A crowd of addresses gets no more code guesses than one: every key
    exchange takes one attempt from the host-wide limit (given back only when
    the joiner's confirmation verifies), so past it every join with a code is
    refused as busy, unchecked, until the limit refills; an attempt given up
    half way counts as much as a wrong confirmation."""
    from net.host import limits
    from net.wire import pake
    now = [0.0]
    host = Host(default_config(players=3, seed=4242), name="Coded", join_code="7391-0452")
    host.gate.attempts = limits.TokenBucket(limits.WRONG_CODES_PER_SECOND, limits.WRONG_CODES_BURST,
                                            clock=lambda: now[0])

    def attempt(code, cid, give_up=False):
        conn = Conn(FakeWriter(), cid)
        host.connections.conns.add(conn)
        host.handle_payload(conn, _pack({"t": "hello", "v": PROTOCOL_VERSION, "app": APP}))
        joiner = pake.JoinerSide(code, host.identity.fingerprint, conn.nonce)
        since = len(conn.writer.frames)
        host.handle_payload(conn, _pack({"t": "join", "name": f"n{cid}", **joiner.fields()}))
        answer = _replies(conn.writer, since)[0]
        if answer["t"] != "pake" or give_up:
            return answer.get("code", answer["t"])
        right = joiner.check_host(answer["msg"], answer["confirm"])
        since = len(conn.writer.frames)
        host.handle_payload(conn, _pack({"t": "join_confirm",
                                         "confirm": joiner.confirm if right else bytes(32)}))
        return [m.get("code", m["t"]) for m in _replies(conn.writer, since)][0]

    burst = int(limits.WRONG_CODES_BURST)
    assert attempt("73910452", 100) == "seated"        # spaces, dashes, case do not matter
    answers = [attempt("1111-1111", 200 + i, give_up=i % 2) for i in range(burst)]
    assert answers == ["join_code_wrong", "pake"] * (burst // 2)
    assert host.gate.failed == burst // 2
    assert attempt("7391 0452", 300) == "join_busy"         # even the right code waits: nothing is checked
    assert host.seats_taken() == 1
    now[0] += 1 / limits.WRONG_CODES_PER_SECOND
    assert attempt("7391-0452", 301) == "seated"
    assert attempt("7391-0452", 302) == "seated"       # a verified join gave its attempt back
