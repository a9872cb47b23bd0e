"""Cities & Knights: progress cards (CK-9, CK-11): when each may be played,
every way to play it, and what it does."""

from itertools import combinations

from ...board import board_of
from ...constants import (
    COMMODITIES, COST_MEDICINE_CITY, FIELDS, GRAIN, MOUNTAINS, ORE, PROGRESS_CARDS, PROGRESS_INDEX,
    PROGRESS_TRACK, PROGRESS_VP_CARDS, RESOURCES,
)
from ...helpers import IllegalCommand, afford, need_turn, positions, random_card, take_from_bank, transfer
from ...state import MAIN, ROAD_BUILDING, ROLL
from ..base.building import road_spots, update_longest_road
from ..base.robber import steal_candidates
from .facts import can_promote, knights_of, robber_free, touches_own_road, wall_spots
from .knights import displace
from .pieces import add_wall, decide, make_city, promote, retreat_or_supply, under_deck
from .roll import roll

P = PROGRESS_INDEX


def check_progress(state, cmd):
    seat, card, args = cmd[1], cmd[2], list(cmd[3])
    alchemist = card == P["alchemist"]
    err = need_turn(state, seat, ROLL if alchemist else MAIN)
    if err:
        if alchemist and state.phase == MAIN:
            return IllegalCommand("wrong_phase", "the Alchemist is played before rolling (CK-3.1)")
        if not alchemist and state.phase == ROLL and seat == state.current:
            return IllegalCommand("roll_first", "only the Alchemist may be played before rolling (CK-3.1)")
        return err
    if card in PROGRESS_VP_CARDS or not state.prog[seat][card]:
        return IllegalCommand("no_card", "you hold no such progress card")
    if args not in progress_options(state, seat, card):
        return IllegalCommand("bad_choice", f"that is not a possible use of {PROGRESS_CARDS[card][0]}")
    return None


def _promotable_sets(state, seat):
    nodes = [n for n in knights_of(state, seat) if can_promote(state, seat, n)]
    out = [[n] for n in nodes]
    for a, b in combinations(nodes, 2):
        s = state.knight_strength
        if s[a] != s[b] or state.knights_left[seat][s[a]] >= 2:   # enough stronger ones for both
            out.append([a, b])
    return out


def progress_options(state, seat, card) -> list:
    """Every legal argument list for playing `card` now (finite for every card)."""
    options = OPTIONS[card]
    return options(state, seat) if options is not None else []


# --- every way to play each card, by card (state, seat) -> argument lists ------------------

def _once(state, seat):
    return [[]]


def _others(state, seat):
    return [s for s in range(state.n) if s != seat]


def _alchemist_options(state, seat):
    return [[w, r] for w in range(1, 7) for r in range(1, 7)]


def _road_building_options(state, seat):
    return [[]] if state.roads_left[seat] and road_spots(state, seat) else []


def _inventor_options(state, seat):
    board = board_of(state)
    fit = [h for h in range(board.num_hexes) if state.numbers[h] not in (0, 2, 6, 8, 12)]
    return [[a, b] for a, b in combinations(fit, 2)]


def _engineer_options(state, seat):
    return [[n] for n in wall_spots(state, seat)] if state.walls_left[seat] else []


def _medicine_options(state, seat):
    if not afford(state.hands[seat], COST_MEDICINE_CITY):
        return []
    return [[n] for n in positions(state.node_owner, seat) if state.node_level[n] == 1
            and (state.flipped[n] or state.cities_left[seat])]


def _bishop_options(state, seat):
    board = board_of(state)
    return [[h] for h in range(board.num_hexes) if h != state.robber] if robber_free(state) else []


def _diplomat_options(state, seat):
    return [[e] for e in range(len(state.edge_owner)) if _open_road(state, e)]


def _intrigue_options(state, seat):
    foreign = sorted(n for s in _others(state, seat) for n in positions(state.knight_owner, s))
    return [[n] for n in foreign if touches_own_road(state, seat, n)]


def _spy_options(state, seat):
    return [[s] for s in _others(state, seat)]


def _deserter_options(state, seat):
    return [[s] for s in _others(state, seat) if knights_of(state, s)]


def _merchant_options(state, seat):
    board = board_of(state)
    return [[h] for h in sorted({h for n in positions(state.node_owner, seat) for h in board.node_hexes[n]})]


