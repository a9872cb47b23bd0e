"""A person's rating against the computers: the model's win chances, the
Glicko step after a solo game (game/bots/ratings.py), and the rating kept
in the user's data folder and shown on the end screen
(game/client/solo_rating.py)."""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.bots import ratings
from game.client import solo_rating
from game.engine.state import GAME_OVER, MAIN

TABLE = {"base": {"ratings": {"random": {"rating": 300}, "easy": {"rating": 1150}, "medium": {"rating": 1500},
                              "hard": {"rating": 1750}, "hard:50": {"rating": 1600}}},
         "ck": {"ratings": {"easy": {"rating": 1200}, "medium": {"rating": 1500}}}}

rating_st = st.floats(0, 3000)


@given(rating_st, st.lists(rating_st, min_size=1, max_size=5))
def test_the_win_chances_of_a_table_add_up_to_one(r, others):
    seats = [r] + others
    total = sum(ratings.win_chance(x, seats[:i] + seats[i + 1:]) for i, x in enumerate(seats))
    assert math.isclose(total, 1.0, rel_tol=1e-9)


def test_two_players_get_elo_s_expected_score():
    assert math.isclose(ratings.win_chance(1600, [1400]), 1 / (1 + 10 ** (-200 / 400)))
    assert math.isclose(ratings.win_chance(1500, [1500, 1500, 1500]), 0.25)


@given(rating_st, st.floats(60, 350), st.lists(rating_st, min_size=1, max_size=3))
def test_a_win_raises_a_loss_lowers_and_the_deviation_shrinks(r, rd, opponents):
    up, rd_up = ratings.update(r, rd, opponents, True)
    down, rd_down = ratings.update(r, rd, opponents, False)
    assert down <= r <= up
    assert ratings.MIN_RD <= rd_up <= max(rd, ratings.MIN_RD) and rd_up == rd_down


@given(rating_st, st.floats(60, 350), st.lists(rating_st, min_size=1, max_size=3))
def test_the_expected_move_of_a_game_is_nothing(r, rd, opponents):
    """A person exactly as strong as their rating neither gains nor loses on average."""
    p = ratings.win_chance(r, opponents)
    up, _ = ratings.update(r, rd, opponents, True)
    down, _ = ratings.update(r, rd, opponents, False)
    assert abs(p * (up - r) + (1 - p) * (down - r)) < 1e-6 * max(1.0, rd)


def test_beating_stronger_computers_earns_more_than_beating_weaker_ones():
    vs_hard, _ = ratings.update(1500, 200, [1750] * 3, True)
    vs_easy, _ = ratings.update(1500, 200, [1150] * 3, True)
    assert vs_hard > vs_easy > 1500


def test_the_deviation_never_falls_below_its_floor():
    r, rd = 1500.0, ratings.START_RD
    for i in range(500):
        r, rd = ratings.update(r, rd, [1500] * 3, i % 4 == 0)
    assert rd == ratings.MIN_RD


def test_the_suggested_level_is_the_one_nearest_forty_percent():
    levels = {"easy": 1150, "medium": 1500, "hard": 1750}
    level, chance = ratings.level_for(1500, levels, 3)      # easy 71 %, medium 25 %, hard 11 %
    assert level == "medium" and math.isclose(chance, 0.25)
    assert ratings.level_for(1250, levels, 3)[0] == "easy"
    assert ratings.level_for(1900, levels, 3)[0] == "hard"
    assert ratings.level_for(1700, levels, 1)[0] == "hard"


def test_a_missing_or_damaged_table_gives_no_ratings(tmp_path):
    bad = tmp_path / "t.json"
    bad.write_text("[1, 2")
    assert ratings.load_table(str(bad)) is None
    assert ratings.computer_ratings(None, "base") == {}
    assert ratings.computer_ratings({"base": {"ratings": {"easy": {"rating": "x"}}}}, "base") == {}


# --- the stored rating ------------------------------------------------------------------------

class _Auth:
    def __init__(self, n):
        self.log = [None] * n


class _View:
    def __init__(self, winner, ck=False):
        self.phase, self.winner = GAME_OVER, winner
        self.config = {"rules": "ck" if ck else "base"}


class FakeController:
    """What solo_rating reads of a finished hot-seat game."""

    def __init__(self, computers, winner=0, seed=11, records=300, ck=False):
        self.computers, self.auth = list(computers), _Auth(records)
        self.config = {"seed": seed}
        self._view = _View(winner, ck)

    def view(self, seat):
        return self._view


