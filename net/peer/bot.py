"""A windowless client that plays a seat with a computer player (`kolonisten
join ADDRESS --bot random|easy|medium|hard`), used by the tests, the
benchmarks and `kolonisten host --headless --bots N`.

It acts whenever its own copy says its seat must decide, one command at a
time; when the host refuses a command it picks another (a `stale` refusal
needs nothing: the record that overtook it has already arrived).  If the
connection drops it reconnects with its saved token for a while; a host that
says it is closing (it ended the game) or a `stop` event ends it at once.
"""

import asyncio
import time

from game.bots import make_bot
from game.bots.protocol import awaits_answers
from game.bots.random_bot import STREAM as RANDOM_STREAM
from game.engine import legal_commands
from game.engine.rng import Rng

from ..wire.protocol import HOST_CLOSING
from ..wire.rolldice import LATE

from .connection import JoinRefused, handshake, open_connection, pump
from .faults import HostFault
from .game import REPORT_DIVERGENCES, PeerGame

FATAL = ("full", "running", "version", "bad_token", "protocol", "other_game", "wrong_key", "tls",
         "join_code", "join_code_wrong", "join_code_unasked", "no_watchers", "watchers_full")


# What a windowless player is told at once, in words (the window has its own, in both languages).
NOTICES = {
    "host_diverges": lambda n: (f"the host's game differed from ours {n} times (each time it sent "
                                f"its view again): it is lying or broken"),
    "impostor": lambda info: (f"another key ({info['got']}) answers at {info['address']}, not our "
                              f"host's ({info['expected']}): not trusted; still looking for our host"),
    "roll_without": lambda info: (
        f"the roll at record {info['seq']} went on without "
        + ", ".join(f"seat {seat + 1} ({why})" for seat, why in sorted(info["seats"].items()))
        + (f" ({LATE}: left out after the other values were shown, so this game can no longer "
           "be verified fair)" if LATE in info["seats"].values() else "")),
    "roll_reopened": lambda info: (
        f"the host opened roll {info['roll']} again after a restart"
        + (" after we had shown our value: the host knew the roll it threw away, so this game "
           "can no longer be verified fair" if info["after_reveal"] else "")),
    "roll_unseen": lambda info: (
        f"roll {info['roll']} went on while we were away after we had shown our value, and the host "
        "did not show how: this game can no longer be verified fair"),
    "fair": lambda verdict: f"not verified fair: {verdict.detail} (record {verdict.seq})",
    "deal_restarted": lambda info: (
        f"the host started the deal again (deal {info['attempt']})"
        + (" after every seat had shown its value: the host knew the seed it threw away, so this "
           "game can no longer be verified fair" if info["after_reveal"] else "")),
}


def seat_names(lobby) -> list:
    """The players' names per seat as the host's lobby gives them ("#n" for an empty seat)."""
    seats = (lobby or {}).get("seats") or []
    return [(seat or {}).get("name") or f"#{number + 1}" for number, seat in enumerate(seats)]


class BotPlayer:
    def __init__(self, name: str, store=None, seed: int = 0, level: str = "random", say=None,
                 hear=None):
        self.game = PeerGame(send=None, name=name, store=store)
        # A computer may be one the host runs, whose seat the host counts as its own in a roll.
        self.game.rolls.host_run = True
        self.say = say or (lambda line: None)   # say(line): what the player must hear at once
        # hear(said, names): table talk heard (net/wire/talk.py `heard`; names: seat_names)
        self.hear = hear or (lambda said, names: None)
        # "random" (a uniform choice among the legal commands not refused), and the fallback after a refusal
        self.rng = Rng(seed, stream=RANDOM_STREAM)
        self.level = level
        self.seed = seed
        self.player = None                  # the computer player of our seat (levels above random)
        self.refused = set()        # commands the host refused at refused_seq
        self.refused_seq = -1
        self.last_cmd = None
        self.rejects = {}           # code -> count
        self.sent_at = {}           # command id -> perf_counter_ns (benchmarks)
        self.sent_seq = {}          # command id -> the record number it was chosen at
        self.bytes_in = self.bytes_out = 0
        self.host_closed = False    # the host said it is closing: nothing to reconnect to
        self.told_unfair = False    # a failed check was said

    def deliver(self, msg) -> None:
        """Handle one host message, then act if our seat must decide."""
        for kind, data in self.game.handle(msg) + self.game.overdue(time.monotonic()):
            if kind == "seated" and self.game.replica is None:     # a computer is ready at once
                self.game.set_lobby(ready=True)
            # A command chosen on an older record was overtaken, whatever the code.
            if kind == "rejected" and self.sent_seq.get(data["id"]) == self.game.seq:
                self.rejects[data["code"]] = self.rejects.get(data["code"], 0) + 1
                if self.refused_seq != self.game.seq:
                    self.refused, self.refused_seq = set(), self.game.seq
                self.refused.add(self.last_cmd)
            elif kind == "rejected":
                self.rejects["overtaken"] = self.rejects.get("overtaken", 0) + 1
            elif kind == "fair":
                if not data.ok and not self.told_unfair:     # at once, in words, and once
                    self.told_unfair = True
                    self.say(NOTICES["fair"](data))
            elif kind in NOTICES:
                self.say(NOTICES[kind](data))
            elif kind == "talk":
                self.hear(data, seat_names(self.game.lobby))
            elif kind == "bye" and data == HOST_CLOSING:
                self.host_closed = True
        self.act()

    def act(self) -> None:
        game = self.game
        if not game.must_decide() or awaits_answers(game.view, game.seat, game.away):     # (our offer waits for answers)
            return
        refused = self.refused if self.refused_seq == game.seq else ()
        cmd = self._choose(refused) if self.level != "random" else None
        if cmd is None:
            cmds = [c for c in legal_commands(game.view, game.seat) if c not in refused]
            if not cmds:
                return
            cmd = cmds[self.rng.below(len(cmds))]
        self.last_cmd = cmd
        ident = game.submit(self.last_cmd)
        self.sent_at[ident] = time.perf_counter_ns()
        self.sent_seq[ident] = game.seq


    def _choose(self, refused):
        """The computer player's choice from our seat's view only, or None to
        fall back to a random legal command (it repeated a refused one)."""
        game = self.game
        if self.player is None or self.player.seat != game.seat:
            self.player = make_bot(self.level, game.seat, self.seed)
        cmd = self.player.choose(game.view)
        if cmd is None:
            return None
        cmd = tuple(tuple(a) if isinstance(a, list) else a for a in cmd)
        return None if cmd in refused else cmd


