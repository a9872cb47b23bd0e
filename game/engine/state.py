"""The game state: plain integers and lists, owned and mutated by the rules.

One class serves both the authority (which knows everything) and a seat's
view (where other seats' secrets are `None` and only their counts are kept),
so the same rules code can apply commands to either (see views.py).
"""

from .board import board_of
from .constants import BANK_PER_COMMODITY, BANK_PER_RESOURCE

# Phases: who must decide what.  Stored as small ints; names for messages/UI.
(SETUP_SETTLEMENT, SETUP_ROAD, ROLL, DISCARD, ROBBER, STEAL, MAIN,
 ROAD_BUILDING, TRADE, GAME_OVER, DECIDE) = range(11)
PHASE_NAMES = ("setup_settlement", "setup_road", "roll", "discard", "robber", "steal",
               "main", "road_building", "trade", "game_over", "decide")

# Answers to a trade offer, per addressed seat.
NOT_ASKED, PENDING, ACCEPTED, DECLINED, COUNTERED = range(5)

def is_ck(game) -> bool:
    """Whether a game plays Cities & Knights: `game` is a State (any copy:
    the authority's, a view, a position) or a config.  The one way to ask."""
    config = game.config if isinstance(game, State) else game
    return config["rules"] == "ck"


# Keys a config may leave out (absent means False):
#   streams: each turn's dice come from their own generator (game/engine/helpers.dice_rng),
#            so no choice made in the game changes a later roll; LAN games dealt since
#            it exists have it, every game before draws everything from one generator.
#   mixed_dice: each roll's dice come from the mix of fresh values every seat committed
#            to and revealed at the roll (net/wire/rolldice.py); the host adds the mix to
#            the rolling command as its last element, so the log replays it.  LAN games
#            dealt since it exists have it; without it the dice come from the seed.
#   dice:    (base rules) the two dice of the first turns, [d1, d2] per turn from turn 1 on,
#            the generator rolling after them (helpers.scripted_dice); the guided first game
#            plays a short game with it.  Views leave it out, like the seed.
OPTIONAL_CONFIG = {"streams", "mixed_dice", "dice"}
OPTIONAL_FLAGS = ("streams", "mixed_dice")      # the optional keys that are true or false
MAX_SCRIPTED_TURNS = 400


def scripted_dice_problem(cfg) -> str | None:
    """Reason a config's scripted dice are unusable, or None."""
    dice = cfg["dice"]
    if cfg["rules"] != "base":
        return "dice can be scripted in the base game only"
    if not isinstance(dice, (list, tuple)) or len(dice) > MAX_SCRIPTED_TURNS:
        return f"dice must be a list of at most {MAX_SCRIPTED_TURNS} pairs"
    for pair in dice:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2 \
                or any(type(d) is not int or not 1 <= d <= 6 for d in pair):
            return "dice must be pairs of whole numbers from 1 to 6"
    return None


CK_FIELDS = ("barb_pos", "barb_attacks", "improvements", "metropolis", "wall", "walls_left",
             "knight_strength", "knight_active", "knight_fresh", "knight_promoted",
             "knights_left", "flipped", "merchant", "prog", "prog_n", "prog_decks",
             "prog_deck_n", "prog_vp", "defenders", "defenders_left", "crane", "fleet",
             "harbor_swaps")


