"""Every state of the table, made on demand: the plain table, the curtain,
each staged panel (a barbarian attack, a 7, production), each dialog
(trade, answer, responses, bank, discard, steal, development and progress
cards, the Cities & Knights decisions, the chart, a knight's side panel)
and the game menu over the table, for both rule sets.

The screenshot families (cards.py, explain.py) and the render bench
(tools/bench/render.py) make their tables with the helpers here;
`shoot(out, w, h, lang)` saves one PNG per state into
<out>/<W>x<H>-<lang>-states/ (tools.screens.shoot --rules states).

A state is made by `STATES[i].make(app, games)`: it leaves the state on
the window (the table, or the game menu over it) and returns the target
key the mouse should rest on to light something up there (None: any),
or False when the seeded games never reach that state.  `games` keeps the
bot games the states are cut from, so each is played once."""

import copy
import math

from tools.screens.window import window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
NAMES = ["Anna", "Bram", "Cees", "Dirk"]
MID_GAME_SEED = 7


# --- games and tables ---------------------------------------------------------------------------
def bot_game(rules, seed, players, until=None, stop=None):
    """A game played by random bots (offers rare) until `until(auth)` holds,
    `stop` commands were played or it is over; returns its Authority."""
    from game.bots.loop import Table
    from game.bots.random_bot import random_table
    from game.engine import default_config
    from game.engine.match import Authority
    auth = Authority(default_config(rules=rules, players=players, seed=seed))
    bots, order = random_table(seed, players, avoid=("offer",))
    table = Table(bots, lambda: auth.state, auth.submit, view=lambda seat: auth.state, order=order)
    table.run(until=lambda: stop is not None and len(auth.log) >= stop or until is not None and until(auth))
    return auth


def mid_game(rules, seed=MID_GAME_SEED, players=4, ready=None):
    """A random-bot game from turn 60 on, at the first state `ready(state)`
    holds for (default: the main phase with nothing pending)."""
    from game.engine.state import MAIN

    def until(auth):
        s = auth.state
        return s.turn >= 60 and (ready(s) if ready else s.phase == MAIN and not getattr(s, "pending", None))
    return bot_game(rules, seed, players, until=until)


def give_progress(state, seat, name) -> bool:
    """Move a progress card into `seat`'s hand from its deck, or else from
    another seat's hand (the counts kept consistent); False when nobody
    else has it either."""
    from game.engine.constants import PROGRESS_INDEX, PROGRESS_TRACK
    card = PROGRESS_INDEX[name]
    track = PROGRESS_TRACK[card]
    if card in state.prog_decks[track]:
        state.prog_decks[track].remove(card)
        state.prog_deck_n[track] -= 1
    else:
        holder = next((p for p in range(len(state.prog)) if p != seat and state.prog[p][card]), None)
        if holder is None:
            return False
        state.prog[holder][card] -= 1
        state.prog_n[holder] -= 1
    state.prog[seat][card] += 1
    state.prog_n[seat] += 1
    return True


def settle(table) -> None:
    """Still frames: the dice at rest, no glow, no cards in flight."""
    table.model.dice_until = table.model.glow_until = 0.0
    table.model.flying = []


def table_on(app, auth, names=NAMES, reveal=True):
    """A hot-seat table over `auth` (its history read in silence) as the
    window's only scene, the curtain lifted when `reveal`."""
    from game.client.controller import HotseatController
    from game.client.table.scene import TableScene
    from game.client.theme import PLAYER_COLOURS
    c = HotseatController(auth.config, names[:auth.config["players"]],
                          [rgb for _, rgb in PLAYER_COLOURS[:auth.config["players"]]], auth=auth)
    table = TableScene(app, c)
    app.reset_to(table)
    if reveal and table.model.curtain_for is not None:
        table.play.reveal()
    settle(table)
    return table


