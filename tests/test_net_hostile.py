"""Clients survive a hostile host: every host frame is
checked (net/peer/faults.py); anything malformed or ill-typed ends the
connection with a clear message — HostFault, the window's "host_fault"
event, a line from `kolonisten join` — and never a traceback."""

import asyncio
import copy
import struct

import msgpack

from net.wire import secure
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots.random_bot import RandomSeats
from game.client.lan import next_link
from game.engine import default_config
from game.engine.codec import pack, unpack
from game.engine.match import Authority
from game.engine.views import view_obj
from net.headless import run_join
from net.peer.faults import HostFault, check_state, check_view
from net.peer.game import PeerGame
from net.wire.protocol import HOST, PROTOCOL_VERSION, ProtocolError, decode
from net.wire.secrecy import peer_hash, peer_view_bytes, scrub_config
from net.session import ClientSession

SEAT = 1


def played(rules="base", commands=300, players=3, seed=8) -> Authority:
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bot = RandomSeats(seed)
    while len(auth.log) < commands and auth.state.phase != 9:
        state = auth.state
        seat = bot.pick_seat(state)
        auth.submit(bot[seat].choose(state))
    return auth


AUTHS = {rules: played(rules) for rules in ("base", "ck")}


def opening(auth) -> list:
    """welcome, seated, lobby, sync: what an honest host sends a joining seat."""
    config = scrub_config(auth.config)
    seats = [{"name": f"p{i}", "colour": c, "ready": True, "connected": True}
             for i, c in enumerate(("red", "blue", "white")[:auth.config["players"]])]
    return [
        {"t": "welcome", "v": PROTOCOL_VERSION, "game_id": "g1", "name": "Rogue",
         "config": config, "state": "running", "nonce": secure.new_nonce(), "code": False},
        {"t": "seated", "seat": SEAT, "token": "tok"},
        {"t": "lobby", "seats": seats, "config": config, "state": "running", "name": "Rogue"},
        {"t": "sync", "reason": "rejoin", "seq": len(auth.log),
         "view": peer_view_bytes(auth.state, SEAT), "hash": peer_hash(auth.state, SEAT),
         "events": []},
    ]


def ill_typed_sync(auth, **fields) -> dict:
    obj = view_obj(auth.state, SEAT)
    obj.update(fields)
    return dict(opening(auth)[3], view=pack(obj))


def peer() -> PeerGame:
    return PeerGame(send=lambda msg: None, name="p1")


# --- the checks ---------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("rules", ["base", "ck"])
def test_honest_views_of_whole_games_pass_the_check_for_every_seat(rules):
    """No false alarms: every seat's view (as a sync carries it) after every
    third command of a random 4-player game is accepted."""
    auth = Authority(default_config(rules=rules, players=4, seed=2))
    bot = RandomSeats(2)
    while auth.state.phase != 9 and len(auth.log) < 3000:
        state = auth.state
        auth.submit(bot.command(state))
        if len(auth.log) % 3 == 0 or state.phase == 9:
            for seat in range(state.n):
                check_state(check_view(peer_view_bytes(state, seat), seat), seat)


@pytest.mark.parametrize("field, value", [
    ("hands", 5), ("hands", [None, [1, 2], None]), ("hands", [[0] * 5, [0] * 5, [0] * 5]),
    ("node_owner", [9] * 54), ("edge_owner", [-1] * 71), ("dice", [7, 1]), ("current", 3),
    ("terrain", "desert"), ("trade", {"give": 1}), ("pending", {"kind": 3}), ("rng", [1, 2]),
    ("deck", [0, 1, 2]), ("barb_pos", 2), ("config", {"rules": "base"}), ("phase", 99),
    ("robber", -1), ("agenda", [[1]]), ("bank", [True] * 5), ("vp_public", [1.5, 0, 0]),
])
def test_an_ill_typed_view_ends_the_game_copy_with_a_clear_reason(field, value):
    game = peer()
    auth = AUTHS["base"]
    for msg in opening(auth)[:3]:
        game.handle(msg)
    with pytest.raises(HostFault, match="unusable game view"):
        game.handle(ill_typed_sync(auth, **{field: value}))
    assert game.replica is None             # nothing was taken from it


