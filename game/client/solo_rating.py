"""A person's rating against the computers, shown on the end screen of a
solo game (one person, every other seat a computer).

    info = record(controller)       # after the game: the rating moved once, saved
    draw(surf, app, rect, info)     # the end screen's box (nothing when info is None)

The rating lives in the user's data folder (rating.json; KOLONISTEN_HOME
overrides the folder), one per rule set, and moves after each solo game by
game/bots/ratings.update against the computers' fixed ratings from the
ladder (game/bots/computer_ratings.json).  Opening the end screen of the
same game again (a resumed save, a resize) shows the same result without
moving the rating twice.  The box also names the level that would give the
person about a 40 % chance to win with as many computers as this game had.
A missing or damaged file starts a fresh rating; nothing here can stop the
end screen from showing.
"""

import json
import os

from game.bots import LEVELS, ratings
from game.engine import is_ck
from game.engine.state import GAME_OVER

from . import theme
from .i18n import tr, trn

FILE_NAME = "rating.json"
KEEP_IDS = 200                  # games remembered as counted


def rating_path() -> str:
    home = os.environ.get("KOLONISTEN_HOME")
    if not home:
        import platformdirs
        home = platformdirs.user_data_dir("kolonisten", appauthor=False)
    return os.path.join(home, FILE_NAME)


def load(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _person(entry) -> dict:
    """A stored rule set's entry, checked; a fresh one when it is unusable."""
    fresh = {"rating": ratings.START_RATING, "rd": ratings.START_RD, "games": 0, "counted": {}}
    if not isinstance(entry, dict):
        return fresh
    try:
        rating, rd, games = float(entry["rating"]), float(entry["rd"]), int(entry["games"])
    except (KeyError, TypeError, ValueError):
        return fresh
    counted = entry.get("counted") if isinstance(entry.get("counted"), dict) else {}
    return {"rating": rating, "rd": rd, "games": games, "counted": counted}


def solo_seat(controller):
    """The one person's seat of a finished hot-seat game against computers, else None."""
    computers = getattr(controller, "computers", None)
    if getattr(controller, "auth", None) is None or not computers:
        return None
    people = [s for s, level in enumerate(computers) if level is None]
    if len(people) != 1 or len(people) == len(computers):
        return None
    return people[0]


def record(controller, path: str | None = None, table: dict | None = None):
    """Move the person's rating by this finished solo game (once) and return
    what the end screen shows, or None (not a solo game, no ladder ratings)."""
    seat = solo_seat(controller)
    if seat is None:
        return None
    v = controller.view(None)
    if v.phase != GAME_OVER:
        return None
    rules = "ck" if is_ck(v) else "base"
    levels = ratings.computer_ratings(table if table is not None else ratings.load_table(), rules)
    opponents = [level for s, level in enumerate(controller.computers) if s != seat]
    if any(level not in levels for level in opponents):
        return None
    path = path or rating_path()
    data = load(path)
    person = _person(data.get(rules))
    game_id = f"{controller.config.get('seed')}:{len(controller.auth.log)}"
    won = v.winner == seat
    before = person["counted"].get(game_id)
    if before is None:
        before = person["rating"]
        person["rating"], person["rd"] = ratings.update(
            person["rating"], person["rd"], [levels[level] for level in opponents], won)
        person["games"] += 1
        person["counted"][game_id] = before
        while len(person["counted"]) > KEEP_IDS:
            person["counted"].pop(next(iter(person["counted"])))
        data[rules] = person
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path + ".tmp", "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=1)
            os.replace(path + ".tmp", path)
        except OSError:
            pass                        # shown all the same; counted again next time
    selectable = {level: levels[level] for level in LEVELS if level in levels}
    suggest, chance = ratings.level_for(person["rating"], selectable, len(opponents))
    return {"rules": rules, "rating": person["rating"], "rd": person["rd"], "games": person["games"],
            "change": person["rating"] - before, "won": won, "suggest": suggest, "chance": chance,
            "levels": selectable}


def lines(info) -> list:
    """The box's lines: (text, size, colour, bold)."""
    margin = round(2 * info["rd"])
    change = round(info["change"])
    levels = " · ".join(f"{tr('bot.level.' + level)} {round(r)}" for level, r in info["levels"].items())
    return [
        (tr("bot.rating.title"), 18, theme.TEXT, True),
        (trn("bot.rating.value", info["games"], rating=round(info["rating"]), margin=margin), 16, theme.ACCENT, True),
        (tr("bot.rating.change", change=f"{change:+d}"), 14, theme.TEXT, False),
        (tr("bot.rating.suggest", level=tr("bot.level." + info["suggest"]), chance=round(100 * info["chance"])),
         14, theme.TEXT, False),
        (tr("bot.rating.levels", levels=levels), 12, theme.TEXT_DIM, False),
    ]


def pictures(app, width, info) -> list:
    """The box's lines rendered for a box `width` pixels wide: per line of
    `lines` its pictures (a long line on two); none when `info` is None."""
    if info is None:
        return []
    from . import widgets
    room = int(width - 24 * app.scale)
    return [[widgets.fit_label(app.text, part, size, colour, bold, room, 10)
             for part in widgets.wrap(text, app.fonts.get(size, bold), room)]
            for text, size, colour, bold in lines(info)]


def height(app, lines_shown) -> int:
    """The box's height for `lines_shown` (of pictures; 0 for none)."""
    s = app.scale
    images = [img for line in lines_shown for img in line]
    return int(16 * s + sum(img.get_height() + 4 * s for img in images)) if images else 0


def draw(surf, app, rect, lines_shown) -> None:
    """The rating box of `lines_shown` (of pictures) at the top of `rect`, as high as they need."""
    if not lines_shown:
        return
    from . import widgets
    s = app.scale
    widgets.panel(surf, rect.__class__(rect.x, rect.y, rect.w, height(app, lines_shown)), theme.PANEL)
    y = rect.y + 8 * s
    for img in (img for line in lines_shown for img in line):
        surf.blit(img, (rect.x + 12 * s, y))
        y += img.get_height() + 4 * s
