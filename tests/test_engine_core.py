"""Engine-wide properties: determinism, serialization, explicit decisions,
and per-seat hidden information (RULES.md 'Hidden information')."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, strategies as st

from game.engine import (
    COMMANDS, apply, check, decode_state, deciders, default_config, encode_state,
    legal_commands, pack, state_hash, unpack, view_obj,
)
from game.engine.codec import state_from_obj, state_to_obj
from game.engine.match import Authority, Replica
from game.engine.rng import Rng

from engine_play import random_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --- determinism -------------------------------------------------------------

REPLAY_SCRIPT = """
import json, sys
from game.engine.match import Authority
from game.engine import encode_state
from game.engine.codec import digest
data = json.load(sys.stdin)
auth = Authority.replay(data["config"], data["commands"], data["outcomes"])
print(json.dumps({"hash": auth.state_hash(), "bytes": digest(encode_state(auth.state))}))
"""


@pytest.mark.parametrize("rules, seed", [("base", 3), ("base", 11), ("ck", 5)])
def test_replay_in_a_new_process_gives_identical_state(rules, seed):
    """A game is its config, seed and commands: another process (with another
    hash seed) rebuilds a byte-identical state."""
    auth = random_game(seed, rules=rules, max_commands=3000)
    data = {"config": auth.config, "commands": [list(r.cmd) for r in auth.log],
            "outcomes": [r.outcome for r in auth.log]}
    env = dict(os.environ, PYTHONHASHSEED=str(seed + 1000))
    out = subprocess.run([sys.executable, "-c", REPLAY_SCRIPT], input=json.dumps(data), env=env,
                         cwd=ROOT, capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    assert result["hash"] == auth.state_hash()


def test_same_seed_same_board_other_seed_other_board():
    a = Authority(default_config(seed=5)).state
    b = Authority(default_config(seed=5)).state
    c = Authority(default_config(seed=6)).state
    assert encode_state(a) == encode_state(b)
    assert (a.terrain, a.numbers, a.harbors) != (c.terrain, c.numbers, c.harbors)


def test_rng_is_uniform_and_reproducible():
    r1, r2 = Rng(99), Rng(99)
    draws = [r1.below(6) for _ in range(6000)]
    assert draws == [r2.below(6) for _ in range(6000)]
    for face in range(6):
        assert 850 < draws.count(face) < 1150


def test_rng_is_pcg32_and_its_written_out_draws_agree():
    # The reference output of pcg32 (O'Neill's pcg32-demo: seed 42, sequence 54).
    r = Rng(42, 54)
    assert [r.next32() for _ in range(6)] == [0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b,
                                              0xcbed606e]
    # below() and die() step the generator themselves; they draw what next32 would.
    for seed in range(200):
        a, b = Rng(seed, 7), Rng(seed, 7)
        for n in (1, 2, 6, 7, 19, 1023, 1024, 5000, (1 << 32) - 1, 1 << 32):
            limit = (1 << 32) - ((1 << 32) % n)
            x = a.next32()
            while x >= limit:
                x = a.next32()
            assert b.below(n) == x % n
        assert [b.die() for _ in range(30)] == [a.below(6) + 1 for _ in range(30)]
        assert (a.state, a.inc) == (b.state, b.inc)


# --- serialization -------------------------------------------------------------

def test_states_commands_records_and_views_round_trip_through_msgpack():
    seen = {"records": 0}

    def on_record(auth, record):
        seen["records"] += 1
        for obj in (list(record.cmd), record.outcome, [list(e) for e in record.events]):
            assert pack(unpack(pack(obj))) == pack(obj)
        if seen["records"] % 97 == 0:
            data = encode_state(auth.state)
            again = decode_state(data)
            assert encode_state(again) == data
            assert state_hash(again) == auth.state_hash()
            for audience in (0, 2, None):
                vobj = view_obj(auth.state, audience)
                assert unpack(pack(vobj)) == unpack(pack(view_obj(state_from_obj(vobj), audience)))

    random_game(21, on_record=on_record)
    assert seen["records"] > 500


def test_a_decoded_state_plays_on_exactly_like_the_original():
    auth = random_game(8, max_commands=800)
    clone = decode_state(encode_state(auth.state))
    bot_cmds = []
    from game.bots.random_bot import RandomSeats
    bot = RandomSeats(1)
    for _ in range(300):
        if auth.state.phase == 9:
            break
        cmd = bot.command(auth.state)
        bot_cmds.append(cmd)
        out1, ev1 = apply(auth.state, cmd)
        out2, ev2 = apply(clone, cmd)
        assert (out1, ev1) == (out2, ev2)
    assert encode_state(auth.state) == encode_state(clone)


@pytest.mark.parametrize("data", [b"", b"\x00", b"\x93\x01\x02\x03", pack({"a": 1}), b"\xff" * 40])
def test_decoding_garbage_gives_a_clear_error(data):
    with pytest.raises(ValueError):
        decode_state(data)


# --- explicit decisions ---------------------------------------------------------

FINITE_KINDS = [k for k in COMMANDS if k not in ("offer", "counter", "discard", "progress", "resolve")]


def _all_finite_commands(state, seat):
    """Every well-formed command of the finite kinds for a seat."""
    sizes = {"node": 54, "edge": 72, "hex": 19, "seat": state.n, "res": 5, "card": len(state.bank),
             "track": 3}
    out = []
    for kind in FINITE_KINDS:
        combos = [()]
        for typ in COMMANDS[kind]:
            combos = [c + (v,) for c in combos for v in range(sizes[typ])]
        out += [(kind, seat) + c for c in combos]
    return out


@pytest.mark.slow
def test_legal_commands_are_exactly_the_commands_check_accepts():
    """For every finite command kind, `legal_commands` lists exactly what `check`
    accepts, for every seat, at many points of random games."""
    points = {"n": 0}

    def on_record(auth, record):
        if len(auth.log) % 23:
            return
        points["n"] += 1
        state = auth.state
        for seat in range(state.n):
            listed = {c for c in legal_commands(state, seat) if c[0] in FINITE_KINDS}
            accepted = {c for c in _all_finite_commands(state, seat) if check(state, c) is None}
            assert listed == accepted, (state.phase, seat)
            for cmd in legal_commands(state, seat):
                assert check(state, cmd) is None, cmd
            if seat not in deciders(state):
                assert legal_commands(state, seat) == []

    random_game(1, players=3, on_record=on_record, max_commands=2500)
    random_game(2, rules="ck", players=3, on_record=on_record, max_commands=2500)
    assert points["n"] > 100


command_strategy = st.tuples(
    st.sampled_from(sorted(COMMANDS) + ["bogus"]),
    st.one_of(st.integers(-2, 5), st.text(max_size=2)),
    st.lists(st.one_of(st.integers(-3, 80), st.lists(st.integers(-1, 3), max_size=6),
                       st.none(), st.text(max_size=3)), max_size=4),
).map(lambda t: (t[0], t[1], *t[2]))


@given(cmd=command_strategy, moment=st.integers(0, 1500))
def test_refused_commands_change_nothing(cmd, moment):
    """Any command, however malformed, is either legal or refused with a reason;
    a refused command leaves the state byte-identical."""
    if moment not in _GAMES:
        _GAMES[moment] = random_game(moment % 7, rules=("base", "ck")[moment % 2], max_commands=moment)
    auth = _GAMES[moment]
    state = decode_state(encode_state(auth.state))
    before = encode_state(state)
    err = check(state, cmd)
    if err is None:
        apply(state, cmd)
        return
    assert err.code and err.detail
    with pytest.raises(Exception) as info:
        apply(state, cmd)
    assert info.value.code == err.code
    assert encode_state(state) == before


_GAMES = {}


# --- hidden information ----------------------------------------------------------

def _scramble_secrets_hidden_from(state, audience, rng):
    """Change everything `audience` may not know, keeping everything public:
    other seats' hand kinds (counts per seat and per kind kept, so the bank is
    unchanged), other seats' development card kinds (counts kept), the deck
    order and the generator state."""
    s = state_from_obj(state_to_obj(state))
    others = [p for p in range(s.n) if p != audience]
    for _ in range(30):                      # swap single cards between two other hands
        if len(others) < 2:
            break
        a, b = others[rng.below(len(others))], others[rng.below(len(others))]
        ka, kb = rng.below(len(s.bank)), rng.below(len(s.bank))
        if a != b and s.hands[a][ka] and s.hands[b][kb]:
            s.hands[a][ka] -= 1; s.hands[a][kb] += 1
            s.hands[b][kb] -= 1; s.hands[b][ka] += 1
    pool = list(s.deck)
    for p in others:                         # redeal other seats' old dev cards with the deck
        old = [k for k in range(5) for _ in range(s.dev[p][k] - s.dev_new[p][k])]
        pool += old
    rng.shuffle(pool)
    for p in others:
        kept_new = s.dev_new[p]
        count_old = s.dev_n[p] - sum(kept_new)
        s.dev[p] = list(kept_new)
        for _ in range(count_old):
            s.dev[p][pool.pop()] += 1
    s.deck = pool
    if s.prog is not None:                   # progress cards: shuffle kinds within each track
        from game.engine.constants import PROGRESS_TRACK
        for track in range(3):
            pool = list(s.prog_decks[track])
            for p in others:
                pool += [c for c in range(25) if PROGRESS_TRACK[c] == track for _ in range(s.prog[p][c])]
            rng.shuffle(pool)
            for p in others:
                for c in range(25):
                    if PROGRESS_TRACK[c] == track:
                        k, s.prog[p][c] = s.prog[p][c], 0
                        for _ in range(k):
                            s.prog[p][pool.pop()] += 1
            s.prog_decks[track] = pool
    s.rng.state ^= 0x5DEECE66D
    s.config["seed"] ^= 0x9E3779B9
    return s


@pytest.mark.slow
def test_a_view_depends_only_on_what_its_audience_may_know():
    """Non-interference: scrambling every secret hidden from an audience leaves
    that audience's view byte-identical, over many points of random games."""
    rng = Rng(4242)
    checked = {"n": 0, "changed": 0}

    def on_record(auth, record):
        if len(auth.log) % 29:
            return
        for audience in list(range(auth.state.n)) + [None]:
            other = _scramble_secrets_hidden_from(auth.state, audience, rng)
            assert pack(view_obj(other, audience)) == pack(view_obj(auth.state, audience))
            checked["n"] += 1
            # The scrambling is not a no-op: the hidden part really changed.
            checked["changed"] += encode_state(other) != encode_state(auth.state)

    for seed in range(6):
        random_game(100 + seed, rules="ck" if seed % 2 else "base", on_record=on_record,
                    max_commands=3000)
    assert checked["n"] > 300
    assert checked["changed"] == checked["n"]      # at least the generator always differs
    # ...and hands or cards changed too in most checks, not only the generator:
    assert _hand_scrambles_that_changed_something(rng) > 0.5


