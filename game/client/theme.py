"""Colours (fonts: game/client/fonts)."""

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

# Player colours (id, rgb); the ids are catalog keys "colour.<id>".
PLAYER_COLOURS = (
    ("red", (214, 56, 48)),
    ("blue", (52, 104, 214)),
    ("white", (236, 236, 228)),
    ("orange", (236, 140, 30)),
    ("green", (42, 160, 96)),
    ("purple", (142, 78, 196)),
    ("pink", (232, 112, 170)),
)
COLOUR_RGB = dict(PLAYER_COLOURS)

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
