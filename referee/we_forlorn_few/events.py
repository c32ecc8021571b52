"""What the players enter: each event type as JSON Schema, with an example.

Chance is entered as it fell (dice as the Worth each die shows, tokens drawn from the Exploration
Bag, cards by name and what they printed); tiles are named as the table named them at setup.
"""

from __future__ import annotations

from referee.core import EventType

from .board import AILMENTS, BAG_TOKENS, RESOURCES, SEASONS, TERRAINS, WORTHS
from .cards import EQUIPMENT_SCHEMA, NAME

SEATS = ["p1", "p2", "p3", "p4", "p5"]
SEAT = {"enum": SEATS}
TILE = {"type": "string", "minLength": 1, "maxLength": 40, "description": "a tile, as named at setup"}


def counted(keys, description: str, most: int = 12) -> dict:
    return {"type": "object", "description": description,
            "properties": {key: {"type": "integer", "minimum": 0, "maximum": most} for key in keys},
            "additionalProperties": False}


RESOURCE_COUNTS = counted(RESOURCES, "Resource tokens by kind")
AILMENT_COUNTS = counted(AILMENTS, "Ailment tokens by kind")
GOODS = {
    "type": "object",
    "description": "Resource tokens by kind and Equipment cards by name, from a Supply",
    "properties": {**{key: {"type": "integer", "minimum": 0, "maximum": 12} for key in RESOURCES},
                   "equipment": {"type": "array", "maxItems": 12, "items": NAME}},
    "additionalProperties": False,
}
DISCARD = {**GOODS, "description": "what is discarded from the Supply to make space when a gain "
                                   "exceeds its capacity (left out: the newly acquired excess is "
                                   "returned to the Stockpile)"}
VALUES = {"type": "object", "maxProperties": 12,
          "propertyNames": {"minLength": 1, "maxLength": 80},
          "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 20},
          "description": "the Value printed on Equipment cards in a Supply whose Value was never "
                         "entered (the rulebook prints none), by card name"}
TOOL_BONUS = {**RESOURCE_COUNTS,
              "description": "the Tool Bonus tokens added (left out: one for each Tool card, of "
                             "its Resource, as the Tool Bonus reads; fewer: the Player's choice)"}
DICE = {"type": "array", "maxItems": 8, "items": {"enum": list(WORTHS)},
        "description": "the Worth each die shows (2, 1 or 0)"}
TOKEN = {"enum": [*BAG_TOKENS, "nothing"],
         "description": "the token drawn from the Exploration Bag (\"nothing\" if it is empty)"}
DRAWS = {"type": "array", "maxItems": 12, "items": TOKEN}
REVEAL = {
    "type": "object",
    "description": "a face-down tile as it shows when flipped: its terrain, the Travel Cost and the "
                   "Resources it prints ({} and [] where it prints none), a Trading Post",
    "properties": {"kind": {"enum": list(TERRAINS)}, "travel_cost": RESOURCE_COUNTS,
                   "resources": {"type": "array", "maxItems": 3,
                                 "items": {"enum": list(RESOURCES)}},
                   "trading_post": {"type": "boolean"}},
    "required": ["kind", "travel_cost", "resources"],
    "additionalProperties": False,
}
# what a Traveler's `travel` enters and a Ravenous move never does, each refused with its sentence
RAVENOUS_NOT_TRAVELING = {
    "pay": {**RESOURCE_COUNTS, "description": "Resources discarded for a Travel Cost (a Ravenous "
                                              "Traveler pays none: refused)"},
    "ailments": {**AILMENT_COUNTS, "description": "Ailments taken for a Travel Cost (refused, as "
                                                  "`pay`)"},
    "draws": {**DRAWS, "description": "tokens drawn for a Bag Draw token picked up (a Ravenous "
                                      "Traveler picks nothing up: refused)"},
}
PLACE = {
    "type": "object",
    "properties": {"tile": TILE,
                   **{key: {"type": "integer", "minimum": 0, "maximum": 12}
                      for key in (*BAG_TOKENS, "bag_draw")},
                   "equipment": {"type": "array", "maxItems": 6,
                                 "items": {"oneOf": [NAME, EQUIPMENT_SCHEMA]}}},
    "required": ["tile"],
    "additionalProperties": False,
}
EFFECT_FIELDS = {
    "gain": {**RESOURCE_COUNTS, "description": "Resource tokens added to the Supply"},
    "lose": {**GOODS, "description": "Resources and Equipment discarded from the Supply"},
    "ailments": {**AILMENT_COUNTS, "description": "Ailment tokens accrued"},
    "remove_ailments": {**AILMENT_COUNTS, "description": "Ailment tokens removed"},
    "perish": {"type": "integer", "minimum": 0, "maximum": 5,
               "description": "Companions that perish"},
}
CARD_OR_NAME = {"oneOf": [NAME, EQUIPMENT_SCHEMA]}

