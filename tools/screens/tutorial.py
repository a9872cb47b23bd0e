"""The guided first game (Learn to play) through the real window: played
to its end, and its screens.

    python -m tools.ui_autoplay --tutorial [--wander N] [--seed S] [--lang en|nl|both] [--size 1280x720] [--json]
    python -m tools.screens.shoot --out DIR --rules tutorial

From the main menu's Learn to play button to the end screen: every step's
Next button is clicked, every asked command is entered as the clicks and
keys a person makes (tools/screens/autoplay.py's `plan`, on the positions
the table drew), and the engine must receive exactly that command.  With
`wander` N the person also makes N random moves of their own between the
lessons (builds, bank trades, offers: the rehearsal's Wanderer, seeded by
`seed`), entered the same way.  Reports every step reached, whether the
counter numbered the steps 1, 2, 3, ... as they showed, the most turns the
lessons waited (`max_wait_turns`) and the game's turns and minutes at the
normal pace (rehearse.summary).  `shoot` saves a PNG of each step as it
first shows (and, for a step of several clicks, after the first) into
<out>/<W>x<H>-<lang>-tutorial/, plus the Cities & Knights introduction."""

import time

from .autoplay import AutoplayError, _norm, _setup_env, at_menu, enter, plan

MAX_LOOPS = 20000
SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))


def play(lang="en", size=(1280, 720), visible=False, app=None, shot=None, wander=0, seed=1, make_driver=None) -> dict:
    """One guided game in `lang` (in `app` when given), with `wander` random
    moves of the person's own between the lessons.  Before the first pinned
    step a wrong spot is clicked once: the step must wait and say what to do
    (`wrong_click_waits`).  `shot(name)` saves the screen; `make_driver`:
    autoplay.at_menu's (tools/screens/keys.py: keys alone)."""
    _setup_env(visible)
    import pygame

    from game.client.scenes.end import EndScene
    from game.client.tutorial import overlay, rehearse
    from game.client.tutorial import steps as S
    from game.client.tutorial.scene import TutorialScene
    from game.engine.rng import Rng
    from game.engine.rules import rolls

    t0 = time.monotonic()
    app, d = at_menu(lang, size, app, make_driver)
    d.click_gui("learn")
    if not isinstance(app.scene, TutorialScene):
        raise AutoplayError("Learn to play did not open the guided game")
    table = app.scene
    auth = table.c.auth
    guide = table.c.guide
    rng = Rng(7, stream=78)
    wanderer = rehearse.Wanderer(wander, seed) if wander else None
    commands = nexts = waits = 0
    wrong_checked = None
    shown = set()
    for _ in range(MAX_LOOPS):
        d.frame()
        if isinstance(app.scene, EndScene):
            break
        what, step, cmd = table.advice()
        if shot is not None and (guide.index, what) not in shown and what != "wait":
            shown.add((guide.index, what))
            shot(f"{guide.number:02d}-{step.name}" + ("" if what != "routine" else "-" + cmd[0]))
        if what == "next":
            if table.ui.targets.rect(overlay.NEXT_KEY) is None:
                raise AutoplayError(f"step {step.name}: no Next button on screen")
            before = guide.index
            d.press_target(table, overlay.NEXT_KEY)
            if guide.index == before and not isinstance(app.scene, EndScene):
                raise AutoplayError(f"step {step.name}: Next did not move on")
            nexts += 1
            continue
        if what == "wait" or cmd is None:
            waits += 1
            continue
        own = wanderer.choose(table.c) if wanderer is not None else None
        if own is not None:
            cmd = own
        if wrong_checked is None and what == "do" and cmd[0] in step.pinned and cmd[0] in ("place_settlement",):
            wrong_checked = _click_wrong_spot(d, table, cmd)
            if shot is not None:
                shot(f"{guide.number:02d}-{step.name}-wrong-click")
        before = len(auth.log)
        def before_click(i, index=guide.index, number=guide.number, name=step.name):
            if i == 1 and shot is not None and (index, "click") not in shown:
                shown.add((index, "click"))              # (a step of several clicks: after the first)
                shot(f"{number:02d}-{name}-b")
        enter(d, table, cmd, plan(table, cmd, rng, pygame), before_click)
        got = auth.log[before].cmd if len(auth.log) > before else None
        if got is not None and rolls(got):
            got = got[:len(cmd)]                         # (without the mix the guide chose for the dice)
        if got is None or _norm(got) != _norm(cmd):
            said = table.model.notes[-1][0] if table.model.notes else "nothing"
            raise AutoplayError(f"step {step.name}: wanted {cmd!r}, the engine received {got!r} (the table said: {said})")
        commands += 1
    else:
        raise AutoplayError(f"the guided game did not end (step {guide.step.name})")
    reached = list(guide.reached)
    skipped = [name for name in S.STEP_NAMES if name not in reached]
    numbered = sorted(guide.numbers.values()) == list(range(1, len(S.STEPS) + 1))
    computers = table.model.computers
    summary = rehearse.summary(table.c, person_commands=commands, nexts=nexts,
                               computer_moves=computers.moves if computers is not None else 0,
                               wandered=wanderer.made if wanderer is not None else 0)
    summary.update({"lang": lang, "size": list(size), "steps": len(S.STEPS), "skipped": skipped,
                    "numbered": numbered, "nexts": nexts, "clicks": d.clicks, "keys": d.keys,
                    "mouse_events": getattr(d, "mouse_events", None),
                    "wrong_click_waits": wrong_checked, "frames": app.frames_drawn, "wander": wander, "seed": seed,
                    "seconds": round(time.monotonic() - t0, 2)})
    if shot is None:
        pygame.quit()
    return summary


def shoot(out, w, h, lang):
    """Every step of the guided game as it first shows, in a scratch save folder."""
    from tools.screens.window import scratch_folder, window
    tmp, undo = scratch_folder(KOLONISTEN_SAVE_DIR="")
    try:
        app, save, saved = window(out, w, h, lang, "-tutorial", computer_speed="instant")
        play(lang, (w, h), app=app, shot=save)
        shoot_ck_intro(app, save)
        return saved
    finally:
        undo()


def _click_wrong_spot(d, table, cmd) -> bool:
    """Click a legal corner that is not the ringed one: the engine receives
    nothing, the step stays and a note says what to do."""
    m = table.model
    others = [c for c in m.legal if c[0] == cmd[0] and c != cmd]
    if not others:
        return False
    before, step = len(table.c.auth.log), table.c.guide.index
    d.choose_spot(table, "node", others[0][2])
    said = any(table.refusal(("do", table.advice(), None)) in note[0] for note in m.notes)
    return len(table.c.auth.log) == before and table.c.guide.index == step and said


def shoot_ck_intro(app, save) -> None:
    """The first Cities & Knights game's introduction, page by page, over its table."""
    from game.client.controller import HotseatController
    from game.client.theme import PLAYER_COLOURS
    from game.client.tutorial.intro import PAGES
    from game.engine import default_config

    c = HotseatController(default_config(rules="ck", players=4, seed=3), ["Anna", "Bram", "Cees", "Dirk"],
                          [rgb for _, rgb in PLAYER_COLOURS[:4]], computers=[None, "easy", "easy", "easy"])
    table = app.nav.open("table", c)
    intro = app.nav.open("ck_intro", table)
    for page in range(PAGES):
        intro.page = page
        save(f"ck-intro-{page + 1}")
