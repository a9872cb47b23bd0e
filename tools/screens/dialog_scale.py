"""How large each table dialog is drawn at 200 % (the narrow table, a canvas
of 640x360 design units): the factor `k` of the table's scale it gets
(dialog.fitted_ui; 1.0 is the full 200 %), for 2-6 seats, both rule sets,
1280x720 and 1920x1080.

    python -m tools.screens.dialog_scale [--players 6] [--rules ck] [--size 1280x720] [--lang nl]

Each dialog is opened on a mid-game table (tools/screens/states.py) with
its most crowded content: every other seat a partner or a victim, the
longest computer names, an offer answered by all.  Where the moment
cannot come up in the game played (a robber beside five players, a
Spy's five targets) the table's legal commands are made up for the
dialog; only its layout is measured.  tests/test_client_dialogs_scale.py
asserts the same openings."""

import argparse
import copy
import os
import sys

from tools.screens import states

SIZES = ((1280, 720), (1920, 1080))
# computers' names as the new-game form gives them (six.LEVEL_NAMES): the longest a seat name gets
NAMES = ["Anna", "Bram (Medium)", "Cees (Gemiddeld)", "Dirk (Hard)", "Eva (Makkelijk)", "Fenna (Medium)"]


def _others(m):
    return [s for s in range(m.n) if s != m.viewer]


def _discard(table, rules):
    from game.client.table import dialogs
    m = table.model
    m.view.discard_need[m.viewer] = 4
    for k in range(len(m.view.bank)):          # a hand of every kind (the dialog shows the kinds held)
        m.view.hands[m.viewer][k] = max(2, m.view.hands[m.viewer][k])
    return dialogs.DiscardDialog(table.play)


def _steal(table, rules):
    from game.client.table import dialogs
    m = table.model
    m.legal = [("steal", m.viewer, v) for v in _others(m)] + [("skip_steal", m.viewer)]
    return dialogs.StealDialog(table.play)


def _trade(table, rules):
    from game.client.table import dialogs
    return dialogs.TradeEditor(table.play)


def _offered(table, answered):
    """An offer of the current player to every other: (the offerer, the seats asked)."""
    from game.engine import check, deciders, legal_commands
    c = table.c
    s = c.auth.state
    me = s.current
    others = [p for p in range(c.auth.config["players"]) if p != me]
    give = max(range(5), key=lambda k: s.hands[me][k])
    terms = [0] * len(s.bank), [0] * len(s.bank)
    terms[0][give], terms[1][(give + 1) % 5] = 1, 1
    if not s.hands[me][give]:
        s.hands[me][give] += 1
        s.hand_n[me] += 1
    for p in others:                      # (each can accept: an offer all decline is over at once)
        if not s.hands[p][(give + 1) % 5]:
            s.hands[p][(give + 1) % 5] += 1
            s.hand_n[p] += 1
    offer = ("offer", me, tuple(terms[0]), tuple(terms[1]), tuple(others))
    if check(s, offer) is not None:
        return None
    c.auth.submit(offer)
    if answered:
        for i, seat in enumerate(p for p in deciders(c.auth.state) if p != me):     # every other one accepts
            cmds = legal_commands(c.auth.state, seat)
            c.auth.submit(("accept", seat) if i % 2 == 0 and ("accept", seat) in cmds else ("decline", seat))
    return me, others


def _answer(table, rules):
    from game.client.table import dialogs
    made = _offered(table, False)
    if made is None:
        return None
    states.view_as(table, made[1][-1])
    return table.model.dialog if isinstance(table.model.dialog, dialogs.AnswerDialog) else None


def _counter(table, rules):
    from game.client.table import dialogs
    if _answer(table, rules) is None:
        return None
    return dialogs.TradeEditor(table.play, counter=True)


def _responses(table, rules):
    from game.client.table import dialogs
    made = _offered(table, True)
    if made is None:
        return None
    states.view_as(table, made[0])
    return table.model.dialog if isinstance(table.model.dialog, dialogs.ResponsesDialog) else None


def _bank(table, rules):
    from game.client.table import dialogs
    d = dialogs.BankDialog(table.play)
    d.give, d.get = 0, 1
    return d


def _dev(kind_name):
    def make(table, rules):
        from game.client.table import dialogs
        from game.engine.constants import DEV_NAMES
        if rules != "base":
            return None
        return dialogs.DevCardDialog(table.play, DEV_NAMES.index(kind_name))
    return make


def _chart(table, rules):
    from game.client.table import ckdialogs
    return ckdialogs.ChartDialog(table.play) if rules == "ck" else None


def _chooser(name, options):
    """A progress card's chooser with the made-up legal argument lists `options(m)`."""
    def make(table, rules):
        from game.client.table import ckdialogs
        from game.engine.constants import PROGRESS_INDEX
        if rules != "ck":
            return None
        m, card = table.model, PROGRESS_INDEX[name]
        m.legal = [("progress", m.viewer, card, tuple(args)) for args in options(m)]
        return ckdialogs.Chooser(table.play, "progress", name, card)
    return make


