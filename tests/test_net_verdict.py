"""An honest verdict (net/wire/rolldice.py, net/wire/fairdice.py Doubt, net/peer/game.py):
a game in which the host had a choice after seeing values is never called fair.

B-4.1 (the dice), B-2.2 (the deal): a host may go on without a seat's value
after the other values were shown, open a roll again after ours, deal again
after every value was shown, or let a view cover a roll we revealed to without
its proof.  Each is said at once and kept; the end verdict of such a game is
"unverified" (not verified fair), naming the rolls and the dice that came, in
both languages, and `kolonisten join` exits 1.  Whole games over TCP: a host
that colludes with a player (drops that player's value whenever the dice come
out higher without it) and a host that grinds the deal (deals again five times
after every value was shown) end "not verified fair" on every honest laptop."""

import asyncio
import io
import json

import pytest

from wait_helpers import until

from game.engine import default_config
from game.engine.rng import Rng
from game.engine.rules import rolls
from net.host.game import Host
from net.host.play import Play
from net.host.rolls import RollMixer
from net.peer.game import PeerGame
from net.peer.tokens import TokenStore
from net.wire import rolldice
from net.wire.fairdice import Doubt, Verdict, pack_seen, unpack_seen
from net.wire.protocol import APP, PROTOCOL_VERSION
from net.wire.rolldice import LATE, combine, commitment


def _seated(seat=0, players=3, store=None):
    """A PeerGame seated in a game of mixed dice, its first commitment sent."""
    sent = []
    game = PeerGame(send=sent.append, name="p", store=store)
    game.seat = seat
    game.rolls.synced("start", 0, commit=True)
    return game, sent


def _opening(sent, seat, players=3, roll=1):
    """A roll_open with our commitment in our place; (message, host value, others' values)."""
    host_value = rolldice.new_value()
    mine = sent[-1]["commit"] if sent[-1]["t"] == "roll_commit" else sent[-1]["next"]
    others = [rolldice.new_value() for _ in range(players)]
    slots = [mine if s == seat else commitment(others[s]) for s in range(players)]
    return {"t": "roll_open", "roll": roll, "host": commitment(host_value), "seats": slots}, host_value, others


def _passing_end(game):
    """The end check passed (every record replayed as shown): what the peer makes of it."""
    return game.judge(Verdict(True, checked=120, attempt=1))


def _said(verdict, names=("Ann", "Bea", "Cor")):
    from game.client import i18n
    from game.client.lantext import fair_text
    texts = {}
    try:
        for lang in ("en", "nl"):
            i18n.set_language(lang)
            texts[lang] = fair_text(verdict, list(names))
    finally:
        i18n.set_language("en")
    return texts


# --- a roll that went on without a value after the others were shown ------------------------------

def test_a_roll_without_a_seats_value_after_the_others_leaves_the_game_unverified_B_4_1():
    """We revealed, the host went on with our value but without seat 2's
    (late): nothing is false, yet the host could choose between two rolls.
    Said at once, kept, and the end verdict names the move and its dice."""
    game, sent = _seated(seat=0)
    opened, host_value, others = _opening(sent, 0)
    game.handle(opened)
    ours = sent[-1]["value"]
    proof = {"roll": 1, "host": host_value,
             "seats": [[opened["seats"][0], ours], LATE, [opened["seats"][2], others[2]]]}
    mix = combine(1, [host_value, ours, others[2]])
    problems, said = game.rolls.on_record(proof, mix, 0, 17)
    assert problems == [] and said == [("roll_without", {"seq": 17, "seats": {1: LATE}})]
    game._doubts_in(said, 17, [4, 5])
    assert game.doubts == [Doubt("roll_late", 17, {"seats": [1], "dice": [4, 5]})]
    verdict = dict(_passing_end(game))["fair"]
    assert not verdict.ok and verdict.what == "unverified" and verdict.seq == 17
    assert "record 17 (4+5)" in verdict.detail and "seat 2" in verdict.detail
    texts = _said(verdict)
    assert texts["en"][1] is False and "NOT verified fair" in texts["en"][0]
    assert "move 17 (4+5)" in texts["en"][0] and "Bea" in texts["en"][0]
    assert "NIET eerlijk" in texts["nl"][0] and "zet 17 (4+5)" in texts["nl"][0] and "Bea" in texts["nl"][0]


