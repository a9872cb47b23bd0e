"""Undo at the table: Ctrl+Z and the Undo button take back the viewer's own
last move of the turn (game/engine/undo.py); the log says "Anna takes back
the road" in both languages; a refused undo says why with its rule (B-9.1
for a card drawn); solo and hot-seat alike, and the guided game only takes
back what came after its guide last moved on."""

import time

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import COLOURS, NAMES, draw, make_app, push_table  # noqa: E402
from wait_helpers import WAIT  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client import i18n  # noqa: E402
from game.engine import default_config, legal_commands  # noqa: E402
from game.engine.codec import state_hash  # noqa: E402
from game.engine.match import Authority  # noqa: E402
from game.engine.state import MAIN  # noqa: E402
from game.engine.undo import UNDO  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _until(kind, seed=3, players=3):
    """A random game up to a moment its player on turn may make a `kind` in phase MAIN."""
    auth = Authority(default_config(players=players, seed=seed))
    bot = RandomSeats(seed)
    while not (auth.state.phase == MAIN and any(c[0] == kind for c in legal_commands(auth.state, auth.state.current))):
        seat = bot.pick_seat(auth.state)
        auth.submit(bot.player(seat, ("offer",)).choose(auth.state))
    return auth


def _table(auth, lang="en", **controller):
    app = make_app(lang=lang)
    table = push_table(app, auth=auth, names=NAMES, colours=COLOURS, **controller)
    if table.model.curtain_for is not None:
        table.play.reveal()
    draw(app)
    return app, table


def _ctrl_z(app):
    """Ctrl+Z as a window gets it: the event carries the modifier (by the
    time the frame reads it, the keys may be up again)."""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="")])


def _build(table, kind):
    cmd = next(c for c in table.model.legal if c[0] == kind)
    assert table.play.submit(cmd)
    return cmd


@pytest.mark.parametrize("lang,line", [("en", "takes back the road"), ("nl", "neemt de straat terug")])
def test_ctrl_z_takes_back_a_road_built_by_mistake_and_the_log_says_so(lang, line):
    auth = _until("build_road")
    app, table = _table(auth, lang)
    me = table.model.viewer
    before = state_hash(auth.state)
    _build(table, "build_road")
    draw(app)
    assert table.model.action_enabled("undo")
    _ctrl_z(app)
    assert state_hash(auth.state) == before
    assert auth.log[-1].cmd == (UNDO, me)
    assert table.model.log[-1] == f"{NAMES[me]} {line}."
    assert table.model.view.edge_owner == auth.state.edge_owner


def test_the_undo_button_says_what_it_takes_back_and_takes_it_back():
    from game.client.table.tips import tooltip
    auth = _until("build_road")
    app, table = _table(auth)
    m = table.model
    before = state_hash(auth.state)
    _build(table, "build_road")
    draw(app)
    rect = table.ui.layout.buttons["undo"]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert tooltip(m, table.ui) == "Take back the road (Ctrl+Z)"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert state_hash(auth.state) == before


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_B_9_1_ctrl_z_after_buying_a_card_says_a_card_drawn_cannot_be_taken_back(lang):
    auth = _until("buy_dev", seed=5)
    app, table = _table(auth, lang)
    m = table.model
    assert table.play.submit(("buy_dev", m.viewer))
    kept = state_hash(auth.state)
    _ctrl_z(app)
    assert state_hash(auth.state) == kept
    note = m.notes[-1][0]
    words = {"en": "A card drawn cannot be taken back", "nl": "Een getrokken kaart neem je niet terug"}[lang]
    assert note.startswith(words) and note.endswith("(B-9.1)"), note
    # the greyed button says the same on hover
    from game.client.table import reasons
    assert reasons.button_reason(m, "undo") == note


