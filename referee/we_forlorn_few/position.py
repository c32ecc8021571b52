"""Starting from a game already on the table: the position schema and the state it gives. The
terrain (tiles face up or down, removed, what is placed on them) is the `terrain` option; the
position says where the round is and what is on each Player board."""

from __future__ import annotations

from referee.core import BadRequest, Citation, SetupError

from . import cards
from .board import (
    AILMENT_LIMIT,
    AILMENTS,
    ARRIVED,
    BAG_TOKENS,
    COMPANIONS,
    NEWHAVEN,
    OUT,
    RAVENOUS,
    RAVENOUS_DEATH,
    RESOURCES,
    SEASON_DECK,
    SEASONS,
    STATUSES,
    SUPPLY_RESOURCES,
    TRAVELER,
    counts,
    season_of,
)
from .events import AILMENT_COUNTS, RESOURCE_COUNTS, SEATS, TILE
from .quotes import (
    Q_FOUR_COMPANIONS,
    Q_PHASES,
    Q_RAVENOUS_PHASES,
    Q_ROUND,
    Q_SEASON_DRAW,
    Q_SEASON_ORDER,
    Q_TURN_RAVENOUS,
    Q_TURNS_RAVENOUS_WHEN,
)

CARD = {"oneOf": [cards.NAME, {**cards.EQUIPMENT_SCHEMA, "properties": {
    **cards.EQUIPMENT_SCHEMA["properties"],
    "stored": {"type": "array", "maxItems": 4, "items": {"oneOf": [cards.NAME,
                                                                    cards.EQUIPMENT_SCHEMA]},
               "description": "a Storage card: the Tools and Weapons it carries"}}}]}
BOARD = {
    "type": "object",
    "properties": {
        "status": {"enum": list(STATUSES)},
        "tile": {"oneOf": [TILE, {"type": "null"}]},
        "companions": {"type": "integer", "minimum": 0,
                       "description": f"living Companions (up to {COMPANIONS} with the Skulls; "
                                      "more is refused with the book's sentence)"},
        "skulls": AILMENT_COUNTS,
        "ailments": AILMENT_COUNTS,
        "resources": RESOURCE_COUNTS,
        "equipment": {"type": "array", "maxItems": 12, "items": CARD},
        "hunger": {"type": "integer", "minimum": 0, "maximum": RAVENOUS_DEATH - 1,
                   "description": "a Ravenous Player's Hunger"},
    },
    "additionalProperties": False,
}
PHASES = {"season": "season", "travel": "turn_travel", "gathering": "turn_gathering",
          "camp": "turn_camp", "event": "turn_event", "ravenous_movement": "ravenous_movement",
          "ravenous_combat": "ravenous_combat", "ravenous_retreat": "ravenous_retreat"}
POSITION_SCHEMA = {
    "type": "object",
    "description": "A game already on the table: the round, the Season deck, the Exploration Bag, "
                   "each Player board, and whose turn it is in which phase (the Season card by "
                   "default). Missing parts keep their start-of-game value.",
    "properties": {
        "phase": {"enum": list(PHASES)},
        "round": {"type": "integer", "minimum": 1, "maximum": SEASON_DECK + 1},
        "first_player": {"enum": SEATS},
        "current": {"enum": SEATS, "description": "whose turn it is (not in the season phase)"},
        "to_play": {"type": "array", "maxItems": 5, "items": {"enum": SEATS},
                    "description": "who plays after the current Player this round (default: the "
                                   "seats to their left, up to the First Player)"},
        "season_deck": {"type": "integer", "minimum": 0, "maximum": SEASON_DECK},
        "season": {"type": "object", "properties": {"card": cards.NAME,
                                                    "season": {"enum": list(SEASONS)}},
                   "additionalProperties": False},
        "bag": {"oneOf": [{"type": "null", "description": "not tracked"},
                          {"type": "object", "additionalProperties": False,
                           "properties": {k: {"type": "integer", "minimum": 0, "maximum": 99}
                                          for k in BAG_TOKENS}}]},
        "players": {"type": "object", "propertyNames": {"enum": SEATS},
                    "additionalProperties": BOARD},
        "camp_done": {"type": "array", "uniqueItems": True,
                      "items": {"enum": ["recuperate", "trade", "combat", "trading_post"]}},
        "attacked": {"type": "array", "uniqueItems": True, "items": {"enum": SEATS}},
        "arrivals": {"type": "array", "uniqueItems": True, "items": {"enum": SEATS},
                     "description": "who reached Newhaven, first first"},
    },
    "additionalProperties": False,
}


