"""The builder behind position.parse: collects what the text says, derives
every cache of the State from the pieces and cards (supplies, points, road
lengths, harbor ratios, counts), fills parts written as unknown with a
generator seeded from the text, and refuses impossible positions with a
PositionError that names what is wrong."""

import hashlib
import json

from .board import board_of
from .codec import state_to_obj
from .constants import (
    CITIES_PER_PLAYER, DESERT, GENERIC_HARBOR,
    LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, PROGRESS_CARDS, PROGRESS_INDEX, PROGRESS_TRACK,
    ROADS_PER_PLAYER, SETTLEMENTS_PER_PLAYER, TRACK_NAMES,
)
from .longest_road import road_length
from .notation import (
    CARD_LETTERS, DEV_LETTERS, PositionError, letters_to_counts, names_of,
)
from .position_check import check_position, fill_unknown
from .rng import Rng
from .ruleset import validate_config
from .state import State, is_ck

# State fields the builder derives from others (never written in the text).
DERIVED = frozenset((
    "n", "hand_n", "deck_n", "dev_n", "dev_new_n", "roads_left", "settlements_left",
    "cities_left", "ratios", "road_len", "vp_public", "walls_left", "knights_left", "prog_n",
    "prog_deck_n", "defenders_left",
))

_JSON = json.JSONEncoder(separators=(",", ":"))
_blank_cache = {}


def blank_obj(config) -> dict:
    """JSON text of every field of a new game's blank state (for generic rows)."""
    key = (config["rules"], config["players"])
    obj = _blank_cache.get(key)
    if obj is None:
        blank = State.blank(dict(config, seed=0))
        obj = _blank_cache[key] = {f: _JSON.encode(v) for f, v in state_to_obj(blank).items()
                                   if f != "rng"}
    return obj


_lengths_cache = [None, None]


def road_lengths(state) -> list:
    """Road length of every seat, remembered for the last board seen."""
    key = (state.n, tuple(state.edge_owner), tuple(state.node_owner), tuple(state.knight_owner))
    if _lengths_cache[0] != key:
        _lengths_cache[0] = key
        _lengths_cache[1] = [road_length(state.edge_owner, state.node_owner, state.knight_owner, s)
                             for s in range(state.n)]
    return list(_lengths_cache[1])


