"""Why not: an engine refusal (its stable reason code, game.engine.ERROR_CODES)
in plain words with the rule it comes from.

    "No free corner on your roads: two buildings never stand on neighbouring
     corners — distance rule (B-3.3)"

The words are catalog entries `why.<code>` (every code has one) and, where
one command deserves sharper words, `why.<code>.<command kind>`; each ends
with the rule's name after a dash, and RULE_OF gives the rule's id from
../shared/RULES.md, which is appended.  For a greyed button or a spot that
does not light up, the engine's `check` is asked about one representative
command (the button's command on any spot), so the reason is the engine's own
and never a second copy of the rules here."""

from game.engine import ERROR_CODES, check, legal_commands
from game.engine.board import board_of
from game.engine.constants import COST_ACTIVATE, COST_CITY, COST_DEV, COST_KNIGHT, COST_ROAD, COST_SETTLEMENT, \
    COST_WALL, PROGRESS_NAMES
from game.engine.rules import IllegalCommand
from game.engine.state import DISCARD, ROBBER, ROLL, SPECIAL_BUILD, STEAL

from .. import theme
from ..eventtext import cards_text
from ..i18n import tr
from .hand import slot_action
from .model import special_builder

# (code, command kind or None for any) -> the rule's id in RULES.md
RULE_OF = {
    ("bad_choice", None): "CK-11",
    ("bad_choice", "progress_bishop"): "CK-3.5",
    ("wrong_phase", "progress_alchemist"): "CK-3.1",
    ("wrong_phase", "improve"): "CK-6.1",
    ("bad_seat", None): "B-1.8",
    ("bad_spot", None): "B-6",
    ("bad_spot", "build_road"): "B-6.2", ("bad_spot", "place_road"): "B-6.2",
    ("bad_spot", "build_settlement"): "B-3.3", ("bad_spot", "place_settlement"): "B-3.3",
    ("bad_spot", "place_city"): "B-3.3",
    ("bad_spot", "build_city"): "B-6.4",
    ("bad_spot", "move_robber"): "B-5.4",
    ("bad_spot", "build_wall"): "CK-5.1",
    ("bad_spot", "recruit_knight"): "CK-5.2",
    ("bad_spot", "activate_knight"): "CK-5.3",
    ("bad_spot", "promote_knight"): "CK-5.4",
    ("bad_spot", "move_knight"): "CK-7.1", ("bad_spot", "displace_knight"): "CK-7.2",
    ("bad_spot", "chase_robber"): "CK-7.3",
    ("bad_target", None): "B-5.4",
    ("bad_target", "offer"): "B-7.1", ("bad_target", "confirm_trade"): "B-7.1",
    ("bad_terms", None): "B-7.1",
    ("bank_empty", None): "B-1.4",
    ("cannot_afford", None): "B-6.1",
    ("cannot_afford", "maritime"): "B-7.2",
    ("cannot_afford", "build_wall"): "CK-5.1",
    ("cannot_afford", "recruit_knight"): "CK-5.2", ("cannot_afford", "promote_knight"): "CK-5.4",
    ("cannot_afford", "activate_knight"): "CK-5.3",
    ("cannot_improve", None): "CK-6.1",
    ("deck_empty", None): "B-6.5",
    ("game_over", None): "B-8.6",
    ("knight_not_ready", None): "CK-7",
    ("malformed", None): "B-4.3",
    ("missing_cards", None): "B-7.1",
    ("no_card", None): "B-9.2",
    ("no_pieces", None): "B-6.6",
    ("no_pieces", "build_wall"): "CK-5.1", ("no_pieces", "recruit_knight"): "CK-5.2",
    ("not_in_these_rules", None): "CK-1.1",
    ("not_your_turn", None): "B-4.3",
    ("one_card_per_turn", None): "B-9.2",
    ("robber_locked", None): "CK-3.5",
    ("roll_first", None): "CK-3.1",
    ("same_kind", None): "B-7.2",
    ("too_weak", None): "CK-7.2",
    ("trade_over", None): "B-4.1",
    ("unknown_command", None): "B-4.3",
    ("wrong_count", None): "B-5.3",
    ("wrong_decision", None): "B-4.3",
    ("wrong_phase", None): "B-4.1",
    # a refused undo (game/engine/undo.py): the rule that makes the move final
    ("undo_card_drawn", None): "B-9.1",
    ("undo_card_played", None): "B-9.2",
    ("undo_decision", None): "B-4.3",
    ("undo_dice", None): "B-5.1",
    ("undo_nothing", None): "B-4.1",
    ("undo_progress", None): "CK-9",
    ("undo_robber", None): "B-5.4",
    ("undo_set_off", None): "CK-6.4",
    ("undo_steal", None): "B-5.4",
    ("undo_trade", None): "B-7.1",
}
COSTS = {"build_road": COST_ROAD, "build_settlement": COST_SETTLEMENT, "build_city": COST_CITY,
         "buy_dev": COST_DEV, "build_wall": COST_WALL, "recruit_knight": COST_KNIGHT,
         "promote_knight": COST_KNIGHT, "activate_knight": COST_ACTIVATE}
