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

BANK_PER_RESOURCE = 19          # B-1.4
BANK_PER_COMMODITY = 12         # CK-1.2

# Development cards (B-1.5), in deck-count order.
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
DEV_NAMES = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
DEV_DECK_COUNTS = (14, 2, 2, 2, 5)

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
