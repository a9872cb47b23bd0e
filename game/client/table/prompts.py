"""The prompt in the table's top bar, from the table model.

Prompts mention only what this player can do now: the roll prompt names a
card to play first only when the engine lists that play among the player's
legal commands (B-4.2, B-9.2; CK-3.1).  What differs between rule sets (the
roll's card, what else the main phase offers, the moments only one rule set
has) the table part says (parts/, `m.part`).  The Special Building Phase
of five and six (X-1.7) is told to everyone: "Special building: Bram", and
to Bram what he may do there."""

from game.engine.state import DECIDE, DISCARD, GAME_OVER, MAIN, PHASE_NAMES, ROLL, TRADE

from ..i18n import tr
from .model import BUILDING_PHASES, special_builder

BUILDS = {"build_road", "build_settlement", "build_city", "buy_dev", "build_wall", "recruit_knight",
          "promote_knight", "activate_knight", "improve"}


def main_prompt(part, legal, name, may_trade) -> str:
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
    things += part.main_things(kinds)
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
    builder = special_builder(v)
    if m.computers_playing():
        seat = m.computers.deciding(v)[0]
        return tr("prompt.special_build" if seat == builder else "seats.playing", name=m.names[seat])
    if builder is not None and builder != me:          # (a LAN table's other seats, its watchers)
        return tr("prompt.special_build", name=m.names[builder])
    if me is None:
        return ""
    name = m.names[me]
    if m.dialog is not None and not m.modal():
        return m.dialog.ask_text()                    # a choice on the board (C&K) asks its question
    if v.phase in BUILDING_PHASES and m.mode:
        return tr("prompt.mode_" + m.mode)
    if v.phase == DECIDE:
        return tr("prompt.decide", what=tr("decide." + v.pending["kind"] + ".title"))
    said = m.part.phase_prompt(m, name)
    if said is not None:
        return said
    if builder is not None:
        return tr("prompt.special_build_turn", name=name)
    if v.phase == MAIN:
        return main_prompt(m.part, m.legal, name, m.action_enabled("trade"))
    if v.phase == ROLL:
        return m.part.roll_prompt(m.legal, name)
    key = PHASE_NAMES[v.phase]
    if v.phase == TRADE:
        key = "trade_wait" if me == v.current else "trade_answer"
    if tr("prompt." + key) == "prompt." + key:       # a phase this client has no words for yet
        key = "other"
    return tr("prompt." + key, name=name, n=v.discard_need[me] if v.phase == DISCARD else v.free_roads)
