"""What the players enter: each event type as JSON Schema, with an example.

A card is entered by its symbols as read off the table, or by its name in the card table (see
`cards`).
"""

from __future__ import annotations

from referee.core import EventType

from . import cards
from .board import FIGURES, MOVEMENT_SPACES

SPACE = cards.SPACE_SCHEMA
ITEM, COMPANION = cards.ref("item"), cards.ref("companion")
ADVENTURE, JOURNEY = cards.ref("adventure"), cards.ref("journey")
CHARACTER = {"oneOf": [{"const": "leader"}, {"type": "integer", "minimum": 1, "maximum": 8},
                       {"type": "object", "properties": {"retired": {
                           "type": "integer", "minimum": 1, "maximum": 32}},
                        "required": ["retired"], "additionalProperties": False}],
             "description": "\"leader\", a companion's place in the party (1 = next to the "
                            "leader), or {\"retired\": n}: a companion retired under the leader "
                            "(1 = the first retired), which the rules then refuse"}
PAYMENT = {
    "type": "array", "maxItems": 8,
    "items": {"type": "object",
              "properties": {"hand": {"type": "integer", "minimum": 1, "maximum": 99},
                             "character": CHARACTER,
                             "improvement": {"type": "integer", "minimum": 1, "maximum": 40,
                                             "description": "a completed adventure card's "
                                                            "discount (1 = the first completed)"},
                             "convert": {"type": "boolean",
                                         "description": "spend 1 clover: any adventure symbol"}},
              "additionalProperties": False,
              "minProperties": 1},
    "description": "the item cards discarded: {hand: n} (1-based position in hand) or "
                   "{character: ...} (the item it holds); and, optionally, the discounts used: "
                   "{improvement: n} (those not named cover what the cards leave)",
}
OVER = {"type": "array", "maxItems": 6, "items": SPACE,
        "description": "the spaces the movement diagram passes over, only for a move that is not "
                       "along a row, column or diagonal (the rulebook does not print the "
                       "diagrams; on a line the referee works them out)"}
RETIRE = {"oneOf": [{"const": "leader"}, {"type": "integer", "minimum": 1, "maximum": 8}],
          "description": "the companion retired to make room (place in the party; naming the "
                         "leader is refused by the rules)"}


