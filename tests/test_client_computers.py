"""Computer seats in the game window:
solo games without a curtain, curtains only between people, bots
that see only their seat's view, trades on a shared screen, and saves that
keep their computers."""

import time

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

import game.client.table.computers as computers_module  # noqa: E402
from game import saves  # noqa: E402
import client_helpers  # noqa: E402
from client_helpers import push_table  # noqa: E402
from game.bots import make_bot  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client.controller import HotseatController  # noqa: E402
from game.client.table import dialogs  # noqa: E402
from game.client.scenes.load import LoadScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.table.scene import TableScene  # noqa: E402
from game.client.theme import PLAYER_COLOURS  # noqa: E402
from game.engine import State, deciders, default_config, legal_commands  # noqa: E402
from game.engine.state import ACCEPTED, GAME_OVER, MAIN, TRADE  # noqa: E402
from game.client.table import controls  # noqa: E402

COLOURS = [rgb for _, rgb in PLAYER_COLOURS]


def make_app(speed="instant"):
    """A window whose computers move at `speed` (instant: all in one frame)."""
    return client_helpers.make_app(computer_speed=speed)


def make_table(app, computers, rules="base", seed=5, autosave=False):
    config = default_config(rules=rules, players=len(computers), seed=seed)
    return push_table(app, config, autosave=autosave, computers=computers)


def play(app, table, until, limit=3000, seed=1, watch=None):
    """Frames let the computers move; the persons' moves are random legal
    ones, entered through the table.  `watch(table)` runs after each step."""
    bot = RandomSeats(seed)
    for i in range(limit):
        if until(table) or table.model.game_over_at is not None:
            break
        app.dirty = True
        app.step([])
        if watch:
            watch(table)
        if table.model.curtain_for is not None:
            table.play.reveal()
            if watch:
                watch(table)
            continue
        me = table.model.viewer
        if me is not None and me in deciders(table.c.auth.state) and table.model.legal:
            cmd = bot.player(me, ("offer",) if i % 6 else ()).choose(table.c.auth.state)
            assert table.play.submit(cmd), cmd
            if watch:
                watch(table)
    return until(table)


@pytest.mark.slow
def test_a_solo_game_never_shows_a_curtain_and_always_the_persons_seat():
    """One person and three computers: no privacy curtain at all; the table
    shows the person's hand throughout, the computers' moves included."""
    app = make_app()
    table = make_table(app, [None, "easy", "easy", "easy"])
    assert table.model.solo and table.model.curtain_for is None

    def watch(t):
        assert t.model.curtain_for is None
        if t.model.game_over_at is None:
            assert t.model.viewer == 0 and t.ui.drawn_hand_seat in (0, None)

    # (real computers may win before 400 moves: the game's end counts too)
    assert play(app, table, lambda t: t.c.seq > 400 or t.model.game_over_at is not None, watch=watch)
    assert table.model.computers.moves > 150 and table.model.computers.failures == 0
    app.dirty = True
    app.step([])
    assert table.ui.drawn_hand_seat == 0 or table.model.game_over_at is not None
    computer_seats = {r.cmd[1] for r in table.c.auth.log}
    assert {1, 2, 3} <= computer_seats


@pytest.mark.slow
def test_with_several_people_the_curtain_is_only_between_people():
    """Two people and two computers: a curtain is shown only for a person,
    never while a computer decides, and no one's hand is on screen while
    the computers play."""
    app = make_app()
    table = make_table(app, [None, "easy", None, "easy"], seed=8)
    curtains, watched = [], []

    def watch(t):
        if t.model.curtain_for is not None:
            assert t.model.curtain_for in (0, 2)
            curtains.append(t.model.curtain_for)
        if t.model.viewer is None and t.model.game_over_at is None:
            t.draw(app.screen)
            assert t.ui.drawn_hand_seat is None
            watched.append(t.c.seq)

    assert play(app, table, lambda t: t.c.seq > 300 or t.model.game_over_at is not None, watch=watch)
    assert set(curtains) == {0, 2}
    assert table.model.computers.moves > 60 and watched           # screens shown while computers played


