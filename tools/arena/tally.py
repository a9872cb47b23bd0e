"""What the arenas count about how computers play, per level (beyond who won).

    tally = Tally(levels)                   # levels by seat
    Table(..., before=tally.before, submit=tally.wrap(auth.submit))
    tally.counts                            # level -> {name: count}; merge with add()

Per level:
- `own_turns`: turns the level's seats began (each seat's own turns);
- `idle_leader_turns`: turns a seat of this level ended while at the top of
  the public points (ties count) with a legal settlement or city in hand,
  each worth a victory point: a leader that does not build;
  `idle_leader_gain_turns`: those of them where such a build would also have
  raised the seat's own valuation (game.bots.evaluate, on its view);
- `offers`, `offers_accepted`: trade offers made, and those that ended in a
  trade (with the offer's or a counter's terms);
- `attacks_lost_city`: barbarian attacks (C&K) in which a seat of the level
  was among those who lose a city; `defender`: attacks after which it was
  the single Defender of Catan; `attacks`, `attacks_won`, `attacks_lost`:
  the attacks at tables where the level sat (each counted once per level).
Per game: `attacks`, `attacks_won` (Catan won), `attacks_lost` (the barbarians won).
"""

from game.bots.evaluate import evaluate
from game.engine import apply, legal_commands

LEVEL_KEYS = ("own_turns", "idle_leader_turns", "idle_leader_gain_turns", "offers", "offers_accepted",
              "attacks_lost_city", "defender", "attacks", "attacks_won", "attacks_lost")
GAME_KEYS = ("attacks", "attacks_won", "attacks_lost")
_VP_BUILDS = frozenset(("build_settlement", "build_city"))


def is_leader(view, seat) -> bool:
    """At the top of the public points (ties count)."""
    return view.vp_public[seat] >= max(view.vp_public)


def idle_leader(view, seat, cmd) -> list:
    """The settlements and cities a leader could have built, when `cmd` ends
    its turn (empty otherwise)."""
    if cmd[0] != "end_turn" or not is_leader(view, seat):
        return []
    return [c for c in legal_commands(view, seat) if c[0] in _VP_BUILDS]


def raises_value(view, seat, builds) -> bool:
    """One of `builds` raises the seat's own valuation."""
    now = evaluate(view, seat)
    for cmd in builds:
        trial = view.copy()
        apply(trial, cmd, None, validate=False)
        if evaluate(trial, seat) > now:
            return True
    return False


class Tally:
    def __init__(self, levels):
        self.levels = list(levels)
        self.counts = {level: dict.fromkeys(LEVEL_KEYS, 0) for level in self.levels}
        self.game = dict.fromkeys(GAME_KEYS, 0)
        self._turns = set()

    def before(self, seat, view, cmd) -> None:
        mine = self.counts[self.levels[seat]]
        if view.current == seat and (seat, view.turn) not in self._turns:
            self._turns.add((seat, view.turn))
            mine["own_turns"] += 1
        if cmd[0] == "offer":
            mine["offers"] += 1
            return
        builds = idle_leader(view, seat, cmd)
        if builds:
            mine["idle_leader_turns"] += 1
            if raises_value(view, seat, builds):
                mine["idle_leader_gain_turns"] += 1

    def wrap(self, submit):
        """`submit` that also reads the events of every record it returns."""
        def counted(cmd):
            record = submit(cmd)
            for event in getattr(record, "events", ()):
                self.event(event)
            return record
        return counted

    def event(self, event) -> None:
        kind = event[0]
        if kind == "traded":
            self.counts[self.levels[event[1]]]["offers_accepted"] += 1
        elif kind == "barbarians_attack":        # (kind, barbarians, Catan's strength, by seat)
            outcome = "attacks_lost" if event[1] > event[2] else "attacks_won"
            for counts in (self.game, *(self.counts[level] for level in set(self.levels))):
                counts["attacks"] += 1
                counts[outcome] += 1
        elif kind == "barbarians_win":
            for seat in event[1]:
                self.counts[self.levels[seat]]["attacks_lost_city"] += 1
        elif kind == "defender":
            self.counts[self.levels[event[1]]]["defender"] += 1


def add(total: dict, part: dict) -> dict:
    """Sum `part`'s counts into `total` (both name -> count), returns `total`."""
    for key, n in part.items():
        total[key] = total.get(key, 0) + n
    return total


def rates(counts: dict) -> dict:
    """The per-level figures the arenas print from the summed counts."""
    turns, offers = counts.get("own_turns", 0), counts.get("offers", 0)
    return {
        "idle_leader_turns": counts.get("idle_leader_turns", 0),
        "idle_leader_gain_turns": counts.get("idle_leader_gain_turns", 0),
        "offers": offers,
        "offers_per_turn": round(offers / turns, 3) if turns else 0.0,
        "offers_accepted_share": round(counts.get("offers_accepted", 0) / offers, 3) if offers else None,
        "attacks_lost_city": counts.get("attacks_lost_city", 0),
        "defender": counts.get("defender", 0),
        "attacks": counts.get("attacks", 0),
        "attacks_won": counts.get("attacks_won", 0),
        "attacks_lost": counts.get("attacks_lost", 0),
    }
