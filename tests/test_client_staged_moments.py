"""Staged moments, from the records of real games played
by bots: a barbarian attack stops the table and tells its result; a 7 and
production get a panel of their own."""

import time

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import COLOURS, NAMES, bot_game, make_app, push_table  # noqa: E402
from game.client.table import controls  # noqa: E402
from game.engine.state import MAIN  # noqa: E402


def _events(auth, i):
    return [e for e in auth.log[i].events]


def drive(rules, seed, last, players=3, lang="en", names=NAMES, size=(1280, 720)):
    """A fresh table fed the bot game's commands 0..last, one by one as the
    table's own moves would come in; returns (app, table, original auth)."""
    auth, _ = bot_game(rules=rules, seed=seed, players=players, stop=last + 1)
    app = make_app(size=size, lang=lang)
    table = push_table(app, auth.config, names=names, colours=COLOURS)
    for record in auth.log[:last + 1]:
        table.c.submit(record.cmd)
        table.play.refresh()
    return app, table, auth


def first_record(rules, seed, kind, players=3, stop=1500):
    auth, _ = bot_game(rules=rules, seed=seed, players=players, stop=stop)
    return next(i for i, r in enumerate(auth.log) if any(e[0] == kind for e in r.events))


def texts(panel):
    return [line.text for line in panel.lines]


def test_CK_8_3_a_lost_battle_is_staged_with_pillaged_cities_and_the_freed_robber():
    i = first_record("ck", 5, "barbarians_attack")
    app, table, auth = drive("ck", 5, i)
    attack = next(e for e in _events(auth, i) if e[0] == "barbarians_attack")
    lost = [e[1] for e in _events(auth, i) if e[0] == "city_lost"]
    assert lost and any(e[0] == "barbarians_win" for e in _events(auth, i))
    panel = table.model.stage.attack
    assert table.model.stage.blocking and panel is not None
    lines = texts(panel)
    assert lines[0] == (f"Barbarians: strength {attack[1]} (one per city) · Catan's active knights: "
                        f"strength {attack[2]}")
    assert lines[1:4] == [f"{NAMES[s]}: active knights of strength {attack[3][s]}" for s in range(3)]
    assert lines[4].startswith("The barbarians are stronger")
    assert lines[5:5 + len(lost)] == [f"{NAMES[s]}'s city is pillaged: it is a settlement now." for s in lost]
    assert lines[-1].startswith("This was the first attack") and "CK-3.5" in lines[-1]
    # the lines come one after another; a key shows the rest, the next one goes on
    assert panel.shown_lines(panel.opened) == 1
    if table.model.curtain_for is not None:
        table.play.reveal()
    controls.press(table.model, table.play, pygame.K_RETURN)
    assert table.model.stage.blocking and panel.complete(time.monotonic())
    before = len(auth.log)
    controls.press(table.model, table.play, pygame.K_r)                           # no game key while the attack is on show
    assert table.model.stage.blocking and table.c.seq == i + 1 and len(auth.log) == before
    controls.press(table.model, table.play, pygame.K_SPACE)                       # the hurry key never dismisses it
    assert table.model.stage.blocking
    controls.press(table.model, table.play, pygame.K_RETURN)
    assert not table.model.stage.blocking


def test_CK_8_4_a_single_best_defender_is_named_defender_of_catan():
    i = first_record("ck", 9, "defender")
    app, table, auth = drive("ck", 9, i)
    hero = next(e[1] for e in _events(auth, i) if e[0] == "defender")
    lines = texts(table.model.stage.attack)
    assert "Catan is saved!" in lines
    assert f"{NAMES[hero]} is the Defender of Catan: +1 VP." in lines
    assert "pillaged" not in " ".join(lines)
    if table.model.curtain_for is not None:
        controls.press(table.model, table.play, pygame.K_RETURN)                  # at the curtain a key reveals, it does not dismiss
        assert table.model.curtain_for is None and table.model.stage.blocking
    app.dirty = True
    app.step([])                                    # drawn: the whole table answers the panel only
    assert table.ui.targets.at((5, 5))[0] == ("stage",)