def test_seats_away_or_without_a_commitment_at_the_opening_leave_the_verdict_fair():
    """Who takes part is fixed before any value is shown: a seat away at the
    opening gives the host no choice, and the game is still verified fair."""
    game, sent = _seated(seat=0)
    opened, host_value, others = _opening(sent, 0)
    opened["seats"][1] = "away"
    opened["seats"][2] = "none"
    game.handle(opened)
    ours = sent[-1]["value"]
    proof = {"roll": 1, "host": host_value, "seats": [[opened["seats"][0], ours], "away", "none"]}
    problems, said = game.rolls.on_record(proof, combine(1, [host_value, ours]), 0, 9)
    assert problems == [] and game._doubts_in(said, 9) and game.doubts == []
    assert dict(_passing_end(game))["fair"].ok


def test_left_out_rolls_are_named_together_by_seat_up_to_six_and_counted_beyond():
    game, _ = _seated()
    for seq in (5, 11, 19, 26, 33, 40):
        game._doubt("roll_late", seq, {"seats": [1], "dice": [6, 5]})
    verdict = dict(_passing_end(game))["fair"]
    assert len(verdict.doubts) == 6 and all(f"record {s} (6+5)" in verdict.detail for s in (5, 40))
    en, nl = _said(verdict)["en"][0], _said(verdict)["nl"][0]
    assert "moves 5 (6+5), 11 (6+5), 19 (6+5), 26 (6+5), 33 (6+5), 40 (6+5) were" in en and "Bea" in en
    assert "zetten 5 (6+5), 11 (6+5)" in nl
    more, _ = _seated()
    for seq in (5, 11, 19, 26, 33, 40, 47, 52):
        more._doubt("roll_late", seq, {"seats": [1], "dice": [6, 5]})
    more._doubt("roll_late", 60, {"seats": [2], "dice": [3, 3]})
    verdict = dict(_passing_end(more))["fair"]
    en = _said(verdict)["en"][0]
    assert "40 (6+5) and 2 more moves were rolled without Bea's" in en
    assert "the dice of move 60 (3+3) were rolled without Cor's" in en
    assert "en nog 2 zetten" in _said(verdict)["nl"][0]


# --- a view that covers a roll we revealed to ---------------------------------------------------

def _revealed_then_covered(proof_of):
    """We reveal for roll 1; its record never comes, a rejoin view covers it
    with `proof_of(opened, host_value, ours, others)` among its proofs (None: none)."""
    game, sent = _seated(seat=0)
    opened, host_value, others = _opening(sent, 0)
    game.handle(opened)
    ours = sent[-1]["value"]
    proofs = proof_of(opened, host_value, ours, others)
    events = game.roll_sync({"reason": "rejoin", "seq": 30, "roll": 1, "proofs": proofs or []})
    return game, events


def test_a_covered_roll_is_checked_by_the_proofs_the_view_brings():
    def honest(opened, host_value, ours, others):
        proof = {"roll": 1, "host": host_value, "seats": [[opened["seats"][0], ours]]
                 + [[opened["seats"][s], others[s]] for s in (1, 2)]}
        return [[proof, combine(1, [host_value, ours, others[1], others[2]]), 22]]
    game, events = _revealed_then_covered(honest)
    assert events == [] and game.doubts == [] and game.verdict is None

    def dropped(opened, host_value, ours, others):
        proof = {"roll": 1, "host": host_value, "seats": [LATE] + [[opened["seats"][s], others[s]] for s in (1, 2)]}
        return [[proof, combine(1, [host_value, others[1], others[2]]), 22]]
    game, events = _revealed_then_covered(dropped)
    assert [(k, v.what, v.seq) for k, v in events] == [("fair", "roll_dropped", 30)]


def test_a_covered_roll_without_its_proof_leaves_the_game_unverified():
    """A host could apply any dice while we were away (or had us resync) and
    send a view: a roll we revealed to whose proof never came is a doubt."""
    game, events = _revealed_then_covered(lambda *args: None)
    assert events == [("roll_unseen", {"roll": 1})]
    assert game.doubts == [Doubt("roll_unseen", 30, {"roll": 1})]
    verdict = dict(_passing_end(game))["fair"]
    assert verdict.what == "unverified"
    assert "roll 1" in _said(verdict)["en"][0] and "worp 1" in _said(verdict)["nl"][0]


