"""Dice nobody can rig: the seed of a LAN game is drawn by every seat together.

The deal (before the board exists):

 1. The host asks every seat for a pledge (`fair_ask`).  Each seat draws a
    secret random value v_i and sends only its hash, the pledge (`pledge`).
 2. With every pledge in, the host draws its own secret s and sends every
    seat the commitment H(s) and the list of pledges (`fair_pledges`).
 3. Each seat checks its own pledge is in its place and reveals v_i (`reveal`).
 4. The host checks every value against its pledge and deals with
        seed = first 63 bits of SHA-256(label, attempt, s, v_0, ..., v_n-1)
    then sends every seat the values with its first view (sync.fair).

Deals are counted: `fair_ask` carries the attempt (1, then one more each time
the deal starts again: a seat left, or a host fishing for a seed it likes),
the count is bound into the seed and shown to every player, and a peer
refuses a count lower than the asks it saw itself.  A LAN game dealt this
way also has the config's `streams` (game/engine/helpers.dice_rng): each
turn's dice come from the seed and the turn alone, so no steal, skip or
other legal choice changes a later roll, and the end check below covers it.

Nobody chooses the seed: the host fixed s (by its commitment) and each seat
fixed v_i (by its pledge) before any value was known to anyone else, so not
even a host that also plays a seat, or a seat that colludes with the host,
can steer the outcome; the best a cheat can do is to abort the deal (which
everyone sees).  The seed stays secret while the game runs, since it would
tell the deck orders and dice ahead; the host knows it (it deals).

At the end the host reveals s and the full command log (`reveal`, the log
packed and cut in frame-sized parts: every part but the last in a
`reveal_log` before it, so a game of any length fits the frames); each
peer recomputes the seed, replays the whole game as the authority would, and
checks everything it was shown along the way (`verify`): each record's
command and outcome exactly as it was redacted for its seat (all dice, every
public outcome, its own draws and steals, what it lost) and the hash of its
view after every record and every sync (the board, its hand).  What it
cannot check: other seats' hidden choices (which cards a player discarded,
which development card they bought is theirs to know) are taken from the
host's log; they must only be consistent with everything this peer saw.
"""

import hashlib
import hmac
import zlib
from dataclasses import dataclass

import msgpack

from game.engine.match import Authority, Record
from game.engine.rules import IllegalCommand

from .rolldice import VALUE_LEN, new_value    # (the deal's values are fresh secrets like a roll's)

MAX_ATTEMPTS = 1_000_000        # deals of one game a save or a peer accepts as a count


def commitment(value: bytes) -> bytes:
    return hashlib.sha256(b"kolonisten-commit\0" + value).digest()


def derive_seed(secret: bytes, values: list, attempt: int | None = None) -> int:
    """The game's seed.  `attempt`: which deal of this game it is (1 the
    first, each restart one more), bound into the seed so that a host cannot
    hide how often it dealt again; None for deals made before it was counted."""
    count = b"" if attempt is None else b"deal %d\0" % attempt
    digest = hashlib.sha256(b"kolonisten-seed\0" + count + secret + b"".join(values)).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# --- the host's side ---------------------------------------------------------------------

class Dealing:
    """The host's deal in progress: pledges first, then values."""

    def __init__(self, seats: int, attempt: int = 1):
        self.seats = seats
        self.attempt = attempt          # this game's deals so far, this one included
        self.secret = new_value()
        self.commit = commitment(self.secret)
        self.pledges: list = [None] * seats
        self.values: list = [None] * seats

    def all_pledged(self) -> bool:
        return None not in self.pledges

    def all_revealed(self) -> bool:
        return None not in self.values

    def pledge(self, seat: int, pledge: bytes) -> str | None:
        """Take a seat's pledge; a reason when it is not acceptable now."""
        if self.all_pledged():
            return "the pledges are already in"
        if self.pledges[seat] is not None:
            return "this seat has already pledged"
        self.pledges[seat] = pledge
        return None

    def reveal(self, seat: int, value: bytes) -> str | None:
        if not self.all_pledged():
            return "reveal only after every seat has pledged"
        if self.values[seat] is not None:
            return "this seat has already revealed"
        if not hmac.compare_digest(commitment(value), self.pledges[seat]):
            return "the value does not match the seat's pledge"
        self.values[seat] = value
        return None

    def seed(self) -> int:
        return derive_seed(self.secret, self.values, self.attempt)

    def record(self) -> "FairRecord":
        return FairRecord(self.commit, list(self.pledges), list(self.values), self.secret, self.attempt)