class Builder:
    def __init__(self, config, seed_source):
        if config["seed"] is not None:
            reason = validate_config(config)
            if reason:
                raise PositionError(f"game line: {reason}")
        elif validate_config(dict(config, seed=0)):
            raise PositionError(f"game line: {validate_config(dict(config, seed=0))}")
        self.s = State.blank(dict(config, seed=config["seed"] or 0))
        self.s.config["seed"] = config["seed"]
        self.names = names_of(board_of(config))
        if config["board"] == "beginner":
            self.s.terrain, self.s.numbers, self.s.harbors = board_of(config).beginner_layout()
        self.robber_given = False
        self.ck = is_ck(config)
        self.seed_source = seed_source
        n = self.s.n
        self.hand_unknown = [None] * n          # seat -> count, where the hand is '?k'
        self.dev_unknown = [None] * n           # seat -> (old, new)
        self.prog_unknown = [None] * n
        self.deck_unknown = None                # count if '?k'; 'absent' if the line is missing
        self.deck_given = False
        self.prog_deck_given = [False] * 3
        self.prog_deck_unknown = [None] * 3
        self.bank = None
        self.holders = {}
        self.metropolis = []
        self.rng = None

    # --- pieces ---------------------------------------------------------------------------
    def _put_building(self, seat, token, level):
        name, *suffixes = token.split("+")
        node = self.names.node_id(name)
        s = self.s
        if s.node_owner[node] != -1:
            raise PositionError(f"corner {self.names.node_name[node]} holds two buildings")
        s.node_owner[node] = seat
        s.node_level[node] = level
        for suffix in suffixes:
            if level == 1 and suffix == "pillaged" and self.ck:
                s.flipped[node] = 1
            elif level == 2 and suffix == "wall" and self.ck:
                s.wall[node] = 1
            elif level == 2 and suffix in TRACK_NAMES and self.ck:
                self.metropolis.append((TRACK_NAMES.index(suffix), node, seat))
            else:
                raise PositionError(f"'+{suffix}' is not possible on {token}")

    def read_settlements(self, seat, tokens):
        for t in tokens:
            self._put_building(seat, t, 1)

    def read_cities(self, seat, tokens):
        for t in tokens:
            self._put_building(seat, t, 2)

    def read_roads(self, seat, tokens):
        for t in tokens:
            e = self.names.edge_id(t)
            if self.s.edge_owner[e] != -1:
                raise PositionError(f"side {self.names.edge_name[e]} holds two roads")
            self.s.edge_owner[e] = seat

    def read_knights(self, seat, tokens):
        s = self.s
        for t in tokens:
            name, colon, rest = t.partition(":")
            node = self.names.node_id(name)
            if not colon or not rest or rest[0] not in "123" or any(f not in "afp" for f in rest[1:]):
                raise PositionError(f"a knight is written corner:strength[a][f][p], e.g. D4:2a, not '{t}'")
            if s.knight_owner[node] != -1:
                raise PositionError(f"corner {self.names.node_name[node]} holds two knights")
            s.knight_owner[node] = seat
            s.knight_strength[node] = int(rest[0])
            s.knight_active[node] = int("a" in rest)
            s.knight_fresh[node] = int("f" in rest)
            s.knight_promoted[node] = int("p" in rest)

    def read_merchant(self, key, text):
        h, colon, seat = text.partition(":")
        if not colon:
            raise PositionError(f"the merchant is written hex:seat, e.g. J:2, not '{text}'")
        self.s.merchant = [self.names.hex_id(h), self._seat(seat)]

    def read_improvements(self, seat, tokens):
        for t in tokens:
            track, eq, level = t.partition("=")
            if track not in TRACK_NAMES or not level.isdigit() or not 0 <= int(level) <= 5:
                raise PositionError(f"an improvement is written track=level (0-5), e.g. science=3, not '{t}'")
            self.s.improvements[seat][TRACK_NAMES.index(track)] = int(level)

    # --- cards ----------------------------------------------------------------------------
    def _one(self, tokens, what):
        if len(tokens) != 1:
            raise PositionError(f"{what} is one word per seat, got {' '.join(tokens) or 'nothing'}")
        return tokens[0]

    def _count(self, text):
        if not text[1:].isdigit():
            raise PositionError(f"'{text}' should be ? and a count, e.g. ?3")
        return int(text[1:])

    def read_hand(self, seat, tokens):
        t = self._one(tokens, "a hand")
        if t.startswith("?"):
            self.hand_unknown[seat] = self._count(t)
            return
        counts = letters_to_counts(t, CARD_LETTERS[:len(self.s.bank)], "card")
        self.s.hands[seat] = counts

    def read_bank(self, key, text):
        items = text.split(",")
        if len(items) != len(self.s.bank) or not all(x.isdigit() for x in items):
            raise PositionError(f"the bank is {len(self.s.bank)} counts separated by commas")
        self.bank = [int(x) for x in items]

    def read_dev(self, seat, tokens):
        t = self._one(tokens, "development cards")
        old, plus, new = t.partition("+")
        if old.startswith("?"):
            new_n = int(new) if plus and new.isdigit() else (0 if not plus else None)
            if new_n is None:
                raise PositionError(f"'{t}' should be ?old+new counts, e.g. ?2+1")
            self.dev_unknown[seat] = (self._count(old), new_n)
            return
        old_counts = letters_to_counts(old or "-", DEV_LETTERS, "development card")
        new_counts = letters_to_counts(new if plus else "-", DEV_LETTERS, "development card")
        self.s.dev[seat] = [a + b for a, b in zip(old_counts, new_counts)]
        self.s.dev_new[seat] = new_counts

    def read_army(self, seat, tokens):
        self.s.knights[seat] = self._number(self._one(tokens, "played knights"))

    def read_played(self, key, text):
        counts = letters_to_counts(text, DEV_LETTERS, "development card")
        if counts[0] or counts[4]:
            raise PositionError("played lists road building, year of plenty and monopoly cards "
                                "(knights are counted per seat under 'army')")
        self.s.dev_discard = counts

    def read_deck(self, key, text):
        self.deck_given = True
        if text.startswith("?"):
            self.deck_unknown = self._count(text)
            return
        self.s.deck = [] if text == "-" else [DEV_LETTERS.index(ch) if ch in DEV_LETTERS else
                                              self._bad_letter(ch) for ch in text]

    def _bad_letter(self, ch):
        raise PositionError(f"'{ch}' is not a development card letter ({DEV_LETTERS})")

    def _progress_cards(self, tokens):
        cards = []
        for t in tokens:
            if t not in PROGRESS_INDEX:
                raise PositionError(f"'{t}' is not a progress card")
            cards.append(PROGRESS_INDEX[t])
        return cards

    def read_progress(self, seat, tokens):
        if len(tokens) == 1 and tokens[0].startswith("?"):
            self.prog_unknown[seat] = self._count(tokens[0])
            return
        hand = [0] * 25
        for c in self._progress_cards(tokens):
            hand[c] += 1
        self.s.prog[seat] = hand

    def read_progress_deck(self, key, text):
        track = TRACK_NAMES.index(key.rsplit("_", 1)[1])
        self.prog_deck_given[track] = True
        if text.startswith("?"):
            self.prog_deck_unknown[track] = self._count(text)
            return
        cards = [] if text == "-" else self._progress_cards(text.split())
        for c in cards:
            if PROGRESS_TRACK[c] != track:
                raise PositionError(f"{PROGRESS_CARDS[c][0]} is not a {TRACK_NAMES[track]} card")
        self.s.prog_decks[track] = cards

    def read_progress_vp(self, seat, tokens):
        self.s.prog_vp[seat] = self._number(self._one(tokens, "a count"))

    def read_defenders(self, seat, tokens):
        self.s.defenders[seat] = self._number(self._one(tokens, "a count"))

    def read_discard(self, seat, tokens):
        self.s.discard_need[seat] = self._number(self._one(tokens, "a count"))

    def read_shown_vp(self, seat, tokens):
        self.s.vp_cards_shown[seat] = self._number(self._one(tokens, "a count"))

    # --- turn and the rest ----------------------------------------------------------------
    def _number(self, text):
        if not text.isdigit():
            raise PositionError(f"'{text}' is not a count")
        return int(text)

    def _seat(self, text):
        if not text.isdigit() or int(text) >= self.s.n:
            raise PositionError(f"'{text}' is not a seat (0 to {self.s.n - 1})")
        return int(text)

    def read_longest_road(self, key, text):
        self.holders["longest_road"] = -1 if text == "-" else self._seat(text)

    def read_largest_army(self, key, text):
        self.holders["largest_army"] = -1 if text == "-" else self._seat(text)

    def read_json(self, key, text):
        try:
            setattr(self.s, key, json.loads(text))
        except ValueError:
            raise PositionError(f"'{text}' is not valid JSON") from None

    def read_generic(self, key, text):
        self.read_json(key, text)
        blank = json.loads(blank_obj(self.s.config)[key])
        value = getattr(self.s, key)
        numbers = (int, bool)
        if blank is not None and not (type(value) is type(blank)
                                      or type(value) in numbers and type(blank) in numbers):
            raise PositionError(f"{key} must be {type(blank).__name__} like a new game's {_JSON.encode(blank)}")

    def read_rng(self, key, text):
        parts = text.split(",")
        if len(parts) != 2 or not all(p.isdigit() and int(p) < 2 ** 64 for p in parts):
            raise PositionError("rng is two numbers below 2**64: state,increment")
        self.rng = Rng.from_state(int(parts[0]), int(parts[1]))

    # --- derived values -------------------------------------------------------------------
    @staticmethod
    def default_longest_road(s):
        lengths = s.road_len
        best = max(lengths)
        return lengths.index(best) if best >= LONGEST_ROAD_MIN and lengths.count(best) == 1 else -1

    @staticmethod
    def default_largest_army(s):
        best = max(s.knights)
        return s.knights.index(best) if best >= LARGEST_ARMY_MIN and s.knights.count(best) == 1 else -1

    def finish(self, verify=True) -> State:
        s = self.s
        if not s.terrain:
            raise PositionError("board=random needs the terrain, numbers and harbors lines")
        if not self.robber_given:
            s.robber = s.terrain.index(DESERT) if DESERT in s.terrain else 0
        self._derive_pieces()
        fill_unknown(self)
        self._derive_cards()
        check_position(self, verify)
        return s

    def _derive_pieces(self):
        s, n = self.s, self.s.n
        settlements, cities = [0] * n, [0] * n
        vp = [0] * n
        for node, o in enumerate(s.node_owner):
            if o == -1:
                continue
            if s.node_level[node] == 2:
                cities[o] += 1
                vp[o] += 2
            else:
                vp[o] += 1
                if s.flipped is not None and s.flipped[node]:
                    cities[o] += 1          # a pillaged city still uses a city piece (CK-8.3)
                else:
                    settlements[o] += 1
        for seat in range(n):
            s.settlements_left[seat] = SETTLEMENTS_PER_PLAYER - settlements[seat]
            s.cities_left[seat] = CITIES_PER_PLAYER - cities[seat]
            s.roads_left[seat] = ROADS_PER_PLAYER - s.edge_owner.count(seat)
        kinds = len(s.bank)
        ratios = [[4] * kinds for _ in range(n)]
        for node, kind in board_of(s).harbor_nodes(s.harbors).items():
            o = s.node_owner[node]
            if o != -1:
                if kind == GENERIC_HARBOR:
                    ratios[o] = [min(x, 3) for x in ratios[o]]
                else:
                    ratios[o][kind] = 2
        s.ratios = ratios
        s.road_len = road_lengths(s)
        s.longest_road = self.holders.get("longest_road", self.default_longest_road(s))
        if s.longest_road != -1:
            vp[s.longest_road] += 2
        if self.ck:
            for track, node, seat in self.metropolis:
                if s.metropolis[track] != -1:
                    raise PositionError(f"two metropolises of {TRACK_NAMES[track]}")
                s.metropolis[track] = node
                vp[seat] += 2
            walls = [0] * n
            for node in range(len(s.node_owner)):
                if s.wall[node]:
                    walls[s.node_owner[node]] += 1
            s.walls_left = [3 - w for w in walls]
            left = [[2, 2, 2] for _ in range(n)]
            for node, o in enumerate(s.knight_owner):
                if o != -1:
                    left[o][s.knight_strength[node] - 1] -= 1
            s.knights_left = left
            if s.merchant[1] != -1:
                vp[s.merchant[1]] += 1
            for seat in range(n):
                vp[seat] += s.defenders[seat] + s.prog_vp[seat]
            s.defenders_left = 6 - sum(s.defenders)
        else:
            s.largest_army = self.holders.get("largest_army", self.default_largest_army(s))
            if s.largest_army != -1:
                vp[s.largest_army] += 2
            s.dev_discard[0] = sum(s.knights)
        s.vp_public = vp

    def _derive_cards(self):
        s = self.s
        s.hand_n = [sum(h) for h in s.hands]
        if self.ck:
            s.prog_n = [sum(p) for p in s.prog]
            s.prog_deck_n = [len(d) for d in s.prog_decks]
        else:
            s.dev_n = [sum(d) for d in s.dev]
            s.dev_new_n = [sum(d) for d in s.dev_new]
            s.deck_n = len(s.deck)

    def fill_rng(self):
        digest = hashlib.sha256(self.seed_source.encode() if isinstance(self.seed_source, str)
                                else str(self.seed_source).encode()).digest()
        return Rng(int.from_bytes(digest[:8], "big"))
