"""`kolonisten replay FILE [--verify] [--json]`: check a saved game headless
(--verify re-runs its log and checks every recorded state hash), or open the
replay viewer window on it.  A file that cannot be used gives its reason on
stderr and exit code 1; a file whose end is cut off or damaged is checked up
to there and says so on stderr; the file itself is only ever read."""

import json
import sys

from game import saves


def add_parser(sub) -> None:
    """The `replay` sub-command, for game/cli.py."""
    from game.client.cmdline import window_size
    from game.client.i18n import LANGUAGES
    p = sub.add_parser("replay", help="check a saved game (--verify) or watch it in the replay viewer",
                       description="Check a saved game headless (--verify) or watch it in the replay "
                                   "viewer window. The file is only ever read.",
                       epilog="Exit codes: 0 the game replays (with --verify: every recorded state "
                              "hash matches); 1 the file cannot be used or does not replay; 2 bad options.")
    p.add_argument("file", help="a saved game (.kolonisten)")
    p.add_argument("--verify", action="store_true",
                   help="re-run the game headless and check every recorded state hash")
    p.add_argument("--json", action="store_true", help="with --verify: print the result as JSON")
    p.add_argument("--size", type=window_size, metavar="WxH", default=None,
                   help="the viewer window's size, e.g. 1920x1080 (default 1280x720)")
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help="the viewer's language for this run only (Settings keep their own)")


def main(args) -> int:
    if args.verify:
        return run(args.file, verify=True, as_json=args.json)
    return view(args.file, args.size, args.lang)


def run(path: str, verify: bool = True, as_json: bool = False) -> int:
    try:
        game = saves.load(path)
        auth = saves.restore(game, verify=verify)
    except saves.SaveError as exc:
        if as_json:
            print(json.dumps({"file": path, "ok": False, "error": str(exc)}))
        print(f"kolonisten: {path}: {exc}", file=sys.stderr)
        return 1
    state = auth.state
    checked = len(game.hashes) if verify else 0
    result = {"file": path, "ok": True, "rules": game.config["rules"], "players": game.config["players"],
              "mode": game.mode, "commands": len(game.commands), "hashes_checked": checked,
              "turn": state.turn, "winner": state.winner, "state_hash": auth.state_hash()}
    if game.damage is not None:     # a cut-off or damaged end: what came before it is checked
        result["damaged_tail"] = str(game.damage)
        print(f"kolonisten: {path}: {game.damage}", file=sys.stderr)
    if as_json:
        print(json.dumps(result))
        return 0
    outcome = f"won by seat {state.winner + 1}" if state.winner >= 0 else f"in progress at turn {state.turn}"
    if not verify:
        proof = ""
    elif checked:
        proof = f", all {checked} recorded state hashes match"
    else:
        proof = ", replays without errors (this save records no state hashes to check)"
    print(f"{path}: {game.config['rules']} game, {len(game.commands)} commands, {outcome}{proof}")
    return 0


def view(path: str, size=None, lang=None) -> int:
    """Open the replay viewer window on `path` (exit code 1 if it cannot be
    replayed); size: (width, height) or None, lang: for this run only."""
    try:
        game = saves.load(path)
        from game.client.saved import Replay
        model = Replay(game)
    except saves.SaveError as exc:
        print(f"kolonisten: {path}: {exc}", file=sys.stderr)
        return 1
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.client.app import App, DESIGN
    app = App(size or DESIGN, fullscreen=False, language=lang)
    app.nav.open("replay", model, path)
    app.run()
    pygame.quit()
    return 0
