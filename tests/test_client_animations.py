"""Short animations at the table: a built piece drops into its place and a
trade's cards fly between the two players; never blocking input, off at the
computers' speed Instant, ended by any click or key, and gone from idle
frames once over."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import make_app, push_table  # noqa: E402
from game.bots.random_bot import RandomSeats  # noqa: E402
from game.client.table import draw  # noqa: E402
from game.client.table.model import DROP_SECONDS, TRADE_SECONDS, dropping  # noqa: E402
from game.engine import default_config  # noqa: E402
from game.engine.state import MAIN, SETUP_SETTLEMENT  # noqa: E402


def table_at_start(speed="normal"):
    app = make_app(computer_speed=speed)
    table = push_table(app, default_config(rules="base", players=4, seed=3))
    return app, table


def frame(app):
    app.screen.fill((0, 0, 0))
    app.scene.draw(app.screen)


def place_first_settlement(table):
    m = table.model
    if m.curtain_for is not None:
        table.play.reveal()
    assert m.view.phase == SETUP_SETTLEMENT
    cmd = max((c for c in m.legal if c[0] == "place_settlement"),
              key=lambda c: table.ui.board.node_pos(c[2])[1])          # (the lowest: room above it)
    assert table.play.submit(cmd)
    return cmd[2]


def pixel_of(app, table, node):
    x, y = table.ui.board.node_pos(node)
    return tuple(app.screen.get_at((int(x), int(y - table.ui.board.R * 0.1))))[:3]


def test_a_built_settlement_drops_into_place_and_lands():
    """While it drops the settlement is not yet on its spot (the cached
    layer leaves it out); once the drop is over it stands there and the
    table is still again (a frame key, no more animation)."""
    app, table = table_at_start()
    m = table.model
    node = place_first_settlement(table)
    colour = tuple(m.colours[m.view.node_owner[node]])[:3]
    assert ("settlement", node) in dropping(m.flying)
    drop = next(f[1] for f in m.flying if f[1][0] == "drop")
    m.flying = [(f[0] + 60, f[1], f[2], f[3]) for f in m.flying]      # (not yet begun: timing-proof)
    frame(app)
    assert draw.still_key(m, table.ui, app.screen.get_size()) is None            # it moves
    assert pixel_of(app, table, node) != colour                                   # its spot still bare
    x, y = table.ui.board.node_pos(node)
    air = app.screen.copy()
    draw.draw_drop(m, table.ui, air, drop, 0.05)                                  # just begun: high above it
    lift = table.ui.board.R * 1.3
    body = x - table.ui.board.R * 0.17                       # (left of the emblem on the house)
    assert tuple(air.get_at((int(body), int(y - lift))))[:3] == colour
    assert tuple(air.get_at((int(x), int(y - table.ui.board.R * 0.1))))[:3] != colour
    m.flying = [(f[0] - 61 - DROP_SECONDS, f[1], f[2], f[3]) for f in m.flying]  # over
    table.play.update(0.016)
    assert m.flying == []
    frame(app)
    landed = pixel_of(app, table, node)
    assert landed == colour
    assert draw.still_key(m, table.ui, app.screen.get_size()) is not None


def test_a_click_or_key_ends_the_drop_and_still_acts():
    """Skippable and never blocking: the key that ends the animation does
    what it does as well (Escape opens the game menu)."""
    app, table = table_at_start()
    place_first_settlement(table)
    assert dropping(table.model.flying)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert not dropping(table.model.flying)
    assert app.scene is not table                                                 # the menu opened


def test_no_drop_at_the_computers_speed_instant():
    app, table = table_at_start("instant")
    place_first_settlement(table)
    assert table.model.flying == []


def test_a_trade_flies_its_cards_between_the_two_players_panels():
    """Each card given flies from the offerer's panel to the partner's, each
    card got the other way, in about TRADE_SECONDS."""
    app, table = table_at_start()
    m, bot = table.model, RandomSeats(5)
    found = None
    for _ in range(3000):                 # a random game up to a main phase with cards to trade
        if m.curtain_for is not None:
            table.play.reveal()
            continue
        s = table.c.auth.state
        if s.phase == MAIN and s.current == m.viewer and s.turn > 8:
            me = m.viewer
            found = next(((give, get, seat) for give in range(5) if s.hands[me][give]
                          for seat in range(4) if seat != me for get in range(5)
                          if get != give and s.hands[seat][get]), None)
            if found:
                break
        table.play.submit(bot.player(m.viewer, ("offer",)).choose(s))
    assert found, "no position to trade in"
    give, get, partner = found
    out, back = [0] * 5, [0] * 5
    out[give], back[get] = 1, 1
    assert table.play.submit(("offer", me, tuple(out), tuple(back), (partner,)))
    table.c.submit(("accept", partner))
    m.flying = []
    table.c.submit(("confirm_trade", me, partner))
    table.play.refresh()
    trade = [(f[1], f[2], f[3]) for f in m.flying if isinstance(f[1], tuple) and f[1][0] == "trade"]
    mine, theirs = (table.ui.layout.panels[seat] for seat in (me, partner))
    for (what, a, b), (rect_a, rect_b) in zip(sorted(trade), ((mine, theirs), (theirs, mine))
                                              if give < get else ((theirs, mine), (mine, theirs))):
        assert rect_a.collidepoint(a) and rect_b.collidepoint(b), (what, a, b)
    assert {what for what, _, _ in trade} == {("trade", give), ("trade", get)}
    assert len(trade) == 2 and TRADE_SECONDS <= 0.5
    frame(app)                             # (drawn in flight)
    table.play.skip_animations()
    assert not any(isinstance(f[1], tuple) for f in m.flying)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_player_panels_show_counts_as_icons_that_name_themselves(lang):
    """Each player's panel carries a colour badge and icons with numbers (no
    lines of text); resting the mouse on an icon says what it counts."""
    from game.client import i18n
    app = make_app(lang=lang)
    try:
        check_panels(app, push_table(app, default_config(rules="base", players=4, seed=3)))
    finally:
        i18n.set_language("en")                  # (the language is the process's: back to the default)


def check_panels(app, table):
    from game.client import i18n
    from game.client.table.tips import tooltip
    frame(app)
    m, keys = table.model, table.ui.targets.keys()
    for seat in range(4):
        words = f"{i18n.tr('panel.cards')}: {m.view.hand_n[seat]}"
        assert ("panel_tip", words) in keys
        rect = table.ui.targets.rect(("panel_tip", words))
        assert any(p.contains(rect) for p in table.ui.layout.panels)
        m.hover_key = ("panel_tip", words)
        assert tooltip(m, table.ui) == words
    badge = table.ui.layout.panels[0]
    x, y = badge.x + int(18 * table.ui.layout.s), badge.y + int(18 * table.ui.layout.s)
    assert tuple(app.screen.get_at((x, y)))[:3] == tuple(m.colours[0])[:3]      # the colour badge (beside its emblem)