@pytest.mark.slow
def test_bots_only_ever_get_their_own_seats_view(monkeypatch):
    """A bot decides from view(state, seat) via the controller, a
    copy made for its own seat, never the authority's state."""
    produced = {}                     # id of each view the controller made -> its seat
    checked = []

    def wrapped_make(level, seat, seed, **options):
        bot = make_bot(level, seat, seed, **options)
        inner = bot.choose

        def choose(view):
            assert isinstance(view, State)
            assert view is not table.c.auth.state
            assert produced.get(id(view)) == seat
            assert view.rng is None and view.config["seed"] is None and view.deck is None
            assert all(view.hands[s] is None for s in range(view.n) if s != seat)
            checked.append(seat)
            return inner(view)
        bot.choose = choose
        return bot

    monkeypatch.setattr(computers_module, "make_bot", wrapped_make)
    app = make_app()
    n = 3
    c = HotseatController(default_config(players=n, seed=2), ["A", "B", "C"], COLOURS[:n],
                          computers=[None, "easy", "medium"])
    real_view = c.view

    def view(seat):
        v = real_view(seat)
        produced[id(v)] = seat
        return v
    c.view = view
    table = TableScene(app, c)
    app.push(table)
    # (The computers think in a thread: how their moves interleave with the
    # person's depends on the machine's load, and some paths end the game
    # before 200 commands.)
    assert play(app, table, lambda t: t.c.seq > 200 or t.c.auth.state.phase == GAME_OVER)
    assert {1, 2} <= set(checked) and len(checked) >= 100


def offer_only_one_can_take(table, takers):
    """Make the current person offer one card for a kind that only `takers`
    hold (their hands are set up so), to everyone; returns the command."""
    state = table.c.auth.state
    me = state.current
    hand = state.hands[me]
    give_kind = max(range(5), key=lambda k: hand[k])
    get_kind = (give_kind + 1) % 5
    if not hand[give_kind]:
        hand[give_kind] += 1
        state.hand_n[me] += 1
        state.bank[give_kind] -= 1
    for seat in range(state.n):
        if seat == me:
            continue
        have = 1 if seat in takers else 0
        state.bank[get_kind] += state.hands[seat][get_kind] - have
        state.hand_n[seat] += have - state.hands[seat][get_kind]
        state.hands[seat][get_kind] = have
    give, get = [0] * 5, [0] * 5
    give[give_kind], get[get_kind] = 1, 1
    table.play.refresh()
    return ("offer", me, tuple(give), tuple(get), tuple(s for s in range(state.n) if s != me))


def to_main_phase(app, table):
    bot = RandomSeats(4)
    for _ in range(3000):
        if table.model.curtain_for is not None:
            table.play.reveal()
        v = table.c.auth.state
        if v.phase == MAIN and v.turn > 8 and table.model.viewer == v.current:
            return
        me = table.model.viewer
        cmd = bot.player(me, ("offer",)).choose(table.c.auth.state)
        assert table.play.submit(cmd)
    raise AssertionError("no main phase reached")


def test_a_trade_offer_costs_curtains_only_for_those_who_can_accept():
    """On a shared screen, of three players asked only the
    one holding the cards gets the device (one curtain there, one back to
    the offerer); the other two decline without a handover."""
    app = make_app()
    table = make_table(app, [None] * 4, seed=3)
    to_main_phase(app, table)
    me = table.model.viewer
    taker = (me + 2) % 4
    cmd = offer_only_one_can_take(table, {taker})
    curtains = 0
    assert table.play.submit(cmd)
    log = table.c.auth.log
    assert {r.cmd for r in log[-2:]} == {("decline", (me + 1) % 4), ("decline", (me + 3) % 4)}
    for seat in ((me + 1) % 4, (me + 3) % 4):        # nothing a real decline would not say (B-7.1)
        assert not any(table.model.names[seat] in text for text, _, _ in table.model.notes)
    while table.c.auth.state.phase == TRADE:
        if table.model.curtain_for is not None:
            curtains += 1
            table.play.reveal()
            continue
        if table.model.viewer == taker:
            assert isinstance(table.model.dialog, dialogs.AnswerDialog)
            assert table.play.submit(("accept", taker))
        else:
            assert table.model.viewer == me and isinstance(table.model.dialog, dialogs.ResponsesDialog)
            assert table.play.submit(("confirm_trade", me, taker))
    assert curtains == 2
    assert log[-1].cmd == ("confirm_trade", me, taker)


