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
"""

from game.engine.board import NODE_HEXES
from game.engine.constants import DESERT, PROGRESS_NAMES
from game.engine.match import Authority
from game.engine.state import GAME_OVER

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
    kind = cmd[0]
    out = {}
    if kind in ("build_settlement", "build_city", "place_settlement", "place_city"):
        node = cmd[2]
        out["numbers"] = sorted(state.numbers[h] for h in NODE_HEXES[node] if state.terrain[h] != DESERT)
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


__all__ = ["review", "SOURCES", "source_of", "detail_of"]