@pytest.fixture
def is_ck(monkeypatch):
    monkeypatch.setattr(solo_rating, "is_ck", lambda v: v.config["rules"] == "ck")


def test_a_solo_win_moves_the_rating_once_and_is_kept(tmp_path, is_ck):
    path = str(tmp_path / "rating.json")
    c = FakeController([None, "hard", "hard", "hard"], winner=0)
    info = solo_rating.record(c, path, TABLE)
    assert info["games"] == 1 and info["won"] and info["rating"] > ratings.START_RATING
    assert info["change"] == pytest.approx(info["rating"] - ratings.START_RATING)
    again = solo_rating.record(c, path, TABLE)               # the same end screen opened again
    assert again["games"] == 1 and again["rating"] == info["rating"] and again["change"] == info["change"]
    stored = json.loads(open(path).read())
    assert stored["base"]["games"] == 1 and "ck" not in stored
    other = solo_rating.record(FakeController([None, "easy", "medium", "hard"], winner=2, seed=12), path, TABLE)
    assert other["games"] == 2 and other["rating"] < info["rating"] and not other["won"]


def test_each_rule_set_keeps_its_own_rating(tmp_path, is_ck):
    path = str(tmp_path / "rating.json")
    solo_rating.record(FakeController([None, "easy"], winner=0), path, TABLE)
    info = solo_rating.record(FakeController([None, "medium", "easy"], winner=1, ck=True), path, TABLE)
    assert info["rules"] == "ck" and info["games"] == 1 and info["rating"] < ratings.START_RATING
    stored = json.loads(open(path).read())
    assert stored["base"]["games"] == 1 and stored["ck"]["games"] == 1


def test_only_a_finished_game_of_one_person_against_computers_counts(tmp_path, is_ck):
    path = str(tmp_path / "rating.json")
    assert solo_rating.record(FakeController([None, None, "easy", "hard"]), path, TABLE) is None
    assert solo_rating.record(FakeController([None, None]), path, TABLE) is None
    unfinished = FakeController([None, "easy"])
    unfinished._view.phase = MAIN
    assert solo_rating.record(unfinished, path, TABLE) is None
    lan = FakeController([None, "easy"])
    lan.auth = None
    assert solo_rating.record(lan, path, TABLE) is None
    # a level the ladder has no rating for (here: C&K Hard) rates nothing
    assert solo_rating.record(FakeController([None, "hard"], ck=True), path, TABLE) is None
    assert solo_rating.record(FakeController([None, "easy"]), path, {}) is None


def test_a_damaged_rating_file_starts_afresh_and_is_replaced(tmp_path, is_ck):
    path = tmp_path / "rating.json"
    path.write_text('{"base": {"rating": "lots", "rd": null}}')
    info = solo_rating.record(FakeController([None, "medium", "medium", "medium"], winner=1), str(path), TABLE)
    assert info["games"] == 1
    assert json.loads(path.read_text())["base"]["games"] == 1


def test_an_unwritable_folder_still_shows_the_rating(tmp_path, is_ck):
    blocker = tmp_path / "file"
    blocker.write_text("")
    info = solo_rating.record(FakeController([None, "easy"]), str(blocker / "rating.json"), TABLE)
    assert info is not None and info["games"] == 1


def test_the_box_lines_come_from_the_catalogs_in_both_languages(tmp_path, is_ck):
    from game.client import i18n
    info = solo_rating.record(FakeController([None, "easy", "medium", "hard"]), str(tmp_path / "r.json"), TABLE)
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            texts = [line[0] for line in solo_rating.lines(info)]
            assert all("bot." not in t for t in texts), texts
            assert str(round(info["rating"])) in texts[1]
    finally:
        i18n.set_language("en")


def test_the_rating_file_lives_in_the_user_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("KOLONISTEN_HOME", str(tmp_path))
    assert solo_rating.rating_path() == str(tmp_path / "rating.json")


def test_the_shipped_table_rates_every_level_of_the_window():
    from game.bots import LEVELS
    table = ratings.load_table()
    assert table is not None, "game/bots/computer_ratings.json is missing (python -m tools.arena.ladder --save)"
    for rules in ("base", "ck"):
        levels = ratings.computer_ratings(table, rules)
        assert set(LEVELS) <= set(levels), rules
        assert levels["easy"] < levels["medium"] <= levels["hard"], rules
    # (the C&K ladder of 32 games, seed 3802, has Hard level with Medium: 14 wins each)
    base = ratings.computer_ratings(table, "base")
    assert base["medium"] < base["hard"]
