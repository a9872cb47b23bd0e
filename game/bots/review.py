"""A game looked back on: each seat's chance to win after every command, the
commands that moved it most, the dice against the odds and where every
player's cards came from.

    review(config, commands) -> dict      a game given as config + commands

It replays the game on the full state (every hand known), so it belongs to
a game that is over or to whoever may see everything (the laptop that holds
the save).  Everything it returns is plain data (numbers, command kinds,
seats); the words are the caller's (game/client/reviewtext.py, tools/review.py).

    series      [[p0, p1, ...], ...]   win chances before the first command, then
                                       after each command (ends at 1 for the winner)
    turns       the turn number after each command (same length as series)
    swings      the commands that changed a seat's chance most, biggest first:
                {"index", "turn", "seat", "delta", "actor", "kind", "detail"}
    dice        {"counts": {total: n}, "expected": {total: n}, "rolls": n}
    gains       per seat {source: cards} with sources SOURCES

    ChoiceCheck(config, commands, people)  for each person (seat played by
        a person), the decisions where the Hard computer's choice was worth
        clearly more; step by step (`step(seconds)`) so a window can show
        its progress, or at once (`run()`), then `result()`.
"""

import time

from game.engine import legal_commands, view as seat_view
from game.engine.board import board_of
from game.engine.constants import DESERT, PROGRESS_NAMES
from game.engine.match import Authority
from game.engine.rng import Rng
from game.engine.state import GAME_OVER, MAIN, ROLL, TRADE

from .hard import QUICK_PLAYOUTS, HardBot
from .search import WIN, Search

from .winchance import chances

SOURCES = ("founding", "production", "trade", "robber", "cards")
SWINGS = 5                     # how many swings a review names
SWING_GAP = 4                  # swings at least this many commands apart (a roll and its robber are one story)
WAYS = {total: 6 - abs(total - 7) for total in range(2, 13)}   # ways to roll each total with two dice

_SOURCE_OF = {
    "place_settlement": "founding", "place_city": "founding", "place_road": "founding",
    "roll": "production",
    "confirm_trade": "trade", "maritime": "trade", "harbor_trade": "trade",
    "steal": "robber", "move_robber": "robber", "skip_steal": "robber", "discard": "robber",
}


def source_of(cmd) -> str:
    """Where cards a command hands out come from (SOURCES)."""
    kind = cmd[0]
    if kind == "resolve" and cmd[2] in ("aqueduct",):
        return "production"
    if kind == "resolve" and cmd[2] in ("harbor_answer",):
        return "trade"
    return _SOURCE_OF.get(kind, "cards")


def detail_of(state, cmd, events) -> dict:
    """What a command did, as data a sentence can be made of."""
    board = board_of(state)
    kind = cmd[0]
    out = {}
    if kind in ("build_settlement", "build_city", "place_settlement", "place_city"):
        node = cmd[2]
        out["numbers"] = sorted(state.numbers[h] for h in board.node_hexes[node] if state.terrain[h] != DESERT)
    elif kind == "move_robber" and len(cmd) > 2 and isinstance(cmd[2], int) and 0 <= cmd[2] < len(state.numbers):
        out["numbers"] = [state.numbers[cmd[2]]] if state.terrain[cmd[2]] != DESERT else []
    for e in events:
        if e[0] == "rolled":
            out["total"] = e[2] + e[3]
        elif e[0] == "stole":
            out["victim"] = e[2]
        elif e[0] in ("longest_road", "largest_army") and len(e) > 1:
            out[e[0]] = e[1]
        elif e[0] == "barbarians_attack":
            out["barbarians"] = True
        elif e[0] == "city_lost":
            out.setdefault("cities_lost", []).append(e[1])
        elif e[0] == "game_over" or e[0] == "won":
            out["won"] = True
    if kind == "progress":
        out["card"] = PROGRESS_NAMES[cmd[2]]
    if kind == "resolve":
        out["decision"] = cmd[2]
    return out


def _pick_swings(deltas, count=SWINGS, gap=SWING_GAP) -> list:
    """The biggest |delta| entries, no two within `gap` commands of each other."""
    chosen = []
    for entry in sorted(deltas, key=lambda d: -abs(d["delta"])):
        if all(abs(entry["index"] - c["index"]) >= gap for c in chosen):
            chosen.append(entry)
            if len(chosen) == count:
                break
    return chosen


