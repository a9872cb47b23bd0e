"""Dice nobody can rig (net/wire/fairdice.py): the seed comes from the host's
committed secret and every seat's pledged value; after the game each peer
replays it with the revealed secret and checks everything it was shown.

The rule ids guarded are those whose chance the seed decides: the board
order (B-2.2), the dice (B-5.1), the development card deck (B-7.1) and
stealing (B-5.4)."""

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import saves
from game.bots.random_bot import RandomSeats
from game.engine import default_config
from game.engine.match import Authority
from net.wire.fairdice import (
    Dealing, FairRecord, SeenRecord, commitment, derive_seed, pack_log, reveal_messages, unpack_log, verify,
)
from game.engine.rules import rolls
from net.host.game import Host
from net.host.records import Records
from net.host.saving import saved_fair
from net.wire.secrecy import peer_hash
from net_helpers import host_progress, local_game, until_done


def _deal(seats=3):
    dealing = Dealing(seats)
    dealing.secret = b"\x07" * 32                 # fixed, so every run deals the same game
    dealing.commit = commitment(dealing.secret)
    values = [bytes([i + 1]) * 32 for i in range(seats)]
    for i, v in enumerate(values):
        assert dealing.pledge(i, commitment(v)) is None
    for i, v in enumerate(values):
        assert dealing.reveal(i, v) is None
    return dealing


def _played(config, commands=150, bot_seed=7):
    """An authority game of `commands` random moves and, per seat, the
    transcript an honest host would have shown it."""
    auth = Authority(config)
    seats = range(config["players"])
    transcripts = {s: [("sync", 0, peer_hash(auth.state, s))] for s in seats}
    bot = RandomSeats(bot_seed)
    while len(auth.log) < commands:
        seat = bot.pick_seat(auth.state)
        record = auth.submit(bot[seat].choose(auth.state))
        for s in seats:
            mine = record.for_audience(s)
            transcripts[s].append(("rec", SeenRecord.of(mine, peer_hash(auth.state, s))))
    return auth, transcripts


def test_the_seed_is_drawn_from_the_secret_and_every_value_B_2_2_B_5_1():
    dealing = _deal()
    seed = dealing.seed()
    assert seed == derive_seed(dealing.secret, dealing.values, 1) and 0 <= seed < 2 ** 63
    # No single party fixes it: changing any one input changes the seed.
    for i in range(3):
        other = list(dealing.values)
        other[i] = bytes(32)
        assert derive_seed(dealing.secret, other, 1) != seed
    assert derive_seed(bytes(32), dealing.values, 1) != seed
    # The deal's count is bound into it: a restarted deal cannot pass for the first.
    assert derive_seed(dealing.secret, dealing.values, 2) != seed
    # A deal saved before deals were counted keeps its seed.
    assert FairRecord(dealing.commit, dealing.pledges, dealing.values, dealing.secret).seed() == \
        derive_seed(dealing.secret, dealing.values)


@given(st.lists(st.binary(min_size=32, max_size=32), min_size=2, max_size=4, unique=True),
       st.binary(min_size=32, max_size=32))
def test_a_value_that_is_not_the_pledged_one_is_refused(values, wrong):
    dealing = Dealing(len(values))
    assert dealing.reveal(0, values[0]) is not None        # no reveal before every pledge
    for i, v in enumerate(values):
        assert dealing.pledge(i, commitment(v)) is None
    assert dealing.pledge(0, commitment(values[0])) is not None     # pledges are final
    if wrong != values[0]:
        assert dealing.reveal(0, wrong) is not None
        assert dealing.values[0] is None
    assert dealing.reveal(0, values[0]) is None
    assert dealing.reveal(0, values[0]) is not None        # and so are values


