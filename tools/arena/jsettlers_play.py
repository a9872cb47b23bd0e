"""Our seat at a JSettlers table: one game from creating it to its end.

    result = play_game(port, seed, seat, hard_options, trades=True)

Our client connects as a third-party robot (so the JSettlers robots play
without the pauses they make for people), creates a game with the
server's default options, sits at `seat`, and starts it: the server fills
the three other seats with robots from its default mix.  The server may
also pick our own connection for one of those seats (third-party robots are
in its pool); then the game is left and another created, so the three
robots are a uniform draw from the server's seven.

At every point where the server waits for our seat, our seat's view
(jsettlers_table.Table.view, from the messages sent to it) goes to Hard and
its command is sent as JSettlers requests (`requests`).  A request the
server turns down is counted, and the same decision then plays the safe
command (end the turn, roll).
"""

import os
import socket
import time

from game.bots import make_bot
from game.bots.facts import about_to_win
from game.bots.protocol import SAFE_KINDS
from game.engine import legal_commands
from game.engine.constants import KNIGHT, MONOPOLY, ROAD_BUILDING, YEAR_OF_PLENTY
from game.engine.state import COUNTERED, NOT_ASKED, TRADE

from . import jsettlers_wire as w
from .jsettlers_map import JS_OF_DEV, JS_OF_EDGE, JS_OF_HEX, JS_OF_KIND, JS_OF_NODE, resources_js
from .jsettlers_server import COOKIE
from .jsettlers_table import PLAYERS, Table

NAME = "kolonisten"
BRAIN = "org.kolonisten.arena.Hard"
OFFER_WAIT_S = 4.0          # how long our offer waits for the robots' answers
QUIET_S = 0.05              # silence after the server's last message before we decide
STALL_S = 60.0              # a request without any answer this long: counted, decided again
GAME_LIMIT_S = 3600.0       # wall-clock limit of one game


class Refused(Exception):
    pass


def _one(kind, *, count=1):
    out = [0] * 5
    out[kind] = count
    return out


def requests(table: Table, view, cmd) -> tuple:
    """The JSettlers messages for our command, and the follow-up per game
    state for commands JSettlers splits in two (a card, then its choice)."""
    g, me, kind = table.game, table.seat, cmd[0]
    if kind in ("place_settlement", "build_settlement"):
        return [w.put_piece(g, me, w.SETTLEMENT, JS_OF_NODE[cmd[2]])], {}
    if kind == "build_city":
        return [w.put_piece(g, me, w.CITY, JS_OF_NODE[cmd[2]])], {}
    if kind in ("place_road", "build_road"):
        return [w.put_piece(g, me, w.ROAD, JS_OF_EDGE[cmd[2]])], {}
    if kind == "roll":
        return [w.roll(g)], {}
    if kind == "end_turn":
        return [w.end_turn(g)], {}
    if kind == "buy_dev":
        return [w.buy_card(g)], {}
    if kind == "play_knight" or kind == "play_road_building":
        return [w.play_card(g, JS_OF_DEV[KNIGHT if kind == "play_knight" else ROAD_BUILDING])], {}
    if kind == "play_year_of_plenty":
        picked = _one(cmd[2])
        picked[cmd[3]] += 1
        return [w.play_card(g, JS_OF_DEV[YEAR_OF_PLENTY])], {
            w.WAITING_FOR_DISCOVERY: w.pick_resources(g, resources_js(picked))}
    if kind == "play_monopoly":
        return [w.play_card(g, JS_OF_DEV[MONOPOLY])], {
            w.WAITING_FOR_MONOPOLY: w.pick_resource_type(g, JS_OF_KIND[cmd[2]])}
    if kind == "maritime":
        give, get = cmd[2], cmd[3]
        return [w.bank_trade(g, resources_js(_one(give, count=view.ratios[me][give])),
                             resources_js(_one(get)))], {}
    if kind == "discard":
        return [w.discard(g, resources_js(cmd[2]))], {}
    if kind == "move_robber":
        return [w.move_robber(g, me, JS_OF_HEX[cmd[2]])], {}
    if kind == "steal":
        return [w.choose_player(g, cmd[2])], {}
    raise Refused(f"no JSettlers request for {cmd!r}")