def review(config: dict, commands, on_step=None) -> dict:
    """The review of a game given as its config and command log.  Raises
    the engine's IllegalCommand (or ValueError) for a log that does not
    replay; callers that read a save check it first (game/saves/)."""
    auth = Authority(config)
    state = auth.state
    n = state.n
    series = [chances(state)]
    turns = [state.turn]
    deltas = []
    dice = {total: 0 for total in WAYS}
    gains = [{source: 0 for source in SOURCES} for _ in range(n)]
    for i, cmd in enumerate(commands):
        before = [list(h) for h in state.hands]
        record = auth.submit(cmd)
        source = source_of(record.cmd)
        for seat in range(n):
            for k, (a, b) in enumerate(zip(before[seat], state.hands[seat])):
                if b > a:
                    gains[seat][source] += b - a
        for e in record.events:
            if e[0] == "rolled":
                dice[e[2] + e[3]] += 1
        now = chances(state)
        prev = series[-1]
        seat = max(range(n), key=lambda s: abs(now[s] - prev[s]))
        # The founding round compares seats that have placed with seats that have not yet:
        # its jumps are the order of placing, not swings.
        if abs(now[seat] - prev[seat]) >= 0.01 and state.phase != GAME_OVER and source != "founding":
            deltas.append({"index": i + 1, "turn": state.turn, "seat": seat,
                           "delta": round(now[seat] - prev[seat], 4), "actor": record.cmd[1],
                           "kind": record.cmd[0], "detail": detail_of(state, record.cmd, record.events)})
        series.append(now)
        turns.append(state.turn)
        if on_step is not None:
            on_step(i + 1)
    rolls = sum(dice.values())
    return {
        "players": n, "rules": config["rules"], "commands": len(commands),
        "winner": state.winner if state.phase == GAME_OVER else -1,
        "series": [[round(p, 4) for p in row] for row in series], "turns": turns,
        "swings": _pick_swings(deltas),
        "dice": {"rolls": rolls, "counts": dice,
                 "expected": {t: round(rolls * w / 36, 2) for t, w in WAYS.items()}},
        "gains": gains,
    }


# --- the Hard computer's better choices -------------------------------------------------------

CHECKS_PER_PERSON = 30      # decisions of one person the check looks at (spread over the game)
ROUNDS = 24                 # paired playouts that compare the person's command with Hard's
CLEARLY = 0.3               # valuation points (about a third of a victory point) ...
CONFIDENCE = 2.0            # ... and this many standard errors of the paired difference
SHOWN = 5                   # better choices named per person
_CHOICES = ("build_road", "build_settlement", "build_city", "buy_dev", "build_wall", "improve",
            "recruit_knight", "activate_knight", "promote_knight")


def matters(view, seat, cmd, legal) -> bool:
    """Whether `seat`'s command was a decision worth checking: there was a
    choice, it was not the roll, and ending a turn only when a build, a card
    or a knight was possible instead."""
    if len(legal) < 2 or view.phase == ROLL or cmd[0] == "roll":
        return False
    if view.phase == TRADE and cmd[0] in ("cancel_trade",):
        return False
    if cmd[0] == "end_turn":
        return view.phase == MAIN and any(c[0] in _CHOICES or c[0].startswith("play_") for c in legal)
    return True