# Buttons whose command names a spot: the representative command uses spot 0
# (the engine checks turn, supply and cost before the spot, so a refusal
# about the spot means no spot at all would do).
SPOT_BUTTONS = ("build_road", "build_settlement", "build_city", "build_wall", "recruit_knight")
SETTLING = ("build_settlement", "place_settlement", "place_city")
# What the game is waiting for instead, by phase (wrong_phase)
PHASE_WORDS = {ROLL: "why.wrong_phase.roll_first", DISCARD: "why.wrong_phase.discard",
               ROBBER: "why.wrong_phase.robber", STEAL: "why.wrong_phase.robber",
               SPECIAL_BUILD: "why.wrong_phase.special_build"}

PHASE_RULES = {ROLL: "B-4.1", DISCARD: "B-5.3", ROBBER: "B-5.4", STEAL: "B-5.4", SPECIAL_BUILD: "X-1.7"}


def assert_complete():
    """Every engine code has a rule (used by the tests)."""
    return [code for code in ERROR_CODES if (code, None) not in RULE_OF]


def reason(err: IllegalCommand, cmd=None, state=None, spot_part=None) -> str:
    """The refusal `err` of command `cmd` (optional) in plain words, ending
    with the rule's name and id.  `spot_part` (the rule set's table part):
    the command's spot is the one the player pointed at (not a
    representative one), so say what is wrong with that spot."""
    kind = cmd[0] if cmd else None
    if err.code == "not_your_turn" and cmd and state is not None and special_builder(state) == cmd[1]:
        err = IllegalCommand("wrong_phase", err.detail)     # (the builder's part: its turn's moves are not for now)
    key = f"why.{err.code}.{kind}"
    if err.code == "wrong_phase" and state is not None and state.phase in PHASE_WORDS:
        key = PHASE_WORDS[state.phase]
    text = tr(key)
    if text == key:
        text = tr(f"why.{err.code}")
        if text == f"why.{err.code}":             # a code newer than this client: the engine's words
            return err.detail
    rule = RULE_OF.get((err.code, kind)) or RULE_OF.get((err.code, None))
    if err.code == "wrong_phase" and state is not None and (err.code, kind) not in RULE_OF:
        rule = PHASE_RULES.get(state.phase, rule)
    if spot_part is not None and err.code == "bad_spot" and kind in SETTLING and state is not None:
        key, rule = _settlement_spot(spot_part, state, cmd[2], kind)
        text = tr(key)
    words, _, rule_name = text.rpartition(" — ")
    if err.code == "cannot_afford" and kind in COSTS and state is not None and cmd[1] is not None:
        lacking = _lacking(state.hands[cmd[1]], COSTS[kind])
        if lacking:
            words += ". " + tr("why.lacking", cards=lacking).rstrip(".")
    return f"{words} — {rule_name} ({rule})" if rule else f"{words} — {rule_name}"


def _lacking(hand, cost) -> str:
    if hand is None:
        return ""
    need = [0] * len(hand)
    for kind, k in cost:
        need[kind] = max(0, k - hand[kind])
    return cards_text(need) if any(need) else ""


def _settlement_spot(part, state, node, kind) -> tuple:
    """(catalog key, rule id): which part of B-3.3 / B-6.3 a corner breaks."""
    board = board_of(state)
    if part.corner_taken(state, node):
        return "why.bad_spot.taken", "B-6.3"
    if any(state.node_owner[m] != -1 for m in board.node_neighbors[node]):
        return "why.bad_spot.distance", "B-3.3"
    if kind == "build_settlement":
        return "why.bad_spot.no_road", "B-6.3"
    return f"why.bad_spot.{kind}", "B-3.3"


