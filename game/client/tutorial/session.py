"""Starting, finding and resuming the guided game (light to import: the main
menu asks it whether a guided game waits; the game's own modules load when
one starts).

One guided game is kept at a time, in the save folder as `tutorial.kolonisten`
(an ordinary hot-seat save whose `extra` holds the step).  The main menu asks
`in_progress()` to offer "Continue learning"; the load list resumes it as a
guided game too (`open_saved`)."""

import os

from game import saves

from .. import theme
from ..i18n import tr
from ..seatnames import PERSON as PERSON_KIND, default_person_name, name_fits, shown_name

FILE = "tutorial" + saves.SUFFIX


# The steps of the guided game before its lessons came in a free order
# (a save of then keeps only the index into these).
OLD_STEPS = ("welcome", "island", "found", "found_road", "found_second", "found_road_second", "roll", "production",
             "costs", "build_road", "end_turn", "offer", "answers", "bank", "seven_roll", "seven", "robber", "steal",
             "buy_dev", "dev_wait", "knight", "knight_robber", "longest_intro", "longest", "settlement", "city", "army",
             "won")


def _info(extra):
    info = extra.get("tutorial") if isinstance(extra, dict) else None
    return info if isinstance(info, dict) and type(info.get("step")) is int else None


def saved_step(extra, steps: int = 1000):
    """The step index a save's `extra` keeps ({"tutorial": {"step": k, ...}}),
    or None when it is no guided game."""
    info = _info(extra)
    return None if info is None else max(0, min(info["step"], steps - 1))


def restored(extra, names) -> tuple:
    """(index, done indices) of a guided game's save among the step `names`:
    by the names it keeps, or for a save from before the free order by the
    old list of steps (a step it does not know: the first)."""
    info = _info(extra) or {"step": 0}
    if isinstance(info.get("name"), str) and isinstance(info.get("done"), list):
        name, done = info["name"], [n for n in info["done"] if isinstance(n, str)]
    else:
        old = OLD_STEPS[:max(0, min(info["step"], len(OLD_STEPS) - 1)) + 1]
        name, done = old[-1], list(old[:-1])
        if "seven" in done:
            done.append("discard")                  # (a step those games did not have: past the 7, done)
    index = names.index(name) if name in names else 0
    return index, [names.index(n) for n in done if n in names and n != name]


def shown(extra):
    """(the step's number as shown, 1 on, the steps' count) of a save, or None."""
    info = _info(extra)
    if info is None:
        return None
    count = info.get("steps") if type(info.get("steps")) is int else info["step"] + 1
    number = info.get("shown") if type(info.get("shown")) is int else info["step"] + 1
    return max(1, min(number, count)), max(1, count)


def path(folder=None) -> str:
    return os.path.join(folder or saves.saves_dir(), FILE)


def in_progress(folder=None):
    """(the step shown, from 0, and the steps' count) of an unfinished guided game, or None."""
    try:
        where = path(folder)
        if not os.path.exists(where):
            return None
        game = saves.load(where)
    except (OSError, saves.SaveError):
        return None
    where_now = shown(game.extra)
    winner = game.summary.get("winner")
    if where_now is None or (type(winner) is int and winner >= 0):
        return None
    number, count = where_now
    return number - 1, count


def names(prefs=None) -> list:
    """The person (the first name of the new-game form, if a person sat
    there and the form would start with it; else "Player 1") and the three
    computers, named in the current language."""
    from . import steps as S
    form = (prefs or {}).get("new_game") or {}
    typed, kinds = form.get("names"), form.get("kinds")
    first = typed[0] if isinstance(typed, list) and typed else None
    a_person = not (isinstance(kinds, list) and kinds and kinds[0] != PERSON_KIND)
    mine = first if a_person and isinstance(first, str) and name_fits(first.strip(), PERSON_KIND) \
        else default_person_name(S.PERSON)
    out = []
    for seat, level in enumerate(S.computers()):
        if level is None:
            out.append(mine.strip())
        else:
            out.append(shown_name(tr(f"seats.bot_name_{seat + 1}"), level))
    return out


def start(app, folder=None) -> None:
    """A new guided game from its first step (a left one is replaced)."""
    from . import steps as S
    from .guide import Guide, TutorialController
    where = None
    try:
        where = path(folder)
        if os.path.exists(where):
            os.unlink(where)
    except OSError:
        where = None                     # no save folder: it is played unsaved
    colours = [rgb for _, rgb in theme.PLAYER_COLOURS[:S.PLAYERS]]
    controller = TutorialController(S.config(), names(app.prefs), colours, autosave=where is not None, save_path=where,
                                    computers=S.computers(), guide=Guide())
    app.nav.open("tutorial", controller)          # (over the main menu, which it leaves to)


def open_saved(app, where, game, replace=False) -> str | None:
    """Resume a guided game from its save on its step (over the menu, or in
    place of the load list with `replace`); the reason when it cannot."""
    from ..saved import saved_players
    from . import steps as S
    from .guide import Guide, TutorialController
    index, done = restored(game.extra, S.STEP_NAMES)
    try:
        auth, hashes = saves.resume(game)
    except saves.SaveError as exc:
        return str(exc)
    game.hashes = hashes
    people_names, colours = saved_players(game)
    controller = TutorialController(auth.config, people_names, colours, autosave=True, auth=auth, save_path=where,
                                    hashes=hashes, created=game.created, computers=saves.computer_levels(game),
                                    guide=Guide(index=index, done=done))
    (app.nav.go if replace else app.nav.open)("tutorial", controller, resumed=True)
    return None


def resume(app, folder=None) -> str | None:
    """The menu's "Continue learning"."""
    where = path(folder)
    try:
        game = saves.load(where)
    except saves.SaveError as exc:
        return str(exc)
    return open_saved(app, where, game)