class State:
    """Field order here is the canonical serialization order (codec.py)."""

    __slots__ = (
        "config", "n",
        # board
        "terrain", "numbers", "harbors", "robber",
        "node_owner", "node_level", "edge_owner", "knight_owner",
        # cards: hands[s] / dev[s] / dev_new[s] are None where hidden from this copy
        "bank", "hands", "hand_n",
        "deck", "deck_n", "dev", "dev_n", "dev_new", "dev_new_n", "dev_discard",
        # pieces and scoring
        "roads_left", "settlements_left", "cities_left",
        "ratios", "knights", "road_len", "longest_road", "largest_army",
        "vp_public", "vp_cards_shown",
        # turn structure
        "first_player", "current", "phase", "turn", "setup_step", "last_setup_node",
        "rolled", "dev_played", "built", "dice", "discard_need", "resume_phase",
        "free_roads", "trade", "winner",
        # multi-step resolution: steps still to run, and the decision awaited (phase DECIDE)
        "agenda", "pending",
        # Cities & Knights (None in the base game)
        "barb_pos", "barb_attacks", "improvements", "metropolis", "wall", "walls_left",
        "knight_strength", "knight_active", "knight_fresh", "knight_promoted", "knights_left",
        "flipped", "merchant", "prog", "prog_n", "prog_decks", "prog_deck_n", "prog_vp",
        "defenders", "defenders_left", "crane", "fleet", "harbor_swaps",
        # the game's own generator; None in every view
        "rng",
    )

    def card_kinds(self) -> int:
        return len(self.bank)

    @classmethod
    def blank(cls, config: dict) -> "State":
        n = config["players"]
        kinds = 8 if is_ck(config) else 5
        board = board_of(config)
        nodes, edges = board.num_nodes, board.num_edges
        s = cls()
        s.config = dict(config)
        s.n = n
        s.terrain, s.numbers, s.harbors, s.robber = [], [], [], 0
        s.node_owner = [-1] * nodes
        s.node_level = [0] * nodes
        s.edge_owner = [-1] * edges
        s.knight_owner = [-1] * nodes
        s.bank = [BANK_PER_RESOURCE] * 5 + [BANK_PER_COMMODITY] * (kinds - 5)
        s.hands = [[0] * kinds for _ in range(n)]
        s.hand_n = [0] * n
        s.deck, s.deck_n = [], 0
        s.dev = [[0] * 5 for _ in range(n)]
        s.dev_n = [0] * n
        s.dev_new = [[0] * 5 for _ in range(n)]
        s.dev_new_n = [0] * n
        s.dev_discard = [0] * 5     # played development cards, face up (public)
        s.roads_left = [15] * n
        s.settlements_left = [5] * n
        s.cities_left = [4] * n
        s.ratios = [[4] * 5 for _ in range(n)]
        s.knights = [0] * n
        s.road_len = [0] * n
        s.longest_road = -1
        s.largest_army = -1
        s.vp_public = [0] * n
        s.vp_cards_shown = [-1] * n
        s.first_player = 0
        s.current = 0
        s.phase = SETUP_SETTLEMENT
        s.turn = 0
        s.setup_step = 0
        s.last_setup_node = -1
        s.rolled = False
        s.dev_played = False
        s.built = False
        s.dice = None
        s.discard_need = [0] * n
        s.resume_phase = MAIN
        s.free_roads = 0
        s.trade = None
        s.winner = -1
        s.agenda = []
        s.pending = None
        ck = is_ck(config)
        for name in CK_FIELDS:
            setattr(s, name, None)
        if ck:
            s.ratios = [[4] * kinds for _ in range(n)]
            s.barb_pos = 0
            s.barb_attacks = 0
            s.improvements = [[0, 0, 0] for _ in range(n)]
            s.metropolis = [-1, -1, -1]
            s.wall = [0] * nodes
            s.walls_left = [3] * n
            s.knight_strength = [0] * nodes
            s.knight_active = [0] * nodes
            s.knight_fresh = [0] * nodes
            s.knight_promoted = [0] * nodes
            s.knights_left = [[2, 2, 2] for _ in range(n)]
            s.flipped = [0] * nodes
            s.merchant = [-1, -1]            # hex, controlling seat
            s.prog = [[0] * 25 for _ in range(n)]
            s.prog_n = [0] * n
            s.prog_decks = [[], [], []]
            s.prog_deck_n = [0, 0, 0]
            s.prog_vp = [0] * n
            s.defenders = [0] * n
            s.defenders_left = 6
            s.crane = False
            s.fleet = 0                      # Merchant Fleets this turn: bit k = kind k at 2:1
            s.harbor_swaps = [0] * n         # Commercial Harbor: swaps still owed by each seat this turn
        s.rng = None
        return s

    def copy(self) -> "State":
        """An independent copy (search bots copy states thousands of times a
        decision, so this is written out per field instead of a codec round
        trip; `_COPY_RULES` says how each field is copied, and `_copier` writes
        the function out from them)."""
        return _copy_state(self)

    # Small derived facts used by rules, views and the client.
    def vp_total(self, seat: int):
        """Victory points including hidden VP cards, or None where they are hidden."""
        if self.dev[seat] is None:
            return None
        return self.vp_public[seat] + self.dev[seat][4]


