"""Mixed dice in the engine (the config's `mixed_dice`, game/engine/helpers.dice_rng):
each roll's dice come from the mix the host adds to the rolling command, and
from nothing else, so the seed (which the host knows) tells no roll ahead."""

import pytest

from game.engine import default_config, deciders, legal_commands
from game.engine.match import Authority
from game.engine.rules import IllegalCommand, check, rolls, with_mix
from game.engine import validate_config
from game.engine.views import view


def _to_roll(config):
    """An Authority at its first roll, and the roll command as the seat asks for it."""
    auth = Authority(config)
    while True:
        seat = deciders(auth.state)[0]
        cmds = legal_commands(auth.state, seat)
        roll = next((c for c in cmds if c[0] == "roll"), None)
        if roll is not None:
            return auth, roll
        auth.submit(cmds[0])


def test_mixed_dice_is_an_optional_true_or_false_key():
    assert validate_config(default_config(mixed_dice=True)) is None
    assert validate_config(default_config(mixed_dice=False)) is None
    assert "mixed_dice" in validate_config(default_config(mixed_dice=1))


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_the_dice_come_from_the_mix_alone_not_from_the_seed(rules):
    """B-4.1, CK-3: with mixed dice, one mix gives the same dice whatever the
    seed; another mix gives other dice (over a few mixes)."""
    shown = {}
    for seed in (1, 2):
        auth, roll = _to_roll(default_config(rules=rules, players=3, seed=seed, mixed_dice=True))
        for mix in range(6):
            trial = Authority.replay(auth.config, [r.cmd for r in auth.log])
            record = trial.submit(with_mix(roll, mix))
            shown.setdefault(mix, set()).add(tuple(record.outcome["dice"]))
            assert "mix" not in record.outcome and record.cmd[-1] == mix
    assert all(len(dice) == 1 for dice in shown.values())                  # the seed does not count
    assert len({next(iter(dice)) for dice in shown.values()}) > 1          # the mix does


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_the_authority_needs_the_mix_and_a_seat_asks_without_it(rules):
    """The host adds the mix: on the authority a roll without one is refused
    (nothing changes), a seat's copy lists and checks the roll without it."""
    auth, roll = _to_roll(default_config(rules=rules, players=2, seed=3, mixed_dice=True))
    assert rolls(roll)
    before = auth.state_hash()
    err = check(auth.state, roll)
    assert err is not None and err.code == "malformed"
    with pytest.raises(IllegalCommand):
        auth.submit(roll)
    assert auth.state_hash() == before
    assert check(auth.state, with_mix(roll, 2 ** 63)) is not None        # past the mix's range
    assert check(auth.state, with_mix(roll, -1)) is not None
    assert check(auth.state, with_mix(roll, 5)) is None
    seat = auth.state.current
    mine = view(auth.state, seat)
    assert roll in legal_commands(mine, seat) and check(mine, roll) is None


def test_without_mixed_dice_a_mix_is_refused_and_old_games_roll_as_before():
    """Hot-seat and every save before mixed dice: the roll takes no mix."""
    auth, roll = _to_roll(default_config(players=2, seed=3))
    assert check(auth.state, with_mix(roll, 5)).code == "malformed"
    assert check(auth.state, roll) is None


def test_every_rolling_command_of_whole_games_replays_with_its_mix():
    """Whole random games of both rule sets (the Alchemist too, CK-11):
    the log, mixes included, replays to the same state."""
    import random
    from game.engine.state import GAME_OVER
    for rules in ("base", "ck"):
        config = default_config(rules=rules, players=3, seed=11, mixed_dice=True)
        auth, pick = Authority(config), random.Random(4)
        kinds = set()
        while auth.state.phase != GAME_OVER and len(auth.log) < 3000:
            seat = deciders(auth.state)[0]
            cmd = tuple(pick.choice(legal_commands(auth.state, seat)))
            if rolls(cmd):
                kinds.add(cmd[0])
                cmd = with_mix(cmd, pick.getrandbits(63))
            auth.submit(cmd)
        again = Authority.replay(config, [r.cmd for r in auth.log], [r.outcome for r in auth.log])
        assert again.state_hash() == auth.state_hash() and "roll" in kinds