def why_not(state, cmd, spot_part=None):
    """None if `cmd` is legal in `state`, else why not (plain words and rule;
    `spot_part`: see `reason`)."""
    err = check(state, cmd)
    return None if err is None else reason(err, cmd, state, spot_part)


def progress_reason(state, seat, card):
    """Why the viewer's progress card `card` has no use now (the engine's
    check of playing it, in words naming the card and its rule), or None
    when it may be played."""
    cmd = ("progress", seat, card, ())
    if any(c[0] == "progress" and c[2] == card for c in legal_commands(state, seat)):
        return None
    err = check(state, cmd) or IllegalCommand("bad_choice", "")
    return reason(err, ("progress_" + PROGRESS_NAMES[card], seat), state)


def button_command(state, seat, name):
    """The command a table button stands for, on a representative spot."""
    if name in SPOT_BUTTONS:
        return (name, seat, 0)
    if name == "bank":                  # the kind held most, for another kind
        hand = state.hands[seat] or [0] * 5
        give = max(range(len(hand)), key=lambda k: hand[k])
        return ("maritime", seat, give, (give + 1) % 5)
    if name in ("roll", "buy_dev", "end_turn", "pass_build"):
        return (name, seat)
    if name == "chart":                 # the improvements: one track stands for them all
        return ("improve", seat, 0)
    return None


def button_reason(m, name):
    """Why the table's button `name` is greyed out for the viewing seat, or None."""
    v, me = m.view, m.viewer
    if me is None or v is None:
        return None
    if name == "trade":
        err = m.probe_offer()
        return reason(err, ("offer", me), v) if err is not None else None
    if name == "undo":
        err = m.undo[1]
        return reason(err, ("undo", me), v) if err is not None else None
    cmd = button_command(v, me, name)
    return why_not(v, cmd) if cmd is not None else None


def spot_reason(part, state, seat, cmd_kind, spot):
    """Why `spot` is not a place for `cmd_kind` (a board pick), or None;
    `part`: the rule set's table part."""
    return why_not(state, (cmd_kind, seat, spot), part)


# --- on the table ------------------------------------------------------------------
def add_targets(m, ui, play) -> None:
    """Greyed buttons answer why: hovering one shows the reason as a
    tooltip (see hover_reason), clicking it shows it as a note.  Called
    while the frame is drawn, after the buttons (which register only
    enabled ones)."""
    if m.viewer is None or m.curtain_for is not None or m.dialog is not None:
        return
    for slot, rect in ui.layout.buttons.items():
        name = slot_action(m, slot)
        if not m.action_enabled(name):
            ui.targets.add(("why", name), rect, lambda n=name: explain_button(m, play, n))


def hover_reason(m):
    """The tooltip for a greyed button under the mouse, or None."""
    key = m.hover_key
    if key and key[0] == "why" and m.dialog is None and m.curtain_for is None:
        return button_reason(m, key[1])
    return None


def explain_button(m, play, name) -> None:
    why = button_reason(m, name)
    if why:
        play.note(why, theme.BAD, 6.0)


def unlit_spot(m, ui, pos):
    """(spot kind, command kind, spot) of a spot under `pos` that is of the
    kind being picked but not lit (not allowed), or None."""
    if m.pick is None or m.pick_style != "build" or m.viewer is None or m.dialog is not None:
        return None
    kind, cands = m.pick
    cmd_kind = next((c[0] for c in cands.values() if isinstance(c, tuple)), None) or m.mode
    if cmd_kind is None:
        return None
    island = board_of(m.view)
    count = {"node": island.num_nodes, "edge": island.num_edges, "hex": island.num_hexes}[kind]
    spot = ui.board.hit(kind, range(count), pos)
    if spot is None or spot in cands:
        return None
    return kind, cmd_kind, spot


def unlit_reason(m, key):
    """The tooltip for hover key ("unlit", kind, command kind, spot)."""
    return spot_reason(m.part, m.view, m.viewer, key[2], key[3])


def explain_spot(m, ui, play, pos) -> bool:
    """A click on the board beside every lit spot: if it is on a spot of the
    kind being picked, say why that one is not allowed.  True if it did."""
    found = unlit_spot(m, ui, pos)
    why = spot_reason(m.part, m.view, m.viewer, found[1], found[2]) if found else None
    if why:
        play.note(why, theme.BAD, 6.0)
    return bool(why)
