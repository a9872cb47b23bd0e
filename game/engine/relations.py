"""Relations between a state's fields that the rules keep during play: the
phase and what it waits for, whose turn it is, what was done this turn, the
shape of a pending decision and of the agenda, where pieces may stand, and the
barbarians before and after their first attack.

`relation_problems(state)` lists every broken relation as a message that names
the position line (docs/position.md) and the rule id.  The position reader
refuses a position that breaks any of them, and so
`tools.simulate --check-positions` checks them after every command of its
games; docs/position.md lists each relation under the rule it guards.  The
engine's whole-state invariants (invariants.check_state) keep only the few
every hand-made test state keeps too (`settled_problems`).

Hidden cards never decide a relation (a seat's view and a state filled from it
agree on everything else), except the victory point cards of a seat whose
cards are known.
"""

from .board import board_of
from .constants import DESERT, PROGRESS_HAND_LIMIT, RESOURCES, TRACK_NAMES, VICTORY_POINT
from .rulesets.base.building import road_spots, setup_order
from .rulesets.base.robber import steal_candidates
from .rulesets.base.special import in_special_build, plays_special_build
from .rulesets.base.trade import valid_terms
from .ruleset import ruleset_of
from .state import (
    COUNTERED, DECIDE, DECLINED, DISCARD, GAME_OVER, MAIN, NOT_ASKED, PHASE_NAMES,
    ROAD_BUILDING, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, SPECIAL_BUILD, STEAL, TRADE, is_ck,
)

SETUP_PHASES = (SETUP_SETTLEMENT, SETUP_ROAD)
# Phases of the robber and the free roads, which a card may start before the roll.
_INTERLUDES = (ROBBER, STEAL, ROAD_BUILDING)


def _is_int(v, lo, hi) -> bool:
    """A whole number lo <= v < hi (JSON parts may hold anything)."""
    return type(v) is int and lo <= v < hi


def _seat_list(v, n) -> bool:
    return (type(v) is list and bool(v) and all(_is_int(x, 0, n) for x in v)
            and v == sorted(set(v)))


def _counts(v, size, top=96) -> bool:
    return type(v) is list and len(v) == size and all(_is_int(x, 0, top) for x in v)


def settled_problems(s) -> list:
    """The relations every state keeps, also one a test sets up by hand: the
    winner's points and the progress card limit (part of invariants.check_state)."""
    out = []
    if s.phase == GAME_OVER and _is_int(s.winner, 0, s.n):
        vp = vp_with_cards(s, s.winner)
        if vp is not None and vp < s.config["vp_target"]:
            out.append(f"winner {s.winner}: has {vp} points, the game is played to {s.config['vp_target']} (B-8.6)")
    if is_ck(s):
        for seat in range(s.n):
            over = s.prog_n[seat] > PROGRESS_HAND_LIMIT
            if over and seat != s.current and s.pending is None and not s.agenda:
                out.append(f"progress {seat}: {s.prog_n[seat]} progress cards outside their turn (CK-9.2)")
    return out


def relation_problems(state, guessed=()) -> list:
    """Every broken relation, as messages naming the line and the rule.
    `guessed`: seats whose development cards were dealt by chance to fill a
    seat's view (position_check); their victory point cards are not known."""
    out = _shape_problems(state)
    if out:
        return out          # the relations below read these fields
    out = settled_problems(state)
    out += _turn_problems(state)
    out += _phase_problems(state, guessed)
    out += _special_build_problems(state)
    if is_ck(state):
        out += _ck_problems(state)
        out += _pending_problems(state)
        out += _agenda_problems(state)
    else:
        out += _base_problems(state)
    return out


# --- the shape of single fields -----------------------------------------------------------