def table_for(app, log, config, live_from=0, names=NAMES):
    """A table over the game of `config` whose commands `log[:live_from]`
    were played before it opened and `log[live_from:]` come in one by one
    while it is open, as moves do (so their big moments are staged)."""
    from game.engine.match import Authority
    auth = Authority(config)
    for record in log[:live_from]:
        auth.submit(record.cmd)
    table = table_on(app, auth, names, reveal=False)
    played = table.c.auth.log
    for index in range(live_from, len(log)):
        if len(played) > index:            # the table sent it itself (a pass for who could only pass)
            if played[index].cmd != log[index].cmd:
                raise ValueError(f"the table sent {played[index].cmd!r} where the game had {log[index].cmd!r}")
            continue
        table.c.submit(log[index].cmd)
        table.play.refresh()
    if table.model.curtain_for is not None:
        table.play.reveal()
    settle(table)
    return table


def event_kinds(auth, i) -> set:
    return {e[0] for e in auth.log[i].events}


def seven_with_steal(auth):
    """(the 7's record, the steal's record) of the first 7 that made
    players discard and ended in a theft, or None."""
    for i in range(len(auth.log)):
        if "must_discard" in event_kinds(auth, i):
            steal = next((k for k in range(i + 1, len(auth.log)) if "stole" in event_kinds(auth, k)), None)
            if steal is not None and not any("rolled" in event_kinds(auth, k) for k in range(i + 1, steal)):
                return i, steal
    return None


def production_roll(auth, start=60):
    """The first roll from `start` on that produced three cards or more."""
    return next((i for i in range(start, len(auth.log)) if auth.log[i].cmd[0] == "roll"
                 and any(e[0] == "produced" and sum(map(sum, e[1])) >= 3 for e in auth.log[i].events)), None)


def attack_record(auth, want):
    """(first, last) records of the first barbarian attack followed within
    six commands by an event `want` (the first attack when none is)."""
    attacks = [i for i in range(len(auth.log)) if "barbarians_attack" in event_kinds(auth, i)]
    if not attacks:
        return None
    attack = next((i for i in attacks if any(want in event_kinds(auth, k)
                                             for k in range(i, min(i + 6, len(auth.log))))), attacks[0])
    last = attack
    if want == "drew_progress":
        last = max((k for k in range(attack, min(attack + 6, len(auth.log))) if want in event_kinds(auth, k)),
                   default=attack)
    return attack, last


class Games:
    """The bot games the states are cut from, each played on first use."""

    def __init__(self):
        self._games = {}

    def get(self, name, make):
        if name not in self._games:
            self._games[name] = make()
        return self._games[name]

    def mid(self, rules):
        return self.get(("mid", rules), lambda: mid_game(rules))

    def before_roll(self, rules):
        """The mid-game a few commands on, at the start of a turn."""
        from game.engine.state import ROLL
        return self.get(("roll", rules), lambda: mid_game(rules, ready=lambda s: s.phase == ROLL))

    def long(self, rules):
        """A 3-player game of 1,500 commands: 7s, production, attacks."""
        seed = 3 if rules == "base" else 5
        return self.get(("long", rules), lambda: bot_game(rules, seed, 3, stop=1500))


# --- the states ------------------------------------------------------------------------------------
class State:
    def __init__(self, name, rules, make):
        self.name, self.rules, self.make = name, rules, make


def _plain(rules):
    def make(app, games):
        table_on(app, copy.deepcopy(games.mid(rules)))
        return ("btn", "end_turn")
    return make


def _curtain(rules):
    def make(app, games):
        auth = copy.deepcopy(games.mid(rules))
        table = table_on(app, auth, reveal=False)
        if table.model.curtain_for is None:
            return False
        return ("curtain",)
    return make


def _seven(rules, what):
    """The 7's panel after the theft, or its discard or steal dialog."""
    def make(app, games):
        auth = games.long(rules)
        found = seven_with_steal(auth)
        if found is None:
            return False
        roll, steal = found
        upto = {"panel": steal + 1, "discard": roll + 1, "steal": steal}[what]
        table = table_for(app, auth.log[:upto], auth.config, live_from=roll)
        m = table.model
        if what == "panel":
            if m.stage.seven is None:
                return False
            m.stage.seven.until = math.inf
            return None
        from game.client.table import dialogs
        if what == "discard":
            d = m.dialog
            if not isinstance(d, dialogs.DiscardDialog):
                return False
            hand = m.view.hands[m.viewer]
            d.sel[max(range(len(d.sel)), key=lambda k: hand[k])] = 1
            return ("discard", "ok")
        return None if isinstance(m.dialog, dialogs.StealDialog) else False
    return make


