"""Saved games: one record per game, kept current after every accepted command.

A game is its config plus its command log (game/engine/match.py), so a save
holds exactly that, plus what a person needs to recognise it in a list and
the state hash after every command, so that a replay can prove it rebuilt
the same game.  The seed and every hidden card are in there too: a save
belongs to the machine that ran the authority (the hot-seat laptop or the
LAN host), never to a peer.

File layout: the snapshot — the magic line `KOLONISTEN-SAVE\\n`, then one
msgpack map {"format", "sha256", "body"} where body is the msgpack bytes of
the record and sha256 its checksum, so a flipped bit or a cut-off file is
caught before anything is replayed — followed by the journal
(game/saves/journal.py): the commands accepted since the snapshot, appended
as records with their own checksums.  The Autosaver appends one record per
write and now and then folds the journal into a new snapshot, written
atomically (temporary file, fsync, rename, fsync of the folder): a kill at
any instant loses at most the record being appended.
"""

import contextlib
import hashlib
import os
import tempfile
import time
from dataclasses import dataclass, field

import msgpack

from game.engine import IllegalCommand, validate_config
from game.engine.changes import CHANGES_ONLY
from game.engine.codec import StateHasher, looker, pack, state_hash
from game.engine.state import GAME_OVER
from game.engine.match import Authority
from game.engine.undo import follow_from

from . import journal

MAGIC = b"KOLONISTEN-SAVE\n"
FORMAT = 1
MAX_SAVE_BYTES = 64 * 1024 * 1024
SUFFIX = ".kolonisten"


class SaveError(ValueError):
    """A save that cannot be used.  The message says why, for a person; `code`
    is stable (for translations) and `params` holds its numbers.

    Codes: not_a_save, too_large, damaged, newer_version, unreadable,
    bad_setup, refused (params n: the command), differs (params n), and
    not_lan (net/host/saving.py: a hot-seat save given to a LAN host)."""

    def __init__(self, message: str, code: str = "damaged", **params):
        super().__init__(message)
        self.code = code
        self.params = params


def saves_dir() -> str:
    """The platform's per-user data folder for saves (created on demand).
    KOLONISTEN_SAVE_DIR overrides it (tests, portable installs)."""
    path = os.environ.get("KOLONISTEN_SAVE_DIR")
    if not path:
        import platformdirs
        path = os.path.join(platformdirs.user_data_dir("kolonisten", appauthor=False), "saves")
    os.makedirs(path, exist_ok=True)
    return path


@dataclass
class SavedGame:
    """What a save holds.  `players` are display names/colours per seat (and
    "computer": its level, for a seat a computer plays; saves without it are
    all people); `extra` is free for the mode that wrote it (e.g. LAN seat
    tokens on the host)."""
    config: dict
    commands: list
    hashes: list                    # state hash (hex) after each command
    mode: str = "hotseat"           # "hotseat" or "lan"
    players: list = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    summary: dict = field(default_factory=dict)   # turn, vp, winner, rules: for the list
    extra: dict = field(default_factory=dict)
    # Not saved: what reading the file left out at its end (a journal.TailError:
    # cut off by a crash, or damaged), None when every byte was read.
    damage: object = field(default=None, compare=False)


def player_entries(names, colours, computers=None) -> list:
    """The `players` list of a save: name and colour per seat, plus the level
    of each seat a computer plays."""
    computers = computers or [None] * len(names)
    out = []
    for name, colour, level in zip(names, colours, computers):
        entry = {"name": name, "colour": list(colour) if not isinstance(colour, str) else colour}
        if level is not None:
            entry["computer"] = level
        out.append(entry)
    return out


def computer_levels(game: SavedGame) -> list:
    """Per seat: the level of the computer that plays it, or None for a
    person (also for a save from before computers, or an unknown level)."""
    from game.bots import LEVELS
    out = []
    for seat in range(game.config["players"]):
        p = game.players[seat] if seat < len(game.players) and isinstance(game.players[seat], dict) else {}
        level = p.get("computer")
        out.append(level if isinstance(level, str) and level in LEVELS else None)
    return out


def summarize(auth: Authority) -> dict:
    state = auth.state
    return {"rules": state.config["rules"], "turn": state.turn, "vp": list(state.vp_public),
            "winner": state.winner, "commands": len(auth.log)}