def _hand_scrambles_that_changed_something(rng):
    auth = random_game(77, max_commands=1500)
    changed = 0
    for _ in range(50):
        other = _scramble_secrets_hidden_from(auth.state, 0, rng)
        changed += other.hands != auth.state.hands or other.dev != auth.state.dev
    return changed / 50


@pytest.mark.slow
def test_views_and_redacted_records_never_carry_hidden_cards():
    """Over many random games of both rule sets: no view holds another seat's
    hand, development or progress cards, a deck or the generator; every drawn,
    stolen or privately passed card in a record is visible only to the seats
    entitled to it (B-5.4, B-9.1, CK-11, RULES.md 'Hidden information')."""
    from game.engine.constants import PROGRESS_VP_CARDS
    stats = {"hidden": 0, "shown": 0, "private": 0, "draws": 0}

    def on_record(auth, record):
        n = auth.state.n
        for audience in list(range(n)) + [None]:
            mine = record.for_audience(audience)
            for e in mine.events:
                if e[0] == "bought_dev":
                    assert (e[2] is not None) == (audience == e[1])
                if e[0] == "stole" and e[3] != -1 and e[3] is not None:
                    assert audience in (e[1], e[2])
                if e[0] in ("drew_progress", "progress_discarded") and e[3] is not None:
                    assert audience == e[1]
                if e[0] in ("gave", "took", "spied") and e[-1] is not None:
                    assert audience in (e[1], e[2])
            if record.outcome and "card" in record.outcome and record.cmd[0] == "buy_dev":
                assert (mine.outcome["card"] is not None) == (audience == record.cmd[1])
            for seat, card in (mine.outcome or {}).get("draws", []):
                stats["draws"] += 1
                assert card is None or seat == audience or card in PROGRESS_VP_CARDS
            if record.outcome and "private" in record.outcome:
                parties = record.outcome["private"][0]
                if audience not in parties:
                    stats["private"] += 1
                    assert mine.cmd != record.cmd and None in mine.cmd[3]
            if record.cmd[0] == "steal" and record.outcome["card"] != -1:
                entitled = audience in record.cmd[1:3]
                assert (mine.outcome["card"] is not None) == entitled
                stats["shown" if entitled else "hidden"] += 1
        if len(auth.log) % 13 == 0:
            rng_state = auth.state.rng.state
            for audience in list(range(n)) + [None]:
                obj = view_obj(auth.state, audience)
                assert obj["rng"] is None and obj["deck"] is None and obj["prog_decks"] is None
                assert obj["config"]["seed"] is None
                for seat in range(n):
                    if seat != audience:
                        for field in ("hands", "dev", "dev_new", "prog"):
                            assert obj[field] is None or obj[field][seat] is None
                assert pack(rng_state) not in pack(obj)

    for seed in range(8):
        random_game(200 + seed, rules="ck" if seed % 2 else "base", on_record=on_record,
                    max_commands=5000)
    assert stats["hidden"] > 20 and stats["shown"] > 10
    assert stats["private"] > 5 and stats["draws"] > 20


