"""A computer's line in the log explained (game/client/table/explain.py):
the mouse on it shows why the computer did it, in one line and in the
reader's language, from the reasons hints give — worked out from that
seat's own view only, so it is the same whatever the other hands hold."""

import pytest
from hypothesis import given, settings, strategies as st

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import draw, make_app  # noqa: E402
from engine_play import random_position  # noqa: E402
from game.bots import make_bot  # noqa: E402
from game.bots.hint import why  # noqa: E402
from game.client.controller import HotseatController  # noqa: E402
from game.client.i18n import set_language, tr  # noqa: E402
from game.client.table import explain, tips  # noqa: E402
from game.client.table.hints import why_text  # noqa: E402
from game.client.table.scene import TableScene  # noqa: E402
from game.client.theme import PLAYER_COLOURS  # noqa: E402
from game.engine import deciders, default_config, view  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.state import GAME_OVER  # noqa: E402

NAMES = ["Anna", "Bram", "Cees", "Dirk"]


def _shuffled_others(state, seat, rng):
    """`state` with every card the other seats hold hidden dealt out again
    among them (each keeps its count), and the decks in another order."""
    out = state.copy()
    others = [s for s in range(out.n) if s != seat]
    for field in ("hands", "dev", "prog"):
        rows = getattr(out, field)
        if rows is None:
            continue
        pool = [kind for s in others for kind, k in enumerate(rows[s]) for _ in range(k)]
        rng.shuffle(pool)
        for s in others:
            count, rows[s] = sum(rows[s]), [0] * len(rows[s])
            for kind in pool[:count]:
                rows[s][kind] += 1
            del pool[:count]
    if out.deck:
        rng.shuffle(out.deck)
    return out


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["base", "ck"]), st.integers(0, 3), st.sampled_from([40, 120, 300, 600, 1000]),
       st.integers(0, 2 ** 32 - 1))
def test_the_reason_is_the_same_whatever_the_other_hands_hold(rules, seed, length, shuffle_seed):
    state = random_position(rules, seed, length)
    if state.phase == GAME_OVER:
        return
    seat = deciders(state)[0]
    cmd = make_bot("medium", seat, seed).choose(view(state, seat))
    shuffled = _shuffled_others(state, seat, Rng(shuffle_seed))
    assert view(shuffled, seat).hands == view(state, seat).hands
    mine = explain.reason(state, seat, cmd)
    assert explain.reason(shuffled, seat, cmd) == mine
    if mine is not None:            # the hint's own reason, on the seat's view
        assert mine == why(view(state, seat), seat, cmd)
        assert why_text(mine, NAMES, seat) == why_text(explain.reason(shuffled, seat, cmd), NAMES, seat)


def test_the_reason_is_worked_out_on_a_state_that_holds_no_other_seats_secret(monkeypatch):
    """What hint.why is handed holds the seat's own hand and no other's, no
    deck and no generator (RULES.md, 'Hidden information')."""
    handed = []

    def spy(state, seat, cmd):
        handed.append((state, seat))
        return why(state, seat, cmd)
    monkeypatch.setattr(explain, "why", spy)
    for rules in ("base", "ck"):
        for length in (40, 120, 300, 600, 1000):
            state = random_position(rules, 2, length)
            if state.phase != GAME_OVER:
                seat = deciders(state)[0]
                explain.reason(state, seat, make_bot("medium", seat, 1).choose(view(state, seat)))
    assert len(handed) >= 2
    for state, seat in handed:
        assert state.hands[seat] is not None and state.deck is None and state.rng is None
        assert all(state.hands[s] is None for s in range(state.n) if s != seat)


_PLAYED = {}     # (rules, seed, commands) -> _solo_game's commands and reasons (the bots think slowly)