@dataclass
class FairRecord:
    """A finished deal: what peers are shown (commit, pledges, values) and,
    at the host only until the end, the secret."""
    commit: bytes
    pledges: list
    values: list
    secret: bytes | None = None
    attempt: int | None = None      # which deal of the game (None: dealt before deals were counted)

    def public(self) -> dict:
        shown = {"commit": self.commit, "pledges": list(self.pledges), "values": list(self.values)}
        if self.attempt is not None:
            shown["attempt"] = self.attempt
        return shown

    def seed(self, secret: bytes | None = None) -> int:
        """The seed this deal gives with the host's secret (`secret`: the one
        it revealed, default the one it kept)."""
        return derive_seed(self.secret if secret is None else secret, self.values, self.attempt)

    def to_save(self) -> dict:
        saved = {"commit": self.commit.hex(), "pledges": [p.hex() for p in self.pledges],
                 "values": [v.hex() for v in self.values],
                 "secret": self.secret.hex() if self.secret else None}
        if self.attempt is not None:
            saved["attempt"] = self.attempt
        return saved

    @classmethod
    def from_save(cls, data, seats: int) -> "FairRecord":
        """Raises ValueError for anything malformed or inconsistent."""
        if type(data) is not dict:
            raise ValueError("not a map")

        def b(x):
            if type(x) is not str or len(x) != 2 * VALUE_LEN:
                raise ValueError("bad value")
            return bytes.fromhex(x)
        pledges, values = data.get("pledges"), data.get("values")
        if type(pledges) is not list or type(values) is not list or not (
                len(pledges) == len(values) == seats):
            raise ValueError("bad lists")
        secret, attempt = data.get("secret"), data.get("attempt")
        if attempt is not None and (type(attempt) is not int or not 1 <= attempt <= MAX_ATTEMPTS):
            raise ValueError("bad deal count")
        rec = cls(b(data.get("commit")), [b(p) for p in pledges], [b(v) for v in values],
                  None if secret is None else b(secret), attempt)
        problem = rec.check()
        if problem or (rec.secret is not None and commitment(rec.secret) != rec.commit):
            raise ValueError(problem or "the secret does not match its commitment")
        return rec

    def check(self) -> str | None:
        """Every value matches its pledge (None) or why not."""
        for i, (p, v) in enumerate(zip(self.pledges, self.values)):
            if not hmac.compare_digest(commitment(v), p):
                return f"seat {i + 1}'s value does not match its pledge"
        return None


REVEAL_PART = 192 * 1024          # one frame's share of the packed log (a frame holds MAX_FRAME)
MAX_PACKED_LOG = 8 * 1024 * 1024  # the most of a packed log a peer takes in (~2 B a command)
MAX_LOG_COMMANDS = 400_000        # the most commands a revealed log may hold


def pack_log(records) -> bytes:
    return zlib.compress(msgpack.packb([list(r.cmd) for r in records], use_bin_type=True), 9)


def reveal_messages(secret: bytes, records) -> list:
    """The end reveal as host messages: the packed log in parts that each fit
    a frame, all but the last as `reveal_log`, the last in `reveal` with the
    secret (a long game's log outgrows one frame)."""
    data = pack_log(records)
    parts = [data[i:i + REVEAL_PART] for i in range(0, len(data), REVEAL_PART)] or [b""]
    return ([{"t": "reveal_log", "log": part} for part in parts[:-1]]
            + [{"t": "reveal", "secret": secret, "log": parts[-1]}])


def unpack_log(data: bytes, limit: int = MAX_LOG_COMMANDS) -> list:
    """The commands of a revealed log; ValueError when it is not one."""
    try:
        inflate = zlib.decompressobj()
        raw = inflate.decompress(data, 8 * 1024 * 1024)      # ~600 k commands: ample
        if not inflate.eof or inflate.unused_data:
            raise ValueError("cut off or trailing data")
        cmds = msgpack.unpackb(raw, raw=False, strict_map_key=True)
    except Exception as exc:
        raise ValueError(f"unreadable log ({type(exc).__name__})") from None
    if type(cmds) is not list or len(cmds) > limit or not all(
            type(c) is list and c and type(c[0]) is str for c in cmds):
        raise ValueError("the log is not a list of commands")
    return cmds


# --- a peer's side --------------------------------------------------------------------------

DOUBTS = ("roll_late", "roll_unseen", "roll_reopened", "deal_restarted")