def test_when_nobody_can_accept_the_offerer_is_told_at_once():
    """B-7.1: and told only what a real decline tells (everyone declined),
    never who lacks the cards asked."""
    app = make_app()
    table = make_table(app, [None] * 4, seed=3)
    to_main_phase(app, table)
    me = table.model.viewer
    cmd = offer_only_one_can_take(table, set())
    assert table.play.submit(cmd)
    assert table.model.curtain_for is None and table.model.viewer == me
    assert table.c.auth.state.phase == MAIN
    notes = [text for text, _, _ in table.model.notes]
    assert notes == [f"{table.model.names[me]}, everyone declined your offer."]
    assert [r.cmd[0] for r in table.c.auth.log[-4:]] == ["offer", "decline", "decline", "decline"]


class TradingBot:
    """A computer that offers the person one card for one once, then
    confirms when accepted; otherwise it plays at random."""

    def __init__(self, level, seat, seed):
        self.level, self.seat = level, seat
        self.random = RandomSeats(seed)
        self.offered = False

    def choose(self, view):
        me = self.seat
        if me not in deciders(view):
            return None
        if view.phase == TRADE:
            if view.trade["answers"][0] == ACCEPTED:
                return ("confirm_trade", me, 0)
            return None                             # wait for the answer
        legal = legal_commands(view, me)
        if view.phase == MAIN and not self.offered and view.turn > 4:
            hand = view.hands[me]
            give = next((k for k in range(5) if hand[k]), None)
            if give is not None:
                self.offered = True
                offer = [0] * 5
                offer[give] = 1
                want = [0] * 5
                want[(give + 1) % 5] = 1
                return ("offer", me, tuple(offer), tuple(want), (0,))
        return self.random.player(me, ("offer",)).choose(view)


def test_a_person_answers_a_computers_offer_in_the_answer_dialog(monkeypatch):
    monkeypatch.setattr(computers_module, "make_bot", TradingBot)
    app = make_app()
    table = make_table(app, [None, "easy"], seed=4)
    bot = RandomSeats(3)
    for _ in range(4000):
        app.step([])
        state = table.c.auth.state
        if state.phase == TRADE and state.current == 1:
            break
        if table.model.viewer == 0 and table.model.legal:
            if state.phase == MAIN and state.current == 0:
                hand = state.hands[0]        # the person can always accept: they hold every kind
                for k in range(5):
                    if not hand[k]:
                        hand[k] += 1
                        state.hand_n[0] += 1
                        state.bank[k] -= 1
                table.play.refresh()
            table.play.submit(bot.player(0, ("offer",)).choose(state))
    else:
        raise AssertionError("the computer made no offer")
    assert table.model.curtain_for is None
    assert isinstance(table.model.dialog, dialogs.AnswerDialog)
    app.dirty = True
    app.step([])
    accept = table.ui.targets.rect(("answer", "accept"))
    assert accept is not None
    before = table.c.seq
    controls.click(table.model, table.ui, table.play, accept.center)
    for _ in range(1000):
        app.step([])
        if table.c.auth.state.phase != TRADE:
            break
    assert [r.cmd for r in table.c.auth.log[before:before + 2]] == [("accept", 0), ("confirm_trade", 1, 0)]


@pytest.mark.slow
def test_computers_answer_forced_decisions_of_several_seats_at_once():
    """Cities & Knights with three computers: discards on a 7 and the other
    decisions several seats face at once are made by the computers
    themselves, without a failure."""
    app = make_app()
    table = make_table(app, [None, "easy", "easy", "easy"], rules="ck", seed=11)
    play(app, table, lambda t: t.c.seq > 600, limit=6000)
    kinds = {r.cmd[0] for r in table.c.auth.log if r.cmd[1] != 0}
    assert table.model.computers.failures == 0
    assert "roll" in kinds and "end_turn" in kinds


