"""The join code as a key exchange (net/wire/pake.py, net/host/joining.py):
a relay with another key can neither fool the joiner nor join as her, what
one attempt records lets nobody test a code offline, every attempt counts
toward the host's one limit, and hostile exchange messages from either side
get one clear answer, never a traceback."""

import asyncio
import os

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import default_config
from net.host import limits
from net.host.connections import Conn
from net.host.game import Host
from net.peer.connection import JoinRefused, handshake, open_connection
from net.peer.game import PeerGame
from net.wire import pake, secure
from net.wire.protocol import APP, HEADER, HOST, PROTOCOL_VERSION, decode, read_frame
from net_helpers import FakeWriter, start_host

CODE = "4821-0937"


# --- a relay: TLS with its own key to the joiner, TLS to the real host, frames copied both ways ---

class Relay:
    """A man in the middle: serves TLS with another key (a copied advert
    points here) and copies every frame to the real host and back,
    recording the clear text of both directions."""

    def __init__(self, key_dir, host_port):
        self.identity = secure.load_identity(str(key_dir))
        self.host_port = host_port
        self.frames = []            # (direction "up"/"down", decoded message)
        self.server = None

    async def listen(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0,
                                                 ssl=self.identity.server_context())
        return self.server.sockets[0].getsockname()[1]

    async def _serve(self, reader, writer):
        up_r, up_w = await asyncio.open_connection("127.0.0.1", self.host_port,
                                                   ssl=secure.client_context())

        async def copy(src, dst, direction):
            try:
                while True:
                    payload = await read_frame(src)
                    self.frames.append((direction, msgpack.unpackb(payload, raw=False)))
                    dst.write(HEADER.pack(len(payload)) + payload)
            except (asyncio.IncompleteReadError, ConnectionError, OSError):
                dst.close()
        await asyncio.gather(copy(reader, up_w, "up"), copy(up_r, writer, "down"))

    def close(self):
        self.server.close()


def test_a_relay_with_another_key_fails_the_join_and_cannot_complete_it(tmp_path):
    """A copied advert with the relay's key: the joiner picks it (pins the
    relay's key) and types the right code.  The host's proof was made for
    its own key, so the joiner refuses it and sends no confirmation; the
    relay, holding everything that crossed, cannot make one either; the host
    seats nobody and counts the attempt.  The same joiner straight to the
    host is seated (the control)."""
    async def main():
        host = await start_host(2, join_code=CODE)
        relay = Relay(tmp_path / "relay_key", host.port)
        relay_port = await relay.listen()
        assert relay.identity.fingerprint != host.identity.fingerprint
        host.gate.attempts = limits.TokenBucket(limits.WRONG_CODES_PER_SECOND, limits.WRONG_CODES_BURST,
                                                clock=lambda: 0.0)     # no refill during the test
        conn = await open_connection(("127.0.0.1", relay_port), pin=relay.identity.fingerprint)
        with pytest.raises(JoinRefused) as refused:
            await handshake(conn, "ann", None, lambda m: None, join_code=CODE)
        assert refused.value.code == "join_code_wrong"
        await asyncio.sleep(0.2)
        kinds = [(d, m["t"]) for d, m in relay.frames]
        assert ("down", "pake") in kinds and ("up", "join_confirm") not in kinds

        # The relay now tries to finish the join itself from what it holds: the
        # joiner's half replayed on a fresh connection gets a new answer it
        # cannot confirm (it has no key for it); guessing a confirmation fails.
        joined = [m for d, m in relay.frames if d == "up" and m["t"] == "join"][0]
        r, w = await asyncio.open_connection("127.0.0.1", host.port, ssl=secure.client_context())
        answers = []
        for msg in ({"t": "hello", "v": PROTOCOL_VERSION, "app": APP}, joined,
                    {"t": "join_confirm", "confirm": os.urandom(32)}):
            data = msgpack.packb(msg, use_bin_type=True)
            w.write(HEADER.pack(len(data)) + data)
            answers.append(decode(await read_frame(r), HOST))
        assert [a["t"] for a in answers] == ["welcome", "pake", "error"]
        assert answers[2]["code"] == "join_code_wrong"
        w.close()
        assert host.seats == [None, None]
        assert host.gate.attempts.available() == limits.WRONG_CODES_BURST - 2      # both attempts count

        conn = await open_connection(("127.0.0.1", host.port), pin=host.identity.fingerprint)
        game = PeerGame(send=conn.send, name="ann")
        await handshake(conn, "ann", None, game.handle, join_code="4821 0937")
        assert game.seat == 0
        conn.close()
        relay.close()
        await host.close()
    asyncio.run(main())