EVENT_TYPES = {
    "season": EventType(
        "The First Player draws the top Season card and resolves it: the tokens it adds to the "
        "Exploration Bag, then its Season Effect as printed (tiles removed, tokens or Equipment "
        "placed on tiles, pieces on a removed tile moved).",
        properties={
            "card": NAME,
            "season": {"enum": list(SEASONS)},
            "add_to_bag": counted(BAG_TOKENS, "tokens the card adds to the Exploration Bag"),
            "remove_tiles": {"type": "array", "maxItems": 25, "items": TILE},
            "place": {"type": "array", "maxItems": 25, "items": PLACE},
            "relocate": {"type": "object", "propertyNames": SEAT, "additionalProperties": TILE,
                         "description": "where a piece on a removed tile goes, as the card says"},
            "draws": {"type": "object", "propertyNames": SEAT, "additionalProperties": DRAWS,
                      "description": "tokens drawn for Bag Draw tokens a moved Traveler picks up"},
        },
        example={"type": "season", "player": "p1", "card": "Spring thaw", "season": "spring",
                 "add_to_bag": {"water": 2, "thirst": 1},
                 "place": [{"tile": "C1", "bag_draw": 1}]},
        chance=True),
    "travel": EventType(
        "Travel Phase: travel to an adjacent tile paying the Travel Cost of the tile being left "
        "(Resources you have, the corresponding Ailments for those you lack), or travel backwards "
        "toward Cedar Falls for two Resources. Left out, the payment is worked out. A face-down "
        "destination is revealed as it is flipped; tokens and cards placed on it are picked up.",
        properties={
            "to": TILE,
            "backward": {"type": "boolean"},
            "pay": {**RESOURCE_COUNTS, "description": "Resources discarded to pay"},
            "ailments": {**AILMENT_COUNTS, "description": "Ailments taken to pay"},
            "reveal": REVEAL,
            "draws": {**DRAWS, "description": "tokens drawn for Bag Draw tokens picked up"},
            "ravenous_moves": {"type": "object", "propertyNames": SEAT,
                               "additionalProperties": TILE,
                               "description": "where each Ravenous Traveler on a face-down tile "
                                              "revealed as a Trading Post moves"},
            "discard": DISCARD,
        },
        required=("to",),
        example={"type": "travel", "player": "p1", "to": "B1"}),
    "stay": EventType("Travel Phase: stay on the current tile and go straight to the Gathering "
                      "Phase.", example={"type": "stay", "player": "p1"}),
    "gather": EventType(
        "Gathering Phase: the Tool Bonus, then Gather: one die; Worth 2 or 1 takes that many of "
        "the tile's Resources, Worth 0 draws one token from the Exploration Bag.",
        properties={"roll": {"enum": list(WORTHS)},
                    "take": {"type": "array", "maxItems": 6, "items": {"enum": list(RESOURCES)}},
                    "draw": TOKEN, "tool_bonus": TOOL_BONUS, "discard": DISCARD},
        required=("roll",),
        example={"type": "gather", "player": "p1", "roll": 2, "take": ["water", "wood"]},
        chance=True),
    "explore": EventType(
        "Gathering Phase: the Tool Bonus, then Explore: draw one token from the Exploration Bag and "
        "add it to your Player board.",
        properties={"draw": TOKEN, "tool_bonus": TOOL_BONUS, "discard": DISCARD,
                    "also_drawn": {"type": "array", "items": TOKEN, "minItems": 1, "maxItems": 2,
                                   "description": "more tokens drawn besides `draw` (Explore "
                                                  "draws one: refused)"}},
        example={"type": "explore", "player": "p1", "draw": "water"}, chance=True),
    "skip_gathering": EventType(
        "Gathering Phase: the Tool Bonus only, neither Gather nor Explore.",
        properties={"tool_bonus": TOOL_BONUS, "discard": DISCARD},
        example={"type": "skip_gathering", "player": "p1"}),
    "recuperate": EventType(
        "Camp: discard Resources to remove the corresponding Ailments, one for one (Food for "
        "Hunger, Water for Thirst, Wood for Wagon Damage). `discard`, the Resources the player "
        "discards, may be entered to be checked (left out: the corresponding ones).",
        properties={"remove": AILMENT_COUNTS, "discard": RESOURCE_COUNTS}, required=("remove",),
        example={"type": "recuperate", "player": "p1", "remove": {"hunger": 1}}),
    "trade": EventType(
        "Camp: propose a Trade to a Player on the same or an adjacent tile (what you give, what you "
        "ask, other terms); they answer it with trade_answer, and what was agreed is exchanged at "
        "once. A table entering the whole Trade at once adds their answer (`accepted`, and "
        "`their_discard`).",
        properties={"with": SEAT, "give": GOODS, "get": GOODS,
                    "terms": {"type": "string", "maxLength": 200,
                              "description": "other terms (a promise, a debt, a threat)"},
                    "accepted": {"type": "boolean",
                                 "description": "the partner's answer, entered by the table with "
                                                "the proposal (a seat's phone cannot answer for "
                                                "another seat)"},
                    "discard": DISCARD, "their_discard": DISCARD},
        required=("with",),
        example={"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                 "get": {"water": 1}}),
    "trade_answer": EventType(
        "Camp: the Player a Trade was proposed to accepts or rejects its terms (`discard`: what "
        "they discard to make space for what they get).",
        properties={"accepted": {"type": "boolean"}, "discard": DISCARD},
        required=("accepted",),
        example={"type": "trade_answer", "player": "p2", "accepted": True}),
    "combat": EventType(
        "Camp: initiate Combat with a Player on your tile or an adjacent one; both roll (one die, "
        "plus one per die their Equipment adds) and the higher result wins.",
        properties={"target": SEAT, "dice": DICE, "target_dice": DICE},
        required=("target", "dice", "target_dice"),
        example={"type": "combat", "player": "p1", "target": "p2", "dice": [2, 1],
                 "target_dice": [0]},
        chance=True),
    "steal": EventType(
        "Combat: the winner steals Resources and Equipment up to the Value of their result from "
        "the loser's Supply (nothing is fine).",
        properties={"take": GOODS, "discard": DISCARD, "values": VALUES},
        example={"type": "steal", "player": "p1", "take": {"food": 1}}),
    "trading_post": EventType(
        "Camp: at a Trading Post, flip the top three Equipment cards and buy any of them, paying "
        "Resources (Value 1 each) and/or Equipment of equal Value; the rest go back.",
        properties={"offered": {"type": "array", "minItems": 1, "maxItems": 6,
                                "items": CARD_OR_NAME},
                    "buy": {"type": "array", "maxItems": 6, "items": NAME},
                    "pay": GOODS, "discard": DISCARD, "values": VALUES},
        required=("offered",),
        example={"type": "trading_post", "player": "p1",
                 "offered": [{"name": "Snare", "type": "tool", "value": 2, "bonus": "food"},
                             {"name": "Rifle", "type": "weapon", "value": 3, "dice": 1},
                             {"name": "Saddlebag", "type": "storage", "value": 2,
                              "holds": {"tool": 1, "weapon": 0}}],
                 "buy": ["Snare"], "pay": {"food": 1, "wood": 1}},
        chance=True),
    "end_camp": EventType("Camp: done; go on to the Event Phase.",
                          example={"type": "end_camp", "player": "p1"}),
    "event_card": EventType(
        "Event Phase: draw and resolve an Event card, by name; what it did is worked out from "
        "referee/data/we-forlorn-few-events.json when the card is there (dice: the highest die "
        "counts), otherwise entered as printed.",
        properties={"card": NAME, "dice": DICE, **EFFECT_FIELDS, "draws": DRAWS,
                    "others": {"type": "object", "propertyNames": SEAT,
                               "additionalProperties": {"type": "object",
                                                        "properties": EFFECT_FIELDS,
                                                        "additionalProperties": False},
                               "description": "what the card did to other Players"},
                    "others_first": {"type": "boolean",
                                     "description": "the card acts on the other Players before "
                                                    "you (as printed; left out: after)"},
                    "discard": DISCARD},
        required=("card",),
        example={"type": "event_card", "player": "p1",
                 "card": "A herd like that would fetch enough money to kill for.",
                 "dice": [2, 1], "draws": ["food"]},
        chance=True),
    "sacrifice": EventType(
        "Any time in your turn: Sacrifice a Companion to remove four Ailment tokens; its Skull "
        "goes on an available slot of an Ailment track, lowering that track's limit.",
        properties={"remove": AILMENT_COUNTS, "skull": {"enum": list(AILMENTS)}},
        required=("remove", "skull"),
        example={"type": "sacrifice", "player": "p1", "remove": {"hunger": 1},
                 "skull": "wagon_damage"}),
    "ravenous_move": EventType(
        "Ravenous Movement Phase: move up to two tiles (the tiles entered in order), free, picking "
        "nothing up, never onto a Trading Post, Cedar Falls or Newhaven.",
        properties={"path": {"type": "array", "maxItems": 4, "items": TILE},
                    "reveal": {"type": "object", "maxProperties": 4, "propertyNames": TILE,
                               "additionalProperties": REVEAL,
                               "description": "face-down tiles of the path turned face up, as "
                                              "they show (a Ravenous Traveler does not flip "
                                              "them: refused)"},
                    **RAVENOUS_NOT_TRAVELING},
        required=("path",),
        example={"type": "ravenous_move", "player": "p3", "path": ["B2"]}),
    "ravenous_attack": EventType(
        "Ravenous Combat Phase: attack a Traveler on your tile (each once), one die per Hunger.",
        properties={"target": SEAT, "dice": DICE, "target_dice": DICE},
        required=("target", "dice", "target_dice"),
        example={"type": "ravenous_attack", "player": "p3", "target": "p1", "dice": [1],
                 "target_dice": [2]},
        chance=True),
    "end_combat": EventType("Ravenous: done attacking; begin the Retreat Phase.",
                            example={"type": "end_combat", "player": "p3"}),
    "retreat": EventType(
        "Ravenous Retreat Phase: move to an adjacent tile (movement restrictions apply), then add "
        "one Hunger.",
        properties={"to": TILE,
                    "reveal": {**REVEAL, "description": "the face-down tile retreated to, turned "
                                                        "face up (a Ravenous Traveler does not "
                                                        "flip it: refused)"},
                    **RAVENOUS_NOT_TRAVELING},
        required=("to",),
        example={"type": "retreat", "player": "p3", "to": "B1"}),
}
