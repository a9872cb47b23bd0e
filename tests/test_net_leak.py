"""Hidden information never reaches the wrong laptop.

Every byte each client receives across complete networked games is kept,
decoded frame by frame and searched: no frame may hold another seat's hidden
cards (hands, development/progress cards), any deck order, the generator
state, the seed or another seat's token.  A positive control shows the
search does find such things when they are there."""

import asyncio
from types import SimpleNamespace

import msgpack
import pytest

from game.engine.codec import decode_state, state_to_obj
from game.engine.helpers import dice_rng
from game.engine.views import AUTHORITY_ONLY, SEAT_SECRETS
from net.wire.protocol import HOST, HEADER, decode, pack_message
from net_helpers import local_game, start_host

SEED = 0xC0FFEE_5EED_1234_7     # large: any appearance of it is no accident


def _ck_available() -> bool:
    from game.engine import default_config
    from game.engine.match import Authority
    try:
        Authority(default_config(rules="ck", players=3))
    except ValueError:
        return False
    return True


class Secrets:
    """What the host holds that no client may receive, collected as the game runs."""

    def __init__(self, host):
        self.host = host
        self.ints = {SEED}
        self.lists = []
        host.listeners.append(self.on_change)

    def on_change(self, kind, data):
        if kind not in ("started", "record"):
            return
        state = self.host.auth.state
        # (rng.inc is a constant of the source code, 109, not a secret)
        self.ints.add(state.rng.state)
        # With separate dice streams each turn's dice generator is a secret too,
        # this turn's and the next one's (with mixed dice they draw no dice, and
        # stay secret all the same).
        streams = dict(state.config, mixed_dice=False)
        for turn in (state.turn, state.turn + 1):
            self.ints.add(dice_rng(SimpleNamespace(config=streams, turn=turn, rng=state.rng), {}).state)
        decks = [state.deck] + list(getattr(state, "prog_decks", None) or [])
        for deck in decks:
            if len(deck) >= 10 and list(deck) not in self.lists:
                self.lists.append(list(deck))


def _walk(value, found, secrets, path="msg"):
    if type(value) is int:
        if value in secrets.ints:
            found.append(f"{path}: a generator/seed integer")
    elif type(value) is list:
        # The deck is drawn from its end, so what is left is always a prefix.
        if len(value) >= 10 and any(value == deck[:len(value)] for deck in secrets.lists):
            found.append(f"{path}: a deck order")
        for i, x in enumerate(value):
            _walk(x, found, secrets, f"{path}[{i}]")
    elif type(value) is dict:
        for k, x in value.items():
            _walk(x, found, secrets, f"{path}.{k}")


def _check_view(obj, seat, found, path):
    for field in SEAT_SECRETS:
        values = obj.get(field)
        if values is None:
            continue
        for other, value in enumerate(values):
            if other != seat and value is not None:
                found.append(f"{path}.{field}[{other}]: another seat's secret")
        if field == "hands" and seat is not None and values[seat] is None:
            found.append(f"{path}.hands: own hand missing")
    for field in AUTHORITY_ONLY:
        if obj.get(field) is not None:
            found.append(f"{path}.{field}: authority-only data")
    if obj["config"].get("seed") is not None:
        found.append(f"{path}.config.seed: the seed")


def _check_record(msg, seat, host, found):
    """A record must be exactly the host's record redacted for this seat, and
    must not name the card another seat bought or stole (B-9.1, B-5.4)."""
    expected = host.auth.log[msg["seq"] - 1].for_audience(seat)
    as_sent = msgpack.unpackb(msgpack.packb([expected.cmd, expected.outcome, list(expected.events)]))
    if [msg["cmd"], msg["outcome"], msg["events"]] != as_sent:
        found.append(f"rec {msg['seq']}: differs from the host's record redacted for seat {seat}")
    cmd = msg["cmd"]
    if cmd[0] == "buy_dev" and cmd[1] != seat and (msg["outcome"] or {}).get("card") is not None:
        found.append(f"rec {msg['seq']}: another seat's development card")
    for event in msg["events"]:
        if event[0] == "bought_dev" and event[1] != seat and event[2] is not None:
            found.append(f"rec {msg['seq']}: another seat's development card in an event")
        if (event[0] == "stole" and seat not in (event[1], event[2]) and event[3] != -1
                and event[3] is not None):
            found.append(f"rec {msg['seq']}: a stolen card seen by a third seat")


