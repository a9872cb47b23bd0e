"""Screens with text and controls at 200 % (Settings' largest scale), six
seats in the colour-blind-safe palette.

    python -m tools.screens.shoot --rules scale --out shots

Writes <out>/<W>x<H>-<lang>-scale/<name>.png at 1280x720 and 1920x1080 in
English and Dutch: the menu, Settings (saying what the table holds), the
new-game form with six seats, the six-seat tables of both rule sets (the
narrow table, one-row panels; C&K's with its log's drawer open too), a four-seat table with
its bank dialog and trade, a roll's panel, the chart, a C&K attack, the end screen, the replay, the rules and the lobby.  Each screen is
drawn at the largest scale up to 200 % it holds (app.py App.ui_used; the
name says which)."""

from tools.screens.window import window

SIZES = ((1280, 720, "en"), (1920, 1080, "en"), (1280, 720, "nl"), (1920, 1080, "nl"))
SHOWN = ("menu", "settings", "new-game-six", "base-six-table", "ck-six-table", "ck-six-special", "base-table",
         "base-bank", "base-trade", "ck-table", "ck-chart", "ck-discard", "end", "replay-base", "replay-ck-six",
         "rules-ck", "lan-join", "lobby", "ck-six-table-log", "base-production", "ck-six-attack")


def shoot(out, w, h, lang):
    import pygame
    from tools.screens.fit_screens import Extras, SCREENS
    app, save, saved = window(out, w, h, lang, "-scale", palette="safe", ui_scale=200)
    games = Extras()
    try:
        for k, name in enumerate(SHOWN):
            if SCREENS[name](app, games) is not False:
                save(f"{k + 1:02d}-{name}-{app.ui_used}")
    finally:
        games.close()
        pygame.quit()
    return saved
