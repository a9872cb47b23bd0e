"""The prompt in the table's top bar, from the table model.

Prompts mention only what this player can do now: the roll prompt names a
card to play first only when the engine lists that play among the player's
legal commands (B-4.2, B-9.2; CK-3.1)."""

from game.engine.constants import PROGRESS_INDEX
from game.engine.state import DECIDE, DISCARD, GAME_OVER, MAIN, PHASE_NAMES, ROLL, SETUP_ROAD, \
    SETUP_SETTLEMENT, TRADE

from ..i18n import tr
from .ckdialogs import Chooser

ALCHEMIST = PROGRESS_INDEX["alchemist"]


def roll_prompt(legal, name, ck) -> str:
    """The prompt before the roll, from the roller's legal commands."""
    kinds = {c[0] for c in legal}
    if ck:
        if any(c[0] == "progress" and c[2] == ALCHEMIST for c in legal):
            return tr("prompt.roll_ck", name=name)            # "… (or play the Alchemist first)"
        return tr("prompt.roll_only", name=name)
    if "play_knight" in kinds:
        return tr("prompt.roll", name=name)                   # "… (or play a Knight first)"
    if kinds & {"play_road_building", "play_year_of_plenty", "play_monopoly"}:
        return tr("prompt.roll_or_dev", name=name)
    return tr("prompt.roll_only", name=name)


BUILDS = {"build_road", "build_settlement", "build_city", "buy_dev", "build_wall", "recruit_knight",
          "promote_knight", "activate_knight", "improve"}
KNIGHT_MOVES = {"move_knight", "displace_knight", "chase_robber"}


def main_prompt(legal, name, ck, may_trade) -> str:
    """The prompt after the roll: the things this player can do now, then
    ending the turn (B-4.1; C&K: knights and progress cards, CK-7, CK-9)."""
    kinds = {c[0] for c in legal}
    things = []
    if kinds & BUILDS:
        things.append(tr("prompt.do_build"))
    if may_trade or "maritime" in kinds:
        things.append(tr("prompt.do_trade"))
    if any(k.startswith("play_") for k in kinds) or "progress" in kinds:
        things.append(tr("prompt.do_play"))
    if ck and kinds & KNIGHT_MOVES:
        things.append(tr("prompt.do_knights"))
    if not things:
        return tr("prompt.turn_done", name=name)
    return tr("prompt.turn_choices", name=name, things=", ".join(things))


def table_prompt(m) -> str:
    """What the top bar asks of the viewer of table model `m`."""
    v, me = m.view, m.viewer
    if m.waiting_for and v.phase != GAME_OVER:        # LAN: the host waits for these seats
        return tr("lan.waiting_for", names=", ".join(m.names[s] for s in m.waiting_for))
    if v.phase == GAME_OVER:
        return tr("prompt.game_over", name=m.names[v.winner])
    if m.computers_playing():
        seat = m.computers.deciding(v)[0]
        return tr("seats.playing", name=m.names[seat])
    if me is None:
        return ""
    name = m.names[me]
    if isinstance(m.dialog, Chooser) and not m.dialog.modal:
        return m.dialog.ask_text()                    # a C&K choice on the board
    if v.phase == MAIN and m.mode:
        return tr("prompt.mode_" + m.mode)
    if v.phase == MAIN and m.knight is not None:
        return tr("prompt.knight_selected" if m.knight_moves(m.knight) else "prompt.knight_selected_still")
    if v.phase == DECIDE:
        return tr("prompt.decide", what=tr("decide." + v.pending["kind"] + ".title"))
    if v.phase == SETUP_SETTLEMENT and m.ck and any(c[0] == "place_city" for c in m.legal):
        return tr("prompt.setup_city", name=name)
    if v.phase == SETUP_ROAD and v.node_level[v.last_setup_node] == 2:      # C&K: beside the new city
        return tr("prompt.setup_road_city", name=name)
    if v.phase == MAIN and m.ck and m.action_enabled("harbor"):
        owed = sum(1 for n in v.harbor_swaps if n)
        return tr("prompt.harbor", name=name, n=owed)
    if v.phase == MAIN:
        return main_prompt(m.legal, name, m.ck, m.action_enabled("trade"))
    if v.phase == ROLL:
        return roll_prompt(m.legal, name, m.ck)
    key = PHASE_NAMES[v.phase]
    if v.phase == TRADE:
        key = "trade_wait" if me == v.current else "trade_answer"
    if tr("prompt." + key) == "prompt." + key:       # a phase this client has no words for yet
        key = "other"
    return tr("prompt." + key, name=name, n=v.discard_need[me] if v.phase == DISCARD else v.free_roads)
