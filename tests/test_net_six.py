"""Five and six seats over the LAN (X-1): the lobby of six plus watchers, the
views of the larger island a peer accepts, the Special Building Phase at the
host (decisions in one order on every laptop; an away seat is passed for),
and whole six-seat games that every peer, watcher included, ends on the
host's hashes with the deal verified fair.

The tests that open sockets listen on loopback, on a port the system picks
(other test runs on the machine use ports too)."""

import asyncio

import msgpack
import pytest

from game.bots.random_bot import RandomSeats
from game.engine import default_config, deciders, legal_commands
from game.engine.board import LARGE
from game.engine.match import Authority
from game.engine.state import GAME_OVER, SPECIAL_BUILD
from net.host.connections import Conn
from net.host.game import Host
from net.peer.bot import BotPlayer, play
from net.peer.connection import pump
from net.peer.tokens import TokenStore
from net.peer.faults import check_state, check_view
from net.wire.protocol import APP, COLOURS, PROTOCOL_VERSION
from net.wire.secrecy import peer_view_bytes
from net_helpers import FakeWriter, seat_peer
from test_net_resume import _free_port
from wait_helpers import until, wait_listening


# --- the lobby ---------------------------------------------------------------------------

def test_a_lan_knows_a_colour_for_each_of_six_seats_and_the_windows_palette_draws_them_X_1_1():
    """X-1.1: five and six players, each with a colour of their own; the
    LAN carries the colour's id and every window draws it from the palette
    its person chose."""
    from game.client.theme import PALETTES
    assert len(set(COLOURS)) >= 6
    assert all(set(COLOURS) == {colour for colour, _ in palette} for palette in PALETTES.values())


def test_six_seats_and_watchers_fill_a_lobby_each_seat_with_its_colour_and_all_see_the_large_island_X_1_1():
    """X-1.1: a lobby of six seats (names, six different colours, ready,
    connected) and two watchers beside them; when the host starts, every
    seat and every watcher is shown the game on the island of 30 hexes."""
    async def main():
        host = Host(default_config(players=6, seed=3), name="Zes", allow={"watchers": True})
        await host.listen("127.0.0.1", 0)
        names = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fien"]
        seats = [await seat_peer(host, name) for name in names]
        watchers = [await seat_peer(host, name, watch=True) for name in ("Gijs", "Hanna")]
        for conn, game in seats:
            game.set_lobby(ready=True)
        everyone = seats + watchers
        reading = [asyncio.ensure_future(pump(conn, game.handle)) for conn, game in everyone]
        assert await until(lambda: all(game.lobby and len(game.lobby["watchers"]) == 2
                                       and all(s and s["ready"] for s in game.lobby["seats"])
                                       for _, game in everyone))
        for _, game in everyone:
            lobby = game.lobby
            assert [s["name"] for s in lobby["seats"]] == names
            assert len({s["colour"] for s in lobby["seats"]}) == 6
            assert all(s["ready"] and s["connected"] for s in lobby["seats"])
            assert [w["name"] for w in lobby["watchers"]] == ["Gijs", "Hanna"]
        assert [game.seat for _, game in seats] == list(range(6))
        host.start()                    # the fair deal: each seat pledges, then reveals
        assert await until(lambda: all(game.view is not None for _, game in everyone))
        for _, game in everyone:
            assert game.view.n == 6 and len(game.view.terrain) == LARGE.num_hexes
        for conn, _ in everyone:
            conn.close()
        await asyncio.gather(*reading, return_exceptions=True)
        await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_honest_views_of_five_and_six_seat_games_pass_a_peers_check_X_1_1():
    """No false alarms on the larger island (X-1.1: 30 hexes, 11 harbors): every
    seat's view and the watcher's, as a sync carries them, after every tenth
    command of random five- and six-seat games in both rule sets."""
    for rules in ("base", "ck"):
        for players in (5, 6):
            auth = Authority(default_config(rules=rules, players=players, seed=8))
            bot = RandomSeats(8)
            while auth.state.phase != GAME_OVER and len(auth.log) < 400:
                state = auth.state
                auth.submit(bot.command(state))
                if len(auth.log) % 10 == 0:
                    for seat in list(range(players)) + [None]:
                        check_state(check_view(peer_view_bytes(state, seat), seat), seat)