@pytest.mark.slow
def test_computer_seats_persist_in_saves_and_play_on_after_resume(tmp_path):
    app = make_app()
    app.push(MenuScene(app))
    table = make_table(app, [None, "easy", None, "hard"], seed=6, autosave=True)
    play(app, table, lambda t: t.c.seq > 60)
    path = table.c.saver.path
    game = saves.load(path)
    assert saves.computer_levels(game) == [None, "easy", None, "hard"]
    seq = table.c.seq
    app.pop()
    load = LoadScene(app)
    app.push(load)
    assert load.entries and load.entries[0].path == path
    load.resume()
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.c.computers == [None, "easy", None, "hard"]
    assert sorted(resumed.model.computers.bots) == [1, 3]
    assert resumed.model.people == [0, 2]
    before = resumed.c.seq
    assert before == seq
    play(app, resumed, lambda t: any(r.cmd[1] in (1, 3) for r in t.c.auth.log[before:]))
    assert any(r.cmd[1] in (1, 3) for r in resumed.c.auth.log[before:])
    again = saves.load(path)
    assert saves.computer_levels(again) == [None, "easy", None, "hard"]


def test_an_old_save_without_computers_loads_as_all_people():
    app = make_app()
    table = make_table(app, [None, None, None], seed=6, autosave=True)
    play(app, table, lambda t: t.c.seq > 10)
    game = saves.load(table.c.saver.path)
    for p in game.players:
        p.pop("computer", None)
    game.players[1]["computer"] = "grandmaster"       # a level this version does not know
    assert saves.computer_levels(game) == [None, None, None]
    auth, hashes = saves.resume(game)
    c = HotseatController.resume(auth, ["a", "b", "c"], COLOURS[:3], table.c.saver.path, game)
    assert c.computers == [None, None, None] and c.people == [0, 1, 2]


def test_the_space_key_hurries_paced_computers():
    """At the slow speed a computer waits between moves; Space drops the
    pauses until a person must decide again."""
    app = make_app("slow")
    table = make_table(app, [None, "easy"], seed=4)
    comp = table.model.computers
    assert comp.pause() > 1
    for _ in range(50):                # let the person reach a computer's turn
        app.step([])
        if table.model.computers_playing():
            break
        if table.model.legal:
            table.play.submit(RandomSeats(1).player(0, ("offer",)).choose(table.c.auth.state))
    assert table.model.computers_playing()
    seq = table.c.seq
    app.step([])
    assert table.c.seq == seq               # still pausing
    controls.press(table.model, table.play, pygame.K_SPACE)
    assert comp.hurrying and comp.pause() == 0
    for _ in range(1000):
        app.step([])
        if table.c.seq > seq:
            break
    assert table.c.seq > seq


@pytest.mark.slow
def test_several_computers_discard_at_once_on_a_seven():
    """B-5.2 discards: when a 7 makes everybody discard, the computers
    discard by themselves while the person discards in the dialog."""
    from game.engine.state import DISCARD, ROLL
    app = make_app()
    table = make_table(app, [None, "easy", "easy", "easy"], seed=12)
    bot = RandomSeats(5)
    found = None
    for _ in range(6000):
        app.step([])
        state = table.c.auth.state
        if state.phase == ROLL and state.current == 0:
            for seat in range(4):           # everyone holds nine cards: a 7 makes all discard
                while state.hand_n[seat] < 9:
                    k = max(range(5), key=lambda r: state.bank[r])
                    state.hands[seat][k] += 1
                    state.hand_n[seat] += 1
                    state.bank[k] -= 1
            table.play.refresh()
            before = table.c.seq
            assert table.play.submit(("roll", 0))
            if table.c.auth.state.phase == DISCARD:
                found = before
                assert isinstance(table.model.dialog, dialogs.DiscardDialog) and table.model.curtain_for is None
                break
            continue
        if table.model.viewer == 0 and table.model.legal and 0 in deciders(state):
            table.play.submit(bot.player(0, ("offer",)).choose(state))
    assert found is not None, "no 7 was rolled"
    for _ in range(1000):
        app.step([])
        if table.c.auth.state.discard_need[1:] == [0, 0, 0]:
            break
    discards = [r.cmd[1] for r in table.c.auth.log[found:] if r.cmd[0] == "discard"]
    assert sorted(discards) == [1, 2, 3]               # the person's dialog still waits
    assert table.c.auth.state.discard_need == [table.c.auth.state.discard_need[0], 0, 0, 0]
    assert isinstance(table.model.dialog, dialogs.DiscardDialog)


