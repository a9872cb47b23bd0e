"""The table with five and six seats (X-1.1): six player panels, the hand,
the log and the board fit at 1280x720 and 1920x1080 in both languages and
both rule sets, nothing overlapping or drawn outside its panel."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import draw, make_app, push_table  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.match import Authority  # noqa: E402
from game.engine.state import MAIN  # noqa: E402
from fit_cases import tightest_fast  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))
LONG_NAMES = ["Anna-Maria", "Bartholomeus", "Cornelia", "Dirk-Jan", "Evangeline", "Frederique"]


def six_seat_game(rules, players=6, seed=11, turn=8):
    """Random bots' game of `players` seats at the main phase of turn `turn`
    or later, every seat holding awards and large numbers (the panels' fullest look)."""
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bot = RandomSeats(seed)
    while not (auth.state.turn >= turn and auth.state.phase == MAIN):
        seat = bot.pick_seat(auth.state)
        auth.submit(bot.player(seat, ("offer",)).choose(auth.state))
    s = auth.state
    s.longest_road = players - 1
    s.vp_public = [12] * players
    if rules == "ck":
        s.defenders = [3] * players
        s.prog_vp = [1] * players
        s.merchant = [s.robber, players - 1]
    else:
        s.largest_army = players - 1
    return auth


def inside(inner, outer) -> bool:
    return outer.contains(inner)


@pytest.mark.parametrize("rules", ["base", "ck"])
@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.slow
def test_every_panel_and_column_fits_without_overlap(rules, players):
    """X-1.1: at both sizes and in both languages the panels lie in the side
    column one under the other, the bank and room for the notices under
    them; what a panel draws (names, points, counts, C&K's tracks, awards)
    stays inside that panel; the board, the left column and the hand strip
    do not reach the side column."""
    auth = six_seat_game(rules, players)
    for w, h in SIZES:
        for lang in ("en", "nl"):
            app = make_app((w, h), lang)
            table = push_table(app, auth=auth, names=LONG_NAMES[:players])
            table.play.reveal()
            assert draw(app)
            L = table.ui.layout
            screen = pygame.Rect(0, 0, w, h)
            assert len(L.panels) == players
            for i, rect in enumerate(L.panels):
                assert inside(rect, L.side) and inside(rect, screen)
                assert all(not rect.colliderect(other) for other in L.panels[i + 1:])
                assert not rect.colliderect(L.bank)
            assert L.bank.top >= L.panels[-1].bottom and inside(L.bank, L.side)
            assert L.notes.top >= L.bank.bottom and L.notes.h >= int(60 * L.s), "no room for a notice"
            for area in (L.board, L.left, L.hand):
                assert not area.colliderect(L.side) and inside(area, screen)
            assert not L.hand.colliderect(L.board) and not L.hand.colliderect(L.left)
            assert inside(L.log, L.left) and L.log.h >= int(200 * L.s)
            for key, rect, _ in table.ui.targets.items:
                if key[0] in ("panel_tip", "improvements"):
                    assert any(inside(rect, panel) for panel in L.panels), \
                        f"{rules} {players} seats {w}x{h} {lang}: {key} at {rect} outside its panel"
            for seat, rect in table.ui.name_rects.items():
                assert inside(rect, L.panels[seat])
            for rect in L.buttons.values():
                assert inside(rect, L.hand)
            pygame.quit()


def test_the_board_fits_the_larger_island_before_the_first_frame():
    """The table's board is fitted to the game's island from the start: the
    cards a roll produces fly from the 5-6 island's hexes (X-1.2) even when
    the table opens on a game whose history is read before any frame."""
    auth = six_seat_game("base")
    app = make_app()
    table = push_table(app, auth=auth)
    assert len(table.ui.board.island.hex_center) == 30
    pygame.quit()


@pytest.mark.parametrize("size", tightest_fast("size", SIZES))
def test_a_barbarian_attack_on_six_seats_fits_on_the_board(size):
    """CK-8 with six seats (X-1.8): the attack's panel (a line of knights
    for each seat, a pillaged city for each weakest defender) stands on the
    board whole, its Continue button on it."""
    from tools.screens import six, states
    auth, first = six.attack_game()
    app = make_app(size)
    table = states.table_for(app, auth.log, auth.config, live_from=first, names=LONG_NAMES)
    attack = table.model.stage.attack
    assert attack is not None and len([line for line in attack.lines if line.seat is not None]) >= 6
    attack.opened -= 60                                # every line revealed
    assert draw(app)
    board = table.ui.layout.board
    panel = table.ui.targets.rect(("stage", "continue"))
    assert panel is not None and board.contains(panel)
    assert attack.picture[1].get_height() <= board.h
    pygame.quit()
