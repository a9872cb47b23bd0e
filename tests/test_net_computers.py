"""Computer players on the LAN: `kolonisten join ADDRESS --bot LEVEL` plays a
seat from that seat's own copy of the game, and `kolonisten host --headless
--bots K --bot-level LEVEL` seats K of them itself (each in its own process)."""

import asyncio
import json
import os
import subprocess
import sys

import pytest

from game.engine.state import GAME_OVER
from net.bot import BotPlayer, play
from net.testing import start_host
from net.tokens import TokenStore

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def test_a_levelled_lan_player_decides_only_from_its_seats_copy(tmp_path, monkeypatch):
    seen = []

    import net.bot as bot_module
    real = bot_module.make_bot

    def spying_make_bot(level, seat, seed=0, **options):
        player = real(level, seat, seed, **options)
        choose = player.choose

        def choose_and_record(view):
            seen.append((seat, view))
            return choose(view)
        player.choose = choose_and_record
        return player

    monkeypatch.setattr(bot_module, "make_bot", spying_make_bot)

    async def main():
        store = TokenStore(str(tmp_path))
        players = [BotPlayer(f"c{i}", store, seed=7 + i, level="easy") for i in range(2)]
        host = await start_host(2, seed=41)
        try:
            results = await asyncio.wait_for(asyncio.gather(*[
                play(("127.0.0.1", host.port), p.game.name, player=p) for p in players]), 240)
            assert host.auth.state.phase == GAME_OVER
            assert [r["ok"] for r in results] == [True, True], results
            return players
        finally:
            await host.close()

    players = asyncio.run(main())
    assert seen, "the computer players were never asked"
    views = {id(p.game.view): p.game.seat for p in players}
    for seat, view in seen:
        assert views.get(id(view)) == seat            # its own replica, never the host's state
        assert view.rng is None                       # no generator: chance stays on the host
        assert all(view.hands[s] is None for s in range(view.n) if s != seat)


def test_headless_host_seats_computers_in_their_own_processes(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "game.cli", "host", "--headless", "--players", "2", "--bots", "2",
         "--bot-level", "easy", "--port", "0", "--bind", "127.0.0.1", "--no-discovery", "--no-save"],
        capture_output=True, text=True, timeout=600, env=ENV, cwd=os.getcwd())
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert sorted(result["names"]) == ["Computer 1", "Computer 2"]
    assert result["winner"] in (0, 1)
    assert "Computer 1 (easy) takes a seat" in proc.stderr


@pytest.mark.parametrize("args, words", [
    (["--players", "3", "--bots", "4"], "--bots must be from 0 to the number of players"),
    (["--bots", "1", "--resume", "nothing.kolonisten"], "--bots fills the seats of a new game"),
])
def test_headless_host_refuses_impossible_computer_seats(args, words):
    proc = subprocess.run([sys.executable, "-m", "game.cli", "host", "--headless", "--no-discovery"] + args,
                          capture_output=True, text=True, timeout=60, env=ENV)
    assert proc.returncode == 2 and words in proc.stderr


def test_a_computer_plays_for_an_away_player_who_takes_the_seat_back_by_rejoining(tmp_path):
    """Issue 12: 'a seat whose player is away while it must decide can be handed
    to a computer by the host; the player takes the seat back by rejoining with
    their token'."""
    from net.computers import ComputerPlayers

    async def until(condition, seconds, what):
        deadline = asyncio.get_running_loop().time() + seconds
        while not condition():
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            await asyncio.sleep(0.05)

    async def main():
        host = await start_host(2, seed=43)
        address = ("127.0.0.1", host.port)
        computers = ComputerPlayers(f"127.0.0.1:{host.port}")
        anna_store, bert_store = TokenStore(str(tmp_path / "anna")), TokenStore(str(tmp_path / "bert"))
        bert = asyncio.create_task(play(address, "bert", player=BotPlayer("bert", bert_store, seed=2)))
        anna = asyncio.create_task(play(address, "anna", player=BotPlayer("anna", anna_store, seed=1)))
        try:
            await until(lambda: host.auth is not None and len(host.auth.log) >= 40, 120, "a game under way")
            anna.cancel()                                   # Anna's laptop goes away
            seat = next(i for i, s in enumerate(host.seats) if s.name == "anna")
            await until(lambda: host.seats[seat].conn is None, 30, "Anna's seat to be away")
            moved = len(host.auth.log)
            computers.stand_in(host.identity.fingerprint, host.game_id, seat, "anna",
                               host.seats[seat].token, "easy")
            assert computers.playing_for(seat)
            await until(lambda: host.seats[seat].conn is not None, 60, "the computer to take the seat")
            await until(lambda: len(host.auth.log) >= moved + 40 or host.auth.state.phase == GAME_OVER,
                        180, "the game to go on")
            back = asyncio.create_task(play(address, "anna", player=BotPlayer("anna", anna_store, seed=3)))
            results = await asyncio.wait_for(asyncio.gather(bert, back), 300)
            assert [r["ok"] for r in results] == [True, True], results
            assert results[1]["seat"] == seat                # Anna has her own seat again
            await until(lambda: not computers.playing_for(seat), 30, "the computer to leave")
        finally:
            for task in (anna, bert):
                task.cancel()
            computers.stop()
            await host.close()

    asyncio.run(main())