def _fleet_options(state, seat):
    return [[k] for k in range(8)]


def _master_merchant_options(state, seat):
    return [[s] for s in _others(state, seat) if state.vp_public[s] > state.vp_public[seat]]


def _resource_monopoly_options(state, seat):
    return [[r] for r in RESOURCES]


def _trade_monopoly_options(state, seat):
    return [[c] for c in COMMODITIES]


_OPTIONS_BY_NAME = {
    "alchemist": _alchemist_options, "road_building": _road_building_options,
    "inventor": _inventor_options, "engineer": _engineer_options, "medicine": _medicine_options,
    "smith": _promotable_sets, "bishop": _bishop_options, "diplomat": _diplomat_options,
    "intrigue": _intrigue_options, "spy": _spy_options, "deserter": _deserter_options,
    "merchant": _merchant_options, "merchant_fleet": _fleet_options,
    "master_merchant": _master_merchant_options, "resource_monopoly": _resource_monopoly_options,
    "trade_monopoly": _trade_monopoly_options,
    **{name: _once for name in ("crane", "mining", "irrigation", "warlord", "wedding", "saboteur",
                                "commercial_harbor")},
}
# card -> its options, or None for the cards never played (printer, constitution:
# laid face up when drawn).
OPTIONS = tuple(_OPTIONS_BY_NAME.get(name) for name, _, _ in PROGRESS_CARDS)


def _open_road(state, edge) -> bool:
    """Diplomat (CK-11): a road with an end touching none of its owner's roads,
    buildings or knights."""
    board = board_of(state)
    owner = state.edge_owner[edge]
    if owner == -1:
        return False
    for node in board.edge_nodes[edge]:
        if state.node_owner[node] == owner or state.knight_owner[node] == owner:
            continue
        if not any(e != edge and state.edge_owner[e] == owner for e in board.node_edges[node]):
            return True
    return False


def apply_progress(state, cmd, out, events):
    seat, card, args = cmd[1], cmd[2], list(cmd[3])
    if state.prog[seat] is not None:
        state.prog[seat][card] -= 1
    state.prog_n[seat] -= 1
    under_deck(state, card, PROGRESS_TRACK[card])
    events.append(("played_progress", seat, card, tuple(args)))
    state.resume_phase = MAIN
    PLAYS[PROGRESS_CARDS[card][0]](state, seat, args, out, events)


def play_alchemist(state, seat, args, out, events):
    roll(state, seat, out, events, chosen=(args[0], args[1]))


def play_crane(state, seat, args, out, events):
    state.crane += 1


def _harvest(terrain, resource):
    def play(state, seat, args, out, events):
        board = board_of(state)
        hexes = [h for h in range(board.num_hexes) if state.terrain[h] == terrain
                 and any(state.node_owner[n] == seat for n in board.hex_nodes[h])]
        k = min(2 * len(hexes), state.bank[resource])
        if k:
            take_from_bank(state, seat, resource, k)
        events.append(("harvest", seat, resource, k))
    return play


def play_inventor(state, seat, args, out, events):
    a, b = args
    state.numbers[a], state.numbers[b] = state.numbers[b], state.numbers[a]
    events.append(("numbers_swapped", seat, a, b))


def play_engineer(state, seat, args, out, events):
    add_wall(state, seat, args[0], events)


def play_medicine(state, seat, args, out, events):
    make_city(state, seat, args[0], events, COST_MEDICINE_CITY)


def play_smith(state, seat, args, out, events):
    for node in args:
        promote(state, seat, node, events)


def play_road_building(state, seat, args, out, events):
    state.resume_phase = MAIN
    state.free_roads = min(2, state.roads_left[seat])
    state.phase = ROAD_BUILDING


def _steal_random(state, thief, victim, out):
    """One random card from a hand (chance); None on a replica that may not see it."""
    if state.rng is not None:
        card = random_card(state, victim)
        out.setdefault("steals", []).append([victim, card])
        return card
    i = out.get("_steal", 0)
    out["_steal"] = i + 1
    return out["steals"][i][1]


def play_bishop(state, seat, args, out, events):
    state.robber = args[0]
    events.append(("robber_moved", seat, args[0]))
    for victim in steal_candidates(state):        # one card from every player there
        had = state.hand_n[victim] > 0
        card = _steal_random(state, seat, victim, out)
        if had:
            transfer(state, victim, seat, card, 1)
        events.append(("stole", seat, victim, card if had else -1))