# --- off the loop: the exchange never holds up the other connections -------------------------------

def test_a_listening_host_answers_others_while_an_exchange_runs_and_then_seats_the_joiner(monkeypatch):
    """The SPAKE2 work runs in the gate's worker thread: while a joiner's
    exchange is under way (held here until a ping of another connection has
    its pong) the host's loop reads and answers that connection; then the
    exchange's answer goes out and the joiner, knowing the code, is seated."""
    import threading
    from net.host import joining

    release, in_worker = threading.Event(), []
    real = pake.host_answer

    def held(*args):
        in_worker.append(threading.current_thread().name)
        assert release.wait(20)
        return real(*args)
    monkeypatch.setattr(joining.pake, "host_answer", held)

    async def main():
        host = await start_host(2, join_code=CODE)
        joiner = await open_connection(("127.0.0.1", host.port), pin=host.identity.fingerprint)
        game = PeerGame(send=joiner.send, name="ann")
        joining_task = asyncio.ensure_future(handshake(joiner, "ann", None, game.handle, join_code=CODE))
        while not in_worker:
            await asyncio.sleep(0.01)
        r, w = await asyncio.open_connection("127.0.0.1", host.port, ssl=secure.client_context())
        for msg in ({"t": "hello", "v": PROTOCOL_VERSION, "app": APP}, {"t": "ping", "n": 7}):
            data = msgpack.packb(msg, use_bin_type=True)
            w.write(HEADER.pack(len(data)) + data)
        answers = [decode(await asyncio.wait_for(read_frame(r), 10), HOST) for _ in range(2)]
        assert [a["t"] for a in answers] == ["welcome", "pong"] and not joining_task.done()
        release.set()
        await asyncio.wait_for(joining_task, 20)
        assert game.seat == 0 and host.seats[0].name == "ann"
        assert in_worker[0].startswith("kolonisten-join-code")
        w.close()
        joiner.close()
        await host.close()
    asyncio.run(main())


# --- offline: one attempt's record tests no code ------------------------------------------------

def _recorded_attempt(code_typed: str):
    """Every message of one attempt as a relay or eavesdropper records it
    (the host's code is CODE), with the public values it is bound to."""
    host = Host(default_config(players=2, seed=1), name="Coded", join_code=CODE)
    conn = Conn(FakeWriter(), 1)
    host.connections.conns.add(conn)
    joiner = pake.JoinerSide(code_typed, host.identity.fingerprint, conn.nonce)
    answer = host.gate.begin(conn, {"t": "join", "name": "ann", **joiner.fields()})
    record = {"fp": host.identity.fingerprint, "host_nonce": conn.nonce, "joiner_nonce": joiner.nonce,
              "joiner_msg": joiner.message, "host_msg": answer["msg"], "host_confirm": answer["confirm"]}
    if joiner.check_host(answer["msg"], answer["confirm"]):
        record["joiner_confirm"] = joiner.confirm
    return record



def _dictionary_checks(record, code: str) -> tuple:
    """What an attacker can compute from a record and one candidate code:
    (a) the old attack — recompute a hash-of-code proof and look for it among
    the recorded values; (b) unblind both SPAKE2 messages with the code's
    scalar and see whether a point comes out (the only test possible without
    a discrete logarithm)."""
    import hashlib
    import hmac

    from spake2.spake2 import DefaultParams as params      # the package's Ed25519 group
    group = params.group
    password = pake.normal_code(code).encode()
    recorded = {v for v in record.values() if type(v) is bytes}
    old_proof = hmac.new(password, b"kolonisten-join\0" + record["fp"].encode() + record["host_nonce"],
                         hashlib.sha256).digest()
    scalar = group.password_to_scalar(password)
    points = []
    for message, blinding in ((record["joiner_msg"], params.M), (record["host_msg"], params.N)):
        try:
            group.bytes_to_element(message[1:]).add(blinding.scalarmult(-scalar)).to_bytes()
            points.append(True)
        except Exception:
            points.append(False)
    return old_proof in recorded, tuple(points)


