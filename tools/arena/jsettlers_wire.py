"""JSettlers' wire protocol, the parts a robot client needs (our own code,
written from the message classes' documented formats in JSettlers2
src/main/java/soc/message and its doc/Message-Sequences-for-Game-Actions.md).

A message travels as Java's DataOutputStream.writeUTF: a 2-byte big-endian
length, then the text (modified UTF-8; every text we send is ASCII).  The
text is "TYPE|data": most messages separate their data fields by ",", the
"multiple integer" messages (PLAYERELEMENTS, GAMEELEMENTS,
DICERESULTRESOURCES) by "|" after the game name.  JSettlers splits fields
with java.util.StringTokenizer, which drops empty fields, so an empty field
is sent as a tab (SOCMessage.EMPTYSTR).

    conn = Connection(sock)
    conn.send(version())
    for mtype, data in conn.receive(timeout=0.05): ...
"""

import select
import struct

EMPTY = "\t"

# Message type numbers (soc.message.SOCMessage).
PUTPIECE, GAMETEXTMSG, LEAVEGAME, SITDOWN, JOINGAME, BOARDLAYOUT, DELETEGAME = 1009, 1010, 1011, 1012, 1013, 1014, 1015
NEWGAME, GAMEMEMBERS, STARTGAME, JOINGAMEAUTH, IMAROBOT, BOTJOINGAMEREQUEST = 1016, 1017, 1018, 1021, 1022, 1023
PLAYERELEMENT, GAMESTATE, TURN, DICERESULT, DISCARDREQUEST = 1024, 1025, 1026, 1028, 1029
ROLLDICE, ENDTURN, DISCARD, MOVEROBBER, CHOOSEPLAYER, CHOOSEPLAYERREQUEST = 1031, 1032, 1033, 1034, 1035, 1036
REJECTOFFER, CLEAROFFER, ACCEPTOFFER, BANKTRADE, MAKEOFFER, CLEARTRADEMSG = 1037, 1038, 1039, 1040, 1041, 1042
BUILDREQUEST, CANCELBUILDREQUEST, BUYDEVCARDREQUEST, DEVCARDACTION = 1043, 1044, 1045, 1046
PLAYDEVCARDREQUEST, PICKRESOURCES, PICKRESOURCETYPE = 1049, 1052, 1053
REJECTCONNECTION, GAMESTATS, RESOURCECOUNT, STATUSMESSAGE = 1059, 1061, 1063, 1069
UPDATEROBOTPARAMS, NEWGAMEWITHOPTIONSREQUEST, NEWGAMEWITHOPTIONS = 1071, 1078, 1079
PLAYERELEMENTS, SIMPLEREQUEST, SIMPLEACTION, GAMESERVERTEXT, DICERESULTRESOURCES = 1086, 1089, 1090, 1091, 1092
GAMEELEMENTS, ROBBERYRESULT, DECLINEPLAYERREQUEST, VERSION = 1096, 1102, 1104, 9998

# Game states (soc.game.SOCGame).
NEW, READY, START1A, START1B, START2A, START2B = 0, 1, 5, 6, 10, 11
ROLL_OR_CARD, PLAY1, PLACING_ROBBER, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2 = 15, 20, 33, 40, 41
WAITING_FOR_DISCARDS, WAITING_FOR_ROB_CHOOSE_PLAYER = 50, 51
WAITING_FOR_DISCOVERY, WAITING_FOR_MONOPOLY, OVER = 52, 53, 1000

# PLAYERELEMENT(S) actions and element types (soc.message.SOCPlayerElement).
SET, GAIN, LOSE = 100, 101, 102
E_UNKNOWN_RESOURCE, E_NUMKNIGHTS, E_RESOURCE_COUNT, E_PLAYED_DEV_CARD_FLAG = 6, 15, 17, 19
# GAMEELEMENTS types (soc.message.SOCGameElements.GEType).
G_ROUND_COUNT, G_DEV_CARD_COUNT, G_FIRST_PLAYER, G_CURRENT_PLAYER, G_LARGEST_ARMY, G_LONGEST_ROAD = 1, 2, 3, 4, 5, 6
# DEVCARDACTION actions; SIMPLEACTION kinds.
DRAW, PLAY, ADD_NEW, ADD_OLD, CANNOT_PLAY = 0, 1, 2, 3, 4
DEVCARD_BOUGHT = 1
# Piece types.
ROAD, SETTLEMENT, CITY = 0, 1, 2

VERSION_NUMBER, VERSION_TEXT, VERSION_BUILD = 2610, "2.6.10", "JM20220705"


def parse(text: str):
    """(type, data) of one message's text; type -1 when it has none."""
    head, _, data = text.partition("|")
    try:
        return int(head), data
    except ValueError:
        return -1, text


def fields(data: str) -> list:
    """The ","-separated fields, as StringTokenizer sees them (no empty ones)."""
    return [f for f in data.split(",") if f != ""]


