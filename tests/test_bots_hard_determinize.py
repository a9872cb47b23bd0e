"""Determinization for the Hard player (game/bots/determinize.py): a sampled
complete state must be indistinguishable, for the seat, from the real game
(RULES.md 'Hidden information'; B-1.4, B-1.5 card totals; CK-1.2, CK-1.3)."""

import pytest
from hypothesis import example, given, settings, strategies as st

from example_counts import examples

from game.bots.determinize import determinize
from game.engine import apply, deciders, is_ck, legal_commands, pack, view, view_obj
from game.engine.board import STANDARD
from game.engine.constants import PROGRESS_CARDS, PROGRESS_TRACK
from game.engine.invariants import check_state
from game.engine.rng import Rng
from game.engine.state import GAME_OVER

from engine_play import random_position as position



positions = st.tuples(st.sampled_from(["base", "ck"]), st.integers(0, 5),
                      st.sampled_from([0, 8, 20, 60, 150, 300, 600, 1000, 1600, 2400]),
                      st.integers(0, 3), st.integers(0, 2 ** 32 - 1))


@given(positions)
@example(("ck", 0, 1600, 1, 0))     # one VP card laid: which one must fit the decks
@example(("base", 2, 1600, 0, 0))   # game over: the VP cards shown are known
@pytest.mark.slow
def test_determinized_state_has_the_seats_view_and_every_card_total(case):
    """The sample's view for the seat equals the given view byte for byte, and
    the sample is a valid complete state: card totals per kind (B-1.4, CK-1.2),
    the development deck (B-1.5) and progress decks (CK-1.3) complete."""
    rules, seed, length, seat, bot_seed = case
    state = position(rules, seed, length)
    seen = view(state, seat)
    world = determinize(seen, seat, Rng(bot_seed))
    assert pack(view_obj(world, seat)) == pack(view_obj(seen, seat))
    assert check_state(world) == []
    assert world.rng is not None
    if is_ck(world):
        for track in range(3):
            assert len(world.prog_decks[track]) == world.prog_deck_n[track]
        for s in range(world.n):
            assert sum(world.prog[s]) == world.prog_n[s]
        total = [0] * 25
        for s in range(world.n):
            for c in range(25):
                total[c] += world.prog[s][c]
        for deck in world.prog_decks:
            for c in deck:
                total[c] += 1
        laid = sum(world.prog_vp)
        full = [k for _, _, k in PROGRESS_CARDS]
        assert sum(full) - sum(total) == laid
        assert all(t <= k for t, k in zip(total, full))
        # Each deck only holds cards of its own track.
        assert all(PROGRESS_TRACK[c] == t for t, deck in enumerate(world.prog_decks) for c in deck)
    else:
        held = [sum(world.dev[s][k] for s in range(world.n)) for k in range(5)]
        in_deck = [world.deck.count(k) for k in range(5)]
        assert [h + d + p for h, d, p in zip(held, in_deck, world.dev_discard)] == list(STANDARD.supply.dev_deck)


def _play_on(world, pick, steps, each=lambda world: None) -> list:
    """Random legal commands of the deciders on `world` (up to `steps`, or
    the end); each(world) after every one.  Returns the commands played."""
    played = []
    for _ in range(steps):
        if world.phase == GAME_OVER:
            break
        who = deciders(world)
        s = who[pick.below(len(who))]
        cmds = legal_commands(world, s)
        played.append(cmds[pick.below(len(cmds))])
        apply(world, played[-1])
        each(world)
    return played


@settings(max_examples=examples(ci=200, dev=6))
@given(positions)
def test_a_determinized_state_plays_on_with_the_engines_apply(case):
    """Search applies commands to samples: every decider's listed commands are
    accepted there, and play continues with its own generator."""
    rules, seed, length, seat, bot_seed = case
    world = determinize(view(position(rules, seed, length), seat), seat, Rng(bot_seed))

    def valid(world):
        assert check_state(world) == []
    _play_on(world, Rng(bot_seed ^ 0x5A5A), 200, valid)


@given(positions)
def test_a_sample_of_a_lan_games_view_rolls_its_own_dice_B_5_1(case):
    """A LAN game's dice come from each roll's mix of every seat's values and
    from the seed (the config's mixed_dice and streams, net/host/game.py),
    which no view holds: a sample rolls from its own generator (B-5.1), so
    the search plays on through rolls instead of failing at the first one."""
    rules, seed, length, seat, bot_seed = case
    state = position(rules, seed, length).copy()      # the cached position stays as it was
    state.config = dict(state.config, mixed_dice=True, streams=True)
    world = determinize(view(state, seat), seat, Rng(bot_seed))
    played = _play_on(world, Rng(bot_seed ^ 0x5A5A), 300)
    assert any(cmd[0] == "roll" for cmd in played) or world.phase == GAME_OVER


def test_samples_differ_with_the_bots_seed_but_not_the_view():
    """Different bot seeds sample different hidden hands (the sample is not a
    fixed guess), while the seat's own hand is kept."""
    state = position("base", 3, 600)
    seen = view(state, 0)
    hands = {tuple(map(tuple, determinize(seen, 0, Rng(k)).hands)) for k in range(12)}
    assert len(hands) > 1
    assert all(list(h[0]) == state.hands[0] for h in hands)