def test_one_attempts_record_gives_the_right_code_and_a_wrong_one_the_same_answer():
    """Offline, a record holds nothing to test a guess against: for the
    right code and a wrong one every check an attacker can compute gives the
    same result, for a successful attempt and for a failed one (where the
    joiner sent no confirmation at all).  Two attempts with the same code
    share no value, so no value is a function of the code."""
    right, wrong = CODE, "4821-0938"
    for typed in (right, wrong):
        record = _recorded_attempt(typed)
        assert ("joiner_confirm" in record) == (typed == right)
        assert _dictionary_checks(record, right) == _dictionary_checks(record, wrong) == (False, (True, True))
    first, second = _recorded_attempt(right), _recorded_attempt(right)
    assert not {v for v in first.values() if type(v) is bytes} & {v for v in second.values() if type(v) is bytes}


# --- codes and the limit -----------------------------------------------------------------------

def test_host_codes_are_eight_digits_in_two_groups_and_compare_loosely():
    codes = {pake.new_code() for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert len(code) == 9 and code[4] == "-" and (code[:4] + code[5:]).isdigit()
    assert pake.normal_code(" 4821.0937 ") == pake.normal_code("48210937") == pake.normal_code("4821-0937")
    assert pake.normal_code("Tulp 42") == "tulp42"


def test_a_joiner_with_a_code_refuses_a_host_that_asks_for_none(tmp_path):
    """A host that asks no code cannot prove the game's key: a copy of the
    advert without a code gets nothing from a player who typed one."""
    async def main():
        host = await start_host(2)
        conn = await open_connection(("127.0.0.1", host.port), pin=host.identity.fingerprint)
        with pytest.raises(JoinRefused) as refused:
            await handshake(conn, "ann", None, lambda m: None, join_code=CODE)
        assert refused.value.code == "join_code_unasked" and host.seats == [None, None]
        await host.close()
    asyncio.run(main())


def test_an_old_peer_gets_one_clear_line():
    host = Host(default_config(players=2, seed=1), name="New")
    conn = Conn(FakeWriter(), 1)
    host.connections.conns.add(conn)
    host.handle_payload(conn, msgpack.packb({"t": "hello", "v": 3, "app": APP}, use_bin_type=True))
    replies = [decode(f[HEADER.size:], HOST) for f in conn.writer.frames]
    assert [(r["t"], r["code"]) for r in replies] == [("error", "version")]
    assert f"protocol {PROTOCOL_VERSION}" in replies[0]["detail"]


# --- hostile exchange messages at the host -----------------------------------------------------

_BLOBS = st.one_of(st.binary(min_size=0, max_size=40), st.integers(-2 ** 63, 2 ** 64 - 1), st.text(max_size=5), st.none(),
                   st.sampled_from([b"A" + bytes(32), b"B" + bytes(32), b"\xff" * 33, os.urandom(33)]))
_STEPS = st.lists(st.one_of(
    st.fixed_dictionaries({"t": st.just("join"), "name": st.just("eve"), "pake": _BLOBS, "nonce": _BLOBS}),
    st.fixed_dictionaries({"t": st.just("join"), "name": st.just("eve")}),
    st.fixed_dictionaries({"t": st.just("join_confirm"), "confirm": _BLOBS}),
    st.just("honest_join"), st.just("honest_confirm"), st.just("replay"),
), min_size=1, max_size=8)


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(steps=_STEPS, hello=st.booleans())
def test_hostile_exchange_messages_get_one_answer_each_and_seat_nobody_without_the_code(steps, hello):
    """Wrong sizes, wrong types, replays and out-of-order steps: the host
    answers every frame with exactly one message, never an internal error,
    and seats a connection only after a confirmation made with the code."""
    host = Host(default_config(players=2, seed=1), name="Coded", join_code=CODE)
    conn = Conn(FakeWriter(), 1)
    host.connections.conns.add(conn)
    if hello:
        host.handle_payload(conn, msgpack.packb({"t": "hello", "v": PROTOCOL_VERSION, "app": APP},
                                                use_bin_type=True))
    joiner, sent, confirmed = None, [], False
    for step in steps:
        if step == "honest_join":
            joiner = pake.JoinerSide(CODE, host.identity.fingerprint, conn.nonce)
            msg = {"t": "join", "name": "ann", **joiner.fields()}
        elif step == "honest_confirm":
            msg = {"t": "join_confirm", "confirm": joiner.confirm or bytes(32) if joiner else bytes(32)}
        elif step == "replay":
            msg = sent[-1] if sent else {"t": "join_confirm", "confirm": bytes(32)}
        else:
            msg = step
        sent.append(msg)
        since = len(conn.writer.frames)
        host.handle_payload(conn, msgpack.packb(msg, use_bin_type=True))
        replies = [decode(f[HEADER.size:], HOST) for f in conn.writer.frames[since:]]
        assert replies and all(r.get("code") != "internal" for r in replies)
        if replies[0]["t"] == "pake" and joiner is not None and msg.get("pake") == joiner.message:
            confirmed = joiner.check_host(replies[0]["msg"], replies[0]["confirm"])
        if host.seats[0] is not None:
            assert confirmed and msg["t"] == "join_confirm"
            break
    assert host.seats[1] is None


# --- hostile answers at the joiner -------------------------------------------------------------

@pytest.mark.parametrize("answer, code", [
    ({"t": "pake", "msg": os.urandom(33), "confirm": os.urandom(32)}, "join_code_wrong"),
    ({"t": "pake", "msg": b"A" + bytes(32), "confirm": bytes(32)}, "join_code_wrong"),
    ({"t": "pake", "msg": b"short", "confirm": bytes(32)}, "protocol"),
    ({"t": "pake", "msg": 7, "confirm": bytes(32)}, "protocol"),
    ({"t": "seated", "seat": 0, "token": "t"}, "protocol"),
    ({"t": "error", "code": "busy", "detail": "too many"}, "busy"),
])
def test_a_rogue_hosts_exchange_answers_end_the_join_with_one_clear_refusal(answer, code):
    """A host that answers the join with nonsense, a forged half, or a seat
    before proving the code: the joiner refuses with a code, sends no
    confirmation, and never raises anything but JoinRefused."""
    async def main():
        identity = secure.load_identity()
        heard = []

        async def rogue(reader, writer):
            def send(msg):
                data = msgpack.packb(msg, use_bin_type=True)
                writer.write(HEADER.pack(len(data)) + data)
            try:
                while True:
                    msg = msgpack.unpackb(await read_frame(reader), raw=False)
                    heard.append(msg["t"])
                    if msg["t"] == "hello":
                        send({"t": "welcome", "v": PROTOCOL_VERSION, "game_id": "g", "name": "Rogue",
                              "config": {}, "state": "lobby", "nonce": os.urandom(32), "code": True})
                    elif msg["t"] == "join":
                        send(answer)
            except (asyncio.IncompleteReadError, ConnectionError, OSError):
                pass
        server = await asyncio.start_server(rogue, "127.0.0.1", 0, ssl=identity.server_context())
        port = server.sockets[0].getsockname()[1]
        conn = await open_connection(("127.0.0.1", port), pin=identity.fingerprint)
        with pytest.raises(JoinRefused) as refused:
            await handshake(conn, "ann", None, lambda m: None, join_code=CODE)
        assert refused.value.code == code
        await asyncio.sleep(0.05)
        assert "join_confirm" not in heard
        server.close()
    asyncio.run(main())


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(msg=st.binary(min_size=33, max_size=33), confirm=st.binary(min_size=32, max_size=32),
       side=st.sampled_from([b"A", b"B", b"S", b"\x00"]))
def test_any_host_answer_of_the_right_sizes_is_refused_without_an_error(msg, confirm, side):
    """Whatever 33 and 32 bytes a host (or relay) answers with, the joiner's
    check says no, never raises, and leaves no confirmation to send."""
    joiner = pake.JoinerSide(CODE, "ab" * 32, bytes(32))
    assert joiner.check_host(side + msg[1:], confirm) is False
    assert joiner.confirm is None


def test_a_key_exchange_answer_outside_the_join_is_a_host_fault():
    """A rogue host sending the exchange's answer in the middle of a game:
    one clear fault, never an AttributeError from the game copy."""
    from net.peer.faults import HostFault
    game = PeerGame(send=lambda msg: None, name="ann")
    with pytest.raises(HostFault, match="key exchange"):
        game.handle({"t": "pake", "msg": os.urandom(33), "confirm": os.urandom(32)})
