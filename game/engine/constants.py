"""Card kinds, costs and piece counts shared by every rule set (B-1, B-6, CK-1)."""

# Card kinds in a hand.  The first five are resources (B-1.1); Cities & Knights
# adds three commodities (CK-1.2).  A hand is a list of counts in this order.
WOOD, BRICK, WOOL, GRAIN, ORE = range(5)
PAPER, CLOTH, COIN = 5, 6, 7
RESOURCES = (WOOD, BRICK, WOOL, GRAIN, ORE)
COMMODITIES = (PAPER, CLOTH, COIN)
CARD_NAMES = ("wood", "brick", "wool", "grain", "ore", "paper", "cloth", "coin")

# Terrain of a land hex.  Producing terrains share their index with the
# resource they yield, so terrain t < 5 produces resource t.
FOREST, HILLS, PASTURE, FIELDS, MOUNTAINS, DESERT = range(6)
TERRAIN_NAMES = ("forest", "hills", "pasture", "fields", "mountains", "desert")

# Harbor kinds: 0..4 are the 2:1 harbors of that resource, GENERIC is 3:1.
GENERIC_HARBOR = 5


# Development cards (B-1.5), in deck-count order (the counts: board.Supply).
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
DEV_NAMES = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")

# Pieces per player (B-1.6).
SETTLEMENTS_PER_PLAYER = 5
CITIES_PER_PLAYER = 4
ROADS_PER_PLAYER = 15

# Building costs as (kind, count) pairs (B-6.1).
COST_ROAD = ((WOOD, 1), (BRICK, 1))
COST_SETTLEMENT = ((WOOD, 1), (BRICK, 1), (GRAIN, 1), (WOOL, 1))
COST_CITY = ((GRAIN, 2), (ORE, 3))
COST_DEV = ((GRAIN, 1), (WOOL, 1), (ORE, 1))

LONGEST_ROAD_MIN = 5            # B-8.2
LARGEST_ARMY_MIN = 3            # B-8.5
DISCARD_LIMIT = 7               # B-5.3
SPECIAL_BUILD_SEATS = 5         # from five players on, others build after each turn

# --- Cities & Knights (CK-1) ---------------------------------------------------------
# Improvement tracks, each paid in one commodity (CK-6.1) and drawing progress
# cards of its colour (CK-3.3).
TRADE, POLITICS, SCIENCE = range(3)
TRACK_NAMES = ("trade", "politics", "science")
TRACK_COMMODITY = (CLOTH, COIN, PAPER)
COMMODITY_OF_TERRAIN = {FOREST: PAPER, PASTURE: CLOTH, MOUNTAINS: COIN}   # CK-3.4

# Event die: three ship faces, then the city gates of each track (CK-1.6).
EVENT_FACES = 6
SHIP_FACES = 3
BARBARIAN_TRACK_LENGTH = 7          # the ship lands on the 7th step (CK-1.6)

KNIGHT_LEVELS = 3                   # basic, strong, mighty (CK-1.5); 2 of each
COST_WALL = ((BRICK, 2),)
COST_KNIGHT = ((ORE, 1), (WOOL, 1))
COST_ACTIVATE = ((GRAIN, 1),)
COST_MEDICINE_CITY = ((ORE, 2), (GRAIN, 1))
WALL_LIMIT_BONUS = 2                # CK-5.1
PROGRESS_HAND_LIMIT = 4             # CK-9.2

# Progress cards (CK-11): (name, track, count).  Index = card kind.
PROGRESS_CARDS = (
    ("alchemist", SCIENCE, 2), ("crane", SCIENCE, 2), ("mining", SCIENCE, 2),
    ("irrigation", SCIENCE, 2), ("printer", SCIENCE, 1), ("inventor", SCIENCE, 2),
    ("engineer", SCIENCE, 1), ("medicine", SCIENCE, 2), ("smith", SCIENCE, 2),
    ("road_building", SCIENCE, 2),
    ("bishop", POLITICS, 2), ("diplomat", POLITICS, 2), ("warlord", POLITICS, 2),
    ("wedding", POLITICS, 2), ("intrigue", POLITICS, 2), ("saboteur", POLITICS, 2),
    ("spy", POLITICS, 3), ("deserter", POLITICS, 2), ("constitution", POLITICS, 1),
    ("merchant", TRADE, 6), ("commercial_harbor", TRADE, 2), ("merchant_fleet", TRADE, 2),
    ("master_merchant", TRADE, 2), ("resource_monopoly", TRADE, 4), ("trade_monopoly", TRADE, 2),
)
PROGRESS_NAMES = tuple(name for name, _, _ in PROGRESS_CARDS)
PROGRESS_INDEX = {name: i for i, name in enumerate(PROGRESS_NAMES)}
PROGRESS_TRACK = tuple(track for _, track, _ in PROGRESS_CARDS)
PROGRESS_VP_CARDS = (PROGRESS_INDEX["printer"], PROGRESS_INDEX["constitution"])