def _production(rules):
    def make(app, games):
        auth = games.long(rules)
        k = production_roll(auth)
        if k is None:
            return False
        table = table_for(app, auth.log[:k + 1], auth.config, live_from=k)
        if table.model.stage.production is None:
            return False
        table.model.stage.production.until = math.inf
        return ("btn", "end_turn")
    return make


def _attack(want, seed):
    def make(app, games):
        auth = games.get(("attack", seed), lambda: bot_game("ck", seed, 3, stop=1500))
        found = attack_record(auth, want)
        if found is None:
            return False
        first, last = found
        table = table_for(app, auth.log[:last + 1], auth.config, live_from=first)
        if table.model.stage.attack is None:
            return False
        table.model.stage.attack.opened -= 60                  # every line revealed
        return ("stage", "continue")
    return make


def _mid_table(app, games, rules, prepare=None, before_roll=False):
    """A table on a copy of the rule set's mid-game (`before_roll`: at a
    turn's start), `prepare(auth, me)` applied to the copy first (False
    from it: the state cannot be made)."""
    auth = copy.deepcopy(games.before_roll(rules) if before_roll else games.mid(rules))
    if prepare is not None and prepare(auth, auth.state.current) is False:
        return None
    return table_on(app, auth)


def _trade(rules):
    def make(app, games):
        from game.client.table import dialogs
        table = _mid_table(app, games, rules)
        m = table.model
        ed = dialogs.TradeEditor(table.play)
        held = [k for k in range(len(m.view.hands[m.viewer])) if m.view.hands[m.viewer][k]]
        if held:
            ed.give[held[0]] = 1
            ed.get[(held[0] + 2) % 5] = 2
        m.dialog = ed
        return ("trade", "cancel")
    return make


def offer_made(auth, me, answered, counter=False):
    """`me` offers one card of its largest stock for one of the kind most
    others hold, to those who hold it; (answered) the others answer:
    accept where they can, else decline, and (counter) the first who can
    asks for a card of another kind instead. False when no offer can be made."""
    from game.engine import check, deciders, legal_commands
    s = auth.state
    others = tuple(p for p in range(auth.config["players"]) if p != me)
    give = max(range(len(s.bank)), key=lambda k: s.hands[me][k])
    kind = max((k for k in range(5) if k != give), key=lambda k: sum(1 for p in others if s.hands[p][k]))
    terms = [0] * len(s.bank), [0] * len(s.bank)
    terms[0][give], terms[1][kind] = 1, 1
    to = tuple(p for p in others if s.hands[p][kind])           # those who can accept
    offer = ("offer", me, tuple(terms[0]), tuple(terms[1]), to)
    if not to or check(s, offer) is not None:
        return False
    auth.submit(offer)
    if not answered:
        return None
    countered = not counter
    for seat in list(deciders(auth.state)):
        if seat == me:
            continue
        other = next((k for k in range(5) if k not in (give, kind) and auth.state.hands[seat][k]), None)
        if not countered and other is not None:
            asked = [0] * len(s.bank)
            asked[other] = 1
            cmd = ("counter", seat, tuple(terms[0]), tuple(asked))
            if check(auth.state, cmd) is None:
                auth.submit(cmd)
                countered = True
                continue
        cmds = legal_commands(auth.state, seat)
        auth.submit(("accept", seat) if ("accept", seat) in cmds else ("decline", seat))
    return None


def _offer(rules, answered):
    """An offer to the others: a player answering it, or (answered) the
    offerer reading the answers."""
    def prepare(auth, me):
        return offer_made(auth, me, answered)

    def make(app, games):
        from game.client.table import dialogs
        from game.engine import deciders
        table = _mid_table(app, games, rules, prepare)
        if table is None:
            return False
        v = table.c.view(None)
        view_as(table, v.current if answered else next((s for s in deciders(v) if s != v.current), v.current))
        want = dialogs.ResponsesDialog if answered else dialogs.AnswerDialog
        return None if isinstance(table.model.dialog, want) else False
    return make


