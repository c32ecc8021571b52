"""The components as data: Resources and the Ailments they relieve, terrain, the Season deck, and the
terrain as the table lays it out (tiles named by the players, with their adjacency)."""

from __future__ import annotations

from collections import deque

from referee.core import SetupError

RESOURCES = ("food", "water", "wood")
AILMENTS = ("hunger", "thirst", "wagon_damage")
# The Ailment taken for a Resource one lacks, and the Resource that removes an Ailment.
AILMENT_FOR = {"food": "hunger", "water": "thirst", "wood": "wagon_damage"}
RESOURCE_FOR = {ailment: resource for resource, ailment in AILMENT_FOR.items()}
BAG_TOKENS = RESOURCES + AILMENTS
WORDS = {"food": "Food", "water": "Water", "wood": "Wood", "hunger": "Hunger",
         "thirst": "Thirst", "wagon_damage": "Wagon Damage", "bag_draw": "Bag Draw"}

SUPPLY_RESOURCES = 6      # "up to six Resource tokens"
AILMENT_LIMIT = 3         # "up to three of each Ailment type without penalty"
COMPANIONS = 4            # "up to a total of four Companions"
SACRIFICE_REMOVES = 4     # "remove four Ailment tokens"
RAVENOUS_DEATH = 4        # "adds a fourth Hunger token ... they are out of the game"
RAVENOUS_STEPS = 2        # "may move up to two tiles per turn"
BACKWARDS_COST = 2        # "paying two Resource tokens of any type"
TRADING_POST_OFFER = 3    # "Flip the top three cards of the Equipment deck"
WORTHS = (0, 1, 2)        # "Each die has three potential outcomes: Worth 2, Worth 1, and Worth 0."
DICE = 4                  # "4 six-sided dice"

TERRAINS = ("Badlands", "Canyon", "Desert", "Forest", "Mountain", "Prairie", "Wetlands")
CEDAR_FALLS, NEWHAVEN = "Cedar Falls", "Newhaven"
CITIES = (CEDAR_FALLS, NEWHAVEN)
MAX_TILES = 25            # "25 Terrain tiles"
SEASONS = ("spring", "summer", "fall", "winter")
SEASON_DRAW = 3           # "Draw the top three cards from each Season"
SEASON_DECK = SEASON_DRAW * len(SEASONS)
EQUIPMENT_TYPES = ("tool", "weapon", "storage")
STORABLE = ("tool", "weapon")   # "Storage cards can allow a Traveler to carry extra Tools and Weapons."

TRAVELER, RAVENOUS, OUT, ARRIVED = "traveler", "ravenous", "out", "arrived"
STATUSES = (TRAVELER, RAVENOUS, OUT, ARRIVED)


def season_of(cards_left: int) -> str:
    """The season of the top card of a Season deck that has `cards_left` cards (Spring on top)."""
    drawn = SEASON_DECK - cards_left
    return SEASONS[min(drawn // SEASON_DRAW, len(SEASONS) - 1)]


def words(counts: dict) -> str:
    """{"food": 2, "wood": 1} -> "2 Food, 1 Wood"; nothing -> "nothing"."""
    parts = [f"{n} {WORDS[kind]}" for kind, n in counts.items() if n and kind in WORDS]
    return ", ".join(parts) or "nothing"


def counts(keys, given: dict | None) -> dict:
    return {key: int((given or {}).get(key, 0)) for key in keys}


def tiles_from(terrain: list[dict]) -> dict:
    """The terrain option -> {name: tile}, checked for what could not be on a table."""
    if not terrain:
        raise SetupError("enter the terrain as laid out: each tile's name, kind, face up or down, "
                         "and the tiles adjacent to it", "options.terrain")
    tiles: dict[str, dict] = {}
    for n, entry in enumerate(terrain):
        name = entry["name"]
        field = f"options.terrain[{n}]"
        if name in tiles:
            raise SetupError(f"two tiles are named {name!r}", field + ".name")
        kind = entry.get("kind")
        face_up = entry.get("face_up", True)
        if kind in CITIES and not face_up:
            raise SetupError(f"{kind} is placed face up", field + ".face_up")
        if face_up and kind is None:
            raise SetupError(f"tile {name} is face up: say its terrain", field + ".kind")
        if face_up and kind in TERRAINS:
            for needed in ("travel_cost", "resources"):
                if entry.get(needed) is None:
                    raise SetupError(f"tile {name} is face up: enter its {needed.replace('_', ' ')}",
                                     f"{field}.{needed}")
        if kind == CEDAR_FALLS and entry.get("travel_cost") is None:
            raise SetupError("enter the Travel Cost printed on Cedar Falls", field + ".travel_cost")
        tiles[name] = {
            "kind": kind if face_up else None,
            "face_up": bool(face_up),
            "travel_cost": counts(RESOURCES, entry["travel_cost"])
            if face_up and entry.get("travel_cost") is not None else None,
            "resources": sorted(set(entry["resources"]), key=RESOURCES.index)
            if face_up and entry.get("resources") is not None else None,
            "trading_post": bool(entry.get("trading_post", False)) if face_up else None,
            "adjacent": [],
            "placed": placed_from(entry.get("placed")),
            "removed": bool(entry.get("removed", False)),
        }
    for n, entry in enumerate(terrain):
        for other in entry.get("adjacent", []):
            if other not in tiles:
                raise SetupError(f"tile {entry['name']} is adjacent to {other!r}, which is not laid "
                                 "out", f"options.terrain[{n}].adjacent")
            if other == entry["name"]:
                raise SetupError("a tile is not adjacent to itself", f"options.terrain[{n}].adjacent")
            for a, b in ((entry["name"], other), (other, entry["name"])):
                if b not in tiles[a]["adjacent"]:
                    tiles[a]["adjacent"].append(b)
    cities = {kind: [name for name, t in tiles.items() if t["kind"] == kind] for kind in CITIES}
    for kind, names in cities.items():
        if len(names) != 1:
            raise SetupError(f"the terrain has one {kind} tile, not {len(names)}", "options.terrain")
    if len(tiles) > MAX_TILES:
        raise SetupError(f"the game has {MAX_TILES} Terrain tiles, not {len(tiles)}",
                         "options.terrain")
    if distances(tiles, cities[NEWHAVEN][0]).get(cities[CEDAR_FALLS][0]) is None:
        raise SetupError("there is no way from Cedar Falls to Newhaven over these tiles",
                         "options.terrain")
    rings = distances(tiles, cities[CEDAR_FALLS][0])
    for name, tile in tiles.items():
        tile["ring"] = rings.get(name)  # tiles from Cedar Falls as laid out: the board's rows
    return tiles


def placed_from(given: dict | None) -> dict:
    placed = {key: int((given or {}).get(key, 0)) for key in (*BAG_TOKENS, "bag_draw")}
    placed["equipment"] = list((given or {}).get("equipment", []))
    return placed


def city(tiles: dict, kind: str) -> str:
    return next(name for name, tile in tiles.items() if tile["kind"] == kind)


def distances(tiles: dict, start: str) -> dict[str, int]:
    """Tiles crossed from `start` to each tile, over tiles still on the board."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in tiles[here]["adjacent"]:
            if there not in seen and not tiles[there]["removed"]:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
