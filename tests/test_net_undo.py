"""Undo over a LAN (game/engine/undo.py): three laptops on loopback — a host
and three window sessions — play; a player takes back their own moves, the
host grants each under the engine's rule, and every laptop rewinds alike:
each seat's view hash equals the host's after every undo, nobody diverges,
the host's save replays with every hash (`kolonisten replay --verify`) and,
at the end, every seat's check of the fair deal replays the undos too."""

import random
import time

import pytest

from wait_helpers import WAIT, wait_until

from game import cli, saves
from game.engine import default_config, legal_commands
from game.engine.undo import UNDO
from net.session import ClientSession, HostSession
from net.wire.secrecy import peer_hash, public_state_hash

BUILDS = ("build_road", "build_settlement", "build_city", "maritime")


class Laptops:
    """A host and one ClientSession per seat, each its own copy of the game."""

    def __init__(self, tmp_path, seed, rules="base", players=3):
        self.hosting = HostSession(default_config(rules=rules, players=players, seed=seed), "Undo", port=0,
                                   bind="127.0.0.1", discovery=False)
        port = self.hosting.start()
        self.sessions = [ClientSession(f"127.0.0.1:{port}", f"p{i}", token_dir=str(tmp_path))
                         for i in range(players)]
        for s in self.sessions:
            s.connect()
        self.hosting.start_game()
        self.rng = random.Random(seed)
        self.undos = 0
        self.poll()

    @property
    def auth(self):
        return self.hosting.host.auth

    def poll(self):
        for s in self.sessions:
            s.poll()

    def settled(self) -> bool:
        """Every laptop has every record the host made, and waits for nothing."""
        self.poll()
        auth = self.auth
        return auth is not None and all(
            s.game.replica is not None and s.game.seq == len(auth.log) and s.game.pending is None
            and not s.game.awaiting_sync for s in self.sessions)

    def settle(self):
        assert wait_until(self.settled, WAIT), [(s.game.seq, s.game.pending) for s in self.sessions]

    def agree(self):
        """Each seat's copy has the host's view hash for that seat; all share the public one."""
        state = self.auth.state
        for s in self.sessions:
            assert peer_hash(s.view, s.seat) == peer_hash(state, s.seat)
            assert public_state_hash(s.view) == public_state_hash(state)
            assert s.game.divergences == 0

    def step(self, undo_chance=0.6) -> str | None:
        """One command of whoever must decide: a build when there is one
        (half the time), an undo of the own last move when it may be taken
        back; returns "undo" when an undo was sent."""
        for s in self.sessions:
            if not s.game.must_decide():
                continue
            seat = s.seat
            taken, _ = s.game.undo_status()
            if taken is not None and self.rng.random() < undo_chance:
                s.submit((UNDO, seat))
                return "undo"
            cmds = legal_commands(s.view, seat)
            builds = [c for c in cmds if c[0] in BUILDS]
            pool = builds if builds and self.rng.random() < 0.5 else [c for c in cmds if c[0] != "offer"] or cmds
            s.submit(pool[self.rng.randrange(len(pool))])
            return pool[0][0]
        return None

    def until_undoable(self):
        """Play on until a laptop has a move of its own it may take back; that laptop."""
        deadline = time.monotonic() + 3 * WAIT
        while time.monotonic() < deadline:
            self.settle()
            mover = next((s for s in self.sessions if s.game.must_decide()), None)
            if mover is not None and mover.game.undo_status()[0] is not None:
                return mover
            self.step(undo_chance=0)
        raise AssertionError("no move to take back in time")

    def close(self):
        for s in self.sessions:
            s.close()
        self.hosting.close()


def _undo_and_check(laptops, wanted):
    """Play until `wanted` undos went through, checking every laptop after each."""
    deadline = time.monotonic() + 3 * WAIT
    while laptops.undos < wanted and time.monotonic() < deadline:
        laptops.settle()
        before = len(laptops.auth.log)
        if laptops.step() == "undo":
            laptops.settle()
            assert len(laptops.auth.log) == before + 1
            record = laptops.auth.log[-1]
            assert record.cmd[0] == UNDO
            laptops.agree()
            laptops.undos += 1
    assert laptops.undos == wanted


def test_an_undo_on_a_lan_of_three_laptops_rewinds_all_three_and_the_save_verifies(tmp_path, capsys):
    laptops = Laptops(tmp_path, seed=41)
    try:
        _undo_and_check(laptops, 4)
        undone = [r for r in laptops.auth.log if r.cmd[0] == UNDO]
        assert len(undone) == 4
        path = laptops.hosting.save_path
    finally:
        laptops.close()
    game = saves.load(path)
    assert sum(1 for c in game.commands if c[0] == UNDO) == 4
    saves.restore(game, verify=True)
    capsys.readouterr()
    assert cli.main(["replay", path, "--verify"]) == 0


def test_a_laptop_that_took_a_fresh_view_after_the_move_follows_its_undo_without_diverging(tmp_path):
    """A resync (or rejoin) after a build leaves that laptop's copy without
    the state before it: the undo asks for a fresh view again, which is no
    divergence, and the hashes agree."""
    laptops = Laptops(tmp_path, seed=43)
    try:
        mover = laptops.until_undoable()
        other = next(s for s in laptops.sessions if s is not mover)
        other.game._ask_resync()
        laptops.settle()
        syncs = other.game.syncs
        mover.submit((UNDO, mover.seat))
        laptops.settle()
        assert laptops.auth.log[-1].cmd[0] == UNDO
        assert other.game.syncs == syncs + 1            # it asked for a fresh view, once
        laptops.agree()
    finally:
        laptops.close()


def test_the_host_refuses_an_undo_of_another_seats_move(tmp_path):
    laptops = Laptops(tmp_path, seed=47)
    try:
        mover = laptops.until_undoable()
        seq = len(laptops.auth.log)
        other = next(s for s in laptops.sessions if s is not mover)
        other.game.send({"t": "cmd", "id": 99, "seq": seq, "cmd": [UNDO, other.seat]})     # (its window would not)
        said = []
        assert wait_until(lambda: said.extend(other.poll()) or any(kind == "rejected" for kind, _ in said), WAIT)
        assert len(laptops.auth.log) == seq
        laptops.agree()
    finally:
        laptops.close()


@pytest.mark.slow
def test_a_whole_lan_game_with_undos_ends_on_the_hosts_hashes_and_a_fair_deal_that_checks(tmp_path):
    laptops = Laptops(tmp_path, seed=45)
    try:
        deadline = time.monotonic() + 10 * WAIT
        while not all(s.game.over for s in laptops.sessions) and time.monotonic() < deadline:
            laptops.settle()
            if laptops.auth.state.winner >= 0:
                break
            if laptops.step(undo_chance=0.3) == "undo":
                laptops.undos += 1
        assert wait_until(lambda: (laptops.poll() or True) and all(
            s.game.verdict is not None for s in laptops.sessions), WAIT)
        assert laptops.undos > 0
        for s in laptops.sessions:
            assert s.game.hash_matches_host() and s.game.divergences == 0
            assert s.game.verdict.ok, s.game.verdict
    finally:
        laptops.close()