def view_as(table, seat) -> None:
    """The device in `seat`'s hands (no curtain)."""
    m = table.model
    m.viewer = m.holder = seat
    m.curtain_for = None
    table.play.sync()


def stock_for_bank(state, seat) -> int:
    """Move up to four cards of the bank's largest stock into `seat`'s hand
    (enough to trade with the bank); returns their kind."""
    kind = max(range(5), key=lambda k: state.bank[k])
    moved = min(4, state.bank[kind])
    state.bank[kind] -= moved
    state.hands[seat][kind] += moved
    state.hand_n[seat] += moved
    return kind


def _bank(rules):
    def prepare(auth, me):
        stock_for_bank(auth.state, me)

    def make(app, games):
        from game.client.table import dialogs
        table = _mid_table(app, games, rules, prepare)
        s = table.model.view
        kind = max(range(5), key=lambda k: s.hands[table.model.viewer][k])
        bank = dialogs.BankDialog(table.play)
        bank.give, bank.get = kind, (kind + 1) % 5
        table.model.dialog = bank
        return ("bank", "get", (kind + 2) % 5)
    return make


def _dev_card(kind_name):
    def make(app, games):
        from game.engine.constants import MONOPOLY, YEAR_OF_PLENTY
        kind = {"monopoly": MONOPOLY, "year_of_plenty": YEAR_OF_PLENTY}[kind_name]

        def prepare(auth, me):
            s = auth.state
            if kind not in s.deck:
                return False
            s.deck.remove(kind)
            s.deck_n -= 1
            s.dev[me][kind] += 1
            s.dev_n[me] += 1
        table = _mid_table(app, games, "base", prepare)
        if table is None:
            return False
        table.play.open_dev_card(kind)
        table.model.dialog.picks = [3] if kind == MONOPOLY else [1, 3]
        return ("dev", "pick", 4)
    return make


def _menu(rules):
    def make(app, games):
        from game.client.scenes.game_menu import GameMenuScene
        table = _mid_table(app, games, rules)
        app.push(GameMenuScene(app, table))
        return "resume"
    return make


def _chart(app, games):
    from game.client.table import ckdialogs
    table = _mid_table(app, games, "ck")
    table.model.dialog = ckdialogs.ChartDialog(table.play)
    return ("chart", "close")


def _knight(app, games):
    table = _mid_table(app, games, "ck")
    m = table.model
    knights = [n for n in range(len(m.view.knight_owner))
               if m.view.knight_owner[n] == m.viewer and m.knight_commands(n)]
    if not knights:
        return False
    table.play.select_knight(knights[0])
    return ("knight", "cancel")


def _progress(name, after=None, hover=None, others=(), before_roll=False):
    """A progress card of the viewer's opened (its chooser); `after(table)`
    then sets the chooser up."""
    def make(app, games):
        from game.engine.constants import PROGRESS_INDEX

        def prepare(auth, me):
            if not give_progress(auth.state, me, name):
                return False
            opp = (me + 1) % auth.config["players"]
            for card in others:
                give_progress(auth.state, opp, card)
        table = _mid_table(app, games, "ck", prepare, before_roll)
        if table is None or not any(c[0] == "progress" and c[2] == PROGRESS_INDEX[name] for c in table.model.legal):
            return False
        table.play.open_progress(PROGRESS_INDEX[name])
        if after is not None and after(table) is False:
            return False
        return hover
    return make