@pytest.mark.slow
@pytest.mark.parametrize("rules, players", [("base", 2), ("base", 3), ("base", 4), ("ck", 3), ("ck", 4)])
def test_replicas_of_every_audience_stay_in_lockstep(rules, players):
    """Each seat's (and a spectator's) copy, fed only its redacted records, ends
    every command with exactly the view the authority computes for it."""
    auth = Authority(default_config(rules=rules, players=players, seed=players * 7))
    replicas = [Replica(auth.view(a), a) for a in list(range(players)) + [None]]
    from game.bots.random_bot import RandomSeats
    bot = RandomSeats(players)
    while auth.state.phase != 9:
        record = auth.submit(bot.command(auth.state))
        for rep in replicas:
            mine = record.for_audience(rep.audience)
            assert rep.receive(mine) == mine.events
            if record.seq % 7 == 0:
                assert rep.view_hash() == auth.view_hash(rep.audience)
    for rep in replicas:
        assert rep.view_hash() == auth.view_hash(rep.audience)
        assert rep.state.winner == auth.state.winner


# --- tools ------------------------------------------------------------------------

@pytest.mark.slow
def test_simulate_tool_reports_clean_games(capsys):
    from tools import simulate
    code = simulate.main(["--games", "4", "--players", "3", "--seed", "5", "--json", "--replicas",
                          "--jobs", "1"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0
    assert result["games"] == 4 and result["errors"] == 0 and result["invariant_violations"] == 0
    assert result["finished"] + result["truncated"] == 4 and result["actions"] > 1000
    for key in ("seconds", "actions_per_sec", "games_per_sec"):
        assert result[key] > 0


def test_invariant_checker_catches_a_broken_state():
    from game.engine.invariants import check_state
    auth = random_game(9, max_commands=400)
    assert check_state(auth.state) == []
    auth.state.bank[0] += 1
    auth.state.vp_public[1] += 1
    problems = check_state(auth.state)
    assert any("card kind 0" in p for p in problems)
    assert any("seat 1" in p and "VP" in p for p in problems)


def test_invariant_checker_catches_broken_cities_and_knights_states():
    from game.engine.invariants import check_state
    auth = random_game(9, rules="ck", max_commands=2500)
    assert check_state(auth.state) == []
    auth.state.prog_decks[0].append(auth.state.prog_decks[0][0])      # a duplicated progress card
    auth.state.prog_deck_n[0] += 1
    auth.state.knights_left[2][1] += 1                                # a knight from nowhere
    auth.state.walls_left[0] -= 1                                     # a wall gone missing
    problems = check_state(auth.state)
    assert any("progress card" in p for p in problems)
    assert any("seat 2: knights of strength 2" in p for p in problems)
    assert any("seat 0: walls" in p for p in problems)


@pytest.mark.slow
def test_bench_engine_prints_its_figures(capsys):
    from tools.bench import engine as bench_engine
    assert bench_engine.main(["--games", "2", "--no-catanatron", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    for key in ("actions_per_sec", "games_per_sec", "like_for_like_actions_per_sec"):
        assert result[key] > 0


@pytest.mark.slow
def test_bench_engine_plays_another_checkout_alongside(capsys):
    """--against: another checkout's engine (here this one) plays the same
    games in a child process, and the ratios of ours over its are printed."""
    from tools.bench import engine as bench_engine
    assert bench_engine.main(["--games", "1", "--repeats", "1", "--no-catanatron", "--against", ROOT,
                              "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["against_like_ratio"] > 0 and result["against_ck_ratio"] > 0
    assert result["checkout_ck_ratio"] > 0 and result["against"] == os.path.abspath(ROOT)


def test_bench_engine_refuses_a_folder_that_is_no_checkout(tmp_path, capsys):
    from tools.bench import engine as bench_engine
    with pytest.raises(SystemExit) as stop:
        bench_engine.main(["--games", "1", "--against", str(tmp_path)])
    assert stop.value.code == 2
    assert "is not a checkout of this project" in capsys.readouterr().err


def test_every_refusal_code_is_listed():
    """ERROR_CODES (used by the translations) names every code the rules raise."""
    import re
    from game.engine import ERROR_CODES
    engine = os.path.join(ROOT, "game", "engine")
    raised = set()
    for folder, _, names in os.walk(engine):
        for name in names:
            if name.endswith(".py"):
                text = open(os.path.join(folder, name)).read()
                raised |= set(re.findall(r'IllegalCommand\("([a-z_]+)"', text))
    assert raised == set(ERROR_CODES)


def test_simulate_position_check_reads_a_repeated_position_once_and_still_compares():
    """The round trip of tools.simulate --check-positions remembers what a text read
    back to (a withdrawn offer returns to a position seen before), and a state that
    no longer matches its remembered reading is still reported."""
    from tools import simulate
    from game.engine.position import format as format_position
    auth = random_game(4, max_commands=300)
    known = {}
    assert simulate.position_problem(auth.state, known) is None
    text = format_position(auth.state)
    assert list(known) == [text]
    known[text] = "not the hash it read back to"
    problem = simulate.position_problem(auth.state, known)
    assert problem and problem[0] == "position round trip changed the state"


@pytest.mark.slow
def test_simulate_in_parts_plays_the_same_games_as_in_one_run(capsys):
    """A long tools.simulate run split with --first-game covers exactly the games of one run."""
    from tools import simulate

    def run(*extra):
        assert simulate.main(["--players", "3", "--seed", "8", "--json", "--jobs", "1", "--no-check",
                              *extra]) == 0
        return json.loads(capsys.readouterr().out)

    whole = run("--games", "3")
    parts = [run("--games", "2"), run("--games", "1", "--first-game", "2")]
    assert sum(p["actions"] for p in parts) == whole["actions"]
    assert run("--games", "1", "--first-game", "1")["actions"] != parts[1]["actions"]


def test_rule_set_options_are_config_keys_with_their_defaults():
    """What a rule set offers the new-game form is a config key the engine
    accepts, with the default `default_config` gives it, and every offered
    value makes a valid config."""
    from game.engine import RULESETS, default_config, validate_config
    assert set(RULESETS) == {"base", "ck"}
    for name, rules in RULESETS.items():
        cfg = default_config(rules=name)
        for option in rules.options:
            assert cfg[option.config] == option.default
            assert option.default in option.values
            for value in option.values:
                assert validate_config(dict(cfg, **{option.config: value})) is None


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_a_flag_or_a_fraction_is_never_a_number_in_a_command(rules):
    """The shape checks compare card counts, seats and small numbers with sets
    of the allowed values, where True equals 1 and 1.0 equals 1: the types are
    checked first, so a command carrying a flag or a fraction anywhere is
    malformed, while the same command with whole numbers gets past its shape."""
    auth = random_game(3, rules=rules, max_commands=400)
    state = auth.state
    kinds = len(state.bank)
    one = (0,) * (kinds - 1) + (1,)
    other = (1,) + (0,) * (kinds - 1)
    commands = [("offer", 0, one, other, (1, 2)), ("counter", 1, one, other), ("discard", 2, other),
                ("build_road", 0, 5), ("steal", 0, 1)]
    if rules == "ck":
        commands.append(("progress", 0, 3, (1, 2)))
    for cmd in commands:
        assert check(state, cmd) is None or check(state, cmd).code != "malformed", cmd
        for i, arg in enumerate(cmd[1:], 1):
            if isinstance(arg, tuple):
                for stranger in (True, 1.0):
                    bad = cmd[:i] + (arg[:-1] + (stranger,),) + cmd[i + 1:]
                    assert check(state, bad).code == "malformed", bad
            else:
                for stranger in (True, float(arg)):
                    bad = cmd[:i] + (stranger,) + cmd[i + 1:]
                    assert check(state, bad).code in ("malformed", "bad_seat"), bad
