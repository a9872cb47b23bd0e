"""A hint: what a computer player would do now in a seat, and why, from
that seat's view only.

    advice(view, seat, level="hard") -> dict | None

`cmd` is the command the computer at `level` chooses; `why` names the term
of the valuation (evaluate.py) that the command raises most (points only
when nothing else rises: a point is plain to see), with what a
sentence needs ("production" with the card kind and the extra cards a
round; "points"; "robber" with the seat it hurts most; ...).  Commands
whose result depends on chance or on cards the seat cannot see (a roll, a
development card bought, a steal) are not tried on the view: their `why`
is their kind alone.  The words are the
client's (game/client/reviewtext.py).
"""

from game.engine import IllegalCommand, apply, is_ck
from game.engine.board import board_of
from game.engine.constants import COMMODITY_OF_TERRAIN, DESERT

from . import evaluate as E
from . import facts as F
from . import make_bot
from .hard import QUICK_PLAYOUTS

# Commands tried on a copy of the view to see what they change.
TRIED = ("build_road", "build_settlement", "build_city", "place_settlement", "place_road", "place_city",
         "build_wall", "recruit_knight", "activate_knight", "promote_knight", "improve", "maritime",
         "play_road_building", "play_year_of_plenty", "play_monopoly", "play_knight", "move_robber")


# The valuation's C&K term holds knights against the barbarians, city walls
# and city improvements: a hint names the part its command serves.
CK_PARTS = {"recruit_knight": "knights", "activate_knight": "knights", "promote_knight": "knights",
            "build_wall": "walls", "improve": "improvements"}


def terms(view, seat, stage=None) -> dict:
    """`evaluate(view, seat)` split into its named parts (they add up to it),
    commodities counted as production.  `stage`: weigh production as at
    another moment of the game (why() holds it still across the move)."""
    if view.winner != -1:
        return {"points": E.evaluate(view, seat)}
    out = E.value_terms(view, seat, stage)
    if "commodities" in out:
        out["production"] += out.pop("commodities")
    return out


def why(view, seat, cmd) -> dict:
    """What `cmd` does for `seat`, as data: {"term": name, ...}."""
    if cmd[0] not in TRIED:
        return {"term": cmd[0]}
    after = view.copy()
    try:
        apply(after, cmd)
    except (IllegalCommand, TypeError, ValueError, KeyError, IndexError, AttributeError):
        return {"term": cmd[0]}
    stage = E._stage(view, seat)
    before_terms, after_terms = terms(view, seat, stage), terms(after, seat, stage)
    gains = {k: after_terms.get(k, 0.0) - before_terms.get(k, 0.0) for k in after_terms}
    # A point is plain to see; what else the move brings says more (a city: its production).
    others = {k: g for k, g in gains.items() if k != "points" and g > 0.005}
    term = max(others, key=others.get) if others else max(gains, key=gains.get)
    out = {"term": term if gains[term] > 0.005 else cmd[0], "gain": round(gains[term], 3)}
    if out["term"] == "production":
        old, new = F.seat_production(view, seat), F.seat_production(after, seat)
        kind = max(range(len(new)), key=lambda k: new[k] - old[k])
        # pips / 36 cards a roll, one roll per player a round
        out.update(kind=kind, per_round=round((new[kind] - old[kind]) * view.n / 36, 1))
    elif out["term"] == "points":
        out["points"] = E.victory_points(after, seat) - E.victory_points(view, seat)
    elif out["term"] == "move_robber":          # nothing of the seat's own changes: whom it hurts
        return robber_why(view, seat, cmd[2]) or out
    elif out["term"] == "ck" and cmd[0] in CK_PARTS:   # the C&K term's part the command serves
        out["term"] = CK_PARTS[cmd[0]]
    return out


def robber_why(view, seat, hexagon) -> dict | None:
    """Whom the robber on `hexagon` costs most, and what: {"term":
    "robber", "victim", "kind", "per_round"} (cards a round that seat no
    longer gets there); None when it blocks nobody else."""
    board = board_of(view)
    if view.terrain[hexagon] == DESERT:
        return None
    lost = {}
    ck = is_ck(view)
    for node in board.hex_nodes[hexagon]:
        owner = view.node_owner[node]
        if owner != -1 and owner != seat:      # (a C&K city's second card may be a commodity, CK-3.4)
            lost[owner] = lost.get(owner, 0) + (1 if ck and view.node_level[node] == 2
                                                  and view.terrain[hexagon] in COMMODITY_OF_TERRAIN
                                                  else view.node_level[node])
    if not lost:
        return None
    victim = max(lost, key=lambda o: (lost[o], view.vp_public[o], -o))
    per_round = lost[victim] * F.PIPS[view.numbers[hexagon]] * view.n / 36
    return {"term": "robber", "victim": victim, "kind": view.terrain[hexagon],
            "per_round": round(per_round, 1)}


def advice(view, seat, level="hard", seed=0):
    """The computer's command for `seat` now and why; None when the seat
    has nothing to decide."""
    # Hard's smaller budget: a hint is asked for and waited on.
    options = {"iterations": QUICK_PLAYOUTS} if level == "hard" else {}
    cmd = make_bot(level, seat, seed, **options).choose(view)
    if cmd is None:
        return None
    return {"cmd": cmd, "why": why(view, seat, cmd)}


__all__ = ["advice", "terms", "why"]