def _shape_problems(s) -> list:
    """Fields a position may spell freely (numbers, JSON) that the relations read."""
    board = board_of(s)
    n = s.n
    out = []
    if not (_is_int(s.current, 0, n) and _is_int(s.first_player, 0, n)):
        out.append(f"current/first: a seat of this game, 0 to {n - 1} (B-1.8)")
    if s.winner != -1 and not _is_int(s.winner, 0, n):
        out.append(f"winner {s.winner}: not a seat of this game (B-1.8)")
    if not _is_int(s.phase, 0, len(PHASE_NAMES)) or s.resume_phase not in (MAIN, ROLL):
        out.append("phase/resume: a phase of the game; play resumes in main or roll (B-4)")
    if not _is_int(s.turn, 0, 1 << 31) or not _is_int(s.setup_step, 0, 2 * n + 1):
        out.append(f"turn/setup: whole numbers, setup 0 to {2 * n} (B-3)")
    if not _is_int(s.robber, 0, board.num_hexes):
        out.append("robber: a hex of the island, A to S (B-1.7)")
    if not _is_int(s.free_roads, 0, 3):
        out.append("free_roads: 0, 1 or 2 (B-9.4)")
    if any(type(v) is not bool for v in (s.rolled, s.built, s.dev_played)):
        out.append("rolled/built/dev_played: yes or no (B-4)")
    if not all(_is_int(v, 0, 96) for v in s.discard_need):
        out.append("discard: a count of cards per seat (B-5.3)")
    if not (type(s.agenda) is list and all(type(step) is list and step and type(step[0]) is str
                                           for step in s.agenda)):
        out.append("agenda: a list of steps, each a list that begins with the step's name (X-1.7, CK-3, CK-8)")
    if is_ck(s):
        if not _is_int(s.barb_pos, 0, 8) or not _is_int(s.barb_attacks, 0, 1 << 31):
            out.append("barbarians/attacks: the ship's step 0 to 7 and a count of attacks (CK-1.6)")
        if type(s.crane) not in (int, bool) or not 0 <= s.crane <= 2:
            out.append("crane: 0 to 2 Cranes played this turn (CK-11)")
        if type(s.fleet) is not int or not 0 <= s.fleet < 1 << len(s.bank):
            out.append(f"fleet: one bit per card kind, below {1 << len(s.bank)} (CK-11)")
        if not (type(s.harbor_swaps) is list and len(s.harbor_swaps) == n
                and all(_is_int(k, 0, 3) for k in s.harbor_swaps)):
            out.append(f"harbor_swaps: {n} counts of Commercial Harbor swaps still open, 0 to 2 (CK-11)")
    return out


# --- whose turn, and the setup (B-3, B-4) ------------------------------------------------

def _turn_problems(s) -> list:
    out = []
    n = s.n
    setup = s.phase in SETUP_PHASES
    if setup != (s.setup_step < 2 * n):
        out.append(f"setup {s.setup_step}: the setup has {2 * n} placements and phase "
                   f"{PHASE_NAMES[s.phase]} {'is' if setup else 'is not'} part of it (B-3)")
        return out
    if setup:
        if s.turn != 0:
            out.append(f"turn {s.turn}: the setup is turn 0 (B-3)")
        order = setup_order(n, s.first_player)
        if s.current != order[s.setup_step]:
            out.append(f"current {s.current}: placement {s.setup_step + 1} of the setup is seat "
                       f"{order[s.setup_step]}'s (first {s.first_player}; B-3.1, B-3.2)")
        out += _setup_pieces(s, order)
    else:
        if s.turn < 1:
            out.append(f"turn {s.turn}: play after the setup starts at turn 1 (B-3.5)")
        elif s.current != (s.first_player + s.turn - 1) % n:
            out.append(f"current {s.current}: turn {s.turn} is seat {(s.first_player + s.turn - 1) % n}'s "
                       f"when seat {s.first_player} took turn 1 (B-3.5, B-4.1)")
    return out