async def play(address, name: str, store=None, seed: int = 0, reconnect_for: float = 30.0,
               raw_log=None, player: BotPlayer | None = None, pin: str | None = None,
               join_code: str | None = None, level: str = "random", stop=None, say=None,
               watch: bool = False, hear=None) -> dict:
    """Play one game to its end.  Returns a result dict whose "ok" is True only
    when the game ended, this copy's hashes match the host's and the fair
    deal checked out.  pin: the host key we require (None: the first one we
    meet; after that we only ever reconnect to it).  stop: an asyncio.Event
    that ends the play (Ctrl-C) even where a cancellation was swallowed.
    watch: watch the game (the host's spectator view, no seat) rather than
    play; a seat the host hands over is then played like any other.  say(line):
    notices in words; hear(said, names): table talk (see BotPlayer)."""
    player = player or BotPlayer(name, store, seed, level, say, hear)
    game = player.game
    store = game.store
    lost_at = None
    impostor_told = False       # said once per loss of the line
    while game.over is None:
        if game.taken_over:
            return _result(player, "our seat was taken over by another connection")
        if player.host_closed:
            return _result(player, "the host closed the game")
        if stop is not None and stop.is_set():
            return _result(player, "stopped")
        try:
            conn = await open_connection(address, raw_log=raw_log, pin=game.pin or pin)
            game.pin = conn.fingerprint
            game.send = conn.send
            # Once the game runs, only that game (resumed or not) is ours.
            ours = game.game_id if game.replica is not None else None
            await handshake(conn, name, store, player.deliver, game_id=ours, join_code=join_code,
                            watch=watch)
        except JoinRefused as exc:
            if exc.code == "wrong_key" and game.pin is not None:
                # Our host's address answers with another key (taken over, or the host
                # moved): never a reason to quit the game; keep looking for the real key.
                if not impostor_told:
                    where = address if isinstance(address, str) else "%s:%s" % tuple(address)
                    player.say(NOTICES["impostor"](dict(exc.params, address=where)))
                impostor_told = True
            elif exc.code in FATAL:
                return _result(player, f"refused: {exc.code}: {exc.detail}")
            conn = None
        except (OSError, asyncio.TimeoutError, ConnectionError):
            conn = None
        if conn is None:
            lost_at = lost_at or time.monotonic()
            if time.monotonic() - lost_at > reconnect_for:
                return _result(player, "could not reach the host")
            await asyncio.sleep(0.2)
            continue
        lost_at, impostor_told = None, False
        try:
            player.act()        # after a rejoin our seat may already be due
            # After the end, a resync still in flight and the host's reveal
            # are awaited before judging.
            await pump(conn, player.deliver,
                       until=lambda: game.over is not None and not game.awaiting_sync
                       and (game.verdict is not None or game.reveal_overdue(time.monotonic())))
        except HostFault as exc:
            return _result(player, str(exc))
        finally:
            conn.close(say_bye=game.over is not None)
            player.bytes_in += conn.bytes_in
            player.bytes_out += conn.bytes_out
    return _result(player, None)


def _result(player: BotPlayer, problem) -> dict:
    game = player.game
    ok = problem is None and game.hash_matches_host()
    if problem is None and not ok:
        problem = "final view differs from the host's"
    if problem is None and game.divergences >= REPORT_DIVERGENCES:
        ok, problem = False, f"the host's game differed from ours {game.divergences} times"
    fair = game.verdict
    if problem is None and (fair is None or not fair.ok):
        ok, problem = False, "the deal was not verified fair: " + (fair.detail if fair else
                                                                  "the host revealed nothing")
    return {"ok": ok, "problem": problem, "seat": game.seat, "name": game.name,
            "winner": game.over["winner"] if game.over else None,
            "public_hash": game.over["public_hash"] if game.over else None,
            "seq": game.seq, "divergences": game.divergences, "rejects": player.rejects,
            "fair": bool(fair and fair.ok), "fingerprint": game.pin,
            "deal": game.deal.attempt if game.deal else game.deal_attempt}
