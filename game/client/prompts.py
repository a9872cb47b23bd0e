"""Prompts that mention only what this player can do now: the roll prompt
names a card to play first only when the engine lists that play among the
player's legal commands (B-4.2, B-9.2; CK-3.1)."""

from game.engine.constants import PROGRESS_INDEX

from .i18n import tr

ALCHEMIST = PROGRESS_INDEX["alchemist"]


def roll_prompt(legal, name, ck) -> str:
    """The prompt before the roll, from the roller's legal commands."""
    kinds = {c[0] for c in legal}
    if ck:
        if any(c[0] == "progress" and c[2] == ALCHEMIST for c in legal):
            return tr("prompt.roll_ck", name=name)            # "… (or play the Alchemist first)"
        return tr("prompt.roll_only", name=name)
    if "play_knight" in kinds:
        return tr("prompt.roll", name=name)                   # "… (or play a Knight first)"
    if kinds & {"play_road_building", "play_year_of_plenty", "play_monopoly"}:
        return tr("prompt.roll_or_dev", name=name)
    return tr("prompt.roll_only", name=name)


BUILDS = {"build_road", "build_settlement", "build_city", "buy_dev", "build_wall", "recruit_knight",
          "promote_knight", "activate_knight", "improve"}
KNIGHT_MOVES = {"move_knight", "displace_knight", "chase_robber"}


def main_prompt(legal, name, ck, may_trade) -> str:
    """The prompt after the roll: the things this player can do now, then
    ending the turn (B-4.1; C&K: knights and progress cards, CK-7, CK-9)."""
    kinds = {c[0] for c in legal}
    things = []
    if kinds & BUILDS:
        things.append(tr("prompt.do_build"))
    if may_trade or "maritime" in kinds:
        things.append(tr("prompt.do_trade"))
    if any(k.startswith("play_") for k in kinds) or "progress" in kinds:
        things.append(tr("prompt.do_play"))
    if ck and kinds & KNIGHT_MOVES:
        things.append(tr("prompt.do_knights"))
    if not things:
        return tr("prompt.turn_done", name=name)
    return tr("prompt.turn_choices", name=name, things=", ".join(things))
