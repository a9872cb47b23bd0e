"""Table talk on a LAN (net/wire/talk.py, net/host/talk.py): a quick phrase
reaches every other laptop and each says it in its reader's language; free
text arrives cleaned and bounded; each speaker is held to one message a
second and twenty a minute, refused with a reason and losing nothing else;
the host's owner turns talk off and mutes a seat or the watchers; hostile
talk never breaks the host; and talk is no command: a game with talk has
the same command log, hashes and save as the same game without."""

import asyncio
import unicodedata

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wait_helpers import WAIT

from game import saves
from game.bots.random_bot import RandomSeats
from game.client.i18n import set_language
from game.client.table.talk import talk_line
from game.engine import default_config, deciders
from game.engine.state import GAME_OVER
from net.host.connections import Conn
from net.host.game import Host
from net.peer.connection import pump
from net.peer.game import PeerGame
from net.wire.protocol import APP, HEADER, HOST, PROTOCOL_VERSION, decode
from net.wire.talk import MAX_TALK, PHRASES, WATCHER, clean
from net_helpers import Clock, FakeWriter, seat_peer


async def _host(players=3, **options):
    host = Host(default_config(players=players, seed=2), name="Talk", allow={"watchers": True}, **options)
    host.talk.clock = Clock()
    await host.listen("127.0.0.1", 0)
    return host


async def _read_until(conn, game, done, timeout=WAIT):
    """What the host sends, until `done(events)` holds for the events read so far."""
    events = []
    await asyncio.wait_for(pump(conn, lambda m: events.extend(game.handle(m)), until=lambda: done(events)), timeout)
    assert done(events), f"the connection ended first; events: {events}"
    return events


def _heard(events) -> list:
    return [data for kind, data in events if kind == "talk"]


def _refused(events) -> list:
    return [data["code"] for kind, data in events if kind == "error"]


async def _say(conn, game, msg) -> tuple:
    """`msg` (a talk message, sent as it is) from `game`'s laptop, and the
    host's answer to the speaker: ("heard", said) or ("refused", code)."""
    conn.send(dict(msg, t="talk"))
    me = WATCHER if game.seat is None else game.seat

    def mine(events):           # (others' words may come first)
        return [said for said in _heard(events) if said["seat"] == me]
    events = await _read_until(conn, game, lambda ev: mine(ev) or _refused(ev))
    return ("heard", mine(events)[0]) if mine(events) else ("refused", _refused(events)[0])


def test_a_phrase_from_one_laptop_reaches_the_others_in_each_readers_language():
    async def main():
        host = await _host()
        (ca, ga), (cb, gb) = await seat_peer(host, "Ann"), await seat_peer(host, "Bob")
        cw, gw = await seat_peer(host, "Wendy", watch=True)
        ga.say(phrase="good_luck")
        for_bob = _heard(await _read_until(cb, gb, _heard))
        for_wendy = _heard(await _read_until(cw, gw, _heard))
        for_ann = _heard(await _read_until(ca, ga, _heard))     # the speaker sees it come back
        gw.say(phrase="nice_move")                              # a watcher talks too
        from_wendy = _heard(await _read_until(cb, gb, _heard))
        await host.close()
        return for_bob, for_wendy, for_ann, from_wendy

    for_bob, for_wendy, for_ann, from_wendy = asyncio.run(main())
    said = {"seat": 0, "name": "Ann", "phrase": "good_luck"}
    assert for_bob == for_wendy == for_ann == [said]
    assert from_wendy == [{"seat": WATCHER, "name": "Wendy", "phrase": "nice_move"}]
    names = ["Ann", "Bob", "#3"]
    try:
        set_language("en")
        assert talk_line(said, names) == "Ann: “Good luck!”"
        assert talk_line(from_wendy[0], names) == "Wendy (watching): “Nice move!”"
        set_language("nl")
        assert talk_line(said, names) == "Ann: „Veel succes!”"
        assert talk_line(from_wendy[0], names) == "Wendy (kijkt mee): „Mooie zet!”"
    finally:
        set_language("en")
    # the speaker's name is the only seat the log draws in a line (not "Bob" said in it)
    line = talk_line({"seat": 0, "name": "Ann", "text": "Bob: I resign"}, names)
    assert [seat for _, seat in line.runs] == [0, None] and "".join(t for t, _ in line.runs) == line


HOSTILE = ("Hi\u202e there\u202c\x00\x07\n\n\tfriend\u200b\u2066!\u2069\ufeff"
           + "e" + "\u0301" * 50 + "\U000f0000\ue000" + "\u2028end")


