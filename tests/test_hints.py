"""Hints: what the Hard computer would do now, from the person's own view,
on the board with a line of why; none in LAN games."""

import pytest

pygame = pytest.importorskip("pygame")

from client_helpers import draw, make_app, push_table  # noqa: E402
from game import saves  # noqa: E402
from game.bots import hint as H  # noqa: E402
from game.bots.evaluate import evaluate  # noqa: E402
from game.client.i18n import tr  # noqa: E402
from game.client.table import hints  # noqa: E402
from game.engine import default_config, deciders, legal_commands, view  # noqa: E402
from game.engine.match import Authority  # noqa: E402
import os  # noqa: E402

SAVES = os.path.join(os.path.dirname(__file__), "data", "saves")


def positions(name="hotseat-base-finished.kolonisten"):
    """(state, command played next) through a saved game."""
    game = saves.load(os.path.join(SAVES, name))
    auth = Authority(game.config)
    for cmd in game.commands:
        yield auth.state, cmd
        auth.submit(cmd)


@pytest.mark.parametrize("name", ["hotseat-base-finished.kolonisten", "hotseat-ck-finished.kolonisten"])
def test_the_valuation_terms_add_up_to_the_valuation(name):
    for i, (state, _) in enumerate(positions(name)):
        if i % 20 == 0:
            for seat in range(state.n):
                v = view(state, seat)
                assert sum(H.terms(v, seat).values()) == pytest.approx(evaluate(v, seat))


def test_a_city_is_explained_by_the_cards_it_brings_a_round():
    seen = 0
    for state, cmd in positions():
        if cmd[0] == "build_city":
            seat = cmd[1]
            why = H.why(view(state, seat), seat, cmd)
            assert why["term"] == "production" and why["per_round"] > 0
            seen += 1
    assert seen


def test_a_robber_move_is_explained_by_whom_it_costs_what():
    """B-5.4: the robber's hex produces nothing for anyone while it stands
    there; the hint names the other seat that loses most there, and how
    much (a city twice a settlement), not a generic line; a move that
    frees the seat's own hex is explained by its production."""
    from game.engine.board import STANDARD
    import itertools
    from game.engine.constants import COMMODITY_OF_TERRAIN, DESERT
    from game.bots.facts import PIPS
    seen = 0
    for state, cmd in itertools.chain(positions(), positions("hotseat-ck-finished.kolonisten")):
        if cmd[0] != "move_robber":
            continue
        seat, h = cmd[1], cmd[2]
        lost = [0] * state.n
        for node in STANDARD.hex_nodes[h]:
            if state.node_owner[node] not in (-1, seat):      # C&K: a city's commodity is not the hex's card
                commodity = state.config["rules"] == "ck" and state.terrain[h] in COMMODITY_OF_TERRAIN
                lost[state.node_owner[node]] += 1 if commodity else state.node_level[node]
        why = H.why(view(state, seat), seat, cmd)
        if state.terrain[state.robber] != DESERT and any(state.node_owner[node] == seat
                                                         for node in STANDARD.hex_nodes[state.robber]):
            assert why["term"] == "production"          # it frees the seat's own first
            continue
        if state.terrain[h] == DESERT or not any(lost):
            assert why["term"] != "robber"
            continue
        assert why["term"] == "robber" and why["kind"] == state.terrain[h]
        assert lost[why["victim"]] == max(lost)
        assert why["per_round"] == round(max(lost) * PIPS[state.numbers[h]] * state.n / 36, 1)
        names = [f"P{i}" for i in range(state.n)]
        line = hints.hint_line(cmd, why, names)
        assert line.startswith(tr("hint.line", what=tr("hint.do.move_robber"), why=""))
        assert f"P{why['victim']}" in line and tr("hint.why.best") not in line
        seen += 1
    assert seen


