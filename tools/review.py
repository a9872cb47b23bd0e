"""The review of a saved game: win chances, swings, dice, cards by source.

    python -m tools.review FILE [--lang en|nl] [--json]

Replays the save (checking every state hash), then prints what the end
screen and the replay viewer show (game/bots/review.py): each seat's chance
to win before the first command and after every command (`series`, ending
at 1 for the winner of a finished game), the biggest swings with a line
saying what happened, the dice rolled against the expected counts, and the
cards each player gained by source.  Exit status 1, with a message, for a
file that is not a usable save.
"""

import argparse
import json
import sys

from game import saves
from game.bots.review import review
from game.client import i18n
from game.client.reviewtext import percent, source_name, swing_line


def names_of(game) -> list:
    out = []
    for seat in range(game.config["players"]):
        p = game.players[seat] if seat < len(game.players) and isinstance(game.players[seat], dict) else {}
        name = p.get("name")
        out.append(name if isinstance(name, str) and name else f"Player {seat + 1}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--lang", choices=i18n.LANGUAGES, default="en")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    i18n.set_language(args.lang)
    try:
        game = saves.load(args.file)
        saves.restore(game, verify=True)
    except saves.SaveError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    out = review(game.config, game.commands)
    names = names_of(game)
    out["names"] = names
    for swing in out["swings"]:
        swing["line"] = swing_line(swing, names)
    if args.json:
        print(json.dumps(out))
        return 0
    final = out["series"][-1]
    winner = out["winner"]
    print(f"{args.file}: {out['rules']}, {out['commands']} commands, "
          + (f"won by {names[winner]}" if winner >= 0 else "not finished"))
    print("  final chances: " + ", ".join(f"{names[s]} {percent(p)}" for s, p in enumerate(final)))
    for swing in out["swings"]:
        print("  " + swing["line"])
    dice = out["dice"]
    print("  dice: " + ", ".join(f"{t}: {dice['counts'][t]} ({dice['expected'][t]})" for t in dice["counts"]))
    for seat, gains in enumerate(out["gains"]):
        print(f"  {names[seat]}: " + ", ".join(f"{source_name(k)} {v}" for k, v in gains.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
