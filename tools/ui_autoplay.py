"""Games played through the real window by posted clicks and keys.

    python -m tools.ui_autoplay --tutorial [--wander N] [--seed S] [--lang en|nl|both] [--size WxH] [--json]
    python -m tools.ui_autoplay [the options of tools.screens.autoplay]
    python -m tools.ui_autoplay --keys-only [--visible] [--tutorial ...] [the options of tools.screens.autoplay]

--tutorial plays the guided first game (tools/screens/tutorial.py) in each
language asked (default both) and reports every step reached, whether the
counter numbered them as they showed, the most turns a lesson waited
(`max_wait_turns`) and the game's turns and minutes at the normal pace;
--wander N makes N random moves of the person's own (builds, bank trades,
offers) between the lessons, as a newcomer would, drawn with --seed S.
Without --tutorial this is tools.screens.autoplay (a whole hot-seat game).

--keys-only makes every input a key (tools/screens/keys.py: the board's
cursor, the dialogs' and forms' focus, Enter), from the main menu to the
end screen and back; without --computers it is a solo game (the other
seats computers).  With --visible under X (e.g. Xvfb with DISPLAY set) the
keys go to the real window by `xdotool key`, and no pointer event is made:
the summary counts the keys and the pointer events the window received
anyway (`mouse_events`), with the game's turns and minutes."""

import argparse
import json
import sys

from tools.user_data import use_scratch_user_data

MAX_WAIT_TURNS = 1          # a lesson comes within one turn of the one before


def tutorial_main(argv, make_driver=None) -> int:
    use_scratch_user_data()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tutorial", action="store_true")
    ap.add_argument("--wander", type=int, default=0, help="random moves of the person's own between lessons")
    ap.add_argument("--seed", type=int, default=1, help="the seed of those random moves")
    ap.add_argument("--lang", choices=("en", "nl", "both"), default="both")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--visible", action="store_true", help="use the real display (e.g. under Xvfb)")
    args = ap.parse_args(argv)
    from tools.screens import tutorial
    from tools.screens.autoplay import AutoplayError
    w, h = (int(v) for v in args.size.lower().split("x"))
    runs, ok = [], True
    for lang in (("en", "nl") if args.lang == "both" else (args.lang,)):
        try:
            run = tutorial.play(lang, (w, h), args.visible, wander=args.wander, seed=args.seed,
                                make_driver=make_driver)
            run["ok"] = (not run["skipped"] and run["numbered"] and run["finished"]
                         and run["max_wait_turns"] <= MAX_WAIT_TURNS and run["wrong_click_waits"] is not False)
        except AutoplayError as e:
            run = {"lang": lang, "ok": False, "error": str(e)}
        ok = ok and run["ok"]
        runs.append(run)
    if args.json:
        print(json.dumps({"ok": ok, "runs": runs}))
    else:
        for run in runs:
            if "error" in run:
                print(f"{run['lang']}: FAILED: {run['error']}")
            else:
                print(f"{run['lang']}: {len(set(run['reached']))} of {run['steps']} steps reached "
                      f"({'numbered in order' if run['numbered'] else 'numbers skip'}), max_wait_turns "
                      f"{run['max_wait_turns']}, {run['turns']} turns, {run['minutes']} min at normal pace, "
                      f"{run['wandered']} moves of the person's own, {run['clicks']} clicks, {run['keys']} keys"
                      f"{mouse_words(run)}; "
                      f"skipped: {', '.join(run['skipped']) or 'none'}")
    return 0 if ok else 1


def mouse_words(run) -> str:
    """", 0 pointer events received" for a run by keys alone."""
    received = run.get("mouse_events")
    return "" if received is None else f", {received} pointer events received"


def solo(argv) -> list:
    """The options with the other seats computers, unless --computers says otherwise."""
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--computers", type=int, default=None)
    known, _ = ap.parse_known_args(argv)
    return argv if known.computers is not None else argv + ["--computers", str(known.players - 1)]


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    make_driver = None
    if "--keys-only" in argv:
        from tools.screens.keys import maker
        argv.remove("--keys-only")
        make_driver = maker()
        if "--tutorial" not in argv:
            argv = solo(argv)
    if "--tutorial" in argv:
        return tutorial_main(argv, make_driver)
    from tools.screens import autoplay
    return autoplay.main(argv, make_driver, epilog=__doc__)       # (its --help tells this tool's ways too)


if __name__ == "__main__":
    sys.exit(main())