@pytest.mark.parametrize("name", ["hotseat-base-finished.kolonisten", "hotseat-ck-finished.kolonisten"])
def test_every_move_a_hint_can_show_says_why_in_its_own_words(name):
    """Only the C&K decisions resolved in a dialog (and roads that lead
    nowhere new) may fall back to the generic reason; a withdrawn offer, a
    counter-offer, a bank trade, a robber move or a progress card has its own."""
    generic = tr("hint.why.best")
    fallbacks = set()
    for state, cmd in positions(name):
        if isinstance(cmd[1], int):
            seat = cmd[1]
            line = hints.why_text(H.why(view(state, seat), seat, cmd), [f"P{i}" for i in range(state.n)])
            if line == generic:
                fallbacks.add(cmd[0])
    assert fallbacks <= {"resolve", "harbor_trade", "build_road", "place_road"}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_hinted_discard_offer_or_bank_trade_names_its_cards(lang):
    """B-5.3, B-7: "discard" alone does not say which cards; the hint's line does."""
    from game.client import i18n
    from game.client.eventtext import card_name, count_text
    i18n.set_language(lang)
    try:
        names = ["P0", "P1", "P2"]
        line = hints.hint_line(("discard", 0, (0, 1, 0, 4, 0)), {"term": "discard"}, names)
        assert count_text(1, 1) in line and count_text(3, 4) in line
        line = hints.hint_line(("offer", 0, (0, 0, 2, 0, 0), (0, 0, 0, 0, 1), (1, 2)), {"term": "offer"}, names)
        assert line.index(count_text(2, 2)) < line.index(count_text(4, 1))         # give, then get
        line = hints.hint_line(("maritime", 0, 3, 4), {"term": "hand"}, names)
        assert line.index(card_name(3)) < line.index(card_name(4))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_command_a_hint_can_show_has_its_own_imperative_words(lang):
    """A hint says what to do ("activate this knight"), never what was done
    (the review's "activated a knight"): every command of both rule sets has
    its own line, in both languages, whatever its arguments."""
    from game.client import i18n
    from game.client.i18n import has_text
    from game.engine import COMMANDS
    from game.engine.constants import PROGRESS_NAMES
    samples = {"cards": (0, 1, 0, 2, 0), "seat": 1, "res": 2, "card": 3, "prog": PROGRESS_NAMES.index("spy"),
               "name": "aqueduct", "node": 7, "edge": 7, "hex": 4, "track": 0, "seats": (1,), "args": ()}
    i18n.set_language(lang)
    try:
        for kind, arg_types in COMMANDS.items():
            assert has_text(lang, "hint.do." + kind), kind
            cmd = (kind, 0) + tuple(samples[t] for t in arg_types)
            line = hints.hint_line(cmd, {"term": kind}, ["P0", "P1", "P2"])
            assert "{" not in line and tr("hint.do." + kind, **hints._details(cmd, ["P0", "P1", "P2"])) in line
    finally:
        i18n.set_language("en")


def test_a_decision_answered_on_the_board_is_lit_there_and_named_otherwise():
    """CK-8.3, CK-8.5, CK-11: the hint rings on the board the city to lose,
    the knights to send or the hexes a progress card aims at, and names
    cards or a card in words."""
    assert hints.spots_of(("resolve", 0, "lose_city", (12,))) == [("node", 12)]
    assert hints.spots_of(("resolve", 0, "commit", (3, 5, 9))) == [("node", 3), ("node", 5), ("node", 9)]
    assert hints.spots_of(("resolve", 0, "wedding", (1, 0, 0, 1, 0, 0, 0, 0))) == []
    from game.engine.constants import PROGRESS_NAMES
    assert hints.spots_of(("progress", 0, PROGRESS_NAMES.index("bishop"), (6,))) == [("hex", 6)]
    assert hints.spots_of(("progress", 0, PROGRESS_NAMES.index("inventor"), (2, 9))) == [("hex", 2), ("hex", 9)]
    assert tr("hint.choice.ringed") in hints.hint_line(("resolve", 0, "lose_city", (12,)), {"term": "resolve"}, ["A", "B"])
    line = hints.hint_line(("resolve", 0, "wedding", (1, 0, 0, 1, 0, 0, 0, 0)), {"term": "resolve"}, ["A", "B"])
    assert "1 wood, 1 grain" in line
    line = hints.hint_line(("resolve", 0, "commit", (3, 5, 9)), {"term": "resolve"}, ["A", "B"])
    assert "the 3 ringed knights" in line


def test_a_knight_wall_or_improvement_says_which_part_of_cities_and_knights_it_serves():
    """CK-5, CK-6: "stronger against the barbarians and in the city
    improvements" said of a knight was half wrong."""
    seen = set()
    for state, cmd in positions("hotseat-ck-finished.kolonisten"):
        if cmd[0] in H.CK_PARTS:
            why = H.why(view(state, cmd[1]), cmd[1], cmd)
            assert why["term"] != "ck"
            if why["term"] == H.CK_PARTS[cmd[0]]:
                seen.add(cmd[0])
    assert {"recruit_knight", "improve"} <= seen