def test_CK_8_4_tied_defenders_draw_progress_cards_on_the_panel():
    i = first_record("ck", 12, "catan_wins")
    auth, _ = bot_game(rules="ck", seed=12, players=3, stop=i + 8)
    heroes = next(e[1] for e in auth.log[i].events if e[0] == "catan_wins")
    assert len(heroes) > 1
    drawn = [k for k in range(i, len(auth.log)) if any(e[0] == "drew_progress" for e in auth.log[k].events)]
    app, table, _ = drive("ck", 12, drawn[len(heroes) - 1])
    lines = texts(table.model.stage.attack)
    names = ", ".join(NAMES[s] for s in heroes)
    assert f"Catan is saved! Tied best defenders {names} each draw a progress card." in lines
    for s in heroes:
        assert f"{NAMES[s]} draws a progress card." in lines


def test_B_5_3_a_seven_shows_who_discards_the_robber_and_the_theft():
    auth, _ = bot_game(rules="base", seed=3, players=3, stop=1500)
    def kinds(i):
        return {e[0] for e in auth.log[i].events}

    def steal_after(i):         # the theft that ends this 7 (before anyone rolls again)
        for k in range(i + 1, len(auth.log)):
            if "stole" in kinds(k):
                return k
            if "rolled" in kinds(k):
                return None
    seven, steal = next((i, steal_after(i)) for i in range(len(auth.log))
                        if "must_discard" in kinds(i) and steal_after(i) is not None)
    need = next(e[1] for e in auth.log[seven].events if e[0] == "must_discard")
    app, table, _ = drive("base", 3, steal)
    panel = table.model.stage.seven
    lines = texts(panel)
    roller = auth.log[seven].cmd[1]
    assert panel.title == f"{NAMES[roller]} rolled a 7"
    for s, k in enumerate(need):
        if k:
            assert f"{NAMES[s]} discarded {k} card{'s' if k != 1 else ''}" in lines
    assert any(t.startswith("The robber moves to the ") for t in lines)
    thief, victim = next((e[1], e[2]) for e in auth.log[steal].events if e[0] == "stole")
    assert lines[-1].startswith(f"{NAMES[thief]} robs {NAMES[victim]}")
    assert panel.until is not None                  # it goes a few seconds after the theft
    table.model.stage.update(panel.until + 1)
    assert table.model.stage.seven is None


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("nl", (1920, 1080))])
def test_B_5_3_a_long_name_in_the_sevens_title_wraps_inside_its_panel(lang, size):
    """"Computer 2 (Medium) rolled a 7" is wider than the left column: the
    title wraps onto a second line instead of running off the panel."""
    from game.client import theme
    long_names = ["Computer 1 (Medium)", "Computer 2 (Medium)", "Computer 3 (Medium)"]
    auth, _ = bot_game(rules="base", seed=3, players=3, stop=1500)
    seven = next(i for i, r in enumerate(auth.log) if any(e[0] == "must_discard" for e in r.events))
    app, table, _ = drive("base", 3, seven, lang=lang, names=long_names, size=size)
    ui, panel = table.ui, table.model.stage.seven
    width = ui.layout.stage.w
    assert ui.text.render(panel.title, 18, theme.ACCENT, bold=True).get_width() > width
    picture = table.model.stage._picture(ui, panel, width, False)
    pad = int(12 * ui.layout.s)
    accent = pygame.Color(*theme.ACCENT)

    def near_accent(c):
        return abs(c.r - accent.r) + abs(c.g - accent.g) + abs(c.b - accent.b) < 90
    edge = [picture.get_at((x, y)) for x in range(width - pad + 2, width) for y in range(picture.get_height())]
    assert not any(near_accent(c) for c in edge)        # no letter of the title under the panel's edge


