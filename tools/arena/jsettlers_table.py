"""A JSettlers game as one seat knows it, from the messages the server sends
that seat (jsettlers_wire), and that seat's view as a game.engine State.

    table = Table(game_name, our_name)
    table.handle(mtype, data)           # every message of the game, in order
    table.our_turn_to()                 # what the server waits for from us, or None
    view = table.view()                 # our seat's view (hidden parts None)

Nothing here looks past the seat: the server redacts what it sends (another
seat's new card arrives as "unknown", a steal between others as "unknown
resource"), and what the view holds for other seats is counted from those
messages alone.

Other seats' hands by kind.  Our engine has a bank of 19 cards a kind and a
seat's search deals the others' hidden hands from what is neither in the
bank nor in its own hand (game/bots/determinize.py).  JSettlers has no bank
(cards never run out), so the view's bank is what a person at a real table
would see: 19 less what is out in hands, counted from the public moves
(production, costs, trades, monopolies, Year of Plenty) per seat.  Two moves
hide the kind from us: a steal between two others and another seat's
discard; there the count takes the kind the seat holds most of (the stolen
card goes to the thief as that kind), so hand sizes stay exact and only the
split by kind of those cards is a guess.  Where the hands outnumber 19 of a
kind (possible with no bank) the view's bank shows 0.
"""

from collections import deque

from game.engine.board import STANDARD
from game.engine.constants import CARD_NAMES, DESERT, RESOURCES, VICTORY_POINT
from game.engine.longest_road import road_length
from game.engine.state import (
    DISCARD, MAIN, PENDING, NOT_ASKED, ROAD_BUILDING, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT,
    STEAL, TRADE, State,
)
from game.engine.ruleset import default_config

from . import jsettlers_wire as w
from .jsettlers_map import (
    DEV_OF_JS, EDGE_OF_JS, HEX_OF_JS, JS_UNKNOWN_RESOURCE, KIND_OF_JS, NODE_OF_JS, Layout,
    resources_ours,
)

PLAYERS = 4
KINDS = len(RESOURCES)
RECENT = 8                               # messages kept before an own resync's example
EXAMPLES = 5                             # own resync examples kept per game
SETUP_STATES = {w.START1A: SETUP_SETTLEMENT, w.START2A: SETUP_SETTLEMENT,
                w.START1B: SETUP_ROAD, w.START2B: SETUP_ROAD}


class Offer:
    """A trade offer on the table: from a seat, to some seats, in our kinds
    from the offering seat's side; which seats turned it down."""

    serials = 0

    def __init__(self, seat, to, give, get):
        self.seat, self.to, self.give, self.get = seat, list(to), list(give), list(get)
        self.rejected = set()
        Offer.serials += 1
        self.serial = Offer.serials