# --- writing ------------------------------------------------------------------

_BODY_FIELDS = ("config", "commands", "hashes", "mode", "players", "created", "updated",
                "summary", "extra")


def encode(game: SavedGame, packed_lists=None) -> bytes:
    """The file's bytes.  `packed_lists` may give the "commands" and "hashes"
    arrays as their items already packed one by one, {field: (count, bytes)},
    so that an autosave does not pack a long log again after every command;
    the bytes are the same either way."""
    packed_lists = packed_lists or {}
    packer = msgpack.Packer(use_bin_type=True)
    parts = [packer.pack_map_header(len(_BODY_FIELDS))]
    for name in _BODY_FIELDS:
        parts.append(packer.pack(name))
        if name in packed_lists:
            count, items = packed_lists[name]
            parts.append(packer.pack_array_header(count))
            parts.append(bytes(items))
        else:
            parts.append(packer.pack(getattr(game, name)))
    body = b"".join(parts)
    wrapper = {"format": FORMAT, "sha256": hashlib.sha256(body).digest(), "body": body}
    return MAGIC + msgpack.packb(wrapper, use_bin_type=True)


def write_atomic(path: str, data: bytes) -> None:
    """Replace `path` with `data` so that a crash at any point leaves either the
    old or the new file, never a mix."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:                                   # make the rename itself durable
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass                               # some platforms cannot fsync folders


def save(path: str, game: SavedGame) -> None:
    write_atomic(path, encode(game))


# --- reading ------------------------------------------------------------------

def decode(data: bytes) -> SavedGame:
    """Parse a save; SaveError with a plain reason for anything else."""
    if not data.startswith(MAGIC):
        raise SaveError("this is not a Kolonisten saved game", "not_a_save")
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError("the file is too large to be a saved game", "too_large")
    unpacker = msgpack.Unpacker(raw=False, max_buffer_size=MAX_SAVE_BYTES)
    try:
        unpacker.feed(data[len(MAGIC):])
        wrapper = unpacker.unpack()
    except Exception:
        raise SaveError("the saved game is damaged or incomplete (cannot be read)") from None
    snapshot_end = len(MAGIC) + unpacker.tell()
    if not isinstance(wrapper, dict) or not isinstance(wrapper.get("format"), int):
        raise SaveError("the saved game is damaged (no format number)")
    if wrapper["format"] > FORMAT:
        raise SaveError(f"this game was saved by a newer Kolonisten (format {wrapper['format']}); "
                        "update Kolonisten to open it", "newer_version")
    if wrapper["format"] < 1:
        raise SaveError("the saved game has an unknown format")
    body, digest = wrapper.get("body"), wrapper.get("sha256")
    if not isinstance(body, bytes) or not isinstance(digest, bytes):
        raise SaveError("the saved game is damaged (missing contents)")
    if hashlib.sha256(body).digest() != digest:
        raise SaveError("the saved game is damaged (checksum mismatch)")
    try:
        obj = msgpack.unpackb(body, raw=False, strict_map_key=False)
    except Exception:
        raise SaveError("the saved game is damaged (contents unreadable)") from None
    game = _from_obj(obj)
    game.damage = journal.read(data, snapshot_end, game)
    return game


def _from_obj(obj) -> SavedGame:
    if not isinstance(obj, dict):
        raise SaveError("the saved game is damaged (wrong shape)")
    try:
        game = SavedGame(config=obj["config"], commands=obj["commands"], hashes=obj["hashes"],
                         mode=obj["mode"], players=obj["players"], created=obj["created"],
                         updated=obj["updated"], summary=obj["summary"], extra=obj["extra"])
    except KeyError as missing:
        raise SaveError(f"the saved game is damaged (no {missing.args[0]})") from None
    reason = validate_config(game.config)
    if reason:
        raise SaveError(f"the saved game has an unusable setup: {reason}", "bad_setup")
    if (not isinstance(game.commands, list) or not isinstance(game.hashes, list)
            or not all(isinstance(c, list) for c in game.commands)
            or not all(isinstance(h, str) for h in game.hashes)
            or len(game.hashes) not in (0, len(game.commands))):
        raise SaveError("the saved game is damaged (command log)")
    if game.mode not in ("hotseat", "lan") or not isinstance(game.players, list):
        raise SaveError("the saved game is damaged (players)")
    if not isinstance(game.summary, dict) or not isinstance(game.extra, dict):
        raise SaveError("the saved game is damaged (summary)")
    if not all(type(t) in (int, float) for t in (game.created, game.updated)):
        raise SaveError("the saved game is damaged (dates)")
    return game


def load(path: str) -> SavedGame:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise SaveError(f"cannot read the file: {why}", "unreadable", why=why) from None
    return decode(data)


# rule set -> kind -> the looker of the fields a command of that kind can change
_LOOKERS = {rules: {kind: looker(fields) for kind, fields in kinds.items()} for rules, kinds in CHANGES_ONLY.items()}


def _exact_tuple(obj):
    """A tuple as the list it packs like (normal_command makes both one form)."""
    if type(obj) is tuple:
        return list(obj)
    raise TypeError(f"cannot pack {type(obj).__name__}")


def _command_key():
    """A function(command) -> bytes that are equal only for commands that
    the shape check cannot tell apart (TypeError etc. for anything else):
    msgpack of exact types only (a subclass of int, str or list raises)."""
    return msgpack.Packer(use_bin_type=True, strict_types=True, default=_exact_tuple).pack


def restore(game: SavedGame, verify: bool = True, on_step=None, quick: bool = True) -> Authority:
    """Replay a save into a live Authority.  With `verify`, the state hash after
    every command must equal the recorded one (SaveError otherwise).
    `on_step(auth, i)` is called after command i (1-based), e.g. to take
    snapshots for a replay viewer.  Without it, and with `quick`, the hash
    after a command that can change only some fields (game/engine/changes.py)
    looks at those fields only (codec.StateHasher), and after every other
    command, the one that ends the game and the last at all of them; a hash
    that then differs is decided by replaying the save again looking at every
    field.  Every command is checked against the rules at its moment; its
    shape, the same at every moment, once for each command's bytes.  What an
    undo needs is kept from the last command an undo cannot reach on
    (undo.follow_from; without `on_step`), so the game may be played on
    from its end."""
    try:
        auth = Authority(game.config)
    except ValueError as exc:
        raise SaveError(f"the saved game has an unusable setup: {exc}", "bad_setup") from None
    submit = auth.submit
    hashes = game.hashes if verify else None
    hasher = StateHasher()
    few = _LOOKERS[auth.config["rules"]] if quick and on_step is None else {}
    last = len(game.commands) - 1
    # A save repeats its commands (in a game of random computers 6-8 % of
    # them differ), and a command's shape is the same at every moment of a
    # game: each command's bytes map to its log form once it has passed the
    # shape check, and its repeats are checked against the rules only
    # (Authority.submit `shaped`).  The bytes tell apart what the check does
    # (True from 1, 1.0 from 1, a subclass from its class: `_command_key`).
    shaped = {}
    key_of = _command_key()
    # (an on_step may look at the game after any command: then from the start)
    undoable_from = follow_from(auth.config["rules"], game.commands) if on_step is None else 0
    for i, cmd in enumerate(game.commands):
        try:
            try:
                key = key_of(cmd)
            except (TypeError, ValueError, OverflowError):      # no save holds it; the check will say why
                key = None
            known = shaped.get(key)
            if known is not None:
                record = submit(known, shaped=True, undoable=i >= undoable_from)
            else:
                record = submit(cmd, undoable=i >= undoable_from)
                if key is not None:
                    shaped[key] = record.cmd
        except (IllegalCommand, TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise SaveError(f"the saved game does not replay: command {i + 1} is refused ({exc})",
                            "refused", n=i + 1) from None
        if hashes:
            look = few.get(record.cmd[0]) if i != last and auth.state.phase != GAME_OVER else None
            if hasher.hash(auth.state, look) != hashes[i]:
                if few:
                    return restore(game, verify, quick=False)
                raise SaveError(f"the saved game does not replay: state differs after command {i + 1}",
                                "differs", n=i + 1)
        if on_step is not None:
            on_step(auth, i + 1)
    return auth


def resume(game: SavedGame):
    """Restore a save to play on: returns (authority, state hash after every
    command), the hashes an Autosaver continues from: the recorded ones, each
    checked on the way, or, for a save that did not record them, computed
    here."""
    if game.hashes:
        return restore(game, verify=True), list(game.hashes)
    hashes = []
    auth = restore(game, verify=True, on_step=lambda a, i: hashes.append(state_hash(a.state)))
    return auth, hashes


# --- the list of saves ---------------------------------------------------------

@dataclass
class SaveEntry:
    path: str
    game: SavedGame | None
    error: SaveError | None


def list_saves(folder: str | None = None) -> list:
    """Every save in the folder, newest first; damaged ones are listed with
    their error rather than hidden, and never touched."""
    folder = folder or saves_dir()
    entries = []
    for name in sorted(os.listdir(folder)):
        if name.startswith(".tmp-"):
            _remove_if_stale(os.path.join(folder, name))
            continue
        if not name.endswith(SUFFIX):
            continue
        path = os.path.join(folder, name)
        try:
            entries.append(SaveEntry(path, load(path), None))
        except SaveError as exc:
            entries.append(SaveEntry(path, None, exc))
    entries.sort(key=lambda e: (e.game.updated if e.game else 0), reverse=True)
    return entries


STALE_TEMP_SECONDS = 3600


def _remove_if_stale(path: str) -> None:
    """A temporary file left by a write that was killed midway (write_atomic
    never leaves one otherwise); an hour old, no writer can still own it."""
    try:
        if time.time() - os.path.getmtime(path) > STALE_TEMP_SECONDS:
            os.unlink(path)
    except OSError:
        pass


def new_save_path(prefix: str = "game", folder: str | None = None) -> str:
    folder = folder or saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = os.path.join(folder, f"{prefix}-{stamp}{SUFFIX}")
    k = 1
    while os.path.exists(path):
        k += 1
        path = os.path.join(folder, f"{prefix}-{stamp}-{k}{SUFFIX}")
    return path


class Autosaver:
    """Keeps one save file current with a live game: call `record()` after each
    accepted command (and give `players` or `extra` a new value, never change
    them in place, for the change to be saved).  A write appends one journal record (the commands since
    the last write) and flushes it to disk, so it costs the same at any length
    of game; the journal is folded into a new snapshot when it has grown as
    large as the snapshot (so the whole file is rewritten only after the game
    has doubled in journal bytes: a constant cost per command, spread out),
    when the game ends, and on the first write (which also drops a damaged
    tail the file was loaded with).  The log's commands and hashes are packed
    once each, as they come, so a snapshot costs one pass over bytes."""

    COMPACT_MIN_BYTES = 256 * 1024      # a journal this small is never worth folding in

    def __init__(self, auth: Authority, path: str, mode="hotseat", players=(), extra=None,
                 hashes=None, created=None):
        self.auth = auth
        self.path = path
        self.mode = mode
        self.players = list(players)
        self.extra = dict(extra or {})
        self.hashes = list(hashes or [])
        self.created = created or time.time()
        self._packed_commands = bytearray()
        self._packed_hashes = bytearray()
        self._commands_packed = 0
        self._hashes_packed = 0
        self._file = None               # the save opened for appending, once a snapshot is written
        self._written = 0               # commands on disk
        self._snapshot_bytes = 0
        self._journal_bytes = 0
        self._players_written = self._extra_written = None     # as packed into the file
        self._players_seen = self._extra_seen = None            # the objects they were packed from
        self._unflushed = False         # records written but not yet flushed to the disk
        # A context the compaction's new files are opened in (the LAN host's
        # spare descriptors); appending opens nothing.
        self.room = contextlib.nullcontext

    def record(self, write: bool = True, digest: str | None = None, flush: bool = True) -> None:
        """Take the newest command's state hash (`digest`: the caller has it
        already, codec.state_hash of the live state); with `write`, bring the
        file up to date.  (A caller that makes several commands in a row,
        like computers at the instant speed, writes once after the last.)
        With `flush` False the record is handed to the system (a crash of
        this program loses nothing) but flushed to the disk only by the next
        `flush()` or flushed write, so that a caller may flush once for many
        commands.  A file moved or deleted under the game is written anew at
        the next flush.  An OSError leaves every command written before
        whole, and the next write rewrites the whole file."""
        while len(self.hashes) < len(self.auth.log):
            # Only the newest command's hash can be taken from the live state.
            if len(self.hashes) != len(self.auth.log) - 1:
                raise RuntimeError("Autosaver.record() must be called after every command")
            self.hashes.append(digest or state_hash(self.auth.state))
        if not write:
            return
        if self._file is None:
            self.compact()
            return
        try:
            self._append(flush)
        except OSError:
            self.close()                # the tail may be torn: the next write starts afresh
            raise
        if self._journal_bytes >= max(self.COMPACT_MIN_BYTES, self._snapshot_bytes) \
                or self.auth.state.winner >= 0:
            self.compact()

    def _append(self, flush: bool) -> None:
        log = self.auth.log
        # players and extra change by being given anew (never in place): only
        # then are they packed, and journalled if they differ
        players = extra = None
        if self.players is not self._players_seen:
            packed_players, self._players_seen = _packed(self.players), self.players
            players = self.players if packed_players != self._players_written else None
        if self.extra is not self._extra_seen:
            packed_extra, self._extra_seen = _packed(self.extra), self.extra
            extra = self.extra if packed_extra != self._extra_written else None
        if self._written == len(log) and players is None and extra is None:
            if flush:
                self.flush()
            return                      # nothing new
        data = journal.encode_record(
            self._written, [list(r.cmd) for r in log[self._written:]],
            self.hashes[self._written:len(log)], time.time(), summarize(self.auth),
            players=players, extra=extra)
        view = memoryview(data)
        while view:
            view = view[os.write(self._file, view):]
        self._unflushed = True
        self._written = len(log)
        self._journal_bytes += len(data)
        if players is not None:
            self._players_written = packed_players
        if extra is not None:
            self._extra_written = packed_extra
        if flush:
            self.flush()

    def compact(self) -> None:
        """Rewrite the file as one snapshot of everything (atomically)."""
        log = self.auth.log
        for record in log[self._commands_packed:]:
            self._packed_commands += pack(list(record.cmd))
        self._commands_packed = len(log)
        for digest in self.hashes[self._hashes_packed:]:
            self._packed_hashes += pack(digest)
        self._hashes_packed = len(self.hashes)
        game = SavedGame(config=dict(self.auth.config), commands=[], hashes=[], mode=self.mode,
                         players=self.players, created=self.created, updated=time.time(),
                         summary=summarize(self.auth), extra=self.extra)
        data = encode(game, {"commands": (self._commands_packed, self._packed_commands),
                             "hashes": (self._hashes_packed, self._packed_hashes)})
        self.close()                    # (a file open elsewhere cannot be replaced on Windows)
        self._unflushed = False         # the new snapshot holds every record, flushed
        with self.room():
            write_atomic(self.path, data)
            self._file = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        self._written = len(log)
        self._snapshot_bytes, self._journal_bytes = len(data), 0
        self._players_written, self._extra_written = _packed(self.players), _packed(self.extra)
        self._players_seen, self._extra_seen = self.players, self.extra
        opened = os.fstat(self._file)
        self._identity = (opened.st_ino, opened.st_dev)

    def _still_there(self) -> bool:
        """Is the file at `path` still the one open for appending?"""
        try:
            here = os.stat(self.path)
        except OSError:
            return False
        return (here.st_ino, here.st_dev) == self._identity

    def flush(self) -> None:
        """Make sure every record written is on the disk (fdatasync); a file
        no longer at the path (moved or deleted under the game: what was
        appended would be saved nowhere) is written anew there.  (The check
        is made here, not for every record: a caller that flushes once for
        many commands looks once.)"""
        if self._file is None:
            return
        if not self._still_there():
            fd, self._file = self._file, None
            os.close(fd)
            self.compact()
        else:
            self._sync()

    def _sync(self) -> None:
        if self._unflushed:
            _sync_data(self._file)
            self._unflushed = False

    def close(self) -> None:
        """Flush and let go of the file (the next write rewrites it whole)."""
        if self._file is not None:
            try:
                self._sync()
            except OSError:
                pass                    # closing anyway: the system still has what was written
            fd, self._file = self._file, None
            os.close(fd)

    def __del__(self):
        try:
            self.close()
        except OSError:
            pass


def _packed(value) -> bytes:
    """Plain saved data as bytes, to tell later whether it changed."""
    return pack(value)


def _sync_data(fd: int) -> None:
    (getattr(os, "fdatasync", None) or os.fsync)(fd)