@dataclass(frozen=True)
class Doubt:
    """A part of the game this laptop cannot verify fair, though nothing in
    it was shown false: the host had a choice after it had seen values.

        roll_late       a roll went on without the values of `info["seats"]`
                        after the others were shown (seq: its record; info["dice"]:
                        the dice that came; with the values left out they could
                        have come out otherwise, and only the host and those
                        seats can know how)
        roll_unseen     a roll we revealed to was covered by a view that brought
                        no proof of it (info["roll"]; seq: that view's record)
        roll_reopened   the host opened roll info["roll"] again after we had shown
                        our value (a restarted host: it knew the roll it threw away)
        deal_restarted  the host dealt again (deal info["attempt"]) after we had
                        shown our value in the deal before (seq 0)

    The window's words are secure.doubt.<what>; `text` says it in English."""
    what: str
    seq: int
    info: dict

    def text(self) -> str:
        info = self.info
        if self.what == "roll_late":
            seats = ", ".join(f"seat {seat + 1}" for seat in sorted(info["seats"]))
            dice = f" ({'+'.join(map(str, info['dice']))})" if info.get("dice") else ""
            return (f"the dice of record {self.seq}{dice} were rolled without the value of {seats} "
                    "after the others' were shown (with it they could have come out otherwise)")
        if self.what == "roll_unseen":
            return (f"roll {info['roll']} went on while we were away after we had shown our value, and "
                    f"the host did not show how (found at record {self.seq})")
        if self.what == "roll_reopened":
            return f"the host rolled roll {info['roll']} again after we had shown our value"
        return f"the host dealt again (deal {info['attempt']}) after we had shown our value"


@dataclass
class Verdict:
    """The result of checking a finished game.  ok: every check passed.
    Otherwise `seq` is the first record that failed (0: the deal itself) and
    `what` names it (the window's words are secure.fair_what.<what>):
    commitment, value, deal, deal_count, deal_own_value, deal_changed, no_deal, no_reveal,
    log_unreadable, log_rules, log_short, log (record `seq` does not replay),
    command, outcome, view, unseen, check_failed; `detail` says it in words
    (English, for logs).  `unverified`: every check passed, but the host
    had choices it could make after seeing values (`doubts`, Doubt each):
    such a game is never called fair."""
    ok: bool
    seq: int = 0
    what: str = ""
    detail: str = ""
    checked: int = 0            # records compared
    kind: str = ""              # the command kind of the record that failed (e.g. "roll")
    attempt: int | None = None  # which deal of the game was checked (None: not counted)
    doubts: tuple = ()          # what could not be verified (Doubt), when what == "unverified"

    def with_doubts(self, doubts) -> "Verdict":
        """This verdict, unless it passed while there are doubts: then "unverified", naming them."""
        if not self.ok or not doubts:
            return self
        doubts = tuple(doubts)
        return Verdict(False, doubts[0].seq, "unverified", "; ".join(d.text() for d in doubts),
                       self.checked, attempt=self.attempt, doubts=doubts)


def _normal(x):
    return msgpack.unpackb(msgpack.packb(x, use_bin_type=True), raw=False)