def test_advice_is_a_legal_command_of_the_seat_and_reads_only_its_view():
    for i, (state, _) in enumerate(positions()):
        if i % 60:
            continue
        seat = deciders(state)[0]
        v = view(state, seat)
        assert all(v.hands[o] is None for o in range(state.n) if o != seat)
        found = H.advice(v, seat)
        assert found["cmd"][1] == seat
        assert found["cmd"][0] in {c[0] for c in legal_commands(state, seat)}


def test_the_hint_key_lights_the_spot_and_says_why_from_the_persons_view(monkeypatch):
    app = make_app()
    table = push_table(app, default_config(players=3, seed=5))
    m = table.model
    app.step([])
    shown = []
    real = hints.advice

    def spy(v, seat, level, seed=0):
        shown.append((v, seat))
        return real(v, seat, level, seed)
    monkeypatch.setattr(hints, "advice", spy)
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="?"))
    (v, seat), = shown
    assert seat == m.viewer and all(v.hands[o] is None for o in range(3) if o != seat)
    assert m.hint["cmd"] in m.legal and m.hint["cmd"][0] == "place_settlement"
    assert m.hint["line"].startswith("Hint: found your settlement here — ")
    app.dirty = True
    app.step([])
    assert ("btn", "hint") in [k for k, _r, _a in table.ui.targets.items]
    table.play.submit(m.hint["cmd"])
    app.step([])
    assert hints.current(m) is None          # the position moved on: the hint is gone


def test_hints_in_a_lan_game_only_when_the_host_allows_them(monkeypatch):
    app = make_app((1280, 720), "nl")
    table = push_table(app, default_config(players=3, seed=5))
    monkeypatch.setattr(table.play.c, "hotseat", False)
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="?"))
    assert table.model.hint is None
    assert tr("hint.lan_off") in [note[0] for note in table.model.notes]
    app.step([])
    assert ("btn", "hint") not in table.ui.targets.keys()
    # the host allows hints (its lobby says so to every peer: LanController.hints_allowed)
    monkeypatch.setattr(table.play.c, "hints_allowed", True, raising=False)
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="?"))
    assert table.model.hint is not None and table.model.hint["seat"] == table.model.viewer
    app.step([])
    assert ("btn", "hint") in table.ui.targets.keys()


@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((1920, 1080), "nl")])
def test_the_hints_line_steps_aside_while_the_pointer_is_over_it(size, lang):
    """The line lies over the sea at the board's bottom, where a harbor can
    be: under the pointer it is not drawn, so what it covers shows (and a
    harbor's tooltip with it); the lit spot stays."""
    app = make_app(size, lang)
    table = push_table(app, default_config(players=3, seed=5))
    m = table.model
    app.step([])
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="?"))
    assert draw(app)
    box, _ = hints.line_box(table.ui, m.hint)
    probe = (box.x + 3, box.centery)          # inside the frame, left of the text

    def shown_at(pointer):
        # as the window's loop has it: a frame is drawn only for a change
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0))])
        return tuple(app.screen.get_at(probe))[:3]

    away = shown_at((5, 5))
    assert away == (16, 20, 28)               # the line's panel
    assert shown_at(box.center) != away
    assert shown_at((box.centerx + 7, box.centery)) != away        # moving on over it
    assert hints.current(m) is not None       # the hint itself is still on
    assert shown_at((5, 5)) == away


