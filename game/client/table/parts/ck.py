"""The table part of Cities & Knights: what the table shows besides the base
game's (parts/base.py), in the hooks of `TablePart`.

On the board walls under cities, metropolises beside them, knights and the
merchant; in the left column the barbarians' track (CK-8.1); a selected
knight's buttons in the side panel; the players' improvement tracks and
their Defender, progress-card and metropolis awards; progress cards in the
hand; the red die and the event die (CK-1.6, CK-3.3); the prompts of the
founding city, a selected knight and the Commercial Harbor."""

import pygame

from game.engine import may_offer
from game.engine.constants import (BARBARIAN_TRACK_LENGTH, COST_ACTIVATE, COST_KNIGHT, PROGRESS_INDEX, SHIP_FACES,
                                   TRACK_COMMODITY)
from game.engine.rulesets.ck.facts import barbarian_strength, effective_ratio, knight_strength
from game.engine.state import MAIN, SETUP_ROAD, SETUP_SETTLEMENT

from ... import theme, widgets
from ...cards import chip
from ...boardview import draw_city, draw_gate, draw_knight, draw_merchant, draw_metropolis, draw_ship, draw_wall
from ...eventtext import cards_text, event_die_text, progress_name, track_name
from ...i18n import tr, trn
from .. import ckdialogs
from ..model import BUILDING_PHASES, KNIGHT_ACTIONS
from .base import TablePart

ALCHEMIST = PROGRESS_INDEX["alchemist"]
KNIGHT_MOVES = {"move_knight", "displace_knight", "chase_robber"}
# A selected knight's actions that need no destination (CK-5.3, CK-5.4, CK-7.3)
KNIGHT_BUTTONS = (("activate", "activate_knight"), ("promote", "promote_knight"), ("chase", "chase_robber"))