def position_from(game, G: dict, position: dict, entered: dict):
    seats = G["order"]
    tiles = G["tiles"]
    for key in ("round", "season_deck"):
        if key in position:
            G[key] = position[key]
    if "first_player" in position:
        G["first_player"] = position["first_player"]
    if G["first_player"] not in seats:
        raise SetupError("the First Player must sit at the table", "position.first_player")
    if "season" in position:
        G["season"] = {"card": position["season"].get("card"),
                       "season": position["season"].get("season")}
    if "bag" in position:
        G["bag"] = None if position["bag"] is None else counts(BAG_TOKENS, position["bag"])
    for seat, given in (position.get("players") or {}).items():
        if seat not in seats:
            raise SetupError(f"nobody sits in seat {seat}", f"position.players.{seat}")
        G["players"][seat] = board_from(G["players"][seat], given, tiles,
                                        f"position.players.{seat}", entered)
    within_the_box(G)
    G["arrivals"] = list(position.get("arrivals", []))
    for seat in G["arrivals"]:
        if seat not in seats or G["players"][seat]["status"] != ARRIVED:
            raise SetupError(f"{seat} is not a Player in Newhaven", "position.arrivals")
    if sorted(G["arrivals"]) != sorted(s for s in seats if G["players"][s]["status"] == ARRIVED):
        raise SetupError("list every Player in Newhaven in the order they arrived",
                         "position.arrivals")
    phase = PHASES[position.get("phase", "season")]
    # Each round begins with its Season card, one drawn a round from twelve: the round and the
    # cards left go together, and either one entered alone gives the other.
    drawn_this_round = phase != "season"
    if "season_deck" in position and "round" not in position:
        G["round"] = SEASON_DECK - G["season_deck"] + (not drawn_this_round)
    elif "round" in position and "season_deck" not in position:
        G["season_deck"] = max(SEASON_DECK - G["round"] + (not drawn_this_round), 0)
    begun = G["round"] - (not drawn_this_round)
    if G["season_deck"] != SEASON_DECK - begun:
        raise SetupError(f"{begun} round(s) have begun, each with a Season card drawn: "
                         f"{max(SEASON_DECK - begun, 0)} of the {SEASON_DECK} are left, not "
                         f"{G['season_deck']} (“{Q_SEASON_DRAW}”)", "position.season_deck")
    season = (position.get("season") or {}).get("season")
    if "season" in position and G["season_deck"] == SEASON_DECK:
        raise SetupError("no Season card has been drawn yet: none is in effect", "position.season")
    if season is not None and season != season_of(G["season_deck"] + 1):
        raise SetupError(f"with {G['season_deck']} Season cards left the last one drawn was a "
                         f"{season_of(G['season_deck'] + 1).title()} card, not {season.title()} "
                         f"(“{Q_SEASON_ORDER}”)", "position.season.season")
    order = seats[seats.index(G["first_player"]):] + seats[:seats.index(G["first_player"])]
    if phase == "season":
        G["current"] = G["first_player"]
        if G["season_deck"] == 0:
            raise SetupError("no Season card is left at the start of a round: Winter has set in "
                             "and the game is over", "position.season_deck")
    else:
        current = position.get("current", G["first_player"])
        if current not in seats:
            raise SetupError("the current Player must sit at the table", "position.current")
        want = RAVENOUS if phase.startswith("ravenous") else TRAVELER
        if G["players"][current]["status"] != want:
            raise SetupError(f"in the {position.get('phase')} phase the current Player is "
                             f"{'Ravenous' if want == RAVENOUS else 'a Traveler'}",
                             "position.current")
        G["current"] = current
        G["queue"] = list(position.get("to_play", order[order.index(current) + 1:]))
        absent = [seat for seat in G["queue"] if seat not in seats]
        if absent:
            raise SetupError(f"nobody sits in seat {absent[0]}: only the Players at the table "
                             f"take turns (“{Q_ROUND}”)", "position.to_play")
        if len(set(G["queue"])) < len(G["queue"]):
            raise SetupError(f"each Player takes one turn a round (“{Q_ROUND}”)",
                             "position.to_play")
        if current in G["queue"]:
            raise SetupError("the current Player is not still to play", "position.to_play")
        after = order[order.index(current) + 1:]
        if [seat for seat in after if seat in G["queue"]] != G["queue"]:
            raise SetupError("those still to play this round sit to the current Player's left, "
                             f"up to the First Player, in that order (“{Q_ROUND}”)",
                             "position.to_play")
        left_out = [seat for seat in after if seat not in G["queue"]
                    and G["players"][seat]["status"] in (TRAVELER, RAVENOUS)]
        if left_out:
            raise SetupError(f"{left_out[0]} has yet to take a turn this round: every Player "
                             "still in the game to the current Player's left, up to the First "
                             f"Player, is still to play (“{Q_ROUND}”)", "position.to_play")
    if not any(p["status"] == TRAVELER for p in G["players"].values()):
        raise SetupError("no Traveler is left on the Game Board: the game is over",
                         "position.players")
    for field, belongs, name, quote in (
            ("camp_done", "turn_camp", "Camp Phase", Q_PHASES),
            ("attacked", "ravenous_combat", "Ravenous Combat Phase", Q_RAVENOUS_PHASES)):
        if position.get(field) and phase != belongs:
            raise SetupError(f"{field} is what this turn's {name} has done; the position is in "
                             f"the {position.get('phase', 'season')} phase, not that one "
                             f"(“{quote}”)", f"position.{field}")
    G["turn"] = game.fresh_turn()
    G["turn"]["camp"] = list(position.get("camp_done", []))
    G["turn"]["attacked"] = list(position.get("attacked", []))
    return G, phase


