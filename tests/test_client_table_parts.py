"""The table reads the rule set: what it shows where rule sets differ comes
from the rule set's table part (game/client/table/parts), chosen once from
the game's config; the drawing code never asks which rule set is played,
and a base game's table reads no Cities & Knights field."""

import ast
import os
import sys

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import draw, make_app, push_table  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client.table.parts import PARTS, TablePart, part_for  # noqa: E402
from game.engine import RULESETS, default_config  # noqa: E402
from game.engine.state import CK_FIELDS, MAIN, State  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the table's drawing, input, prompts and staged moments, the board, and the
# screens that show a game (outside the table parts)
DRAWING = ["game/client/boardview.py", "game/client/scenes/end.py", "game/client/scenes/replay.py",
           "game/client/scenes/rules_screen.py", "game/client/scenes/game_menu.py"] + sorted(
    os.path.join("game/client/table", name) for name in os.listdir(os.path.join(ROOT, "game/client/table"))
    if name.endswith(".py") and name not in ("ckdialogs.py", "ckchart.py", "hints.py"))     # (C&K's own dialogs)
# what asks which rule set is played: the question itself, the rule sets' names
# compared or looked up, and the fields only Cities & Knights has
ASKS = {"is_ck", "ck", "ruleset_of"}
CK_ONLY = set(CK_FIELDS) | {"knight_owner"}


def rule_set_questions(path) -> list:
    """(line, what) of every place in the file's code (not its words) that
    asks which rule set is played or reads a field only C&K has."""
    tree = ast.parse(open(os.path.join(ROOT, path), encoding="utf-8").read())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in ASKS | CK_ONLY:
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute) and node.attr in ASKS | CK_ONLY:
            out.append((node.lineno, "." + node.attr))
        elif isinstance(node, ast.ImportFrom) and node.module and ".rulesets." in "." + node.module + ".":
            out.append((node.lineno, "import " + node.module))
        elif isinstance(node, ast.Compare) and any(isinstance(c, ast.Constant) and c.value in RULESETS
                                                   for c in [node.left] + node.comparators):
            out.append((node.lineno, "compares a rule set's name"))
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and node.slice.value == "rules":
            out.append((node.lineno, '["rules"]'))
    return out


def test_every_rule_set_has_a_table_part_and_the_config_picks_it():
    for name in RULESETS:
        assert part_for(default_config(rules=name)).rules == name
    assert set(PARTS) == set(RULESETS)
    assert all(isinstance(part, TablePart) for part in PARTS.values())     # each extends the base game's


@pytest.mark.parametrize("path", DRAWING)
def test_the_drawing_code_never_asks_which_rule_set_is_played(path):
    assert rule_set_questions(path) == []


class Watched(State):
    """A view that fails a test when the client reads a Cities & Knights field of it."""
    __slots__ = ()

    def __getattribute__(self, name):
        if name in CK_ONLY:
            caller = sys._getframe(1).f_globals.get("__name__", "")
            assert not caller.startswith("game.client"), f"{caller} reads {name} in a base game"
        return object.__getattribute__(self, name)


def watched(view):
    copy = object.__new__(Watched)
    for name in State.__slots__:
        object.__setattr__(copy, name, object.__getattribute__(view, name))
    return copy


@pytest.mark.slow
def test_a_base_games_table_reads_no_cities_and_knights_field():
    """The whole table of a base game (board, panels, hand, dice, prompt,
    tooltips, the reasons of unlit corners in a build mode) drawn move by
    move, the mouse on the board's corners and hexes (a third of them at each move)."""
    app = make_app()
    table = push_table(app, default_config(rules="base", players=4, seed=11))
    c, m = table.c, table.model
    real = c.view
    c.view = lambda seat: watched(real(seat))
    table.play.refresh()
    bot = RandomSeats(11)
    board = table.ui.board
    spots = [board.node_pos(n) for n in range(0, len(m.view.node_owner), 5)] + \
        [board.hex_center(h) for h in range(0, len(m.view.terrain), 4)]
    for step in range(160):
        if m.game_over_at is not None:
            break
        assert draw(app)
        if m.curtain_for is not None:
            table.play.reveal()
            continue
        if m.viewer is None:
            break
        if m.view.phase == MAIN and step % 3 == 0:
            m.mode = "build_settlement"              # its unlit corners say why (reasons.py)
            table.play.update_pick()
        for x, y in spots[step % 3::3]:              # each spot on every third move
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))])
        m.mode = None
        table.play.submit(bot.player(m.viewer, ("offer",)).choose(c.auth.state))
    assert c.auth.state.turn > 3


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("rules", sorted(PARTS))
def test_the_layouts_read_the_seat_count_up_to_six_seats(size, rules):
    """No layout assumes four seats: the table's player panels and the
    replay's seat column hold a panel for each of 2 to 6 seats, one under the
    other inside their column, the bank and the notices under the table's
    (the replay's: each seat's hand under its panel, the log on the left)."""
    from game.client.scenes.replay import ReplayLayout
    from game.client.table.layout import TableLayout
    part = PARTS[rules]
    for players in range(2, 7):
        L = TableLayout(size, players, part)
        assert len(L.panels) == players
        for a, b in zip(L.panels, L.panels[1:]):
            assert a.bottom <= b.y
        assert all(L.side.contains(r) for r in L.panels)
        assert L.panels[-1].bottom <= L.bank.y and L.bank.bottom <= L.notes.y and L.notes.h > 0
        R = ReplayLayout(size, players, part)
        assert len(R.seats) == len(R.hands) == players and len(R.dice) == part.dice
        for panel, hand, below in zip(R.seats, R.hands, R.seats[1:] + [None]):
            assert panel.bottom <= hand.y and (below is None or hand.bottom <= below.y)
        assert all(R.side.contains(r) for r in R.seats + R.hands)
        assert R.left.contains(R.log) and R.log.h > 0 and not R.log.colliderect(R.board)
