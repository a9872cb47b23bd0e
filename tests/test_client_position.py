"""The table's "copy position" key (F8, game/client/table/position_copy.py): it writes
what this screen may see — never another seat's cards — and says where."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app, push_table  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.engine import default_config, view_obj  # noqa: E402
from game.engine.position import parse  # noqa: E402
from game.client.table import controls  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLONISTEN_HOME", str(tmp_path))


def table_after(moves, rules="base", players=3, seed=5):
    table = push_table(make_app(), default_config(rules=rules, players=players, seed=seed))
    bot = RandomSeats(seed)
    for _ in range(moves):
        if table.model.curtain_for is not None:
            table.play.reveal()
        assert table.play.submit(bot.player(table.model.viewer, ("offer",)).choose(table.c.auth.state))
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
    bot = RandomSeats(1)
    while table.model.curtain_for is None:
        table.play.submit(bot.player(table.model.viewer, ("offer",)).choose(table.c.auth.state))
    controls.press(table.model, table.play, pygame.K_F8)
    text = copied(tmp_path)
    assert view_obj(parse(text), None) == view_obj(table.c.auth.state, None)
    assert table.model.curtain_for is not None            # the key does not lift the curtain


def shift_f8(table, monkeypatch):
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LSHIFT)
    controls.press(table.model, table.play, pygame.K_F8)
    return table.model.notes[-1][0]


def test_shift_f8_checks_the_copied_position_and_says_it_is_possible(tmp_path, monkeypatch):
    """Without a clipboard, Shift+F8 reads the newest position copied to the folder."""
    table = table_after(60, "ck")
    assert "There is no position" in shift_f8(table, monkeypatch)
    monkeypatch.setattr(pygame.key, "get_mods", lambda: 0)
    controls.press(table.model, table.play, pygame.K_F8)
    assert "one a game can reach" in shift_f8(table, monkeypatch)


@pytest.mark.parametrize("text,message", [
    ("game ck players=3\npending " + "[" * 50_000 + "]" * 50_000 + "\n", "at most 20000 characters"),
    ("game base players=3 board=beginner seed=1\nsettlements 0: J12\nturn 3 current 0 phase main\n",
     "the dice lie on the table exactly when they have been rolled (B-4.1)"),
    ("game ck players=3 board=beginner seed=1\ncities 0: J12\nturn 3 current 0 phase decide dice 1,2,3\n"
     'pending {"kind":"dance","seats":[0]}\n', "pending: a decision {kind, seats"),
    ("\x00\xff garbage", "a position starts with its game line"),
])
def test_shift_f8_says_what_is_wrong_with_a_pasted_position_never_a_traceback(tmp_path, monkeypatch, text,
                                                                              message):
    table = table_after(0)
    folder = tmp_path / "positions"
    folder.mkdir(exist_ok=True)
    (folder / "position-20990101-000000.txt").write_text(text, encoding="utf-8")
    note = shift_f8(table, monkeypatch)
    assert note.startswith("Not a possible position: ") and message in note