class Seat:
    """Our client in one game."""

    def __init__(self, conn: w.Connection, game: str, bot, trades: bool):
        self.conn, self.game, self.bot, self.trades = conn, game, bot, trades
        self.table = Table(game, NAME)
        self.pending = None             # (time sent, what) while a request waits for its answer
        self.followup = {}              # game state -> message to send when it comes
        self.my_offer = None            # (time sent, seats asked, echo seen) while our offer waits
        self.refused_at = None          # the decision point a request was turned down at
        self.times = []                 # seconds per decision of our bot
        self.counts = {"decisions": 0, "declined": 0, "stalls": 0, "forced_steal": 0, "offers": 0,
                       "answers": 0, "accepted": 0, "countered": 0, "trades": 0}
        self.refusals = 0               # turned-down requests at one decision point in a row
        self.examples = []              # the first commands the server turned down
        self.transcript = []            # every message of the game, received and (">") sent

    def send(self, text: str) -> None:
        self.conn.send(text)
        self.transcript.append(">" + text)

    # --- the loop ---------------------------------------------------------------------------

    def run(self) -> None:
        t = self.table
        deadline = time.monotonic() + GAME_LIMIT_S
        while t.state != w.OVER or t.scores is None:
            if time.monotonic() > deadline:
                raise RuntimeError(f"game {self.game} passed {GAME_LIMIT_S:.0f} s")
            msgs = self.conn.receive(QUIET_S)
            if self.conn.closed:
                raise RuntimeError("the server closed the connection")
            for mtype, data in msgs:
                self.on_message(mtype, data)
            if msgs:
                continue                # decide only once the server has gone quiet
            self.step()

    def on_message(self, mtype, data) -> None:
        t = self.table
        if w.game_of(mtype, data) != self.game:
            return
        self.transcript.append(f"{mtype}|{data}")
        declined_before = t.declined
        t.handle(mtype, data)
        if t.declined > declined_before:
            self._refused(self.pending[1] if self.pending else "request")
        if mtype == w.ACCEPTOFFER and len(w.fields(data)) > 3 and t.seat in (
                int(w.fields(data)[1]), int(w.fields(data)[2])):
            self.counts["trades"] += 1
        if self.pending is not None:
            self.pending = None
        if mtype in (w.GAMESTATE, w.TURN):
            message = self.followup.pop(t.state, None)
            if message is not None:
                self.send(message)
                self.pending = (time.monotonic(), "followup")
            elif t.state not in (w.WAITING_FOR_DISCOVERY, w.WAITING_FOR_MONOPOLY):
                self.followup.clear()

    def _point(self):
        t = self.table
        return (t.turn, t.state, t.current, tuple(t.hand_n), sum(o != -1 for o in t.edge_owner))

    def step(self) -> None:
        t = self.table
        now = time.monotonic()
        if self.pending is not None:
            if now - self.pending[0] < STALL_S:
                return
            self.counts["stalls"] += 1
            self.pending = None
        if self.my_offer is not None and self._offer_waits(now):
            return
        what = t.our_turn_to()
        if what is None:
            return
        if what == "answer":
            self._answer(t.offer_to_us())
            return
        view = t.view()
        cmd = self._choose(view)
        if cmd is None:
            return
        if cmd[0] == "offer":
            self._offer(view, cmd)
            return
        if cmd[0] == "skip_steal":          # JSettlers: a steal is compulsory
            self.counts["forced_steal"] += 1
            cmd = ("steal", t.seat, t.steal_choices[0])
        try:
            messages, self.followup = requests(t, view, cmd)
        except Refused:
            self._refused(cmd)
            return
        for message in messages:
            self.send(message)
        self.pending = (time.monotonic(), cmd[0])

    def _choose(self, view):
        """Hard's command, or the safe one where a request of this decision was turned down."""
        t = self.table
        if self.refused_at is not None and self.refused_at == self._point():
            legal = legal_commands(view, t.seat, offers=False)
            safe = [c for c in legal if c[0] in SAFE_KINDS]
            return safe[0] if safe else (legal[0] if legal else None)
        self.refused_at = None
        t0 = time.perf_counter()
        cmd = self.bot.choose(view)
        self.times.append(time.perf_counter() - t0)
        self.counts["decisions"] += 1
        return cmd

    def _refused(self, cmd):
        self.counts["declined"] += 1
        if len(self.examples) < 5:
            self.examples.append(f"{cmd!r} at JSettlers state {self.table.state}")
        point = self._point()
        self.refusals = self.refusals + 1 if point == self.refused_at else 1
        if self.refusals > 3:
            raise RuntimeError(f"the server turned down {self.refusals} requests in a row at state {self.table.state}")
        self.refused_at = point

    # --- trades -----------------------------------------------------------------------------

    def _offer(self, view, cmd):
        """Our offer to the seats not about to win (JSettlers closes a trade the
        moment someone accepts, so the guard Hard applies at its confirmation
        is applied to whom we ask)."""
        t = self.table
        give, get = cmd[2], cmd[3]
        to = [s in cmd[4] and not about_to_win(view, s) for s in range(PLAYERS)]
        if not self.trades or not any(to):
            return                          # Hard counts it as made; nothing is sent
        self.send(w.make_offer(t.game, t.seat, to, resources_js(give), resources_js(get)))
        self.my_offer = (time.monotonic(), [s for s in range(PLAYERS) if to[s]], False)
        self.counts["offers"] += 1
        self.pending = (time.monotonic(), "offer")

    def _offer_waits(self, now) -> bool:
        """Whether our offer still waits for answers; a counter-offer goes to Hard."""
        t = self.table
        sent, asked, seen = self.my_offer
        mine = t.offers.get(t.seat)
        if mine is None:
            if seen or now - sent > OFFER_WAIT_S:       # taken (the trade is done) or withdrawn
                self.my_offer = None
                return False
            return True
        self.my_offer = (sent, asked, True)
        counter = next((o for o in t.offers.values() if o.seat != t.seat and o.to[t.seat]), None)
        if counter is not None:
            self._counter(mine, counter)
            return True
        if set(asked) <= mine.rejected or now - sent > OFFER_WAIT_S:
            self.send(w.clear_offer(t.game))
            t.offers.pop(t.seat, None)
            self.my_offer = None
            return False
        return True

    def _counter(self, mine, counter):
        """A robot's counter-offer to ours: Hard confirms it or cancels."""
        t = self.table
        view = t.view()
        answers = [NOT_ASKED] * PLAYERS
        answers[counter.seat] = COUNTERED
        counters = [None] * PLAYERS
        counters[counter.seat] = [list(counter.get), list(counter.give)]    # in our terms
        view.trade = {"give": list(mine.give), "get": list(mine.get), "answers": answers, "counters": counters}
        view.phase, view.current = TRADE, t.seat
        cmd = self._choose(view)
        t.offers.pop(counter.seat, None)
        if cmd is not None and cmd[0] == "confirm_trade" and cmd[2] == counter.seat:
            self.send(w.accept_offer(t.game, counter.seat))
        else:
            self.send(w.clear_offer(t.game))
        t.offers.pop(t.seat, None)
        self.my_offer = None
        self.pending = (time.monotonic(), "counter")

    def _answer(self, offer):
        """Hard's answer to a robot's offer to us."""
        t = self.table
        t.answered.add(offer.serial)
        if not self.trades:
            self.send(w.reject_offer(t.game))
            return
        cmd = self._choose(t.answer_view(offer))
        self.counts["answers"] += 1
        if cmd is not None and cmd[0] == "accept":
            self.send(w.accept_offer(t.game, offer.seat))
            self.counts["accepted"] += 1
        elif cmd is not None and cmd[0] == "counter":
            to = [s == offer.seat for s in range(PLAYERS)]
            self.send(w.make_offer(t.game, t.seat, to, resources_js(cmd[3]), resources_js(cmd[2])))
            self.counts["countered"] += 1
        else:
            self.send(w.reject_offer(t.game))
        self.pending = (time.monotonic(), "answer")