def test_an_honest_game_verifies_for_every_seat_B_5_1_B_7_1():
    dealing = _deal()
    config = default_config(players=3, seed=dealing.seed())
    auth, transcripts = _played(config)
    cmds = unpack_log(pack_log(auth.log))
    public = dict(config, seed=None)
    for seat, transcript in transcripts.items():
        verdict = verify(public, dealing.record(), dealing.secret, cmds, seat, transcript, peer_hash)
        assert verdict.ok and verdict.checked == 150, verdict


def test_a_host_that_chose_its_own_seed_is_caught_at_the_deal_B_2_2():
    """A host that deals with a seed of its choosing, not the drawn one, is
    caught by the first view that differs (record 0 when the first player does)
    and at the latest by the first roll, even on the beginner board (B-2.6)
    whose layout no seed changes."""
    dealing = _deal()
    config = default_config(players=3, board="beginner", seed=12345)     # not the fair seed
    auth, transcripts = _played(config, commands=60)
    first_roll = next(r.seq for r in auth.log if r.cmd[0] == "roll")
    verdict = verify(dict(config, seed=None), dealing.record(), dealing.secret,
                     unpack_log(pack_log(auth.log)), 0, transcripts[0], peer_hash)
    assert not verdict.ok and verdict.what in ("view", "outcome") and verdict.seq <= first_roll


def test_a_rigged_roll_is_caught_at_its_record_B_5_1():
    """A host that deals fairly but shows a seat other dice than the seed
    gives is caught by exactly that roll."""
    dealing = _deal()
    config = default_config(players=3, seed=dealing.seed())
    auth, transcripts = _played(config, commands=120)
    transcript = list(transcripts[1])
    i, seen = next((i, e[1]) for i, e in enumerate(transcript)
                   if e[0] == "rec" and e[1].cmd[0] == "roll" and e[1].seq > 20)
    rigged = {k: ([6, 6] if isinstance(v, list) and v != [6, 6] else [5, 6] if isinstance(v, list) else v)
              for k, v in seen.outcome.items()}
    assert rigged != seen.outcome
    transcript[i] = ("rec", SeenRecord(seen.seq, seen.cmd, rigged, seen.view_hash))
    verdict = verify(dict(config, seed=None), dealing.record(), dealing.secret,
                     unpack_log(pack_log(auth.log)), 1, transcript, peer_hash)
    assert (verdict.ok, verdict.what, verdict.seq, verdict.kind) == (False, "outcome", seen.seq, "roll")


def test_a_secret_other_than_the_committed_one_or_a_changed_value_is_caught():
    dealing = _deal()
    config = default_config(players=3, seed=dealing.seed())
    auth, transcripts = _played(config, commands=40)
    cmds = unpack_log(pack_log(auth.log))
    public = dict(config, seed=None)
    verdict = verify(public, dealing.record(), bytes(32), cmds, 1, transcripts[1], peer_hash)
    assert (verdict.ok, verdict.what) == (False, "commitment")
    swapped = FairRecord(dealing.commit, dealing.pledges, [bytes(32)] + dealing.values[1:])
    verdict = verify(public, swapped, dealing.secret, cmds, 1, transcripts[1], peer_hash)
    assert (verdict.ok, verdict.what) == (False, "value")


def test_a_log_that_does_not_match_what_a_seat_saw_is_caught_with_its_record():
    """The host's revealed log must give every record the seat was shown:
    a log cut short or with another command in it names the record."""
    dealing = _deal()
    config = default_config(players=3, seed=dealing.seed())
    auth, transcripts = _played(config, commands=80)
    cmds = unpack_log(pack_log(auth.log))
    public = dict(config, seed=None)
    verdict = verify(public, dealing.record(), dealing.secret, cmds[:50], 2, transcripts[2], peer_hash)
    assert (verdict.ok, verdict.what, verdict.seq) == (False, "log_short", 51)
    # Seat 2 saw record 10 differently from what the log now claims.
    transcript = list(transcripts[2])
    kind, seen = transcript[10]
    assert kind == "rec" and seen.seq == 10
    transcript[10] = ("rec", SeenRecord(10, seen.cmd, {"forged": 1}, seen.view_hash))
    verdict = verify(public, dealing.record(), dealing.secret, cmds, 2, transcript, peer_hash)
    assert (verdict.ok, verdict.what, verdict.seq) == (False, "outcome", 10)