def test_B_5_1_production_shows_who_got_what():
    auth, _ = bot_game(rules="base", seed=3, players=3, stop=1500)
    k = next(i for i, r in enumerate(auth.log) if r.cmd[0] == "roll"
             and any(e[0] == "produced" and sum(map(sum, e[1])) >= 2 for e in r.events))
    gains = next(e[1] for e in auth.log[k].events if e[0] == "produced")
    app, table, _ = drive("base", 3, k, lang="nl")
    panel = table.model.stage.production
    rolled = next(e for e in auth.log[k].events if e[0] == "rolled")
    assert panel.title == f"Worp {rolled[2] + rolled[3]}: opbrengst"
    assert [(line.seat, line.cards) for line in panel.lines] == [(s, tuple(g)) for s, g in enumerate(gains) if any(g)]


def test_a_resumed_games_history_is_not_staged():
    auth, _ = bot_game(rules="ck", seed=5, players=3, stop=60)
    assert any(e[0] == "barbarians_attack" for r in auth.log for e in r.events)
    app = make_app()
    table = push_table(app, auth=auth, names=NAMES, colours=COLOURS)
    assert table.model.stage.attack is None and table.model.stage.attacks >= 1


def test_CK_8_computers_wait_while_the_attack_panel_is_up():
    """The barbarians' panel covers the board: the computers make no move
    until the person has read it and gone on (nothing changes unseen)."""
    from game.engine import deciders
    i = first_record("ck", 5, "barbarians_attack")
    auth, _ = bot_game(rules="ck", seed=5, players=3, stop=i + 1)
    deciding = deciders(auth.state)
    person = next(s for s in range(3) if s not in deciding)
    levels = ["easy" if s != person else None for s in range(3)]
    app = make_app(computer_speed="instant")
    table = push_table(app, auth.config, names=NAMES, colours=COLOURS, computers=levels)
    table.model.computers.hold = True            # the game's own moves first, as they came
    for record in auth.log[:i + 1]:
        table.c.submit(record.cmd)
        table.play.refresh()
    table.model.computers.hold = False
    assert table.model.stage.blocking
    seq = table.c.seq
    for _ in range(30):
        app.step([])
    assert table.c.seq == seq and table.model.stage.blocking
    table.model.stage.close()
    for _ in range(300):
        app.step([])
        if table.c.seq > seq:
            break
    assert table.c.seq > seq


@pytest.mark.slow
def test_a_language_switch_tells_the_log_the_7_panel_and_notes_again():
    """Switching to Dutch mid-game: the log, the 7's panel on show and the
    notes are never left in English."""
    from game.client import i18n
    from game.client.eventtext import sentences
    auth, _ = bot_game(rules="base", seed=3, players=3, stop=1500)
    seven = next(i for i, r in enumerate(auth.log) if any(e[0] == "must_discard" for e in r.events))
    app, table, _ = drive("base", 3, seven)
    m = table.model
    assert m.stage.seven is not None and m.log
    table.play.note("An English note")
    english_title, until = m.stage.seven.title, m.stage.seven.until
    try:
        app.set_language("nl")
        roller = auth.log[seven].cmd[1]
        assert m.stage.seven.title == f"{NAMES[roller]} gooide een 7" != english_title
        assert m.stage.seven.until == until
        public = table.c.view(None)
        said = [line for e in auth.log[seven].events for line in sentences(e, NAMES, public)]
        assert m.log[-len(said):] == said
        assert all(n[0] != "An English note" for n in m.notes)
    finally:
        i18n.set_language("en")
        app.set_language("en")


