"""Taking back a move (game/engine/undo.py): an undo gives exactly the state
from before the command it takes back — the authority's state hash and
every seat's view hash, on the authority and on every LAN replica — and an
undo of anything that left something to chance, revealed something hidden
(B-9.1, B-5.4) or involved another player (B-7.1) is refused with its reason.
Saves record undos and replay them; computers never undo."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from example_counts import examples

from base_helpers import make_game, put_building, set_hand, start_turn
from game import saves
from game.bots import ALL_LEVELS, make_bot
from game.bots.loop import Table
from game.bots.random_bot import RandomSeats
from game.engine import IllegalCommand, default_config, legal_commands
from game.engine.codec import state_hash
from game.engine.constants import BRICK, GRAIN, ORE, WOOD, WOOL
from game.engine.match import Authority, Replica
from game.engine.state import GAME_OVER, MAIN
from game.engine.undo import UNDO
from game.engine.views import view

# The spec, restated: what may be taken back, and the events such a move
# makes when it did only what it says.
TAKE_BACK = {"base": {"place_settlement", "place_road", "build_road", "build_settlement", "build_city",
                      "maritime"}}
TAKE_BACK["ck"] = TAKE_BACK["base"] | {"place_city", "build_wall", "recruit_knight", "activate_knight",
                                       "promote_knight", "move_knight", "improve"}
PLAIN = {"built", "longest_road", "produced", "maritime", "improved", "knight_recruited",
         "knight_activated", "knight_promoted", "knight_moved"}
# Why a command of each kind ends what may be taken back.
WHY = {"roll": "undo_dice", "buy_dev": "undo_card_drawn", "steal": "undo_steal", "progress": "undo_progress",
       "play_knight": "undo_card_played", "play_road_building": "undo_card_played",
       "play_year_of_plenty": "undo_card_played", "play_monopoly": "undo_card_played",
       "move_robber": "undo_robber", "skip_steal": "undo_robber", "chase_robber": "undo_robber",
       "offer": "undo_trade", "accept": "undo_trade", "decline": "undo_trade", "counter": "undo_trade",
       "confirm_trade": "undo_trade", "cancel_trade": "undo_trade", "harbor_trade": "undo_trade",
       "end_turn": "undo_nothing", "pass_build": "undo_nothing", "discard": "undo_decision", "resolve": "undo_decision",
       "displace_knight": "undo_decision"}


class Model:
    """What may be taken back, followed command by command from the spec:
    (hashes before, seat, its record) per command of this turn that may be,
    and the seat whose move ended what came before and why."""

    def __init__(self):
        self.stack, self.why, self.last = [], "undo_nothing", -1

    def after(self, rules, record, state, before, turn_before):
        seat, kind = record.cmd[1], record.cmd[0]
        if kind in TAKE_BACK[rules]:
            if (state.turn, state.current) != turn_before:
                why = "undo_nothing"        # the move passed the turn on (the founding round)
            elif record.outcome or state.pending is not None or state.phase == GAME_OVER or \
                    any(e[0] not in PLAIN for e in record.events):
                why = "undo_set_off"
            else:
                if self.stack and self.stack[-1][1] != seat:
                    self.stack = []
                self.stack.append((before, seat, record))
                return
        else:
            why = WHY[kind]
        self.stack, self.why, self.last = [], why, seat       # (whose move ended it: its reason is theirs)

    def expect(self, state, seat):
        """(hashes the undo gives back, None) or (None, the refusal's code)."""
        if state.phase == GAME_OVER:
            return None, "game_over"
        if self.stack and self.stack[-1][1] == seat:
            return self.stack[-1][0], None
        return None, self.why if seat == self.last and not self.stack else "undo_nothing"


def hashes(auth, audiences):
    return auth.state_hash(), tuple(auth.view_hash(a) for a in audiences)


@settings(max_examples=examples(ci=20, dev=3))
@given(rules=st.sampled_from(("base", "ck")), seed=st.integers(0, 2 ** 16), players=st.sampled_from((3, 4, 5, 6)),
       length=st.integers(40, 240), asking=st.floats(0.1, 0.6))
@pytest.mark.slow
def test_an_undo_gives_back_the_hashes_from_before_its_command_or_is_refused_with_its_reason(
        rules, seed, players, length, asking):
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    audiences = list(range(players)) + [None]
    replicas = {a: Replica(view(auth.state, a), a) for a in audiences}
    bot, chance, model = RandomSeats(seed), random.Random(seed), Model()
    undone = refused = 0

    def hand_out(record):
        for a, replica in replicas.items():
            replica.receive(record.for_audience(a))
            assert replica.view_hash() == auth.view_hash(a)

    while auth.state.phase != GAME_OVER and len(auth.log) < length:
        state = auth.state
        seat = bot.pick_seat(state)
        cmd = bot.player(seat, ("offer",)).choose(state)
        before, turn_before = hashes(auth, audiences), (state.turn, state.current)
        record = auth.submit(cmd)
        hand_out(record)
        model.after(rules, record, auth.state, before, turn_before)
        while chance.random() < asking:          # undos in a row walk back further
            asker = record.cmd[1] if chance.random() < 0.8 else chance.randrange(players)
            wanted, code = model.expect(auth.state, asker)
            try:
                taken = auth.submit((UNDO, asker))
            except IllegalCommand as err:
                assert err.code == code, (record.cmd, err)
                refused += 1
                break
            assert code is None, (record.cmd, taken)
            _, _, back = model.stack.pop()
            assert taken.events == (("took_back", asker, back.seq, back.cmd),)
            hand_out(taken)
            assert hashes(auth, audiences) == wanted
            undone += 1
    assert undone + refused > 0 or len(auth.log) < 5


def _game_in_main(seat=0, hand=(2, 2, 2, 2, 2), phase="main"):
    """Seat 0's turn after the roll (or before it, rolling 2 + 3), a
    settlement of each seat on the board."""
    auth = make_game(players=3, dice=[[2, 3]] * 3)
    for s, node in enumerate((10, 30, 45)):
        put_building(auth.state, s, node)
    start_turn(auth, seat, phase)
    set_hand(auth.state, seat, list(hand))
    return auth


def _road_spot(auth, seat):
    return next(c for c in legal_commands(auth.state, seat) if c[0] == "build_road")


def test_B_6_1_a_road_and_a_bank_trade_are_taken_back_newest_first_then_nothing_is_left():
    auth = _game_in_main(hand=(4, 2, 0, 0, 0))
    start = state_hash(auth.state)
    auth.submit(("maritime", 0, WOOD, GRAIN))
    after_trade = state_hash(auth.state)
    auth.submit(_road_spot(auth, 0))
    taken = auth.submit((UNDO, 0))
    assert taken.cmd == (UNDO, 0) and taken.events[0][:3] == ("took_back", 0, len(auth.log) - 1)
    assert taken.events[0][3][0] == "build_road" and state_hash(auth.state) == after_trade
    auth.submit((UNDO, 0))
    assert state_hash(auth.state) == start
    with pytest.raises(IllegalCommand) as err:
        auth.submit((UNDO, 0))
    assert err.value.code == "undo_nothing"


def test_B_9_1_a_card_drawn_is_not_taken_back_and_the_builds_before_it_stay():
    auth = _game_in_main(hand=(1, 1, 1, 1, 1))
    auth.submit(_road_spot(auth, 0))
    auth.submit(("buy_dev", 0))
    kept = state_hash(auth.state)
    with pytest.raises(IllegalCommand) as err:
        auth.submit((UNDO, 0))
    assert err.value.code == "undo_card_drawn" and "card drawn" in err.value.detail
    assert state_hash(auth.state) == kept


def test_B_4_1_the_dice_and_the_end_of_a_turn_end_what_may_be_taken_back():
    auth = _game_in_main(hand=(1, 1, 0, 0, 0), phase="roll")
    auth.submit(("roll", 0))
    assert auth.state.phase == MAIN
    with pytest.raises(IllegalCommand) as err:
        auth.submit((UNDO, 0))
    assert err.value.code == "undo_dice"
    auth.submit(_road_spot(auth, 0))
    auth.submit(("end_turn", 0))
    for seat in range(3):
        with pytest.raises(IllegalCommand) as err:
            auth.submit((UNDO, seat))
        assert err.value.code == "undo_nothing"


def test_B_4_3_only_the_player_who_made_the_move_takes_it_back():
    auth = _game_in_main(hand=(1, 1, 0, 0, 0))
    auth.submit(_road_spot(auth, 0))
    with pytest.raises(IllegalCommand) as err:
        auth.submit((UNDO, 1))
    assert err.value.code == "undo_nothing"
    assert auth.takebacks.status(auth.state, 0)[0][0] == "build_road"
    assert auth.takebacks.status(auth.state, 1) == (None, err.value) or \
        auth.takebacks.status(auth.state, 1)[1].code == "undo_nothing"


def test_B_7_1_a_trade_offered_to_other_players_is_not_taken_back():
    auth = _game_in_main(hand=(1, 0, 0, 0, 0))
    set_hand(auth.state, 1, [0, 1, 0, 0, 0])
    auth.submit(("offer", 0, (1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (1, 2)))
    auth.submit(("cancel_trade", 0))
    with pytest.raises(IllegalCommand) as err:
        auth.submit((UNDO, 0))
    assert err.value.code == "undo_trade"


def test_B_3_2_a_founding_settlement_is_taken_back_before_its_road_not_after():
    auth = make_game(players=3)
    seat = auth.state.current
    start = state_hash(auth.state)
    spot = legal_commands(auth.state, seat)[0]
    auth.submit(spot)
    auth.submit((UNDO, seat))
    assert state_hash(auth.state) == start
    auth.submit(spot)
    auth.submit(legal_commands(auth.state, seat)[0])     # its road: the next player's turn
    with pytest.raises(IllegalCommand) as err:
        auth.submit((UNDO, seat))
    assert err.value.code == "undo_nothing"


@pytest.mark.parametrize("cmd", [("undo",), ("undo", 0, 1), ("undo", 9), ("undo", "0"), ("undo", True)])
def test_a_malformed_undo_is_refused_and_changes_nothing(cmd):
    auth = _game_in_main(hand=(1, 1, 0, 0, 0))
    auth.submit(_road_spot(auth, 0))
    kept = state_hash(auth.state)
    with pytest.raises(IllegalCommand) as err:
        auth.submit(cmd)
    assert err.value.code in ("malformed", "bad_seat")
    assert state_hash(auth.state) == kept and auth.takebacks.status(auth.state, 0)[1] is None


def test_B_8_6_the_winning_move_is_not_taken_back():
    auth = _game_in_main(hand=(0, 0, 0, 2, 3))
    auth.state.vp_public[0] = auth.state.config["vp_target"] - 1
    auth.submit(("build_city", 0, 10))
    assert auth.state.phase == GAME_OVER
    with pytest.raises(IllegalCommand) as err:
        auth.submit((UNDO, 0))
    assert err.value.code == "game_over"


def test_the_listed_fast_path_never_applies_a_listing_made_before_an_undo():
    """rules.restore drops the listing: a command listed for the state as it
    was before the undo is checked in full against the state as it is now."""
    auth = _game_in_main(hand=(1, 1, 0, 0, 0))
    road = _road_spot(auth, 0)
    auth.submit(road)
    listed = legal_commands(auth.state, 0)           # the state after the road
    auth.submit((UNDO, 0))
    set_hand(auth.state, 0, [0, 0, 0, 0, 0])
    stale = next((c for c in listed if c[0] == "end_turn"), None)
    assert stale is not None
    from game.engine import apply
    with pytest.raises(IllegalCommand):
        apply(auth.state, road)                       # checked: no cards any more


def _playing_until(rules, seed, kind, players=3, who=lambda state: state.current):
    """A random game (an Authority) up to a moment the seat `who(state)` (the
    player on turn) may make a `kind`."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bot = RandomSeats(seed)
    while not any(c[0] == kind for c in legal_commands(auth.state, who(auth.state))):
        seat = bot.pick_seat(auth.state)
        auth.submit(bot.player(seat, ("offer",)).choose(auth.state))
    return auth


def test_X_1_7_a_road_of_the_special_building_phase_is_taken_back_by_its_builder_until_it_passes():
    from game.engine.rulesets.base.special import special_builder
    from game.engine.state import SPECIAL_BUILD

    def builder(state):
        return special_builder(state) if state.phase == SPECIAL_BUILD else -1
    auth = _playing_until("base", 5, "build_road", players=5, who=builder)
    seat, before = builder(auth.state), state_hash(auth.state)
    assert seat != auth.state.current
    auth.submit(_road_spot(auth, seat))
    with pytest.raises(IllegalCommand):
        auth.submit((UNDO, auth.state.current))         # the player whose turn ended: not theirs
    auth.submit((UNDO, seat))
    assert state_hash(auth.state) == before
    auth.submit(("pass_build", seat))
    with pytest.raises(IllegalCommand) as err:
        auth.submit((UNDO, seat))
    assert err.value.code == "undo_nothing"


def test_a_save_with_undos_replays_and_verifies(tmp_path):
    from game import cli
    auth = _playing_until("base", 3, "build_road")
    seat = auth.state.current
    hashes = [state_hash(Authority.replay(auth.config, [r.cmd for r in auth.log[:i + 1]]).state)
              for i in range(len(auth.log))]

    def submit(cmd):
        auth.submit(cmd)
        hashes.append(state_hash(auth.state))
    road = _road_spot(auth, seat)
    submit(road)
    submit((UNDO, seat))
    submit(road)
    submit((UNDO, seat))
    path = str(tmp_path / ("undo" + saves.SUFFIX))
    saves.Autosaver(auth, path, hashes=hashes).record()
    restored = saves.restore(saves.load(path), verify=True)
    assert state_hash(restored.state) == state_hash(auth.state)
    assert [r.cmd[0] for r in restored.log].count(UNDO) == 2
    assert restored.takebacks.status(restored.state, seat) == auth.takebacks.status(auth.state, seat)
    assert cli.main(["replay", path, "--verify"]) == 0


def test_every_audience_that_missed_a_move_cannot_follow_its_undo():
    """A replica made from a view sent after the command (a rejoin) kept
    nothing for it: it says so (undo.Untracked) instead of guessing."""
    from game.engine.undo import Untracked
    auth = _game_in_main(hand=(1, 1, 0, 0, 0))
    auth.submit(_road_spot(auth, 0))
    late = Replica(view(auth.state, 1), 1)
    late.seq = len(auth.log)
    kept = late.view_hash()
    with pytest.raises(Untracked):
        late.receive(auth.submit((UNDO, 0)).for_audience(1))
    assert late.view_hash() == kept and late.seq == len(auth.log) - 1


@pytest.mark.parametrize("level", ALL_LEVELS)
@pytest.mark.slow
def test_computers_never_undo(level):
    """Bots choose among the listed commands, and `legal_commands` never
    lists an undo; a whole stretch of play at each level holds no undo."""
    players = 3
    auth = Authority(default_config(players=players, seed=11))
    options = {"iterations": 20} if level == "hard" else {}
    bots = [make_bot(level, seat, seat, **options) for seat in range(players)]
    chosen = []

    def before(seat, view_, cmd):
        chosen.append(cmd[0])
        assert not any(c[0] == UNDO for c in legal_commands(view_, seat))
    Table(bots, lambda: auth.state, auth.submit, before=before).run(
        until=lambda: len(auth.log) >= (60 if level == "hard" else 400))
    assert chosen and UNDO not in chosen
    assert any(kind in TAKE_BACK["base"] for kind in chosen)      # (there were moves it could have taken back)


def test_C_and_K_a_wall_and_a_knight_recruited_and_activated_are_taken_back():
    from base_helpers import put_road
    from ck_helpers import make_ck, put_city, set_cards, start_turn as ck_turn
    auth = make_ck()
    s = auth.state
    put_city(s, 0, 0)
    put_road(s, 0, 0, 4, 1)
    ck_turn(auth, 0, "main")
    set_cards(s, 0, (0, 2, 1, 1, 1, 0, 0, 0))
    start = state_hash(s)
    for kind in ("build_wall", "recruit_knight", "activate_knight"):
        auth.submit(next(c for c in legal_commands(s, 0) if c[0] == kind))
    assert [r.cmd[0] for r in auth.log] == ["build_wall", "recruit_knight", "activate_knight"]
    for _ in range(3):
        auth.submit((UNDO, 0))
    assert state_hash(s) == start


# --- every other copy of a game follows an undo -------------------------------------------

def _undone_trade_game():
    """A random game up to a bank trade of the player on turn, the trade
    made and taken back: (authority, seat, the trade's record)."""
    auth = _playing_until("base", 7, "maritime")
    seat = auth.state.current
    trade = auth.submit(next(c for c in legal_commands(auth.state, seat) if c[0] == "maritime"))
    auth.submit((UNDO, seat))
    return auth, seat, trade


def test_a_computers_card_counting_follows_an_undo():
    """The belief (game/bots/belief.py) of another seat is back where it was
    before the trade taken back, not started again from the view alone."""
    from game.bots.belief import Belief
    auth, seat, trade = _undone_trade_game()
    other = (seat + 1) % auth.state.n
    belief, again = Belief(other), Authority(auth.config)
    bounds = []
    for record in auth.log:
        belief.sync(view(again.state, other))
        bounds.append((belief.low and [r[:] for r in belief.low], belief.high and [r[:] for r in belief.high]))
        again.submit(record.cmd)
        belief.observe(record.for_audience(other))
    assert belief.view is not None and belief.view.turn == auth.state.turn
    assert (belief.low, belief.high) == bounds[trade.seq - 1]
    assert state_hash(belief.view) == state_hash(view(auth.state, other))


def test_the_review_counts_no_card_a_move_taken_back_gave():
    from game.bots.review import review
    auth, seat, trade = _undone_trade_game()
    commands = [list(r.cmd) for r in auth.log]
    with_undo = review(auth.config, commands)
    without = review(auth.config, commands[:trade.seq - 1])
    assert with_undo["gains"] == without["gains"]
    assert all(s["kind"] != UNDO and s["index"] != trade.seq for s in with_undo["swings"])
    assert len(with_undo["series"]) == len(commands) + 1


@pytest.mark.parametrize("every", [2, 3, 50])
def test_the_replay_viewer_steps_over_an_undo(tmp_path, monkeypatch, every):
    """Backward and forward, from snapshots before and after the move taken back."""
    pytest.importorskip("pygame")
    from game.client import saved
    monkeypatch.setattr(saved, "SNAPSHOT_EVERY", every)
    auth, seat, _ = _undone_trade_game()
    auth.submit(_road_spot(auth, seat)) if any(c[0] == "build_road" for c in legal_commands(auth.state, seat)) \
        else None
    auth.submit(("end_turn", seat))
    hashes, again = [], Authority(auth.config)
    for record in auth.log:
        again.submit(record.cmd)
        hashes.append(state_hash(again.state))
    path = str(tmp_path / ("replay" + saves.SUFFIX))
    saves.Autosaver(again, path, hashes=hashes).record()
    replay = saved.Replay(saves.load(path))
    for k in list(range(len(hashes), 0, -1)) + list(range(1, len(hashes) + 1)):
        replay.seek(k)
        assert replay.state_hash() == hashes[k - 1], k