# --- one game ---------------------------------------------------------------------------------

def connect(port: int) -> w.Connection:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.settimeout(None)
    conn = w.Connection(sock)
    conn.send(w.version())
    conn.send(w.im_a_robot(NAME, COOKIE, BRAIN))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for mtype, data in conn.receive(0.5):
            if mtype == w.UPDATEROBOTPARAMS:
                return conn
            if mtype == w.REJECTCONNECTION:
                raise RuntimeError(f"JSettlers refused our robot: {data}")
    raise RuntimeError("JSettlers did not accept our robot in 30 s")


def open_game(conn: w.Connection, game: str, seat: int):
    """Create `game`, sit at `seat`, start: the server's robots take the other
    seats.  Returns the messages so far, or None when the server picked our
    own connection for another seat (the game is then left)."""
    conn.send(w.new_game(NAME, game))
    conn.send(w.sit_down(game, NAME, seat))
    seen, started = [], False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for mtype, data in conn.receive(0.5):
            if mtype == w.BOTJOINGAMEREQUEST:
                if data.split(",", 1)[0] == game:
                    conn.send(w.leave_game(NAME, game))
                    return None
                continue                        # another game's: we are never that robot
            if w.game_of(mtype, data) == game:
                seen.append((mtype, data))
                if mtype == w.SITDOWN and w.fields(data)[1] == NAME and not started:
                    conn.send(w.start_game(game))
                    started = True
                if mtype == w.TURN or (mtype == w.GAMESTATE and w.ints_after_game(data)[1][0] >= w.START1A):
                    return seen
    raise RuntimeError(f"game {game} did not start in 60 s")


