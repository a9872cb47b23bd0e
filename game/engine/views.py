"""What each audience may know (RULES.md, 'Hidden information').

An audience is a seat number, or None for a spectator.  Secrets are: the kinds
of cards in other hands (their counts are public), other players' unplayed
development cards (counts public), the deck order, and the generator state.
There is exactly one redaction function for each thing that leaves the
authority: `view` for states, `redact_outcome` for command outcomes and
`redact_event` for events.
"""

from .codec import pack, digest, state_from_obj, state_to_obj
from .state import State

# Per-seat secret fields of a state: hidden (None) for everyone but the owner.
SEAT_SECRETS = ("hands", "dev", "dev_new")


def view_obj(state: State, audience) -> dict:
    """The state as `audience` may see it, as plain data (see `view`)."""
    obj = state_to_obj(state)
    for field in SEAT_SECRETS:
        obj[field] = [value if seat == audience else None
                      for seat, value in enumerate(obj[field])]
    obj["deck"] = None
    obj["rng"] = None
    return obj


def view(state: State, audience) -> State:
    """A copy of the state holding only what `audience` may know.  Rules can
    apply commands to it with redacted outcomes (rules.apply)."""
    return state_from_obj(view_obj(state, audience))


def view_hash(state: State, audience) -> str:
    return digest(pack(view_obj(state, audience)))


def public_hash(state: State) -> str:
    """Hash of what everybody may see: equal on every peer of one game."""
    return view_hash(state, None)


def _card_audience(cmd, outcome):
    """Who may see the `card` of an outcome: the buyer of a development card
    (B-9.1), thief and victim of a steal (B-5.4).  A steal that found no card
    (-1) is public."""
    kind = cmd[0]
    if kind == "buy_dev":
        return (cmd[1],)
    if kind == "steal":
        return None if outcome.get("card") == -1 else (cmd[1], cmd[2])
    return None


def redact_outcome(cmd, outcome, audience):
    if not outcome or "card" not in outcome:
        return outcome
    allowed = _card_audience(cmd, outcome)
    if allowed is None or audience in allowed:
        return outcome
    redacted = dict(outcome)
    redacted["card"] = None
    return redacted


def redact_event(event, audience):
    kind = event[0]
    if kind == "bought_dev" and audience != event[1]:
        return event[:2] + (None,)
    if kind == "stole" and event[3] != -1 and audience not in (event[1], event[2]):
        return event[:3] + (None,)
    return event