def test_free_text_arrives_cleaned_and_bounded_and_wrong_shapes_are_refused():
    async def main():
        host = await _host()
        (ca, ga), (cb, gb) = await seat_peer(host, "Ann"), await seat_peer(host, "Bob")
        answers = []
        for msg in ({"text": HOSTILE}, {"text": "x" * MAX_TALK}, {"text": "x" * (MAX_TALK + 1)},
                    {"text": "\u202e\u200b\x00 \n"}, {"text": 5}, {"text": ["hi"]}, {"text": b"hi"}, {},
                    {"text": "hi", "phrase": "oops"}, {"phrase": "free_beer"}, {"phrase": None},
                    {"text": "hi", "seat": 1}):
            answers.append(await _say(ca, ga, msg))
            host.talk.clock.now += 1.0
        heard_by_bob = _heard(await _read_until(cb, gb, lambda ev: len(_heard(ev)) == 2))
        await host.close()
        return answers, heard_by_bob

    answers, heard_by_bob = asyncio.run(main())
    kind, said = answers[0]
    assert kind == "heard"
    assert said["text"] == "Hi there friend!\u00e9\u0301\u0301 end" == clean(HOSTILE)
    assert not [ch for ch in said["text"] if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Zl")]
    assert answers[1] == ("heard", {"seat": 0, "name": "Ann", "text": "x" * MAX_TALK})
    assert [a[1] for a in answers[2:]] == ["bad_field", "talk_empty", "bad_field", "bad_field", "bad_field",
                                           "talk_bad", "talk_bad", "talk_bad", "bad_field", "extra_field"]
    assert heard_by_bob == [answers[0][1], answers[1][1]]      # what was refused reached nobody


def test_a_host_that_sends_hostile_talk_is_shown_plain_words_or_nothing():
    game = PeerGame(send=lambda msg: None)
    game.lobby = {"config": default_config(players=3)}
    heard = game.handle({"t": "talk", "seat": 1, "name": "B\u202eob\x00", "text": HOSTILE})
    assert heard == [("talk", {"seat": 1, "name": "Bob", "text": clean(HOSTILE)})]
    for unusable in ({"seat": 3, "name": "X", "text": "hi"}, {"seat": 0, "name": "X", "phrase": "free_beer"},
                     {"seat": 0, "name": "X", "text": "\u200b\u202e"}, {"seat": 0, "name": "X"},
                     {"seat": 0, "name": "X", "text": "a", "phrase": "oops"}):
        assert game.handle(dict(unusable, t="talk")) == []


def test_each_speaker_may_say_one_message_a_second_and_twenty_a_minute_losing_nothing_else():
    """net/host/talk.py MIN_GAP and PER_MINUTE; the host's clock is the test's."""
    async def main():
        host = await _host()
        clock = host.talk.clock
        (ca, ga), (cb, gb) = await seat_peer(host, "Ann"), await seat_peer(host, "Bob")
        answers = [await _say(ca, ga, {"phrase": "deal"})]
        answers.append(await _say(ca, ga, {"phrase": "deal"}))     # at once: too fast
        clock.now += 0.5
        answers.append(await _say(ca, ga, {"phrase": "deal"}))     # half a second on: still too fast
        others = await _say(cb, gb, {"phrase": "thanks"})         # another speaker's own bound
        ga.set_lobby(ready=True)                                   # nothing else of Ann's is held up
        await _read_until(ca, ga, lambda ev: (ga.lobby["seats"][0] or {}).get("ready"))
        clock.now += 0.5
        for _ in range(19):                                         # 20 in all, one a second
            answers.append(await _say(ca, ga, {"text": f"{clock.now}"}))
            clock.now += 1.0
        answers.append(await _say(ca, ga, {"phrase": "deal"}))     # the 21st within the minute
        clock.now = 100.0 + 59.5
        answers.append(await _say(ca, ga, {"phrase": "deal"}))     # the first is not yet a minute old
        clock.now = 100.0 + 60.0
        answers.append(await _say(ca, ga, {"phrase": "deal"}))     # now it is
        await host.close()
        return answers, others

    answers, others = asyncio.run(main())
    kinds = [a[0] if a[0] == "heard" else a[1] for a in answers]
    assert kinds[:3] == ["heard", "talk_too_fast", "talk_too_fast"]
    assert kinds[3:22] == ["heard"] * 19
    assert kinds[22:] == ["talk_too_much", "talk_too_much", "heard"]
    assert others == ("heard", {"seat": 1, "name": "Bob", "phrase": "thanks"})


def test_the_host_turns_talk_off_and_mutes_a_seat_or_the_watchers_refused_with_a_reason():
    async def main():
        host = await _host()
        clock = host.talk.clock
        (ca, ga), (cb, gb) = await seat_peer(host, "Ann"), await seat_peer(host, "Bob")
        cw, gw = await seat_peer(host, "Wendy", watch=True)
        answers = {}
        host.talk.configure(mute=1)
        await _read_until(cb, gb, lambda ev: gb.lobby.get("talk", {}).get("muted") == [1])
        answers["bob muted"] = await _say(cb, gb, {"phrase": "oops"})
        answers["ann"] = await _say(ca, ga, {"phrase": "oops"})
        host.talk.configure(watchers_muted=True)
        await _read_until(cw, gw, lambda ev: gw.lobby.get("talk", {}).get("watchers_muted"))
        answers["wendy muted"] = await _say(cw, gw, {"phrase": "oops"})
        host.talk.configure(on=False)
        await _read_until(ca, ga, lambda ev: ga.lobby.get("talk", {}).get("on") is False)
        clock.now += 5
        answers["ann, talk off"] = await _say(ca, ga, {"phrase": "oops"})
        host.talk.configure(on=True, unmute=1)
        await _read_until(cb, gb, lambda ev: gb.lobby["talk"] == {"on": True, "muted": [], "watchers_muted": True})
        answers["bob again"] = await _say(cb, gb, {"phrase": "oops"})
        refusals = []
        for wrong in ({"mute": 3}, {"mute": -1}, {"unmute": "1"}, {"on": 1}, {"watchers_muted": None, "on": "no"}):
            with pytest.raises(ValueError) as exc:
                host.talk.configure(**wrong)
            refusals.append(str(exc.value))
        rules = host.talk.public()
        await host.close()
        return answers, refusals, rules

    answers, refusals, rules = asyncio.run(main())
    assert answers["bob muted"] == ("refused", "talk_muted")
    assert answers["ann"][0] == "heard"
    assert answers["wendy muted"] == ("refused", "talk_muted")
    assert answers["ann, talk off"] == ("refused", "talk_off")
    assert answers["bob again"] == ("heard", {"seat": 1, "name": "Bob", "phrase": "oops"})
    assert refusals[0] == "no seat 3 in a game of 3" and len(refusals) == 5
    assert rules == {"on": True, "muted": [], "watchers_muted": True}     # the refused changed nothing


# --- a host fed frame by frame: hostile talk and talk during a whole game ------------------------

class Table:
    """A host of three seats and a watcher, fed frames directly (no sockets)."""

    def __init__(self, save_path=None):
        self.host = Host(default_config(players=3, seed=4242), name="Talk", allow={"watchers": True},
                         save_path=save_path)
        self.host.talk.clock = self.clock = Clock()
        self.cid = 0
        self.seats = [self.join({"t": "join", "name": f"p{i}"}) for i in range(3)]
        self.watcher = self.join({"t": "join", "name": "Wendy", "watch": True})
        self.stranger = self.conn()             # greeted, neither seated nor watching
        self.host.deal_unfairly()           # the config's seed: two tables play the same game
        self.bot = RandomSeats(11)

    def conn(self):
        self.cid += 1
        conn = Conn(FakeWriter(), self.cid)
        self.host.connections.conns.add(conn)
        self.feed(conn, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
        return conn

    def join(self, msg):
        conn = self.conn()
        self.feed(conn, msg)
        return conn

    def feed(self, conn, msg):
        self.host.handle_payload(conn, msgpack.packb(msg, use_bin_type=True))

    def move(self) -> bool:
        """One legal command of the seat that decides; False once the game is over."""
        state = self.host.auth.state
        if state.phase == GAME_OVER:
            return False
        seat = self.bot.pick_seat(state)
        self.feed(self.seats[seat], {"t": "cmd", "id": 1, "seq": len(self.host.auth.log),
                                     "cmd": list(self.bot[seat].choose(state))})
        return True

    @property
    def speakers(self):
        return self.seats + [self.watcher, self.stranger]


def received(conn, since=0) -> list:
    return [decode(frame[HEADER.size:], HOST) for frame in conn.writer.frames[since:]]


_HOSTILE_CHARS = st.sampled_from("\x00\x07\x1b\n\t\r \u00a0\u0301\u20dd\u200b\u200d\u200e\u202a\u202e\u2066\u2069"
                                 "\u2028\u2029\ufeff\ufffe\ud800\ue000\U000e0041\U0010ffff日本😀ٱa")
_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2 ** 63, 2 ** 64 - 1), st.floats(), st.binary(max_size=40),
    st.text(max_size=40), st.text(_HOSTILE_CHARS, max_size=300), st.sampled_from(PHRASES),
    st.integers(150, 5000).map(lambda n: "w" * n),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(-2 ** 63, 2 ** 64 - 1), max_size=2))   # (what msgpack can carry)
