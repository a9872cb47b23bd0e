"""Our Hard player against catanatron's best bots, in catanatron's own engine.

    python -m tools.arena.vs_catanatron [--opponent alphabeta|value] [--games N]
        [--seed S] [--jobs J] [--think-ms MS] [--max-minutes M] [--json]

One seat is our Hard player (game.bots.make_bot("hard", ...)), the other
three are catanatron's AlphaBetaPlayer (its default depth 2) or its
ValueFunctionPlayer.  catanatron runs the game; at each of our decisions we
build our seat's view of catanatron's game as a game.engine State (our hand,
others' card counts, the public board, played development cards, the bank;
hidden parts None), ask our bot, and turn its command into catanatron's
action.  Prints the win rate with a Wilson 95 % interval, average turns,
our decision times and the rule differences that had to be bridged.

catanatron (GPL) is a benchmark opponent run from outside the project: it is
never a dependency of the game.  Its AlphaBeta and ValueFunction players are
only in its repository source (3.3.0, Python >= 3.11), see HOW_TO_GET.
"""

import argparse
import contextlib
import json
import math
import multiprocessing
import sys
import time

from game.bots.protocol import SAFE_KINDS
from game.engine.board import STANDARD
from game.engine.constants import RESOURCES, VICTORY_POINT
from game.engine.longest_road import road_length
from game.engine.rulesets.base.robber import steal_candidates
from game.engine.ruleset import default_config
from game.engine.state import DISCARD, MAIN, ROAD_BUILDING, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, STEAL, State

from .catanatron_map import (
    DEV_NAMES, RESOURCE_NAMES, edge_map, harbor_layout, hex_of_cube,
    node_map, resource_index,
)
from .provenance import code_under_test

HOW_TO_GET = """catanatron with its AlphaBeta and ValueFunction players is not installed.
They are only in its repository source (catanatron 3.3.0, Python >= 3.11), not in the
release on PyPI.  Install it into a SEPARATE virtual environment, never the project's:

    git clone https://github.com/bcollazo/catanatron /tmp/catanatron-src
        (or: git --git-dir=<mirror> archive HEAD | tar -x -C /tmp/catanatron-src)
    python3 -m venv /work/arena-venv
    /work/arena-venv/bin/pip install -e .  -e /tmp/catanatron-src
    /work/arena-venv/bin/python -m tools.arena.vs_catanatron --opponent value --games 20

(run from the project root; catanatron is GPL-licensed: only called, never copied.)"""

OPPONENTS = ("alphabeta", "value")

# Rule differences the bridge has to cover, reported with every run.
RULE_DIFFERENCES = (
    "harbor frame: catanatron's 9 harbors lie 6 coastal paths further round than our "
    "frame (B-1.3); the arena plays with catanatron's frame in our engine's place",
    "no domestic trades: catanatron's bots never offer or answer, so our seat makes none "
    "(Hard's offers are switched off; B-7.1 unused)",
    "trading after building is allowed in catanatron: our view uses the "
    "combine_trade_build option (B-4.1 variant)",
    "discarding: catanatron takes one card per action; our one discard command (B-5.3) "
    "is played out card by card",
    "robber: catanatron moves the robber and steals in one action and a steal is "
    "compulsory when a victim holds cards (ours B-5.4: optional, and a seat without "
    "cards can be chosen) — our move and steal are asked in turn and merged",
    "roads: catanatron also offers a road continuing past another seat's building at the "
    "end of one's network (B-6.2 forbids it); our seat never plays such a road",
    "turn limit: catanatron stops a game without winner after 1000 turns (counted as a loss)",
    "seating: catanatron shuffles the seating with the game's seed; the players are handed "
    "to it in the order that lands our seat on seat (seed mod 4), so the seats rotate",
)


def our_input_index(seed: int, seat: int, players: int = 4) -> int:
    """Where in the list handed to catanatron our player must stand to sit at
    `seat`: catanatron seats `random.sample(players, n)` right after
    `random.seed(seed)`, and which places that draws depends on the seed
    and the count only, not on who stands where."""
    import random
    rng = random.Random(seed)
    return rng.sample(range(players), players)[seat]


