"""The review of a saved game: win chances, swings, dice, cards by source.

    python -m tools.review FILE [--lang en|nl] [--json] [--checks N] [--people 0,2]

Replays the save (checking every state hash), then prints what the end
screen and the replay viewer show (game/bots/review.py): each seat's chance
to win before the first command and after every command (`series`, ending
at 1 for the winner of a finished game), the biggest swings with a line
saying what happened, per seat where its change in chance came from
(`parts`: `chance`, the luck of dice, steals and cards drawn; `own`, its
own decisions; `others`, the other seats' decisions; they add up to
`final` minus `start`, docs/luck-and-choices.md), the dice rolled against the expected counts, and the
cards each player gained by source, and for each person (the seats no
computer played, or --people) the decisions where the Hard computer's
choice was worth clearly more (`better`, at most --checks decisions a
person checked, spread over the game; 0 skips it).  Exit status 1, with a
message, for a file that is not a usable save.
"""

import argparse
import json
import sys

from game import saves
from game.bots.review import CHECKS_PER_PERSON, ChoiceCheck, review
from game.client import i18n
from game.client.reviewtext import better_line, better_status, parts_line, percent, source_name, swing_line


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
    ap.add_argument("--checks", type=int, default=CHECKS_PER_PERSON,
                    help="decisions checked per person against the Hard computer (0: none)")
    ap.add_argument("--people", default=None,
                    help="comma-separated seats whose decisions are checked (default: the save's people)")
    args = ap.parse_args(argv)
    if args.checks < 0:
        ap.error("--checks must be 0 or more")
    i18n.set_language(args.lang)
    try:
        game = saves.load(args.file)
        saves.restore(game, verify=True)
    except saves.SaveError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    n = game.config["players"]
    if args.people is None:
        people = [seat for seat, level in enumerate(saves.computer_levels(game)) if level is None]
    else:
        try:
            people = sorted({int(x) for x in args.people.split(",") if x.strip()})
        except ValueError:
            people = [-1]
        if any(not 0 <= seat < n for seat in people):
            ap.error(f"--people takes seats from 0 to {n - 1}, separated by commas")
    out = review(game.config, game.commands)
    names = names_of(game)
    out["names"] = names
    for swing in out["swings"]:
        swing["line"] = swing_line(swing, names)
    for seat, part in enumerate(out["parts"]):
        part.update(start=out["series"][0][seat], final=out["series"][-1][seat], line=parts_line(seat, part, names))
    out["better"] = ChoiceCheck(game.config, game.commands, people, budget=args.checks).run()
    for person in out["better"].values():
        person["status"] = better_status(person)
        for entry in person["better"]:
            entry["line"] = better_line(entry, names)
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
    for part in out["parts"]:
        print("  " + part["line"])
    dice = out["dice"]
    print("  dice: " + ", ".join(f"{t}: {dice['counts'][t]} ({dice['expected'][t]})" for t in dice["counts"]))
    for seat, gains in enumerate(out["gains"]):
        print(f"  {names[seat]}: " + ", ".join(f"{source_name(k)} {v}" for k, v in gains.items()))
    for seat, person in out["better"].items():
        status = f" ({person['status']})" if person["status"] else ""
        print(f"  {i18n.tr('review.better')}, {names[int(seat)]}{status}:")
        for entry in person["better"]:
            print("    " + entry["line"])
        if not person["better"]:
            print("    " + i18n.tr("review.better_none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