def test_no_hint_now_is_taken_back_when_the_persons_turn_begins():
    """? pressed while the computers play says there is nothing to decide;
    once the person's own decision comes (within the note's seconds) that
    line goes, not to stand beside the prompt that asks them to act."""
    from client_helpers import bot_game
    from game.engine.state import MAIN
    auth, _ = bot_game(seed=5, players=3, until=lambda a: a.state.phase == MAIN and a.state.current == 1
                       and a.state.turn > 6)
    app = make_app(computer_speed="instant")
    table = push_table(app, auth=auth, computers=[None, "medium", "medium"])
    m = table.model
    assert 0 not in deciders(auth.state)
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="?"))
    nothing = tr("hint.nothing")
    assert [note[0] for note in m.notes] == [nothing]
    for _ in range(200):
        if 0 in deciders(auth.state):
            break
        app.step([])
    assert 0 in deciders(auth.state)
    assert nothing not in [note[0] for note in m.notes]
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="?"))
    assert m.hint is not None and m.hint["seat"] == 0


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_hinted_robber_rings_its_whole_hex_not_a_corner(size):
    """B-5.4: the robber stands on a hex; its hint's white ring went round a
    point above the number (on a corner of the hex): it goes round the hex's
    middle, as wide as the tile, like the guided game's ring."""
    import math
    import time
    app = make_app(size)
    table = push_table(app, default_config(players=3, seed=5))
    m, ui = table.model, table.ui
    app.step([])
    h = 8
    m.hint = {"view": m.view, "seat": 0, "cmd": ("move_robber", 0, h), "why": {"term": "move_robber"},
              "line": "x", "shown": time.monotonic()}
    assert draw(app)
    (cx, cy), s = ui.board.hex_center(h), ui.layout.s
    radii = [ui.board.R * 0.78 + d * s for d in range(0, 6)]

    def white(x, y):
        return tuple(app.screen.get_at((int(x), int(y))))[:3] == hints.HINT_RING

    for angle in (0, math.pi / 2, math.pi, 3 * math.pi / 2):       # all round the tile's middle
        assert any(white(cx + r * math.cos(angle), cy + r * math.sin(angle)) for r in radii), angle


def test_a_hint_with_a_big_hand_warns_of_the_7_unless_the_move_spends_the_cards():
    """B-5.3: holding more than 7 cards, a 7 takes half: the hint says so
    when its move leaves the hand that big, and not when the move spends it."""
    from game.engine.state import MAIN
    found = None
    for state, cmd in positions():
        if state.phase == MAIN and cmd[0] == "end_turn":
            found = state.copy()
            break
    seat = found.current
    found.hands[seat] = [2, 2, 2, 2, 2]
    found.hand_n[seat] = 10
    v = view(found, seat)
    assert H.seven_risk(v, seat, ("end_turn", seat)) == 10
    assert H.seven_risk(v, seat, ("buy_dev", seat)) is None           # 7 left: a 7 takes nothing
    found.hands[seat] = [4, 4, 1, 0, 0]
    found.hand_n[seat] = 9
    v = view(found, seat)
    road = next(c for c in legal_commands(v, seat) if c[0] == "build_road")
    assert H.seven_risk(v, seat, road) is None                       # a road spends the 8th and 9th
    assert H.seven_risk(v, seat, ("end_turn", seat)) == 9
    line = hints.hint_line(("end_turn", seat), {"term": "end_turn"}, ["A", "B", "C", "D"], 10)
    assert "10" in line and "5" in line and line.startswith(tr("hint.line", what=tr("hint.do.end_turn"), why=""))
    assert hints.hint_line(("end_turn", seat), {"term": "end_turn"}, ["A", "B", "C", "D"]) == \
        tr("hint.line", what=tr("hint.do.end_turn"), why=tr("hint.why.end_turn"))
    found.phase = MAIN
    other = (seat + 1) % found.n
    assert H.seven_risk(view(found, other), other, ("end_turn", other)) is None     # not their turn


def test_a_robber_hint_that_spares_the_leader_names_the_leaders_points():
    """B-5.4: a hint put the robber on a 4-point player's hex while another
    led with 6 and Longest Road, without a word: when the robber spares the
    leader, the line names them and their points, and why (their tiles are
    the seat's too, or they would lose less)."""
    import itertools
    from game.engine.board import board_of
    seen = set()
    for state, cmd in itertools.chain(positions(), positions("hotseat-ck-finished.kolonisten")):
        if cmd[0] != "move_robber":
            continue
        seat = cmd[1]
        v = view(state, seat)
        why = H.why(v, seat, cmd)
        if why["term"] != "robber":
            continue
        others = [o for o in range(state.n) if o != seat]
        top = max(state.vp_public[o] for o in others)
        leaders = [o for o in others if state.vp_public[o] == top]
        on_hex = {state.node_owner[n] for n in board_of(state).hex_nodes[cmd[2]]}
        if len(leaders) == 1 and leaders[0] not in on_hex:
            leader = leaders[0]
            assert why["leader"] == leader and why["leader_points"] == top
            names = [f"P{i}" for i in range(state.n)]
            line = hints.hint_line(cmd, why, names)
            assert f"P{leader}" in line and str(top) in line
            seen.add(why["spared"])
        else:
            assert "leader" not in why
    assert seen