def test_a_solo_game_takes_back_the_persons_move_and_the_computers_never_undo():
    auth = _until("build_road")
    me = auth.state.current
    computers = ["easy" if s != me else None for s in range(auth.state.n)]
    app, table = _table(auth, computers=computers)
    assert table.model.solo and table.model.viewer == me
    before = state_hash(auth.state)
    _build(table, "build_road")
    _ctrl_z(app)
    assert state_hash(auth.state) == before
    assert table.play.submit(("end_turn", me))
    for _ in range(300):                      # the computers play their turns
        table.model.computers.hurry()
        table.play.update(0.05)
        if auth.state.current == me:
            break
    assert auth.state.current == me
    assert [r.cmd[1] for r in auth.log if r.cmd[0] == UNDO] == [me]


def test_the_guided_game_does_not_take_back_the_step_its_guide_moved_on_with():
    from game.client.tutorial.rehearse import controller
    from game.engine.rules import IllegalCommand
    c = controller()
    me = c.guide.seat
    for _ in range(200):
        advice = c.guide.advice(c.view(me))
        if advice[0] == "do" and advice[2] is not None and advice[2][0] == "place_settlement":
            break
        if advice[0] == "next":
            c.next()
        elif advice[0] in ("do", "routine") and advice[2] is not None:
            c.submit(advice[2])
        else:
            c.submit(next(cmd for s in range(c.config["players"]) if s != me
                          for cmd in legal_commands(c.auth.state, s)[:1]))
    c.submit(advice[2])                        # the step's own settlement: the guide moves on
    assert c.auth.takebacks.status(c.auth.state, me)[0] is not None      # the engine would take it back
    taken, why = c.undo_status(me)
    assert taken is None and why.code == "tutorial"
    with pytest.raises(IllegalCommand):
        c.submit((UNDO, me))


@pytest.mark.slow
def test_over_a_lan_the_window_takes_back_its_road_and_both_copies_agree_with_the_host():
    """Ann's window hosts, Bob plays from a headless session: Ann builds a road
    and presses Ctrl+Z; the host grants it, both copies rewind to the host's
    hashes, and her log says so."""
    from client_helpers import make_lan_app, run_until
    from game.client.scenes.lan_table import LanTableScene
    from net.wire.secrecy import peer_hash
    from test_client_lan import host_with_a_guest, start_from_the_lobby
    app = make_lan_app()
    game, bob = host_with_a_guest(app, default_config(players=2, seed=12), "Terug")
    try:
        start_from_the_lobby(app, game, bob)
        assert run_until([app], lambda: isinstance(app.scene, LanTableScene))
        table = app.scene
        me, bot = table.c.seat, RandomSeats(5)
        host = game.hosting.host

        def ann_may_build():
            view = table.c.view(me)
            return view.phase == MAIN and view.current == me and table.c.session.game.must_decide() and \
                any(c[0] == "build_road" for c in legal_commands(view, me))
        deadline = time.monotonic() + 3 * WAIT
        while time.monotonic() < deadline and not ann_may_build():
            bob.poll()
            if bob.game.must_decide():
                bob.submit(bot.player(bob.seat, ("offer",)).choose(bob.view))
            table.update(0.016)
            if table.c.session.game.must_decide() and not ann_may_build():
                view = table.c.view(me)
                table.play.submit(bot.player(me, ("offer",)).choose(view))
        assert ann_may_build()
        seq = table.c.seq
        before = peer_hash(table.c.view(me), me)
        table.play.submit(next(c for c in legal_commands(table.c.view(me), me) if c[0] == "build_road"))
        assert run_until([app], lambda: table.c.seq == seq + 1 and table.model.action_enabled("undo"),
                         sessions=[bob])
        _ctrl_z(app)
        assert run_until([app], lambda: table.c.seq == seq + 2, sessions=[bob])
        assert run_until([], lambda: bob.poll() is not None and bob.game.seq == seq + 2)
        assert peer_hash(table.c.view(me), me) == before == peer_hash(host.auth.state, me)
        assert peer_hash(bob.view, bob.seat) == peer_hash(host.auth.state, bob.seat)
        assert table.c.session.game.divergences == 0 and bob.game.divergences == 0
        assert table.model.log[-1] == f"{table.model.names[me]} takes back the road."
    finally:
        bob.close()
        if game.closing is None:
            game.close().wait(10)