def _played(name, target=None, others=(), after=None, hover=None):
    """A progress card played by the current player (with `target`: the
    next seat), leaving a decision to the viewer (its chooser)."""
    def make(app, games):
        from game.engine.constants import PROGRESS_INDEX
        from game.client.table import ckdialogs

        def prepare(auth, me):
            s = auth.state
            if not give_progress(s, me, name):
                return False
            opp = (me + 1) % auth.config["players"]
            for card in others:
                give_progress(s, opp, card)
            if name in ("master_merchant", "wedding"):        # the others ahead, with cards to give
                for p in range(auth.config["players"]):
                    lift = s.vp_public[me] + 2 - s.vp_public[p]
                    if p != me and lift > 0 and s.defenders_left >= lift:
                        s.defenders[p] += lift
                        s.defenders_left -= lift
                        s.vp_public[p] += lift
            args = (opp,) if target else ()
            try:
                auth.submit(("progress", me, PROGRESS_INDEX[name], args))
            except Exception:
                return False
        table = _mid_table(app, games, "ck", prepare)
        if table is None or not isinstance(table.model.dialog, ckdialogs.Chooser):
            return False
        if after is not None and after(table) is False:
            return False
        return hover
    return make


def _first_option_chosen(table):
    d = table.model.dialog
    opts = d.options()
    if not opts:
        return False
    d.sel[:] = list(opts[0])


def _alchemist(table):
    table.model.dialog.chosen = [4]                # the white die chosen, the red one asked


def _harbor(app, games):
    from game.engine.constants import PROGRESS_INDEX

    def prepare(auth, me):
        if not give_progress(auth.state, me, "commercial_harbor"):
            return False
        auth.submit(("progress", me, PROGRESS_INDEX["commercial_harbor"], ()))
    table = _mid_table(app, games, "ck", prepare)
    if table is None:
        return False
    trades = [c for c in table.model.legal if c[0] == "harbor_trade"]
    if not trades:
        return False
    table.play.open_harbor()
    return None


def _board_pick(app, games):
    """A progress card that asks for a spot on the board: the side panel."""
    for name in ("bishop", "medicine", "engineer", "inventor", "diplomat"):
        made = _progress(name)(app, games)
        if made is not False and not app.scene.model.dialog.modal:
            return None
    return False


STATES = (
    [State(f"{rules}-{what}", rules, make) for rules in ("base", "ck") for what, make in (
        ("table", _plain(rules)), ("curtain", _curtain(rules)),
        ("seven", _seven(rules, "panel")), ("production", _production(rules)),
        ("discard", _seven(rules, "discard")), ("steal", _seven(rules, "steal")),
        ("trade", _trade(rules)), ("answer", _offer(rules, False)), ("responses", _offer(rules, True)),
        ("bank", _bank(rules)), ("menu", _menu(rules)))]
    + [State("base-monopoly", "base", _dev_card("monopoly")),
       State("base-year-of-plenty", "base", _dev_card("year_of_plenty")),
       State("ck-attack-lost", "ck", _attack("barbarians_win", 5)),
       State("ck-attack-defender", "ck", _attack("defender", 9)),
       State("ck-chart", "ck", _chart),
       State("ck-knight", "ck", _knight),
       State("ck-board-pick", "ck", _board_pick),
       State("ck-alchemist", "ck", _progress("alchemist", _alchemist, before_roll=True)),
       State("ck-resource-monopoly", "ck", _progress("resource_monopoly", hover=("choice", "pick", 4))),
       State("ck-harbor", "ck", _harbor),
       State("ck-spy", "ck", _played("spy", target=True, others=("medicine", "crane", "smith"))),
       State("ck-master-merchant", "ck", _played("master_merchant", target=True, after=_first_option_chosen)),
       State("ck-wedding", "ck", _played("wedding", after=_first_option_chosen))])


def hover_target(app, key):
    """(key, rect) of what the mouse should rest on in the state on the
    window: `key` when it was drawn, else the topmost clickable target
    smaller than the screen (None when there is none)."""
    scene = app.scene
    targets = scene.ui.targets if hasattr(scene, "ui") else scene.targets
    screen = app.screen.get_rect()
    if key is not None:
        rect = targets.rect(key)
        if rect is not None:
            return key, rect
    for k, rect, action in reversed(targets.items):
        if action is not None and rect.size != screen.size:
            return k, rect
    return None


def shoot(out, w, h, lang):
    """One PNG of every table state into <out>/<W>x<H>-<lang>-states/."""
    import pygame
    app, save, saved = window(out, w, h, lang, "-states")
    games = Games()
    for state in STATES:
        if state.make(app, games) is not False:
            save(state.name)
    pygame.quit()
    return saved