EVENT_TYPES = {
    "choose_corner": EventType(
        "Setup: choose a corner, take its item card, and draw the starting item card.",
        properties={"space": SPACE, "item": ITEM, "drawn": ITEM,
                    "falconer_items": {"type": "array", "items": ITEM, "minItems": 2,
                                       "maxItems": 2}},
        required=("space", "drawn"),
        example={"type": "choose_corner", "player": "p2", "space": [1, 1],
                 "item": {"adventure": "fist", "activation": "sword"},
                 "drawn": {"adventure": "leaf", "activation": "star"}},
        chance=True),
    "choose_journey": EventType(
        "Advanced game: keep one of the two journey cards drawn (the other goes to the bottom).",
        properties={"card": JOURNEY}, required=("card",),
        example={"type": "choose_journey", "player": "p1",
                 "card": {"spaces": [[2, 2], [4, 3], [1, 4]], "points": 3}},
        chance=True),
    "move": EventType(
        "Move: place a movement token, take the destination's card (or draw one), move the figure. "
        "The movement diagrams are not printed in the rulebook, so the destination is entered; "
        "with \"move 1 more space\" improvements, `diagram_to` is where the diagram ends and `to` "
        "where the figure stops.",
        properties={"movement": {"type": "integer", "minimum": 1, "maximum": MOVEMENT_SPACES},
                    "to": SPACE,
                    "card": {"anyOf": [ITEM, COMPANION,
                                       {"type": "array", "minItems": 2, "maxItems": 4,
                                        "items": {"anyOf": [ITEM, COMPANION]},
                                        "description": "the cards of several black dot spaces "
                                                       "taken at once (the rules refuse it)"}]},
                    "retire": RETIRE,
                    "diagram_to": {**SPACE, "description": "where the movement diagram ends, "
                                   "when improvements move the figure on to `to`"},
                    "over": OVER},
        required=("movement", "to"),
        example={"type": "move", "player": "p1", "movement": 1, "to": [2, 2],
                 "card": {"adventure": "speech", "activation": "notes"}},
        chance=True),
    "activate": EventType(
        "Activate: play an item card from hand under a character.",
        properties={"character": CHARACTER,
                    "hand": {"type": "integer", "minimum": 1, "maximum": 99},
                    "convert": {"type": "boolean",
                                "description": "spend 1 clover to change its activation symbol"},
                    "convert_to": {"enum": list(cards.ACTIVATION_SYMBOLS),
                                   "description": "with `convert`: the character's symbol the "
                                                  "item's is converted to (needed only when the "
                                                  "character shows several)"}},
        required=("character", "hand"),
        example={"type": "activate", "player": "p1", "character": "leader", "hand": 1}),
    "gain_clover": EventType(
        "Activate: gain a clover token instead of activating a character.",
        example={"type": "gain_clover", "player": "p1"}),
    "ability": EventType(
        "Use one ability of the character just activated (or of a completed adventure's "
        "improvement, with `improvement`, once its trigger has happened this turn; or a completed "
        "journey card's immediate reward, with `journey`). Card contents are not printed in the "
        "rulebook: an ability's colour, an improvement's trigger and reward are entered with the "
        "card.",
        properties={"kind": {"enum": list(cards.ABILITY_KINDS)},
                    "character": {**CHARACTER,
                                  "description": "the activated character whose ability it is "
                                                 "(left out: the one activated last; an earlier "
                                                 "one's under the table ruling "
                                                 "abilities_after_another_activation)"},
                    "improvement": {"type": "integer", "minimum": 1, "maximum": 40,
                                    "description": "the completed adventure (1 = first completed) "
                                                   "whose improvement is triggered"},
                    "crossed_clover": {"type": "boolean",
                                       "description": "the ability shows a crossed-out clover"},
                    "to": SPACE, "space": SPACE, "card": {"anyOf": [ITEM, COMPANION]},
                    "retire": RETIRE,
                    "source": {"enum": ["display", "level1", "level2"]},
                    "index": {"type": "integer", "minimum": 1, "maximum": 8},
                    "adventure": ADVENTURE,
                    "return": {"type": "integer", "minimum": 1, "maximum": 8},
                    "journey": {"type": "integer", "minimum": 1, "maximum": 18,
                                "description": "the completed journey card (1 = first) whose "
                                               "immediate reward is taken"},
                    "color": {"enum": list(cards.ADVENTURE_SYMBOLS),
                              "description": "take item: the colour the ability shows (fist: "
                                             "red, speech: blue, leaf: green, coin: gold)"},
                    "adjacent": {"type": "boolean",
                                 "description": "take item: the ability takes from an "
                                                "orthogonally adjacent space"},
                    "swap": {"type": "array", "items": SPACE, "minItems": 2, "maxItems": 2,
                             "description": "swap items: the two spaces"},
                    "bottom": {"anyOf": [ITEM, COMPANION],
                               "description": "draw 2, keep one: the card put on the bottom of "
                                              "the deck, when the table reads it"},
                    "over": OVER},
        required=("kind",),
        example={"type": "ability", "player": "p1", "kind": "gain clover"},
        chance=True),
    "buy_item": EventType(
        "Spend 2 clover tokens to draw an item card (`item`: the card drawn). Naming a map "
        "`space` instead is the mistake of buying a card off the map, which the rules refuse.",
        properties={"item": ITEM, "space": SPACE},
        example={"type": "buy_item", "player": "p1",
                 "item": {"adventure": "coin", "activation": "compass"}},
        chance=True),
    "complete_adventure": EventType(
        "Adventure: complete a reserved adventure card or one from the display.",
        properties={"source": {"enum": ["display", "reserve"]},
                    "index": {"type": "integer", "minimum": 1, "maximum": 8},
                    "adventure": ADVENTURE,
                    "pay": PAYMENT,
                    "companions": {"type": "array", "maxItems": 4, "items": CHARACTER,
                                   "description": "the companion meeting each party requirement "
                                                  "symbol, in order (naming the leader or a "
                                                  "retired companion is refused by the rules)"},
                    "convert_types": {"type": "array", "maxItems": 4, "uniqueItems": True,
                                      "items": {"type": "integer", "minimum": 1, "maximum": 8},
                                      "description": "companions whose type is converted (2 "
                                                     "clovers each)"},
                    "retire": {"type": "array", "maxItems": 4, "uniqueItems": True,
                               "items": RETIRE}},
        required=("source", "index"),
        example={"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
                 "pay": [{"hand": 1}], "companions": [1], "retire": []}),
    "sign_up": EventType(
        "Adventure: sign up for a public quest tile.",
        properties={"tile": {"enum": ["A", "B", "C"]}, "pay": PAYMENT,
                    "space": {"enum": list(cards.QUILL_SPACES),
                              "description": "the quill space the quill goes on, when the "
                                             "table names it (left out: the tile's top-most "
                                             "empty one, where the rules put it; another is "
                                             "refused)"},
                    "retire": {"type": "array", "maxItems": 4, "uniqueItems": True,
                               "items": {"type": "integer", "minimum": 1, "maximum": 8},
                               "description": "companions retired to sign up: the mistake of a "
                                              "party requirement for a tile, which the rules "
                                              "refuse"},
                    "cost": {"type": "array", "maxItems": 8,
                             "items": {"enum": list(cards.ADVENTURE_SYMBOLS)},
                             "description": "the tile's items cost, when the table did not enter "
                                            "it at setup"}},
        required=("tile",),
        example={"type": "sign_up", "player": "p1", "tile": "A", "pay": [{"hand": 1}]}),
    "replenish": EventType(
        "Replenish the map and the display (the cards revealed may be left unknown: null).",
        properties={"map": {"type": "array", "maxItems": 25,
                            "items": {"anyOf": [{"type": "null"}, ITEM, COMPANION]}},
                    "display": {"type": "array", "maxItems": 5,
                                "items": {"oneOf": [{"type": "null"}, ADVENTURE]}},
                    "new_level2": {"oneOf": [{"type": "null"}, ADVENTURE],
                                   "description": "end of round 2: the level II card drawn"},
                    "to_bottom": {"type": "integer", "minimum": 1, "maximum": 5,
                                  "description": "end of round 2: the display place (after "
                                                 "replenishing) of the card the table put on "
                                                 "the bottom of its deck; the referee computes "
                                                 "it (legal events show it) and refuses "
                                                 "another"}},
        example={"type": "replenish", "player": "p1"},
        chance=True),
    "reveal": EventType(
        "Enter a face-up card nobody had entered yet (on the map or in the display).",
        properties={"space": SPACE, "level": {"enum": [1, 2]},
                    "index": {"type": "integer", "minimum": 1, "maximum": 5},
                    "card": {"anyOf": [ITEM, COMPANION, ADVENTURE]}},
        required=("card",),
        example={"type": "reveal", "player": "p1", "space": [3, 3],
                 "card": {"adventure": "fist", "activation": "star"}}),
    "falconer_move": EventType(
        "Solo: the falconer flips a solo card and moves one figure (falcon first, then falconer). "
        "The solo cards are not printed in the rulebook: enter the card's numbered spaces in "
        "ascending order (`priority`, as offsets from the figure with the card turned as the map) "
        "and the referee picks the first one on the map; or enter `to` alone. With `set`, the "
        "referee checks the card belongs to the two sets of the chosen difficulty.",
        properties={"figure": {"enum": list(FIGURES)},
                    "set": {"enum": ["A", "B", "C", "D"],
                            "description": "the set letter marked on the flipped solo card"},
                    "reward": {"enum": ["none", "clover", "item"]},
                    "reward_item": ITEM,
                    "arrow": {"enum": ["left", "right"]},
                    "priority": {"type": "array", "minItems": 1, "maxItems": 12,
                                 "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                           "items": {"type": "integer", "minimum": -4,
                                                     "maximum": 4}},
                                 "description": "the solo card's numbered spaces, 1 first, as "
                                                "[rows down, columns right] from the figure"},
                    "to": SPACE, "card": {"anyOf": [ITEM, COMPANION]},
                    "clover_items": {"type": "array", "items": ITEM, "maxItems": 4,
                                     "description": "items drawn with each 2 clover tokens"}},
        required=("figure", "reward", "arrow"),
        example={"type": "falconer_move", "player": "p1", "figure": "falcon", "reward": "none",
                 "arrow": "right", "to": [3, 4],
                 "card": {"adventure": "leaf", "activation": "notes"}},
        chance=True),
    "falconer_adventure": EventType(
        "Solo: the falconer's Adventure phase. The referee works out what he does (legal events "
        "show it); the table may also enter what it did -- `completes` (a display place), "
        "`signs_up` (a tile) or `nothing`, and `pay` (the places in his hand of the item cards "
        "used; alike cards, of the same adventure symbols, are accepted) -- and is refused, with "
        "the rule, when it differs.",
        properties={"clover_items": {"type": "array", "items": ITEM, "maxItems": 4},
                    "completes": {"type": "integer", "minimum": 1, "maximum": 8},
                    "signs_up": {"enum": ["A", "B", "C"]},
                    "nothing": {"const": True},
                    "pay": {"type": "array", "maxItems": 8, "uniqueItems": True,
                            "items": {"type": "integer", "minimum": 1, "maximum": 99}}},
        example={"type": "falconer_adventure", "player": "p1"}),
}