def have_catanatron() -> bool:
    try:
        from catanatron.players.minimax import AlphaBetaPlayer  # noqa: F401
        from catanatron.players.value import ValueFunctionPlayer  # noqa: F401
    except ImportError:
        return False
    return True


def wilson(wins: int, n: int, z: float = 1.96) -> tuple:
    """Wilson score interval for a win rate (0, 1 when nothing was played)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    lo = 0.0 if wins == 0 else max(0.0, centre - half)     # exact at the ends
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return lo, hi


@contextlib.contextmanager
def bridged_rules(harbor_edges, offers: bool = False):
    """Our engine and bot as another program plays: its harbor paths in place
    of our frame, and (unless `offers`) no domestic offers from Hard (nobody
    in catanatron would answer).  Both are restored afterwards."""
    from game.bots import hard as hard_module
    saved = STANDARD.harbor_edges, hard_module.OFFERS_PER_TURN
    STANDARD.harbor_edges = tuple(harbor_edges)
    if not offers:
        hard_module.OFFERS_PER_TURN = 0
    try:
        yield
    finally:
        STANDARD.harbor_edges, hard_module.OFFERS_PER_TURN = saved


class BoardBridge:
    """Everything about one catanatron map that translates to our ids."""

    def __init__(self, catan_map):
        from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS
        from catanatron.models.tiles import Port

        tiles = catan_map.land_tiles
        self.node = node_map({c: {ref.value: i for ref, i in t.nodes.items()}
                              for c, t in tiles.items()})
        self.their_node = {ours: theirs for theirs, ours in self.node.items()}
        paths = {e for t in tiles.values() for e in t.edges.values()}
        self.edge = edge_map(self.node, paths)
        self.their_edge = {}
        for path, e in self.edge.items():
            self.their_edge.setdefault(e, path)
        self.hex = {c: hex_of_cube(c) for c in tiles}
        self.terrain = [0] * STANDARD.num_hexes
        self.numbers = [0] * STANDARD.num_hexes
        for c, t in tiles.items():
            h = self.hex[c]
            self.terrain[h] = resource_index(t.resource)
            self.numbers[h] = t.number or 0
        ports = []
        for t in catan_map.tiles.values():
            if isinstance(t, Port):
                a, b = PORT_DIRECTION_TO_NODEREFS[t.direction]
                ports.append((t.resource, (t.nodes[a], t.nodes[b])))
        self.harbor_edges, self.harbors = harbor_layout(self.node, ports)


def _ratios(cstate, color) -> list:
    ports = cstate.board.get_player_port_resources(color)
    rate = 3 if None in ports else 4
    return [2 if name in ports else rate for name in RESOURCE_NAMES]


def build_view(game, color, bridge: BoardBridge) -> State:
    """Our seat's view of catanatron's game: only what that seat may know."""
    from catanatron.models.enums import ActionPrompt, ActionType

    cs = game.state
    n = len(cs.colors)
    me = cs.color_to_index[color]
    cfg = default_config(players=n, vp_target=game.vps_to_win, combine_trade_build=True)
    v = State.blank(cfg)
    v.config["seed"] = None                 # as in every view (views.py)
    v.terrain, v.numbers, v.harbors = list(bridge.terrain), list(bridge.numbers), list(bridge.harbors)
    v.robber = bridge.hex[cs.board.robber_coordinate]
    for node, (c, kind) in cs.board.buildings.items():
        ours = bridge.node[node]
        v.node_owner[ours] = cs.color_to_index[c]
        v.node_level[ours] = 2 if kind == "CITY" else 1
    for path, c in cs.board.roads.items():
        v.edge_owner[bridge.edge[path]] = cs.color_to_index[c]
    v.bank = list(cs.resource_freqdeck)
    v.deck, v.deck_n = None, len(cs.development_listdeck)
    v.dev_discard = [0] * 5
    for s in range(n):
        key = f"P{s}_"
        ps = cs.player_state
        hand = [ps[key + f"{r}_IN_HAND"] for r in RESOURCE_NAMES]
        dev = [ps[key + f"{DEV_NAMES[k]}_IN_HAND"] for k in range(5)]
        # catanatron: a kind held at the turn's start is playable; otherwise all are new.
        new = [0 if k == VICTORY_POINT or ps.get(key + f"{DEV_NAMES[k]}_OWNED_AT_START") else dev[k]
               for k in range(5)]
        v.hand_n[s] = sum(hand)
        v.dev_n[s] = sum(dev)
        v.hands[s] = hand if s == me else None
        v.dev[s] = dev if s == me else None
        v.dev_new[s] = new if s == me else None
        v.dev_new_n[s] = sum(new) if s == me else 0
        for k in range(5):
            v.dev_discard[k] += ps.get(key + f"PLAYED_{DEV_NAMES[k]}", 0)
        v.roads_left[s] = ps[key + "ROADS_AVAILABLE"]
        v.settlements_left[s] = ps[key + "SETTLEMENTS_AVAILABLE"]
        v.cities_left[s] = ps[key + "CITIES_AVAILABLE"]
        v.ratios[s] = _ratios(cs, cs.colors[s])
        v.knights[s] = ps[key + "PLAYED_KNIGHT"]
        v.vp_public[s] = ps[key + "VICTORY_POINTS"]
        if ps[key + "HAS_ROAD"]:
            v.longest_road = s
        if ps[key + "HAS_ARMY"]:
            v.largest_army = s
    # Road lengths by our own count from the public board (catanatron's counter
    # is only refreshed when the Longest Road may change hands).
    v.road_len = [road_length(v.edge_owner, v.node_owner, v.knight_owner, s) for s in range(n)]
    v.first_player = 0
    v.current = cs.current_turn_index
    prompt = cs.current_prompt
    rolled = bool(cs.player_state[f"P{v.current}_HAS_ROLLED"])
    v.rolled = rolled
    v.dev_played = bool(cs.player_state[f"P{v.current}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"])
    v.turn = 0 if cs.is_initial_build_phase else cs.num_turns + 1
    rolls = [r for r in cs.action_records if r.action.action_type == ActionType.ROLL]
    v.dice = list(rolls[-1].result) if rolled and rolls else None
    v.resume_phase = MAIN if rolled else ROLL
    if prompt == ActionPrompt.BUILD_INITIAL_SETTLEMENT:
        v.phase = SETUP_SETTLEMENT
        v.current = cs.current_player_index
        v.setup_step = sum(1 for _ in cs.board.buildings)
    elif prompt == ActionPrompt.BUILD_INITIAL_ROAD:
        v.phase = SETUP_ROAD
        v.current = cs.current_player_index
        v.setup_step = len(cs.board.buildings) - 1
        own = cs.buildings_by_color[color]["SETTLEMENT"]
        v.last_setup_node = bridge.node[own[-1]]
    elif prompt == ActionPrompt.DISCARD:
        v.phase = DISCARD
        v.discard_need = [0] * n
        v.discard_need[me] = cs.discard_counts[me]
    elif prompt == ActionPrompt.MOVE_ROBBER:
        v.phase = ROBBER
    elif cs.is_road_building:
        v.phase = ROAD_BUILDING
        v.free_roads = cs.free_roads_available
    else:
        v.phase = MAIN if rolled else ROLL
    return v


def _is(action, type_name, value=None, match=None) -> bool:
    if action.action_type.value != type_name:
        return False
    if match is not None:
        return match(action.value)
    return value is None or action.value == value


class Bridge:
    """Turns our commands into catanatron actions; counts what needed bridging."""

    def __init__(self, bot, bridge: BoardBridge):
        self.bot = bot
        self.board = bridge
        self.discards = []              # cards still to give, one action each
        self.times = []                 # seconds per decision of our bot
        self.counts = {"decisions": 0, "refused": 0, "forced_steal": 0, "steal_lost": 0}

    def ask(self, view):
        t0 = time.perf_counter()
        cmd = self.bot.choose(view)
        self.times.append(time.perf_counter() - t0)
        self.counts["decisions"] += 1
        return cmd

    def decide(self, game, playable):
        color = playable[0].color
        if self.discards and any(_is(a, "DISCARD_RESOURCE") for a in playable):
            return self._one(playable, "DISCARD_RESOURCE", RESOURCE_NAMES[self.discards.pop()])
        view = build_view(game, color, self.board)
        cmd = self.ask(view)
        if cmd is None:
            return self._refused(playable, cmd)
        kind = cmd[0]
        if kind == "discard":
            self.discards = [k for k in RESOURCES for _ in range(cmd[2][k])][::-1]
            return self._one(playable, "DISCARD_RESOURCE", RESOURCE_NAMES[self.discards.pop()])
        if kind == "move_robber":
            return self._robber(game, view, cmd[2], playable)
        action = self._translate(cmd, playable)
        return action if action is not None else self._refused(playable, cmd)

    def _translate(self, cmd, playable):
        kind = cmd[0]
        b = self.board
        simple = {"roll": "ROLL", "end_turn": "END_TURN", "buy_dev": "BUY_DEVELOPMENT_CARD",
                  "play_knight": "PLAY_KNIGHT_CARD", "play_road_building": "PLAY_ROAD_BUILDING"}
        if kind in simple:
            return self._find(playable, simple[kind])
        if kind in ("place_settlement", "build_settlement"):
            return self._find(playable, "BUILD_SETTLEMENT", b.their_node[cmd[2]])
        if kind == "build_city":
            return self._find(playable, "BUILD_CITY", b.their_node[cmd[2]])
        if kind in ("place_road", "build_road"):
            return self._find(playable, "BUILD_ROAD",
                              match=lambda path: b.edge.get(tuple(path)) == cmd[2])
        if kind == "play_monopoly":
            return self._find(playable, "PLAY_MONOPOLY", RESOURCE_NAMES[cmd[2]])
        if kind == "play_year_of_plenty":
            want = sorted((RESOURCE_NAMES[cmd[2]], RESOURCE_NAMES[cmd[3]]))
            return self._find(playable, "PLAY_YEAR_OF_PLENTY", match=lambda v: sorted(v) == want)
        if kind == "maritime":
            give, get = RESOURCE_NAMES[cmd[2]], RESOURCE_NAMES[cmd[3]]
            return self._find(playable, "MARITIME_TRADE",
                              match=lambda v: v[0] == give and v[-1] == get)
        return None

    def _robber(self, game, view, h, playable):
        """Our move, then our steal on a view with the robber moved; catanatron's
        one action.  A steal is compulsory there when anyone on the hex has cards."""
        coord = next(c for c, ours in self.board.hex.items() if ours == h)
        options = [a for a in playable if _is(a, "MOVE_ROBBER", match=lambda v: v[0] == coord)]
        if not options:
            return self._refused(playable, ("move_robber", view.current, h))
        after = view.copy()
        after.robber, after.phase = h, STEAL
        victim = None
        if steal_candidates(after):
            cmd = self.ask(after)
            if cmd is not None and cmd[0] == "steal":
                victim = game.state.colors[cmd[2]]
        for a in options:
            if a.value[1] == victim:
                return a
        # The chosen victim has no cards (catanatron lists no steal then), or we
        # skipped a steal catanatron makes compulsory.
        self.counts["forced_steal" if victim is None else "steal_lost"] += 1
        return options[0]

    def _find(self, playable, type_name, value=None, match=None):
        return next((a for a in playable if _is(a, type_name, value, match)), None)

    def _one(self, playable, type_name, value):
        action = self._find(playable, type_name, value)
        return action if action is not None else self._refused(playable, ("discard", value))

    def _refused(self, playable, cmd):
        """catanatron has no action for our command: count it, play something safe."""
        self.counts["refused"] += 1
        self.counts.setdefault("refused_examples", [])
        if len(self.counts["refused_examples"]) < 5:
            self.counts["refused_examples"].append(repr(cmd))
        for kind in SAFE_KINDS:             # those catanatron has: end_turn, roll
            action = self._translate((kind, None), playable)
            if action is not None:
                return action
        return playable[0]


def play_game(opponent: str, seed: int, think_ms: int | None, hard_options=None) -> dict:
    """One game: our Hard against three catanatron players; a result dict."""
    import random

    from catanatron.game import TURNS_LIMIT, Game
    from catanatron.models.player import Color, Player
    from catanatron.players.minimax import AlphaBetaPlayer
    from catanatron.players.value import ValueFunctionPlayer

    from game.bots import make_bot

    class OurSeat(Player):
        def __init__(self, color):
            super().__init__(color, is_bot=True)
            self.bridge = None

        def decide(self, game, playable_actions):
            return self.bridge.decide(game, playable_actions)

    colors = list(Color)
    ours = OurSeat(colors[0])
    other = AlphaBetaPlayer if opponent == "alphabeta" else ValueFunctionPlayer
    players = [other(c) for c in colors[1:]]
    players.insert(our_input_index(seed, seed % len(colors)), ours)
    random.seed(seed)
    game = Game(players, seed=seed)
    bb = BoardBridge(game.state.board.map)
    seat = game.state.color_to_index[ours.color]
    if seat != seed % len(colors):
        raise RuntimeError(f"catanatron seated us at {seat}, not {seed % len(colors)}")
    # The shipped Hard (a fixed number of playouts) unless a time budget is asked for.
    options = {"think_ms": think_ms} if think_ms else {}
    options.update(hard_options or {})
    ours.bridge = Bridge(make_bot("hard", seat, seed, **options), bb)
    t0 = time.perf_counter()
    with bridged_rules(bb.harbor_edges):
        winner = game.play()
    seconds = time.perf_counter() - t0
    times = ours.bridge.times
    return {
        "seed": seed, "seat": seat, "won": winner == ours.color,
        "winner": None if winner is None else winner.value,
        "turn_limit": winner is None and game.state.num_turns >= TURNS_LIMIT,
        "turns": game.state.num_turns, "seconds": round(seconds, 1),
        "decision_s": times, **ours.bridge.counts,
    }


def _play(args):
    opponent, seed, think_ms, hard_options = args
    try:
        return play_game(opponent, seed, think_ms, hard_options)
    except Exception as exc:        # a bridge bug must not hide the other games
        return {"seed": seed, "error": f"{type(exc).__name__}: {exc}"}


def run(opponent: str, games: int, seed: int, jobs: int, think_ms: int | None,
        max_minutes: float | None = None, progress=None, hard_options=None) -> dict:
    """`hard_options`: HardBot options (e.g. {"iterations": 60}) for other settings than shipped."""
    tasks = [(opponent, seed + i, think_ms, hard_options) for i in range(games)]
    deadline = None if max_minutes is None else time.monotonic() + 60 * max_minutes
    results = []
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    try:
        it = pool.imap_unordered(_play, tasks) if pool else map(_play, tasks)
        for r in it:
            results.append(r)
            if progress:
                progress(r)
            if deadline is not None and time.monotonic() > deadline:
                break
    finally:
        if pool:
            pool.terminate()
            pool.join()
    out = summarize(opponent, games, seed, think_ms, results)
    out["hard_options"] = hard_options or {}
    out["code"] = code_under_test()
    return out


def summarize(opponent, asked, seed, think_ms, results) -> dict:
    done = [r for r in results if "error" not in r]
    wins = sum(r["won"] for r in done)
    lo, hi = wilson(wins, len(done))
    times = sorted(t for r in done for t in r["decision_s"])
    total = {k: sum(r.get(k, 0) for r in done)
             for k in ("decisions", "refused", "forced_steal", "steal_lost")}
    return {
        "opponent": opponent, "games_asked": asked, "games_played": len(done),
        "errors": [r for r in results if "error" in r], "seed": seed, "think_ms": think_ms,
        "wins": wins, "win_rate": wins / len(done) if done else None,
        "wilson95": [round(lo, 3), round(hi, 3)],
        "turn_limit_games": sum(r["turn_limit"] for r in done),
        "wins_by_seat": {seat: [sum(r["won"] for r in done if r["seat"] == seat),
                                sum(1 for r in done if r["seat"] == seat)] for seat in range(4)},
        "avg_turns": round(sum(r["turns"] for r in done) / len(done), 1) if done else None,
        "avg_game_s": round(sum(r["seconds"] for r in done) / len(done), 1) if done else None,
        "decision_ms": {
            "mean": round(1000 * sum(times) / len(times), 1) if times else None,
            "p50": round(1000 * times[len(times) // 2], 1) if times else None,
            "max": round(1000 * times[-1], 1) if times else None,
        },
        "bridge": total,
        "refused_examples": [e for r in done for e in r.get("refused_examples", [])][:5],
        "rule_differences": list(RULE_DIFFERENCES),
    }


def _print(summary) -> None:
    s = summary
    think = f"think {s['think_ms']} ms" if s["think_ms"] else "shipped Hard"
    print(f"Hard vs 3 x catanatron {s['opponent']} ({think}, seeds "
          f"{s['seed']}..{s['seed'] + s['games_asked'] - 1})")
    print(f"games played: {s['games_played']} of {s['games_asked']} asked, errors: {len(s['errors'])}")
    if s["games_played"]:
        lo, hi = s["wilson95"]
        print(f"wins: {s['wins']}  win rate {100 * s['win_rate']:.1f} %  "
              f"(Wilson 95 %: {100 * lo:.1f} .. {100 * hi:.1f} %; 25 % is parity)")
        print(f"average turns: {s['avg_turns']}  (turn-limit games: {s['turn_limit_games']}), "
              f"average game {s['avg_game_s']} s")
        d = s["decision_ms"]
        print(f"our decisions: mean {d['mean']} ms, median {d['p50']} ms, max {d['max']} ms")
        print("bridge: " + ", ".join(f"{k} {v}" for k, v in s["bridge"].items()))
        print("wins by our seat: " + ", ".join(f"seat {k} {w} of {n}" for k, (w, n) in s["wins_by_seat"].items()))
        for e in s["refused_examples"]:
            print(f"  refused: {e}")
    print_tail(s)


def print_tail(s) -> None:
    """An arena summary's errors, the code it measured and the rules it bridged."""
    for e in s["errors"][:5]:
        print(f"  error in seed {e['seed']}: {e['error']}")
    if s.get("code"):
        c = s["code"]
        print(f"code measured: {c['path']} at {c['commit']}{' (with changes)' if c['dirty'] else ''}")
    print("rule differences bridged:")
    for line in s["rule_differences"]:
        print(f"  - {line}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.arena.vs_catanatron", description=__doc__.split("\n\n")[0])
    p.add_argument("--opponent", choices=OPPONENTS, default="value")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--think-ms", type=int, default=None,
                   help="give our Hard player this time per decision instead of its fixed "
                        "playouts (default: Hard as shipped)")
    p.add_argument("--playouts", type=int, default=None,
                   help="our Hard player's playouts per decision (default: as shipped)")
    p.add_argument("--duel", type=float, default=None,
                   help="share of the playouts for the duel with Medium's choice (default: as shipped)")
    p.add_argument("--plans", type=int, choices=(0, 1), default=None,
                   help="whether our Hard searches main-phase moves as plans of the turn (default: as shipped)")
    p.add_argument("--max-minutes", type=float, default=None,
                   help="stop after the game that ends past this budget and report what was played")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.games < 1 or a.jobs < 1 or a.seed < 1:
        p.error("--games, --jobs and --seed must be at least 1")
    if a.think_ms is not None and a.think_ms < 1:
        p.error("--think-ms must be at least 1")
    if not have_catanatron():
        print(HOW_TO_GET, file=sys.stderr)
        return 2
    def progress(r):
        if "error" in r:
            print(f"seed {r['seed']}: ERROR {r['error']}", file=sys.stderr)
        else:
            print(f"seed {r['seed']}: {'WIN ' if r['won'] else 'loss'} seat {r['seat']} "
                  f"turns {r['turns']} {r['seconds']} s refused {r['refused']}", file=sys.stderr)

    hard_options = {k: v for k, v in (("iterations", a.playouts), ("duel", a.duel),
                                      ("plans", None if a.plans is None else bool(a.plans))) if v is not None}
    summary = run(a.opponent, a.games, a.seed, a.jobs, a.think_ms, a.max_minutes, progress, hard_options)
    return emit(summary, a.json, _print)


def emit(summary, as_json: bool, printer) -> int:
    """Print an arena's summary as JSON or as text; exit code 1 if a game failed."""
    if as_json:
        print(json.dumps(summary, indent=1))
    else:
        printer(summary)
    return 0 if not summary["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
