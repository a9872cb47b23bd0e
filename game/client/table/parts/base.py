"""The base game's table part, and the interface of every rule set's part.

`TablePart` answers what the table asks where rule sets differ; the
drawing code (draw.py, panels.py, hand.py, dice.py, prompts.py, tips.py,
controls.py, staging.py, the board) calls these hooks and never asks which
rule set is played.  A rule set that plays like another extends that one's
part and overrides what differs (ck.py: `CkPart(TablePart)`).

The hooks, by the part of the table that reads them:
- layout: `buttons`, `button_w`, `panel_h`, `panel_min_h`, `panel_compact_h`, `name_row_w`, `dice` (how many), `left_widget_h`
  (the left column's widget between the prompt and the log; 0: none; `drawer_widget_h` its height in the narrow
  table's log drawer);
- the board: `building_under` / `building_over` (drawn with each settlement
  or city), `more_pieces` (pieces other than roads and buildings),
  `node_pick` (a hovered corner to pick that shows a piece of the rule set),
  `piece_at` (a piece under the mouse that has a tooltip);
- the frame: `draw_left` (the left column's widget), `draw_left_chip` (its
  short form on the narrow table, `left_chip_w` wide), `draw_moving` (drawn
  every frame over the board: a selected piece's buttons);
- the player panels and the bank: `stats`, `panel_rows`, `name_row`, `awards`,
  `award_words`, `hidden_points`, `bank_look`, `bank_step`, `deck_text`;
- the hand: `hand_cards` (the cards after the resources), `secret_counts`;
- the dice: `rolling_faces`, `draw_die`, `die_target`;
- the prompt: `roll_prompt`, `main_things`, `phase_prompt`;
- actions: `action_enabled`, `main_pick`, `bank_ratio`, `corner_taken`;
- tooltips: `tooltip`;
- staged moments: `attacks`, `robber_waits`;
- the rules screen: `rulebook`, `rulebook_text`, `rulebook_columns`;
- the end screen: `score_columns`, `score_row`;
- the replay: `cards_line`.
"""

from game.engine.constants import DEV_NAMES, VICTORY_POINT

from ... import widgets
from ...eventtext import dev_name
from ...i18n import has_text, language, tr, trn