def play_diplomat(state, seat, args, out, events):
    edge = args[0]
    owner = state.edge_owner[edge]
    state.edge_owner[edge] = -1
    state.roads_left[owner] += 1
    events.append(("road_removed", seat, edge, owner))
    update_longest_road(state, [owner], events)
    if owner == seat and road_spots(state, seat):
        decide(state, "diplomat_rebuild", [seat])


def play_warlord(state, seat, args, out, events):
    for n in knights_of(state, seat):
        if not state.knight_active[n]:
            state.knight_active[n] = 1
            state.knight_fresh[n] = 1
    events.append(("knights_activated", seat))


def play_wedding(state, seat, args, out, events):
    givers = [s for s in range(state.n) if s != seat and state.vp_public[s] > state.vp_public[seat]
              and state.hand_n[s]]
    if givers:
        decide(state, "wedding", givers)


def play_intrigue(state, seat, args, out, events):
    node = args[0]
    owner, strength, active = displace(state, node, events)
    events.append(("knight_displaced", seat, -1, node, owner))
    retreat_or_supply(state, node, owner, strength, active, events)


def play_saboteur(state, seat, args, out, events):
    need = [state.hand_n[s] // 2 if s != seat and state.vp_public[s] >= state.vp_public[seat] else 0
            for s in range(state.n)]
    if any(need):
        decide(state, "saboteur", [s for s in range(state.n) if need[s]], need=need)


def play_spy(state, seat, args, out, events):
    target = args[0]
    if state.rng is not None:
        out["reveal"] = [seat, target, list(state.prog[target])]
    shown = out["reveal"][2]
    if state.prog_n[target]:
        decide(state, "spy", [seat], target=target, shown=shown, private={"shown": [seat, target]})


def play_deserter(state, seat, args, out, events):
    decide(state, "deserter_remove", [args[0]])


def play_merchant(state, seat, args, out, events):
    old = state.merchant[1]
    if old != -1:
        state.vp_public[old] -= 1
    state.merchant = [args[0], seat]
    state.vp_public[seat] += 1
    events.append(("merchant", seat, args[0]))


def play_commercial_harbor(state, seat, args, out, events):
    """For the rest of the turn the player may force one swap with each other
    player (seed 003): the right is kept in harbor_swaps and used by
    `harbor_trade` commands between any other actions."""
    for s in range(state.n):
        if s != seat:
            state.harbor_swaps[s] += 1


def play_fleet(state, seat, args, out, events):
    state.fleet |= 1 << args[0]        # a second fleet adds a second kind (CK-11)


def play_master_merchant(state, seat, args, out, events):
    target = args[0]
    if state.rng is not None:
        out["reveal"] = [seat, target, list(state.hands[target])]
    if state.hand_n[target]:
        decide(state, "master_merchant", [seat], target=target, shown=out["reveal"][2],
                private={"shown": [seat, target]})


def _monopoly(limit):
    def play(state, seat, args, out, events):
        kind = args[0]
        if state.rng is not None:
            out["amounts"] = [0 if s == seat else min(limit, state.hands[s][kind]) for s in range(state.n)]
        amounts = out["amounts"]
        for s, k in enumerate(amounts):
            if k:
                transfer(state, s, seat, kind, k)
        events.append(("monopoly", seat, kind, tuple(amounts)))
    return play


PLAYS = {
    "alchemist": play_alchemist, "crane": play_crane,
    "mining": _harvest(MOUNTAINS, ORE), "irrigation": _harvest(FIELDS, GRAIN),
    "inventor": play_inventor, "engineer": play_engineer, "medicine": play_medicine,
    "smith": play_smith, "road_building": play_road_building,
    "bishop": play_bishop, "diplomat": play_diplomat, "warlord": play_warlord,
    "wedding": play_wedding, "intrigue": play_intrigue, "saboteur": play_saboteur,
    "spy": play_spy, "deserter": play_deserter,
    "merchant": play_merchant, "commercial_harbor": play_commercial_harbor,
    "merchant_fleet": play_fleet, "master_merchant": play_master_merchant,
    "resource_monopoly": _monopoly(2), "trade_monopoly": _monopoly(1),
}