def _solo_game(app, rules="base", seed=5, commands=300):
    """A solo table (Anna and three Medium computers) after about `commands`
    moves, the last a computer's decision, and per record the reason worked
    out as its computer decided (played once per module; a later table of
    the same game is given the same commands)."""
    c = HotseatController(default_config(rules=rules, players=4, seed=seed), NAMES,
                          [rgb for _, rgb in PLAYER_COLOURS[:4]], computers=[None, "medium", "medium", "medium"])
    app.prefs["ck_intro_seen"] = True
    table = TableScene(app, c)
    app.push(table)
    played = _PLAYED.get((rules, seed, commands))
    if played is not None:
        cmds, live = played
        for cmd in cmds:
            c.submit(cmd)
        table.play.refresh()
        return table, c, dict(live)
    bots = [make_bot("medium", s, seed + s) for s in range(4)]
    live = {}
    for _ in range(3 * commands):
        st_ = c.auth.state
        if st_.phase == GAME_OVER:
            break
        seat = deciders(st_)[0]
        cmd = bots[seat].choose(view(st_, seat))
        live[len(c.auth.log) + 1] = (seat, explain.reason(st_, seat, cmd))
        c.submit(cmd)
        if len(live) >= commands and seat != 0 and live[len(c.auth.log)][1] is not None:
            break
    _PLAYED[rules, seed, commands] = ([r.cmd for r in c.auth.log], dict(live))
    table.play.refresh()
    return table, c, live


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.slow
def test_the_reasons_on_hover_are_those_the_computers_had_as_they_decided(rules):
    """The explainer replays the log to each record (also backwards, as
    the mouse moves up and down the log) and finds the reason the computer's
    own view gave at the time."""
    app = make_app()
    table, c, live = _solo_game(app, rules)
    explainer = table.model.explainer
    computers = [seq for seq, (seat, _) in live.items() if seat != 0]
    for seq in computers[::-7] + computers[::11]:
        assert explainer.reason(seq) == live[seq]
    assert any(data is not None for seat, data in live.values() if seat != 0)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_hovering_a_computers_line_in_the_log_says_why_in_the_readers_language(lang):
    set_language(lang)
    try:
        app = make_app((1280, 720), lang)
        table, c, live = _solo_game(app)
        m, ui = table.model, table.ui
        assert draw(app)
        lines = [(key, rect) for key, rect, _ in ui.targets.items if key[0] == "log_line"]
        shown = [(key, rect) for key, rect in lines if live[key[1]][1] is not None]
        assert shown, "no computer's decision in the log on show"
        key, rect = shown[-1]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
        assert m.hover_key == key
        seat, data = live[key[1]]
        text = tips.tooltip(m, ui)
        assert text == tr("hint.computer", name=NAMES[seat], why=why_text(data, NAMES, seat))
        assert text.startswith("Why " if lang == "en" else "Waarom ") and "{" not in text
        assert draw(app)
        # a person's lines and the deal's are no targets: only a computer's moves are explained
        people = {seq for seq, (seat, _) in live.items() if seat == 0}
        assert not any(k[1] in people for k, _ in lines)
        # ... and of those, the lines about the computer ("Turn 12: Anna's turn" is no line about
        # the computer that ended its turn)
        told = [line for line in m.log if isinstance(line, explain.LogLine)]
        assert all(NAMES[line.actor] in line for line in told if line.actor is not None)
        turns = [line for line in told if c.auth.log[line.seq - 1].cmd[0] == "end_turn"
                 and live[line.seq][0] != 0 and NAMES[live[line.seq][0]] not in line]
        assert turns and all(line.actor is None for line in turns)
    finally:
        set_language("en")


def test_the_words_about_a_computer_never_say_you():
    """Every reason a hint says to "you" has its words about a computer."""
    for lang in ("en", "nl"):
        set_language(lang)
        try:
            you = ("you", "your") if lang == "en" else ("je", "jij", "jou", "jouw")
            for term in ("harbors", "hand", "walls", "roll", "end_turn", "accept", "decline", "discard",
                         "cancel_trade", "counter", "confirm_trade", "chase_robber", "move_robber",
                         "expansion", "production", "best", "steal", "offer", "maritime"):
                data = {"term": term, "kind": 4, "per_round": 1.0}
                text = why_text(data, NAMES, 2)
                assert not set(text.replace(",", " ").split()) & set(you), (lang, term, text)
            robber = {"term": "robber", "victim": 1, "kind": 4, "per_round": 1.0, "leader": 3,
                      "leader_points": 6, "spared": "yours"}
            assert "Cees" in why_text(robber, NAMES, 2) and "Cees" not in why_text(robber, NAMES)
        finally:
            set_language("en")


def test_a_lan_table_and_a_game_without_computers_explain_nothing():
    class Lan:
        auth = None
        computers = None
    assert explain.for_controller(Lan()) is None
    people_only = HotseatController(default_config(players=3, seed=1), NAMES[:3], [(1, 1, 1)] * 3)
    assert explain.for_controller(people_only) is None


def test_the_replay_of_a_finished_game_explains_its_computers_lines_and_an_unfinished_one_does_not():
    """In the replay viewer too (scenes/replay.py): a finished game's
    computer lines say why, left of the log; a game still in progress keeps
    its hands secret, so it explains nothing."""
    import os

    from game.client.scenes.replay import open_file
    from game.engine.match import Authority
    saves_dir = os.path.join(os.path.dirname(__file__), "data", "saves")
    app = make_app((1280, 720), "en")
    replay = open_file(app, os.path.join(saves_dir, "hotseat-base-finished.kolonisten"))
    app.push(replay)
    replay.go(replay.m.length // 2)
    assert draw(app)
    lines = [(key, rect) for key, rect, _ in replay.targets.items if key[0] == "log_line"]
    explained = [(key, rect) for key, rect in lines if replay.table.explainer.text(key[1], replay.names)]
    assert explained
    key, rect = explained[-1]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert replay.hover_key == key and draw(app)
    records = replay.m.records
    auth = Authority(replay.m.game.config)
    for record in records[:key[1] - 1]:
        auth.submit(record.cmd)
    cmd = records[key[1] - 1].cmd
    assert replay.table.explainer.reason(key[1]) == (cmd[1], explain.reason(auth.state, cmd[1], cmd))
    unfinished = open_file(app, os.path.join(saves_dir, "hotseat-ck-unfinished.kolonisten"))
    assert unfinished.table.explainer is None
