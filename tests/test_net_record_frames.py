"""What the host sends each seat after a command: exactly that seat's redacted
record with its view hash, whether the host packed the record once for every
seat (a record with nothing to hide, `Record.is_public`) or once per seat."""

import msgpack
import pytest

from game.bots.random_bot import RandomSeats
from game.engine import default_config, deciders
from game.engine.state import GAME_OVER
from game.engine.views import view_hash
from net.host.connections import Conn
from net.host.game import Host
from net.wire.protocol import APP, HOST, HEADER, PROTOCOL_VERSION, decode, pack_message, pack_messages

from engine_play import random_game
from net_helpers import FakeWriter


def _feed(host, conn, msg):
    host.handle_payload(conn, msgpack.packb(msg, use_bin_type=True))


@pytest.mark.parametrize("rules, seed", [("base", 7), ("ck", 8)])
@pytest.mark.slow
def test_each_seat_receives_its_own_redacted_record_and_view_hash(rules, seed):
    players = 4
    host = Host(default_config(rules=rules, players=players, seed=seed), name="Frames")
    conns = []
    for i in range(players):
        conn = Conn(FakeWriter(), 100 + i)
        host.connections.conns.add(conn)
        _feed(host, conn, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
        _feed(host, conn, {"t": "join", "name": f"p{i}"})
        conns.append(conn)
    host.deal_unfairly()
    bot = RandomSeats(seed)
    state = host.auth.state
    secret = public = 0
    while state.phase != GAME_OVER and len(host.auth.log) < 1200:
        seat = bot.pick_seat(state)
        assert seat in deciders(state)
        since = [len(c.writer.frames) for c in conns]
        _feed(host, conns[seat], {"t": "cmd", "id": 1, "seq": len(host.auth.log),
                                  "cmd": list(bot[seat].choose(state))})
        record = host.auth.log[-1]
        public += record.is_public()
        secret += not record.is_public()
        for audience, conn in enumerate(conns):
            recs = [frame for frame in conn.writer.frames[since[audience]:]
                    if decode(frame[HEADER.size:], HOST)["t"] == "rec"]
            mine = record.for_audience(audience)
            assert recs == [pack_message({"t": "rec", "seq": mine.seq, "cmd": mine.cmd,
                                          "outcome": mine.outcome, "events": mine.events,
                                          "hash": view_hash(state, audience)})], len(host.auth.log)
    assert public > 100 and secret > 10


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_a_record_said_public_is_the_same_for_every_audience(rules):
    counts = {True: 0, False: 0}

    def compare(auth, record):
        counts[record.is_public()] += 1
        if record.is_public():
            for audience in list(range(auth.state.n)) + [None]:
                assert record.for_audience(audience) == record, record

    random_game(3, rules=rules, max_commands=3000, on_record=compare)
    assert counts[True] > 100 and counts[False] > 10


def test_messages_packed_once_are_the_messages_packed_whole():
    msg = {"t": "rec", "seq": 5, "cmd": ("build_road", 2, 41), "outcome": None,
           "events": (("built", 2, "road", 41),)}
    hashes = ["a" * 32, "b" * 32, "c" * 32]
    assert pack_messages(msg, "hash", hashes) == [pack_message(dict(msg, hash=h)) for h in hashes]
    wide = {f"k{i}": i for i in range(20)}          # a map past 15 pairs has a longer header
    assert pack_messages(wide, "z", [1]) == [pack_message(dict(wide, z=1))]
