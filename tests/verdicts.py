"""What LAN tests accept of a fair-dice verdict (net/wire/fairdice.py)."""

# The verdict's words for a game left unverifiable, with no check failed, by a
# roll or a deal caught mid-way when a program died (fairdice.Doubt.text): a
# roll thrown without a seat's value after the others were shown, one gone on
# while we were away after we had shown ours, one rolled again by a restarted
# host after we had shown ours, a deal dealt again after we had shown ours.
_DOUBTS = ("the dice of record ", "roll ", "the host rolled roll ", "the host dealt again ")


def left_unverifiable(problem) -> bool:
    """Whether a player's `problem` (net/peer/bot.py) says only that the game
    is unverifiable for such a roll or deal (the verdict the design requires
    then: never "fair"), and nothing else."""
    prefix = "the deal was not verified fair: "
    return bool(problem) and problem.startswith(prefix) and problem[len(prefix):].startswith(_DOUBTS)
