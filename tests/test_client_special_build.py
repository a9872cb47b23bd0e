"""The Special Building Phase of five and six at the table (X-1.7, X-1.8):
told to everyone ("Special building: Bram"), a Pass button in the End turn
slot and its key P (Enter too), only the builds and buys the engine lists
offered, build modes and knights working in it; in hot-seat each person
builds behind a curtain of their own and nobody without cards gets one;
computers' builds paced like the moves of their turns."""

import types

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

import game.client.table.computers as computers_module  # noqa: E402
from client_helpers import curtained_seats, draw, make_app, push_table  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client import i18n  # noqa: E402
from game.client.table import controls, tips  # noqa: E402
from game.client.table.computers import PAUSES  # noqa: E402
from game.client.table.draw import curtain_words  # noqa: E402
from game.client.table.prompts import table_prompt  # noqa: E402
from game.engine import deciders, default_config, legal_commands  # noqa: E402
from game.engine.match import Authority  # noqa: E402
from game.engine.state import SPECIAL_BUILD  # noqa: E402

NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fenna"]
BUILD_BUTTONS = {"build_road", "build_settlement", "build_city", "buy_dev", "build_wall", "recruit_knight"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def special_build(rules="base", players=6, seed=7, turn=12, stock=True):
    """A random game of `players` at a seat's part of the Special Building
    Phase from `turn` on; with `stock` the builder is given a road's and a
    settlement's cards from the bank (so it has builds to choose)."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bot = RandomSeats(seed)
    while not (auth.state.turn >= turn and auth.state.phase == SPECIAL_BUILD):
        seat = bot.pick_seat(auth.state)
        auth.submit(bot.player(seat, ("offer",)).choose(auth.state))
    if stock:
        s, me = auth.state, auth.state.agenda[0][1]
        for kind in (0, 1, 0, 1, 2, 3):                   # wood, brick (twice), wool, grain
            s.bank[kind] -= 1
            s.hands[me][kind] += 1
            s.hand_n[me] += 1
    return auth


def table_at(auth, lang="en", **controller):
    app = make_app(lang=lang)
    table = push_table(app, auth=auth, names=NAMES, **controller)
    if table.model.curtain_for is not None:
        table.play.reveal()
    draw(app)
    return app, table


def key(app, k):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


@pytest.mark.parametrize("lang,words", [("en", "Special building"), ("nl", "Extra bouwfase")])
def test_the_builder_is_told_and_passes_with_the_button_or_P(lang, words):
    """X-1.7: the builder's prompt names the phase and the Pass key; the End
    turn slot is the Pass button (its tooltip names P), which submits
    ("pass_build", seat); the builder's panel is tagged; the log tells the
    phase after the turn."""
    auth = special_build()
    me = auth.state.agenda[0][1]
    app, table = table_at(auth, lang)
    m = table.model
    assert m.viewer == me
    prompt = table_prompt(m)
    assert words.lower() in prompt.lower() and NAMES[me] in prompt and "(P)" in prompt
    targets = table.ui.targets
    assert targets.rect(("btn", "end_turn")) is None
    rect = targets.rect(("btn", "pass_build"))
    assert rect == table.ui.layout.buttons["end_turn"]
    m.hover_key = ("btn", "pass_build")
    assert "(P)" in tips.tooltip(m, table.ui)
    assert any(words in line for line in m.log)
    before = len(auth.log)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert auth.log[before].cmd == ("pass_build", me)


@pytest.mark.parametrize("k", [pygame.K_p, pygame.K_RETURN])
def test_the_pass_key_and_enter_pass(k):
    auth = special_build()
    me = auth.state.agenda[0][1]
    app, table = table_at(auth)
    before = len(auth.log)
    key(app, k)
    assert auth.log[before].cmd == ("pass_build", me)


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_only_what_the_engine_lists_is_offered_and_the_rest_says_why(rules):
    """X-1.7, X-1.8: in the phase nobody trades, rolls or plays a card: the
    buttons enabled are exactly the builds and buys the engine's
    legal_commands list (and Pass); a greyed Trade or Roll button says it
    is the Special Building Phase, with its rule."""
    auth = special_build(rules)
    me = auth.state.agenda[0][1]
    app, table = table_at(auth)
    m = table.model
    legal = {c[0] for c in legal_commands(table.c.view(me), me)}
    assert "build_road" in legal and not legal & {"maritime", "offer", "roll", "end_turn"}
    enabled = {key[1] for key, _, action in table.ui.targets.items if key[0] == "btn" and action is not None}
    assert enabled - {"menu", "hint"} == (legal & BUILD_BUTTONS) | {"pass_build"} | (
        {"chart"} if rules == "ck" else set())
    for name in ("trade", "roll", "bank"):
        m.hover_key = ("why", name)
        why = tips.tooltip(m, table.ui)
        assert "special building" in why and "X-1.7" in why, (name, why)


def test_a_road_is_built_in_the_phase_with_its_key_and_a_click():
    """X-1.7: the build modes work in the phase: 1 lights the paths the
    engine allows, a click on one builds the road, the seat still builds."""
    auth = special_build()
    me = auth.state.agenda[0][1]
    app, table = table_at(auth)
    key(app, pygame.K_1)
    m = table.model
    assert m.mode == "build_road"
    spots = {c[2] for c in legal_commands(table.c.view(me), me) if c[0] == "build_road"}
    assert m.pick is not None and set(m.pick[1]) == spots
    edge = min(spots)
    before = len(auth.log)
    pos = table.ui.board.target_pos("edge", edge)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1)])
    assert auth.log[before].cmd == ("build_road", me, edge)
    assert auth.state.phase == SPECIAL_BUILD and auth.state.agenda[0][1] == me


def test_a_knight_is_activated_in_the_phase():
    """X-1.8: a knight may be activated in the Special Building Phase: the
    builder's knights are picked on the board there as in the turn, and its
    buttons offer the activation."""
    auth = special_build("ck", stock=False)
    s, me = auth.state, auth.state.agenda[0][1]
    node = next((n for n in range(len(s.knight_owner)) if s.knight_owner[n] == me and not s.knight_active[n]), None)
    if node is None:                                   # recruit one on the builder's road network
        s.hands[me][2] += 1
        s.hands[me][4] += 1
        s.hand_n[me] += 2
        recruit = next(c for c in legal_commands(s, me) if c[0] == "recruit_knight")
        auth.submit(recruit)
        node = recruit[2]
    s.hands[me][3] += 1                                 # a grain to activate it with
    s.hand_n[me] += 1
    app, table = table_at(auth)
    m = table.model
    assert m.pick is not None and node in m.pick[1]    # the knight can be chosen on the board
    m.pick[1][node]()
    assert m.knight == node
    assert ("activate_knight", me, node) in m.knight_commands(node)


@pytest.mark.slow
def test_hot_seat_curtains_in_the_phase_are_for_builders_with_cards_only():
    """X-1.7 and the hidden information: six people at one screen; in the
    Special Building Phase each builder's hand is shown only after their
    own curtain (curtained_seats asserts it), every curtain of the phase is
    the builder's, who holds cards and has something to build, and says it
    is the phase; a seat without cards, skipped by the engine, never gets
    one, nor a seat that could only pass (the table passes for it)."""
    auth = Authority(default_config(players=6, seed=5))
    app = make_app()
    table = push_table(app, auth=auth, names=NAMES)
    bot = RandomSeats(5)
    phases = curtains = 0
    skipped = set()
    for seat in curtained_seats(app, table, 4000):
        s = auth.state
        if s.phase == SPECIAL_BUILD:
            assert seat == s.agenda[0][1]
        cmd = bot.player(seat, ("offer",)).choose(s)
        ended = cmd[0] == "end_turn"
        assert table.play.submit(cmd)
        if ended:
            phases += 1
            skipped |= {p for p in range(6) if p != cmd[1] and auth.state.hand_n[p] == 0}
        if table.model.curtain_for is not None and auth.state.phase == SPECIAL_BUILD:
            curtains += 1
            builder = auth.state.agenda[0][1]
            assert table.model.curtain_for == builder and auth.state.hand_n[builder] > 0
            assert legal_commands(auth.state, builder) != [("pass_build", builder)]
            assert curtain_words(table.model)[1].startswith(f"Special building: {NAMES[builder]} may build")
        elif table.model.curtain_for is not None:
            assert "Special building" not in curtain_words(table.model)[1]
        if phases >= 25:
            break
    assert phases >= 25 and curtains > 3
    assert skipped, "no seat went without cards: the skip was not seen"


def test_computers_builds_in_the_phase_are_paced_and_an_empty_pass_is_not(monkeypatch):
    """A person with five computers at the normal speed, the computers given
    cards to build roads with: in the Special Building Phase a computer's
    build, and its pass after building, wait the pause between the moves of
    its turn (PAUSES); a computer that builds nothing passes at once."""
    clock = [1000.0]
    monkeypatch.setattr(computers_module, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    auth = special_build(seed=9, stock=False)
    s = auth.state
    while s.agenda[0][1] == 0 or s.agenda[0] != ["special", (s.current + 1) % 6]:
        seat = deciders(s)[0]                          # on to a phase whose first builder is a computer
        auth.submit(RandomSeats(9).player(seat, ("offer",)).choose(s))
    for seat in range(1, 6):                           # roads for the computers after the first one
        if seat not in (s.current, s.agenda[0][1]):
            for kind in (0, 1, 0, 1):
                s.bank[kind] -= 1
                s.hands[seat][kind] += 1
                s.hand_n[seat] += 1
    app = make_app(computer_speed="normal")
    table = push_table(app, auth=auth, names=NAMES, computers=[None] + ["easy"] * 5)
    comp, pause = table.model.computers, PAUSES["normal"]
    moves = []                                         # (time, command)
    while s.phase == SPECIAL_BUILD and s.agenda[0][1] != 0 and len(moves) < 60:
        seq = len(auth.log)
        comp.poll()
        if comp.thought is not None:
            comp.thought.done(5.0)
        moves += [(clock[0], r.cmd) for r in auth.log[seq:]]
        clock[0] += 0.05
    assert moves and all(cmd[1] != 0 for _, cmd in moves)
    kinds = [cmd[0] for _, cmd in moves]
    assert "build_road" in kinds and "pass_build" in kinds
    last, last_seat, paced, quick = 1000.0, None, 0, 0
    for t, cmd in moves:
        if cmd[0] == "pass_build" and cmd[1] != last_seat:
            assert t - last < pause                    # nothing built: no pause
            quick += 1
        else:
            assert t - last >= pause - 1e-9            # a build, or the pass after one: paced
            paced += 1
        last, last_seat = t, cmd[1]
    assert paced >= 2 and quick >= 1


def test_the_prompt_tells_everyone_else_who_builds():
    """X-1.7: a seat that does not build (a LAN laptop's, the shared
    screen while a computer builds) reads "Special building: NAME", and its
    P key passes nothing."""
    auth = special_build()
    me = auth.state.agenda[0][1]
    other = (me + 1) % 6
    app, table = table_at(auth)
    m = table.model
    m.viewer = other
    table.play.sync()
    assert table_prompt(m) == f"Special building: {NAMES[me]}"
    assert deciders(table.c.view(None)) == [me]
    controls.press(m, table.play, pygame.K_p)
    assert auth.state.agenda[0][1] == me and auth.state.phase == SPECIAL_BUILD


def test_a_person_who_could_only_pass_is_passed_for_without_a_curtain():
    """X-1.7 on a shared screen: six people, the builder holds cards but
    the engine lists nothing for them but passing: the table passes for
    them at once (no curtain, no P to press) and the phase goes on to the
    next seat; the log tells the pass like any other."""
    auth = special_build(stock=False)
    s = auth.state
    me = s.agenda[0][1]
    assert s.hand_n[me] > 0 and legal_commands(s, me) == [("pass_build", me)]
    before = len(auth.log)
    app, table = table_at(auth)
    assert auth.log[before].cmd == ("pass_build", me)
    assert s.phase != SPECIAL_BUILD or s.agenda[0][1] != me
    assert table.model.curtain_for != me and table.model.viewer != me


def test_a_person_with_a_build_still_chooses_and_a_computer_is_not_passed_for():
    """The table passes only for a person with nothing to build: a builder
    with a road's cards is asked; a computer that could only pass decides
    itself (its pass paced like its turn, the computers' module)."""
    auth = special_build()
    me = auth.state.agenda[0][1]
    before = len(auth.log)
    app, table = table_at(auth)
    assert len(auth.log) == before and table.model.viewer == me
    auth = special_build(stock=False)
    me = auth.state.agenda[0][1]
    before = len(auth.log)
    app = make_app()
    table = push_table(app, auth=auth, names=NAMES,
                       computers=[None if seat != me else "easy" for seat in range(6)])
    assert len(auth.log) == before                     # not passed by the table