BOX = {kind: 25 for kind in RESOURCES} | {kind: 40 for kind in AILMENTS}
BOX_LINES = {**dict.fromkeys(RESOURCES, "• 25 Food tokens, 25 Water tokens, 25 Wood tokens"),
             **dict.fromkeys(AILMENTS, "• 40 Hunger tokens, 40 Thirst tokens, 40 Wagon Damage "
                                       "tokens")}


def within_the_box(G: dict) -> None:
    """No more Resource or Ailment tokens of a kind in the Exploration Bag, on the Player boards
    (a Ravenous Player's Hunger too) and placed on the tiles than Components prints (finding 92):
    every one comes from the Stockpile, and the book prints no substitute."""
    players = G["players"].values()
    for kind in BAG_TOKENS:
        bag = (G["bag"] or {}).get(kind, 0)
        track = "resources" if kind in RESOURCES else "ailments"
        boards = sum(p[track][kind] + (p["hunger"] if kind == "hunger" and p["status"] == RAVENOUS
                                       else 0) for p in players)
        placed = sum(tile["placed"][kind] for tile in G["tiles"].values() if not tile["removed"])
        if bag + boards + placed > BOX[kind]:
            raise SetupError(f"{bag + boards + placed} {kind.replace('_', ' ').title()} tokens: "
                             f"{bag} in the Exploration Bag, {boards} on the Player boards, "
                             f"{placed} placed on tiles; the game has {BOX[kind]} "
                             f"(“{BOX_LINES[kind]}”)", "position.bag" if bag else "position.players")


