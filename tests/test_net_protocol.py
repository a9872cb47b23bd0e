"""Frames, message schemas and the one validator (net/wire/protocol.py)."""

import asyncio
import struct

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.wire.protocol import (
    CLIENT, CLIENT_MESSAGES, HEADER, HOST, HOST_MESSAGES, MAX_FRAME, ProtocolError, decode,
    pack_message, parse_address, read_frame, validate,
)


def _code(fn, *args):
    with pytest.raises(ProtocolError) as info:
        fn(*args)
    return info.value.code


def test_frame_is_length_prefix_then_msgpack():
    data = pack_message({"t": "ping", "n": 7})
    (size,) = HEADER.unpack(data[:4])
    assert size == len(data) - 4
    assert decode(data[4:], CLIENT) == {"t": "ping", "n": 7}


def test_too_large_messages_are_neither_sent_nor_read():
    assert _code(pack_message, {"t": "bye", "reason": "x" * (MAX_FRAME + 1)}) == "oversized"

    async def read(data):
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        return await read_frame(reader)
    assert _code(lambda: asyncio.run(read(struct.pack(">I", MAX_FRAME + 1) + b"x"))) == "oversized"
    with pytest.raises(asyncio.IncompleteReadError):     # a frame cut off by the end of the stream
        asyncio.run(read(struct.pack(">I", 10) + b"abc"))
    assert asyncio.run(read(struct.pack(">I", 3) + b"abc")) == b"abc"


@pytest.mark.parametrize("obj,code", [
    ([1, 2], "not_a_message"),
    ({"n": 1}, "not_a_message"),
    ({"t": 5}, "not_a_message"),
    ({"t": "rec"}, "unknown_type"),                 # a host message from a client
    ({"t": "ping"}, "missing_field"),
    ({"t": "ping", "n": "1"}, "bad_field"),
    ({"t": "ping", "n": 1, "x": 2}, "extra_field"),
    ({"t": "join", "name": ""}, "bad_field"),
    ({"t": "join", "name": "a\nb"}, "bad_field"),
    ({"t": "join", "name": "x" * 25}, "bad_field"),
    ({"t": "cmd", "id": 1, "seq": 0, "cmd": ["roll"]}, "bad_field"),
    ({"t": "cmd", "id": 1, "seq": 0, "cmd": ["roll", 1.5]}, "bad_field"),
    ({"t": "cmd", "id": 1, "seq": 0, "cmd": ["offer", 0, [1, {}], [0], [1]]}, "bad_field"),
    ({"t": "cmd", "id": -1, "seq": 0, "cmd": ["roll", 0]}, "bad_field"),
    ({"t": "cmd", "id": 1, "seq": 0, "token": "t", "cmd": ["roll", 0]}, "extra_field"),
    ({"t": "rejoin", "seat": 0, "token": "x" * 20}, "missing_field"),   # a token is never sent
    ({"t": "rejoin", "seat": 0, "proof": b"x" * 33}, "bad_field"),
    ({"t": "rejoin", "seat": 0, "proof": "x" * 32}, "bad_field"),
    ({"t": "join", "name": "Ann", "code": "1234"}, "extra_field"),     # a join code is never sent
    ({"t": "join", "name": "Ann", "pake": b"p" * 32}, "bad_field"),     # a SPAKE2 message is 33 bytes
    ({"t": "join_confirm", "confirm": b"c" * 33}, "bad_field"),
    ({"t": "join", "name": "Wendy", "watch": 1}, "bad_field"),
    ({"t": "pledge", "pledge": b"x" * 31}, "bad_field"),
    ({"t": "reveal", "value": None}, "bad_field"),
    ({"t": "lobby_set", "ready": 1}, "bad_field"),
])
def test_validator_names_what_is_wrong(obj, code):
    assert _code(validate, obj, CLIENT) == code


def test_undecodable_payloads_are_not_msgpack():
    assert _code(decode, b"\xc1", CLIENT) == "not_msgpack"
    assert _code(decode, msgpack.packb({1: 2}), CLIENT) == "not_msgpack"      # map keys are strings
    assert _code(decode, msgpack.packb("x") + b"\x00", CLIENT) == "not_msgpack"  # trailing bytes