def _setup_pieces(s, order) -> list:
    """During the setup each seat has placed exactly its placements so far
    (B-3.1, B-3.2; CK-2.1: the second one a city)."""
    board = board_of(s)
    out = []
    n = s.n
    step = s.setup_step
    ck = is_ck(s)
    for seat in range(n):
        done = order[:step].count(seat)
        placing = s.phase == SETUP_ROAD and s.current == seat
        nodes = [node for node in range(board.num_nodes) if s.node_owner[node] == seat]
        cities = sum(1 for node in nodes if s.node_level[node] == 2)
        want_cities = max(0, done + placing - 1) if ck else 0
        if len(nodes) != done + placing or cities != want_cities:
            out.append(f"settlements/cities {seat}: after {step} setup placements seat {seat} has "
                       f"{done + placing} building(s), {want_cities} of them cities "
                       f"(B-3.1, B-3.2{', CK-2.1' if ck else ''})")
        if s.edge_owner.count(seat) != done:
            out.append(f"roads {seat}: after {step} setup placements seat {seat} has {done} road(s) (B-3.1)")
    if s.phase == SETUP_ROAD:
        node = s.last_setup_node
        if not _is_int(node, 0, board.num_nodes) or s.node_owner[node] != s.current:
            out.append(f"last_setup: phase setup_road needs the corner seat {s.current} has just built on (B-3.1)")
    if any(s.hand_n[seat] for seat in range(n)) and step < n:
        out.append("hands: nobody takes cards before the second round of the setup (B-3.4)")
    if any(s.prog_n if ck else s.dev_n):
        out.append(f"{'progress' if ck else 'dev'}: nobody holds {'progress' if ck else 'development'} cards "
                   f"in the setup ({'CK-3.3' if ck else 'B-6.5'})")
    if s.terrain and s.terrain[s.robber] != DESERT:
        out.append("robber: stands on the desert until the first turn (B-2.5)")
    if any(s.knights) or any(s.dev_discard):
        out.append("army/played: no development card is played in the setup (B-9.2)")
    if ck and (any(o != -1 for o in s.knight_owner) or any(s.wall) or any(map(any, s.improvements))
               or s.merchant[0] != -1 or s.barb_pos or s.barb_attacks or any(s.prog_vp)):
        out.append("knights/cities/improvements/merchant/barbarians: the setup places only settlements, "
                   "cities and roads (CK-2.1)")
    return out


# --- the phase and what it waits for (B-4 … B-9) ----------------------------------------

