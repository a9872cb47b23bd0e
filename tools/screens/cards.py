"""Screens of cards on the table: the title scene, names in four scripts,
thrown dice, a 7 with a discard chosen by clicks, a trade as card pictures, a
crowded hand, the bank, and every dialog that chooses cards; into
<out>/<W>x<H>-<lang>-cards/ (run by tools.screens.shoot --rules cards)."""

from tools.screens import states
from tools.screens.states import give_progress
from tools.screens.window import window


SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
WORLD_NAMES = ["李小龙", "محمد علي", "Борис", "Zoë 🦊"]


def shoot(out, w, h, lang, seed=5):
    """The table's cards into <out>/<W>x<H>-<lang>-cards/: a C&K
    mid-game with names in four scripts, the dice being thrown, a 7 with a
    discard chosen by clicks, a trade offer and its answer as card pictures,
    and the title scene."""
    import time

    import pygame

    from game.bots.random_bot import RandomSeats
    from game.client.controller import HotseatController
    from game.client.table import dialogs
    from game.client.scenes.menu import MenuScene
    from game.client.table.scene import TableScene
    from game.client.theme import PLAYER_COLOURS
    from game.engine import default_config
    from game.engine.state import MAIN, ROLL

    app, save_frame, saved = window(out, w, h, lang, "-cards")

    def save(name):
        if app.scene is not None and hasattr(app.scene, "model"):
            app.scene.model.stage.close()             # a staged attack (shot by explain.py) would hide it
        save_frame(name)

    app.push(MenuScene(app))
    save("cards-00-title")
    c = HotseatController(default_config(rules="ck", players=4, seed=seed), WORLD_NAMES,
                          [rgb for _, rgb in PLAYER_COLOURS[:4]])
    table = TableScene(app, c)
    app.push(table)
    save("cards-01-curtain")
    bot = RandomSeats(seed)
    taken = set()
    for step in range(30000):
        if table.model.game_over_at is not None or len(taken) == 5:
            break
        if table.model.curtain_for is not None:
            table.play.reveal()
            continue
        v, me = table.model.view, table.model.viewer
        table.model.dice_until = table.model.glow_until = 0.0
        table.model.flying = []
        if "discard" not in taken and isinstance(table.model.dialog, dialogs.DiscardDialog):
            taken.add("discard")
            d = table.model.dialog
            d.sel[max(range(len(d.sel)), key=lambda k: v.hands[me][k])] = 1
            save("cards-03-seven-discard")
            d.sel = [0] * len(d.sel)
        if "answer" not in taken and isinstance(table.model.dialog, dialogs.AnswerDialog):
            taken.add("answer")
            save("cards-05-trade-answer")
        if v.phase == MAIN and me == v.current and v.turn > 40 and "trade" not in taken \
                and table.model.action_enabled("trade"):
            taken.add("trade")
            ed = dialogs.TradeEditor(table.play)
            held = [k for k in range(len(v.hands[me])) if v.hands[me][k]]
            ed.give[held[0]] = 1
            ed.get[(held[0] + 2) % 5] = 2
            table.model.dialog = ed
            save("cards-04-trade-offer")
            table.model.dialog = None
        if v.phase == MAIN and v.turn >= 120 and "midgame" not in taken:
            taken.add("midgame")
            save("cards-02-midgame-names")
        if v.phase == ROLL and me == v.current and v.turn > 60 and "dice" not in taken:
            taken.add("dice")
            table.play.submit(("roll", me))
            if table.model.curtain_for is None:
                table.model.dice_until = time.monotonic() + 0.3
                table.model.flying = []
                save("cards-06-dice-thrown")
                table.model.dice_until = 0.0
            continue
        exclude = ("offer",) if step % 10 else ()
        cmd = bot.player(me, exclude).choose(table.c.auth.state)
        if not table.play.submit(cmd):
            raise SystemExit(f"the engine refused the bot's command {cmd!r}")
    saved.extend(shoot_card_dialogs(out, w, h, lang))
    pygame.quit()
    return saved


def _hover(app, table, key):
    """Rest the mouse on what was drawn under `key` (its rise and hover line show)."""
    import pygame
    app.dirty = True
    app.step([])
    rect = table.ui.targets.rect(key)
    if rect is not None:
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.x + 4, rect.centery), rel=(0, 0),
                                     buttons=(0, 0, 0))])