def _save(folder, seed, transcript) -> None:
    if folder:
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"game-{seed}.txt"), "w") as fh:
            fh.write("\n".join(transcript) + "\n")


def play_game(port: int, seed: int, seat: int, hard_options=None, trades: bool = True,
              transcripts: str | None = None, keep: str | None = None) -> dict:
    """One game: Hard at `seat` against three JSettlers robots; a result dict.
    A game that fails leaves its messages in `transcripts`/game-SEED.txt,
    every game does in `keep` when given."""
    from .vs_catanatron import bridged_rules

    conn = connect(port)
    try:
        for attempt in range(20):
            game = f"k{seed}-{attempt}"
            seen = open_game(conn, game, seat)
            if seen is not None:
                break
        else:
            raise RuntimeError("the server kept picking our robot for its own game")
        bot = make_bot("hard", seat, seed, **(hard_options or {}))
        me = Seat(conn, game, bot, trades)
        for mtype, data in seen:
            me.on_message(mtype, data)
        t0 = time.perf_counter()
        while me.table.layout is None:
            for mtype, data in conn.receive(0.5):
                me.on_message(mtype, data)
        try:
            with bridged_rules(me.table.layout.harbor_edges, offers=trades):
                me.run()
        except Exception:
            _save(transcripts, seed, me.transcript)
            raise
        if keep:
            _save(keep, seed, me.transcript)
        seconds = time.perf_counter() - t0
        conn.send(w.leave_game(NAME, game))
    finally:
        conn.sock.close()
    t = me.table
    robots = [t.names[s] for s in range(PLAYERS) if s != seat]
    return {
        "seed": seed, "seat": seat, "won": t.winner == seat, "winner": t.winner,
        "first_player": t.first_player, "scores": t.scores, "robots": robots,
        "turns": t.turn, "seconds": round(seconds, 1), "attempts": attempt + 1,
        "decision_s": me.times, **me.counts, "examples": me.examples,
        "resync_own": t.resyncs["own"], "resync_others": t.resyncs["others"],
        "resync_own_examples": t.resync_examples,
    }
