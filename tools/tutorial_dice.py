"""The guided first game's dice over many games: do they look like dice?

    python -m tools.tutorial_dice [--wander 0,1,2,3] [--seeds 1-10] [--json]

The guide shapes every roll of the guided game as it is made
(game/client/tutorial/dice.py).  This plays the guided game without a
window for each number of random moves of the person's own between the
lessons (`--wander`) and each seed of those moves (`--seeds`; with no moves
the game is the same for every seed), and reports:

- per total, the most times it came up in one game against what real dice
  bring in all but a few games of that length (`dice.natural_most`: its
  share and two standard deviations, and one), and its share over all the
  games against real dice's;
- the 7s (one a game, the lesson's, on the person's roll with a discard);
- per game: every step reached, the most turns a lesson waited
  (`max_wait_turns`), the turns and the minutes at the normal pace.

Exit 1 when a total comes up more often in a game than real dice would
bring it, a step is missing, a lesson waits more than a turn or the person
does not win.  Run it after changing the steps, the dice or the computers."""

import argparse
import json
import sys
from collections import Counter

from game.bots.facts import PIPS
from game.client.tutorial import dice, rehearse
from game.client.tutorial import steps as S


def _range(text) -> list:
    if "-" in text:
        lo, hi = (int(v) for v in text.split("-"))
        return list(range(lo, hi + 1))
    return [int(v) for v in text.split(",")]


def game(moves: int, seed: int) -> dict:
    c = rehearse.controller()
    result = rehearse.play(c, rehearse.Wanderer(moves, seed) if moves else None)
    totals = dice.totals_rolled(c.auth.log)
    result.update(moves=moves, seed=seed, totals=totals, missing=[n for n in S.STEP_NAMES if n not in result["reached"]],
                  discarded=any(r.cmd[0] == "discard" and r.cmd[1] == S.PERSON for r in c.auth.log))
    return result


def measure(wander, seeds) -> dict:
    games = []
    for moves in wander:
        for seed in (seeds if moves else seeds[:1]):
            games.append(game(moves, seed))
    worst = {}
    for total in range(2, 13):
        over = max((Counter(g["totals"])[total] - dice.natural_most(total, len(g["totals"])), g["moves"], g["seed"])
                   for g in games)
        worst[total] = {"most_over_natural": round(over[0], 2), "moves": over[1], "seed": over[2]}
    rolled = Counter(t for g in games for t in g["totals"])
    n = sum(rolled.values())
    shares = {t: {"share": round(rolled[t] / n, 3), "dice": round(PIPS[t] / 36, 3)} for t in range(2, 13) if t != 7}
    bad = [g for g in games if g["missing"] or g["max_wait_turns"] > 1 or g["winner"] != S.PERSON
           or not g["discarded"] or Counter(g["totals"])[7] != 1]
    unnatural = [t for t, w in worst.items() if t != 7 and w["most_over_natural"] > 0]
    return {"games": [{k: g[k] for k in ("moves", "seed", "turns", "minutes", "max_wait_turns", "waits", "missing",
                                         "winner", "discarded")} for g in games],
            "worst_per_total": worst, "shares": shares, "sevens": sum(Counter(g["totals"])[7] for g in games),
            "failed": [(g["moves"], g["seed"]) for g in bad], "unnatural_totals": unnatural,
            "ok": not bad and not unnatural}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wander", default="0,1,2,3", help="numbers of the person's own random moves between lessons")
    ap.add_argument("--seeds", default="1-10", help="seeds of those moves, e.g. 1-10 or 3,7")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out = measure(_range(args.wander), _range(args.seeds))
    if args.json:
        print(json.dumps(out))
        return 0 if out["ok"] else 1
    for g in out["games"]:
        print(f"wander {g['moves']} seed {g['seed']:>3}: {g['turns']} turns, {g['minutes']} min, "
              f"max_wait_turns {g['max_wait_turns']}, missing {', '.join(g['missing']) or 'none'}, "
              f"discard at the 7 {'yes' if g['discarded'] else 'NO'}")
    for total, w in out["worst_per_total"].items():
        if total != 7:
            share = out["shares"][total]
            print(f"total {total:>2}: at most {w['most_over_natural']:+.2f} rolls over what real dice bring in a game "
                  f"(wander {w['moves']} seed {w['seed']}); share {share['share']:.3f} (dice {share['dice']:.3f})")
    print(f"7s: {out['sevens']} in {len(out['games'])} games; failed: {out['failed'] or 'none'}; "
          f"unnatural totals: {out['unnatural_totals'] or 'none'}")
    return 0 if out["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