def leaks(payloads, seat, host, secrets, tokens) -> list:
    found = []
    raw = b"".join(payloads)
    for other, token in enumerate(tokens):
        if other != seat and token.encode() in raw:
            found.append(f"seat {other}'s token")
    for payload in payloads:
        msg = decode(payload, HOST)       # every frame must be a valid host message
        _walk(msg, found, secrets, msg["t"])
        if msg["t"] == "sync":
            obj = state_to_obj(decode_state(msg["view"]))
            obj["rng"] = None if obj["rng"] is None else list(obj["rng"])
            _check_view(obj, seat, found, "sync.view")
            _walk(obj, found, secrets, "sync.view")
        elif msg["t"] == "rec":
            _check_record(msg, seat, host, found)
        elif msg["t"] in ("welcome", "lobby") and msg["config"].get("seed") is not None:
            found.append(f"{msg['t']}.config.seed: the seed")
    return found


def _run(players, rules, tmp_path):
    async def main():
        host = await start_host(players, rules, seed=SEED)
        secrets = Secrets(host)
        host, results, logs, bots = await local_game(players, str(tmp_path), rules=rules,
                                                     raw_logs=True, host=host)
        await host.close()
        return host, results, logs, bots, secrets
    return asyncio.run(main())


@pytest.mark.slow
@pytest.mark.parametrize("players,rules", [
    (4, "base"),
    pytest.param(3, "ck", marks=pytest.mark.skipif(not _ck_available(), reason="no C&K rules yet")),
])
def test_no_client_ever_receives_hidden_information(players, rules, tmp_path):
    host, results, logs, bots, secrets = _run(players, rules, tmp_path)
    assert all(r["ok"] for r in results)
    tokens = [s.token for s in host.seats]
    frames = 0
    for bot, payloads in zip(bots, logs):
        assert payloads, "the client received nothing"
        frames += len(payloads)
        assert leaks(payloads, bot.game.seat, host, secrets, tokens) == []
    assert frames > 1000
    # The search had something to look for: hidden cards existed during the game.
    assert len(secrets.ints) > 100 and secrets.lists


@pytest.mark.slow
def test_leak_search_finds_planted_secrets(tmp_path):
    """Positive control: the same search flags a frame holding the full state,
    another seat's token, and an unredacted development card purchase."""
    host, results, logs, bots, secrets = _run(2, "base", tmp_path)
    seat = bots[0].game.seat
    tokens = [s.token for s in host.seats]
    from game.engine.codec import encode_state
    planted_sync = {"t": "sync", "reason": "resync", "seq": 0, "view": encode_state(host.auth.state),
                    "hash": "0" * 32, "events": []}
    found = leaks([pack_message(planted_sync)[HEADER.size:]], seat, host, secrets, tokens)
    assert any("another seat's secret" in f for f in found)
    assert any("authority-only" in f for f in found)
    assert any("the seed" in f for f in found)
    other = 1 - seat
    planted_bye = {"t": "bye", "reason": tokens[other][:60]}
    assert any("token" in f for f in leaks([pack_message(planted_bye)[HEADER.size:]], seat, host,
                                             secrets, tokens))
    # (the game's seed comes from the fair deal: either seat may have bought, seen by the other)
    buys = [r for r in host.auth.log if r.cmd[0] == "buy_dev"]
    assert buys, "the game had no development card purchase"
    r = buys[0]
    planted_rec = {"t": "rec", "seq": r.seq, "cmd": list(r.cmd), "outcome": r.outcome,
                   "events": [list(e) for e in r.events], "hash": "0" * 32}
    found = leaks([pack_message(planted_rec)[HEADER.size:]], 1 - r.cmd[1], host, secrets, tokens)
    assert any("development card" in f for f in found)
