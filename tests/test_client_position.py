"""The table's "copy position" key (F8, game/client/table/position_copy.py): it writes
what this screen may see — never another seat's cards — and says where."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app, push_table  # noqa: E402
from game.bots.random_bot import RandomBot  # noqa: E402
from game.engine import default_config, view_obj  # noqa: E402
from game.engine.position import parse  # noqa: E402
from game.client.table import controls  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLONISTEN_HOME", str(tmp_path))


def table_after(moves, rules="base", players=3, seed=5):
    table = push_table(make_app(), default_config(rules=rules, players=players, seed=seed))
    bot = RandomBot(seed)
    for _ in range(moves):
        if table.model.curtain_for is not None:
            table.play.reveal()
        assert table.play.submit(bot.choose(table.c.auth.state, table.model.viewer, ("offer",)))
    if table.model.curtain_for is not None:
        table.play.reveal()
    return table


def copied(tmp_path):
    files = sorted((tmp_path / "positions").glob("position-*.txt"))
    assert len(files) == 1
    return files[0].read_text()


@pytest.mark.parametrize("rules", ["base", "ck"])
def test_f8_copies_the_viewing_seats_view_and_says_where(tmp_path, rules):
    table = table_after(120, rules)
    seat = table.model.viewer
    controls.press(table.model, table.play, pygame.K_F8)
    text = copied(tmp_path)
    assert str(tmp_path / "positions") in table.model.notes[-1][0]
    for other in range(table.model.n):
        if other != seat:
            assert f"{other}: ?" in text          # other hands are counts only
    assert "rng" not in text and "seed=?" in text
    state = table.c.auth.state
    assert view_obj(parse(text), seat) == view_obj(state, seat)


def test_f8_behind_the_curtain_copies_only_the_public_view(tmp_path):
    table = table_after(40)
    bot = RandomBot(1)
    while table.model.curtain_for is None:
        table.play.submit(bot.choose(table.c.auth.state, table.model.viewer, ("offer",)))
    controls.press(table.model, table.play, pygame.K_F8)
    text = copied(tmp_path)
    assert view_obj(parse(text), None) == view_obj(table.c.auth.state, None)
    assert table.model.curtain_for is not None            # the key does not lift the curtain
