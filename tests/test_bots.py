"""Computer players: the seat interface, legality everywhere, view-only
decisions, replayable games, and the trading rules they keep."""

import pytest
from hypothesis import given, settings, strategies as st

from example_counts import examples

from game.bots import LEVELS, make_bot
from game.bots.loop import Table
from game.engine import check, deciders, default_config, state_hash, view
from game.engine.match import Authority
from game.engine.rng import Rng
from game.engine.state import GAME_OVER

from engine_play import random_game
from test_engine_core import _scramble_secrets_hidden_from

PLAYING_LEVELS = ("easy", "medium")


def bot_game(rules, seed, levels, players=4, turn_cap=400, on_decision=None):
    """A complete game between computer players, each deciding from its own
    view; returns the Authority.  `on_decision(state, seat, view, cmd)` sees
    every decision."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bots = [make_bot(levels[s % len(levels)], s, seed * 10 + s, strict=True) for s in range(players)]
    state = auth.state
    before = None if on_decision is None else (lambda seat, v, cmd: on_decision(state, seat, v, cmd))
    Table(bots, lambda: state, auth.submit, before=before).run(turn_cap=turn_cap)
    return auth


# --- interface ---------------------------------------------------------------------------------

def test_make_bot_gives_every_level_the_seat_interface():
    for level in LEVELS + ("random",):
        bot = make_bot(level, 2, seed=5)
        assert bot.level == level and bot.seat == 2 and callable(bot.choose)
    with pytest.raises(ValueError, match="unknown computer level"):
        make_bot("grandmaster", 0)


def test_a_bot_returns_none_when_its_seat_has_nothing_to_decide():
    auth = Authority(default_config(seed=3))
    idle = next(s for s in range(4) if s not in deciders(auth.state))
    for level in PLAYING_LEVELS:
        assert make_bot(level, idle, 1).choose(view(auth.state, idle)) is None


# --- legality over many positions of both rule sets -----------------------------------------------

@given(seed=st.integers(0, 10_000), stop=st.integers(0, 1500), rules=st.sampled_from(["base", "ck"]))
def test_bots_choose_a_legal_command_in_random_positions(seed, stop, rules):
    """From any position reached by random play, every deciding seat's bot of
    every level proposes a command the authority accepts (strict bots raise
    rather than fall back)."""
    auth = random_game(seed, rules=rules, max_commands=stop)
    state = auth.state
    for seat in deciders(state):
        for level in PLAYING_LEVELS:
            cmd = make_bot(level, seat, seed, strict=True).choose(view(state, seat))
            assert cmd is not None and cmd[1] == seat
            assert check(state, cmd) is None, (level, cmd)


@pytest.mark.parametrize("rules, seed", [("base", 1), pytest.param("base", 2, marks=pytest.mark.slow),
                                          ("ck", 3), pytest.param("ck", 4, marks=pytest.mark.slow)])
@pytest.mark.slow
def test_games_between_bots_finish_with_every_decision_legal(rules, seed):
    """Complete games, every level in the mix: strict bots never propose a
    refused command and the game reaches its end."""
    kinds = set()

    def on_decision(state, seat, v, cmd):
        assert check(state, cmd) is None
        kinds.add(cmd[0])

    auth = bot_game(rules, seed, ["medium", "easy", "medium", "easy"], on_decision=on_decision)
    assert auth.state.phase == GAME_OVER
    assert {"roll", "end_turn", "build_road", "build_settlement"} <= kinds


# --- only the seat's view ----------------------------------------------------------------------

@pytest.mark.parametrize("rules, seed", [("base", 21), ("ck", 22)])
@pytest.mark.slow
def test_a_bot_decides_only_from_what_its_seat_may_know(rules, seed):
    """Scrambling everything hidden from the seat in the authority's state
    (other hands with counts kept, decks and unseen cards, generator, seed)
    never changes the choice of a bot given view(state, seat)."""
    rng = Rng(seed)
    checked = {"n": 0, "secret_changed": 0}

    def on_decision(state, seat, v, cmd):
        if rng.below(5):
            return
        other = _scramble_secrets_hidden_from(state, seat, rng)
        checked["secret_changed"] += (other.hands != state.hands or other.deck != state.deck
                                      or other.prog_decks != state.prog_decks)
        for level in PLAYING_LEVELS:
            mine = make_bot(level, seat, 99, strict=True).choose(view(state, seat))
            theirs = make_bot(level, seat, 99, strict=True).choose(view(other, seat))
            assert mine == theirs
        checked["n"] += 1

    bot_game(rules, seed, ["medium", "easy"], on_decision=on_decision)
    assert checked["n"] > 30
    assert checked["secret_changed"] > checked["n"] // 2


# --- replay ------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("rules, seed", [("base", 31), ("ck", 32)])
def test_a_game_with_bots_replays_exactly_from_its_command_log(rules, seed):
    """Bots draw only from their own generators: the log alone rebuilds the
    game, and the same seeds play the same game again."""
    auth = bot_game(rules, seed, ["medium", "easy", "random", "medium"])
    log = [r.cmd for r in auth.log]
    replayed = Authority.replay(auth.config, log, [r.outcome for r in auth.log])
    assert replayed.state_hash() == auth.state_hash()
    again = bot_game(rules, seed, ["medium", "easy", "random", "medium"])
    assert [r.cmd for r in again.log] == log
    assert state_hash(again.state) == auth.state_hash()


def test_every_level_has_a_name_and_description_in_both_languages():
    from game.client.i18n import catalog
    for lang in ("en", "nl"):
        cat = catalog(lang)
        for level in LEVELS + ("random",):
            assert cat[f"bot.level.{level}"] and cat[f"bot.level.{level}.help"], (lang, level)
    nl = catalog("nl")
    assert [nl[f"bot.level.{lv}"] for lv in LEVELS] == ["Makkelijk", "Gemiddeld", "Moeilijk"]


@given(seed=st.integers(0, 10_000), stop=st.integers(0, 1500), rules=st.sampled_from(["base", "ck"]))
def test_candidates_and_policy_are_legal_and_offers_are_few(seed, stop, rules):
    """The search interface of evaluate.py and policy.py: every candidate is a legal command
    (offers at most a few, all legal terms), the policy plays a legal command
    drawing only on the generator it is given, and evaluate gives a number."""
    from game.bots.evaluate import evaluate
    from game.bots.policy import candidates, policy
    auth = random_game(seed, rules=rules, max_commands=stop)
    state = auth.state
    for seat in deciders(state):
        v = view(state, seat)
        cands = candidates(v, seat)
        assert cands and all(check(state, c) is None for c in cands)
        assert sum(c[0] == "offer" for c in cands) <= 3
        cmd = policy(v, seat, Rng(seed))
        assert check(state, cmd) is None and cmd == policy(view(state, seat), seat, Rng(seed))
        assert isinstance(evaluate(v, seat), float)


@pytest.mark.parametrize("failure", ["raises", "illegal", "nothing"])
def test_a_failing_decision_falls_back_to_a_safe_legal_command(failure):
    """Never stall: whatever goes wrong inside a level, the seat still gets a
    legal command (end the turn, decline, roll ...), unless the bot is strict."""
    from game.bots.medium import MediumPlayer

    class Broken(MediumPlayer):
        def decide(self, view, cmds):
            if failure == "raises":
                raise RuntimeError("a bug in a level")
            return ("build_city", self.seat, 999) if failure == "illegal" else None

    positions = []
    random_game(61, on_record=lambda auth, r: positions.append(auth.state.copy())
                if len(auth.log) % 97 == 0 else None, max_commands=1500)
    random_game(62, rules="ck", on_record=lambda auth, r: positions.append(auth.state.copy())
                if len(auth.log) % 97 == 0 else None, max_commands=1500)
    for state in positions:
        for seat in deciders(state):
            cmd = Broken(seat, 1).choose(view(state, seat))
            assert cmd is not None and check(state, cmd) is None
            if failure != "nothing":
                with pytest.raises((RuntimeError, AssertionError)):
                    Broken(seat, 1, strict=True).choose(view(state, seat))


# each example plays whole random games: the profile's count would take minutes
@settings(max_examples=examples(ci=10, dev=4))
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(["base", "ck"]))
def test_remembered_settlement_spots_equal_a_fresh_count_and_cannot_be_spoiled(seed, rules):
    """The bots' spot finder remembers boards (speed); what it gives back is
    what a fresh count gives (B-3.3 distance rule, CK knights block), and a
    caller changing its copy changes nothing for the next caller."""
    from game.bots import facts
    checked = 0

    def compare(auth, record):
        nonlocal checked
        if len(auth.log) % 7:
            return
        state = auth.state
        for seat in range(4):
            for reach in (0, 2, 3):
                got = facts.spots_by_distance(state, seat, reach)
                assert got == facts._spots_by_distance(state, seat, reach)
                got[-1] = 99
                assert -1 not in facts.spots_by_distance(state, seat, reach)
                checked += 1
    random_game(seed, rules=rules, max_commands=700, on_record=compare)
    assert checked >= 100