def shoot_card_dialogs(out, w, h, lang, seed=7):
    """Every decision that chooses cards, as it looks:
    C&K Resource Monopoly, Spy, Master Merchant, Commercial Harbor (chooser
    and answer), Wedding, and the base game's Monopoly and Year of Plenty;
    each on a game played by random bots to mid-game, with the card needed
    put into the player's hand.  Into <out>/<W>x<H>-<lang>-cards/."""
    import copy

    from game.engine.constants import MONOPOLY, PROGRESS_INDEX, YEAR_OF_PLENTY

    app, save, saved = window(out, w, h, lang, "-cards")
    names = ["Anna", "Bram", "Cees", "Dirk"]

    def mid_game(rules):
        return states.mid_game(rules, seed)

    def table_on(auth):
        return states.table_on(app, auth, names)

    ck = mid_game("ck")
    me = ck.state.current
    others = [p for p in range(4) if p != me]

    auth = copy.deepcopy(ck)                 # a crowded C&K hand, a notice, the mouse on a card
    s = auth.state
    for kind in range(8):
        if not s.hands[me][kind] and s.bank[kind]:
            s.bank[kind] -= 1
            s.hands[me][kind] += 1
            s.hand_n[me] += 1
    for name in ("medicine", "road_building", "smith", "merchant_fleet"):
        give_progress(s, me, name)
    table = table_on(auth)
    table.play.note(table.model.names[others[0]] + " " + "→ " + table.model.names[me] + ": 1", (240, 200, 90))
    _hover(app, table, ("prog_card", PROGRESS_INDEX["road_building"]))
    save("cards-09-ck-crowded-hand")

    auth = copy.deepcopy(ck)
    give_progress(auth.state, me, "resource_monopoly")
    table = table_on(auth)
    table.play.open_progress(PROGRESS_INDEX["resource_monopoly"])
    _hover(app, table, ("choice", "pick", 4))
    save("cards-10-resource-monopoly")

    auth = copy.deepcopy(ck)
    give_progress(auth.state, me, "spy")
    for name in ("medicine", "crane", "smith"):
        give_progress(auth.state, others[0], name)
    auth.submit(("progress", me, PROGRESS_INDEX["spy"], (others[0],)))
    table = table_on(auth)
    _hover(app, table, ("choice", "pick", PROGRESS_INDEX["crane"]))
    save("cards-11-spy")

    auth = copy.deepcopy(ck)
    s = auth.state
    give_progress(s, me, "master_merchant")
    richer = others[0]
    lift = s.vp_public[me] + 2 - s.vp_public[richer]
    if lift > 0:                             # a Defender of Catan or two: the target is ahead
        s.defenders[richer] += lift
        s.defenders_left -= lift
        s.vp_public[richer] += lift
    if s.hand_n[richer]:
        auth.submit(("progress", me, PROGRESS_INDEX["master_merchant"], (richer,)))
        table = table_on(auth)
        first = next(k for k in range(8) if s.hands[richer][k])
        table.model.dialog.sel[first] = 1
        save("cards-12-master-merchant")

    auth = copy.deepcopy(ck)
    give_progress(auth.state, me, "commercial_harbor")
    auth.submit(("progress", me, PROGRESS_INDEX["commercial_harbor"], ()))
    table = table_on(auth)
    trades = [c for c in table.model.legal if c[0] == "harbor_trade"]
    if trades:
        table.play.open_harbor()
        table.model.dialog.pick(trades[0][2])
        save("cards-13-harbor-chooser")
        table.model.dialog.pick(trades[0][3])
        table = table_on(auth)
        save("cards-14-harbor-answer")

    auth = copy.deepcopy(ck)
    s = auth.state
    give_progress(s, me, "wedding")
    for p in others:                         # the others ahead, with cards to give
        lift = s.vp_public[me] + 1 - s.vp_public[p]
        if lift > 0 and s.defenders_left >= lift:
            s.defenders[p] += lift
            s.defenders_left -= lift
            s.vp_public[p] += lift
    auth.submit(("progress", me, PROGRESS_INDEX["wedding"], ()))
    if s.pending and s.pending.get("kind") == "wedding":
        table = table_on(auth)
        d = table.model.dialog
        opts = d.options()
        if opts:
            d.sel[:] = list(opts[0])
        save("cards-15-wedding")

    base = mid_game("base")
    me = base.state.current
    for kind, tag in ((MONOPOLY, "16-monopoly"), (YEAR_OF_PLENTY, "17-year-of-plenty")):
        auth = copy.deepcopy(base)
        s = auth.state
        if kind in s.deck:
            s.deck.remove(kind)
            s.deck_n -= 1
            s.dev[me][kind] += 1
            s.dev_n[me] += 1
        table = table_on(auth)
        if kind == MONOPOLY:                 # the table with its buttons and shortcuts
            _hover(app, table, ("btn", "buy_dev"))
            save("cards-08-base-table")
        table.play.open_dev_card(kind)
        table.model.dialog.picks = [3] if kind == MONOPOLY else [1, 3]
        _hover(app, table, ("dev", "pick", 4))
        save("cards-" + tag)

    from game.client.table import dialogs
    for rules, state_of in (("base", base), ("ck", ck)):      # the bank: the give and get rows as cards
        auth = copy.deepcopy(state_of)
        kind = states.stock_for_bank(auth.state, auth.state.current)
        table = table_on(auth)
        bank = dialogs.BankDialog(table.play)
        bank.give, bank.get = kind, (kind + 1) % 5
        table.model.dialog = bank
        _hover(app, table, ("bank", "get", (kind + 2) % 5))
        save(f"cards-18-bank-{rules}")
    return saved
