"""What each audience may know (RULES.md, 'Hidden information').

An audience is a seat number, or None for a spectator.  Secrets are: the kinds
of cards in other hands (their counts are public), other players' unplayed
development and progress cards (counts public), the order of every deck, the
generator state, and what passes between two players by a card effect (a
steal, a Wedding gift, a Commercial Harbor swap, what a Spy or Master
Merchant sees and takes).  There is exactly one redaction function for each
thing that leaves the authority: `view` for states, `redact_command`,
`redact_outcome` and `redact_event` for what a command did.
"""

from .codec import pack, digest, state_from_obj, state_to_obj
from .constants import PROGRESS_VP_CARDS
from .state import State

# Per-seat secret fields of a state: hidden (None) for everyone but the owner.
SEAT_SECRETS = ("hands", "dev", "dev_new", "prog")
# Whole fields nobody but the authority may hold (and the config's seed).
AUTHORITY_ONLY = ("deck", "prog_decks", "rng")


def view_obj(state: State, audience) -> dict:
    """The state as `audience` may see it, as plain data (see `view`)."""
    obj = state_to_obj(state)
    for field in SEAT_SECRETS:
        values = obj[field]
        if values is not None:
            obj[field] = [value if seat == audience else None for seat, value in enumerate(values)]
    for field in AUTHORITY_ONLY:
        obj[field] = None
    obj["config"] = view_config(obj["config"])
    obj["pending"] = view_pending(obj["pending"], audience)
    return obj


def view_config(config: dict) -> dict:
    """The config as every view holds it: without the seed, which would
    rebuild the generator and with it every deck and roll, and so without
    scripted dice."""
    config = dict(config, seed=None)
    if "dice" in config:
        config["dice"] = None
    return config


def view_pending(pending, audience):
    """The decision awaited as `audience` may see it: data only some seats may
    see (what a Spy is shown, a Harbor offer's card) is None for the rest."""
    if pending and "private" in pending:
        pending = dict(pending)         # never touch the state's own copy
        for key, allowed in pending["private"].items():
            if audience not in allowed:
                pending[key] = None
    return pending


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


# What an outcome may hold that some seats may not see (see redact_outcome, redact_command).
_SECRET_OUTCOME_KEYS = ("card", "draws", "steals", "reveal", "private")


def holds_secrets(cmd, outcome, events) -> bool:
    """Might redaction change anything of this command, outcome or events for
    some audience?  False: every audience sees them whole (the host packs
    such a record once for all seats)."""
    if cmd[0] in _HIDDEN_COMMAND_ARGS:
        return True
    if outcome and any(key in outcome for key in _SECRET_OUTCOME_KEYS):
        return True
    return any(event[0] in _HIDDEN_EVENT_FIELDS for event in events)


def redact_outcome(cmd, outcome, audience):
    if not outcome:
        return outcome
    redacted = dict(outcome)
    if "card" in outcome:
        allowed = _card_audience(cmd, outcome)
        if allowed is not None and audience not in allowed:
            redacted["card"] = None
    if "draws" in outcome:          # progress cards: only the drawer, unless laid face up
        redacted["draws"] = [[s, c if s == audience or c in PROGRESS_VP_CARDS else None]
                             for s, c in outcome["draws"]]
    if "steals" in outcome:         # Bishop: thief and each victim
        redacted["steals"] = [[v, c if c == -1 or audience in (cmd[1], v) else None]
                              for v, c in outcome["steals"]]
    if "reveal" in outcome:         # Spy / Master Merchant: what the card's player is shown
        viewer, seat, cards = outcome["reveal"]
        redacted["reveal"] = [viewer, seat, cards if audience in (viewer, seat) else None]
    return redacted


# command kind -> (positions of hidden arguments, positions of the seats who may see them)
_HIDDEN_COMMAND_ARGS = {
    "harbor_trade": ((3,), (1, 2)),     # the resource offered: the two players only
}


def redact_command(cmd, outcome, audience):
    """A decision whose answer is private (outcome["private"] = [parties,
    hidden argument positions or None for all]) reaches others without it;
    so do the hidden arguments of the commands in _HIDDEN_COMMAND_ARGS."""
    rule = _HIDDEN_COMMAND_ARGS.get(cmd[0])
    if rule is not None:
        fields, seats = rule
        if any(cmd[i] == audience for i in seats):
            return cmd
        return tuple(None if i in fields else a for i, a in enumerate(cmd))
    if not outcome or "private" not in outcome:
        return cmd
    parties, positions = outcome["private"]
    if audience in parties:
        return cmd
    args = list(cmd[3])
    for i in range(len(args)) if positions is None else positions:
        args[i] = None
    return cmd[:3] + (tuple(args),)


# event kind -> (index of the hidden field(s), indexes of the seats who may see them)
_HIDDEN_EVENT_FIELDS = {
    "bought_dev": ((2,), (1,)),
    "stole": ((3,), (1, 2)),
    "drew_progress": ((3,), (1,)),
    "progress_discarded": ((3,), (1,)),
    "spied": ((3,), (1, 2)),
    "gave": ((4,), (1, 2)),
    "took": ((4,), (1, 2)),
    "harbor_offer": ((3,), (1, 2)),
    "harbor_swap": ((3, 4), (1, 2)),
}


def redact_event(event, audience):
    rule = _HIDDEN_EVENT_FIELDS.get(event[0])
    if rule is None:
        return event
    fields, seats = rule
    if any(event[i] == audience for i in seats):
        return event
    if event[0] == "stole" and event[3] == -1:          # nothing was taken: public
        return event
    if event[0] == "harbor_swap" and event[4] == -1:    # no commodity to give: public
        return event
    out = list(event)
    for i in fields:
        out[i] = None
    return tuple(out)