class TablePart:
    rules = "base"                 # the rule set's name (config["rules"])

    # --- layout (design units) ----------------------------------------------------------------
    buttons = ("roll", "build_road", "build_settlement", "build_city", "buy_dev", "trade", "bank", "undo",
               "end_turn")
    button_w = 108                 # an action button's width
    panel_h = 92                   # a player panel's height (at most: the seats share the column)
    panel_min_h = 80               # the least that holds its rows (the awards beside the counts)
    panel_compact_h = 48           # the compact panel's two rows (many seats at a large scale)
    dice = 2                       # the dice on the table
    left_widget_h = 0              # the left column's widget over the log (0: none)
    drawer_widget_h = 0            # its height in the narrow table's log drawer

    # --- the board ------------------------------------------------------------------------------
    def building_under(self, surf, state, node, x, y, R) -> None:
        """Drawn before the settlement or city on `node`, at (x, y)."""

    def building_over(self, surf, state, node, x, y, R) -> None:
        """Drawn after the settlement or city on `node`."""

    def more_pieces(self, board, surf, state, colours, hidden) -> None:
        """The rule set's pieces besides roads and buildings (before the robber)."""

    def node_pick(self, m, surf, cmd, spot, x, y, R, colour, hovered) -> bool:
        """Draw the corner `spot` to pick for command kind `cmd` if it shows a
        piece of this rule set; False: the table draws it (a building)."""
        return False

    def piece_at(self, m, ui, pos):
        """The tooltip key of a piece under the mouse at `pos`, or None."""
        return None

    # --- the frame ------------------------------------------------------------------------------
    def draw_left(self, m, ui, surf) -> None:
        """The left column's widget (layout.barbarians), with the cached layer."""

    left_chip_w = 0                # the narrow table's short form of the left widget, over the board (design units)

    def draw_left_chip(self, m, ui, surf, rect) -> None:
        """The left column's widget in short (layout.left_chip: the narrow
        table, its drawer closed), with the cached layer."""

    def draw_moving(self, m, ui, play, surf) -> None:
        """Drawn every frame over the board and the hand, after the controls."""

    # --- the player panels and the bank ---------------------------------------------------------
    def stats(self, v, seat) -> tuple:
        """The panel's row of counts: (icon, number, catalog key of its name), ..."""
        return (("cards", v.hand_n[seat], "panel.cards"), ("dev", v.dev_n[seat], "panel.dev"),
                ("knight", v.knights[seat], "panel.knights"), ("road", v.road_len[seat], "panel.road"))

    def panel_rows(self, m, ui, surf, seat, x, y) -> tuple:
        """Rows of the panel between the counts and the awards, from `y`:
        (where the next row would start, where the last row drawn ends on the
        right or None: no row; the awards go there when the panel is short)."""
        return y, None

    name_row_w = 0                 # the width name_row takes (design units)

    def name_row(self, m, ui, surf, seat, right, mid) -> int:
        """The compact panel's rule set's rows, drawn small in its name row
        ending at `right`, centred on `mid`: where the name must end."""
        return right

    def awards(self, v, seat) -> list:
        """[(held, icon, count or None, words, [colour])] in the panel's order."""
        return [(v.largest_army == seat, "army", None, tr("panel.largest_army")),
                (v.longest_road == seat, "longest_road", None, tr("panel.longest_road"))]

    def award_words(self, label, count) -> str:
        """What an award held says beside its icon."""
        return label

    def hidden_points(self, v, seat) -> int:
        """The seat's victory points still hidden in its hand, as far as `v` shows the hand."""
        return v.dev[seat][VICTORY_POINT] if v.dev[seat] is not None else 0

    bank_look = (20, 13)           # the bank's card chips and their numbers (design units, text size)

    def bank_step(self, rect, kinds, s):
        """From one card kind of the bank's row to the next, in pixels."""
        return int(50 * s)

    def deck_text(self, v) -> str:
        return tr("panel.deck", n=v.deck_n)

    # --- the hand -------------------------------------------------------------------------------
    def hand_cards(self, m, play) -> list:
        """The viewer's cards after the resources, as hand.hand_cards lists them:
        [(face, count, label, key, action, playable)]."""
        dev = m.view.dev[m.viewer]
        return [(("dev", kind), dev[kind], card_name(kind), ("dev_card", kind),
                 lambda k=kind: play.open_dev_card(k), True) for kind in range(len(dev)) if dev[kind]]

    def secret_counts(self, public) -> tuple:
        """The per-seat counts of cards the others may not see (model.holds_secrets)."""
        return (public.hand_n, public.dev_n, public.dev_new_n)

    # --- the dice -------------------------------------------------------------------------------
    def rolling_faces(self, rnd) -> tuple:
        """Random faces of the dice while they tumble."""
        return (rnd.randint(1, 6), rnd.randint(1, 6))

    def draw_die(self, surf, rect, i, face, seven) -> None:
        """Die `i` showing `face` (`seven`: the two number dice show a 7)."""
        widgets.die(surf, rect, face, pip=(196, 30, 30) if seven else (30, 30, 30))

    def die_target(self, i, face):
        """The tooltip key of die `i` at rest, or None."""
        return None

    # --- the prompt -----------------------------------------------------------------------------
    def roll_prompt(self, legal, name) -> str:
        """The prompt before the roll, from the roller's legal commands (B-4.2, B-9.2)."""
        kinds = {c[0] for c in legal}
        if "play_knight" in kinds:
            return tr("prompt.roll", name=name)                   # "… (or play a Knight first)"
        if kinds & {"play_road_building", "play_year_of_plenty", "play_monopoly"}:
            return tr("prompt.roll_or_dev", name=name)
        return tr("prompt.roll_only", name=name)

    def main_things(self, kinds) -> list:
        """What else the main phase's prompt names, from the legal command kinds."""
        return []

    def phase_prompt(self, m, name):
        """The prompt of a moment only this rule set has, or None."""
        return None

    # --- actions --------------------------------------------------------------------------------
    def action_enabled(self, m, name):
        """Whether action button `name` is enabled, or None where the button
        is simply its command (model.action_enabled)."""
        if name == "trade":
            return m.probe_offer() is None
        return None

    def main_pick(self, m, play) -> bool:
        """Set what can be picked on the board in the main phase outside a
        build mode (m.pick, m.pick_style); False: nothing of this rule set."""
        return False

    def bank_ratio(self, view, seat, kind) -> int:
        """The seat's bank ratio for giving `kind` (harbors, B-7.2)."""
        return view.ratios[seat][kind]

    def corner_taken(self, state, node) -> bool:
        """Whether a piece stands on the corner (a reason's words, B-6.3)."""
        return state.node_owner[node] != -1

    # --- tooltips -------------------------------------------------------------------------------
    def tooltip(self, m, key):
        """The words of a tooltip key of this rule set (a piece, a die, a widget), or None."""
        return None

    # --- staged moments -------------------------------------------------------------------------
    def attacks(self, public) -> int:
        """How many attacks on the island (the barbarians') have been."""
        return 0

    def robber_waits(self, attacks) -> bool:
        """A 7 does not move the robber yet (after `attacks` attacks)."""
        return False

    # --- the rules screen -----------------------------------------------------------------------
    rulebook = ("both", "base")    # the rules screen's items tagged with these
    rulebook_text = 16             # its text size
    rulebook_columns = 2           # its columns at least

    # --- the end screen -------------------------------------------------------------------------
    score_columns = ("settlements", "cities", "longest_road", "largest_army", "vp_cards", "total")

    def score_row(self, v, seat, row) -> dict:
        """The seat's points by source (end.game_summary's row, the rule set's own added)."""
        return row

    # --- the replay -----------------------------------------------------------------------------
    def cards_line(self, v, seat) -> str:
        """The seat's development cards in words, as far as `v` shows them."""
        dev, new = v.dev[seat], v.dev_new[seat]
        if dev is None and v.dev_n[seat]:
            return trn("replay.hidden_dev", v.dev_n[seat])
        held = []
        dev, new = dev or (), new or ()
        for kind, k in enumerate(dev):
            if k:
                name = dev_name(kind) + (f" ×{k}" if k > 1 else "")
                held.append(tr("replay.dev_new", name=name) if new[kind] else name)
        return ", ".join(held) or tr("replay.no_dev")


def card_name(kind: int) -> str:
    """A development card's name as its card in the hand shows it: where one
    word is too long for the card, the catalog's `.card` form says where it
    may part ("Overwin-ningspunt"; cards._draw_label parts after a hyphen)."""
    key = "dev." + DEV_NAMES[kind]
    return tr(key + ".card") if has_text(language(), key + ".card") else tr(key)