def test_messages_naming_impossible_seats_or_bad_lobby_entries_are_faults():
    auth = AUTHS["base"]
    cases = [
        {"t": "seated", "seat": 7, "token": "t"},
        {"t": "seat_status", "seat": 3, "connected": True},
        {"t": "over", "winner": 5, "turns": 9, "public_hash": "x", "seq": 1},
        dict(opening(auth)[2], seats=[1, 2, 3]),
        dict(opening(auth)[2], seats=[None]),
        dict(opening(auth)[2], seats=[dict(seat, computer="godlike") for seat in opening(auth)[2]["seats"]]),
        dict(opening(auth)[2], seats=[dict(seat, computer=3) for seat in opening(auth)[2]["seats"]]),
        dict(opening(auth)[0], config={"rules": "chess"}),
        dict(opening(auth)[3], events=[[1, 2]]),
    ]
    for msg in cases:
        game = peer()
        game.handle(opening(auth)[0])
        with pytest.raises(HostFault):
            game.handle(msg)


def test_a_lobby_of_computers_at_any_level_the_host_can_seat_is_usable():
    """`kolonisten host --headless --bots K --bot-level random` seats random
    computers; every peer must accept the lobby naming them."""
    from game.bots import ALL_LEVELS
    auth = AUTHS["base"]
    for level in ALL_LEVELS:
        game = peer()
        game.handle(opening(auth)[0])
        lobby = dict(opening(auth)[2], seats=[dict(seat, computer=level) for seat in opening(auth)[2]["seats"]])
        assert game.handle(lobby) == [("lobby", lobby)]


def test_a_host_whose_view_hashes_keep_disagreeing_is_reported_then_no_longer_trusted():
    """A host lying about view hashes is not resynced with forever: the
    third mismatch is said to the player, the tenth ends the link."""
    from net.peer.game import GIVE_UP_DIVERGENCES, REPORT_DIVERGENCES
    auth = AUTHS["base"]
    game = peer()
    for msg in opening(auth)[:3]:
        game.handle(msg)
    lying = dict(opening(auth)[3], hash="0" * 64)
    reported = []
    with pytest.raises(HostFault, match="differed from ours 10 times"):
        for _ in range(GIVE_UP_DIVERGENCES):
            reported += [data for kind, data in game.handle(lying) if kind == "host_diverges"]
    assert reported == [REPORT_DIVERGENCES]


# --- hypothesis: mutated host frames ----------------------------------------------------------------

_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.integers(-2 ** 63, 2 ** 64 - 1)
    | st.text(max_size=4) | st.binary(max_size=4),
    lambda kids: st.lists(kids, max_size=6) | st.dictionaries(st.text(max_size=5), kids, max_size=4),
    max_leaves=20)


def _mutate(obj, path, value):
    """obj with the element at `path` (indexes into nested lists/maps, taken
    modulo their sizes) replaced by value."""
    obj = copy.deepcopy(obj)
    target, key = None, None
    node = obj
    for step in path:
        if isinstance(node, dict) and node:
            key = sorted(node)[step % len(node)]
        elif isinstance(node, list) and node:
            key = step % len(node)
        else:
            break
        target, node = node, node[key]
    if target is None:
        return value
    target[key] = value
    return obj


@settings(suppress_health_check=list(HealthCheck))
@given(rules=st.sampled_from(["base", "ck"]), which=st.integers(0, 3),
       path=st.lists(st.integers(0, 200), min_size=1, max_size=4), value=_values)
def test_hypothesis_mutated_host_messages_raise_nothing_but_a_host_fault(rules, which, path, value):
    auth = AUTHS[rules]
    msgs = opening(auth)
    if which == 3:          # mutate inside the view the sync carries
        view = _mutate(unpack(msgs[3]["view"]), path, value)
        msgs[3] = dict(msgs[3], view=pack(view))
    else:
        msgs[which] = _mutate(msgs[which], path, value)
    game = peer()
    try:
        for msg in msgs:
            payload = msgpack.packb(msg, use_bin_type=True)
            game.handle(decode(payload, HOST))          # the schema first, as on the wire
    except (ProtocolError, HostFault):
        return
    if game.replica is not None:    # what was accepted can be played on
        check_state(game.view, game.seat)
        game.must_decide()