def test_the_host_sends_each_seat_the_proofs_of_the_latest_rolls_it_had_a_part_in():
    """The host's side of it: a seat's view brings the proofs of the last
    PROOFS_KEPT rolls with its commitment in the opening (however many rolls
    went on while it was away), each with its mix and the record it made."""
    applied = []
    host = Host(dict(default_config(players=2, seed=3), streams=True, mixed_dice=True), name="T")
    for seat in range(2):
        host.seating.add(f"p{seat}")
        host.seats[seat].conn = type("Line", (), {"send": lambda self, msg: None})()
    host.deal_unfairly()
    mixer = host.mixer
    mixer.apply = lambda cmd, proof: applied.append(cmd) or 40 + len(applied)
    for roll in range(rolldice.PROOFS_KEPT + 5):
        if roll == 4:
            host.seats[1].conn = None           # seat 2 goes away for the rest of the rolls
        for seat in range(2):
            mixer.commits[seat] = commitment(rolldice.new_value())
        mixer.open(("roll", 0))
        mixer.close()
    mine = host.play.sync(0, "rejoin")["proofs"]
    assert [p[0]["roll"] for p in mine] == list(range(6, rolldice.PROOFS_KEPT + 6))
    assert [p[2] for p in mine] == list(range(46, 46 + rolldice.PROOFS_KEPT))
    assert all(p[1] == cmd[-1] for p, cmd in zip(mine, applied[5:]))
    away = host.play.sync(1, "rejoin")["proofs"]
    assert [p[0]["roll"] for p in away] == [1, 2, 3, 4]     # the rolls it took part in, before it left


def test_a_roll_waits_for_a_seat_whose_line_dropped_and_takes_its_value_when_it_comes_back():
    """A seat's line dropped after the opening: the roll does not go on
    without it at once (that would leave the game unverifiable); its program
    rejoins with its token, is shown the roll again and reveals."""
    import msgpack
    from net.host.connections import Conn
    from net_helpers import FakeWriter, seat_proof
    host = Host(dict(default_config(players=2, seed=3), streams=True, mixed_dice=True), name="T")

    def say(conn, msg):
        host.handle_payload(conn, msgpack.packb(msg, use_bin_type=True))

    def connect(cid):
        conn = Conn(FakeWriter(), cid)
        host.connections.conns.add(conn)
        say(conn, {"t": "hello", "v": PROTOCOL_VERSION, "app": APP})
        return conn
    conns = [connect(1), connect(2)]
    for i, conn in enumerate(conns):
        say(conn, {"t": "join", "name": f"p{i}"})
    host.deal_unfairly()
    values = [rolldice.new_value() for _ in range(2)]
    for conn, value in zip(conns, values):
        say(conn, {"t": "roll_commit", "commit": commitment(value)})
    done = []
    host.mixer.apply = lambda cmd, proof: done.append(proof) or 1
    host.mixer.open(("roll", 0))
    say(conns[0], {"t": "roll_reveal", "roll": 1, "value": values[0], "next": commitment(b"n" * 32)})
    host.drop(conns[1])                         # seat 2's line drops before it revealed
    assert not done and host.mixer.busy
    back = connect(3)
    say(back, {"t": "rejoin", "seat": 1, "proof": seat_proof(host, back, 1)})
    assert back.seat == 1
    say(back, {"t": "roll_reveal", "roll": 1, "value": values[1], "next": commitment(b"m" * 32)})
    assert [type(entry) for entry in done[0]["seats"]] == [list, list]


# --- what a restarted program keeps -------------------------------------------------------------

def test_doubts_and_the_next_roll_value_outlive_a_restart_of_the_program(tmp_path):
    """Both go to the seen file beside the token: a restarted program still
    says the game is unverified, and can reveal the value whose commitment
    the host holds for a roll opened meanwhile."""
    store = TokenStore(str(tmp_path))
    game, sent = _seated(seat=1, store=store)
    game.pin, game.game_id, game.token = "ab" * 32, "g1", "tok"
    store.save(game.pin, game.game_id, "p", 1, "tok")
    game.rolls.value = None
    game.rolls.synced("start", 0, commit=True)      # a value kept, its commitment sent
    commit = sent[-1]["commit"]
    game._doubt("deal_restarted", 0, {"attempt": 3})
    game._close_seen()

    again = PeerGame(send=[].append, name="p", store=store)
    again.pin, again.game_id = game.pin, game.game_id
    again.handle({"t": "seated", "seat": 1, "token": "tok"})
    assert again.doubts == [Doubt("deal_restarted", 0, {"attempt": 3})]
    assert commitment(again.rolls.value) == commit
    verdict = dict(_passing_end(again))["fair"]
    assert verdict.what == "unverified" and "deal 3" in verdict.detail
    assert "deling 3" in _said(verdict)["nl"][0]