def _phase_problems(s, guessed) -> list:
    out = []
    n = s.n
    phase = s.phase
    name = PHASE_NAMES[phase] if _is_int(phase, 0, len(PHASE_NAMES)) else str(phase)
    ck = is_ck(s)
    dice = s.dice
    if dice is not None and not (type(dice) is list and len(dice) == (3 if ck else 2)
                                 and all(_is_int(d, 1, 7) for d in dice[:2])
                                 and (not ck or _is_int(dice[2], 0, 6))):
        out.append(f"dice {dice}: not a roll of these rules ({'CK-1.6' if ck else 'B-1.7'})")
        dice = None
    if s.rolled != (dice is not None):
        out.append("rolled/dice: the dice lie on the table exactly when they have been rolled (B-4.1)")
    if phase in SETUP_PHASES or (phase == GAME_OVER and not s.rolled):
        pass
    elif phase in (MAIN, TRADE, DISCARD) and not s.rolled:
        out.append(f"phase {name}: the dice have not been rolled this turn (B-4.1)")
    elif phase == ROLL and s.rolled:
        out.append("phase roll: the dice have already been rolled this turn (B-4.1)")
    elif phase in _INTERLUDES and not s.rolled and (ck or not s.dev_played):
        out.append(f"phase {name}: before the roll only a development card leads here "
                   f"({'CK-3.1' if ck else 'B-4.2'})")
    if phase in _INTERLUDES + (DISCARD,) and s.resume_phase != (MAIN if s.rolled else ROLL):
        out.append(f"resume: after phase {name} play goes on with {'main' if s.rolled else 'roll'} (B-4.2)")
    if s.built and (not s.rolled or phase in SETUP_PHASES):
        out.append("built: nothing is built before the roll (B-4.1, CK-3.1)")
    # The 7 (B-5.3, B-5.4).
    need = s.discard_need
    if phase == DISCARD:
        if dice is None or dice[0] + dice[1] != 7:
            out.append("phase discard: only a 7 makes players discard (B-5.3)")
        if not any(need):
            out.append("phase discard but nobody has to discard (B-5.3)")
    elif any(need) and phase != GAME_OVER:           # a win ends the game amid anything
        out.append("discard: cards are owed only in phase discard (B-5.3)")
    limit = ruleset_of(s).discard_limit
    for seat in range(n):
        if need[seat] and (need[seat] != s.hand_n[seat] // 2 or s.hand_n[seat] <= limit(s, seat)):
            out.append(f"discard {seat}: a seat with {s.hand_n[seat]} cards owes half of them, rounded down, "
                       f"and only with more than 7 (B-5.3{', CK-3.5' if ck else ''})")
    if phase in (ROBBER, STEAL) and not ck and dice and dice[0] + dice[1] != 7 and not s.dev_played:
        out.append(f"phase {name}: only a 7 or a knight moves the robber (B-5.4, B-9.3)")
    if phase == STEAL and not steal_candidates(s):
        out.append("phase steal: nobody else has a building on the robber's hex (B-5.4)")
    if phase == ROBBER and ck and not s.barb_attacks:
        out.append("phase robber: the robber stays in the desert until the barbarians' first attack (CK-3.5)")
    # Free roads (B-9.4, CK-11 Road Building).
    if phase == ROAD_BUILDING:
        if not 1 <= s.free_roads <= s.roads_left[s.current] or not road_spots(s, s.current):
            out.append("free_roads: phase road_building places 1 or 2 roads from the supply, where a road "
                       "can go (B-9.4)")
        if not ck and not s.dev_played:
            out.append("phase road_building: only a Road Building card gives free roads (B-9.4)")
    elif s.free_roads != 0 and phase != GAME_OVER:
        out.append("free_roads: free roads are owed only in phase road_building (B-9.4)")
    # A trade offer (B-7.1).
    if phase == TRADE:
        out += _trade_problems(s)
    elif s.trade is not None:
        out.append("trade: an offer stands only in phase trade (B-7.1)")
    # The end (B-8.6).
    out += _win_problems(s, guessed)
    return out


def _trade_problems(s) -> list:
    t = s.trade
    n, kinds = s.n, len(s.bank)
    if not (type(t) is dict and set(t) == {"give", "get", "answers", "counters"}
            and _counts(t["give"], kinds) and _counts(t["get"], kinds)
            and type(t["answers"]) is list and len(t["answers"]) == n
            and all(_is_int(a, 0, 5) for a in t["answers"])
            and type(t["counters"]) is list and len(t["counters"]) == n):
        return [f"trade: phase trade needs an offer {{give, get, answers, counters}} with {kinds} card "
                f"counts each way and one answer and counter per seat (B-7.1)"]
    out = []
    answers = t["answers"]
    if not s.rolled:
        out.append("trade: trading starts after the roll (B-4.1)")
    if s.built and not is_ck(s) and not s.config["combine_trade_build"]:
        out.append("trade: after building, trading is over for the turn (B-4.1)")
    if not valid_terms(t["give"], t["get"]):
        out.append("trade: each side gives at least one card, and no kind goes both ways (B-7.1)")
    if answers[s.current] != NOT_ASKED:
        out.append("trade: the offer goes from the player on turn to the others (B-7.1)")
    if all(a in (NOT_ASKED, DECLINED) for a in answers):
        out.append("trade: an offer everyone declined is withdrawn (B-7.1)")
    for seat, (a, c) in enumerate(zip(answers, t["counters"])):
        if (a == COUNTERED) != (c is not None):
            out.append(f"trade: seat {seat}'s counter-offer and answer disagree (B-7.1)")
        elif c is not None and not (type(c) is list and len(c) == 2 and _counts(c[0], kinds)
                                    and _counts(c[1], kinds) and any(c[0]) and any(c[1])):
            out.append(f"trade: seat {seat}'s counter-offer is two lists of {kinds} card counts (B-7.1)")
    return out


def vp_with_cards(s, seat):
    """A seat's points with its hidden victory point cards, or None where hidden."""
    if s.dev[seat] is None:
        return None
    return s.vp_public[seat] + s.dev[seat][VICTORY_POINT]


def _win_problems(s, guessed) -> list:
    out = []
    target = s.config["vp_target"]
    over = s.phase == GAME_OVER
    if over != (s.winner != -1):
        out.append("winner: a game has a winner exactly when it is over (B-8.6)")
    if over and s.winner != s.current:
        out.append(f"winner {s.winner}: a player wins only in their own turn (B-8.6)")
    shown = [v != -1 for v in s.vp_cards_shown]
    if any(shown) and not over or over and not all(shown):
        out.append("shown_vp: victory point cards are shown for every seat when the game ends (B-9.7)")
    for seat, v in enumerate(s.vp_cards_shown):
        if v != -1 and s.dev[seat] is not None and v != s.dev[seat][VICTORY_POINT]:
            out.append(f"shown_vp {seat}: shows {v} victory point cards but holds {s.dev[seat][VICTORY_POINT]} (B-9.7)")
    if not over and s.phase not in SETUP_PHASES and not in_special_build(s):
        vp = s.vp_public[s.current] if s.current in guessed else vp_with_cards(s, s.current)
        if vp is not None and vp >= target:
            out.append(f"current {s.current}: has {vp} points on their own turn, so the game is over "
                       f"(target {target}; {'CK-10' if is_ck(s) else 'B-8.6'})")
    return out


# --- the Special Building Phase of five and six (X-1.7, X-1.8) ---------------------------

def special_builders_so_far(s) -> tuple:
    """In a Special Building Phase, the seats other than the player on turn whose
    part has come (done, or building now); () outside one."""
    if not in_special_build(s) or not _is_int(s.current, 0, s.n):
        return ()
    waiting = [step[1] for step in s.agenda if step[0] == "special"]
    if s.phase == SPECIAL_BUILD or s.phase == DECIDE:
        waiting = waiting[1:]           # the first is building now
    return tuple(seat for seat in range(s.n) if seat != s.current and seat not in waiting)


def _special_build_problems(s) -> list:
    steps = s.agenda                    # (a list of named steps: _shape_problems)
    special = [step for step in steps if step[0] == "special"]
    phase_special = s.phase == SPECIAL_BUILD
    if not special and not phase_special:
        return []
    out = []
    if not plays_special_build(s):
        return ["agenda: only games of five and six have a Special Building Phase (X-1.7)"]
    seats = [step[1] if len(step) == 2 else None for step in special]
    n, current = s.n, s.current
    order = [(current + k) % n for k in range(1, n)]
    if seats != order[len(order) - len(seats):] or steps[:len(special)] != special \
            or steps[len(special):] != [["next_turn"]]:
        out.append("agenda: a Special Building Phase gives each other seat its part in turn order from the "
                   "next one, then the next turn (X-1.7)")
    if phase_special and (s.pending is not None or not special):
        out.append("phase special_build: the first agenda step names the seat building, nothing else is "
                   "awaited (X-1.7)")
    if s.phase not in (SPECIAL_BUILD, DECIDE, GAME_OVER):
        out.append(f"phase {PHASE_NAMES[s.phase]}: a Special Building Phase is building or answering a "
                   "decision one of its builds started (X-1.7, X-1.8)")
    if not s.rolled or s.trade is not None or s.free_roads:
        out.append("special_build: comes after a turn that rolled and closed its trades (X-1.7)")
    return out


# --- the base game: development cards (B-9) ---------------------------------------------

def _base_problems(s) -> list:
    out = []
    if s.phase == DECIDE or s.pending is not None:
        out.append("pending: the base game has no decisions of phase decide")
    if s.agenda and not in_special_build(s):
        out.append("agenda: the base game has no agenda but a Special Building Phase's (X-1.7)")
    built = special_builders_so_far(s)
    for seat in range(s.n):
        if s.dev_new_n[seat] and seat != s.current and seat not in built:
            out.append(f"dev {seat}: only the player on turn can hold cards bought this turn (B-9.2"
                       + (", X-1.7: and in a Special Building Phase a seat whose part has come)"
                          if plays_special_build(s) else ")"))
        elif s.dev_new_n[seat] and (not s.rolled or not s.built):
            out.append(f"dev {seat}: a card bought this turn was bought after the roll, which counts as "
                       "building (B-4.1, B-6.5)")
    if s.dev_played and s.phase in SETUP_PHASES:
        out.append("dev_played: no development card is played in the setup (B-9.2)")
    return out


# --- Cities & Knights: pieces, per-turn limits, the barbarians (CK-3 … CK-11) ----------

def _ck_problems(s) -> list:
    board = board_of(s)
    out = []
    n = s.n
    before_roll = not s.rolled
    builders = special_builders_so_far(s)
    for node in range(board.num_nodes):
        owner = s.knight_owner[node]
        if owner == -1:
            continue
        if (s.knight_fresh[node] or s.knight_promoted[node]) and (
                owner not in (s.current, *builders) or before_roll):
            out.append(f"knights {owner}: a knight marked as activated or promoted this turn belongs to the "
                       "player on turn, after the roll, or to a seat whose part of a Special Building Phase has "
                       "come (CK-5.3, CK-5.4, X-1.8)")
        if s.knight_promoted[node] and s.knight_strength[node] < 2:
            out.append(f"knights {owner}: a promoted knight is strong or mighty (CK-5.4)")
        if not any(s.edge_owner[e] == owner for e in board.node_edges[node]):
            # placed, moved, retreated or deserted only onto its owner's roads, and a
            # Diplomat cannot take the last road at a knight (CK-5.2, CK-7, CK-11)
            out.append(f"knights {owner}: a knight stands on a corner of its owner's road network (CK-5.2)")
    if before_roll and s.phase not in SETUP_PHASES and _is_int(s.current, 0, n) \
            and s.prog_n[s.current] > PROGRESS_HAND_LIMIT:
        # the limit is restored at the end of every turn, and before the roll only
        # the Alchemist is played, which draws nothing
        out.append(f"progress {s.current}: {s.prog_n[s.current]} progress cards before the roll of their "
                   f"own turn; at most {PROGRESS_HAND_LIMIT} are kept past a turn (CK-9.2)")
    if before_roll and s.crane:
        out.append("crane: Cranes are played after the roll (CK-9.1)")
    if before_roll and (s.fleet or any(s.harbor_swaps)):
        out.append("fleet/harbor_swaps: Merchant Fleet and Commercial Harbor are played after the roll (CK-9.1)")
    if bin(s.fleet).count("1") > 2:
        out.append("fleet: two Merchant Fleets a game, so at most two kinds at 2:1 this turn (CK-1.3, CK-11)")
    # The merchant (CK-11 Merchant).
    hex_, owner = s.merchant
    if (hex_ == -1) != (owner == -1) or not (hex_ == -1 or _is_int(hex_, 0, board.num_hexes) and _is_int(owner, 0, n)):
        out.append("merchant: a hex and its owner, or neither (CK-11)")
    elif hex_ != -1:
        if not any(s.node_owner[node] == owner for node in board.hex_nodes[hex_]):
            out.append(f"merchant: seat {owner}'s merchant stands next to a building of theirs (CK-11)")
    # Improvements and metropolises (CK-6.4).
    for track in range(3):
        levels = [s.improvements[seat][track] for seat in range(n)]
        node = s.metropolis[track]
        name = TRACK_NAMES[track]
        deciding = (isinstance(s.pending, dict) and s.pending.get("kind") == "metropolis"
                    and s.pending.get("track") == track)
        if node == -1 and max(levels) >= 4 and not deciding:
            out.append(f"improvements: a player at level 4 in {name} has placed its metropolis (CK-6.4)")
        if node != -1 and s.node_owner[node] != -1 and levels[s.node_owner[node]] < max(levels) \
                and not (deciding and levels[s.pending["seats"][0]] == max(levels) == 5):
            # (while the first at level 5 chooses the city it takes the metropolis to)
            out.append(f"cities: the {name} metropolis belongs to a player with the highest level in "
                       f"{name}; a higher level takes it (CK-6.4)")
    # The barbarians (CK-3.5, CK-8).
    if not s.barb_attacks:
        if s.terrain and s.terrain[s.robber] != DESERT:
            out.append("robber: stays in the desert until the barbarians' first attack (CK-3.5)")
        if any(s.flipped) or any(s.defenders):
            out.append("attacks: pillaged cities and Defender of Catan cards come from an attack (CK-8.3, CK-8.4)")
    elif sum(s.defenders) > s.barb_attacks:
        out.append(f"defenders: at most one Defender of Catan per attack ({s.barb_attacks} so far; CK-8.4)")
    return out


# --- Cities & Knights: the decision awaited and the steps still to run ------------------

# Each decision's fields besides kind and seats: name -> check(value, state).
def _field_checks(s):
    board = board_of(s)
    n, kinds = s.n, len(s.bank)
    return {
        "strength": lambda v: _is_int(v, 1, 4),
        "active": lambda v: _is_int(v, 0, 2),
        "options": lambda v: (type(v) is list and bool(v) and all(_is_int(x, 0, board.num_nodes) for x in v)
                              and all(s.node_owner[x] == -1 and s.knight_owner[x] == -1 for x in v)),
        "need": lambda v: _counts(v, n),
        "target": lambda v: _is_int(v, 0, n) and v != s.current,
        "shown": lambda v: v is None or _counts(v, 25 if s.pending["kind"] == "spy" else kinds),
        "resource": lambda v: v is None or v in RESOURCES,
        "track": lambda v: _is_int(v, 0, 3),
        "private": lambda v: v == _private_parties(s, s.pending),
    }


def _private_parties(s, p):
    """Who may see a decision's hidden field: the card's player and the other party."""
    other = p["target"] if "target" in p else p["seats"][0] if type(p["seats"]) is list and p["seats"] else None
    return {"shown" if "shown" in p else "resource": [s.current, other]}


# kind -> (fields besides kind and seats, who answers: "current", "others" or "any")
DECISIONS = {
    "lose_city": ((), "any"), "defender_deck": ((), "any"), "commit": ((), "any"),
    "aqueduct": ((), "any"), "progress_limit": ((), "any"),
    "retreat": (("strength", "active", "options"), "others"),
    "wedding": ((), "others"), "saboteur": (("need",), "others"),
    "spy": (("target", "shown", "private"), "current"),
    "deserter_remove": ((), "others"),
    "deserter_place": (("strength", "active"), "current"),
    "diplomat_rebuild": ((), "current"),
    "harbor_answer": (("resource", "private"), "others"),
    "master_merchant": (("target", "shown", "private"), "current"),
    "metropolis": (("track",), "any"),
}


def _pending_problems(s) -> list:
    p = s.pending
    if (s.phase == DECIDE) != (p is not None) and s.phase != GAME_OVER:     # a win ends the game amid anything
        return ["pending: phase decide waits for exactly one pending decision (CK-8, CK-11)"]
    if p is None:
        return []
    if not (type(p) is dict and p.get("kind") in DECISIONS):
        kind = p.get("kind") if type(p) is dict else None
        return [f"pending: a decision {{kind, seats, …}}; {str(kind)[:20]!r} is not a decision of these rules "
                "(CK-8, CK-11)"]
    kind = p["kind"]
    fields, who = DECISIONS[kind]
    if set(p) != {"kind", "seats", *fields}:
        return [f"pending: a {kind} decision has exactly the fields kind, seats"
                + "".join(", " + f for f in fields) + " (CK-8, CK-11)"]
    if not _seat_list(p["seats"], s.n):
        return ["pending: seats are the seats still to answer, ascending (CK-8, CK-11)"]
    checks = _field_checks(s)
    bad = [f for f in fields if not checks[f](p[f])]
    if bad:
        return [f"pending: the {kind} decision's {', '.join(bad)} cannot be (CK-11)"]
    seats = p["seats"]
    if who == "current" and seats != [s.current] or who == "others" and s.current in seats:
        return [f"pending: a {kind} decision is answered by "
                + ("the player on turn" if who == "current" else "other players") + " (CK-11)"]
    return _decision_facts(s, kind, p)


def _decision_facts(s, kind, p) -> list:
    """What must be true of the board and the cards for each decision."""
    board = board_of(s)
    out = []
    seats = p["seats"]
    if kind in ("lose_city", "metropolis"):
        metro = {m for m in s.metropolis if m != -1}
        for seat in seats:
            if not any(s.node_owner[node] == seat and s.node_level[node] == 2 and node not in metro
                       for node in range(board.num_nodes)):
                out.append(f"pending: seat {seat} has no city without a metropolis to choose (CK-6.5, CK-8.3)")
    if kind == "metropolis":
        track, held = p["track"], s.metropolis[p["track"]]
        holder = s.node_owner[held] if held != -1 else -1
        first_at_4 = held == -1 and all(s.improvements[seat][track] >= 4 for seat in seats)
        takes_at_5 = (held != -1 and holder not in (-1, *seats) and s.improvements[holder][track] < 5
                      and all(s.improvements[seat][track] == 5 for seat in seats))
        if not (first_at_4 or takes_at_5):
            out.append(f"pending: the {TRACK_NAMES[track]} metropolis is chosen by the first at level 4, or "
                       "taken by the first at level 5 from a lower level (CK-6.4)")
    if kind == "progress_limit" and any(s.prog_n[seat] <= PROGRESS_HAND_LIMIT for seat in seats):
        out.append("pending: only a seat with more than 4 progress cards discards one (CK-9.2)")
    if kind == "saboteur" and any(not p["need"][seat] or p["need"][seat] != s.hand_n[seat] // 2
                                  for seat in seats):
        out.append("pending: each saboteur victim still to answer discards half their hand (CK-11)")
    if kind in ("spy", "master_merchant"):
        held = (s.prog_n if kind == "spy" else s.hand_n)[p["target"]]
        if not held or p["shown"] is not None and sum(p["shown"]) != held:
            out.append(f"pending: the {kind} decision shows the {held} cards seat {p['target']} holds (CK-11)")
    if kind == "wedding" and any(not s.hand_n[seat] for seat in seats):
        out.append("pending: a wedding gift comes from a player who holds cards (CK-11)")
    if kind == "deserter_remove" and any(s.knight_owner.count(seat) == 0 for seat in seats):
        out.append("pending: the Deserter's victim has a knight to remove (CK-11)")
    if kind in ("retreat", "deserter_place") and not s.knights_left[seats[0]][p["strength"] - 1]:
        out.append(f"pending: seat {seats[0]} has no knight of strength {p['strength']} in supply to place "
                   "(CK-7.2, CK-11)")
    if kind == "commit" and not (s.config["knight_commit"] and any(step[0] == "battle" for step in s.agenda)):
        out.append("pending: knights are committed to a coming battle, with the knight_commit option (CK-8.5)")
    if kind == "defender_deck" and not any(s.prog_deck_n):
        out.append("pending: a Defender's draw needs a progress deck with cards (CK-8.4)")
    if kind == "aqueduct" and not any(s.bank[r] for r in RESOURCES):
        out.append("pending: the aqueduct gives a resource the bank holds (CK-3.6)")
    return out


# agenda step name -> check of its arguments
def _step_checks(s):
    board = board_of(s)
    n = s.n
    return {
        "event": lambda a: a == [],
        "yield": lambda a: a == [],
        "limits": lambda a: a == [],
        "end_turn": lambda a: a == [],
        "next_turn": lambda a: a == [],
        "special": lambda a: len(a) == 1 and _is_int(a[0], 0, n),
        "gate": lambda a: len(a) == 1 and _is_int(a[0], 0, 3),
        "commit": lambda a: len(a) == 1 and _is_int(a[0], 0, n),
        "battle": lambda a: (len(a) == 1 and type(a[0]) is list
                             and all(_is_int(x, 0, board.num_nodes) and s.knight_owner[x] != -1 for x in a[0])),
    }


def _agenda_problems(s) -> list:
    agenda = s.agenda
    checks = _step_checks(s)
    if not all(step[0] in checks and checks[step[0]](step[1:]) for step in agenda):    # (its shape: _shape_problems)
        return ["agenda: a list of steps, each one of " + ", ".join(f"[{k}, …]" for k in checks) + " (CK-3, CK-8)"]
    out = []
    if agenda and s.pending is None and s.phase not in (DISCARD, ROBBER, STEAL, ROAD_BUILDING, GAME_OVER,
                                                         SPECIAL_BUILD):
        out.append("agenda: steps wait only behind a decision or a phase of the roll (CK-3)")
    names = [step[0] for step in agenda]
    if ("event" in names or "gate" in names or "yield" in names) and not s.rolled:
        out.append("agenda: the roll's steps run after the dice are rolled (CK-3)")
    if "commit" in names and not s.config["knight_commit"]:
        out.append("agenda: knights are committed only with the knight_commit option (CK-8.5)")
    if any(names.count(x) > 1 for x in names if x not in ("commit", "special")):
        out.append("agenda: each step of a roll runs once (CK-3)")
    landing = "battle" in names
    if not _is_int(s.barb_pos, 0, 8 if landing else 7):
        out.append(f"barbarians {s.barb_pos}: the ship moves on steps 0 to 6 and lands on 7 to attack (CK-1.6, CK-3.2)")
    elif landing and s.barb_pos != 7:
        out.append("barbarians: an attack waits while the ship has landed on step 7 (CK-3.2)")
    return out