# --- copying ------------------------------------------------------------------------

def _same(value):
    """Integers, booleans, strings and None are immutable: shared, not copied."""
    return value


def _flat(values):
    """A list of immutable values (or None where hidden)."""
    return None if values is None else values[:]


def _rows(rows):
    """A list of lists of immutable values; a row may be None (hidden)."""
    if rows is None:
        return None
    return [None if row is None else row[:] for row in rows]


def _deep(value):
    """Any plain nested data (lists, dicts, tuples of plain values): the safe
    rule for small irregular fields and for any field without its own rule."""
    if isinstance(value, list):
        return [_deep(v) for v in value]
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(_deep(v) for v in value)
    return value


def _rng(rng):
    return None if rng is None else type(rng).from_state(rng.state, rng.inc)


def _config(config):
    return dict(config)


_SCALARS = ("n", "robber", "deck_n", "longest_road", "largest_army", "first_player", "current",
            "phase", "turn", "setup_step", "last_setup_node", "rolled", "dev_played", "built",
            "resume_phase", "free_roads", "winner", "barb_pos", "barb_attacks", "defenders_left",
            "crane", "fleet")
_FLAT = ("terrain", "numbers", "harbors", "node_owner", "node_level", "edge_owner",
         "knight_owner", "bank", "hand_n", "deck", "dev_n", "dev_new_n", "dev_discard",
         "roads_left", "settlements_left", "cities_left", "knights", "road_len", "vp_public",
         "vp_cards_shown", "dice", "discard_need", "metropolis", "wall", "walls_left",
         "knight_strength", "knight_active", "knight_fresh", "knight_promoted", "flipped",
         "merchant", "prog_n", "prog_deck_n", "prog_vp", "defenders")
_ROWS = ("hands", "dev", "dev_new", "ratios", "improvements", "knights_left", "prog",
         "prog_decks")

# Field -> how to copy it.  Fields not named here (trade, agenda, pending, and
# any field added later) get `_deep`, which is always correct, only slower.
_COPY_RULES = {name: _same for name in _SCALARS}
_COPY_RULES.update({name: _flat for name in _FLAT})
_COPY_RULES.update({name: _rows for name in _ROWS})
_COPY_RULES.update({"config": _config, "rng": _rng})
_COPY_PLAN = tuple((name, _COPY_RULES.get(name, _deep)) for name in State.__slots__)
FIELD_COPIES = dict(_COPY_PLAN)     # field -> the function copying its value (State.copy, codec.StateHasher)

# How each rule reads, written out inline: `v` is the field's value.
_INLINE = {
    _same: "v",
    _flat: "None if v is None else v[:]",
    _rows: "None if v is None else [None if r is None else r[:] for r in v]",
    _config: "dict(v)",
}


def _copier():
    """State.copy's body as one function with a line per field, made from
    `_COPY_PLAN`: no per-field call or getattr/setattr where a rule is simple;
    every other rule (`_deep`, `_rng`) is called as it is."""
    lines = ["def copy_state(self):", "    new = new_state(State)"]
    names = {"new_state": State.__new__, "State": State}
    for name, rule in _COPY_PLAN:
        inline = _INLINE.get(rule)
        if inline is None:
            names[rule.__name__] = rule
            inline = f"{rule.__name__}(v)"
        lines.append(f"    v = self.{name}")
        lines.append(f"    new.{name} = {inline}")
    lines.append("    return new")
    exec("\n".join(lines), names)
    return names["copy_state"]


_copy_state = _copier()