def test_a_program_that_stopped_before_its_reveal_reached_the_host_reveals_after_a_restart(tmp_path):
    """It drew its next value (kept) as it answered the roll, and stopped
    before the reveal left: the restarted program, shown the roll again,
    reveals the value before (kept too), so the roll takes every seat."""
    store = TokenStore(str(tmp_path))
    game, sent = _seated(seat=1, store=store)
    game.pin, game.game_id, game.token = "ab" * 32, "g2", "tok"
    store.save(game.pin, game.game_id, "p", 1, "tok")
    game.rolls.value = None
    game.rolls.synced("start", 0, commit=True)
    opened, _, _ = _opening(sent, 1)
    game.handle(opened)
    lost = sent.pop()                   # the reveal never left: the program stopped
    game._close_seen()

    out = []
    again = PeerGame(send=out.append, name="p", store=store)
    again.pin, again.game_id = game.pin, game.game_id
    again.handle({"t": "seated", "seat": 1, "token": "tok"})
    again.rolls.synced("rejoin", 0, commit=True)
    again.handle(opened)                # the host shows the open roll again
    reveal = out[-1]
    assert reveal["t"] == "roll_reveal" and reveal["value"] == lost["value"]
    assert reveal["next"] == lost["next"]       # and the value after it is the one on file


def test_seen_entries_pack_and_unpack_with_doubts_and_values():
    entries = [("sync", 3, "h" * 64), ("doubt", Doubt("roll_late", 7, {"seats": [0, 2], "dice": [1, 1]})),
               ("value", bytes(range(32))), ("doubt", Doubt("roll_unseen", 9, {"roll": 4}))]
    assert unpack_seen(b"".join(pack_seen(e) for e in entries)) == entries


# --- the deal ---------------------------------------------------------------------------------

def test_a_deal_restarted_after_we_showed_our_value_leaves_the_game_unverified_B_2_2():
    game = PeerGame(send=[].append, name="p")
    game.handle({"t": "fair_ask", "attempt": 1})
    game.handle({"t": "fair_ask", "attempt": 2})            # before we revealed: a seat left
    assert game.doubts == []
    game._pledges = (bytes(32), [bytes(32)])                # we revealed in deal 2
    game.handle({"t": "fair_ask", "attempt": 3})
    assert game.doubts == [Doubt("deal_restarted", 0, {"attempt": 3})]
    verdict = dict(_passing_end(game))["fair"]
    assert verdict.what == "unverified" and not verdict.ok
    assert "deal 3" in _said(verdict)["en"][0]


def test_a_failed_check_outranks_the_doubts():
    game, _ = _seated()
    game._doubt("roll_late", 5, {"seats": [1], "dice": [1, 2]})
    verdict = dict(game.judge(Verdict(False, 12, "outcome", "rigged", kind="roll")))["fair"]
    assert verdict.what == "outcome" and verdict.seq == 12


# --- whole games over TCP: every honest laptop, in words and exit codes -------------------------

def _dice(mix):
    rng = Rng(mix)
    return rng.die() + rng.die()


class ColludingMixer(RollMixer):
    """Works with seat 2 (index 1): once every value is in, it leaves that
    seat's value out ("late") whenever the dice come out higher without it."""
    dropped = []

    def close(self):
        roll = self.pending
        if roll is not None and 1 in roll.values and not roll.waiting:
            def mix(values):
                return combine(roll.opened["roll"], [roll.value] + [values[s] for s in sorted(values)])
            without = {s: v for s, v in roll.values.items() if s != 1}
            if _dice(mix(without)) > _dice(mix(roll.values)):
                roll.values = without
                ColludingMixer.dropped.append(roll.opened["roll"])
        super().close()


class ColludingHost(Host):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        honest = self.play

        class ColludingPlay(Play):
            def mix_dice(self):
                if self.auth.config.get("mixed_dice"):
                    self.mixer = ColludingMixer(self.seating, self.tell_everyone, self.apply)
        self.play = ColludingPlay(honest.seating, honest.records, honest.autosave, honest.save,
                                  honest.notify, honest.tell_everyone, honest.over)


class GrindingHost(Host):
    """Deals again after every seat has shown its value, five times, as if fishing for a seed."""
    def _dealt(self, fair, seed):
        if self.deal.attempts < 6:
            self.deal.start(len(self.seats))
        else:
            super()._dealt(fair, seed)