@pytest.mark.parametrize("scale,size", [(100, (1280, 720)), (150, (1280, 720)), (200, (1280, 720)),
                                        (200, (1920, 1080))])
def test_the_hints_line_never_hides_the_spot_it_points_at(scale, size):
    """Hinted onto each corner of the founding round, at each scale: the
    hint's line ("found your settlement here") keeps clear of that corner
    and the harbor beside it (on the narrow table the island reaches the
    board's bottom, where the line lay over its lower corners)."""
    import time
    app = make_app(size, ui_scale=scale)
    table = push_table(app, default_config(players=4, seed=5, board="beginner"))
    m, ui = table.model, table.ui
    app.step([])
    island, R = ui.board.island, ui.board.R
    corners = [c[2] for c in m.legal if c[0] == "place_settlement"]
    assert corners
    moved = 0
    for corner in corners:
        m.hint = {"view": m.view, "seat": m.viewer, "cmd": ("place_settlement", m.viewer, corner),
                  "why": {"term": "best"}, "line": tr("hint.button") + " " + "x" * 30, "shown": time.monotonic()}
        box, _ = hints.line_box(ui, m.hint)
        assert not box.inflate(int(0.8 * R), int(0.8 * R)).collidepoint(ui.board.node_pos(corner)), corner
        for h, e in enumerate(island.harbor_edges):
            if corner in island.edge_nodes[e]:
                assert not box.inflate(int(0.6 * R), int(0.6 * R)).collidepoint(ui.board.harbor_pos(h)), corner
        moved += box.y < ui.layout.board.centery
    assert moved < len(corners)              # (at the bottom where that hides nothing)


@pytest.mark.parametrize("scale", [150, 200])
@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.slow
def test_the_keyboards_spot_line_keeps_the_hinted_spot_in_sight_X_1(players, scale):
    """At 200 % with the hint on show the keyboard cursor's line ("driesprong
    A12: 9 erts, haven 3:1") went over the hint's line and covered the very
    corner the hint rang: where one of its places keeps clear of both the
    cursor's corner and the hinted one, it takes such a place."""
    import math
    import time
    from game.client.table import keyboard
    from game.client.table.board_lines import HARBOR_CLEARANCE, SPOT_CLEARANCE, harbor_points
    app = make_app((1280, 720), ui_scale=scale)
    table = push_table(app, default_config(players=players, seed=5, board="beginner"))
    m, ui = table.model, table.ui
    app.step([])
    R = ui.board.R
    corners = [c[2] for c in m.legal if c[0] == "place_settlement"]
    words = "x" * 34
    harbors = harbor_points(ui)
    lines = [ui.text.render(words, 15, (255, 255, 255), bold=True)]

    def gap(box, p):
        return math.hypot(max(box.x - p[0], 0, p[0] - box.right), max(box.y - p[1], 0, p[1] - box.bottom))
    checked = 0
    for hinted in corners:
        m.hint = {"view": m.view, "seat": m.viewer, "cmd": ("place_settlement", m.viewer, hinted),
                  "why": {"term": "best"}, "line": tr("hint.button") + " " + "x" * 30, "shown": time.monotonic()}
        ring = ui.board.node_pos(hinted)
        for cursor in corners[::4]:
            at = ui.board.node_pos(cursor)
            near = [h for h in harbors if min(math.dist(h, ring), math.dist(h, at)) < 1.5 * R]

            def clear(box):                     # of both corners, and of a harbor beside either
                return (gap(box, ring) >= SPOT_CLEARANCE * R and gap(box, at) >= SPOT_CLEARANCE * R
                        and all(gap(box, h) >= HARBOR_CLEARANCE * R for h in near))
            places, _ = keyboard.line_places(m, ui, lines, lines[0].get_height(), at)
            if not any(clear(p) for p in places):
                continue
            box, _ = keyboard.line_layout(m, ui, words, at)
            assert clear(box), (hinted, cursor)
            checked += 1
    assert checked > len(corners)