def spread(items: list, count: int) -> list:
    """`count` of `items` spread evenly over them (all when there are fewer)."""
    if len(items) <= count:
        return list(items)
    return [items[(2 * k + 1) * len(items) // (2 * count)] for k in range(count)]


def _plain(cmd) -> list:
    return [list(x) if isinstance(x, tuple) else x for x in cmd]


class ChoiceCheck:
    """For each person, the decisions where the Hard computer, given the
    person's view (and the card counting it keeps from the same records),
    would have played something worth clearly more.  Both commands are
    played out on the same sampled worlds (Search.paired); a better choice
    is one whose mean gain is at least CLEARLY and CONFIDENCE standard
    errors.  At most `budget` decisions a person are checked, spread over
    the game; `result()` says how many there were and how many were
    checked.  Deterministic: the computer is seeded from the game's seed."""

    def __init__(self, config: dict, commands, people, budget: int = CHECKS_PER_PERSON,
                 rounds: int = ROUNDS):
        self.config = config
        self.commands = list(commands)
        self.people = sorted(set(people))
        self.budget = budget
        self.rounds = rounds
        self.found = {seat: 0 for seat in self.people}      # decisions that matter
        self.checked = {seat: 0 for seat in self.people}
        self.better = {seat: [] for seat in self.people}
        self.planned = 0
        self.done = not self.people or budget <= 0
        self._work = None if self.done else self._steps()

    def progress(self) -> tuple:
        """(decisions checked, decisions to check): the second is 0 until the
        first pass has found them."""
        return sum(self.checked.values()), self.planned

    def step(self, seconds: float = 0.03) -> bool:
        """Work for about `seconds` (at least one step); True once done."""
        end = time.perf_counter() + seconds
        while not self.done:
            try:
                next(self._work)
            except StopIteration:
                self.done = True
            if time.perf_counter() >= end:
                break
        return self.done

    def run(self) -> dict:
        while not self.step(3600.0):
            pass
        return self.result()

    def result(self) -> dict:
        """Per person (seat as a string key, for JSON): decisions found and
        checked, whether the budget limited them, and the better choices,
        biggest first: {"index", "turn", "played", "hard", "gain", "se",
        "wins", "played_detail", "hard_detail"}: `gain` in valuation points
        (about victory points), `wins` the share of samples in which Hard's
        command won the game within the playout and the person's did not,
        or the person's lost it and Hard's did not."""
        return {str(seat): {"decisions": self.found[seat], "checked": self.checked[seat],
                            "limited": self.checked[seat] < self.found[seat],
                            "better": sorted(self.better[seat], key=lambda b: -b["gain"])[:SHOWN]}
                for seat in self.people}

    def _decisions(self):
        """The first pass: per person, the command indexes worth checking."""
        auth = Authority(self.config)
        found = {seat: [] for seat in self.people}
        for i, cmd in enumerate(self.commands):
            seat = cmd[1] if len(cmd) > 1 else -1
            if seat in found:
                view = seat_view(auth.state, seat)
                if matters(view, seat, cmd, legal_commands(view, seat)):
                    found[seat].append(i)
            auth.submit(cmd)
            if i % 50 == 49:
                yield
        return found

    def _steps(self):
        found = yield from self._decisions()
        chosen = {}
        for seat, indexes in found.items():
            self.found[seat] = len(indexes)
            for i in spread(indexes, self.budget):
                chosen[i] = seat
        self.planned = len(chosen)
        seed = self.config.get("seed", 0)
        # A fixed budget, no clock: a busy machine must not change what the review says.
        bots = {seat: HardBot(seat, seed * 7 + seat, iterations=QUICK_PLAYOUTS) for seat in self.people}
        searches = {seat: Search(seat, Rng(seed, stream=3100 + seat)) for seat in self.people}
        auth = Authority(self.config)
        state = auth.state
        for i, cmd in enumerate(self.commands):
            seat = chosen.get(i)
            if seat is not None:
                self._check(i, seat, cmd, seat_view(state, seat), bots[seat], searches[seat])
                yield
            record = auth.submit(cmd)
            for s, bot in bots.items():
                bot.observe(record.for_audience(s))
            if i % 50 == 49:
                yield

    def _check(self, i, seat, cmd, view, bot, search) -> None:
        self.checked[seat] += 1
        theirs = bot.choose(view)
        if theirs is None or tuple(theirs) == tuple(cmd):
            return
        rows = search.paired(view, [tuple(cmd), tuple(theirs)], self.rounds)
        diffs = [b - a for a, b in rows]
        # A playout that ends the game scores WIN: count those apart, the mean alone would shout.
        wins = sum(1 for a, b in rows if b >= WIN / 2 > a or a <= -WIN / 2 < b) / len(rows)
        n = len(diffs)
        mean = sum(diffs) / n
        se = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 / n ** 0.5 if n > 1 else float("inf")
        if mean >= CLEARLY and mean >= CONFIDENCE * se:
            self.better[seat].append({
                "index": i, "turn": view.turn, "played": _plain(cmd), "hard": _plain(theirs),
                "gain": round(mean, 3), "se": round(se, 3), "wins": round(wins, 3),
                "played_detail": detail_of(view, cmd, ()), "hard_detail": detail_of(view, theirs, ())})


__all__ = ["review", "SOURCES", "source_of", "detail_of", "ChoiceCheck", "matters"]
