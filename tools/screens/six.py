"""The table of five and six players (X-1): six seats mid-game in both rule
sets, the offer dialog and its answers, the Special Building Phase as its builder sees it, as everyone else
sees it while a computer builds, the curtain before a person's part of it,
the new-game form with six seats, and a Cities & Knights barbarian attack
with six.

    python -m tools.screens.shoot --rules six --out shots

Writes <out>/<W>x<H>-<lang>-six/<name>.png at 1280x720 and 1920x1080 in
English and Dutch.  The states are made like tools/screens/states.py's
(random bots' games, cut where the state is reached); the render bench
(tools/bench/render.py --all) measures them too."""

import copy

from tools.screens import states
from tools.screens.states import State, bot_game, table_for, table_on
from tools.screens.window import window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fenna"]
SEED = 7


def special_build(rules, seed=SEED):
    """A six-seat random game at a builder's part of the Special Building
    Phase from turn 12 on, the builder holding what a road and a
    settlement cost (so its builds light up)."""
    from game.engine.state import SPECIAL_BUILD

    def until(auth):
        return auth.state.turn >= 12 and auth.state.phase == SPECIAL_BUILD and auth.state.agenda[0][1] != 0
    auth = bot_game(rules, seed, 6, until=until)
    s, me = auth.state, auth.state.agenda[0][1]
    for kind in (0, 1, 0, 1, 2, 3):
        if s.bank[kind]:
            s.bank[kind] -= 1
            s.hands[me][kind] += 1
            s.hand_n[me] += 1
    return auth


def attack_game(seed=5):
    """A six-seat C&K game up to its first barbarian attack and six
    commands after it: (auth, the attack's record)."""
    def attacked(auth):
        return bool(auth.log) and any(e[0] == "barbarians_attack" for e in auth.log[-1].events)
    auth = bot_game("ck", seed, 6, until=attacked)
    first = len(auth.log) - 1
    auth = bot_game("ck", seed, 6, stop=first + 7)
    return auth, first


def _table(rules):
    def make(app, games):
        table_on(app, copy.deepcopy(games.get(("six-mid", rules), lambda: states.mid_game(rules, players=6))),
                 names=NAMES)
        return ("btn", "end_turn")
    return make


# Computers' names as the new-game form gives them: the longest a seat name
# usually gets, for the dialogs that list every partner.
LEVEL_NAMES = ["Anna", "Bram (Medium)", "Cees (Gemiddeld)", "Dirk (Hard)", "Eva (Makkelijk)", "Fenna (Medium)"]


def _trade(rules):
    """The offer dialog at six seats: five partners to offer to."""
    def make(app, games):
        from game.client.table import dialogs
        table = table_on(app, copy.deepcopy(games.get(("six-mid", rules), lambda: states.mid_game(rules, players=6))),
                         names=LEVEL_NAMES)
        editor = dialogs.TradeEditor(table.play)
        hand = table.model.view.hands[editor.me]
        held = [k for k in range(len(hand)) if hand[k]]
        if held:
            editor.give[held[0]] = 1
            editor.get[(held[0] + 1) % 5] = 1
        table.model.dialog = editor
        return ("trade", "send")
    return make


def _responses(rules):
    """The offerer reading five partners' answers (one a counter-offer),
    the longest names the new-game form gives them."""
    def make(app, games):
        from game.client.table import dialogs
        auth = copy.deepcopy(games.get(("six-mid", rules), lambda: states.mid_game(rules, players=6)))
        me = auth.state.current
        if states.offer_made(auth, me, answered=True, counter=True) is False:
            return False
        table = table_on(app, auth, names=LEVEL_NAMES)
        states.view_as(table, me)
        return None if isinstance(table.model.dialog, dialogs.ResponsesDialog) else False
    return make


def _special(rules):
    def make(app, games):
        table_on(app, copy.deepcopy(games.get(("six-special", rules), lambda: special_build(rules))), names=NAMES)
        return ("btn", "pass_build")
    return make


def _special_curtain(rules):
    def make(app, games):
        auth = copy.deepcopy(games.get(("six-special", rules), lambda: special_build(rules)))
        table = table_on(app, auth, names=NAMES, reveal=False)
        return ("curtain",) if table.model.curtain_for is not None else False
    return make


def _special_watched(rules):
    """A computer builds: the person's screen tells who (seat 0 a person,
    the others computers held still)."""
    def make(app, games):
        from game.client.controller import HotseatController
        from game.client.table.scene import TableScene
        from game.client.theme import PLAYER_COLOURS
        auth = copy.deepcopy(games.get(("six-special", rules), lambda: special_build(rules)))
        c = HotseatController(auth.config, NAMES, [rgb for _, rgb in PLAYER_COLOURS[:6]], auth=auth,
                              computers=[None] + ["easy"] * 5)
        table = TableScene(app, c)
        table.model.computers.hold = True              # (still: the picture of the moment)
        app.reset_to(table)
        states.settle(table)
        return None
    return make


def _attack(app, games):
    auth, first = games.get(("six-attack",), attack_game)
    table = table_for(app, auth.log, auth.config, live_from=first, names=NAMES)
    if table.model.stage.attack is None:
        return False
    table.model.stage.attack.opened -= 60              # every line revealed
    return ("stage", "continue")


STATES = ([State(f"{rules}-six-{what}", rules, make) for rules in ("base", "ck") for what, make in (
    ("table", _table(rules)), ("trade", _trade(rules)), ("responses", _responses(rules)), ("special", _special(rules)), ("special-curtain", _special_curtain(rules)),
    ("special-computer", _special_watched(rules)))]
    + [State("ck-six-attack", "ck", _attack)])


def shoot(out, w, h, lang):
    """One PNG of each six-seat state, and the new-game form with six seats."""
    import pygame

    from game.client.scenes.newgame import NewGameScene
    app, save, saved = window(out, w, h, lang, "-six")
    games = states.Games()
    for state in STATES:
        if state.make(app, games) is not False:
            save(state.name)
    form = NewGameScene(app)
    app.reset_to(form)
    form.players = 6
    form.kinds[4] = form.kinds[5] = "hard"
    form._rebuild()
    save("new-game-six")
    pygame.quit()
    return saved
