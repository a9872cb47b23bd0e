"""The host's view hashes of every seat in one pass (net/wire/secrecy.py
peer_hashes) are exactly the engine's view hash of each seat's view, which
is what each peer computes on its own copy and compares."""

import pytest

from game.bots.random_bot import RandomSeats
from game.engine import default_config
from game.engine.codec import state_hash
from game.engine.match import Authority
from game.engine.views import view, view_hash
from net.wire.secrecy import WHOLE, peer_hashes


@pytest.mark.parametrize("rules, players, seed", [("base", 4, 1), ("base", 3, 2), ("ck", 4, 3), ("ck", 3, 4)])
@pytest.mark.slow
def test_every_seats_hash_in_one_pass_is_the_engines_view_hash(rules, players, seed):
    auth = Authority(default_config(rules=rules, seed=seed, players=players))
    bot = RandomSeats(seed)
    audiences = list(range(players)) + [None]
    private = 0
    while auth.state.phase != 9 and len(auth.log) < 1500:
        auth.submit(bot.command(auth.state))
        pending = auth.state.pending
        private += bool(pending) and "private" in pending
        hashes = peer_hashes(auth.state, audiences, whole=True)
        assert hashes == {**{a: view_hash(auth.state, a) for a in audiences},
                          WHOLE: state_hash(auth.state)}, len(auth.log)
        if len(auth.log) % 50 == 0:      # a peer's own copy gives its seat's hash too
            seat = len(auth.log) // 50 % players
            assert peer_hashes(view(auth.state, seat), [seat]) == {seat: hashes[seat]}
    assert len(auth.log) > 300
    if rules == "ck":
        assert private or seed == 4         # decisions with private data were met