@settings(suppress_health_check=list(HealthCheck))
@given(index=st.integers(0, 40), path=st.lists(st.integers(0, 50), min_size=1, max_size=3),
       value=_values)
@pytest.mark.slow
def test_hypothesis_mutated_records_only_diverge_or_fault(index, path, value):
    """A record whose command, outcome or events were changed is either
    applied, answered with a resync, or ends the connection: never a crash."""
    auth = played("ck", commands=260, seed=3)
    start = 200
    early = Authority(auth.config)
    for record in auth.log[:start]:
        early.submit(record.cmd)
    game, sent = peer(), []
    game.send = sent.append
    for msg in opening(early):
        game.handle(msg)
    record = auth.log[start + index % (len(auth.log) - start)]
    for r in auth.log[start:record.seq - 1]:
        early.submit(r.cmd)
        mine = r.for_audience(SEAT)
        game.handle(_rec(mine, early.state))
    early.submit(record.cmd)
    mine = record.for_audience(SEAT)
    msg = _mutate(_rec(mine, early.state), path, value)
    try:
        game.handle(decode(msgpack.packb(msg, use_bin_type=True), HOST))
    except (ProtocolError, HostFault):
        return


def _rec(mine, state) -> dict:
    return {"t": "rec", "seq": mine.seq, "cmd": [list(a) if isinstance(a, tuple) else a
                                                 for a in mine.cmd],
            "outcome": mine.outcome, "events": [list(e) for e in mine.events],
            "hash": peer_hash(state, SEAT)}


# --- a rogue host over TCP --------------------------------------------------------------------------

def frame(obj) -> bytes:
    payload = msgpack.packb(obj, use_bin_type=True)
    return struct.pack(">I", len(payload)) + payload


async def rogue_host(messages, tail=b""):
    """A server that answers any connection with `messages` (then `tail`
    bytes) and keeps the line open; returns (server, port, connections seen)."""
    seen = []

    async def serve(reader, writer):
        seen.append(1)
        await reader.read(100)          # the hello
        for msg in messages:
            writer.write(frame(msg))
        writer.write(tail)
        try:
            await reader.read()         # until the peer cuts the line
        except ConnectionError:
            pass
        writer.close()
    # A rogue host speaks TLS like any host (net/wire/secure.py), with a key of its own.
    server = await asyncio.start_server(serve, "127.0.0.1", 0, ssl=secure.load_identity().server_context())
    return server, server.sockets[0].getsockname()[1], seen


@pytest.mark.parametrize("mutation", ["hands", "frame"])
def test_kolonisten_join_against_a_rogue_host_ends_with_a_message_and_no_traceback(
        tmp_path, capsys, mutation):
    auth = AUTHS["base"]
    msgs = opening(auth)
    # the rogue sends a good opening but an ill-typed view, or a frame that is no msgpack
    if mutation == "hands":
        msgs[3], tail = ill_typed_sync(auth, hands=5), b""
    else:
        msgs, tail = msgs[:3], struct.pack(">I", 3) + b"\xc1\xc1\xc1"

    async def main():
        server, port, seen = await rogue_host(msgs, tail)
        code = await run_join(f"127.0.0.1:{port}", "p1", token_dir=str(tmp_path), seed=1,
                              reconnect_for=1.0)
        server.close()
        return code, len(seen)
    code, connections = asyncio.run(main())
    out, err = capsys.readouterr()
    assert code == 1 and connections == 1           # it gave up at once, no reconnecting
    assert "Traceback" not in out + err
    line = [ln for ln in err.splitlines() if ln.startswith("kolonisten join:")]
    assert line and ("unusable game view" in line[0] or "bad frame" in line[0]), err