@pytest.mark.slow
@pytest.mark.parametrize("rules,players,computers,vp", [("base", 4, 2, 6), ("ck", 3, 2, 7)])
def test_ui_autoplay_with_easy_computers_reaches_the_end_screen(rules, players, computers, vp):
    """tools.screens.autoplay --computers K plays a complete hot-seat
    game through the real window, people by clicks and keys, the computers
    by themselves at the instant speed (a lower points target keeps it short)."""
    from tools.screens import autoplay as ui_autoplay
    summary = ui_autoplay.play(rules, players, seed=3, vp=vp, computers=computers, level="easy")
    assert summary["winner"] in range(players)
    # (real computers win short games fast: a few dozen moves of theirs at least)
    assert summary["computer_moves"] > 30 and summary["computer_failures"] == 0
    assert summary["commands"] > 20                      # the people's moves, entered by clicks and keys
    if players - computers > 1:
        assert summary["curtains"] > 0                   # handovers between the people
    else:
        assert summary["curtains"] == 0


@pytest.mark.slow
def test_the_load_list_tells_how_many_seats_computers_play():
    from game.client.scenes.load import describe
    app = make_app()
    table = make_table(app, [None, "easy", "hard"], seed=6, autosave=True)
    play(app, table, lambda t: t.c.seq > 5)
    assert "computers: 2" in describe(saves.load(table.c.saver.path))["facts"]


def test_space_only_hurries_it_never_rolls_for_the_person():
    """Space is the computers' hurry key and nothing else: pressed again and
    again it never rolls the person's dice; R rolls, E ends the turn."""
    app = make_app("instant")
    table = make_table(app, [None, "easy"], seed=4)
    for _ in range(400):             # to the person's own roll, after a computer's turn
        app.step([])
        v = table.c.auth.state
        if table.model.legal and v.current == 0 and v.turn > 1 and any(c[0] == "roll" for c in table.model.legal):
            break
        if table.model.legal:
            table.play.submit(RandomSeats(1).player(0, ("offer",)).choose(v))
    assert any(c[0] == "roll" for c in table.model.legal)
    seq = table.c.seq
    table.model.computers_moved_at = float("-inf")   # long after the computers' last move (an older table's grace)
    for _ in range(5):
        controls.press(table.model, table.play, pygame.K_SPACE)
    assert table.c.seq == seq
    controls.press(table.model, table.play, pygame.K_r)
    assert table.c.seq == seq + 1 and table.c.auth.log[-1].cmd == ("roll", 0)
    while table.c.auth.state.phase != MAIN:          # (a 7: discard, move the robber, steal)
        assert table.play.submit(RandomSeats(2).player(0, ("offer",)).choose(table.c.auth.state))
    seq = table.c.seq
    controls.press(table.model, table.play, pygame.K_SPACE)
    assert table.c.seq == seq
    controls.press(table.model, table.play, pygame.K_e)
    assert table.c.auth.log[-1].cmd == ("end_turn", 0)


def test_the_same_note_twice_is_shown_once():
    app = make_app("instant")
    table = make_table(app, [None, "easy"], seed=4)
    table.play.note("You cannot do that")
    table.play.note("Something else")
    table.play.note("You cannot do that")
    assert [n[0] for n in table.model.notes] == ["Something else", "You cannot do that"]


