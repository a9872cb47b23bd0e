"""Complete LAN games over real TCP sockets on 127.0.0.1: a host and 2-4 bot
peers in lockstep, every peer ending on the host's hashes."""

import asyncio
import time

import pytest

from wait_helpers import WAIT, wait_until

from game.bots.random_bot import RandomSeats
from game.engine import default_config, legal_commands
from game.engine.state import GAME_OVER
from game.engine.views import public_hash
from net.wire.secrecy import peer_hash, public_state_hash
from net.session import ClientSession, HostSession
from net_helpers import local_game, start_host


def _ck_available() -> bool:
    from game.engine.match import Authority
    try:
        Authority(default_config(rules="ck", players=3))
    except ValueError:
        return False
    return True


def _check_game(host, results, players):
    state = host.auth.state
    assert state.phase == GAME_OVER and 0 <= state.winner < players
    assert [r["ok"] for r in results] == [True] * players, results
    final = public_state_hash(state)
    assert {r["public_hash"] for r in results} == {final}
    assert sorted(r["seat"] for r in results) == list(range(players))
    assert all(r["seq"] == len(host.auth.log) for r in results)
    assert all(r["divergences"] == 0 for r in results)


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_base_game_over_tcp_all_peers_agree(players, seed, tmp_path):
    async def main():
        host, results, _, bots = await local_game(players, str(tmp_path), seed=seed)
        try:
            _check_game(host, results, players)
            for bot in bots:        # each peer's own private view equals the host's for its seat
                seat = bot.game.seat
                assert peer_hash(bot.game.view, seat) == peer_hash(host.auth.state, seat)
                assert bot.game.view.hands[seat] == host.auth.state.hands[seat]
        finally:
            await host.close()
    asyncio.run(main())


@pytest.mark.slow
@pytest.mark.skipif(not _ck_available(), reason="Cities & Knights rules are not in the engine yet")
def test_ck_game_over_tcp_all_peers_agree(tmp_path):
    async def main():
        # to 10 points: random moves take minutes to reach C&K's 13; the ending is the same
        host = await start_host(3, "ck", 31, vp_target=10)
        host, results, _, _ = await local_game(3, str(tmp_path), host=host)
        try:
            _check_game(host, results, 3)
        finally:
            await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_public_hash_is_the_engine_public_hash_and_ignores_the_seed(tmp_path):
    """The hash peers compare is game.engine.views.public_hash of the host's
    game; the seed is not part of any view, so it cannot count."""
    async def main():
        host, results, _, _ = await local_game(2, str(tmp_path), seed=5)
        try:
            assert public_hash(host.auth.state) == results[0]["public_hash"]
            other_seed = host.auth.state.copy()
            other_seed.config = dict(other_seed.config, seed=6)
            assert public_hash(other_seed) == results[0]["public_hash"]
        finally:
            await host.close()
    asyncio.run(main())


@pytest.mark.slow
def test_threaded_sessions_play_a_game_from_a_polling_loop(tmp_path):
    """The seam for the pygame client: HostSession + ClientSessions driven
    from this thread by poll()/submit(), never blocking on the network."""
    hosting = HostSession(default_config(players=2, seed=8), "Poll", port=0, bind="127.0.0.1",
                          discovery=False)
    port = hosting.start()
    sessions = [ClientSession(f"127.0.0.1:{port}", f"p{i}", token_dir=str(tmp_path)) for i in range(2)]
    try:
        for s in sessions:
            s.connect()
        sessions[1].set_lobby(colour="orange", ready=True)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            for s in sessions:
                s.poll()
            lobby = hosting.lobby()
            if lobby["seats"][1] and lobby["seats"][1]["ready"]:
                break
            time.sleep(0.01)
        assert lobby["seats"][1]["colour"] == "orange" and lobby["state"] == "lobby"
        hosting.start_game()
        bots = [RandomSeats(i) for i in range(2)]
        deadline = time.monotonic() + 3 * WAIT
        while time.monotonic() < deadline and not all(s.game.over for s in sessions):
            for s, bot in zip(sessions, bots):
                s.poll()
                if s.game.must_decide():
                    cmds = legal_commands(s.view, s.seat)
                    s.submit(cmds[bot.rng.below(len(cmds))])
            time.sleep(0.0002)
        assert all(s.game.hash_matches_host() for s in sessions)
        result = hosting.result()
        assert result is not None and result["public_hash"] == sessions[0].game.over["public_hash"]
    finally:
        for s in sessions:
            s.close()
        hosting.close()


@pytest.mark.slow
def test_threaded_session_reconnects_after_its_line_drops(tmp_path):
    """The window's session notices a dropped line, takes its seat back with
    its token by itself, and plays on to the end."""
    hosting = HostSession(default_config(players=2, seed=9), "Drop", port=0, bind="127.0.0.1",
                          discovery=False)
    port = hosting.start()
    sessions = [ClientSession(f"127.0.0.1:{port}", f"p{i}", token_dir=str(tmp_path)) for i in range(2)]
    try:
        for s in sessions:
            s.connect()
        hosting.start_game()
        bots = [RandomSeats(i) for i in range(2)]
        seen, dropped = [], False
        deadline = time.monotonic() + 3 * WAIT
        while time.monotonic() < deadline and not all(s.game.over for s in sessions):
            for s, bot in zip(sessions, bots):
                seen += [kind for kind, _ in s.poll() if kind in ("disconnected", "reconnected")]
                if s.game.must_decide():
                    cmds = legal_commands(s.view, s.seat)
                    s.submit(cmds[bot.rng.below(len(cmds))])
            if not dropped and sessions[0].game.seq > 100:
                conn = sessions[0]._conn
                sessions[0].net.call(conn.close, False)      # the line drops, as on a bad Wi-Fi
                dropped = True
            time.sleep(0.0002)
        assert seen[:2] == ["disconnected", "reconnected"]
        assert all(s.game.hash_matches_host() for s in sessions)
        assert sessions[0].game.syncs >= 2                      # start, then the rejoin view
    finally:
        for s in sessions:
            s.close()
        hosting.close()


def test_a_host_that_says_goodbye_is_not_retried_and_closing_twice_is_harmless(tmp_path):
    """A host closed on purpose sends "bye": the window's session reports it and
    stops, instead of knocking for `reconnect_for` seconds; both sessions may be
    closed twice (the window's cleanup paths can overlap)."""
    hosting = HostSession(default_config(players=2, seed=10), "Bye", port=0, bind="127.0.0.1",
                          discovery=False)
    port = hosting.start()
    session = ClientSession(f"127.0.0.1:{port}", "Ann", token_dir=str(tmp_path), reconnect_for=30)
    try:
        session.connect()
        start = time.monotonic()
        hosting.close()
        hosting.close()
        kinds = []
        while time.monotonic() - start < WAIT and "bye" not in kinds:
            kinds += [kind for kind, _ in session.poll()]
            time.sleep(0.01)
        assert "bye" in kinds
        assert wait_until(session._pumping.done)               # no reconnect loop left running
        later = [kind for kind, _ in session.poll()]           # (it would have said "disconnected")
        assert "disconnected" not in later and not session.connected
    finally:
        session.close()
        session.close()