class Table:
    def __init__(self, game: str, name: str):
        self.game, self.name = game, name
        self.seat = None                    # ours, from the server's SITDOWN
        self.names = [None] * PLAYERS
        self.layout = None
        self.robber = None
        self.node_owner, self.node_level = [-1] * 54, [0] * 54
        self.edge_owner = [-1] * 72
        self.hands = [[0] * KINDS for _ in range(PLAYERS)]     # ours exact, the others counted
        self.hand_n = [0] * PLAYERS
        self.dev_old = [0] * 5                   # our cards playable this turn
        self.dev_new = [0] * 5                   # ours bought this turn
        self.dev_n = [0] * PLAYERS
        self.dev_new_n = [0] * PLAYERS
        self.dev_discard = [0] * 5
        self.vp_cards_shown = [-1] * PLAYERS
        self.knights = [0] * PLAYERS
        self.longest_road = self.largest_army = -1
        self.deck_n = 25
        self.state = w.NEW
        self.current = -1
        self.first_player = None
        self.turn = 0
        self.rolled = False
        self.dice = None
        self.dev_played = False
        self.discard_need = 0
        self.steal_choices = None            # seats we may rob, when the server asks
        self.offers = {}                     # seat -> Offer on the table
        self.answered = set()                # offers (by serial) we answered
        self.last_settlement = [-1] * PLAYERS
        self.settlements_placed = 0
        self.scores = None                   # from GAMESTATS at the end
        self.winner = None
        self.declined = 0                    # our requests the server turned down
        self.resyncs = {"own": 0, "others": 0}   # counts the server corrected (should stay 0)
        self.resync_examples = []            # for our own seat's: what revealed it, and before it
        self.recent = deque(maxlen=RECENT)   # the last messages handled
        self.message = None                  # the message being handled
        self.unknown_handled = {}            # message types seen that we do not use: count

    # --- reading messages ------------------------------------------------------------------

    def handle(self, mtype: int, data: str) -> None:
        self.message = f"{mtype}|{data}"
        method = _HANDLERS.get(mtype)
        if method is None:
            self.unknown_handled[mtype] = self.unknown_handled.get(mtype, 0) + 1
        else:
            method(self, data)
        self.recent.append(self.message)

    def _sitdown(self, data):
        f = w.fields(data)
        name, seat = f[1], int(f[2])
        self.names[seat] = name
        if name == self.name:
            self.seat = seat

    def _board(self, data):
        _, v = w.ints_after_game(data)
        hexes, numbers, robber = v[:37], v[37:74], v[74]
        if all(h == 6 for h in hexes):          # the empty board of a game not started yet
            return
        self.layout = Layout(hexes, numbers, robber)
        self.robber = self.layout.robber

    def _gamestate(self, data):
        _, v = w.ints_after_game(data)
        self._set_state(v[0])

    def _set_state(self, state):
        self.state = state
        if state != w.WAITING_FOR_ROB_CHOOSE_PLAYER:
            self.steal_choices = None
        if state != w.WAITING_FOR_DISCARDS:
            self.discard_need = 0

    def _turn(self, data):
        _, v = w.ints_after_game(data)
        seat, state = v[0], v[1]
        if state == w.START1A and self.first_player is None:
            self.first_player = seat
        if self.current != seat or state == w.ROLL_OR_CARD:
            self._new_turn(seat, state)
        self._set_state(state)

    def _new_turn(self, seat, state):
        self.current = seat
        self.offers.clear()
        if state not in SETUP_STATES:
            self.turn += 1
            self.rolled, self.dice, self.dev_played = False, None, False
            for k in range(5):
                self.dev_old[k] += self.dev_new[k]
            self.dev_new = [0] * 5
            self.dev_new_n = [0] * PLAYERS

    def _dice(self, data):
        _, v = w.ints_after_game(data)
        if v[0] > 0 and self.state >= w.ROLL_OR_CARD:
            self.rolled = True
            a = min(6, v[0] - 1)
            self.dice = [a, v[0] - a]        # only the sum is sent

    def _put_piece(self, data):
        _, (seat, piece, coord) = w.ints_after_game(data)
        if piece == w.ROAD:
            self.edge_owner[EDGE_OF_JS[coord]] = seat
        elif piece in (w.SETTLEMENT, w.CITY):
            node = NODE_OF_JS[coord]
            self.node_owner[node] = seat
            self.node_level[node] = 1 if piece == w.SETTLEMENT else 2
            if piece == w.SETTLEMENT and self.state in (w.START1A, w.START2A):
                self.last_settlement[seat] = node
                self.settlements_placed += 1
                if self.state == w.START2A:     # the second founding pays; no message says so (B-3.4)
                    for h in STANDARD.node_hexes[node]:
                        if self.layout.terrain[h] != DESERT:
                            self._gain(seat, self.layout.terrain[h], 1)

    def _move_robber(self, data):
        _, v = w.ints_after_game(data)
        if v[1] in HEX_OF_JS:
            self.robber = HEX_OF_JS[v[1]]

    def _dice_resources(self, data):
        _, v = w.ints_after_game(data, "|")
        n, i = v[0], 1
        for _ in range(n):
            seat, total = v[i], v[i + 1]
            i += 2
            while i + 1 < len(v) and v[i] != 0:
                self._gain(seat, KIND_OF_JS[v[i + 1]], v[i])
                i += 2
            i += 1                               # the 0 between seats
            self._count(seat, total)

    def _elements(self, data):
        _, v = w.ints_after_game(data, "|")
        seat, action = v[0], v[1]
        for k in range(2, len(v) - 1, 2):
            self._element(seat, action, v[k], v[k + 1])

    def _element1(self, data):
        f = w.fields(data)
        v = [int(x) for x in f[1:5]]
        self._element(v[0], v[1], v[2], v[3], news=f[5:6] == ["Y"])

    def _element(self, seat, action, etype, amount, news=False):
        """news: the server marks a change it announces (a Monopoly's victim
        set to its new count), not a correction of what we should know."""
        action = abs(action)                     # (news travels as a "Y" field, never negative)
        seats = range(PLAYERS) if seat < 0 else (seat,)
        for s in seats:
            if etype in KIND_OF_JS:
                kind = KIND_OF_JS[etype]
                if action == w.SET:
                    amount_now = self.hands[s][kind]
                    if s == self.seat and amount != amount_now and not news:
                        self._own_resync(CARD_NAMES[kind], amount_now, amount)
                    if amount > amount_now:
                        self._gain(s, kind, amount - amount_now)
                    else:
                        self._lose(s, kind, amount_now - amount)
                elif action == w.GAIN:
                    self._gain(s, kind, amount)
                else:
                    self._lose(s, kind, amount)
            elif etype == E_UNKNOWN and s != self.seat:
                if action == w.GAIN:
                    self._gain(s, self._likely_kind(s), amount)
                elif action == w.LOSE:
                    self._lose_unknown(s, amount)
            elif etype == w.E_NUMKNIGHTS:
                self.knights[s] = amount if action == w.SET else self.knights[s] + (
                    amount if action == w.GAIN else -amount)
            elif etype == w.E_RESOURCE_COUNT and action == w.SET:
                self._count(s, amount)
            elif etype == w.E_PLAYED_DEV_CARD_FLAG and s == self.current:
                self.dev_played = bool(amount) if action == w.SET else self.dev_played

    def _resource_count(self, data):
        _, v = w.ints_after_game(data)
        self._count(v[0], v[1])

    def _bank_trade(self, data):
        _, v = w.ints_after_game(data)
        if len(v) < 11:
            return                               # our own request echoed without a seat
        give, get, seat = resources_ours(v[0:5]), resources_ours(v[5:10]), v[10]
        for kind in range(KINDS):
            self._lose(seat, kind, give[kind])
            self._gain(seat, kind, get[kind])

    def _accept_offer(self, data):
        _, v = w.ints_after_game(data)
        if len(v) < 12:
            return
        accepting, offering = v[0], v[1]
        to_accepting, to_offering = resources_ours(v[2:7]), resources_ours(v[7:12])
        for kind in range(KINDS):
            self._move(offering, accepting, kind, to_accepting[kind])
            self._move(accepting, offering, kind, to_offering[kind])
        self.offers.clear()

    def _make_offer(self, data):
        f = w.fields(data)
        seat = int(f[1])
        to = [x == "true" for x in f[2:2 + PLAYERS]]
        nums = [int(x) for x in f[2 + PLAYERS:]]
        self.offers[seat] = Offer(seat, to, resources_ours(nums[0:5]), resources_ours(nums[5:10]))

    def _clear_offer(self, data):
        _, v = w.ints_after_game(data)
        if v[0] < 0:
            self.offers.clear()
        else:
            self.offers.pop(v[0], None)

    def _reject_offer(self, data):
        _, v = w.ints_after_game(data)
        for offer in self.offers.values():
            offer.rejected.add(v[0])

    def _robbery(self, data):
        f = w.fields(data)
        thief, victim = int(f[1]), int(f[2])
        if f[3] != "R":                          # scenario pieces (cloth): not in these rules
            return
        js_kind, amount = int(f[4]), int(f[5])
        if js_kind in KIND_OF_JS:
            kind = KIND_OF_JS[js_kind]
        else:                                    # between two others: the likeliest kind
            kind = self._likely_kind(victim)
        self._move(victim, thief, kind, amount)

    def _discard(self, data):
        f = w.fields(data)
        if not f[1].startswith("p"):
            return                               # our own request echoed
        seat = int(f[1][1:])
        nums = [int(x) for x in f[2:8]]
        known = resources_ours(nums[0:5])
        for kind in range(KINDS):
            self._lose(seat, kind, known[kind])
        if nums[5]:
            self._lose_unknown(seat, nums[5])
        if seat == self.seat:
            self.discard_need = 0

    def _discard_request(self, data):
        _, v = w.ints_after_game(data)
        self.discard_need = v[0]

    def _choose_player_request(self, data):
        f = w.fields(data)[1:]
        if f and f[0] == "NONE":
            f = f[1:]
        self.steal_choices = [s for s, x in enumerate(f[:PLAYERS]) if x == "true"]

    def _dev_card(self, data):
        f = w.fields(data)
        seat, action = int(f[1]), int(f[2])
        cards = [int(x) for x in f[3:]]
        for card in cards:
            kind = DEV_OF_JS.get(card)
            if action == w.DRAW:
                self.dev_n[seat] += 1
                if seat == self.current:
                    self.dev_new_n[seat] += 1
                if seat == self.seat and kind is not None:
                    if kind == VICTORY_POINT:
                        self.dev_old[kind] += 1      # counts at once, never "played"
                    else:
                        self.dev_new[kind] += 1
            elif action == w.PLAY:
                self.dev_n[seat] -= 1
                if kind is not None:
                    self.dev_discard[kind] += 1
                    if seat == self.seat and self.dev_old[kind]:
                        self.dev_old[kind] -= 1
            elif action in (w.ADD_NEW, w.ADD_OLD):
                if self.state == w.OVER:
                    if kind == VICTORY_POINT:
                        self.vp_cards_shown[seat] = max(0, self.vp_cards_shown[seat]) + 1
                else:                            # a card given back (a cancelled Road Building)
                    self.dev_n[seat] += 1
                    if kind is not None:
                        self.dev_discard[kind] -= 1
                        if seat == self.seat:
                            (self.dev_old if action == w.ADD_OLD else self.dev_new)[kind] += 1
            elif action == w.CANNOT_PLAY:
                self.declined += 1

    def _simple_action(self, data):
        _, v = w.ints_after_game(data)
        if v[1] == w.DEVCARD_BOUGHT:
            self.deck_n = v[2]

    def _game_elements(self, data):
        _, v = w.ints_after_game(data, "|")
        for k in range(0, len(v) - 1, 2):
            etype, value = v[k], v[k + 1]
            if etype == w.G_DEV_CARD_COUNT:
                self.deck_n = value
            elif etype == w.G_FIRST_PLAYER and value >= 0:
                self.first_player = value
            elif etype == w.G_CURRENT_PLAYER and value >= 0:
                if value != self.current and self.state not in SETUP_STATES:
                    self.current = value
                if self.state == w.OVER:
                    self.winner = value
            elif etype == w.G_LARGEST_ARMY:
                self.largest_army = value
            elif etype == w.G_LONGEST_ROAD:
                self.longest_road = value

    def _pick_resources(self, data):
        _, v = w.ints_after_game(data)
        if len(v) < 7:
            return                               # our own request echoed
        gained, seat = resources_ours(v[0:5]), v[5]
        for kind in range(KINDS):
            self._gain(seat, kind, gained[kind])

    def _game_stats(self, data):
        f = w.fields(data)
        self.scores = [int(x) for x in f[1:1 + PLAYERS]]
        if self.winner is None:
            self.winner = max(range(PLAYERS), key=lambda s: self.scores[s])

    def _decline(self, data):
        self.declined += 1

    # --- hands by kind -----------------------------------------------------------------------

    def _gain(self, seat, kind, n):
        self.hands[seat][kind] += n
        self.hand_n[seat] += n

    def _lose(self, seat, kind, n):
        """A public loss of n cards of `kind`; a count that falls below 0
        (another seat's kinds were guessed) is taken from its other kinds."""
        if n <= 0:
            return
        hand = self.hands[seat]
        hand[kind] -= n
        self.hand_n[seat] = max(0, self.hand_n[seat] - n)
        while hand[kind] < 0 and seat != self.seat:
            other = max((k for k in range(KINDS) if k != kind), key=lambda k: hand[k])
            if hand[other] <= 0:
                break
            hand[other] -= 1
            hand[kind] += 1
        hand[kind] = max(0, hand[kind])

    def _lose_unknown(self, seat, n):
        for _ in range(n):
            self._lose(seat, self._likely_kind(seat), 1)

    def _likely_kind(self, seat) -> int:
        """The kind another seat holds most of (ties: the lowest), our guess
        for a card whose kind we are not shown."""
        hand = self.hands[seat]
        return max(range(KINDS), key=lambda k: (hand[k], -k))

    def _move(self, giver, taker, kind, n):
        self._lose(giver, kind, n)
        self._gain(taker, kind, n)

    def _count(self, seat, total):
        """The server's hand size for a seat: our count follows it."""
        if self.hand_n[seat] != total:
            if seat == self.seat:
                self._own_resync("hand size", self.hand_n[seat], total)
            else:
                self.resyncs["others"] += 1
        while self.hand_n[seat] < total:
            self._gain(seat, self._likely_kind(seat), 1)
        while self.hand_n[seat] > total:
            self._lose(seat, self._likely_kind(seat), 1)

    def _own_resync(self, what, ours, servers):
        """Our own hand disagreed with the server's: a bookkeeping bug here,
        kept as an example (the message that showed it and those before)."""
        self.resyncs["own"] += 1
        if len(self.resync_examples) < EXAMPLES:
            self.resync_examples.append({
                "turn": self.turn, "state": self.state, "what": what, "ours": ours, "server": servers,
                "hand": dict(zip(CARD_NAMES, self.hands[self.seat])), "message": self.message, "before": list(self.recent)})

    # --- what the server waits for from us -----------------------------------------------

    def our_turn_to(self):
        """The decision the server waits for from our seat, or None:
        "setup", "roll", "main", "robber", "steal", "discard", "free_road",
        "answer" (an offer to us)."""
        me, state = self.seat, self.state
        if me is None or self.layout is None:
            return None
        if state == w.WAITING_FOR_DISCARDS:
            return "discard" if self.discard_need > 0 else None
        if state == w.WAITING_FOR_ROB_CHOOSE_PLAYER:
            return "steal" if self.current == me and self.steal_choices else None
        if self.current != me:
            return "answer" if state == w.PLAY1 and self.offer_to_us() is not None else None
        if state in SETUP_STATES:
            return "setup"
        return {w.ROLL_OR_CARD: "roll", w.PLAY1: "main", w.PLACING_ROBBER: "robber",
                w.PLACING_FREE_ROAD1: "free_road", w.PLACING_FREE_ROAD2: "free_road"}.get(state)

    def offer_to_us(self):
        """Another seat's offer waiting for our answer, else None."""
        for offer in self.offers.values():
            if (offer.seat != self.seat and self.seat is not None and offer.to[self.seat]
                    and offer.serial not in self.answered):
                return offer
        return None

    # --- our seat's view ----------------------------------------------------------------------

    def view(self) -> State:
        """Our seat's view of the game, as game.engine.views would give it."""
        me, n = self.seat, PLAYERS
        cfg = default_config(players=n, vp_target=10, combine_trade_build=True)
        v = State.blank(cfg)
        v.config["seed"] = None
        lay = self.layout
        v.terrain, v.numbers, v.harbors = list(lay.terrain), list(lay.numbers), list(lay.harbors)
        v.robber = self.robber
        v.node_owner, v.node_level = list(self.node_owner), list(self.node_level)
        v.edge_owner = list(self.edge_owner)
        ports = _harbor_nodes(lay)
        for s in range(n):
            v.hand_n[s] = self.hand_n[s]
            v.hands[s] = list(self.hands[s]) if s == me else None
            v.dev[s] = v.dev_new[s] = None                  # ours are filled in below
            v.dev_n[s] = self.dev_n[s]
            v.dev_new_n[s] = self.dev_new_n[s]
            v.knights[s] = self.knights[s]
            v.roads_left[s] = 15 - self.edge_owner.count(s)
            settled = [node for node in range(54) if self.node_owner[node] == s]
            v.settlements_left[s] = 5 - sum(1 for node in settled if self.node_level[node] == 1)
            v.cities_left[s] = 4 - sum(1 for node in settled if self.node_level[node] == 2)
            ratios = [4] * KINDS
            for node in settled:
                kind = ports.get(node)
                if kind is None:
                    continue
                if kind >= KINDS:                    # a 3:1 harbor
                    ratios = [min(x, 3) for x in ratios]
                else:
                    ratios[kind] = 2
            v.ratios[s] = ratios
            v.vp_cards_shown[s] = self.vp_cards_shown[s]
        v.dev[me] = [self.dev_old[k] + self.dev_new[k] for k in range(5)]
        v.dev_new[me] = list(self.dev_new)
        v.dev_new_n[me] = sum(self.dev_new)
        v.dev_n[me] = sum(v.dev[me])
        v.dev_discard = list(self.dev_discard)
        v.deck, v.deck_n = None, self.deck_n
        v.bank = self.bank()
        v.longest_road, v.largest_army = self.longest_road, self.largest_army
        v.road_len = [road_length(v.edge_owner, v.node_owner, v.knight_owner, s) for s in range(n)]
        for s in range(n):
            v.vp_public[s] = (sum(self.node_level[node] for node in range(54) if self.node_owner[node] == s)
                              + 2 * (v.longest_road == s) + 2 * (v.largest_army == s))
        v.first_player = self.first_player if self.first_player is not None else 0
        v.current = self.current
        v.turn = self.turn
        v.rolled, v.dice, v.dev_played = self.rolled, self.dice, self.dev_played
        v.resume_phase = MAIN if self.rolled else ROLL
        state = self.state
        if state in SETUP_STATES:
            v.phase = SETUP_STATES[state]
            v.turn = 0
            if v.phase == SETUP_SETTLEMENT:
                v.setup_step = self.settlements_placed
            else:
                v.setup_step = self.settlements_placed - 1
                v.last_setup_node = self.last_settlement[self.current]
        elif state == w.WAITING_FOR_DISCARDS:
            v.phase = DISCARD
            v.discard_need = [0] * n
            v.discard_need[me] = self.discard_need
        elif state == w.PLACING_ROBBER:
            v.phase = ROBBER
        elif state == w.WAITING_FOR_ROB_CHOOSE_PLAYER:
            v.phase = STEAL
        elif state in (w.PLACING_FREE_ROAD1, w.PLACING_FREE_ROAD2):
            v.phase = ROAD_BUILDING
            v.free_roads = 2 if state == w.PLACING_FREE_ROAD1 else 1
        else:
            v.phase = MAIN if self.rolled else ROLL
        return v

    def answer_view(self, offer: Offer) -> State:
        """Our view with another seat's offer on the table, waiting for our answer."""
        v = self.view()
        answers = [NOT_ASKED] * PLAYERS
        for s in range(PLAYERS):
            if offer.to[s] and s != offer.seat:
                answers[s] = PENDING
        v.trade = {"give": list(offer.give), "get": list(offer.get), "answers": answers,
                   "counters": [None] * PLAYERS}
        v.phase = TRADE
        v.current = offer.seat
        return v

    def bank(self) -> list:
        """19 a kind less what the hands hold by our count (at least 0)."""
        return [max(0, 19 - sum(self.hands[s][k] for s in range(PLAYERS))) for k in range(KINDS)]