class CkPart(TablePart):
    rules = "ck"

    # --- layout (design units) ----------------------------------------------------------------
    buttons = ("roll", "build_road", "build_settlement", "build_city", "build_wall", "recruit_knight",
               "chart", "trade", "bank", "undo", "end_turn")
    button_w = 94
    panel_h = 104                  # (a row more: the improvement tracks)
    panel_min_h = 86
    dice = 3                       # white, red and the event die
    left_widget_h = 104            # the barbarians' track
    drawer_widget_h = 80           # the same, shorter in the narrow table's drawer (the log under it gets its room)

    # --- the board ------------------------------------------------------------------------------
    def building_under(self, surf, state, node, x, y, R) -> None:
        if state.wall[node]:
            draw_wall(surf, x, y, R)

    def building_over(self, surf, state, node, x, y, R) -> None:
        if node in state.metropolis:
            draw_metropolis(surf, x, y, R, theme.TRACK_RGB[state.metropolis.index(node)])

    def more_pieces(self, board, surf, state, colours, hidden) -> None:
        R = board.R
        for n, owner in enumerate(state.knight_owner):
            if owner != -1 and ("knight", n) not in hidden:
                x, y = board.node_pos(n)
                draw_knight(surf, x, y, R, colours[owner], state.knight_strength[n], state.knight_active[n], owner)
        hex_, owner = state.merchant
        if hex_ != -1:
            cx, cy = board.hex_center(hex_)
            draw_merchant(surf, cx + R * 0.5, cy + R * 0.05, R, colours[owner], owner)

    def node_pick(self, m, surf, cmd, spot, x, y, R, colour, hovered) -> bool:
        if cmd == "displace_knight":
            if hovered:
                pygame.draw.circle(surf, theme.BAD, (x, y), R * 0.36, max(3, int(R * 0.08)))
            else:
                pygame.draw.circle(surf, theme.BAD, (x, y), R * 0.34, max(2, int(R * 0.05)))
            return True
        if not hovered:
            return False
        if cmd == "build_wall":
            draw_wall(surf, x, y, R)
            draw_city(surf, x, y, R, colour, m.viewer)
            return True
        if cmd in ("recruit_knight", "move_knight"):
            draw_knight(surf, x, y, R, colour, m.view.knight_strength[m.knight] if cmd == "move_knight" else 1, 0,
                        m.viewer)
            return True
        return False

    def piece_at(self, m, ui, pos):
        v = m.view
        knight = ui.board.hit("node", [n for n in range(len(v.node_owner)) if v.knight_owner[n] != -1], pos)
        return ("knight_info", knight) if knight is not None else None

    # --- the frame ------------------------------------------------------------------------------
    def draw_left(self, m, ui, surf) -> None:
        draw_barbarians(m, ui, surf)

    left_chip_w = 124

    def draw_left_chip(self, m, ui, surf, rect) -> None:
        draw_barbarians_chip(m, ui, surf, rect)

    def draw_moving(self, m, ui, play, surf) -> None:
        draw_knight_buttons(m, ui, play, surf)

    # --- the player panels and the bank ---------------------------------------------------------
    def stats(self, v, seat) -> tuple:
        own = [n for n in range(len(v.knight_owner)) if v.knight_owner[n] == seat]
        total = sum(v.knight_strength[n] for n in own)
        return (("cards", v.hand_n[seat], "panel.cards"), ("progress", v.prog_n[seat], "panel.progress"),
                ("knight", f"{knight_strength(v, seat)}/{total}", "panel.ck_knights"),
                ("road", v.road_len[seat], "panel.road"))

    def panel_rows(self, m, ui, surf, seat, x, y) -> tuple:
        return y + int(22 * ui.layout.s), draw_improvements(m, ui, surf, seat, x, y)

    name_row_w = 3 * 26 + 2 * 3 + 6          # (COMPACT_TRACK)

    def name_row(self, m, ui, surf, seat, right, mid) -> int:
        s = ui.layout.s
        w, h = int(COMPACT_TRACK[0] * s), int(COMPACT_TRACK[1] * s)
        x = right - 3 * w - 2 * int(3 * s)
        draw_improvements(m, ui, surf, seat, x, mid - h // 2, COMPACT_TRACK)
        return x - int(6 * s)

    def awards(self, v, seat) -> list:
        return super().awards(v, seat)[1:] + [      # (no Largest Army: knights defend, CK-8)
            (v.defenders[seat] > 0, "defender", v.defenders[seat], tr("panel.defenders", n=v.defenders[seat])),
            (v.prog_vp[seat] > 0, "vp", v.prog_vp[seat], tr("panel.prog_vp", n=v.prog_vp[seat])),
            (v.merchant[1] == seat, "merchant", None, tr("panel.merchant"))] + [
            (v.metropolis[track] != -1 and v.node_owner[v.metropolis[track]] == seat, "metropolis", None,
             tr("panel.metropolis", track=track_name(track)), theme.TRACK_RGB[track]) for track in range(3)]

    def award_words(self, label, count) -> str:
        return f"×{count}" if count is not None else ""      # (the row is full: the tooltip names it)

    def hidden_points(self, v, seat) -> int:
        return 0                                 # (progress points are played at once, CK-10)

    bank_look = (15, 12)           # eight kinds of cards in the row

    def bank_step(self, rect, kinds, s):
        return (rect.w - int(16 * s)) / kinds

    def deck_text(self, v) -> str:
        return tr("panel.prog_decks", n=" ".join(str(k) for k in v.prog_deck_n))

    # --- the hand -------------------------------------------------------------------------------
    def hand_cards(self, m, play) -> list:
        prog, out = m.view.prog[m.viewer], []
        for card in range(len(prog)):
            if prog[card]:
                playable = any(c[0] == "progress" and c[2] == card for c in m.legal)
                out.append((("prog", card), prog[card], progress_name(card), ("prog_card", card),
                            lambda c=card: play.open_progress(c), playable))
        return out

    def secret_counts(self, public) -> tuple:
        return super().secret_counts(public) + (public.prog_n,)

    # --- the dice -------------------------------------------------------------------------------
    def rolling_faces(self, rnd) -> tuple:
        return super().rolling_faces(rnd) + (rnd.randint(0, 5),)

    def draw_die(self, surf, rect, i, face, seven) -> None:
        if i == 2:
            draw_event_die(surf, rect, face)
        elif i == 1:                   # the red die decides progress cards (CK-3.3)
            draw_red_die(surf, rect, face)
        else:
            super().draw_die(surf, rect, i, face, seven)

    def die_target(self, i, face):
        return ("event_die", face) if i == 2 else None

    # --- the prompt -----------------------------------------------------------------------------
    def roll_prompt(self, legal, name) -> str:
        """Only the Alchemist may be played before the roll (CK-3.1)."""
        if any(c[0] == "progress" and c[2] == ALCHEMIST for c in legal):
            return tr("prompt.roll_ck", name=name)            # "… (or play the Alchemist first)"
        return tr("prompt.roll_only", name=name)

    def main_things(self, kinds) -> list:
        return [tr("prompt.do_knights")] if kinds & KNIGHT_MOVES else []

    def phase_prompt(self, m, name):
        v = m.view
        if v.phase in BUILDING_PHASES and m.knight is not None:
            return tr("prompt.knight_selected" if m.knight_moves(m.knight) else "prompt.knight_selected_still")
        if v.phase == SETUP_SETTLEMENT and any(c[0] == "place_city" for c in m.legal):
            return tr("prompt.setup_city", name=name)
        if v.phase == SETUP_ROAD and v.node_level[v.last_setup_node] == 2:      # beside the new city
            return tr("prompt.setup_road_city", name=name)
        if v.phase == MAIN and m.action_enabled("harbor"):
            return tr("prompt.harbor", name=name, n=sum(1 for n in v.harbor_swaps if n))
        return None

    # --- actions --------------------------------------------------------------------------------
    def action_enabled(self, m, name):
        if name == "trade":
            return may_offer(m.view, m.viewer)
        if name == "chart":                     # (nothing to improve before the founding round is over)
            return m.view.phase not in (SETUP_SETTLEMENT, SETUP_ROAD)
        return None

    def main_pick(self, m, play) -> bool:
        """A knight is used by clicking it: then its destinations light up."""
        if m.knight is not None:
            m.pick_style = "knight_dest"
            m.pick = ("node", {c[3]: c for c in m.knight_moves(m.knight)})
        else:
            m.pick_style = "knight_select"
            own = {c[2] for c in m.legal if c[0] in KNIGHT_ACTIONS}
            m.pick = ("node", {n: (lambda n=n: play.select_knight(n)) for n in own}) if own else None
        return True

    def bank_ratio(self, view, seat, kind) -> int:
        """Harbors, the trading house, the merchant and a Merchant Fleet (CK-4.1, CK-11)."""
        return effective_ratio(view, seat, kind)

    def corner_taken(self, state, node) -> bool:
        return super().corner_taken(state, node) or state.knight_owner[node] != -1

    # --- tooltips -------------------------------------------------------------------------------
    def tooltip(self, m, key):
        v = m.view
        if key[0] == "knight_info":
            n = key[1]
            return tr("tip.knight_active" if v.knight_active[n] else "tip.knight_inactive",
                      name=m.names[v.knight_owner[n]], n=v.knight_strength[n])
        if key[0] == "event_die":
            return tr("tip.event_die", face=event_die_text(key[1]))
        if key[0] == "barbarians":
            return tr("tip.barbarians")
        if key[0] == "improvements":
            seat, track = key[1], key[2]
            return tr("tip.improvement", name=m.names[seat], track=track_name(track),
                      n=v.improvements[seat][track])
        if key[0] == "btn" and key[1] == "chart":
            return tr("tip.chart")
        return None

    # --- staged moments -------------------------------------------------------------------------
    def attacks(self, public) -> int:
        return public.barb_attacks or 0

    def robber_waits(self, attacks) -> bool:
        return not attacks                      # the robber stays in the desert until the first attack (CK-3.5)

    # --- the rules screen -----------------------------------------------------------------------
    rulebook = ("both", "ck")
    rulebook_text = 13             # (Cities & Knights has twice the rules)
    rulebook_columns = 3

    # --- the end screen -------------------------------------------------------------------------
    score_columns = ("settlements", "cities", "metropolis", "longest_road", "defenders", "merchant", "vp_cards",
                     "total")

    def score_row(self, v, seat, row) -> dict:
        """C&K points (CK-10): metropolises, defenders, the merchant, the printer and constitution."""
        row["metropolis"] = 2 * sum(1 for node in v.metropolis if node != -1 and v.node_owner[node] == seat)
        row["defenders"] = v.defenders[seat]
        row["merchant"] = 1 if v.merchant[1] == seat else 0
        row["vp_cards"] = v.prog_vp[seat]
        return row

    # --- the replay -----------------------------------------------------------------------------
    def cards_line(self, v, seat) -> str:
        """The seat's progress cards in words, as far as `v` shows them."""
        cards = v.prog[seat]
        if cards is None and v.prog_n[seat]:
            return trn("replay.hidden_progress", v.prog_n[seat])
        held = [f"{progress_name(c)}" + (f" ×{k}" if k > 1 else "") for c, k in enumerate(cards or ()) if k]
        return ", ".join(held) or tr("replay.no_progress")


def draw_red_die(surf, rect, face) -> None:
    """The red die (CK-3.3): red with light pips and, so that it is told from
    the white die without its colour, a light frame inside its edge."""
    rect = pygame.Rect(rect)
    light = (250, 246, 236)
    widgets.die(surf, rect, face, colour=(196, 40, 36), pip=light)
    inset = max(2, rect.w // 16)
    pygame.draw.rect(surf, light, rect.inflate(-2 * inset, -2 * inset), max(1, rect.w // 20),
                     border_radius=int(rect.w * 0.12))


def draw_event_die(surf, rect, face) -> None:
    """The event die (CK-1.6): a black ship, or a city gate in a track's
    colour with the track's commodity over its door (told apart without
    the colour: cloth for trade, coin for politics, paper for science)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, (20, 20, 20), rect.move(3, 4), border_radius=int(rect.w * 0.18))
    pygame.draw.rect(surf, (250, 246, 236), rect, border_radius=int(rect.w * 0.18))
    pygame.draw.rect(surf, (90, 90, 90), rect, 1, border_radius=int(rect.w * 0.18))
    inner = rect.inflate(-rect.w * 0.16, -rect.h * 0.16)
    if face < SHIP_FACES:
        draw_ship(surf, inner)
    else:
        track = face - SHIP_FACES
        draw_gate(surf, inner, theme.TRACK_RGB[track])
        mark = chip(TRACK_COMMODITY[track], inner.w * 0.3)
        surf.blit(mark, mark.get_rect(center=(inner.centerx, inner.y + inner.h * 0.4)))


TRACK = (56, 18, 11)             # an improvement track's box in a panel: width, height, text size
COMPACT_TRACK = (26, 15, 10)     # in the compact panel's name row


def draw_improvements(m, ui, surf, seat, x, y, box=TRACK) -> int:
    """Three small track boxes with the seat's level in each."""
    s, text, v = ui.layout.s, ui.text, m.view
    gap = int((5 if box == TRACK else 3) * s)
    for track in range(3):
        level = v.improvements[seat][track]
        r = pygame.Rect(x, y, int(box[0] * s), int(box[1] * s))
        colour = theme.TRACK_RGB[track]
        pygame.draw.rect(surf, theme.darker(colour, 0.6), r, border_radius=4)
        if level:
            pygame.draw.rect(surf, colour, (r.x, r.y, r.w * level // 5, r.h), border_radius=4)
        pygame.draw.rect(surf, colour, r, 1, border_radius=4)
        img = text.render(f"{level}/5", box[2], (16, 16, 16) if level >= 3 else theme.TEXT, bold=True)
        surf.blit(img, img.get_rect(center=r.center))
        ui.targets.add(("improvements", seat, track), r, None)
        x = r.right + gap
    return x - gap


def draw_barbarians(m, ui, surf) -> None:
    """The barbarians' track, large enough to read across the table: the
    ship on its step (0-7, the attack comes on 7), and under it the two
    numbers that decide the attack, the barbarians' strength (one per city)
    against Catan's active knights (CK-8.1), the losing side in red."""
    L, v, text = ui.layout, m.view, ui.text
    s = L.s
    r = L.barbarians
    short = r.h < int(CkPart.left_widget_h * s)          # (the narrow table's drawer: rows closer, numbers smaller)
    widgets.panel(surf, r, (20, 30, 44), theme.PANEL_EDGE, radius=8)
    pad = int(10 * s)
    img = text.render(tr("barb.title", n=v.barb_pos, k=BARBARIAN_TRACK_LENGTH), 15 if short else 16, theme.TEXT,
                      bold=True)
    surf.blit(img, (r.x + pad, r.y + int((3 if short else 5) * s)))
    steps = BARBARIAN_TRACK_LENGTH + 1
    step_w = (r.w - 2 * pad) / steps
    y = r.y + int((36 if short else 48) * s)
    line_y = int(y)
    pygame.draw.line(surf, (60, 80, 104), (r.x + pad + step_w / 2, line_y), (r.right - pad - step_w / 2, line_y),
                     max(2, int(3 * s)))
    for i in range(steps):
        cx = r.x + pad + step_w * (i + 0.5)
        last = i == steps - 1
        fill = (170, 44, 38) if last else ((96, 120, 150) if i < v.barb_pos else (52, 70, 92))
        pygame.draw.circle(surf, fill, (cx, y), step_w * 0.34)
        pygame.draw.circle(surf, (16, 20, 28), (cx, y), step_w * 0.34, 1)
        if i != v.barb_pos:
            num = text.render(str(i), 11, theme.TEXT if last else theme.TEXT_DIM, bold=last)
            surf.blit(num, num.get_rect(center=(cx, y)))
    ship = pygame.Rect(0, 0, step_w * 1.3, step_w * 1.3)
    ship.center = (r.x + pad + step_w * (v.barb_pos + 0.5), y - step_w * 0.2)
    draw_ship(surf, ship, sail=(250, 250, 245))
    cities = barbarian_strength(v)
    knights = sum(knight_strength(v, seat) for seat in range(v.n))     # what defends (CK-8.1)
    lose = cities > knights
    below = int((15 if short else 22) * s)
    row = pygame.Rect(r.x + pad, y + below, r.w - 2 * pad, r.bottom - int((5 if short else 6) * s) - (y + below))
    # between the two numbers the sign that compares them: who is stronger reads at a glance
    sign = ">" if cities > knights else ("<" if cities < knights else "=")
    vs = text.render(sign, 17 if short else 20, theme.BAD if lose else theme.GOOD, bold=True)
    gap = vs.get_width() + int(10 * s)
    half = (row.w - gap) // 2
    for k, (label, value, colour) in enumerate(((tr("cards.barb.barbarians"), cities, theme.BAD if lose else theme.TEXT),
                                                 (tr("cards.barb.knights"), knights, theme.BAD if lose else theme.GOOD))):
        box = pygame.Rect(row.x + k * (half + gap), row.y, half, row.h)
        pygame.draw.rect(surf, (28, 40, 56), box, border_radius=int(6 * s))
        num = text.render(str(value), 17 if short else 22, colour, bold=True)
        surf.blit(num, num.get_rect(midright=(box.right - int(8 * s), box.centery)))
        name = widgets.fit_label(text, label, 13, theme.TEXT_DIM, False, box.w - num.get_width() - int(20 * s), 9)
        surf.blit(name, name.get_rect(midleft=(box.x + int(8 * s), box.centery)))
    surf.blit(vs, vs.get_rect(center=(row.x + half + gap // 2, row.centery)))
    ui.targets.add(("barbarians",), r, None)


def draw_barbarians_chip(m, ui, surf, rect) -> None:
    """The barbarians' track in short (the narrow table, its log's drawer
    closed): the ship and its step, in red when the barbarians are stronger
    than Catan's active knights (CK-8.1); the drawer shows the whole track."""
    v, text, s = m.view, ui.text, ui.layout.s
    widgets.panel(surf, rect, (20, 30, 44), theme.PANEL_EDGE, radius=6)
    ship = pygame.Rect(rect.x + int(4 * s), rect.y + int(2 * s), rect.h - int(4 * s), rect.h - int(4 * s))
    draw_ship(surf, ship, sail=(250, 250, 245))
    lose = barbarian_strength(v) > sum(knight_strength(v, seat) for seat in range(v.n))
    img = widgets.fit_label(text, tr("barb.title", n=v.barb_pos, k=BARBARIAN_TRACK_LENGTH), 13,
                            theme.BAD if lose else theme.TEXT, True, rect.right - int(4 * s) - ship.right, 10)
    surf.blit(img, img.get_rect(midleft=(ship.right + int(2 * s), rect.centery)))
    ui.targets.add(("barbarians",), rect, None)


def draw_knight_buttons(m, ui, play, surf) -> None:
    """The selected knight is ringed; its actions without a destination
    are buttons in the side panel, in the sea off the board's spots."""
    if m.knight is None or m.dialog is not None:
        return
    cmds = {c[0]: c for c in m.knight_commands(m.knight)}
    x, y = ui.board.node_pos(m.knight)
    R = ui.board.R
    pygame.draw.circle(surf, theme.ACCENT, (x, y), R * 0.38, max(2, int(R * 0.08)))
    v = m.view
    title = tr("knight.active" if v.knight_active[m.knight] else "knight.inactive",
               n=v.knight_strength[m.knight])
    buttons = []
    for name, kind in KNIGHT_BUTTONS:
        if kind in cmds:
            cost = {"activate": COST_ACTIVATE, "promote": COST_KNIGHT}.get(name)
            label = tr("knight." + name) + (f" ({cards_text(dict(cost).get(k, 0) for k in range(8))})"
                                            if cost else "")
            buttons.append((("knight", name), label, lambda c=cmds[kind]: play.submit(c), True, True))
    buttons.append((("knight", "cancel"), tr("btn.cancel"), play.drop_knight, True, False))
    if m.knight_moves(m.knight):
        help_text = tr("knight.help")
    else:                                    # why no corner is lit (CK-7)
        help_text = tr("knight.help_still" if v.knight_active[m.knight] else "knight.help_idle")
    ckdialogs.side_panel(m, ui, surf, title, help_text, buttons)
