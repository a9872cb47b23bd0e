"""Seat tokens kept on the player's laptop, so a restarted program can take
its seat back.  One small JSON file per (game, player name) under a
directory: the user data dir (platformdirs) unless a path is given.  A token
is a secret of this laptop; files are created readable by the owner only."""

import hashlib
import json
import os


def default_dir() -> str:
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("kolonisten", appauthor=False), "seats")


class TokenStore:
    def __init__(self, directory: str | None = None):
        self.directory = directory or default_dir()

    def _path(self, game_id: str, name: str) -> str:
        key = hashlib.sha256(f"{game_id}\0{name}".encode()).hexdigest()[:24]
        return os.path.join(self.directory, key + ".json")

    def load(self, game_id: str, name: str):
        """(seat, token) saved for this game and name, or None."""
        try:
            with open(self._path(game_id, name), encoding="utf-8") as f:
                data = json.load(f)
            seat, token = data["seat"], data["token"]
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if type(seat) is not int or type(token) is not str:
            return None
        return seat, token

    def save(self, game_id: str, name: str, seat: int, token: str) -> None:
        os.makedirs(self.directory, exist_ok=True)
        path = self._path(game_id, name)
        tmp = path + ".tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"game_id": game_id, "name": name, "seat": seat, "token": token}, f)
        os.replace(tmp, path)

    def forget(self, game_id: str, name: str) -> None:
        try:
            os.remove(self._path(game_id, name))
        except OSError:
            pass