@pytest.mark.parametrize("speed", ["instant", "normal"])
@pytest.mark.slow
def test_a_computers_offer_to_the_person_waits_for_the_persons_answer(speed):
    """A computer's offer to the person stays open, the answer dialog up,
    however long the person takes (the other computers asked answer
    meanwhile); the person's answer then closes it."""
    from client_helpers import bot_game
    from game.engine.state import PENDING
    auth, _ = bot_game(seed=5, players=3, until=lambda a: a.state.phase == MAIN and a.state.current == 1
                       and a.state.turn > 6)
    state = auth.state
    app = make_app(speed)
    table = client_helpers.push_table(app, auth=auth, computers=[None, "medium", "medium"])
    give, get = [0] * 5, [0] * 5
    give[0] = get[1] = 1
    for seat, kind in ((1, 0), (0, 1)):          # the offerer holds what it gives, the person what is asked
        if not state.hands[seat][kind]:
            state.hands[seat][kind] += 1
            state.hand_n[seat] += 1
            state.bank[kind] -= 1
    table.c.submit(("offer", 1, tuple(give), tuple(get), (0, 2)))
    table.play.refresh()
    comp = table.model.computers
    comp.last_move = float("-inf")                # (the normal pause long over)
    frames_after_answer = 0
    for _ in range(3000):                          # the other computer answers; then 40 more frames
        app.step([])
        comp.last_move = float("-inf")
        if table.c.auth.state.phase != TRADE or table.c.auth.state.trade["answers"][2] != PENDING:
            frames_after_answer += 1
            if frames_after_answer > 40:
                break
        else:
            time.sleep(0.002)                      # (its bot thinks in a thread)
    state = table.c.auth.state
    assert state.phase == TRADE and state.trade["answers"][0] == PENDING
    assert state.trade["answers"][2] != PENDING            # the other computer has answered
    assert isinstance(table.model.dialog, dialogs.AnswerDialog)
    assert not table.model.computers_playing()
    assert table.play.submit(("decline", 0))
    for _ in range(200):
        if table.c.auth.state.phase != TRADE:
            break
        app.step([])
        comp.last_move = float("-inf")
    assert table.c.auth.state.phase == MAIN


def test_a_computers_offer_with_a_time_limit_counts_down_and_is_declined_at_zero():
    """The setting offer_timeout (off by default) gives a computer's offer a
    countdown on the answer dialog; when it runs out the offer is declined
    for the person, and the game goes on."""
    from client_helpers import bot_game
    from game.client.settings import DEFAULTS
    assert DEFAULTS["offer_timeout"] == 0
    auth, _ = bot_game(seed=5, players=3, until=lambda a: a.state.phase == MAIN and a.state.current == 1
                       and a.state.turn > 6)
    state = auth.state
    app = make_app("normal")
    app.prefs["offer_timeout"] = 15
    table = client_helpers.push_table(app, auth=auth, computers=[None, "medium", "medium"])
    give, get = [0] * 5, [0] * 5
    give[0] = get[1] = 1
    for seat, kind in ((1, 0), (0, 1)):
        if not state.hands[seat][kind]:
            state.hands[seat][kind] += 1
            state.hand_n[seat] += 1
            state.bank[kind] -= 1
    table.c.submit(("offer", 1, tuple(give), tuple(get), (0,)))
    table.play.refresh()
    dialog = table.model.dialog
    assert isinstance(dialog, dialogs.AnswerDialog) and dialog.seconds_left() == 15
    assert table.wake_ms() <= 200                        # the window wakes for the countdown
    app.step([])
    assert ("left", 15) in dialog.look() and isinstance(table.model.dialog, dialogs.AnswerDialog)
    dialog._deadline = time.monotonic() - 0.01           # the time is up
    table.play.update(0.016)
    assert any(r.cmd == ("decline", 0) for r in table.c.auth.log[-3:])


def test_a_persons_offer_and_the_default_setting_have_no_countdown():
    auth, _ = client_helpers.bot_game(seed=5, players=3, until=lambda a: a.state.phase == MAIN
                                      and a.state.current == 1 and a.state.turn > 6)
    app = make_app("normal")
    table = client_helpers.push_table(app, auth=auth, computers=[None, "medium", "medium"])
    assert table.play.offer_seconds() == 0                    # off by default
    app.prefs["offer_timeout"] = 30
    assert table.play.offer_seconds() == 30                   # a computer (seat 1) is on turn
    table2 = client_helpers.push_table(make_app("normal"), auth=auth)
    table2.app.prefs["offer_timeout"] = 30
    assert table2.play.offer_seconds() == 0                   # people only: no limit