def verify(config: dict, deal: FairRecord, secret: bytes, log_cmds: list, seat: int,
           transcript: list, hash_of) -> Verdict:
    """Replay the game with the seed the revealed `secret` gives and compare
    what this seat was shown.  transcript: ("sync", seq, view_hash) and
    ("rec", Record as received) in arrival order; hash_of(state, seat) is
    the view hash peers compare (net.wire.secrecy.peer_hash)."""
    if not hmac.compare_digest(commitment(secret), deal.commit):
        return Verdict(False, 0, "commitment", "the revealed secret does not match the commitment")
    problem = deal.check()
    if problem:
        return Verdict(False, 0, "value", problem)
    try:
        auth = Authority(dict(config, seed=deal.seed(secret)))
    except (ValueError, TypeError, KeyError) as exc:
        return Verdict(False, 0, "log_rules", f"the game's rules cannot be replayed ({exc})")
    wanted_syncs = {}
    wanted_recs = {}
    for entry in transcript:
        if entry[0] == "sync":
            wanted_syncs.setdefault(entry[1], []).append(entry[2])
        else:
            wanted_recs[entry[1].seq] = entry[1]
    last = max([*wanted_syncs, *wanted_recs, 0])
    if last > len(log_cmds):
        return Verdict(False, len(log_cmds) + 1, "log_short",
                       f"the revealed log has {len(log_cmds)} records; we saw record {last}")
    checked = 0
    for seq in range(0, len(log_cmds) + 1):
        if seq > 0:
            try:
                record = auth.submit(log_cmds[seq - 1])
            except (IllegalCommand, ValueError, TypeError, KeyError, IndexError) as exc:
                return Verdict(False, seq, "log", f"record {seq} of the revealed log does not "
                               f"replay ({exc})", checked)
            got = wanted_recs.get(seq)
            if got is not None:
                mine = record.for_audience(seat)
                if _normal(list(mine.cmd)) != _normal(list(got.cmd)):
                    return Verdict(False, seq, "command", f"record {seq} ({got.cmd[0]}): we were "
                                   f"shown {list(got.cmd)}, the fair replay gives {list(mine.cmd)}",
                                   checked, got.cmd[0])
                if _normal(mine.outcome) != _normal(got.outcome):
                    return Verdict(False, seq, "outcome", f"record {seq} ({got.cmd[0]}): we were "
                                   f"shown {got.outcome}, the fair replay gives {mine.outcome}",
                                   checked, got.cmd[0])
                checked += 1
        for h in wanted_syncs.get(seq, []):
            if hash_of(auth.state, seat) != h:
                return Verdict(False, seq, "view", f"our view after record {seq} differs from "
                               "the fair replay's", checked)
        if seq in wanted_recs and hash_of(auth.state, seat) != wanted_recs[seq].view_hash:
            return Verdict(False, seq, "view", f"our view after record {seq} differs from the "
                           "fair replay's", checked)
    return Verdict(True, 0, "", "", checked, attempt=deal.attempt)


@dataclass(frozen=True)
class SeenRecord:
    """A record as a peer received it, with the view hash it was checked against."""
    seq: int
    cmd: tuple
    outcome: dict | None
    view_hash: str

    @classmethod
    def of(cls, record: Record, view_hash: str) -> "SeenRecord":
        return cls(record.seq, record.cmd, record.outcome, view_hash)


# --- what a seat saw, kept on disk ------------------------------------------------------
# A restarted program checks the whole game, not only what it saw since it came back:
# each transcript entry is appended to a file beside the seat's token as it arrives.

def pack_seen(entry) -> bytes:
    """One entry of what a seat saw, as bytes: ("sync", seq, hash), ("rec",
    SeenRecord), ("doubt", Doubt), or ("value", its next roll's value: a
    secret until revealed, kept so that a restarted program can reveal it)."""
    if entry[0] in ("sync", "value"):
        return msgpack.packb(list(entry), use_bin_type=True)
    if entry[0] == "doubt":
        doubt = entry[1]
        return msgpack.packb(["doubt", doubt.what, doubt.seq, doubt.info], use_bin_type=True)
    rec = entry[1]
    return msgpack.packb(["rec", rec.seq, list(rec.cmd), rec.outcome, rec.view_hash], use_bin_type=True)


def unpack_seen(data: bytes, limit: int = 200_000) -> list:
    """The transcript entries in `data` (pack_seen's bytes, one after another);
    reading stops at the first entry that is cut off (a crash mid-write) or
    not one, keeping those before it."""
    entries = []
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=64 * 1024 * 1024)
    unpacker.feed(data)
    try:
        for item in unpacker:
            if len(entries) >= limit or type(item) is not list or not item:
                break
            if item[0] == "sync" and len(item) == 3 and type(item[1]) is int and type(item[2]) is str:
                entries.append(("sync", item[1], item[2]))
            elif (item[0] == "rec" and len(item) == 5 and type(item[1]) is int and type(item[2]) is list
                  and type(item[4]) is str):
                entries.append(("rec", SeenRecord(item[1], as_tuples(item[2]), item[3], item[4])))
            elif item[0] == "value" and len(item) == 2 and type(item[1]) is bytes and len(item[1]) == VALUE_LEN:
                entries.append(("value", item[1]))
            elif (item[0] == "doubt" and len(item) == 4 and item[1] in DOUBTS and type(item[2]) is int
                  and type(item[3]) is dict):
                entries.append(("doubt", Doubt(item[1], item[2], item[3])))
            else:
                break
    except (ValueError, msgpack.UnpackException):
        pass
    return entries


def as_tuples(x):
    """msgpack's lists back into the tuples commands and events are made of."""
    return tuple(as_tuples(v) for v in x) if isinstance(x, list) else x
