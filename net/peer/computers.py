"""Computer players in a LAN game, started by the host.

Each computer is its own `kolonisten join ADDRESS --bot LEVEL` process on the
host's laptop: a thinking computer never slows the host, and it plays from
its seat's copy of the game like any other player, so it cannot see more
than that seat may.

- `add(level)`: a computer takes the next free seat of the lobby (the host
  is told first, through `announce`, so its seat is saved as a computer's).
- `stand_in(seat, name, token, level)`: a computer plays for a player who is
  away: it is given that seat's token (the host issued it) and rejoins the
  seat with it.  When the player comes back with their own token the host
  gives them the seat again and the computer's connection ends (the host
  tells it its seat was taken over), so the player takes over without asking.
- `restart(host_seats)`: a resumed game's computers take their seats back,
  each with its seat's token, as a stand-in does.
- `results()`: what each computer said when its game ended (the result line
  of `kolonisten join`: its seat, whether its copy ended on the host's hashes
  and found the deal fair), for the host to report.
"""

import json

import os
import secrets
import subprocess
import sys
import tempfile

from .tokens import TokenStore


class ComputerPlayers:
    def __init__(self, address: str, join_code: str | None = None, pin: str | None = None,
                 announce=None):
        self.address = address                # "host:port" the computers connect to
        self.announce = announce              # announce(name, level) before a new computer joins
        self.join_code = join_code            # the game's join code, if the host set one
        self.pin = pin                        # the host's key (None: the first one met)
        self.procs = {}                       # "Computer N" or "seatN" (a stand-in) -> Popen
        self.folder = None
        self.added = 0

    def _folder(self) -> str:
        if self.folder is None:
            self.folder = tempfile.TemporaryDirectory(prefix="kolonisten-computers-")
        return self.folder.name

    def _spawn(self, key: str, level: str, name: str, tokens: str, pin: str | None = None) -> None:
        with open(self._result_path(key), "wb") as out:       # its result line (`results`)
            self.procs[key] = subprocess.Popen(
                [sys.executable, "-m", "game.cli", "join", self.address, "--bot", level, "--name", name,
                 "--token-dir", tokens, "--seed", str(secrets.randbits(32)), "--reconnect-for", "10"]
                + (["--join-code", self.join_code] if self.join_code else [])
                + (["--key", pin or self.pin] if pin or self.pin else []),
                stdout=out, stderr=subprocess.DEVNULL)

    def _result_path(self, key: str) -> str:
        return os.path.join(self._folder(), key + ".result")

    def results(self) -> dict:
        """{name or stand-in key: the result dict of each computer whose game
        has ended (see net/peer/bot.py `play`)}; a computer still playing, or
        one that said nothing readable, is left out."""
        found = {}
        for key, proc in self.procs.items():
            if proc.poll() is None:
                continue
            try:
                with open(self._result_path(key), encoding="utf-8") as f:
                    lines = f.read().splitlines()
                found[key] = json.loads(lines[-1])
            except (OSError, ValueError, IndexError):
                continue
        return found

    def add(self, level: str) -> str:
        """A computer joins as a new player; returns its name."""
        self.added += 1
        name = f"Computer {self.added}"
        if self.announce is not None:
            self.announce(name, level)
        self._spawn(name, level, name, os.path.join(self._folder(), f"new{self.added}"))
        return name

    def stand_in(self, pin: str, game_id: str, seat: int, name: str, token: str, level: str) -> None:
        """A computer plays seat `seat` (player `name`, away) until they come
        back; it connects only to the host key `pin` and files the token under it."""
        key = f"seat{seat}"
        if self.playing_for(seat):
            return
        tokens = os.path.join(self._folder(), key)
        TokenStore(tokens).save(pin, game_id, name, seat, token)
        self._spawn(key, level, name, tokens, pin)

    def restart(self, pin: str, game_id: str, seats: dict) -> None:
        """Start the computers of a resumed game: `seats` maps a seat to
        (name, token, level), as the save recorded them."""
        for seat, (name, token, level) in sorted(seats.items()):
            self.stand_in(pin, game_id, seat, name, token, level)

    def playing_for(self, seat: int) -> bool:
        """Whether a computer is (still) playing for the player of `seat`."""
        proc = self.procs.get(f"seat{seat}")
        return proc is not None and proc.poll() is None

    def running(self) -> int:
        return sum(1 for p in self.procs.values() if p.poll() is None)

    def stop(self, wait: float = 0.0) -> None:
        """End every computer still running (after `wait` seconds for them to finish)."""
        for proc in self.procs.values():
            if proc.poll() is None:
                try:
                    proc.wait(timeout=wait)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            wait = 0.0
        self.procs.clear()
        if self.folder is not None:
            self.folder.cleanup()
            self.folder = None