def _harbor_nodes(layout) -> dict:
    out = {}
    for e, kind in zip(layout.harbor_edges, layout.harbors):
        for node in STANDARD.edge_nodes[e]:
            out[node] = kind
    return out


E_UNKNOWN = JS_UNKNOWN_RESOURCE
_HANDLERS = {
    w.SITDOWN: Table._sitdown, w.BOARDLAYOUT: Table._board, w.GAMESTATE: Table._gamestate,
    w.STARTGAME: Table._gamestate, w.TURN: Table._turn, w.DICERESULT: Table._dice,
    w.PUTPIECE: Table._put_piece, w.MOVEROBBER: Table._move_robber,
    w.DICERESULTRESOURCES: Table._dice_resources, w.PLAYERELEMENTS: Table._elements,
    w.PLAYERELEMENT: Table._element1, w.RESOURCECOUNT: Table._resource_count,
    w.BANKTRADE: Table._bank_trade, w.ACCEPTOFFER: Table._accept_offer, w.MAKEOFFER: Table._make_offer,
    w.CLEAROFFER: Table._clear_offer, w.REJECTOFFER: Table._reject_offer, w.ROBBERYRESULT: Table._robbery,
    w.DISCARD: Table._discard, w.DISCARDREQUEST: Table._discard_request,
    w.CHOOSEPLAYERREQUEST: Table._choose_player_request, w.DEVCARDACTION: Table._dev_card,
    w.SIMPLEACTION: Table._simple_action, w.GAMEELEMENTS: Table._game_elements,
    w.PICKRESOURCES: Table._pick_resources, w.GAMESTATS: Table._game_stats,
    w.DECLINEPLAYERREQUEST: Table._decline,
}