def test_valid_messages_of_every_kind_pass():
    ok = [
        {"t": "hello", "v": 1, "app": "kolonisten"}, {"t": "join", "name": "Anne-Marie"},
        {"t": "join", "name": "Bob", "pake": b"p" * 33, "nonce": b"n" * 32},
        {"t": "join", "name": "Wendy", "pake": b"p" * 33, "nonce": b"n" * 32, "watch": True},
        {"t": "join_confirm", "confirm": b"c" * 32},
        {"t": "rejoin", "seat": 2, "proof": b"p" * 32}, {"t": "lobby_set", "colour": "blue"},
        {"t": "cmd", "id": 3, "seq": 10, "cmd": ["offer", 0, [1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [1, 2]]},
        {"t": "cmd", "id": 3, "seq": 10, "cmd": ["resolve", 0, "spy", [1, 2]]},
        {"t": "pledge", "pledge": b"h" * 32}, {"t": "reveal", "value": b"v" * 32},
        {"t": "roll_commit", "commit": b"c" * 32},
        {"t": "roll_reveal", "roll": 3, "value": b"v" * 32, "next": b"n" * 32},
        {"t": "resync"}, {"t": "ping", "n": 1}, {"t": "pong", "n": 1}, {"t": "bye"},
        {"t": "talk", "phrase": "good_luck"}, {"t": "talk", "text": "Wie heeft er hout?"},
    ]
    for msg in ok:
        assert decode(pack_message(msg)[4:], CLIENT) == msg
    assert {m["t"] for m in ok} == set(CLIENT_MESSAGES)
    rec = {"t": "rec", "seq": 3, "cmd": ["steal", 1, 2], "outcome": {"card": None},
           "events": [["stole", 1, 2, None]], "hash": "ab" * 16}
    assert decode(pack_message(rec)[4:], HOST) == rec
    lobby = {"t": "lobby", "seats": [None], "config": {}, "state": "lobby", "name": "x",
             "watchers": [{"id": 4, "name": "Wendy"}], "allow": {"watchers": True, "hints": False}}
    assert decode(pack_message(lobby)[4:], HOST) == lobby
    for bad in ({"watchers": [{"id": 4}]}, {"allow": {"cheats": True}}, {"allow": {"hints": 1}}):
        assert _code(validate, dict(lobby, **bad), HOST) == "bad_field"
    assert "rec" in HOST_MESSAGES and "rec" not in CLIENT_MESSAGES
    fair = {"commit": b"c" * 32, "pledges": [b"p" * 32] * 2, "values": [b"v" * 32] * 2}
    sync = {"t": "sync", "reason": "start", "seq": 0, "view": b"", "hash": "ab", "events": [],
            "fair": fair}
    assert decode(pack_message(sync)[4:], HOST) == sync
    for bad in (dict(fair, values=[b"v" * 32]), dict(fair, commit="c" * 32), dict(fair, x=1)):
        assert _code(validate, dict(sync, fair=bad), HOST) == "bad_field"


def test_the_messages_of_mixed_dice_carry_commitments_values_or_why_not():
    """net/wire/rolldice.py: a roll's opening and proof hold 32-byte commitments
    and values, or one of the words for a seat that takes no part."""
    opened = {"t": "roll_open", "roll": 2, "host": b"h" * 32, "seats": [b"c" * 32, "away", "host"]}
    assert decode(pack_message(opened)[4:], HOST) == opened
    proof = {"roll": 2, "host": b"h" * 32, "seats": [[b"c" * 32, b"v" * 32], "late", "none"]}
    rec = {"t": "rec", "seq": 9, "cmd": ["roll", 0, 2 ** 63 - 1], "outcome": {"dice": [3, 4]},
           "events": [], "hash": "ab", "proof": proof}
    assert decode(pack_message(rec)[4:], HOST) == rec
    for bad in (dict(opened, seats=["gone"]), dict(opened, seats=[b"c" * 31]), dict(opened, roll=0),
                dict(opened, host=None)):
        assert _code(validate, bad, HOST) == "bad_field"
    for bad in (dict(proof, seats=[[b"c" * 32]]), dict(proof, seats=["away", [b"c" * 32, 5]]),
                dict(proof, extra=1), dict(proof, roll=-1)):
        assert _code(validate, dict(rec, proof=bad), HOST) == "bad_field"
    assert _code(validate, {"t": "roll_reveal", "roll": 1, "value": b"v" * 32}, CLIENT) == "missing_field"


@given(st.recursive(st.none() | st.integers(-2 ** 63, 2 ** 64 - 1) | st.text(max_size=8)
                    | st.binary(max_size=8) | st.booleans() | st.floats(),
                    lambda kids: st.lists(kids, max_size=4)
                    | st.dictionaries(st.text(max_size=5), kids, max_size=4), max_leaves=20))
def test_validator_accepts_or_refuses_anything_with_a_code(obj):
    payload = msgpack.packb(obj, use_bin_type=True)
    for sender in (CLIENT, HOST):
        try:
            msg = decode(payload, sender)
        except ProtocolError as exc:
            assert exc.code in ("not_msgpack", "not_a_message", "unknown_type", "missing_field",
                                "extra_field", "bad_field")
        else:
            assert msg["t"] in (CLIENT_MESSAGES if sender == CLIENT else HOST_MESSAGES)


@pytest.mark.parametrize("text,expected", [
    ("10.0.0.5", ("10.0.0.5", 7531)), ("10.0.0.5:9000", ("10.0.0.5", 9000)),
    ("laptop.local:81", ("laptop.local", 81)), ("[fe80::1]:9000", ("fe80::1", 9000)),
    (" host ", ("host", 7531)),
])
def test_typed_addresses(text, expected):
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["", ":80", "host:0", "host:99999", "host:http"])
def test_unusable_addresses_say_why(text):
    with pytest.raises(ValueError):
        parse_address(text)


def test_every_message_kind_has_its_handler_at_the_other_end():
    """Each kind a peer may send is handled by the host (net/host/game.py
    HANDLERS) and each kind the host may send by the peer (net/peer/game.py
    HANDLERS): no kind declared without a handler, no handler without a schema."""
    from net.host.game import HANDLERS as HOST_HANDLERS
    from net.peer.game import HANDLERS as PEER_HANDLERS
    from net.wire.protocol import CLIENT_MESSAGES, HOST_MESSAGES
    assert set(HOST_HANDLERS) == set(CLIENT_MESSAGES)
    assert set(PEER_HANDLERS) == set(HOST_MESSAGES)
    assert all(callable(h) for h in list(HOST_HANDLERS.values()) + list(PEER_HANDLERS.values()))