def test_the_window_session_reports_a_host_fault_once_and_stops(tmp_path):
    auth = AUTHS["base"]
    msgs = opening(auth)
    bad = ill_typed_sync(auth, hands=5)
    after = {"t": "seat_status", "seat": 0, "connected": False}

    loop_result = {}

    async def start():
        server, port, seen = await rogue_host(msgs[:3] + [bad, after])
        loop_result.update(server=server, port=port, seen=seen)
    session = ClientSession("127.0.0.1:1", "p1", token_dir=str(tmp_path), reconnect_for=2.0)
    try:
        session.net.run(start(), 5)
        session.address = f"127.0.0.1:{loop_result['port']}"
        session.connect()
        events = []
        for _ in range(300):
            events += session.poll()
            if any(kind == "host_fault" for kind, _ in events):
                break
            session.net.run(asyncio.sleep(0.02), 5)
        faults = [data for kind, data in events if kind == "host_fault"]
        assert len(faults) == 1 and "unusable game view" in str(faults[0])
        assert session.fault == faults[0] and not session.connected
        assert session.poll() == []                 # nothing after the fault is applied
        assert len(loop_result["seen"]) == 1        # and no reconnecting to that host
        link = "ok"
        for kind, data in events:
            link = next_link(link, kind, data)
        assert link == "fault" and next_link(link, "reconnected", None) == "fault"
    finally:
        session.close()
        if "server" in loop_result:
            loop_result["server"].close()


@pytest.mark.slow
def test_the_table_window_shows_the_host_fault_in_its_banner_and_keeps_running(tmp_path, monkeypatch):
    """A LAN game at the table; the host's next frame is an ill-typed sync
    (put into the session's queue as the network thread would): the window
    does not crash, the banner says why the connection ended."""
    pytest.importorskip("pygame_gui")
    import pygame
    from game.client import lan
    from game.client.app import App
    from game.client.scenes.lan_table import LanTableScene
    from game.client.scenes.lobby import LobbyScene
    from game.client.scenes.menu import MenuScene
    from game.client.settings import DEFAULTS
    monkeypatch.setenv("KOLONISTEN_HOME", str(tmp_path))
    app = App((1280, 720), fullscreen=False, prefs=dict(DEFAULTS, language="en", muted=True))
    app.lan_options = lan.LanOptions(port=0, interfaces=["127.0.0.1"], reconnect_for=2.0)

    def step_until(predicate):
        for _ in range(500):
            app.step([])
            if predicate():
                return True
            asyncio.run(asyncio.sleep(0.01))
        return predicate()
    game = lan.host(default_config(players=2, seed=8), "Rogue", "Ann", lan.options(app))
    bob = ClientSession(f"127.0.0.1:{game.port}", "Bob", token_dir=lan.options(app).token_dir)
    try:
        bob.connect()
        app.push(MenuScene(app))
        app.push(LobbyScene(app, game, game.session.poll()))
        game.hosting.start_game()
        assert step_until(lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        auth = game.hosting.host.auth
        game.session.inbox.put(ill_typed_sync(auth, hands=5))
        assert step_until(lambda: table.c.link == "fault")
        assert "unusable game view" in table.banner_text() and "hands" in table.banner_text()
        app.step([])
        pygame.image.save(app.screen, str(tmp_path / "fault.png"))
        assert not game.session.connected and game.session.fault
    finally:
        bob.close()
        game.close().wait(10)


def test_every_host_fault_reads_in_both_languages_and_the_dutch_one_has_no_english(monkeypatch):
    """A host fault reads in the player's language, its detail too.
    Every fault code and reason (net/peer/faults.py) has catalog words in both
    languages; a fault met in play is shown in Dutch through and through."""
    from game.client import i18n
    from game.client.lantext import fault_text
    from net.peer.faults import FAULT_TEXT, WHY_TEXT
    for lang in ("en", "nl"):
        for code in FAULT_TEXT:
            assert i18n.has_text(lang, "netfault." + code), (lang, code)
        for why in WHY_TEXT:
            assert i18n.has_text(lang, "netfault.why." + why), (lang, why)
    auth = AUTHS["base"]
    bad = ill_typed_sync(auth, hands=5)
    with pytest.raises(HostFault) as caught:
        check_view(bad["view"], 0)
    fault = caught.value
    assert fault.code == "bad_view" and fault.why == "bad_field" and fault.params == {"field": "hands"}
    before = i18n.language()
    try:
        i18n.set_language("nl")
        dutch = fault_text(fault)
        i18n.set_language("en")
        english = fault_text(fault)
    finally:
        i18n.set_language(before)
    assert english == "Connection to the host ended: " + str(fault) + "."
    assert "hands" in dutch and "spelstand" in dutch
    assert not any(word in dutch for word in ("host sent", "unusable", "field", "wrong type"))
