"""The host's table talk rules (talk on or off, muted seats, muted watchers;
net/host/talk.py) are kept in its LAN save (net/host/saving.py "talk"), like
the seats: a resumed host keeps talk off and the muted muted, a change made
after the last move is saved too, a save from before the rules were saved
resumes with talk on for everyone, and damaged rules are refused as damage.
Hosts fed frame by frame (no sockets)."""

import msgpack
import pytest

from game import saves
from game.bots.random_bot import RandomSeats
from game.engine import default_config
from net.host import autosave
from net.host.connections import Conn
from net.host.game import Host
from net.host.resume import resume_file
from net.wire import secure
from net.wire.protocol import APP, HEADER, HOST, PROTOCOL_VERSION, decode
from net_helpers import Clock, FakeWriter

TALK_ON = {"on": True, "muted": [], "watchers_muted": False}


class Door:
    """Frames fed to one host as from new connections."""

    def __init__(self, host):
        self.host, self.cid = host, 0
        host.talk.clock = Clock()

    def conn(self, msg=None) -> Conn:
        self.cid += 1
        conn = Conn(FakeWriter(), self.cid)
        self.host.connections.conns.add(conn)
        self.feed(conn, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
        if msg is not None:
            self.feed(conn, msg)
        return conn

    def feed(self, conn, msg) -> list:
        """What the host answers `conn` to `msg`."""
        sent = len(conn.writer.frames)
        self.host.handle_payload(conn, msgpack.packb(msg, use_bin_type=True))
        return [decode(frame[HEADER.size:], HOST) for frame in conn.writer.frames[sent:]]

    def rejoin(self, seat: int) -> Conn:
        conn = self.conn()
        proof = secure.token_proof(self.host.seats[seat].token, self.host.identity.fingerprint,
                                   conn.nonce, seat)
        self.feed(conn, {"t": "rejoin", "seat": seat, "proof": proof})
        assert conn.seat == seat
        return conn

    def says(self, conn) -> str:
        """"heard", or the code the host refuses `conn`'s words with."""
        self.host.talk.clock.now += 5.0
        answers = self.feed(conn, {"t": "talk", "phrase": "oops"})
        return "heard" if answers and answers[0]["t"] == "talk" else answers[0]["code"]


def _played(path, moves: int = 30) -> Host:
    """A host of three seats saving into `path`, dealt and `moves` commands on."""
    host = Host(default_config(players=3, seed=77), name="Talk", allow={"watchers": True},
                save_path=str(path))
    door = Door(host)
    seats = [door.conn({"t": "join", "name": f"p{i}"}) for i in range(3)]
    host.deal_unfairly()
    bot = RandomSeats(5)
    for _ in range(moves):
        seat = bot.pick_seat(host.auth.state)
        door.feed(seats[seat], {"t": "cmd", "id": 1, "seq": len(host.auth.log),
                                "cmd": list(bot[seat].choose(host.auth.state))})
    assert len(host.auth.log) == moves
    return host


def _resumed(path) -> Host:
    host = resume_file(str(path))
    host.autosave.close()
    return host


def test_a_resumed_host_keeps_talk_off_and_its_seat_and_watchers_muted(tmp_path):
    path = tmp_path / "talk.kol"
    host = _played(path, moves=12)
    host.talk.configure(mute=1)
    host.talk.configure(watchers_muted=True)
    host.talk.configure(on=False)           # after the last move: saved all the same
    host.autosave.close()

    resumed = _resumed(path)
    assert resumed.talk.public() == {"on": False, "muted": [1], "watchers_muted": True}
    assert resumed.lobby()["talk"] == resumed.talk.public()     # every window is told so
    door = Door(resumed)
    ann, bob = door.rejoin(0), door.rejoin(1)
    wendy = door.conn({"t": "join", "name": "Wendy", "watch": True})
    assert [door.says(c) for c in (ann, bob, wendy)] == ["talk_off", "talk_off", "talk_off"]
    resumed.talk.configure(on=True)
    assert [door.says(c) for c in (ann, bob, wendy)] == ["heard", "talk_muted", "talk_muted"]

    # the resumed host's own changes are saved on, and undone ones stay undone
    resumed.talk.configure(unmute=1)
    resumed.talk.configure(watchers_muted=False)
    resumed.autosave.close()
    assert _resumed(path).talk.public() == TALK_ON


def test_a_save_from_before_talk_rules_were_saved_resumes_with_talk_on(tmp_path, monkeypatch):
    old_extra_for = autosave.extra_for
    monkeypatch.setattr(autosave, "extra_for", lambda game_id, name, seats, fair, talk, allow:
                        old_extra_for(game_id, name, seats, fair))      # as an older Kolonisten saved
    path = tmp_path / "old.kol"
    host = _played(path, moves=8)
    host.talk.configure(on=False, mute=2)
    host.autosave.close()
    assert "talk" not in saves.load(str(path)).extra

    resumed = _resumed(path)
    assert resumed.talk.public() == TALK_ON
    assert len(resumed.auth.log) == 8


@pytest.mark.parametrize("rules", [
    {"on": True, "muted": [3], "watchers_muted": False},        # a seat a game of three lacks
    {"on": "off", "muted": [], "watchers_muted": False},
    {"on": True, "muted": [0], "watchers_muted": False, "extra": 1},
    {"on": True, "muted": "1", "watchers_muted": False},
    [True],
])
def test_damaged_talk_rules_in_a_save_are_refused_as_damage(tmp_path, monkeypatch, rules):
    old_extra_for = autosave.extra_for
    monkeypatch.setattr(autosave, "extra_for", lambda game_id, name, seats, fair, talk, allow:
                        old_extra_for(game_id, name, seats, fair, rules))
    path = tmp_path / "damaged.kol"
    _played(path, moves=4).autosave.close()
    with pytest.raises(saves.SaveError) as exc:
        resume_file(str(path))
    assert exc.value.code == "damaged" and "table talk" in str(exc.value)