# --- the Special Building Phase at the host ------------------------------------------------

def _pack(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


class Table:
    """A host of `players` seats dealt fairly to connections that are test
    doubles (no sockets): commands are fed as frames, as peers send them."""

    def __init__(self, players: int, seed: int):
        self.host = Host(default_config(players=players, seed=seed), name="SBP")
        self.conns = []
        for i in range(players):
            conn = Conn(FakeWriter(), i + 1)
            self.host.connections.conns.add(conn)
            self.feed(conn, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
            self.feed(conn, {"t": "join", "name": f"p{i}"})
            self.conns.append(conn)
        self.host.start()
        values = [bytes([i + 1]) * 32 for i in range(players)]
        from net.wire.fairdice import commitment
        for conn, value in zip(self.conns, values):
            self.feed(conn, {"t": "pledge", "pledge": commitment(value)})
        for conn, value in zip(self.conns, values):
            self.feed(conn, {"t": "reveal", "value": value})
        self.bot = RandomSeats(seed)

    @property
    def state(self):
        return self.host.auth.state

    @property
    def log(self):
        return self.host.auth.log

    def feed(self, conn, msg):
        self.host.handle_payload(conn, _pack(msg))

    def send(self, cmd):
        """`cmd` from its seat's connection, chosen on the current record."""
        before = len(self.log)
        self.feed(self.conns[cmd[1]], {"t": "cmd", "id": 1, "seq": before, "cmd": list(cmd)})
        assert len(self.log) > before, f"{cmd} was refused"

    def step(self):
        """One random command of a seat that must decide (no trade offers)."""
        self.send(self.bot.command(self.state, avoid=("offer",)))

    def play_until(self, moment, limit=6000):
        while not moment(self.state):
            assert len(self.log) < limit and self.state.phase != GAME_OVER, "the moment never came"
            self.step()

    def away(self, seat):
        self.host.drop(self.conns[seat])


def _end_of_turn_before(seat):
    """The player before `seat` may end the turn, and `seat` holds cards (so
    the Special Building Phase would come to it)."""
    def moment(s):
        n = s.n
        return ((s.current + 1) % n == seat and ("end_turn", s.current) in legal_commands(s, s.current)
                and s.hand_n[seat] > 0 and deciders(s) == [s.current])
    return moment


def test_the_host_passes_for_an_away_seat_in_the_special_building_phase_and_waits_for_it_in_its_turn_X_1_7():
    """X-1.7 on a LAN: after a turn each other seat in turn order may build.  A
    seat whose player is away (the connection dropped) is not waited for
    there: the host passes for it, and the next seat builds, as an offer's
    answers do not wait for an away seat.  In its own turn the game waits for
    it (a turn cannot be passed): the host makes no command for it."""
    t = Table(5, seed=11)
    away = 2
    t.play_until(_end_of_turn_before(away))
    t.away(away)
    current = t.state.current
    at = len(t.log)
    t.send(("end_turn", current))
    made = [r.cmd for r in t.log[at:]]
    assert made[:2] == [("end_turn", current), ("pass_build", away)]
    builders = [e[1] for r in t.log[at:] for e in r.events if e[0] == "special_turn"]
    assert builders[0] == away and (t.state.phase != SPECIAL_BUILD or t.state.agenda[0][1] != away)
    # the others build or pass; at its own turn the game waits for the away seat
    t.play_until(lambda s: s.current == away or away in deciders(s))
    waited = len(t.log)
    assert deciders(t.state) == [away] and t.log[-1].cmd[1] != away
    t.host.play.pass_for_away_builder()
    assert len(t.log) == waited


def test_a_seat_that_goes_away_while_it_builds_in_the_special_building_phase_is_passed_for_X_1_7():
    """X-1.7: the player building in the Special Building Phase drops out: the
    host passes for them at once, and the phase goes on with the next seat."""
    t = Table(6, seed=12)
    t.play_until(lambda s: s.phase == SPECIAL_BUILD and deciders(s) == [s.agenda[0][1]])
    builder = t.state.agenda[0][1]
    at = len(t.log)
    t.away(builder)
    assert [r.cmd for r in t.log[at:]][:1] == [("pass_build", builder)]
    assert t.state.phase != SPECIAL_BUILD or t.state.agenda[0][1] != builder
    # every seat still connected heard of it: the pass is a record like any other
    frames = t.conns[(builder + 1) % 6].writer.frames
    recs = [msgpack.unpackb(f[4:]) for f in frames]
    assert any(m.get("t") == "rec" and m["cmd"] == ["pass_build", builder] for m in recs)


# --- whole six-seat games from the command line --------------------------------------------

def _cli(*args):
    import os
    import subprocess
    import sys
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen([sys.executable, "-m", "game.cli", *args], text=True, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _headless_six(tmp_path, port, rules, watcher):
    """`kolonisten host --headless --players 6 --bots 5` (the computers at the
    default level), one `kolonisten join --bot` and, with `watcher`, one
    `kolonisten join --watch`: every program's result, and the save."""
    import json
    from game import saves
    save = tmp_path / "six.klsave"
    where = f"127.0.0.1:{port}"
    host = _cli("host", "--headless", "--rules", rules, "--players", "6", "--bots", "5", "--port", str(port),
                "--bind", "127.0.0.1", "--no-discovery", "--save", str(save),
                *(["--allow-watchers"] if watcher else []))
    procs = [host]
    try:
        wait_listening(host, port)
        if watcher:
            procs.append(_cli("join", where, "--watch", "--name", "Kijker", "--token-dir", str(tmp_path / "w"),
                              "--reconnect-for", "60"))
        procs.append(_cli("join", where, "--bot", "medium", "--name", "Zes", "--token-dir", str(tmp_path / "z"),
                          "--seed", "6", "--reconnect-for", "60"))
        outs = [p.communicate(timeout=900) for p in procs]
        assert [p.returncode for p in procs] == [0] * len(procs), [err[-2000:] for _, err in outs]
        host_result = json.loads(outs[0][0].strip().splitlines()[-1])
        joined = [json.loads(out.strip().splitlines()[-1]) for out, _ in outs[1:]]
        return host_result, outs[0][1], joined, saves.load(str(save))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()


def _check_six(host_result, host_err, joined, saved):
    """Every seat (the five computers, as the host reports them, and the joined
    bot) and every watcher ended on the host's hashes, with no divergence, and
    verified the deal fair; Special Building Phases were played."""
    import re
    assert host_result["players"] == 6 and host_result["fair"] is True
    computers = re.findall(r"^Computer \d \(seat (\d)\): ended on the host's hashes \(public (\w+)\), "
                           r"(\d+) divergences, the deal verified fair$", host_err, re.M)
    assert len(computers) == 5, host_err[-3000:]
    assert all(public == host_result["public_hash"] and div == "0" for _, public, div in computers)
    for result in joined:
        assert result["ok"] and result["fair"] and result["divergences"] == 0, result
        assert result["public_hash"] == host_result["public_hash"] and result["seq"] == host_result["commands"]
    seats = sorted([int(seat) for seat, _, _ in computers] + [r["seat"] for r in joined if r["seat"] is not None])
    assert seats == list(range(6))
    assert saved.config["players"] == 6 and len(saved.commands) == host_result["commands"]
    assert any(cmd[0] == "pass_build" for cmd in saved.commands)     # was played over the LAN


@pytest.mark.slow
def test_headless_host_of_six_with_five_computers_and_a_joined_bot_ends_on_every_seats_hashes_fair_X_1(tmp_path):
    """`kolonisten host --headless --players 6 --bots 5` and one `kolonisten
    join --bot` play a base game to its end (X-1: six seats, the Special
    Building Phase): every seat's copy ends on the host's hashes and every
    seat verifies the deal fair."""
    host_result, host_err, joined, saved = _headless_six(tmp_path, _free_port(), "base", watcher=False)
    _check_six(host_result, host_err, joined, saved)


@pytest.mark.slow
def test_headless_host_of_six_with_a_watcher_ends_on_every_hash_fair_in_cities_and_knights_X_1_8(tmp_path):
    """The same with a watcher (`kolonisten join --watch`), in Cities & Knights
    for six (X-1.8): the watcher's copy of the public table ends on the host's
    hashes too, and it verifies the deal fair."""
    host_result, host_err, joined, saved = _headless_six(tmp_path, _free_port(), "ck", watcher=True)
    _check_six(host_result, host_err, joined, saved)
    watcher = next(r for r in joined if r["seat"] is None)
    assert watcher["name"] == "Kijker"


# --- six peers over TCP: the Special Building Phase, mixed dice, a resumed game -----------

def _records(raw_log) -> list:
    """The records a peer was sent, in order: (seq, cmd, events, proof or None)."""
    found = []
    for payload in raw_log:
        msg = msgpack.unpackb(payload, raw=False, strict_map_key=False)
        if msg.get("t") == "rec":
            found.append((msg["seq"], tuple(msg["cmd"][:2]), msg["events"], msg.get("proof")))
    return found


def _special_parts(records) -> list:
    """Each Special Building Phase's decisions in order: [(record, kind, seat)]."""
    return [(seq, cmd[0], cmd[1]) for seq, cmd, events, _ in records
            if any(e[0] in ("special_build", "special_turn") for e in events) or cmd[0] == "pass_build"]


async def _six_bots(port, token_dirs, host, level="easy", raw_logs=None, limit=600):
    players = [BotPlayer(f"p{i}", TokenStore(str(d)), seed=60 + i, level=level) for i, d in enumerate(token_dirs)]
    logs = raw_logs if raw_logs is not None else [None] * len(players)
    return await asyncio.wait_for(asyncio.gather(*[
        play(("127.0.0.1", port), p.game.name, player=p, raw_log=logs[i], pin=host.identity.fingerprint)
        for i, p in enumerate(players)]), limit)


@pytest.mark.slow
def test_six_peers_see_the_special_building_decisions_in_one_order_and_every_seat_mixes_every_roll_X_1_7(tmp_path):
    """X-1.7 over TCP with six seats: every laptop is sent the same records in
    the same order, so each Special Building Phase's decisions come in one
    order everywhere, the host's: after the turn of seat c, seats c+1, c+2, ...
    in turn order.  The mixed dice take a value from every one of the six seats
    (none away, none late), and every peer ends on the host's hashes, fair."""
    async def main():
        host = Host(default_config(players=6, seed=1), name="Zes", auto_start=True)
        port = await host.listen("127.0.0.1", 0)
        logs = [[] for _ in range(6)]
        results = await _six_bots(port, [tmp_path / f"p{i}" for i in range(6)], host, raw_logs=logs)
        await host.close()
        return host, results, logs
    host, results, logs = asyncio.run(main())
    assert all(r["ok"] and r["fair"] and r["divergences"] == 0 for r in results), results
    assert {r["public_hash"] for r in results} == {host.result()["public_hash"]}
    records = [_records(log) for log in logs]
    seqs = [[seq for seq, *_ in recs] for recs in records]
    assert all(s == list(range(s[0], s[0] + len(s))) and s[-1] == len(host.auth.log) for s in seqs)
    parts = [_special_parts(recs) for recs in records]
    start = max(p[0][0] for p in parts)             # (a peer's first records may come in its view)
    assert all([x for x in p if x[0] >= start] == [x for x in parts[0] if x[0] >= start] for p in parts)
    phases = []                                     # [the seat whose turn ended, the builders in order]
    for record in host.auth.log:
        for event in record.events:
            if event[0] == "special_build":
                phases.append([event[1], []])
            elif event[0] == "special_turn":
                phases[-1][1].append(event[1])
    for ended, builders in phases:
        ahead = [(seat - ended) % 6 for seat in builders]
        assert ahead == sorted(set(ahead)) and 0 not in ahead, (ended, builders)
    assert len(phases) > 10
    proofs = [proof for _, _, _, proof in records[0] if proof is not None]
    assert proofs and all(len(p["seats"]) == 6 for p in proofs)
    assert all(type(slot) is list for p in proofs for slot in p["seats"])     # a value from every seat


@pytest.mark.slow
def test_a_six_seat_game_saved_in_a_special_building_phase_resumes_and_is_played_to_the_end_X_1_7(tmp_path):
    """Saves and resume with six seats: the host's save, taken as a crash
    leaves it while a Special Building Phase is under way (X-1.7), resumes
    with its six seats (names, colours, tokens), the same builder to decide
    and every seat away; the six players rejoin with their tokens and play
    to the end, every copy on the host's hashes, the deal verified fair."""
    import shutil
    from game import saves
    from game.engine.codec import state_hash
    from net.host.resume import resume_file
    live, crashed = tmp_path / "live.klsave", tmp_path / "crashed.klsave"
    dirs = [tmp_path / f"p{i}" for i in range(6)]
    kept = [tmp_path / f"kept{i}" for i in range(6)]
    snapshot = {}
    first = Host(default_config(players=6, seed=1), name="Zes", auto_start=True, save_path=str(live))

    def crash_copy(kind, data):
        """At the first Special Building Phase past the founding: the save and
        the players' folders as they are this instant (nothing else runs)."""
        if kind != "record" or snapshot:
            return
        state = first.auth.state
        if state.phase != SPECIAL_BUILD or state.turn < 3:
            return
        first.flush_save()
        shutil.copy(live, crashed)
        for d, k in zip(dirs, kept):
            shutil.copytree(d, k)
        snapshot.update(hash=state_hash(state), builder=state.agenda[0][1], seq=len(first.auth.log),
                        seats=[(s.name, s.colour, s.token) for s in first.seats])

    async def first_game():
        first.listeners.append(crash_copy)
        port = await first.listen("127.0.0.1", 0)
        task = asyncio.ensure_future(_six_bots(port, dirs, first))
        while not snapshot:
            await asyncio.sleep(0.01)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await first.close()

    async def resumed_game():
        host = resume_file(str(crashed))
        state = host.auth.state
        assert state_hash(state) == snapshot["hash"] and len(host.auth.log) == snapshot["seq"]
        assert state.n == 6 and state.phase == SPECIAL_BUILD and state.agenda[0][1] == snapshot["builder"]
        assert [(s.name, s.colour, s.token) for s in host.seats] == snapshot["seats"]
        assert all(s.conn is None for s in host.seats)
        port = await host.listen("127.0.0.1", 0)
        results = await _six_bots(port, kept, host)
        await host.close()
        return host, results

    asyncio.run(first_game())
    host, results = asyncio.run(resumed_game())
    assert all(r["ok"] and r["fair"] and r["divergences"] == 0 for r in results), results
    assert sorted(r["seat"] for r in results) == list(range(6))
    assert {r["public_hash"] for r in results} == {host.result()["public_hash"]}
    final = saves.load(str(crashed))
    assert state_hash(saves.restore(final, verify=True).state) == state_hash(host.auth.state)
    assert len(final.commands) > snapshot["seq"]
