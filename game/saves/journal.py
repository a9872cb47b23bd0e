"""The journal of a saved game: records appended after the file's snapshot.

A save file is its snapshot (game/saves/__init__.py: the magic line and one
checksummed msgpack map) followed by zero or more journal records, each
appended and flushed to disk as the game goes on, so that a save costs the
same at command 40,000 as at command 1.  The autosaver folds the journal
back into the snapshot now and then (a new file, fsynced, renamed over the
old one), and always when it starts on a file, so that a file just
compacted is exactly the snapshot an older Kolonisten reads.

One record:

    MARK (4 bytes) | payload length (4 bytes, big-endian) | sha256 of the
    payload, first 16 bytes | payload: a msgpack map

    {"at": commands before this record, "commands": [...], "hashes": [...]
     (the state hash after each), "updated": time, "summary": {...},
     and "players" / "extra" only when they changed}

MARK starts with 0xc1, a byte msgpack never writes, so a record cannot be
taken for a snapshot nor a snapshot for a record.  Reading stops at the first
record that is cut off or does not match its checksum: everything before it
loads, and what was lost is reported (`TailError`), never guessed at.  A
crash while appending therefore loses at most the record being written.
"""

import hashlib
import struct

import msgpack

from game.engine.codec import pack

MARK = b"\xc1KJ\x01"
HEADER = struct.Struct(">4sI16s")
MAX_RECORD_BYTES = 1024 * 1024


def digest(payload: bytes) -> bytes:
    return hashlib.sha256(payload).digest()[:16]


def encode_record(at: int, commands: list, hashes: list, updated: float, summary: dict,
                  players=None, extra=None) -> bytes:
    """One journal record, ready to append: `commands` (each a list) are the
    ones accepted after the first `at`, `hashes` the state hash after each."""
    body = {"at": at, "commands": commands, "hashes": hashes, "updated": updated,
            "summary": summary}
    if players is not None:
        body["players"] = players
    if extra is not None:
        body["extra"] = extra
    payload = pack(body)
    return HEADER.pack(MARK, len(payload), digest(payload)) + payload


class TailError:
    """What reading a journal left out: the records from byte `offset` on
    (`lost` bytes) are cut off or damaged; the game loads with the `kept`
    commands before them.  `code` and `params` read like a SaveError's."""

    code = "damaged_tail"

    def __init__(self, why: str, offset: int, lost: int, kept: int):
        self.why = why
        self.offset = offset
        self.lost = lost
        self.kept = kept
        self.params = {"n": kept}

    def __str__(self) -> str:
        return (f"the end of the saved game is {self.why} ({self.lost} bytes from byte {self.offset}); "
                f"it loads with the {self.kept} moves before it")


def read(data: bytes, offset: int, game) -> TailError | None:
    """Apply the journal records in `data` from `offset` on to `game` (a
    SavedGame whose snapshot is read).  Returns None when every byte was a
    good record, else the TailError that says what was left out."""
    while offset < len(data):
        why = _apply_one(data, offset, game)
        if isinstance(why, str):
            return TailError(why, offset, len(data) - offset, len(game.commands))
        offset = why
    return None


def _apply_one(data: bytes, offset: int, game):
    """The offset after the record at `offset`, once applied; or why not (str)."""
    end = offset + HEADER.size
    if end > len(data):
        return "cut off"
    mark, size, check = HEADER.unpack_from(data, offset)
    if mark != MARK or size > MAX_RECORD_BYTES:
        return "damaged"
    if end + size > len(data):
        return "cut off"
    payload = data[end:end + size]
    if digest(payload) != check:
        return "damaged (checksum mismatch)"
    try:
        body = msgpack.unpackb(payload, raw=False, strict_map_key=False)
    except Exception:
        return "damaged (unreadable)"
    if not _well_formed(body, game):
        return "damaged (wrong shape)"
    game.commands.extend(body["commands"])
    game.hashes.extend(body["hashes"])
    game.updated = body["updated"]
    game.summary = body["summary"]
    if "players" in body:
        game.players = body["players"]
    if "extra" in body:
        game.extra = body["extra"]
    return end + size


def _well_formed(body, game) -> bool:
    if not isinstance(body, dict):
        return False
    commands, hashes = body.get("commands"), body.get("hashes")
    return (type(body.get("at")) is int and body["at"] == len(game.commands) and len(game.hashes) == len(game.commands)
            and isinstance(commands, list) and isinstance(hashes, list)
            and len(commands) == len(hashes)
            and all(isinstance(c, list) for c in commands)
            and all(isinstance(h, str) for h in hashes)
            and type(body.get("updated")) in (int, float)
            and isinstance(body.get("summary"), dict)
            and isinstance(body.get("players", []), list)
            and isinstance(body.get("extra", {}), dict))