def board_from(board: dict, given: dict, tiles: dict, field: str, entered: dict) -> dict:
    board = {**board, **{k: v for k, v in given.items() if k not in ("equipment",)}}
    for key, keys in (("skulls", AILMENTS), ("ailments", AILMENTS), ("resources", RESOURCES)):
        board[key] = counts(keys, board[key])
    status = board["status"]
    if "equipment" in given:
        board["equipment"] = [card_from(card, f"{field}.equipment[{n}]", entered)
                              for n, card in enumerate(given["equipment"])]
    if given.get("companions", 0) > COMPANIONS:
        raise SetupError(f"a Traveler has at most {COMPANIONS} Companions, not "
                         f"{given['companions']}", field + ".companions",
                         Citation("we-forlorn-few", Q_FOUR_COMPANIONS))
    if status == OUT:
        board["tile"] = None
        return board
    tile = board["tile"]
    if tile not in tiles:
        raise SetupError(f"there is no tile {tile!r} on the table", field + ".tile")
    if tiles[tile]["removed"]:
        raise SetupError(f"tile {tile} has been removed", field + ".tile")
    if status == ARRIVED and tiles[tile]["kind"] != NEWHAVEN:
        raise SetupError("a Player whose journey is over is in Newhaven", field + ".tile")
    if status == RAVENOUS:
        kept = [key for key in ("companions", "resources", "ailments", "skulls", "equipment")
                if given.get(key) and (not isinstance(given[key], dict) or any(given[key].values()))]
        if kept:
            raise SetupError(f"a Ravenous Player has no {kept[0]}: “{Q_TURNS_RAVENOUS_WHEN}” and "
                             f"“{Q_TURN_RAVENOUS}”", f"{field}.{kept[0]}")
        if tiles[tile]["kind"] == NEWHAVEN:  # Cedar Falls or a Trading Post: where they turned
            raise SetupError("a Ravenous Traveler is never in Newhaven", field + ".tile")
        if not 0 <= board["hunger"] < RAVENOUS_DEATH:
            raise SetupError("a Ravenous Traveler has 0-3 Hunger", field + ".hunger")
        board.update(companions=0, equipment=[], resources=counts(RESOURCES, {}),
                     ailments=counts(AILMENTS, {}), skulls=counts(AILMENTS, {}))
        return board
    if status == TRAVELER:
        if not tiles[tile]["face_up"]:
            raise SetupError("a Traveler's tile has been flipped face up", field + ".tile")
        if tiles[tile]["kind"] == NEWHAVEN:
            raise SetupError("a Traveler in Newhaven has status \"arrived\"", field + ".status")
    if sum(board["skulls"].values()) + board["companions"] > COMPANIONS:
        raise SetupError("four Companions in all, living and Sacrificed", field + ".companions",
                         Citation("we-forlorn-few", Q_FOUR_COMPANIONS))
    for kind in AILMENTS:
        if board["skulls"][kind] + board["ailments"][kind] > AILMENT_LIMIT and \
                board["ailments"][kind] > 0:
            raise SetupError(f"more {kind} tokens than the track's limit "
                             f"({AILMENT_LIMIT - board['skulls'][kind]})", field + ".ailments")
    if sum(board["resources"].values()) > SUPPLY_RESOURCES:
        raise SetupError("a Supply holds up to six Resource tokens", field + ".resources")
    return board


def card_from(card, field: str, entered: dict) -> dict:
    stored = [] if isinstance(card, str) else card.get("stored", [])
    plain = card if isinstance(card, str) else {k: v for k, v in card.items() if k != "stored"}
    try:
        full = cards.equipment(plain, field, entered)
        if stored and full["type"] != "storage":
            raise SetupError(f"{full['name']} is not a Storage card", field + ".stored")
        if stored:
            full["stored"] = [cards.equipment(c, f"{field}.stored[{n}]", entered)
                              for n, c in enumerate(stored)]
    except BadRequest as missing:
        raise SetupError(missing.message, missing.field) from None
    return full