def test_garbage_instead_of_a_log_is_an_unreadable_log_not_a_crash():
    for data in (b"", b"not zlib", pack_log([])[:5]):
        with pytest.raises(ValueError):
            unpack_log(data)


def test_a_log_longer_than_a_frame_is_revealed_in_parts_that_join_to_it_B_5_1(monkeypatch):
    """The end reveal of a long game outgrows one frame: it goes in parts that
    each pass the protocol's checks, the secret with the last, and a peer
    that joins them checks the game as from one piece."""
    import net.wire.fairdice as fairdice
    from net.wire.protocol import HOST, pack_message, validate
    dealing = _deal()
    config = default_config(players=3, seed=dealing.seed())
    auth, transcripts = _played(config)
    whole = pack_log(auth.log)
    monkeypatch.setattr(fairdice, "REVEAL_PART", len(whole) // 4)
    messages = reveal_messages(dealing.secret, auth.log)
    assert [m["t"] for m in messages] == ["reveal_log"] * 4 + ["reveal"]
    for msg in messages:
        validate(msg, HOST)
        pack_message(msg)                           # each fits a frame
    assert b"".join(m["log"] for m in messages) == whole
    assert messages[-1]["secret"] == dealing.secret
    cmds = unpack_log(b"".join(m["log"] for m in messages))
    verdict = verify(dict(config, seed=None), dealing.record(), dealing.secret, cmds, 1, transcripts[1], peer_hash)
    assert verdict.ok and verdict.checked == 150, verdict


def test_a_peer_takes_the_reveals_parts_only_after_the_end_and_only_up_to_a_games_size(monkeypatch):
    """A part of the reveal before the end is the host's fault; parts that
    add up past any game's log end the check as an unreadable log."""
    import net.wire.fairdice as fairdice
    from net.peer.faults import HostFault
    from net.peer.game import PeerGame
    game = PeerGame(send=lambda msg: None, name="p")
    with pytest.raises(HostFault) as fault:
        game._on_reveal_log({"t": "reveal_log", "log": b"x" * 10})
    assert fault.value.code == "reveal_out_of_place"
    game.deal = _deal().record()
    game._on_over({"t": "over", "winner": 0, "turns": 9, "public_hash": "0" * 64, "seq": 1})
    monkeypatch.setattr(fairdice, "MAX_PACKED_LOG", 25)
    assert game._on_reveal_log({"t": "reveal_log", "log": b"x" * 20}) == []
    events = game._on_reveal_log({"t": "reveal_log", "log": b"x" * 20})
    assert events == [("fair", game.verdict)] and game.verdict.what == "log_unreadable" and game.revealed
    # told the end again after a rejoin: the reveal that came first stands
    verdict = game.verdict
    game._on_over({"t": "over", "winner": 0, "turns": 9, "public_hash": "0" * 64, "seq": 1})
    assert game._on_reveal_log({"t": "reveal_log", "log": b"y" * 5}) == []
    assert game._on_reveal({"t": "reveal", "secret": b"s" * 32, "log": b"y"}) == [] and game.verdict is verdict


@pytest.mark.slow
@pytest.mark.parametrize("part", [None, 500])
def test_a_complete_lan_game_is_verified_fair_by_every_peer(tmp_path, monkeypatch, part):
    """Over TLS with bot peers: the host draws its seed from the deal, and
    every peer's replay confirms every outcome it saw (B-5.1, B-5.4, B-7.1);
    also with the revealed log cut in parts of 500 bytes, as a long game's is."""
    import net.wire.fairdice as fairdice
    if part is not None:
        monkeypatch.setattr(fairdice, "REVEAL_PART", part)

    async def main():
        host, results, _, bots = await local_game(3, str(tmp_path))
        await host.close()
        return host, results, bots
    host, results, bots = asyncio.run(main())
    assert all(r["ok"] and r["fair"] for r in results), results
    fair = host.fair
    assert host.config["seed"] == derive_seed(fair.secret, fair.values, 1) == fair.seed()
    assert host.config["streams"] is True       # no steal or skip steers a later roll
    assert all(r["deal"] == 1 for r in results)
    for bot in bots:
        verdict = bot.game.verdict
        assert verdict.ok and verdict.checked == sum(1 for e in bot.game.transcript if e[0] == "rec")
        assert bot.game.deal.values[bot.game.seat] == bot.game._value


@pytest.mark.slow
def test_a_host_that_rigs_the_dice_after_the_deal_is_caught_by_every_peer(tmp_path):
    """A host that deals with a seed of its own choosing instead of the drawn
    one: every peer's check fails, at the first thing the seed decided."""
    class RiggedHost(Host):
        def _deal(self, config):
            super()._deal(dict(config, seed=424242))

    async def main():
        host = RiggedHost(default_config(players=2, board="beginner"), name="Rigged", auto_start=True)
        await host.listen("127.0.0.1", 0)
        host, results, _, bots = await local_game(2, str(tmp_path), host=host)
        await host.close()
        return results, bots
    results, bots = asyncio.run(main())
    for result, bot in zip(results, bots):
        assert not result["ok"] and not result["fair"] and "not verified fair" in result["problem"]
        verdict = bot.game.verdict
        # Caught at the deal (another first player) or else at the first
        # thing the seed decides: a card drawn or stolen, or a card played
        # that the fair deal never gave (the beginner board looks the same
        # whatever the seed, and the dice come from each roll's mix of every
        # seat's values, net/wire/rolldice.py).
        first_drawn = next(e[1].seq for e in bot.game.transcript
                           if e[0] == "rec" and not rolls(e[1].cmd) and e[1].outcome)
        assert verdict.what in ("view", "outcome", "command", "log") and verdict.kind != "roll", verdict
        assert verdict.seq == 0 or verdict.seq >= first_drawn, verdict


def test_every_restart_of_the_deal_is_told_to_the_player_and_a_hidden_one_is_caught():
    """B-2.2: a host that deals again after every value was shown knew the
    seed it threw away; the peer says so at once, and a count that does not
    grow breaks the deal's check."""
    from net.peer.game import PeerGame
    sent = []
    game = PeerGame(send=sent.append, name="p")
    assert game.handle({"t": "fair_ask", "attempt": 1}) == [("dealing", 1)]
    pledge = sent[-1]["pledge"]
    game.handle({"t": "fair_pledges", "commit": bytes(32), "pledges": [pledge, bytes(32)]})
    assert sent[-1]["t"] == "reveal"
    events = game.handle({"t": "fair_ask", "attempt": 2})
    assert ("deal_restarted", {"attempt": 2, "after_reveal": True}) in events
    events = game.handle({"t": "fair_ask", "attempt": 2})        # the count must grow
    assert [(k, d.what) for k, d in events] == [("fair", "deal_count")] and not game.verdict.ok


@pytest.mark.slow
def test_a_host_that_deals_again_after_the_reveal_is_reported_to_every_player_at_once(tmp_path):
    """A rogue host that throws a drawn seed away and deals again: every
    player hears it in words as the new deal starts (long before 60 s), the
    game goes on, the end check binds the count (deal 2), and the game is
    not called fair: the host had seen the seed it threw away."""
    class FishingHost(Host):
        def _dealt(self, fair, seed):
            if self.deal.attempts < 2:
                self.deal.start(len(self.seats))        # the seed was not to its liking
            else:
                super()._dealt(fair, seed)

    heard = {}

    async def main():
        host = FishingHost(default_config(players=2), name="Fishing", auto_start=True)
        await host.listen("127.0.0.1", 0)
        from net.peer.bot import BotPlayer, play
        from net.peer.tokens import TokenStore
        bots = [BotPlayer(f"b{i}", TokenStore(str(tmp_path)), seed=i,
                          say=lambda line, i=i: heard.setdefault(i, (line, len(host.auth.log) if host.auth else 0)))
                for i in range(2)]
        results = await asyncio.wait_for(asyncio.gather(*[
            play(("127.0.0.1", host.port), b.game.name, player=b, pin=host.identity.fingerprint)
            for b in bots]), 240)
        await host.close()
        return results
    results = asyncio.run(main())
    assert all(not r["ok"] and not r["fair"] and r["deal"] == 2 for r in results), results
    assert all("dealt again (deal 2)" in r["problem"] for r in results), results
    for line, moves in heard.values():
        assert "started the deal again (deal 2)" in line and "knew the seed" in line
        assert moves == 0                       # told before the first move was played
    assert len(heard) == 2


@pytest.mark.slow
def test_a_withheld_reveal_and_lies_about_view_hashes_are_reported_in_words(tmp_path, monkeypatch):
    """A host that never reveals its secret: `kolonisten join` stops waiting
    after REVEAL_WAIT and says why; a host that sends three views whose
    hashes are not ours is reported and the game is not called ok."""
    import net.peer.game as peer_game
    monkeypatch.setattr(peer_game, "REVEAL_WAIT", 1.0)

    lies = {}

    class SilentRecords(Records):
        def reveal_messages(self):
            return []

        def sync(self, seat, reason):
            msg = super().sync(seat, reason)
            if reason == "resync" and lies.get(seat, 0) < 2:        # after one lie in a record, two in views
                lies[seat] = lies.get(seat, 0) + 1
                msg["hash"] = "0" * 64
            return msg

        def send_record(self, record, hashes, proof=None):
            if record.seq == 40:                                    # a lie in a record's view hash
                hashes = {seat: "0" * 64 for seat in hashes}
            super().send_record(record, hashes, proof)

    class SilentHost(Host):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.records = self.play.records = SilentRecords(self.seating, self.watchers)

    heard = []

    async def main():
        host = SilentHost(default_config(players=2), name="Silent", auto_start=True)
        await host.listen("127.0.0.1", 0)
        from net.peer.bot import BotPlayer, play
        from net.peer.tokens import TokenStore
        bots = [BotPlayer(f"s{i}", TokenStore(str(tmp_path)), seed=i, say=heard.append) for i in range(2)]
        results = await asyncio.wait_for(asyncio.gather(*[
            play(("127.0.0.1", host.port), b.game.name, player=b, pin=host.identity.fingerprint)
            for b in bots]), 240)
        await host.close()
        return results, bots
    results, bots = asyncio.run(main())
    for result, bot in zip(results, bots):
        assert not result["ok"] and not result["fair"]
        assert bot.game.verdict.what == "no_reveal"
    assert sum("differed from ours 3 times" in line for line in heard) == 2, heard


def test_a_saved_fair_deal_must_give_the_saved_seed(tmp_path):
    """A resumed game's deal comes from its save, and a save whose deal does
    not give its seed is refused as damaged."""
    dealing = _deal(2)
    config = default_config(players=2, seed=dealing.seed())
    auth = Authority(config)
    extra = {"fair": dealing.record().to_save()}
    game = saves.SavedGame(config=config, commands=[], hashes=[], mode="lan", extra=extra)
    assert saved_fair(game).values == dealing.values and auth.config["seed"] == dealing.seed()
    game.config = dict(config, seed=dealing.seed() + 1)
    with pytest.raises(saves.SaveError):
        saved_fair(game)


def test_what_a_seat_saw_survives_a_restart_on_disk_and_a_lie_before_it_is_caught(tmp_path):
    """A program that stopped mid-game keeps what it was shown in the seen
    file beside its token: the check after a restart covers records from
    before the restart, and an outcome shown differently before it is
    caught at its record (B-5.1)."""
    from net.wire.fairdice import pack_seen, unpack_seen
    from net.peer.tokens import TokenStore
    dealing = _deal()
    config = default_config(players=3, seed=dealing.seed())
    auth, transcripts = _played(config, commands=120)
    cmds = unpack_log(pack_log(auth.log))
    public = dict(config, seed=None)
    store, key = TokenStore(str(tmp_path)), ("PIN", "game-1", "ann")
    seen = transcripts[1]
    before, after = seen[:60], [("sync", 59, seen[59][1].view_hash)] + seen[60:]
    for entry in before:
        store.append_seen(*key, pack_seen(entry))
    store.append_seen(*key, pack_seen(before[-1])[:-3])          # a write cut off by the crash
    restored = unpack_seen(store.load_seen(*key))
    assert restored == before
    verdict = verify(public, dealing.record(), dealing.secret, cmds, 1, restored + after, peer_hash)
    assert verdict.ok and verdict.checked == 120
    # The host showed a roll before the restart differently from the fair game.
    roll = next(e for e in before if e[0] == "rec" and e[1].cmd[0] == "roll" and e[1].outcome)
    lie = SeenRecord(roll[1].seq, roll[1].cmd, dict(roll[1].outcome, dice=[6, 6]), roll[1].view_hash)
    store.forget_seen(*key)
    for entry in before:
        store.append_seen(*key, pack_seen(("rec", lie) if entry is roll else entry))
    verdict = verify(public, dealing.record(), dealing.secret, cmds, 1,
                     unpack_seen(store.load_seen(*key)) + after, peer_hash)
    assert (verdict.ok, verdict.what, verdict.seq) == (False, "outcome", roll[1].seq)


@pytest.mark.slow
def test_a_restarted_player_checks_the_whole_game_not_only_since_it_came_back(tmp_path):
    """Over TLS: one bot program is stopped mid-game and a new one (nothing in
    memory, only the files on disk) takes the seat back; its check at the end
    covers the records the first program saw."""
    from net.peer.bot import BotPlayer, play
    from net_helpers import start_host
    from net.peer.tokens import TokenStore

    async def main():
        host = await start_host(2, seed=31)
        address, pin = ("127.0.0.1", host.port), host.identity.fingerprint
        first = BotPlayer("ann", TokenStore(str(tmp_path)), seed=1)
        other = BotPlayer("bob", TokenStore(str(tmp_path)), seed=2)
        tasks = [asyncio.ensure_future(play(address, p.game.name, player=p, pin=pin)) for p in (first, other)]
        while host.auth is None or len(host.auth.log) < 40:
            await asyncio.sleep(0.01)
        tasks[0].cancel()                       # the program dies
        await asyncio.gather(tasks[0], return_exceptions=True)
        seen_before = sum(1 for e in first.game.transcript if e[0] == "rec")
        again = BotPlayer("ann", TokenStore(str(tmp_path)), seed=3)
        tasks[0] = asyncio.ensure_future(play(address, "ann", player=again, pin=pin))
        results = await until_done(asyncio.gather(*tasks), lambda: host_progress(host))
        await host.close()
        return results, again, seen_before
    results, again, seen_before = asyncio.run(main())
    assert all(r["ok"] and r["fair"] for r in results), results
    came_back_at = min(e[1] for e in again.game.transcript if e[0] == "sync" and e[1] >= 40)
    recs = [e[1].seq for e in again.game.transcript if e[0] == "rec"]
    before = [seq for seq in recs if seq <= came_back_at]
    assert seen_before >= 30 and len(before) == seen_before
    assert again.game.verdict.checked == len(set(recs)) > len(recs) - len(before)
    assert not list(tmp_path.glob("*.seen"))        # checked: the files have served
