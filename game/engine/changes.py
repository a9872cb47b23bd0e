"""What a command of each kind can change, per rule set: the only State
fields its doer (with the steps it may run and the kernel's win check) can
change while the game goes on after it.  Kinds not named can change any
field, and so can every kind on the command that ends the game.

A replay checking every recorded state hash looks only at these fields after
such a command (game/saves `restore`, codec.StateHasher); a hash that then
differs from the save's is decided by a replay looking at every field, so a
field missing here costs time, never a wrong verdict.  Whole games of both
rule sets check every entry (tests/test_state_hash.py).  Read from the doers
in game/engine/rulesets/; the reason for each entry is next to it.
"""

# The talk of a trade: offers, answers and the cancel change the open trade
# and the phase only (base/trade.py).
_TALK = dict.fromkeys(("offer", "accept", "decline", "counter", "cancel_trade"), ("trade", "phase"))
TALK = frozenset(_TALK)             # their kinds (rules.py keeps a MAIN listing through them)

_HAND = ("hands", "hand_n")
_BANK_TRADE = _HAND + ("bank",)                 # move_to_bank / take_from_bank (helpers.py)

# base next_turn: the seat and turn, the turn's flags and dice, cards bought
# this turn made playable, the phase.
_NEXT_TURN = ("current", "turn", "rolled", "dev_played", "built", "dice", "dev_new_n", "dev_new", "phase")

# base resume with no steps to run (the base game has none): the phase only.
_BASE_RESUME = ("phase",)

BASE_CHANGES = {
    **_TALK,
    "confirm_trade": _HAND + ("trade", "phase"),            # transfer between the two hands
    "maritime": _BANK_TRADE,
    "end_turn": _NEXT_TURN,
    # the dice (from the game's generator without streams), production from
    # the bank, or a 7: discards asked (start_robber) and the phase
    "roll": _BANK_TRADE + ("dice", "rolled", "rng", "resume_phase", "discard_need", "phase"),
    "discard": _BANK_TRADE + ("discard_need",) + _BASE_RESUME,
    "move_robber": ("robber",) + _BASE_RESUME,
    "steal": _HAND + ("rng",) + _BASE_RESUME,          # a random card of the victim's
    "skip_steal": _BASE_RESUME,
    "buy_dev": _BANK_TRADE + ("built", "deck", "deck_n", "dev", "dev_n", "dev_new", "dev_new_n"),
}

CK_CHANGES = {
    **_TALK,
    "confirm_trade": BASE_CHANGES["confirm_trade"],
    "maritime": BASE_CHANGES["maritime"],              # the best ratio is only read (ck/facts.py)
    # finish_turn (the knights' turn flags, the Crane, Merchant Fleet and
    # Commercial Harbor of the turn) and next_turn; or, over the progress
    # card limit, the end of the turn put on the agenda and a decision
    "end_turn": _NEXT_TURN + ("knight_fresh", "knight_promoted", "crane", "fleet", "harbor_swaps",
                              "agenda", "pending"),
    # ck/roll.py: the dice and the agenda of the roll, run at once:
    # the event die (barbarians advance; their attack: knights sent home,
    # cities pillaged, defenders, a decision; or the city gate's progress
    # cards and the hand limit), then production or the 7 (discards, and the
    # robber or a resume with nothing left on the agenda), the aqueduct's
    # decision
    "roll": _BANK_TRADE + (
        "dice", "rolled", "rng", "resume_phase", "agenda", "pending", "phase", "discard_need",
        "barb_pos", "barb_attacks", "knight_active", "defenders", "defenders_left",
        "node_level", "vp_public", "wall", "walls_left", "settlements_left", "cities_left", "flipped",
        "prog", "prog_n", "prog_decks", "prog_deck_n", "prog_vp",
    ),
    "activate_knight": _BANK_TRADE + ("built", "knight_active", "knight_fresh"),     # ck/knights.py
}

CHANGES_ONLY = {"base": BASE_CHANGES, "ck": CK_CHANGES}
