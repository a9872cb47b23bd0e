"""Seat tokens kept on the player's laptop, so a restarted program can take
its seat back.  One small JSON file per (host key, game, player name) under
a directory: the user data dir (platformdirs) unless a path is given.  A
token is a secret of this laptop; files are created readable by the owner
only.

Tokens are filed under the fingerprint of the host's key (net/wire/secure.py):
a game advertised with the same name and id but another key finds no token
here, so it is a different game to us and is never offered a proof.  The
file also keeps what this seat saw of the fair deal (net/wire/fairdice.py), so a
restarted program can tell whether the host changed it, and a second file
(`.seen`) every record and view this seat was shown, so a restarted program
still checks the whole game at the end."""

import contextlib
import hashlib
import json
import os


def default_dir() -> str:
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("kolonisten", appauthor=False), "seats")


class TokenStore:
    def __init__(self, directory: str | None = None):
        self.directory = directory or default_dir()

    def _path(self, pin: str, game_id: str, name: str) -> str:
        key = hashlib.sha256(f"{pin}\0{game_id}\0{name}".encode()).hexdigest()[:24]
        return os.path.join(self.directory, key + ".json")

    def _read(self, pin: str, game_id: str, name: str):
        try:
            with open(self._path(pin, game_id, name), encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError):
            return None
        return data if type(data) is dict and data.get("pin") == pin else None

    def load(self, pin: str, game_id: str, name: str):
        """(seat, token) saved for this host key, game and name, or None."""
        data = self._read(pin, game_id, name)
        if data is None:
            return None
        seat, token = data.get("seat"), data.get("token")
        if type(seat) is not int or type(token) is not str:
            return None
        return seat, token

    def load_fair(self, pin: str, game_id: str, name: str):
        """The fair deal this seat saw (as saved by `save`), or None."""
        data = self._read(pin, game_id, name)
        fair = data.get("fair") if data else None
        return fair if type(fair) is dict else None

    def save(self, pin: str, game_id: str, name: str, seat: int, token: str, fair=None) -> None:
        """fair: a map of plain values (see PeerGame) or None to keep the saved one."""
        if fair is None:
            fair = self.load_fair(pin, game_id, name) if self.load(pin, game_id, name) == (
                seat, token) else None
        os.makedirs(self.directory, exist_ok=True)
        path = self._path(pin, game_id, name)
        tmp = path + ".tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"pin": pin, "game_id": game_id, "name": name, "seat": seat,
                       "token": token, "fair": fair}, f)
        os.replace(tmp, path)

    def forget(self, pin: str, game_id: str, name: str) -> None:
        try:
            os.remove(self._path(pin, game_id, name))
        except OSError:
            pass
        self.forget_seen(pin, game_id, name)

    # What this seat was shown (net/wire/fairdice.py pack_seen), appended as it arrives.

    def _seen_path(self, pin: str, game_id: str, name: str) -> str:
        return self._path(pin, game_id, name)[:-len(".json")] + ".seen"

    def seen_file(self, pin: str, game_id: str, name: str) -> "SeenFile":
        """The seen file, open for appending (one write per entry, no reopening)."""
        return SeenFile(self.directory, self._seen_path(pin, game_id, name))

    def append_seen(self, pin: str, game_id: str, name: str, data: bytes) -> None:
        with contextlib.closing(self.seen_file(pin, game_id, name)) as f:
            f.append(data)

    def load_seen(self, pin: str, game_id: str, name: str) -> bytes:
        try:
            with open(self._seen_path(pin, game_id, name), "rb") as f:
                return f.read(256 * 1024 * 1024)
        except OSError:
            return b""

    def forget_seen(self, pin: str, game_id: str, name: str) -> None:
        try:
            os.remove(self._seen_path(pin, game_id, name))
        except OSError:
            pass


class SeenFile:
    """A seen file open for appending, created readable by the owner only.  A
    failed write is not an error: the check at the end then covers less (it
    says how many records it compared)."""

    def __init__(self, directory: str, path: str):
        self.directory, self.path = directory, path
        self.file = None

    def append(self, data: bytes) -> None:
        try:
            if self.file is None:
                os.makedirs(self.directory, exist_ok=True)
                self.file = open(self.path, "ab", buffering=0,
                                 opener=lambda p, flags: os.open(p, flags, 0o600))
            self.file.write(data)
        except OSError:
            self.close()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

