"""The host's seats: who holds which seat, their tokens and colours, and the
host owner's say over seats of a running game (assignments to a player
whose token is lost, computers it started).

`Seating` owns this and nothing else: it never touches the game or the
connections' limits; the Host (net/host/game.py) asks it and tells it.
"""

import secrets

from ..wire.protocol import COLOURS, MAX_NAME


class Seat:
    def __init__(self, name: str, colour: str, token: str):
        self.name = name
        self.colour = colour
        self.ready = False
        self.token = token
        self.conn = None
        self.computer = None        # the level of the host's computer player in this seat, if one is

    def public(self) -> dict:
        return {"name": self.name, "colour": self.colour, "ready": self.ready,
                "connected": self.conn is not None, "computer": self.computer}


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Seating:
    def __init__(self, count: int):
        self.seats: list = [None] * count     # Seat or None (free, in the lobby)
        self.assignments = {}       # casefolded player name -> seat the host gave them
        self.computers_expected = {}    # name -> level of a computer the host started, until it joins
        self.knocking = []          # names refused for want of a token (newest last, a few)

    def taken(self) -> int:
        return sum(s is not None for s in self.seats)

    def full(self) -> bool:
        return None not in self.seats

    def public(self) -> list:
        return [s.public() if s else None for s in self.seats]

    def listening(self) -> list:
        """The seats whose holder is connected."""
        return [i for i, s in enumerate(self.seats) if s is not None and s.conn is not None]

    def broadcast(self, msg) -> None:
        """Send `msg` to every connected seat."""
        for holder in self.seats:
            if holder is not None and holder.conn is not None:
                holder.conn.send(msg)

    def add(self, name: str) -> int:
        """A lobby seat for a newcomer `name` (a free seat must exist): the
        first free seat, the first free colour, a fresh token."""
        seat = self.seats.index(None)
        taken = {s.colour for s in self.seats if s}
        colour = next(c for c in COLOURS if c not in taken)
        self.seats[seat] = Seat(name, colour, new_token())
        self.seats[seat].computer = self.computers_expected.pop(name, None)
        return seat

    def resize(self, count: int) -> list:
        """A new number of seats in the lobby: the seated close up; returns
        the seated in their new order."""
        seated = [s for s in self.seats if s is not None]
        self.seats = seated + [None] * (count - len(seated))
        return seated

    def colour_problem(self, me: Seat, colour: str):
        if colour not in COLOURS:
            return "bad_colour", "choose one of " + ", ".join(COLOURS)
        if any(s and s is not me and s.colour == colour for s in self.seats):
            return "colour_taken", "another player has that colour"
        return None

    # --- the host owner's say over a running game ---------------------------------

    def assign(self, seat: int, name: str) -> None:
        """Give `seat` to the player who joins next under `name`.  Raises
        ValueError with a reason, changing nothing."""
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise ValueError(f"there is no seat {seat} (seats 0 to {len(self.seats) - 1})")
        name = name.strip() if isinstance(name, str) else ""
        if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
            raise ValueError(f"a player's name has 1 to {MAX_NAME} printable characters")
        holder = self.seats[seat]
        if holder.conn is not None:
            raise ValueError(f"seat {seat} ({holder.name}) is connected")
        self.void_assignment(seat)
        self.assignments[name.casefold()] = seat

    def void_assignment(self, seat: int) -> None:
        self.assignments = {n: s for n, s in self.assignments.items() if s != seat}

    def claim(self, name: str):
        """A player without a token asks for a seat of the running game: the
        seat assigned to `name`, now with a fresh token (the lost one stops
        working), or an (code, detail) refusal."""
        seat = self.assignments.get(name.casefold())
        if seat is None:
            if name not in self.knocking:
                self.knocking = (self.knocking + [name])[-8:]
            return None, ("running", "the game has started; only seat holders may rejoin "
                          "(the host can give a seat to a player whose token is lost)")
        holder = self.seats[seat]
        if holder.conn is not None:
            return None, ("seat_in_use", f"seat {seat} is held by a connected player")
        del self.assignments[name.casefold()]
        self.knocking = [n for n in self.knocking if n.casefold() != name.casefold()]
        holder.name = name
        holder.token = new_token()
        holder.computer = None      # a player took the seat over
        return seat, None

    def hand_over(self, seat: int, name: str):
        """A computer's `seat` becomes the seat of the watcher `name`, with a
        fresh token; returns the computer's connection (or None), which the
        caller tells and drops.  Raises ValueError with a reason, changing nothing."""
        if type(seat) is not int or not 0 <= seat < len(self.seats) or self.seats[seat] is None:
            raise ValueError(f"there is no taken seat {seat}")
        holder = self.seats[seat]
        if not holder.computer:
            raise ValueError(f"seat {seat} ({holder.name}) is not a computer's")
        old, holder.conn = holder.conn, None
        self.void_assignment(seat)
        holder.name, holder.computer, holder.token = name, None, new_token()
        return old

    def expect_computer(self, name: str, level: str) -> None:
        self.computers_expected[name] = level

    def computer_seats(self) -> dict:
        """{seat: (name, token, level)} of the seats the host's computer players hold."""
        return {i: (s.name, s.token, s.computer) for i, s in enumerate(self.seats)
                if s is not None and s.computer}

    def seat_of(self, text: str) -> int:
        """A seat given by number or by its player's name (for `--assign NAME=SEAT`)."""
        text = text.strip()
        if text.isdigit():
            return int(text)
        found = [i for i, s in enumerate(self.seats) if s and s.name.casefold() == text.casefold()]
        if len(found) != 1:
            raise ValueError(f"no single seat held by {text!r}")
        return found[0]
