"""Card counting: what every other seat can hold, from what this seat saw.

    belief = Belief(seat)
    belief.sync(view)           # at every decision: the seat's view
    belief.observe(record)      # every record as the seat may see it (Record.for_audience)
    belief.low[o][k], belief.high[o][k]     # seat o holds between low and high cards of kind k
    belief.deal(world, rng)     # other seats' hands sampled inside the bounds

A belief keeps its own copy of the seat's view and applies each record to it
(as a LAN replica does), so it knows how every public count moved: the bank,
every hand's size, its own hand.  What moved where is then read from the
record's public events and from conservation: the cards of each kind outside
the bank and this seat's hand are with the others, so when only one other
seat's hand changed (a build, a purchase, a bank trade, a discard, a trade or
steal with this seat) its change per kind is exactly what the bank and this
seat's hand lost.  Production, trades between others and monopolies are
public events; a steal this seat did not see moves one unknown card (the
victim may have lost any kind it could hold, the thief may have gained one of
those); anything it cannot place (a hidden swap between two others) widens
those seats' bounds to all they could hold.  After every record the bounds
are tightened by the hand sizes and the per-kind totals, and a seat whose
bounds contradict what the view shows (a missed record) starts again from
what the view alone allows, so the true hand is always inside the belief.

Only resources and commodities are tracked; development and progress cards
are dealt from their public counts (determinize.py).  Everything comes from
the seat's view and records redacted for it: nothing hidden leaks in.
"""

from game.engine import apply
from game.engine.board import board_of
from game.engine.match import normal_command

_HIDDEN_MOVES = ("gave", "took", "harbor_swap")      # C&K cards that move hidden cards


