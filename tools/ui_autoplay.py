"""Games played through the real window by posted clicks and keys.

    python -m tools.ui_autoplay --tutorial [--lang en|nl|both] [--size WxH] [--json]
    python -m tools.ui_autoplay [the options of tools.screens.autoplay]

--tutorial plays the guided first game (tools/screens/tutorial.py) in each
language asked (default both) and reports every step reached; without it
this is tools.screens.autoplay (a whole hot-seat game)."""

import argparse
import json
import sys

from tools.user_data import use_scratch_user_data


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--tutorial" not in argv:
        from tools.screens import autoplay
        return autoplay.main(argv)
    use_scratch_user_data()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tutorial", action="store_true")
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
            run = tutorial.play(lang, (w, h), args.visible)
            run["ok"] = not run["skipped"] and run["in_order"] and run["wrong_click_waits"] is not False
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
                print(f"{run['lang']}: {len(run['reached'])} of {run['steps']} steps reached in order "
                      f"({run['commands']} commands, {run['nexts']} Next, {run['clicks']} clicks, "
                      f"{run['keys']} keys, {run['turns']} turns); skipped: {', '.join(run['skipped']) or 'none'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
