"""Say why: every engine refusal has plain words in both
languages that name the rule it comes from; greyed buttons and spots that
do not light up answer why on hover or click."""

import re

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import COLOURS, NAMES, bot_game, make_app, push_table  # noqa: E402
from game.client import i18n  # noqa: E402
from game.client.table import reasons  # noqa: E402
from game.engine import ERROR_CODES, default_config  # noqa: E402
from game.engine.board import STANDARD  # noqa: E402
from game.engine.rules import IllegalCommand  # noqa: E402
from game.engine.state import MAIN, ROLL, SETUP_SETTLEMENT  # noqa: E402
from game.client.table.tips import tooltip  # noqa: E402
from test_base_rule_ids import BASE_RULE_IDS  # noqa: E402
from test_ck_rule_ids import CK_RULE_IDS  # noqa: E402

SECTIONS = {re.sub(r"\.\d+$", "", r) for r in BASE_RULE_IDS + CK_RULE_IDS}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_engine_refusal_names_its_rule_in_both_languages(lang):
    assert reasons.assert_complete() == []
    i18n.set_language(lang)
    for code in ERROR_CODES:
        text = reasons.reason(IllegalCommand(code, "ENGINE DETAIL"))
        rule = reasons.RULE_OF[(code, None)]
        assert rule in BASE_RULE_IDS + CK_RULE_IDS or rule in SECTIONS, (code, rule)
        assert "ENGINE DETAIL" not in text, code
        words, dash, tail = text.rpartition(" — ")
        assert dash and len(words) > 10 and re.fullmatch(r"[^()]{4,} \(" + re.escape(rule) + r"\)", tail), text


def test_every_sharper_reason_names_a_real_rule():
    for (code, kind), rule in reasons.RULE_OF.items():
        assert code in ERROR_CODES
        assert rule in BASE_RULE_IDS + CK_RULE_IDS or rule in SECTIONS, (code, kind, rule)
    for lang in i18n.LANGUAGES:
        for key, text in i18n.catalog(lang).items():
            if key.startswith("why.") and key != "why.lacking":
                assert " — " in text, (lang, key)


def _table(auth):
    app = make_app()
    table = push_table(app, auth=auth, names=NAMES, colours=COLOURS)
    if table.model.curtain_for is not None:
        table.play.reveal()
    app.dirty = True
    app.step([])
    return app, table


def _hover(app, table, rect):
    pos = rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    return tooltip(table.model, table.ui)


def test_B_6_1_a_greyed_build_button_says_what_is_missing_on_hover_and_click():
    auth, _ = bot_game(seed=5, players=3, until=lambda a: a.state.phase == MAIN and a.state.turn >= 3)
    me = auth.state.current
    auth.state.hands[me] = [0, 1, 0, 0, 0]          # one brick: no road (wood + brick)
    auth.state.hand_n[me] = 1
    app, table = _table(auth)
    assert not table.model.action_enabled("build_road")
    rect = table.ui.targets.rect(("why", "build_road"))
    assert rect is not None
    tip = _hover(app, table, rect)
    assert tip == "You cannot pay for it yet. You lack 1 wood — building costs (B-6.1)"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert table.model.notes and table.model.notes[-1][0] == tip
    assert table.ui.targets.rect(("why", "end_turn")) is None          # an enabled button has no "why"


def test_B_4_1_before_the_roll_the_end_turn_button_says_roll_first():
    auth, _ = bot_game(seed=5, players=3, until=lambda a: a.state.phase == ROLL and a.state.turn >= 2)
    app, table = _table(auth)
    tip = _hover(app, table, table.ui.targets.rect(("why", "end_turn")))
    assert tip == "Roll the dice first: a turn starts with the roll — the order of a turn (B-4.1)"
    i18n.set_language("nl")
    assert reasons.button_reason(table.model, "end_turn").startswith("Gooi eerst de dobbelstenen")