def ints_after_game(data: str, sep: str = ",") -> tuple:
    """(game name, the integer fields after it)."""
    parts = [f for f in data.split(sep) if f != ""]
    return parts[0], [int(x) for x in parts[1:]]


def game_of(mtype: int, data: str) -> str | None:
    """The game a game message is about (JOINGAME and LEAVEGAME name it last)."""
    if mtype in (JOINGAME, LEAVEGAME):
        parts = fields(data)
        return parts[-1] if parts else None
    if mtype in (PLAYERELEMENTS, GAMEELEMENTS, DICERESULTRESOURCES):
        return data.split("|", 1)[0]
    head = data.split(",", 1)[0]
    return head.split("|", 1)[0] or None


# --- messages we send ---------------------------------------------------------------------

def version() -> str:
    # client features: none (classic 4-player board only); locale none
    return f"{VERSION}|{VERSION_NUMBER},{VERSION_TEXT},{VERSION_BUILD},;,"


def im_a_robot(name: str, cookie: str, brain: str) -> str:
    return f"{IMAROBOT}|{name},{cookie},{brain}"


def new_game(name: str, game: str) -> str:
    """A new game with the server's default options ("-": none given)."""
    return f"{NEWGAMEWITHOPTIONSREQUEST}|{name},{EMPTY},-,{game},-"


def sit_down(game: str, name: str, seat: int) -> str:
    return f"{SITDOWN}|{game},{name},{seat},true"


def start_game(game: str) -> str:
    return f"{STARTGAME}|{game}"


def leave_game(name: str, game: str) -> str:
    return f"{LEAVEGAME}|{name},-,{game}"


def put_piece(game: str, seat: int, piece: int, coord: int) -> str:
    return f"{PUTPIECE}|{game},{seat},{piece},{coord}"


def roll(game: str) -> str:
    return f"{ROLLDICE}|{game}"


def end_turn(game: str) -> str:
    return f"{ENDTURN}|{game}"


def buy_card(game: str) -> str:
    return f"{BUYDEVCARDREQUEST}|{game}"


def play_card(game: str, card: int) -> str:
    return f"{PLAYDEVCARDREQUEST}|{game},{card}"


def _five(counts) -> str:
    return ",".join(str(int(x)) for x in counts)


def discard(game: str, js_counts) -> str:
    """js_counts: clay, ore, sheep, wheat, wood; unknown 0."""
    return f"{DISCARD}|{game},{_five(js_counts)},0"


def move_robber(game: str, seat: int, hex_coord: int) -> str:
    return f"{MOVEROBBER}|{game},{seat},{hex_coord}"


def choose_player(game: str, victim: int) -> str:
    return f"{CHOOSEPLAYER}|{game},{victim}"


def pick_resources(game: str, js_counts) -> str:
    return f"{PICKRESOURCES}|{game},{_five(js_counts)}"


def pick_resource_type(game: str, js_kind: int) -> str:
    return f"{PICKRESOURCETYPE}|{game},{js_kind}"


def bank_trade(game: str, js_give, js_get) -> str:
    return f"{BANKTRADE}|{game},{_five(js_give)},{_five(js_get)}"


def make_offer(game: str, seat: int, to, js_give, js_get) -> str:
    """to: a flag per seat; give/get from the offering seat's side."""
    flags = ",".join("true" if t else "false" for t in to)
    return f"{MAKEOFFER}|{game},{seat},{flags},{_five(js_give)},{_five(js_get)}"


def accept_offer(game: str, offering: int) -> str:
    return f"{ACCEPTOFFER}|{game},0,{offering}"


def reject_offer(game: str) -> str:
    return f"{REJECTOFFER}|{game},0"


def clear_offer(game: str) -> str:
    return f"{CLEAROFFER}|{game},0"


# --- the connection -----------------------------------------------------------------------

class Connection:
    """Length-prefixed messages over a connected socket."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""
        self.sent = []              # every text sent (for a game's transcript)
        self.closed = False

    def send(self, text: str) -> None:
        raw = text.encode("utf-8")
        if len(raw) > 0xFFFF:
            raise ValueError("message too long for JSettlers")
        self.sock.sendall(struct.pack(">H", len(raw)) + raw)
        self.sent.append(text)

    def receive(self, timeout: float) -> list:
        """Every complete message that arrives within `timeout` seconds of
        waiting for the first (returns at once with what is buffered)."""
        out = self._take()
        if out or self.closed:
            return out
        ready, _, _ = select.select([self.sock], [], [], timeout)
        while ready:
            chunk = self.sock.recv(65536)
            if not chunk:
                self.closed = True
                break
            self.buffer += chunk
            ready, _, _ = select.select([self.sock], [], [], 0)
        return self._take()

    def _take(self) -> list:
        out = []
        while len(self.buffer) >= 2:
            n = struct.unpack(">H", self.buffer[:2])[0]
            if len(self.buffer) < 2 + n:
                break
            out.append(parse(self.buffer[2:2 + n].decode("utf-8", errors="replace")))
            self.buffer = self.buffer[2 + n:]
        return out
