"""Rolls nobody can foresee or steer: each roll mixes fresh values from every seat.

In a LAN game dealt with the config's `mixed_dice` (game/engine/state.py),
the dice of each roll come from that roll's *mix* alone
(game/engine/helpers.dice_rng), and the mix comes from values that every
connected seat and the host drew for this roll only:

 1. Every seat always has one commitment on file with the host: the hash of
    a fresh random value (`roll_commit`, sent after each start or rejoin
    view; afterwards each reveal carries the commitment for the next roll).
    Sending them ahead keeps the roll itself to one round trip.
 2. A seat asks for the roll (or plays the Alchemist, CK-11).  The host
    draws its own value for this roll and sends every seat `roll_open`: the
    roll's number, the host's commitment and every seat's commitment on
    file, or why a seat takes no part (AWAY: not connected; NONE: no
    commitment on file yet; HOST: a computer the host runs, whose values
    are the host's anyway).
 3. Each seat whose own commitment is in its place reveals its value
    (`roll_reveal`, with the commitment for its next roll).
 4. With every value in, or after ROLL_REVEAL_WAIT seconds (LATE: a seat that
    did not reveal in time, connected or not: a seat whose line dropped is
    waited for, since its program reveals again when it rejoins), the host
    applies the rolling command with the mix (`mix`) as its last element and
    sends every seat the record with the roll's proof (`proof`): its number,
    the host's value and every seat's commitment and value or status.  For
    each seat it keeps the proofs of the last PROOFS_KEPT rolls that seat had
    a part in and sends them with the seat's every view (`sync`), so a seat
    whose record of a roll was covered by a view (it rejoined, or asked for a
    resync) still checks the roll it took part in.

Every seat checks the proof at once (`check_proof`): every value against the
commitment shown before any value was revealed, the mix against the values,
no commitment used twice, and its own value in the roll when it revealed.
The end check (net/wire/fairdice.py) replays the log, whose rolling commands
carry their mixes, and so compares every die shown with what the mix gives.

Why nobody can foresee or steer a roll: the mix is the XOR of every value
taken part (hashed with the roll's number), so as long as one value is
unknown to someone, the roll is as random to them as that value; every value
was fixed by its commitment before anyone revealed (the host shows every
commitment before it has seen any value), so nobody, the host included,
can choose theirs after seeing another's, and who takes part (a commitment
or AWAY, NONE, HOST) is fixed in the opening, before any value is known.

What is left to a cheat is to leave a value out after the others are shown.
A roll cannot wait for ever (a laptop may be gone for good), so the host may
go on without a seat's value: a host working with one player can then pick,
after seeing every value, between the roll with that player's value and the
roll without it.  Any rule that lets the game go on without a value gives
that choice (waiting longer only makes it rarer in honest play), and a delay
function over the mix, which would hide the outcome from the host until too
late to choose, would cost every laptop seconds of work for every roll.  We
do not try to tell a late value from a dropped one either.  Instead, such a
roll is never verified fair: every seat that sees a LATE in
a proof keeps it, and the game's end verdict is "not verified fair", naming
each such roll, the dice that came and whose value was left out (what the
dice would have been with it only the host and that seat can know).  So is
a roll the host opened again after we had shown our value (a restarted
host: it knew the roll it threw away), and a roll we revealed to whose
proof never reached us (the host did not keep it to show with a view).
What the other statuses cannot hide: a seat left out of a roll while present
sees it and reports it, a host that withholds the roll after the values is
reported (`RollCheck.overdue`), and a value dropped though sent is reported
by its seat at once (net/peer/rolls.py).  Hot-seat games and LAN games dealt
before `mixed_dice` existed draw their dice as before.
"""

import hashlib
import hmac
import os

VALUE_LEN = 32
MIX_BITS = 63               # the mix is a whole number below 2**63 (game/engine/helpers.MIX_LIMIT)
ROLL_REVEAL_WAIT = 5.0      # seconds the host waits for a seat's value before the roll goes on without it
ROLL_WAIT = 30.0            # seconds a seat that revealed waits for the roll before reporting the host
PROOFS_KEPT = 8             # the latest roll proofs per seat the host sends with the seat's view

# Why a seat takes no part in a roll (in `roll_open` and in the proof, instead of a commitment).
AWAY, NONE, HOST, LATE = "away", "none", "host", "late"
STATUSES = (AWAY, NONE, HOST, LATE)


def new_value() -> bytes:
    return os.urandom(VALUE_LEN)


def commitment(value: bytes) -> bytes:
    return hashlib.sha256(b"kolonisten-roll-commit\0" + value).digest()


def combine(roll: int, values: list) -> int:
    """The mix of roll number `roll` from the values taken part (the host's
    first, then each revealing seat's in seat order): the XOR of all values,
    hashed with the roll's number.  For any one value fixed, the XOR runs
    over every 32-byte string exactly once as another value does, so no
    party's choice of its own value decides the roll."""
    acc = bytearray(VALUE_LEN)
    for value in values:
        for i, byte in enumerate(value):
            acc[i] ^= byte
    digest = hashlib.sha256(b"kolonisten-roll-mix\0%d\0" % roll + bytes(acc)).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - MIX_BITS)


def left_out(proof: dict) -> list:
    """The seats whose value a roll went on without after the values were shown (LATE)."""
    return [seat for seat, entry in enumerate(proof["seats"]) if entry == LATE]


def proof_values(proof: dict) -> list:
    """The values a proof takes part with, in the order `combine` takes them."""
    return [proof["host"]] + [entry[1] for entry in proof["seats"] if type(entry) is list]


def same(a: bytes, b: bytes) -> bool:
    return hmac.compare_digest(a, b)


def check_proof(opened: dict, proof: dict, mix: int) -> tuple | None:
    """Check a roll's proof against the `roll_open` that came before it
    (opened) and the mix in the rolling command.  Returns None or (what,
    detail in words); `what` names the fault (secure.fair_what.<what>):

        roll_number     the proof is for another roll than the one opened
        roll_host       the host's value does not match its commitment
        roll_commit     a seat's commitment differs from the one shown at the opening
        roll_value      a seat's value does not match its commitment (a faked reveal)
        roll_mix        the mix is not the one the values give (a faked combination)
    """
    if proof["roll"] != opened["roll"] or len(proof["seats"]) != len(opened["seats"]):
        return "roll_number", f"the proof is for roll {proof['roll']}, the host opened roll {opened['roll']}"
    if not same(commitment(proof["host"]), opened["host"]):
        return "roll_host", f"the host's value in roll {proof['roll']} does not match its commitment"
    for seat, (shown, entry) in enumerate(zip(opened["seats"], proof["seats"])):
        if type(entry) is list:
            if type(shown) is not bytes or not same(entry[0], shown):
                return "roll_commit", (f"seat {seat + 1}'s commitment in roll {proof['roll']} is "
                                       "not the one shown before the values")
            if not same(commitment(entry[1]), entry[0]):
                return "roll_value", (f"seat {seat + 1}'s value in roll {proof['roll']} does not "
                                      "match its commitment")
        elif entry != LATE and entry != shown:
            return "roll_commit", (f"seat {seat + 1} is '{entry}' in roll {proof['roll']}, "
                                   f"not what the host said before the values")
        elif entry == LATE and type(shown) is not bytes:
            return "roll_commit", f"seat {seat + 1} is late in roll {proof['roll']} without a commitment"
    if combine(proof["roll"], proof_values(proof)) != mix:
        return "roll_mix", f"the dice of roll {proof['roll']} are not the mix of its values"
    return None
