"""Colours: the table's, the seats' palettes, resources and terrain (fonts:
game/client/fonts)."""

from .fonts import PRIMARY as FONT_FILES, Fonts, TextCache      # noqa: F401  (the app makes them from here)

BG = (22, 38, 58)
SEA = (38, 92, 140)
SEA_DARK = (30, 74, 116)
PANEL = (32, 40, 52)
BG_SIDE = (26, 32, 42)            # the table's side columns
PANEL_LIGHT = (48, 58, 74)
PANEL_EDGE = (84, 98, 120)
TEXT = (236, 232, 220)
TEXT_DIM = (160, 166, 178)
ACCENT = (244, 196, 64)
GOOD = (104, 196, 112)
BAD = (222, 92, 80)
HILITE = (255, 240, 140)
BUTTON = (70, 96, 130)
BUTTON_HOVER = (92, 124, 166)
BUTTON_OFF = (56, 62, 72)
CURTAIN = (16, 22, 34)

# Seat colours: each palette gives the same seven colour ids, in the order
# new seats take them, an rgb each (a seat's colour is its id: a LAN carries
# the id, and every laptop draws it in the palette its person chose in
# Settings).  The names are catalog keys "colour.<id>", or as COLOUR_WORDS
# says where a palette's colour is another.  The colour-blind-safe palette
# is the Okabe-Ito set with white for its yellow; `python -m
# tools.check.colours` measures both for colour-blind eyes.  Colour is never
# a seat's only mark: each seat has its emblem too (emblems.py).
PALETTES = {
    "standard": (
        ("red", (214, 56, 48)),
        ("blue", (52, 104, 214)),
        ("white", (236, 236, 228)),
        ("orange", (236, 140, 30)),
        ("green", (42, 160, 96)),
        ("purple", (144, 72, 144)),      # a plum: a bluer purple looks like the blue to red-green blind eyes
        ("pink", (232, 112, 170)),
    ),
    "safe": (
        ("red", (213, 94, 0)),           # vermilion
        ("blue", (0, 114, 178)),
        ("white", (236, 236, 228)),
        ("orange", (230, 159, 0)),
        ("green", (0, 158, 115)),        # bluish green
        ("purple", (204, 121, 167)),     # reddish purple
        ("pink", (86, 180, 233)),        # sky blue
    ),
}
PALETTE_NAMES = tuple(PALETTES)
COLOUR_WORDS = {"safe": {"red": "vermilion", "green": "bluish_green", "purple": "reddish_purple",
                         "pink": "sky_blue"}}
# colours that earlier versions gave a seat (saves keep rgb): their id
FORMER = {(142, 78, 196): "purple"}
PLAYER_COLOURS = PALETTES["standard"]
_palette = ["standard"]


def set_palette(name: str) -> None:
    """The palette seat colours are drawn in (Settings)."""
    _palette[0] = name if name in PALETTES else "standard"


def palette_name() -> str:
    return _palette[0]


def palette() -> tuple:
    """The seat colours (id, rgb) of the chosen palette."""
    return PALETTES[_palette[0]]


def seat_rgb(colour_id, default=(128, 128, 128)) -> tuple:
    """The rgb of a colour id in the chosen palette (`default` for an unknown id)."""
    return dict(palette()).get(colour_id, default)


def colour_key(colour_id) -> str:
    """The catalog key of a colour's name as the chosen palette draws it."""
    return "colour." + COLOUR_WORDS.get(_palette[0], {}).get(colour_id, colour_id)


def colour_id(rgb):
    """The id of a colour given as rgb by any palette (or an earlier
    version), or None."""
    rgb = tuple(rgb)
    for colours in PALETTES.values():
        for cid, c in colours:
            if c == rgb:
                return cid
    return FORMER.get(rgb)


def shown(rgb) -> tuple:
    """`rgb` (a seat colour of any palette) in the chosen palette; a colour
    of no palette stays as it is."""
    cid = colour_id(rgb)
    return seat_rgb(cid) if cid is not None else tuple(rgb)


def recolour(colours) -> None:
    """A list of seats' rgb changed in place into the chosen palette (the
    table and its controller share the list)."""
    colours[:] = [shown(c) for c in colours]


# Resource colours (card faces, icons), by card kind index.
RESOURCE_RGB = (
    (46, 120, 58),     # wood
    (184, 84, 52),     # brick
    (150, 206, 96),    # wool
    (232, 196, 70),    # grain
    (128, 132, 146),   # ore
    (214, 204, 170),   # paper (C&K)
    (150, 110, 170),   # cloth (C&K)
    (214, 176, 60),    # coin (C&K)
)

# Cities & Knights improvement tracks (trade, politics, science) and the
# barbarians' ship on the event die and the track.
TRACK_RGB = ((232, 196, 48), (58, 110, 200), (64, 156, 84))
SHIP_RGB = (44, 40, 46)

TERRAIN_RGB = (
    (40, 110, 52),     # forest
    (176, 92, 56),     # hills
    (132, 196, 88),    # pasture
    (226, 190, 76),    # fields
    (124, 126, 138),   # mountains
    (222, 202, 146),   # desert
)


def lighter(rgb, k=0.3):
    return tuple(min(255, int(c + (255 - c) * k)) for c in rgb)


def darker(rgb, k=0.3):
    return tuple(int(c * (1 - k)) for c in rgb)