def _play_against(host_class, tmp_path, monkeypatch, capsys, honest=(0, 2)):
    """A 3-player game on `host_class`: the honest seats play as `kolonisten
    join` (run_join: exit code, stdout, stderr), the other as a plain bot.
    Returns (exit codes, results, stderr, the honest players' verdicts, host)."""
    import net.headless as headless
    from net.peer.bot import BotPlayer, play
    players = {}

    async def spy_play(address, name, **kwargs):
        player = BotPlayer(name, kwargs["store"], kwargs["seed"], kwargs["level"], kwargs["say"])
        players[name] = player
        return await play(address, name, player=player, **{k: v for k, v in kwargs.items()
                                                            if k not in ("seed", "level", "say")})
    monkeypatch.setattr(headless, "play", spy_play)

    async def main():
        host = host_class(default_config(players=3), name="Rogue", auto_start=True)
        await host.listen("127.0.0.1", 0)
        address = f"127.0.0.1:{host.port}"
        outs = {seat: io.StringIO() for seat in honest}
        jobs = []
        for seat in range(3):
            if seat in honest:
                job = headless.run_join(address, f"h{seat}", str(tmp_path / f"h{seat}"), seed=seat,
                                        reconnect_for=5, out=outs[seat], pin=host.identity.fingerprint)
            else:
                job = play(("127.0.0.1", host.port), "accomplice",
                           player=BotPlayer("accomplice", TokenStore(str(tmp_path / "a")), seed=9),
                           pin=host.identity.fingerprint)
            jobs.append(asyncio.ensure_future(job))
            # seats in this order: each seated before the next joins
            assert await until(lambda: sum(holder is not None for holder in host.seats) > seat
                               or jobs[-1].done())
        done = await asyncio.wait_for(asyncio.gather(*jobs), 300)
        await host.close()
        return done, outs, host
    done, outs, host = asyncio.run(main())
    assert [holder.name for holder in host.seats] == [f"h{s}" if s in honest else "accomplice" for s in range(3)]
    codes = {seat: done[seat] for seat in honest}
    results = {seat: json.loads(outs[seat].getvalue().splitlines()[-1]) for seat in honest}
    verdicts = {seat: players[f"h{seat}"].game.verdict for seat in honest}
    return codes, results, capsys.readouterr().err, verdicts, host


@pytest.mark.slow
def test_a_host_colluding_with_a_player_ends_not_verified_fair_on_every_honest_laptop(
        tmp_path, monkeypatch, capsys):
    ColludingMixer.dropped = []
    codes, results, err, verdicts, host = _play_against(ColludingHost, tmp_path, monkeypatch, capsys)
    dropped = ColludingMixer.dropped
    assert dropped, "the colluding host never found a roll worth dropping"
    assert codes == {0: 1, 2: 1}, results
    for seat, result in results.items():
        verdict = verdicts[seat]
        assert not result["ok"] and not result["fair"]
        assert result["problem"].startswith("the deal was not verified fair: the dice of record")
        assert verdict.what == "unverified" and len(verdict.doubts) == len(dropped)
        assert all(d.what == "roll_late" and d.info["seats"] == [1] for d in verdict.doubts)
        rolled = {r.seq: r.outcome["dice"] for r in host.auth.log if rolls(r.cmd)}
        assert all(d.info["dice"] in (None, rolled[d.seq]) for d in verdict.doubts)     # the dice that came
        texts = _said(verdict)
        dice = verdict.doubts[0].info["dice"]
        first = f"{verdict.doubts[0].seq}" + (f" ({dice[0]}+{dice[1]})" if dice else "")   # its move and dice
        assert "NOT verified fair" in texts["en"][0] and "the dice of move" in texts["en"][0]
        assert first in texts["en"][0] and "without Bea's value" in texts["en"][0]
        assert "NIET eerlijk" in texts["nl"][0] and "zet" in texts["nl"][0] and first in texts["nl"][0]
    # said at once in words on the command line, and again at the end
    assert "can no longer be verified fair" in err and "kolonisten join: not verified fair" in err


@pytest.mark.slow
def test_a_host_grinding_the_deal_ends_not_verified_fair_on_every_honest_laptop(
        tmp_path, monkeypatch, capsys):
    codes, results, err, verdicts, host = _play_against(GrindingHost, tmp_path, monkeypatch, capsys,
                                                        honest=(0, 1, 2))
    assert host.deal.attempts == 6
    assert codes == {0: 1, 1: 1, 2: 1}, results
    for seat, result in results.items():
        verdict = verdicts[seat]
        assert not result["ok"] and not result["fair"] and result["deal"] == 6
        assert verdict.what == "unverified"
        assert [d.info["attempt"] for d in verdict.doubts] == [2, 3, 4, 5, 6]
        texts = _said(verdict)
        assert "NOT verified fair" in texts["en"][0] and "(deals 2, 3, 4, 5, 6)" in texts["en"][0]
        assert "NIET eerlijk" in texts["nl"][0] and "(delingen 2, 3, 4, 5, 6)" in texts["nl"][0]
    assert err.count("the host knew the seed it threw away") == 15      # 5 restarts x 3 players
