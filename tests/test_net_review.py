"""The game review on every laptop of a LAN game: at the end the host
reveals its secret and the whole log (net/wire/fairdice.py); each peer,
players and watchers alike, replays it against everything it was shown and
keeps the checked game (PeerGame.whole_game), from which the window reviews
it itself (game/bots/review.py).  A peer whose check failed keeps nothing
to review."""

import asyncio
import json

import pytest

from game.bots.review import ChoiceCheck, review
from game.engine import default_config, view as seat_view
from game.engine.match import Replica
from net.host.game import Host
from net.peer.bot import BotPlayer, play
from net.peer.game import PeerGame
from net.peer.tokens import TokenStore
from net.wire.fairdice import pack_log, reveal_messages
from net.wire.secrecy import peer_hash
from test_net_fair import _deal, _played

CODE = "3141-5926"


def _game_with_a_watcher(tmp_path, rules, players=2):
    """A whole game over TLS on 127.0.0.1 (a free port of its own): `players`
    computer peers and a watcher who is in from the deal on; (host, the
    peers' BotPlayers, the watcher's BotPlayer)."""
    async def main():
        host = Host(default_config(rules=rules, players=players, seed=1, vp_target=6), name="Reviewed",
                    auto_start=True, join_code=CODE, allow={"watchers": True})
        await host.listen("127.0.0.1", 0)
        pin = host.identity.fingerprint
        watcher = BotPlayer("Watcher", seed=1)
        watching = asyncio.ensure_future(play(("127.0.0.1", host.port), "Watcher", pin=pin, join_code=CODE,
                                              player=watcher, watch=True))
        while not host.watchers.conns:
            await asyncio.sleep(0.01)
        store = TokenStore(str(tmp_path))
        seats = [BotPlayer(f"bot{i}", store, seed=20 + i) for i in range(players)]
        results = await asyncio.wait_for(asyncio.gather(*[
            play(("127.0.0.1", host.port), p.game.name, store, seed=0, pin=pin, join_code=CODE, player=p)
            for p in seats], watching), 300)
        await host.close()
        return host, seats, watcher, results
    return asyncio.run(main())


def _host_review(host):
    return review(host.auth.config, [r.cmd for r in host.auth.log])


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["base", "ck"])
def test_every_laptop_reviews_the_game_the_host_played(tmp_path, rules):
    """Two players and a watcher: each keeps the host's game once its check
    passed, and its own review of it is the host's, swing for swing, with
    the same luck and choices parts; the better moves of a person too."""
    host, seats, watcher, results = _game_with_a_watcher(tmp_path, rules)
    assert all(r["ok"] and r["fair"] for r in results), results
    commands = [r.cmd for r in host.auth.log]
    wanted = _host_review(host)
    assert wanted["winner"] == host.auth.state.winner and wanted["swings"] and wanted["parts"]
    wanted_better = ChoiceCheck(host.auth.config, commands, [0], budget=4, rounds=4).run()
    for laptop in seats + [watcher]:
        config, cmds = laptop.game.whole_game
        assert config["seed"] == host.auth.config["seed"] and len(cmds) == len(commands)
        assert review(config, cmds) == wanted
        assert ChoiceCheck(config, cmds, [0], budget=4, rounds=4).run() == wanted_better


def _plain(commands) -> list:
    return json.loads(json.dumps(commands))


def _peer_at_the_end(auth, transcripts, dealing, seat):
    """A peer of seat `seat` that saw `transcripts[seat]` and the end of `auth`'s game."""
    game = PeerGame(send=lambda msg: None, name="p")
    game.seat, game.deal = seat, dealing.record()
    game.replica = Replica(seat_view(auth.state, seat), seat)
    game.replica.seq = len(auth.log)
    game.transcript = list(transcripts[seat])
    game._on_over({"t": "over", "winner": auth.state.winner, "turns": auth.state.turn,
                   "public_hash": "0" * 32, "seq": len(auth.log)})
    return game


def _reveal(game, secret, log):
    events = []
    for msg in reveal_messages(secret, log):
        events += getattr(game, "_on_" + msg["t"])(msg)
    return events


def test_a_peer_keeps_the_revealed_game_only_when_its_check_passes():
    """The game kept for the review is the revealed log with the seed the
    deal draws from the revealed secret — only when the replay matched what
    the peer saw: a wrong secret or a log that differs from what was shown
    leaves nothing to review (the end screen says why instead)."""
    dealing = _deal()
    config = default_config(players=3, seed=dealing.seed())
    auth, transcripts = _played(config, commands=120)
    game = _peer_at_the_end(auth, transcripts, dealing, 1)
    events = _reveal(game, dealing.secret, auth.log)
    assert events == [("fair", game.verdict)] and game.verdict.ok
    kept_config, cmds = game.whole_game
    assert kept_config == auth.config and _plain(cmds) == _plain([r.cmd for r in auth.log])
    assert review(kept_config, cmds) == review(auth.config, [r.cmd for r in auth.log])
    wrong = _peer_at_the_end(auth, transcripts, dealing, 1)
    _reveal(wrong, bytes(32), auth.log)
    assert (wrong.verdict.ok, wrong.verdict.what, wrong.whole_game) == (False, "commitment", None)
    short = _peer_at_the_end(auth, transcripts, dealing, 2)
    _reveal(short, dealing.secret, auth.log[:100])
    assert (short.verdict.ok, short.verdict.what, short.whole_game) == (False, "log_short", None)
