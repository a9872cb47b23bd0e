"""Save PNGs of every scene and the table's key dialogs (headless).

    python -m tools.screens.shoot --out shots

Writes <out>/<W>x<H>-<lang>/<name>.png at 1280x720 and 1920x1080 in English,
and 1280x720 in Dutch.  The game screens come from one seeded game played by
random bots through the table (commands submitted as the table's own buttons
would); each screen is saved the first time it occurs.  A Cities & Knights
game is shot the same way into <out>/<W>x<H>-<lang>-ck/ (knights, walls,
metropolises, the barbarians, the chart, progress cards and every decision
dialog that comes up).  The Load game scene, a resumed game and the replay
viewer go into <out>/<W>x<H>-<lang>-saves/ at both sizes in both languages;
the LAN screens (host form, list of games, lobby, the table over LAN) into
<out>/<W>x<H>-<lang>-lan/, also at both sizes in both languages; computer
seats (the form, the speed setting, a solo game against three computers, two
people and two computers) into <out>/<W>x<H>-<lang>-solo/; cards on the
table into <out>/<W>x<H>-<lang>-cards/; the menus and forms into
<out>/<W>x<H>-<lang>-menus/; the screens that explain the game (staged
moments, reasons, the rules screen, the game menu) into
<out>/<W>x<H>-<lang>-explain/; the guided game (Learn to play), step by
step, into <out>/<W>x<H>-<lang>-tutorial/; every table state the render bench measures
(tools/screens/states.py) into <out>/<W>x<H>-<lang>-states/; a watched LAN
game (lobby and table, as host and as watcher) into <out>/<W>x<H>-<lang>-watch/; table talk at a
LAN table (the log, the talk panel with the host's mute buttons, a refusal, a muted player) into
<out>/<W>x<H>-<lang>-talk/; five and six
seats (the table in both rule sets, the Special Building Phase, its curtain, a C&K attack, the
new-game form) into <out>/<W>x<H>-<lang>-six/; six seats told apart without colour (the safe
palette, grey copies) into <out>/<W>x<H>-<lang>-colours/; text and controls at 200 % (each screen
at the largest scale it holds, six seats, the safe palette) into <out>/<W>x<H>-<lang>-scale/.  Each family
is a module of this folder with its SIZES and its shoot(out, w, h, lang);
window.py is the window they share.
"""

import argparse
import os
import sys

from tools.screens import (cards, colours, computers, explain, games, lan, menus, review, saves, scale, six,
                           states, talk, tutorial, watch)
from tools.user_data import use_scratch_user_data

FAMILIES = (            # (--rules choice, sizes and languages, shoot(out, w, h, lang), label)
    ("solo", computers.SIZES, computers.shoot, " computers"),
    ("cards", cards.SIZES, cards.shoot, " cards"),
    ("menus", menus.SIZES, menus.shoot, " menus"),
    ("explain", explain.SIZES, explain.shoot, " explain"),
    ("states", states.SIZES, states.shoot, " table states"),
    ("lan", lan.SIZES, lan.shoot, " LAN"),
    ("watch", watch.SIZES, watch.shoot, " watched LAN"),
    ("talk", talk.SIZES, talk.shoot, " table talk"),
    ("saves", saves.SIZES, saves.shoot, " saves"),
    ("review", review.SIZES, review.shoot, " review"),
    ("tutorial", tutorial.SIZES, tutorial.shoot, " guided game"),
    ("six", six.SIZES, six.shoot, " six seats"),
    ("colours", colours.SIZES, colours.shoot, " six seats, colour-blind safe"),
    ("scale", scale.SIZES, scale.shoot, " text and controls at 200 %"),
    ("ck", games.SIZES, games.shoot_ck, " C&K"),
    ("base", games.SIZES, games.shoot_base, ""),
)


def main(argv=None) -> int:
    use_scratch_user_data()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="shots")
    ap.add_argument("--seed", type=int, default=4, help="seed of the base game")
    ap.add_argument("--rules", choices=[rules for rules, *_ in FAMILIES] + ["both"],
                    default="both",
                    help="which screens: base, ck, saves (load game and replay), lan (host, join, "
                         "lobby, LAN table), watch (a watched LAN game: lobby and table, host and watcher), "
                         "talk (table talk at a LAN table), solo (computer seats), explain (staged moments, reasons, "
                         "rules, in-game menu), states (every table state the render bench measures), "
                         "review (the game review and hints), tutorial (every step of the guided game), six (five and six seats: "
                         "the table, the Special Building Phase, its curtain, a C&K attack), colours (six seats in the colour-blind-safe palette, and in grey), "
                         "scale (text and controls at 200 %%, six seats, the safe palette), cards (title, names in four scripts, dice, a 7, a "
                         "trade, every dialog that chooses cards), menus (menus and forms with names "
                         "in four scripts, the in-game menu hot-seat and LAN) or both (everything)")
    args = ap.parse_args(argv)
    total = 0
    for rules, sizes, shoot_family, label in FAMILIES:
        extra = {"seed": args.seed} if rules == "base" else {}      # --seed picks the base game
        for w, h, lang in sizes if args.rules in (rules, "both") else ():
            saved = shoot_family(args.out, w, h, lang, **extra)
            total += len(saved)
            print(f"{w}x{h} {lang}{label}: {len(saved)} screens in {os.path.dirname(saved[0])}")
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