def test_B_7_1_an_offer_to_the_person_closes_the_sevens_panel():
    """B-7.1, B-5.4: an offer to the person made while the 7's panel still
    tells who was robbed does not open its dialog over the panel, nor wait
    for it: the offer ends the 7's story, its panel goes (the log keeps it)
    and the answer dialog opens at once."""
    from game.client.table import dialogs
    auth, _ = bot_game(rules="base", seed=4, players=3, stop=1500)

    def is_steal_after_seven(i):
        return any(e[0] == "stole" for e in auth.log[i].events) and any(
            e[0] == "rolled" and e[2] + e[3] == 7 for r in auth.log[max(0, i - 12):i] for e in r.events)
    i = next(i for i in range(len(auth.log)) if is_steal_after_seven(i))
    app, table, _ = drive("base", 4, i)
    m, s = table.model, table.c.auth.state
    assert m.stage.seven is not None and s.phase == MAIN
    cur = s.current
    give, get, partner = next((give, get, p) for give in range(5) if s.hands[cur][give] for p in range(3)
                              if p != cur for get in range(5) if get != give and s.hands[p][get])
    out, back = [0] * 5, [0] * 5
    out[give], back[get] = 1, 1
    table.c.submit(("offer", cur, tuple(out), tuple(back), (partner,)))
    table.play.refresh()
    if m.curtain_for is not None:
        table.play.reveal()
    assert m.viewer == partner
    assert m.stage.seven is None and isinstance(m.dialog, dialogs.AnswerDialog)
    assert any("7" in line for line in m.log[-12:])          # the log still tells the 7


def test_the_newest_log_lines_stay_in_sight_above_the_roll_panel():
    """The production panel lies over the log's foot: the log ends above it,
    so the roll's own lines (the newest) are never hidden under it."""
    auth, _ = bot_game(rules="base", seed=3, players=3, stop=1500)
    k = next(i for i, r in enumerate(auth.log) if i > 40 and r.cmd[0] == "roll"
             and any(e[0] == "produced" and sum(map(sum, e[1])) >= 2 for e in r.events))
    app, table, _ = drive("base", 3, k)
    m = table.model
    if m.curtain_for is not None:
        table.play.reveal()
    assert m.stage.production is not None
    marker = (0, 255, 255)
    m.names = ["Zed"] + list(m.names[1:])    # the newest line alone holds a name drawn in the marker
    m.colours = [marker] + list(m.colours[1:])
    m.log.append("Zed *")
    app.dirty = True
    app.step([])
    panel_top = m.stage.side_top(table.ui)
    log = table.ui.layout.log
    assert panel_top < log.bottom
    above = pygame.Rect(log.x, log.y, log.w, panel_top - log.y)
    shot = app.screen.subsurface(above)
    seen = sum(1 for x in range(above.w) for y in range(above.h) if shot.get_at((x, y))[:3] == marker)
    assert seen > 0, "the newest log line is hidden under the roll's panel"


def test_a_panel_line_with_many_kinds_of_cards_keeps_its_words_together():
    """B-5.3: "Anna discarded 6 cards" with four kinds of cards: the cards go on
    a line of their own instead of squeezing the words one to a line."""
    from game.client.table.staging import Line, Panel
    app = make_app()
    table = push_table(app, bot_game(rules="base", seed=3, players=3, stop=20)[0].config,
                       names=["Player 1", "Bo", "Cas"], colours=COLOURS)
    stage, ui = table.model.stage, table.ui

    def height(cards):
        panel = Panel("Player 1 rolled a 7")
        panel.lines.append(Line("Player 1 discarded 6 cards", seat=0, cards=cards))
        return stage._picture(ui, panel, ui.layout.stage.w, False).get_height()
    one_kind, four_kinds = height((6, 0, 0, 0, 0)), height((3, 1, 1, 1, 0))
    line_h = ui.fonts.get(15).get_linesize()
    assert four_kinds <= one_kind + 2 * line_h, (one_kind, four_kinds)
    # two kinds fit after the last words: the words wrap as they would without cards
    assert height((3, 1, 0, 0, 0)) <= height(()) + 2, (height(()), height((3, 1, 0, 0, 0)))
