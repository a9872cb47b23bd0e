"""Ratings: how strong each computer level is, and a person against them.

    table = load_table()                              # computer_ratings.json (tools.arena.ladder)
    levels = computer_ratings(table, "base")          # {"easy": 1150.0, "medium": 1500.0, ...}
    win_chance(1500, [levels["hard"]] * 3)            # this person's chance against three Hard
    rating, rd = update(rating, rd, [...], won=True)  # after one game against computers

The model (the ladder's and the person's alike): a seat of rating R has
strength 10 ** (R / 400), and a game is won by each seat with the chance
of its strength over the sum of the table's.  For two players that is
exactly Elo's expected score; for more it is the Plackett-Luce model of the
first place, so one number per player describes games of any size.

The computers' ratings are fitted once from many rotated games between
them (tools/arena/ladder.py) and shipped as data; a person's rating moves
after each solo game by one Glicko step against the table's computers
taken as one opponent of known strength (the sum of theirs): the move is
large while little is known (rating deviation `rd` high) and shrinks as
games come in, down to MIN_RD so that a person who improves is followed.
"""

import json
import math
import os

TABLE_FILE = os.path.join(os.path.dirname(__file__), "computer_ratings.json")
START_RATING = 1500.0           # a new person: Medium's rating on the ladder (its anchor)
START_RD = 350.0                # ... known to about +-700
MIN_RD = 60.0
_Q = math.log(10) / 400


def strength(rating: float) -> float:
    return 10 ** (rating / 400)


def win_chance(rating: float, opponents) -> float:
    """The chance that a seat of `rating` wins against these opponents' ratings."""
    mine = strength(rating)
    return mine / (mine + sum(strength(r) for r in opponents))


def composite(opponents) -> float:
    """The one rating whose strength is the sum of the opponents' strengths."""
    return 400 * math.log10(sum(strength(r) for r in opponents))


def update(rating: float, rd: float, opponents, won: bool) -> tuple:
    """(rating, rd) after one game against `opponents` (their ratings fixed):
    Glicko-1's step for one result against the composite opponent."""
    expected = win_chance(rating, opponents)
    d2 = 1 / (_Q * _Q * expected * (1 - expected))
    new_var = 1 / (1 / (rd * rd) + 1 / d2)
    new_rating = rating + _Q * new_var * ((1.0 if won else 0.0) - expected)
    return new_rating, max(MIN_RD, math.sqrt(new_var))


def load_table(path: str | None = None) -> dict | None:
    """The ladder's table (TABLE_FILE unless `path`), or None when there is
    none (or it is unreadable)."""
    try:
        with open(path or TABLE_FILE, encoding="utf-8") as fh:
            table = json.load(fh)
    except (OSError, ValueError):
        return None
    return table if isinstance(table, dict) else None


def computer_ratings(table: dict | None, rules: str) -> dict:
    """level -> rating for one rule set ("base" or "ck"); {} when not fitted."""
    part = (table or {}).get(rules, {})
    out = {}
    for entry, row in part.get("ratings", {}).items():
        if isinstance(row, dict) and isinstance(row.get("rating"), (int, float)):
            out[entry] = float(row["rating"])
    return out


def level_for(rating: float, levels: dict, opponents: int, target: float = 0.4):
    """(level, chance): among `levels` (name -> rating), the one whose
    `opponents` seats would give this rating the chance nearest `target`."""
    best = None
    for level, theirs in levels.items():
        chance = win_chance(rating, [theirs] * opponents)
        if best is None or abs(chance - target) < abs(best[1] - target):
            best = (level, chance)
    return best