class Belief:
    def __init__(self, seat: int):
        self.seat = seat
        self.view = None            # our copy of the seat's view, kept in step by records
        self.low = self.high = None

    # --- keeping in step ----------------------------------------------------------------

    def sync(self, view) -> None:
        """Check our copy against the seat's view; start again from the view
        alone when they differ (records were missed, or this is the first)."""
        mine = self.view
        if (mine is None or mine.turn != view.turn or mine.hand_n != view.hand_n
                or mine.bank != view.bank or mine.hands[self.seat] != view.hands[self.seat]):
            self.view = view.copy()
            kinds = len(view.bank)
            self.low = [[0] * kinds for _ in range(view.n)]
            self.high = [[view.hand_n[o]] * kinds for o in range(view.n)]
            self._tighten()

    def observe(self, record) -> None:
        """Apply one record (redacted for this seat) to our copy and move the bounds."""
        v = self.view
        if v is None:
            return
        bank, counts, own = list(v.bank), list(v.hand_n), list(v.hands[self.seat])
        try:
            apply(v, normal_command(record.cmd), record.outcome, validate=False)
        except Exception:               # out of step: the next sync starts again
            self.view = None
            return
        pool_change = [(bank[k] - v.bank[k]) + (own[k] - v.hands[self.seat][k]) for k in range(len(bank))]
        self._move(record.events, pool_change, [v.hand_n[o] - counts[o] for o in range(v.n)])
        self._tighten()

    # --- the bounds -----------------------------------------------------------------------

    def _move(self, events, pool_change, count_change) -> None:
        n, me, kinds = self.view.n, self.seat, len(pool_change)
        exact = [[0] * kinds for _ in range(n)]     # known changes per seat and kind
        unknown = [0] * n                           # cards moved by hidden steals
        steals, forget = [], set()
        for e in events:
            kind = e[0]
            if kind == "produced":
                for o, gains in enumerate(e[1]):
                    for k, g in enumerate(gains):
                        exact[o][k] += g
            elif kind == "traded":
                seat, partner, give, get = e[1], e[2], e[3], e[4]
                for k in range(kinds):
                    exact[seat][k] += get[k] - give[k]
                    exact[partner][k] += give[k] - get[k]
            elif kind == "monopoly":
                seat, k, amounts = e[1], e[2], e[3]
                for o, a in enumerate(amounts):
                    exact[o][k] -= a
                    exact[seat][k] += a
            elif kind == "stole" and e[3] != -1:
                thief, victim, card = e[1], e[2], e[3]
                if card is None:
                    steals.append((thief, victim))
                    unknown[thief] += 1
                    unknown[victim] -= 1
                else:
                    exact[thief][card] += 1
                    exact[victim][card] -= 1
            elif kind in _HIDDEN_MOVES and (e[3] is None if kind == "harbor_swap" else e[4] is None):
                forget.update((e[1], e[2]))
        # What the public events leave unexplained goes to the one seat whose
        # count they leave unexplained; with more than one, we cannot tell.
        rest = list(pool_change)
        for o in range(n):
            if o != me:
                for k in range(kinds):
                    rest[k] -= exact[o][k]
        unexplained = [o for o in range(n) if o != me and o not in forget
                       and count_change[o] != sum(exact[o]) + unknown[o]]
        if (len(unexplained) == 1 and not forget
                and sum(rest) == count_change[unexplained[0]] - sum(exact[unexplained[0]])):
            o = unexplained[0]
            for k in range(kinds):
                exact[o][k] += rest[k]
        elif unexplained or forget:
            forget.update(unexplained)
        elif any(rest):                     # a swap with the bank nobody's count shows
            forget.update(o for o in range(n) if o != me)
        low, high = self.low, self.high
        for o in range(n):
            if o == me or o in forget:
                continue
            for k in range(kinds):
                low[o][k] = max(0, low[o][k] + exact[o][k])
                high[o][k] += exact[o][k]
        for thief, victim in steals:
            if thief == me or victim == me or thief in forget or victim in forget:
                continue
            could = [high[victim][k] > 0 for k in range(kinds)]
            for k in range(kinds):
                low[victim][k] = max(0, low[victim][k] - 1)
                if could[k]:
                    high[thief][k] += 1
        for o in forget:
            if o != me:
                low[o] = [0] * kinds
                high[o] = [self.view.hand_n[o]] * kinds

    def _tighten(self) -> None:
        """Bounds from the hand sizes and the per-kind totals; a seat whose
        bounds contradict them starts again from what the view allows."""
        v, me = self.view, self.seat
        kinds = len(v.bank)
        others = [o for o in range(v.n) if o != me]
        own = v.hands[me]
        totals = _totals(v)
        pool = [totals[k] - v.bank[k] - own[k] for k in range(kinds)]
        low, high = self.low, self.high
        for _ in range(2):
            for o in others:
                n = v.hand_n[o]
                lo, hi = low[o], high[o]
                sum_lo, sum_hi = sum(lo), sum(hi)
                for k in range(kinds):
                    others_lo = sum(low[p][k] for p in others if p != o)
                    others_hi = sum(high[p][k] for p in others if p != o)
                    hi[k] = min(hi[k], n - (sum_lo - lo[k]), pool[k] - others_lo)
                    lo[k] = max(lo[k], n - (sum_hi - hi[k]), pool[k] - others_hi, 0)
                if any(lo[k] > hi[k] for k in range(kinds)) or sum(lo) > n or sum(hi) < n:
                    low[o] = [0] * kinds
                    high[o] = [min(n, pool[k]) for k in range(kinds)]
        low[me] = list(own)
        high[me] = list(own)

    # --- sampling ---------------------------------------------------------------------------

    def deal(self, world, rng) -> bool:
        """Deal the other seats' hands in `world` (a copy of the view being
        determinized) inside the bounds, with `rng`; False (world untouched)
        when the belief does not fit this view or no deal was found."""
        v, me = self.view, self.seat
        if (v is None or world.hand_n != v.hand_n or world.bank != v.bank
                or world.hands[me] != v.hands[me] or world.trade is not None):
            return False
        kinds = len(world.bank)
        others = [o for o in range(world.n) if o != me]
        totals = _totals(world)
        pool = [totals[k] - world.bank[k] - world.hands[me][k] for k in range(kinds)]
        for _ in range(4):
            hands = {o: list(self.low[o]) for o in others}
            left = [pool[k] - sum(hands[o][k] for o in others) for k in range(kinds)]
            cards = [k for k in range(kinds) for _ in range(left[k])]
            rng.shuffle(cards)
            need = {o: world.hand_n[o] - sum(hands[o]) for o in others}
            ok = True
            for k in cards:
                room = [o for o in others if need[o] > 0 and hands[o][k] < self.high[o][k]]
                if not room:
                    ok = False
                    break
                weights = sum(need[o] for o in room)
                pick = rng.below(weights)
                for o in room:
                    pick -= need[o]
                    if pick < 0:
                        break
                hands[o][k] += 1
                need[o] -= 1
            if ok and not any(need.values()):
                for o in others:
                    world.hands[o] = hands[o]
                return True
        return False


def _totals(view) -> list:
    """Every card of each kind in the game."""
    return board_of(view).supply.bank(len(view.bank))