def test_B_3_3_clicking_a_corner_next_to_a_building_tells_the_distance_rule():
    auth, _ = bot_game(seed=6, players=3, stop=2)             # one settlement and road placed
    assert auth.state.phase == SETUP_SETTLEMENT
    built = next(n for n in range(len(auth.state.node_owner)) if auth.state.node_owner[n] != -1)
    near = STANDARD.node_neighbors[built][0]
    app, table = _table(auth)
    assert near not in table.model.pick[1]
    pos = table.ui.board.node_pos(near)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1)])
    assert table.model.notes[-1][0] == ("Too close: two buildings never stand on neighbouring corners"
                                  " — distance rule (B-3.3)")
    pos = table.ui.board.node_pos(built)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1)])
    assert table.model.notes[-1][0] == "That corner is taken — distance rule (B-6.3)"
    assert len(auth.log) == 2                                   # nothing was submitted


def test_B_6_3_a_free_corner_away_from_the_roads_says_it_needs_a_road():
    auth, _ = bot_game(seed=5, players=3, until=lambda a: a.state.phase == MAIN and a.state.turn >= 3)
    state, me = auth.state, auth.state.current
    state.hands[me], state.hand_n[me] = [1, 1, 1, 1, 0], 4        # a settlement's cost (B-6.1)
    far = next(n for n in range(len(state.node_owner)) if state.node_owner[n] == -1
               and all(state.node_owner[m] == -1 for m in STANDARD.node_neighbors[n])
               and reasons.spot_reason(state, me, "build_settlement", n) is not None
               and "road" in reasons.spot_reason(state, me, "build_settlement", n))
    assert reasons.spot_reason(state, me, "build_settlement", far) == \
        "A settlement must touch one of your own roads — building settlements (B-6.3)"


def test_a_code_newer_than_the_client_falls_back_to_the_engines_words():
    assert reasons.reason(IllegalCommand("brand_new_code", "the engine's words")) == "the engine's words"


def test_the_catalogs_have_no_reason_for_a_code_the_engine_lacks():
    codes = set(ERROR_CODES)
    for key in i18n.catalog("en"):
        if key.startswith("why.") and key.count(".") == 1 and key != "why.lacking":
            assert key.split(".")[1] in codes, key
    assert default_config()           # (the engine is importable with its defaults)


def test_B_3_3_hovering_a_corner_that_is_not_lit_tells_why():
    auth, _ = bot_game(seed=6, players=3, stop=2)
    built = next(n for n in range(len(auth.state.node_owner)) if auth.state.node_owner[n] != -1)
    app, table = _table(auth)
    x, y = table.ui.board.node_pos(STANDARD.node_neighbors[built][0])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))])
    assert tooltip(table.model, table.ui) == ("Too close: two buildings never stand on neighbouring corners"
                               " — distance rule (B-3.3)")
    lit = sorted(table.model.pick[1])[0]
    x, y = table.ui.board.node_pos(lit)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))])
    assert table.model.hover_spot == lit and tooltip(table.model, table.ui) is None        # a lit corner needs no excuse


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_CK_3_5_a_progress_card_without_a_use_says_why_with_its_rule(lang, monkeypatch):
    """The Bishop before the first barbarian attack: its dialog says why it
    cannot be played (the robber is locked, CK-3.5), never a bare "not now"."""
    from game.client.table import ckdialogs
    from game.engine.constants import PROGRESS_INDEX
    auth, _ = bot_game(rules="ck", seed=5, players=3,
                       until=lambda a: a.state.phase == MAIN and a.state.turn > 2 and not a.state.barb_attacks)
    state = auth.state
    me, bishop = state.current, PROGRESS_INDEX["bishop"]
    state.prog[me][bishop] += 1
    state.prog_n[me] += 1
    i18n.set_language(lang)
    app, table = _table(auth)
    said = []
    monkeypatch.setattr(ckdialogs.Chooser, "text",
                        lambda self, surf, text, *a, **k: said.append(text), raising=False)
    table.play.open_progress(bishop)
    app.dirty = True
    app.step([])
    why = reasons.progress_reason(table.model.view, me, bishop)
    assert why.endswith("(CK-3.5)") and why == reasons.reason(IllegalCommand("robber_locked", ""))
    shown = " ".join(said)
    assert "(CK-3.5)" in shown
