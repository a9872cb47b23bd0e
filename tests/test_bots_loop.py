"""The bot protocol and the one game loop (game/bots/protocol.py, loop.py)."""

import pytest

from game.bots import make_bot
from game.bots.loop import Stalled, Table, clockwise, others_first
from game.bots.protocol import safe_command
from game.bots.random_bot import RandomSeats, RandomPlayer, random_table
from game.engine import deciders, default_config, legal_commands, view
from game.engine.match import Authority, Replica
from game.engine.state import GAME_OVER, MAIN, TRADE


def test_random_table_plays_the_games_random_bot_plays():
    """The loop with random_table makes the draws of RandomSeats picking a
    seat, then a command: the random games of tools and tests are unchanged."""
    for rules in ("base", "ck"):
        by_hand = Authority(default_config(rules=rules, seed=4))
        bot = RandomSeats(4)
        for _ in range(600):
            by_hand.submit(bot.command(by_hand.state))
        looped = Authority(default_config(rules=rules, seed=4))
        bots, order = random_table(4, 4)
        table = Table(bots, lambda: looped.state, looped.submit, view=lambda seat: looped.state, order=order)
        table.run(until=lambda: table.moves >= 600)
        assert [r.cmd for r in looped.log] == [r.cmd for r in by_hand.log]
        assert looped.state_hash() == by_hand.state_hash()


def test_steps_one_at_a_time_play_the_same_game_as_run():
    def game(stepwise):
        auth = Authority(default_config(seed=8))
        bots = [make_bot(level, seat, 30 + seat) for seat, level in enumerate(("easy", "medium", "random", "easy"))]
        table = Table(bots, lambda: auth.state, auth.submit)
        if stepwise:
            while auth.state.phase != GAME_OVER and auth.state.turn <= 40:
                move = table.step()
                assert move.record is auth.log[-1] and move.cmd == move.record.cmd
        else:
            table.run(turn_cap=40)
        return [r.cmd for r in auth.log]

    assert game(True) == game(False)


def test_observing_bots_see_each_record_as_their_seat_may():
    """A bot with observe() gets every command's record redacted for its
    seat: a copy kept from those records stays equal to the seat's view."""

    class Watcher(RandomPlayer):
        def __init__(self, seat, seed, start):
            super().__init__(seat, seed)
            self.replica = Replica(start, seat)

        def observe(self, record):
            self.replica.receive(record)

    auth = Authority(default_config(rules="ck", seed=12))
    watchers = {seat: Watcher(seat, seat, auth.view(seat)) for seat in (1, 3)}
    bots = {0: RandomPlayer(0, 5), 2: RandomPlayer(2, 6), **watchers}
    Table(bots, lambda: auth.state, auth.submit).run(until=lambda: len(auth.log) >= 400)
    for seat, w in watchers.items():
        assert w.replica.view_hash() == auth.view_hash(seat)


def test_seats_without_a_bot_are_never_asked_and_a_silent_table_stalls():
    auth = Authority(default_config(seed=3))
    table = Table({}, lambda: auth.state, auth.submit)
    assert table.deciding() == [] and table.step() is None

    class Silent:
        seat, level = 0, "silent"

        def choose(self, view):
            return None

    table = Table({s: Silent() for s in range(4)}, lambda: auth.state, auth.submit)
    with pytest.raises(Stalled) as err:
        table.run()
    assert err.value.seats == deciders(auth.state)


def test_orders_and_before_and_timer_hooks():
    auth = Authority(default_config(seed=5))
    bots, order = random_table(5, 4)
    seen, times = [], []
    table = Table(bots, lambda: auth.state, auth.submit, view=lambda seat: auth.state, order=order,
                  before=lambda seat, v, cmd: seen.append((seat, cmd)),
                  timer=lambda seat, wall, cpu: times.append(seat))
    # Play until an offer waits for answers: several seats decide at once.
    table.run(until=lambda: auth.state.phase == TRADE)
    state = auth.state
    assert seen == [(r.cmd[1], r.cmd) for r in auth.log] and len(times) == len(seen)
    first = others_first(state)
    assert first[-1] == state.current and sorted(first) == sorted(deciders(state))
    ring = clockwise(state)
    assert ring[0] == state.current and sorted(ring) == sorted(deciders(state))


def test_make_bot_random_is_a_seat_bot_like_every_level():
    auth = Authority(default_config(seed=2))
    seat = auth.state.current
    idle = (seat + 1) % 4
    bot = make_bot("random", seat, 7)
    assert (bot.seat, bot.level) == (seat, "random")
    assert bot.choose(view(auth.state, seat)) in legal_commands(auth.state, seat)
    assert make_bot("random", idle, 7).choose(view(auth.state, idle)) is None


def test_a_random_player_draws_avoided_kinds_only_when_it_has_nothing_else():
    """The random players of tools and tests avoid offers; a kind avoided is
    still played when it is all the seat may do, so a game never stalls."""
    seats = RandomSeats(3)
    auth = Authority(default_config(seed=3))
    founder = auth.state.current
    # Founding: a settlement is all the seat may do.
    cmd = seats.player(founder, avoid=("place_settlement",)).choose(auth.state)
    assert cmd[0] == "place_settlement"
    bots, order = random_table(3, 4)
    Table(bots, lambda: auth.state, auth.submit, view=lambda seat: auth.state, order=order).run(
        until=lambda: auth.state.phase == MAIN and any(c[0] == "offer" for c in legal_commands(auth.state, auth.state.current)))
    seat = auth.state.current
    kinds = {c[0] for c in legal_commands(auth.state, seat)}
    assert {"offer", "end_turn"} <= kinds
    for avoided in (("offer",), ("end_turn",), ("offer", "end_turn"), tuple(kinds)):
        picks = {seats.player(seat, avoided).choose(auth.state)[0] for _ in range(40)}
        assert picks and picks <= (kinds - set(avoided) or kinds)
    assert seats.player(seat, ("offer",)) is seats.player(seat, ["offer"])      # one player each, one generator
    assert seats.player(seat).rng is seats.rng


def test_safe_command_is_the_one_safe_kind_else_the_first():
    assert safe_command([("build_road", 0, 3), ("end_turn", 0)]) == ("end_turn", 0)
    assert safe_command([("accept", 1), ("decline", 1), ("counter", 1, (1,), (0,))]) == ("decline", 1)
    assert safe_command([("discard", 2, (1, 0)), ("discard", 2, (0, 1))]) == ("discard", 2, (1, 0))
    assert safe_command([]) is None