_TALK = st.fixed_dictionaries({"t": st.just("talk")},
                              optional={"phrase": _VALUES, "text": _VALUES, "seat": _VALUES, "name": _VALUES})
_FUZZ_TABLE = []


def _fuzz_table() -> Table:
    if not _FUZZ_TABLE:
        table = Table()
        for _ in range(40):
            table.move()
        _FUZZ_TABLE.append(table)
    return _FUZZ_TABLE[0]


@given(st.lists(st.tuples(st.integers(0, 4), _TALK | st.binary(max_size=64).map(lambda b: {"raw": b})),
                min_size=1, max_size=6))
def test_hostile_talk_never_breaks_the_host_nor_changes_the_game(frames):
    table = _fuzz_table()
    host = table.host
    before = (host.auth.state_hash(), len(host.auth.log), [len(c.writer.frames) for c in table.speakers])
    for who, msg in frames:
        conn = table.speakers[who]
        # (a lone surrogate goes as the bytes a hostile peer would send: not UTF-8)
        payload = msg["raw"] if "raw" in msg else msgpack.packb(msg, use_bin_type=True, unicode_errors="surrogatepass")
        sent = len(conn.writer.frames)
        kind = host.handle_payload(conn, payload)
        answers = received(conn, sent)
        if "raw" not in msg:
            assert kind in (None, "talk") and answers, "every talk message is answered: passed on or refused"
        assert not [a for a in answers if a["t"] == "error" and a["code"] == "internal"]
        table.clock.now += 0.6              # some pass the bound, some do not
    assert (host.auth.state_hash(), len(host.auth.log)) == before[:2]
    for conn, since in zip(table.speakers, before[2]):
        for msg in received(conn, since):
            assert msg["t"] in ("talk", "error")
            if msg["t"] == "talk":
                words = msg.get("text", msg.get("phrase"))
                assert msg.get("phrase", PHRASES[0]) in PHRASES
                assert clean(words) == words and 0 < len(words) <= MAX_TALK
                assert msg["seat"] in (0, 1, 2, WATCHER)