def _decision(name, options, pending=None):
    def make(table, rules):
        from game.client.table import ckdialogs
        if rules != "ck":
            return None
        m = table.model
        m.legal = [("resolve", m.viewer, name, tuple(args)) for args in options(m)]
        if pending:
            m.view.pending = pending(m)
        return ckdialogs.Chooser(table.play, "resolve", name)
    return make


DIALOGS = {
    "discard": _discard, "steal": _steal, "trade": _trade, "counter": _counter, "answer": _answer,
    "responses": _responses, "bank": _bank, "monopoly": _dev("monopoly"),
    "year-of-plenty": _dev("year_of_plenty"), "knight": _dev("knight"), "chart": _chart,
    "spy": _chooser("spy", lambda m: [[s] for s in _others(m)]),
    "alchemist": _chooser("alchemist", lambda m: [[a, b] for a in range(1, 7) for b in range(1, 7)]),
    "resource-monopoly": _chooser("resource_monopoly", lambda m: [[k] for k in range(5)]),
    "wedding": _decision("wedding", lambda m: [[1, 1, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0, 0, 0]]),
    "spy-pick": _decision("spy", lambda m: [[c] for c in range(6)],
                          lambda m: {"target": _others(m)[0], "shown": [1] * 6 + [0] * 48}),
    "defender": _decision("defender_deck", lambda m: [[t] for t in range(3)]),
}


class Tables:
    """The mid-games of each rule set and seat count, each played on first use."""

    def __init__(self):
        self.games = states.Games()

    def table(self, app, rules, players):
        auth = copy.deepcopy(self.games.get(("mid", rules, players), lambda: states.mid_game(rules, players=players)))
        table = states.table_on(app, auth, names=NAMES)
        table.model.dialog = None
        return table


def opened(app, tables, name, rules, players):
    """A table with dialog `name` open (drawn once, so a size found in
    drawing is known), or None where the rule set has no such dialog."""
    import pygame
    table = tables.table(app, rules, players)
    d = DIALOGS[name](table, rules)
    if d is None:
        return None
    table.model.dialog = d
    surf = pygame.Surface(app.size)
    for _ in range(2):                   # (a size set by draw is used from the next frame)
        app.frames_drawn += 1
        table.ui.targets.clear()
        d.draw(surf)
    return table


def k_of(table) -> float:
    """The dialog's scale as a share of the table's."""
    d = table.model.dialog
    return round(d.ui.layout.s / table.ui.layout.s, 2)


def save(app, path) -> None:
    """The window's next frame as a PNG."""
    import pygame
    os.makedirs(os.path.dirname(path), exist_ok=True)
    app.dirty = True
    app.step([])
    pygame.image.save(app.screen, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Each table dialog's scale at 200 % as a share of the table's.")
    ap.add_argument("names", nargs="*", help="dialogs (default all): " + ", ".join(DIALOGS))
    ap.add_argument("--players", type=int, action="append", help="seats (default 2-6)")
    ap.add_argument("--rules", choices=("base", "ck"), action="append")
    ap.add_argument("--size", action="append", help="WxH (default 1280x720 and 1920x1080)")
    ap.add_argument("--lang", default="en", choices=("en", "nl"))
    ap.add_argument("--scale", type=int, default=200, help="percent (default 200; the others keep the wide table)")
    ap.add_argument("--shots", metavar="FOLDER", help="also save each as <FOLDER>/<lang>-<W>x<H>-<percent>-<rules>-<seats>-<name>.png")
    args = ap.parse_args(argv)
    unknown = [n for n in args.names if n not in DIALOGS]
    if unknown:
        ap.error(f"no such dialog: {', '.join(unknown)} (choose from {', '.join(DIALOGS)})")
    from tools.user_data import use_scratch_user_data
    use_scratch_user_data()
    from tools.screens.window import window
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size] if args.size else SIZES
    players = args.players or [2, 3, 4, 5, 6]
    tables = Tables()
    lowest = 1.0
    for size in sizes:
        app, _, _ = window("/tmp/dialog-scale", *size, args.lang, ui_scale=args.scale)
        for rules in args.rules or ("base", "ck"):
            print(f"{size[0]}x{size[1]} {rules}: " + " ".join(f"{p:>5}" for p in players))
            for name in args.names or DIALOGS:
                row = []
                for p in players:
                    table = opened(app, tables, name, rules, p)
                    if table is None:
                        row.append("    -")
                        continue
                    k = k_of(table)
                    if args.shots:
                        save(app, os.path.join(args.shots, f"{args.lang}-{size[0]}x{size[1]}-{args.scale}-{rules}-{p}-{name}.png"))
                    lowest = min(lowest, k)
                    row.append(f"{k:5.2f}")
                if any(c.strip() != "-" for c in row):
                    print(f"  {name:<18}" + " ".join(row))
    print(f"lowest: {lowest:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