def _play(table, talk: bool, commands: int = 400) -> None:
    """Up to `commands` commands (or to the end); with `talk`, after each one
    somebody talks: phrases, texts, hostile text, refused talk."""
    chatter = [{"phrase": "good_luck"}, {"text": HOSTILE}, {"text": "x" * (MAX_TALK + 1)}, {"phrase": "nope"},
               {"text": 7}, {"phrase": "deal", "text": "?"}, {"text": "ok"}]
    for i in range(commands):
        if not table.move():
            return
        if talk:
            conn = table.speakers[i % len(table.speakers)]
            table.feed(conn, dict(chatter[i % len(chatter)], t="talk"))
            table.feed(conn, {"t": "talk", "phrase": "oops"})       # too fast: refused
            table.clock.now += 1.0


@pytest.mark.slow
def test_talk_during_a_game_leaves_the_command_log_the_hashes_and_the_save_as_without_talk(tmp_path):
    quiet, talking = Table(str(tmp_path / "quiet.kol")), Table(str(tmp_path / "talking.kol"))
    _play(quiet, talk=False)
    _play(talking, talk=True)
    said = [m for m in received(talking.seats[0]) if m["t"] == "talk"]
    assert len(said) > 100                          # there was talk, and it was passed on
    assert [r.cmd for r in talking.host.auth.log] == [r.cmd for r in quiet.host.auth.log]
    assert len(quiet.host.auth.log) > 100
    assert talking.host.auth.state_hash() == quiet.host.auth.state_hash()
    # every laptop's records (and their view hashes) are the same, the watcher's too
    for a, b in zip(talking.seats + [talking.watcher], quiet.seats + [quiet.watcher]):
        assert [m for m in received(a) if m["t"] == "rec"] == [m for m in received(b) if m["t"] == "rec"]
    # the saves hold the same commands and hashes, and replay (kolonisten replay --verify)
    for table in (quiet, talking):
        table.host.autosave.close()
    games = [saves.load(str(tmp_path / name)) for name in ("quiet.kol", "talking.kol")]
    assert games[0].commands == games[1].commands and games[0].hashes == games[1].hashes
    assert saves.restore(games[1], verify=True).state_hash() == quiet.host.auth.state_hash()
    # and the game goes on after talk: the seat that decides still has its say
    if talking.host.auth.state.phase != GAME_OVER:
        moved = len(talking.host.auth.log)
        assert deciders(talking.host.auth.state)
        talking.move()
        assert len(talking.host.auth.log) == moved + 1
